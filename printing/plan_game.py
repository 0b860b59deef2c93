"""Which game a drive's plan plays (hands, rubbers or prediction deals).

The printed sheets are made from a plan (scoring.cards.DrivePlan), which
keeps the drive's format as text; each sheet's table of answers by game
(drive.games.per_game) is read with the game this gives. (A question for
scoring: DrivePlan could answer it itself, as Drive.game does.)
"""

from __future__ import annotations

from drive.movement.types import FORMATS, Format, Game
from scoring.cards import DrivePlan


def game_of(plan: DrivePlan) -> Game:
    """What a table of `plan`'s drive plays in a round."""
    return FORMATS[Format(plan.format)].game
