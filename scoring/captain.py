"""Writes from captains' phones: a hand's result, an opponent's confirmation.

A phone on patchy Wi-Fi retries, and two phones may serve one table, so:

- every submission carries an *idempotency key* made by the phone; the same key
  again gives the same outcome and writes nothing;
- only the table's *current hand* can be entered;
- the first result *stands*: a different one from a second phone is kept as a
  *conflict* for the organiser, who resolves it by entering or keeping the
  right result (scoring.services.hand_result_conflict_resolve);
- on a drive where an opponent confirms, a phone's result is *pending* until
  the opponent confirms it on the same phone (`captain_result_confirm`).

A prediction whist deal goes the same way: its "numbers" are each seat's
prediction and tricks (checked by scoring.prediction_rules for the table's size), and two
phones agree when every one of them is the same. How a deal is read, checked
and described is its game's (scoring.deal_games); the usual submission, the
first result for the hand a table is playing, is planned before the drive's
lock and written under it (scoring.captain_plan).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drive import services as drive_services
from drive.models import Drive, DriveState, Table
from drive.seating import table_ids_of_round
from players import audit, rows
from scoring.audit import record_result, result_values
from scoring.captain_plan import (
    _acknowledge_before_flush,
    _FirstResultWrite,
    _in_one_round_trip,
    _plan_first_result,
    _written_as_planned,
    captain_source,
)
from scoring.captain_plan import plan_reads_sql as plan_reads_sql  # the link's lookup
from scoring.deal_games import GAMES, check_started
from scoring.models import (
    MAX_RESULT_VERSIONS,
    HandResult,
    PhoneReceipt,
    ResultStatus,
)
from scoring.rules import DealRecord, check_tricks
from scoring.second_results import second_result
from scoring.selectors import current_hand, table_in_after, table_is_in
from scoring.services import (
    PHONE_MAX_VERSIONS,
    advance_if_complete,
    check_version_room,
    confirmed_count,
    deal_of,
    deal_summary,
    next_version,
)

# A key the phone makes for each entry: random, URL-safe, long enough to be unique.
IDEMPOTENCY_KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
OPPONENT_CONFIRMED = ", opponent confirmed"


# Translators: the answer to a captain's phone that sends a hand in a drive
# whose players write their own scores on paper score cards.
PHONE_ON_PAPER = gettext_lazy(
    "Tonight the scores are written on the score cards and handed in at the "
    "end: nothing is entered on this phone, and nothing was saved."
)


def check_phone_entry(drive: Drive) -> None:
    """Refuse a phone's entry or confirmation in a drive that takes its cards
    in at the end (the desk types each card's total: scoring.cards_in)."""
    if drive.cards_in:
        raise ValidationError(PHONE_ON_PAPER, code="conflict")


class Kind:
    """What a phone's submission did."""

    RECORDED = "recorded"  # the result counts
    PENDING = "pending"  # saved, waiting for an opponent's confirmation
    ALREADY = "already"  # the same result was already in: nothing new
    CONFIRMED = "confirmed"  # an opponent confirmed a pending result
    CLEARED = "cleared"  # an opponent turned a pending result down
    CONFLICT = "conflict"  # another result stands: kept for the organiser


@dataclass(frozen=True)
class CaptainOutcome:
    result: HandResult
    kind: str
    message: str
    round_completed: bool = False
    # The table has every hand of its round in, and the room plays on: its
    # page lists this result with the others (scoring.selectors.table_in_after).
    table_waits: bool = False

    @property
    def accepted(self) -> bool:
        return self.kind != Kind.CONFLICT


DRIVE_OVER = gettext_lazy(
    "The drive is over: ask the organiser if a result needs correcting."
)


def _check_in_play(drive: Drive) -> None:
    check_started(drive)
    if drive.state == DriveState.FINISHED:
        raise ValidationError(DRIVE_OVER, code="not_current")


def _check_round_open(drive: Drive, hand: int) -> None:
    """A pending result is confirmed only while its round is in play: once the
    round has moved on (a rubber drive's bell), it was scored as it stood."""
    round_number = drive.round_of_hand(hand)
    if round_number < drive.current_round:
        raise ValidationError(
            _(
                "Round %(round)s is over: hand %(hand)s was still waiting for the "
                "opponents' confirmation, so the round was scored without it. "
                "Ask the organiser if it should count."
            )
            % {"round": round_number, "hand": hand},
            code="not_current",
        )


def _moves_stand(drive: Drive, hand: int) -> str:
    """What a phone is told about a disagreement over a hand whose round is over."""
    round_number = drive.round_of_hand(hand)
    if round_number >= drive.current_round:
        return ""
    return " " + drive.words.moves_stand(round_number)


def _replay(drive: Drive, earlier: HandResult, *, waits: bool) -> CaptainOutcome:
    """The same submission again, its first answer lost on the line as often as
    not: the outcome it had (in the words it had), and nothing written."""
    if earlier.status == ResultStatus.CONFLICT:
        return CaptainOutcome(
            earlier,
            Kind.CONFLICT,
            drive.words.passed_on(
                **drive.hand_named(earlier.hand), deal=deal_summary(earlier)
            )
            + _moves_stand(drive, earlier.hand),
        )
    if earlier.status in (ResultStatus.CONFIRMED, ResultStatus.PENDING):
        pending = earlier.status == ResultStatus.PENDING
        said = GAMES[drive.game].entered(drive, earlier, pending=pending)
        return CaptainOutcome(earlier, Kind.ALREADY, said, table_waits=waits)
    return CaptainOutcome(
        earlier,
        Kind.ALREADY,
        drive.words.received(
            **drive.hand_named(earlier.hand), deal=deal_summary(earlier)
        ),
    )


def _remember(
    *, table: Table, key: str, hand: int, deal: DealRecord, outcome: CaptainOutcome
) -> CaptainOutcome:
    """Keep the answer of a submission that wrote no result, so its key keeps
    it; the table counts it (Table.receipts)."""
    Table.objects.filter(pk=table.pk).update(receipts=F("receipts") + 1)
    PhoneReceipt.objects.create(
        table=table,
        idempotency_key=key,
        hand=hand,
        **deal._asdict(),
        kind=outcome.kind,
        message=outcome.message,
        result=outcome.result,
    )
    return outcome


def _all_confirmed(
    drive: Drive, tables: Collection[int], hands: range, confirmed: int | None = None
) -> bool:
    """Whether every table of the round may have all its hands in: one count
    (unless given), a quick test before the full check (it can only count too
    many, never too few)."""
    if confirmed is None:
        confirmed = confirmed_count(drive, hands)
    return bool(tables) and confirmed >= len(tables) * len(hands)


def _quoted(model: type, *columns: str) -> tuple[str, ...]:
    q = connection.ops.quote_name
    return (q(model._meta.db_table), *(q(column) for column in columns))


def _results_of(
    table: Table, hands: range, hand: int, idempotency_key: str
) -> list[HandResult]:
    """The table's results for `hands` and `hand`, and any earlier use of the key.

    Written out rather than built by the ORM: this runs under the drive's lock
    for every captain's submission, and building the query took longer than
    running it.
    """
    name, table_id, hand_, key = _quoted(
        HandResult, "table_id", "hand", "idempotency_key"
    )
    sql = (
        f"SELECT * FROM {name} WHERE {table_id} = %s AND "
        f"({hand_} BETWEEN %s AND %s OR {hand_} = %s OR {key} = %s)"
    )
    if connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    found = rows.fetch(
        HandResult, sql, [table.pk, hands[0], hands[-1], hand, idempotency_key]
    )
    for result in found:
        result.table = table
    return found


def _receipt_exists(table: Table, idempotency_key: str) -> bool:
    name, table_id, key = _quoted(PhoneReceipt, "table_id", "idempotency_key")
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT 1 FROM {name} WHERE {table_id} = %s AND {key} = %s",
            [table.pk, idempotency_key],
        )
        return cursor.fetchone() is not None


