"""The drive's pages through Django's test client: set-up, registration and
check-in, the start, and who may change them."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from drive import entry_services
from drive.models import Drive, DriveState, Entry
from scoring.models import HandResult
from tests.drive.drive_form import DRIVE_FORM
from tests.factories import (
    ClubFactory,
    DriveFactory,
    MembershipFactory,
    UserFactory,
    drive_with_players,
)
from tests.fixtures import START, drive_url, messages_of

pytestmark = pytest.mark.django_db


def test_drive_create(organiser_client, club):
    response = organiser_client.post("/drives/new/", DRIVE_FORM)
    drive = Drive.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/drives/{drive.pk}/"
    assert (drive.club, drive.hands, drive.trump_sequence) == (club, 24, "H,D,S,C,NT")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"hands": "10", "hands_per_round": "4"}, "choose a multiple of 4"),
        ({"trump_sequence": "Hearts, Bananas"}, "is not a suit"),
        ({"group_b_label": " ladies "}, "The two groups need different names."),
        ({"hands": "0"}, "A drive has from 1 to 200 hands."),
        ({"hands": "201"}, "A drive has from 1 to 200 hands."),
        ({"name": ""}, "This field is required."),
    ],
)
def test_drive_create_form_errors(organiser_client, changes, message):
    response = organiser_client.post("/drives/new/", DRIVE_FORM | changes)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Drive.objects.exists()


def test_drive_edit_in_play_keeps_the_movement(organiser_client, live_drive):
    data = DRIVE_FORM | {"name": "Renamed", "hands": "12", "scoring_rule": "total"}
    response = organiser_client.post(drive_url(live_drive, "edit/"), data)
    assert response.status_code == 302
    live_drive.refresh_from_db()
    assert (live_drive.name, live_drive.hands, live_drive.scoring_rule) == (
        "Renamed",
        6,
        "total",
    )


def test_registration_by_name(organiser_client, club):
    drive = DriveFactory(club=club, state=DriveState.OPEN)
    url = drive_url(drive, "entries/")
    response = organiser_client.post(
        url, {"name": "  Mary  Jones ", "group": "", "checked_in": "on"}, follow=True
    )
    assert response.status_code == 200
    entry = Entry.objects.get(drive=drive)
    assert (entry.number, entry.player.name, entry.checked_in, entry.paid) == (
        1,
        "Mary Jones",
        True,
        False,
    )
    assert "Mary Jones is number 1, Ladies." in messages_of(response)

    again = organiser_client.post(url, {"name": "mary jones", "checked_in": "on"})
    assert again.status_code == 400
    assert "already entered as number 1" in again.content.decode()

    empty = organiser_client.post(url, {"name": "  "})
    assert empty.status_code == 400
    assert "Pick a player from the roster or type a name." in empty.content.decode()
    assert Entry.objects.filter(drive=drive).count() == 1


def test_two_players_of_the_same_name_are_told_apart_at_the_door(
    organiser_client, club
):
    """The roster holds two Wendy Larks: typing the name asks which one is
    here, each a button with what tells them apart; tapping one registers
    that player, with what else the form held."""
    from players.models import Player, normalise_name

    drive = DriveFactory(club=club, state=DriveState.OPEN)
    older, newer = (
        Player.objects.create(
            club=club, name="Wendy Lark", name_key=normalise_name("Wendy Lark"), **more
        )
        for more in ({"phone": "01632 960001"}, {})
    )
    url = drive_url(drive, "entries/")
    asked = organiser_client.post(url, {"name": "wendy lark", "checked_in": "on"})
    assert asked.status_code == 400
    html = asked.content.decode()
    assert "More than one player on the roster is called wendy lark" in html
    assert "Which one is here? Tap their name:" in html
    buttons = re.findall(r'<button type="submit" name="player" value="(\d+)"', html)
    assert buttons == [str(older.pk), str(newer.pk)]
    assert "01632 960001" in html and "on the roster since" in html
    # The question is tapped, not typed: no keyboard pops up over it.
    assert 'id="id_name"' in html and "autofocus" not in html
    assert not Entry.objects.filter(drive=drive).exists()

    picked = organiser_client.post(
        url, {"name": "wendy lark", "player": str(newer.pk), "paid": "on"}, follow=True
    )
    assert picked.status_code == 200
    entry = Entry.objects.get(drive=drive)
    assert (entry.player_id, entry.paid, entry.checked_in) == (newer.pk, True, False)
    # The one entered is no longer offered: the name now asks nothing.
    again = organiser_client.post(url, {"name": "Wendy Lark"}, follow=True)
    assert again.status_code == 200
    assert Entry.objects.get(drive=drive, player=older).number == 2


def test_registration_during_play_says_when_they_join(assistant_client, live_drive):
    response = assistant_client.post(
        drive_url(live_drive, "entries/"),
        {"name": "Late Lou", "group": "B", "checked_in": "on"},
        follow=True,
    )
    assert any("Joins at round 2." in m for m in messages_of(response))
    assert Entry.objects.get(player__name="Late Lou").joined_round == 2


def test_entry_actions(assistant_client, open_drive):
    entry = open_drive.entries.first()
    url = drive_url(open_drive, f"entries/{entry.pk}/")
    assert assistant_client.post(url, {"action": "check_out"}).status_code == 302
    assert not Entry.objects.get(pk=entry.pk).checked_in
    assert assistant_client.post(url, {"action": "paid"}).status_code == 302
    assert Entry.objects.get(pk=entry.pk).paid
    response = assistant_client.post(url, {"action": "explode"})
    assert response.status_code == 400
    assert "Unknown action." in response.content.decode()


def entry_row(response, number: int) -> str:
    """The text of entry `number`'s row on the Players page, tags stripped."""
    html = response.content.decode()
    row = html.split(f'id="entry-{number}"', 1)[1].split("</tr>", 1)[0]
    return " ".join(re.sub(r"<[^>]+>", " ", row).split())


