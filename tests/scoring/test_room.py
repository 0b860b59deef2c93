"""The organiser's room, the captain links, the projector and the public leaderboard."""

from __future__ import annotations

import importlib
import re

import pytest
from django.apps import apps
from django.db import IntegrityError, connection, transaction
from django.test import Client

from drive.models import Drive, DriveState, SeatAssignment, Table
from players.models import AuditEvent, AuditKind
from scoring import captain as captain_services
from scoring.models import HandResult, ResultStatus
from tests.factories import (
    ClubFactory,
    DriveFactory,
    MembershipFactory,
    UserFactory,
    drive_with_players,
    play_drive,
    play_round,
)
from tests.scoring.fixtures import as_read

pytestmark = pytest.mark.django_db


def captain_submit(drive: Drive, table: int, ns: int, key: str):
    return captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=table),
        hand=drive.hands_of_round(drive.current_round)[0],
        ns_tricks=ns,
        idempotency_key=key,
    )


def room_html(client: Client, drive: Drive, **headers) -> str:
    response = client.get(f"/drives/{drive.pk}/room/", **headers)
    assert response.status_code == 200
    return as_read(response.content.decode())


def test_the_room_shows_each_tables_state_and_history(assistant_client, club):
    drive = drive_with_players(players=12, club=club, hands=3, opponent_confirms=True)
    html = room_html(assistant_client, drive)
    assert html.count('class="badge badge-waiting"') == 3
    assert "Waiting for tables 1, 2 and 3." in html
    captain_submit(drive, 1, 9, "a" * 22)  # pending: entered, to confirm
    captain_submit(drive, 2, 9, "b" * 22)
    table_2 = Table.objects.get(drive=drive, number=2)
    captain_services.captain_result_confirm(table=table_2, hand=1, version=1)
    captain_submit(drive, 2, 3, "c" * 22)  # a second phone disagrees: conflict
    html = room_html(assistant_client, drive)
    assert 'id="room-table-1"' in html
    assert "badge-entered" in html and "waiting for an opponent" in html
    assert "badge-conflict" in html and "Table 2, hand 1: two results" in html
    assert "badge-waiting" in html  # table 3
    assert "Waiting for tables 1 and 3." in html
    assert "Two results to settle at table 2" in html
    # The round waits for the settling, and the page says so.
    assert "starts by itself once they are settled and every table is in" in html
    assert "starts by itself when every table is in" not in html
    # Every version with where it came from and when.
    assert f"table 2 captain link {table_2.captain_key[:6]}" in html
    assert "opponent confirmed" in html
    assert "Keep N-S 9" in html and "Use N-S 3" in html
    assert f"/drives/{drive.pk}/hands/1/table/3/" in html  # enter a missing result
    # Live: htmx asks for the room every few seconds and gets only the room.
    partial = room_html(assistant_client, drive, HTTP_HX_REQUEST="true")
    assert partial.lstrip().startswith('<div id="room" hx-get=')


def test_the_organiser_settles_a_conflict_from_the_room(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=3)
    captain_submit(drive, 1, 9, "a" * 22)
    captain_submit(drive, 1, 3, "b" * 22)
    captain_submit(drive, 2, 7, "c" * 22)
    drive.refresh_from_db()
    assert drive.current_round == 1  # held by the conflict
    response = assistant_client.post(
        f"/drives/{drive.pk}/room/resolve/",
        {"table": 1, "hand": 1, "ns_tricks": 3, "seen_version": 1},
    )
    assert response.status_code == 302
    drive.refresh_from_db()
    assert drive.current_round == 2
    assert (
        HandResult.objects.get(
            table__drive=drive, table__number=1, status=ResultStatus.CONFIRMED
        ).ns_tricks
        == 3
    )
    # The same click again, now stale: refused with a clear message, nothing written.
    count = HandResult.objects.count()
    response = assistant_client.post(
        f"/drives/{drive.pk}/room/resolve/",
        {"table": 1, "hand": 1, "ns_tricks": 9, "seen_version": 1},
    )
    assert response.status_code == 409
    assert HandResult.objects.count() == count
    for bad in ({}, {"table": "x"}, {"table": 1, "hand": 1, "ns_tricks": 14}):
        response = assistant_client.post(f"/drives/{drive.pk}/room/resolve/", bad)
        assert response.status_code == 400


