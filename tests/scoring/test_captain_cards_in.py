"""The captain's link in a drive that takes its cards in at the end: the
table's page with nothing to enter (the round, the trumps, who sits where,
where to go next), live as the bell moves the rounds; a phone's entry is
refused and writes nothing. And the half-time page of such a drive."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from drive.models import Drive, DriveState, Table
from players.models import AuditEvent
from scoring import live
from scoring import services as scoring_services
from scoring.models import HandResult, PhoneReceipt
from tests.factories import ClubFactory, drive_with_players

pytestmark = pytest.mark.django_db

KEY = "k" * 22
ON_CARDS = "Tonight the scores are written on the score cards and handed in at the end"


def paper_drive(club, **settings) -> Drive:
    """Eight players, two hands a round: rounds 1 and 2 of 2. Stationary: the
    movement is planned before play, so the site knows every round's seats."""
    return drive_with_players(
        players=8,
        hands=4,
        hands_per_round=2,
        club=club,
        score_entry="cards",
        trump_sequence="H,D,S,C",
        **{"format": "stationary", **settings},
    )


def table_of(drive: Drive, number: int = 1) -> Table:
    return Table.objects.get(drive=drive, number=number)


def page_url(table: Table, suffix: str = "") -> str:
    return f"/t/{table.captain_key}/{suffix}"


def ring_the_bell(drive: Drive) -> None:
    scoring_services.round_start_next(drive=drive, round_number=drive.current_round)
    drive.refresh_from_db()


def captain_part(html: str) -> str:
    """The page's own part: the table, not the site's footer (whose language
    switch is a form)."""
    return html[html.index('<div id="captain"') : html.index("<footer")]


def seat_names(drive: Drive, number: int = 1) -> list[str]:
    return [place.name for place in live.room(drive=drive).table(number).seats]


@pytest.mark.parametrize("format", ["stationary", "progressive"])
def test_the_page_shows_the_table_and_no_entry(club, format):
    drive = paper_drive(club, format=format)
    table = table_of(drive)
    response = Client().get(page_url(table))
    assert response.status_code == 200
    assert response.templates[0].name == "scoring/captain_cards.html"
    html = response.content.decode()
    assert "Table 1" in html and drive.name in html
    assert "Round 1 of 2" in html
    assert ON_CARDS in html
    # The round's two hands and their trumps.
    assert "Hand 1" in html and "Hearts" in html and "\u2665" in html
    assert "Hand 2" in html and "Diamonds" in html
    assert "Hand 3" not in html
    names = seat_names(drive)
    assert len(names) == 4
    seats = re.search(r'<dl class="captain-seats">(.*?)</dl>', html, re.S).group(1)
    for seat, name in zip(("North", "East", "South", "West"), names, strict=True):
        assert f"<dt>{seat}</dt>" in seats and name in seats
    # Nothing to enter: no form of any kind, no entry's questions.
    assert "<form" not in captain_part(html)
    assert "/result/" not in html and "/confirm/" not in html
    assert "Who won hand" not in html and "How many tricks" not in html
    # It keeps asking for news, with JavaScript and without.
    assert f'hx-get="{page_url(table)}"' in html
    assert 'hx-trigger="every 5s"' in html
    assert '<meta http-equiv="refresh" content="15">' in html
    assert 'src="/static/js/captain.js"' in html
    assert "<script>" not in html


