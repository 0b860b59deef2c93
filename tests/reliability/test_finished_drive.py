"""A finished drive through a live server: its players stand as they played.

A real gunicorn against a fresh database (tests/reliability/test_late_phones.py).
The captains' phones play a two-hand drive to its end; then the organiser's
browser presses every button of the players' page on it, as a page left open
since the evening would: withdraw, undo withdrawal, check in and out, a group
move, remove, balance. Each is refused with a 409 and words, nothing is
written (no entry changes, no record of changes is added) and the server's log
holds no traceback (issue 33).
"""

from __future__ import annotations

from bench.live import Captain, query, submission_key
from tests.reliability.phones import organiser
from tests.reliability.server import serving

TABLES, HANDS = 2, 2


def test_a_finished_drive_refuses_every_change_to_its_players(scratch):
    url, seeded = scratch.seeded("--tables", str(TABLES), "--hands", str(HANDS))
    drive = seeded["drive"]
    with serving(url, workers=2) as server:
        for hand in range(1, HANDS + 1):
            for table in range(1, TABLES + 1):
                captain = Captain(server.url, seeded["keys"][str(table)])
                captain.open()
                reply = captain.send(
                    table=table, hand=hand, ns_tricks=7 + table, key=submission_key()
                )
                assert reply.status == 200, reply.body[:500]
        assert query(url, "SELECT state FROM drive_drive WHERE id = %s", (drive,)) == [
            ("finished",)
        ]
        entry = query(
            url,
            "SELECT id FROM drive_entry WHERE drive_id = %s ORDER BY number LIMIT 1",
            (drive,),
        )[0][0]

        def written() -> tuple:
            return (
                query(
                    url,
                    'SELECT id, "group", checked_in, joined_round, '
                    "withdrawn_from_round FROM drive_entry WHERE drive_id = %s "
                    "ORDER BY id",
                    (drive,),
                ),
                query(
                    url,
                    "SELECT COUNT(*) FROM players_auditevent WHERE drive_id = %s",
                    (drive,),
                ),
            )

        before = written()
        browser = organiser(server.url, seeded)
        browser.get(f"/drives/{drive}/entries/")
        for action in (
            "reinstate",
            "withdraw",
            "check_in",
            "check_out",
            "group_a",
            "group_b",
            "remove",
        ):
            reply = browser.post(
                f"/drives/{drive}/entries/{entry}/", {"action": action}
            )
            assert reply.status == 409, (action, reply.status)
            assert "This drive has finished" in reply.body, action
        reply = browser.post(f"/drives/{drive}/balance/", {})
        assert reply.status == 409, reply.status
        assert written() == before
