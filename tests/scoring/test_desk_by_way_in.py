"""The desk's way in is the one the drive uses: the room, the drive's page and
the menu offer Cards in on an evening of cards in at the end (never the paper
slips, whose page says where to go instead and writes nothing), the paper
slips where the tables' slips are typed at the desk, and the score grid for
the formats whose slips go there (rubbers, prediction whist)."""

from __future__ import annotations

import html
import re

import pytest

from drive.models import DriveState
from scoring import services as scoring_services
from scoring.models import HandResult
from tests.factories import drive_with_players, prediction_drive, rubber_drive

pytestmark = pytest.mark.django_db


def cards_in_drive(club, **settings):
    return drive_with_players(
        players=8, hands=4, club=club, score_entry="cards", **settings
    )


def slips(drive) -> str:
    return f"/drives/{drive.pk}/slips/"


def cards_in(drive) -> str:
    return f"/drives/{drive.pk}/cards-in/"


def scores(drive) -> str:
    return f"/drives/{drive.pk}/scores/"


def finished(drive):
    while drive.state == DriveState.IN_PLAY:
        scoring_services.round_start_next(drive=drive, round_number=drive.current_round)
        drive.refresh_from_db()
    return drive


def actions(page: str) -> str:
    """The row of buttons under the room, or on the drive's page."""
    found = re.findall(r'<(?:p|div) class="actions">(.*?)</(?:p|div)>', page, re.S)
    assert found, "no row of actions"
    return found[-1]


def menu(page: str) -> str:
    return re.search(r'<div class="drive-links">(.*?)</div>', page, re.S).group(1)


def note(page: str) -> str:
    found = re.search(r'<p class="note cards-in-note">(.*?)</p>', page, re.S)
    assert found, "no note on an evening of cards in"
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))


def slip(table: int = 1, round_number: int = 1, ns: int = 7) -> dict:
    return {"table": str(table), "round": str(round_number), "tricks_1": str(ns)}


def test_the_room_of_an_evening_of_cards_in_offers_cards_in_not_slips(
    club, assistant_client
):
    drive = cards_in_drive(club)
    row = actions(assistant_client.get(f"/drives/{drive.pk}/room/").content.decode())
    assert f'href="{cards_in(drive)}"' in row
    assert ">Cards in</a>" in row
    assert slips(drive) not in row
    assert "Type paper slips" not in row
    # After the last bell the cards are still coming in.
    over = finished(drive)
    row = actions(assistant_client.get(f"/drives/{over.pk}/room/").content.decode())
    assert f'href="{cards_in(over)}"' in row


def test_the_room_offers_the_slips_where_the_desk_types_them(club, assistant_client):
    drive = drive_with_players(players=8, hands=4, club=club)
    row = actions(assistant_client.get(f"/drives/{drive.pk}/room/").content.decode())
    assert f'href="{slips(drive)}"' in row
    assert f'href="{cards_in(drive)}"' not in row


@pytest.mark.parametrize("make", [rubber_drive, prediction_drive])
def test_the_room_offers_the_score_grid_where_the_slips_go_there(
    club, assistant_client, make
):
    drive = make(club=club)
    row = actions(assistant_client.get(f"/drives/{drive.pk}/room/").content.decode())
    assert f'href="{scores(drive)}"' in row
    assert slips(drive) not in row
    assert cards_in(drive) not in row


def test_the_drive_page_and_the_menu_of_an_evening_of_cards_in(club, assistant_client):
    drive = cards_in_drive(club)
    page = assistant_client.get(f"/drives/{drive.pk}/").content.decode()
    row = actions(page)
    assert f'href="/drives/{drive.pk}/room/"' in row
    assert f'href="{cards_in(drive)}"' in row
    for elsewhere in (slips(drive), scores(drive)):
        assert elsewhere not in row
        assert elsewhere not in menu(page)
    assert f'href="{cards_in(drive)}"' in menu(page)
    # After the last bell, the drive's page still leads to the desk.
    over = finished(drive)
    row = actions(assistant_client.get(f"/drives/{over.pk}/").content.decode())
    assert f'href="{cards_in(over)}"' in row


def test_the_slips_page_of_an_evening_of_cards_in_says_where_to_go(
    club, assistant_client
):
    drive = cards_in_drive(club)
    response = assistant_client.get(slips(drive))
    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="table"' not in page
    assert note(page) == (
        "This drive takes its cards in at the end: there are no table slips to "
        "type here. Type each card's total under Cards in."
    )
    assert f'<a href="{cards_in(drive)}">Cards in</a>' in page


def test_a_slip_posted_on_an_evening_of_cards_in_is_refused_and_writes_nothing(
    club, assistant_client
):
    drive = cards_in_drive(club)
    response = assistant_client.post(slips(drive), slip())
    assert response.status_code == 409
    assert "there are no table slips to type here" in response.content.decode()
    answer = assistant_client.post(slips(drive), slip(2), HTTP_HX_REQUEST="true")
    assert answer.status_code == 409
    assert answer.content.decode().lstrip().startswith('<div id="slips">')
    assert f'href="{cards_in(drive)}"' in answer.content.decode()
    assert not HandResult.objects.filter(table__drive=drive).exists()
    drive.refresh_from_db()
    assert drive.current_round == 1


def test_after_the_last_bell_the_slips_page_sends_to_cards_in(club, assistant_client):
    """Not to All hands, which an evening of cards in does not have."""
    over = finished(cards_in_drive(club))
    page = assistant_client.get(slips(over)).content.decode()
    assert "All hands" not in note(page)
    assert f'<a href="{cards_in(over)}">Cards in</a>' in page


@pytest.mark.parametrize(
    ("language", "said", "link"),
    [
        (
            "pl",
            "Ten turniej zbiera karty na koniec: nie ma tu protokołów stolików do "
            "wpisania. Wpisz sumę z każdej karty w Zbieraniu kart.",
            "Zbieraniu kart",
        ),
        (
            "ru",
            "В этом турнире карточки сдаются в конце: протоколы столов здесь не "
            "вводятся. Введите итог каждой карточки в разделе Сбор карточек.",
            "Сбор карточек",
        ),
        (
            "ro",
            "Acest turneu își strânge fișele la final: aici nu se introduce nicio "
            "fișă a mesei. Introduceți totalul fiecărei fișe la Strângerea "
            "fișelor.",
            "Strângerea fișelor",
        ),
        (
            "it",
            "Questo torneo raccoglie i cartellini alla fine: qui non si inserisce "
            "nessuna scheda del tavolo. Scrivi il totale di ogni cartellino in "
            "Raccolta cartellini.",
            "Raccolta cartellini",
        ),
    ],
)
def test_the_slips_page_says_so_in_each_language(
    club, assistant_client, language, said, link
):
    club.language = language
    club.save(update_fields=["language"])
    drive = cards_in_drive(club)
    page = assistant_client.get(slips(drive)).content.decode()
    assert note(page) == said
    assert f'<a href="{cards_in(drive)}">{link}</a>' in page
    room = actions(assistant_client.get(f"/drives/{drive.pk}/room/").content.decode())
    assert f">{link.replace('Zbieraniu', 'Zbieranie')}</a>" in room
