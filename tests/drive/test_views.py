"""The organiser pages through Django's test client: outcomes, permissions, no 500s."""

from __future__ import annotations

import io
import random
import re

import pytest
from django.test import Client
from openpyxl import load_workbook

from drive.models import Drive, DriveState, Entry
from players.models import AuditEvent, Club, Membership, Player, Role
from scoring.models import MAX_RESULT_VERSIONS, Adjustment, HandResult, ResultStatus
from scoring.services import hand_result_submit
from tests.factories import (
    ClubFactory,
    DriveFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    drive_with_players,
    play_drive,
    play_round,
)

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"  # tests.factories.UserFactory's


@pytest.fixture
def open_drive(club) -> Drive:
    """Registration open, eight players checked in (four of each group)."""
    return drive_with_players(players=8, start=False, club=club)


@pytest.fixture
def live_drive(club) -> Drive:
    """In play, round 1 seated: eight players at two tables."""
    return drive_with_players(players=8, club=club)


def drive_url(drive: Drive, suffix: str = "") -> str:
    return f"/drives/{drive.pk}/{suffix}"


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


DRIVE_FORM = {
    "name": "Friday drive",
    "date": "2026-11-27",
    "venue": "Village hall",
    "hands": "24",
    "hands_per_round": "1",
    "format": "progressive",
    "trump_sequence": "Hearts, Diamonds, Spades, Clubs, No trumps",
    "scoring_rule": "odd",
    "group_a_label": "Ladies",
    "group_b_label": "Gents",
    "sit_out_compensation": "own_average",
    "sit_out_fixed_score": "0",
}


# --- first visit, log in and out -----------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/drives/", "/login/", "/players/"])
def test_first_visit_to_an_empty_site_goes_to_setup(db, path):
    response = Client().get(path)
    assert response.status_code == 302
    assert response["Location"] == "/setup/"


