"""Rubber whist (issue #17): hands, games, rubbers and the bell, on plain values."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drive.movement.types import Side
from scoring.rubber import (
    HONOURS,
    PRESETS,
    GameRow,
    RubberHand,
    RubberSettings,
    game_bonus,
    game_rows,
    hand_words,
    play_table,
    revoke_words,
    score_hand,
    settings_for,
    table_values,
)
from scoring.rules import ns_tricks_from_odd, odd_tricks, side_tricks

NS, EW = Side.NS, Side.EW


def ns(points: int, honours: str = "", revoke: str = "") -> RubberHand:
    """N-S take `points` tricks over six."""
    return RubberHand(ns_tricks_from_odd(NS, points), honours, revoke)


def ew(points: int, honours: str = "", revoke: str = "") -> RubberHand:
    """E-W take `points` tricks over six."""
    return RubberHand(ns_tricks_from_odd(EW, points), honours, revoke)


def last_hand(deals, settings):
    return play_table(deals, settings)[-1].hands[-1]


# --- the worked examples --------------------------------------------------------


def test_polish_honours_never_score_the_last_point():
    # Game to 9, six all; N-S take 7 tricks and hold three honours: 1 for the
    # trick and only 1 for honours, 8 to 6.
    polish = settings_for("long", target=9)
    hand = last_hand([ns(6), ew(6), ns(1, "NS3")], polish)
    assert hand.before == (6, 6)
    assert hand.tricks == (1, 0)
    assert hand.honours == (1, 0)
    assert hand.after == (8, 6)
    assert hand.game_to is None
    # Without the limit the honours would have made the game.
    free = dataclasses.replace(polish, honours_limit="none")
    assert last_hand([ns(6), ew(6), ns(1, "NS3")], free).game_to is NS


def test_polish_honours_add_nothing_to_a_side_one_short_of_game():
    polish = settings_for("long", target=9)
    hand = last_hand([ns(7), ns(1), ew(1, "NS4")], polish)
    assert hand.before == (8, 0)
    assert hand.honours == (0, 0)
    assert hand.after == (8, 1)


def test_italian_a_side_one_point_from_game_scores_no_honours():
    english = settings_for("english")
    hand = last_hand([ns(4), ew(1, "NS4")], english)
    assert hand.before == (4, 0)
    assert hand.honours == (0, 0)
    assert hand.after == (4, 1)
    assert hand.game_to is None
    free = dataclasses.replace(english, honours_limit="none")
    assert last_hand([ns(4), ew(1, "NS4")], free).after == (8, 1)


def test_italian_honours_still_win_a_game_from_further_back():
    # At 3 of 5 the side is not one from game when the hand is dealt: its
    # honours count, and win the game.
    hand = last_hand([ns(3), ew(1, "NS3")], settings_for("english"))
    assert hand.after == (5, 1)
    assert hand.game_to is NS


def test_russian_the_losers_honours_are_dropped_once_the_game_is_over():
    russian = settings_for("russian")
    [rubber] = play_table([ns(4), ns(1, "EW4")], russian)
    game = rubber.games[0]
    assert game.hands[-1].honours == (0, 0)
    assert game.score == (5, 0)
    assert (game.winner, game.bonus) == (NS, 3)
    # With the setting off the losers' four honours count, and cost the winners.
    kept = dataclasses.replace(russian, losers_honours_dropped=False)
    game = play_table([ns(4), ns(1, "EW4")], kept)[0].games[0]
    assert game.score == (5, 4)
    assert (game.winner, game.bonus) == (NS, 1)


def test_tricks_score_before_honours_when_both_would_reach_game():
    # (The American text has no honours; counted here to show the order.)
    american = settings_for("american", honours_counted=True)
    hand = last_hand([ns(6), ew(6), ns(1, "EW4")], american)
    assert hand.before == (6, 6)
    assert hand.game_to is NS
    assert hand.after == (7, 6)
    # Counting the losers' honours never gives them the game either.
    kept = dataclasses.replace(american, losers_honours_dropped=False)
    hand = last_hand([ns(6), ew(1), ns(1, "EW4")], kept)
    assert hand.before == (6, 1)
    assert hand.honours == (0, 4)
    assert hand.game_to is NS
    hand = last_hand([ns(6), ew(6), ns(1, "EW4")], kept)
    assert (hand.after, hand.game_to) == ((7, 6), NS)


def test_american_the_winners_score_seven_less_the_losers_points():
    american = settings_for("american")
    game = play_table([ew(3), ns(7)], american)[0].games[0]
    assert game.score == (7, 3)
    assert (game.winner, game.bonus) == (NS, 4)
    game = play_table([ew(7)], american)[0].games[0]
    assert (game.winner, game.bonus) == (EW, 7)


def test_a_rubber_is_worth_its_bonuses_a_six_b_two():
    # A (N-S) wins 5-0 (+3), B wins 5-2 (+2), A wins 5-4 (+1), rubber to A (+2).
    deals = [ns(5), ns(2), ew(5), ew(4), ns(5)]
    [rubber] = play_table(deals, settings_for("english"))
    assert [(g.score, g.winner, g.bonus) for g in rubber.games] == [
        ((5, 0), NS, 3),
        ((2, 5), EW, 2),
        ((5, 4), NS, 1),
    ]
    assert rubber.winner is NS
    assert (rubber.won(NS), rubber.won(EW)) == (2, 1)
    assert rubber.rubber_bonus == 2
    assert rubber.values == (6, 2)
    assert table_values([rubber]) == (6, 2)


def test_two_games_to_none_skips_the_third():
    rubbers = play_table([ns(5), ns(5), ns(1)], settings_for("english"))
    first, second = rubbers
    assert len(first.games) == 2
    assert first.winner is NS
    assert first.values == (3 + 3 + 2, 0)
    # The next deal starts a new rubber, from nothing all.
    assert second.number == 2
    assert second.hands[0].before == (0, 0)
    assert second.games[0].number == 1


def test_at_the_bell_a_rubber_scores_as_it_stands():
    [rubber] = play_table([ns(5), ew(3)], settings_for("english"))
    assert not rubber.over
    assert rubber.winner is None
    first, cut = rubber.games
    assert (first.winner, first.bonus) == (NS, 3)
    # The game in progress scores nothing; no rubber bonus.
    assert cut.score == (0, 3)
    assert (cut.winner, cut.bonus) == (None, 0)
    assert rubber.rubber_bonus == 0
    assert rubber.values == (3, 0)


def test_a_rubber_cut_after_one_all_is_worth_its_two_games():
    [rubber] = play_table([ns(5), ew(5), ns(2)], settings_for("english"))
    assert (rubber.won(NS), rubber.won(EW)) == (1, 1)
    assert rubber.values == (3, 3)


def test_several_rubbers_at_one_table():
    deals = [ns(5), ns(5), ew(7), ns(2), ew(5), ns(1)]
    rubbers = play_table(deals, settings_for("english"))
    assert [r.number for r in rubbers] == [1, 2, 3]
    assert [r.winner for r in rubbers] == [NS, EW, None]
    assert [r.values for r in rubbers] == [(8, 0), (0, 3 + 2 + 2), (0, 0)]
    assert table_values(rubbers) == (8, 7)
    assert [h.number for r in rubbers for h in r.hands] == [1, 2, 3, 4, 5, 6]


def test_a_side_may_finish_above_the_target():
    game = play_table([ns(4), ns(3)], settings_for("english"))[0].games[0]
    assert game.score == (7, 0)
    assert (game.winner, game.bonus) == (NS, 3)


def test_the_games_sheet_has_a_row_per_game_finished_or_cut():
    rubbers = play_table([ns(5), ns(5), ew(2), ns(5), ew(1)], settings_for("english"))
    assert game_rows(rubbers, table=4, round=2) == [
        GameRow(4, 2, 1, 1, 5, 0, NS, 3),
        GameRow(4, 2, 1, 2, 5, 0, NS, 3),
        GameRow(4, 2, 2, 1, 5, 2, NS, 2),
        GameRow(4, 2, 2, 2, 0, 1, None, 0),
    ]
    assert game_rows([], table=1, round=1) == []


# --- settings ----------------------------------------------------------------------------


def test_presets():
    assert {
        name: (
            s.target,
            s.honours_counted,
            s.honours_values,
            s.honours_limit,
            s.bonus,
            s.revoke_penalty,
            s.revoke_tricks,
        )
        for name, s in PRESETS.items()
    } == {
        # The Polish and Italian texts; the classic law's three tricks.
        "english": (5, True, (2, 4), "not_one_from_game", "fixed", "tricks", 3),
        # The American text: game 7, no honours, a revoke gives 2 points.
        "american": (7, False, (2, 4), "none", "american", "transfer", 2),
        "long": (10, True, (2, 4), "not_last_point", "fixed", "tricks", 3),
        # The Russian text: honours 3 and 4, at least one trick to make game,
        # the revoking pair loses 3 game points.
        "russian": (5, True, (3, 4), "not_last_point", "fixed", "deduct", 3),
    }
    for settings in PRESETS.values():
        assert settings.losers_honours_dropped
        assert settings.rubber_bonus == 2


def test_settings_for_changes_a_preset_and_leaves_it_alone():
    nine = settings_for("long", target=9, honours_values=(3, 4))
    assert (nine.target, nine.honours_values, nine.honours_limit) == (
        9,
        (3, 4),
        "not_last_point",
    )
    assert PRESETS["long"].target == 10
    with pytest.raises(ValueError):
        settings_for("bridge")
    with pytest.raises(TypeError):
        settings_for("english", trumps="hearts")


@pytest.mark.parametrize(
    "changes",
    [
        {"target": 0},
        {"honours_limit": "never"},
        {"bonus": "double"},
        {"honours_values": (4, 2)},
        {"rubber_bonus": -1},
        {"revoke_tricks": 14},
    ],
)
def test_impossible_settings_are_refused(changes):
    with pytest.raises(ValueError):
        settings_for("english", **changes)


@pytest.mark.parametrize(
    ("target", "losers", "bonus"),
    [
        (5, 0, 3),
        (5, 1, 2),
        (5, 2, 2),
        (5, 3, 1),
        (5, 4, 1),
        (10, 1, 3),
        (10, 2, 2),
        (10, 5, 2),
        (10, 6, 1),
        (10, 9, 1),
        (9, 1, 3),
        (9, 2, 2),
        (9, 5, 2),
        (9, 6, 1),
    ],
)
def test_the_fixed_game_bonus_is_scaled_to_the_target(target, losers, bonus):
    assert game_bonus(losers, settings_for("english", target=target)) == bonus


def test_honours_values_are_a_setting():
    three_four = settings_for("english", honours_values=(3, 4))
    assert score_hand(ew(1, "NS3"), (0, 0), three_four).honours == (3, 0)
    assert score_hand(ew(1, "NS4"), (0, 0), three_four).honours == (4, 0)
    assert score_hand(ew(1, "NS3"), (0, 0), settings_for("english")).honours == (2, 0)


def test_honours_need_not_be_counted():
    off = settings_for("english", honours_counted=False)
    hand = score_hand(ew(1, "NS4"), (0, 0), off)
    assert hand.honours == (0, 0)
    assert hand.after == (0, 1)


# --- revokes -----------------------------------------------------------------------------


def test_a_revoke_moves_three_tricks_to_the_opponents():
    english = settings_for("english")
    hand = score_hand(RubberHand(8, revoke="NS"), (0, 0), english)
    assert hand.ns_tricks == 5
    assert hand.tricks == (0, 2)
    hand = score_hand(RubberHand(5, revoke="EW"), (0, 0), english)
    assert hand.ns_tricks == 8
    assert hand.tricks == (2, 0)


def test_a_revoke_moves_no_more_tricks_than_the_offenders_took():
    english = settings_for("english")
    assert score_hand(RubberHand(1, revoke="NS"), (0, 0), english).ns_tricks == 0
    assert score_hand(RubberHand(12, revoke="EW"), (0, 0), english).ns_tricks == 13


def test_the_revoke_penalty_is_a_setting():
    two = settings_for("english", revoke_tricks=2)
    hand = score_hand(RubberHand(9, revoke="NS"), (0, 0), two)
    assert (hand.ns_tricks, hand.tricks) == (7, (1, 0))


def test_a_revoke_on_both_sides_voids_the_hand():
    hand = score_hand(RubberHand(13, "NS4", "both"), (3, 2), settings_for("english"))
    assert hand.points == (0, 0)
    assert hand.after == (3, 2)
    assert hand.game_to is None


# --- impossible input ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "values",
    [
        {"ns_tricks": 14},
        {"ns_tricks": -1},
        {"ns_tricks": 7, "honours": "NS5"},
        {"ns_tricks": 7, "honours": "ns3"},
        {"ns_tricks": 7, "revoke": "N"},
        {"ns_tricks": 7, "honours": "EW3", "no_trumps": True},
    ],
)
def test_impossible_deals_are_refused(values):
    with pytest.raises(ValueError):
        RubberHand(**values)


def test_a_no_trumps_hand_without_honours_is_fine():
    assert RubberHand(7, no_trumps=True).honours == ""


# --- in plain words ----------------------------------------------------------------------


def test_what_a_hand_did_in_plain_words():
    english = settings_for("english")
    [rubber] = play_table([ew(2), ns(5), ew(3, "EW3"), ns(1, "EW3")], english)
    one, two, three = rubber.games
    assert hand_words(one.hands[0]) == "E-W 2 for tricks; game score 0-2"
    assert hand_words(one.hands[1]) == "Game to N-S, 5-2"
    # Honours win a game too; the winners' points come first.
    assert hand_words(two.hands[0]) == "Game to E-W, 5-0"
    assert (
        hand_words(three.hands[0])
        == "N-S 1 for tricks, E-W 2 for honours; game score 1-2"
    )
    assert (
        hand_words(last_hand([ns(5), ns(5)], english)) == "Game and rubber to N-S, 5-0"
    )
    assert (
        hand_words(score_hand(ns(1, "NS3"), (0, 0), english))
        == "N-S 1 for tricks, N-S 2 for honours; game score 3-0"
    )
    assert (
        hand_words(score_hand(RubberHand(9, revoke="both"), (0, 0), english))
        == "Both sides revoked, so the hand scores nothing."
    )


def test_what_a_revoke_cost_in_plain_words():
    english = settings_for("english")
    assert revoke_words(score_hand(RubberHand(8, revoke="NS"), (0, 0), english)) == (
        "N-S revoked: 3 tricks to E-W."
    )
    assert revoke_words(score_hand(RubberHand(12, revoke="EW"), (0, 0), english)) == (
        "E-W revoked: 1 trick to N-S."
    )
    assert revoke_words(score_hand(RubberHand(8), (0, 0), english)) == ""


def test_a_revoke_that_costs_points_says_them_with_the_true_minus():
    # The Russian text deducts 3 game points: "N-S −3", the minus sign
    # (U+2212) every other score on the pages has, not the hyphen "-3".
    hand = score_hand(RubberHand(8, revoke="NS"), (3, 2), settings_for("russian"))
    assert hand.penalty == (-3, 0)
    assert (
        hand_words(hand)
        == "N-S 2 for tricks, N-S \u22123 for the revoke; game score 2-2"
    )
    assert revoke_words(hand) == "N-S revoked. Game points: N-S \u22123."
    award = settings_for("english", revoke_penalty="award", revoke_tricks=3)
    assert "E-W +3 for the revoke" in hand_words(
        score_hand(RubberHand(8, revoke="NS"), (0, 0), award)
    )


# --- properties --------------------------------------------------------------------------

deals = st.lists(
    st.builds(
        RubberHand,
        ns_tricks=st.integers(0, 13),
        honours=st.sampled_from(HONOURS),
        revoke=st.sampled_from(["", "", "", "", "NS", "EW", "both"]),
    ),
    max_size=40,
)


@st.composite
def any_settings(draw) -> RubberSettings:
    preset = draw(st.sampled_from(sorted(PRESETS)))
    return settings_for(
        preset,
        target=draw(st.sampled_from([PRESETS[preset].target, 5, 7, 9, 10, 1, 2])),
        honours_limit=draw(
            st.sampled_from(["none", "not_last_point", "not_one_from_game"])
        ),
        losers_honours_dropped=draw(st.booleans()),
        honours_values=draw(st.sampled_from([(2, 4), (3, 4)])),
        honours_counted=draw(st.booleans()),
        revoke_penalty=draw(st.sampled_from(["tricks", "transfer", "deduct", "award"])),
        revoke_tricks=draw(st.integers(0, 13)),
    )


def expected_bonus(losers: int, settings: RubberSettings) -> int:
    if settings.bonus == "american":
        return settings.target - losers
    if losers < Fraction(settings.target, 5):
        return 3
    if losers < Fraction(3 * settings.target, 5):
        return 2
    return 1


@given(deals, any_settings())
def test_a_rubber_never_has_a_fourth_game(table, settings):
    rubbers = play_table(table, settings)
    for rubber in rubbers:
        assert 1 <= len(rubber.games) <= 3
        assert [g.number for g in rubber.games] == list(range(1, len(rubber.games) + 1))
        if rubber.over:
            assert rubber.won(rubber.winner) == 2
            assert rubber.games[-1].winner is rubber.winner
            assert rubber.won(rubber.winner.other) == len(rubber.games) - 2
        else:
            assert max(rubber.won(NS), rubber.won(EW)) <= 1
    # Only the last rubber, and its last game, may be unfinished.
    assert all(rubber.over for rubber in rubbers[:-1])
    assert all(g.winner is not None for r in rubbers for g in r.games[:-1])


@given(deals, any_settings())
def test_totals_recompute_from_the_deals(table, settings):
    rubbers = play_table(table, settings)
    hands = [hand for rubber in rubbers for hand in rubber.hands]
    assert [hand.deal for hand in hands] == list(table)
    assert [hand.number for hand in hands] == list(range(1, len(table) + 1))
    for rubber in rubbers:
        for game in rubber.games:
            ns_points = sum(hand.points[0] for hand in game.hands)
            ew_points = sum(hand.points[1] for hand in game.hands)
            assert game.score == (ns_points, ew_points)
            if game.winner is None:
                assert game.bonus == 0
                assert max(game.score) < settings.target
            else:
                losers = game.score[1] if game.winner is NS else game.score[0]
                assert game.bonus == expected_bonus(losers, settings)
                assert game.bonus >= 1
        for side in (NS, EW):
            bonuses = sum(g.bonus for g in rubber.games if g.winner is side)
            rubber_bonus = settings.rubber_bonus if rubber.winner is side else 0
            assert rubber.value(side) == bonuses + rubber_bonus
    assert table_values(rubbers) == (
        sum(r.value(NS) for r in rubbers),
        sum(r.value(EW) for r in rubbers),
    )


@given(deals, any_settings())
def test_no_hand_scores_more_than_its_tricks_over_six_and_its_honours(table, settings):
    most_honours = max(settings.honours_values)
    for rubber in play_table(table, settings):
        for hand in rubber.hands:
            for i, side in enumerate((NS, EW)):
                odd = odd_tricks(side_tricks(hand.ns_tricks, side))
                assert hand.points[i] - hand.penalty[i] <= odd + most_honours
                assert hand.tricks[i] + hand.honours[i] >= 0
            # A game score never goes below 0.
            assert min(hand.before) >= 0
            assert min(hand.after) >= 0
            moved = abs(hand.ns_tricks - hand.deal.ns_tricks)
            assert moved <= settings.revoke_tricks
            if hand.deal.revoke in ("", "both") or settings.revoke_penalty != "tricks":
                assert moved == 0
            if hand.deal.revoke in ("", "both"):
                assert hand.penalty == (0, 0)
            if hand.deal.revoke == "both":
                assert hand.points == (0, 0)


@given(deals, any_settings())
def test_games_end_at_the_target_and_the_next_deal_starts_at_nothing_all(
    table, settings
):
    hands = [hand for rubber in play_table(table, settings) for hand in rubber.hands]
    ceiling = settings.target - 1 + 7 + 4
    if settings.revoke_penalty != "tricks":
        ceiling += settings.revoke_tricks
    for hand, following in zip(hands, hands[1:], strict=False):
        if hand.game_to is not None:
            assert following.before == (0, 0)
        else:
            assert following.before == hand.after
    for hand in hands:
        assert max(hand.before) < settings.target
        assert max(hand.after) <= ceiling
        reached = [
            side
            for side, s in zip((NS, EW), hand.after, strict=True)
            if s >= settings.target
        ]
        if hand.game_to is None:
            assert reached == []
        else:
            # One winner, who reached the target; the losers never do.
            assert reached == [hand.game_to]
    if hands:
        assert hands[0].before == (0, 0)


@given(deals, any_settings())
def test_honours_limits_hold(table, settings):
    short = settings.target - 1
    for rubber in play_table(table, settings):
        for hand in rubber.hands:
            for i, side in enumerate((NS, EW)):
                honours = hand.honours[i]
                if not honours:
                    continue
                assert hand.deal.honours.startswith(side.value)
                after_tricks = hand.before[i] + hand.tricks[i]
                if settings.honours_limit == "not_last_point":
                    # (A revoke's penalty points may still make the game.)
                    assert hand.after[i] - hand.penalty[i] <= short
                if settings.honours_limit == "not_one_from_game":
                    assert hand.before[i] < short
                other_tricks = hand.before[1 - i] + hand.tricks[1 - i]
                if other_tricks >= settings.target and hand.deal.revoke != (
                    side.other.value
                ):
                    # The other side's tricks won the game on this hand.
                    assert not settings.losers_honours_dropped
                    assert hand.after[i] - max(0, hand.penalty[i]) <= short
                    assert hand.game_to is side.other
                assert after_tricks + honours + hand.penalty[i] == hand.after[i]


@given(deals, any_settings())
def test_a_side_never_wins_a_game_on_a_hand_in_which_it_revoked(table, settings):
    for rubber in play_table(table, settings):
        for hand in rubber.hands:
            if hand.deal.revoke in ("NS", "EW"):
                offenders = Side(hand.deal.revoke)
                assert hand.game_to is not offenders
                score = hand.after[0 if offenders is NS else 1]
                assert score <= settings.target - 1


def test_a_russian_club_reads_a_games_score_with_a_colon():
    """ "Партия — В-З, 5:2", as a Russian score is written, not "5-2"."""
    from django.utils import translation

    english = settings_for("english")
    [rubber] = play_table([ew(2), ns(5), ew(3, "EW3"), ns(1, "EW3")], english)
    one = rubber.games[0]
    with translation.override("ru"):
        assert hand_words(one.hands[0]) == "у В-З 2 за взятки; счёт партии 0:2"
        assert hand_words(one.hands[1]) == "Партия\xa0— С-Ю, 5:2"
