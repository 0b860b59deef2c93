"""What each score card and travel slip says, from a DrivePlan built by hand (no
database): seats, sit-outs, the half-time subtotal, tricks, scores and running
totals, rows grouped by round; and the print options' checks and defaults."""

from __future__ import annotations

import pytest

from drive.trumps import Trump
from printing import documents
from printing.slips import travel_slip
from scoring.card_plan import EntryInfo, EntryTotal, RoundPlan
from scoring.card_rows import PlaceKind, RowKind
from scoring.cards import blank_card, score_card
from tests.printing.printed import (
    ROUND_1,
    ROUND_2,
    plan,
)


def test_card_shows_stored_seats_and_leaves_the_rest_blank():
    card = score_card(plan(rounds={1: ROUND_1, 2: ROUND_2}), EntryInfo(1, "Ann", "A"))
    hands = card.hand_rows
    assert [row.hand for row in hands] == [1, 2, 3, 4, 5, 6]
    assert [row.trumps for row in hands] == [
        Trump.HEARTS,
        Trump.DIAMONDS,
        Trump.SPADES,
        Trump.CLUBS,
        Trump.NO_TRUMPS,
        Trump.HEARTS,
    ]
    first, second, third = (row.texts() for row in hands[:3])
    assert (first["table"], first["seat"], first["partner"]) == ("1", "N", "2")
    assert (second["table"], second["seat"], second["partner"]) == ("2", "E", "6")
    assert hands[1].opponents == (7, 8)
    # Round 3 is not seated: results decide, so the card leaves it blank.
    assert (third["table"], third["seat"], third["partner"]) == ("", "", "")
    assert hands[2].place == PlaceKind.UNKNOWN
    assert first["trumps"] == "♥ Hearts" and hands[4].texts()["trumps"] == "No trumps"
    assert (card.number, card.name, card.group) == (1, "Ann", "Ladies")


def test_card_marks_sit_outs_absences_and_the_dummy():
    three_handed = RoundPlan(3, {1: {"N": 1, "E": 3, "W": 4}}, frozenset())
    rounds = {1: ROUND_1, 2: ROUND_2, 3: three_handed}
    sat_out = score_card(plan(rounds=rounds), EntryInfo(9, "Nine", "A"))
    assert sat_out.hand_rows[0].texts()["table"] == "sits out"
    assert sat_out.hand_rows[0].spans == (("table", 3),)
    # Round 3 is seated but entry 9 has no place in it: not playing.
    assert sat_out.hand_rows[2].place == PlaceKind.ABSENT
    dummy = score_card(plan(rounds=rounds), EntryInfo(1, "Ann", "A"))
    assert dummy.hand_rows[2].texts()["partner"] == "dummy"
    assert dummy.hand_rows[2].opponents == (3, 4)


def test_half_time_subtotal_comes_after_half_the_hands():
    # At the round boundary at or before half the hands (drive.half_time).
    for hands, after in ((6, 3), (24, 12), (5, 2)):
        rows = score_card(plan(hands=hands), EntryInfo(1, "Ann", "A")).rows
        kinds = [row.kind for row in rows]
        at = kinds.index(RowKind.SUBTOTAL)
        assert rows[at - 1].hand == after
        assert kinds[-1] == RowKind.TOTAL
        assert len([k for k in kinds if k == RowKind.HAND]) == hands
    one = score_card(plan(hands=1), EntryInfo(1, "Ann", "A")).rows
    assert RowKind.SUBTOTAL not in [row.kind for row in one]


