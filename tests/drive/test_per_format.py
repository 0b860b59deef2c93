"""A table of answers by format (drive.movement.types.per_format) must answer for
every format: one that does not is refused when its module loads. No database."""

from __future__ import annotations

import pytest

from drive.movement.describe import RULES
from drive.movement.plan import MOVEMENTS
from drive.movement.types import Format, per_format
from printing.table_cards import CARD_MOVES


def test_a_table_without_every_format_is_refused_by_name():
    with pytest.raises(TypeError) as refused:
        per_format("app.TABLE", {Format.PROGRESSIVE: 1, Format.PARTNERS: 2})
    assert str(refused.value) == (
        "app.TABLE has no answer for semi-partner, stationary, individual, "
        "rubber, prediction."
    )


def test_a_whole_table_is_given_back_as_it_is():
    table = {format: format.value for format in Format}
    assert per_format("app.TABLE", table) is table


@pytest.mark.parametrize("table", [RULES, CARD_MOVES, MOVEMENTS])
def test_the_tables_that_choose_by_format_answer_for_every_one(table):
    assert set(table) == set(Format)
