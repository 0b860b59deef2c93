"""Wist, prediction whist (issue #18): the game's rules and the head-count split,
on plain values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drive.hand_place import hand_place
from drive.trumps import Trump
from scoring import prediction_rules
from scoring.prediction_rules import (
    DEAL_KINDS,
    KIND_NAMES,
    PredictionDeal,
    TableSizes,
    barred_prediction,
    barred_words,
    cards_per_player,
    check_predictions,
    check_tricks,
    deal_kind,
    deal_points,
    dealer,
    game_points,
    kind_named,
    legal_predictions,
    prediction_order,
    running_totals,
    table_sizes,
    table_sizes_words,
    tricks_per_deal,
)

HEARTS, DIAMONDS, CLUBS, SPADES, FREE, BLIND, TICKETS, WIST = DEAL_KINDS


# --- the worked examples --------------------------------------------------------


def test_four_players_hold_thirteen_cards_and_five_hold_ten():
    assert cards_per_player(4) == tricks_per_deal(4) == 13
    assert cards_per_player(5) == tricks_per_deal(5) == 10


@pytest.mark.parametrize("players", [0, 3, 6, 52])
def test_wist_is_for_four_or_five(players):
    with pytest.raises(ValueError, match="four or five"):
        cards_per_player(players)


def test_a_game_is_eight_deals_in_the_texts_order():
    assert KIND_NAMES == (
        "Hearts",
        "Diamonds",
        "Clubs",
        "Spades",
        "Free",
        "Blind",
        "Tickets",
        "Wist",
    )
    assert [deal_kind(n).trumps for n in range(1, 9)] == [
        Trump.HEARTS,
        Trump.DIAMONDS,
        Trump.CLUBS,
        Trump.SPADES,
        Trump.NO_TRUMPS,
        Trump.NO_TRUMPS,
        Trump.NO_TRUMPS,
        Trump.NO_TRUMPS,
    ]
    assert [k.name for k in DEAL_KINDS if k.blind] == ["Blind"]
    assert [k.name for k in DEAL_KINDS if k.tickets] == ["Tickets"]
    assert [k.name for k in DEAL_KINDS if k.wist] == ["Wist"]
    assert [k.name for k in DEAL_KINDS if not k.last_barred] == ["Tickets", "Wist"]
    assert [k.name for k in DEAL_KINDS if k.predicted_after_the_deal] == [
        "Blind",
        "Tickets",
    ]
    assert kind_named("Tickets") is TICKETS
    assert str(WIST.label) == "Wist"
    for bad in (0, 9):
        with pytest.raises(ValueError):
            deal_kind(bad)


def test_the_dealer_moves_right_and_the_dealers_right_predicts_first():
    assert [dealer(n, 4) for n in range(1, 9)] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [dealer(n, 5, first_dealer=3) for n in range(1, 9)] == [
        3,
        4,
        0,
        1,
        2,
        3,
        4,
        0,
    ]
    assert prediction_order(4, 0) == (1, 2, 3, 0)
    assert prediction_order(5, 3) == (4, 0, 1, 2, 3)


def test_five_players_2_2_wist_4_the_last_may_not_say_2():
    assert barred_prediction([2, 2, 0, 4], 5, FREE) == 2
    assert 2 not in legal_predictions([2, 2, 0, 4], 5, FREE)
    assert legal_predictions([2, 2, 0, 4], 5, FREE) == (0, 1, 3, 4, 5, 6, 7, 8, 9, 10)
    with pytest.raises(ValueError) as refused:
        check_predictions([2, 2, 0, 4, 2], 5, FREE)
    assert str(refused.value) == (
        "Not 2: the predictions would add up to 10, and someone must fail."
    )
    check_predictions([2, 2, 0, 4, 3], 5, FREE)


def test_the_bar_can_fall_on_wist():
    assert barred_prediction([4, 4, 5], 4, HEARTS) == 0
    assert barred_words(0, 4) == (
        "Not Wist: the predictions would add up to 13, and someone must fail."
    )
    with pytest.raises(ValueError, match="Not Wist"):
        check_predictions([4, 4, 5, 0], 4, HEARTS)


def test_nothing_is_barred_when_the_others_already_predict_too_many():
    assert barred_prediction([5, 5, 5], 4, SPADES) is None
    assert legal_predictions([5, 5, 5], 4, SPADES) == tuple(range(14))


@pytest.mark.parametrize("kind", [HEARTS, DIAMONDS, CLUBS, SPADES, FREE, BLIND])
def test_every_deal_but_tickets_and_wist_bars_the_full_total(kind):
    assert barred_prediction([3, 3, 3], 4, kind) == 4
    with pytest.raises(ValueError, match="someone must fail"):
        check_predictions([3, 3, 3, 4], 4, kind)


def test_tickets_allow_a_total_equal_to_the_tricks():
    assert barred_prediction([3, 3, 3], 4, TICKETS) is None
    check_predictions([3, 3, 3, 4], 4, TICKETS)
    check_predictions([2, 2, 0, 4, 2], 5, TICKETS)


def test_on_the_wist_deal_everyone_predicts_wist():
    check_predictions([0, 0, 0, 0], 4, WIST)
    assert legal_predictions([], 4, WIST) == (0,)
    assert barred_prediction([0, 0, 0], 4, WIST) is None
    with pytest.raises(ValueError, match="everyone predicts Wist"):
        check_predictions([0, 1, 0, 0], 4, WIST)


@pytest.mark.parametrize(
    ("players", "predictions", "message"),
    [
        (4, [0, 0, 0, 14], "Wist or 1 to 13, not 14"),
        (5, [0, 0, 0, 0, 11], "Wist or 1 to 10, not 11"),
        (4, [0, -1, 0, 0], "not -1"),
        (4, [1, 1, 1], "Each of the 4 players"),
    ],
)
def test_predictions_out_of_range_are_refused(players, predictions, message):
    with pytest.raises(ValueError, match=message):
        check_predictions(predictions, players, FREE)


def test_predict_3_take_4_scores_4_and_take_3_scores_13():
    assert deal_points(3, 4, 4) == 4
    assert deal_points(3, 3, 4) == 13
    assert deal_points(3, 2, 5) == 2


def test_wist_made_scores_25_with_four_and_20_with_five():
    assert deal_points(0, 0, 4) == 25
    assert deal_points(0, 0, 5) == 20


def test_wist_failed_loses_5_a_trick_below_zero_if_need_be():
    assert deal_points(0, 3, 4) == -15
    assert deal_points(0, 1, 5) == -5
    # 33 so far, Wist predicted, 3 tricks taken: 18.
    before = PredictionDeal(1, 0, predictions=(3, 3, 3, 3), tricks=(3, 3, 3, 4))
    assert before.points == (13, 13, 13, 4)
    deals = [
        before,
        PredictionDeal(2, 1, predictions=(5, 2, 0, 0), tricks=(5, 2, 3, 3)),
    ]
    assert deals[1].points == (15, 12, -15, -15)
    assert running_totals(deals) == [(13, 13, 13, 4), (28, 25, -2, -11)]
    # The text's own numbers: a seat on 33 that then fails a Wist with 3 tricks.
    assert 33 + deal_points(0, 3, 4) == 18


def test_tricks_that_do_not_add_up_are_refused():
    check_tricks([3, 3, 3, 4], 4)
    check_tricks([2, 2, 2, 2, 2], 5)
    with pytest.raises(ValueError) as refused:
        check_tricks([3, 3, 3, 3], 4)
    assert str(refused.value) == (
        "The tricks add up to 12; they must add up to 13, the cards each player holds."
    )
    with pytest.raises(ValueError, match="add up to 13; they must add up to 10"):
        check_tricks([3, 3, 3, 4, 0], 5)
    with pytest.raises(ValueError, match="0 to 10 tricks, not 11"):
        check_tricks([11, 0, 0, 0, 0], 5)
    with pytest.raises(ValueError, match="each of the 4 players"):
        check_tricks([13, 0, 0], 4)
    with pytest.raises(ValueError, match="add up to"):
        PredictionDeal(1, 0, predictions=(1, 1, 1, 1), tricks=(1, 1, 1, 1))


def test_a_deal_checks_its_predictions_in_the_order_they_were_made():
    # Dealer seat 2: seats 3, 0, 1 predict before the dealer, who is barred.
    with pytest.raises(ValueError, match="Not 4"):
        PredictionDeal(1, 2, predictions=(3, 3, 4, 3), tricks=(4, 3, 3, 3))
    # With seat 1 dealing, seat 1 predicts last: the three before it add up
    # to 10, so it may not say 3.
    with pytest.raises(ValueError, match="Not 3"):
        PredictionDeal(1, 1, predictions=(3, 3, 4, 3), tricks=(4, 3, 3, 3))
    deal = PredictionDeal(1, 0, predictions=(4, 3, 3, 4), tricks=(4, 3, 3, 3))
    assert deal.order == (1, 2, 3, 0)
    assert [deal.seat_order(seat) for seat in range(4)] == [4, 1, 2, 3]
    assert deal.made == (True, True, True, False)
    assert deal.points == (14, 13, 13, 3)
    assert deal.kind is HEARTS


def test_a_games_deals_follow_each_other():
    first = PredictionDeal(1, 0, (3, 3, 3, 3), (3, 3, 3, 4))
    assert game_points([first]) == (13, 13, 13, 4)
    assert game_points([]) == ()
    with pytest.raises(ValueError, match="numbered 1 up"):
        game_points([PredictionDeal(2, 1, (3, 3, 3, 3), (3, 3, 3, 4))])
    with pytest.raises(ValueError, match="dealer moves"):
        game_points([first, PredictionDeal(2, 2, (3, 3, 3, 3), (3, 3, 3, 4))])
    with pytest.raises(ValueError, match="same players"):
        game_points([first, PredictionDeal(2, 1, (2, 2, 2, 2, 0), (2, 2, 2, 2, 2))])


# --- property tests over random legal games --------------------------------------------


@st.composite
def legal_deal(draw, number: int, players: int, deal_dealer: int) -> PredictionDeal:
    """A deal as a table could play it: each prediction drawn from what the
    rules let that player say, and any tricks adding up to the cards."""
    kind = deal_kind(number)
    order = prediction_order(players, deal_dealer)
    said: list[int] = []
    for _seat in order:
        said.append(draw(st.sampled_from(legal_predictions(said, players, kind))))
    predictions = [0] * players
    for seat, prediction in zip(order, said, strict=True):
        predictions[seat] = prediction
    cards = cards_per_player(players)
    cuts = sorted(
        draw(
            st.lists(st.integers(0, cards), min_size=players - 1, max_size=players - 1)
        )
    )
    bounds = [0, *cuts, cards]
    tricks = [bounds[i + 1] - bounds[i] for i in range(players)]
    return PredictionDeal(number, deal_dealer, tuple(predictions), tuple(tricks))


@st.composite
def legal_game(draw) -> list[PredictionDeal]:
    players = draw(st.sampled_from([4, 5]))
    first = draw(st.integers(0, players - 1))
    length = draw(st.integers(1, 8))
    return [
        draw(legal_deal(n, players, dealer(n, players, first)))
        for n in range(1, length + 1)
    ]


@given(legal_game())
def test_the_bar_makes_someone_fail_except_on_tickets_and_wist(game):
    for deal in game:
        total = sum(deal.predictions)
        if deal.kind.last_barred:
            assert total != tricks_per_deal(deal.players)
            assert not all(deal.made)
        if deal.kind.wist:
            assert total == 0
            assert not all(deal.made)


@given(
    players=st.sampled_from([4, 5]),
    number=st.integers(1, 8),
    data=st.data(),
)
def test_the_last_to_predict_always_has_a_legal_number(players, number, data):
    kind = deal_kind(number)
    cards = cards_per_player(players)
    before = data.draw(
        st.lists(st.integers(0, cards), min_size=players - 1, max_size=players - 1)
    )
    if kind.wist:
        before = [0] * (players - 1)
    choices = legal_predictions(before, players, kind)
    assert choices
    for choice in choices:
        check_predictions([*before, choice], players, kind)
    barred = barred_prediction(before, players, kind)
    if barred is not None:
        assert sum(before) + barred == tricks_per_deal(players)
        assert len(choices) == cards


@given(legal_game())
def test_points_are_bounded(game):
    for deal in game:
        cards = cards_per_player(deal.players)
        wist_made = 25 if deal.players == 4 else 20
        for points in deal.points:
            assert -5 * cards <= points <= max(cards + 10, wist_made)


@given(legal_game())
def test_a_game_total_is_the_sum_of_its_deals(game):
    totals = game_points(game)
    for seat in range(game[0].players):
        assert totals[seat] == sum(deal.points[seat] for deal in game)
    running = running_totals(game)
    assert len(running) == len(game)
    assert running[-1] == totals


@given(
    prediction=st.integers(1, 13),
    tricks=st.integers(0, 13),
)
def test_a_made_prediction_is_worth_ten_more_than_its_tricks(prediction, tricks):
    points = deal_points(prediction, tricks, 4)
    assert points == tricks + (10 if prediction == tricks else 0)


# --- the evening: the head count ---------------------------------------------------------


def best_split_by_search(players: int) -> tuple[int, int, int]:
    """Every split into tables of five and four, fewest sit-outs first, then
    fewest tables of five."""
    splits = [
        (players - 5 * fives - 4 * fours, fives, fours)
        for fives in range(players // 5 + 1)
        for fours in range(players // 4 + 1)
        if 5 * fives + 4 * fours <= players
    ]
    sit_outs, fives, fours = min(splits)
    return fives, fours, sit_outs


@pytest.mark.parametrize("players", range(0, 61))
def test_the_head_count_split_is_the_best_there_is(players):
    sizes = table_sizes(players)
    assert (sizes.fives, sizes.fours, sizes.sit_outs) == best_split_by_search(players)
    assert sizes.players == players


def test_who_sits_out():
    leaving_someone_out = [n for n in range(4, 31) if table_sizes(n).sit_outs]
    assert leaving_someone_out == [6, 7, 11]
    assert table_sizes(23) == TableSizes(fives=3, fours=2, sit_outs=0)
    assert table_sizes(11) == TableSizes(fives=2, fours=0, sit_outs=1)
    assert table_sizes(7) == TableSizes(fives=1, fours=0, sit_outs=2)
    assert table_sizes(20) == TableSizes(fives=0, fours=5, sit_outs=0)
    assert table_sizes(3) == TableSizes(fives=0, fours=0, sit_outs=3)


def test_the_split_in_words():
    assert table_sizes_words(23) == (
        "23 players: 3 tables of five and 2 of four; nobody sits out"
    )
    assert table_sizes_words(11) == "11 players: 2 tables of five; 1 sits out"
    assert table_sizes_words(7) == "7 players: 1 table of five; 2 sit out"
    assert table_sizes_words(8) == "8 players: 2 tables of four; nobody sits out"
    assert table_sizes_words(9) == (
        "9 players: 1 table of five and 1 of four; nobody sits out"
    )
    assert table_sizes_words(4) == "4 players: 1 table of four; nobody sits out"
    assert table_sizes_words(1) == "1 player: no table; 1 sits out"


def test_a_prediction_drive_plays_the_games_deals_as_its_trumps():
    from drive.trumps import PREDICTION_SEQUENCE

    assert (
        tuple(kind.trumps for kind in prediction_rules.DEAL_KINDS)
        == PREDICTION_SEQUENCE
    )


def test_a_drives_hands_are_games_of_eight_deals_and_seat_one_deals_first():
    assert [
        tuple(hand_place(h, prediction_rules.DEALS_PER_GAME)) for h in (1, 8, 9, 17)
    ] == [
        (1, 1),
        (1, 8),
        (2, 1),
        (3, 1),
    ]
    deal = prediction_rules.drive_deal(10, (2, 2, 0, 4, 1), (3, 2, 0, 5, 0))
    assert (deal.number, deal.dealer, deal.kind.name) == (2, 1, "Diamonds")
    assert prediction_rules.decode(prediction_rules.encode((2, 2, 0, 4, 1))) == (
        2,
        2,
        0,
        4,
        1,
    )
    assert prediction_rules.decode("") == ()
    assert [s.value for s in prediction_rules.seat_positions(5)] == [
        "N",
        "E",
        "S",
        "W",
        "F",
    ]
