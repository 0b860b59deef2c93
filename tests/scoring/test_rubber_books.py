"""Each rubber preset says what its book says (issue #32), with the books' numbers.

The Russian text: a side cannot win the game on a hand in which it revoked;
its three revoke penalties in game points; three honours 3, four 4; at least
one trick on the hand that makes game. The American text: game 7, 7 less the
losers' points, no honours, a revoke gives 2 points. The classic law: three
tricks pass.
"""

from __future__ import annotations

import pytest

from drive.movement.types import Side
from scoring.rubber import (
    RubberHand,
    hand_awards,
    play_table,
    revoke_words,
    score_hand,
    settings_for,
    table_values,
)
from scoring.rules import RevokePenalty, Scoring, deal_scores, ns_tricks_from_odd

NS, EW = Side.NS, Side.EW
PENALTIES = ("tricks", "transfer", "deduct", "award")


def ns(points: int, honours: str = "", revoke: str = "") -> RubberHand:
    return RubberHand(ns_tricks_from_odd(NS, points), honours, revoke)


def ew(points: int, honours: str = "", revoke: str = "") -> RubberHand:
    return RubberHand(ns_tricks_from_odd(EW, points), honours, revoke)


# --- 1. no game on a hand in which you revoked -------------------------------------------


@pytest.mark.parametrize(
    ("penalty", "after"),
    [
        # 13 tricks, 3 pass: 10 tricks, 4 points; 8 stops at 4.
        ("tricks", (4, 0)),
        # 7 points, 11, less 3: 8 stops at 4; E-W gain 3.
        ("transfer", (4, 3)),
        ("deduct", (4, 0)),
        ("award", (4, 3)),
    ],
)
def test_the_revoking_side_stops_one_short_of_game(penalty, after):
    # English preset, N-S at 4-0, N-S revoke and take 13 tricks: no game.
    english = settings_for("english", revoke_penalty=penalty)
    hand = score_hand(RubberHand(13, revoke="NS"), (4, 0), english)
    assert hand.after == after
    assert hand.game_to is None
    [rubber] = play_table([ns(4), RubberHand(13, revoke="NS")], english)
    assert rubber.games[0].winner is None


@pytest.mark.parametrize("preset", ["english", "american", "long", "russian"])
def test_every_preset_stops_the_revokers_short_of_game(preset):
    settings = settings_for(preset)
    short = settings.target - 1
    hand = score_hand(RubberHand(13, revoke="NS"), (short, 0), settings)
    assert hand.game_to is None
    assert hand.after[0] == short


def test_the_opponents_of_the_revokers_are_not_stopped():
    # E-W revoke at 4-0, N-S take 7 and 3 pass: 10 tricks, 4 points, game 8-0.
    english = settings_for("english")
    hand = score_hand(RubberHand(7, revoke="EW"), (4, 0), english)
    assert hand.game_to is NS
    assert hand.after == (8, 0)


# --- 2. the penalties in game points ---------------------------------------------------


@pytest.mark.parametrize(
    ("penalty", "after"),
    [
        # Russian text (a): the revoking pair loses 3: 2 less 3 is 0, never below.
        ("deduct", (0, 1)),
        # (b): it gives 3 to its opponents: it has only 2 to give, they gain 3.
        ("transfer", (0, 4)),
        # (c): the opponents gain 3.
        ("award", (2, 4)),
        # The classic law: 3 tricks pass: E-W's 7 become 10, 4 points.
        ("tricks", (2, 4)),
    ],
)
def test_the_four_revoke_penalties(penalty, after):
    # N-S at 2-0 revoke; E-W take 7 tricks.
    settings = settings_for("russian", revoke_penalty=penalty)
    hand = score_hand(ew(1, revoke="NS"), (2, 0), settings)
    assert hand.after == after
    assert hand.game_to is None


@pytest.mark.parametrize(
    ("penalty", "score", "bonus"), [("transfer", (0, 7), 3), ("award", (2, 7), 2)]
)
def test_penalty_points_count_toward_game(penalty, score, bonus):
    # N-S at 2, E-W at 3; E-W take 7 tricks (4) and gain 3 for N-S's revoke:
    # game to E-W.
    settings = settings_for("russian", revoke_penalty=penalty)
    [rubber] = play_table([ns(2), ew(3), ew(1, revoke="NS")], settings)
    game = rubber.games[0]
    assert (game.winner, game.score, game.bonus) == (EW, score, bonus)


def test_the_penalty_comes_after_the_tricks_and_honours():
    # Russian: N-S at 2 take 7 and hold three honours, but revoked: 1 for the
    # trick, honours 3 but only to one short of game (1), then 3 off: 1.
    russian = settings_for("russian")
    hand = score_hand(ns(1, "NS3", revoke="NS"), (2, 0), russian)
    assert (hand.tricks, hand.honours, hand.penalty) == ((1, 0), (1, 0), (-3, 0))
    assert hand.after == (1, 0)
    assert revoke_words(hand) == "N-S revoked. Game points: N-S \u22123."


