"""One spelling of e-mail in each language (locale/GLOSSARY.md, "e-mail"):
Italian said "Email" on the roster's column and "Risultati per e-mail" on the
same page. Now Italian writes "email" (as Django's own Italian messages do,
"Inserisci un indirizzo email valido."), Polish and Romanian "e-mail" and
Russian "эл. почта", in every message of their catalogues."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from tests.site import po

# The word in each language: (what it writes, what it must never write).
SPELLINGS = {
    "it": (r"\bemail\b", r"\be-mail"),
    "pl": (r"\be-mail", r"(?<!-)\bemail"),
    "ro": (r"\be-mail", r"(?<!-)\bemail"),
    "ru": (r"\bэл\. почт", r"электронн\w* почт|\be-?mail"),
}
# A placeholder names a column in the code ("%(email)s"): no word a person reads.
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")


def translations(language: str) -> list[tuple[str, str]]:
    path = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"
    return [
        (m.msgid, PLACEHOLDER.sub("", text))
        for m in po.read(path)[1:]
        for text in m.translations
    ]


@pytest.mark.parametrize("language", sorted(SPELLINGS))
def test_each_language_spells_e_mail_one_way(language):
    used, other = SPELLINGS[language]
    texts = translations(language)
    assert sum(bool(re.search(used, t, re.I)) for _, t in texts) >= 5
    wrong = [f"{msgid!r}: {t!r}" for msgid, t in texts if re.search(other, t, re.I)]
    assert not wrong, f"{language} spells it another way:\n" + "\n".join(wrong)
