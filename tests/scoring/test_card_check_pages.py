"""The card check page: a player's paper card typed at the desk, checked
against the scores; it writes nothing."""

from __future__ import annotations

import pytest

from players.models import AuditEvent
from players.score_text import score_text
from scoring import services as scoring_services
from scoring.card_check import card_rows
from scoring.cards import score_card
from scoring.drive_plan import load_plan
from scoring.models import HandResult
from tests.factories import (
    drive_with_players,
    enter_tricks,
    play_drive,
    prediction_drive,
    rubber_drive,
    varied_tricks,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club, organiser):
    drive = drive_with_players(players=8, club=club, hands=6)
    return play_drive(drive, tricks=varied_tricks, by=organiser)


def rows_of(drive, number: int):
    plan = load_plan(drive=drive)
    entry = next(e for e in plan.entries if e.number == number)
    return card_rows(score_card(plan, entry, filled=True))


def check(client, drive, **fields):
    return client.post(f"/drives/{drive.pk}/card-check/", fields)


def test_the_page_is_in_the_drive_menu_for_an_assistant(assistant_client, played):
    html = assistant_client.get(f"/drives/{played.pk}/card-check/").content.decode()
    assert f'href="/drives/{played.pk}/card-check/"' in html
    assert 'name="entry"' in html and "autofocus" in html


def test_a_card_that_agrees(organiser_client, played):
    rows = rows_of(played, 1)
    running = " ".join(str(r.running_total) for r in rows)
    response = check(
        organiser_client, played, entry=1, total=rows[-1].running_total, running=running
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert f"Agrees: {rows[-1].running_total}." in html
    assert "card-row-wrong" not in html


def test_a_card_that_differs_names_the_hand(organiser_client, played):
    rows = rows_of(played, 1)
    totals = [r.running_total for r in rows]
    # The player added 3 too many on hand 4, and carried it on.
    typed = [t + 3 if i >= 3 else t for i, t in enumerate(totals)]
    response = check(
        organiser_client,
        played,
        entry=1,
        total=typed[-1],
        running=" ".join(map(str, typed)),
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert f"Card says {typed[-1]}, the scores say {totals[-1]}." in html
    adds = rows[3].scored + 3
    assert f"Hand 4: the card adds {adds}, the hand scored {rows[3].scored}." in html
    assert "From hand 4 the running total is 3 too high." in html


def test_with_only_the_total_the_hands_are_listed(organiser_client, played):
    rows = rows_of(played, 2)
    response = check(
        organiser_client, played, entry=2, total=rows[-1].running_total + 1
    )
    html = response.content.decode()
    assert "the scores say" in html and "Read down the card" in html
    assert html.count("<tr") == len(rows) + 1  # a heading and a row per hand


def test_htmx_gets_the_answer_alone_and_a_fresh_form(organiser_client, played):
    total = rows_of(played, 1)[-1].running_total
    response = organiser_client.post(
        f"/drives/{played.pk}/card-check/",
        {"entry": 1, "total": total},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="card-check">')
    assert "<nav" not in html and f"Agrees: {total}." in html
    assert 'name="total"' in html and f'value="{total}"' not in html


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"entry": 99, "total": 5}, "No entry 99 in this drive."),
        ({"entry": "seven", "total": 5}, "Type the entry number from the card."),
        ({"entry": 0, "total": 5}, "Entry numbers start at 1."),
        ({"entry": 1, "total": "lots"}, "Type the total as a whole number."),
        ({"entry": 1, "total": -4}, "never below 0"),
        ({"entry": 1, "total": 10**9}, "too big for a card"),
        ({"entry": 1, "total": 5, "running": "1 2 x"}, "is not a number"),
        ({"entry": 1, "total": 5, "running": "1 -2"}, "never below 0"),
        ({"entry": 1, "total": 5, "running": "1 " * 7}, "The card has 6 rows"),
        ({"entry": 1}, "This field is required."),
    ],
)
def test_bad_input_is_refused_and_nothing_written(
    organiser_client, played, fields, words
):
    results, events = HandResult.objects.count(), AuditEvent.objects.count()
    response = check(organiser_client, played, **fields)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert (HandResult.objects.count(), AuditEvent.objects.count()) == (
        results,
        events,
    )


