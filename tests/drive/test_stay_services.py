"""Marking a player who stays at one table: at registration and later, the
refusals with their reasons, the pages that show the mark, and drives that
keep them there, through the services and the pages."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from drive import entry_services, services
from drive.models import DriveState, Entry
from drive.seating import stored_seatings
from drive.stay_services import entry_set_stays
from players.models import AuditKind, Club
from tests.factories import (
    PlayerFactory,
    drive_with_players,
    play_round,
    prediction_drive,
)
from tests.fixtures import START, audit_events, drive_url, messages_of

pytestmark = pytest.mark.django_db


def tables_of(drive, entry) -> list[int]:
    return [
        where[0]
        for seating in stored_seatings(drive=drive)
        if (where := seating.seat_of(entry.pk)) is not None
    ]


def test_register_a_staying_player_with_a_table(assistant_client, open_drive):
    response = assistant_client.post(
        drive_url(open_drive, "entries/"),
        {"name": "Wanda Wheel", "checked_in": "on", "stays": "on", "stays_table": "2"},
    )
    assert response.status_code == 302
    entry = Entry.objects.get(drive=open_drive, player__name="Wanda Wheel")
    assert (entry.stays_at_table, entry.stays_table) == (True, 2)
    page = assistant_client.get(drive_url(open_drive, "entries/")).content.decode()
    assert "stays at table 2" in page
    (event,) = audit_events(open_drive, AuditKind.ENTRY_REGISTER)[-1:]
    assert event.new["stays_table"] == 2


def test_a_table_named_alone_marks_the_player_staying(assistant_client, open_drive):
    assistant_client.post(
        drive_url(open_drive, "entries/"),
        {"name": "Tom Table", "checked_in": "on", "stays_table": "1"},
    )
    entry = Entry.objects.get(drive=open_drive, player__name="Tom Table")
    assert (entry.stays_at_table, entry.stays_table) == (True, 1)


def test_two_at_one_table_in_one_group_are_refused_and_nothing_is_written(
    assistant_client, open_drive
):
    first = open_drive.entries.filter(group="A").first()
    entry_set_stays(entry=first, stays=True, table=3)
    before = Entry.objects.filter(drive=open_drive).count()
    response = assistant_client.post(
        drive_url(open_drive, "entries/"),
        {
            "name": "Second Stayer",
            "group": "A",
            "checked_in": "on",
            "stays": "on",
            "stays_table": "3",
        },
    )
    assert response.status_code in (400, 409)
    page = response.content.decode()
    assert "both stay at table 3 in Ladies" in page
    assert first.player.name in page
    assert Entry.objects.filter(drive=open_drive).count() == before
    # In the other group they may share it.
    response = assistant_client.post(
        drive_url(open_drive, "entries/"),
        {"name": "Second Stayer", "group": "B", "stays": "on", "stays_table": "3"},
    )
    assert response.status_code == 302


@pytest.mark.parametrize("table", ["0", "abc", "201", "-1"])
def test_a_bad_table_number_is_refused(assistant_client, open_drive, table):
    entry = open_drive.entries.first()
    response = assistant_client.post(
        drive_url(open_drive, f"entries/{entry.pk}/stays/"),
        {"stays": "on", "stays_table": table},
    )
    assert response.status_code == 400
    assert messages_of(response)
    entry.refresh_from_db()
    assert not entry.stays_at_table


def test_mark_change_and_clear_from_the_entries_page(assistant_client, open_drive):
    entry = open_drive.entries.first()
    url = drive_url(open_drive, f"entries/{entry.pk}/stays/")
    assert assistant_client.post(url, {"stays": "on"}).status_code == 302
    entry.refresh_from_db()
    assert (entry.stays_at_table, entry.stays_table) == (True, None)
    page = assistant_client.get(drive_url(open_drive, "entries/")).content.decode()
    assert "stays at one table" in page
    response = assistant_client.post(
        url, {"stays": "on", "stays_table": "2"}, follow=True
    )
    assert f"{entry.player.name} stays at table 2." in messages_of(response)
    assert assistant_client.post(url, {}).status_code == 302
    entry.refresh_from_db()
    assert (entry.stays_at_table, entry.stays_table) == (False, None)
    events = audit_events(open_drive, AuditKind.ENTRY_STAYS)
    assert len(events) == 3
    # Clearing the mark is recorded with both sides, not as no change.
    cleared = events[-1]
    assert cleared.old["stays_at_table"] is True
    assert (cleared.new["stays_at_table"], cleared.new["stays_table"]) == (False, None)


def test_the_conflict_from_the_entries_page_is_a_409(assistant_client, open_drive):
    one, other = open_drive.entries.filter(group="B")[:2]
    entry_set_stays(entry=one, stays=True, table=1)
    response = assistant_client.post(
        drive_url(open_drive, f"entries/{other.pk}/stays/"),
        {"stays": "on", "stays_table": "1"},
    )
    assert response.status_code == 409
    assert "both stay at table 1 in Gents" in " ".join(messages_of(response))
    other.refresh_from_db()
    assert not other.stays_at_table


def test_start_refuses_a_table_the_drive_has_not(organiser_client, open_drive):
    entry_set_stays(entry=open_drive.entries.first(), stays=True, table=5)
    response = organiser_client.post(drive_url(open_drive, "start/"), START)
    assert response.status_code == 400
    assert "stays at table 5, but the drive has 2 tables" in response.content.decode()
    open_drive.refresh_from_db()
    assert open_drive.state == DriveState.OPEN


@pytest.mark.parametrize(
    ("format", "players"),
    [
        ("progressive", 12),
        ("semi-partner", 13),
        ("stationary", 13),
        ("partners", 12),
        ("individual", 13),
        ("prediction", 11),
    ],
)
def test_every_format_keeps_staying_players_at_their_tables(format, players):
    if format == "prediction":
        drive = prediction_drive(players=players, games=3, start=False)
    else:
        drive = drive_with_players(players=players, format=format, hands=5, start=False)
    entries = list(drive.entries.order_by("number"))
    entry_set_stays(entry=entries[0], stays=True, table=2)
    entry_set_stays(entry=entries[3], stays=True)
    services.drive_start(drive=drive)
    drive.refresh_from_db()
    # A fixed format's whole evening is stored at the start; the others are
    # seated round by round as the results come in.
    while not drive.is_fixed and drive.state == DriveState.IN_PLAY:
        play_round(drive)
        drive.refresh_from_db()
    assert len(stored_seatings(drive=drive)) == drive.rounds
    assert set(tables_of(drive, entries[0])) == {2}
    assert len(set(tables_of(drive, entries[3]))) == 1


def test_a_late_staying_arrival_in_a_fixed_drive_keeps_one_table():
    drive = drive_with_players(players=12, format="individual", hands=6)
    late = services.entry_register(
        drive=drive, player=PlayerFactory(club=drive.club), stays=True, stays_table=1
    )
    drive.refresh_from_db()
    while drive.state == DriveState.IN_PLAY:
        play_round(drive)
        drive.refresh_from_db()
    assert set(tables_of(drive, late)) == {1}


def test_movement_preview_says_where_they_stay_and_what_it_cost(organiser_client, club):
    drive = drive_with_players(
        players=16, format="individual", hands=6, start=False, club=club
    )
    entries = list(drive.entries.order_by("number"))
    entry_set_stays(entry=entries[0], stays=True, table=3)
    page = organiser_client.get(drive_url(drive, "movement/")).content.decode()
    assert f"{entries[0].player.name} ({entries[0].number}) stays at table 3." in page
    assert "Nobody partners, opposes or sits out more often because of it." in page


def test_set_stays_refused_once_finished():
    drive = drive_with_players(players=8, hands=1)
    play_round(drive)
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    with pytest.raises(ValidationError):
        entry_set_stays(entry=drive.entries.first(), stays=True)


@pytest.mark.parametrize(
    ("language", "mark", "line"),
    [
        ("pl", "zostaje przy stoliku 2", "zostaje przy stoliku 2."),
        ("ru", "остаётся за столом 2", "остаётся за столом 2."),
    ],
)
def test_the_mark_and_the_preview_read_in_the_club_s_language(
    organiser_client, club, language, mark, line
):
    Club.objects.filter(pk=club.pk).update(language=language)
    drive = drive_with_players(
        players=8, format="individual", hands=3, start=False, club=club
    )
    entry = drive.entries.order_by("number").first()
    entry_set_stays(entry=entry, stays=True, table=2)
    page = organiser_client.get(drive_url(drive, "entries/")).content.decode()
    assert mark in page
    page = organiser_client.get(drive_url(drive, "movement/")).content.decode()
    assert f"{entry.player.name} ({entry.number}) {line}" in page


def test_a_progressive_drive_s_movement_page_lists_them_before_the_start(
    organiser_client, open_drive
):
    one, other = open_drive.entries.order_by("number")[:2]
    entry_set_stays(entry=one, stays=True, table=2)
    entry_set_stays(entry=other, stays=True)
    page = organiser_client.get(drive_url(open_drive, "movement/")).content.decode()
    assert f"({one.number}) stays at table 2." in page
    assert f"({other.number}) stays at the table they first sit at." in page


def test_two_staying_pairs_at_one_table_are_refused_naming_the_first_pair():
    drive = drive_with_players(players=8, format="partners", start=False)
    first_a, first_b, second_a, _second_b = drive.entries.order_by("number")[:4]
    # The pair stays with its partner: the first pair's A is named for it.
    entry_set_stays(entry=first_b, stays=True, table=2)
    with pytest.raises(ValidationError) as refused:
        entry_set_stays(entry=second_a, stays=True, table=2)
    assert refused.value.messages == [
        f"{first_a.player.name} ({first_a.number}) and "
        f"{second_a.player.name} ({second_a.number}) both stay at table 2: "
        "they would meet every round. Name another table for one of them."
    ]
    # A partner at another table is no second pair.
    entry_set_stays(entry=first_a, stays=True, table=3)
    entry_set_stays(entry=second_a, stays=True, table=4)


def test_in_a_drive_of_pairs_two_players_without_a_partner_are_one_kind():
    drive = drive_with_players(players=8, format="partners", start=False)
    services.entry_register(
        drive=drive,
        player=PlayerFactory(club=drive.club),
        group="A",
        stays=True,
        stays_table=3,
    )
    with pytest.raises(ValidationError, match="both stay at table 3"):
        services.entry_register(
            drive=drive,
            player=PlayerFactory(club=drive.club),
            group="B",
            stays=True,
            stays_table=3,
        )


def test_a_withdrawn_staying_player_leaves_the_table_free():
    drive = drive_with_players(players=12, hands=3)
    one, _, other = drive.entries.filter(group="A").order_by("number")[:3]
    entry_set_stays(entry=one, stays=True, table=2)
    entry_services.entry_withdraw(entry=one)
    entry_set_stays(entry=other, stays=True, table=2)
    other.refresh_from_db()
    assert (other.stays_at_table, other.stays_table) == (True, 2)
