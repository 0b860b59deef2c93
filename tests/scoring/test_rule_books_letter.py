"""The clubs' rule books, to the letter, over every case (issues #17, #18, #32).

Each rule is written here again from the issue's words alone, and compared
with the product's over every input a table can record (or, where there are
too many, over random ones): a drive's hand with honours and a revoke, a
revoke's penalty in a rubber, tricks before honours, and every prediction
whist deal's points.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drive.movement.types import Side
from scoring.prediction_rules import cards_per_player, deal_points
from scoring.rubber import RubberHand, score_hand, settings_for
from scoring.rules import (
    HonoursValues,
    RevokePenalty,
    Rule,
    Scoring,
    deal_scores,
    ns_tricks_from_odd,
)

NS, EW = Side.NS, Side.EW
HONOURS = ("", "NS3", "NS4", "EW3", "EW4")
REVOKES = ("", "NS", "EW", "both")


def book_hand(ns, rule, values, honours, revoke, penalty, count):
    """A drive's hand as issue #17 (sections 1 and 2) and issue #32 (item 2)
    say it: both revoked, the hand is void; tricks pass (never more than the
    offenders took) before the tricks are scored; the side's odd (or total)
    tricks plus its honours; then a penalty in points: the offenders lose
    `count`, or give it (losing only what they have, the opponents gaining
    all of it), or the opponents gain it."""
    if revoke == "both":
        return (0, 0)
    ew = 13 - ns
    if penalty == "tricks" and revoke == "NS":
        moved = min(count, ns)
        ns, ew = ns - moved, ew + moved
    if penalty == "tricks" and revoke == "EW":
        moved = min(count, ew)
        ns, ew = ns + moved, ew - moved
    score = [max(0, ns - 6), max(0, ew - 6)] if rule == "odd" else [ns, ew]
    if values and honours:
        three, four = values
        score[0 if honours[:2] == "NS" else 1] += four if honours[2] == "4" else three
    if revoke in ("NS", "EW") and penalty != "tricks":
        off, opp = (0, 1) if revoke == "NS" else (1, 0)
        if penalty == "deduct":
            # A drive's hand score may go below 0 (docs/organiser.md,
            # "Revokes"); a rubber's game score never does (below).
            score[off] -= count
        elif penalty == "transfer":
            score[off] -= min(count, max(0, score[off]))
            score[opp] += count
        else:
            score[opp] += count
    return tuple(score)


@pytest.mark.parametrize("rule", ["odd", "total"])
@pytest.mark.parametrize("values", [None, (2, 4), (3, 4)])
@pytest.mark.parametrize("penalty", ["tricks", "transfer", "deduct", "award"])
@pytest.mark.parametrize("count", [3, 2])
def test_every_drive_hand_scores_as_the_books_say(rule, values, penalty, count):
    scoring = Scoring(
        rule=Rule(rule),
        honours=HonoursValues(f"{values[0]}-{values[1]}") if values else None,
        revoke_penalty=RevokePenalty(penalty),
        revoke_tricks=count,
    )
    for ns, honours, revoke in itertools.product(range(14), HONOURS, REVOKES):
        assert deal_scores(ns, scoring, honours, revoke) == book_hand(
            ns, rule, values, honours, revoke, penalty, count
        ), (ns, honours, revoke)


# --- rubbers: a revoke's penalty in game points, and tricks before honours ----------


def hand_of(winners: Side, odd: int, honours: str, revoke: str) -> RubberHand:
    return RubberHand(ns_tricks_from_odd(winners, odd), honours, revoke)


hands = st.builds(
    hand_of,
    st.sampled_from([NS, EW]),
    st.integers(1, 7),
    st.sampled_from(HONOURS),
    st.sampled_from(["NS", "EW"]),
)


@given(
    hand=hands,
    preset=st.sampled_from(["english", "russian", "long", "american"]),
    penalty=st.sampled_from(["transfer", "deduct", "award"]),
    count=st.sampled_from([2, 3]),
    before=st.tuples(st.integers(0, 9), st.integers(0, 9)),
)
def test_a_rubbers_revoke_penalty_is_the_books_game_points(
    hand, preset, penalty, count, before
):
    """Issue #32, item 2, in a rubber: after the hand's tricks and honours the
    revokers lose the points (never below 0), or give them (losing up to that
    many, the opponents gaining all), or the opponents gain them; then the
    revokers stop one short of game (item 1), the opponents do not."""
    settings = settings_for(
        preset, revoke_penalty=penalty, revoke_tricks=count, honours_counted=True
    )
    short = settings.target - 1
    before = (min(before[0], short), min(before[1], short))
    scored = score_hand(hand, before, settings)
    off = 0 if hand.revoke == "NS" else 1
    opp = 1 - off
    after_honours = [before[i] + scored.tricks[i] + scored.honours[i] for i in range(2)]
    expected = list(after_honours)
    if penalty in ("deduct", "transfer"):
        expected[off] = max(0, after_honours[off] - count)
    if penalty in ("transfer", "award"):
        expected[opp] += count
    expected[off] = min(expected[off], short)
    assert list(scored.after) == expected
    assert scored.game_to is not Side(hand.revoke)
    if expected[opp] >= settings.target:
        assert scored.game_to is (NS if opp == 0 else EW)


@given(
    winners=st.sampled_from([NS, EW]),
    odd=st.integers(1, 7),
    honours=st.sampled_from(["NS3", "NS4", "EW3", "EW4"]),
    preset=st.sampled_from(["english", "russian", "long"]),
    limit=st.sampled_from(["none", "not_last_point", "not_one_from_game"]),
    dropped=st.booleans(),
    before=st.tuples(st.integers(0, 9), st.integers(0, 9)),
)
def test_tricks_score_before_honours(
    winners, odd, honours, preset, limit, dropped, before
):
    """Issue #17: "Tricks score before honours, so if both sides would reach
    game on one hand, the side scoring tricks wins it", whatever the honours
    limit; and "once a hand's tricks win the game the losers' honours on that
    hand do not count" (or, counted, never to game)."""
    settings = settings_for(preset, honours_limit=limit, losers_honours_dropped=dropped)
    short = settings.target - 1
    before = (min(before[0], short), min(before[1], short))
    hand = score_hand(hand_of(winners, odd, honours, ""), before, settings)
    mine = 0 if winners is NS else 1
    if before[mine] + odd >= settings.target:
        assert hand.game_to is winners
        losers_points = hand.after[1 - mine]
        assert losers_points <= short
        if dropped:
            assert hand.honours[1 - mine] == 0


# --- prediction whist: every deal's points ----------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
def test_every_prediction_scores_as_the_romanian_text_says(players):
    """Issue #18: a prediction of 1 or more scores the tricks taken, plus 10 if
    exactly made; Wist made (no tricks) scores 25 with four players, 20 with
    five; Wist failed loses 5 per trick taken, below zero if need be."""
    cards = cards_per_player(players)
    for prediction, tricks in itertools.product(range(cards + 1), repeat=2):
        if prediction == 0:
            book = (25 if players == 4 else 20) if tricks == 0 else -5 * tricks
        else:
            book = tricks + (10 if tricks == prediction else 0)
        assert deal_points(prediction, tricks, players) == book
    with pytest.raises(ValueError):
        deal_points(cards + 1, 0, players)
    with pytest.raises(ValueError):
        deal_points(0, cards + 1, players)
