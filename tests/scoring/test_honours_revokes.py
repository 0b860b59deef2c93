"""Honours and revokes (issue #17): the rules on plain values, then the boards,
the record and the captains' phones that score by them."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import strategies as st

from drive.movement.types import Side
from scoring import captain as captain_services
from scoring import selectors
from scoring import services as scoring_services
from scoring.audit import audit_check, scores_from_audit
from scoring.captain import Kind
from scoring.models import HandResult, ResultStatus
from scoring.rules import (
    SEAT_ORDER,
    Honours,
    HonoursValues,
    Revoke,
    RevokePenalty,
    Rule,
    Scoring,
    check_deal,
    deal_scores,
    deal_text,
    deal_winner,
    hand_scores,
    seat_table,
)
from tests.factories import drive_with_players

HONOURS_24 = Scoring(honours=HonoursValues.TWO_FOUR)
HONOURS_34 = Scoring(honours=HonoursValues.THREE_FOUR)


# --- the rules, on plain values ----------------------------------------------------


@pytest.mark.parametrize(
    ("scoring", "honours", "expected"),
    [
        (HONOURS_24, "NS3", (3 + 2, 0)),  # N-S take 9: 3 odd tricks and 2 for honours
        (HONOURS_24, "NS4", (3 + 4, 0)),
        (HONOURS_24, "EW3", (3, 2)),  # the losers' honours still count in a drive
        (HONOURS_34, "EW3", (3, 3)),  # the English value of three honours
        (HONOURS_34, "EW4", (3, 4)),
        (Scoring(), "NS4", (3, 0)),  # a drive that does not count them
    ],
)
def test_honours_add_to_the_sides_odd_tricks(scoring, honours, expected):
    assert deal_scores(9, scoring, honours, "") == expected


def test_honours_add_to_total_tricks_too():
    scoring = Scoring(rule=Rule.TOTAL_TRICKS, honours=HonoursValues.TWO_FOUR)
    assert deal_scores(5, scoring, "EW4", "") == (5, 8 + 4)


def test_the_issues_revoke_example():
    # N-S take 8, E-W revoke, three tricks transferred: N-S score 11 - 6 = 5, E-W 0.
    assert deal_scores(8, Scoring(), "", "EW") == (5, 0)


@pytest.mark.parametrize(
    ("penalty", "tricks", "ns", "revoke", "expected"),
    [
        (RevokePenalty.TRICKS, 3, 8, "NS", (0, 2)),  # N-S 5, E-W 8
        (RevokePenalty.TRICKS, 2, 8, "EW", (4, 0)),  # the American two tricks
        # No more pass than the offenders took: E-W took 1 of 13.
        (RevokePenalty.TRICKS, 3, 12, "EW", (7, 0)),
        (RevokePenalty.DEDUCT, 3, 8, "EW", (2, -3)),
        (RevokePenalty.DEDUCT, 3, 8, "NS", (2 - 3, 0)),
        (RevokePenalty.AWARD, 3, 8, "EW", (2 + 3, 0)),
        (RevokePenalty.AWARD, 3, 8, "NS", (2, 3)),
        (RevokePenalty.TRICKS, 3, 8, "both", (0, 0)),
        (RevokePenalty.AWARD, 3, 13, "both", (0, 0)),
    ],
)
def test_revoke_penalties(penalty, tricks, ns, revoke, expected):
    scoring = Scoring(revoke_penalty=penalty, revoke_tricks=tricks)
    assert deal_scores(ns, scoring, "", revoke) == expected


def test_a_void_hand_scores_nothing_even_with_honours():
    assert deal_scores(10, HONOURS_24, "NS4", "both") == (0, 0)
    assert deal_winner(10, HONOURS_24, "both") is None


def test_a_hand_is_won_by_tricks_after_a_transfer_not_by_score():
    # E-W take 6 and hold four honours: they score 4 but did not win the hand.
    assert deal_scores(7, HONOURS_24, "EW4", "") == (1, 4)
    assert deal_winner(7, HONOURS_24, "") is Side.NS
    # N-S take 6, E-W revoke: three tricks pass, N-S have 9 and win it.
    assert deal_winner(6, Scoring(), "EW") is Side.NS
    # A deducted penalty moves no tricks.
    assert deal_winner(6, Scoring(revoke_penalty=RevokePenalty.DEDUCT), "EW") is Side.EW


@given(
    st.integers(0, 13),
    st.sampled_from(list(Honours)),
    st.sampled_from(list(Revoke)),
    st.sampled_from(
        [HONOURS_24, HONOURS_34, Scoring(), Scoring(rule=Rule.TOTAL_TRICKS)]
    ),
)
def test_the_seat_table_is_deal_scores_for_every_seat(ns, honours, revoke, scoring):
    ns_score, ew_score = deal_scores(ns, scoring, honours, revoke)
    row = seat_table(scoring)[ns, honours.value, revoke.value]
    assert dict(zip(SEAT_ORDER, row, strict=True)) == {
        "N": ns_score,
        "S": ns_score,
        "E": ew_score,
        "W": ew_score,
    }
    if honours is Honours.NONE and revoke is Revoke.NONE:
        assert (ns_score, ew_score) == hand_scores(ns, scoring.rule)


def test_check_deal_refuses_honours_where_there_can_be_none():
    assert check_deal("NS3", "EW", honours_counted=True, no_trumps=False) == (
        Honours.NS_3,
        Revoke.EW,
    )
    with pytest.raises(ValueError, match="does not count honours"):
        check_deal("NS3", "", honours_counted=False, no_trumps=False)
    with pytest.raises(ValueError, match="No-trumps"):
        check_deal("EW4", "", honours_counted=True, no_trumps=True)
    with pytest.raises(ValueError, match="not a choice"):
        check_deal("NS5", "", honours_counted=True, no_trumps=False)
    with pytest.raises(ValueError, match="not a choice"):
        check_deal("", "N", honours_counted=True, no_trumps=False)
    # A revoke is possible in any hand, No trumps included.
    assert (
        check_deal("", "both", honours_counted=False, no_trumps=True)[1] is Revoke.BOTH
    )


def test_deal_text_says_what_happened():
    assert deal_text("", "") == ""
    assert deal_text("EW4", "") == "honours: E-W held 4"
    assert deal_text("", "NS") == "N-S revoked"
    assert deal_text("", "both") == "both sides revoked: hand void, no score"


# --- on the boards, in the record, from the phones ---------------------------------


def honours_drive(club, **settings):
    # Trumps Hearts, Diamonds, Spades, Clubs, No trumps: hand 5 has none.
    return drive_with_players(
        players=8, club=club, hands=5, count_honours=True, **settings
    )


def totals(drive) -> dict[int, int]:
    return {row.number: row.total for row in selectors.leaderboard(drive=drive)}


def seats(drive, table: int, hand: int) -> dict[str, int]:
    from drive.models import SeatAssignment

    return {
        s.position: s.entry.number
        for s in SeatAssignment.objects.filter(
            round__drive=drive,
            round__number=drive.round_of_hand(hand),
            table__number=table,
        ).select_related("entry")
    }


@pytest.mark.django_db
def test_the_board_counts_honours_and_penalties_and_the_record_agrees(club, organiser):
    drive = honours_drive(club, revoke_penalty="tricks")
    before = seats(drive, 1, 1)
    scoring_services.hand_results_submit(
        drive=drive,
        entries=[
            scoring_services.ResultEntry(1, 1, 9, honours="EW4"),
            scoring_services.ResultEntry(2, 1, 8, revoke="EW"),
        ],
        by=organiser,
    )
    board = totals(drive)
    # Table 1: N-S 3 for tricks; E-W 4 for honours.
    assert board[before["N"]] == board[before["S"]] == 3
    assert board[before["E"]] == board[before["W"]] == 4
    other = seats(drive, 2, 1)
    assert board[other["N"]] == 5 and board[other["E"]] == 0
    # The record of changes rebuilds the same totals.
    assert scores_from_audit(drive=drive).totals == board
    assert audit_check(drive=drive) == []
    # Hands won by tricks: E-W at table 1 scored but did not win.
    records = {r.number: r for r in selectors.drive_scores(drive=drive).records}
    assert records[before["N"]].won_hands == {1}
    assert records[before["E"]].won_hands == frozenset()


@pytest.mark.django_db
def test_a_correction_of_only_the_honours_is_a_new_version(club, organiser):
    drive = honours_drive(club)
    submit = scoring_services.hand_result_submit
    submit(drive=drive, table=1, hand=1, ns_tricks=9, by=organiser)
    outcome = submit(
        drive=drive, table=1, hand=1, ns_tricks=9, honours="NS3", by=organiser
    )
    assert outcome.changed == 1
    result = outcome.results[0]
    assert (result.version, result.honours) == (2, "NS3")
    # The same again changes nothing.
    again = submit(
        drive=drive, table=1, hand=1, ns_tricks=9, honours="NS3", by=organiser
    )
    assert again.changed == 0


@pytest.mark.django_db
def test_honours_are_refused_on_a_no_trumps_hand_and_where_not_counted(club, organiser):
    drive = honours_drive(club)
    for hand in range(1, 5):
        scoring_services.hand_results_submit(
            drive=drive,
            entries=[scoring_services.ResultEntry(t, hand, 7) for t in (1, 2)],
            by=organiser,
        )
    drive.refresh_from_db()
    assert drive.current_round == 5  # hand 5 plays No trumps
    with pytest.raises(ValidationError, match="No-trumps hand has no honours"):
        scoring_services.hand_result_submit(
            drive=drive, table=1, hand=5, ns_tricks=7, honours="NS3", by=organiser
        )
    assert not HandResult.objects.filter(table__drive=drive, hand=5).exists()
    plain = drive_with_players(players=8, club=club, hands=5)
    with pytest.raises(ValidationError, match="does not count honours"):
        scoring_services.hand_result_submit(
            drive=plain, table=1, hand=1, ns_tricks=7, honours="NS3", by=organiser
        )


@pytest.mark.django_db
def test_phones_agree_only_on_the_same_tricks_honours_and_revoke(club):
    drive = honours_drive(club)
    table = drive.tables.get(number=1)

    def send(key, **deal):
        return captain_services.captain_result_submit(
            table=table, hand=1, idempotency_key=key * 22, **deal
        )

    first = send("a", ns_tricks=9, honours="NS4")
    assert first.kind == Kind.RECORDED and "N-S held 4" in first.message
    same = send("b", ns_tricks=9, honours="NS4")
    assert same.kind == Kind.ALREADY
    other = send("c", ns_tricks=9, honours="NS3")
    assert other.kind == Kind.CONFLICT
    conflict = HandResult.objects.get(status=ResultStatus.CONFLICT)
    assert (conflict.ns_tricks, conflict.honours) == (9, "NS3")
    with pytest.raises(ValidationError) as refused:
        send("d", ns_tricks=9, honours="XX")
    assert refused.value.code == "invalid"
