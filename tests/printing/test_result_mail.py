"""Results by e-mail (printing.result_mail, send_results), with the locmem backend."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.core.mail.backends.locmem import EmailBackend as LocmemBackend
from django.core.management import CommandError, call_command

from players.models import AuditEvent
from printing import result_mail
from printing.models import ResultMail
from tests.factories import drive_with_players, play_drive

pytestmark = pytest.mark.django_db

FAILING = "broken@example.org"


class FailingBackend(LocmemBackend):
    """Refuses the message to FAILING, as a mail server would."""

    def send_messages(self, messages):
        for message in messages:
            if FAILING in message.to:
                raise ConnectionRefusedError(f"refused {FAILING}")
        return super().send_messages(messages)


@pytest.fixture
def drive():
    """A finished drive of 8: entries 1-5 consent with an address, 6 has no
    address, 7 an address and no consent, 8 neither."""
    drive = play_drive(drive_with_players(players=8, hands=6, public_key="pubkey123"))
    for entry in drive.entries.select_related("player"):
        player = entry.player
        player.email = "" if entry.number in (6, 8) else f"p{entry.number}@example.org"
        player.email_consent = entry.number <= 6
        player.save()
    return drive


def entry_player(drive, number):
    return drive.entries.get(number=number).player


def pdf_text(data: bytes) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True
    ).stdout.decode()


def run(*args: str) -> list[str]:
    out = io.StringIO()
    call_command("send_results", *args, stdout=out)
    return out.getvalue().splitlines()


def test_consenting_players_with_an_address_are_sent_their_card(drive):
    summary = result_mail.results_send(
        drive=drive, by="tester", base_url="https://whist.example.org/"
    )
    assert (summary.sent, summary.skipped, summary.failed) == (5, 3, 0)
    assert sorted(m.to[0] for m in mail.outbox) == [
        f"p{n}@example.org" for n in range(1, 6)
    ]
    skipped = {o.number: o.reason for o in summary.outcomes if o.status == "skipped"}
    assert skipped == {
        6: "no e-mail address",
        7: "no consent to e-mail",
        8: "no e-mail address",
    }
    message = next(m for m in mail.outbox if m.to == ["p3@example.org"])
    name = entry_player(drive, 3).name
    assert name in message.body
    assert "https://whist.example.org/p/pubkey123/results/" in message.body
    assert "place " in message.body
    [(filename, data, kind)] = message.attachments
    assert kind == "application/pdf" and filename.endswith(".pdf")
    assert data.startswith(b"%PDF")
    text = pdf_text(data)
    assert name in text
    # Only that player's card.
    assert text.count("Final total") == 1
    assert entry_player(drive, 4).name not in text


def test_the_prizes_won_are_in_the_message(drive):
    composer = result_mail.Composer(drive)
    winners = [e for e in drive.entries.all() if composer.prizes_won(e)]
    assert winners, "a played drive has prize winners"
    entry = winners[0]
    body = composer.message(entry).body
    for title in composer.prizes_won(entry):
        assert title in body


def test_nothing_is_sent_twice(drive):
    result_mail.results_send(drive=drive, by="tester")
    assert len(mail.outbox) == 5
    again = result_mail.results_send(drive=drive, by="tester")
    assert len(mail.outbox) == 5
    assert again.sent == 0 and again.failed == 0
    assert ResultMail.objects.filter(drive=drive, status="sent").count() == 5
    # The database refuses a second `sent` row for an entry.
    entry = drive.entries.get(number=1)
    with pytest.raises(Exception):  # noqa: B017, PT011 - IntegrityError
        ResultMail.objects.create(drive=drive, entry=entry, status="sent", by="x")


def test_a_failure_is_recorded_and_sent_again_alone(drive, settings):
    player = entry_player(drive, 2)
    player.email = FAILING
    player.save()
    settings.EMAIL_BACKEND = f"{__name__}.FailingBackend"
    summary = result_mail.results_send(drive=drive, by="tester")
    assert (summary.sent, summary.skipped, summary.failed) == (4, 3, 1)
    failed = ResultMail.objects.get(drive=drive, status="failed")
    assert failed.entry.number == 2 and "ConnectionRefusedError" in failed.reason
    assert len(mail.outbox) == 4
    # Still failing: only the failed one is tried.
    retry = result_mail.results_send(drive=drive, by="tester", only_failed=True)
    assert [(o.number, o.status) for o in retry.outcomes] == [(2, "failed")]
    # The server takes it now.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    retry = result_mail.results_send(drive=drive, by="tester", only_failed=True)
    assert [(o.number, o.status) for o in retry.outcomes] == [(2, "sent")]
    assert [m.to for m in mail.outbox[4:]] == [[FAILING]]
    assert result_mail.latest_mails(drive)[failed.entry_id].status == "sent"
    # The record of changes has every message tried, with who.
    events = AuditEvent.objects.filter(drive_id=drive.pk, kind="results.mail")
    assert [e.new["status"] for e in events].count("sent") == 5
    assert [e.new["status"] for e in events].count("failed") == 2
    assert {e.who for e in events} == {"tester"}


def test_a_drive_not_finished_is_refused():
    drive = drive_with_players(players=8, hands=6)
    with pytest.raises(ValidationError):
        result_mail.results_send(drive=drive, by="tester")
    with pytest.raises(CommandError, match="finished"):
        run(str(drive.pk))


def test_the_command_prints_a_line_per_player(drive):
    lines = run(str(drive.pk), "--dry-run")
    assert len(lines) == 9
    assert lines[-1] == "sent 5, skipped 3, failed 0"
    assert lines[0].startswith("1 ") and ": sent <p1@example.org>" in lines[0]
    assert "skipped" in lines[5] and "no e-mail address" in lines[5]
    assert mail.outbox == [] and not ResultMail.objects.exists()
    lines = run(str(drive.pk))
    assert lines[-1] == "sent 5, skipped 3, failed 0"
    assert len(mail.outbox) == 5
    assert run(str(drive.pk))[-1] == "sent 0, skipped 3, failed 0"
    assert len(mail.outbox) == 5
    with pytest.raises(CommandError, match="no drive"):
        run("999999")


def test_preview_is_the_first_consenting_players_message(drive):
    message = result_mail.preview(drive=drive)
    assert message is not None and message.to == "p1@example.org"
    assert message.pdf.startswith(b"%PDF")
    assert mail.outbox == []


# --- the page ---------------------------------------------------------------------


def test_the_page_previews_sends_and_sends_again(drive, client, settings):
    from django.urls import reverse

    from tests.factories import MembershipFactory, UserFactory

    organiser = UserFactory()
    MembershipFactory(club=drive.club, user=organiser, role="organiser")
    client.force_login(organiser)
    url = reverse("printing:results_mail", args=[drive.pk])
    page = client.get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert "p1@example.org" in text and "Your results: Friday drive" in text
    assert mail.outbox == []
    player = entry_player(drive, 2)
    player.email = FAILING
    player.save()
    settings.EMAIL_BACKEND = f"{__name__}.FailingBackend"
    response = client.post(url)
    assert response.status_code == 302
    assert len(mail.outbox) == 4
    text = client.get(url).content.decode()
    assert "sent 4, skipped 3, failed 1" in text
    assert "ConnectionRefusedError" in text and 'name="only_failed"' in text
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    client.post(url, {"only_failed": "1"})
    assert [m.to for m in mail.outbox[4:]] == [[FAILING]]
    assert 'name="only_failed"' not in client.get(url).content.decode()


def test_an_assistant_may_not_send(drive, client):
    from django.urls import reverse

    from tests.factories import MembershipFactory, UserFactory

    assistant = UserFactory()
    MembershipFactory(club=drive.club, user=assistant, role="assistant")
    client.force_login(assistant)
    url = reverse("printing:results_mail", args=[drive.pk])
    assert client.get(url).status_code == 403
    assert client.post(url).status_code == 403
    assert mail.outbox == [] and not ResultMail.objects.exists()
