"""The desk's way in is the one the drive uses: the room, the drive's page and
the menu offer Cards in on an evening of cards in at the end (never the paper
slips, whose page says where to go instead and writes nothing), the paper
slips where the tables' slips are typed at the desk, and the score grid for
the formats whose slips go there (rubbers, prediction whist)."""

from __future__ import annotations

import html
import re

import pytest
from django.test import override_settings

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


# The one note of every desk page an evening of cards in does not have (the
# slips page, the score grid, All hands, a hand's page, the card check).
NO_HANDS = (
    "This drive takes its cards in at the end: no hand is entered, so there is "
    "nothing to type or check here. Type each card's total under Cards in."
)
NO_HANDS_PL = (
    "Ten turniej zbiera karty na koniec: nie wpisuje się rozdań, więc nie ma tu "
    "nic do wpisania ani do sprawdzenia. Wpisz sumę z każdej karty w Zbieraniu "
    "kart."
)


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
    assert note(page) == NO_HANDS
    assert f'<a href="{cards_in(drive)}">Cards in</a>' in page


def test_a_slip_posted_on_an_evening_of_cards_in_is_refused_and_writes_nothing(
    club, assistant_client
):
    drive = cards_in_drive(club)
    response = assistant_client.post(slips(drive), slip())
    assert response.status_code == 409
    assert note(response.content.decode()) == NO_HANDS
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
        ("pl", NO_HANDS_PL, "Zbieraniu kart"),
        (
            "ru",
            "В этом турнире карточки сдаются в конце: сдачи не вводятся, поэтому "
            "здесь нечего вводить и проверять. Введите итог каждой карточки в "
            "разделе Сбор карточек.",
            "Сбор карточек",
        ),
        (
            "ro",
            "Acest turneu își strânge fișele la final: nu se introduce nicio mână, "
            "deci aici nu este nimic de introdus sau de verificat. Introduceți "
            "totalul fiecărei fișe de scor la Strângerea fișelor.",
            "Strângerea fișelor",
        ),
        (
            "it",
            "Questo torneo raccoglie i cartellini alla fine: non si inserisce "
            "nessuna mano, quindi qui non c'è nulla da inserire o da controllare. "
            "Scrivi il totale di ogni cartellino in Raccolta cartellini.",
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


def hands(drive) -> str:
    return f"/drives/{drive.pk}/hands/"


def hand(drive, number: int = 1, table: int = 1) -> str:
    return f"/drives/{drive.pk}/hands/{number}/table/{table}/"


def grid_post(drive) -> dict:
    return {"round": "1", "t1_h1": "7", "v_t1_h1": "0"}


BOOSTED = {"HTTP_HX_REQUEST": "true", "HTTP_HX_BOOSTED": "true"}


@pytest.mark.parametrize("page", [scores, hands, hand])
@pytest.mark.parametrize("htmx", [{}, BOOSTED])
def test_the_hand_pages_of_an_evening_of_cards_in_say_where_to_go(
    club, assistant_client, page, htmx
):
    """The score grid, All hands and a hand's page, opened by their address
    (or a boosted link): the note and the link to Cards in, nothing to fill in."""
    for drive in (cards_in_drive(club), finished(cards_in_drive(club))):
        response = assistant_client.get(page(drive), **htmx)
        text = response.content.decode()
        assert response.status_code == 200
        assert note(text) == NO_HANDS
        assert f'<a href="{cards_in(drive)}">Cards in</a>' in text
        main = re.search(r'<main id="main">(.*)</main>', text, re.S).group(1)
        assert "<form" not in main
        assert "<input" not in main
        assert "Save" not in main


def test_an_htmx_request_is_given_the_note_alone(club, assistant_client):
    drive = cards_in_drive(club)
    for page in (scores, hands, hand):
        text = assistant_client.get(page(drive), HTTP_HX_REQUEST="true").content
        assert text.decode().lstrip().startswith('<div id="cards-in-only">')
        assert note(text.decode()) == NO_HANDS


def test_a_hand_the_evening_has_not_is_not_found(club, assistant_client):
    """As on any other evening, an address naming a table or a hand the drive
    has not is not found; it is not told where its cards go."""
    drive = cards_in_drive(club)
    for number, table in ((drive.hands + 1, 1), (0, 1), (1, 99)):
        response = assistant_client.get(hand(drive, number, table))
        assert response.status_code == 404
        assert NO_HANDS not in response.content.decode()
    assert assistant_client.get(hand(drive, drive.hands, 1)).status_code == 200


@pytest.mark.parametrize("htmx", [{}, {"HTTP_HX_REQUEST": "true"}])
def test_scores_posted_on_an_evening_of_cards_in_are_refused_and_write_nothing(
    club, assistant_client, htmx
):
    drive = cards_in_drive(club)
    response = assistant_client.post(scores(drive), grid_post(drive), **htmx)
    assert response.status_code == 409
    assert note(response.content.decode()) == NO_HANDS
    answer = assistant_client.post(
        hand(drive), {"ns_tricks": "7", "seen_version": "0"}, **htmx
    )
    assert answer.status_code == 409
    assert note(answer.content.decode()) == NO_HANDS
    assert not HandResult.objects.filter(table__drive=drive).exists()
    drive.refresh_from_db()
    assert drive.current_round == 1


def test_the_hand_pages_say_so_in_polish(club, assistant_client):
    club.language = "pl"
    club.save(update_fields=["language"])
    drive = cards_in_drive(club)
    for page, heading in (
        (scores, "Wpisz wyniki"),
        (hands, "Wszystkie rozdania"),
        (hand, "Stolik 1, rozdanie 1"),
    ):
        text = assistant_client.get(page(drive)).content.decode()
        assert f"<h1>{heading}</h1>" in text
        assert note(text) == NO_HANDS_PL
        assert f'<a href="{cards_in(drive)}">Zbieraniu kart</a>' in text


def links(drive) -> str:
    return f"/drives/{drive.pk}/links/"


def test_the_room_of_an_evening_of_cards_in_names_the_leaderboards_link(
    club, organiser_client
):
    """No table needs a captain link: the room's button, the menu and the page
    are named for what it holds, the shared leaderboard's link and QR code."""
    drive = cards_in_drive(club)
    row = actions(organiser_client.get(f"/drives/{drive.pk}/room/").content.decode())
    assert (
        f'<a class="button" href="{links(drive)}">Leaderboard link and QR code</a>'
        in row
    )
    assert "Captain links" not in row
    organiser_client.post(f"{links(drive)}public/", {"shared": "1"})
    page = organiser_client.get(links(drive)).content.decode()
    assert "<h1>Leaderboard link</h1>" in page
    assert "<title>Leaderboard link:" in page
    assert f'href="{links(drive)}" aria-current="page">Leaderboard link</a>' in menu(
        page
    )
    assert "Captain links" not in page
    assert "Each table's captain" not in page
    assert f"/drives/{drive.pk}/links/public/qr.svg" in page


def test_a_drive_scored_hand_by_hand_keeps_its_captain_links(club, organiser_client):
    drive = drive_with_players(players=8, hands=4, club=club)
    row = actions(organiser_client.get(f"/drives/{drive.pk}/room/").content.decode())
    assert ">Captain links and QR codes</a>" in row
    page = organiser_client.get(links(drive)).content.decode()
    assert "<h1>Captain links</h1>" in page
    assert "Leaderboard link" not in page


def test_the_results_of_an_evening_of_cards_in_say_where_to_share_them(
    club, organiser_client
):
    over = finished(cards_in_drive(club))
    page = organiser_client.get(f"/drives/{over.pk}/results/").content.decode()
    assert (
        f'share the leaderboard under <a href="{links(over)}">Leaderboard link</a>'
        in page
    )


def test_the_leaderboards_link_in_polish(club, organiser_client):
    club.language = "pl"
    club.save(update_fields=["language"])
    drive = cards_in_drive(club)
    row = actions(organiser_client.get(f"/drives/{drive.pk}/room/").content.decode())
    assert ">Link do tabeli wyników i kod QR</a>" in row
    assert "Linki kapitanów" not in row
    page = organiser_client.get(links(drive)).content.decode()
    assert "<h1>Link do tabeli wyników</h1>" in page
    assert ">Link do tabeli wyników</a>" in menu(page)
    assert "Linki kapitanów" not in page
    over = finished(drive)
    results = organiser_client.get(f"/drives/{over.pk}/results/").content.decode()
    assert (
        f'udostępnij tabelę wyników na stronie <a href="{links(over)}">Link do '
        "tabeli wyników</a>" in results
    )


@override_settings(HALL_ADDRESS="192.168.1.20:8000")
def test_the_hall_address_is_said_for_the_leaderboards_link(club, organiser_client):
    page = organiser_client.get(links(cards_in_drive(club))).content.decode()
    assert "The leaderboard's link and QR code below use this address" in html.unescape(
        page
    )
    assert "printed table cards" not in page


@pytest.mark.parametrize(
    ("language", "said"),
    [("en-gb", NO_HANDS), ("pl", NO_HANDS_PL)],
)
def test_the_card_check_of_an_evening_of_cards_in_says_where_to_go(
    club, assistant_client, language, said
):
    """Opened by its address: no hand is in to check a card against (it told
    every card it disagreed), so it says so and checks nothing."""
    club.language = language
    club.save(update_fields=["language"])
    drive = finished(cards_in_drive(club))
    check = f"/drives/{drive.pk}/card-check/"
    page = assistant_client.get(check).content.decode()
    assert note(page) == said
    assert 'name="entry"' not in page
    posted = assistant_client.post(check, {"entry": "1", "total": "9"})
    assert posted.status_code == 409
    assert note(posted.content.decode()) == said


def card_check(drive) -> str:
    return f"/drives/{drive.pk}/card-check/"


def hand_by_hand(club):
    return drive_with_players(players=8, hands=4, club=club)


@pytest.mark.parametrize(
    "make", [hand_by_hand, rubber_drive, prediction_drive, cards_in_drive]
)
def test_the_menu_and_each_desk_page_follow_the_drives_one_answer(
    club, assistant_client, make
):
    """drive.desk_pages says which desk pages a drive has: the menu offers
    those and no other, and a page the drive has not takes nothing posted
    (409), while one it has reads what was posted."""
    drive = make(club=club)
    has = drive.desk_pages
    offered = menu(assistant_client.get(f"/drives/{drive.pk}/").content.decode())
    for page, its in (
        (cards_in, has.cards_in),
        (scores, has.enters_hands),
        (hands, has.enters_hands),
        (slips, has.slips),
        (card_check, has.card_check),
    ):
        assert (f'href="{page(drive)}"' in offered) is its, page.__name__
        if page is hands:  # read only: nothing is posted there
            continue
        status = assistant_client.post(page(drive), {}).status_code
        assert (status == 409) is not its, (page.__name__, status)