def _receipt_of(table: Table, idempotency_key: str) -> PhoneReceipt | None:
    """The answer kept for a key that wrote no result, if the key was used before."""
    if not _receipt_exists(table, idempotency_key):  # the usual case
        return None
    return (
        PhoneReceipt.objects.filter(table=table, idempotency_key=idempotency_key)
        .select_related("result")
        .first()
    )


def _first_result_outcome(
    drive: Drive,
    result: HandResult,
    *,
    round_completed: bool = False,
    table_in: bool = False,
) -> CaptainOutcome:
    pending = result.status == ResultStatus.PENDING
    # Only the message shown is translated: this answers every result at the bell.
    message = GAMES[drive.game].entered(drive, result, pending=pending)
    if pending:
        return CaptainOutcome(result, Kind.PENDING, message)
    return CaptainOutcome(
        result,
        Kind.RECORDED,
        message,
        round_completed=round_completed,
        table_waits=table_in and not round_completed,
    )


def captain_result_submit(
    *,
    table: Table,
    hand: int,
    ns_tricks: int,
    idempotency_key: str,
    plan_reads: list[tuple] | None = None,
    honours: str = "",
    revoke: str = "",
    predictions: Sequence[int] = (),
    tricks: Sequence[int] = (),
) -> CaptainOutcome:
    """A table captain's result for the table's current hand, or for a hand whose
    round is over (a second phone, or a first one whose answer was lost).

    In prediction whist the result is each seat's prediction and tricks, in
    seat order (N, E, S, W, then the fifth), checked by the game's rules for
    the table's size in the hand's round; `ns_tricks` is 0 there.

    Raises ValidationError (code "invalid" for bad input, "not_current" for a
    hand this table is not playing now and has no result for, "version_limit"
    when the hand has as many versions as phones may add); nothing is written
    then. A key that had an answer (a result, "already" or a conflict) gets
    that answer again, whatever numbers come with it, and writes nothing.

    Every submission of a drive queues for the drive's lock, at the bell a
    hundred at once, so the usual one (the first result for the hand the table
    is playing) is planned before the lock is taken; under it one query takes
    the lock and checks that nothing the plan read has changed (and counts the
    round's confirmed results), then the result and its audit record are
    written. Anything else, or a plan that no longer holds, is worked out
    under the lock from a fresh read. `plan_reads`: the rows of
    plan_reads_sql(key), if the link's lookup fetched them (None if not).
    """
    check_phone_entry(table.drive)
    if not isinstance(idempotency_key, str) or not IDEMPOTENCY_KEY.fullmatch(
        idempotency_key
    ):
        raise ValidationError(
            _(
                "This entry has no valid submission key; reload the page and "
                "enter it again."
            ),
            code="invalid",
        )
    try:
        ns_tricks = check_tricks(ns_tricks)
    except (TypeError, ValueError) as exc:
        raise ValidationError(
            _("N-S tricks are a whole number from 0 to 13."), code="invalid"
        ) from exc
    if isinstance(hand, bool) or not isinstance(hand, int):
        raise ValidationError(_("The hand is a whole number."), code="invalid")
    drive = table.drive
    deal = GAMES[drive.game].phone_deal(
        drive,
        table,
        hand,
        ns_tricks=ns_tricks,
        honours=honours,
        revoke=revoke,
        predictions=predictions,
        tricks=tricks,
    )
    hands = drive.hands_of_round(drive.current_round)
    plan = _plan_first_result(drive, table, hand, idempotency_key, plan_reads)
    if plan is not None:
        write = _FirstResultWrite(
            drive, table, hand, deal, idempotency_key, plan.version
        )
        if connection.vendor == "postgresql" and not connection.in_atomic_block:
            result = _in_one_round_trip(drive, table, hands, plan, write)
            if result is not None:
                return _first_result_outcome(drive, result, table_in=plan.table_in)
    with transaction.atomic():
        if plan is None:
            _acknowledge_before_flush()
        else:
            result, confirmed = _written_as_planned(drive, table, hands, plan, write)
            if result is not None:
                completed = (
                    plan.may_complete(drive, hands, confirmed)
                    # The round the plan noted its tables for: the stamp held.
                    and _all_confirmed(drive, drive.seated_tables, hands, confirmed + 1)
                    and advance_if_complete(drive_services.lock_drive(drive))
                )
                return _first_result_outcome(
                    drive, result, round_completed=completed, table_in=plan.table_in
                )
        drive = drive_services.lock_drive(drive)
        return _captain_result_locked(drive, table, hand, deal, idempotency_key)


