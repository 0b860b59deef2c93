"""The captain's phone asks for its page's headers before it loads the page
again (captain.js, moveOn: is the line up?). The page answers that question,
where it answered 405 (GET only) and filled the server's log with refusals,
and answers it without making the page."""

from __future__ import annotations

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from drive.models import Table
from tests.factories import drive_with_players


def test_the_table_page_answers_a_phones_head_request_without_making_the_page(club):
    drive = drive_with_players(players=8, club=club, hands=8)
    table = Table.objects.get(drive=drive, number=1)
    phone = Client()
    with CaptureQueriesContext(connection) as page_reads:
        page = phone.get(f"/t/{table.captain_key}/")
    assert page.status_code == 200
    with CaptureQueriesContext(connection) as head_reads:
        head = phone.head(f"/t/{table.captain_key}/")
    assert head.status_code == 200
    assert head.content == b""
    assert "no-cache" in head["Cache-Control"]
    # The link's own lookup, not the page's reads of hands, seats and results.
    assert len(head_reads) <= 2 < len(page_reads)


def test_a_head_request_for_a_link_that_is_no_table_is_not_found(club):
    assert Client().head("/t/nosuchkey0000000000000/").status_code == 404
