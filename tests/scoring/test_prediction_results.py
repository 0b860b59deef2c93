"""Prediction whist results through the one write path, and the boards' read."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from drive.models import SeatAssignment
from scoring import prediction_rules, services
from scoring.models import HandResult, ResultStatus
from scoring.selectors import drive_scores, prediction_plays
from tests.factories import UserFactory, legal_deal, prediction_drive

pytestmark = pytest.mark.django_db


def _seats(drive, table=1, round_number=1):
    rows = SeatAssignment.objects.filter(
        round__drive=drive, round__number=round_number, table__number=table
    ).values_list("position", "entry_id")
    by_position = dict(rows)
    return [
        by_position[p.value]
        for p in prediction_rules.SEAT_POSITIONS
        if p.value in by_position
    ]


def _submit(drive, table, hand, predictions, tricks, by=None):
    return services.hand_results_submit(
        drive=drive,
        entries=[
            services.ResultEntry(
                table=table, hand=hand, predictions=predictions, tricks=tricks
            )
        ],
        by=by,
    )


def test_a_deal_is_kept_seat_by_seat_and_each_player_scores_their_points():
    drive = prediction_drive()
    organiser = UserFactory()
    # Deal 1 (Hearts), seat 1 deals, so seat 2 predicts first and seat 1 last.
    _submit(drive, 1, 1, (3, 4, 3, 2), (3, 5, 3, 2), by=organiser)
    result = HandResult.objects.get(table__drive=drive, table__number=1, hand=1)
    assert (result.predictions, result.tricks, result.ns_tricks) == (
        "3,4,3,2",
        "3,5,3,2",
        0,
    )
    assert services.deal_summary(result) == "predictions 3, 4, 3, 2; tricks 3, 5, 3, 2"
    north, east, south, west = _seats(drive)
    scores = {r.entry: r for r in drive_scores(drive=drive).records}
    assert scores[north].hand_scores == {1: 13}
    assert scores[east].hand_scores == {1: 5}
    assert scores[west].hand_scores == {1: 12}
    assert scores[north].won_hands == frozenset({1})
    assert scores[east].won_hands == frozenset()
    (play,) = prediction_plays(drive=drive)
    assert play.entries == (north, east, south, west)
    assert play.deal.points == (13, 5, 13, 12)


def test_the_last_to_predict_may_not_bring_the_total_to_the_tricks():
    drive = prediction_drive()
    # Seat 1 (index 0) deals deal 1 and predicts last: 4 + 3 + 2 = 9, so not 4.
    with pytest.raises(ValidationError) as error:
        _submit(drive, 1, 1, (4, 4, 3, 2), (4, 4, 3, 2))
    assert "Not 4" in str(error.value) and "someone must fail" in str(error.value)
    assert not HandResult.objects.filter(table__drive=drive).exists()


@pytest.mark.parametrize(
    ("predictions", "tricks", "words"),
    [
        ((3, 4, 3, 2), (3, 5, 3, 3), "add up to 14"),
        ((3, 4, 3), (3, 5, 5), "each of the 4 players"),
        ((3, 4, 3, 14), (3, 5, 3, 2), "not 14"),
        (("x", 4, 3, 2), (3, 5, 3, 2), "Table 1, deal 1 of game 1: "),
    ],
)
def test_a_deal_that_breaks_a_rule_is_refused_with_the_reason(
    predictions, tricks, words
):
    drive = prediction_drive()
    with pytest.raises(ValidationError) as error:
        _submit(drive, 1, 1, predictions, tricks)
    assert words in str(error.value)
    assert not HandResult.objects.filter(table__drive=drive).exists()


def test_on_the_wist_deal_everyone_predicts_wist():
    drive = prediction_drive()
    with pytest.raises(ValidationError, match="everyone predicts Wist"):
        _submit(drive, 1, 8, (0, 1, 0, 0), (4, 3, 3, 3))


def test_the_same_deal_again_writes_nothing_and_a_correction_is_a_new_version():
    drive = prediction_drive()
    _submit(drive, 1, 1, (3, 4, 3, 2), (3, 5, 3, 2))
    outcome = _submit(drive, 1, 1, (3, 4, 3, 2), (3, 5, 3, 2))
    assert outcome.changed == 0
    _submit(drive, 1, 1, (3, 4, 3, 2), (4, 4, 3, 2))
    versions = HandResult.objects.filter(table__drive=drive, hand=1).order_by("version")
    assert [(r.version, r.status, r.tricks) for r in versions] == [
        (1, ResultStatus.SUPERSEDED, "3,5,3,2"),
        (2, ResultStatus.CONFIRMED, "4,4,3,2"),
    ]


def test_a_whole_game_moves_the_drive_on_and_totals_are_the_sum_of_points():
    drive = prediction_drive(players=8, games=2)
    tables = 2
    expected: dict[int, int] = {}
    for hand in range(1, 9):
        for table in range(1, tables + 1):
            predictions, tricks = legal_deal(hand, 4, seed=table)
            _submit(drive, table, hand, predictions, tricks)
            deal = prediction_rules.drive_deal(hand, predictions, tricks)
            for entry, points in zip(_seats(drive, table), deal.points, strict=True):
                expected[entry] = expected.get(entry, 0) + points
    drive.refresh_from_db()
    assert drive.current_round == 2
    standings = drive_scores(drive=drive).standings()
    assert {s.entry: s.score for s in standings} == expected
    assert all(s.played == 8 for s in standings)


def test_the_totals_rebuilt_from_the_record_agree_with_the_leaderboard():
    from scoring.audit import audit_check, scores_from_audit

    drive = prediction_drive(players=8, games=2)
    for hand in range(1, 4):
        for table in (1, 2):
            _submit(drive, table, hand, *legal_deal(hand, 4, seed=table))
    _submit(drive, 1, 1, (3, 4, 3, 2), (3, 5, 3, 2))  # a correction
    assert audit_check(drive=drive) == []
    rebuilt = scores_from_audit(drive=drive)
    assert rebuilt.results[1, 1].tricks == "3,5,3,2"
    assert sum(rebuilt.totals.values()) != 0
