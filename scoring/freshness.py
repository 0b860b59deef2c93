"""Conditional GET for the live boards: a poll that finds nothing new costs almost nothing.

Phones, the organiser's laptop and the projector poll the leaderboard every few
seconds, and most polls find it as it was. The htmx partials of the
leaderboard, the projector and the public leaderboard therefore carry an ETag,
and a poll that sends it back (the browser's cache does, on its own) is
answered 304 Not Modified without loading or ranking anything.

- *Board fingerprint*: everything a board shows, read in one small query: the
  drive's own row (state, round, settings), and counts, largest ids and sums
  over the drive's results (by status, read from their index alone),
  adjustments, entries (groups, arrivals, withdrawals) and a cards-in drive's
  cards typed in (scoring.cards_in). Any write that can
  change a board changes one of them: a result that counts is always a new
  row. (Settling a disagreement by keeping the result that stands changes no
  board, so it changes no fingerprint.)
- *Recheck*: a player's rename is the one change the fingerprint cannot see
  cheaply, so an ETag is honoured for at most RECHECK_SECONDS after the page
  it names was made; then the board is made afresh once.

- *Silence*: while the drive's last rounds are silent (drive.silence), the
  fingerprint of a board players see (the projector, the public board) counts
  only the results of the hands before them, so a 304 or a 200 says nothing
  of a result in a silent round.

- *Table fingerprint*: what one table's captain page shows that another phone
  (or the organiser) can change while it waits for an entry: the drive's state,
  round, round clock and silence, and counts over that table's own results by status. A result
  entered, confirmed or turned down at the table changes it; a result at
  another table does not, unless it ends the round. The captain's page asks
  with it every few seconds and reloads only when it changes.

A finished drive is never answered 304: its partial carries htmx's "stop
polling" status, which a browser's cache would not keep. There is no
Last-Modified: a deleted adjustment leaves no date behind, so If-Modified-Since
could not be answered truthfully.
"""

from __future__ import annotations

import hashlib
import time
from functools import cache

from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers

from drive.models import Drive, DriveState, Entry, Table
from players import prepared
from players.http import number_sent
from scoring.models import Adjustment, CardTotal, HandResult, ResultStatus

RECHECK_SECONDS = 60


@cache
def _fingerprint_sql(
    where: str, vendor: str, silenced: bool = False
) -> tuple[str, int]:
    """The drive's row (found by `where`, whose one `%s` is the value) and the
    counts of what its boards show, written once for each database (every poll
    of every board asks it); with how many times the value is asked for.

    Each count names its drive by the same small lookup rather than through a
    shared subquery (WITH ... IN): SQLite compiles the query for every poll,
    and the shared form took it longer to compile and run, on every poll of a
    big drive. (PostgreSQL keeps it planned: board_fingerprint.)
    """
    q = connection.ops.quote_name
    drive, result = q(Drive._meta.db_table), q(HandResult._meta.db_table)
    table, adjustment = q(Table._meta.db_table), q(Adjustment._meta.db_table)
    entry, card = q(Entry._meta.db_table), q(CardTotal._meta.db_table)
    drive_id = f"(SELECT id FROM {drive} WHERE {where})"
    # A board players see counts, while the silence holds, only the results
    # of the hands before the silent rounds (drive.silence): a result in a
    # silent round changes nothing it shows, so it changes no fingerprint.
    hands = ""
    if silenced:
        hands = f"""AND hr.hand <= (
                SELECT CASE WHEN silent_rounds > 0 AND NOT silence_lifted
                    AND state IN ('{DriveState.IN_PLAY}', '{DriveState.FINISHED}')
                THEN hands - silent_rounds * hands_per_round ELSE hands END
                FROM {drive} WHERE {where})"""
    # Every column named, none as `*`: the statement is kept planned on
    # PostgreSQL (players.prepared), and a prepared `d.*` would be refused
    # once a migration added a column to the drive.
    columns = ", ".join(f"d.{q(f.column)}" for f in Drive._meta.concrete_fields)
    sql = f"""
        SELECT {columns}, r.n, r.last_id, r.confirmed, r.pending,
               a.n, a.last_id, a.points,
               e.n, e.last_id, e.group_a, e.joined, e.withdrawn, e.numbers,
               c.n, c.total, c.won, c.changed
        FROM {drive} d CROSS JOIN (
            SELECT COUNT(*) AS n, MAX(hr.id) AS last_id,
                   SUM(CASE WHEN hr.status = '{ResultStatus.CONFIRMED}' THEN 1 ELSE 0 END) AS confirmed,
                   SUM(CASE WHEN hr.status = '{ResultStatus.PENDING}' THEN 1 ELSE 0 END) AS pending
            FROM {result} hr JOIN {table} t ON t.id = hr.table_id
            WHERE t.drive_id = {drive_id} {hands}
        ) r CROSS JOIN (
            SELECT COUNT(*) AS n, MAX(adj.id) AS last_id, SUM(adj.points) AS points
            FROM {adjustment} adj JOIN {entry} en ON en.id = adj.entry_id
            WHERE en.drive_id = {drive_id}
        ) a CROSS JOIN (
            SELECT COUNT(*) AS n, MAX(id) AS last_id,
                   SUM(CASE WHEN {q("group")} = 'A' THEN 1 ELSE 0 END) AS group_a,
                   SUM(COALESCE(joined_round, 0)) AS joined,
                   SUM(COALESCE(withdrawn_from_round, 0)) AS withdrawn,
                   SUM(number) AS numbers
            FROM {entry} WHERE drive_id = {drive_id}
        ) e CROSS JOIN (
            SELECT COUNT(*) AS n, SUM(total) AS total,
                   SUM(COALESCE(hands_won, -1)) AS won, MAX(changed_at) AS changed
            FROM {card} WHERE drive_id = {drive_id}
        ) c
        WHERE d.{where}
    """
    return sql, sql.count("%s")


