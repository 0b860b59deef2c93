"""A score grid's cell emptied, its hand's result stored: a hand typed ahead
(its round not reached) loses its result (tests/scoring/test_typed_ahead_slips.py);
a hand whose round has begun keeps it, as before, but the page now says so
("Kept 1 result as it stands: table 2, hand 1. ...") rather than nothing: a
played result is corrected, not removed."""

from __future__ import annotations

import re

import pytest

from scoring.models import HandResult, ResultStatus
from tests.factories import drive_with_players
from tests.fixtures import drive_url, messages_of

pytestmark = pytest.mark.django_db

KEPT_ONE = (
    "Kept 1 result as it stands: table 2, hand 1. Its round has begun, so its "
    "result is corrected, not removed: type the right N-S tricks."
)


def grid(round_number: int, tricks: dict[tuple[int, int], str], version=1) -> dict:
    """The round grid as posted: each (table, hand)'s N-S tricks, and the
    version the page showed."""
    data = {"round": str(round_number)}
    for (table, hand), value in tricks.items():
        data[f"t{table}_h{hand}"] = value
        data[f"v_t{table}_h{hand}"] = str(version)
    return data


def slip(table: int, tricks: dict[int, str], version: int = 0) -> dict:
    data = {"table": str(table)}
    for hand, value in tricks.items():
        data[f"t{table}_h{hand}"] = value
        data[f"v_t{table}_h{hand}"] = str(version)
    return data


def confirmed(drive) -> dict[tuple[int, int], int]:
    return {
        (r.table.number, r.hand): r.ns_tricks
        for r in HandResult.objects.filter(
            table__drive=drive, status=ResultStatus.CONFIRMED
        ).select_related("table")
    }


def test_emptying_a_played_hand_alone_keeps_it_and_says_so(assistant_client, club):
    """Three tables, table 2's hand 1 in: the desk empties its cell and
    saves. The result stands, the page says why and how to change it
    (nothing else to save: a 400 showing the result again), not "type the
    N-S tricks for at least one table"."""
    drive = drive_with_players(players=12, club=club, hands=3)
    url = drive_url(drive, "scores/")
    assistant_client.post(url, grid(1, {(2, 1): "8"}, version=0), follow=True)
    assert confirmed(drive) == {(2, 1): 8}
    response = assistant_client.post(url, grid(1, {(2, 1): "", (3, 1): ""}))
    assert response.status_code == 400
    assert messages_of(response) == [KEPT_ONE]
    assert confirmed(drive) == {(2, 1): 8}
    page = response.content.decode()
    assert re.search(r'name="t2_h1" id="t2_h1" value="8"', page)


def test_emptying_a_played_hand_beside_others_typed_says_it_was_kept(
    assistant_client, club
):
    """The cell emptied beside other tables' hands typed: those are saved,
    and the emptied one said as kept, as a run like the saved ones."""
    drive = drive_with_players(players=12, club=club, hands=3)
    url = drive_url(drive, "scores/")
    assistant_client.post(url, grid(1, {(2, 1): "8"}, version=0), follow=True)
    response = assistant_client.post(
        url,
        grid(1, {(1, 1): "7", (2, 1): "", (3, 1): ""}) | {"v_t1_h1": "0"},
        follow=True,
    )
    assert messages_of(response) == ["Saved 1 result: table 1, hand 1.", KEPT_ONE]
    assert confirmed(drive) == {(1, 1): 7, (2, 1): 8}


def test_a_played_hand_emptied_on_a_tables_slip_is_said_too(assistant_client, club):
    """On a table's whole slip: hands typed ahead emptied are removed, the
    hand of the round in play emptied is kept, and both are said."""
    drive = drive_with_players(players=8, club=club, hands=3)
    url = drive_url(drive, "scores/")
    assistant_client.post(url, slip(2, {1: "9", 2: "9", 3: "9"}), follow=True)
    response = assistant_client.post(
        url, slip(2, {1: "", 2: "", 3: ""}, version=1), follow=True
    )
    assert messages_of(response)[:2] == [
        "Removed 2 results: table 2, hands 2, 3.",
        KEPT_ONE,
    ]
    assert confirmed(drive) == {(2, 1): 9}


def test_a_cell_the_page_showed_empty_is_not_an_emptied_one(assistant_client, club):
    """Table 2's slip page opened before its hand 3 was typed elsewhere (it
    showed the cell empty, version 0); that page then saves hand 2. Hand 3's
    result was not emptied by anyone: it stays, and hand 2 is saved (before,
    the whole slip was refused as changed meanwhile)."""
    drive = drive_with_players(players=8, club=club, hands=3)
    url = drive_url(drive, "scores/")
    assistant_client.post(url, slip(2, {3: "6"}))
    response = assistant_client.post(url, slip(2, {1: "", 2: "5", 3: ""}))
    assert response.status_code == 302
    assert confirmed(drive) == {(2, 2): 5, (2, 3): 6}


def test_kept_is_said_in_russian(assistant_client, club):
    club.language = "ru"
    club.save(update_fields=["language"])
    drive = drive_with_players(players=12, club=club, hands=3)
    url = drive_url(drive, "scores/")
    assistant_client.post(
        url, grid(1, {(2, 1): "8", (3, 1): "6"}, version=0), follow=True
    )
    response = assistant_client.post(url, grid(1, {(2, 1): "", (3, 1): ""}))
    assert messages_of(response) == [
        "Оставлено без изменений 2 результата: стол 2, сдача 1; стол 3, сдача 1. "
        "Результат начавшегося тура исправляют, а не удаляют: введите "
        "правильные взятки С-Ю."
    ]
