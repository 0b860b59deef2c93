"""A deal by its game (scoring.deal_games), on plain values: no database."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from drive.models import Drive, DriveState
from drive.movement.types import Game
from scoring.deal_games import GAMES, game_of_deal
from scoring.models import HandResult, ResultStatus
from scoring.rules import DealRecord


def test_every_game_has_its_deal():
    assert set(GAMES) == set(Game)


def test_a_deal_says_its_game_by_what_it_holds():
    assert game_of_deal(DealRecord(9)) is Game.HANDS
    assert game_of_deal(DealRecord(0, "", "", "3,4,3,2", "3,5,3,2")) is Game.PREDICTIONS


def test_hands_and_rubbers_are_described_alike():
    assert GAMES[Game.HANDS].summary(DealRecord(9)) == "N-S 9, E-W 4"
    assert GAMES[Game.RUBBERS].summary(DealRecord(9)) == "N-S 9, E-W 4"


def test_a_prediction_deal_is_described_seat_by_seat():
    deal = DealRecord(0, "", "", "3,4,3,2", "3,5,3,2")
    assert (
        GAMES[Game.PREDICTIONS].summary(deal)
        == "predictions 3, 4, 3, 2; tricks 3, 5, 3, 2"
    )


def test_only_a_rubber_round_ends_at_the_bell_with_tables_still_playing():
    assert [game for game in Game if GAMES[game].ends_at_the_bell] == [Game.RUBBERS]


@pytest.mark.parametrize("pending", [False, True])
def test_a_new_result_is_named_as_its_game_names_it(pending):
    status = ResultStatus.PENDING if pending else ResultStatus.CONFIRMED
    hand = HandResult(hand=11, ns_tricks=9, status=status)
    deal = HandResult(
        hand=11, ns_tricks=0, predictions="3,4,3,2", tricks="3,5,3,2", status=status
    )
    # Hand 11 of a drive of games of 8 deals: deal 3 of game 2.
    drive = Drive(hands=16, hands_per_round=8)
    said_hand = GAMES[Game.HANDS].entered(drive, hand, pending=pending)
    said_deal = GAMES[Game.PREDICTIONS].entered(drive, deal, pending=pending)
    assert said_hand.startswith("Hand 11")
    assert said_deal.startswith("Deal 3 of game 2")
    assert ("opponent to confirm" in said_deal) is pending
    assert ("opponent to confirm" in said_hand) is pending


def test_a_phone_sending_predictions_to_a_drive_of_hands_is_refused():
    drive = Drive(state=DriveState.IN_PLAY)
    with pytest.raises(ValidationError) as refused:
        GAMES[Game.HANDS].phone_deal(
            drive,
            None,
            1,
            ns_tricks=0,
            honours="",
            revoke="",
            predictions=(3, 4, 3, 2),
            tricks=(),
        )
    assert refused.value.code == "invalid"


def test_a_phone_sending_tricks_to_a_prediction_drive_is_refused():
    drive = Drive(state=DriveState.IN_PLAY)
    with pytest.raises(ValidationError) as refused:
        GAMES[Game.PREDICTIONS].phone_deal(
            drive,
            None,
            1,
            ns_tricks=9,
            honours="",
            revoke="",
            predictions=(),
            tricks=(),
        )
    assert refused.value.code == "invalid"
