"""Many clubs on one site: addresses and forms that mix one club's own rows
with another's ids, and the roster's searches.

tests/site/test_other_club.py walks every address filled in with another
club's rows. Here club X's organiser uses club X's OWN drive, season and
player, with club C's ids where the rest of the request holds one:

- in the address (an entry, a money line, an adjustment, a draw of C's drive
  or season, C's publishing key): 404, nothing of C changed;
- in the form sent to any address of the site (entries, players, winners,
  members, the player to merge with...): nothing of C changes or shows, no 500;
- the roster's searches (the door's names and suggestions, the roster's
  search, the merge page) never offer C's players, and X's door refuses a
  forged pick of one.
"""

from __future__ import annotations

import copy
import datetime

import pytest
from django.db import transaction
from django.db.models import Q
from django.test import Client

from drive.models import Drive, Entry, MoneyLine
from league.models import Season
from players.models import Player
from printing.models import PublishingKey
from prizes.models import TieDraw
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
from tests.site.fixtures import url_patterns

pytestmark = pytest.mark.django_db

# The rows an address's `pk` names, by the start of its route (players.access).
CLUB_ROWS = {"drives/": "drive", "seasons/": "season", "players/": "player"}
# The other ids an address may hold, each a row of the drive or season it names.
NESTED = ("entry_pk", "adjustment_pk", "draw_pk", "line_pk")
MISSING = 987654
C_NAME = "Riverside"
C_PLAYER = "Quenby Marchbanks"  # a name only club C's roster holds


def _season(club, name: str) -> Season:
    return Season.objects.create(
        club=club,
        name=name,
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )


def _logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def clubs() -> dict:
    club = ClubFactory(name=C_NAME)
    organiser = MembershipFactory(club=club, user=UserFactory(username="olive")).user
    drive = drive_with_players(players=8, club=club, hands=6, name="Riverside Friday")
    play_round(drive, tricks=lambda deal: 8, by=organiser)
    entry = Entry.objects.filter(drive=drive).first()
    entry.player.name = C_PLAYER
    entry.player.save()
    season = _season(club, "Riverside 2026")
    player = entry.player
    other = ClubFactory(name="Hilltop")
    x_organiser = MembershipFactory(club=other, user=UserFactory(username="zed")).user
    x_drive = drive_with_players(players=8, club=other, hands=6)
    x_season = _season(other, "Hilltop 2026")
    x_player = PlayerFactory(club=other, name="Hilda Hill")
    return {
        "club": club,
        "drive": drive,
        "entry": entry,
        "player": player,
        "season": season,
        "ids": {
            "drive": drive.pk,
            "season": season.pk,
            "player": player.pk,
            "entry_pk": entry.pk,
            "adjustment_pk": scoring_services.adjustment_add(
                entry=entry, points=2, reason="Raffle", by=organiser
            ).pk,
            "draw_pk": TieDraw.objects.create(
                drive=drive, contest="final", members=str(entry.pk), winner_entry=entry
            ).pk,
            "season_draw_pk": TieDraw.objects.create(
                season=season,
                contest="league",
                members=str(player.pk),
                winner_player=player,
            ).pk,
            "line_pk": MoneyLine.objects.create(
                drive=drive, kind="income", amount=5, note="Teas"
            ).pk,
            "key": PublishingKey.objects.create(
                club=club, name="Riverside laptop", digest="c" * 64
            ).pk,
            "hand": 1,
            "table": 1,
            "kind": "scorecards",
        },
        "x_ids": {"drive": x_drive.pk, "season": x_season.pk, "player": x_player.pk},
        "x_drive": x_drive,
        "clients": {"organiser X": _logged_in(x_organiser)},
    }


