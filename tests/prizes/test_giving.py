"""The prize-giving on the projector: the prizes from the last to the first,
as the prize engine decided them, a step at a time from any device."""

from __future__ import annotations

import pytest
from django.test import Client

from drive.models import Drive
from prizes import giving, giving_services
from prizes import selectors as prize_selectors
from prizes import services as prize_services
from prizes.engine import Award, AwardStatus, Winner
from prizes.prize_list import PrizeKind, PrizeSpec
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.fixtures import finished_tie, set_order

HTMX = {"HX-Request": "true"}


def award(position: int, status: AwardStatus) -> Award:
    return Award(
        position=position,
        spec=PrizeSpec(PrizeKind.OVERALL, position),
        title=f"Prize {position}",
        status=status,
        winners=(Winner(key=position, number=position, name="A", total=1),),
    )


def test_the_prizes_are_given_from_the_last_on_the_list_to_the_first():
    awards = [
        award(1, AwardStatus.WON),
        award(2, AwardStatus.NONE),  # nobody can win it: left out
        award(3, AwardStatus.SHARED),
        award(4, AwardStatus.PENDING),  # not decided: left out
        award(5, AwardStatus.AWAITING_DRAW),  # shown with those who cut
    ]
    assert [a.position for a in giving.giving_order(awards)] == [5, 3, 1]


@pytest.fixture
def drive(club) -> Drive:
    drive = drive_with_players(players=8, club=club, hands=3, silent_rounds=1)
    return play_drive(drive, tricks=varied_tricks)


def projector_text(client: Client, drive: Drive) -> str:
    answer = client.get(f"/drives/{drive.pk}/projector/", headers=HTMX)
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.mark.django_db
def test_each_step_shows_the_next_prize_up_the_list_and_the_last_lifts_the_silence(
    drive, organiser_client
):
    awards = prize_selectors.drive_prizes(drive=drive).awards
    order = giving.giving_order(awards)
    assert len(order) >= 3
    assert [a.position for a in order] == sorted(
        (a.position for a in order), reverse=True
    )
    step = f"/drives/{drive.pk}/prize-giving/step/"
    assert organiser_client.post(step, {"action": "start"}).status_code == 302
    shown = projector_text(organiser_client, drive)
    assert "The prize-giving" in shown and "every 3s" in shown
    for number, expected in enumerate(order, 1):
        answer = organiser_client.post(step, {"action": "next", "seen": number - 1})
        assert answer.status_code == 302
        shown = projector_text(organiser_client, drive)
        assert f'<h1 class="prize-title">{expected.title}</h1>' in shown
        assert expected.winners[0].name in shown
        assert f"Prize {number} of {len(order)}" in shown
        drive.refresh_from_db()
        # The silence holds until the first prize (the last shown) is given.
        assert drive.silence_lifted is (number == len(order))
    # Nothing after the last.
    answer = organiser_client.post(step, {"action": "next", "seen": len(order)})
    assert answer.status_code == 409
    assert "Every prize has been shown." in answer.content.decode()
    # Back, and Stop returns the projector to the boards.
    organiser_client.post(step, {"action": "back", "seen": len(order)})
    drive.refresh_from_db()
    assert drive.prize_step == len(order) - 1
    organiser_client.post(step, {"action": "stop"})
    assert "projector-board" in projector_text(organiser_client, drive)


@pytest.mark.django_db
def test_a_step_from_a_page_out_of_date_changes_nothing(drive, organiser_client):
    """Two phones (or a double click) press Next at the same step: one step."""
    giving_services.prize_giving_start(drive=drive)
    step = f"/drives/{drive.pk}/prize-giving/step/"
    assert organiser_client.post(step, {"action": "next", "seen": 0}).status_code == 302
    again = organiser_client.post(step, {"action": "next", "seen": 0})
    assert again.status_code == 409
    assert "moved on since this page was made" in again.content.decode()
    drive.refresh_from_db()
    assert drive.prize_step == 1
    bad = organiser_client.post(step, {"action": "next", "seen": "two"})
    assert bad.status_code == 400
    bad = organiser_client.post(step, {"action": "dance", "seen": 1})
    assert bad.status_code == 400


@pytest.mark.django_db
def test_the_prize_giving_waits_for_the_end_of_the_drive(club, organiser_client):
    drive = drive_with_players(players=8, club=club, hands=3)
    answer = organiser_client.post(
        f"/drives/{drive.pk}/prize-giving/step/", {"action": "start"}
    )
    assert answer.status_code == 400
    assert "once the drive is finished" in answer.content.decode()
    drive.refresh_from_db()
    assert drive.prize_step is None
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/")
    assert page.status_code == 200 and "Start the prize-giving" not in (
        page.content.decode()
    )


