"""The results of a drive of fixed pairs read by pairs, as its boards do
(scoring.pair_lines): the results page, the printed results sheet and the results
e-mail rank pairs; the workbook keeps a row per player in Results (the club's
record of each player) and adds the pairs' ranking in a sheet of its own,
Pairs. An individual drive's results are unchanged."""

from __future__ import annotations

import html as markup
import io
import re

import pytest
from openpyxl import load_workbook

from drive.models import Entry
from players.pair_names import joined_pair
from printing import result_message
from printing.loading import load_results_sheet
from scoring import selectors
from scoring.drive_plan import load_plan
from tests.factories import drive_with_players, play_drive, rubber_drive, varied_tricks

pytestmark = pytest.mark.django_db


def finished_rubber_drive(club, organiser):
    return play_drive(rubber_drive(club), tricks=varied_tricks, by=organiser)


def pairs(drive) -> dict[str, tuple[str, int]]:
    """Each pair's numbers ("1 & 2") -> (both names, the pair's total)."""
    found: dict[int, list[Entry]] = {}
    for entry in Entry.objects.filter(drive=drive).select_related("player"):
        found.setdefault(entry.pair, []).append(entry)
    totals = {r.entry: r.total for r in selectors.leaderboard(drive=drive)}
    return {
        joined_pair([e.number for e in entries]): (
            joined_pair([str(e.player) for e in entries]),
            totals[entries[0].pk],
        )
        for entries in found.values()
    }


def test_the_workbook_keeps_its_players_and_adds_the_pairs(
    club, organiser, organiser_client
):
    drive = finished_rubber_drive(club, organiser)
    response = organiser_client.get(f"/drives/{drive.pk}/export.xlsx")
    book = load_workbook(io.BytesIO(response.content))
    names = book.sheetnames
    assert names.index("Pairs") == names.index("Results") + 1
    assert len(list(book["Results"].values)) == 1 + 8
    rows = list(book["Pairs"].values)
    assert rows[0][:3] == ("Rank", "No.", "Name") and rows[0][-1] == "Total"
    expected = pairs(drive)
    assert len(rows) == 1 + 4
    assert {row[1]: (row[2], row[-1]) for row in rows[1:]} == expected
    totals = [row[-1] for row in rows[1:]]
    assert totals == sorted(totals, reverse=True)
    assert rows[1][0] == 1


def test_the_results_page_sheet_and_mail_rank_pairs(club, organiser, organiser_client):
    drive = finished_rubber_drive(club, organiser)
    expected = pairs(drive)
    page = organiser_client.get(f"/drives/{drive.pk}/results/").content.decode()
    board = page[page.index('<section id="overall"') :]
    board = board[: board.index("</tbody>")]
    lines = [
        markup.unescape(re.sub(r"<[^>]+>", " ", line))
        for line in re.findall(r"<tr[ >].*?</tr>", board, re.S)[1:]
    ]
    assert len(lines) == 4
    for numbers, (names, _total) in expected.items():
        assert any(numbers in line and names in line for line in lines)

    sheet = load_results_sheet(drive=drive, plan=load_plan(drive=drive))
    printed = sheet.sections[0].lines
    assert {line.number: (line.name, line.total) for line in printed} == expected
    assert printed[0].rank == 1

    entry = Entry.objects.filter(drive=drive).order_by("number").last()
    places = result_message.Composer(drive).places(entry)
    assert re.fullmatch(r"Overall: place [1-4] of 4, \d+ points?", places[0])


def test_an_individual_drive_has_no_pairs(club, organiser, organiser_client):
    drive = play_drive(drive_with_players(players=8, club=club, hands=4))
    response = organiser_client.get(f"/drives/{drive.pk}/export.xlsx")
    assert "Pairs" not in load_workbook(io.BytesIO(response.content)).sheetnames
    sheet = load_results_sheet(drive=drive, plan=load_plan(drive=drive))
    assert len(sheet.sections[0].lines) == 8
    assert all(isinstance(line.number, int) for line in sheet.sections[0].lines)
    entry = Entry.objects.filter(drive=drive).order_by("number").last()
    assert " of 8," in result_message.Composer(drive).places(entry)[0]