def club_c_rows(club) -> tuple:
    """Everything of club C an address could change."""

    def rows(queryset) -> list:
        return list(queryset.order_by("pk").values())

    return (
        rows(Drive.objects.filter(club=club)),
        # C's players entered anywhere (a drive of X too).
        rows(Entry.objects.filter(Q(drive__club=club) | Q(player__club=club))),
        rows(HandResult.objects.filter(table__drive__club=club)),
        rows(Adjustment.objects.filter(entry__drive__club=club)),
        rows(MoneyLine.objects.filter(drive__club=club)),
        rows(TieDraw.objects.filter(drive__club=club)),
        rows(TieDraw.objects.filter(season__club=club)),
        rows(Player.objects.filter(club=club)),
        rows(Season.objects.filter(club=club)),
        rows(PublishingKey.objects.filter(club=club)),
    )


def _row_of(route: str, name: str) -> str | None:
    """Which of a club's rows the address's `pk` names, if any."""
    if "<int:pk>" not in route:
        return None
    if name.startswith("printing:publishing_key"):
        return "key"
    return next(row for prefix, row in CLUB_ROWS.items() if route.startswith(prefix))


def _path(route: str, values: dict) -> str:
    path = route
    for part in route.split("<")[1:]:
        spec = part.split(">")[0]
        path = path.replace(f"<{spec}>", str(values[spec.split(":")[-1]]))
    return "/" + path


def _values(route: str, name: str, ids: dict, pk: object) -> dict:
    values = {"pk": pk, **ids}
    if name == "league:season_draw_undo":
        values["draw_pk"] = ids["season_draw_pk"]
    return values


def _send(client: Client, method: str, path: str, form: dict, club) -> tuple:
    """One request in a savepoint rolled back, the client's session kept:
    (the response, whether it changed club C's rows)."""
    cookies = copy.deepcopy(client.cookies)
    before = club_c_rows(club)
    with transaction.atomic():
        response = client.get(path) if method == "GET" else client.post(path, form)
        changed = club_c_rows(club) != before
        transaction.set_rollback(True)
    client.cookies = cookies
    return response, changed


NESTED_PAGES = sorted(
    (name, route)
    for name, route in url_patterns().items()
    if any(f"<int:{part}>" in route for part in NESTED)
)


@pytest.mark.parametrize(("name", "route"), NESTED_PAGES)
def test_own_page_with_another_clubs_id_in_the_address_is_a_404(clubs, name, route):
    """Club X's own drive or season, with an entry, line, adjustment or draw of
    club C: the organiser of X gets a 404 and nothing of C changes."""
    client = clubs["clients"]["organiser X"]
    row = _row_of(route, name)
    path = _path(route, _values(route, name, clubs["ids"], clubs["x_ids"][row]))
    form = {"action": "paid", "amount": "1"}
    response, changed = _send(client, "POST", path, form, clubs["club"])
    assert response.status_code == 404, path
    assert not changed, path


def test_the_nested_walk_finds_the_nested_ids():
    assert len(NESTED_PAGES) >= 7


def _form(clubs: dict) -> dict:
    """A form naming club C's rows in every field that takes an id."""
    entry, player = clubs["entry"], clubs["player"]
    return {
        "entry": str(entry.pk),
        "members": f"{entry.pk},{entry.pk + 1}",
        "winner": str(entry.pk),
        "player": str(player.pk),
        "partner": str(player.pk),
        "other": str(player.pk),
        "season": str(clubs["season"].pk),
        "table": "1",
        "hand": "1",
        "round": "1",
        "ns_tricks": "7",
        "points": "50",
        "reason": "Intrusion",
        "action": "paid",
        "amount": "5",
        "position": "1",
        "contest": "final",
        # No name typed: the door takes the player picked by id.
        "group": "A",
        "checked_in": "on",
        "idempotency_key": "intruder-key-000000001",
    }


def test_own_forms_filled_with_another_clubs_ids_change_and_show_nothing_of_it(clubs):
    """Every address of the site, filled with club X's own drive, season and
    player, sent club C's ids in its form by club X's organiser."""
    client = clubs["clients"]["organiser X"]
    x_ids = {
        **clubs["ids"],
        **clubs["x_ids"],
        "key": MISSING,
        "public_key": "no-such-public-key-0001",
    }
    form = _form(clubs)
    wrong = []
    for name, route in sorted(url_patterns().items()):
        row = _row_of(route, name)
        pk = x_ids[row] if row else None
        values = _values(route, name, x_ids, pk)
        if "<str:key>" in route or "<key>" in route:
            values["key"] = "guessed-key-0123456789"
        path = _path(route, values)
        for method in ("GET", "POST"):
            response, changed = _send(client, method, path, form, clubs["club"])
            body = response.content.decode(errors="replace")
            if response.status_code >= 500:
                wrong.append(f"{method} {path}: {response.status_code}")
            if C_NAME in body or C_PLAYER in body:
                wrong.append(f"{method} {path} shows club C")
            if changed:
                wrong.append(f"{method} {path} changed club C")
    assert wrong == []


