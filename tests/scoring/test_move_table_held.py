"""The captain's phone tells each player where to go when a round is seated
("Вера Фролова (5): стол 1, Север (остаётся)"); on a 360 px phone the
Russian line broke between "стол" and its number, "стол" over "1, Север".
The table's number is held to its word by a no-break space, in every
language. Plain values: no database."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.moves import Move, MoveKind

HELD = {
    "en-gb": "table\u00a03,",
    "pl": "stolik\u00a03,",
    "ru": "стол\u00a03,",
    "ro": "masa\u00a03,",
    "it": "tavolo\u00a03,",
}


@pytest.mark.parametrize("language", sorted(HELD))
@pytest.mark.parametrize("kind", [MoveKind.STAYS, MoveKind.MOVES])
def test_the_table_number_stays_on_the_line_of_its_word(language, kind):
    move = Move(number=13, name="Вера Фролова", kind=kind, table=3, seat="N")
    with translation.override(language):
        said = str(move)
    assert HELD[language] in said, said
    # The player's own number, in brackets, is left as it was.
    assert said.startswith("Вера Фролова (13): ")


def test_a_table_number_that_is_also_the_players_is_held_once():
    move = Move(number=1, name="Ann Lee", kind=MoveKind.MOVES, table=1, seat="E")
    with translation.override("ru"):
        assert str(move) == "Ann Lee (1): стол\u00a01, Восток"
