"""The rule a phone and a travel slip share for a second result of a hand
(scoring.second_results), on plain results: no database."""

from __future__ import annotations

from django.utils import timezone

from scoring.models import HandResult, ResultStatus
from scoring.rules import DealRecord
from scoring.second_results import second_result


def result(ns: int, status: str, *, resolved: bool = False, **deal) -> HandResult:
    return HandResult(
        hand=1,
        ns_tricks=ns,
        status=status,
        resolved_at=timezone.now() if resolved else None,
        **deal,
    )


def test_the_same_result_agrees():
    standing = result(9, ResultStatus.CONFIRMED, honours="ns4")
    meeting = second_result(DealRecord(9, "ns4"), standing, [standing])
    assert meeting.agrees and meeting.kept is None


def test_a_different_result_is_new_the_first_time():
    standing = result(9, ResultStatus.PENDING)
    meeting = second_result(DealRecord(8), standing, [standing])
    assert not meeting.agrees and meeting.kept is None


def test_the_same_disagreement_finds_the_conflict_kept_for_it():
    standing = result(9, ResultStatus.CONFIRMED)
    other = result(7, ResultStatus.CONFLICT)
    kept = result(8, ResultStatus.CONFLICT)
    meeting = second_result(DealRecord(8), standing, [standing, other, kept])
    assert not meeting.agrees and meeting.kept is kept


def test_a_settled_conflict_is_not_found_again():
    standing = result(9, ResultStatus.CONFIRMED)
    settled = result(8, ResultStatus.CONFLICT, resolved=True)
    superseded = result(8, ResultStatus.SUPERSEDED)
    meeting = second_result(DealRecord(8), standing, [standing, settled, superseded])
    assert not meeting.agrees and meeting.kept is None


def test_honours_or_a_revoke_make_a_different_result():
    standing = result(9, ResultStatus.CONFIRMED)
    assert not second_result(DealRecord(9, "ns4"), standing, [standing]).agrees
    assert not second_result(DealRecord(9, "", "ns"), standing, [standing]).agrees


def test_a_prediction_deal_agrees_only_on_every_number():
    standing = result(
        0, ResultStatus.CONFIRMED, predictions="3,4,3,2", tricks="3,5,3,2"
    )
    same = DealRecord(0, "", "", "3,4,3,2", "3,5,3,2")
    other = DealRecord(0, "", "", "3,4,3,2", "3,4,3,3")
    assert second_result(same, standing, [standing]).agrees
    assert not second_result(other, standing, [standing]).agrees