def test_entries_say_plainly_who_is_checked_in_and_who_has_paid(
    assistant_client, open_drive
):
    first, second = open_drive.entries.order_by("number")[:2]
    Entry.objects.filter(pk=second.pk).update(checked_in=False)
    Entry.objects.filter(pk=first.pk).update(paid=True)
    page = assistant_client.get(drive_url(open_drive, "entries/"))
    assert page.status_code == 200
    here_and_paid = entry_row(page, first.number)
    assert "Checked in ✓ Undo check-in" in here_and_paid
    assert "Paid ✓ Undo payment" in here_and_paid
    assert "Yes" not in here_and_paid
    not_yet = entry_row(page, second.number)
    assert "Check in" in not_yet and "Checked in" not in not_yet
    assert "Mark paid" in not_yet and "Paid ✓" not in not_yet

    # Each button does what it says.
    url = drive_url(open_drive, f"entries/{second.pk}/")
    assert assistant_client.post(url, {"action": "paid"}).status_code == 302
    assert assistant_client.post(url, {"action": "check_in"}).status_code == 302
    second.refresh_from_db()
    assert second.paid and second.checked_in
    page = assistant_client.get(drive_url(open_drive, "entries/"))
    assert "Checked in ✓ Undo check-in" in entry_row(page, second.number)
    assert "Paid ✓ Undo payment" in entry_row(page, second.number)


@pytest.mark.parametrize("page", ["", "entries/"])
def test_start_is_offered_only_with_enough_players_checked_in(
    organiser_client, club, page
):
    drive = drive_with_players(players=8, start=False, club=club)
    Entry.objects.filter(drive=drive).update(checked_in=False)
    nobody = organiser_client.get(drive_url(drive, page)).content.decode()
    assert "Start the drive" not in nobody
    assert "Check in 4 more players to start the drive." in nobody

    numbers = drive.entries.order_by("number").values_list("pk", flat=True)
    Entry.objects.filter(pk__in=list(numbers[:3])).update(checked_in=True)
    three = organiser_client.get(drive_url(drive, page)).content.decode()
    assert "Start the drive" not in three
    assert "Check in 1 more player to start the drive." in three

    Entry.objects.filter(pk__in=list(numbers[:4])).update(checked_in=True)
    four = organiser_client.get(drive_url(drive, page)).content.decode()
    assert "Start the drive" in four
    assert "more player" not in four


def test_start_with_nobody_checked_in_is_refused_with_a_message(organiser_client, club):
    drive = drive_with_players(players=8, start=False, club=club)
    Entry.objects.filter(drive=drive).update(checked_in=False)
    response = organiser_client.post(drive_url(drive, "start/"), START)
    assert response.status_code == 400
    assert messages_of(response) == [
        "Nobody is checked in yet: check the players in, then start the drive."
    ]
    drive.refresh_from_db()
    assert drive.state == DriveState.OPEN


