"""What the room and the projector do by the drive's game (scoring/views/room.py
asks `ROOMS[drive.game]`, and never which format the drive is).

- `HandsRoom`: tables report each hand's N-S tricks; the round ends when
  every table is in.
- `RubberRoom`: the same hands, but scored as rubbers; the bell ends the
  round, played out or not.
- `PredictionRoom`: each player's prediction and tricks on each deal of a
  game of eight.

Each names the partials the room and the projector show (the round's hands,
the end of a round, a conflict to settle), reads a settled conflict's result
from the room's form and says what it settled."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _

from drive.games import per_game
from drive.models import Drive
from drive.movement.types import Game
from scoring import prediction_rules, prediction_words, rules
from scoring.views.posted import posted_int, posted_numbers


class HandsRoom:
    """A drive whose tables play hands that each score alone."""

    # The room's line on the round's hands, and the projector's: each hand's trumps.
    round_hands = "scoring/_room_round.html#hands"
    projector_now = "scoring/_room_round.html#projector_hands"
    # The end of a round: the tables still out, and the next round's button.
    round_end = "scoring/_room_round_end.html#hands"
    # A conflict to settle: each result's N-S tricks, honours and revoke.
    conflict = "scoring/_room_conflict.html#tricks"
    # A prediction whist game's deals, in order (none here).
    deal_kinds: tuple = ()
    # Whether the bell ends a round at every table, played out or not.
    bell_ends_round = False

    def deal_scoring(self, drive: Drive) -> rules.Scoring | None:
        """How the room scores a hand with honours or a revoke (deals.deal_extra)."""
        return rules.Scoring.of(drive)

    def posted_result(self, request: HttpRequest) -> dict[str, object]:
        """The result the room's form chose for a conflict, as the service takes it."""
        ns_tricks = posted_int(request, "ns_tricks")
        if ns_tricks not in rules.TRICK_COUNTS:
            raise ValidationError(_("N-S tricks are from 0 to 13."), code="invalid")
        # The chosen result's honours and revoke come with it ("" for none);
        # the service checks them against the drive and the hand.
        return {
            "ns_tricks": ns_tricks,
            "honours": request.POST.get("honours", "").strip(),
            "revoke": request.POST.get("revoke", "").strip(),
            "predictions": (),
            "tricks": (),
        }

    def settled(self, drive: Drive, table: int, hand: int, result: str) -> str:
        """What the room says when a conflict is settled."""
        return _("Table %(table)s, hand %(hand)s: %(result)s stands.") % {
            "table": table,
            "hand": hand,
            "result": result,
        }


class RubberRoom(HandsRoom):
    """A rubber drive: its hands score only as the rubbers they make."""

    round_end = "scoring/_room_round_end.html#rubbers"
    bell_ends_round = True

    def deal_scoring(self, drive: Drive) -> rules.Scoring | None:
        # A hand has no score of its own: the rubber as it stands has.
        return None


class PredictionRoom(HandsRoom):
    """Prediction whist: a round is a game of eight deals, each for themselves."""

    round_hands = "scoring/_room_round.html#deals"
    projector_now = "scoring/_room_round.html#projector_deals"
    conflict = "scoring/_room_conflict.html#deals"
    deal_kinds = prediction_rules.DEAL_KINDS

    def posted_result(self, request: HttpRequest) -> dict[str, object]:
        # The chosen deal: each seat's prediction and tricks, in seat order;
        # the service checks them by the game's rules.
        return {
            "ns_tricks": 0,
            "honours": "",
            "revoke": "",
            "predictions": posted_numbers(request, "predictions"),
            "tricks": posted_numbers(request, "tricks"),
        }

    def settled(self, drive: Drive, table: int, hand: int, result: str) -> str:
        return _("Table %(table)s, %(hand)s: %(result)s stands.") % {
            "table": table,
            "hand": prediction_words.deal_name(drive, hand),
            "result": result,
        }


ROOMS = per_game(
    "scoring.views.room_games",
    {
        Game.HANDS: HandsRoom(),
        Game.RUBBERS: RubberRoom(),
        Game.PREDICTIONS: PredictionRoom(),
    },
)
