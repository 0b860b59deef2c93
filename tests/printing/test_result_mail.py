"""Results by e-mail (printing.result_mail, send_results), with the locmem backend."""

from __future__ import annotations

import io
import re

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.core.mail.backends.locmem import EmailBackend as LocmemBackend
from django.core.management import CommandError, call_command

from players.models import AuditEvent
from printing import result_mail
from printing.models import ResultMail
from tests.factories import drive_with_players, play_drive
from tests.printing.failing_mail import FAILING
from tests.printing.printed import needs_pdftotext, pdf_text

pytestmark = pytest.mark.django_db


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


def run(*args: str) -> list[str]:
    out = io.StringIO()
    call_command("send_results", *args, stdout=out)
    return out.getvalue().splitlines()


@needs_pdftotext
def test_consenting_players_with_an_address_are_sent_their_card(drive, tmp_path):
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
    # The link opens the results at the player's own places and card.
    assert "https://whist.example.org/p/pubkey123/results/?entry=3#me" in message.body
    assert "place " in message.body
    [(filename, data, kind)] = message.attachments
    assert kind == "application/pdf" and filename.endswith(".pdf")
    assert data.startswith(b"%PDF")
    text = pdf_text(data, tmp_path)
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
    settings.EMAIL_BACKEND = "tests.printing.failing_mail.FailingBackend"
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


def test_an_italian_message_thanks_for_the_8th_with_the_article_elided(drive):
    """Italian says "dell'8 dicembre", never "del 8 dicembre", and thanks the
    players for taking part in the drive, named in its quotation marks
    ("partecipato a «Torneo dell'Immacolata»"), not for "playing at" it
    ("giocato a «…»" reads as playing a game of that name)."""
    import datetime

    from django.utils import translation

    drive.name = "Torneo dell'Immacolata"
    drive.date = datetime.date(2026, 12, 8)
    drive.save(update_fields=["name", "date"])
    with translation.override("it"):
        message = result_mail.preview(drive=drive)
    assert message is not None
    assert (
        "grazie per aver partecipato a «Torneo dell'Immacolata» dell'8 dicembre "
        "2026. I tuoi risultati:"
    ) in message.body
    assert "del 8" not in message.body


@pytest.mark.parametrize(
    "language, name, thanks",
    [
        (
            "it",
            "Coppa «del Circolo»",
            "grazie per aver partecipato a «Coppa “del Circolo”» del 27 novembre 2026.",
        ),
        (
            "ru",
            "Кубок «Козыря»",
            "Спасибо за участие: «Кубок „Козыря“», 27 ноября 2026 г. Ваши",
        ),
        (
            "pl",
            "Puchar „Trefla”",
            "Dziękujemy za grę: „Puchar «Trefla»”, 27 listopada 2026.",
        ),
        (
            "ro",
            "Cupa „Atu”",
            "Vă mulțumim că ați participat la „Cupa «Atu»” din 27 noiembrie 2026.",
        ),
        (
            "en-gb",
            "The “Ace” Cup",
            "Thank you for playing at The “Ace” Cup on 27 November 2026.",
        ),
    ],
)
def test_the_thanks_quote_a_name_holding_quotes_the_languages_way(
    drive, language, name, thanks
):
    """The thanks quote the drive's name in the language's marks; a name
    with quotes of its own has them written as the inner pair (players.quotes),
    as the site's messages do: «Coppa «del Circolo»» read as two quotations.
    Romanian quotes the name too, as the league's "best score" line does."""
    import datetime

    from django.utils import translation

    drive.name = name
    drive.date = datetime.date(2026, 11, 27)
    drive.save(update_fields=["name", "date"])
    with translation.override(language):
        message = result_mail.preview(drive=drive)
    assert message is not None
    assert thanks in message.body, message.body


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
    settings.EMAIL_BACKEND = "tests.printing.failing_mail.FailingBackend"
    response = client.post(url)
    assert response.status_code == 302
    assert len(mail.outbox) == 4
    text = client.get(url).content.decode()
    assert "Finished. 8 of 8 players done: 4 sent, 3 skipped, 1 failed." in text
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


# --- in batches (the page's progress bar) ------------------------------------------


def in_batches(drive, *, limit, only_failed=False):
    """Runs results_send batch after batch as the page does; the summaries."""
    summaries, after = [], 0
    while True:
        summary = result_mail.results_send(
            drive=drive, by="tester", limit=limit, after=after, only_failed=only_failed
        )
        summaries.append(summary)
        after = summary.last_number
        if not summary.remaining:
            return summaries


