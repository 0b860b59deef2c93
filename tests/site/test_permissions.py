"""Every URL against every role, with the status each must get; and no write crosses
a table, a drive or a club.

The URLs come from the URL conf itself: a new URL without a row in EXPECTED
fails the test, so nobody adds a page without deciding who may use it.

The roles, for the drive under test (club C, drive D in play, round 2):

- anonymous: no session, no link;
- captain 1: has opened table 1's captain link of D (and only that);
- captain X: has opened table 2's captain link of a drive of another club;
- assistant and organiser of club C;
- organiser X: organiser of another club.

Every URL is filled in with D's objects (its entries, tables, adjustment...),
club C's player and season. The captain link and public link URLs take the key
the role holds: captain 1 table 1's, captain X its own table's, the others a
guessed key, since an account gives nothing on a secret link. Every request is
a GET and then a POST carrying a form that would write into D (table 1, the
current hand, points, names...). Each request runs in a savepoint that is
rolled back, and around it the rows of each scope are compared: a GET writes
nothing; a POST changes only what the role may change.
"""

from __future__ import annotations

import copy
import datetime

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from drive.models import Drive, Entry, MoneyLine, Round, SeatAssignment, Table
from league.models import Season
from players.models import Club, Membership, Player
from printing.models import PublishingKey, PublishingSite
from prizes.models import DrivePrize, TieDraw
from scoring import services as scoring_services
from scoring.models import Adjustment, HandResult
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    drive_with_players,
    play_round,
)
from tests.fixtures import drive_url
from tests.site.fixtures import World, fill, url_patterns

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "captain 1", "captain X", "assistant", "organiser", "organiser X")
LOGIN = "login"  # a redirect to the login page
GUESSED_KEY = "guessed-key-0123456789"


def row(*statuses) -> dict[str, tuple]:
    """One URL's expected GET and POST statuses, in the order of ROLES."""
    assert len(statuses) == 2 * len(ROLES)
    return {"GET": statuses[: len(ROLES)], "POST": statuses[len(ROLES) :]}


# fmt: off
# Shorthands for the usual rows.
#                 anon   cap1   capX   asst  org  orgX
ORG_PAGE = (LOGIN, LOGIN, LOGIN, 403, 200, 404)  # organiser's page of D
ORG_ACTION = (LOGIN, LOGIN, LOGIN, 403, 405, 405)  # GET of a POST-only action of D
ASST_PAGE = (LOGIN, LOGIN, LOGIN, 200, 200, 404)  # assistant's page of D
ASST_ACTION = (LOGIN, LOGIN, LOGIN, 405, 405, 405)
READ_ONLY = (LOGIN, LOGIN, LOGIN, 405, 405, 405)  # POST to a page that only reads
ORG_WRITE = (LOGIN, LOGIN, LOGIN, 403, 302, 404)  # an organiser's write that succeeds
PUBLIC = (200, 200, 200, 200, 200, 200)  # a shared link: whoever holds it reads
NO_POST = (405, 405, 405, 405, 405, 405)
ANY = (302, 302, 302, 302, 302, 302)


def both(get: tuple, post: tuple) -> dict[str, tuple]:
    return row(*get, *post)


