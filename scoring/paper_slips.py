"""The desk types paper travel slips, on an evening where any table may score
on its slip instead of a phone.

A *slip* here is one table's round as its travel slip has it: each hand's N-S
tricks, with the honours (where the drive counts them) and any revoke. The
desk types it with the checks a phone's result has (scoring.deal_games: tricks
0 to 13, honours only where they count; the table has a game in the round, the
drive in play) and the same rule for a second result (scoring.second_results):
the first result *stands*; a slip that says the same *agrees* and changes
nothing; a slip that says otherwise is kept as a *conflict* for the organiser
to settle in the room, never written over what stands. A slip that agrees with a phone's result still
waiting for an opponent confirms it: the slip carries both sides' initials.

The *missing tables* are those of the round with a hand still without a
standing result; the *next missing table* is the first of them after the one
just typed, in table order, starting again from the lowest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from drive import services as drive_services
from drive.models import Drive, DriveState, SeatAssignment, Table
from drive.seating import table_ids_of_round
from players import audit
from players.audit_words import PAPER_SLIP_SOURCE
from scoring.audit import record_result, result_values
from scoring.deal_games import checked_deal, checked_tricks
from scoring.models import MAX_RESULT_VERSIONS, HandResult, ResultStatus
from scoring.rules import DealRecord
from scoring.second_results import second_result
from scoring.services import (
    CARDS_IN_NO_HANDS,
    advance_if_complete,
    check_version_room,
    deal_of,
    deal_summary,
)

STANDING = (ResultStatus.PENDING, ResultStatus.CONFIRMED)


@dataclass(frozen=True)
class SlipHand:
    """One row of a slip as typed: the hand, the N-S tricks, honours, revoke."""

    hand: int
    ns_tricks: int
    honours: str = ""
    revoke: str = ""


class SlipKind:
    """What one row of a slip did."""

    SAVED = "saved"  # the result counts
    AGREES = "agrees"  # the same result was in already: nothing new
    CONFLICT = "conflict"  # another result stands: kept for the organiser


@dataclass(frozen=True)
class SlipLine:
    kind: str
    table: int
    hand: int
    # The result written (saved, or kept as a conflict) or the one that stood.
    result: HandResult
    # What stands, when the slip disagrees with it.
    standing: HandResult | None = None

    @property
    def message(self) -> str:
        values = {
            "table": self.table,
            "hand": self.hand,
            "result": deal_summary(self.result),
        }
        if self.kind == SlipKind.SAVED:
            return _("Table %(table)s, hand %(hand)s saved: %(result)s.") % values
        if self.kind == SlipKind.AGREES:
            return (
                _(
                    "Table %(table)s, hand %(hand)s was already in with the same "
                    "result (%(result)s): the slip agrees."
                )
                % values
            )
        assert self.standing is not None
        return _(
            "Table %(table)s, hand %(hand)s already has another result "
            "(%(standing)s); the slip says %(result)s. It was not counted: "
            "settle the disagreement in the room."
        ) % (values | {"standing": deal_summary(self.standing)})


@dataclass(frozen=True)
class SlipOutcome:
    table: int
    lines: tuple[SlipLine, ...]
    round_completed: bool = False

    @property
    def conflicts(self) -> bool:
        return any(line.kind == SlipKind.CONFLICT for line in self.lines)


def check_desk_open(drive: Drive) -> None:
    """Refuse a slip (code "not_current") unless the drive is in play and its
    slips are typed at the desk (drive.desk_pages.slips; else in the score
    grid), with the reason in words. A drive that takes its cards in at the
    end has no slips at all: its desk is Cards in."""
    if not drive.desk_pages.enters_hands:
        raise ValidationError(CARDS_IN_NO_HANDS, code="not_current")
    if drive.state in (DriveState.DRAFT, DriveState.OPEN) or drive.current_round < 1:
        raise ValidationError(
            _("The drive has not started yet: there are no slips to type."),
            code="not_current",
        )
    if drive.state == DriveState.FINISHED:
        raise ValidationError(
            _("The drive is over: correct a hand from All hands."),
            code="not_current",
        )
    if not drive.desk_pages.slips:
        raise ValidationError(
            _("This drive's slips are typed in the score grid."), code="not_current"
        )


def _slip_table(drive: Drive, number: int, round_number: int) -> Table:
    table = Table.objects.filter(drive=drive, number=number).first()
    if table is None:
        count = Table.objects.filter(drive=drive).count()
        raise ValidationError(
            _("There is no table %(table)s: this drive has tables 1 to %(count)s.")
            % {"table": number, "count": count},
            code="invalid",
        )
    if table.pk not in table_ids_of_round(drive, round_number):
        raise ValidationError(
            _("Table %(table)s has no game in round %(round)s.")
            % {"table": number, "round": round_number},
            code="not_current",
        )
    return table


def _checked_deals(
    drive: Drive, table: int, round_number: int, hands: Sequence[SlipHand]
) -> dict[int, DealRecord]:
    """Every row of the slip checked as a phone's result is, before anything is
    written: each hand's deal, by hand."""
    expected = list(drive.hands_of_round(round_number))
    if sorted(row.hand for row in hands) != expected:
        raise ValidationError(
            _("A slip has every hand of the round: %(first)s to %(last)s.")
            % {"first": expected[0], "last": expected[-1]},
            code="invalid",
        )
    deals = {}
    for row in hands:
        ns_tricks = checked_tricks(row.ns_tricks, table=table, hand=row.hand)
        honours, revoke = checked_deal(drive, row.hand, row.honours, row.revoke)
        deals[row.hand] = DealRecord(ns_tricks, honours, revoke)
    return deals


