"""The results page (the organiser's, and the public one a player opens at
home) marks the places a tie-break decided as the final boards do
(scoring/_tie_mark.html), and says under the boards, in their key, which rule
decided them, in place of the club's whole order ("Ties: ..."). A place
shared: no mark and no key. Half-time's boards keep the order, unmarked."""

from __future__ import annotations

import pytest
from django.test import Client

from drive import services as drive_services
from tests.prizes.fixtures import finished_tie, set_order
from tests.scoring.tie_marks import KEY, SPOKEN, overall, page, table_rows

pytestmark = pytest.mark.django_db


def key_line(language: str) -> str:
    return (
        '<p class="note tie-key"><span class="tie-key-mark" aria-hidden="true">*'
        f"</span> {KEY[language]}</p>"
    )


@pytest.mark.parametrize("language", ["ru", "pl", "en-gb"])
def test_the_results_page_marks_a_broken_tie_and_says_why(
    club, organiser_client, language
):
    set_order(club, "count_back", "hands_won")
    drive, seats = finished_tie(club)
    at = seats  # the seats' entry numbers (seats_of_hand_1)
    text = page(organiser_client, f"/drives/{drive.pk}/results/", language)
    assert table_rows(overall(text)) == [
        (1, at["N"], False),
        (2, at["W"], True),
        (3, at["S"], True),
        (4, at["E"], False),
    ]
    assert {n for _r, n, mark in table_rows(text) if mark} == {at["S"], at["W"]}
    assert f", {SPOKEN[language]}</span>" in text
    assert text.count(key_line(language)) == 1
    assert "ties-note" not in text


def test_the_public_results_page_marks_them_too(club, organiser_client):
    set_order(club, "count_back")
    drive, seats = finished_tie(club)
    at = seats  # the seats' entry numbers (seats_of_hand_1)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    text = page(Client(), f"/p/{drive.public_key}/results/", "pl")
    assert {n for _r, n, mark in table_rows(text) if mark} == {at["S"], at["W"]}
    assert text.count(key_line("pl")) == 1


def test_a_shared_place_on_the_results_page_has_no_mark_and_no_key(
    club, organiser_client
):
    set_order(club)  # no tie-breaks: level totals share their place
    drive, _seats = finished_tie(club)
    text = page(organiser_client, f"/drives/{drive.pk}/results/", "ru")
    assert [rank for rank, _n, _m in table_rows(overall(text))] == [1, 2, 2, 4]
    assert "tie-mark" not in text and "tie-key" not in text
