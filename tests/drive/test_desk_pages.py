"""Which desk pages a drive has, the one answer (drive.desk_pages.DeskPages,
asked as drive.desk_pages), from the way its scores come in and its format:
on plain values, no database."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drive.desk_pages import DeskPages
from drive.models import Drive, ScoreEntry
from drive.movement.types import CARDS_IN, FORMATS, Format

# (cards in, paper slips, card check), hand by hand: each with the score grid
# and All hands (enters_hands).
BY_HAND = {
    Format.PROGRESSIVE: DeskPages(False, True, True),
    Format.SEMI_PARTNER: DeskPages(False, True, True),
    Format.STATIONARY: DeskPages(False, True, True),
    Format.PARTNERS: DeskPages(False, True, True),
    Format.INDIVIDUAL: DeskPages(False, True, True),
    # A rubber round's hands and a prediction deal go in the score grid;
    # prediction whist's card, a row per game, is not one the check reads.
    Format.RUBBER: DeskPages(False, False, True),
    Format.PREDICTION: DeskPages(False, False, False),
}
# Cards in at the end: Cards in, and none of the pages that enter hands.
BY_CARD = DeskPages(cards_in=True, slips=False, card_check=False)


def test_every_format_is_answered():
    assert set(BY_HAND) == set(FORMATS)


@pytest.mark.parametrize("format", list(Format))
def test_a_drive_scored_hand_by_hand(format):
    drive = Drive(format=format, score_entry=ScoreEntry.HANDS)
    assert drive.desk_pages == BY_HAND[format]
    assert drive.desk_pages.enters_hands


@pytest.mark.parametrize("format", sorted(CARDS_IN))
def test_an_evening_of_cards_in_has_cards_in_and_nothing_that_enters_hands(format):
    drive = Drive(format=format, score_entry=ScoreEntry.CARDS)
    assert drive.desk_pages == BY_CARD
    assert not drive.desk_pages.enters_hands
    # Whatever its format would have hand by hand.
    assert DeskPages.of(FORMATS[format], cards_in=True) == BY_CARD


ROOT = Path(__file__).resolve().parents[2]
# The format's own answers the desk pages are made of: read here and nowhere else.
ASKED_ONCE = re.compile(r"(format_info|\]|info)\.(desk_slips|card_check)\b")
HOMES = {"drive/movement/types.py", "drive/desk_pages.py"}
APPS = ("config", "players", "drive", "scoring", "prizes", "league", "printing")


def test_no_page_asks_the_format_for_its_desk_pages_itself():
    """The menu, the pages and their guards ask drive.desk_pages, not the
    format's desk_slips or card_check (which say nothing of an evening of
    cards in)."""
    sources = [p for app in APPS for p in (ROOT / app).rglob("*.py")]
    sources += list((ROOT / "templates").rglob("*.html"))
    found = [
        f"{path.relative_to(ROOT)}: {line.strip()}"
        for path in sources
        if str(path.relative_to(ROOT)) not in HOMES
        for line in path.read_text(encoding="utf-8").splitlines()
        if ASKED_ONCE.search(line)
    ]
    assert found == []