def test_start_refused_while_groups_are_unbalanced(organiser_client, open_drive):
    entry = open_drive.entries.filter(group="B").first()
    Entry.objects.filter(pk=entry.pk).update(group="A")  # 5 A, 3 B
    response = organiser_client.post(drive_url(open_drive, "start/"), START)
    assert response.status_code == 400
    assert "Move 1 player from Ladies to Gents." in response.content.decode()
    open_drive.refresh_from_db()
    assert open_drive.state == DriveState.OPEN

    assert organiser_client.post(drive_url(open_drive, "balance/")).status_code == 302
    response = organiser_client.post(drive_url(open_drive, "start/"), START)
    assert response.status_code == 302
    assert response["Location"] == drive_url(open_drive, "seating/")
    open_drive.refresh_from_db()
    assert open_drive.state == DriveState.IN_PLAY
    seating = organiser_client.get(drive_url(open_drive, "seating/"))
    assert seating.status_code == 200
    assert "Player" in seating.content.decode()


def test_assistant_cannot_change_the_set_up(assistant_client, open_drive):
    assert assistant_client.get("/drives/new/").status_code == 403
    assert assistant_client.post("/drives/new/", DRIVE_FORM).status_code == 403
    assert assistant_client.get(drive_url(open_drive, "edit/")).status_code == 403
    edit = assistant_client.post(
        drive_url(open_drive, "edit/"), DRIVE_FORM | {"name": "X"}
    )
    assert edit.status_code == 403
    assert (
        assistant_client.post(drive_url(open_drive, "start/"), START).status_code == 403
    )
    assert assistant_client.post(drive_url(open_drive, "balance/")).status_code == 403
    assert assistant_client.get("/players/").status_code == 403
    open_drive.refresh_from_db()
    assert (open_drive.state, open_drive.name) == (DriveState.OPEN, "Friday drive")
    assert Drive.objects.count() == 1


def fields_of(response) -> set[str]:
    """The names of the form fields on a page, which a refusal page would not have."""
    assert response.status_code == 200
    return set(
        re.findall(
            r'<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"',
            response.content.decode(),
        )
    )


def test_assistant_can_register_and_enter_scores(assistant_client, club):
    open_drive = drive_with_players(players=8, start=False, club=club)
    live_drive = drive_with_players(players=8, club=club)
    # The pages come with the forms that do the assistant's work...
    for drive in (open_drive, live_drive):
        page = assistant_client.get(drive_url(drive, "entries/"))
        assert {"name", "checked_in"} <= fields_of(page)
    scores = assistant_client.get(drive_url(live_drive, "scores/"))
    assert {"round", "t1_h1", "v_t1_h1", "t2_h1", "v_t2_h1"} <= fields_of(scores)
    hand = assistant_client.get(drive_url(live_drive, "hands/1/table/1/"))
    assert {"ns_tricks", "seen_version"} <= fields_of(hand)
    hands = assistant_client.get(drive_url(live_drive, "hands/")).content.decode()
    assert f'href="{drive_url(live_drive, "hands/1/table/2/")}"' in hands
    detail = assistant_client.get(drive_url(live_drive)).content.decode()
    assert f'href="{drive_url(live_drive, "scores/")}"' in detail
    # ...and the forms work for them.
    registered = assistant_client.post(
        drive_url(open_drive, "entries/"), {"name": "Door Dora", "checked_in": "on"}
    )
    assert registered.status_code == 302
    assert open_drive.entries.filter(player__name="Door Dora").exists()
    entered = assistant_client.post(
        drive_url(live_drive, "scores/"),
        {"round": "1", "t1_h1": "8", "v_t1_h1": "0"},
    )
    assert entered.status_code == 302
    assert list(HandResult.objects.values_list("table__number", "ns_tricks")) == [
        (1, 8)
    ]


def test_an_organiser_of_another_club_cannot_touch_an_entry(club):
    drive = drive_with_players(players=8, start=False, club=club)
    entry = drive.entries.first()
    stranger = MembershipFactory(
        club=ClubFactory(), user=UserFactory(username="sam")
    ).user
    client = Client()
    client.force_login(stranger)
    response = client.post(
        drive_url(drive, f"entries/{entry.pk}/"), {"action": "remove"}
    )
    assert response.status_code == 404
    assert Entry.objects.filter(pk=entry.pk).exists()


