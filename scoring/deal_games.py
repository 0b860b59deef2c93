"""A deal by the game a table plays: how it is read, checked and described.

Hands (and rubbers, played hand by hand) are N-S tricks, the honours where the
drive counts them and any revoke; a prediction whist deal is each seat's
prediction and tricks, checked by scoring.prediction_rules for the table's size. A result
keeps either in the same columns (scoring.rules.DealRecord names them), so a deal
is stored the same way whatever the game: ``HandResult(**deal._asdict(), ...)``.

The apps ask ``GAMES[drive.game]``, never which game it is.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from drive.games import per_game
from drive.hand_place import hand_place
from drive.models import Drive, DriveState, SeatAssignment, Table
from drive.movement.types import Game
from drive.trumps import DEALS_PER_GAME, Trump
from scoring import prediction_rules
from scoring.models import HandResult
from scoring.rules import DealRecord, check_deal, check_tricks, deal_text, tricks_text


def check_started(drive: Drive) -> None:
    """Refuse anything entered before the drive has started."""
    if drive.state in (DriveState.DRAFT, DriveState.OPEN):
        raise ValidationError(
            _("The drive has not started yet: nothing can be entered."),
            code="not_current",
        )


def checked_tricks(ns_tricks: object, *, table: object, hand: object) -> int:
    """N-S tricks as typed for a table's hand, checked (0 to 13), or the
    person's message naming the table and hand."""
    try:
        return check_tricks(ns_tricks)
    except (TypeError, ValueError) as exc:
        raise ValidationError(
            # Translators: N-S is the North-South pair.
            _(
                "Table %(table)s, hand %(hand)s: N-S tricks must be a whole "
                "number from 0 to 13."
            )
            % {"table": table, "hand": hand},
            code="invalid",
        ) from exc


def checked_deal(drive: Drive, hand: int, honours: str, revoke: str) -> tuple[str, str]:
    """A hand's honours and revoke, checked for this drive and hand: a
    ValidationError with the words for the person otherwise."""
    if honours == "" and revoke == "":
        return "", ""  # the usual hand: nothing to check
    try:
        checked = check_deal(
            honours,
            revoke,
            honours_counted=drive.count_honours,
            no_trumps=drive.trumps_of_hand(hand) is Trump.NO_TRUMPS,
        )
    except ValueError as exc:
        raise ValidationError(
            _("Hand %(hand)s: %(problem)s") % {"hand": hand, "problem": exc},
            code="invalid",
        ) from exc
    return checked[0].value, checked[1].value


def seats_at(table: Table, round_number: int) -> int:
    """How many players sit at `table` in round `round_number`."""
    return SeatAssignment.objects.filter(
        table=table, round__number=round_number
    ).count()


def checked_predictions(
    *, table: int, hand: int, players: int, predictions: Any, tricks: Any
) -> tuple[str, str]:
    """A prediction whist deal's predictions and tricks (each seat's, in seat
    order) checked by the game's rules for a table of `players`, as a result
    keeps them; a ValidationError with the reason in words otherwise."""
    try:
        predictions = tuple(predictions)
        tricks = tuple(tricks)
        if len(predictions) != players or len(tricks) != players:
            raise ValueError(
                _("Enter a prediction and the tricks for each of the %(n)s players.")
                % {"n": players}
            )
        prediction_rules.drive_deal(hand, predictions, tricks)
    except (TypeError, ValueError) as exc:
        in_game = hand_place(hand, DEALS_PER_GAME)
        raise ValidationError(
            _("Table %(table)s, deal %(deal)s of game %(game)s: %(problem)s")
            % {
                "table": table,
                "game": in_game.round,
                "deal": in_game.number,
                "problem": exc,
            },
            code="invalid",
        ) from exc
    return prediction_rules.encode(predictions), prediction_rules.encode(tricks)


class HandsDeals:
    """A hand of whist: N-S tricks, the honours (where counted), any revoke."""

    # A round waits for every table's results before the next is seated.
    ends_at_the_bell = False
    # Whether the desk may type a travel slip's hands of rounds not yet
    # reached (kept at the table's number until their round is seated): a
    # hand scores alone, so its result waits for its seats harmlessly.
    types_ahead = True
    # A result's recorded values the record of changes leaves out: none.
    record_hidden: frozenset[str] = frozenset()

    def record_value(self, key: str, value: object) -> str | None:
        """A result's recorded value in the game's own words for the record
        of changes; None where it is shown as any value is (a hand's are)."""
        return None

    def phone_deal(
        self,
        drive: Drive,
        table: Table,
        hand: int,
        *,
        ns_tricks: int,
        honours: str,
        revoke: str,
        predictions: Any,
        tricks: Any,
    ) -> DealRecord:
        """A captain's phone's deal (its N-S tricks already checked), checked."""
        if predictions or tricks:
            raise ValidationError(
                _("This drive is not prediction whist: enter the N-S tricks."),
                code="invalid",
            )
        return DealRecord(ns_tricks, *checked_deal(drive, hand, honours, revoke))

    def typed_deal(self, drive: Drive, entry: Any) -> DealRecord:
        """What the organiser typed for a hand (a ResultEntry), checked as far
        as it can be before the table is found."""
        ns_tricks = checked_tricks(entry.ns_tricks, table=entry.table, hand=entry.hand)
        return DealRecord(
            ns_tricks, *checked_deal(drive, entry.hand, entry.honours, entry.revoke)
        )

    def seated_deal(
        self, deal: DealRecord, entry: Any, table: Table, round_number: int
    ) -> DealRecord:
        """`deal` (typed_deal's) with what needs the table's seats checked."""
        return deal

    def summary(self, deal: DealRecord | HandResult) -> str:
        """ "N-S 9, E-W 4; honours: N-S held 3": a result as messages quote it."""
        extra = deal_text(deal.honours, deal.revoke)
        text = tricks_text(deal.ns_tricks)
        if not extra:
            return text
        # Translators: tricks is "N-S 9, E-W 4", extra the honours and any revoke.
        return _("%(tricks)s; %(extra)s") % {"tricks": text, "extra": extra}

    def entered(self, drive: Drive, result: HandResult, *, pending: bool) -> str:
        """What a phone is told of its new result (waiting for an opponent or in)."""
        values = {"hand": result.hand, "deal": self.summary(result)}
        if pending:
            message = _(
                "Hand %(hand)s: %(deal)s. Now hand the phone to an opponent to confirm."
            )
        else:
            message = _("Hand %(hand)s is in: %(deal)s.")
        return message % values