EXPECTED: dict[str, dict[str, tuple]] = {
    # The browser's icon: to its static file, for anyone, by any method.
    ":favicon": both(ANY, ANY),
    # Accounts. The set-up page is closed once a club exists.
    "players:setup": both(ANY, ANY),
    "players:login": both((200, 200, 200, 302, 302, 302), (400, 400, 400, 302, 302, 302)),
    "players:logout": both(NO_POST, (LOGIN,) * 6),
    # The club's own pages: organiser X sees its own club's.
    "players:roster": both((LOGIN, LOGIN, LOGIN, 403, 200, 200), (LOGIN, LOGIN, LOGIN, 403, 302, 302)),
    "players:import": both((LOGIN, LOGIN, LOGIN, 403, 200, 200), (LOGIN, LOGIN, LOGIN, 403, 400, 400)),
    # The clubs one helps to run, to choose one (the posted form names none: 400).
    "players:clubs": both((LOGIN, LOGIN, LOGIN, 200, 200, 200), (LOGIN, LOGIN, LOGIN, 400, 400, 400)),
    "players:members": both((LOGIN, LOGIN, LOGIN, 403, 200, 200), (LOGIN, LOGIN, LOGIN, 403, 302, 302)),
    # The club's language: the posted form names none (400); organiser X's is its own club's.
    "players:language": both((LOGIN, LOGIN, LOGIN, 403, 405, 405), (LOGIN, LOGIN, LOGIN, 403, 400, 400)),
    "players:edit": both(ORG_PAGE, ORG_WRITE),
    "players:active": both(ORG_ACTION, ORG_WRITE),
    "players:delete": both(ORG_ACTION, ORG_WRITE),
    "drive:home": both(ANY, ANY),
    "drive:list": both((LOGIN, LOGIN, LOGIN, 200, 200, 200), READ_ONLY),
    "drive:create": both((LOGIN, LOGIN, LOGIN, 403, 200, 200), (LOGIN, LOGIN, LOGIN, 403, 400, 400)),
    # Drive D: set-up is the organiser's (D is in play: opening, starting and
    # balancing are refused with 400); the evening is the assistant's too.
    "drive:detail": both(ASST_PAGE, READ_ONLY),
    "drive:edit": both(ORG_PAGE, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    "drive:open": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    # Starting asks first (a GET shows what will happen); D is in play, so
    # the question leads back to D's page.
    "drive:start": both((LOGIN, LOGIN, LOGIN, 403, 302, 404), (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    "drive:balance": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 302, 404)),
    "drive:entries": both(ASST_PAGE, (LOGIN, LOGIN, LOGIN, 302, 302, 404)),
    "drive:entry_action": both(ASST_ACTION, (LOGIN, LOGIN, LOGIN, 302, 302, 404)),
    # Marking a player who stays at one table (the form names none: cleared).
    "drive:entry_stays": both(ASST_ACTION, (LOGIN, LOGIN, LOGIN, 302, 302, 404)),
    "drive:seating": both(ASST_PAGE, READ_ONLY),
    "drive:movement": both(ASST_PAGE, READ_ONLY),
    # Money: the fee and currency are the organiser's (the form has no fee: 400);
    # payments and other lines the assistant's too (no amount, no known action: 400).
    # The hall's Wi-Fi for the table cards: the organiser's (an empty form clears it).
    "drive:wifi": both(ORG_PAGE, ORG_WRITE),
    "drive:money": both(ASST_PAGE, READ_ONLY),
    "drive:money_fee": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    "drive:money_entry": both(ASST_ACTION, (LOGIN, LOGIN, LOGIN, 400, 400, 404)),
    "drive:money_line": both(ASST_ACTION, (LOGIN, LOGIN, LOGIN, 400, 400, 404)),
    "drive:money_line_remove": both(ASST_ACTION, (LOGIN, LOGIN, LOGIN, 302, 302, 404)),
    "scoring:scores": both(ASST_PAGE, (LOGIN, LOGIN, LOGIN, 400, 400, 404)),
    "scoring:card_check": both(ASST_PAGE, (LOGIN, LOGIN, LOGIN, 400, 400, 404)),
    # Paper slips: the posted form has a table but no tricks: 400.
    "scoring:slips": both(ASST_PAGE, (LOGIN, LOGIN, LOGIN, 400, 400, 404)),
    # D's scores come in hand by hand: the desk says so, and takes no card (409).
    "scoring:cards_in": both(ASST_PAGE, (LOGIN, LOGIN, LOGIN, 409, 409, 404)),
    "scoring:card_dispute": both(ASST_ACTION, (LOGIN, LOGIN, LOGIN, 409, 409, 404)),
    "scoring:hands": both(ASST_PAGE, READ_ONLY),
    "scoring:hand": both(ASST_PAGE, (LOGIN, LOGIN, LOGIN, 302, 302, 404)),
    "scoring:leaderboard": both(ASST_PAGE, READ_ONLY),
    "scoring:adjustments": both(ORG_PAGE, ORG_WRITE),
    "scoring:adjustment_delete": both(ORG_ACTION, ORG_WRITE),
    "printing:workbook": both(ASST_PAGE, READ_ONLY),
    "scoring:room": both(ASST_PAGE, READ_ONLY),
    # Round 2 is not complete, and the posted hand has no disagreement: 409.
    "scoring:room_start_next": both(ASST_ACTION, (LOGIN, LOGIN, LOGIN, 409, 409, 404)),
    "scoring:room_resolve": both(ASST_ACTION, (LOGIN, LOGIN, LOGIN, 409, 409, 404)),
    # No action chosen: 400.
    "scoring:room_clock": both(ASST_ACTION, (LOGIN, LOGIN, LOGIN, 400, 400, 404)),
    # The bell by hand: D is in play, so it rings (a count on the drive).
    "scoring:room_bell": both(ASST_ACTION, (LOGIN, LOGIN, LOGIN, 302, 302, 404)),
    "scoring:links": both(ASST_PAGE, READ_ONLY),
    "scoring:table_qr": both(ASST_PAGE, READ_ONLY),
    "scoring:public_qr": both(ASST_PAGE, READ_ONLY),
    # The site's address in the hall: none unless started by `manage.py hall`.
    "scoring:hall_qr": both((LOGIN, LOGIN, LOGIN, 404, 404, 404), READ_ONLY),
    "scoring:table_reissue": both(ORG_ACTION, ORG_WRITE),
    "scoring:public_link": both(ORG_ACTION, ORG_WRITE),
    "scoring:projector": both(ASST_PAGE, READ_ONLY),
    "scoring:projector_clock": both(ASST_PAGE, READ_ONLY),
    "scoring:audit": both(ORG_PAGE, (LOGIN, LOGIN, LOGIN, 403, 405, 405)),
    # Printing: the form without a kind is a 400 that says what to choose.
    "printing:print": both((LOGIN, LOGIN, LOGIN, 400, 400, 404), READ_ONLY),
    "printing:pdf": both(ASST_PAGE, READ_ONLY),
    "printing:results_csv": both(ASST_PAGE, READ_ONLY),
    # D is in play: the page says to wait, and sending is refused (409).
    "printing:results_mail": both(ORG_PAGE, (LOGIN, LOGIN, LOGIN, 403, 409, 404)),
    # Secret links. Each role uses the key it holds (captain X: its own table's,
    # where the posted table 1 is refused); a guessed key is a 404.
    "scoring:captain": both((404, 200, 200, 404, 404, 404), NO_POST),
    "scoring:captain_result": both(NO_POST, (404, 302, 400, 404, 404, 404)),
    # Table 1 has nothing waiting for an opponent: 409.
    "scoring:captain_confirm": both(NO_POST, (404, 409, 400, 404, 404, 404)),
    # A phone's ask for news: what changed at its own table since its page.
    "scoring:captain_news": both((404, 200, 200, 404, 404, 404), NO_POST),
    # A prediction whist deal's check as it is typed: D is no prediction drive,
    # so the phone is sent back to its page; nothing is written either way.
    "scoring:captain_check": both(NO_POST, (404, 302, 302, 404, 404, 404)),
    "scoring:public": both(PUBLIC, NO_POST),
    "prizes:public_results": both(PUBLIC, NO_POST),
    # The language switch: anyone may choose; it writes only a cookie, and goes
    # back to the page (here none is named: the home page).
    "i18n:set_language": both(ANY, ANY),
    # The contrast switch: anyone may choose; the posted form names no contrast (400).
    "players:contrast": both(NO_POST, (400,) * 6),
    # Prizes and the season.
    "prizes:club": both((LOGIN, LOGIN, LOGIN, 200, 200, 200), (LOGIN, LOGIN, LOGIN, 403, 302, 302)),
    "prizes:drive": both(ASST_PAGE, READ_ONLY),
    "prizes:drive_edit": both(ORG_PAGE, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    "prizes:mystery": both(ORG_ACTION, ORG_WRITE),
    "prizes:draw": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    "prizes:consolation": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    "prizes:draw_undo": both(ORG_ACTION, ORG_WRITE),
    "prizes:custom": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    "prizes:half_time": both(ASST_PAGE, READ_ONLY),
    "prizes:results": both(ASST_PAGE, READ_ONLY),
    # The prize-giving and Reveal are the organiser's; D is in play: refused (400).
    "prizes:giving": both(ORG_PAGE, (LOGIN, LOGIN, LOGIN, 403, 405, 405)),
    "prizes:giving_step": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    "prizes:giving_absent": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    # The projector's watch for the start of the prize-giving: nothing to say.
    "prizes:giving_watch": both((LOGIN, LOGIN, LOGIN, 204, 204, 404), READ_ONLY),
    "prizes:reveal": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    "league:history": both(ASST_PAGE, READ_ONLY),
    # Merging two players: the posted form names no other player (400).
    "league:merge": both(ORG_PAGE, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    # Organiser X's POST makes a season in its own club; club C already has one
    # for these dates.
    "league:seasons": both((LOGIN, LOGIN, LOGIN, 200, 200, 200), (LOGIN, LOGIN, LOGIN, 403, 400, 302)),
    "league:league_settings": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 400, 400)),
    "league:season": both(ASST_PAGE, READ_ONLY),
    "league:season_edit": both(ORG_PAGE, ORG_WRITE),
    "league:season_delete": both(ORG_ACTION, ORG_WRITE),
    "league:season_draw": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 400, 404)),
    "league:season_draw_undo": both(ORG_ACTION, ORG_WRITE),
    "league:attendance": both(ASST_PAGE, READ_ONLY),
    "league:takings": both(ASST_PAGE, READ_ONLY),
    "printing:season_workbook": both(ASST_PAGE, READ_ONLY),
    "printing:season_pdf": both(ASST_PAGE, READ_ONLY),
    # Publishing to the club's website. The page and its keys are the
    # organiser's, each in their own club (the posted name makes a key: 200);
    # no key has the drive's id (404); D is in play and no website is saved (409).
    "printing:publishing": both((LOGIN, LOGIN, LOGIN, 403, 200, 200), (LOGIN, LOGIN, LOGIN, 403, 405, 405)),
    "printing:publishing_site": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 400, 400)),
    "printing:publishing_key_new": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 200, 200)),
    "printing:publishing_key_revoke": both(ORG_ACTION, (LOGIN, LOGIN, LOGIN, 403, 404, 404)),
    "printing:publish": both(ORG_PAGE, (LOGIN, LOGIN, LOGIN, 403, 409, 404)),
    # The website's end of publishing: a key, not a session (none here: 401).
    "printing:publish_api": both(NO_POST, (401,) * 6),
}
# fmt: on


