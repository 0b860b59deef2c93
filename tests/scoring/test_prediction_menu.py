"""What the organiser's menu and drive pages offer a prediction whist drive:
only pages the format has, in its own words.

Prediction whist has no card check and no desk for paper slips (its deals go
in the score grid), so neither link is offered; rubber whist has the card
check but no desk for slips; a progressive drive has both. The format says
which (drive.movement.types.FormatInfo), never a test of the format in a
template. A finished prediction drive's room points to "All deals", and its
drive page's download of the filled-in cards has every deal played."""

from __future__ import annotations

import re
from html import unescape

import pytest

from drive.models import Drive, DriveState, Table
from scoring import captain as captain_services
from tests.factories import (
    drive_with_players,
    legal_deal,
    play_drive,
    prediction_drive,
)
from tests.factories import rubber_drive as make_rubber_drive
from tests.predictions import play_deals
from tests.printing.prediction_drive import play_predictions

pytestmark = pytest.mark.django_db


def page(client, drive: Drive, suffix: str = "", language: str = "en") -> str:
    client.cookies["django_language"] = language
    response = client.get(f"/drives/{drive.pk}/{suffix}")
    assert response.status_code == 200
    return response.content.decode()


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def menu_of(html: str) -> str:
    return re.search(r'<nav class="drive-nav".*?</nav>', html, re.S).group(0)


def links(html: str, drive: Drive, suffix: str) -> int:
    return html.count(f'href="/drives/{drive.pk}/{suffix}"')


# Every page of the menu, each showing the menu.
MENU_PAGES = ("", "room/", "scores/", "hands/", "leaderboard/", "audit/")


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_prediction_drive_offers_no_card_check_and_no_paper_slips(
    organiser_client, club, language
):
    drive = prediction_drive(club, players=9)
    for suffix in MENU_PAGES:
        html = page(organiser_client, drive, suffix, language)
        menu = menu_of(html)
        assert links(menu, drive, "scores/") == 1, suffix
        assert links(menu, drive, "hands/") == 1, suffix
        assert links(html, drive, "card-check/") == 0, suffix
        assert links(html, drive, "slips/") == 0, suffix
    # The drive page's buttons and the room's.
    assert "Type paper slips" not in text_of(page(organiser_client, drive))
    assert "Type paper slips" not in text_of(page(organiser_client, drive, "room/"))


def test_a_progressive_drive_offers_both(organiser_client, club):
    drive = drive_with_players(players=8, club=club)
    for suffix in MENU_PAGES:
        menu = menu_of(page(organiser_client, drive, suffix))
        assert links(menu, drive, "card-check/") == 1, suffix
        assert links(menu, drive, "slips/") == 1, suffix
    assert links(page(organiser_client, drive), drive, "slips/") == 2  # and its button
    assert links(page(organiser_client, drive, "room/"), drive, "slips/") == 2


def test_a_rubber_drive_offers_the_card_check_but_no_paper_slips(
    organiser_client, club
):
    drive = make_rubber_drive(club)
    for suffix in ("", "room/", "scores/"):
        html = page(organiser_client, drive, suffix)
        assert links(menu_of(html), drive, "card-check/") == 1, suffix
        assert links(html, drive, "slips/") == 0, suffix
    assert "Type paper slips" not in text_of(page(organiser_client, drive))


def test_a_finished_prediction_drive_still_has_no_card_check(organiser_client, club):
    drive = prediction_drive(club, players=8)
    play_predictions(drive)
    assert drive.state == DriveState.FINISHED
    for suffix in ("", "room/", "results/"):
        assert links(page(organiser_client, drive, suffix), drive, "card-check/") == 0


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The drive is over. Correct any deal from All deals."),
        (
            "pl",
            "Turniej się zakończył. Każde rozdanie możesz poprawić we "
            "Wszystkich rozdaniach.",
        ),
        ("it", "Correggi qualsiasi smazzata da Tutte le smazzate."),
    ],
)
def test_a_finished_prediction_rooms_note_points_to_all_deals(
    organiser_client, club, language, said
):
    drive = prediction_drive(club, players=8)
    play_predictions(drive)
    text = text_of(page(organiser_client, drive, "room/", language))
    assert said in text.replace(" .", ".")
    assert "Correct any hand" not in text and "All hands" not in text
    # The link leads to the page of every deal.
    assert links(page(organiser_client, drive, "room/"), drive, "hands/") == 2


def test_a_finished_progressive_rooms_note_points_to_all_hands(organiser_client, club):
    drive = play_drive(drive_with_players(players=4, club=club, hands=2))
    text = text_of(page(organiser_client, drive, "room/"))
    assert "The drive is over. Correct any hand from All hands ." in text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Filled-in score cards, with every deal played (PDF)"),
        ("pl", "Wypełnione karty wyników, z każdym rozegranym rozdaniem (PDF)"),
        ("it", "Cartellini segnapunti compilati, con ogni smazzata giocata (PDF)"),
    ],
)
def test_the_filled_in_cards_of_a_prediction_drive_have_every_deal(
    organiser_client, club, language, said
):
    drive = prediction_drive(club, players=8)
    assert said in text_of(page(organiser_client, drive, "", language))


