"""`demo --honours --revokes --revoke-penalty`: honours and revokes entered
through the scoring service with the tricks, then `export_drive` shows them in
the Deals sheet with the scores that include them."""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest
from django.core.management import CommandError

from drive.models import Drive, DriveState
from drive.trumps import Trump
from players.models import AuditEvent
from printing.management.commands.demo import draw_honours, draw_revoke
from scoring.audit import audit_check
from scoring.models import HandResult, ResultStatus
from scoring.rules import Scoring, deal_scores
from tests.printing.fixtures import run, sheet_rows

pytestmark = pytest.mark.django_db


def demo(*args: str) -> tuple[Drive, list[str]]:
    lines = run("demo", "--players", "16", "--hands", "20", "--seed", "7", *args)
    return Drive.objects.get(pk=int(lines[-1].removeprefix("drive: "))), lines


def confirmed(drive: Drive) -> list[HandResult]:
    return list(
        HandResult.objects.filter(
            table__drive=drive, status=ResultStatus.CONFIRMED
        ).select_related("table")
    )


@pytest.mark.parametrize("penalty", ["tricks", "transfer", "deduct", "award"])
def test_demo_with_honours_and_revokes_then_export(tmp_path, penalty):
    drive, lines = demo("--honours", "--revokes", "--revoke-penalty", penalty)
    assert drive.state == DriveState.FINISHED
    assert (drive.count_honours, drive.revoke_penalty) == (True, penalty)
    results = confirmed(drive)
    assert len(results) == 20 * 4
    held = [r for r in results if r.honours]
    revoked = [r for r in results if r.revoke]
    assert held and revoked
    assert not [r for r in held if drive.trumps[(r.hand - 1) % 5] is Trump.NO_TRUMPS]
    both = sum(1 for r in revoked if r.revoke == "both")
    assert lines[-2] == (
        f"honours on {len(held)} hands; "
        f"revokes on {len(revoked)} hands ({both} by both sides)"
    )
    # Entered through the service: the record agrees with the boards.
    assert AuditEvent.objects.filter(drive_id=drive.pk).exists()
    assert audit_check(drive=drive) == []

    output = tmp_path / "drive.xlsx"
    run("export_drive", str(drive.pk), "--output", str(output))
    _, deals = sheet_rows(output, "Deals")
    stored = {(r.table.number, r.hand): r for r in results}
    scoring = Scoring.of(drive)
    for deal in deals:
        result = stored[deal["Table"], deal["Hand"]]
        honours = result.honours and f"{result.honours[:2]} {result.honours[2]}"
        assert (deal["Honours"], deal["Revoke"]) == (
            honours or None,
            result.revoke or None,
        )
        assert (deal["NS score"], deal["EW score"]) == deal_scores(
            result.ns_tricks, scoring, result.honours, result.revoke
        )
    assert {d["Honours"] for d in deals} > {None}
    assert {d["Revoke"] for d in deals} > {None}
    # Every total recomputes from the sheet.
    score: dict[int, int] = defaultdict(int)
    for deal in deals:
        for seat, side in (("N", "NS"), ("S", "NS"), ("E", "EW"), ("W", "EW")):
            score[deal[seat]] += deal[f"{side} score"]
    _, standings = sheet_rows(output, "Results")
    assert {r["No."]: r["Score"] for r in standings} == dict(score)


def test_demo_without_the_options_plays_as_before():
    drive, lines = demo()
    assert not drive.count_honours and drive.revoke_penalty == ""
    assert {(r.honours, r.revoke) for r in confirmed(drive)} == {("", "")}
    assert not lines[-2].startswith("honours")
    # Nothing is drawn but the tricks, one per table and hand in turn, as
    # before these options: a seed plays the drive it always played.
    rng = random.Random(7)
    assert [
        r.ns_tricks
        for r in sorted(confirmed(drive), key=lambda r: (r.hand, r.table.number))
    ] == [rng.randint(0, 13) for _ in range(20 * 4)]


def test_revokes_alone_leave_honours_uncounted():
    drive, _ = demo("--revokes", "--revoke-penalty", "award")
    assert not drive.count_honours and drive.revoke_penalty == "award"
    results = confirmed(drive)
    assert not [r for r in results if r.honours]
    assert [r for r in results if r.revoke]


def test_a_penalty_that_is_not_one_is_refused():
    with pytest.raises(CommandError):
        run("demo", "--players", "8", "--revoke-penalty", "forfeit")
    assert not Drive.objects.exists()


def test_the_draws_come_as_often_as_the_options_say():
    rng = random.Random(1)
    draws = 20000
    honours = Counter(draw_honours(rng, Trump.SPADES) for _ in range(draws))
    # A side holds three or four of the four honours about 61% of deals.
    assert 0.58 < 1 - honours[""] / draws < 0.64
    assert set(honours) == {"", "NS3", "NS4", "EW3", "EW4"}
    assert honours["NS3"] > 3 * honours["NS4"]
    assert {draw_honours(rng, Trump.NO_TRUMPS) for _ in range(200)} == {""}
    revokes = Counter(draw_revoke(rng) for _ in range(draws))
    revoked = draws - revokes[""]
    assert 0.04 < revoked / draws < 0.06  # about one hand in twenty
    assert 0.12 < revokes["both"] / revoked < 0.28  # a few by both sides
    assert revokes["NS"] and revokes["EW"]
