"""A finished drive's head count tells the evening in the past, in every
language whose words for it are bound to a tense: "A ogni turno hanno
riposato a rotazione 2 giocatori", not "riposano" (present) as it said while
the drive was on."""

from __future__ import annotations

import html
import re

import pytest

from drive.format_words import GameWords
from tests.drive.headcount import grouped_page, headcount_html, plain
from tests.factories import drive_with_players, play_drive

pytestmark = pytest.mark.django_db


def overview_text(client, drive) -> str:
    page = client.get(f"/drives/{drive.pk}/").content.decode()
    found = re.search(r'<section class="headcount".*?</section>', page, re.S).group(0)
    return " ".join(html.unescape(re.sub("<[^>]+>", " ", found)).split())


def test_a_finished_drives_overview_says_who_sat_out_in_the_past(
    club, organiser_client
):
    club.language = "it"
    club.save(update_fields=["language"])
    drive = drive_with_players(players=10, club=club, hands=2)
    during = overview_text(organiser_client, drive)
    assert "A ogni turno riposano a rotazione 2 giocatori:" in during
    play_drive(drive)
    after = overview_text(organiser_client, drive)
    assert "A ogni turno hanno riposato a rotazione 2 giocatori:" in after
    assert "2 hanno riposato" in after
    assert "riposano" not in after and "a riposo" not in after


def finished(language: str, *, sit_outs: int, **drive) -> str:
    return plain(
        headcount_html(
            language,
            drive={"state": "finished", **drive},
            count={"players": 20, "tables": 5, "sit_outs": sit_outs},
        )
    )


@pytest.mark.parametrize(
    ("language", "tile", "note"),
    [
        ("en-gb", "2 sat out", "Each round 2 players sat out, in turn."),
        (
            "it",
            "2 hanno riposato",
            "A ogni turno hanno riposato a rotazione 2 giocatori.",
        ),
        ("pl", "2 pauzowały", "W każdej rundzie pauzowały po kolei 2 osoby."),
        ("ru", "2 отдыхали", "В каждом туре по очереди отдыхали 2 игрока."),
        (
            "ro",
            "2 au stat pe dinafară",
            "La fiecare rundă au stat pe dinafară, pe rând, 2 jucători.",
        ),
    ],
)
def test_the_tile_and_the_note_of_a_finished_drive_are_in_the_past(
    language, tile, note
):
    text = finished(language, sit_outs=2)
    assert tile in text and note in text


@pytest.mark.parametrize(
    ("language", "note"),
    [
        ("it", "A ogni partita ha riposato a rotazione 1 giocatore."),
        ("pl", "W każdej partii pauzowało po kolei 5 osób."),
    ],
)
def test_a_finished_prediction_drive_says_its_games_in_the_past(language, note):
    sit_outs = int(re.search(r"\d+", note).group(0))
    assert note in finished(language, sit_outs=sit_outs, words=GameWords())


def test_a_finished_drive_with_groups_and_a_three_handed_table():
    page = grouped_page("it", a=1, b=2, can_change=False)
    assert "riposano" in page  # still in play: the present
    past = plain(
        headcount_html(
            "it",
            drive={
                "state": "finished",
                "has_groups": True,
                "group_a_label": "Dame",
                "group_b_label": "Cavalieri",
            },
            count={
                "group_a": 9,
                "group_b": 10,
                "tables": 4,
                "sit_outs": 3,
                "sit_out_a": 1,
                "sit_out_b": 2,
                "three_handed_table": True,
            },
        )
    )
    assert "Ne sono rimasti tre: hanno giocato a un tavolo a tre con il morto." in past
    past = plain(
        headcount_html(
            "it",
            drive={
                "state": "finished",
                "has_groups": True,
                "group_a_label": "Dame",
                "group_b_label": "Cavalieri",
            },
            count={
                "group_a": 9,
                "group_b": 10,
                "tables": 4,
                "sit_outs": 3,
                "sit_out_a": 1,
                "sit_out_b": 2,
            },
        )
    )
    assert (
        "A ogni turno hanno riposato a rotazione 3 giocatori: 1 del gruppo Dame, "
        "2 del gruppo Cavalieri."
    ) in past