def test_the_filled_in_cards_of_a_progressive_drive_have_every_hand(
    organiser_client, club
):
    drive = drive_with_players(players=8, club=club)
    text = text_of(page(organiser_client, drive))
    assert "Filled-in score cards, with every hand played (PDF)" in text


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("en", "Score cards with many games come one to a page", "many hands"),
        ("pl", "Karty wyników z wieloma partiami drukują się", "rozdaniami"),
        ("it", "I cartellini segnapunti con molte partite", "molte mani"),
    ],
)
def test_a_prediction_drives_print_help_speaks_of_games_not_hands(
    organiser_client, club, language, said, not_said
):
    """A prediction card has a row per game; its slips, a game's eight deals,
    never need smaller print, so the note names only its cards and tables."""
    drive = prediction_drive(club, players=8)
    text = text_of(page(organiser_client, drive, "", language))
    assert said in text
    assert not_said not in text
    if language == "en":
        assert "(score cards with many games two or four to a page, table " in text
        assert "travel slips with many" not in text


def test_a_progressive_drives_print_help_still_speaks_of_hands(organiser_client, club):
    text = text_of(page(organiser_client, drive_with_players(players=8, club=club)))
    assert "Score cards with many hands come one to a page" in text
    assert "(score cards or travel slips with many hands two or four" in text


# The record of changes names a result by its table and deal.


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("en", "table 1, deal 1 of game 1", r"\bhand 1\b"),
        ("it", "tavolo 1, smazzata 1 della partita 1", r"\bmano 1\b"),
        # Polish calls a hand and a deal both "rozdanie": a deal is told by
        # its game, never "rozdanie 1" alone.
        ("pl", "stolik 1, rozdanie 1 partii 1", r"\brozdanie 1\b(?! partii)"),
    ],
)
def test_the_record_of_a_prediction_drive_names_each_result_by_its_deal(
    organiser_client, club, language, said, not_said
):
    drive = prediction_drive(club, players=8)
    play_deals(drive, hands=[1])
    text = text_of(page(organiser_client, drive, "audit/", language))
    assert said in text
    assert re.search(not_said, text) is None


def test_the_record_of_a_prediction_drive_finds_a_deal_by_its_word(
    organiser_client, club
):
    drive = prediction_drive(club, players=8)
    play_deals(drive, hands=[1, 2])
    text = text_of(page(organiser_client, drive, "audit/?q=deal+2"))
    assert "table 1, deal 2" in text and "table 1, deal 1" not in text


def test_the_record_of_a_progressive_drive_names_each_result_by_its_hand(
    organiser_client, club
):
    drive = drive_with_players(players=8, club=club, hands=2)
    play_drive(drive)
    text = text_of(page(organiser_client, drive, "audit/?q=hand+2"))
    assert "table 1, hand 2" in text and "deal" not in text


# The page of one table's deal, reached from the room and from All deals.


@pytest.mark.parametrize(
    ("language", "said", "back"),
    [
        # The drive's hand 9 is the first deal of game 2.
        ("en", "Table 1, deal 1 of game 2", "← All deals"),
        ("it", "Tavolo 1, smazzata 1 della partita 2", "← Tutte le smazzate"),
        ("pl", "Stolik 1, rozdanie 1 partii 2", "← Wszystkie rozdania"),
    ],
)
def test_a_prediction_deals_page_names_the_deal_and_leads_back_to_all_deals(
    organiser_client, club, language, said, back
):
    drive = prediction_drive(club, players=8)
    html = page(organiser_client, drive, "hands/9/table/1/", language)
    heading = text_of(re.search(r"<h1>.*?</h1>", html, re.S).group(0))
    assert heading == said
    assert f"<title>{said}" in html
    assert back in text_of(html)


# A phone's result for a deal of a game that has moved on: the room says so.


def late_phone_drive(club) -> Drive:
    """Table 1's phone sends deal 1, game 1 is played, and then a second
    phone sends other numbers for deal 1."""
    drive = prediction_drive(club, players=8)
    table = Table.objects.get(drive=drive, number=1)
    predictions, tricks = legal_deal(1, 4, 5)
    captain_services.captain_result_submit(
        table=table,
        hand=1,
        ns_tricks=0,
        idempotency_key="a" * 22,
        predictions=predictions,
        tricks=tricks,
    )
    play_deals(drive)
    assert drive.current_round == 2
    predictions, tricks = legal_deal(1, 4, 9)
    late = captain_services.captain_result_submit(
        table=table,
        hand=1,
        ns_tricks=0,
        idempotency_key="b" * 22,
        predictions=predictions,
        tricks=tricks,
    )
    assert late.kind == captain_services.Kind.CONFLICT
    return drive


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            (
                "A phone sent another result for table 1, deal 1 of game 1 after "
                "that game had moved on: see below.",
                "Game 1 has already moved on: the moves after it stand",
                'aria-label="Conflict at table 1, deal 1 of game 1"',
            ),
        ),
        (
            "pl",
            (
                "Telefon wysłał inny wynik dla stolika 1, rozdania 1 partii 1, gdy "
                "ta partia już minęła: zobacz niżej.",
                "Partia 1 już minęła: przejścia po niej pozostają",
                'aria-label="Rozbieżność: stolik 1, rozdanie 1 partii 1"',
            ),
        ),
        (
            "it",
            (
                "per il tavolo 1, smazzata 1 della partita 1 dopo che quella partita "
                "era passata",
                "La partita 1 è già passata",
                'aria-label="Conflitto al tavolo 1, smazzata 1 della partita 1"',
            ),
        ),
    ],
)
def test_a_late_phones_conflict_in_a_prediction_room_speaks_of_its_deal_and_game(
    organiser_client, club, language, said
):
    html = page(organiser_client, late_phone_drive(club), "room/", language)
    text = text_of(html)
    for words in said:
        assert words in (html if words.startswith("aria-label") else text), words
