"""What a season's league says of its game's scores, one class per game.

A season adds up one game's scores (league.models): odd tricks (or every
trick won) in a season of drives scored by tricks, rubber points in one of
rubber whist, prediction whist's points in one of prediction whist. The
league page, the printed table and the workbook say which, in the game's own
words (``LEAGUE_GAMES[season game]``), never by a branch on the game:

- *scale*: the sentence under the table saying what its totals count;
- *total heading*: the workbook's heading over the totals (a spreadsheet
  has no sentence over its columns);
- *per hand*: the heading over the average per hand (per deal in prediction
  whist).

A season of drives scored by tricks may hold drives scored by odd tricks and
drives scored by every trick won: the league adds their totals as they are
(the raw tricks are kept, so changing a drive's rule recomputes it), and the
sentence names the drives on the other scale and says how to put them right,
rather than adding them without a word.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_lazy, ngettext

from drive.games import per_game
from drive.models.choices import ScoringRule
from drive.movement.types import Game
from players.dates import short_date


def _named(drives: Sequence) -> str:
    return "; ".join(f"{short_date(d.date)}, {d.name}" for d in drives)


class HandsLeague:
    """A season of drives scored by tricks: odd tricks, as a drive scores by
    default, or every trick won."""

    total_heading = gettext_lazy("Total")
    per_hand = gettext_lazy("Per hand")

    def scale(self, drives: Sequence) -> str:
        total = [d for d in drives if d.scoring_rule == ScoringRule.TOTAL_TRICKS]
        if not total:
            return gettext("Scores: odd tricks (tricks over six).")
        if len(total) == len(drives):
            return gettext("Scores: every trick won (total tricks).")
        return ngettext(
            "Scores on two scales: %(drives)s scored every trick won (total "
            "tricks), the other drives odd tricks, and the league adds them "
            "as they are. Change that drive's scoring rule to odd tricks to "
            "count every drive alike.",
            "Scores on two scales: %(drives)s scored every trick won (total "
            "tricks), the other drives odd tricks, and the league adds them "
            "as they are. Change those drives' scoring rule to odd tricks to "
            "count every drive alike.",
            len(total),
        ) % {"drives": _named(total)}


class RubberLeague(HandsLeague):
    """A season of rubber whist: each pair's rubber points."""

    total_heading = gettext_lazy("Rubber points")

    def scale(self, drives: Sequence) -> str:
        return gettext("Scores: rubber points (games, honours and rubber bonuses).")


class PredictionLeague(HandsLeague):
    """A season of prediction whist: each player's points, below nothing too."""

    total_heading = gettext_lazy("Prediction whist points")
    per_hand = gettext_lazy("Per deal")

    def scale(self, drives: Sequence) -> str:
        return gettext(
            "Scores: prediction whist points (a player's total can be below nothing)."
        )


LEAGUE_GAMES = per_game(
    "league.games",
    {
        Game.HANDS: HandsLeague(),
        Game.RUBBERS: RubberLeague(),
        Game.PREDICTIONS: PredictionLeague(),
    },
)
