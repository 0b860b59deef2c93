"""The prize-giving in the record of changes (prizes.audit_values): its start,
each prize shown (which prize, to whom), a step back, its end and the Reveal,
each with who did it; nothing for a step that stores nothing."""

from __future__ import annotations

import html

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from drive.models import Drive
from players.models import AuditKind
from prizes import giving, giving_services
from prizes.engine import AwardStatus
from prizes.prize_list import PrizeKind, PrizeSpec
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.fixtures import audit_events
from tests.prizes.fixtures import finished_tie, set_order

pytestmark = pytest.mark.django_db
GIVING_KINDS = (
    AuditKind.GIVING_START,
    AuditKind.GIVING_PRIZE,
    AuditKind.GIVING_BACK,
    AuditKind.GIVING_STOP,
    AuditKind.RESULTS_REVEAL,
)


@pytest.fixture
def drive(club) -> Drive:
    drive = drive_with_players(players=8, club=club, hands=3, silent_rounds=1)
    return play_drive(drive, tricks=varied_tricks)


def giving_events(drive: Drive) -> list:
    return [e for e in audit_events(drive) if e.kind in GIVING_KINDS]


def record_page(client: Client, drive: Drive) -> str:
    response = client.get(f"/drives/{drive.pk}/audit/")
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def winners_of(award) -> list[str]:
    return [f"{w.name} ({w.numbers_text})" for w in award.winners]


def test_a_whole_prize_giving_from_the_organisers_page(drive, organiser_client):
    order = giving.prize_giving(drive=drive).steps
    assert len(order) >= 3
    step = f"/drives/{drive.pk}/prize-giving/step/"
    assert organiser_client.post(step, {"action": "start"}).status_code == 302
    for seen in range(len(order)):
        answer = organiser_client.post(step, {"action": "next", "seen": seen})
        assert answer.status_code == 302
    assert organiser_client.post(step, {"action": "stop"}).status_code == 302

    events = giving_events(drive)
    assert [e.kind for e in events] == [
        AuditKind.GIVING_START,
        *[AuditKind.GIVING_PRIZE] * len(order),
        AuditKind.GIVING_STOP,
    ]
    assert {e.who for e in events} == {"olive"}
    start, *shown, stop = events
    assert start.new == {"prizes": len(order)}
    assert start.subject == f"drive {drive.pk} {drive.name}"
    for number, (event, award) in enumerate(zip(shown, order, strict=True), 1):
        expected = {
            "step": number,
            "prizes": len(order),
            "place": award.position,
            "prize": award.title,
            "winners": winners_of(award),
            "outcome": award.status.value,
        }
        # The last prize shown (the first on the list) lifts the silence.
        if number == len(order):
            expected["silence_lifted"] = True
        assert event.new == expected
        assert event.old is None
        assert event.subject == f"prize {award.position} {award.title}"
        assert event.refs == {"drive": drive.pk, "place": award.position}
    # Every prize shown: the prize-giving is over, every prize public.
    assert stop.new == {"step": len(order), "prizes": len(order), "published": True}
    # The silence went with the last prize: Reveal now changes nothing.
    assert organiser_client.post(f"/drives/{drive.pk}/reveal/").status_code == 302
    assert len(giving_events(drive)) == len(events)

    page = record_page(organiser_client, drive)
    for words in (
        "Prize-giving started",
        "Prize shown on the projector",
        "Prize-giving ended",
        f"prize {order[0].position} “{order[0].title}”",
        f"winners: – → {', '.join(winners_of(order[-1]))}",
        f"place on the prize list: – → {order[-1].position}",
        "decided: – → won",
        f"prizes shown: – → {len(order)}",
        "results revealed: – → yes",
    ):
        assert words in page, words


