"""The results page's score cards have the Honours and Revoke columns the
printed card has (scoring.cards): both where the drive counts honours, the
Revoke column alone once a hand of another drive had a revoke, neither in a
drive with neither."""

from __future__ import annotations

import re

import pytest

from prizes.result_cards import result_cards
from scoring import cards, drive_plan
from tests.factories import drive_with_players, play_drive
from tests.printing.fixtures import play_marked

pytestmark = pytest.mark.django_db


def headings(body: str) -> list[str]:
    """The headings of the first card's table."""
    table = body[body.index('class="list card-rows"') :]
    head = table[: table.index("</thead>")]
    return re.findall(r"<th[^>]*>([^<]*)</th>", head)


def test_a_drive_that_counts_honours_shows_both_columns(club, organiser_client):
    drive = play_marked(
        drive_with_players(
            players=8, hands=5, club=club, count_honours=True, revoke_penalty="award"
        )
    )
    page = organiser_client.get(f"/drives/{drive.pk}/results/")
    body = page.content.decode()
    assert headings(body) == [
        "Hand",
        "Trumps",
        "Table",
        "Seat",
        "Partner",
        "Opponents",
        "Tricks",
        "Honours",
        "Revoke",
        "Score",
        "Total",
    ]
    shown = {c.number: c for c in page.context["results"].cards}
    plan = drive_plan.load_plan(drive=drive, with_totals=True)
    seen = set()
    for card in cards.score_cards(plan, filled=True):
        lines = [line for line in shown[card.number].lines if line.kind == "hand"]
        for row, line in zip(card.hand_rows, lines, strict=True):
            texts = row.texts()
            # What the printed card writes, hand by hand.
            assert (line.honours, line.revoke, line.score) == (
                texts["honours"],
                texts["revoke"],
                row.score,
            )
            seen |= {line.honours, line.revoke}
    assert {"NS 3", "EW 4", "–", "NS", "EW", "both"} <= seen
    assert 'colspan="10"' in body  # the subtotals' label: every column but the total


def test_a_revoke_alone_shows_the_revoke_column(club, organiser_client):
    drive = play_marked(
        drive_with_players(players=8, hands=5, club=club),
        marked=lambda deal: ("", "EW" if deal.hand == 2 else ""),
    )
    [card, *_] = result_cards(drive=drive)
    assert (card.honours_column, card.revoke_column) == (False, True)
    body = organiser_client.get(f"/drives/{drive.pk}/results/").content.decode()
    assert "Revoke" in headings(body) and "Honours" not in headings(body)


def test_a_drive_with_neither_shows_neither(club, organiser_client):
    drive = play_drive(drive_with_players(players=8, hands=5, club=club))
    [card, *_] = result_cards(drive=drive)
    assert (card.honours_column, card.revoke_column, card.label_span) == (
        False,
        False,
        8,
    )
    body = organiser_client.get(f"/drives/{drive.pk}/results/").content.decode()
    assert "Honours" not in headings(body) and "Revoke" not in headings(body)
