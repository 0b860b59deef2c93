"""Each app's answer for each game, chosen by the drive's game, never by a branch.

What a table plays in a round (``Game``: hands, rubbers or prediction deals)
decides how a result is entered, checked, scored, shown and printed. An app
that does something different for each game writes one class per game and
gives them here as a table::

    ENTRY = per_game("scoring.captain", {
        Game.HANDS: HandsEntry(), Game.RUBBERS: RubberEntry(),
        Game.PREDICTIONS: PredictionEntry(),
    })
    ...
    ENTRY[drive.game].form(...)

A table must answer for every game: one that does not is refused when its
module loads, so a new game cannot be half added. Every table is listed
(``tables``) for the test every format passes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from drive.movement.types import Game

T = TypeVar("T")

_tables: dict[str, Mapping[Game, object]] = {}


def per_game(name: str, table: Mapping[Game, T]) -> Mapping[Game, T]:
    """`table` (an answer for each game), checked to be whole and listed as `name`."""
    missing = [game.value for game in Game if game not in table]
    if missing:
        raise TypeError(f"{name} has no answer for {', '.join(missing)}.")
    _tables[name] = table
    return table


def tables() -> dict[str, Mapping[Game, object]]:
    """Every app's table of answers by game, by name (once their modules are loaded)."""
    return dict(_tables)