BY_ID = "id = %s"
# A drive that is not shared has an empty key, which no link may match.
BY_PUBLIC_KEY = "public_key = %s AND public_key <> ''"


def board_fingerprint(
    *, where: str, value: object, part: str, silenced: bool = False
) -> tuple[str, str]:
    """(fingerprint, drive state) of `part` of one drive's boards, in one query;
    `silenced`, of a board players see, which keeps the silent rounds quiet.

    The fingerprint is empty when no drive matches.
    """
    sql, asked = _fingerprint_sql(where, connection.vendor, silenced)
    # Every poll of every board asks it: on PostgreSQL it is kept planned.
    sql, params = prepared.statement(sql, [value] * asked)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
        names = [column[0] for column in cursor.description]
    if row is None:
        return "", ""
    text = repr((part, row))
    return hashlib.sha256(text.encode()).hexdigest()[:24], row[names.index("state")]


@cache
def _table_counts_sql(vendor: str) -> str:
    """One table's results: how many, the largest id, how many confirmed and
    pending (its one parameter the table's id)."""
    q = connection.ops.quote_name
    status = q("status")
    return (
        f"SELECT COUNT({q('id')}), MAX({q('id')}), "
        f"COALESCE(SUM(CASE WHEN {status} = '{ResultStatus.CONFIRMED}' THEN 1 ELSE 0 END), 0), "
        f"COALESCE(SUM(CASE WHEN {status} = '{ResultStatus.PENDING}' THEN 1 ELSE 0 END), 0) "
        f"FROM {q(HandResult._meta.db_table)} WHERE {q('table_id')} = %s"
    )


def table_fingerprint(*, table: Table) -> str:
    """The table fingerprint, in one small query over the table's own results.

    `table.drive` must be loaded with the table (the captain's link does so),
    and before anything the page shows is read: a change that lands in between
    then shows as a change on the next ask instead of being missed.
    """
    # Every waiting phone asks every few seconds: written once, and on
    # PostgreSQL kept planned (players.prepared).
    sql, params = prepared.statement(_table_counts_sql(connection.vendor), [table.pk])
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        n, last_id, confirmed, pending = cursor.fetchone()
    counts = {"n": n, "last_id": last_id, "confirmed": confirmed, "pending": pending}
    drive = table.drive
    clock = (drive.clock_state, drive.clock_ends_at, drive.clock_left)
    quiet = (drive.silent_rounds, drive.silence_lifted)
    text = repr(
        (
            "table",
            drive.state,
            drive.current_round,
            clock,
            quiet,
            sorted(counts.items()),
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _etag(fingerprint: str, made: int) -> str:
    return f'W/"{fingerprint}.{made}"'


def _sent_etags(request: HttpRequest) -> list[tuple[str, int]]:
    """(fingerprint, made) of each ETag of ours in If-None-Match."""
    sent = []
    for raw in request.headers.get("If-None-Match", "").split(","):
        tag = raw.strip().removeprefix("W/").strip('"')
        fingerprint, _, made = tag.partition(".")
        number = number_sent(made, digits=15)
        if fingerprint and number is not None:
            sent.append((fingerprint, number))
    return sent


class BoardPoll:
    """The conditional side of a board's htmx partial.

    poll = BoardPoll(request, "leaderboard", drive=drive)  # or public_key=key
    # (players_see=True for a board players see: the projector)
    if poll.unchanged: return poll.not_modified()
    ...; return poll.tag(render(...partial...))

    Given a public key rather than a drive, an unchanged board costs one query
    in all: the drive is not even loaded.
    """

    def __init__(
        self,
        request: HttpRequest,
        part: str,
        *,
        drive: Drive | None = None,
        public_key: str = "",
        players_see: bool = False,
    ) -> None:
        self.active = bool(
            request.method == "GET" and request.htmx and not request.htmx.boosted
        )
        self.fingerprint = ""
        self.made = int(time.time())
        self.unchanged = False
        if not self.active:
            return
        # A visitor who switches language must not be handed the board their
        # browser kept in the old one (a club's change shows within the recheck).
        part = f"{part}:{translation.get_language()}"
        # A board players see (the projector, the public board) says nothing of
        # the silent rounds, not even by a changed tag (drive.silence).
        silenced = players_see or drive is None
        if drive is not None:
            found = board_fingerprint(
                where=BY_ID, value=drive.pk, part=part, silenced=silenced
            )
        else:
            found = board_fingerprint(
                where=BY_PUBLIC_KEY, value=public_key, part=part, silenced=silenced
            )
        self.fingerprint, state = found
        if not self.fingerprint or state == DriveState.FINISHED:
            self.active = False
            return
        for fingerprint, made in _sent_etags(request):
            if (
                fingerprint == self.fingerprint
                and 0 <= self.made - made < RECHECK_SECONDS
            ):
                self.unchanged = True
                self.made = made
                break

    def _headers(self, response: HttpResponse) -> HttpResponse:
        if self.active:
            response["ETag"] = _etag(self.fingerprint, self.made)
            # Ask every time (no-cache), keep it to this browser (private).
            patch_cache_control(response, private=True, no_cache=True)
            patch_vary_headers(response, ["HX-Request"])
        return response

    def not_modified(self) -> HttpResponse:
        return self._headers(HttpResponseNotModified())

    def tag(self, response: HttpResponse) -> HttpResponse:
        if response.status_code != 200:
            return response
        return self._headers(response)
