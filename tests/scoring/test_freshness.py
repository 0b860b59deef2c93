"""Conditional GET of the live boards: an unchanged board answers 304, any change 200."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client

from drive import entry_services
from drive import services as drive_services
from drive.models import Drive, Entry, Table
from scoring import captain as captain_services
from scoring import freshness
from scoring import services as scoring_services
from scoring.models import Adjustment
from tests.factories import (
    MembershipFactory,
    UserFactory,
    drive_with_players,
    play_drive,
)

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def drive(club) -> Drive:
    drive = drive_with_players(players=8, club=club, hands=3)
    return drive_services.public_link_set(drive=drive, shared=True)


def public_path(drive: Drive) -> str:
    return f"/p/{drive.public_key}/"


def poll(client: Client, path: str, etag: str = ""):
    headers = dict(HTMX)
    if etag:
        headers["If-None-Match"] = etag
    return client.get(path, headers=headers)


def captain_sends(drive: Drive, table: int, ns: int, key: str) -> None:
    drive.refresh_from_db()
    captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=table),
        hand=drive.hands_of_round(drive.current_round)[0],
        ns_tricks=ns,
        idempotency_key=key,
    )


def test_an_unchanged_public_board_answers_304_with_one_query_of_its_own(
    drive, django_assert_num_queries
):
    client = Client()
    first = poll(client, public_path(drive))
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag.startswith('W/"')
    assert "no-cache" in first["Cache-Control"] and "private" in first["Cache-Control"]
    assert "HX-Request" in first["Vary"]
    # The phone's cookie says it knows the link: the board's fingerprint, nothing else
    # (a public link skips the site's first-visit check).
    with django_assert_num_queries(1) as queries:
        again = poll(client, public_path(drive), etag)
    if connection.vendor == "postgresql":
        # Every poll of every board asks it: kept planned (players.prepared).
        assert queries.captured_queries[0]["sql"].startswith("EXECUTE w_")
    assert again.status_code == 304
    assert again["ETag"] == etag
    assert again.content == b""


@pytest.mark.parametrize(
    "change",
    ["result", "conflict", "adjustment", "adjustment deleted", "withdrawal", "drive"],
)
def test_any_change_to_what_a_board_shows_makes_it_new(drive, organiser, change):
    client = Client()
    etag = poll(client, public_path(drive))["ETag"]
    entry = Entry.objects.filter(drive=drive).first()
    if change == "result":
        captain_sends(drive, 1, 9, "a" * 22)
    elif change == "conflict":
        captain_sends(drive, 1, 9, "a" * 22)
        etag = poll(client, public_path(drive))["ETag"]
        captain_sends(drive, 1, 4, "b" * 22)  # a second phone disagrees
    elif change == "adjustment":
        scoring_services.adjustment_add(entry=entry, points=3, reason="x", by=organiser)
    elif change == "adjustment deleted":
        scoring_services.adjustment_add(entry=entry, points=3, reason="x", by=organiser)
        etag = poll(client, public_path(drive))["ETag"]
        scoring_services.adjustment_delete(adjustment=Adjustment.objects.get())
    elif change == "withdrawal":
        entry_services.entry_withdraw(entry=entry)
    else:
        drive_services.drive_update(drive=drive, group_a_label="Ladies first")
    response = poll(client, public_path(drive), etag)
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_a_board_is_made_afresh_after_the_recheck_time(drive, monkeypatch):
    client = Client()
    etag = poll(client, public_path(drive))["ETag"]
    assert poll(client, public_path(drive), etag).status_code == 304
    later = freshness.time.time() + freshness.RECHECK_SECONDS + 1
    monkeypatch.setattr(freshness.time, "time", lambda: later)
    response = poll(client, public_path(drive), etag)
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_full_pages_and_finished_drives_are_never_304(drive, assistant_client):
    path = f"/drives/{drive.pk}/leaderboard/"
    page = assistant_client.get(path)
    assert page.status_code == 200 and "ETag" not in page
    etag = poll(assistant_client, path)["ETag"]
    assert (
        assistant_client.get(path, headers={"If-None-Match": etag}).status_code == 200
    )
    play_drive(drive)
    finished = poll(Client(), public_path(drive), etag)
    assert finished.status_code == 286  # htmx: stop polling
    assert "ETag" not in finished


def test_leaderboard_and_projector_partials_are_conditional(
    drive, assistant_client, organiser
):
    entry = Entry.objects.filter(drive=drive).first()
    for path in (
        f"/drives/{drive.pk}/leaderboard/",
        f"/drives/{drive.pk}/projector/?board=overall",
        f"/drives/{drive.pk}/projector/?board=group-a",
    ):
        etag = poll(assistant_client, path)["ETag"]
        assert poll(assistant_client, path, etag).status_code == 304
        scoring_services.adjustment_add(entry=entry, points=1, reason="x", by=organiser)
        assert poll(assistant_client, path, etag).status_code == 200
    overall = poll(assistant_client, f"/drives/{drive.pk}/projector/?board=overall")
    group = poll(assistant_client, f"/drives/{drive.pk}/projector/?board=group-a")
    assert overall["ETag"] != group["ETag"]


def test_another_clubs_organiser_gets_no_304_for_a_board_they_cannot_see(drive):
    other = drive_with_players(players=8)
    outsider = Client()
    outsider.force_login(
        MembershipFactory(club=other.club, user=UserFactory(), role="organiser").user
    )
    insider_etag = poll(Client(), public_path(drive))["ETag"]
    response = poll(outsider, f"/drives/{drive.pk}/leaderboard/", insider_etag)
    assert response.status_code == 404


def test_a_forged_or_broken_etag_gets_the_board(drive):
    client = Client()
    for etag in ('W/"nonsense"', '"abc.99999999999999999999"', "*", 'W/"x.1", W/"y.2"'):
        assert poll(client, public_path(drive), etag).status_code == 200