def test_the_set_up_form_saves_honours_and_revokes(organiser_client, club):
    """Issue #17: the four settings under their own heading, saved, and said
    in words on the drive's page."""
    page = organiser_client.get("/drives/new/").content.decode()
    # Folded away under their heading (tests/drive/test_form_honours_fold.py).
    group = page[page.index(">Honours and revokes</span>") :]
    group = group[: group.index("</details>")]
    # Each setting once (a setting of long choices has a radio button for each).
    assert list(dict.fromkeys(re.findall(r'name="([a-z_]+)"', group))) == [
        "count_honours",
        "honours_values",
        "revoke_penalty",
        "revoke_tricks",
    ]
    assert "failing to follow suit" in group
    settings = {
        "count_honours": "on",
        "honours_values": "3-4",
        "revoke_penalty": "deduct",
        "revoke_tricks": "2",
    }
    response = organiser_client.post("/drives/new/", DRIVE_FORM | settings)
    assert response.status_code == 302
    drive = Drive.objects.get()
    assert (
        drive.count_honours,
        drive.honours_values,
        drive.revoke_penalty,
        drive.revoke_tricks,
    ) == (True, "3-4", "deduct", 2)
    detail = organiser_client.get(drive_url(drive)).content.decode()
    assert "Counted: three score 3, four score 4" in detail
    assert "The offenders lose 2 points" in detail
    # Editable in play: back to the defaults, honours no longer counted.
    drive_with_players(players=8, club=club)
    live = Drive.objects.exclude(pk=drive.pk).get()
    response = organiser_client.post(
        drive_url(live, "edit/"),
        DRIVE_FORM | {"revoke_penalty": "award", "revoke_tricks": "3"},
    )
    assert response.status_code == 302
    live.refresh_from_db()
    assert (live.count_honours, live.revoke_penalty, live.revoke_tricks) == (
        False,
        "award",
        3,
    )
    detail = organiser_client.get(drive_url(live)).content.decode()
    assert "Not counted" in detail
    assert "The opponents gain 3 points" in detail


def test_a_bad_revoke_setting_is_a_form_error(organiser_client):
    response = organiser_client.post(
        "/drives/new/", DRIVE_FORM | {"revoke_tricks": "5", "honours_values": "9-9"}
    )
    assert response.status_code == 400
    assert not Drive.objects.exists()
    html = response.content.decode()
    assert html.count("Select a valid choice.") == 2


def test_in_play_the_door_moves_players_between_groups_for_the_next_round(
    organiser_client, club
):
    """After a withdrawal the head count says to move a player; in play the
    page still offers the Balance button and each seated player's move."""
    from tests.factories import play_round

    drive = drive_with_players(players=20, club=club, hands=5)
    play_round(drive)
    for leaver in Entry.objects.filter(drive=drive, group="A").order_by("number")[:3]:
        entry_services.entry_withdraw(entry=leaver)
    url = drive_url(drive, "entries/")
    html = organiser_client.get(url).content.decode()
    assert "Unbalanced:" in html and "Balance the groups" in html
    seated = Entry.objects.get(drive=drive, number=2)
    assert f'id="entry-{seated.number}"' in html
    row = html.split(f'id="entry-{seated.number}"', 1)[1].split("</tr>", 1)[0]
    assert 'value="group_a"' in row or 'value="group_b"' in row

    before = dict(Entry.objects.filter(drive=drive).values_list("pk", "group"))
    response = organiser_client.post(drive_url(drive, "balance/"), follow=True)
    assert response.status_code == 200
    (mover,) = [e for e in Entry.objects.filter(drive=drive) if e.group != before[e.pk]]
    said = (
        f"Now in {drive.group_label(mover.group)}: {mover.number} {mover.player.name}."
    )
    assert said in messages_of(response)
    assert "Unbalanced:" not in response.content.decode()


@pytest.mark.parametrize(
    "language, group, said",
    [
        ("pl", "Panie", "Mary Jones ma numer 1, grupa Panie."),
        ("ru", "Дамы", "Mary Jones\u00a0— номер 1, группа «Дамы»."),
        ("ro", "Doamne", "Mary Jones are numărul 1, grupa Doamne."),
        ("it", "Dame", "Mary Jones ha il numero 1, gruppo Dame."),
    ],
)
def test_the_door_says_which_group_a_new_entry_joins_in_words(
    organiser_client, club, language, group, said
):
    """Not "ma numer 1, Panie.", which reads as if it spoke to the ladies."""
    club.language = language
    club.save()
    drive = DriveFactory(club=club, state=DriveState.OPEN, group_a_label=group)
    response = organiser_client.post(
        drive_url(drive, "entries/"),
        {"name": "Mary Jones", "group": "A", "checked_in": "on"},
        follow=True,
    )
    assert said in messages_of(response)
