"""Publishing in the record of changes (printing.audit_values): a drive sent to
the club's website (published, or why not) on the drive's record; a publishing
key made or revoked on the club's, listed on the club's website page."""

from __future__ import annotations

import html

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from drive import clock_services
from drive.models import Drive, DriveState
from players.models import AuditEvent, AuditKind
from printing.models import Publication, PublishingKey
from printing.publishing import publishing_key_create, publishing_key_revoke
from printing.publishing_client import drive_publish, publishing_site_save
from prizes import giving, giving_services
from scoring import services as scoring_services
from tests.factories import (
    drive_with_players,
    play_drive,
    play_round,
    varied_tricks,
)
from tests.fixtures import audit_events
from tests.printing.fixtures import dump, load
from tests.printing.publishing_site import PUBLIC, closed_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(club) -> Drive:
    return play_drive(drive_with_players(players=8, club=club), tricks=varied_tricks)


def page_text(client: Client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def key_events(club) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(club=club, drive_id__isnull=True))


def test_the_publish_button_records_who_sent_the_drive_and_where_it_is(
    organiser_client, finished, website, club
):
    publishing_site_save(club=club, address=website.url, key="the-key")
    done = organiser_client.post(f"/drives/{finished.pk}/publish/")
    assert done.status_code == 302
    (sent,) = audit_events(finished, AuditKind.DRIVE_PUBLISH)
    publication = Publication.objects.get(drive=finished)
    assert sent.who == "olive" and sent.old is None
    assert sent.new == {"website": website.url, "published": True, "public_url": PUBLIC}
    assert sent.refs == {"drive": finished.pk, "publication": publication.pk}
    assert sent.subject == f"drive {finished.pk} {finished.name}"
    page = page_text(organiser_client, f"/drives/{finished.pk}/audit/")
    assert "Sent to the club's website" in page
    assert f"club's website: – → {website.url}" in page
    assert "published: – → yes" in page and f"results address: – → {PUBLIC}" in page


def test_a_send_that_failed_is_recorded_with_its_reason(
    organiser_client, finished, club
):
    address = closed_port()
    publishing_site_save(club=club, address=address, key="k")
    organiser_client.post(f"/drives/{finished.pk}/publish/")
    (sent,) = audit_events(finished, AuditKind.DRIVE_PUBLISH)
    reason = Publication.objects.get(drive=finished).reason
    assert reason.startswith("the website could not be reached")
    assert sent.new == {
        "website": address,
        "published": False,
        "reason": reason,
    }
    page = page_text(organiser_client, f"/drives/{finished.pk}/audit/")
    assert "published: – → no" in page and f"reason: – → {reason}" in page


def test_a_drive_not_finished_is_not_sent_and_not_recorded(club, website):
    playing = drive_with_players(players=8, club=club)
    with pytest.raises(ValidationError, match="finished"):
        drive_publish(drive=playing, address=website.url, key="k")
    assert audit_events(playing, AuditKind.DRIVE_PUBLISH) == []


def test_keys_made_and_revoked_are_the_clubs_record(organiser_client, club):
    made = organiser_client.post("/club/website/keys/", {"name": "Hall laptop"})
    assert made.status_code == 200
    key = PublishingKey.objects.get(club=club)
    revoked = organiser_client.post(f"/club/website/keys/{key.pk}/revoke/")
    assert revoked.status_code == 302
    # Revoking a key revoked already changes nothing and records nothing.
    publishing_key_revoke(club=club, pk=key.pk)
    # A key refused (its name taken) is not recorded.
    publishing_key_create(club=club, name="Spare")
    assert (
        organiser_client.post("/club/website/keys/", {"name": "Spare"}).status_code
        == 400
    )
    events = key_events(club)
    assert [(e.kind, e.who, e.subject, e.old, e.new) for e in events] == [
        (AuditKind.KEY_MAKE, "olive", "key Hall laptop", None, {"revoked": False}),
        (
            AuditKind.KEY_REVOKE,
            "olive",
            "key Hall laptop",
            {"revoked": False},
            {"revoked": True},
        ),
        (AuditKind.KEY_MAKE, "command line", "key Spare", None, {"revoked": False}),
    ]
    assert events[1].refs == {"key": key.pk}
    page = page_text(organiser_client, "/club/website/")
    assert "Record of the keys" in page
    assert "Publishing key made" in page and "Publishing key revoked" in page
    assert "publishing key “Hall laptop”" in page and "key Hall laptop" not in page


def test_the_key_record_reads_in_another_language(organiser_client, club):
    publishing_key_create(club=club, name="Hall laptop", by="olive")
    club.language = "pl"
    club.save(update_fields=["language"])
    organiser_client.cookies["django_language"] = "pl"
    page = page_text(organiser_client, "/club/website/")
    assert "The club's website" not in page  # the page is in Polish
    assert "„Hall laptop”" in page and "key Hall laptop" not in page


def test_a_drive_file_carries_the_evenings_new_records_and_loads(
    club, organiser, tmp_path, website
):
    """The bell, the rounds ended, the prize-giving and the send itself travel
    with the drive (dumpdrive) and pass loaddrive's checks of the record."""
    drive = drive_with_players(
        players=8, club=club, hands=2, advance_automatically=False
    )
    clock_services.bell_ring(drive=drive, by=organiser)
    for round_number in (1, 2):
        drive.refresh_from_db()
        play_round(drive, tricks=varied_tricks)
        scoring_services.round_start_next(
            drive=drive, round_number=round_number, by=organiser
        )
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    giving_services.prize_giving_start(drive=drive, by=organiser)
    steps = len(giving.prize_giving(drive=drive).steps)
    assert steps >= 1
    for seen in range(steps):
        giving_services.prize_giving_step(
            drive=drive, action=giving_services.NEXT, seen=seen, by=organiser
        )
    giving_services.prize_giving_stop(drive=drive, by=organiser)
    drive_publish(drive=drive, address=website.url, key="k", by=organiser)
    kinds = [e.kind for e in audit_events(drive)]
    path = dump(drive, tmp_path)
    AuditEvent.objects.filter(drive_id=drive.pk).delete()
    Publication.objects.filter(drive=drive).delete()
    drive.delete()
    loaded = load(path)
    assert [e.kind for e in audit_events(loaded)] == kinds
    for kind in (
        AuditKind.DRIVE_BELL,
        AuditKind.ROUND_END,
        AuditKind.GIVING_START,
        AuditKind.GIVING_PRIZE,
        AuditKind.GIVING_STOP,
        AuditKind.DRIVE_PUBLISH,
    ):
        assert kind in kinds, kind


def test_the_italian_keys_dates_elide_the_article(organiser_client, club):
    """A key made on the 8th and last used on the 11th: "Creata l'8 dic
    2026", "Usata l'ultima volta l'11 dic 2026" (never "il 8", "il 11")."""
    import datetime

    key = publishing_key_create(club=club, name="Portatile della sala", by="olive")
    PublishingKey.objects.filter(pk=key.record.pk).update(
        created_at=datetime.datetime(2026, 12, 8, 12, tzinfo=datetime.UTC),
        last_used_at=datetime.datetime(2026, 12, 11, 12, tzinfo=datetime.UTC),
    )
    club.language = "it"
    club.save(update_fields=["language"])
    organiser_client.cookies["django_language"] = "it"
    page = page_text(organiser_client, "/club/website/")
    assert "Creata l'8 dic 2026" in page
    assert "Usata l'ultima volta l'11 dic 2026" in page
    assert "il 8" not in page and "il 11" not in page
