"""A result *stranded* at a table its round does not seat (a withdrawal took
the table out of the round, and a result typed for it remains) counts for
nobody: the score grid links to the table's slip, where emptying the cell
removes it, with the record of changes' "Result removed" and a message
saying what was removed; the rest of the slip still saves around it."""

from __future__ import annotations

import pytest

from drive import entry_services
from drive.models import Entry, Table
from players.models import AuditEvent, AuditKind
from scoring.models import HandResult, ResultStatus
from scoring.services import ResultEntry, hand_results_submit
from scoring.typed_ahead import typed_ahead
from tests.factories import drive_with_players
from tests.fixtures import drive_url, messages_of
from tests.scoring.typed_slips import confirmed, shown, slip

pytestmark = pytest.mark.django_db


def stranded_drive(club):
    """12 players, 3 tables, 3 hands; four withdraw (two tables from round
    2), and table 3 holds a result for hand 2 that its round no longer
    seats (typed before the desk refused such a hand); round 2 in play."""
    drive = drive_with_players(players=12, hands=3, club=club)
    for leaver in Entry.objects.filter(drive=drive).order_by("number")[:4]:
        entry_services.entry_withdraw(entry=leaver)
    HandResult.objects.create(
        table=Table.objects.get(drive=drive, number=3),
        hand=2,
        ns_tricks=7,
        version=1,
        status=ResultStatus.CONFIRMED,
    )
    hand_results_submit(
        drive=drive,
        entries=[ResultEntry(t, 1, 7) for t in (1, 2, 3)],
        by=None,
    )
    drive.refresh_from_db()
    assert drive.current_round == 2
    assert [(r.table, r.hands) for r in typed_ahead(drive).stranded] == [(3, (2,))]
    return drive


def test_a_stranded_result_is_cleared_by_emptying_its_cell(assistant_client, club):
    drive = stranded_drive(club)
    url = drive_url(drive, "scores/")
    # The round's grid says so and links to the table's slip.
    page = assistant_client.get(url).content.decode()
    assert "show its table’s slip and empty the cell" in page
    assert f'href="{url}?table=3">the slip of table 3</a>' in page
    # The slip shows it; emptied, it is removed and the page says what.
    assert shown(assistant_client.get(url, {"table": 3}).content.decode(), 3) == {
        1: "7",
        2: "7",
        3: "",
    }
    response = assistant_client.post(
        url, slip(3, {1: "7", 2: "", 3: ""}, version=1), follow=True
    )
    assert response.status_code == 200
    assert messages_of(response)[0] == (
        "Removed 1 result that counted for nobody, typed at a table with no "
        "game in its round: table 3, hand 2."
    )
    assert confirmed(drive, 3) == {1: 7}
    assert typed_ahead(drive).stranded == []
    removed = AuditEvent.objects.filter(drive_id=drive.pk, new__isnull=True)
    assert [(e.kind, e.refs["table"], e.refs["hand"]) for e in removed] == [
        (AuditKind.RESULT_REMOVE, 3, 2)
    ]
    page = assistant_client.get(url).content.decode()
    assert 'id="stranded"' not in page


def test_a_slip_with_a_stranded_result_still_saves_around_it(assistant_client, club):
    """The slip sent back with the stranded result as it stands saves its
    other hands; a number typed over it is refused at the cell, a 400,
    nothing written."""
    drive = stranded_drive(club)
    url = drive_url(drive, "scores/")
    response = assistant_client.post(url, slip(3, {1: "8", 2: "7"}, version=1))
    assert response.status_code == 302
    assert confirmed(drive, 3) == {1: 8, 2: 7}
    response = assistant_client.post(url, slip(3, {1: "9", 2: "9"}, version=1))
    assert response.status_code == 400
    assert "This table has no game in this hand’s round" in response.content.decode()
    assert confirmed(drive, 3) == {1: 8, 2: 7}


def test_a_played_hand_is_still_kept_not_removed(assistant_client, club):
    drive = stranded_drive(club)
    url = drive_url(drive, "scores/")
    response = assistant_client.post(url, slip(1, {1: ""}, version=1), follow=True)
    assert "Kept 1 result as it stands: table 1, hand 1." in messages_of(response)[0]
    assert confirmed(drive, 1) == {1: 7}
    with pytest.raises(Exception, match="its round has begun"):
        hand_results_submit(
            drive=drive,
            entries=[ResultEntry(1, 1, seen_version=1, clear=True)],
            by=None,
            types_ahead=True,
        )
