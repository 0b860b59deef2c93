"""A site of many clubs: nobody of club A reaches club B's rows by typing B's ids.

Every URL pattern of the site is walked, found at run time, so a view added
later is walked too. Each address that names a row (a drive, an entry, a
player, a season, an adjustment, a prize draw, a money line, a publishing key...)
is filled in with club B's, for B's drives in each state (open for
registration, in play, finished); then asked for by club A's organiser and by
club A's assistant, as a page (GET), as a page's own htmx request and as a form
sent to it (POST) with fields that would write if they got through. Each must be
refused (404, as if the row did not exist, whatever the asker's role: a 403
"only an organiser can do that" would say it does; or 405 where the method is
wrong whatever the id, as for a GET of an address that only takes a form) and
write nothing at all. A publishing key's address names no club (it is a key
of the club worked in), and an assistant may revoke none: 403 for any id.

The addresses that name no row (the roster, seasons, People...) are the
asker's own club's: they must show nothing of club B.

The captain and public links are not here: those are secrets that give what
they name to whoever holds them (tests/site/test_permissions.py).

Last, one person who helps to run both clubs, an organiser of A and an
assistant of B: a link into B's drive takes them to B with B's role, so every
set-up page of B (every view for organisers only) refuses them with 403.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import resolve

from drive.models import Drive, Entry, MoneyLine
from league.models import Season
from players.models import Club, Role
from printing.publishing import publishing_key_create
from prizes.models import TieDraw
from scoring import services as scoring_services
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
from tests.site.fixtures import url_patterns

pytestmark = pytest.mark.django_db

# Writes any request may make: its session, the login throttle's count.
BOOKKEEPING = ("django_session", "axes_", "players_secretlinkmiss")

# A form that would write into B's drive, season or roster if it got through.
FORM = {
    "table": "1",
    "hand": "1",
    "ns_tricks": "7",
    "idempotency_key": "intruder-key-000000001",
    "version": "1",
    "seen_version": "1",
    "round": "1",
    "answer": "confirm",
    "action": "paid",
    "active": "0",
    "shared": "1",
    "name": "Intruder",
    "partner_name": "Intruder Two",
    "checked_in": "on",
    "group": "A",
    "points": "50",
    "reason": "Intrusion",
    "hands": "6",
    "date": "2026-11-27",
    "start": "2027-01-01",
    "end": "2027-12-31",
    "value": "42",
    "fee": "5",
    "amount": "5",
    "kind": "income",
    "note": "Intrusion",
    "contest": "final",
    "position": "1",
    "language": "it",
    "address": "https://example.org/",
    "key": "whist_intruder",
    "ssid": "Intruder",
}


@dataclass
class ClubB:
    """Club B's rows, for the addresses that name one."""

    names: list[str]
    drives: dict[str, dict[str, int]]  # state -> the address's parameters
    player: int
    season: int
    season_draw: int
    publishing_key: int


