"""The captain's phone at a prediction whist table names a deal by its game
("Deal 1 of game 2"), as the players count them, in the answers that refuse
a deal or repeat one: never the drive's hand and round."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from drive.models import Drive, Table
from scoring import captain as captain_services
from scoring.deal_games import seats_at
from scoring.models import HandResult, ResultStatus
from scoring.services import deal_summary
from tests.factories import legal_deal, prediction_drive

pytestmark = pytest.mark.django_db


def table_of(drive: Drive, number: int = 1) -> Table:
    return Table.objects.get(drive=drive, number=number)


def submit(table: Table, hand: int, key: str, players: int = 5):
    predictions, tricks = legal_deal(hand, players)
    return captain_services.captain_result_submit(
        table=table,
        hand=hand,
        ns_tricks=0,
        idempotency_key=key.ljust(22, "x"),
        predictions=predictions,
        tricks=tricks,
    )


def refusal(table: Table, hand: int, language: str, players: int = 5) -> str:
    with translation.override(language), pytest.raises(ValidationError) as caught:
        submit(table, hand, f"refused{language}", players)
    assert caught.value.code == "not_current"
    return caught.value.messages[0]


def test_a_deal_ahead_of_the_table_is_named_by_its_game(club):
    drive = prediction_drive(club, players=9)
    table = table_of(drive)
    assert refusal(table, 3, "en") == (
        "Enter deal 1 first: this table is on deal 1 of game 1."
    )
    assert refusal(table, 3, "pl") == (
        "Najpierw wpisz rozdanie 1: ten stolik jest przy rozdaniu 1 partii 1."
    )
    submit(table, 1, "first")
    # Hand 10 of the drive is the second deal of game 2.
    assert refusal(table, 10, "en") == (
        "Deal 2 of game 2 has not started yet at table 1: this table is on "
        "deal 2 of game 1."
    )
    assert refusal(table, 10, "pl") == (
        "Rozdanie 2 partii 2 jeszcze się nie zaczęło przy stoliku 1: ten "
        "stolik jest przy rozdaniu 2 partii 1."
    )
    for hand in range(2, 9):
        submit(table, hand, f"t1h{hand}")
    assert refusal(table, 9, "en") == (
        "Deal 1 of game 2 has not started yet at table 1: this table is in."
    )
    assert refusal(table, 9, "pl") == (
        "Rozdanie 1 partii 2 jeszcze się nie zaczęło przy stoliku 1: ten "
        "stolik ma wszystko wpisane."
    )


def test_a_table_without_a_game_is_told_of_the_game(club):
    drive = prediction_drive(club, players=9)
    empty = Table.objects.create(drive=drive, number=3)
    assert refusal(empty, 1, "en", players=4) == "Table 3 does not play in game 1."
    assert refusal(empty, 1, "pl", players=4) == "Stolik 3 nie gra w partii 1."
    # Still so once the room has moved on to game 2.
    for number, players in {1: 5, 2: 4}.items():
        for hand in range(1, 9):
            submit(table_of(drive, number), hand, f"t{number}h{hand}", players)
    drive.refresh_from_db()
    assert drive.current_round == 2
    assert refusal(empty, 3, "en", players=4) == "Table 3 does not play in game 1."


def test_a_deal_sent_again_after_an_opponent_turned_it_down_is_named_by_its_game(
    club,
):
    drive = prediction_drive(club, players=9, opponent_confirms=True)
    table = table_of(drive)
    for hand in range(1, 3):
        submit(table, hand, f"p{hand}")
        captain_services.captain_result_confirm(table=table, hand=hand, version=1)
    first = submit(table, 3, "turned")
    captain_services.captain_result_reject(table=table, hand=3, version=1)
    deal = first.message.split(": ", 1)[1].split(". ")[0]
    for language, said in (
        ("en", f"Deal 3 of game 1 was received: {deal}."),
        ("pl", "Rozdanie 3 partii 1 przyjęte: "),
    ):
        with translation.override(language):
            again = submit(table, 3, "turned")
        assert again.kind == captain_services.Kind.ALREADY
        assert again.message.startswith(said)


def play(table: Table, hands: range, players: int) -> None:
    """Each hand sent and confirmed by an opponent, in turn."""
    for hand in hands:
        submit(table, hand, f"t{table.number}h{hand}", players)
        captain_services.captain_result_confirm(table=table, hand=hand, version=1)


def game_two_table(club, *, on: int) -> tuple[Table, int]:
    """Table 1 of a drive with opponents' confirmation, on the drive's hand
    `on` of game 2, and its seats there."""
    drive = prediction_drive(club, players=9, opponent_confirms=True)
    for number, players in {1: 5, 2: 4}.items():
        play(table_of(drive, number), range(1, 9), players)
    drive.refresh_from_db()
    assert drive.current_round == 2
    table = table_of(drive)
    players = seats_at(table, 2)
    play(table, range(9, on), players)
    return table, players


def stale(action, table: Table, hand: int, version: int, language: str) -> str:
    with translation.override(language), pytest.raises(ValidationError) as caught:
        action(table=table, hand=hand, version=version)
    assert caught.value.code == "not_current"
    return caught.value.messages[0]


def test_an_opponents_confirmation_names_the_deal_by_its_game(club):
    table, players = game_two_table(club, on=11)
    # Hand 11 of the drive is the third deal of game 2.
    submit(table, 11, "confirmed", players)
    for language, said, kind in (
        ("en", "Deal 3 of game 2 is confirmed: {}.", captain_services.Kind.CONFIRMED),
        # The same confirmation again (its answer lost): the same words.
        ("pl", "Rozdanie 3 partii 2 potwierdzone: {}.", captain_services.Kind.ALREADY),
    ):
        with translation.override(language):
            outcome = captain_services.captain_result_confirm(
                table=table, hand=11, version=1
            )
            deal = deal_summary(outcome.result)
        assert outcome.kind == kind
        assert outcome.message == said.format(deal)


def test_a_deal_turned_down_is_cleared_by_its_game(club):
    table, players = game_two_table(club, on=10)
    submit(table, 10, "turned", players)
    for language, said in (
        ("en", "Cleared: enter deal 2 of game 2 again."),
        # Turned down again (its answer lost): cleared still.
        ("pl", "Wyczyszczono: wpisz rozdanie 2 partii 2 ponownie."),
    ):
        with translation.override(language):
            outcome = captain_services.captain_result_reject(
                table=table, hand=10, version=1
            )
        assert outcome.kind == captain_services.Kind.CLEARED
        assert outcome.message == said
    # Confirmed on a phone that still showed it: it had changed meanwhile.
    confirm = captain_services.captain_result_confirm
    assert stale(confirm, table, 10, 1, "en") == (
        "That result for deal 2 of game 2 has changed meanwhile; nothing was saved."
    )
    assert stale(confirm, table, 10, 1, "pl") == (
        "Ten wynik rozdania 2 partii 2 w międzyczasie się zmienił; nic nie zapisano."
    )


def test_a_deal_turned_down_after_its_confirmation_is_named_by_its_game(club):
    table, players = game_two_table(club, on=9)
    submit(table, 9, "kept", players)
    captain_services.captain_result_confirm(table=table, hand=9, version=1)
    reject = captain_services.captain_result_reject
    assert stale(reject, table, 9, 1, "en") == (
        "That result for deal 1 of game 2 has been confirmed meanwhile; ask the "
        "organiser if it needs correcting."
    )
    assert stale(reject, table, 9, 1, "pl") == (
        "Ten wynik rozdania 1 partii 2 został w międzyczasie potwierdzony; jeśli "
        "wymaga poprawki, zapytaj organizatora."
    )


def test_a_late_turn_down_of_a_deal_entered_again_says_it_changed(club):
    """Turned down, entered again, and then an older phone turns the first
    version down: it changed meanwhile (nothing was confirmed)."""
    table, players = game_two_table(club, on=10)
    submit(table, 10, "first", players)
    captain_services.captain_result_reject(table=table, hand=10, version=1)
    submit(table, 10, "second", players)
    reject = captain_services.captain_result_reject
    assert stale(reject, table, 10, 1, "en") == (
        "That result for deal 2 of game 2 has changed meanwhile; nothing was saved."
    )


def test_a_late_turn_down_of_a_deal_set_aside_says_it_changed(club):
    """Set aside by the organiser (nothing stands in its place), then an older
    phone turns it down: it changed meanwhile; nothing was confirmed."""
    table, players = game_two_table(club, on=10)
    submit(table, 10, "first", players)
    HandResult.objects.filter(table=table, hand=10).update(
        status=ResultStatus.SUPERSEDED
    )
    reject = captain_services.captain_result_reject
    assert stale(reject, table, 10, 1, "en") == (
        "That result for deal 2 of game 2 has changed meanwhile; nothing was saved."
    )