def test_a_revoke_that_passes_tricks_and_stops_the_offenders_says_so():
    hand = score_hand(RubberHand(13, revoke="NS"), (4, 0), settings_for("english"))
    assert revoke_words(hand) == (
        "N-S revoked: 3 tricks to E-W. Game points: N-S \u22124."
    )


def test_in_a_drive_giving_points_takes_only_what_the_hand_scored():
    gives = Scoring(revoke_penalty=RevokePenalty.TRANSFER)
    # N-S take 8 (2), E-W revoke: E-W have nothing to give, N-S gain 3.
    assert deal_scores(8, gives, "", "EW") == (5, 0)
    # N-S take 11 (5) and revoke: they give 3 of them to E-W.
    assert deal_scores(11, gives, "", "NS") == (2, 3)
    # The other three as before: tricks pass; lose; gain.
    assert deal_scores(8, Scoring(), "", "EW") == (5, 0)
    assert deal_scores(8, Scoring(revoke_penalty=RevokePenalty.DEDUCT), "", "EW") == (
        2,
        -3,
    )


# --- 3. the Russian text ---------------------------------------------------------------


def test_russian_three_honours_score_three_and_four_score_four():
    russian = settings_for("russian")
    assert score_hand(ns(1, "NS3"), (0, 0), russian).after == (4, 0)
    assert score_hand(ew(1, "NS4"), (0, 0), russian).after == (4, 1)
    assert score_hand(ew(1, "NS4"), (0, 0), russian).honours == (4, 0)


def test_russian_a_game_is_never_won_by_honours_alone():
    # N-S at 3, E-W take the tricks, N-S hold four honours: 4, one short of game.
    russian = settings_for("russian")
    hand = score_hand(ew(1, "NS4"), (3, 0), russian)
    assert hand.after == (4, 1)
    assert hand.game_to is None
    # N-S at 4 (one short) hold three honours: they still count if N-S take a
    # trick over six: the trick makes the game.
    hand = score_hand(ns(1, "NS3"), (4, 0), russian)
    assert hand.game_to is NS
    # N-S at 0 take 1 and hold three: 1 + 3 = 4, one short: nothing is lost.
    assert score_hand(ns(1, "NS3"), (0, 0), russian).after == (4, 0)


def test_russian_the_losers_honours_do_not_count_once_the_game_is_won():
    russian = settings_for("russian")
    hand = score_hand(ns(1, "EW4"), (4, 2), russian)
    assert hand.game_to is NS
    assert hand.after == (5, 2)


# --- 4. the American text --------------------------------------------------------------


def test_american_game_to_seven_no_honours_and_a_revoke_gives_two():
    american = settings_for("american")
    assert (american.target, american.honours_counted) == (7, False)
    # N-S at 3 revoke, E-W take 7: N-S give 2 of their 3, E-W 1 + 2 = 3.
    hand = score_hand(ew(1, revoke="NS"), (3, 0), american)
    assert hand.after == (1, 3)
    # Then N-S take 13: 7-3, and the winners score 7 less the losers' points.
    [rubber] = play_table([ew(1, revoke="NS"), ns(7)], settings_for("american"))
    game = rubber.games[0]
    assert (game.winner, game.score, game.bonus) == (NS, (7, 3), 4)


def test_american_honours_are_refused_in_a_deal():
    american = settings_for("american")
    # Honours entered on an American table score nothing (the drive refuses them
    # before they are stored: tests/drive/test_rubber_setup.py).
    assert score_hand(ns(1, "NS4"), (0, 0), american).honours == (0, 0)


# --- 6. settlement ---------------------------------------------------------------------


def test_settlement_each_pair_its_own_bonuses_or_the_russian_net():
    # A win 5-0 (+3), B win 5-2 (+2), A win 5-4 (+1), the rubber to A (+2).
    deals = [ns(5), ns(2), ew(5), ew(4), ns(5)]
    [own] = play_table(deals, settings_for("english"))
    assert own.values == (6, 2)
    # The Russian text, part 1: the losers' game is subtracted from the winners.
    net_settings = settings_for("english", settlement="net")
    [net] = play_table(deals, net_settings)
    assert net.values == (4, 0)
    # On the boards, each bonus as it falls; the rubber's hand settles it.
    awards = hand_awards([net])
    assert awards == [(3, 0), (0, 0), (0, 2), (0, 0), (1 + 2 - 2, -2)]
    assert tuple(map(sum, zip(*awards, strict=True))) == table_values([net])
    assert hand_awards([own])[-1] == (3, 0)
    # A rubber cut by the bell: each pair its own bonuses, as it stands.
    [cut] = play_table([ns(5), ew(5)], net_settings)
    assert cut.values == (3, 3)