def test_the_bell_moves_the_page_on_with_the_moves(club):
    drive = paper_drive(club)
    table = table_of(drive)
    client = Client()
    first = client.get(page_url(table), HTTP_HX_REQUEST="true").content.decode()
    assert first.lstrip().startswith('<div id="captain-state"')
    assert "<header" not in first and "Round 1 of 2" in first
    assert "Moves after" not in first
    ring_the_bell(drive)
    response = client.get(page_url(table), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Round 2 of 2" in html
    assert "Hand 3" in html and "Spades" in html
    assert "Hand 4" in html and "Clubs" in html
    assert "Hand 1" not in html
    # Where the last round's players went, as on the usual page.
    assert "Moves after round 1" in html
    assert re.search(r"\(\d+\): table\s\d, (North|East|South|West)", html)
    for name in seat_names(drive):
        assert name in html
    assert "When the bell rings" not in html  # the moves say it
    assert 'hx-trigger="every 5s"' in html
    ring_the_bell(drive)
    assert drive.state == DriveState.FINISHED
    response = client.get(page_url(table), HTTP_HX_REQUEST="true")
    assert response.status_code == 286  # over: the phone stops asking
    html = response.content.decode()
    assert "The drive is over" in html and "hx-get" not in html
    whole = client.get(page_url(table)).content.decode()
    assert 'http-equiv="refresh"' not in whole


def test_where_players_move_by_the_rule_the_page_gives_the_rule_not_a_guess(club):
    drive = paper_drive(club, format="progressive")
    table = table_of(drive)
    client = Client()
    html = client.get(page_url(table)).content.decode()
    # Round 1 is the draw: its seats are known; the call at the bell says
    # where the players go next.
    for name in seat_names(drive):
        assert name in html
    assert "When the bell rings" in html
    assert "Losers move: Ladies up one table" in html
    ring_the_bell(drive)
    html = client.get(page_url(table), HTTP_HX_REQUEST="true").content.decode()
    assert "Round 2 of 2" in html and "Hand 3" in html and "Spades" in html
    # Nobody told the site who won: its seats now are a guess, not shown.
    assert "cannot say who sits where now" in html
    assert 'class="captain-seats"' not in html
    assert "Moves after" not in html
    for name in seat_names(drive):
        assert name not in html
    # The last round: no bell call to move.
    assert "When the bell rings" not in html


def test_the_page_speaks_the_clubs_language(db):
    club = ClubFactory(name="Klub Wisła", language="pl")
    drive = paper_drive(club)
    response = Client().get(page_url(table_of(drive)))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Stolik 1" in html and "Runda 1 z 2" in html
    for name in seat_names(drive):
        assert name in html
    assert "<form" not in captain_part(html)
    with translation.override("pl"):
        ring_the_bell(drive)
    html = Client().get(page_url(table_of(drive))).content.decode()
    assert "Runda 2 z 2" in html and "Przejścia po rundzie 1" in html


@pytest.mark.parametrize(
    "data",
    [
        {"hand": 1, "ns_tricks": 7, "idempotency_key": KEY, "table": 1},
        # Nothing else is read first: a bare post is told the same.
        {},
    ],
)
def test_a_phones_entry_is_refused_and_writes_nothing(club, data):
    drive = paper_drive(club)
    table = table_of(drive)
    events = AuditEvent.objects.filter(drive_id=drive.pk).count()
    client = Client()
    response = client.post(page_url(table, "result/"), data)
    assert response.status_code == 409
    html = response.content.decode()
    assert "nothing is entered on this phone, and nothing was saved" in html
    assert 'role="alert"' in html and "<form" not in captain_part(html)
    answer = client.post(
        page_url(table, "result/"), data, HTTP_ACCEPT="application/json"
    )
    assert answer.status_code == 409
    assert answer.json()["ok"] is False
    assert "nothing was saved" in answer.json()["message"]
    confirm = client.post(
        page_url(table, "confirm/"),
        {"hand": 1, "version": 1, "answer": "confirm", "table": 1},
        HTTP_ACCEPT="application/json",
    )
    assert confirm.status_code == 409
    assert "nothing is entered on this phone" in confirm.json()["message"]
    assert not HandResult.objects.filter(table__drive=drive).exists()
    assert not PhoneReceipt.objects.exists()
    assert AuditEvent.objects.filter(drive_id=drive.pk).count() == events
    drive.refresh_from_db()
    assert drive.current_round == 1


def test_a_drive_scored_hand_by_hand_still_asks_for_the_hand(club):
    drive = drive_with_players(players=8, hands=4, club=club)
    response = Client().get(page_url(table_of(drive)))
    assert response.templates[0].name == "scoring/captain.html"
    html = response.content.decode()
    assert "Who won hand 1?" in html
    assert ON_CARDS not in html


# --- half-time ----------------------------------------------------------------------


def test_half_time_says_there_are_no_standings_until_the_cards(club, assistant_client):
    drive = paper_drive(club)
    ring_the_bell(drive)  # half-time comes after hand 2, the end of round 1
    html = assistant_client.get(f"/drives/{drive.pk}/half-time/").content.decode()
    assert "No half-time standings tonight" in html
    assert f'href="/drives/{drive.pk}/cards-in/"' in html
    assert "Half-time comes after hand" not in html
    assert "<table" not in html