def test_a_late_phones_disagreement_is_settled_from_the_room(assistant_client, club):
    """Issue #14, item 3: a phone that disagrees after the round moved on reaches
    the room; the organiser settles it there and the moves already made stand."""
    drive = drive_with_players(players=8, club=club, hands=3)
    captain_submit(drive, 1, 9, "a" * 22)
    captain_submit(drive, 2, 4, "b" * 22)
    drive.refresh_from_db()
    assert drive.current_round == 2
    seats = list(
        SeatAssignment.objects.filter(round__drive=drive, round__number=2)
        .order_by("pk")
        .values_list("entry_id", "table__number", "position")
    )
    late = captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=1),
        hand=1,
        ns_tricks=5,
        idempotency_key="c" * 22,
    )
    assert late.kind == captain_services.Kind.CONFLICT
    html = room_html(assistant_client, drive)
    assert (
        "A phone sent another result for table 1, hand 1 after its round had moved on"
        in html
    )
    assert "Table 1, hand 1: two results" in html
    assert "Round 1 has already moved on: the moves after it stand" in html
    assert "Keep N-S 9" in html and "Use N-S 5" in html
    # Polish names the hand in the genitive after "dla", as it does the table.
    assistant_client.cookies["django_language"] = "pl"
    polish = room_html(assistant_client, drive)
    del assistant_client.cookies["django_language"]
    assert (
        "Telefon wysłał inny wynik dla stolika 1, rozdania 1, gdy runda już minęła"
        in polish
    )
    # Round 2 is not held up by it: its tables are waiting, not in conflict.
    assert "Waiting for tables 1 and 2." in html
    assert "Two results to settle" not in html
    partial = room_html(assistant_client, drive, HTTP_HX_REQUEST="true")
    assert "Table 1, hand 1: two results" in partial
    response = assistant_client.post(
        f"/drives/{drive.pk}/room/resolve/",
        {"table": 1, "hand": 1, "ns_tricks": 5, "seen_version": 1},
        follow=True,
    )
    page = response.content.decode()
    assert "Table 1 now has a different winner in round 1" in page
    assert "The moves after round 1 were already made and stand" in page
    assert "two results" not in page
    drive.refresh_from_db()
    assert drive.current_round == 2
    assert seats == list(
        SeatAssignment.objects.filter(round__drive=drive, round__number=2)
        .order_by("pk")
        .values_list("entry_id", "table__number", "position")
    )


def test_the_same_settling_sent_twice_is_recorded_once(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=3)
    captain_submit(drive, 1, 9, "a" * 22)
    captain_submit(drive, 1, 3, "b" * 22)
    form = {"table": 1, "hand": 1, "ns_tricks": 3, "seen_version": 1}
    url = f"/drives/{drive.pk}/room/resolve/"
    assert assistant_client.post(url, form).status_code == 302
    count = HandResult.objects.count()
    # A double click: the second is already done, and writes nothing.
    assert assistant_client.post(url, form).status_code == 302
    assert HandResult.objects.count() == count
    settled = AuditEvent.objects.filter(
        drive_id=drive.pk, kind=AuditKind.RESULT_RESOLVE
    )
    assert settled.count() == 1


def test_start_next_round_when_the_drive_waits_for_the_organiser(
    assistant_client, club
):
    drive = drive_with_players(
        players=8, club=club, hands=2, advance_automatically=False
    )
    url = f"/drives/{drive.pk}/room/next/"
    assert "Start round 2" not in room_html(assistant_client, drive)
    response = assistant_client.post(url, {"round": 1})
    assert response.status_code == 409  # not every table is in
    play_round(drive)
    assert drive.current_round == 1
    html = room_html(assistant_client, drive)
    assert "Every table is in." in html and "Start round 2" in html
    response = assistant_client.post(url, {"round": 1})
    assert response.status_code == 302
    drive.refresh_from_db()
    assert drive.current_round == 2
    # A double click does not skip a round.
    assert assistant_client.post(url, {"round": 1}).status_code == 409
    play_round(drive)
    assert "Finish the drive" in room_html(assistant_client, drive)
    response = assistant_client.post(url, {"round": 2})
    assert response.status_code == 302
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    # Polling a finished room stops.
    response = assistant_client.get(f"/drives/{drive.pk}/room/", HTTP_HX_REQUEST="true")
    assert response.status_code == 286


