"""A form kept open while its person changes club (players.access): every
organiser's form carries the club it was shown for, and a form sent for
another club than the one the request would write into is refused, with
nothing written.

Tamsin organises two clubs of a county's site, a Polish one (Trefl) and a
Russian one (Piki). Tab 1 shows Trefl's roster with its "Add a player" form;
in tab 2 she changes to Piki; then she sends tab 1's form. The address names
no row, so without the form's own club the player would join Piki's roster.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from league.models import Season
from players.models import Membership, Player, Role
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    drive_with_players,
)

pytestmark = pytest.mark.django_db

# Writes any request may make: its session, the login throttle's count.
BOOKKEEPING = ("django_session", "axes_", "players_secretlinkmiss")


@pytest.fixture
def trefl():
    return ClubFactory(name="Trefl", language="pl")


@pytest.fixture
def piki():
    return ClubFactory(name="Piki", language="ru")


@pytest.fixture
def client(trefl, piki) -> Client:
    user = UserFactory(username="tamsin")
    MembershipFactory(club=trefl, user=user, role=Role.ORGANISER)
    MembershipFactory(club=piki, user=user, role=Role.ORGANISER)
    client = Client()
    client.force_login(user)
    client.post("/club/", {"club": trefl.pk})
    return client


def _hidden_fields(page: str) -> dict[str, str]:
    """The hidden fields of the page's forms, as the browser sends them."""
    return dict(
        re.findall(r'<input type="hidden" name="([\w-]+)" value="([^"]*)"', page)
    )


def _form_of(client: Client, path: str) -> dict[str, str]:
    """The hidden fields of the page at `path` (tab 1), the csrf token aside
    (the test client does not check it)."""
    response = client.get(path)
    assert response.status_code == 200
    fields = _hidden_fields(response.content.decode())
    fields.pop("csrfmiddlewaretoken", None)
    return fields


def _writes(queries) -> list[str]:
    return [
        q["sql"][:100]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
        and not any(table in q["sql"] for table in BOOKKEEPING)
    ]


def test_a_player_added_in_a_stale_tab_joins_no_other_club(client, trefl, piki):
    hidden = _form_of(client, "/players/")
    client.post("/club/", {"club": piki.pk})  # tab 2
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            "/players/",
            {**hidden, "name": "Zofia Nowak", "group": ""},
            headers={"Referer": "http://testserver/players/"},
        )
    assert response.status_code == 409
    assert _writes(queries) == []
    assert not Player.objects.filter(name="Zofia Nowak").exists()
    page = response.content.decode()
    # Said in the language of the club she works in now, naming both clubs.
    assert '<html lang="ru">' in page
    assert (
        "Эта форма была для клуба «Trefl», а теперь вы работаете в клубе «Piki». "
        "Ничего не сохранено." in page
    )
    # A way on in either club: back to Trefl and the form again, or Piki's form.
    assert f'<button type="submit" name="club" value="{trefl.pk}"' in page
    assert '<input type="hidden" name="next" value="/players/">' in page
    assert 'href="/players/"' in page
    # Back in Trefl, the same form adds her to Trefl's roster.
    response = client.post("/club/", {"club": trefl.pk, "next": "/players/"})
    assert response["Location"] == "/players/"
    hidden = _form_of(client, "/players/")
    assert client.post("/players/", {**hidden, "name": "Zofia Nowak"}).status_code == (
        302
    )
    assert Player.objects.get(name="Zofia Nowak").club == trefl


def test_an_htmx_request_of_a_stale_page_is_refused_too(client, trefl, piki):
    """htmx sends the page's club in a header (hx-headers on the page), for a
    button that is in no form. A part of the page asked for (a row, a line):
    the refusal and the ways on in the page's notice area, nothing else on
    the page touched (what was typed stays); a boosted form: the whole page."""
    page = client.get("/players/").content.decode()
    header = re.search(r"hx-headers='\{\"X-Form-Club\": \"(\d+)\"\}'", page)
    assert header and header.group(1) == str(trefl.pk)
    client.post("/club/", {"club": piki.pk})
    part = {
        "HX-Request": "true",
        "X-Form-Club": header.group(1),
        "HX-Current-URL": "http://testserver/players/",
        "Referer": "http://testserver/players/",
    }
    response = client.post("/players/", {"name": "Zofia Nowak"}, headers=part)
    assert response.status_code == 409
    assert response["HX-Retarget"] == "#messages"
    assert response["HX-Reselect"] == ".htmx-refusal"
    notice = response.content.decode()
    assert "<html" not in notice and "<h1" not in notice
    assert 'class="messages htmx-refusal" role="alert"' in notice
    # In the language of the club she works in now, naming both clubs, once.
    assert (
        notice.count(
            "Эта форма была для клуба «Trefl», а теперь вы работаете в клубе «Piki». "
            "Ничего не сохранено."
        )
        == 1
    )
    assert "&amp;" not in notice and "&laquo;" not in notice
    assert f'<button type="submit" name="club" value="{trefl.pk}"' in notice
    assert '<input type="hidden" name="next" value="/players/">' in notice
    assert 'href="/players/"' in notice
    assert not Player.objects.filter(name="Zofia Nowak").exists()

    boosted = client.post(
        "/players/", {"name": "Zofia Nowak"}, headers=part | {"HX-Boosted": "true"}
    )
    assert boosted.status_code == 409
    assert boosted["HX-Retarget"] == "body"
    assert "<h1>" in boosted.content.decode()
    assert not Player.objects.filter(name="Zofia Nowak").exists()