def test_a_limit_tries_that_many_in_number_order_and_says_what_remains(drive):
    first = result_mail.results_send(drive=drive, by="tester", limit=3)
    # Skips count towards the limit like sends; nothing is sent out of order.
    assert [o.number for o in first.outcomes] == [1, 2, 3]
    assert (first.looked, first.last_number, first.remaining) == (3, 3, 5)
    assert [m.to for m in mail.outbox] == [[f"p{n}@example.org"] for n in (1, 2, 3)]
    second = result_mail.results_send(drive=drive, by="tester", limit=3, after=3)
    assert [(o.number, o.status) for o in second.outcomes] == [
        (4, "sent"),
        (5, "sent"),
        (6, "skipped"),
    ]
    assert (second.last_number, second.remaining) == (6, 2)
    last = result_mail.results_send(drive=drive, by="tester", limit=3, after=6)
    assert [(o.number, o.status) for o in last.outcomes] == [
        (7, "skipped"),
        (8, "skipped"),
    ]
    assert (last.last_number, last.remaining) == (8, 0)
    assert len(mail.outbox) == 5
    # Each entry was looked at once: one row each.
    assert ResultMail.objects.filter(drive=drive).count() == 8
    # Without a limit nothing remains; with limit 0 it is a programming error.
    assert result_mail.results_send(drive=drive, by="tester").remaining == 0
    with pytest.raises(ValueError):
        result_mail.results_send(drive=drive, by="tester", limit=0)


def test_batches_send_the_same_as_one_run_and_the_failures_again(drive, settings):
    player = entry_player(drive, 2)
    player.email = FAILING
    player.save()
    settings.EMAIL_BACKEND = "tests.printing.failing_mail.FailingBackend"
    summaries = in_batches(drive, limit=2)
    assert len(summaries) == 4
    assert [s.remaining for s in summaries] == [6, 4, 2, 0]
    assert sum(s.sent for s in summaries) == 4
    assert sum(s.failed for s in summaries) == 1
    assert sum(s.skipped for s in summaries) == 3
    # A failure is not tried again within the same run.
    assert ResultMail.objects.filter(drive=drive, status="failed").count() == 1
    # Sending again to the failures, in batches: only entry 2.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    again = in_batches(drive, limit=2, only_failed=True)
    assert [(o.number, o.status) for s in again for o in s.outcomes] == [(2, "sent")]
    assert again[0].remaining == 0
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        [FAILING] + [f"p{n}@example.org" for n in (1, 3, 4, 5)]
    )
    events = AuditEvent.objects.filter(drive_id=drive.pk, kind="results.mail")
    assert [e.new["status"] for e in events].count("sent") == 5


def test_a_batch_posted_twice_or_by_two_runs_sends_nobody_twice(drive):
    # A double click: the same batch twice. The second reads what the first
    # sent and goes on to the next players instead.
    result_mail.results_send(drive=drive, by="tester", limit=3)
    twice = result_mail.results_send(drive=drive, by="tester", limit=3)
    assert [(o.number, o.status) for o in twice.outcomes] == [
        (4, "sent"),
        (5, "sent"),
        (6, "skipped"),
    ]
    assert len(mail.outbox) == 5
    # Everything after that finds them all sent.
    # Two laptops, their batches interleaved.
    one = in_batches(drive, limit=2)
    two = in_batches(drive, limit=4)
    assert sum(s.sent for s in one + two) == 0
    assert sorted(m.to[0] for m in mail.outbox) == [
        f"p{n}@example.org" for n in range(1, 6)
    ]
    assert ResultMail.objects.filter(drive=drive, status="sent").count() == 5


class MeanwhileBackend(LocmemBackend):
    """While the first message goes, another run sends everything (a second
    laptop's button pressed at the same moment)."""

    started = False

    def send_messages(self, messages):
        if not MeanwhileBackend.started:
            MeanwhileBackend.started = True
            result_mail.results_send(drive=self.drive, by="other laptop")
        return super().send_messages(messages)


def test_a_run_that_read_before_another_sent_sends_nothing_again(drive, settings):
    MeanwhileBackend.started = False
    MeanwhileBackend.drive = drive
    settings.EMAIL_BACKEND = f"{__name__}.MeanwhileBackend"
    # The first run read "nothing sent yet" before the other run sent it all.
    first = result_mail.results_send(drive=drive, by="tester", limit=4)
    assert [(o.number, o.status) for o in first.outcomes] == [(1, "sent")]
    assert first.looked == 4 and first.remaining == 4
    assert sorted(m.to[0] for m in mail.outbox) == [
        f"p{n}@example.org" for n in range(1, 6)
    ]
    assert ResultMail.objects.filter(drive=drive, status="sent").count() == 5


