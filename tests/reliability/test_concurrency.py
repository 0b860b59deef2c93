"""Concurrent entry: simultaneous captains' submissions through a live server.

A real gunicorn (bench.live) against a fresh database file (or a fresh
PostgreSQL database when DATABASE_URL points at one): pytest-django's
in-memory database would hide SQLite's locking. In one burst, released
together by a barrier:

- phones of different tables each send their table's result;
- several phones resend one submission (the same idempotency key), as a phone
  on patchy Wi-Fi retries;
- phones at one table send different numbers, as two captains who disagree.

Then every submission is sent again. Exactly one result stands per table and
hand, every retry gets the original outcome, every disagreement is flagged
for the organiser, and nothing answers 5xx or "database is locked".

SOAK=1 (make soak) sends 200 at once, over three hands, the organiser settling
each disagreement between them.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from bench.live import (
    Captain,
    LiveServer,
    query,
    submission_key,
)
from tests.reliability.phones import all_at_once, organiser
from tests.reliability.server import serving

SOAK = os.environ.get("SOAK") == "1"
# Phones of different tables, resending one key, and disagreeing at one table.
DIFFERENT_TABLES, SAME_KEY, DISAGREEING = (150, 25, 25) if SOAK else (30, 10, 10)
HANDS = 3 if SOAK else 1
# Two tables never send anything, so the round stays open for the disagreement.
TABLES = DIFFERENT_TABLES + 2 + 2


@dataclass
class Live:
    server: LiveServer
    database_url: str
    seeded: dict

    def key(self, table: int) -> str:
        return self.seeded["keys"][str(table)]


@pytest.fixture
def live(scratch) -> Iterator[Live]:
    url, seeded = scratch.seeded("--tables", str(TABLES), "--hands", str(HANDS))
    with serving(url, workers=4) as server:
        yield Live(server, url, seeded)


@dataclass
class Sent:
    group: str
    table: int
    hand: int
    ns_tricks: int
    key: str
    captain: Captain
    status: int = 0
    answer: dict | None = None

    def send(self) -> None:
        reply = self.captain.send(
            table=self.table, hand=self.hand, ns_tricks=self.ns_tricks, key=self.key
        )
        self.status = reply.status
        assert "database is locked" not in reply.body
        self.answer = reply.json()


def burst(live: Live, hand: int) -> list[Sent]:
    """One hand's burst: different tables, one key resent, one table disagreeing."""
    sent = []
    for table in range(1, DIFFERENT_TABLES + 1):
        sent.append(
            Sent("table", table, hand, (table + hand) % 14, submission_key(), None)
        )
    same_table, same_key = DIFFERENT_TABLES + 1, submission_key()
    for _ in range(SAME_KEY):
        sent.append(Sent("retry", same_table, hand, 9, same_key, None))
    disputed = DIFFERENT_TABLES + 2
    for n in range(DISAGREEING):
        # Some phones agree with each other, so the first may be matched too.
        sent.append(Sent("dispute", disputed, hand, 3 + n % 5, submission_key(), None))
    for item in sent:
        item.captain = Captain(live.server.url, live.key(item.table))
        item.captain.open()
    all_at_once(sent, Sent.send)
    return sent


def standing(live: Live, table: int, hand: int) -> list[tuple]:
    return query(
        live.database_url,
        "SELECT r.ns_tricks, r.status FROM scoring_handresult r "
        "JOIN drive_table t ON t.id = r.table_id "
        "WHERE t.drive_id = %s AND t.number = %s AND r.hand = %s "
        "AND r.status IN ('pending', 'confirmed')",
        (live.seeded["drive"], table, hand),
    )


def tricks_in(message: str) -> int:
    return int(re.search(r"N-S (\d+)", message).group(1))