def test_captain_links_with_qr_codes_and_reissue(organiser_client, club):
    drive = drive_with_players(players=8, club=club, hands=2)
    tables = list(Table.objects.filter(drive=drive))
    html = organiser_client.get(f"/drives/{drive.pk}/links/").content.decode()
    for table in tables:
        assert f"http://testserver/t/{table.captain_key}/" in html
        assert f"/drives/{drive.pk}/links/table/{table.number}/qr.svg" in html
    svg = organiser_client.get(f"/drives/{drive.pk}/links/table/1/qr.svg")
    assert svg.status_code == 200
    assert svg["Content-Type"] == "image/svg+xml"
    assert svg.content.startswith(b"<?xml") and b"<svg" in svg.content
    assert "no-store" in svg["Cache-Control"]
    assert (
        organiser_client.get(f"/drives/{drive.pk}/links/table/9/qr.svg").status_code
        == 404
    )
    old = tables[0].captain_key
    response = organiser_client.post(f"/drives/{drive.pk}/links/table/1/reissue/")
    assert response.status_code == 302
    new = Table.objects.get(pk=tables[0].pk).captain_key
    assert new != old and len(new) >= 22
    assert Client().get(f"/t/{old}/").status_code == 404
    assert Client().get(f"/t/{new}/").status_code == 200


