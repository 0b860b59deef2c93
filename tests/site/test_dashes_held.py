"""A spaced dash never starts a line (players.no_break.held_dashes): the
site's own sentences hold it to the word before by a no-break space, in the
catalogues (so every page, message, printed sheet and workbook has it) and
in a template's own text. Russian said "Стол (необязательно; иначе" over
"— тот, за который игрок сядет сначала)" on a 360 px phone's door
(tests/e2e/test_dashes_held.py sees it in the browser)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from players.no_break import NO_BREAK, held_dashes
from tests.site import po

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("pl", "ru", "ro", "it")


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("иначе — тот", f"иначе{NO_BREAK}— тот"),
        ("0 – bez cichych rund", f"0{NO_BREAK}– bez cichych rund"),
        (
            "%(north_south)s – %(east_west)s",
            f"%(north_south)s{NO_BREAK}– %(east_west)s",
        ),
        # A dash at the end of a piece, and one already held.
        ("Дамы —", f"Дамы{NO_BREAK}—"),
        (f"a{NO_BREAK}— b", f"a{NO_BREAK}— b"),
        # Not a spaced dash: a range, a hyphen, a dash opening the text.
        ("hands 1–8", "hands 1–8"),
        ("N-S - E-W", "N-S - E-W"),
        ("— a line of dialogue", "— a line of dialogue"),
    ],
)
def test_a_spaced_dash_is_held_to_the_word_before(text, held):
    assert held_dashes(text) == held


def _catalogue(language: str) -> list[po.Message]:
    return po.read(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_sentence_holds_its_dashes(language):
    loose = [
        text
        for message in _catalogue(language)
        for text in message.translations
        if held_dashes(text) != text
    ]
    assert loose == []


def test_every_english_sentence_holds_its_dashes():
    """The msgids are what an English page says."""
    loose = [
        text
        for message in _catalogue("ru")
        for text in (message.msgid, message.plural)
        if text and held_dashes(text) != text
    ]
    assert loose == []


# Template text outside a comment: a dash between a value and the next.
_COMMENT = re.compile(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", re.S)


def test_no_template_leaves_a_dash_loose():
    loose = [
        f"{path.relative_to(ROOT)}: {line.strip()[:80]}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for line in _COMMENT.sub("", path.read_text(encoding="utf-8")).splitlines()
        if held_dashes(line) != line
    ]
    assert loose == []
