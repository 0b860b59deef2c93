"""The game's words in each catalogue are the glossary's (locale/GLOSSARY.md,
issue 31): a club reads its own game, not a loan word or a neighbour's term,
and a sentence does not repeat the name it is given."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.text import capfirst

from drive.movement.types import FORMATS
from tests.site import po

BASE = Path(settings.BASE_DIR)


def translations(language: str) -> list[tuple[str, str]]:
    """(msgid, each translated form) of the language's catalogue."""
    path = BASE / "locale" / language / "LC_MESSAGES" / "django.po"
    return [(m.msgid, t) for m in po.read(path)[1:] for t in m.translations]


# (language, a pattern no translation may hold, why).
NOT_THE_WORD = [
    (
        "pl",
        r"(?i)rewok",
        "a revoke is a fałszywy renons (PZBS laws, law 61); no Polish text says rewoka",
    ),
    ("pl", r"(?i)robber", "a rubber is a rober (robra, robrze)"),
    ("pl", r"(?i)nadróbk", "odd tricks are lewy ponad sześć (nadróbki are overtricks)"),
    ("pl", r"\bCiemno\b", "Blind is W ciemno"),
    ("pl", r"stoł", "a table is a stolik"),
    ("ru", r"(?i)лишн", "odd tricks are взятки сверх шести"),
    ("ro", r"(?i)pe negru", "Blind is Pe orbește (pe negru means off the books)"),
    ("ro", r"(?i)împărțir(ea|ile|ii|i)\b", "a deal is a mână, as a hand is"),
    ("ro", r"(?<![-\w])[LV]: ", "the slip's columns are Lc and Lv (V is West)"),
    # A seat's own column may start with its letter: the workbook's «В: имя»
    # is East's name.
    (
        "ru",
        r"(?<![-\w])[ЗВ]: (?!имя$)",
        "the slip's columns are Зак. and Вз (З, В are seats)",
    ),
    ("it", r"\bEW\b|\bNS\b|\bEO\b", "the sides are N-S and E-O"),
    ("it", r"a ogni %\(word\)s, a turno", "“a ogni turno, a turno” says turn twice"),
    # Beside a player's name, the dealer is said by the verb: the participle
    # is a man's (Dorota Jasińska · rozdający).
    ("pl", r"^rozdający$", "the dealer beside a name is rozdaje"),
    # And what they predicted by the noun, as ru заказ: not "zadeklarował(a) 2"
    # beside "Dorota Jasińska" on the captain's phone.
    ("pl", r"^zadeklarował", "a prediction beside a name is deklaracja 2"),
    ("ru", r"^сдающий$|^Сдающий: место", "the dealer beside a name is сдаёт"),
]


@pytest.mark.parametrize(
    "language, pattern, why", NOT_THE_WORD, ids=[f"{n[0]}-{n[1]}" for n in NOT_THE_WORD]
)
def test_no_translation_uses_a_word_the_glossary_replaced(language, pattern, why):
    found = [
        f"{msgid[:50]!r}: {text[:80]!r}"
        for msgid, text in translations(language)
        if re.search(pattern, text)
    ]
    assert not found, f"{why}:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "language, name, sentence",
    [
        ("pl", "Turniej mikołajkowy", "Utworzono: „Turniej mikołajkowy”."),
        ("ru", "Турнир клуба", "Создано: «Турнир клуба»."),
        ("ro", "Turneul de Crăciun", "A fost creat: „Turneul de Crăciun”."),
        ("it", "Torneo di Natale", "Creato: «Torneo di Natale»."),
    ],
)
def test_a_new_drive_is_named_once(language, name, sentence):
    with translation.override(language):
        assert translation.gettext("%(name)s is set up.") % {"name": name} == sentence


def test_a_persons_name_and_a_drives_name_are_told_apart_in_polish():
    with translation.override("pl"):
        assert translation.gettext("Name") == "Imię i nazwisko"
        assert translation.pgettext("drive or season", "Name") == "Nazwa"


def test_a_russian_format_is_a_noun_its_label_agrees_with():
    """The glossary's "a drive's format" row: the label is «Формат» and each
    name a noun phrase (a tournament or a game), lower case inside a
    sentence; the form's choice starts with the same words, capitalised. They
    were masculine adjectives after the feminine «Схема переходов»."""
    with translation.override("ru"):
        label = translation.pgettext(
            "a drive's format, the label of its name", "Movement"
        )
        assert label == "Формат"
        assert translation.gettext("Movement") == "Схема переходов"  # the page
        for info in FORMATS.values():
            name, choice = str(info.name), str(info.choice)
            assert re.search(r"(турнир|вист)\b", name), name
            assert name == name.lower(), name
            assert choice.startswith(capfirst(name)), (choice, name)


@pytest.mark.parametrize(
    "language, nouns",
    [("pl", "turniej|wist"), ("ro", "turneu|whist"), ("it", "torneo|whist")],
)
def test_a_format_inside_a_sentence_is_a_noun_not_a_bare_adjective(language, nouns):
    """The glossary's "a drive's format" row: inside a sentence a format is
    a tournament or a game in lower case («turniej progresywny», «turneu
    progresiv», «torneo progressivo»), never the form's bare adjective
    («Zasada: Progresywny, przechodzą przegrani»); the label before the
    form's choice keeps its words."""
    with translation.override(language):
        for info in FORMATS.values():
            name = str(info.name)
            assert re.match(rf"({nouns}) ", name), name
            assert name == name.lower(), name
