"""Two phones that disagree: the first result stands and the organiser settles
the conflict; a result pending the opponents' confirmation; the cap on a
hand's versions."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from scoring import captain as captain_services
from scoring import live, selectors
from scoring import services as scoring_services
from scoring.captain import Kind
from scoring.models import MAX_RESULT_VERSIONS, HandResult, ResultStatus
from scoring.services import PHONE_MAX_VERSIONS
from tests.factories import drive_with_players
from tests.scoring.captain_phone import (
    JSON,
    post_result,
    results,
    submit,
    table_of,
    written,
)

pytestmark = pytest.mark.django_db


def test_a_second_phone_with_other_numbers_is_a_conflict_and_the_first_stands(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    submit(table_of(drive, 1), 1, 9, key="a" * 22)
    outcome = submit(table_of(drive, 1), 1, 5, key="b" * 22)
    assert outcome.kind == Kind.CONFLICT and not outcome.accepted
    assert "N-S 9" in outcome.message and "not counted" in outcome.message
    # The phone retries: the same outcome, nothing new.
    again = submit(table_of(drive, 1), 1, 5, key="b" * 22)
    assert again.kind == Kind.CONFLICT and again.result.pk == outcome.result.pk
    # Typed again (a new key), the same numbers: still the one conflict.
    submit(table_of(drive, 1), 1, 5, key="c" * 22)
    assert results(drive) == [
        (1, 1, 9, ResultStatus.CONFIRMED, 1),
        (1, 1, 5, ResultStatus.CONFLICT, 2),
    ]
    assert selectors.leaderboard(drive=drive)  # scores use only the confirmed 9
    room = live.room(drive=drive)
    assert room.table(1).state == live.TableStateKind.CONFLICT
    # While two phones disagree the round does not move on, even when all are in.
    outcome = submit(table_of(drive, 2), 1, 7, key="d" * 22)
    assert not outcome.round_completed
    drive.refresh_from_db()
    assert drive.current_round == 1
    # What each phone says meanwhile: the table in dispute is not told that
    # every table is in; the other waits for it.
    first = Client().get(f"/t/{table_of(drive, 1).captain_key}/").content.decode()
    assert (
        "Different results came in for hand 1; the organiser is settling them:" in first
    )
    disputed = re.search(r'<ul class="disputed">(.*?)</ul>', first, re.S)[1]
    said = re.sub(r"<[^>]+>", "", disputed)
    assert said == "N-S 9, E-W 4N-S 5, E-W 8"  # the standing one first
    assert "Every table is in" not in first and "Waiting for" not in first
    second = Client().get(f"/t/{table_of(drive, 2).captain_key}/").content.decode()
    assert "Waiting for table 1." in second and "settling them" not in second
    # The organiser keeps the first result: settled, and the round moves on.
    outcome = scoring_services.hand_result_conflict_resolve(
        drive=drive, table=1, hand=1, ns_tricks=9, by=None, seen_version=1
    )
    assert outcome.round_completed and outcome.changed == 0
    conflict = HandResult.objects.get(status=ResultStatus.CONFLICT)
    assert conflict.resolved_at is not None


def test_the_organiser_can_settle_a_conflict_with_the_second_result(club, organiser):
    drive = drive_with_players(players=8, club=club, hands=3)
    submit(table_of(drive, 1), 1, 9, key="a" * 22)
    submit(table_of(drive, 1), 1, 5, key="b" * 22)
    scoring_services.hand_result_conflict_resolve(
        drive=drive, table=1, hand=1, ns_tricks=5, by=organiser, seen_version=1
    )
    assert results(drive) == [
        (1, 1, 9, ResultStatus.SUPERSEDED, 1),
        (1, 1, 5, ResultStatus.CONFLICT, 2),
        (1, 1, 5, ResultStatus.CONFIRMED, 3),
    ]
    conflict = HandResult.objects.get(status=ResultStatus.CONFLICT)
    assert conflict.resolved_by == organiser


def test_a_conflict_with_the_organisers_result_goes_to_the_organiser(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    scoring_services.hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=8)
    outcome = submit(table_of(drive, 1), 1, 3)
    assert outcome.kind == Kind.CONFLICT
    # The organiser's new entry for that hand settles it.
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=3, seen_version=1
    )
    assert not HandResult.objects.filter(
        status=ResultStatus.CONFLICT, resolved_at__isnull=True
    ).exists()


def test_with_opponent_confirmation_a_result_is_pending_until_confirmed(club):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    table = table_of(drive, 1)
    outcome = submit(table, 1, 9)
    assert outcome.kind == Kind.PENDING
    assert live.room(drive=drive).table(1).state == live.TableStateKind.ENTERED
    scores = selectors.drive_scores(drive=drive)
    assert scores.hands_complete == 0  # a pending result does not count yet
    # A second phone with other numbers meets the pending result: a conflict.
    assert submit(table, 1, 5, key="b" * 22).kind == Kind.CONFLICT
    confirmed = captain_services.captain_result_confirm(table=table, hand=1, version=1)
    assert confirmed.kind == Kind.CONFIRMED
    assert confirmed.result.source.endswith("opponent confirmed")
    # A confirmation sent twice: the same answer, nothing new.
    again = captain_services.captain_result_confirm(table=table, hand=1, version=1)
    assert again.kind == Kind.ALREADY and again.result.pk == confirmed.result.pk
    assert [r[3:] for r in results(drive)] == [
        (ResultStatus.SUPERSEDED, 1),
        (ResultStatus.CONFLICT, 2),
        (ResultStatus.CONFIRMED, 3),
    ]
    with pytest.raises(ValidationError):
        captain_services.captain_result_reject(table=table, hand=1, version=1)


def test_an_opponent_can_turn_a_pending_result_down(club):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    table = table_of(drive, 1)
    submit(table, 1, 9)
    outcome = captain_services.captain_result_reject(table=table, hand=1, version=1)
    assert outcome.kind == Kind.CLEARED
    # Turned down twice (a retry): the same answer.
    captain_services.captain_result_reject(table=table, hand=1, version=1)
    assert live.room(drive=drive).table(1).state == live.TableStateKind.WAITING
    # Entered again, with a new key: pending again, not a conflict.
    assert submit(table, 1, 8, key="n" * 22).kind == Kind.PENDING
    with pytest.raises(ValidationError):
        captain_services.captain_result_confirm(table=table, hand=1, version=1)
    captain_services.captain_result_confirm(table=table, hand=1, version=2)
    assert live.room(drive=drive).table(1).hands[0].confirmed.ns_tricks == 8


def test_the_organisers_entry_replaces_a_pending_result(club):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    submit(table_of(drive, 1), 1, 9)
    scoring_services.hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=10)
    assert [r[2:4] for r in results(drive)] == [
        (9, ResultStatus.SUPERSEDED),
        (10, ResultStatus.CONFIRMED),
    ]


# --- the cap on versions (issue #14, item 17) ------------------------------------------


def test_phones_stop_at_their_cap_with_a_clear_answer_and_the_organiser_can_still_correct(
    club, organiser
):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    table = table_of(drive)
    client = Client()
    # Send, turn down, send again...: each send is a version. A pending result
    # needs room for its confirmation, so the last send is one short of the cap.
    last = PHONE_MAX_VERSIONS - 1
    for n in range(1, last + 1):
        response = post_result(
            client, table, 1, n % 14, key=f"cycle{n:04d}" + "x" * 14, headers=JSON
        )
        assert response.json()["kind"] == Kind.PENDING, response.json()
        captain_services.captain_result_reject(table=table, hand=1, version=n)
    before = written(drive)
    response = post_result(client, table, 1, 9, key="over" + "x" * 18, headers=JSON)
    assert response.status_code == 409
    assert response.json()["ok"] is False
    assert (
        f"Table 1, hand 1 already has {last} versions, the most phones may add"
        in response.json()["message"]
    )
    assert "Ask the organiser" in response.json()["message"]
    assert written(drive) == before
    page = post_result(client, table, 1, 9, key="over2" + "x" * 17)
    assert (
        page.status_code == 409 and "the most phones may add" in page.content.decode()
    )
    # The organiser still has room to enter and correct the hand.
    version = last
    while version < MAX_RESULT_VERSIONS:
        outcome = scoring_services.hand_result_submit(
            drive=drive, table=1, hand=1, ns_tricks=version % 14, by=organiser
        )
        version = outcome.results[0].version
    assert version == MAX_RESULT_VERSIONS
    before = written(drive)
    with pytest.raises(ValidationError) as caught:
        scoring_services.hand_result_submit(
            drive=drive, table=1, hand=1, ns_tricks=(version + 1) % 14, by=organiser
        )
    assert caught.value.code == "version_limit"
    assert "the most one hand can keep; nothing was saved" in caught.value.messages[0]
    assert written(drive) == before