def check_burst(live: Live, sent: list[Sent], hand: int) -> None:
    assert all(item.status < 500 for item in sent)
    # Different tables: each one's result is in.
    for item in (i for i in sent if i.group == "table"):
        assert (item.status, item.answer["kind"]) == (200, "recorded"), item.answer
        assert standing(live, item.table, hand) == [(item.ns_tricks, "confirmed")]
    # One key resent: one result, and every answer says it was received.
    retries = [i for i in sent if i.group == "retry"]
    assert {i.status for i in retries} == {200}
    kinds = Counter(i.answer["kind"] for i in retries)
    assert kinds["recorded"] == 1 and kinds["recorded"] + kinds["already"] == SAME_KEY
    assert {tricks_in(i.answer["message"]) for i in retries} == {9}
    table = retries[0].table
    assert standing(live, table, hand) == [(9, "confirmed")]
    rows = query(
        live.database_url,
        "SELECT COUNT(*) FROM scoring_handresult WHERE idempotency_key = %s",
        (retries[0].key,),
    )
    assert rows == [(1,)]
    # One table disagreeing: the first stands, the others are flagged.
    disputes = [i for i in sent if i.group == "dispute"]
    table = disputes[0].table
    [(first, status)] = standing(live, table, hand)
    assert status == "confirmed"
    assert sum(1 for i in disputes if i.answer["kind"] == "recorded") == 1
    for item in disputes:
        if item.ns_tricks == first:
            assert item.status == 200 and item.answer["ok"]
        else:
            assert (item.status, item.answer["kind"]) == (409, "conflict")
            assert "organiser" in item.answer["message"]
    flagged = query(
        live.database_url,
        "SELECT r.ns_tricks FROM scoring_handresult r "
        "JOIN drive_table t ON t.id = r.table_id "
        "WHERE t.drive_id = %s AND t.number = %s AND r.hand = %s "
        "AND r.status = 'conflict' AND r.resolved_at IS NULL",
        (live.seeded["drive"], table, hand),
    )
    assert sorted(n for (n,) in flagged) == sorted(
        {i.ns_tricks for i in disputes} - {first}
    )


def check_retries_keep_their_outcome(sent: list[Sent]) -> None:
    """Every submission sent again gets the answer it had, and writes nothing."""
    first_answers = {(i.key, i.table): (i.status, i.answer["ok"]) for i in sent}
    again = [
        Sent(i.group, i.table, i.hand, i.ns_tricks, i.key, i.captain) for i in sent
    ]
    all_at_once(again, Sent.send)
    for item in again:
        status, ok = first_answers[(item.key, item.table)]
        assert (item.status, item.answer["ok"]) == (status, ok), item.answer
        assert f"N-S {item.ns_tricks}," in item.answer["message"], item.answer


def settle_and_finish_round(live: Live, hand: int) -> None:
    """The organiser keeps the standing result of the disputed table; the idle tables send theirs."""
    desk = organiser(live.server.url, live.seeded)
    disputed = DIFFERENT_TABLES + 2
    [(first, _)] = standing(live, disputed, hand)
    version = query(
        live.database_url,
        "SELECT r.version FROM scoring_handresult r JOIN drive_table t ON t.id = r.table_id "
        "WHERE t.drive_id = %s AND t.number = %s AND r.hand = %s AND r.status = 'confirmed'",
        (live.seeded["drive"], disputed, hand),
    )[0][0]
    desk.get(f"/drives/{live.seeded['drive']}/room/")
    reply = desk.post(
        f"/drives/{live.seeded['drive']}/room/resolve/",
        {"table": disputed, "hand": hand, "ns_tricks": first, "seen_version": version},
    )
    assert reply.status == 302, reply.body[:500]
    for table in range(DIFFERENT_TABLES + 3, TABLES + 1):
        captain = Captain(live.server.url, live.key(table))
        captain.open()
        reply = captain.send(table=table, hand=hand, ns_tricks=7, key=submission_key())
        assert reply.status == 200, reply.body
    current = query(
        live.database_url,
        "SELECT current_round, state FROM drive_drive WHERE id = %s",
        (live.seeded["drive"],),
    )[0]
    assert current in ((hand + 1, "in_play"), (hand, "finished"))


def test_simultaneous_submissions_leave_one_result_per_table_and_hand(live):
    for hand in range(1, HANDS + 1):
        sent = burst(live, hand)
        check_burst(live, sent, hand)
        check_retries_keep_their_outcome(sent)
        check_burst(live, sent, hand)  # the retries wrote nothing
        if hand < HANDS:
            settle_and_finish_round(live, hand)
    duplicates = query(
        live.database_url,
        "SELECT r.table_id, r.hand, COUNT(*) FROM scoring_handresult r "
        "WHERE r.status IN ('pending', 'confirmed') "
        "GROUP BY r.table_id, r.hand HAVING COUNT(*) > 1",
    )
    assert duplicates == []
