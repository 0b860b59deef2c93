"""The hall laptop publishing a finished drive (printing.publishing_client), to a stand-in website.

The stand-in is a small HTTP server in this process that answers as the
website would (or refuses, or is not there); the two real sites meet in
tests/reliability/test_publishing.py.
"""

from __future__ import annotations

import io
import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError

from drive.models import Drive
from printing.models import Publication, PublishingSite
from printing.publishing_client import (
    drive_publish,
    publishing_site_save,
    site_address_clean,
)
from printing.transfer import dump_drive
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.fixtures import drive_url
from tests.printing.publishing_site import PUBLIC, closed_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(club) -> Drive:
    return play_drive(drive_with_players(players=8, club=club), tricks=varied_tricks)


# --- the address ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "address",
    [
        "https://whist.example.org",
        "https://whist.example.org/club/",
        "http://127.0.0.1:8000",
        "http://localhost:8000/",
        "http://[::1]:8000",
    ],
)
def test_https_or_loopback_is_an_address(address):
    assert site_address_clean(address) == address.rstrip("/")


@pytest.mark.parametrize(
    "address",
    [
        "http://whist.example.org",
        "http://192.168.1.5:8000",
        "ftp://whist.example.org",
        "whist.example.org",
        "https://",
        "https://whist.example.org/?a=1",
        "https://user@whist.example.org",
        "https://whist.example.org:99999",
    ],
)
def test_anything_else_is_refused(address):
    with pytest.raises(ValidationError):
        site_address_clean(address)


# --- publishing ----------------------------------------------------------------------


def test_the_drive_goes_with_the_key_and_the_address_is_kept(finished, website):
    # The drive as it stands before it is sent (the send's own record comes after).
    sent = json.loads(json.dumps(dump_drive(drive=finished)))
    publication = drive_publish(drive=finished, address=website.url, key=" the-key ")
    assert publication.published
    assert publication.public_url == PUBLIC and publication.address == website.url
    headers, body = website.received[0]
    assert headers["Authorization"] == "Bearer the-key"
    assert json.loads(body) == sent
    # Publishing again is the same request: the website replaces its copy.
    again = drive_publish(drive=finished, address=website.url, key="the-key")
    assert again.pk == publication.pk and again.published
    assert len(website.received) == 2


def test_a_website_out_of_reach_leaves_the_reason_and_later_works(finished, website):
    publication = drive_publish(drive=finished, address=closed_port(), key="k")
    assert not publication.published
    assert "could not be reached" in publication.reason
    assert Publication.objects.get(drive=finished).reason == publication.reason
    later = drive_publish(drive=finished, address=website.url, key="k")
    assert later.published and later.reason == ""


def test_a_refusal_says_the_website_s_reason(finished, website):
    drive_publish(drive=finished, address=website.url, key="k")
    website.status = 401
    website.answer = {"message": "This publishing key is wrong or was revoked."}
    publication = drive_publish(drive=finished, address=website.url, key="k")
    assert not publication.published
    assert "401" in publication.reason and "revoked" in publication.reason
    # The earlier publication is still known.
    assert publication.published_at is not None and publication.public_url == PUBLIC


def test_an_answer_without_an_address_is_a_failure(finished, website):
    website.answer = {"something": "else"}
    publication = drive_publish(drive=finished, address=website.url, key="k")
    assert not publication.published and "no results address" in publication.reason


def test_a_drive_not_finished_is_not_sent(club, website):
    playing = drive_with_players(players=8, club=club)
    with pytest.raises(ValidationError):
        drive_publish(drive=playing, address=website.url, key="k")
    assert website.received == [] and not Publication.objects.exists()


def test_the_publication_stays_on_the_laptop(finished, website):
    drive_publish(drive=finished, address=website.url, key="k")
    assert "printing.publication" not in dump_drive(drive=finished)["rows"]


# --- the command ---------------------------------------------------------------------


def test_the_command_prints_the_public_address_last(finished, website):
    out = io.StringIO()
    call_command("publish_drive", str(finished.pk), to=website.url, key="k", stdout=out)
    assert out.getvalue().splitlines()[-1] == PUBLIC


def test_the_command_fails_with_the_reason(finished):
    with pytest.raises(CommandError, match="could not be reached"):
        call_command(
            "publish_drive",
            str(finished.pk),
            to=closed_port(),
            key="k",
            stdout=io.StringIO(),
        )
    with pytest.raises(CommandError, match="https://"):
        call_command(
            "publish_drive",
            str(finished.pk),
            to="http://example.org",
            key="k",
            stdout=io.StringIO(),
        )


def test_the_key_command_prints_a_key_last(club):
    out = io.StringIO()
    call_command("publishing_key", str(club.pk), stdout=out, stderr=io.StringIO())
    key = out.getvalue().splitlines()[-1]
    from printing.publishing import publishing_key_find

    assert publishing_key_find(key).club == club


# --- the button ----------------------------------------------------------------------


def test_the_button_publishes_and_the_drive_says_so(
    organiser_client, finished, website
):
    page = organiser_client.get(drive_url(finished))
    assert f'href="/drives/{finished.pk}/publish/"' in page.content.decode()
    page = organiser_client.get(f"/drives/{finished.pk}/publish/")
    assert page.status_code == 200
    assert 'href="/club/website/"' in page.content.decode()  # the website first
    saved = organiser_client.post(
        "/club/website/site/", {"address": website.url, "key": "the-key"}
    )
    assert saved.status_code == 302
    assert PublishingSite.objects.get().key == "the-key"
    page = organiser_client.get(f"/drives/{finished.pk}/publish/").content.decode()
    assert "Not yet published." in page
    assert f'action="/drives/{finished.pk}/publish/"' in page
    done = organiser_client.post(f"/drives/{finished.pk}/publish/", follow=True)
    assert done.status_code == 200
    text = done.content.decode()
    assert PUBLIC in text and "Published" in text
    assert done.redirect_chain[-1][0] == f"/drives/{finished.pk}/publish/"
    assert website.received[0][0]["Authorization"] == "Bearer the-key"


def test_the_button_shows_why_it_did_not_publish(organiser_client, finished, club):
    publishing_site_save(club=club, address=closed_port(), key="k")
    done = organiser_client.post(f"/drives/{finished.pk}/publish/", follow=True)
    assert "Not yet published: the website could not be reached" in (
        done.content.decode()
    )


def test_the_website_must_be_https(organiser_client):
    refused = organiser_client.post(
        "/club/website/site/", {"address": "http://example.org", "key": "k"}
    )
    assert refused.status_code == 400
    assert "https://" in refused.content.decode()
    assert not PublishingSite.objects.exists()


def test_only_a_finished_drive_of_one_s_club_is_published(
    organiser_client, assistant_client, club, website
):
    publishing_site_save(club=club, address=website.url, key="k")
    playing = drive_with_players(players=8, club=club)
    assert organiser_client.post(f"/drives/{playing.pk}/publish/").status_code == 409
    assert assistant_client.post(f"/drives/{playing.pk}/publish/").status_code == 403
    elsewhere = drive_with_players(players=8)
    assert organiser_client.post(f"/drives/{elsewhere.pk}/publish/").status_code == 404
    assert website.received == []