def _captain_result_locked(
    drive: Drive,
    table: Table,
    hand: int,
    deal: DealRecord,
    idempotency_key: str,
) -> CaptainOutcome:
    if not 1 <= hand <= drive.hands:
        raise ValidationError(
            drive.words.no_such_hand % {"hand": hand, "hands": drive.hands},
            code="invalid",
        )
    round_number = drive.current_round
    hands = drive.hands_of_round(round_number)
    results = _results_of(table, hands, hand, idempotency_key)
    # A key's first answer is final: sent again, with whatever numbers, it gets
    # that answer and writes nothing.
    earlier = next((r for r in results if r.idempotency_key == idempotency_key), None)
    if earlier is not None:
        waits = earlier.hand in hands and table_is_in(drive=drive, table_id=table.pk)
        return _replay(drive, earlier, waits=waits)
    receipt = _receipt_of(table, idempotency_key)
    if receipt is not None:
        return CaptainOutcome(receipt.result, receipt.kind, receipt.message)
    check_started(drive)
    of_hand = [r for r in results if r.hand == hand]
    if drive.state == DriveState.FINISHED or hand < hands[0]:
        return _late_result(drive, table, hand, deal, idempotency_key, of_hand)
    round_tables = table_ids_of_round(drive, round_number)
    if table.pk not in round_tables:
        raise ValidationError(
            drive.words.no_game(table=table.number, round=round_number),
            code="not_current",
        )
    standing = {
        r.hand: r
        for r in results
        if r.hand in hands
        and r.status in (ResultStatus.PENDING, ResultStatus.CONFIRMED)
    }
    current = current_hand(hands, standing)
    if hand not in hands:
        now = (
            drive.words.on_hand(**drive.hand_named(current))
            if current
            else _("this table is in")
        )
        raise ValidationError(
            drive.words.not_started(
                **drive.hand_named(hand), table=table.number, now=now
            ),
            code="not_current",
        )
    version = 1 + max((r.version for r in of_hand), default=0)
    first = standing.get(hand)
    if first is not None:
        return _phone_meets_result(
            drive, table, hand, deal, idempotency_key, first, of_hand
        )
    if hand != current:
        raise ValidationError(
            drive.words.enter_first(**drive.hand_named(current)), code="not_current"
        )
    pending = drive.opponent_confirms
    # A pending result needs room for its confirmation too.
    check_version_room(
        table=table,
        hand=hand,
        version=version,
        limit=PHONE_MAX_VERSIONS,
        needed=2 if pending else 1,
    )
    result = _FirstResultWrite(drive, table, hand, deal, idempotency_key, version).run()
    completed = (
        not pending
        and drive.advance_automatically
        and _all_confirmed(drive, round_tables, hands)
        and advance_if_complete(drive)
    )
    return _first_result_outcome(
        drive,
        result,
        round_completed=completed,
        table_in=table_in_after(
            hands,
            hand,
            standing,
            [h for h, r in standing.items() if r.status == ResultStatus.PENDING],
        ),
    )


