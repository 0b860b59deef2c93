"""A player's own view of the shared board and the results page
(scoring.player_view): found by the entry number on their score card
(?entry=12), with their places and total on each board, where they sit in the
round in play or that they sit it out, their rows marked, and after the drive
their prizes and their own score card opened. A link that opens no drive
answers a page for players, in their language."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from drive import services as drive_services
from drive.models import Drive, SeatAssignment
from prizes.selectors import drive_prizes
from scoring import selectors
from tests.factories import (
    ClubFactory,
    drive_with_players,
    play_drive,
    play_round,
    varied_tricks,
)
from tests.scoring.boards import box

pytestmark = pytest.mark.django_db


def shared(drive: Drive) -> Drive:
    return drive_services.public_link_set(drive=drive, shared=True)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def seat_of(drive: Drive, number: int) -> SeatAssignment:
    return SeatAssignment.objects.select_related("table").get(
        round__drive=drive, round__number=drive.current_round, entry__number=number
    )


def test_a_player_finds_their_places_and_their_table_by_number(club):
    drive = shared(drive_with_players(players=8, club=club, hands=4))
    play_round(drive, tricks=varied_tricks)
    rows = selectors.board_scores(drive=drive).standings()
    me = rows[-1]
    answer = Client().get(f"/p/{drive.public_key}/", {"entry": me.number})
    assert answer.status_code == 200
    html = answer.content.decode()
    seat = seat_of(drive, me.number)
    words = text(box(html))
    assert f"{me.number} {me.name}" in words
    seats = {"N": "North", "E": "East", "S": "South", "W": "West"}
    assert f"Round 2: table {seat.table.number}, seat {seats[seat.position]}." in words
    assert f"Overall: place {me.rank} of 8, {me.total} points" in words
    group = drive.group_a_label if me.group == "A" else drive.group_b_label
    assert f"{group}: place " in words
    # Their row on each board is marked, and the places lead to it.
    for slug in ("overall", "group-a" if me.group == "A" else "group-b"):
        assert f'<tr id="{slug}-own" class="own">' in html
        assert f'href="#{slug}-own"' in html
    assert html.count('class="own"') == 2
    # The board asks again for the player's own view, and gets it.
    assert f'hx-get="/p/{drive.public_key}/?entry={me.number}"' in html
    part = Client().get(
        f"/p/{drive.public_key}/", {"entry": me.number}, headers={"HX-Request": "1"}
    )
    assert f"{me.number} {me.name}" in text(box(part.content.decode()))


def test_a_player_sitting_out_is_told_so_in_polish():
    drive = shared(
        drive_with_players(players=9, club=ClubFactory(language="pl"), hands=4)
    )
    out = SeatAssignment.objects.get(
        round__drive=drive, round__number=1, table__isnull=True
    )
    html = (
        Client()
        .get(f"/p/{drive.public_key}/", {"entry": out.entry.number})
        .content.decode()
    )
    assert "Runda 1: pauzujesz." in text(box(html))
    # One who plays is told their table in Polish words.
    seat = seat_of(drive, 1 if out.entry.number != 1 else 2)
    html = (
        Client()
        .get(f"/p/{drive.public_key}/", {"entry": seat.entry.number})
        .content.decode()
    )
    assert f"Runda 1: stolik {seat.table.number}, miejsce " in text(box(html))
    assert "Ogółem: miejsce " in text(box(html))


def test_without_a_number_the_board_offers_the_search_at_its_top(club):
    drive = shared(drive_with_players(players=8, club=club, hands=4))
    html = Client().get(f"/p/{drive.public_key}/").content.decode()
    # Above the boards: a plain form, so it works without JavaScript.
    assert html.index('<section id="me"') < html.index('id="overall"')
    form = box(html)
    assert f'method="get" action="/p/{drive.public_key}/#me"' in form
    assert 'name="entry"' in form and "Find me" in form
    assert 'class="own"' not in html


def test_a_wrong_number_is_refused_beside_the_box_once(club):
    drive = shared(drive_with_players(players=8, club=club, hands=4))
    play_round(drive, tricks=varied_tricks)
    answer = Client().get(f"/p/{drive.public_key}/", {"entry": "77"})
    assert answer.status_code == 400
    html = answer.content.decode()
    assert "No player has the number “77”" in box(html)
    assert 'aria-invalid="true"' in box(html)


def test_after_the_drive_the_results_open_at_the_players_card_and_prizes(club):
    drive = shared(
        play_drive(drive_with_players(players=8, club=club, hands=4), varied_tricks)
    )
    winner = selectors.drive_scores(drive=drive).standings()[0]
    board = Client().get(f"/p/{drive.public_key}/", {"entry": winner.number})
    html = board.content.decode()
    results = f"/p/{drive.public_key}/results/"
    # The finished board leads to the results, and the player to their card.
    assert f'href="{results}"' in html
    assert f'href="{results}?entry={winner.number}#card-{winner.number}"' in html
    assert "Round" not in text(box(html))  # no seat once the drive is over
    page = Client().get(results, {"entry": winner.number})
    assert page.status_code == 200
    html = page.content.decode()
    words = text(box(html))
    assert f"{winner.number} {winner.name}" in words
    assert "Your prizes: " in words and "1st overall" in words
    assert f'href="#card-{winner.number}"' in box(html)
    # Their card opened and marked; the others' closed.
    assert f'<details class="card own" id="card-{winner.number}" open>' in html
    assert html.count('<details class="card own"') == 1
    assert '<tr id="overall-own" class="own">' in html
    # Another player without a prize is told so.
    prizes = drive_prizes(drive=drive)
    rows = selectors.drive_scores(drive=drive).standings()
    other = next(r for r in rows if not prizes.won_by(r.entry))
    html = Client().get(results, {"entry": other.number}).content.decode()
    assert "No prize this time." in text(box(html))


def test_a_wrong_number_on_the_results_is_said_once(club):
    drive = shared(
        play_drive(drive_with_players(players=8, club=club, hands=4), varied_tricks)
    )
    answer = Client().get(f"/p/{drive.public_key}/results/", {"entry": "55"})
    assert answer.status_code == 400
    html = answer.content.decode()
    assert html.count("No player has the number “55”") == 1
    assert "No player has the number" in box(html)


@pytest.mark.parametrize("path", ["", "results/"])
def test_a_link_that_opens_no_drive_tells_a_player_what_to_do(settings, path):
    settings.DEBUG = False
    drive = shared(
        drive_with_players(players=8, club=ClubFactory(language="pl"), hands=4)
    )
    key = drive.public_key
    client = Client(headers={"Accept-Language": "pl,en;q=0.5"})
    assert client.get(f"/p/{key}/{path}").status_code == 200
    withdrawn = drive_services.public_link_set(drive=drive, shared=False)
    for gone in (key, "never-shared-key"):
        answer = client.get(f"/p/{gone}/{path}")
        assert answer.status_code == 404
        html = answer.content.decode()
        assert '<html lang="pl">' in html
        assert "Ta tabela wyników jest niedostępna" in html
        assert "Poproś organizatora lub klub o link." in html
        # Not the organisers' start page (a log-in a player cannot use).
        assert 'href="/"' not in html.replace('class="brand" href="/"', "")
    withdrawn.delete()
    assert client.get(f"/p/{key}/{path}").status_code == 404


def test_the_italian_search_asks_a_player_to_find_their_place():
    """Italian heads the box "Trova il tuo posto in classifica": "Trovati"
    also reads as the participle "found"."""
    drive = shared(
        drive_with_players(players=8, club=ClubFactory(language="it"), hands=4)
    )
    html = Client().get(f"/p/{drive.public_key}/").content.decode()
    assert "Trova il tuo posto in classifica" in text(box(html))
    assert "Trovati" not in html