def test_sharing_the_public_leaderboard(organiser_client, club):
    drive = drive_with_players(players=8, club=club, hands=2)
    html = organiser_client.get(f"/drives/{drive.pk}/links/").content.decode()
    assert "The leaderboard is not shared." in html
    organiser_client.post(f"/drives/{drive.pk}/links/public/", {"shared": "1"})
    drive.refresh_from_db()
    key = drive.public_key
    assert len(key) >= 22
    html = organiser_client.get(f"/drives/{drive.pk}/links/").content.decode()
    assert f"/p/{key}/" in html
    assert (
        organiser_client.get(f"/drives/{drive.pk}/links/public/qr.svg").status_code
        == 200
    )
    play_round(drive, tricks=lambda deal: 9)
    anyone = Client()
    response = anyone.get(f"/p/{key}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Leaderboard" in page and "After 1 of 2 hands" in page
    assert drive.group_a_label in page and drive.group_b_label in page
    assert (
        "Log out" not in page and "/drives/" not in page
    )  # nothing of the organiser's
    partial = anyone.get(f"/p/{key}/", HTTP_HX_REQUEST="true")
    assert partial.content.decode().lstrip().startswith('<div id="boards"')
    play_drive(drive)
    assert anyone.get(f"/p/{key}/", HTTP_HX_REQUEST="true").status_code == 286
    # Stop sharing: the link is dead; sharing again makes a new one.
    organiser_client.post(f"/drives/{drive.pk}/links/public/", {"shared": "0"})
    assert anyone.get(f"/p/{key}/").status_code == 404
    organiser_client.post(f"/drives/{drive.pk}/links/public/", {"shared": "1"})
    drive.refresh_from_db()
    assert drive.public_key and drive.public_key != key
    assert Client().get("/p/nothing-here/").status_code == 404


def test_two_drives_never_share_a_board_address(club):
    """A shared board's key names one drive (the database refuses a second);
    any number of drives are unshared, their key empty."""
    first, second, unshared = (DriveFactory(club=club) for _ in range(3))
    Drive.objects.filter(pk=first.pk).update(public_key="k" * 22)
    with pytest.raises(IntegrityError), transaction.atomic():
        Drive.objects.filter(pk=second.pk).update(public_key="k" * 22)
    assert set(
        Drive.objects.filter(pk__in=[second.pk, unshared.pk]).values_list(
            "public_key", flat=True
        )
    ) == {""}


def test_the_migration_leaves_a_repeated_board_key_with_the_newest_drive(club):
    """A database copied from elsewhere could hold a key twice: the upgrade
    keeps it for the newest drive and unshares the older one's board."""
    migration = importlib.import_module("drive.migrations.0013_public_key_unique")
    with connection.cursor() as cursor:  # as before the upgrade (rolled back after)
        cursor.execute('DROP INDEX "drive_public_key_unique"')
    older, newer, other = (DriveFactory(club=club) for _ in range(3))
    Drive.objects.filter(pk__in=[older.pk, newer.pk]).update(public_key="k" * 22)
    Drive.objects.filter(pk=other.pk).update(public_key="m" * 22)
    migration.unshare_repeated_keys(apps, None)
    assert dict(Drive.objects.filter(club=club).values_list("pk", "public_key")) == {
        older.pk: "",
        newer.pk: "k" * 22,
        other.pk: "m" * 22,
    }


def test_the_projector_turns_through_overall_and_each_group(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=3)
    play_round(drive)
    url = f"/drives/{drive.pk}/projector/"
    html = assistant_client.get(url).content.decode()
    assert "<h1>Overall</h1>" in html
    # The round held to its numbers (players.no_break).
    assert "Round\xa02 of\xa03" in html and "Diamonds" in html
    assert f'hx-get="{url}?board=group-a"' in html
    assert 'content="15;url=?board=group-a"' in html  # no JavaScript needed
    assert "site-header" not in html
    part = assistant_client.get(url, {"board": "group-a"}, HTTP_HX_REQUEST="true")
    text = part.content.decode()
    assert text.lstrip().startswith('<div id="projector"')
    assert f"<h1>{drive.group_a_label}</h1>" in text
    assert "board=group-b" in text
    last = assistant_client.get(url, {"board": "group-b"}).content.decode()
    assert "board=race" in last  # the race after the boards (scoring.race)
    race = assistant_client.get(url, {"board": "race"}).content.decode()
    assert "board=overall" in race
    assert assistant_client.get(url, {"board": "nonsense"}).status_code == 200


def test_a_partners_drive_has_only_the_overall_board(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=3)
    Drive.objects.filter(pk=drive.pk).update(format="individual")
    html = assistant_client.get(f"/drives/{drive.pk}/projector/").content.decode()
    assert "board=race" in html and "board=group-a" not in html
    race = assistant_client.get(f"/drives/{drive.pk}/projector/?board=race")
    assert "board=overall" in race.content.decode()


def test_roles_on_the_live_pages(assistant_client, organiser_client, club):
    drive = drive_with_players(players=8, club=club, hands=2)
    base = f"/drives/{drive.pk}"
    for url in ("/room/", "/links/", "/projector/", "/links/table/1/qr.svg"):
        assert assistant_client.get(base + url).status_code == 200, url
    # An assistant runs the room but changes no set-up: no links, no sharing.
    assert assistant_client.post(base + "/links/table/1/reissue/").status_code == 403
    assert (
        assistant_client.post(base + "/links/public/", {"shared": "1"}).status_code
        == 403
    )
    drive.refresh_from_db()
    assert drive.public_key == ""
    html = assistant_client.get(base + "/links/").content.decode()
    assert "Revoke and issue a new link" not in html
    assert "Share the leaderboard" not in html
    # Anonymous: off to log in.
    for url in ("/room/", "/links/", "/projector/"):
        response = Client().get(base + url)
        assert response.status_code == 302 and "/login/" in response["Location"]


@pytest.mark.parametrize(
    ("method", "suffix"),
    [
        ("get", "/room/"),
        ("post", "/room/next/"),
        ("post", "/room/resolve/"),
        ("get", "/links/"),
        ("get", "/links/table/1/qr.svg"),
        ("post", "/links/table/1/reissue/"),
        ("post", "/links/public/"),
        ("get", "/links/public/qr.svg"),
        ("get", "/projector/"),
    ],
)
def test_an_organiser_of_another_club_gets_404(method, suffix, club):
    drive = drive_with_players(players=8, club=club, hands=2)
    drive.public_key = "x" * 22
    drive.save(update_fields=["public_key"])
    key = Table.objects.get(drive=drive, number=1).captain_key
    stranger = MembershipFactory(
        club=ClubFactory(), user=UserFactory(username="stranger"), role="organiser"
    ).user
    client = Client()
    client.force_login(stranger)
    response = getattr(client, method)(
        f"/drives/{drive.pk}{suffix}", {"round": 1, "shared": "1"}
    )
    assert response.status_code == 404
    assert Table.objects.get(drive=drive, number=1).captain_key == key
    drive.refresh_from_db()
    assert (drive.current_round, drive.public_key) == (1, "x" * 22)


def test_the_room_before_the_start(assistant_client, club):
    drive = drive_with_players(players=8, club=club, start=False)
    html = room_html(assistant_client, drive)
    assert "the tables appear here when the drive starts" in html
    html = assistant_client.get(f"/drives/{drive.pk}/links/").content.decode()
    assert "appear when the drive starts" in html
    assert assistant_client.get(f"/drives/{drive.pk}/projector/").status_code == 200


@pytest.mark.parametrize(
    "players, said",
    [(9, "sits out this round."), (10, "sit out this round.")],
    ids=["one", "two"],
)
def test_the_projector_names_who_sits_out_in_a_sentence(
    assistant_client, club, players, said
):
    """One player "sits out", two "sit out": the verb agrees (in Polish,
    Russian and Romanian too, where a heading over the names could not)."""
    drive = drive_with_players(players=players, club=club, hands=2)
    html = assistant_client.get(f"/drives/{drive.pk}/projector/").content.decode()
    notes = re.findall(r'<p class="projector-note">([^<]*)</p>', html)
    out = SeatAssignment.objects.filter(
        round__drive=drive, round__number=1, table__isnull=True
    ).select_related("entry__player")
    names = " and ".join(
        f"{s.entry.number} {s.entry.player.name}"
        for s in sorted(out, key=lambda s: s.entry.number)
    )
    assert len(out) == players - 8
    assert f"{names} {said}" in [n.strip() for n in notes]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("it", "{0}, {1} e {2} sono a riposo in questo turno."),
        ("en-gb", "{0}, {1} and {2} sit out this round."),
    ],
)
def test_the_projector_lists_who_sits_out_as_the_language_writes_a_list(
    assistant_client, club, language, said
):
    """Three players sitting out read as a list in the club's language:
    commas, and its "and" before the last ("Rossi, Bianchi e Verdi"), not
    names separated by semicolons."""
    club.language = language
    club.save(update_fields=["language"])
    drive = drive_with_players(players=11, club=club, hands=2)
    html = assistant_client.get(f"/drives/{drive.pk}/projector/").content.decode()
    notes = [
        n.strip() for n in re.findall(r'<p class="projector-note">([^<]*)</p>', html)
    ]
    out = SeatAssignment.objects.filter(
        round__drive=drive, round__number=1, table__isnull=True
    ).select_related("entry__player")
    names = [
        f"{s.entry.number} {s.entry.player.name}"
        for s in sorted(out, key=lambda s: s.entry.number)
    ]
    assert len(names) == 3
    assert said.format(*names) in notes
    assert not any(";" in note for note in notes)


@pytest.mark.parametrize(
    ("language", "title", "leaderboard"),
    [
        ("pl", "Projektor: ", "Tabela wyników: "),
        ("ru", "Проектор: ", "Таблица результатов: "),
        ("en-gb", "Projector: ", "Leaderboard: "),
    ],
)
def test_the_projector_tab_is_titled_projector_not_leaderboard(
    organiser_client, club, language, title, leaderboard
):
    """The organiser's Projector tab leads to the projector's page, whose
    title said "Tabela wyników" as the leaderboard's does."""
    club.language = language
    club.save(update_fields=["language"])
    drive = drive_with_players(players=8, club=club)
    overview = organiser_client.get(f"/drives/{drive.pk}/").content.decode()
    assert f'href="/drives/{drive.pk}/projector/"' in overview
    html = organiser_client.get(f"/drives/{drive.pk}/projector/").content.decode()
    shown = re.search(r"<title>(.*?)</title>", html, re.S).group(1).strip()
    assert shown.startswith(title + drive.name)
    assert leaderboard not in shown
