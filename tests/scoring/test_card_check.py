"""The card check's comparison, on plain values: no database."""

from __future__ import annotations

from itertools import accumulate

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.card_check import check_card, first_disagreement
from scoring.card_rows import CardRow, RowKind, ScoreCard

scores_lists = st.lists(
    st.one_of(st.none(), st.integers(0, 13)), min_size=1, max_size=30
)


def running(scores):
    return list(accumulate(score or 0 for score in scores))


def card(scores, kind=RowKind.HAND) -> ScoreCard:
    rows = tuple(
        CardRow(kind=kind, hand=n, round=n, score=score)
        for n, score in enumerate(scores, start=1)
    )
    extra = (CardRow(kind=RowKind.TOTAL, label="Total"),)
    return ScoreCard("Club", "Drive", "", 12, "Ada Lovelace", "", rows + extra)


def test_a_card_that_agrees():
    verdict = check_card(card([1, 0, 2]), card_total=3, card_running=[1, 1, 3])
    assert verdict.agrees and verdict.total == 3 and verdict.first_wrong is None


def test_the_total_alone_differs():
    verdict = check_card(card([1, 0, 2]), card_total=5)
    assert not verdict.agrees and not verdict.running_typed
    assert (verdict.card_total, verdict.total) == (5, 3)


def test_the_first_hand_the_card_adds_wrong():
    # Hand 2 scored 0, the card added 3, and carried it on.
    verdict = check_card(card([1, 0, 2, 4]), card_total=10, card_running=[1, 4, 6, 10])
    wrong = verdict.first_wrong
    assert wrong.row.number == 2 and wrong.card_adds == 3 and wrong.row.scored == 0
    assert wrong.off_by == 3 and wrong.too_high and wrong.carried


def test_a_slip_put_right_later_is_not_carried():
    found = first_disagreement([1, 0, 2, 4], [1, 4, 3, 7])
    assert found == (1, 3, 3, False)


def test_a_blank_row_before_the_slip_leaves_what_the_card_adds_unknown():
    assert first_disagreement([1, 0, 2, 4], [1, None, 5]) == (2, None, 2, True)


def test_sit_outs_score_nothing():
    verdict = check_card(card([2, None, 1]), card_total=3, card_running=[2, 2, 3])
    assert verdict.agrees


def test_rubber_rows_are_rounds():
    verdict = check_card(card([7, 0], kind=RowKind.ROUND), card_total=9)
    assert verdict.by_round and verdict.total == 7


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scores_lists)
def test_the_scores_own_running_totals_always_agree(scores):
    assert first_disagreement(scores, running(scores)) is None
    verdict = check_card(card(scores), card_total=running(scores)[-1])
    assert verdict.agrees


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scores_lists, st.data())
def test_one_slip_is_found_on_its_row(scores, data):
    row = data.draw(st.integers(0, len(scores) - 1))
    slip = data.draw(st.integers(-5, 5).filter(bool))
    typed = [
        total + (slip if index >= row else 0)
        for index, total in enumerate(running(scores))
    ]
    index, adds, off_by, carried = first_disagreement(scores, typed)
    assert (index, off_by, carried) == (row, slip, True)
    assert adds == (scores[row] or 0) + slip


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scores_lists, st.data())
def test_the_first_of_several_slips_is_found(scores, data):
    typed = running(scores)
    rows = data.draw(st.lists(st.integers(0, len(scores) - 1), min_size=1, unique=True))
    for row in rows:
        typed[row] += data.draw(st.integers(1, 9))
    found = first_disagreement(scores, typed)
    assert found is not None and found[0] == min(rows)


def test_a_total_with_the_adjustments_agrees_too():
    plain = card([1, 0, 2])
    with_final = ScoreCard(
        "Club",
        "Drive",
        "",
        12,
        "Ada Lovelace",
        "",
        (*plain.rows, CardRow(kind=RowKind.FINAL, running_total=5)),
    )
    assert check_card(with_final, card_total=5).with_adjustments
    assert check_card(with_final, card_total=3).agrees
    assert not check_card(with_final, card_total=4).agrees
    assert check_card(plain, card_total=3).final_total == 3
