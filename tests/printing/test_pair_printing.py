"""A rubber card's Opponents column writes the pair in the card's language
("13 și 14" in Romanian, the longest word of the five), whole and at the size
of the other values, in the usual print and in large print."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.factories import play_round, rubber_drive
from tests.printing.printed import render
from tests.printing.sheet_faults import overflow_faults

pytestmark = pytest.mark.django_db

AND = {"ro": "și", "ru": "и", "pl": "i", "en-gb": "&"}


@pytest.mark.parametrize("language", sorted(AND))
@pytest.mark.parametrize("edition", ["standard", "large"])
def test_a_rubber_cards_opponents_are_a_pair_written_whole(
    club,
    record,  # noqa: F811
    language,
    edition,
):
    # Sixteen players: two-figure numbers on the last tables.
    drive = rubber_drive(club=club, players=16, hands=4, hands_per_round=2)
    play_round(drive)
    with translation.override(language):
        render(drive, "filled-cards", edition=edition, per_page=2)
    pairs = [
        d
        for d in record.strings
        if f" {AND[language]} " in d.asked and d.asked.split()[0].isdigit()
    ]
    assert any(len(d.asked) >= len(f"10 {AND[language]} 11") for d in pairs), [
        d.asked for d in pairs
    ]
    assert [d.text for d in pairs] == [d.asked for d in pairs]  # none cut
    assert overflow_faults(record) == []
