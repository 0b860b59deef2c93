"""Late phones: results sent as the room moves on, and after, through a live server.

A real gunicorn against a fresh database, as in tests/reliability/test_concurrency.py.
Every table has a captain's phone that enters hand 1, and two more phones that
send it too: one with the same tricks, one with other tricks (two captains who
disagree). The last table's captain and every other table's second and third
phones are released together, so some of them arrive before that last result
seats round 2 and some after it; then the last table's second and third phones,
fresh phones, and every phone's retry arrive once the room has moved on.

Whenever it arrives, a phone that agrees is told "already" (200) and one that
disagrees is told "conflict" (409) and kept, unresolved, for the organiser,
whose room shows every table's disagreement; a retry gets the answer it had and
writes nothing; round 2's seating is what the first results made, and stays so
when the organiser settles a late disagreement with the other tricks; the late
disagreements hold nothing up, so round 2 plays out and finishes the drive; and
nothing answers 5xx.
"""

from __future__ import annotations

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

TABLES, HANDS = 6, 2


def tricks(table: int) -> int:
    return (table * 5 + 3) % 14


def other_tricks(table: int) -> int:
    # The other side won: settled this way, the table's winner changes.
    return 13 - tricks(table)


@dataclass
class Sent:
    table: int
    ns_tricks: int
    key: str
    captain: Captain
    status: int = 0
    answer: dict | None = None

    def again(self) -> Sent:
        return Sent(self.table, self.ns_tricks, self.key, self.captain)

    def send(self) -> None:
        reply = self.captain.send(
            table=self.table, hand=1, ns_tricks=self.ns_tricks, key=self.key
        )
        self.status = reply.status
        self.answer = reply.json()


@dataclass
class Room:
    server: LiveServer
    url: str
    seeded: dict

    @property
    def drive(self) -> int:
        return self.seeded["drive"]

    def phone(self, table: int, ns_tricks: int) -> Sent:
        captain = Captain(self.server.url, self.seeded["keys"][str(table)])
        captain.open()
        return Sent(table, ns_tricks, submission_key(), captain)

    def current(self) -> tuple[int, str]:
        return query(
            self.url,
            "SELECT current_round, state FROM drive_drive WHERE id = %s",
            (self.drive,),
        )[0]

    def hand_1(self, table: int) -> list[tuple]:
        return query(
            self.url,
            "SELECT r.ns_tricks, r.status, r.resolved_at IS NULL FROM scoring_handresult r "
            "JOIN drive_table t ON t.id = r.table_id "
            "WHERE t.drive_id = %s AND t.number = %s AND r.hand = 1 ORDER BY r.version",
            (self.drive, table),
        )

    def seating(self, round_number: int) -> list[tuple]:
        return query(
            self.url,
            "SELECT s.entry_id, t.number, s.position FROM drive_seatassignment s "
            "JOIN drive_round r ON r.id = s.round_id "
            "LEFT JOIN drive_table t ON t.id = s.table_id "
            "WHERE r.drive_id = %s AND r.number = %s ORDER BY s.entry_id",
            (self.drive, round_number),
        )

    def written(self) -> tuple:
        """How many results and audit events the drive has."""
        return (
            query(
                self.url,
                "SELECT COUNT(*) FROM scoring_handresult r "
                "JOIN drive_table t ON t.id = r.table_id WHERE t.drive_id = %s",
                (self.drive,),
            ),
            query(
                self.url,
                "SELECT COUNT(*) FROM players_auditevent WHERE drive_id = %s",
                (self.drive,),
            ),
        )


@pytest.fixture
def room(scratch) -> Iterator[Room]:
    url, seeded = scratch.seeded("--tables", str(TABLES), "--hands", str(HANDS))
    with serving(url, workers=3) as server:
        yield Room(server, url, seeded)


