"""The movement page's grid of tables by round, in a narrow column (a phone,
the printed page) and in its heading.

A cell «13 и 10 против 1 и 6» broke inside a pair, «13 и» over «10»: the
pairs of a cell are joined by no-break spaces now, so it breaks around
«против» only. Elsewhere pairs are written as before (pairs by name stay
breakable). The Russian heading read «Столы: тур 1, 2, 3…»; a Russian rule
book says «Столы по турам» (prediction whist: «Столы по партиям»). The
page cuts the grid into blocks of rounds (MovementOverview.blocks)."""

from __future__ import annotations

import pytest
from django.utils import translation

from drive.game_pages import GAME_PAGES
from drive.movement.types import Game, TableSeating
from drive.selectors import BLOCK_ROUNDS, MovementOverview
from players.pair_names import joined_pair
from tests.factories import drive_with_players, prediction_drive
from tests.fixtures import drive_url

NBSP = "\u00a0"
SEATED = TableSeating(table=1, north=13, east=1, south=10, west=6)


def grid_cell(language: str) -> str:
    with translation.override(language):
        return GAME_PAGES[Game.HANDS].grid_cell(SEATED, str)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ru", f"13{NBSP}и{NBSP}10 против 1{NBSP}и{NBSP}6"),
        ("pl", f"13{NBSP}i{NBSP}10{NBSP}– 1{NBSP}i{NBSP}6"),
        ("ro", f"13{NBSP}și{NBSP}10"),
        ("it", f"13{NBSP}e{NBSP}10"),
        ("en-gb", f"13{NBSP}&{NBSP}10 v 1{NBSP}&{NBSP}6"),
    ],
)
def test_a_grid_cell_keeps_each_pair_together(language, words):
    cell = grid_cell(language)
    assert words in cell, cell
    # The cell breaks on either side of its "against" only (Polish: after
    # its dash, which never starts a line).
    assert cell.count(" ") == (1 if language == "pl" else 2), cell
    north_south, east_west = cell.split(" ")[0], cell.split(" ")[-1]
    north_south = north_south.removesuffix(f"{NBSP}–")
    with translation.override(language):
        assert north_south == joined_pair([13, 10], unbroken=True)
        assert east_west == joined_pair([1, 6], unbroken=True)


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_pairs_elsewhere_are_written_as_before(language):
    """The shared message is unchanged: pairs on boards, cards and sheets,
    and pairs by name, keep their ordinary spaces."""
    with translation.override(language):
        assert NBSP not in joined_pair([3, 4])
        assert NBSP not in joined_pair(["Ann Smith", "Bob Jones"])
        assert joined_pair([3, 4], unbroken=True) == joined_pair([3, 4]).replace(
            " ", NBSP
        )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "heading"),
    [
        ("en-gb", "Tables by round"),
        ("ru", "Столы по турам"),
        ("pl", "Stoliki w kolejnych rundach"),
        ("ro", "Mesele pe runde"),
        ("it", "Tavoli per turno"),
    ],
)
def test_the_grids_heading(organiser_client, club, language, heading):
    drive = drive_with_players(players=8, club=club, format="progressive")
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(drive_url(drive, "movement/")).content.decode()
    assert f"<h2>{heading}</h2>" in page
    assert "1, 2, 3" not in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "heading"),
    [
        ("en-gb", "Tables by game"),
        ("ru", "Столы по партиям"),
        ("pl", "Stoliki w kolejnych partiach"),
        ("ro", "Mesele pe jocuri"),
        ("it", "Tavoli per partita"),
    ],
)
def test_the_grids_heading_in_prediction_whist(
    organiser_client, club, language, heading
):
    drive = prediction_drive(club, players=9, games=2)
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(drive_url(drive, "movement/")).content.decode()
    assert f"<h2>{heading}</h2>" in page


def overview(rounds: int) -> MovementOverview:
    numbers = list(range(1, rounds + 1))
    grid = [(table, [f"{table}/{r}" for r in numbers]) for table in (1, 2)]
    return MovementOverview(numbers, grid, [], "", [], False)


@pytest.mark.parametrize(
    ("rounds", "sizes"),
    [(0, []), (5, [5]), (8, [8]), (9, [5, 4]), (24, [8, 8, 8]), (39, [8] * 4 + [7])],
)
def test_the_printed_blocks_hold_every_round_once(rounds, sizes):
    blocks = overview(rounds).blocks
    assert [len(b.rounds) for b in blocks] == sizes
    assert all(len(b.rounds) <= BLOCK_ROUNDS for b in blocks)
    assert [r for b in blocks for r in b.rounds] == list(range(1, rounds + 1))
    for block in blocks:
        # Every table in every block, its cells those of the block's rounds.
        assert [t for t, _ in block.grid] == [1, 2]
        for table, cells in block.grid:
            assert cells == [f"{table}/{r}" for r in block.rounds]
