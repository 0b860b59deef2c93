"""A refusal answered to htmx's request for a part of a page
(players.htmx_refusal): the site's error pages are never sent to be put inside
the part (a row, a line, a board). The message alone goes to the page's
notice area (#messages); a lost session takes a poll to the login page and
leaves a form's typed input where it is. A view's own refusal (a form's
errors, 4xx on purpose) is still the part itself, and a boosted link or form,
or a page without JavaScript, still gets the whole page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

PART = {"HX-Request": "true", "HX-Current-URL": "http://testserver/drives/"}
BOOSTED = PART | {"HX-Boosted": "true"}


def is_notice(response, words: str) -> str:
    html = response.content.decode()
    assert "<html" not in html.lower() and "<header" not in html, html[:500]
    assert "site-footer" not in html and "<h1" not in html
    assert words in html, html
    assert response["HX-Retarget"] == "#messages"
    assert response["HX-Reselect"] == ".htmx-refusal"
    assert response["HX-Reswap"].startswith("innerHTML")
    assert "HX-Request" in response["Vary"]
    return html


def is_whole_page(response) -> None:
    html = response.content.decode().lower()
    assert "<html" in html and "<h1" in html
    assert "HX-Retarget" not in response


def entry_gone(drive) -> str:
    entry = drive.entries.order_by("number").first()
    url = reverse("drive:entry_action", args=[drive.pk, entry.pk])
    entry.delete()
    return url


def test_a_row_of_an_entry_removed_meanwhile_gets_a_notice_not_the_404_page(
    assistant_client, open_drive
):
    url = entry_gone(open_drive)
    response = assistant_client.post(url, {"action": "paid"}, headers=PART)
    assert response.status_code == 404
    is_notice(response, "not there any more")


@pytest.mark.parametrize("headers", [BOOSTED, {}], ids=["boosted", "no-javascript"])
def test_a_whole_page_asked_for_still_gets_the_404_page(
    assistant_client, open_drive, headers
):
    url = entry_gone(open_drive)
    response = assistant_client.post(url, {"action": "paid"}, headers=headers)
    assert response.status_code == 404
    is_whole_page(response)


def test_an_assistant_refused_a_part_is_told_why_in_the_notice_area(
    assistant_client,
):
    posted = {"honours_summary": "1", "shown_format": "progressive"}
    response = assistant_client.post("/drives/new/", posted, headers=PART)
    assert response.status_code == 403
    is_notice(response, "Only an organiser can do that.")
    whole = assistant_client.post("/drives/new/", posted)
    assert whole.status_code == 403
    is_whole_page(whole)


def test_a_form_sent_after_the_session_ended_keeps_what_was_typed(
    client: Client, organiser
):
    response = client.post("/drives/new/", {"honours_summary": "1"}, headers=PART)
    assert response.status_code == 403
    html = is_notice(response, "no longer logged in")
    # The way back is the page the form is on, not the form's address.
    assert 'href="/login/?next=/drives/"' in html
    assert "HX-Redirect" not in response


def test_a_poll_after_the_session_ended_goes_to_the_login_page(client, open_drive):
    url = reverse("scoring:room", args=[open_drive.pk])
    page = f"http://testserver{url}"
    response = client.get(url, headers=PART | {"HX-Current-URL": page})
    assert response["HX-Redirect"] == f"/login/?next={url}"
    assert response.status_code == 200 and not response.content


def test_a_page_opened_after_the_session_ended_goes_to_the_login_page(
    client, organiser
):
    response = client.get("/drives/new/")
    assert response.status_code == 302
    assert response["Location"] == "/login/?next=/drives/new/"


def test_a_stale_security_token_gets_a_notice(organiser):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(organiser)
    response = strict.post("/drives/new/", {"honours_summary": "1"}, headers=PART)
    assert response.status_code == 403
    is_notice(response, "out of date")
    whole = strict.post("/drives/new/", {"honours_summary": "1"})
    assert whole.status_code == 403 and "HX-Retarget" not in whole


def test_an_address_that_takes_only_a_form_asked_by_htmx(assistant_client, open_drive):
    url = entry_gone(open_drive)
    response = assistant_client.get(url, headers=PART)
    assert response.status_code == 405
    assert "POST" in response["Allow"]
    is_notice(response, "only takes what a form")


def test_a_views_own_refusal_is_still_its_part(assistant_client, open_drive):
    # Cards typed in on a drive that does not take them: the desk says so,
    # 409, in place of the desk (scoring.views.cards_in).
    url = reverse("scoring:cards_in", args=[open_drive.pk])
    response = assistant_client.post(url, {"number": "1"}, headers=PART)
    assert response.status_code == 409
    html = response.content.decode()
    assert "<html" not in html.lower() and "HX-Retarget" not in response
    assert "#messages" not in html and "htmx-refusal" not in html


def server_fails(monkeypatch) -> None:
    """Marking an entry paid fails on the server (a bug, the database gone)."""

    def fails(**kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr("drive.money_services.entry_set_paid", fails)


def test_a_row_the_server_failed_gets_a_notice_not_the_500_page(
    assistant, open_drive, monkeypatch
):
    server_fails(monkeypatch)
    client = Client(raise_request_exception=False)
    client.force_login(assistant)
    entry = open_drive.entries.order_by("number").first()
    url = reverse("drive:entry_action", args=[open_drive.pk, entry.pk])
    response = client.post(url, {"action": "paid"}, headers=PART)
    assert response.status_code == 500
    is_notice(response, "Something went wrong on the server, so this may not")
    assert response["HX-Reswap"] == "innerHTML show:top"
    whole = client.post(url, {"action": "paid"})
    assert whole.status_code == 500
    is_whole_page(whole)


def test_a_part_asked_for_that_the_server_failed_says_it_is_not_up_to_date(
    organiser, live_drive, monkeypatch
):
    def fails(drive):
        raise RuntimeError("the database went away")

    monkeypatch.setattr("scoring.views.room._room_context", fails)
    client = Client(raise_request_exception=False)
    client.force_login(organiser)
    url = reverse("scoring:room", args=[live_drive.pk])
    response = client.get(url, headers=PART)  # the room's board, polled
    assert response.status_code == 500
    is_notice(response, "this part of the page was not brought up to date")
    assert response["HX-Reswap"] == "innerHTML"  # the page not pulled up


def test_the_pages_words_for_a_failure_no_answer_of_the_sites_brings(
    organiser_client,
):
    """What failures.js says when a proxy answers 502, or nothing answers:
    on the notice area, in the page's language."""
    html = organiser_client.get("/drives/").content.decode()
    assert 'id="messages" data-failed-send="Something went wrong' in html
    assert 'data-lost-show="The server could not be reached, so this part' in html
    assert "js/failures.js" in html
    organiser_client.post("/i18n/setlang/", {"language": "pl"})
    html = organiser_client.get("/drives/").content.decode()
    assert 'data-lost-send="Nie udało się połączyć z serwerem' in html


