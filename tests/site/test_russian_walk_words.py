"""What a Russian club's prediction whist evening (5 December) found in the
words: the movement page's note under the tables of each game said "до места 4
и место 5" (the second seat in the nominative after "до")."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext

CELL = (
    "Each cell: the players by entry number in seat order, seat 1 (who deals "
    "first) to seat 4, and seat 5 at a table of five."
)


def test_the_movement_note_governs_both_seats_by_do():
    with translation.override("ru"):
        said = gettext(CELL)
    assert said == (
        "В каждой клетке: игроки по номерам участников в порядке мест, от места 1 "
        "(сдаёт первым) до места 4, а за столом на пятерых — до места 5."
    )
    assert "и место 5" not in said
