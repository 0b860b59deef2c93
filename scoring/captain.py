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
prediction and tricks (checked by scoring.wist for the table's size), and two
phones agree when every one of them is the same.
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
from scoring import wist
from scoring.audit import record_result, result_event, result_values
from scoring.models import (
    MAX_RESULT_VERSIONS,
    HandResult,
    PhoneReceipt,
    ResultStatus,
)
from scoring.rules import Deal, check_tricks
from scoring.selectors import current_hand
from scoring.services import (
    CARDS_IN_NO_HANDS,
    PHONE_MAX_VERSIONS,
    advance_if_complete,
    check_version_room,
    checked_deal,
    checked_predictions,
    confirmed_count,
    deal_of,
    deal_summary,
    next_version,
    seats_at,
)

# A key the phone makes for each entry: random, URL-safe, long enough to be unique.
IDEMPOTENCY_KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
OPPONENT_CONFIRMED = ", opponent confirmed"


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

    @property
    def accepted(self) -> bool:
        return self.kind != Kind.CONFLICT


def captain_source(table: Table) -> str:
    """Which link a result came from: the table and the start of its key."""
    return f"table {table.number} captain link {table.captain_key[:6]}"


DRIVE_OVER = gettext_lazy(
    "The drive is over: ask the organiser if a result needs correcting."
)


def _check_started(drive: Drive) -> None:
    if drive.state in (DriveState.DRAFT, DriveState.OPEN):
        raise ValidationError(
            _("The drive has not started yet: nothing can be entered."),
            code="not_current",
        )


def _check_in_play(drive: Drive) -> None:
    _check_started(drive)
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
    return " " + _(
        "The moves after round %(round)s were already made and stand, "
        "whatever the organiser decides."
    ) % {"round": round_number}


def _replay(drive: Drive, earlier: HandResult) -> CaptainOutcome:
    """The same submission again: the outcome it had, and nothing written."""
    if earlier.status == ResultStatus.CONFLICT:
        return CaptainOutcome(
            earlier,
            Kind.CONFLICT,
            _(
                "Hand %(hand)s already had another result; yours (%(deal)s) "
                "was passed to the organiser."
            )
            % {"hand": earlier.hand, "deal": deal_summary(earlier)}
            + _moves_stand(drive, earlier.hand),
        )
    return CaptainOutcome(
        earlier,
        Kind.ALREADY,
        _("Hand %(hand)s was received: %(deal)s.")
        % {"hand": earlier.hand, "deal": deal_summary(earlier)},
    )


def _remember(
    *, table: Table, key: str, hand: int, deal: Deal, outcome: CaptainOutcome
) -> CaptainOutcome:
    """Keep the answer of a submission that wrote no result, so its key keeps
    it; the table counts it (Table.receipts)."""
    Table.objects.filter(pk=table.pk).update(receipts=F("receipts") + 1)
    PhoneReceipt.objects.create(
        table=table,
        idempotency_key=key,
        hand=hand,
        ns_tricks=deal.ns_tricks,
        honours=deal.honours,
        revoke=deal.revoke,
        predictions=deal.predictions,
        tricks=deal.tricks,
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


def _acknowledge_before_flush_sql() -> str:
    """A column that, on PostgreSQL, lets this transaction's commit return before
    its record is on disk, as every SQLite commit does here (WAL with
    synchronous=NORMAL); on SQLite nothing.

    Each submission holds the drive's lock until its commit returns, so with the
    flush inside it, a hall's hundred results at the bell queue behind a hundred
    disk flushes in a row; without it they queue only behind each other's work.
    What it risks is what SQLite's default risks: a power cut (not a crash of
    the site) within a fraction of a second of a commit can lose that result,
    and the table's phone then shows the hand still to be entered.
    """
    if connection.vendor == "postgresql":
        return ", set_config('synchronous_commit', 'off', true)"
    return ""


def _acknowledge_before_flush() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1" + _acknowledge_before_flush_sql())


# --- the usual submission: a table's first result for the hand it is playing ------


@dataclass(frozen=True)
class _FirstResult:
    """A new result for the hand the table is playing, as planned before the lock.

    `stamp` is what the plan rests on: the drive's state and round, counts
    over the table's results and the table's count of receipts. Taken again
    under the lock (`_stamp_query`), the same stamp means nothing the plan read
    has changed (a round's seating never changes once it is played; results
    are never deleted; every change of a result's standing changes a count).
    `tables`: how many tables have a game in the round.
    """

    version: int
    tables: int
    stamp: tuple

    def confirmed_below(self, drive: Drive, hands: range) -> int | None:
        """While the round has fewer confirmed results than this, a confirmed
        result written now cannot be its last (None: no result moves the round
        on by itself). The exact check follows when it may."""
        if not drive.advance_automatically or drive.opponent_confirms:
            return None
        return self.tables * len(hands) - 1

    def may_complete(self, drive: Drive, hands: range, confirmed_before: int) -> bool:
        """Whether a confirmed result written now may be the round's last, so
        that the round may move on."""
        below = self.confirmed_below(drive, hands)
        return below is not None and confirmed_before >= below


def plan_reads_sql(key: str) -> tuple[str, list]:
    """One query for what a submission's plan reads besides its table and drive:
    the table's results (id, hand, version, status, key, whether resolved),
    naming the table by its captain link's key, so that it can go with the
    link's own lookup (drive.secret_links.table_by_captain_key_then).

    The rest comes with the table and drive: whether the table has a game in
    the current round and how many tables have one (Drive.seated_tables),
    and whether any answer was kept for its phones (Table.receipts). On a new
    PostgreSQL connection every table a query touches costs the server a read
    of its catalogue; this query touches two.
    """
    q = connection.ops.quote_name
    result, table_name = q(HandResult._meta.db_table), q(Table._meta.db_table)
    sql = (
        f"SELECT {q('id')}, {q('hand')}, {q('version')}, {q('status')}, "
        f"{q('idempotency_key')}, "
        f"CASE WHEN {q('resolved_at')} IS NULL THEN 0 ELSE 1 END "
        f"FROM {result} WHERE {q('table_id')} = "
        f"(SELECT {q('id')} FROM {table_name} WHERE {q('captain_key')} = %s)"
    )
    return sql, [key]


def _plan_reads(table: Table) -> list[tuple]:
    """The plan's query, run on its own (when the link's lookup did not)."""
    sql, params = plan_reads_sql(table.captain_key)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _plan_first_result(
    drive: Drive,
    table: Table,
    hand: int,
    idempotency_key: str,
    found: list[tuple] | None = None,
) -> _FirstResult | None:
    """Read, before taking the drive's lock, whether this is the usual
    submission (the first result for the hand the table is playing, with a key
    never seen) and what it rests on; None for anything else, which is then
    worked out under the lock. `found`: the plan's query (plan_reads_sql)
    already run, with the link's lookup."""
    if drive.state != DriveState.IN_PLAY or not 1 <= hand <= drive.hands:
        return None
    hands = drive.hands_of_round(drive.current_round)
    if hand not in hands:
        return None
    # A table that has kept an answer is worked out under the lock, which looks
    # for the key among the answers; so is a table with no game in the round,
    # and any table of a drive whose current round's tables are not noted
    # (Drive.seated_tables: a drive started before they were).
    if table.receipts or drive.seated_round != drive.current_round:
        return None
    if table.pk not in drive.seated_tables:
        return None
    if found is None:
        found = _plan_reads(table)
    results = found
    standing_statuses = (ResultStatus.PENDING, ResultStatus.CONFIRMED)
    standing, version = set(), 1
    for _id, number, row_version, status, key, _resolved in results:
        if key == idempotency_key:
            return None
        if number in hands and status in standing_statuses:
            standing.add(number)
        if number == hand:
            version = max(version, row_version + 1)
    if current_hand(hands, standing) != hand:
        return None
    if version + (1 if drive.opponent_confirms else 0) > PHONE_MAX_VERSIONS:
        return None
    # The same counts _stamp_query makes in SQL.
    stamp = (
        drive.state,
        drive.current_round,
        len(results),
        max((row[0] for row in results), default=None),
        sum(row[3] == ResultStatus.CONFIRMED for row in results),
        sum(row[3] == ResultStatus.PENDING for row in results),
        sum(row[5] for row in results),
        table.receipts,
    )
    return _FirstResult(version=version, tables=len(drive.seated_tables), stamp=stamp)


_STAMP_COLUMNS = ("st", "cr", "n", "last", "conf", "pend", "res", "rec")


def _stamp_query(drive: Drive, table: Table, hands: range) -> tuple[str, list]:
    """One query: the stamp of what a plan rests on (columns _STAMP_COLUMNS, in
    the order of _FirstResult.stamp), then how many results of the round's
    hands are confirmed (round_conf)."""
    q = connection.ops.quote_name
    drive_name = q(Drive._meta.db_table)
    result, table_name = q(HandResult._meta.db_table), q(Table._meta.db_table)
    id_, table_id, status = q("id"), q("table_id"), q("status")
    # The statuses are written into the query, not passed: SQLite then counts
    # the confirmed results from the partial index that holds only those.
    # round_conf counts table by table (one probe of that index each), a plan
    # that needs no statistics: joined, PostgreSQL without them (a new
    # database, a drive's new tables) compared every result with every table,
    # a millisecond of its CPU a submission.
    confirmed = f"'{ResultStatus.CONFIRMED.value}'"
    pending = f"'{ResultStatus.PENDING.value}'"
    sql = (
        f"SELECT d.{q('state')} AS st, d.{q('current_round')} AS cr, r.n, r.last, "
        f"r.conf, r.pend, r.res, "
        f"(SELECT {q('receipts')} FROM {table_name} WHERE {id_} = %s) AS rec, "
        f"(SELECT CAST(COALESCE(SUM((SELECT COUNT(*) FROM {result} h "
        f"WHERE h.{table_id} = t.{id_} AND h.{q('hand')} BETWEEN %s AND %s "
        f"AND h.{status} = {confirmed})), 0) AS INTEGER) "
        f"FROM {table_name} t WHERE t.{q('drive_id')} = d.{id_}) AS round_conf "
        f"FROM {drive_name} d CROSS JOIN ("
        f"SELECT COUNT(*) AS n, MAX({id_}) AS last, "
        f"COALESCE(SUM(CASE WHEN {status} = {confirmed} THEN 1 ELSE 0 END), 0) AS conf, "
        f"COALESCE(SUM(CASE WHEN {status} = {pending} THEN 1 ELSE 0 END), 0) AS pend, "
        f"COUNT({q('resolved_at')}) AS res "
        f"FROM {result} WHERE {table_id} = %s) r "
        f"WHERE d.{id_} = %s"
    )
    params = [table.pk, hands[0], hands[-1], table.pk, drive.pk]
    return sql, params


def _written_as_planned(
    drive: Drive,
    table: Table,
    hands: range,
    plan: _FirstResult,
    write: _FirstResultWrite,
) -> tuple[HandResult | None, int]:
    """Take the drive's lock, check the plan's stamp and write if it holds:
    (the result, or None when something the plan read has changed; how many
    results of the round's hands were confirmed before it).

    On PostgreSQL the lock is a statement of its own: a statement reads the
    database as it was when it began, so counts read by the statement that
    waited for the lock would miss what the transaction it waited for wrote.
    (On SQLite the transaction began by taking the lock.) The check and both
    writes are then one statement there: one round trip while the lock is held.
    """
    sql, params = _stamp_query(drive, table, hands)
    with connection.cursor() as cursor:
        if connection.features.has_select_for_update:
            cursor.execute(
                drive_services.lock_sql("1" + _acknowledge_before_flush_sql()),
                [drive.pk],
            )
        if connection.vendor == "postgresql":
            return write.run_if(sql, params, plan.stamp)
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        raise Drive.DoesNotExist(f"Drive {drive.pk} is gone.")
    if tuple(row[:8]) != plan.stamp:
        return None, row[8]
    return write.run(), row[8]


class _FirstResultWrite:
    """A new result and its audit record, made ready before the drive's lock is
    taken and written under it."""

    def __init__(
        self,
        drive: Drive,
        table: Table,
        hand: int,
        deal: Deal,
        idempotency_key: str,
        version: int,
    ) -> None:
        result = HandResult(
            table=table,
            hand=hand,
            ns_tricks=deal.ns_tricks,
            honours=deal.honours,
            revoke=deal.revoke,
            predictions=deal.predictions,
            tricks=deal.tricks,
            version=version,
            status=(
                ResultStatus.PENDING
                if drive.opponent_confirms
                else ResultStatus.CONFIRMED
            ),
            source=captain_source(table),
            idempotency_key=idempotency_key,
        )
        self.result = rows.Insert(result)
        self.record = rows.Insert(
            result_event(
                drive=drive,
                kind=audit.Kind.RESULT_PHONE,
                result=result,
                by=captain_source(table),
            )
        )

    def run(self) -> HandResult:
        result = self.result.run()
        self.record.instance.refs["result"] = result.pk
        self.record.refresh("refs")
        self.record.run()
        return result

    def conditional_sql(
        self,
        stamp_sql: str,
        stamp_params: list,
        expected: tuple,
        confirmed_below: int | None = None,
    ) -> tuple[str, list]:
        """PostgreSQL: one statement that reads the stamp (`stamp_sql`) and
        writes both rows only if it is `expected` (and, given
        `confirmed_below`, only while the round has fewer confirmed results
        than that), the record's refs given the result's id there; it answers
        (round_conf, result id, record id), the ids NULL when nothing was
        written."""
        q = connection.ops.quote_name
        result, record = self.result, self.record
        holds = " AND ".join(
            f"stamp.{c} IS NOT DISTINCT FROM %s" for c in _STAMP_COLUMNS
        )
        below: list = []
        if confirmed_below is not None:
            holds += " AND stamp.round_conf < %s"
            below = [confirmed_below]
        record_values = ", ".join(
            "%s || jsonb_build_object('result', written.id)"
            if f.name == "refs"
            else "%s"
            for f in record.fields
        )
        sql = (
            f"WITH stamp AS ({stamp_sql}), written AS ("
            f"INSERT INTO {q(HandResult._meta.db_table)} "
            f"({', '.join(q(f.column) for f in result.fields)}) "
            f"SELECT {', '.join(['%s'] * len(result.fields))} FROM stamp "
            f"WHERE {holds} RETURNING {q('id')}), recorded AS ("
            f"INSERT INTO {q(type(record.instance)._meta.db_table)} "
            f"({', '.join(q(f.column) for f in record.fields)}) "
            f"SELECT {record_values} FROM written RETURNING {q('id')}) "
            f"SELECT stamp.round_conf, (SELECT {q('id')} FROM written), "
            f"(SELECT {q('id')} FROM recorded) FROM stamp"
        )
        return sql, [
            *stamp_params,
            *self.result.values,
            *expected,
            *below,
            *record.values,
        ]

    def written(self, row: tuple | None) -> tuple[HandResult | None, int]:
        """What conditional_sql's answer says: (the result or None, round_conf)."""
        if row is None:
            raise Drive.DoesNotExist("The drive is gone.")
        confirmed, result_id, record_id = row
        if result_id is None:
            return None, confirmed
        self.record.instance.refs["result"] = result_id
        rows.saved(self.record.instance, record_id, using=connection.alias)
        return rows.saved(
            self.result.instance, result_id, using=connection.alias
        ), confirmed

    def run_if(
        self, stamp_sql: str, stamp_params: list, expected: tuple
    ) -> tuple[HandResult | None, int]:
        """PostgreSQL: conditional_sql, run. Returns what _written_as_planned returns."""
        sql, params = self.conditional_sql(stamp_sql, stamp_params, expected)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return self.written(cursor.fetchone())


def _in_one_round_trip(
    drive: Drive,
    table: Table,
    hands: range,
    plan: _FirstResult,
    write: _FirstResultWrite,
) -> HandResult | None:
    """PostgreSQL, outside any transaction: begin, take the drive's lock, check
    the plan's stamp, write and commit, all sent at once: the lock is held for
    one round trip to the database, and the whole write is that one.

    None (and nothing written) when the plan no longer holds, or when this
    result may complete the round: the round's next seating must be made in
    the same transaction as its last result, so those go the usual way. The
    statement itself refuses to write such a result (`confirmed_below`), so
    what it wrote can be committed in the same round trip.
    """
    stamp_sql, stamp_params = _stamp_query(drive, table, hands)
    sql, params = write.conditional_sql(
        stamp_sql, stamp_params, plan.stamp, plan.confirmed_below(drive, hands)
    )
    lock = drive_services.lock_sql("1" + _acknowledge_before_flush_sql())
    with connection.cursor() as cursor:
        try:
            cursor.execute(f"BEGIN; {lock}; {sql}; COMMIT", [drive.pk, *params])
            cursor.nextset()  # past BEGIN's answer to the lock's,
            cursor.nextset()  # then to the write's
            row = cursor.fetchone()
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
    if row is None or row[1] is None:
        return None
    result, _confirmed = write.written(row)
    return result


def _first_result_outcome(
    result: HandResult, *, round_completed: bool = False
) -> CaptainOutcome:
    values = {"hand": result.hand, "deal": deal_summary(result)}
    pending = result.status == ResultStatus.PENDING
    # Only the message shown is translated: this answers every result at the bell.
    if result.predictions:
        # A prediction deal is named as the players know it: deal 3 of game 2.
        values.update(
            game=wist.game_of_hand(result.hand), number=wist.deal_in_game(result.hand)
        )
        message = (
            _(
                "Deal %(number)s of game %(game)s: %(deal)s. "
                "Now hand the phone to an opponent to confirm."
            )
            if pending
            else _("Deal %(number)s of game %(game)s is in: %(deal)s.")
        )
    elif pending:
        message = _(
            "Hand %(hand)s: %(deal)s. Now hand the phone to an opponent to confirm."
        )
    else:
        message = _("Hand %(hand)s is in: %(deal)s.")
    if pending:
        return CaptainOutcome(result, Kind.PENDING, message % values)
    return CaptainOutcome(
        result, Kind.RECORDED, message % values, round_completed=round_completed
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
    if drive.cards_in:
        raise ValidationError(CARDS_IN_NO_HANDS, code="conflict")
    if drive.plays_predictions:
        if ns_tricks or honours or revoke:
            raise ValidationError(
                _("A prediction whist deal has each player's predictions and tricks."),
                code="invalid",
            )
        deal = _prediction_deal(drive, table, hand, predictions, tricks)
    elif predictions or tricks:
        raise ValidationError(
            _("This drive is not prediction whist: enter the N-S tricks."),
            code="invalid",
        )
    else:
        deal = Deal(ns_tricks, *checked_deal(drive, hand, honours, revoke))
    hands = drive.hands_of_round(drive.current_round)
    plan = _plan_first_result(drive, table, hand, idempotency_key, plan_reads)
    if plan is not None:
        write = _FirstResultWrite(
            drive, table, hand, deal, idempotency_key, plan.version
        )
        if connection.vendor == "postgresql" and not connection.in_atomic_block:
            result = _in_one_round_trip(drive, table, hands, plan, write)
            if result is not None:
                return _first_result_outcome(result)
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
                return _first_result_outcome(result, round_completed=completed)
        drive = drive_services.lock_drive(drive)
        return _captain_result_locked(drive, table, hand, deal, idempotency_key)


def _prediction_deal(
    drive: Drive,
    table: Table,
    hand: int,
    predictions: Sequence[int],
    tricks: Sequence[int],
) -> Deal:
    """A prediction whist deal as a phone sent it, checked by the game's rules
    for the number of players at the table in the hand's round (one query)."""
    _check_started(drive)
    if not 1 <= hand <= drive.hands:
        raise ValidationError(
            _("There is no hand %(hand)s in this drive (1 to %(hands)s).")
            % {"hand": hand, "hands": drive.hands},
            code="invalid",
        )
    round_number = drive.round_of_hand(hand)
    players = seats_at(table, round_number)
    if players not in wist.PLAYER_COUNTS:
        raise ValidationError(
            _("Table %(table)s has no game in round %(round)s.")
            % {"table": table.number, "round": round_number},
            code="not_current",
        )
    predictions_text, tricks_text = checked_predictions(
        table=table.number,
        hand=hand,
        players=players,
        predictions=predictions,
        tricks=tricks,
    )
    return Deal(0, "", "", predictions_text, tricks_text)


def _captain_result_locked(
    drive: Drive,
    table: Table,
    hand: int,
    deal: Deal,
    idempotency_key: str,
) -> CaptainOutcome:
    if not 1 <= hand <= drive.hands:
        raise ValidationError(
            _("There is no hand %(hand)s in this drive (1 to %(hands)s).")
            % {"hand": hand, "hands": drive.hands},
            code="invalid",
        )
    round_number = drive.current_round
    hands = drive.hands_of_round(round_number)
    results = _results_of(table, hands, hand, idempotency_key)
    # A key's first answer is final: sent again, with whatever numbers, it gets
    # that answer and writes nothing.
    earlier = next((r for r in results if r.idempotency_key == idempotency_key), None)
    if earlier is not None:
        return _replay(drive, earlier)
    receipt = _receipt_of(table, idempotency_key)
    if receipt is not None:
        return CaptainOutcome(receipt.result, receipt.kind, receipt.message)
    _check_started(drive)
    of_hand = [r for r in results if r.hand == hand]
    if drive.state == DriveState.FINISHED or hand < hands[0]:
        return _late_result(drive, table, hand, deal, idempotency_key, of_hand)
    round_tables = table_ids_of_round(drive, round_number)
    if table.pk not in round_tables:
        raise ValidationError(
            _("Table %(table)s has no game in round %(round)s.")
            % {"table": table.number, "round": round_number},
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
            _("this table is on hand %(hand)s") % {"hand": current}
            if current
            else _("this table is in")
        )
        raise ValidationError(
            _("Hand %(hand)s has not started yet at table %(table)s: %(now)s.")
            % {"hand": hand, "table": table.number, "now": now},
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
            _("Enter hand %(hand)s first: this table is on hand %(hand)s.")
            % {"hand": current},
            code="not_current",
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
    return _first_result_outcome(result, round_completed=completed)


def _late_result(
    drive: Drive,
    table: Table,
    hand: int,
    deal: Deal,
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
    deal: Deal,
    idempotency_key: str,
    first: HandResult,
    of_hand: list[HandResult],
) -> CaptainOutcome:
    """A phone's result for a hand that already has one standing (`first`): the
    same tricks are "already" in; other tricks are kept as a conflict. The key's
    answer is kept either way (as the conflict, or as a receipt)."""
    if deal_of(first) == deal:
        return _remember(
            table=table,
            key=idempotency_key,
            hand=hand,
            deal=deal,
            outcome=CaptainOutcome(
                first,
                Kind.ALREADY,
                _(
                    "Hand %(hand)s was already in with the same tricks "
                    "(%(deal)s): nothing changed."
                )
                % {"hand": hand, "deal": deal_summary(deal)},
            ),
        )
    # Two phones disagree. The first stands; the second goes to the organiser.
    message = _(
        "Hand %(hand)s at table %(table)s already has a result: %(first)s, "
        "sent at %(time)s. Yours (%(deal)s) was not counted; the organiser "
        "has been told and will settle it."
    ) % {
        "hand": hand,
        "table": table.number,
        "first": deal_summary(first),
        "time": f"{timezone.localtime(first.created_at):%H:%M}",
        "deal": deal_summary(deal),
    }
    message += _moves_stand(drive, hand)
    conflict = next(
        (
            r
            for r in of_hand
            if r.status == ResultStatus.CONFLICT
            and r.resolved_at is None
            and deal_of(r) == deal
        ),
        None,
    )
    if conflict is not None:
        return _remember(
            table=table,
            key=idempotency_key,
            hand=hand,
            deal=deal,
            outcome=CaptainOutcome(conflict, Kind.CONFLICT, message),
        )
    version = 1 + max((r.version for r in of_hand), default=0)
    check_version_room(
        table=table, hand=hand, version=version, limit=PHONE_MAX_VERSIONS
    )
    conflict = HandResult.objects.create(
        table=table,
        hand=hand,
        ns_tricks=deal.ns_tricks,
        honours=deal.honours,
        revoke=deal.revoke,
        predictions=deal.predictions,
        tricks=deal.tricks,
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
                _("Hand %(hand)s is already confirmed.") % {"hand": hand},
            )
        raise ValidationError(
            _("That result for hand %(hand)s has changed meanwhile; nothing was saved.")
            % {"hand": hand},
            code="not_current",
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
        ns_tricks=pending.ns_tricks,
        honours=pending.honours,
        revoke=pending.revoke,
        predictions=pending.predictions,
        tricks=pending.tricks,
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
    return CaptainOutcome(
        result,
        Kind.CONFIRMED,
        _("Hand %(hand)s is confirmed: %(deal)s.")
        % {"hand": hand, "deal": deal_summary(result)},
        round_completed=advance_if_complete(drive),
    )


@transaction.atomic
def captain_result_reject(*, table: Table, hand: int, version: int) -> CaptainOutcome:
    """An opponent says a pending result is wrong: it is set aside, to be entered again."""
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
            _("Cleared: enter hand %(hand)s again.") % {"hand": hand},
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
            _("Cleared: enter hand %(hand)s again.") % {"hand": hand},
        )
    raise ValidationError(
        _(
            "That result for hand %(hand)s has been confirmed meanwhile; "
            "ask the organiser if it needs correcting."
        )
        % {"hand": hand},
        code="not_current",
    )
