"""One person who helps to run two clubs of a county's site (players.access):
which club they work in, changing it, and links into the other club.

Tamsin organises a Polish club (Trefl) and assists a Russian one (Piki).
"""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.test import Client

from players.models import Club, Membership, Player, Role
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    drive_with_players,
)
from tests.fixtures import messages_of

pytestmark = pytest.mark.django_db

PASSWORD = "Lipa-2025-kwiecien"


@pytest.fixture
def trefl():
    return ClubFactory(
        name="Trefl", language="pl", time_zone="Europe/Warsaw", currency="PLN"
    )


@pytest.fixture
def piki():
    return ClubFactory(
        name="Piki", language="ru", time_zone="Asia/Yekaterinburg", currency="RUB"
    )


@pytest.fixture
def tamsin(trefl, piki):
    user = UserFactory(username="tamsin")
    user.set_password(PASSWORD)
    user.save()
    MembershipFactory(club=trefl, user=user, role=Role.ORGANISER)
    MembershipFactory(club=piki, user=user, role=Role.ASSISTANT)
    return user


@pytest.fixture
def client(tamsin) -> Client:
    client = Client()
    client.force_login(tamsin)
    return client


def test_logging_in_asks_which_club_and_the_choice_holds(tamsin, trefl, piki):
    client = Client()
    response = client.post("/login/", {"username": "tamsin", "password": PASSWORD})
    assert response["Location"] == "/club/"
    page = client.get("/club/").content.decode()
    assert "Trefl" in page and "Piki" in page
    response = client.post("/club/", {"club": piki.pk}, follow=True)
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == "/drives/"
    # The Russian club's pages, in Russian, with a way back.
    assert '<html lang="ru">' in page
    assert 'class="brand" href="/drives/">Piki</a>' in page
    assert 'href="/club/">' in page
    assert "Trefl" not in page.split("<main")[1]


def test_a_login_with_a_page_asked_for_goes_to_it(tamsin, piki):
    drive = drive_with_players(players=8, club=piki)
    client = Client()
    response = client.post(
        f"/login/?next=/drives/{drive.pk}/",
        {"username": "tamsin", "password": PASSWORD},
    )
    assert response["Location"] == f"/drives/{drive.pk}/"


def test_someone_of_one_club_is_not_asked(trefl):
    user = UserFactory(username="olga")
    user.set_password(PASSWORD)
    user.save()
    MembershipFactory(club=trefl, user=user)
    client = Client()
    response = client.post("/login/", {"username": "olga", "password": PASSWORD})
    assert response["Location"] == "/drives/"
    assert 'href="/club/"' not in client.get("/drives/").content.decode()


def test_each_club_sees_only_its_own_drives_and_roster(client, trefl, piki):
    drive_with_players(players=4, club=trefl, start=False, name="Piątkowy")
    drive_with_players(players=4, club=piki, start=False, name="Пятничный")
    PlayerFactory(club=trefl, name="Zofia Trefl")
    drives = client.get("/drives/").content.decode()
    assert "Piątkowy" in drives and "Пятничный" not in drives
    assert "Zofia Trefl" in client.get("/players/").content.decode()
    client.post("/club/", {"club": piki.pk})
    drives = client.get("/drives/").content.decode()
    assert "Пятничный" in drives and "Piątkowy" not in drives
    # An assistant of Piki: no roster there.
    assert client.get("/players/").status_code == 403


