"""The race on the public board (/p/<key>/): below the boards once there is a
result, drawn for a phone, a player's own line by their entry number; the
silent rounds stay out of it, a cards-in drive has none, and it comes with
the boards' own poll, whose unchanged answer stays a one-query 304."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from drive import services as drive_services
from drive.models import Drive, DriveState
from prizes import giving_services
from scoring import selectors
from scoring import services as scoring_services
from tests.factories import drive_with_players, play_drive, play_round, varied_tricks
from tests.scoring.chart_tables import heads_of, table_of

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def shared(drive: Drive) -> Drive:
    return drive_services.public_link_set(drive=drive, shared=True)


def board(drive: Drive) -> str:
    return f"/p/{drive.public_key}/"


def labels(drive: Drive, count: int = 5) -> list[str]:
    rows = selectors.board_scores(drive=drive).standings()[:count]
    return [f"{row.number} {row.name}" for row in rows]


@pytest.fixture
def drive(club) -> Drive:
    return shared(drive_with_players(players=8, club=club, hands=3))


def test_no_race_before_the_first_result_then_below_the_boards(drive):
    html = Client().get(board(drive)).content.decode()
    assert 'id="race-section"' not in html and "<svg" not in html
    assert "The race" not in html
    play_round(drive, tricks=varied_tricks)
    html = Client().get(board(drive)).content.decode()
    # Below the boards, inside the part the page asks for again.
    assert html.index('id="overall"') < html.index('id="race-section"')
    assert html.index('<div id="boards"') < html.index('id="race-section"')
    assert "<h2>The race</h2>" in html and 'href="#race-section"' in html
    assert 'role="img"' in html and 'aria-labelledby="race-title"' in html
    assert heads_of(html, "race") == labels(drive)
    rows = selectors.board_scores(drive=drive).standings()[:5]
    assert table_of(html, "race") == {"1": [str(row.total) for row in rows]}
    # Drawn for a phone: charts.PHONE's width, not the page's 420.
    assert re.search(r'<svg[^>]*viewBox="0 0 340 ', html)
    # No inline style anywhere in it (the site's CSP allows none).
    assert "style=" not in html[html.index('id="race-section"') :]


def test_the_race_comes_with_the_boards_poll_and_moves_on_with_them(drive):
    play_round(drive, tricks=varied_tricks)
    phone = Client()
    first = phone.get(board(drive), headers=HTMX)
    assert first.content.decode().lstrip().startswith('<div id="boards"')
    assert list(table_of(first.content.decode(), "race")) == ["1"]
    play_round(drive, tricks=varied_tricks)
    again = phone.get(board(drive), headers={**HTMX, "If-None-Match": first["ETag"]})
    assert again.status_code == 200
    assert list(table_of(again.content.decode(), "race")) == ["1", "2"]


RACE_LINK = '<a href="#race-section">The race</a>'


def test_the_link_to_the_race_comes_with_the_boards_poll(drive):
    """The board asks again for its part alone (#boards): the link to the race
    is in that part, so it appears with the race's first result, not at the
    next reload of the whole page."""
    phone = Client()
    first = phone.get(board(drive), headers=HTMX)
    assert first.status_code == 200
    assert RACE_LINK not in first.content.decode()
    play_round(drive, tricks=varied_tricks)
    again = phone.get(board(drive), headers={**HTMX, "If-None-Match": first["ETag"]})
    assert again.status_code == 200
    part = again.content.decode()
    assert part.lstrip().startswith('<div id="boards"')
    # The links first in it, above the board and the race they lead to.
    assert part.index(RACE_LINK) < part.index('id="overall"')
    assert part.index('id="overall"') < part.index('id="race-section"')
    # The whole page (as a reload or a browser without scripts has it) has the
    # link once, inside the part that is swapped.
    page = Client().get(board(drive)).content.decode()
    assert page.count(RACE_LINK) == 1
    assert page.index('<div id="boards"') < page.index(RACE_LINK)


def test_a_players_own_line_by_their_entry_number(drive):
    play_round(drive, tricks=varied_tricks)
    last = selectors.board_scores(drive=drive).standings()[-1]
    html = Client().get(board(drive)).content.decode()
    # The leaders only, and the form that asks for a number.
    assert heads_of(html, "race") == labels(drive)
    assert 'name="entry"' in html and "Show in the race" in html
    mine = Client().get(board(drive), {"entry": last.number})
    assert mine.status_code == 200
    html = mine.content.decode()
    assert heads_of(html, "race") == [*labels(drive), f"{last.number} {last.name}"]
    assert table_of(html, "race")["1"][-1] == str(last.total)
    assert f"with player {last.number}" in html
    # The board asks again for the same thing: the player's line included.
    assert f'hx-get="{board(drive)}?entry={last.number}"' in html
    part = Client().get(board(drive), {"entry": last.number}, headers=HTMX)
    assert heads_of(part.content.decode(), "race")[-1] == f"{last.number} {last.name}"


@pytest.mark.parametrize("wrong", ["99", "x1", "1" * 30, "-3"])
def test_an_unknown_entry_number_is_refused_in_words(drive, wrong):
    play_round(drive, tricks=varied_tricks)
    answer = Client().get(board(drive), {"entry": wrong})
    assert answer.status_code == 400
    html = answer.content.decode()
    assert "in this drive." in html
    assert heads_of(html, "race") == labels(drive)  # the leaders, still
    assert f'hx-get="{board(drive)}"' in html  # and asked for without it


def test_a_number_before_the_race_finds_the_player_with_no_race(drive):
    # Before the first result there is no race, but the board's "find me"
    # (scoring.player_view) still finds a player, or says why it cannot.
    answer = Client().get(board(drive), {"entry": "1"})
    assert answer.status_code == 200
    html = answer.content.decode()
    assert 'id="race-section"' not in html
    assert 'id="overall-own"' in html
    wrong = Client().get(board(drive), {"entry": "99"})
    assert wrong.status_code == 400
    assert "No player has the number “99” in this drive." in wrong.content.decode()


def test_a_cards_in_drive_draws_no_race(club, organiser_client):
    drive = shared(
        drive_with_players(players=8, hands=4, club=club, score_entry="cards")
    )
    while drive.state == DriveState.IN_PLAY:
        scoring_services.round_start_next(drive=drive, round_number=drive.current_round)
        drive.refresh_from_db()
    for number, total, won in ((1, 10, 3), (2, 8, 4), (3, 2, 1)):
        organiser_client.post(
            f"/drives/{drive.pk}/cards-in/",
            {"number": number, "total": total, "hands_won": won},
        )
    html = Client().get(board(drive), {"entry": 1}).content.decode()
    assert re.search(r">\s*10\s*<", html), html  # the typed totals are on the board
    assert 'id="race-section"' not in html and "<svg" not in html


def test_the_silent_rounds_hands_are_not_in_the_race(club):
    drive = shared(drive_with_players(players=8, club=club, hands=3, silent_rounds=1))
    play_round(drive, tricks=varied_tricks)
    play_round(drive, tricks=varied_tricks)
    before = {
        f"{r.number} {r.name}": r.total
        for r in selectors.drive_scores(drive=drive).standings()
    }
    play_round(drive, tricks=lambda deal: 13 if deal.table == 1 else 0)
    assert drive.state == DriveState.FINISHED
    html = Client().get(board(drive)).content.decode()
    numbers = table_of(html, "race")
    assert list(numbers) == ["1", "2"]  # hand 3, the silent one, is not run
    assert numbers["2"] == [str(before[name]) for name in heads_of(html, "race")]
    giving_services.silence_lift(drive=drive)
    html = Client().get(board(drive)).content.decode()
    assert list(table_of(html, "race")) == ["1", "2", "3"]


@pytest.mark.parametrize("entry", [{}, {"entry": "2"}])
def test_an_unchanged_board_with_its_race_is_still_a_one_query_304(
    drive, entry, django_assert_num_queries
):
    play_round(drive, tricks=varied_tricks)
    phone = Client()
    first = phone.get(board(drive), entry, headers=HTMX)
    assert first.status_code == 200 and 'id="race-title"' in first.content.decode()
    with django_assert_num_queries(1):
        again = phone.get(
            board(drive), entry, headers={**HTMX, "If-None-Match": first["ETag"]}
        )
    assert again.status_code == 304 and again.content == b""


def test_a_players_own_board_has_an_etag_of_its_own(drive):
    """The leaders' board and a player's (with their line) differ: one's ETag
    must not pass for the other's."""
    play_round(drive, tricks=varied_tricks)
    phone = Client()
    leaders = phone.get(board(drive), headers=HTMX)["ETag"]
    mine = phone.get(
        board(drive), {"entry": "2"}, headers={**HTMX, "If-None-Match": leaders}
    )
    assert mine.status_code == 200 and mine["ETag"] != leaders


def test_the_race_of_a_finished_drive_is_not_so_far(drive):
    """While the drive is played the race shows the running totals "so far";
    once it is over, they are the whole drive's (Italian said "finora" under
    the final results)."""
    play_round(drive, tricks=varied_tricks)
    html = Client().get(board(drive)).content.decode()
    assert "The leaders' running totals so far." in html
    play_drive(drive, tricks=varied_tricks)
    html = Client().get(board(drive)).content.decode()
    assert "<h2>The race</h2>" in html
    assert "so far" not in html
    assert "The leaders' running totals through the drive." in html