def test_progress_words_count_every_batch(drive):
    summary = result_mail.results_send(drive=drive, by="tester", limit=3)
    progress = result_mail.Progress.after_batch(
        summary, total=None, sent=0, skipped=0, failed=0
    )
    assert (progress.total, progress.done, progress.after) == (8, 3, 3)
    assert (
        progress.words() == "Sending… 3 of 8 players done: 3 sent, 0 skipped, 0 failed."
    )
    summary = result_mail.results_send(drive=drive, by="tester", after=3)
    progress = result_mail.Progress.after_batch(
        summary, total=8, sent=3, skipped=0, failed=0
    )
    assert (progress.done, progress.remaining) == (8, 0)
    assert (
        progress.words()
        == "Finished. 8 of 8 players done: 5 sent, 3 skipped, 0 failed."
    )


# --- the page, batch by batch (htmx) -----------------------------------------------

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def organiser_on(drive, client):
    from tests.factories import MembershipFactory, UserFactory

    organiser = UserFactory()
    MembershipFactory(club=drive.club, user=organiser, role="organiser")
    client.force_login(organiser)
    return client


def mail_url(drive):
    from django.urls import reverse

    return reverse("printing:results_mail", args=[drive.pk])


def next_batch(text: str) -> dict[str, str]:
    """The hidden fields of the form that posts the next batch, or {}."""
    form = re.search(r'<form[^>]*hx-trigger="load".*?</form>', text, re.S)
    if form is None:
        return {}
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(0)))
    # Every form's own: the csrf token and the club it is for (players.access).
    fields.pop("csrfmiddlewaretoken", None)
    fields.pop("form_club", None)
    return fields


