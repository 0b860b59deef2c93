"""The audit record: every change to an entry, a result or an adjustment, with who,
when, old and new; and the scores rebuilt from it equal the leaderboard."""

from __future__ import annotations

import html
import re

import pytest
from django.core.exceptions import ValidationError
from django.db.models import ProtectedError
from django.test import Client

from drive import entry_services
from drive import services as drive_services
from drive.models import DriveState, Entry, Table
from players.models import AuditEvent, AuditKind
from scoring import captain as captain_services
from scoring import paper_slips
from scoring import services as scoring_services
from scoring.audit import audit_check, leaderboard_totals, scores_from_audit
from scoring.models import Adjustment, HandResult, ResultStatus
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    UserFactory,
    drive_with_players,
    eventful_drive,
    play_drive,
    varied_tricks,
)
from tests.fixtures import audit_events as events

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club, organiser):
    return eventful_drive(club, organiser)


def test_scores_rebuilt_from_the_record_equal_the_leaderboard(played):
    drive, _ = played
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    rebuilt = scores_from_audit(drive=drive)
    board = leaderboard_totals(drive=drive)
    assert rebuilt.totals == board
    assert audit_check(drive=drive) == []
    # Not trivially equal: people scored differently, and sit-outs were compensated.
    assert len(set(board.values())) > 3
    assert len(board) == Entry.objects.filter(drive=drive).count() == 12
    assert rebuilt.adjustments == {Adjustment.objects.get().entry.number: 4}


def test_a_change_outside_the_services_shows_as_a_difference(played):
    drive, _ = played
    result = HandResult.objects.filter(
        table__drive=drive, status=ResultStatus.CONFIRMED
    ).first()
    HandResult.objects.filter(pk=result.pk).update(
        ns_tricks=(result.ns_tricks + 7) % 14
    )
    problems = audit_check(drive=drive)
    assert problems and all("the record gives" in p for p in problems)


def test_every_result_row_has_its_record(played):
    drive, _ = played
    recorded = {
        e.refs["result"]
        for e in events(drive)
        if e.kind.startswith("result.") and e.refs.get("result")
    }
    rows = set(
        HandResult.objects.filter(table__drive=drive).values_list("pk", flat=True)
    )
    assert rows <= recorded


def test_a_correction_records_who_when_old_and_new(played, organiser):
    drive, _ = played
    correction = [
        e
        for e in events(drive, AuditKind.RESULT_ENTER)
        if e.refs["table"] == 2 and e.refs["hand"] == 1
    ][-1]
    assert correction.who == organiser.username == "olive"
    assert correction.old["ns_tricks"] == 13
    assert correction.old["status"] == ResultStatus.CONFIRMED
    assert correction.new == {
        "ns_tricks": 2,
        "status": ResultStatus.CONFIRMED,
        "version": correction.old["version"] + 1,
    }
    assert correction.at is not None and correction.club_id == drive.club_id


def test_phones_are_recorded_by_their_link(played):
    drive, _ = played
    phone = events(drive, AuditKind.RESULT_PHONE)
    assert phone and all(e.who.startswith("table ") for e in phone)
    assert any(e.new["status"] == ResultStatus.CONFLICT for e in phone)
    settled = events(drive, AuditKind.RESULT_RESOLVE)
    assert [(e.refs["table"], e.refs["hand"], e.new["ns_tricks"]) for e in settled] == [
        (1, 2, 5)
    ]
    confirmed = events(drive, AuditKind.RESULT_CONFIRM)
    assert len(confirmed) == 2
    assert all(e.old["status"] == ResultStatus.PENDING for e in confirmed)


def test_adjustments_added_and_removed_are_recorded(played, organiser):
    drive, keep = played
    added = events(drive, AuditKind.ADJUSTMENT_ADD)
    removed = events(drive, AuditKind.ADJUSTMENT_DELETE)
    assert [e.new["points"] for e in added] == [4, -2]
    assert [e.old["points"] for e in removed] == [-2]
    assert removed[0].new is None
    assert added[0].refs["adjustment"] == keep.pk
    assert all(e.who == "olive" for e in added)