@pytest.fixture
def world() -> World:
    club = ClubFactory(name="Riverside")
    organiser = MembershipFactory(club=club, user=UserFactory(username="olive")).user
    assistant = MembershipFactory(
        club=club, user=UserFactory(username="arthur"), role="assistant"
    ).user
    drive = drive_with_players(players=8, club=club, hands=6, name="Riverside Friday")
    play_round(drive, tricks=lambda deal: 8, by=organiser)
    drive.public_key = "riverside-public-key-0001"
    drive.save(update_fields=["public_key"])
    entry = Entry.objects.filter(drive=drive).first()
    adjustment = scoring_services.adjustment_add(
        entry=entry, points=2, reason="Raffle", by=organiser
    )
    player = PlayerFactory(club=club, name="Rosa Roster")
    other_club = ClubFactory(name="Hilltop")
    stranger = MembershipFactory(club=other_club, user=UserFactory(username="zed")).user
    other_drive = drive_with_players(players=8, club=other_club, hands=6)
    season = _season(club)
    draw = _tie_draw(drive=drive, entry=entry)
    season_draw = _tie_draw(season=season, player=player)
    line = MoneyLine.objects.create(drive=drive, kind="income", amount=5, note="Teas")

    def logged_in(user) -> Client:
        client = Client()
        client.force_login(user)
        return client

    table_1 = Table.objects.get(drive=drive, number=1)
    other_table = Table.objects.get(drive=other_drive, number=2)
    captain_1, captain_x = Client(), Client()
    assert captain_1.get(f"/t/{table_1.captain_key}/").status_code == 200
    assert captain_x.get(f"/t/{other_table.captain_key}/").status_code == 200
    clients = {
        "anonymous": Client(),
        "captain 1": captain_1,
        "captain X": captain_x,
        "assistant": logged_in(assistant),
        "organiser": logged_in(organiser),
        "organiser X": logged_in(stranger),
    }
    keys = dict.fromkeys(ROLES, GUESSED_KEY)
    keys["captain 1"] = table_1.captain_key
    keys["captain X"] = other_table.captain_key
    kwargs = {
        "drive": drive.pk,
        "player": player.pk,
        "season": season.pk,
        "entry_pk": entry.pk,
        "adjustment_pk": adjustment.pk,
        "draw_pk": draw.pk,
        "season_draw_pk": season_draw.pk,
        "line_pk": line.pk,
        "hand": 1,
        "table": 1,
        "kind": "scorecards",
        "public_key": drive.public_key,
    }
    # A form that would write into D if it got through: table 1's current hand,
    # an entry's new state, points, names, a shared link...
    form = {
        "table": "1",
        "hand": str(drive.hands_of_round(drive.current_round)[0]),
        "ns_tricks": "7",
        "idempotency_key": "intruder-key-000000001",
        "version": "1",
        "seen_version": "1",
        "round": str(drive.current_round),
        "answer": "confirm",
        "action": "paid",
        "active": "0",
        "shared": "1",
        "name": "Intruder",
        "partner_name": "Intruder Two",
        "checked_in": "on",
        "group": "A",
        "entry": str(entry.pk),
        "points": "50",
        "reason": "Intrusion",
        "username": "intruder",
        "password": "Intruder-Password-99",
        "role": "organiser",
        "hands": "6",
        "date": "2026-11-27",
        "start": "2026-01-01",
        "end": "2026-12-31",
        "game": "hands",
        "value": "42",
        "contest": "final",
        "members": str(entry.pk),
        "winner": str(entry.pk),
        "position": "1",
    }
    return World(club, drive, other_drive, player, clients, keys, kwargs, form)


