"""A captain's usual submission: a table's first result for the hand it is
playing, planned before the drive's lock and written under it.

Every submission of a drive queues for the drive's lock, at the bell a hundred
at once. So the plan (`_plan_first_result`) reads, before the lock, whether
this is the usual submission and what it rests on (its *stamp*); under the
lock one query checks the stamp and counts the round's confirmed results, and
the result and its audit record (`_FirstResultWrite`, made ready before) are
written if it holds (`_written_as_planned`); on PostgreSQL, outside a
transaction, all of it is one round trip (`_in_one_round_trip`). Anything else
is worked out under the lock from a fresh read (scoring.captain).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection

from drive import services as drive_services
from drive.models import Drive, DriveState, Table
from players import audit, prepared, rows
from scoring.audit import result_event
from scoring.models import HandResult, ResultStatus
from scoring.rules import DealRecord
from scoring.selectors import current_hand, table_in_after
from scoring.services import PHONE_MAX_VERSIONS


def captain_source(table: Table) -> str:
    """Which link a result came from: the table and the start of its key."""
    return f"table {table.number} captain link {table.captain_key[:6]}"


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


@dataclass(frozen=True)
class _FirstResult:
    """A new result for the hand the table is playing, as planned before the lock.

    `stamp` is what the plan rests on: the drive's state and round, counts
    over the table's results and the table's count of receipts. Taken again
    under the lock (`_stamp_query`), the same stamp means nothing the plan read
    has changed (a round's seating never changes once it is played; results
    are never deleted; every change of a result's standing changes a count).
    `tables`: how many tables have a game in the round. `table_in`: once
    written (and confirmed), the table has every hand of its round in
    (scoring.selectors.table_in_after).
    """

    version: int
    tables: int
    stamp: tuple
    table_in: bool = False

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
    standing, pending, version = set(), set(), 1
    for _id, number, row_version, status, key, _resolved in results:
        if key == idempotency_key:
            return None
        if number in hands and status in standing_statuses:
            standing.add(number)
            if status == ResultStatus.PENDING:
                pending.add(number)
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
    return _FirstResult(
        version=version,
        tables=len(drive.seated_tables),
        stamp=stamp,
        table_in=not drive.opponent_confirms
        and table_in_after(hands, hand, standing, pending),
    )


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
        deal: DealRecord,
        idempotency_key: str,
        version: int,
    ) -> None:
        result = HandResult(
            table=table,
            hand=hand,
            **deal._asdict(),
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
    one round trip to the database, and the whole write is that one; both
    statements are kept planned on the connection (players.prepared).

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
    lock, lock_params = prepared.statement(
        drive_services.lock_sql("1" + _acknowledge_before_flush_sql()), [drive.pk]
    )
    sql, params = prepared.statement(sql, params)
    with connection.cursor() as cursor:
        try:
            cursor.execute(f"BEGIN; {lock}; {sql}; COMMIT", [*lock_params, *params])
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