def check_answers(agreeing: list[Sent], disagreeing: list[Sent]) -> None:
    for item in agreeing:
        assert (item.status, item.answer["kind"]) == (200, "already"), item.answer
        assert item.answer["ok"] is True
        assert f"N-S {item.ns_tricks}," in item.answer["message"]
    for item in disagreeing:
        assert (item.status, item.answer["kind"]) == (409, "conflict"), item.answer
        assert item.answer["ok"] is False
        assert "organiser" in item.answer["message"]


def test_late_phones_get_the_answer_they_had_before_the_move(room):
    last = TABLES
    firsts = [room.phone(t, tricks(t)) for t in range(1, TABLES + 1)]
    all_at_once(firsts[:-1], Sent.send)
    assert {(i.status, i.answer["kind"]) for i in firsts[:-1]} == {(200, "recorded")}
    assert room.current() == (1, "in_play")

    # The last table's result seats round 2 while the other tables' second
    # phones send the same tricks: some arrive before the move, some after.
    agreeing = [room.phone(t, tricks(t)) for t in range(1, last)]
    all_at_once([firsts[-1], *agreeing], Sent.send)
    assert (firsts[-1].status, firsts[-1].answer["kind"]) == (200, "recorded")
    assert room.current() == (2, "in_play")
    round_2 = room.seating(2)
    assert len(round_2) == 4 * TABLES
    check_answers(agreeing, [])

    # Now late: the last table's second phone, and at every table two phones
    # with other tricks (the same ones) and a fresh one with the same, at once.
    agreeing += [room.phone(t, tricks(t)) for t in range(1, TABLES + 1) if t != 1]
    agreeing += [room.phone(last, tricks(last))]
    disagreeing = [
        room.phone(t, other_tricks(t)) for t in range(1, TABLES + 1) for _ in (1, 2)
    ]
    all_at_once([*agreeing[last - 1 :], *disagreeing], Sent.send)
    check_answers(agreeing, disagreeing)
    for item in disagreeing:
        assert (
            "The moves after round 1 were already made and stand"
            in (item.answer["message"])
        )

    # Each table: the first result stands, the other tricks are kept once, open.
    for table in range(1, TABLES + 1):
        assert room.hand_1(table) == [
            (tricks(table), "confirmed", True),
            (other_tricks(table), "conflict", True),
        ], table

    # Every phone sends its submission again: the answer it had, nothing written.
    before = room.written()
    retries = [item.again() for item in agreeing + disagreeing]
    all_at_once(retries, Sent.send)
    for item, retry in zip(agreeing + disagreeing, retries, strict=True):
        assert (retry.status, retry.answer["ok"]) == (item.status, item.answer["ok"])
        assert retry.answer["kind"] == item.answer["kind"]
    assert room.written() == before
    assert room.seating(2) == round_2

    # The organiser's room shows every disagreement, as one to settle late.
    desk = organiser(room.server.url, room.seeded)
    page = desk.get(f"/drives/{room.drive}/room/").body
    for table in range(1, TABLES + 1):
        assert f"Table {table}, hand 1: two results" in page
        assert (
            f"A phone sent another result for table {table}, hand 1 after its round "
            "had moved on" in page
        )
    assert "Round 1 has already moved on: the moves after it stand" in page
    # Settled with the other tricks: scores change, round 2's seats do not.
    desk.get(f"/drives/{room.drive}/room/")
    reply = desk.post(
        f"/drives/{room.drive}/room/resolve/",
        {"table": 1, "hand": 1, "ns_tricks": other_tricks(1), "seen_version": 1},
    )
    assert reply.status == 302, reply.body[:500]
    page = desk.get(reply.headers["location"]).body
    assert "The moves after round 1 were already made and stand" in page
    assert "Table 1, hand 1: two results" not in page
    assert room.seating(2) == round_2
    assert room.hand_1(1)[-1] == (other_tricks(1), "confirmed", True)

    # The other late disagreements hold nothing up: round 2 plays out.
    for table in range(1, TABLES + 1):
        captain = Captain(room.server.url, room.seeded["keys"][str(table)])
        captain.open()
        reply = captain.send(table=table, hand=2, ns_tricks=7, key=submission_key())
        assert reply.status == 200, reply.body
    assert room.current() == (2, "finished")