@pytest.mark.parametrize(("rule", "scores"), [("odd", [3, 0, 0]), ("total", [9, 6, 4])])
def test_filled_card_has_tricks_scores_and_running_totals(rule, scores):
    rounds = {
        1: ROUND_1,
        2: ROUND_2,
        3: RoundPlan(3, {1: {"N": 1, "E": 2, "S": 3, "W": 4}}),
    }
    # Entry 1: N at table 1 (9 tricks), E at table 2 (N-S 7, so 6), N at table 1 (4).
    tricks = {(1, 1): 9, (2, 2): 7, (1, 3): 4, (2, 1): 5}
    totals = {1: EntryTotal(sum(scores), 2, sum(scores) + 2)}
    card = score_card(
        plan(rule=rule, rounds=rounds, ns_tricks=tricks, totals=totals),
        EntryInfo(1, "Ann", "A"),
        filled=True,
    )
    hands = card.hand_rows
    assert [row.tricks for row in hands[:3]] == [9, 6, 4]
    assert [row.score for row in hands[:3]] == scores
    running = [sum(scores[: i + 1]) for i in range(3)]
    assert [row.running_total for row in hands[:3]] == running
    assert hands[3].running_total is None  # not played yet
    by_kind = {row.kind: row for row in card.rows}
    assert by_kind[RowKind.SUBTOTAL].running_total == running[2]
    assert by_kind[RowKind.TOTAL].running_total == sum(scores)
    assert by_kind[RowKind.ADJUSTMENT].texts()["total"] == "+2"
    assert by_kind[RowKind.FINAL].running_total == sum(scores) + 2
    assert hands[0].opponents_initials == "P3 P4"


def test_blank_card_has_hands_and_trumps_only():
    card = blank_card(plan(hands=4, trumps=(Trump.CLUBS, Trump.NO_TRUMPS)))
    assert card.is_blank and card.name == "" and card.group == ""
    texts = [row.texts() for row in card.hand_rows]
    assert [t["hand"] for t in texts] == ["1", "2", "3", "4"]
    assert [t["trumps"] for t in texts] == ["♣ Clubs", "No trumps"] * 2
    assert all(t["table"] == t["tricks"] == "" for t in texts)


def test_travel_slip_prefills_known_seats():
    three_handed = RoundPlan(3, {1: {"N": 1, "E": 3, "W": 4}}, frozenset())
    rounds = {1: ROUND_1, 2: ROUND_2, 3: three_handed}
    slip = travel_slip(plan(rounds=rounds, ns_tricks={(2, 1): 8}), 2)
    first, second, third, fourth = (row.texts() for row in slip.rows[:4])
    assert [first[s] for s in "NESW"] == ["5", "7", "6", "8"]
    assert (first["ns_tricks"], first["ew_tricks"]) == ("8", "5")
    assert [second[s] for s in "NESW"] == ["7", "1", "8", "6"]
    assert third["ns_tricks"] == "no play"  # table 2 not used in round 3
    assert [fourth[s] for s in "NESW"] == ["", "", "", ""]
    dummy = travel_slip(plan(rounds=rounds), 1).rows[2].texts()
    assert [dummy[s] for s in "NESW"] == ["1", "3", "dummy", "4"]
    assert [row.texts()["trumps"] for row in slip.rows[:2]] == [
        "♥ Hearts",
        "♦ Diamonds",
    ]


def test_hands_per_round_group_the_rows_by_round():
    rounds = {1: RoundPlan(1, {1: {"N": 1, "E": 2, "S": 3, "W": 4}})}
    card = score_card(
        plan(hands=8, hands_per_round=4, rounds=rounds), EntryInfo(1, "A", "A")
    )
    assert [row.round for row in card.hand_rows] == [1, 1, 1, 1, 2, 2, 2, 2]
    assert [row.table for row in card.hand_rows[:5]] == [1, 1, 1, 1, None]


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"kind": "menus"}, "not something to print"),
        ({"kind": "scorecards", "paper": "b5"}, "not a paper size"),
        ({"kind": "scorecards", "per_page": "3"}, "must be 1, 2 or 4"),
        ({"kind": "scorecards", "per_page": "two"}, "whole number"),
        ({"kind": "blank-cards", "count": "0"}, "between 1 and 400"),
        ({"kind": "blank-cards", "count": "9999"}, "between 1 and 400"),
    ],
)
def test_bad_options_say_what_to_use(values, message):
    with pytest.raises(documents.PrintError, match=message):
        documents.parse_options(**values)


def test_option_defaults():
    assert documents.parse_options(kind="scorecards") == documents.PrintOptions(
        "scorecards", "a4", 2, 8
    )
    assert documents.parse_options(kind="tablecards").per_page == 1
    assert documents.parse_options(kind="slips", paper="LETTER", per_page="4") == (
        documents.PrintOptions("slips", "letter", 4, 8)
    )
