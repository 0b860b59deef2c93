"""A table's travel slip typed whole in the score grid (`?table=N`), its
hands of rounds not seated yet too: a slip typed at the wrong table is
cleared by emptying its cells; a hand typed at a table that a withdrawal has
already taken out of its round is refused as it is typed; and the page reads
the drive's deals once, however much is typed."""

from __future__ import annotations

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from drive import entry_services
from drive.models import Entry
from players.models import AuditEvent, AuditKind
from scoring.audit import audit_check, scores_from_audit
from scoring.models import HandResult, ResultStatus
from scoring.services import ResultEntry, hand_results_submit
from tests.factories import drive_with_players
from tests.fixtures import drive_url, messages_of
from tests.scoring.typed_slips import confirmed, shown, slip

pytestmark = pytest.mark.django_db


def record_rows(page: str) -> list[list[str]]:
    """The record of changes' rows, newest first, each as its cells' texts
    (when, who, what, of, before → after)."""
    body = page[page.index("<tbody>") : page.index("</tbody>")]
    return [
        [
            " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cell)).split())
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def test_a_slip_typed_ahead_at_the_wrong_table_is_cleared_by_emptying_it(
    assistant_client, organiser_client, club
):
    """Case: table 3's slip typed, but it was table 2's: the desk empties
    hands 2 to 4 (rounds not seated yet) and saves. They are removed, said
    as a run; the hand of the round in play keeps its result (an emptied
    cell of a reached hand is left as it stands, as in every grid)."""
    drive = drive_with_players(players=12, club=club, hands=4)
    url = drive_url(drive, "scores/")
    assistant_client.post(url, slip(3, {h: "8" for h in (1, 2, 3, 4)}))
    assert confirmed(drive, 3) == {1: 8, 2: 8, 3: 8, 4: 8}
    assert shown(assistant_client.get(url, {"table": 3}).content.decode(), 3) == {
        1: "8",
        2: "8",
        3: "8",
        4: "8",
    }
    response = assistant_client.post(
        url, slip(3, {1: "", 2: "", 3: "", 4: ""}, version=1), follow=True
    )
    assert messages_of(response)[0] == "Removed 3 results: table 3, hands 2–4."
    assert confirmed(drive, 3) == {1: 8}
    # Kept in each hand's history, superseded; the record of changes says so.
    assert (
        HandResult.objects.filter(
            table__number=3, hand__in=(2, 3, 4), status=ResultStatus.SUPERSEDED
        ).count()
        == 3
    )
    removed = AuditEvent.objects.filter(drive_id=drive.pk, new__isnull=True)
    assert sorted(e.refs["hand"] for e in removed) == [2, 3, 4]
    assert {e.kind for e in removed} == {AuditKind.RESULT_REMOVE}
    assert {key[1] for key in scores_from_audit(drive=drive).results} == {1}
    assert audit_check(drive=drive) == []
    # The record of changes names the removal, with its table and hand.
    trail = organiser_client.get(drive_url(drive, "audit/"), {"q": "hand 2"})
    assert trail.status_code == 200
    assert record_rows(trail.content.decode())[0][2:] == [
        "Result removed",
        "table 3, hand 2",
        "N-S tricks: 8 → – state: Confirmed → – version: 1 → –",
    ]
    page = assistant_client.get(url, {"table": 3}).content.decode()
    assert shown(page, 3) == {1: "8", 2: "", 3: "", 4: ""}
    # The right table's slip now goes in.
    assistant_client.post(url, slip(2, {h: "6" for h in (1, 2, 3, 4)}))
    assert confirmed(drive, 2) == {1: 6, 2: 6, 3: 6, 4: 6}


def test_clearing_a_slip_from_a_page_gone_stale_is_refused(assistant_client, club):
    """The slip's hand was typed again meanwhile (version 2): the emptied
    cell of the page showing version 1 removes nothing, a 409 says why. A
    cell left out of the form altogether is not an emptied one."""
    drive = drive_with_players(players=8, club=club, hands=3)
    url = drive_url(drive, "scores/")
    assistant_client.post(url, slip(1, {2: "9", 3: "9"}))
    assistant_client.post(url, slip(1, {2: "10"}, version=1))
    assert confirmed(drive, 1) == {2: 10, 3: 9}
    response = assistant_client.post(url, slip(1, {2: "", 3: ""}, version=1))
    assert response.status_code == 409
    said = " ".join(messages_of(response))
    assert "Table 1, hand 2 was changed meanwhile" in said
    assert confirmed(drive, 1) == {2: 10, 3: 9}


def test_a_removal_is_said_in_polish(assistant_client, organiser_client, club):
    club.language = "pl"
    club.save(update_fields=["language"])
    drive = drive_with_players(players=8, club=club, hands=3)
    url = drive_url(drive, "scores/")
    assistant_client.post(url, slip(2, {2: "9", 3: "9"}), follow=True)
    response = assistant_client.post(
        url, slip(2, {2: "", 3: ""}, version=1), follow=True
    )
    assert messages_of(response)[0] == "Usunięto 2 wyniki: stolik 2, rozdania 2, 3."
    assert confirmed(drive, 2) == {}
    trail = organiser_client.get(drive_url(drive, "audit/"))
    assert [row[2:4] for row in record_rows(trail.content.decode())[:2]] == [
        ["Usunięto wynik", "stolik 2, rozdanie 3"],
        ["Usunięto wynik", "stolik 2, rozdanie 2"],
    ]


def test_only_a_hand_typed_ahead_is_removed_by_the_service():
    drive = drive_with_players(players=8, hands=3)
    hand_results_submit(
        drive=drive, entries=[ResultEntry(1, 1, 7)], by=None, types_ahead=True
    )
    with pytest.raises(Exception, match="Table 1, hand 1: its round has begun"):
        hand_results_submit(
            drive=drive,
            entries=[ResultEntry(1, 1, seen_version=1, clear=True)],
            by=None,
            types_ahead=True,
        )
    assert confirmed(drive, 1) == {1: 7}


def withdrawn_to_two_tables(club):
    """12 players, 3 tables; four withdraw: from round 2 the players left
    fill two tables."""
    drive = drive_with_players(players=12, hands=3, club=club)
    for leaver in Entry.objects.filter(drive=drive).order_by("number")[:4]:
        entry_services.entry_withdraw(entry=leaver)
    return drive


def test_a_slip_typed_at_a_table_a_withdrawal_took_out_is_refused(
    assistant_client, club
):
    """Case: a withdrawal recorded first (a table fewer from round 2), then
    table 3's slip typed whole: hands 2 and 3 have no game at table 3. The
    slip is refused as it is typed, naming the table and hands, a 409;
    nothing is written, not even the hand of round 1."""
    drive = withdrawn_to_two_tables(club)
    url = drive_url(drive, "scores/")
    response = assistant_client.post(url, slip(3, {1: "7", 2: "8", 3: "9"}))
    assert response.status_code == 409
    said = " ".join(messages_of(response))
    assert (
        "Table 3 has no game in the rounds of hands 2, 3 any more. After a "
        "withdrawal the players left fill fewer tables. Nothing was saved"
    ) in said
    assert not HandResult.objects.filter(table__drive=drive).exists()
    # The slip's hand of the round in play alone goes in.
    assert assistant_client.post(url, slip(3, {1: "7"})).status_code == 302
    assert confirmed(drive, 3) == {1: 7}
    # Tables 1 and 2 still play every round: their slips go in whole.
    assistant_client.post(url, slip(1, {1: "6", 2: "6", 3: "6"}))
    assert confirmed(drive, 1) == {1: 6, 2: 6, 3: 6}


def test_the_service_refuses_a_hand_typed_at_a_table_taken_out(club):
    drive = withdrawn_to_two_tables(club)
    with pytest.raises(Exception, match="Table 3 has no game in the round of hand 3"):
        hand_results_submit(
            drive=drive, entries=[ResultEntry(3, 3, 7)], by=None, types_ahead=True
        )
    assert not HandResult.objects.exists()


def _queries_of_slip_page(client, url: str, table: int) -> tuple[int, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, {"table": table}).status_code == 200
    return len(queries), [q["sql"] for q in queries.captured_queries]


def test_a_tables_slip_page_reads_the_deals_once_however_much_is_typed(
    assistant_client, club
):
    """The page of a table's slip reads the drive's seats (the deals) once:
    its queries do not grow with the rounds played or the hands typed."""
    drive = drive_with_players(players=12, club=club, hands=6)
    url = drive_url(drive, "scores/")
    empty, sqls = _queries_of_slip_page(assistant_client, url, 1)
    deals_read = [q for q in sqls if "entry" in q and "position" in q]
    assert len(deals_read) == 1, deals_read
    # Round 1 in, rounds 2 and 3 played; table 1's whole slip typed ahead.
    for table in (1, 2, 3):
        assistant_client.post(url, slip(table, {1: "7", 2: "7", 3: "7"}))
    assistant_client.post(url, slip(1, {4: "8", 5: "8", 6: "8"}))
    drive.refresh_from_db()
    assert drive.current_round == 4
    typed, sqls = _queries_of_slip_page(assistant_client, url, 1)
    assert typed == empty
    assert len([q for q in sqls if "entry" in q and "position" in q]) == 1