def _season(club: Club) -> Season:
    return Season.objects.create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )


def _tie_draw(*, drive=None, entry=None, season=None, player=None) -> TieDraw:
    if season is not None:
        return TieDraw.objects.create(
            season=season,
            contest="league",
            members=str(player.pk),
            winner_player=player,
        )
    return TieDraw.objects.create(
        drive=drive, contest="final", members=str(entry.pk), winner_entry=entry
    )


# --- what each role may change ---------------------------------------------------------


def _rows(queryset, *fields) -> tuple:
    return tuple(queryset.order_by("pk").values_list("pk", *fields))


def scopes(world: World) -> dict[str, tuple]:
    """The rows of the database, by who may change them."""
    club, drive, other = world.club, world.drive, world.other_drive
    drive_fields = [f.name for f in Drive._meta.concrete_fields]
    play_fields = ("state", "current_round", "finished_at", "bell_rung")
    setup_fields = [f for f in drive_fields if f not in play_fields]
    table_1 = HandResult.objects.filter(table__drive=drive, table__number=1)
    return {
        # The organiser's alone: the club, its people, roster, drive set-up,
        # links and adjustments.
        "club C set-up": (
            _rows(Club.objects.filter(pk=club.pk), "name", "currency"),
            _rows(Membership.objects.filter(club=club), "user", "role"),
            _rows(
                Player.objects.filter(club=club, pk__lte=world.player.pk),
                "name",
                "email",
                "phone",
                "group",
                "active",
            ),
            _rows(Drive.objects.filter(club=club), *setup_fields),
            _rows(Table.objects.filter(drive__club=club), "captain_key"),
            _rows(
                Adjustment.objects.filter(entry__drive__club=club), "points", "reason"
            ),
            _other_rows(club=club),
        ),
        # The assistant's too: registration, check-in, the evening's play.
        "club C play": (
            _rows(Drive.objects.filter(club=club), *play_fields),
            _rows(Player.objects.filter(club=club, pk__gt=world.player.pk), "name"),
            _rows(Entry.objects.filter(drive__club=club), *_entry_fields()),
            _rows(Round.objects.filter(drive__club=club), "number"),
            _rows(MoneyLine.objects.filter(drive__club=club), "kind", "amount", "note"),
            _rows(
                SeatAssignment.objects.filter(round__drive__club=club),
                "table",
                "position",
            ),
            _rows(
                HandResult.objects.filter(table__drive__club=club).exclude(
                    pk__in=table_1
                ),
                "ns_tricks",
                "status",
            ),
        ),
        # Captain 1's: results of table 1 of D.
        "table 1 of D": _rows(table_1, "ns_tricks", "status", "resolved_at"),
        # Organiser X's: everything of the other club; captain X's: its table.
        "club X": (
            _rows(Club.objects.exclude(pk=club.pk), "name"),
            _rows(Drive.objects.filter(pk=other.pk), *drive_fields),
            _rows(Entry.objects.filter(drive=other), *_entry_fields()),
            _rows(
                HandResult.objects.filter(table__drive=other).exclude(table__number=2),
                "ns_tricks",
                "status",
            ),
            _rows(Membership.objects.exclude(club=club), "user", "role"),
            _rows(Player.objects.exclude(club=club), "name", "active"),
            _rows(PublishingKey.objects.exclude(club=club), "name", "revoked_at"),
        ),
        "table 2 of X": _rows(
            HandResult.objects.filter(table__drive=other, table__number=2),
            "ns_tricks",
            "status",
        ),
    }


