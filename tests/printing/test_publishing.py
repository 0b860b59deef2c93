"""The club's website receiving a finished drive (printing.publishing): keys, the API, refusals.

One database plays both sites: the hall's drive is dumped, then forgotten
(as if the website had never had it), then published into the same club.
"""

from __future__ import annotations

import hashlib
import json
import uuid

import pytest
from django.test import Client

from drive.models import Drive, Entry
from league.models import Season
from league.selectors import season_drives
from players.models import AuditEvent, Player
from printing.models import PublishingKey
from printing.publishing import publishing_key_create, publishing_key_revoke
from printing.transfer import dump_drive
from scoring.models import HandResult
from tests.factories import ClubFactory, drive_with_players, play_drive, varied_tricks
from tests.printing.fixtures import workbook_values
from tests.printing.transfer import forget

pytestmark = pytest.mark.django_db
API = "/api/publish/"


@pytest.fixture
def hall(club):
    """A finished drive as the hall laptop sends it, and its workbook there."""
    drive = play_drive(drive_with_players(players=8, club=club), tricks=varied_tricks)
    data = dump_drive(drive=drive)
    book = workbook_values(drive)
    forget(drive)
    return data, book


@pytest.fixture
def key(club) -> str:
    return publishing_key_create(club=club, name="Hall laptop").key


def post(data, key: str | None, client: Client | None = None, **extra):
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"} if key else {}
    return (client or Client()).post(
        API, body, content_type="application/json", **headers, **extra
    )


def counts() -> tuple[int, int, int, int]:
    return (
        Drive.objects.count(),
        Entry.objects.count(),
        HandResult.objects.count(),
        Player.objects.count(),
    )


# --- keys ----------------------------------------------------------------------------


def test_a_key_is_kept_only_as_its_digest_and_revoking_ends_it(club):
    new = publishing_key_create(club=club, name="  Hall   laptop ")
    assert new.key.startswith("wdp_") and len(new.key) > 40
    record = PublishingKey.objects.get()
    assert record.name == "Hall laptop"
    assert record.digest == hashlib.sha256(new.key.encode()).hexdigest()
    stored = [str(getattr(record, f.attname)) for f in PublishingKey._meta.fields]
    assert not any(new.key in value for value in stored)
    publishing_key_revoke(club=club, pk=record.pk)
    record.refresh_from_db()
    assert record.revoked_at is not None


# --- publishing ----------------------------------------------------------------------


def test_a_published_drive_gives_the_hall_s_workbook_and_a_public_page(club, hall, key):
    data, book = hall
    response = post(data, key)
    assert response.status_code == 200, response.content
    url = response.json()["public_url"]
    drive = Drive.objects.get(club=club)
    assert url == f"http://testserver/p/{drive.public_key}/"
    assert str(drive.uid) == data["rows"]["drive.drive"][0]["uid"]
    assert workbook_values(drive) == book
    page = Client().get(url.removeprefix("http://testserver"))
    assert page.status_code == 200
    assert drive.name in page.content.decode()
    assert PublishingKey.objects.get().last_used_at is not None


def test_publishing_again_replaces_the_copy_and_keeps_the_address(club, hall, key):
    data, book = hall
    first = post(data, key).json()["public_url"]
    before = counts()
    first_pk = Drive.objects.get().pk
    again = post(data, key)
    assert again.status_code == 200
    assert again.json()["public_url"] == first
    assert counts() == before  # no duplicate drive, entries, results or players
    drive = Drive.objects.get()
    assert drive.pk != first_pk
    assert workbook_values(drive) == book
    assert AuditEvent.objects.filter(drive_id=first_pk).count() == 0


def test_the_published_drive_joins_the_season(club, hall, key):
    data, _book = hall
    season = Season.objects.create(
        club=club, name="Winter", start="2026-09-01", end="2027-03-31"
    )
    post(data, key)
    assert [d.name for d in season_drives(season=season)] == ["Friday drive"]


# --- refusals: nothing written -------------------------------------------------------


def test_a_wrong_or_revoked_key_is_refused(club, hall, key):
    data, _book = hall
    before = counts()
    assert post(data, "wdp_" + "x" * 43).status_code == 401
    assert post(data, None).status_code == 401
    publishing_key_revoke(club=club, pk=PublishingKey.objects.get().pk)
    refused = post(data, key)
    assert refused.status_code == 401
    assert "revoked" in refused.json()["message"]
    assert counts() == before


def test_a_key_publishes_the_club_its_first_drive_named_whatever_the_website_calls_it(
    club, hall, key, organiser_client
):
    data, _book = hall
    # The hall laptop calls the club something else than the website does.
    data["club"]["name"] = "Klub Wista  Kraków"
    assert post(data, key).status_code == 200
    assert Drive.objects.get().club == club
    record = PublishingKey.objects.get()
    assert record.sender == "Klub Wista Kraków"
    # Capitals, accents and spaces aside, the same club publishes again.
    again = json.loads(json.dumps(data))
    again["club"]["name"] = "klub wista krakow"
    assert post(again, key).status_code == 200
    assert Drive.objects.count() == 1
    # The website's keys page says whose drives the key publishes.
    page = organiser_client.get("/club/website/").content.decode()
    assert "Publishes the drives of Klub Wista Kraków" in page


