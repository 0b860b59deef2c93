"""The final boards mark the rows a tie-break placed apart from others level
on points, and say under the subtitle what the mark means and which rule
decided: the projector (overall and each group's) and the shared board, in
the reader's language. No tie broken (a place shared, play still going on):
no mark and no key."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from drive import services as drive_services
from drive.models import Entry
from tests.factories import play_round
from tests.fixtures import drive_url
from tests.prizes.fixtures import finished_tie, set_order, two_hand_drive
from tests.scoring.tie_marks import KEY, SPOKEN

pytestmark = pytest.mark.django_db

ROW = re.compile(
    r'<li><span class="rank">(\d+)(<span class="tie-mark">.*?</span></span>)?'
    r'</span><span class="no">(\d+)</span>'
)


def page(client: Client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    return html.unescape(client.get(url).content.decode())


def board_rows(text: str) -> list[tuple[int, int, bool]]:
    """(rank, number, marked) of each row of the projector's board."""
    return [
        (int(rank), int(number), bool(mark)) for rank, mark, number in ROW.findall(text)
    ]


@pytest.mark.parametrize("language", ["pl", "ru", "en-gb"])
def test_the_projectors_final_board_marks_a_broken_tie_and_says_why(
    club, organiser_client, language
):
    set_order(club, "count_back", "hands_won")
    drive, seats = finished_tie(club)
    at = seats  # the seats' entry numbers (seats_of_hand_1)
    text = page(organiser_client, drive_url(drive, "projector/"), language)
    assert board_rows(text) == [
        (1, at["N"], False),
        (2, at["W"], True),
        (3, at["S"], True),
        (4, at["E"], False),
    ]
    # The mark is said to a screen reader; the key is on the subtitle's line
    # ("Po 2 z 2 rozdań."), before the board.
    assert text.count(f'<span class="visually-hidden">, {SPOKEN[language]}') == 2
    key = (
        '<span class="tie-key"><span class="tie-key-mark" aria-hidden="true">*'
        f"</span> {KEY[language]}</span></p>"
    )
    assert text.count(key) == 1
    assert text.index("<h1>") < text.index(key) < text.index("<ol ")


def test_a_group_board_marks_only_its_own_broken_ties(club, organiser_client):
    set_order(club, "count_back")
    drive, seats = finished_tie(club)
    at = seats  # the seats' entry numbers (seats_of_hand_1)
    group = dict(Entry.objects.filter(drive=drive).values_list("number", "group"))
    for slug, label in (("group-a", "A"), ("group-b", "B")):
        text = page(
            organiser_client, drive_url(drive, f"projector/?board={slug}"), "pl"
        )
        rows = board_rows(text)
        level = {at["S"], at["W"]} <= {number for _rank, number, _m in rows}
        assert {number for _rank, number, _m in rows} == {
            n for n, g in group.items() if g == label
        }
        marked = {number for _rank, number, mark in rows if mark}
        assert marked == ({at["S"], at["W"]} if level else set())
        assert (KEY["pl"] in text) == level


def test_the_shared_board_marks_a_broken_tie_and_says_why(club, organiser_client):
    set_order(club, "count_back", "hands_won")
    drive, seats = finished_tie(club)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    text = page(Client(), f"/p/{drive.public_key}/", "pl")
    # Both level players on the overall board, and on their group's (they
    # are in the same group).
    group = dict(Entry.objects.filter(drive=drive).values_list("number", "group"))
    at = seats  # the seats' entry numbers (seats_of_hand_1)
    same_group = group[at["S"]] == group[at["W"]]
    assert text.count('<span class="tie-mark">') == (4 if same_group else 2)
    assert text.count(f"</span> {KEY['pl']}</p>") == 1
    # The key says the rule that decided, not the club's whole order again.
    assert "Remisy:" not in text


def test_a_shared_place_is_shown_shared_with_no_mark_and_no_key(club, organiser_client):
    set_order(club)  # no tie-breaks: level totals share their place
    drive, seats = finished_tie(club)
    at = seats  # the seats' entry numbers (seats_of_hand_1)
    text = page(organiser_client, drive_url(drive, "projector/"), "pl")
    assert sorted(board_rows(text)) == sorted(
        [
            (1, at["N"], False),
            (2, at["W"], False),
            (2, at["S"], False),
            (4, at["E"], False),
        ]
    )
    assert "tie-key" not in text and "tie-mark" not in text
    drive = drive_services.public_link_set(drive=drive, shared=True)
    public = page(Client(), f"/p/{drive.public_key}/", "pl")
    assert "tie-key" not in public and "tie-mark" not in public


def test_no_mark_while_play_goes_on(club, organiser_client):
    set_order(club, "count_back", "hands_won")
    drive = two_hand_drive(club)
    play_round(drive, tricks=lambda deal: 9)  # N-S on 3, E-W on 0: level pairs
    text = page(organiser_client, drive_url(drive, "projector/"), "pl")
    assert len(board_rows(text)) == 4
    assert not any(marked for _r, _n, marked in board_rows(text))
    assert "tie-key" not in text