def _entry_fields() -> list[str]:
    return [f.name for f in Entry._meta.concrete_fields if f.name != "id"]


def _other_rows(*, club: Club) -> tuple:
    """Rows of club C in models this test does not name (prizes, seasons...)."""
    return (
        _rows(Season.objects.filter(club=club), "name", "start", "end"),
        _rows(DrivePrize.objects.filter(drive__club=club), "winner"),
        _rows(TieDraw.objects.filter(drive__club=club), "members", "winner_entry"),
        _rows(PublishingKey.objects.filter(club=club), "name", "revoked_at"),
        _rows(PublishingSite.objects.filter(club=club), "address", "key"),
    )


MAY_CHANGE: dict[str, set[str]] = {
    "anonymous": set(),
    "captain 1": {"table 1 of D"},
    "captain X": {"table 2 of X"},
    "assistant": {"club C play", "table 1 of D"},
    "organiser": {"club C set-up", "club C play", "table 1 of D"},
    "organiser X": {"club X", "table 2 of X"},
}


def outcome(response) -> object:
    if response.status_code == 302 and response["Location"].startswith("/login/"):
        return LOGIN
    return response.status_code


# Writes a request may make whoever asks: its session, the login throttle's count,
# a wrong secret link's miss.
BOOKKEEPING = ("django_session", "axes_", "players_secretlinkmiss")