def test_only_a_possible_first_visit_asks_whether_the_site_is_set_up(
    assistant_client, live_drive
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def asked_for_club(client, path):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(path).status_code == 200
        check = 'SELECT 1 AS "a" FROM "players_club"'
        return any(q["sql"].startswith(check) for q in captured.captured_queries)

    assert asked_for_club(Client(), "/login/")
    assert not asked_for_club(assistant_client, drive_url(live_drive, "leaderboard/"))


def test_setup_creates_the_club_and_organiser_and_logs_in(db):
    client = Client()
    assert client.get("/setup/").status_code == 200
    response = client.post(
        "/setup/",
        {
            "club_name": "  Riverside   Whist ",
            "username": "olive",
            "email": "olive@example.com",
            "password": "a long pass phrase 42",
            "password_again": "a long pass phrase 42",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == "/drives/"
    club = Club.objects.get()
    assert club.name == "Riverside Whist"
    membership = Membership.objects.get()
    assert (membership.club, membership.user.username, membership.role) == (
        club,
        "olive",
        Role.ORGANISER,
    )
    assert client.get("/drives/").status_code == 200
    # Once the club exists, setup is closed.
    assert client.get("/setup/")["Location"] == "/drives/"


def test_setup_with_different_passwords_creates_nothing(db):
    response = Client().post(
        "/setup/",
        {
            "club_name": "Riverside",
            "username": "olive",
            "password": "a long pass phrase 42",
            "password_again": "another pass phrase",
        },
    )
    assert response.status_code == 400
    assert "The two passwords differ." in response.content.decode()
    assert not Club.objects.exists()


def test_setup_with_a_weak_password_creates_nothing(db):
    response = Client().post(
        "/setup/",
        {
            "club_name": "Riverside",
            "username": "olive",
            "password": "123",
            "password_again": "123",
        },
    )
    assert response.status_code == 400
    assert not Club.objects.exists()


def test_login_and_logout(organiser):
    client = Client()
    bad = client.post("/login/", {"username": "olive", "password": "wrong"})
    assert bad.status_code == 400
    assert "do not match" in bad.content.decode()
    assert client.get("/drives/").status_code == 302
    response = client.post("/login/", {"username": "olive", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == "/drives/"
    assert client.get("/drives/").status_code == 200
    response = client.post("/logout/")
    assert response.status_code == 302
    assert response["Location"] == "/login/"
    assert client.get("/drives/")["Location"] == "/login/?next=/drives/"


# --- roster ---------------------------------------------------------------------------


def test_roster_add(organiser_client, club):
    response = organiser_client.post(
        "/players/", {"name": "  Ann   Other ", "email": "", "phone": "", "group": ""}
    )
    assert response.status_code == 302
    player = Player.objects.get(club=club)
    assert player.name == "Ann Other"
    bad = organiser_client.post("/players/", {"name": "   ", "email": "not an email"})
    assert bad.status_code == 400
    assert Player.objects.count() == 1


def test_roster_edit(organiser_client, club):
    player = PlayerFactory(club=club, name="Ann Other")
    response = organiser_client.post(
        f"/players/{player.pk}/",
        {
            "name": "Ann Smith",
            "email": "ann@example.com",
            "phone": "0123",
            "group": "A",
        },
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.email, player.phone, player.group) == (
        "Ann Smith",
        "ann@example.com",
        "0123",
        "A",
    )


def test_roster_search_ignores_case_and_accents(organiser_client, club):
    PlayerFactory(club=club, name="Zoë Smith")
    PlayerFactory(club=club, name="Bob Jones")
    PlayerFactory(name="Zoe Elsewhere")  # another club
    page = organiser_client.get("/players/", {"q": "ZOE"}).content.decode()
    assert "Zoë Smith" in page
    assert "Bob Jones" not in page
    assert "Zoe Elsewhere" not in page
    partial = organiser_client.get("/players/", {"q": "jones"}, HTTP_HX_REQUEST="true")
    assert partial.status_code == 200
    body = partial.content.decode()
    assert "Bob Jones" in body
    assert "Zoë Smith" not in body
    assert "<html" not in body


def test_roster_deactivate_and_reactivate(organiser_client, club):
    player = PlayerFactory(club=club, name="Quiet Quentin")
    response = organiser_client.post(f"/players/{player.pk}/active/", {"active": "0"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert not player.active
    listed = organiser_client.get("/players/").context["page"].object_list
    assert player not in listed
    listed = organiser_client.get("/players/?show=all").context["page"].object_list
    assert player in listed
    organiser_client.post(f"/players/{player.pk}/active/", {"active": "1"})
    player.refresh_from_db()
    assert player.active


def test_roster_delete_refused_for_a_player_with_entries(organiser_client, club):
    drive = DriveFactory(club=club, state=DriveState.OPEN)
    player = PlayerFactory(club=club, name="Regular Rita")
    Entry.objects.create(drive=drive, player=player, number=1, group="A")
    response = organiser_client.post(f"/players/{player.pk}/delete/")
    assert response.status_code == 409
    assert "deactivate them instead" in response.content.decode()
    assert Player.objects.filter(pk=player.pk).exists()


def test_roster_delete_of_a_player_who_never_played(organiser_client, club):
    player = PlayerFactory(club=club)
    response = organiser_client.post(f"/players/{player.pk}/delete/")
    assert response.status_code == 302
    assert not Player.objects.filter(pk=player.pk).exists()


def test_another_clubs_player_is_a_404(organiser_client):
    player = PlayerFactory()
    assert organiser_client.get(f"/players/{player.pk}/").status_code == 404
    assert organiser_client.post(f"/players/{player.pk}/delete/").status_code == 404
    assert Player.objects.filter(pk=player.pk).exists()


# --- drive set-up and registration ---------------------------------------------------------


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
    response = organiser_client.post(drive_url(drive, "start/"))
    assert response.status_code == 400
    assert messages_of(response) == [
        "Nobody is checked in yet: check the players in, then start the drive."
    ]
    drive.refresh_from_db()
    assert drive.state == DriveState.OPEN


def test_start_refused_while_groups_are_unbalanced(organiser_client, open_drive):
    entry = open_drive.entries.filter(group="B").first()
    Entry.objects.filter(pk=entry.pk).update(group="A")  # 5 A, 3 B
    response = organiser_client.post(drive_url(open_drive, "start/"))
    assert response.status_code == 400
    assert "Move 1 player from Ladies to Gents." in response.content.decode()
    open_drive.refresh_from_db()
    assert open_drive.state == DriveState.OPEN

    assert organiser_client.post(drive_url(open_drive, "balance/")).status_code == 302
    response = organiser_client.post(drive_url(open_drive, "start/"))
    assert response.status_code == 302
    assert response["Location"] == drive_url(open_drive, "seating/")
    open_drive.refresh_from_db()
    assert open_drive.state == DriveState.IN_PLAY
    seating = organiser_client.get(drive_url(open_drive, "seating/"))
    assert seating.status_code == 200
    assert "Player" in seating.content.decode()


# --- scores --------------------------------------------------------------------------------


def grid(round_number: int = 1, **cells: str) -> dict[str, str]:
    data = {"round": str(round_number)}
    for name, value in cells.items():
        data[name] = value
        data[f"v_{name}"] = "0"
    return data


@pytest.mark.parametrize("bad", ["abc", "14", "-1", "7.5", "99999999999999999999999"])
def test_score_grid_with_a_bad_value_saves_nothing(assistant_client, live_drive, bad):
    response = assistant_client.post(
        drive_url(live_drive, "scores/"), grid(t1_h1="7", t2_h1=bad)
    )
    assert response.status_code == 400
    assert "nothing was saved" in response.content.decode()
    assert not HandResult.objects.exists()
    live_drive.refresh_from_db()
    assert live_drive.current_round == 1


def test_score_grid_for_a_stale_round_is_a_conflict(assistant_client, live_drive):
    play_round(live_drive)
    response = assistant_client.post(
        drive_url(live_drive, "scores/"), grid(1, t1_h1="9", t2_h1="9")
    )
    assert response.status_code == 409
    assert "Nothing was saved" in response.content.decode()
    assert HandResult.objects.count() == 2
    assert set(HandResult.objects.values_list("ns_tricks", flat=True)) == {7}


def test_score_grid_with_a_stale_version_is_a_conflict(assistant_client, live_drive):
    hand_result_submit(drive=live_drive, table=1, hand=1, ns_tricks=7)
    response = assistant_client.post(drive_url(live_drive, "scores/"), grid(t1_h1="9"))
    assert response.status_code == 409
    assert list(HandResult.objects.values_list("ns_tricks", flat=True)) == [7]


def test_score_grid_partial_round_saves_and_stays(assistant_client, live_drive):
    response = assistant_client.post(drive_url(live_drive, "scores/"), grid(t1_h1="8"))
    assert response.status_code == 302
    assert response["Location"] == drive_url(live_drive, "scores/")
    assert list(HandResult.objects.values_list("ns_tricks", flat=True)) == [8]
    live_drive.refresh_from_db()
    assert live_drive.current_round == 1


def test_score_grid_full_round_goes_to_the_next_seating(assistant_client, live_drive):
    response = assistant_client.post(
        drive_url(live_drive, "scores/"), grid(t1_h1="7", t2_h1=" 5 ")
    )
    assert response.status_code == 302
    assert response["Location"] == drive_url(live_drive, "seating/")
    live_drive.refresh_from_db()
    assert live_drive.current_round == 2
    assert sorted(HandResult.objects.values_list("table__number", "ns_tricks")) == [
        (1, 7),
        (2, 5),
    ]
    page = assistant_client.get(response["Location"]).content.decode()
    assert "Round 1 is complete" in page


def audit_count(drive: Drive) -> int:
    return AuditEvent.objects.filter(drive_id=drive.pk).count()


def test_the_same_score_grid_sent_twice_is_already_saved(assistant_client, live_drive):
    """Issue #14, item 14: a double click (or Back and send again) of a grid."""
    url = drive_url(live_drive, "scores/")
    first = assistant_client.post(url, grid(t1_h1="8"))
    assert first.status_code == 302
    stored = list(HandResult.objects.values_list("ns_tricks", "version", "status"))
    audited = audit_count(live_drive)
    again = assistant_client.post(url, grid(t1_h1="8"), follow=True)
    assert again.status_code == 200
    assert again.redirect_chain == [(url, 302)]
    assert "These scores were already saved; nothing new was written." in messages_of(
        again
    )
    assert "changed meanwhile" not in again.content.decode()
    assert list(HandResult.objects.values_list("ns_tricks", "version", "status")) == (
        stored
    )
    assert audit_count(live_drive) == audited
    # Another value with the old version is still a change made meanwhile.
    response = assistant_client.post(url, grid(t1_h1="9"))
    assert response.status_code == 409
    assert "changed meanwhile" in response.content.decode()


def test_the_same_full_round_grid_sent_twice_is_already_saved(
    assistant_client, live_drive
):
    url = drive_url(live_drive, "scores/")
    form = grid(t1_h1="7", t2_h1="5")
    first = assistant_client.post(url, form)
    assert first["Location"] == drive_url(live_drive, "seating/")
    live_drive.refresh_from_db()
    assert live_drive.current_round == 2
    stored = list(HandResult.objects.values_list("ns_tricks", "version", "status"))
    audited = audit_count(live_drive)
    # The resend arrives after the round has moved on: the same values are a success.
    again = assistant_client.post(url, form, follow=True)
    assert again.redirect_chain == [(drive_url(live_drive, "seating/"), 302)]
    assert (
        "The scores of round 1 were already saved; nothing new was written."
        in messages_of(again)
    )
    assert list(HandResult.objects.values_list("ns_tricks", "version", "status")) == (
        stored
    )
    assert audit_count(live_drive) == audited
    live_drive.refresh_from_db()
    assert live_drive.current_round == 2
    # A grid with a blank cell and the rest as stored is a resend too.
    partial = assistant_client.post(url, grid(t1_h1="7"))
    assert partial.status_code == 302
    # One that differs is not: round 1 moved on, nothing saved.
    for changed in (grid(t1_h1="7", t2_h1="6"), grid(t1_h1="x"), grid()):
        response = assistant_client.post(url, changed)
        assert response.status_code == 409, changed
    assert HandResult.objects.count() == 2


def test_the_last_rounds_grid_sent_twice_is_already_saved(assistant_client, club):
    drive = drive_with_players(players=4, hands=1, club=club)
    url = drive_url(drive, "scores/")
    assert assistant_client.post(url, grid(t1_h1="13")).status_code == 302
    again = assistant_client.post(url, grid(t1_h1="13"), follow=True)
    assert "These scores were already saved; nothing new was written." in messages_of(
        again
    )
    assert HandResult.objects.count() == 1


def test_a_hand_with_every_version_used_is_a_form_error(assistant_client, live_drive):
    """Issue #14, item 17, the organiser's side: a clear form error, never a 500;
    a 409, as the captain's phone gets (players.http: the hand refuses it, not
    the input)."""
    for version in range(1, MAX_RESULT_VERSIONS + 1):
        hand_result_submit(drive=live_drive, table=1, hand=1, ns_tricks=version % 2 + 6)
    assert HandResult.objects.count() == MAX_RESULT_VERSIONS
    audited = audit_count(live_drive)
    correction = assistant_client.post(
        drive_url(live_drive, "hands/1/table/1/"),
        {"ns_tricks": "12", "seen_version": str(MAX_RESULT_VERSIONS)},
    )
    assert correction.status_code == 409
    html = correction.content.decode()
    assert f"already has {MAX_RESULT_VERSIONS} versions" in html
    assert "nothing was saved" in html
    scores = assistant_client.post(
        drive_url(live_drive, "scores/"),
        {
            "round": "1",
            "t1_h1": "12",
            "v_t1_h1": str(MAX_RESULT_VERSIONS),
            "t2_h1": "4",
            "v_t2_h1": "0",
        },
    )
    assert scores.status_code == 409
    assert f"already has {MAX_RESULT_VERSIONS} versions" in scores.content.decode()
    # Nothing written, not even the other table's result in the same grid.
    assert HandResult.objects.count() == MAX_RESULT_VERSIONS
    assert audit_count(live_drive) == audited
    # The value already stored is still "already saved", not an error.
    same = assistant_client.post(
        drive_url(live_drive, "hands/1/table/1/"),
        {"ns_tricks": str(MAX_RESULT_VERSIONS % 2 + 6), "seen_version": "1"},
    )
    assert same.status_code == 302


def test_the_last_round_goes_to_the_leaderboard(assistant_client, club):
    drive = drive_with_players(players=4, hands=1, club=club)
    response = assistant_client.post(drive_url(drive, "scores/"), grid(t1_h1="13"))
    assert response["Location"] == drive_url(drive, "leaderboard/")
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED


def test_scores_before_the_start_redirect(assistant_client, open_drive):
    response = assistant_client.get(drive_url(open_drive, "scores/"))
    assert response.status_code == 302
    assert response["Location"] == drive_url(open_drive)


def test_correction_page(organiser_client, live_drive):
    hand_result_submit(drive=live_drive, table=1, hand=1, ns_tricks=7)
    url = drive_url(live_drive, "hands/1/table/1/")
    assert organiser_client.get(url).status_code == 200

    stale = organiser_client.post(url, {"ns_tricks": "9", "seen_version": "0"})
    assert stale.status_code == 409
    assert "changed meanwhile" in stale.content.decode()
    assert list(HandResult.objects.values_list("ns_tricks", "version")) == [(7, 1)]

    bad = organiser_client.post(url, {"ns_tricks": "14", "seen_version": "1"})
    assert bad.status_code == 400

    response = organiser_client.post(url, {"ns_tricks": "9", "seen_version": "1"})
    assert response.status_code == 302
    assert sorted(HandResult.objects.values_list("version", "ns_tricks", "status")) == [
        (1, 7, ResultStatus.SUPERSEDED),
        (2, 9, ResultStatus.CONFIRMED),
    ]
    history = organiser_client.get(url)
    assert history.status_code == 200
    assert len(history.context["history"]) == 2


def test_correction_page_for_a_table_that_did_not_play_is_a_404(
    organiser_client, live_drive
):
    assert (
        organiser_client.get(drive_url(live_drive, "hands/1/table/3/")).status_code
        == 404
    )
    assert (
        organiser_client.get(drive_url(live_drive, "hands/5/table/1/")).status_code
        == 404
    )


def test_leaderboard_page_and_partial(assistant_client, live_drive):
    play_round(live_drive, tricks=lambda deal: 9)
    names = list(live_drive.entries.values_list("player__name", flat=True))
    page = assistant_client.get(drive_url(live_drive, "leaderboard/"))
    assert page.status_code == 200
    body = page.content.decode()
    assert "<html" in body
    assert all(name in body for name in names)
    assert "After 1 of 6 hands." in body

    # The overall board has a group column; each group's board does not.
    overall = body[body.index('id="overall"') : body.index('id="group-a"')]
    group_a = body[body.index('id="group-a"') : body.index('id="group-b"')]
    assert overall.count("<tr>") == 1 + len(names)
    assert overall.count('<td class="wide">') == len(names)
    assert '<td class="wide">' not in group_a

    partial = assistant_client.get(
        drive_url(live_drive, "leaderboard/"), HTTP_HX_REQUEST="true"
    )
    assert partial.status_code == 200
    fragment = partial.content.decode()
    assert "<html" not in fragment
    assert 'id="boards"' in fragment
    assert all(name in fragment for name in names)


def test_adjustments_page(organiser_client, live_drive):
    entry = live_drive.entries.first()
    url = drive_url(live_drive, "adjustments/")
    response = organiser_client.post(
        url, {"entry": entry.pk, "points": "5", "reason": "Raffle"}
    )
    assert response.status_code == 302
    assert entry.adjustments.get().points == 5
    bad = organiser_client.post(
        url, {"entry": entry.pk, "points": "0", "reason": "Nothing"}
    )
    assert bad.status_code == 400
    assert entry.adjustments.count() == 1


def test_export_is_a_workbook_with_results_and_deals(assistant_client, live_drive):
    play_round(live_drive)
    response = assistant_client.get(drive_url(live_drive, "export.xlsx"))
    assert response.status_code == 200
    assert response["Content-Type"] == (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert "attachment" in response["Content-Disposition"]
    workbook = load_workbook(io.BytesIO(response.content), read_only=True)
    assert {"Results", "Deals"} <= set(workbook.sheetnames)
    results = list(workbook["Results"].iter_rows(values_only=True))
    assert list(results[0]) == [
        "Rank",
        "No.",
        "Name",
        "Group",
        "Played",
        "Sat out",
        "Score",
        "Adjustment",
        "Total",
    ]
    assert len(results) == 1 + 8
    deals = list(workbook["Deals"].iter_rows(values_only=True))
    assert list(deals[0][:10]) == [
        "Hand",
        "Round",
        "Trumps",
        "Table",
        "N",
        "E",
        "S",
        "W",
        "NS tricks",
        "EW tricks",
    ]
    assert [row[:4] for row in deals[1:]] == [
        (1, 1, "Hearts", 1),
        (1, 1, "Hearts", 2),
        (2, 2, "Diamonds", 1),
        (2, 2, "Diamonds", 2),
    ]
    assert [row[8:10] for row in deals[1:3]] == [(7, 6), (7, 6)]


def test_export_keeps_formula_like_names_as_text(assistant_client, club):
    drive = drive_with_players(players=4, club=club)
    entry = drive.entries.first()
    Player.objects.filter(pk=entry.player_id).update(name="=HYPERLINK(1)")
    response = assistant_client.get(drive_url(drive, "export.xlsx"))
    workbook = load_workbook(io.BytesIO(response.content))
    names = [
        row[2] for row in workbook["Results"].iter_rows(min_row=2, values_only=True)
    ]
    assert "=HYPERLINK(1)" in names
    cell = next(
        c
        for row in workbook["Results"].iter_rows(min_row=2)
        for c in row
        if c.value == "=HYPERLINK(1)"
    )
    assert cell.data_type == "s"


# --- who may see what -------------------------------------------------------------------------


def test_assistant_cannot_change_the_set_up(assistant_client, open_drive):
    assert assistant_client.get("/drives/new/").status_code == 403
    assert assistant_client.post("/drives/new/", DRIVE_FORM).status_code == 403
    assert assistant_client.get(drive_url(open_drive, "edit/")).status_code == 403
    edit = assistant_client.post(
        drive_url(open_drive, "edit/"), DRIVE_FORM | {"name": "X"}
    )
    assert edit.status_code == 403
    assert assistant_client.post(drive_url(open_drive, "start/")).status_code == 403
    assert assistant_client.post(drive_url(open_drive, "balance/")).status_code == 403
    assert assistant_client.get("/players/").status_code == 403
    open_drive.refresh_from_db()
    assert (open_drive.state, open_drive.name) == (DriveState.OPEN, "Friday drive")
    assert Drive.objects.count() == 1


def test_assistant_can_register_and_enter_scores(assistant_client, club):
    open_drive = drive_with_players(players=8, start=False, club=club)
    live_drive = drive_with_players(players=8, club=club)
    assert assistant_client.get(drive_url(open_drive, "entries/")).status_code == 200
    assert assistant_client.get(drive_url(live_drive, "entries/")).status_code == 200
    assert assistant_client.get(drive_url(live_drive, "scores/")).status_code == 200
    assert assistant_client.get(drive_url(live_drive, "hands/")).status_code == 200
    assert (
        assistant_client.get(drive_url(live_drive, "hands/1/table/1/")).status_code
        == 200
    )
    assert assistant_client.get(drive_url(live_drive)).status_code == 200


DRIVE_PAGES = [
    ("get", ""),
    ("get", "edit/"),
    ("post", "open/"),
    ("post", "start/"),
    ("get", "entries/"),
    ("post", "balance/"),
    ("get", "seating/"),
    ("get", "scores/"),
    ("get", "hands/"),
    ("get", "hands/1/table/1/"),
    ("get", "leaderboard/"),
    ("get", "adjustments/"),
    ("get", "export.xlsx"),
]


@pytest.mark.parametrize(("method", "suffix"), DRIVE_PAGES)
def test_an_organiser_of_another_club_gets_404(method, suffix, club):
    drive = drive_with_players(players=8, club=club)
    stranger = MembershipFactory(
        club=ClubFactory(), user=UserFactory(username="sam")
    ).user
    client = Client()
    client.force_login(stranger)
    response = getattr(client, method)(drive_url(drive, suffix))
    assert response.status_code == 404


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


@pytest.mark.parametrize(("method", "suffix"), DRIVE_PAGES)
def test_anonymous_is_sent_to_log_in(method, suffix, club):
    drive = drive_with_players(players=8, club=club)
    response = getattr(Client(), method)(drive_url(drive, suffix))
    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=")


def test_a_user_without_a_club_is_refused(club):
    client = Client()
    client.force_login(UserFactory(username="nobody"))
    assert client.get("/drives/").status_code == 403


# --- no 500s -----------------------------------------------------------------------------------

FIELDS = [
    "name",
    "date",
    "venue",
    "format",
    "winners_move",
    "hands",
    "hands_per_round",
    "trump_sequence",
    "scoring_rule",
    "group_a_label",
    "group_b_label",
    "sit_out_compensation",
    "sit_out_fixed_score",
    "player",
    "group",
    "paid",
    "checked_in",
    "action",
    "round",
    "t1_h1",
    "v_t1_h1",
    "t2_h1",
    "v_t2_h1",
    "ns_tricks",
    "seen_version",
    "entry",
    "points",
    "reason",
    "username",
    "password",
    "password_again",
    "email",
    "club_name",
    "role",
    "active",
    "phone",
]
VALUES = [
    "",
    " ",
    "abc",
    "-1",
    "0",
    "1",
    "7",
    "13",
    "14",
    "99999999999999999999999",
    "-99999999999999999999999",
    "1e309",
    "NaN",
    "inf",
    "1.5",
    "2026-02-30",
    "99999-12-31",
    "A",
    "B",
    "C",
    "on",
    "check_in",
    "withdraw",
    "remove",
    "reinstate",
    "group_b",
    "H,D,S,C,NT",
    "Hearts,,;,",
    "<script>alert(1)</script>",
    "'; DROP TABLE drive_drive; --",
    "\u202e\u00e9\u0301\U0001f0cf",
    "x" * 5000,
    "\x00",
]


def garbage(rng: random.Random) -> dict[str, object]:
    data: dict[str, object] = {}
    for field in rng.sample(FIELDS, rng.randint(0, len(FIELDS))):
        if rng.random() < 0.1:
            data[field] = [rng.choice(VALUES), rng.choice(VALUES)]
        else:
            data[field] = rng.choice(VALUES)
    return data


FORM_ENDPOINTS = [
    "/login/",
    "/setup/",
    "/players/",
    "/players/{player}/",
    "/players/{player}/active/",
    "/players/{player}/delete/",
    "/club/people/",
    "/drives/new/",
    "/drives/{drive}/edit/",
    "/drives/{drive}/open/",
    "/drives/{drive}/start/",
    "/drives/{drive}/entries/",
    "/drives/{drive}/entries/{entry}/",
    "/drives/{drive}/balance/",
    "/drives/{drive}/scores/",
    "/drives/{drive}/hands/1/table/1/",
    "/drives/{drive}/adjustments/",
    "/drives/{drive}/adjustments/{adjustment}/delete/",
]


STATES = ["draft", "open", "in_play", "finished"]
# Pages that do not depend on a drive are tried once; a drive's pages in every state.
GARBAGE_CASES = [
    (endpoint, state)
    for endpoint in FORM_ENDPOINTS
    for state in (STATES if "{drive}" in endpoint else ["in_play"])
]


@pytest.mark.parametrize(("endpoint", "state"), GARBAGE_CASES)
def test_garbage_never_causes_a_server_error(organiser_client, club, endpoint, state):
    drive = drive_with_players(
        players=8, club=club, start=state in ("in_play", "finished")
    )
    if state == "draft":
        Drive.objects.filter(pk=drive.pk).update(state="draft")
    if state == "finished":
        play_drive(drive)
    entry = drive.entries.first()
    adjustment = Adjustment.objects.create(entry=entry, points=1, reason="Raffle")
    ids = {
        "drive": drive.pk,
        "entry": entry.pk,
        "player": entry.player_id,
        "adjustment": adjustment.pk,
    }
    url = endpoint.format(**ids)
    rng = random.Random(f"{endpoint}{state}")
    payloads: list[dict[str, object]] = [
        {},
        {field: "9" * 25 for field in FIELDS},
        {field: "-" + "9" * 25 for field in FIELDS},
        {field: "" for field in FIELDS},
        {"action": "definitely-not-an-action"},
        {"entry": "9" * 25, "player": "9" * 25, "points": "5", "reason": "x"},
        *(garbage(rng) for _ in range(8)),
    ]
    for data in payloads:
        try:
            response = organiser_client.post(url, data)
        except Exception as error:  # the test client re-raises what would be a 500
            pytest.fail(f"POST {url} {data!r} raised {error!r}")
        assert response.status_code < 500, (url, data)
    for query in ({"q": "\x00%_'", "page": "-1", "show": "x" * 500}, {"round": "abc"}):
        response = organiser_client.get(url, query)
        assert response.status_code < 500, (url, query)


@pytest.mark.parametrize(
    "path",
    [
        "/drives/99999999999999999999999/",
        "/drives/99999999999999999999999/scores/",
        "/drives/{drive}/hands/99999999999999999999999/table/1/",
        "/drives/{drive}/hands/1/table/99999999999999999999999/",
        "/drives/{drive}/entries/99999999999999999999999/",
        "/players/99999999999999999999999/",
        "/drives/{drive}/seating/?round=99999999999999999999999",
        "/drives/{drive}/seating/?round=-5",
    ],
)
def test_huge_ids_in_urls_are_not_server_errors(organiser_client, live_drive, path):
    url = path.format(drive=live_drive.pk)
    assert organiser_client.get(url).status_code < 500
    assert organiser_client.post(url, {"action": "check_in"}).status_code < 500


def test_garbage_on_the_setup_page_of_an_empty_site(db):
    client = Client()
    rng = random.Random(1)
    for data in [
        {},
        {field: "9" * 25 for field in FIELDS},
        *(garbage(rng) for _ in range(20)),
    ]:
        response = client.post("/setup/", data)
        assert response.status_code < 500, data