def _late_result(
    drive: Drive,
    table: Table,
    hand: int,
    deal: DealRecord,
    idempotency_key: str,
    of_hand: list[HandResult],
) -> CaptainOutcome:
    """A phone's result for a hand whose round is over: the room has moved on, or
    the drive has finished.

    It gets the answer it would have had before: the same tricks are "already"
    in; other tricks are a conflict for the organiser, who sees it in the room.
    Neither changes the moves already made.
    """
    confirmed = next((r for r in of_hand if r.status == ResultStatus.CONFIRMED), None)
    if confirmed is None:
        # Every round before the current one is complete, so no result here
        # means this table had no game in that hand.
        if drive.state == DriveState.FINISHED:
            raise ValidationError(DRIVE_OVER, code="not_current")
        raise ValidationError(
            _("Table %(table)s did not play hand %(hand)s.")
            % {"table": table.number, "hand": hand},
            code="not_current",
        )
    return _phone_meets_result(
        drive, table, hand, deal, idempotency_key, confirmed, of_hand
    )


def _phone_meets_result(
    drive: Drive,
    table: Table,
    hand: int,
    deal: DealRecord,
    idempotency_key: str,
    first: HandResult,
    of_hand: list[HandResult],
) -> CaptainOutcome:
    """A phone's result for a hand that already has one standing (`first`): the
    same tricks are "already" in; other tricks are kept as a conflict, once
    (scoring.second_results). The key's answer is kept either way (as the
    conflict, or as a receipt)."""
    meeting = second_result(deal, first, of_hand)
    if meeting.agrees:
        return _remember(
            table=table,
            key=idempotency_key,
            hand=hand,
            deal=deal,
            outcome=CaptainOutcome(
                first,
                Kind.ALREADY,
                drive.words.same_tricks(
                    **drive.hand_named(hand), deal=deal_summary(deal)
                ),
            ),
        )
    # Two phones disagree. The first stands; the second goes to the organiser.
    message = drive.words.result_stands(
        **drive.hand_named(hand),
        table=table.number,
        first=deal_summary(first),
        time=f"{timezone.localtime(first.created_at):%H:%M}",
        deal=deal_summary(deal),
    )
    message += _moves_stand(drive, hand)
    if meeting.kept is not None:
        return _remember(
            table=table,
            key=idempotency_key,
            hand=hand,
            deal=deal,
            outcome=CaptainOutcome(meeting.kept, Kind.CONFLICT, message),
        )
    version = 1 + max((r.version for r in of_hand), default=0)
    check_version_room(
        table=table, hand=hand, version=version, limit=PHONE_MAX_VERSIONS
    )
    conflict = HandResult.objects.create(
        table=table,
        hand=hand,
        **deal._asdict(),
        version=version,
        status=ResultStatus.CONFLICT,
        source=captain_source(table),
        idempotency_key=idempotency_key,
    )
    record_result(
        drive=drive,
        kind=audit.Kind.RESULT_PHONE,
        result=conflict,
        old=first,
        by=captain_source(table),
    )
    return CaptainOutcome(conflict, Kind.CONFLICT, message)