def _writes(queries: list[dict]) -> list[str]:
    return [
        q["sql"]
        for q in queries
        if q["sql"]
        .lstrip()
        .upper()
        .startswith(("INSERT", "UPDATE", "DELETE", "REPLACE"))
        and not any(table in q["sql"] for table in BOOKKEEPING)
    ]


def run_role(world: World, role: str) -> tuple[dict[str, dict[str, object]], list[str]]:
    """Every URL and method as `role`: (statuses, writes that crossed a boundary)."""
    client = world.clients[role]
    baseline = scopes(world)
    statuses: dict[str, dict[str, object]] = {}
    crossed: list[str] = []
    for name, route in sorted(url_patterns().items()):
        path = fill(route, name, role, world)
        statuses[name] = {}
        for method in ("GET", "POST"):
            cookies = copy.deepcopy(client.cookies)  # logging out ends the session
            with transaction.atomic(), CaptureQueriesContext(connection) as queries:
                if method == "GET":
                    response = client.get(path)
                else:
                    response = client.post(path, world.form)
                writes = _writes(queries.captured_queries)
                after = scopes(world) if writes else baseline
                transaction.set_rollback(True)
            client.cookies = cookies
            statuses[name][method] = outcome(response)
            if method == "GET" and writes:
                crossed.append(f"GET {path} wrote: {writes[0][:80]}")
            for scope, rows in baseline.items():
                if rows != after[scope] and scope not in MAY_CHANGE[role]:
                    crossed.append(f"{method} {path} changed {scope}")
    return statuses, crossed


def test_every_url_has_an_expectation_and_every_expectation_a_url():
    names = set(url_patterns())
    assert sorted(names - set(EXPECTED)) == [], "URLs without a row in EXPECTED"
    assert sorted(set(EXPECTED) - names) == [], "rows in EXPECTED for no URL"


@pytest.mark.parametrize("role", ROLES)
def test_each_role_gets_the_expected_status_and_writes_only_its_own(world, role):
    statuses, crossed = run_role(world, role)
    column = ROLES.index(role)
    wrong = [
        f"{method} {name}: expected {EXPECTED[name][method][column]}, got {status}"
        for name, by_method in statuses.items()
        if name in EXPECTED
        for method, status in by_method.items()
        if status != EXPECTED[name][method][column]
    ]
    assert wrong == []
    assert crossed == []


# --- an anonymous visitor on the drive pages ---------------------------------------

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
def test_anonymous_is_sent_to_log_in(method, suffix, club):
    drive = drive_with_players(players=8, club=club)
    response = getattr(Client(), method)(drive_url(drive, suffix))
    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=")
