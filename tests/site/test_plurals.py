"""Counted phrases read right in every language (issue 31): each plural entry
of each catalogue has all the forms its language needs, every one of them
renders at any count, and the key phrases (players, tables, sit-outs, hands,
tricks, points, pairs, players to import) take the form a native speaker expects: Polish 1 osoba,
2 osoby, 5 osób, 22 osoby; Russian 21 игрок; Romanian 20 de jucători but
101 jucători."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from tests.site import po

BASE = Path(settings.BASE_DIR)
LANGUAGES = [
    code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE
]
COUNTS = [0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 101]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def catalogue(language: str) -> list[po.Message]:
    return po.read(BASE / "locale" / language / "LC_MESSAGES" / "django.po")


def plural_count(language: str) -> int:
    header = catalogue(language)[0].translations[0]
    return int(re.search(r"nplurals=(\d+)", header).group(1))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_entry_has_all_its_forms(language):
    forms = plural_count(language)
    short = [
        f"{m.line}: {m.msgid!r} has {len([t for t in m.translations if t])} of {forms}"
        for m in catalogue(language)[1:]
        if m.plural and (len(m.translations) != forms or not all(m.translations))
    ]
    assert not short, "\n".join(short)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_counted_phrase_renders_at_every_count(language):
    """Each form uses only the phrase's own placeholders, so it renders (a
    form naming another placeholder would fail at that count only)."""
    wrong = []
    with translation.override(language):
        for m in catalogue(language)[1:]:
            if not m.plural:
                continue
            names = set(PLACEHOLDER.findall(m.msgid + m.plural))
            values = {name: 7 for name in names}
            for n in COUNTS:
                text = translation.ngettext(m.msgid, m.plural, n)
                if names:
                    try:
                        text % values
                    except (KeyError, ValueError, TypeError) as error:
                        wrong.append(f"{m.line} at {n}: {error!r} in {text!r}")
    assert not wrong, "\n".join(wrong)


def _slavic(n: int, one: str, few: str, many: str, *, one_only_at_1: bool) -> str:
    """Polish takes the first form for 1 alone, Russian for 1, 21, 31...;
    both take the second for 2-4, 22-24... (not 12-14), the third otherwise."""
    if n == 1 or (not one_only_at_1 and n % 10 == 1 and n % 100 != 11):
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def expected(language: str, n: int, forms: tuple[str, ...]) -> str:
    if language == "pl":
        return _slavic(n, *forms, one_only_at_1=True)
    if language == "ru":
        return _slavic(n, *forms, one_only_at_1=False)
    if language == "ro":
        # 1; then 0 and 2-19 (also 101-119...); "de" from 20.
        if n == 1:
            return forms[0]
        return forms[1] if n == 0 or 0 < n % 100 < 20 else forms[2]
    return forms[0] if n == 1 else forms[1]


# (msgid, msgid_plural, {language: the word forms, in the order above}).
KEY_PHRASES = [
    (
        "player",
        "players",
        {
            "pl": ("osoba", "osoby", "osób"),
            "ru": ("игрок", "игрока", "игроков"),
            "ro": ("jucător", "jucători", "de jucători"),
            "it": ("giocatore", "giocatori"),
        },
    ),
    (
        "table",
        "tables",
        {
            "pl": ("stolik", "stoliki", "stolików"),
            "ru": ("стол", "стола", "столов"),
            "ro": ("masă", "mese", "de mese"),
            "it": ("tavolo", "tavoli"),
        },
    ),
    (
        "pair",
        "pairs",
        {
            "pl": ("para", "pary", "par"),
            "ru": ("пара", "пары", "пар"),
            "ro": ("pereche", "perechi", "de perechi"),
            "it": ("coppia", "coppie"),
        },
    ),
    (
        "Import %(new)s new player",
        "Import %(new)s new players",
        {
            "pl": ("{n} nową osobę", "{n} nowe osoby", "{n} nowych osób"),
            "ru": ("{n} нового игрока", "{n} новых игрока", "{n} новых игроков"),
            "ro": ("{n} jucător nou", "{n} jucători noi", "{n} de jucători noi"),
            "it": ("{n} nuovo giocatore", "{n} nuovi giocatori"),
        },
    ),
    (
        "sitting out",
        "sitting out",
        {
            "pl": ("pauzuje", "pauzują", "pauzuje"),
            "ru": ("отдыхает", "отдыхают", "отдыхают"),
            "ro": ("stă pe dinafară", "stau pe dinafară", "stau pe dinafară"),
            "it": ("a riposo", "a riposo"),
        },
    ),
    (
        "Moves after every %(hands)d hand: see below.",
        "Moves after every %(hands)d hands: see below.",
        {
            "pl": ("{n} rozdanie:", "{n} rozdania:", "{n} rozdań:"),
            "ru": ("{n} сдачу:", "{n} сдачи:", "{n} сдач:"),
            "ro": ("{n} mână:", "{n} mâini:", "{n} de mâini:"),
            "it": ("{n} mano:", "{n} mani:"),
        },
    ),
    (
        "%(n)d trick passes from the offenders to the opponents",
        "%(n)d tricks pass from the offenders to the opponents",
        {
            "pl": ("{n} lewa ", "{n} lewy ", "{n} lew "),
            "ru": ("{n} взятка ", "{n} взятки ", "{n} взяток "),
            "ro": ("{n} levată ", "{n} levate ", "{n} de levate "),
            "it": ("{n} presa ", "{n} prese "),
        },
    ),
    (
        "Game %(game)d: %(points)s point",
        "Game %(game)d: %(points)s points",
        {
            "pl": ("{n} punkt", "{n} punkty", "{n} punktów"),
            "ru": ("{n} очко", "{n} очка", "{n} очков"),
            "ro": ("{n} punct", "{n} puncte", "{n} de puncte"),
            "it": ("{n} punto", "{n} punti"),
        },
    ),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "singular, plural, forms", KEY_PHRASES, ids=[k[0][:20] for k in KEY_PHRASES]
)
def test_the_key_counted_phrases_take_the_right_form(language, singular, plural, forms):
    wrong = []
    with translation.override(language):
        for n in COUNTS:
            text = translation.ngettext(singular, plural, n) % {
                "hands": n,
                "count": n,
                "n": n,
                "points": n,
                "new": n,
                "game": 3,
            }
            if "%" not in singular:
                text = f"{n} {text}"
            form = expected(language, n, forms[language])
            want = form.format(n=n)
            if want not in text or ("{n}" not in form and text != f"{n} {want}"):
                wrong.append(f"{n}: {text!r}, not {want!r}")
    assert not wrong, "\n".join(wrong)


def test_the_polish_player_count_reads_right():
    """The head count's tile in Polish, as the club reads it."""
    with translation.override("pl"):
        shown = [f"{n} {translation.ngettext('player', 'players', n)}" for n in COUNTS]
    assert shown == [
        "0 osób",
        "1 osoba",
        "2 osoby",
        "4 osoby",
        "5 osób",
        "11 osób",
        "12 osób",
        "21 osób",
        "22 osoby",
        "25 osób",
        "101 osób",
    ]
