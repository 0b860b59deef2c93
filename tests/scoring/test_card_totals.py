"""Cards in at the end, as plain values: what one hand can score, the checks of
a typed card, the standings from card totals and the tie-breaks they allow."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from drive.movement.types import Side
from players.score_text import score_text
from scoring.card_totals import (
    CardHands,
    card_problems,
    card_tie_breaks,
    passed_over_note,
    possible_totals,
    room_average,
    scores_of_a_hand,
)
from scoring.rules import (
    TRICK_COUNTS,
    Honours,
    HonoursValues,
    Revoke,
    RevokePenalty,
    Rule,
    Scoring,
    check_deal,
    deal_scores,
    deal_winner,
)
from scoring.standings import CardScore, EntryRecord, standings
from scoring.tiebreaks import DriveTieBreaks
from scoring.tiebreaks import Rule as Tie

ODD = Scoring()
EVERY_SCORING = [
    Scoring(rule=rule, honours=honours, revoke_penalty=penalty, revoke_tricks=count)
    for rule, honours, penalty, count in product(
        Rule, (None, *HonoursValues), RevokePenalty, (2, 3)
    )
]


def problems(total, played, hands_won=None, scoring=ODD, asks=False, no_trumps=0):
    return card_problems(
        label="12",
        total=total,
        hands_won=hands_won,
        hands=CardHands(trumps=played - no_trumps, no_trumps=no_trumps),
        scoring=scoring,
        asks_hands_won=asks,
    )


def test_odd_tricks_score_one_to_seven_for_a_hand_won_and_nothing_for_one_lost():
    scores = scores_of_a_hand(ODD)
    assert scores.won == frozenset(range(1, 8))
    assert scores.not_won == {0}


def test_total_tricks_score_every_trick():
    scores = scores_of_a_hand(Scoring(rule=Rule.TOTAL_TRICKS))
    assert scores.won == frozenset(range(7, 14))
    assert scores.not_won == frozenset(range(7))


def test_honours_raise_what_a_hand_can_score_but_not_in_no_trumps():
    honours = Scoring(honours=HonoursValues.TWO_FOUR)
    assert max(scores_of_a_hand(honours).won) == 7 + 4
    assert scores_of_a_hand(honours).not_won == {0, 2, 4}  # honours on a hand lost
    assert scores_of_a_hand(honours, no_trumps=True) == scores_of_a_hand(ODD)


def test_only_a_penalty_in_points_makes_a_hand_negative():
    assert min(scores_of_a_hand(ODD).not_won) == 0
    deduct = scores_of_a_hand(Scoring(revoke_penalty=RevokePenalty.DEDUCT))
    assert min(deduct.not_won) == -3


def test_a_total_above_seven_a_hand_is_impossible():
    assert problems(7 * 24, played=24) == []
    [problem] = problems(7 * 24 + 1, played=24)
    assert problem == (
        "Card 12: a total of 169 is impossible over 24 hands. A hand won scores "
        "from 1 to 7 and a hand lost scores 0. This card's total can be from 0 "
        "to 168."
    )


def test_one_hand_won_cannot_make_eight_by_odd_tricks_and_says_why():
    # The desk's refusal seen at the desk: one hand won of four, a total of 8.
    [problem] = problems(8, played=4, hands_won=1)
    assert problem == (
        "Card 12: a total of 8 is impossible with 1 of 4 hands won. A hand won "
        "scores from 1 to 7 and a hand lost scores 0. This card's total can be "
        "from 1 to 7."
    )
    assert problems(2, played=4, hands_won=1) == []
    assert problems(7, played=4, hands_won=1) == []


def test_one_hand_won_cannot_make_two_by_total_tricks_and_says_why():
    total = Scoring(rule=Rule.TOTAL_TRICKS)
    [problem] = problems(2, played=4, hands_won=1, scoring=total)
    assert problem == (
        "Card 12: a total of 2 is impossible with 1 of 4 hands won. A hand won "
        "scores from 7 to 13 and a hand lost from 0 to 6. This card's total can "
        "be from 7 to 31."
    )
    assert problems(8, played=4, hands_won=1, scoring=total) == []


def test_honours_make_eight_from_one_hand_won_except_in_no_trumps():
    honours = Scoring(honours=HonoursValues.TWO_FOUR)
    assert problems(8, played=4, hands_won=1, scoring=honours) == []
    # Both hands in No trumps: no honours, so the odd tricks alone, 1 to 7.
    [problem] = problems(8, played=2, hands_won=1, scoring=honours, no_trumps=2)
    assert "A No-trumps hand scores no honours." in problem
    assert problem.endswith("This card's total can be from 1 to 7.")


def test_a_total_between_two_possible_ones_names_the_nearest():
    # Honours 3 or 4 on a hand lost: one hand lost scores 0, 3 or 4.
    english = Scoring(honours=HonoursValues.THREE_FOUR)
    [problem] = problems(2, played=1, hands_won=0, scoring=english)
    assert problem.endswith(
        "This card's total can be from 0 to 4, but not 2: the nearest are 0 and 3."
    )
    assert problems(3, played=1, hands_won=0, scoring=english) == []


def test_a_single_possible_total_is_said_as_one():
    [problem] = problems(1, played=3, hands_won=0)
    assert problem.endswith("This card's total can only be 0.")


def test_a_negative_total_is_refused_unless_the_scoring_allows_it():
    assert problems(-1, played=24)
    deduct = Scoring(revoke_penalty=RevokePenalty.DEDUCT)
    assert problems(-1, played=24, scoring=deduct) == []


def test_hands_won_bound_the_total_both_ways():
    # Five hands won score at least 5 and at most 35 by odd tricks.
    assert possible_totals(ODD, CardHands(10)).bounds(5) == (5, 35)
    assert problems(4, played=10, hands_won=5)
    assert problems(36, played=10, hands_won=5)
    assert problems(20, played=10, hands_won=5) == []


def test_more_hands_won_than_played_is_refused():
    [problem] = problems(10, played=6, hands_won=7)
    assert "7 hands won, but the player played only 6 hands" in problem


def test_a_player_who_played_no_hand_has_no_card():
    [problem] = problems(0, played=0)
    assert "did not play a hand" in problem


def test_hands_won_are_asked_for_when_the_drive_uses_them():
    [problem] = problems(20, played=10, asks=True)
    assert "hands won" in problem
    assert problems(20, played=10, hands_won=5, asks=True) == []


# --- every card a sequence of hands can make, and only those ---------------------


def recordable(scoring: Scoring, no_trumps: bool):
    """Every hand a table can record in a hand of that kind, by the checks a
    table's entry goes through (no honours in No trumps or where not counted)."""
    for ns, honours, revoke in product(TRICK_COUNTS, Honours, Revoke):
        try:
            check_deal(
                honours,
                revoke,
                honours_counted=scoring.honours is not None,
                no_trumps=no_trumps,
            )
        except ValueError:
            continue
        yield ns, honours, revoke


