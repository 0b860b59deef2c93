"""Entries the evening can trust (issue 33): a withdrawal in the last round
takes nobody out of the prizes, a finished drive's entries stand as played,
and a drive without groups refuses a group move with words, never a 500."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.core.exceptions import ValidationError

from drive import entry_services
from drive import services as drive_services
from drive.models import Drive, DriveState, Entry
from players.models import AuditEvent
from prizes import selectors as prize_selectors
from prizes import services as prize_services
from scoring import selectors
from tests.factories import drive_with_players, play_drive, play_round
from tests.fixtures import drive_url, messages_of

pytestmark = pytest.mark.django_db

FINISHED = "This drive has finished"


def _leader_at_the_last_round(club) -> tuple[Drive, Entry]:
    """Twelve players, four one-hand rounds, three played: the leader."""
    drive = drive_with_players(players=12, hands=4, club=club)
    prize_services.drive_prizes_update(
        drive=drive, prizes="Half-time leader\n1st overall\nBooby"
    )
    for _ in range(3):
        play_round(drive, tricks=lambda deal: 7 + deal.table)
    assert drive.current_round == drive.rounds == 4
    leader = selectors.leaderboard(drive=drive)[0]
    return drive, drive.entries.get(pk=leader.entry)


def _winners(drive: Drive, title: str) -> set[int]:
    prizes = prize_selectors.drive_prizes(drive=drive)
    award = next(a for a in prizes.awards if a.title == title)
    return {w.key for w in award.winners}


def test_a_withdrawal_in_the_last_round_is_refused_and_leaves_the_prizes_alone(club):
    drive, leader = _leader_at_the_last_round(club)

    with pytest.raises(ValidationError, match="last round is in play") as refused:
        entry_services.entry_withdraw(entry=leader)

    assert refused.value.code == "conflict"
    assert Entry.objects.get(pk=leader.pk).withdrawn_from_round is None
    play_drive(drive, tricks=lambda deal: 7 + deal.table)
    assert leader.pk in _winners(drive, "1st overall")
    assert prize_selectors.drive_prizes(drive=drive).left_early == []


def test_a_late_arrival_seated_for_no_round_may_still_leave_in_the_last_round(club):
    drive, _ = _leader_at_the_last_round(club)
    late = drive_services.entry_register(drive=drive, name="Very Late", group="A")
    assert late.joined_round == 5

    entry_services.entry_withdraw(entry=late)

    late.refresh_from_db()
    assert (late.checked_in, late.joined_round, late.withdrawn_from_round) == (
        False,
        None,
        None,
    )


def test_a_withdrawal_after_the_last_round_kept_from_before_is_not_left_early(club):
    """A drive withdrawn so before the refusal: the player missed no hand, so
    the upgrade (drive 0025) clears it and they are on the boards and in the
    prizes as anyone. (Withdrawn from the round after the last now means gone
    home before the prize-giving: tests/prizes/test_giving_not_here.py.)"""
    from django.apps import apps

    clear = import_module(
        "drive.migrations.0025_withdrawn_after_last_round"
    ).clear_withdrawals_after_the_last_round
    drive, leader = _leader_at_the_last_round(club)
    Entry.objects.filter(pk=leader.pk).update(withdrawn_from_round=5)
    play_drive(drive, tricks=lambda deal: 7 + deal.table)
    clear(apps, None)

    row = next(r for r in selectors.leaderboard(drive=drive) if r.entry == leader.pk)
    assert row.withdrawn_from is None
    assert leader.pk in _winners(drive, "1st overall")
    assert prize_selectors.drive_prizes(drive=drive).left_early == []


def test_undo_withdrawal_on_a_finished_drive_is_refused_and_the_prizes_stand(
    organiser_client, club
):
    drive, leader = _leader_at_the_last_round(club)
    Entry.objects.filter(pk=leader.pk).update(withdrawn_from_round=5)
    play_drive(drive, tricks=lambda deal: 7 + deal.table)
    first = _winners(drive, "1st overall")
    events = AuditEvent.objects.count()

    response = organiser_client.post(
        drive_url(drive, f"entries/{leader.pk}/"), {"action": "reinstate"}
    )

    assert response.status_code == 409
    assert any(FINISHED in m for m in messages_of(response))
    assert Entry.objects.get(pk=leader.pk).withdrawn_from_round == 5
    assert _winners(drive, "1st overall") == first
    assert AuditEvent.objects.count() == events
    assert 'value="reinstate"' not in response.content.decode()


@pytest.mark.parametrize(
    "action", ["withdraw", "reinstate", "check_in", "check_out", "group_a", "remove"]
)
def test_a_finished_drive_refuses_every_change_to_its_entries(
    organiser_client, club, action
):
    drive = drive_with_players(players=8, hands=2, club=club)
    late = drive_services.entry_register(
        drive=drive, name="Never Came", group="B", checked_in=False
    )
    play_drive(drive)
    assert drive.state == DriveState.FINISHED
    entry = (
        late
        if action in ("check_in", "remove", "group_a")
        else drive.entries.order_by("number")[0]
    )
    before = list(Entry.objects.filter(drive=drive).values().order_by("pk"))

    response = organiser_client.post(
        drive_url(drive, f"entries/{entry.pk}/"), {"action": action}
    )

    assert response.status_code in (400, 409)
    assert messages_of(response)
    assert list(Entry.objects.filter(drive=drive).values().order_by("pk")) == before
    page = response.content.decode()
    for button in ("withdraw", "reinstate", "check_in", "check_out", "remove"):
        assert f'value="{button}"' not in page, button


def test_balancing_a_finished_drive_is_refused(organiser_client, club):
    drive = drive_with_players(players=8, hands=2, club=club)
    play_drive(drive)
    response = organiser_client.post(drive_url(drive, "balance/"))
    assert response.status_code == 409
    assert any(FINISHED in m for m in messages_of(response))


@pytest.mark.parametrize("fmt", ["partners", "rubber"])
@pytest.mark.parametrize("started", [False, True])
def test_a_group_move_in_a_drive_without_groups_is_refused_in_words(
    organiser_client, club, fmt, started
):
    drive = drive_with_players(
        players=8, club=club, format=fmt, hands=4, hands_per_round=1, start=started
    )
    entry = drive.entries.get(number=1, group="A")
    for action in ("group_a", "group_b"):
        response = organiser_client.post(
            drive_url(drive, f"entries/{entry.pk}/"), {"action": action}
        )
        assert response.status_code == 409, action
        assert any("has no groups" in m for m in messages_of(response))
    assert Entry.objects.get(pk=entry.pk).group == "A"
    with pytest.raises(ValidationError, match="has no groups"):
        entry_services.groups_balance(drive=drive)