def _new_result(
    *,
    table: Table,
    hand: int,
    deal: DealRecord,
    status: str,
    of_hand: list[HandResult],
    by: AbstractBaseUser | None,
) -> HandResult:
    version = 1 + max((r.version for r in of_hand), default=0)
    check_version_room(
        table=table, hand=hand, version=version, limit=MAX_RESULT_VERSIONS
    )
    return HandResult.objects.create(
        table=table,
        hand=hand,
        **deal._asdict(),
        version=version,
        status=status,
        entered_by=by,
        source=PAPER_SLIP_SOURCE,
    )


def _slip_hand(
    *,
    drive: Drive,
    table: Table,
    hand: int,
    deal: DealRecord,
    of_hand: list[HandResult],
    by: AbstractBaseUser | None,
) -> SlipLine:
    standing = next((r for r in of_hand if r.status in STANDING), None)
    if standing is None:
        result = _new_result(
            table=table,
            hand=hand,
            deal=deal,
            status=ResultStatus.CONFIRMED,
            of_hand=of_hand,
            by=by,
        )
        record_result(drive=drive, kind=audit.Kind.RESULT_ENTER, result=result, by=by)
        return SlipLine(SlipKind.SAVED, table.number, hand, result)
    meeting = second_result(deal, standing, of_hand)
    if meeting.agrees:
        if standing.status == ResultStatus.PENDING:
            standing = _confirm_pending(drive, table, standing, of_hand, by)
        return SlipLine(SlipKind.AGREES, table.number, hand, standing)
    # The first result stands; the slip goes to the organiser, once.
    same = meeting.kept
    if same is None:
        same = _new_result(
            table=table,
            hand=hand,
            deal=deal,
            status=ResultStatus.CONFLICT,
            of_hand=of_hand,
            by=by,
        )
        record_result(
            drive=drive,
            kind=audit.Kind.RESULT_ENTER,
            result=same,
            old=standing,
            by=by,
        )
    return SlipLine(SlipKind.CONFLICT, table.number, hand, same, standing)


def _confirm_pending(
    drive: Drive,
    table: Table,
    pending: HandResult,
    of_hand: list[HandResult],
    by: AbstractBaseUser | None,
) -> HandResult:
    """A phone's result waiting for an opponent, confirmed by the slip."""
    old = result_values(pending)
    pending.status = ResultStatus.SUPERSEDED
    pending.resolved_at = timezone.now()
    pending.save(update_fields=["status", "resolved_at"])
    result = _new_result(
        table=table,
        hand=pending.hand,
        deal=deal_of(pending),
        status=ResultStatus.CONFIRMED,
        of_hand=of_hand,
        by=by,
    )
    record_result(
        drive=drive, kind=audit.Kind.RESULT_CONFIRM, result=result, old=old, by=by
    )
    return result


@transaction.atomic
def paper_slip_submit(
    *,
    drive: Drive,
    table: int,
    round_number: int,
    hands: Sequence[SlipHand],
    by: AbstractBaseUser | None,
) -> SlipOutcome:
    """One table's slip for the round in play: every hand checked first, then
    written (a new result, an agreement, or a conflict), all or nothing.

    `round_number` is the round the desk's form was for; a slip typed for a
    round that has moved on is refused rather than put into the next one.
    Raises ValidationError: code "invalid" for what was typed wrong (400),
    "not_current" or "conflict" for the state of the drive (409).
    """
    drive = drive_services.lock_drive(drive)
    check_desk_open(drive)
    if round_number != drive.current_round:
        raise ValidationError(
            _(
                "That slip was typed for round %(posted)s, but round %(current)s "
                "is in play now. Nothing was saved."
            )
            % {"posted": round_number, "current": drive.current_round},
            code="conflict",
        )
    the_table = _slip_table(drive, table, round_number)
    deals = _checked_deals(drive, table, round_number, hands)
    results = list(
        HandResult.objects.filter(table=the_table, hand__in=list(deals))
        .select_for_update()
        .order_by("version")
    )
    lines = tuple(
        _slip_hand(
            drive=drive,
            table=the_table,
            hand=hand,
            deal=deals[hand],
            of_hand=[r for r in results if r.hand == hand],
            by=by,
        )
        for hand in sorted(deals)
    )
    return SlipOutcome(table, lines, round_completed=advance_if_complete(drive))


# --- the desk's reads --------------------------------------------------------------


def missing_tables(*, drive: Drive, round_number: int) -> list[int]:
    """The tables of a round with a hand still without a standing result (a
    phone's result waiting for an opponent is in), in table order."""
    hands = list(drive.hands_of_round(round_number)) if round_number >= 1 else []
    if not hands:
        return []
    tables = set(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number, table__isnull=False
        ).values_list("table__number", flat=True)
    )
    standing: dict[int, int] = {}
    for number in HandResult.objects.filter(
        table__drive=drive, hand__in=hands, status__in=STANDING
    ).values_list("table__number", flat=True):
        standing[number] = standing.get(number, 0) + 1
    return sorted(t for t in tables if standing.get(t, 0) < len(hands))


def next_missing_table(missing: Sequence[int], after: int | None = None) -> int | None:
    """The table to type next: the first missing one after `after`, in table
    order, else the first missing one (None when every table is in)."""
    ordered = sorted(missing)
    if not ordered:
        return None
    if after is not None:
        for number in ordered:
            if number > after:
                return number
    return ordered[0]
