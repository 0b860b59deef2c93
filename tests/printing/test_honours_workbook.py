"""Honours and revokes in the workbook: the Deals sheet's Honours and Revoke
columns, its NS and EW scores after honours and penalties (scoring.rules.
deal_scores), totals that recompute from it, the Drive sheet's rules and the
corrections of honours alone."""

from __future__ import annotations

from collections import defaultdict

import pytest

from printing import deal_sheets
from scoring import services
from scoring.models import HandResult, ResultStatus
from scoring.rules import Scoring, deal_scores
from tests.factories import drive_with_players
from tests.printing.fixtures import play_marked, workbook_values

pytestmark = pytest.mark.django_db

HONOURS_CELLS = {None, "NS 3", "NS 4", "EW 3", "EW 4"}
REVOKE_CELLS = {None, "NS", "EW", "both"}


def sheet(drive, title: str) -> tuple[list, list[dict]]:
    rows = workbook_values(drive)[title]
    headers = list(rows[0])
    return headers, [dict(zip(headers, row, strict=True)) for row in rows[1:]]


def settings_of(drive) -> dict[str, object]:
    return dict(workbook_values(drive)["Drive"][1:])


@pytest.fixture(params=["tricks", "transfer", "deduct", "award"])
def played(request, club):
    """A finished 10-player drive (sit-outs) that counts honours (3 and 4), with
    revokes by either side and by both."""
    drive = drive_with_players(
        players=10,
        hands=5,
        club=club,
        count_honours=True,
        honours_values="3-4",
        revoke_penalty=request.param,
    )
    return play_marked(drive)


def test_the_deals_sheet_has_honours_revoke_and_the_scores_after_them(played):
    headers, deals = sheet(played, "Deals")
    assert headers == deal_sheets.DEALS_HEADERS
    assert headers[-4:] == ["NS score", "EW score", "Honours", "Revoke"]
    stored = {
        (r.table.number, r.hand): r
        for r in HandResult.objects.filter(
            table__drive=played, status=ResultStatus.CONFIRMED
        ).select_related("table")
    }
    assert len(deals) == len(stored)
    scoring = Scoring.of(played)
    for deal in deals:
        result = stored[deal["Table"], deal["Hand"]]
        assert deal["NS tricks"] == result.ns_tricks  # as entered
        assert deal["Honours"] == (
            {"": None}.get(result.honours, f"{result.honours[:2]} {result.honours[2:]}")
        )
        assert deal["Revoke"] == (result.revoke or None)
        assert (deal["NS score"], deal["EW score"]) == deal_scores(
            result.ns_tricks, scoring, result.honours, result.revoke
        )
    assert {d["Honours"] for d in deals} <= HONOURS_CELLS
    assert {d["Revoke"] for d in deals} <= REVOKE_CELLS
    # The drive had each kind, and they changed scores.
    assert {"NS 3", "EW 4"} <= {d["Honours"] for d in deals}
    assert {"NS", "EW", "both"} <= {d["Revoke"] for d in deals}
    for deal in deals:
        if deal["Revoke"] == "both":
            assert (deal["NS score"], deal["EW score"]) == (0, 0)
    plain = [deal_scores(d["NS tricks"], scoring.rule) for d in deals if d["Honours"]]
    marked = [(d["NS score"], d["EW score"]) for d in deals if d["Honours"]]
    assert plain != marked


def test_every_total_recomputes_from_the_deals_sheet(played):
    _, deals = sheet(played, "Deals")
    score: dict[int, int] = defaultdict(int)
    for deal in deals:
        for seat, side in (("N", "NS"), ("S", "NS"), ("E", "EW"), ("W", "EW")):
            if deal[seat] is not None:
                score[deal[seat]] += deal[f"{side} score"]
    _, results = sheet(played, "Results")
    for row in results:
        assert row["Score"] == score[row["No."]], row
    _, hands = sheet(played, "Hands")
    for row in hands:
        assert row["Score"] == score[row["No."]], row


def test_the_drive_sheet_states_the_honours_and_revoke_rules(played):
    settings = settings_of(played)
    assert settings["Honours"] == "three honours score 3, four score 4"
    assert (
        settings["Revoke penalty"]
        == {
            "tricks": "3 tricks pass from the offenders to the opponents",
            "transfer": "the offenders give 3 points to the opponents"
            " (losing only what they have)",
            "deduct": "the offenders lose 3 points",
            "award": "the opponents gain 3 points",
        }[played.revoke_penalty]
        + "; a revoke by both sides voids the hand"
    )
    keys = list(settings)
    assert keys.index("Honours") == keys.index("Scoring") + 1


def test_a_drive_with_neither_has_blank_columns_and_no_rules(club):
    drive = play_marked(
        drive_with_players(players=8, hands=3, club=club),
        marked=lambda deal: ("", ""),
    )
    _, deals = sheet(drive, "Deals")
    assert deals and all(d["Honours"] is d["Revoke"] is None for d in deals)
    for deal in deals:
        assert (deal["NS score"], deal["EW score"]) == deal_scores(
            deal["NS tricks"], "odd"
        )
    assert "Honours" not in settings_of(drive)
    assert "Revoke penalty" not in settings_of(drive)


def test_a_revoke_in_a_drive_without_honours_states_its_penalty(club):
    drive = play_marked(
        drive_with_players(players=8, hands=3, club=club, revoke_penalty="deduct")
    )
    settings = settings_of(drive)
    assert "Honours" not in settings
    assert settings["Revoke penalty"].startswith("the offenders lose 3 points")
    _, deals = sheet(drive, "Deals")
    assert {d["Honours"] for d in deals} == {None}
    deducted = [d for d in deals if d["Revoke"] in ("NS", "EW")]
    assert deducted
    for deal in deducted:
        side = deal["Revoke"]
        plain = dict(
            zip(("NS", "EW"), deal_scores(deal["NS tricks"], "odd"), strict=True)
        )
        assert deal[f"{side} score"] == plain[side] - 3


def test_a_correction_of_the_honours_alone_shows_in_corrections(club, organiser):
    drive = drive_with_players(players=8, hands=2, club=club, count_honours=True)
    services.hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=8, by=organiser)
    services.hand_result_submit(
        drive=drive,
        table=1,
        hand=1,
        ns_tricks=8,
        honours="EW4",
        revoke="NS",
        by=organiser,
        seen_version=1,
    )
    headers, corrections = sheet(drive, "Corrections")
    assert headers[-2:] == ["Honours", "Revoke"]
    assert [
        (r["Version"], r["NS tricks"], r["Honours"], r["Revoke"]) for r in corrections
    ] == [(1, 8, None, None), (2, 8, "EW 4", "NS")]
