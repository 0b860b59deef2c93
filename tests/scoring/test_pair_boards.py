"""The boards of a drive of fixed pairs read by pairs (scoring.pair_lines): one line
for each pair, naming both partners, with both numbers and the pair's score,
ranked as the board ranks (level pairs share a place); an individual drive's
boards are unchanged."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from drive.models import Entry
from players.pair_names import joined_pair
from scoring import selectors
from scoring.pair_lines import pair_lines, together
from scoring.standings import Standing
from tests.factories import drive_with_players, play_round, varied_tricks
from tests.fixtures import drive_url
from tests.scoring.boards import played_rubber_drive, text

pytestmark = pytest.mark.django_db


def row(entry: int, total: int, rank: int, name: str = "") -> Standing:
    return Standing(
        rank=rank,
        entry=entry,
        number=entry,
        name=name or f"P{entry}",
        group="A",
        played=12,
        sat_out=0,
        score=total,
        compensation=0,
        adjustments=0,
    )


def test_partners_make_one_line_and_the_lines_rank_with_ties():
    # Pairs 1-2 and 5-6 level on 6, 3-4 on 2, 7-8 on 0: the board ranked the
    # partners 1, 1, 1, 1, 5, 5, 7, 7.
    rows = [
        row(1, 6, 1),
        row(2, 6, 1),
        row(5, 6, 1),
        row(6, 6, 1),
        row(3, 2, 5),
        row(4, 2, 5),
        row(7, 0, 7),
        row(8, 0, 7),
    ]
    pairs = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4}
    lines = pair_lines(rows, pairs, join=" + ".join)
    assert [(r.rank, r.numbers, r.name, r.total) for r in lines] == [
        (1, (1, 2), "P1 + P2", 6),
        (1, (5, 6), "P5 + P6", 6),
        (3, (3, 4), "P3 + P4", 2),
        (4, (7, 8), "P7 + P8", 0),
    ]
    assert lines[0].keys == (1, 2)


def test_the_tie_breaks_order_between_level_pairs_stands():
    # Finished: the tie-breaks put pair 5-6 ahead of 1-2, both on 6.
    rows = [row(5, 6, 1), row(6, 6, 1), row(1, 6, 3), row(2, 6, 3)]
    lines = pair_lines(rows, {1: 1, 2: 1, 5: 3, 6: 3}, join=" + ".join)
    assert [(r.rank, r.numbers) for r in lines] == [(1, (5, 6)), (2, (1, 2))]


def test_an_adjustment_to_one_partner_gives_the_pair_the_prizes_mean():
    rows = [row(1, 10, 1), row(2, 7, 2), row(3, 8, 2), row(4, 8, 2)]
    rows[0] = Standing(**(rows[0].__dict__ | {"score": 7, "adjustments": 3}))
    lines = pair_lines(rows, {1: 1, 2: 1, 3: 2, 4: 2}, join=" + ".join)
    # 10 and 7: 8.5, halves up, 9 (as prizes.competitors.pairs_of).
    assert [(r.rank, r.numbers, r.total) for r in lines] == [
        (1, (1, 2), 9),
        (2, (3, 4), 8),
    ]


def test_an_entry_of_no_pair_stays_alone():
    groups = together([3, 1, 2, 4], {1: 1, 2: 1}, key=int, number=int)
    assert groups == [[1, 2], [3], [4]]


def board_lines(html: str, start: str, end: str) -> list[str]:
    """The text of each line of the first board between `start` and `end`."""
    body = html[html.index(start) :]
    body = body[: body.index(end)]
    return [
        text(line) for line in re.findall(r"<(?:tr|li)[ >].*?</(?:tr|li)>", body, re.S)
    ]


def pairs_of(drive) -> dict[int, tuple[str, str, str]]:
    """pair number -> (numbers, names, total) as a pair's line shows them."""
    found: dict[int, list[Entry]] = {}
    for entry in Entry.objects.filter(drive=drive).select_related("player"):
        found.setdefault(entry.pair, []).append(entry)
    board = {r.entry: r.total for r in selectors.leaderboard(drive=drive)}
    return {
        pair: (
            joined_pair([e.number for e in entries]),
            joined_pair([str(e.player) for e in entries]),
            str(board[entries[0].pk]),
        )
        for pair, entries in found.items()
    }


def expected_lines(drive) -> list[tuple[str, str, str]]:
    return sorted(pairs_of(drive).values(), key=lambda p: (-int(p[2]), p[0]))


def assert_pair_lines(lines: list[str], drive) -> None:
    expected = expected_lines(drive)
    assert len(lines) == 4
    for line, (numbers, names, total) in zip(lines, expected, strict=True):
        assert numbers in line and names in line and line.endswith(total), line
    # Ranked by score: 6, 3, 2, 0, one place each.
    assert [line.split()[0] for line in lines] == ["1", "2", "3", "4"]


def test_a_fixed_pair_drive_of_8_shows_4_lines_on_every_board(
    club, organiser, organiser_client
):
    drive = played_rubber_drive(club, organiser)
    assert [p[2] for p in expected_lines(drive)] == ["6", "3", "2", "0"]
    leaderboard = organiser_client.get(drive_url(drive, "leaderboard/"))
    assert_pair_lines(
        board_lines(leaderboard.content.decode(), "<tbody>", "</tbody>"), drive
    )
    projector = organiser_client.get(drive_url(drive, "projector/"))
    assert_pair_lines(
        board_lines(projector.content.decode(), 'class="projector-board', "</ol>"),
        drive,
    )
    public = Client().get(f"/p/{drive.public_key}/").content.decode()
    assert_pair_lines(board_lines(public, "<tbody>", "</tbody>"), drive)


def test_a_player_finds_their_pairs_line_on_the_public_board(club, organiser):
    drive = played_rubber_drive(club, organiser)
    second = Entry.objects.filter(drive=drive, pair__isnull=False).order_by("number")[1]
    html = Client().get(f"/p/{drive.public_key}/", {"entry": second.number})
    html = html.content.decode()
    own = re.search(r'<tr id="overall-own" class="own">.*?</tr>', html, re.S)
    assert own and str(second.player) in text(own.group())
    # Among 4 pairs, not 8 players.
    assert re.search(r"Overall: place [1-4] of 4,", text(html))


def test_an_individual_drive_keeps_a_line_for_each_player(club, organiser_client):
    drive = drive_with_players(players=8, club=club, hands=4)
    play_round(drive, tricks=varied_tricks)
    html = organiser_client.get(drive_url(drive, "leaderboard/")).content.decode()
    lines = board_lines(html, "<tbody>", "</tbody>")
    rows = selectors.board_scores(drive=drive).standings()
    assert len(lines) == 8
    for line, standing in zip(lines, rows, strict=True):
        assert line.split()[:2] == [str(standing.rank), str(standing.number)]
        assert standing.name in line and " & " not in line