class RubberDeals(HandsDeals):
    """A hand of a rubber: as any hand, but the round ends at the organiser's
    bell, played out or not (a rubber in progress is scored as it stands,
    scoring.rubber)."""

    ends_at_the_bell = True
    # A rubber's hands score only as the rubber stands at its table: they are
    # typed round by round.
    types_ahead = False


class PredictionDeals:
    """A deal of prediction whist: each seat's prediction and tricks."""

    ends_at_the_bell = False
    # A deal is checked against its table's players: they must be seated.
    types_ahead = False
    # A deal keeps each player's tricks: its N-S tricks mean nothing.
    record_hidden = frozenset({"ns_tricks"})

    def record_value(self, key: str, value: object) -> str | None:
        """Each seat's predictions ("2, Wist, 4, 1") or tricks, recorded in
        seat order; None for another value, or one a record loaded from a
        file holds that no deal could (it is shown as it is)."""
        if key not in ("predictions", "tricks") or not isinstance(value, str):
            return None
        try:
            decoded = prediction_rules.decode(value)
        except ValueError:
            return None
        if not decoded:
            return None
        if key == "predictions":
            return ", ".join(prediction_rules.prediction_words(p) for p in decoded)
        return ", ".join(str(t) for t in decoded)

    def phone_deal(
        self,
        drive: Drive,
        table: Table,
        hand: int,
        *,
        ns_tricks: int,
        honours: str,
        revoke: str,
        predictions: Any,
        tricks: Any,
    ) -> DealRecord:
        """A prediction whist deal as a phone sent it, checked by the game's
        rules for the number of players at the table in the hand's round (one
        query)."""
        if ns_tricks or honours or revoke:
            raise ValidationError(
                _("A prediction whist deal has each player's predictions and tricks."),
                code="invalid",
            )
        check_started(drive)
        if not 1 <= hand <= drive.hands:
            raise ValidationError(
                drive.words.no_such_hand % {"hand": hand, "hands": drive.hands},
                code="invalid",
            )
        round_number = drive.round_of_hand(hand)
        players = seats_at(table, round_number)
        if players not in prediction_rules.PLAYER_COUNTS:
            raise ValidationError(
                drive.words.no_game(table=table.number, round=round_number),
                code="not_current",
            )
        predictions_text, tricks_text = checked_predictions(
            table=table.number,
            hand=hand,
            players=players,
            predictions=predictions,
            tricks=tricks,
        )
        return DealRecord(0, "", "", predictions_text, tricks_text)

    def typed_deal(self, drive: Drive, entry: Any) -> DealRecord:
        """Nothing to check before the table is found (no N-S tricks)."""
        return DealRecord(0)

    def seated_deal(
        self, deal: DealRecord, entry: Any, table: Table, round_number: int
    ) -> DealRecord:
        """The predictions and tricks typed, checked for the table's size."""
        predictions, tricks = checked_predictions(
            table=entry.table,
            hand=entry.hand,
            players=seats_at(table, round_number),
            predictions=entry.predictions,
            tricks=entry.tricks,
        )
        return deal._replace(predictions=predictions, tricks=tricks)

    def summary(self, deal: DealRecord | HandResult) -> str:
        """ "predictions 3, 4, 3, 2; tricks 3, 5, 3, 2"."""
        return prediction_rules.deal_words(
            prediction_rules.decode(deal.predictions),
            prediction_rules.decode(deal.tricks),
        )

    def entered(self, drive: Drive, result: HandResult, *, pending: bool) -> str:
        """A prediction deal is named as the players know it, as the drive
        names it (Drive.hand_named): deal 3 of game 2."""
        named = drive.hand_named(result.hand)
        values = {
            "hand": result.hand,
            "deal": self.summary(result),
            "game": named["round"],
            "number": named["number"],
        }
        if pending:
            message = _(
                "Deal %(number)s of game %(game)s: %(deal)s. "
                "Now hand the phone to an opponent to confirm."
            )
        else:
            message = _("Deal %(number)s of game %(game)s is in: %(deal)s.")
        return message % values


GAMES = per_game(
    "scoring.deal_games",
    {
        Game.HANDS: HandsDeals(),
        Game.RUBBERS: RubberDeals(),
        Game.PREDICTIONS: PredictionDeals(),
    },
)


def game_of_deal(deal: DealRecord | HandResult) -> Game:
    """The game a deal or a result was played in, from what it holds (for a
    reader with a result and not its drive): a prediction deal has each seat's
    predictions, a hand has none. Hands and rubbers are read alike."""
    return Game.PREDICTIONS if deal.predictions else Game.HANDS