def test_a_rubber_drive_is_checked_by_round(organiser_client, organiser, club):
    drive = rubber_drive(club)
    response = check(organiser_client, drive, entry=1, total=5, running="5")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Round 1: the card adds 5, and the scores have nothing" in html
    for table in (1, 2):
        enter_tricks(drive, organiser, table, [13] * 12)
    # A pair that won its round's rubbers.
    number, rows = next(
        (n, rows) for n in range(1, 9) if (rows := rows_of(drive, n))[0].score
    )
    assert [r.number for r in rows] == [1, 2]
    typed = rows[0].score + 1
    html = check(
        organiser_client, drive, entry=number, total=typed, running=str(typed)
    ).content.decode()
    assert (
        f"Round 1: the card adds {typed}, the rubbers scored {rows[0].score}." in html
    )


def test_a_hand_not_entered_yet_is_said_so(organiser_client, club):
    drive = drive_with_players(players=8, club=club, hands=4)
    html = check(
        organiser_client, drive, entry=1, total=2, running="2"
    ).content.decode()
    assert "Hand 1: the card adds 2, and the scores have nothing" in html


def test_a_total_with_the_adjustments_agrees(organiser_client, organiser, played):
    total = rows_of(played, 1)[-1].running_total
    scoring_services.adjustment_add(
        entry=played.entries.get(number=1), points=4, reason="Late table", by=organiser
    )
    html = check(organiser_client, played, entry=1, total=total + 4).content.decode()
    assert f"Agrees: {total + 4}, sit-outs and adjustments included." in html
    html = check(organiser_client, played, entry=1, total=total).content.decode()
    assert f"Agrees: {total}." in html


def test_a_prediction_drive_says_it_is_not_available(organiser_client, club):
    drive = prediction_drive(club)
    html = organiser_client.get(f"/drives/{drive.pk}/card-check/").content.decode()
    assert "not available for this format" in html and 'name="entry"' not in html
    assert check(organiser_client, drive, entry=1, total=5).status_code == 409


def test_a_player_of_the_drive_has_no_page(client, played):
    response = client.get(f"/drives/{played.pk}/card-check/")
    assert response.status_code in (302, 403)


def test_the_answer_speaks_the_clubs_language(organiser_client, played, club):
    club.language = "pl"
    club.save(update_fields=["language"])
    total = rows_of(played, 1)[-1].running_total
    html = check(organiser_client, played, entry=1, total=total + 2).content.decode()
    assert f"Na karcie jest {total + 2}, według wyników {total}." in html
    html = check(organiser_client, played, entry=99, total=5).content.decode()
    assert "W tym turnieju nie ma numeru startowego 99." in html


def test_a_card_below_zero_is_checked_where_a_revoke_costs_points(
    organiser_client, organiser, club
):
    """A revoke that costs the offenders 3 points (issue #32's "lose") takes a
    side that scored less below 0 (docs/organiser.md, "Revokes"); its
    players' cards say so, and the card check took "-3" for a slip of the
    keyboard ("A card's total is never below 0")."""
    drive = drive_with_players(players=8, club=club, hands=2, revoke_penalty="deduct")
    drive = play_drive(drive, by=organiser)
    # Table 1, hand 1: N-S take 5 and revoke: 0 less 3.
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=5, revoke="NS", by=organiser
    )
    number, rows = next(
        (n, rows) for n in range(1, 9) if (rows := rows_of(drive, n))[0].score == -3
    )
    running = " ".join(str(r.running_total) for r in rows)
    response = check(
        organiser_client,
        drive,
        entry=number,
        total=rows[-1].running_total,
        running=running,
    )
    html = response.content.decode()
    assert response.status_code == 200, html
    assert rows[0].running_total == -3
    assert f"Agrees: {score_text(rows[-1].running_total)}." in html
    # A card one too high: the answer and the rows below it write the true
    # minus (U+2212), as the card prints it, not the hyphen "-3".
    card = rows[-1].running_total + 1
    html = check(organiser_client, drive, entry=number, total=card).content.decode()
    said = score_text(rows[-1].running_total)
    assert f"Card says {score_text(card)}, the scores say {said}." in html
    assert '<td class="num">\u22123</td>' in html
    assert ">-3<" not in html
    # A number beyond any card is still refused.
    response = check(organiser_client, drive, entry=number, total=-(10**6))
    assert response.status_code == 400
    assert "too far below 0" in response.content.decode()