def _offers(body: str, pk: int) -> bool:
    """Whether a page offers the player `pk`: a link to them, or a button
    picking them (the door's namesakes and suggestions, the merge page's)."""
    return (
        any(
            f'{attr}="{pk}"' in body or f"{attr}={pk}" in body
            for attr in ('name="player" value', 'name="other" value')
        )
        or f'href="/players/{pk}/"' in body
    )


def _door(client: Client, drive: Drive, typed: str, player: Player) -> bool:
    """Whether the door, given `typed`, offers `player` or enters them (rolled back)."""
    cookies = copy.deepcopy(client.cookies)
    with transaction.atomic():
        response = client.post(f"/drives/{drive.pk}/entries/", {"name": typed})
        entered = Entry.objects.filter(drive=drive, player=player).exists()
        transaction.set_rollback(True)
    client.cookies = cookies
    return entered or _offers(response.content.decode(), player.pk)


def _searches(
    client: Client, drive: Drive, own: Player, typed: str, sought: Player
) -> dict[str, bool]:
    """Whether the door, the roster's search and the merge page (of the
    player `own`) offer the player `sought` for `typed`."""
    roster = client.get("/players/", {"q": typed, "show": "all"})
    merge = client.get(f"/players/{own.pk}/merge/", {"q": typed})
    return {
        "door": _door(client, drive, typed, sought),
        "roster": _offers(roster.content.decode(), sought.pk),
        "merge": _offers(merge.content.decode(), sought.pk),
    }


@pytest.mark.parametrize(
    "typed", ["Quenby Marchbanks", "Quenby", "marchbank", "Quenby Marchbanx"]
)
def test_the_door_and_the_roster_search_only_their_own_club(clubs, typed):
    """Club X's door, roster search and merge page, asked for a name only club
    C's roster holds (whole, in part, misspelt): C's player is never offered
    nor entered, where C's own pages offer them."""
    c_player = clubs["player"]
    x_player = Player.objects.get(pk=clubs["x_ids"]["player"])
    found = _searches(
        clubs["clients"]["organiser X"], clubs["x_drive"], x_player, typed, c_player
    )
    assert found == {"door": False, "roster": False, "merge": False}
    # The same searches in club C (a second drive, with C's player not yet
    # entered; another player to merge with) offer them.
    c_client = _logged_in(MembershipFactory(club=clubs["club"]).user)
    c_drive = drive_with_players(players=8, club=clubs["club"], start=False)
    c_other = PlayerFactory(club=clubs["club"], name="Rhona Reed")
    found = _searches(c_client, c_drive, c_other, typed, c_player)
    # The roster's search is by part of a name, not by near spellings.
    roster = typed.casefold() in C_PLAYER.casefold()
    assert found == {"door": True, "roster": roster, "merge": True}


def test_another_clubs_player_picked_at_the_door_is_refused(clubs):
    """A forged form naming club C's player at club X's door: refused, nobody
    entered; the entries page lists only X's roster."""
    client = clubs["clients"]["organiser X"]
    x_drive = clubs["x_drive"]
    entries = client.get(f"/drives/{x_drive.pk}/entries/").content.decode()
    assert "Hilda Hill" in entries
    assert C_PLAYER not in entries
    for field in ("player", "partner"):
        door = client.post(
            f"/drives/{x_drive.pk}/entries/", {field: clubs["player"].pk}
        )
        assert door.status_code == 400
    assert not Entry.objects.filter(drive=x_drive, player__club=clubs["club"]).exists()
