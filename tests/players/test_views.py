"""The club's own pages through Django's test client: the first visit and set-up,
logging in and out, the roster, and who may use them."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from drive.models import DriveState, Entry
from players.models import Club, Membership, Player, Role
from tests.factories import DriveFactory, PlayerFactory, UserFactory
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db


PASSWORD = "correct horse battery"  # tests.factories.UserFactory's


@pytest.mark.parametrize("path", ["/", "/drives/", "/login/", "/players/"])
def test_first_visit_to_an_empty_site_goes_to_setup(db, path):
    response = Client().get(path)
    assert response.status_code == 302
    assert response["Location"] == "/setup/"


def test_only_a_possible_first_visit_asks_whether_the_site_is_set_up(
    assistant_client, live_drive
):

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


def test_adding_a_name_the_roster_holds_asks_whether_it_is_someone_else(
    organiser_client, club
):
    """A second card for the same person would split their results: the
    roster says who already has the name, and adds another only when asked."""
    first = PlayerFactory(club=club, name="Sally Hart", phone="01632 960555")
    gone = PlayerFactory(club=club, name="sally  HART", active=False)
    form = {"name": "SALLY hart", "email": "", "phone": "", "group": ""}
    asked = organiser_client.post("/players/", form)
    assert asked.status_code == 400
    html = asked.content.decode()
    assert "The roster already has a player called SALLY hart." in html
    assert "On the roster already:" in html
    assert f'href="/players/{first.pk}/">Sally Hart</a>' in html
    assert f'href="/players/{gone.pk}/"' in html and ", deactivated</span>" in html
    assert "01632 960555" in html
    button = re.search(r'<button type="submit" name="namesake" value="([^"]+)">', html)
    assert button and "Add another SALLY hart" in html
    assert Player.objects.filter(club=club).count() == 2

    # The button names the name it was for: another name typed meanwhile is
    # asked about again if the roster holds it.
    PlayerFactory(club=club, name="Ben Ray")
    other = organiser_client.post(
        "/players/", {**form, "name": "Ben Ray", "namesake": button.group(1)}
    )
    assert other.status_code == 400
    assert "already has a player called Ben Ray" in other.content.decode()

    added = organiser_client.post("/players/", {**form, "namesake": button.group(1)})
    assert added.status_code == 302
    assert Player.objects.filter(club=club, name="SALLY hart").count() == 1
    # The list shows what tells them apart where a phone hides the columns.
    listed = organiser_client.get("/players/?show=all").content.decode()
    assert '<span class="detail narrow-only">01632 960555</span>' in listed
    assert listed.count('class="detail narrow-only"') == 3
    # Another club's player is no namesake.
    PlayerFactory(name="Zed Quill")
    assert (
        organiser_client.post("/players/", {**form, "name": "Zed Quill"}).status_code
        == 302
    )


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


def test_a_user_without_a_club_is_refused(club):
    client = Client()
    client.force_login(UserFactory(username="nobody"))
    assert client.get("/drives/").status_code == 403
