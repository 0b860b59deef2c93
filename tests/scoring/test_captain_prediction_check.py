"""The captain's phone at a prediction whist table, the check as the captain
types: each change checked by the server (the deal, the dealer, the order of
predicting, the barred prediction, the tricks' sum and the points), with and
without JavaScript. The entry and its send: test_captain_prediction."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from drive.models import DriveState, SeatAssignment
from scoring.models import ResultStatus
from tests.factories import legal_deal, prediction_drive
from tests.scoring.captain_phone import table_of
from tests.scoring.prediction_captain import (
    HTMX,
    POINTS,
    PREDICTIONS,
    TRICKS,
    check,
    five_player_drive,
    form_data,
    results,
    submit,
    text_of,
    url,
)

pytestmark = pytest.mark.django_db

# --- the check, as the captain types ----------------------------------------------------


def test_the_page_shows_the_deal_the_dealer_and_the_order_of_predicting(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    seats = {
        s.position: s.entry
        for s in SeatAssignment.objects.filter(
            round__drive=drive, round__number=1, table=table
        ).select_related("entry__player")
    }
    html = Client().get(url(table)).content.decode()
    text = text_of(html)
    assert "Deal 1 of 8" in text and "Game 1 · deal 1 of 16 tonight" in text
    assert "Hearts trumps" in text
    north = seats["N"].player.name
    assert f"Dealer: seat 1, {north}" in text
    order = re.search(r'<ol class="wist-order">(.*?)</ol>', html, re.S).group(1)
    names = [m.strip() for m in re.findall(r"<li>([^<]+)<small>", order)]
    assert names == [seats[p].player.name for p in "ESWFN"]
    # Each seat held to its number (players.no_break).
    assert "seat\xa05" in order
    # Nothing chosen: every prediction and trick to enter, Send not ready.
    assert "5 predictions to enter." in text
    assert "Enter each player's tricks after the deal." in text
    assert re.search(r"<button[^>]*data-send[^>]*disabled", html)


def test_each_change_is_checked_by_the_server_and_the_form_comes_back(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    client = Client()
    # Four predictions in: the last player's 2 is greyed out, with the reason.
    partial = check(client, table, form_data(1, (None, 2, 2, 0, 4)), **HTMX)
    assert partial.status_code == 200
    html = partial.content.decode()
    assert html.lstrip().startswith("<form")  # the form alone
    assert re.search(r'id="p0-2"[^>]* disabled aria-describedby="barred-0"', html)
    assert not re.search(r'id="p0-1"[^>]* disabled', html)
    assert (
        '<p class="barred-reason" id="barred-0">Not 2: the predictions would add '
        "up to 10, and someone must fail.</p>"
    ) in html
    # Tricks that come to 9 of 10: said, and Send stays off.
    data = form_data(1, PREDICTIONS, (1, 3, 2, 0, 3))
    text = text_of(check(client, table, data, **HTMX).content.decode())
    assert "The tricks add up to 9, 1 short: they must add up to 10." in text
    assert re.search(
        r"<button[^>]*data-send[^>]*disabled",
        check(client, table, data, **HTMX).content.decode(),
    )
    # Right: the points as the server works them out, and Send on.
    html = check(client, table, form_data(1, PREDICTIONS, TRICKS), **HTMX)
    html = html.content.decode()
    assert "The tricks add up to 10." in text_of(html)
    assert not re.search(r"<button[^>]*data-send[^>]*disabled", html)
    assert re.findall(r'<td class="points">(-?\d+)</td>', html) == [
        str(POINTS[seat]) for seat in (1, 2, 3, 4, 0)
    ]
    assert results(drive) == []  # a check writes nothing


def test_without_javascript_check_is_a_whole_page_that_keeps_the_choices(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    response = check(Client(), table, form_data(1, (None, 2, 2, 0, 4), (None, 3)))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and "Deal 1 of 8" in text_of(html)
    assert re.search(r'id="p1-2"[^>]* checked', html)
    assert re.search(r'id="t1-3"[^>]* checked', html)
    assert "and someone must fail" in html
    assert re.search(
        r'<button type="submit" formaction="[^"]+/check/"[^>]*data-check', html
    )


def test_a_check_for_a_deal_the_table_has_left_gets_the_page_as_it_is(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    submit(table, 1, PREDICTIONS, TRICKS)
    stale = form_data(1, PREDICTIONS, TRICKS)
    response = check(Client(), table, stale, **HTMX)
    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    response = check(Client(), table, stale)
    assert response.status_code == 302
    assert response["Location"] == url(table)


def test_a_table_without_four_or_five_players_is_told_to_ask_the_organiser(club):
    drive = prediction_drive(club)
    seat = SeatAssignment.objects.filter(
        round__drive=drive, round__number=1, table__number=1
    ).first()
    seat.table, seat.position = None, ""
    seat.save(update_fields=["table", "position"])
    table = table_of(drive)
    response = Client().get(url(table))
    assert response.status_code == 200
    assert "this table has 3: ask the organiser" in text_of(response.content.decode())
    with pytest.raises(ValidationError) as caught:
        submit(table, 1, *legal_deal(1, 4))
    assert caught.value.code == "not_current"
    drive.refresh_from_db()
    assert drive.state == DriveState.IN_PLAY


def test_a_deal_sent_by_htmx_to_the_result_address_is_no_500(club):
    """A script's request (htmx) has no flashed messages: the answer to a
    deal sent that way is the redirect all the same, and the deal is in."""
    drive = five_player_drive(club)
    table = table_of(drive)
    response = Client(raise_request_exception=False).post(
        url(table, "result/"), form_data(1, PREDICTIONS, TRICKS), **HTMX
    )
    assert response.status_code == 302
    assert results(drive) == [(1, 1, "1,2,2,0,4", "1,3,2,0,4", ResultStatus.CONFIRMED)]


def test_a_failed_wist_is_checked_with_the_true_minus(club):
    # Seat 3 predicts Wist and takes a trick: it loses 5. The check before
    # Send wrote "-5" with the hyphen, where the score after it says "−5".
    drive = five_player_drive(club)
    table = table_of(drive)
    data = form_data(1, PREDICTIONS, (1, 3, 2, 1, 3))
    html = check(Client(), table, data, **HTMX).content.decode()
    points = re.findall(r'<td class="points">([^<]*)</td>', html)
    assert "\u22125" in points, points
    assert not [p for p in points if p.startswith("-")], points
