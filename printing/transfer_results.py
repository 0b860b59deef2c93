"""Checking a drive file's results and adjustments (printing.transfer_checks):
hands in 1..H of rounds already reached, at tables seated in them, one
standing each, tricks 0..13, honours as the scoring rules check them
(scoring.rules.check_deal: none on a No-trumps hand; honours kept in a drive
that no longer counts them are not an error: the organiser may have stopped
counting them after they were entered, and they do not score); a prediction
whist deal by the game's rules, and no predictions in another drive's
results, in the rows and in the record of changes alike (``DEALS``, by the
drive's game).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from drive.games import per_game
from drive.models import Drive
from drive.movement.types import Game
from drive.trumps import Trump
from printing.transfer_problems import Problems, has_started, is_int, row_where
from scoring import prediction_rules
from scoring.models import ResultStatus
from scoring.rules import check_deal

MAX_ADJUSTMENT = 1000  # as scoring.services.adjustment_add


class HandsDeals:
    """A drive that plays hands (or rubbers): its results have no predictions."""

    def check_result(
        self,
        where: str,
        hand: int,
        row: Mapping[str, Any],
        problems: Problems,
        *,
        players: int | None,
    ) -> None:
        """A result row's predictions and tricks: none."""
        if row.get("predictions", "") or row.get("tricks", ""):
            problems.add(where, _("predictions belong to prediction whist drives"))

    def check_recorded(
        self,
        where: str,
        drive: Drive,
        hand: Any,
        new: Mapping[str, Any],
        problems: Problems,
    ) -> None:
        """A recorded result's predictions and tricks (the record of changes): none."""
        if new.get("predictions", "") or new.get("tricks", ""):
            problems.add(where, _("predictions belong to prediction whist drives"))


class PredictionDeals:
    """A prediction whist drive: each result is a deal the game's rules allow."""

    def check_result(
        self,
        where: str,
        hand: int,
        row: Mapping[str, Any],
        problems: Problems,
        *,
        players: int | None,
    ) -> None:
        """A result's predictions and tricks (each seat's, as
        scoring.prediction_rules.encode writes them) make a deal the game's rules allow
        for the `players` seated at its table."""
        deal = self._deal(where, hand, row, problems)
        if deal is not None and players is not None and deal.players != players:
            problems.add(
                where,
                _("the deal has %(deal)s players, the table seats %(seated)s")
                % {"deal": deal.players, "seated": players},
            )

    def check_recorded(
        self,
        where: str,
        drive: Drive,
        hand: Any,
        new: Mapping[str, Any],
        problems: Problems,
    ) -> None:
        """A recorded result's predictions and tricks (the record of changes):
        a legal deal of one of the drive's hands."""
        predictions, tricks = new.get("predictions", ""), new.get("tricks", "")
        if not (
            isinstance(predictions, str) and isinstance(tricks, str) and is_int(hand)
        ):
            return  # said already
        if not 1 <= hand <= drive.hands:
            problems.add(
                where,
                _("hand %(hand)s is outside 1 to %(hands)s")
                % {"hand": hand, "hands": drive.hands},
            )
            return
        self._deal(where, hand, new, problems)

    def _deal(
        self, where: str, hand: int, row: Mapping[str, Any], problems: Problems
    ) -> prediction_rules.PredictionDeal | None:
        predictions, tricks = row.get("predictions", ""), row.get("tricks", "")
        try:
            return prediction_rules.drive_deal(
                hand,
                prediction_rules.decode(str(predictions)),
                prediction_rules.decode(str(tricks)),
            )
        except (TypeError, ValueError) as error:
            problems.add(
                where,
                _("predictions and tricks %(predictions)s / %(tricks)s: %(error)s")
                % {"predictions": predictions, "tricks": tricks, "error": error},
            )
            return None


DEALS = per_game(
    "printing.transfer_results",
    {
        Game.HANDS: HandsDeals(),
        Game.RUBBERS: HandsDeals(),
        Game.PREDICTIONS: PredictionDeals(),
    },
)


def check_results(
    drive: Drive,
    rows: list[dict],
    seated: set[tuple[int, int]],
    table_numbers: dict[int, int],
    problems: Problems,
    *,
    players_at: Mapping[tuple[int, int], int] | None = None,
) -> None:
    """Hands in 1..H of rounds already reached, at tables seated in them, one
    standing each; a prediction whist deal by the game's rules, one number
    for each player seated at its table (`players_at`: (table, round) ->
    players)."""
    if rows and not has_started(drive):
        problems.add(
            "scoring.handresult", _("the drive has not started, so it has no results")
        )
        return
    versions: set[tuple] = set()
    standing: Counter = Counter()
    keys: set[tuple] = set()
    for index, row in enumerate(rows):
        where = row_where("scoring.handresult", index, row)
        table, hand, version = row.get("table"), row.get("hand"), row.get("version")
        tricks = row.get("ns_tricks")
        if is_int(tricks) and not 0 <= tricks <= 13:
            problems.add(
                where, _("ns_tricks %(tricks)s is outside 0 to 13") % {"tricks": tricks}
            )
        if not (is_int(hand) and is_int(table)):
            continue
        if not 1 <= hand <= drive.hands:
            problems.add(
                where,
                _("hand %(hand)s is outside 1 to %(hands)s")
                % {"hand": hand, "hands": drive.hands},
            )
            continue
        honours, revoke = row.get("honours", ""), row.get("revoke", "")
        try:
            check_deal(
                honours,
                revoke,
                honours_counted=True,  # kept, if no longer counted: see above
                no_trumps=drive.trumps_of_hand(hand) is Trump.NO_TRUMPS,
            )
        except ValueError as error:
            problems.add(where, f"honours {honours}: {error}")
        round_number = drive.round_of_hand(hand)
        DEALS[drive.game].check_result(
            where,
            hand,
            row,
            problems,
            players=(players_at or {}).get((table, round_number)),
        )
        if round_number > drive.current_round:
            problems.add(
                where,
                _("hand %(hand)s is in round %(round)s, which has not been played")
                % {"hand": hand, "round": round_number},
            )
        elif table in table_numbers and (table, round_number) not in seated:
            problems.add(
                where,
                _("table %(table)s has nobody seated in round %(round)s")
                % {"table": table_numbers[table], "round": round_number},
            )
        if is_int(version) and version < 1:
            problems.add(
                where, _("version %(version)s is not 1 or more") % {"version": version}
            )
        if (table, hand, version) in versions:
            problems.add(
                where, _("version %(version)s is there twice") % {"version": version}
            )
        versions.add((table, hand, version))
        if row.get("status") in (ResultStatus.PENDING, ResultStatus.CONFIRMED):
            standing[(table, hand)] += 1
            if standing[(table, hand)] == 2:
                problems.add(
                    where, _("a second result stands for the same table and hand")
                )
        key = row.get("idempotency_key")
        if key:
            if (table, key) in keys:
                problems.add(where, _("the phone's idempotency key is used twice"))
            keys.add((table, key))


def check_adjustments(rows: list[dict], problems: Problems) -> None:
    for index, row in enumerate(rows):
        where = row_where("scoring.adjustment", index, row)
        points = row.get("points")
        if is_int(points) and not (
            -MAX_ADJUSTMENT <= points <= MAX_ADJUSTMENT and points != 0
        ):
            problems.add(
                where,
                _(
                    "points %(points)s: an adjustment is between -%(max)s and %(max)s, not 0"
                )
                % {"points": points, "max": MAX_ADJUSTMENT},
            )