def test_a_nul_character_sent_by_htmx_is_refused_in_the_notice_area(
    assistant_client, open_drive
):
    entry = open_drive.entries.order_by("number").first()
    url = reverse("drive:entry_action", args=[open_drive.pk, entry.pk])
    response = assistant_client.post(url, {"action": "paid\x00"}, headers=PART)
    assert response.status_code == 400
    is_notice(response, "The request contained a NUL character")
    plain = assistant_client.post(url, {"action": "paid\x00"})
    assert plain.status_code == 400 and "HX-Retarget" not in plain
    assert plain["Content-Type"].startswith("text/plain")


@pytest.mark.parametrize(
    ("posted", "status", "words"),
    [
        ({}, 409, "Results are sent once the drive is finished"),
        ({"after": "x"}, 400, "after:"),
    ],
    ids=["drive-not-finished", "bad-batch"],
)
def test_the_results_e_mails_refusals_go_to_the_notice_area(
    organiser_client, open_drive, posted, status, words
):
    """The panel of the results e-mail page (its buttons, who was sent
    what) stays; what is wrong is said in the notice area."""
    url = reverse("printing:results_mail", args=[open_drive.pk])
    response = organiser_client.post(url, posted, headers=PART)
    assert response.status_code == status
    is_notice(response, words)
    plain = organiser_client.post(url, posted)
    assert plain.status_code == status and "HX-Retarget" not in plain
