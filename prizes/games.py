"""What prizes ask of each game (hands, rubbers, prediction deals), chosen by
the drive's game (drive.games.per_game), never by a branch on the format.

- *Tricks*: hands and rubbers have sides and N-S tricks, so a prize for the
  most tricks can be given and each player's side's tricks are counted;
  prediction whist has neither.
- *Half-time*: a prediction whist drive's interval comes after a whole game,
  which its pages name ("after game 1 (deal 8)"); a rubber drive's after a
  round, whose hands the bell may have cut short at some tables ("after round
  1 of 2", not "after hand 12", a hand table 2 never played); another drive's
  after a hand.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.utils.translation import gettext as _

from drive.games import per_game
from drive.models import Drive
from drive.movement.types import Game
from scoring import rules
from scoring.hand_plays import HandPlay, deals
from scoring.rules import Revoke, Scoring, Side
from scoring.selectors import DriveScores


class HandsPrizes:
    """A drive of hands (or of rubbers, which are played in hands)."""

    # A prize for the most tricks can be given (prizes.prize_list).
    has_tricks = True
    # The half-time page's words (prizes/half_time.html).
    half_time_notes = "prizes/_half_time_hands.html"

    def half_game(self, drive: Drive, hand: int) -> int | None:
        """The game half-time comes after: none, it comes after a hand."""
        return None

    def half_round(self, drive: Drive, hand: int) -> int | None:
        """The round half-time is named by: none, it is named by its hand."""
        return None

    def half_words(self, drive: Drive, hand: int) -> str:
        """How a prize's note names the half-time ("": by its hand)."""
        return ""

    def side_tricks(
        self, *, drive: Drive, scores: DriveScores, played: Sequence[HandPlay] | None
    ) -> dict[int, dict[int, int]]:
        """Entry id -> hand -> the tricks its side took, after a revoke's
        transfer (as the hand scored); a hand voided by revokes on both sides
        counts for nobody. `played`: the drive's deals where the caller has
        read them already."""
        ids = {r.number: r.entry for r in scores.records}
        scoring = Scoring.of(drive)
        found: dict[int, dict[int, int]] = defaultdict(dict)
        for deal in deals(drive=drive) if played is None else played:
            if deal.ns_tricks is None or Revoke(deal.revoke or "") is Revoke.BOTH:
                continue
            ns = rules.deal_tricks(deal.ns_tricks, scoring, deal.revoke or "")
            for number, side in (
                (deal.north, Side.NS),
                (deal.south, Side.NS),
                (deal.east, Side.EW),
                (deal.west, Side.EW),
            ):
                if number is not None and number in ids:
                    found[ids[number]][deal.hand] = rules.side_tricks(ns, side)
        return found


class RubberPrizes(HandsPrizes):
    """Rubber whist: half-time falls after a round, whose hands the bell may
    have cut short at some tables: the round names it, not its last hand."""

    half_time_notes = "prizes/_half_time_rounds.html"

    def half_round(self, drive: Drive, hand: int) -> int | None:
        return drive.round_of_hand(hand) if hand else None

    def half_words(self, drive: Drive, hand: int) -> str:
        if not hand:
            return ""
        return _("after round %(round)d") % {"round": drive.round_of_hand(hand)}


class PredictionPrizes:
    """Prediction whist: each for themselves, no sides and no N-S tricks."""

    has_tricks = False
    half_time_notes = "prizes/_half_time_games.html"

    def half_game(self, drive: Drive, hand: int) -> int | None:
        """The game half-time comes after (None before there is a half-way deal)."""
        return drive.round_of_hand(hand) if hand else None

    def half_round(self, drive: Drive, hand: int) -> int | None:
        return None

    def half_words(self, drive: Drive, hand: int) -> str:
        game = self.half_game(drive, hand)
        return _("after game %(game)d") % {"game": game} if game else ""

    def side_tricks(
        self, *, drive: Drive, scores: DriveScores, played: Sequence[HandPlay] | None
    ) -> dict[int, dict[int, int]]:
        return {}


PRIZE_GAMES = per_game(
    "prizes.games",
    {
        Game.HANDS: HandsPrizes(),
        Game.RUBBERS: RubberPrizes(),
        Game.PREDICTIONS: PredictionPrizes(),
    },
)
