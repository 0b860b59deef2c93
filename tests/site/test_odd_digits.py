"""A number sent in an address or a header with digits that are not 0-9
("²", "³": str.isdigit() takes them, int() does not) is refused or ignored
like any other text that is no number, never a 500 (players.http.number_sent)."""

from __future__ import annotations

import pytest
from django.test import Client

from drive import services as drive_services
from players.http import number_sent
from tests.factories import (
    PlayerFactory,
    drive_with_players,
    play_drive,
    play_round,
    varied_tricks,
)

pytestmark = pytest.mark.django_db

ODD = "²"


def test_number_sent_takes_only_plain_digits():
    assert number_sent("12", digits=6) == 12
    assert number_sent("0012", digits=6) == 12
    for text in ("", "²", "1²", "١", "-1", "+1", " 1", "1.0", "1234567"):
        assert number_sent(text, digits=6) is None


def test_the_shared_board_and_results_refuse_odd_digits_as_a_number(club):
    drive = drive_services.public_link_set(
        drive=drive_with_players(players=8, club=club, hands=4), shared=True
    )
    board = f"/p/{drive.public_key}/"
    player = Client()
    # Before any result, while play goes on, and on the results page.
    assert player.get(board, {"entry": ODD}).status_code == 400
    play_round(drive, tricks=varied_tricks)
    answer = player.get(board, {"entry": ODD})
    assert answer.status_code == 400
    assert "No player has the number “²” in this drive." in answer.content.decode()
    play_drive(drive, tricks=varied_tricks)
    assert player.get(f"{board}results/", {"entry": ODD}).status_code == 400


def test_a_board_poll_with_odd_digits_in_its_etag_is_answered_whole(club):
    drive = drive_services.public_link_set(
        drive=drive_with_players(players=8, club=club, hands=4), shared=True
    )
    answer = Client().get(
        f"/p/{drive.public_key}/",
        headers={"HX-Request": "true", "If-None-Match": f'W/"abc.{ODD}"'},
    )
    assert answer.status_code == 200


def test_a_player_history_with_odd_digits_for_its_season(club, assistant_client):
    player = PlayerFactory(club=club)
    answer = assistant_client.get(f"/players/{player.pk}/history/", {"season": ODD})
    assert answer.status_code == 200


def test_the_cards_in_desk_with_odd_digits_for_the_card_to_correct(
    club, assistant_client
):
    drive = drive_with_players(players=8, hands=4, club=club, score_entry="cards")
    answer = assistant_client.get(f"/drives/{drive.pk}/cards-in/", {"correct": ODD})
    assert answer.status_code == 200
