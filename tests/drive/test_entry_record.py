"""What the drive's services and pages leave in the record of changes: each change
to an entry, with who made it, and what goes when an entry or a drive is deleted."""

from __future__ import annotations

import pytest
from django.db.models import RestrictedError

from drive import entry_services, money_services
from drive.models import Entry
from players.models import AuditKind
from tests.factories import drive_with_players
from tests.fixtures import audit_events as events

pytestmark = pytest.mark.django_db


def test_entry_changes_keep_only_what_changed(club):
    drive = drive_with_players(players=8, club=club, start=False)
    entry = Entry.objects.filter(drive=drive).first()
    money_services.entry_set_paid(entry=entry, paid=True)
    entry_services.entry_set_group(entry=entry, group="B")
    entry_services.entry_check_in(entry=entry, checked_in=False)
    paid, group, out = (
        events(drive, AuditKind.ENTRY_PAID)[0],
        events(drive, AuditKind.ENTRY_GROUP)[0],
        events(drive, AuditKind.ENTRY_CHECK_IN)[0],
    )
    name = entry.player.name
    assert paid.old == {"number": entry.number, "player": name, "paid": False}
    # A payment records how and how much (issue 19): the fee, here nothing, in cash.
    assert paid.new == {
        "number": entry.number,
        "player": name,
        "paid": True,
        "paid_amount": "0.00",
        "pay_method": "cash",
    }
    assert (group.old["group"], group.new["group"]) == ("A", "B")
    assert (out.old["checked_in"], out.new["checked_in"]) == (True, False)
    assert paid.who == "command line"  # no request, no `by`: called from code
    entry_services.entry_remove(entry=entry)
    removed = events(drive, AuditKind.ENTRY_REMOVE)[0]
    assert removed.new is None and removed.old["number"] == entry.number
    assert len(events(drive, AuditKind.ENTRY_REGISTER)) == 8


def test_seats_keep_their_entry_but_go_with_their_drive(club):
    drive = drive_with_players(players=8, club=club)
    seated = Entry.objects.filter(drive=drive).first()
    with pytest.raises(RestrictedError):
        seated.delete()
    drive.delete()  # seats, rounds, tables and entries together
    assert not Entry.objects.filter(pk=seated.pk).exists()


def test_pages_record_the_user_who_made_the_change(organiser_client, club):
    drive = drive_with_players(players=8, club=club, start=False)
    response = organiser_client.post(
        f"/drives/{drive.pk}/entries/", {"name": "Vera Lynn", "checked_in": "on"}
    )
    assert response.status_code == 302
    registered = events(drive, AuditKind.ENTRY_REGISTER)[-1]
    assert registered.who == "olive" and registered.new["player"] == "Vera Lynn"