def outcome(scoring, ns, honours, revoke, side):
    """(score, won) of one side's player for one recorded hand."""
    score = deal_scores(ns, scoring, honours, revoke)[0 if side is Side.NS else 1]
    return score, deal_winner(ns, scoring, revoke) is side


def cards_made(scoring: Scoring, trumps: int, no_trumps: int) -> set[tuple[int, int]]:
    """Every (total, hands won) some sequence of hands makes, hand by hand."""
    kinds = {
        nt: {
            outcome(scoring, *hand, side)
            for hand in recordable(scoring, nt)
            for side in Side
        }
        for nt in (False, True)
    }
    made = {(0, 0)}
    for nt in [False] * trumps + [True] * no_trumps:
        made = {(t + s, w + won) for t, w in made for s, won in kinds[nt]}
    return made


@pytest.mark.parametrize("scoring", EVERY_SCORING, ids=repr)
def test_exactly_the_cards_some_hands_make_are_accepted(scoring):
    for trumps, no_trumps in product(range(3), range(3)):
        played = trumps + no_trumps
        if not 1 <= played <= 3:
            continue
        made = cards_made(scoring, trumps, no_trumps)
        totals = possible_totals(scoring, CardHands(trumps, no_trumps))
        low = min(t for t, _w in made) - 2
        high = max(t for t, _w in made) + 2
        for total in range(low, high + 1):
            for won in range(played + 1):
                assert totals.allows(total, won) is ((total, won) in made), (
                    trumps,
                    no_trumps,
                    total,
                    won,
                )
            assert totals.allows(total) is any(
                (total, w) in made for w in range(played + 1)
            )