def test_back_stop_twice_and_start_twice_record_only_what_changed(
    drive, organiser, organiser_client
):
    order = giving.prize_giving(drive=drive).steps
    giving_services.prize_giving_start(drive=drive, by=organiser)
    giving_services.prize_giving_start(drive=drive, by=organiser)  # on already
    giving_services.prize_giving_step(
        drive=drive, action=giving_services.NEXT, seen=0, by=organiser
    )
    giving_services.prize_giving_step(
        drive=drive, action=giving_services.BACK, seen=1, by=organiser
    )
    with pytest.raises(ValidationError):  # at the start: refused, nothing recorded
        giving_services.prize_giving_step(
            drive=drive, action=giving_services.BACK, seen=0, by=organiser
        )
    giving_services.prize_giving_stop(drive=drive, by=organiser)
    giving_services.prize_giving_stop(drive=drive, by=organiser)  # off already
    events = giving_events(drive)
    assert [e.kind for e in events] == [
        AuditKind.GIVING_START,
        AuditKind.GIVING_PRIZE,
        AuditKind.GIVING_BACK,
        AuditKind.GIVING_STOP,
    ]
    back = events[2]
    assert back.subject == f"prize {order[0].position} {order[0].title}"
    assert back.new == {"step": 0, "prizes": len(order)}
    assert events[3].new == {"step": 0, "prizes": len(order)}
    page = record_page(organiser_client, drive)
    assert "Prize-giving went back one prize" in page
    assert "prizes shown: – → 0" in page


def test_the_reveal_is_recorded_once_with_who_revealed(drive, organiser_client):
    answer = organiser_client.post(f"/drives/{drive.pk}/reveal/")
    assert answer.status_code == 302
    assert organiser_client.post(f"/drives/{drive.pk}/reveal/").status_code == 302
    (reveal,) = giving_events(drive)
    assert reveal.kind == AuditKind.RESULTS_REVEAL and reveal.who == "olive"
    assert (reveal.old, reveal.new) == (
        {"silence_lifted": False},
        {"silence_lifted": True},
    )
    page = record_page(organiser_client, drive)
    assert "Results revealed to the room" in page
    assert "results revealed: no → yes" in page


def test_a_refused_start_or_reveal_leaves_no_record(club, organiser_client):
    drive = drive_with_players(players=8, club=club, hands=3)
    step = f"/drives/{drive.pk}/prize-giving/step/"
    assert organiser_client.post(step, {"action": "start"}).status_code == 400
    assert organiser_client.post(f"/drives/{drive.pk}/reveal/").status_code == 400
    assert giving_events(drive) == []


def test_a_shared_prize_is_recorded_with_every_winner(club, organiser):
    set_order(club)  # no tie-breaks: level is shared
    drive, seats = finished_tie(club)
    order = giving.prize_giving(drive=drive).steps
    shared = next(a for a in order if a.spec == PrizeSpec(PrizeKind.OVERALL, 2))
    assert shared.status is AwardStatus.SHARED and len(shared.winners) == 2
    giving_services.prize_giving_start(drive=drive)
    for seen in range(order.index(shared) + 1):
        giving_services.prize_giving_step(
            drive=drive, action=giving_services.NEXT, seen=seen, by=organiser
        )
    event = audit_events(drive, AuditKind.GIVING_PRIZE)[-1]
    assert event.new["outcome"] == "shared"
    assert event.new["winners"] == winners_of(shared)
    assert {seats["S"], seats["W"]} == {w.number for w in shared.winners}


def test_the_prize_givings_record_reads_in_another_language(
    drive, organiser_client, club
):
    step = f"/drives/{drive.pk}/prize-giving/step/"
    organiser_client.post(step, {"action": "start"})
    organiser_client.post(step, {"action": "next", "seen": 0})
    club.language = "pl"
    club.save(update_fields=["language"])
    page = record_page(organiser_client, drive)
    assert ">Dotyczy<" in page  # the page is in Polish
    award = giving.prize_giving(drive=drive).steps[0]
    # The subject is said in words (its noun from the catalogue), never as
    # stored, and quoted in Polish marks.
    assert f"prize {award.position} {award.title}" not in page
    assert f"{award.position} „{award.title}”" in page
    assert f"turniej „{drive.name}”" in page
