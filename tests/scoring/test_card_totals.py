"""Cards in at the end, as plain values: what one hand can score, the checks of
a typed card, the standings from card totals and the tie-breaks they allow."""

from __future__ import annotations

from fractions import Fraction

from scoring.card_totals import (
    HandLimits,
    card_problems,
    card_tie_breaks,
    hand_limits,
    passed_over_note,
    room_average,
    total_range,
)
from scoring.rules import HonoursValues, RevokePenalty, Rule, Scoring
from scoring.standings import CardScore, EntryRecord, standings
from scoring.tiebreaks import DriveTieBreaks
from scoring.tiebreaks import Rule as Tie

ODD = hand_limits(Scoring())


def problems(total, played, hands_won=None, limits=ODD, asks=False):
    return card_problems(
        label="12",
        total=total,
        hands_won=hands_won,
        played=played,
        limits=limits,
        asks_hands_won=asks,
    )


def test_odd_tricks_score_one_to_seven_for_a_hand_won_and_nothing_for_one_lost():
    assert ODD.won == (1, 7)
    assert ODD.lost == (0, 0)
    assert (ODD.lowest, ODD.highest) == (0, 7)


def test_total_tricks_score_every_trick():
    limits = hand_limits(Scoring(rule=Rule.TOTAL_TRICKS))
    assert limits.won == (7, 13)
    assert limits.lost == (0, 6)


def test_honours_raise_the_most_a_hand_can_score():
    limits = hand_limits(Scoring(honours=HonoursValues.TWO_FOUR))
    assert limits.highest == 7 + 4
    assert limits.lost[1] == 4  # four honours on a hand lost


def test_only_a_penalty_in_points_makes_a_hand_negative():
    assert ODD.lowest == 0
    deduct = hand_limits(Scoring(revoke_penalty=RevokePenalty.DEDUCT))
    assert deduct.lowest == -3


def test_a_total_above_seven_a_hand_is_impossible():
    assert problems(7 * 24, played=24) == []
    [problem] = problems(7 * 24 + 1, played=24)
    assert "Card 12" in problem
    assert "169 is impossible over 24 hands (from 0 to 168)" in problem


def test_a_negative_total_is_refused_unless_the_format_allows_it():
    assert problems(-1, played=24)
    deduct = hand_limits(Scoring(revoke_penalty=RevokePenalty.DEDUCT))
    assert problems(-1, played=24, limits=deduct) == []


def test_hands_won_bound_the_total_both_ways():
    # Five hands won score at least 5 and at most 35 by odd tricks.
    assert total_range(ODD, played=10, hands_won=5) == (5, 35)
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


def test_count_back_and_best_hand_are_passed_over_and_said():
    kept, passed = card_tie_breaks(
        (Tie.COUNT_BACK, Tie.HANDS_WON, Tie.BEST_HAND, Tie.DRAW)
    )
    assert kept == (Tie.HANDS_WON, Tie.DRAW)
    assert passed == (Tie.COUNT_BACK, Tie.BEST_HAND)
    note = passed_over_note(passed)
    assert "passed over" in note and "Count-back" in note
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


def test_limits_without_a_void_hand_keep_the_lost_range():
    limits = HandLimits(won=(1, 7), lost=(0, 0), void=False)
    assert total_range(limits, played=3, hands_won=1) == (1, 7)