@pytest.mark.django_db
def test_the_organiser_page_has_a_plain_next_prize_button(drive, organiser_client):
    giving_services.prize_giving_start(drive=drive)
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    assert 'name="action" value="next"' in page and 'name="seen" value="0"' in page
    assert "Reveal" in page


@pytest.mark.django_db
def test_a_prize_shared_by_a_tie_is_shown_with_every_winner(club, organiser_client):
    set_order(club)  # no tie-breaks: level is shared
    drive, seats = finished_tie(club)
    order = giving.giving_order(prize_selectors.drive_prizes(drive=drive).awards)
    shared = next(a for a in order if a.spec == PrizeSpec(PrizeKind.OVERALL, 2))
    assert shared.status is AwardStatus.SHARED
    assert {w.number for w in shared.winners} == {seats["S"], seats["W"]}
    giving_services.prize_giving_start(drive=drive)
    for seen in range(order.index(shared) + 1):
        drive = giving_services.prize_giving_step(
            drive=drive, action=giving_services.NEXT, seen=seen
        )
    shown = projector_text(organiser_client, drive)
    for winner in shared.winners:
        assert winner.name in shown
    # Not a bare "shared": the score they are level on and the prizes they pool.
    assert shared.note == "shared"
    said = "Level, 3 points each: they share 2nd overall and 3rd overall."
    assert f'<p class="prize-note">{said}</p>' in shown


@pytest.mark.django_db
def test_the_mcs_page_reads_out_each_winner_and_how_the_tie_was_decided(
    club, organiser_client
):
    """The MC at the microphone has this page, not the projector: it names the
    prize once (no "Highest Ladies: 10 Janina"), each winner on a line of
    their own, and the tie's note the projector shows."""
    set_order(club)  # no tie-breaks: level is shared
    drive, seats = finished_tie(club)
    order = giving.giving_order(prize_selectors.drive_prizes(drive=drive).awards)
    shared = next(a for a in order if a.spec == PrizeSpec(PrizeKind.OVERALL, 2))
    giving_services.prize_giving_start(drive=drive)
    for seen in range(order.index(shared) + 1):
        drive = giving_services.prize_giving_step(
            drive=drive, action=giving_services.NEXT, seen=seen
        )
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    assert f'<p class="captain-big">{shared.title}</p>' in page
    lines = page.split('<ul class="giving-winners">')[1].split("</ul>")[0]
    assert lines.count("<li>") == len(shared.winners) == 2
    for winner in shared.winners:
        # The group, and the score with its word (prizes.giving.score_words).
        # The dash held to the group (players.no_break.held_dashes).
        assert f"{winner.numbers_text} {winner.name} · Gents&nbsp;— 3 points" in lines
    said = "Level, 3 points each: they share 2nd overall and 3rd overall."
    assert f'<p class="note">{said}</p>' in page
    # The projector opens in a window of its own: the MC keeps Next prize.
    assert 'target="_blank" rel="noopener">Open the projector</a>' in page


@pytest.mark.django_db
def test_a_tie_broken_by_count_back_is_shown_with_its_one_winner(
    club, organiser_client
):
    set_order(club, "count_back")
    drive, seats = finished_tie(club)
    order = giving.giving_order(prize_selectors.drive_prizes(drive=drive).awards)
    second = next(a for a in order if a.spec == PrizeSpec(PrizeKind.OVERALL, 2))
    assert [w.number for w in second.winners] == [seats["W"]]
    giving_services.prize_giving_start(drive=drive)
    for seen in range(order.index(second) + 1):
        drive = giving_services.prize_giving_step(
            drive=drive, action=giving_services.NEXT, seen=seen
        )
    shown = projector_text(organiser_client, drive)
    assert second.winners[0].name in shown
    assert seats["S"] != seats["W"] and len(second.winners) == 1
    if second.note:
        assert f'<p class="prize-note">{second.note}</p>' in shown


@pytest.mark.django_db
def test_every_kind_of_prize_is_given_up_the_list_and_1st_overall_last(
    club, organiser_client
):
    """The list is most important first (prizes.prize_list); the giving goes
    up it whatever each prize's kind: a group's prize after 1st overall on
    the list is a smaller prize, given before it."""
    drive = drive_with_players(players=8, club=club, hands=3)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(
        drive=drive,
        prizes="1st overall\nHighest Ladies\n2nd overall\nHighest Gents\nBooby\n"
        "Most hands won",
    )
    step = f"/drives/{drive.pk}/prize-giving/step/"
    organiser_client.post(step, {"action": "start"})
    shown = []
    for seen in range(6):
        assert (
            organiser_client.post(step, {"action": "next", "seen": seen}).status_code
            == 302
        )
        text = projector_text(organiser_client, drive)
        shown.append(text.split('<h1 class="prize-title">')[1].split("</h1>")[0])
    assert shown == [
        "Most hands won",
        "Booby",
        "Highest Gents",
        "2nd overall",
        "Highest Ladies",
        "1st overall",
    ]
