"""The captain's page: what it shows, its steps with and without JavaScript, its
JSON answers, and its clear 4xx answers to bad, forged, guessed or garbage
requests."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from drive import services as drive_services
from players import throttle
from scoring import live
from scoring.captain import Kind
from scoring.models import HandResult, ResultStatus
from tests.factories import drive_with_players, play_drive, play_round
from tests.scoring.captain_phone import (
    JSON,
    KEY,
    page_url,
    post_result,
    submit,
    table_of,
)
from tests.scoring.fixtures import as_read

pytestmark = pytest.mark.django_db


def test_the_captains_page_shows_the_hand_trumps_and_seats(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    response = Client().get(page_url(table))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Table 1" in html and "Hand 1" in html
    assert "Hearts" in html and "\u2665" in html
    north = live.room(drive=drive).table(1).seats[0]
    assert north.name in html
    assert "Who won hand 1?" in html
    # No login needed, and no inline script: the page's own files only.
    assert "<script>" not in html and "onclick" not in html
    assert 'src="/static/js/captain.js"' in html
    # When a send is slow and when it has failed: the server's numbers, in
    # milliseconds, for a script that does no arithmetic.
    assert 'data-slow-ms="15000" data-give-up-ms="60000"' in html
    # The prediction whist draft's script comes only with htmx, for a deal.
    assert "captain_wist.js" not in html


def test_the_steps_work_without_javascript(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    client = Client()
    odd = client.get(page_url(table), {"hand": 1, "won": "EW"})
    assert 'data-step="odd"' in odd.content.decode()
    check = client.get(page_url(table), {"hand": 1, "won": "EW", "odd": 2})
    html = check.content.decode()
    assert 'data-step="check"' in html
    # E-W made 8 tricks: 2 odd tricks; N-S 5 tricks, no score.
    assert 'data-slot="ns-tricks">5<' in html and 'data-slot="ew-tricks">8<' in html
    assert 'data-slot="ns-score">0<' in html and 'data-slot="ew-score">2<' in html
    key = re.search(r'name="idempotency_key" value="([^"]+)"', html).group(1)
    response = post_result(client, table, 1, 5, key=key)
    assert response.status_code == 302
    page = client.get(response["Location"])
    assert "Hand 1 is in" in page.content.decode()
    assert "Waiting for table 2" in page.content.decode()
    # Nonsense in the query string starts the steps again.
    for query in (
        {"hand": 1, "won": "XX"},
        {"hand": 1, "won": "NS", "odd": "9"},
        {"hand": "x"},
    ):
        assert client.get(page_url(table), query).status_code == 200


def test_a_total_tricks_drive_asks_for_north_souths_tricks(club):
    drive = drive_with_players(players=8, club=club, hands=3, scoring_rule="total")
    table = table_of(drive)
    html = Client().get(page_url(table)).content.decode()
    assert "How many tricks did N-S win" in as_read(html)
    assert html.count('<button type="submit" name="ns" value=') == 14
    check = Client().get(page_url(table), {"hand": 1, "ns": 13}).content.decode()
    assert 'data-slot="ns-score">13<' in check and 'data-slot="ew-score">0<' in check


def test_the_script_gets_json_answers(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    client = Client()
    response = client.post(
        page_url(table, "result/"),
        {"hand": 1, "ns_tricks": 9, "idempotency_key": KEY},
        **JSON,
    )
    assert response.status_code == 200
    assert response.json()["ok"] is True
    replay = client.post(
        page_url(table, "result/"),
        {"hand": 1, "ns_tricks": 9, "idempotency_key": KEY},
        **JSON,
    )
    assert replay.status_code == 200
    other = client.post(
        page_url(table, "result/"),
        {"hand": 1, "ns_tricks": 2, "idempotency_key": "o" * 22},
        **JSON,
    )
    assert other.status_code == 409
    assert other.json()["kind"] == Kind.CONFLICT
    assert HandResult.objects.filter(table=table).count() == 2


@pytest.mark.parametrize(
    ("data", "status"),
    [
        ({"hand": 1, "ns_tricks": 14}, 400),
        ({"hand": 1, "ns_tricks": "nine"}, 400),
        ({"hand": 1}, 400),
        ({"ns_tricks": 7}, 400),
        ({"hand": 1, "ns_tricks": 7, "table": 2}, 400),  # another table's hand
        ({"hand": 1, "ns_tricks": 7, "idempotency_key": ""}, 400),
        ({"hand": 2, "ns_tricks": 7}, 409),  # not the current hand
        ({"hand": 1, "ns_tricks": "9" * 30}, 400),
    ],
)
def test_bad_submissions_are_clear_4xx_and_write_nothing(club, data, status):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    payload = {"idempotency_key": KEY, **data}
    response = Client().post(page_url(table, "result/"), payload)
    assert response.status_code == status
    assert 'class="captain-error"' in response.content.decode()
    json_response = Client().post(page_url(table, "result/"), payload, **JSON)
    assert json_response.status_code == status
    assert json_response.json()["message"]
    assert not HandResult.objects.exists()


def test_a_different_result_after_the_round_moved_on_is_409_and_kept(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    play_round(drive)
    response = post_result(Client(), table, 1, 9, key="s" * 22)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Yours (N-S 9, E-W 4) was not counted" in html
    assert "The moves after round 1 were already made and stand" in html
    assert list(
        HandResult.objects.filter(table=table).values_list("ns_tricks", "status")
    ) == [(7, ResultStatus.CONFIRMED), (9, ResultStatus.CONFLICT)]


def test_csrf_is_enforced_for_captains(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    client = Client(enforce_csrf_checks=True)
    response = post_result(client, table, 1, 9)
    assert response.status_code == 403
    assert not HandResult.objects.exists()
    html = client.get(page_url(table)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    response = post_result(client, table, 1, 9, csrfmiddlewaretoken=token)
    assert response.status_code == 302
    assert HandResult.objects.count() == 1


def test_a_wrong_or_revoked_key_is_404(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    old_key = table.captain_key
    assert len(old_key) >= 22  # 128 bits or more
    assert Client().get("/t/not-a-real-key/").status_code == 404
    new = drive_services.table_key_reissue(table=table)
    assert new.captain_key != old_key
    assert Client().get(f"/t/{old_key}/").status_code == 404
    assert (
        Client()
        .post(
            f"/t/{old_key}/result/", {"hand": 1, "ns_tricks": 7, "idempotency_key": KEY}
        )
        .status_code
        == 404
    )
    assert Client().get(f"/t/{new.captain_key}/").status_code == 200


def test_guessing_keys_from_one_address_is_slowed_down(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    captain = Client()
    assert captain.get(page_url(table)).status_code == 200  # before the guessing
    guesser = Client()
    limit = throttle.LINK_MISSES_PER_MINUTE
    for n in range(limit):
        assert guesser.get(f"/t/guess{n}/").status_code == 404
    response = guesser.get("/t/guess-again/")
    assert response.status_code == 429
    assert response["Retry-After"] == "60"
    # Another guess, even a right one, waits too...
    assert guesser.get(page_url(table)).status_code == 429
    assert guesser.post(page_url(table, "result/"), {}).status_code == 429
    # ...but a captain whose phone has the page open carries on.
    assert captain.get(page_url(table)).status_code == 200
    assert post_result(captain, table, 1, 9).status_code == 302
    # Another address is not slowed down.
    assert Client(REMOTE_ADDR="10.0.0.9").get("/t/guess/").status_code == 404


def test_polling_gets_the_state_and_stops_when_the_drive_is_over(club):
    drive = drive_with_players(players=8, club=club, hands=2)
    table = table_of(drive)
    client = Client()
    post_result(client, table, 1, 9)
    response = client.get(page_url(table), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="captain-state"')
    assert 'hx-trigger="every 5s"' in html
    # The other table comes in: the moves and the next hand's trumps appear.
    post_result(Client(), table_of(drive, 2), 1, 4, key="t2" * 11)
    html = client.get(page_url(table), HTTP_HX_REQUEST="true").content.decode()
    assert "Moves after round 1" in html
    assert re.search(r"\(\d+\): table\s\d, (North|East|South|West)", html)
    assert "Diamonds" in html  # hand 2's trumps
    assert "hx-trigger" not in html  # the captain has a hand to enter: no polling
    play_drive(drive)
    response = client.get(page_url(table), HTTP_HX_REQUEST="true")
    assert response.status_code == 286
    assert "The drive is over" in response.content.decode()


def test_the_opponent_confirms_on_the_captains_page(club):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    table = table_of(drive)
    client = Client()
    response = post_result(client, table, 1, 9)
    assert response.status_code == 302
    html = client.get(page_url(table)).content.decode()
    assert "Opponent, please check hand 1" in html
    assert 'data-slot="ns-score">3<' in html
    response = client.post(
        page_url(table, "confirm/"), {"hand": 1, "version": 1, "answer": "confirm"}
    )
    assert response.status_code == 302
    assert HandResult.objects.get(status=ResultStatus.CONFIRMED).ns_tricks == 9
    # A stale confirmation of a version that never existed is refused.
    response = client.post(
        page_url(table, "confirm/"), {"hand": 1, "version": 7}, **JSON
    )
    assert response.status_code == 409


def test_garbage_never_causes_a_server_error(club):
    drive = drive_with_players(players=8, club=club, hands=2)
    table = table_of(drive)
    values = ["", "0", "-1", "9" * 40, "x", "\x00", "1.5", "NS", "\u2665", KEY]
    client = Client()
    for suffix in ("result/", "confirm/"):
        for value in values:
            data = {
                "hand": value,
                "ns_tricks": value,
                "version": value,
                "idempotency_key": value,
                "table": value,
                "answer": value,
            }
            response = client.post(page_url(table, suffix), data)
            assert response.status_code < 500, (suffix, value)
    for query in (
        {"hand": "\x00", "won": "NS", "odd": "9" * 30},
        {"hand": "1", "ns": "-"},
    ):
        assert client.get(page_url(table), query).status_code < 500


def test_a_table_waiting_in_the_last_round_is_not_promised_moves(club):
    """In the last round no one moves: the waiting page said "the moves appear
    here" after the drive's last hand as after every other."""
    drive = drive_with_players(players=8, club=club, hands=2)
    first, second = table_of(drive, 1), table_of(drive, 2)
    submit(first, 1, 7, key="a" * 22)
    early = Client().get(page_url(first)).content.decode()
    assert "Waiting for table 2." in early
    assert "the moves appear here" in early
    submit(second, 1, 7, key="b" * 22)
    submit(first, 2, 7, key="c" * 22)
    last = Client().get(page_url(first)).content.decode()
    assert "Waiting for table 2." in last
    assert "the moves appear here" not in last
    assert "it will say here when the drive is over" in last