hands = st.tuples(
    st.booleans(),  # No trumps
    st.sampled_from(TRICK_COUNTS),
    st.sampled_from(list(Honours)),
    st.sampled_from(list(Revoke)),
    st.sampled_from(list(Side)),
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(EVERY_SCORING), st.lists(hands, min_size=1, max_size=40))
def test_every_card_an_evening_can_make_is_accepted(scoring, evening):
    total = won = no_trumps = 0
    for nt, ns, honours, revoke, side in evening:
        if nt or scoring.honours is None:
            honours = Honours.NONE
        score, side_won = outcome(scoring, ns, honours, revoke, side)
        total, won, no_trumps = total + score, won + side_won, no_trumps + nt
    assert (
        problems(
            total,
            played=len(evening),
            hands_won=won,
            scoring=scoring,
            no_trumps=no_trumps,
        )
        == []
    )
    assert (
        problems(total, played=len(evening), scoring=scoring, no_trumps=no_trumps) == []
    )


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(EVERY_SCORING),
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(-20, 60),
    st.integers(0, 4),
)
def test_every_refusal_is_of_a_card_no_hands_make_and_says_so(
    scoring, trumps, no_trumps, total, won
):
    played = trumps + no_trumps
    assume(played and won <= played)
    found = problems(
        total, played=played, hands_won=won, scoring=scoring, no_trumps=no_trumps
    )
    made = cards_made(scoring, trumps, no_trumps)
    assert bool(found) is ((total, won) not in made)
    if found:
        [problem] = found
        assert (
            f"a total of {score_text(total)} is impossible with {won} of {played}"
            in problem
        )
        low, high = possible_totals(scoring, CardHands(trumps, no_trumps)).bounds(won)
        assert low == min(t for t, w in made if w == won)
        assert high == max(t for t, w in made if w == won)
        assert f"from {score_text(low)} to {score_text(high)}" in problem or (
            f"only be {score_text(low)}" in problem
        )


def test_count_back_and_best_hand_are_passed_over_and_said():
    kept, passed = card_tie_breaks(
        (Tie.COUNT_BACK, Tie.HANDS_WON, Tie.BEST_HAND, Tie.DRAW)
    )
    assert kept == (Tie.HANDS_WON, Tie.DRAW)
    assert passed == (Tie.COUNT_BACK, Tie.BEST_HAND)
    note = passed_over_note(passed)
    assert "passed over" in note
    assert note.endswith(": count-back from the last hand; best single hand.")
    assert passed_over_note(()) == ""


def test_the_room_average_is_over_every_hand_typed():
    cards = [CardScore(total=30, played=10), CardScore(total=15, played=5)]
    assert room_average(cards) == Fraction(3)
    assert room_average([]) is None


def card_record(entry, total, played, won=None, sat_out=()):
    return EntryRecord(
        entry=entry,
        number=entry,
        name=f"P{entry}",
        group="A",
        sat_out_hands=sat_out,
        card=CardScore(total=total, played=played, hands_won=won),
    )


def test_standings_take_the_typed_totals_and_compensate_the_hands_sat_out():
    rows = standings(
        [card_record(1, 40, 20), card_record(2, 36, 18, sat_out=(19, 20))],
        rule="own_average",
    )
    by_entry = {row.entry: row for row in rows}
    assert (by_entry[1].score, by_entry[1].played, by_entry[1].total) == (40, 20, 40)
    # Two hands sat out at the player's own average of 2 a hand.
    assert (by_entry[2].played, by_entry[2].compensation, by_entry[2].total) == (
        18,
        4,
        40,
    )
    assert [row.rank for row in rows] == [1, 1]


def test_a_tie_between_cards_goes_to_most_hands_won():
    records = [card_record(1, 40, 20, won=9), card_record(2, 40, 20, won=11)]
    rows = standings(records, rule="none")
    ties = DriveTieBreaks(
        order=card_tie_breaks((Tie.COUNT_BACK, Tie.HANDS_WON))[0],
        last_hand=20,
        compensation="none",
    )
    ranked = ties.apply(rows, records)
    assert [(row.entry, row.rank) for row in ranked] == [(2, 1), (1, 2)]
