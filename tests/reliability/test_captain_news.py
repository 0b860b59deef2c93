"""A phone left on a hand asks a real server for news (bench.live: gunicorn on its own
database, phones as plain HTTP clients with their own cookies).

Three tables. The phone waits on hand 1 at table 1 and keeps asking with the
fingerprint its page was made with: nothing new is an empty 204, also when
another table's result comes in; when a second phone at table 1 sends hand 1,
the answer is a new fingerprint and what was recorded; the page made after the
round moves on carries the fingerprint the news gave last.
"""

from __future__ import annotations

import re

from bench.live import Captain, submission_key
from tests.reliability.server import serving


def fingerprint_on(html: str) -> str:
    return re.search(r'data-fingerprint="([0-9a-f]+)"', html).group(1)


def test_a_waiting_phone_hears_only_of_its_own_tables_results(scratch) -> None:
    url, seeded = scratch.seeded("--tables", "3", "--hands", "2")
    keys = seeded["keys"]
    with serving(url, workers=2) as server:
        waiting = Captain(server.url, keys["1"])
        seen = fingerprint_on(waiting.open().body)

        def ask(fingerprint: str):
            return waiting.get(f"/t/{keys['1']}/news/?seen={fingerprint}&hand=1")

        for _ in range(3):
            reply = ask(seen)
            assert (reply.status, reply.body) == (204, "")

        other_table = Captain(server.url, keys["2"])
        other_table.open()
        sent = other_table.send(table=2, hand=1, ns_tricks=6, key=submission_key())
        assert sent.status == 200, sent.body
        assert ask(seen).status == 204

        second_phone = Captain(server.url, keys["1"])
        second_phone.open()
        sent = second_phone.send(table=1, hand=1, ns_tricks=8, key=submission_key())
        assert sent.status == 200, sent.body
        reply = ask(seen)
        assert reply.status == 200
        news = reply.json()
        assert (
            news["message"] == "Hand 1 was recorded from another phone: N-S 8, E-W 5."
        )
        assert news["fingerprint"] != seen
        assert ask(news["fingerprint"]).status == 204

        last = Captain(server.url, keys["3"])
        last.open()
        sent = last.send(table=3, hand=1, ns_tricks=7, key=submission_key())
        assert sent.status == 200, sent.body
        reply = ask(news["fingerprint"])
        assert reply.status == 200  # the round moved on: moves and hand 2
        page = waiting.get(f"/t/{keys['1']}/")
        assert "Who won hand 2?" in page.body
        assert fingerprint_on(page.body) == reply.json()["fingerprint"]