def _pending_of(table: Table, hand: int, version: int) -> HandResult:
    result = (
        HandResult.objects.filter(table=table, hand=hand, version=version)
        .select_for_update()
        .first()
    )
    if result is None:
        raise ValidationError(
            _("There is no such result at this table."), code="not_current"
        )
    return result


@transaction.atomic
def captain_result_confirm(*, table: Table, hand: int, version: int) -> CaptainOutcome:
    """An opponent confirms a pending result on the captain's phone: now it counts."""
    check_phone_entry(table.drive)
    drive = drive_services.lock_drive(table.drive)
    table = Table.objects.get(pk=table.pk)
    pending = _pending_of(table, hand, version)
    confirmed = HandResult.objects.filter(
        table=table, hand=hand, status=ResultStatus.CONFIRMED
    ).first()
    if pending.status != ResultStatus.PENDING:
        if (
            confirmed is not None
            and confirmed.version > pending.version
            and deal_of(confirmed) == deal_of(pending)
            and confirmed.source.endswith(OPPONENT_CONFIRMED)
        ):
            return CaptainOutcome(
                confirmed,
                Kind.ALREADY,
                _confirmed(drive, confirmed),
                table_waits=table_is_in(drive=drive, table_id=table.pk),
            )
        raise ValidationError(
            drive.words.changed_meanwhile(**drive.hand_named(hand)), code="not_current"
        )
    _check_in_play(drive)
    _check_round_open(drive, hand)
    version = next_version(table, hand)
    # The phone's entry left room for this (PHONE_MAX_VERSIONS); the organiser's
    # entries since may not have.
    check_version_room(
        table=table, hand=hand, version=version, limit=MAX_RESULT_VERSIONS
    )
    pending.status = ResultStatus.SUPERSEDED
    pending.resolved_at = timezone.now()
    pending.save(update_fields=["status", "resolved_at"])
    result = HandResult.objects.create(
        table=table,
        hand=hand,
        **deal_of(pending)._asdict(),
        version=version,
        status=ResultStatus.CONFIRMED,
        source=(pending.source or captain_source(table))[:40] + OPPONENT_CONFIRMED,
    )
    record_result(
        drive=drive,
        kind=audit.Kind.RESULT_CONFIRM,
        result=result,
        old=result_values(pending) | {"status": ResultStatus.PENDING},
        by=captain_source(table),
    )
    completed = advance_if_complete(drive)
    waits = not completed and table_is_in(drive=drive, table_id=table.pk)
    return CaptainOutcome(
        result, Kind.CONFIRMED, _confirmed(drive, result), completed, table_waits=waits
    )