def test_another_club_s_drive_is_refused(club, hall, key):
    data, _book = hall
    assert post(data, key).status_code == 200
    before = counts()
    other = json.loads(json.dumps(data))
    other["club"]["name"] = "Hillside Whist Club"
    other["rows"]["drive.drive"][0]["uid"] = str(uuid.uuid4())
    refused = post(other, key)
    assert refused.status_code == 403
    message = refused.json()["message"]
    assert "Hillside Whist Club" in message and club.name in message
    assert counts() == before
    nameless = json.loads(json.dumps(data))
    nameless["club"] = {}
    assert post(nameless, key).status_code == 400
    assert counts() == before


def test_a_key_cannot_overwrite_another_club_s_drive(club, hall, key):
    data, _book = hall
    assert post(data, key).status_code == 200
    # Another club of the website, with the same name and a key of its own.
    namesake = ClubFactory(name=club.name)
    other_key = publishing_key_create(club=namesake, name="Their laptop").key
    before = counts()
    refused = post(data, other_key)
    assert refused.status_code == 403
    assert counts() == before
    assert Drive.objects.get().club == club


def test_a_tampered_file_is_refused_with_nothing_written(club, hall, key):
    data, _book = hall
    before = counts()
    tampered = json.loads(json.dumps(data))
    tampered["rows"]["scoring.handresult"][0]["ns_tricks"] = 14
    refused = post(tampered, key)
    assert refused.status_code == 400
    assert "14" in refused.json()["message"]
    assert post(b"{not json", key).status_code == 400
    no_uid = json.loads(json.dumps(data))
    no_uid["rows"]["drive.drive"][0]["uid"] = "not-a-uid"
    assert post(no_uid, key).status_code == 400
    assert counts() == before


def test_a_drive_not_finished_is_refused(club, hall, key):
    data, _book = hall
    playing = json.loads(json.dumps(data))
    playing["rows"]["drive.drive"][0]["state"] = "in_play"
    assert post(playing, key).status_code == 409
    assert Drive.objects.count() == 0


def test_an_oversized_upload_is_refused_before_it_is_read(club, hall, key, settings):
    data, _book = hall
    settings.PUBLISHING_MAX_BYTES = 1000
    refused = post(data, key)
    assert refused.status_code == 413
    assert "1000" in refused.json()["message"]
    assert Drive.objects.count() == 0


def test_too_many_publications_or_wrong_keys_wait(club, hall, key, settings):
    data, _book = hall
    settings.PUBLISHING_PER_MINUTE = 2
    assert post(data, key).status_code == 200
    assert post(data, key).status_code == 200
    paused = post(data, key)
    assert paused.status_code == 429 and paused["Retry-After"] == "60"
    # A guesser from one address is paused too, whatever key it tries next.
    for _ in range(10):
        assert post(data, "wdp_guess").status_code == 401
    assert post(data, "wdp_guess").status_code == 429


def test_only_a_post_is_answered(key):
    assert Client().get(API, HTTP_AUTHORIZATION=f"Bearer {key}").status_code == 405


# --- the organiser's page -------------------------------------------------------------


def test_a_new_key_is_shown_once_and_can_be_revoked(organiser_client, club):
    made = organiser_client.post("/club/website/keys/", {"name": "Hall laptop"})
    assert made.status_code == 200
    shown = made.context["new_key"].key
    assert shown in made.content.decode()
    assert made["Cache-Control"] == "no-store"
    page = organiser_client.get("/club/website/")
    assert page.status_code == 200
    assert "Hall laptop" in page.content.decode()
    assert shown not in page.content.decode()
    record = PublishingKey.objects.get(club=club)
    twice = organiser_client.post("/club/website/keys/", {"name": "Hall laptop"})
    assert twice.status_code == 400
    revoked = organiser_client.post(f"/club/website/keys/{record.pk}/revoke/")
    assert revoked.status_code == 302
    record.refresh_from_db()
    assert record.revoked_at is not None
    assert organiser_client.post("/club/website/keys/", {"name": ""}).status_code == 400


def test_the_page_is_for_organisers_of_the_club(assistant_client, organiser_client):
    assert assistant_client.get("/club/website/").status_code == 403
    elsewhere = publishing_key_create(club=ClubFactory(), name="Theirs").record
    refused = organiser_client.post(f"/club/website/keys/{elsewhere.pk}/revoke/")
    assert refused.status_code == 404
    elsewhere.refresh_from_db()
    assert elsewhere.revoked_at is None


def test_the_page_reads_in_polish(organiser_client):
    page = organiser_client.get("/club/website/", HTTP_ACCEPT_LANGUAGE="pl")
    organiser_client.cookies["django_language"] = "pl"
    page = organiser_client.get("/club/website/")
    assert page.status_code == 200
    assert "The club's website" not in page.content.decode()


def test_uids_are_the_drives_own(club):
    first = drive_with_players(players=4, club=club, start=False)
    second = drive_with_players(players=4, club=club, start=False)
    assert isinstance(first.uid, uuid.UUID) and first.uid != second.uid