def test_a_link_into_the_other_clubs_drive_takes_them_there(client, trefl, piki):
    drive = drive_with_players(players=8, club=piki, name="Пятничный")
    response = client.get(f"/drives/{drive.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert '<html lang="ru">' in page
    assert 'class="brand" href="/drives/">Piki</a>' in page
    assert messages_of(response) == ["Теперь вы работаете в клубе «Piki»."]
    # And they stay there: the drives list is Piki's now.
    assert "Пятничный" in client.get("/drives/").content.decode()


def test_a_link_into_the_other_club_carries_the_role_there(client, trefl, piki):
    """An organiser of Trefl is an assistant at Piki: Piki's set-up is refused."""
    drive = drive_with_players(players=8, club=piki, start=False)
    assert client.get(f"/drives/{drive.pk}/edit/").status_code == 403
    response = client.post(f"/drives/{drive.pk}/edit/", {"name": "Hijacked"})
    assert response.status_code == 403
    drive.refresh_from_db()
    assert drive.name != "Hijacked"
    # Check-in is an assistant's work: it opens.
    assert client.get(f"/drives/{drive.pk}/entries/").status_code == 200


def test_an_organisers_page_of_the_first_club_opens_from_the_second(
    client, trefl, piki
):
    """Working at Piki (as an assistant), a bookmark of Trefl's drive set-up
    opens it: Tamsin is Trefl's organiser."""
    drive = drive_with_players(players=8, club=trefl, start=False)
    client.post("/club/", {"club": piki.pk})
    response = client.get(f"/drives/{drive.pk}/edit/")
    assert response.status_code == 200
    assert '<html lang="pl">' in response.content.decode()


def test_a_player_link_of_the_other_club_follows_too(client, trefl, piki):
    client.post("/club/", {"club": piki.pk})
    player = PlayerFactory(club=trefl, name="Zofia Trefl")
    response = client.get(f"/players/{player.pk}/")
    assert response.status_code == 200
    assert "Zofia Trefl" in response.content.decode()


def test_a_season_link_of_the_other_club_follows_too(client, trefl, piki):
    """A link into Trefl's season (its league table, its workbook) opens from
    Piki, in Trefl's language."""
    from league.models import Season

    client.post("/club/", {"club": piki.pk})
    season = Season.objects.create(
        club=trefl,
        name="Sezon 2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    response = client.get(f"/seasons/{season.pk}/")
    assert response.status_code == 200
    assert "Sezon 2026" in response.content.decode()
    assert '<html lang="pl">' in response.content.decode()
    assert client.get(f"/seasons/{season.pk}/league.xlsx").status_code == 200


def test_a_tab_polling_the_other_clubs_page_moves_nothing(client, trefl, piki):
    """A page left open on Piki's room polls with htmx: it is answered as
    Piki's page, and the club worked in stays Trefl."""
    drive = drive_with_players(players=8, club=piki)
    response = client.get(f"/drives/{drive.pk}/room/", headers={"HX-Request": "true"})
    assert response.status_code == 200
    page = client.get("/drives/").content.decode()
    assert 'class="brand" href="/drives/">Trefl</a>' in page


# What a browser that sends fetch metadata says of a page it opens: by the
# person (a click, a typed address, a bookmark, their own reload) or by itself
# (a page's <meta http-equiv="refresh">, a script), which sends no Sec-Fetch-User.
BY_THE_PERSON = {
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-Site": "same-origin",
    "Sec-Fetch-User": "?1",
}
BY_ITSELF = {"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin"}


def test_a_tab_refreshing_the_other_clubs_room_moves_nothing(client, trefl, piki):
    """Piki's room, open in a tab without JavaScript, refreshes itself (its
    <meta http-equiv="refresh">): answered as Piki's page, in Russian, while
    the club worked in, in the person's other tabs, stays Trefl."""
    drive = drive_with_players(players=8, club=piki)
    for _refresh in range(2):
        response = client.get(f"/drives/{drive.pk}/room/", headers=BY_ITSELF)
        assert response.status_code == 200
        page = response.content.decode()
        assert '<html lang="ru">' in page
        assert 'class="brand" href="/drives/">Piki</a>' in page
        assert 'http-equiv="refresh"' in page
        assert messages_of(response) == []
    page = client.get("/drives/", headers=BY_THE_PERSON).content.decode()
    assert 'class="brand" href="/drives/">Trefl</a>' in page
    # The person's own click on the same address takes them there.
    response = client.get(f"/drives/{drive.pk}/room/", headers=BY_THE_PERSON)
    assert messages_of(response) == ["Теперь вы работаете в клубе «Piki»."]
    page = client.get("/drives/").content.decode()
    assert 'class="brand" href="/drives/">Piki</a>' in page


def test_a_browser_without_fetch_metadata_follows_links_as_before(client, trefl, piki):
    """An older browser says nothing of who opened a page: a page it opens is
    taken as the person's (a link followed), as before."""
    drive = drive_with_players(players=8, club=piki)
    client.get(f"/drives/{drive.pk}/room/")
    page = client.get("/drives/").content.decode()
    assert 'class="brand" href="/drives/">Piki</a>' in page


def test_a_club_not_theirs_cannot_be_chosen(client, trefl):
    other = ClubFactory(name="Kier")
    drive = drive_with_players(players=8, club=other, name="Kierowy")
    assert client.post("/club/", {"club": other.pk}).status_code == 404
    assert client.get(f"/drives/{drive.pk}/").status_code == 404
    page = client.get("/drives/").content.decode()
    assert 'class="brand" href="/drives/">Trefl</a>' in page
    response = client.post("/club/", {"club": "Kier"})
    assert response.status_code == 400


def test_the_login_page_of_a_site_of_many_clubs_speaks_the_browsers(trefl, piki):
    page = Client().get("/login/", headers={"Accept-Language": "it"})
    assert '<html lang="it">' in page.content.decode()


def test_the_login_page_of_a_site_of_one_club_speaks_the_clubs(trefl):
    page = Client().get("/login/", headers={"Accept-Language": "it"})
    assert '<html lang="pl">' in page.content.decode()


# --- adding a club to the site ---------------------------------------------------


def test_addclub_makes_a_club_with_a_new_organiser(trefl, monkeypatch):
    monkeypatch.setenv("ORGANISER_PASSWORD", PASSWORD)
    out = io.StringIO()
    call_command("addclub", "Piki", "--organiser", "pavel", "--language", "ru",
                 "--no-input", stdout=out)  # fmt: skip
    club = Club.objects.get(name="Piki")
    assert (club.language, club.time_zone, club.currency) == (
        "ru",
        "Europe/Moscow",
        "RUB",
    )
    assert Membership.objects.get(club=club).role == Role.ORGANISER
    assert get_user_model().objects.get(username="pavel").check_password(PASSWORD)
    assert f"club {club.pk}: Piki, organiser pavel" in out.getvalue()
    # The new organiser logs in to their club alone.
    client = Client()
    client.post("/login/", {"username": "pavel", "password": PASSWORD})
    assert 'class="brand" href="/drives/">Piki</a>' in (
        client.get("/drives/").content.decode()
    )
    assert not Player.objects.filter(club=club).exists()


def test_addclub_gives_an_existing_organiser_a_second_club(trefl):
    user = MembershipFactory(club=trefl, user=UserFactory(username="olga")).user
    call_command("addclub", "Piki", "--organiser", "olga", "--language", "ru",
                 stdout=io.StringIO())  # fmt: skip
    assert sorted(user.memberships.values_list("club__name", flat=True)) == [
        "Piki",
        "Trefl",
    ]


def test_addclub_refuses_what_it_cannot_do(trefl, monkeypatch):
    monkeypatch.delenv("ORGANISER_PASSWORD", raising=False)
    with pytest.raises(CommandError, match="ORGANISER_PASSWORD"):
        call_command("addclub", "Piki", "--organiser", "pavel", "--language", "ru",
                     "--no-input")  # fmt: skip
    monkeypatch.setenv("ORGANISER_PASSWORD", "short")
    with pytest.raises(CommandError, match="too short"):
        call_command("addclub", "Piki", "--organiser", "pavel", "--language", "ru",
                     "--no-input")  # fmt: skip
    monkeypatch.setenv("ORGANISER_PASSWORD", PASSWORD)
    with pytest.raises(CommandError, match="time zone"):
        call_command("addclub", "Piki", "--organiser", "pavel", "--language", "ru",
                     "--time-zone", "Mars/Olympus", "--no-input")  # fmt: skip
    assert list(Club.objects.values_list("name", flat=True)) == ["Trefl"]
    assert not get_user_model().objects.filter(username="pavel").exists()


# --- the People page: someone of another club -------------------------------------


def test_people_adds_someone_who_runs_another_club(trefl, piki):
    """Piki's organiser adds Trefl's organiser as an assistant: no new
    account, no password; she keeps her own and now has both clubs."""
    olga = MembershipFactory(club=trefl, user=UserFactory(username="olga")).user
    pavel = MembershipFactory(club=piki, user=UserFactory(username="pavel")).user
    client = Client()
    client.force_login(pavel)
    form = {"username": "olga", "password": "", "role": "assistant"}
    assert client.post("/club/people/", form).status_code == 302
    assert Membership.objects.get(club=piki, user=olga).role == Role.ASSISTANT
    assert Membership.objects.get(club=trefl, user=olga).role == Role.ORGANISER
    # Twice is refused, and so is a password for an account that has one.
    again = client.post("/club/people/", form)
    assert again.status_code == 400
    assert "уже помогает вести этот клуб" in again.content.decode()
    typed = client.post("/club/people/", {**form, "password": PASSWORD})
    assert typed.status_code == 400
    assert "оставьте пароль пустым" in typed.content.decode()
    olga.refresh_from_db()
    assert not olga.check_password(PASSWORD)


def test_people_asks_a_new_account_for_a_password(piki):
    pavel = MembershipFactory(club=piki, user=UserFactory(username="pavel")).user
    client = Client()
    client.force_login(pavel)
    response = client.post(
        "/club/people/", {"username": "nina", "password": "", "role": "assistant"}
    )
    assert response.status_code == 400
    assert not get_user_model().objects.filter(username="nina").exists()


def test_an_account_made_meanwhile_is_refused_as_taken(trefl, monkeypatch):
    """Two clubs' organisers add a new "marek" at the same moment: the one
    whose account is written second is told the name is taken (the database's
    refusal, not a 500), and nothing of theirs is written."""
    from players import services

    User = get_user_model()
    checked = User.full_clean

    def checked_then_taken(user, *args, **kwargs):
        checked(user, *args, **kwargs)
        # The other organiser's "marek" is written just after this one's check.
        if user.username == "marek":
            UserFactory(username="marek")

    monkeypatch.setattr(User, "full_clean", checked_then_taken)
    with pytest.raises(ValidationError) as refused:
        services.member_add(
            club=trefl, username="marek", password=PASSWORD, role=Role.ASSISTANT
        )
    assert "username" in refused.value.message_dict
    assert not Membership.objects.filter(club=trefl, user__username="marek").exists()


def test_downloads_of_someone_of_two_clubs_name_the_club(client, trefl, piki):
    """Both clubs' drives of one evening share a name: the files saved from
    each are named by their club, so the second does not overwrite the first."""
    from league.models import Season

    names = []
    for club in (trefl, piki):
        drive = drive_with_players(players=8, hands=2, club=club)
        drive.name = "Christmas drive"
        drive.save()
        season = Season.objects.create(
            club=club,
            name="2026",
            start=datetime.date(2026, 1, 1),
            end=datetime.date(2026, 12, 31),
        )
        for address in (
            f"/drives/{drive.pk}/print/scorecards.pdf",
            f"/drives/{drive.pk}/export.xlsx",
            f"/drives/{drive.pk}/results.csv",
            f"/seasons/{season.pk}/league.xlsx",
            f"/seasons/{season.pk}/league.pdf",
        ):
            response = client.get(address)
            assert response.status_code == 200, address
            names.append(response["Content-Disposition"])
    assert all("trefl-" in name for name in names[:5]), names[:5]
    assert all("piki-" in name for name in names[5:]), names[5:]
    assert len(set(names)) == len(names)


def test_downloads_of_someone_of_one_club_are_named_as_before(trefl):
    drive = drive_with_players(players=8, hands=2, club=trefl)
    user = UserFactory()
    MembershipFactory(club=trefl, user=user, role=Role.ORGANISER)
    client = Client()
    client.force_login(user)
    response = client.get(f"/drives/{drive.pk}/print/scorecards.pdf")
    assert "trefl" not in response["Content-Disposition"]


def _title(response) -> str:
    return re.search(r"<title>(.*?)</title>", response.content.decode(), re.S)[1]


def test_the_tabs_of_someone_of_two_clubs_name_the_club(client, trefl, piki):
    """Two clubs' drives of one name, open in two tabs: each tab's title names
    its club; someone of one club sees the title as before."""
    ours = drive_with_players(players=8, hands=2, club=trefl, name="Wigilia")
    theirs = drive_with_players(players=8, hands=2, club=piki, name="Wigilia")
    assert _title(client.get(f"/drives/{ours.pk}/")) == "Wigilia · Trefl"
    assert _title(client.get(f"/drives/{theirs.pk}/")) == "Wigilia · Piki"
    user = UserFactory()
    MembershipFactory(club=trefl, user=user, role=Role.ORGANISER)
    alone = Client()
    alone.force_login(user)
    assert _title(alone.get(f"/drives/{ours.pk}/")) == "Wigilia"


@pytest.mark.parametrize("page", ["", "results/"])
def test_a_public_board_names_its_club(trefl, piki, page):
    """Two clubs' boards (and results pages) of one evening, of one drive name
    and of players of one name: a player sent the other club's link sees whose
    board it is, "Trefl · Wigilia, <date>"."""
    boards = []
    for club in (trefl, piki):
        drive = drive_with_players(players=8, hands=2, club=club, name="Wigilia")
        drive.public_key = f"public-key-of-{club.name.lower()}-000000001"
        drive.save(update_fields=["public_key"])
        boards.append(Client().get(f"/p/{drive.public_key}/{page}").content.decode())
    header = [re.search(r"<header.*?</header>", b, re.S)[0] for b in boards]
    assert "Trefl · Wigilia, " in header[0] and "Piki" not in header[0]
    assert "Piki" in header[1] and "Trefl" not in header[1]


def test_an_organisers_page_in_the_club_they_assist_says_why_and_where(client, piki):
    """Tamsin organises Trefl and assists Piki: working in Piki, the roster
    (an organiser's page) says it is for an organiser, that she assists Piki,
    and leads to the choice of club, in Piki's Russian."""
    session = client.session
    session["club"] = piki.pk
    session.save()
    response = client.get("/players/")
    assert response.status_code == 403
    html = response.content.decode()
    assert "Это может сделать только организатор." in html
    assert "В клубе «Piki» вы помощник." in html
    assert 'href="/club/"' in html