def _confirmed(drive: Drive, result: HandResult) -> str:
    named = drive.hand_named(result.hand)
    return drive.words.is_confirmed(**named, deal=deal_summary(result))


@transaction.atomic
def captain_result_reject(*, table: Table, hand: int, version: int) -> CaptainOutcome:
    """An opponent says a pending result is wrong: it is set aside, to be entered again."""
    check_phone_entry(table.drive)
    drive = drive_services.lock_drive(table.drive)
    table = Table.objects.get(pk=table.pk)
    pending = _pending_of(table, hand, version)
    if pending.status == ResultStatus.PENDING:
        pending.status = ResultStatus.SUPERSEDED
        pending.resolved_at = timezone.now()
        pending.save(update_fields=["status", "resolved_at"])
        record_result(
            drive=drive,
            kind=audit.Kind.RESULT_REJECT,
            result=pending,
            old=result_values(pending) | {"status": ResultStatus.PENDING},
            by=captain_source(table),
        )
        return CaptainOutcome(
            pending,
            Kind.CLEARED,
            drive.words.cleared(**drive.hand_named(hand)),
        )
    standing = HandResult.objects.filter(
        table=table,
        hand=hand,
        status__in=(ResultStatus.PENDING, ResultStatus.CONFIRMED),
    ).first()
    if (
        standing is None
        and pending.status == ResultStatus.SUPERSEDED
        and pending.resolved_at is not None
    ):
        return CaptainOutcome(
            pending,
            Kind.CLEARED,
            drive.words.cleared(**drive.hand_named(hand)),
        )
    if standing is None or standing.status == ResultStatus.PENDING:
        # Entered again or set aside since: it changed, and nothing is confirmed.
        raise ValidationError(
            drive.words.changed_meanwhile(**drive.hand_named(hand)), code="not_current"
        )
    raise ValidationError(
        drive.words.confirmed_meanwhile(**drive.hand_named(hand)), code="not_current"
    )
