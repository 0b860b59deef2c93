"""News for a phone that waits on a hand: the question changes only with its own
table's results, and says who recorded the hand and how."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client

from scoring import captain as captain_services
from scoring import services as scoring_services
from tests.factories import drive_with_players
from tests.scoring.captain_phone import (
    page_url,
    post_result,
    submit,
    table_of,
)

pytestmark = pytest.mark.django_db


# --- news for a phone that waits on a hand -------------------------------------------------


def fingerprint_on(html: str) -> str:
    return re.search(r'data-fingerprint="([0-9a-f]+)"', html).group(1)


def news(client, table, seen: str, hand: object = ""):
    return client.get(page_url(table, "news/"), {"seen": seen, "hand": hand})


def test_a_phones_question_for_news_changes_only_with_its_own_tables_results(
    club, django_assert_max_num_queries
):
    drive = drive_with_players(players=12, club=club, hands=3)  # three tables
    table = table_of(drive, 1)
    phone = Client()
    check = phone.get(page_url(table), {"hand": 1, "won": "NS", "odd": 2})
    seen = fingerprint_on(check.content.decode())
    # Nothing new: an empty answer, for the link's query and one small one.
    with django_assert_max_num_queries(2) as queries:
        response = news(phone, table, seen, hand=1)
    assert response.status_code == 204 and response.content == b""
    if connection.vendor == "postgresql":
        # Both asked by every waiting phone: kept planned (players.prepared).
        assert all(q["sql"].startswith("EXECUTE w_") for q in queries.captured_queries)
    assert "no-store" in response["Cache-Control"]
    # Another table's result is no news for this table.
    post_result(Client(), table_of(drive, 2), 1, 4, key="t2" * 11)
    assert news(phone, table, seen, hand=1).status_code == 204

    # Another phone at this table enters hand 1.
    post_result(Client(), table, 1, 8, key="p2" * 11)
    response = news(phone, table, seen, hand=1)
    assert response.status_code == 200
    assert response.json()["message"] == (
        "Hand 1 was recorded from another phone: N-S 8, E-W 5."
    )
    fresh = response.json()["fingerprint"]
    assert fresh != seen
    with django_assert_max_num_queries(2):
        assert news(phone, table, fresh, hand=1).status_code == 204
    # Without JavaScript, the phone's page is right when it is loaded again:
    # hand 1 is not asked for again, and says what was recorded.
    html = phone.get(page_url(table), {"hand": 1, "won": "NS", "odd": 2})
    html = html.content.decode()
    assert 'data-step="check"' not in html and "Who won hand 1?" not in html
    # (each side's label in a span that keeps it on one line)
    assert "Hand 1 is in: N-S 8 tricks, E-W 5." in re.sub(r"<[^>]+>", "", html)
    assert "Waiting for table 3." in html

    # The last table ends the round: news for every table (moves, the next hand).
    post_result(Client(), table_of(drive, 3), 1, 7, key="t3" * 11)
    assert news(phone, table, fresh, hand=1).status_code == 200


def test_the_news_says_who_recorded_the_hand_and_how(club):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    table = table_of(drive, 1)
    seen = fingerprint_on(Client().get(page_url(table)).content.decode())
    submit(table, 1, 9)
    answer = news(Client(), table, seen, hand=1).json()
    assert answer["message"] == "Hand 1 was entered from another phone: N-S 9, E-W 4."
    # The page waiting for the opponent asks too; turned down, nothing stands.
    confirm = Client().get(page_url(table)).content.decode()
    assert 'data-mode="confirm"' in confirm
    seen = fingerprint_on(confirm)
    captain_services.captain_result_reject(table=table, hand=1, version=1)
    answer = news(Client(), table, seen, hand=1).json()
    assert answer["message"] == "" and answer["fingerprint"] != seen
    seen = answer["fingerprint"]
    scoring_services.hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=10)
    answer = news(Client(), table, seen, hand=1).json()
    assert answer["message"] == "Hand 1 was recorded by the organiser: N-S 10, E-W 3."
    # Only the hand the phone names, and only a real one, is put in words.
    for hand in ("", "2", "0", "-1", "x", "9" * 30, "\u0661", "1" * 5):
        response = news(Client(), table, "not-a-fingerprint", hand=hand)
        assert response.status_code == 200, hand
        assert response.json()["message"] in ("", answer["message"]), hand


def test_only_a_page_that_asks_for_an_entry_asks_for_news(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive, 1)
    client = Client()
    html = client.get(page_url(table)).content.decode()
    assert 'data-mode="enter"' in html and 'data-current-hand="1"' in html
    assert f'data-news="/t/{table.captain_key}/news/"' in html
    post_result(client, table, 1, 9)
    html = client.get(page_url(table)).content.decode()
    # Waiting for the room: htmx brings the whole state, no fingerprint needed.
    assert 'data-mode="waiting"' in html and "data-fingerprint" not in html