def test_htmx_sends_one_batch_and_asks_for_the_next(drive, organiser_on, settings):
    settings.RESULTS_MAIL_BATCH = 3
    player = entry_player(drive, 2)
    player.email = FAILING
    player.save()
    settings.EMAIL_BACKEND = "tests.printing.failing_mail.FailingBackend"
    url = mail_url(drive)
    response = organiser_on.post(url, **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert "<html" not in text  # the partial, not the page
    assert 'max="8" value="3"' in text
    assert "Sending… 3 of 8 players done: 2 sent, 0 skipped, 1 failed." in text
    assert 'hx-swap-oob="innerHTML"' in text
    assert next_batch(text) == {
        "after": "3",
        "total": "8",
        "sent": "2",
        "skipped": "0",
        "failed": "1",
    }
    assert len(mail.outbox) == 2
    # The browser posts the batches the page asks for until none remain.
    seen = [text]
    while fields := next_batch(seen[-1]):
        response = organiser_on.post(url, fields, **HTMX)
        assert response.status_code == 200
        seen.append(response.content.decode())
    assert len(seen) == 3
    assert 'max="8" value="6"' in seen[1]
    final = seen[-1]
    assert 'max="8" value="8"' in final
    assert "Finished. 8 of 8 players done: 4 sent, 3 skipped, 1 failed." in final
    # The list: who was sent, skipped with why, failed with the error.
    assert "ConnectionRefusedError" in final and "no consent to e-mail" in final
    assert "Send again to the 1 that failed" in final
    assert len(mail.outbox) == 4
    # Send again, batch by batch, to the failure alone.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    response = organiser_on.post(url, {"only_failed": "1"}, **HTMX)
    text = response.content.decode()
    assert "Finished. 1 of 1 player done: 1 sent, 0 skipped, 0 failed." in text
    assert "that failed" not in text and next_batch(text) == {}
    assert [m.to for m in mail.outbox[4:]] == [[FAILING]]


def test_a_double_click_and_two_laptops_send_nobody_twice(
    drive, organiser_on, settings
):
    from django.test import Client

    from tests.factories import MembershipFactory, UserFactory

    settings.RESULTS_MAIL_BATCH = 2
    other = UserFactory()
    MembershipFactory(club=drive.club, user=other, role="organiser")
    laptop = Client()
    laptop.force_login(other)
    url = mail_url(drive)
    # A double click: the first batch posted twice.
    one = organiser_on.post(url, **HTMX).content.decode()
    organiser_on.post(url, **HTMX)
    # A second laptop presses Send while the first is going; their batches interleave.
    two = laptop.post(url, **HTMX).content.decode()
    while next_batch(one) or next_batch(two):
        if fields := next_batch(one):
            one = organiser_on.post(url, fields, **HTMX).content.decode()
        if fields := next_batch(two):
            two = laptop.post(url, fields, **HTMX).content.decode()
    assert sorted(m.to[0] for m in mail.outbox) == [
        f"p{n}@example.org" for n in range(1, 6)
    ]
    assert ResultMail.objects.filter(drive=drive, status="sent").count() == 5


def test_without_javascript_one_post_sends_everything(drive, organiser_on, settings):
    settings.RESULTS_MAIL_BATCH = 2
    response = organiser_on.post(mail_url(drive))
    assert response.status_code == 302
    assert len(mail.outbox) == 5
    text = organiser_on.get(mail_url(drive)).content.decode()
    assert "Finished. 8 of 8 players done: 5 sent, 3 skipped, 0 failed." in text
    assert "<progress" not in text


@pytest.mark.parametrize(
    "fields", [{"after": "x"}, {"total": "-1"}, {"sent": "9999999999"}]
)
def test_a_bad_batch_is_a_400_and_sends_nothing(drive, organiser_on, fields):
    response = organiser_on.post(mail_url(drive), fields, **HTMX)
    assert response.status_code == 400
    assert mail.outbox == [] and not ResultMail.objects.exists()


# --- players who played no hand (issue #33, item 9) ---------------------------------


@pytest.fixture
def drive_with_a_no_show():
    """A finished drive of 8 who played and a 9th registered who never came
    (not checked in, so never seated); all nine have an address and agreed."""
    from drive import services as drive_services
    from tests.factories import PlayerFactory

    drive = drive_with_players(players=8, hands=4, start=False)
    drive_services.entry_register(
        drive=drive, player=PlayerFactory(club=drive.club), checked_in=False
    )
    drive_services.drive_start(drive=drive)
    drive.refresh_from_db()
    play_drive(drive)
    for entry in drive.entries.select_related("player"):
        entry.player.email = f"p{entry.number}@example.org"
        entry.player.email_consent = True
        entry.player.save()
    return drive


def test_a_player_who_played_no_hand_is_skipped_saying_why(drive_with_a_no_show):
    drive = drive_with_a_no_show
    summary = result_mail.results_send(drive=drive, by="tester")
    assert (summary.sent, summary.skipped, summary.failed) == (8, 1, 0)
    [skipped] = [o for o in summary.outcomes if o.status == "skipped"]
    assert (skipped.number, skipped.reason) == (9, "played no hand")
    assert "p9@example.org" not in [m.to[0] for m in mail.outbox]
    # Everyone else is placed among the 8 who played, never "of 9".
    for message in mail.outbox:
        assert "Thank you for playing" in message.body
        assert re.search(r"place \d of 8,", message.body), message.body
        assert " of 9," not in message.body
    first = next(m for m in mail.outbox if "place 1 of 8" in m.body)
    assert first is not None
    # The command line says so too, and a dry run skips them the same way.
    ResultMail.objects.all().delete()
    lines = run(str(drive.pk), "--dry-run")
    assert lines[8].startswith("9 ") and "skipped" in lines[8]
    assert "played no hand" in lines[8]
    assert lines[-1] == "sent 8, skipped 1, failed 0"


def test_the_page_shows_why_a_no_show_was_sent_nothing(drive_with_a_no_show, client):
    from django.urls import reverse

    from tests.factories import MembershipFactory, UserFactory

    drive = drive_with_a_no_show
    organiser = UserFactory()
    MembershipFactory(club=drive.club, user=organiser, role="organiser")
    client.force_login(organiser)
    url = reverse("printing:results_mail", args=[drive.pk])
    assert client.post(url).status_code == 302
    text = client.get(url).content.decode()
    row = re.search(r'<tr id="mail-row-9".*?</tr>', text, re.S).group(0)
    assert "Skipped" in row and "played no hand" in row
    assert len(mail.outbox) == 8


@pytest.mark.parametrize(
    ("language", "to"), [("ru", "Кому"), ("it", "A"), ("pl", "Do"), ("ro", "Către")]
)
def test_the_previews_to_is_the_recipient_not_the_end_of_a_date_range(
    drive, client, language, to
):
    from django.urls import reverse

    from tests.factories import MembershipFactory, UserFactory

    drive.club.language = language
    drive.club.save(update_fields=["language"])
    organiser = UserFactory()
    MembershipFactory(club=drive.club, user=organiser, role="organiser")
    client.force_login(organiser)
    text = client.get(reverse("printing:results_mail", args=[drive.pk])).content
    assert f"<dt>{to}</dt><dd>p1@example.org</dd>" in text.decode()
