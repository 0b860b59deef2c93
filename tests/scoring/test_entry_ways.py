"""The room's label on each table: its results in by phone, on paper, or not yet."""

from __future__ import annotations

import re

import pytest

from drive.models import Table
from scoring import captain as captain_services
from scoring.entry_ways import Way, result_way, table_way
from tests.factories import drive_with_players, enter_tricks


def test_a_captain_links_result_is_by_phone_and_anything_else_on_paper():
    assert result_way("table 2 captain link ab12cd") == Way.PHONE
    assert result_way("table 2 captain link ab12cd, opponent confirmed") == Way.PHONE
    assert result_way("organiser") == Way.PAPER
    assert result_way("") == Way.PAPER
    assert table_way([]) == Way.NOT_YET
    assert table_way(["organiser", "organiser"]) == Way.PAPER
    assert table_way(["organiser", "table 1 captain link x"]) == Way.BOTH


def labels(html: str) -> dict[str, str]:
    found = re.findall(
        r'id="room-table-(\d+)".*?<span class="way way-[a-z-]+">([^<]+)</span>',
        html,
        flags=re.S,
    )
    return dict(found)


@pytest.mark.django_db
def test_the_room_labels_each_table(assistant_client, organiser, club):
    drive = drive_with_players(players=12, club=club, hands=4, hands_per_round=2)
    captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=1),
        hand=1,
        ns_tricks=8,
        idempotency_key="a" * 22,
    )
    enter_tricks(drive, organiser, 2, [5, 6])
    enter_tricks(drive, organiser, 1, [7], first=2)
    html = assistant_client.get(f"/drives/{drive.pk}/room/").content.decode()
    assert labels(html) == {
        "1": "phone and paper",
        "2": "on paper",
        "3": "no result yet",
    }


@pytest.mark.django_db
def test_the_label_is_translated(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=2)
    captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=1),
        hand=1,
        ns_tricks=8,
        idempotency_key="b" * 22,
    )
    club.language = "pl"
    club.save(update_fields=["language"])
    html = assistant_client.get(f"/drives/{drive.pk}/room/").content.decode()
    assert labels(html) == {"1": "przez telefon", "2": "jeszcze bez wyniku"}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "none_yet"),
    [
        ("it", "ancora nessun risultato"),
        ("ru", "результата ещё нет"),
        ("ro", "încă niciun rezultat"),
    ],
)
def test_a_table_with_no_result_says_so_in_words(
    assistant_client, club, language, none_yet
):
    """Not a bare "non ancora": the label says what has not come."""
    drive = drive_with_players(players=8, club=club, hands=2)
    club.language = language
    club.save(update_fields=["language"])
    html = assistant_client.get(f"/drives/{drive.pk}/room/").content.decode()
    assert labels(html) == {"1": none_yet, "2": none_yet}