def test_a_refused_change_leaves_no_record(club):
    drive = drive_with_players(players=8, club=club)
    before = AuditEvent.objects.count()
    with pytest.raises(ValidationError):
        scoring_services.hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=14)
    with pytest.raises(ValidationError):
        entry_services.entry_remove(entry=Entry.objects.filter(drive=drive).first())
    assert AuditEvent.objects.count() == before


def test_an_entry_with_an_adjustment_is_withdrawn_not_removed(
    club, organiser, organiser_client
):
    """Removing it took its adjustment along unrecorded: the next registration got
    its number, and the totals rebuilt from the record then disagreed."""
    drive = drive_with_players(players=8, club=club, start=False)
    kept = drive_services.entry_register(
        drive=drive, name="Nora Batty", checked_in=False
    )
    scoring_services.adjustment_add(
        entry=kept, points=5, reason="Handicap", by=organiser
    )
    before = AuditEvent.objects.count()
    response = organiser_client.post(
        f"/drives/{drive.pk}/entries/{kept.pk}/", {"action": "remove"}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nora Batty has adjustments in this drive" in page
    assert "Withdraw them instead" in page
    assert Entry.objects.filter(pk=kept.pk).exists()
    assert Adjustment.objects.filter(entry=kept).count() == 1
    assert AuditEvent.objects.count() == before  # no removal recorded either
    with pytest.raises(ProtectedError):  # the database refuses on its own too
        kept.delete()
    newcomer = drive_services.entry_register(
        drive=drive, name="Wally Batty", checked_in=False
    )
    assert newcomer.number == kept.number + 1
    drive_services.drive_start(drive=drive)
    play_drive(drive, tricks=varied_tricks, by=organiser)
    assert audit_check(drive=drive) == []
    board = leaderboard_totals(drive=drive)
    assert (board[kept.number], board[newcomer.number]) == (5, 0)


def test_a_late_arrival_who_left_before_playing_keeps_their_adjustment(club, organiser):
    drive = drive_with_players(players=8, club=club)
    late = drive_services.entry_register(drive=drive, name="Compo Simmonite")
    assert late.joined_round == 2
    scoring_services.adjustment_add(
        entry=late, points=-3, reason="Arrived late", by=organiser
    )
    entry_services.entry_withdraw(entry=late)  # before round 2: never seated
    late.refresh_from_db()
    assert late.joined_round is None and not late.checked_in
    with pytest.raises(
        ValidationError, match="not checked in, so they already play no hand"
    ):
        entry_services.entry_remove(entry=late)
    assert Adjustment.objects.filter(entry=late).exists()
    play_drive(drive, tricks=varied_tricks, by=organiser)
    assert audit_check(drive=drive) == []
    assert leaderboard_totals(drive=drive)[late.number] == -3


def test_an_entry_with_nothing_attached_is_still_removed(club, organiser):
    drive = drive_with_players(players=8, club=club, start=False)
    mistake = drive_services.entry_register(drive=drive, name="Typo Smith")
    entry_services.entry_remove(entry=mistake)
    assert not Entry.objects.filter(pk=mistake.pk).exists()
    again = drive_services.entry_register(
        drive=drive, name="Tyop Smith", checked_in=False
    )
    assert again.number == mistake.number  # the number is free again
    drive_services.drive_start(drive=drive)
    play_drive(drive, tricks=varied_tricks, by=organiser)
    assert audit_check(drive=drive) == []


def test_the_organiser_reads_the_record_and_others_cannot(
    played, organiser_client, assistant_client, club
):
    drive, _ = played
    response = organiser_client.get(f"/drives/{drive.pk}/audit/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "agree with the leaderboard" in page
    assert "olive" in page and "captain link" in page
    found = organiser_client.get(f"/drives/{drive.pk}/audit/", {"q": "table 2, hand 1"})
    assert "table 2, hand 1" in found.content.decode()
    assert assistant_client.get(f"/drives/{drive.pk}/audit/").status_code == 403
    stranger = Client()
    stranger.force_login(
        MembershipFactory(club=ClubFactory(), user=UserFactory(username="zed")).user
    )
    assert stranger.get(f"/drives/{drive.pk}/audit/").status_code == 404


# --- a record no page could write (issue 33) ------------------------------------------


def _event(drive, kind, subject, refs, new):
    return AuditEvent.objects.create(
        club=drive.club,
        drive_id=drive.pk,
        kind=kind,
        who="file",
        subject=subject,
        refs=refs,
        new=new,
    )


def test_a_record_holding_impossible_values_is_shown_and_named(organiser_client, club):
    """Loaded before loaddrive checked the record (or by hand): the page
    shows the values as they are and says which it could not replay."""
    from tests.factories import prediction_drive

    drive = prediction_drive(club=club, players=8, games=1)
    entry = drive.entries.order_by("number").first()
    _event(
        drive,
        AuditKind.ENTRY_PAID,
        f"entry {entry.number}",
        {"entry": entry.pk, "number": entry.number},
        {"number": entry.number, "pay_method": ["cash", "card"]},
    )
    _event(
        drive,
        AuditKind.RESULT_ENTER,
        "table 1, hand 1",
        {"table": 1, "hand": 1},
        {
            "ns_tricks": 0,
            "status": "confirmed",
            "predictions": "99,0,0,0",
            "tricks": "13,0,0,0",
            "version": 1,
        },
    )
    _event(
        drive,
        AuditKind.ADJUSTMENT_ADD,
        "entry 1: +x",
        {"adjustment": 1},
        {"entry": 1, "points": "lots"},
    )
    response = organiser_client.get(f"/drives/{drive.pk}/audit/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "cash, card" in page
    # The result's subject in prediction whist's words: a deal of its game.
    for subject in ("table 1, deal 1 of game 1", "entry 1: +x"):
        assert (
            f"The record of {subject} holds values no page could enter: left out."
        ) in audit_check(drive=drive)


def test_the_record_speaks_the_clubs_language(played, organiser_client, club):
    drive, _ = played
    club.language = "pl"
    club.save(update_fields=["language"])
    page = organiser_client.get(f"/drives/{drive.pk}/audit/").content.decode()
    assert "link kapitana stolika 1 (" in page
    assert "stolik 2, rozdanie 1" in page
    assert "stan: – → Potwierdzone" in page
    for english in ("captain link", "table 2, hand", "entry 1 ", "confirmed"):
        assert english not in page, english
    assert ">Dotyczy<" in page
    # A search typed in the page's words finds the stored record.
    found = organiser_client.get(
        f"/drives/{drive.pk}/audit/", {"q": "Stolik 2, rozdanie 1"}
    ).content.decode()
    assert "stolik 2, rozdanie 1" in found and "Nic nie zapisano" not in found


def test_a_hands_history_names_its_phones_in_the_clubs_language(
    played, organiser_client, club
):
    drive, _ = played
    club.language = "pl"
    club.save(update_fields=["language"])
    page = organiser_client.get(f"/drives/{drive.pk}/hands/3/table/1/").content.decode()
    assert "link kapitana stolika 1 (" in page
    assert "potwierdzone przez przeciwnika" in page
    assert "captain link" not in page and "opponent confirmed" not in page


def test_a_prediction_drives_record_has_no_north_south_tricks(club, organiser_client):
    from tests.predictions import play_deals, prediction_drive

    drive = prediction_drive(club)
    play_deals(drive, hands=[1], by=None)
    page = organiser_client.get(f"/drives/{drive.pk}/audit/").content.decode()
    assert "predictions: – → " in page and "tricks: – → " in page
    assert "N-S tricks" not in page


# --- a second result and a disagreement settled, said as they were ---------------------


def _record_rows(page: str) -> list[list[str]]:
    """The record's rows, each as its cells' texts (When, Who, What, Of, the change)."""
    body = page[page.index("<tbody>") : page.index("</tbody>")]
    rows = []
    for found in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", found, re.S)
        # A side's label is a span in the words (deals.sides); other tags part them.
        cells = [re.sub(r"</?span[^>]*>", "", c) for c in cells]
        rows.append([html.unescape(re.sub(r"<[^>]+>", " ", c)).strip() for c in cells])
    return rows


@pytest.fixture
def disagreement(club, organiser):
    """Table 1, hand 1: the first phone's 8 stands; a second phone's 6 is kept
    as a disagreement; the organiser keeps the 8."""
    drive = drive_with_players(players=8, club=club)
    table = Table.objects.get(drive=drive, number=1)
    captain_services.captain_result_submit(
        table=table, hand=1, ns_tricks=8, idempotency_key="a" * 22
    )
    second = captain_services.captain_result_submit(
        table=table, hand=1, ns_tricks=6, idempotency_key="b" * 22
    )
    assert second.kind == captain_services.Kind.CONFLICT
    scoring_services.hand_result_conflict_resolve(
        drive=drive, table=1, hand=1, ns_tricks=8, by=organiser, seen_version=1
    )
    return drive


def test_a_second_phones_result_is_no_change_of_the_result(
    disagreement, organiser_client
):
    """Seen on a real drive: the second phone's 6 read "N-S tricks: 8 → 6", as
    if the confirmed 8 had been changed."""
    page = organiser_client.get(f"/drives/{disagreement.pk}/audit/").content.decode()
    rows = _record_rows(page)
    phones = [r for r in rows if r[2] == "Result from a captain's phone"]
    assert [r[4] for r in phones] == [
        "A second result, N-S 6, E-W 7, was not counted but kept as a "
        "disagreement; N-S 8, E-W 5 still stands.",
        "N-S tricks: – → 8 state: – → Confirmed version: – → 1",
    ]
    assert all(r[3] == "table 1, hand 1" for r in phones)
    assert "8 → 6" not in page
    # The 8 still counts, and the record says so.
    assert audit_check(drive=disagreement) == []


def test_a_disagreement_settled_names_both_results_and_the_one_kept(
    disagreement, organiser_client
):
    """Seen on a real drive: "– → 8", as if the hand had had no result."""
    page = organiser_client.get(f"/drives/{disagreement.pk}/audit/").content.decode()
    settled = [r for r in _record_rows(page) if r[2] == "Disagreement settled"]
    assert len(settled) == 1
    when, who, _, of, said = settled[0]
    assert (who, of) == ("olive", "table 1, hand 1") and when
    assert said == (
        "The disagreement between “N-S 8, E-W 5” and “N-S 6, E-W 7” was "
        "settled as N-S 8, E-W 5."
    )
    assert "–" not in said  # the hand had a result all along


def test_a_disagreement_settled_as_the_second_result(played, organiser_client):
    """The organiser chose the second phone's 5 over the first's 8: the hand's
    result changed (a correction of its own), and the settling says why."""
    drive, _ = played
    page = organiser_client.get(
        f"/drives/{drive.pk}/audit/", {"q": "table 1, hand 2"}
    ).content.decode()
    rows = _record_rows(page)
    assert [(r[2], r[4]) for r in rows] == [
        (
            "Disagreement settled",
            "The disagreement between “N-S 8, E-W 5” and “N-S 5, E-W 8” was "
            "settled as N-S 5, E-W 8.",
        ),
        (
            "Result entered or corrected",
            "N-S tricks: 8 → 5 version: 1 → 3",
        ),
        (
            "Result from a captain's phone",
            "A second result, N-S 5, E-W 8, was not counted but kept as a "
            "disagreement; N-S 8, E-W 5 still stands.",
        ),
        (
            "Result from a captain's phone",
            "N-S tricks: – → 8 state: – → Confirmed version: – → 1",
        ),
    ]


def test_a_second_result_and_its_settling_in_romanian(
    disagreement, organiser_client, club
):
    club.language = "ro"
    club.save(update_fields=["language"])
    page = organiser_client.get(f"/drives/{disagreement.pk}/audit/").content.decode()
    said = [r[4] for r in _record_rows(page)]
    assert (
        "Un al doilea rezultat, N-S 6, E-V 7, nu a fost numărat, ci păstrat ca "
        "dezacord; rămâne în vigoare N-S 8, E-V 5."
    ) in said
    assert (
        "Dezacordul dintre „N-S 8, E-V 5” și „N-S 6, E-V 7” a fost rezolvat "
        "în favoarea rezultatului N-S 8, E-V 5."
    ) in said
    assert not any("A second result" in s or "disagreement" in s for s in said)


def test_a_slip_and_a_phone_against_the_first_settled_as_a_third(
    club, organiser, organiser_client
):
    """Two second results, a typed slip's and a phone's, each kept beside the
    first; the organiser types a third, which settles all three."""
    drive = drive_with_players(players=8, club=club)
    table = Table.objects.get(drive=drive, number=1)
    captain_services.captain_result_submit(
        table=table, hand=1, ns_tricks=8, idempotency_key="a" * 22
    )
    paper_slips.paper_slip_submit(
        drive=drive,
        table=1,
        round_number=1,
        hands=[paper_slips.SlipHand(hand=1, ns_tricks=7)],
        by=organiser,
    )
    captain_services.captain_result_submit(
        table=table, hand=1, ns_tricks=6, idempotency_key="b" * 22
    )
    scoring_services.hand_result_conflict_resolve(
        drive=drive, table=1, hand=1, ns_tricks=9, by=organiser, seen_version=1
    )
    page = organiser_client.get(f"/drives/{drive.pk}/audit/").content.decode()
    said = [r[4] for r in _record_rows(page) if r[3] == "table 1, hand 1"]
    assert said == [
        "The disagreement between “N-S 8, E-W 5”, “N-S 7, E-W 6” and "
        "“N-S 6, E-W 7” was settled as N-S 9, E-W 4.",
        "N-S tricks: 8 → 9 version: 1 → 4",
        "A second result, N-S 6, E-W 7, was not counted but kept as a "
        "disagreement; N-S 8, E-W 5 still stands.",
        "A second result, N-S 7, E-W 6, was not counted but kept as a "
        "disagreement; N-S 8, E-W 5 still stands.",
        "N-S tricks: – → 8 state: – → Confirmed version: – → 1",
    ]


def test_a_settling_whose_disagreement_is_not_in_the_record(
    disagreement, organiser_client
):
    """A record cut short (a file's): the settling still says what was kept."""
    AuditEvent.objects.filter(
        drive_id=disagreement.pk, new__status=ResultStatus.CONFLICT
    ).delete()
    page = organiser_client.get(f"/drives/{disagreement.pk}/audit/").content.decode()
    settled = [r for r in _record_rows(page) if r[2] == "Disagreement settled"]
    assert [r[4] for r in settled] == ["The disagreement was settled as N-S 8, E-W 5."]


@pytest.mark.parametrize(
    ("language", "field", "heading"),
    [
        ("it", "prese N-S: ", "Prese N-S"),
        ("pl", "lewy N-S: ", "Lewy N-S"),
        ("ru", "взятки С-Ю: ", "Взятки С-Ю"),
        ("ro", "levate N-S: ", "Levate N-S"),
    ],
)
def test_a_results_tricks_are_named_in_lower_case_among_the_changes(
    played, organiser_client, club, language, field, heading
):
    """A correction's "N-S tricks: 8 → 5" sits among "honours", "state" and
    "version", lower case in the middle of the record's list: Italian writes
    "prese N-S", not "Prese N-S" (the column's heading)."""
    drive, _ = played
    club.language = language
    club.save(update_fields=["language"])
    page = organiser_client.get(f"/drives/{drive.pk}/audit/").content.decode()
    changes = " ".join(r[4] for r in _record_rows(page))
    assert field in changes
    assert heading + ":" not in changes