@pytest.mark.parametrize(
    "path",
    [
        "/drives/new/",
        "/seasons/",
        "/club/people/",
        "/players/import/",
        "/club/language/",
        "/club/prizes/",
    ],
)
def test_every_organisers_form_without_an_id_is_kept_to_its_club(
    client, trefl, piki, path
):
    """The new drive, new season, People, roster import, club language,
    prizes... each form sent after a change of club: 409, nothing written."""
    hidden = _form_of(client, "/drives/" if path == "/club/language/" else path)
    assert hidden.get("form_club") == str(trefl.pk)
    client.post("/club/", {"club": piki.pk})
    form = {
        **hidden,
        "name": "Piątek",
        "username": "marek",
        "password": "Lipa-2025-kwiecien",
        "role": "assistant",
        "language": "it",
        "start": "2027-01-01",
        "end": "2027-12-31",
        "date": "2027-01-08",
    }
    with CaptureQueriesContext(connection) as queries:
        response = client.post(path, form)
    assert response.status_code == 409, path
    assert _writes(queries) == []
    assert not Season.objects.exists()
    assert not Membership.objects.filter(user__username="marek").exists()
    piki.refresh_from_db()
    assert piki.language == "ru"


def test_without_a_referer_the_refusal_links_to_a_page_that_opens(client, trefl, piki):
    """/club/language/ takes only POST: a browser that sends no Referer was
    offered a link to it, and the link answered 405."""
    hidden = _form_of(client, "/drives/")
    client.post("/club/", {"club": piki.pk})
    response = client.post("/club/language/", {**hidden, "language": "it"})
    assert response.status_code == 409
    link = re.search(r'<a href="([^"]+)" hx-boost="false">', response.content.decode())
    assert link, response.content.decode()
    assert link.group(1) != "/club/language/"
    assert client.get(link.group(1)).status_code == 200


def test_a_form_of_the_club_worked_in_goes_through(client, trefl, piki):
    client.post("/club/", {"club": piki.pk})
    hidden = _form_of(client, "/players/")
    assert hidden["form_club"] == str(piki.pk)
    assert client.post("/players/", {**hidden, "name": "Пётр"}).status_code == 302
    assert Player.objects.get(name="Пётр").club == piki


def test_a_stale_form_at_an_address_of_its_own_row_goes_to_the_rows_club(
    client, trefl, piki
):
    """A stale form at an address naming a row (Trefl's player) is that row's
    club's: it is written there, and takes the person there, as a link would."""
    player = PlayerFactory(club=trefl, name="Zofia Nowak")
    hidden = _form_of(client, f"/players/{player.pk}/")
    client.post("/club/", {"club": piki.pk})
    response = client.post(
        f"/players/{player.pk}/", {**hidden, "name": "Zofia Nowak-Kowalska"}
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.name == "Zofia Nowak-Kowalska"
    page = client.get("/drives/").content.decode()
    assert 'class="brand" href="/drives/">Trefl</a>' in page


def test_a_form_for_a_club_not_theirs_is_refused(client, trefl):
    other = ClubFactory(name="Kier")
    response = client.post("/players/", {"name": "Intruz", "form_club": other.pk})
    assert response.status_code == 409
    assert "Kier" not in response.content.decode()
    assert not Player.objects.filter(name="Intruz").exists()
    response = client.post("/players/", {"name": "Intruz", "form_club": "Kier"})
    assert response.status_code == 409
    assert not Player.objects.filter(name="Intruz").exists()


def test_a_form_without_the_club_is_taken_as_before(client, trefl):
    """A form of a page shown before this change (or a test's own post)."""
    assert client.post("/players/", {"name": "Zofia"}).status_code == 302
    assert Player.objects.get(name="Zofia").club == trefl


def test_the_captains_and_public_pages_carry_no_club(trefl):
    drive = drive_with_players(players=8, club=trefl)
    from drive.models import Table

    table = Table.objects.filter(drive=drive).first()
    page = Client().get(f"/t/{table.captain_key}/").content.decode()
    assert "form_club" not in page and "X-Form-Club" not in page