@pytest.fixture
def club_b() -> ClubB:
    club = ClubFactory(name="Zorya Whist", language="ru")
    organiser = MembershipFactory(club=club, user=UserFactory(username="boris")).user
    player = PlayerFactory(club=club, name="Bogdana Bystrova")
    season = Season.objects.create(
        club=club,
        name="B season",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    season_draw = TieDraw.objects.create(
        season=season, contest="league", members=str(player.pk), winner_player=player
    )
    key = publishing_key_create(club=club, name="B laptop").record
    drives = {}
    in_play = drive_with_players(players=8, club=club, hands=6, name="Zorya Friday")
    play_round(in_play, tricks=lambda deal: 8, by=organiser)
    finished = drive_with_players(players=8, club=club, hands=4, name="Zorya Tuesday")
    play_drive(finished, tricks=lambda deal: 9, by=organiser)
    opened = drive_with_players(players=8, club=club, start=False, name="Zorya Sunday")
    DriveFactory(club=club, state="draft", name="Zorya Draft")
    for state, drive in (
        ("open", opened),
        ("in play", in_play),
        ("finished", finished),
    ):
        entry = Entry.objects.filter(drive=drive).first()
        adjustment = scoring_services.adjustment_add(
            entry=entry, points=2, reason="Raffle", by=organiser
        )
        draw = TieDraw.objects.create(
            drive=drive, contest="final", members=str(entry.pk), winner_entry=entry
        )
        line = MoneyLine.objects.create(
            drive=drive, kind="income", amount=5, note="Teas"
        )
        drives[state] = {
            "pk": drive.pk,
            "entry_pk": entry.pk,
            "adjustment_pk": adjustment.pk,
            "draw_pk": draw.pk,
            "line_pk": line.pk,
            "hand": 1,
            "table": 1,
            "kind": "scorecards",
        }
    names = [
        club.name,
        player.name,
        "Zorya Friday",
        "Zorya Tuesday",
        "Zorya Sunday",
        "Zorya Draft",
        "B season",
        "B laptop",
        "boris",
    ]
    return ClubB(names, drives, player.pk, season.pk, season_draw.pk, key.pk)


@pytest.fixture
def club_a_clients() -> dict[str, Client]:
    club = ClubFactory(name="Ashby Whist", language="pl")
    organiser = MembershipFactory(club=club, user=UserFactory(username="ada")).user
    assistant = MembershipFactory(
        club=club, user=UserFactory(username="alf"), role=Role.ASSISTANT
    ).user
    # Club A has rows of its own, so "not found" is not for want of any.
    drive = drive_with_players(players=8, club=club, hands=6, name="Ashby Friday")
    play_round(drive, tricks=lambda deal: 8, by=organiser)
    clients = {}
    for role, user in (("organiser of A", organiser), ("assistant of A", assistant)):
        clients[role] = Client()
        clients[role].force_login(user)
    return clients


def _named_rows(route: str) -> bool:
    return "<int:" in route


def _secret(route: str) -> bool:
    return "<str:key>" in route


def _path(route: str, b: ClubB, state: str) -> str:
    """`route` filled in with club B's rows (its drive in `state`)."""
    values = dict(b.drives[state])
    if route.startswith("players/"):
        values["pk"] = b.player
    elif route.startswith("seasons/"):
        values["pk"] = b.season
        values["draw_pk"] = b.season_draw
    elif route.startswith("club/website/keys/"):
        values["pk"] = b.publishing_key
    path = route
    for part in route.split("<")[1:]:
        spec = part.split(">")[0]
        path = path.replace(f"<{spec}>", str(values[spec.split(":")[-1]]))
    return "/" + path


def _writes(queries: list[dict]) -> list[str]:
    return [
        q["sql"][:100]
        for q in queries
        if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
        and not any(table in q["sql"] for table in BOOKKEEPING)
    ]


def _ask(client: Client, how: str, path: str):
    """(status, writes) of one request, rolled back whatever it did."""
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        if how == "GET":
            response = client.get(path)
        elif how == "htmx":
            response = client.get(path, headers={"HX-Request": "true"})
        else:
            response = client.post(path, FORM)
        writes = _writes(queries.captured_queries)
        transaction.set_rollback(True)
    return response, writes


@pytest.mark.parametrize("state", ["open", "in play", "finished"])
@pytest.mark.parametrize("role", ["organiser of A", "assistant of A"])
def test_no_address_with_club_b_ids_answers_club_a(club_b, club_a_clients, role, state):
    client = club_a_clients[role]
    walked, wrong = 0, []
    for name, route in sorted(url_patterns().items()):
        if not _named_rows(route) or _secret(route):
            continue
        path = _path(route, club_b, state)
        walked += 1
        allowed = (403, 404, 405) if route.startswith("club/") else (404, 405)
        for how in ("GET", "htmx", "POST"):
            response, writes = _ask(client, how, path)
            status = response.status_code
            if status not in allowed:
                wrong.append(f"{how} {path} ({name}): {status}")
            if writes:
                wrong.append(f"{how} {path} ({name}) wrote: {writes[0]}")
    assert walked > 60, "the walk found too few addresses"
    assert wrong == []


@pytest.mark.parametrize("role", ["organiser of A", "assistant of A"])
def test_club_a_pages_show_nothing_of_club_b(club_b, club_a_clients, role):
    """The pages naming no row are the asker's club's: none shows, and no form
    sent to one changes, anything of B."""
    client = club_a_clients[role]
    wrong = []
    for name, route in sorted(url_patterns().items()):
        if _named_rows(route) or _secret(route) or name.startswith("i18n:"):
            continue
        path = "/" + route
        for how in ("GET", "POST"):
            response, _writes_made = _ask(client, how, path)
            if response.status_code >= 500:
                wrong.append(f"{how} {path}: {response.status_code}")
            body = response.content.decode("utf-8", "replace")
            wrong += [f"{how} {path} shows {n!r}" for n in club_b.names if n in body]
    assert wrong == []


@pytest.fixture
def two_clubs_person(club_b) -> Client:
    """Organiser of club A, assistant of club B (joined later), working in A."""
    club_a = ClubFactory(name="Ashby Whist", language="pl")
    user = MembershipFactory(club=club_a, user=UserFactory(username="tamsin")).user
    MembershipFactory(
        club=Club.objects.get(name="Zorya Whist"), user=user, role=Role.ASSISTANT
    )
    client = Client()
    client.force_login(user)
    assert "Ashby Whist" in client.get("/drives/").content.decode()
    return client


def _for_organisers_only(path: str) -> bool:
    view = resolve(path).func
    while view is not None:
        if getattr(view, "club_role", None) == Role.ORGANISER:
            return True
        view = getattr(view, "__wrapped__", None)
    return False


@pytest.mark.parametrize("state", ["open", "in play", "finished"])
def test_an_assistant_of_b_who_organises_a_changes_no_set_up_of_b(
    club_b, two_clubs_person, state
):
    """Each organisers' page of B's drive, its players and its seasons, opened
    from club A (a link, a bookmark, a typed address): 403, nothing written."""
    walked, wrong = 0, []
    for name, route in sorted(url_patterns().items()):
        if not _named_rows(route) or _secret(route):
            continue
        path = _path(route, club_b, state)
        if not _for_organisers_only(path):
            continue
        walked += 1
        for how in ("GET", "POST"):
            response, writes = _ask(two_clubs_person, how, path)
            allowed = {403, 405}
            # A season's or a publishing key's address does not take anyone
            # into its club (players.access follows drives and players): 404.
            if not route.startswith(("drives/", "players/")):
                allowed |= {404}
            if response.status_code not in allowed:
                wrong.append(f"{how} {path} ({name}): {response.status_code}")
            if writes:
                wrong.append(f"{how} {path} ({name}) wrote: {writes[0]}")
    assert walked > 20, "the walk found too few organisers' pages"
    assert wrong == []


def test_a_shared_board_of_club_a_shows_nothing_of_club_b(club_b):
    """Club A's public board and results, shared, beside club B's drives of
    the same evening (B shares one too): each shows its own drive alone."""
    club_a = ClubFactory(name="Ashby Whist", language="pl")
    drive = drive_with_players(players=8, club=club_a, hands=4, name="Ashby Friday")
    play_drive(drive, tricks=lambda deal: 8)
    drive.public_key = "ashby-public-key-000000001"
    drive.save(update_fields=["public_key"])
    shared_b = Drive.objects.get(pk=club_b.drives["finished"]["pk"])
    shared_b.public_key = "zorya-public-key-000000001"
    shared_b.save(update_fields=["public_key"])
    wrong = []
    for path in (f"/p/{drive.public_key}/", f"/p/{drive.public_key}/results/"):
        response = Client().get(path)
        assert response.status_code == 200, path
        body = response.content.decode()
        assert "Ashby Friday" in body
        wrong += [f"{path} shows {n!r}" for n in club_b.names if n in body]
    assert wrong == []
