"""A prediction whist drive ranked by share of the table (issue #32): the
drive's setting, fixed once play starts; the boards, half-time, prizes,
results and workbook rank by it and show it; the cards keep the points."""

from __future__ import annotations

from fractions import Fraction

import pytest

from drive.models import PredictionRanking
from prizes.selectors import half_time
from scoring.prediction_share import entry_shares
from scoring.selectors import drive_scores, leaderboard, prediction_plays
from tests.factories import prediction_drive
from tests.printing.prediction_drive import play_predictions

pytestmark = pytest.mark.django_db


def expected_shares(drive, up_to_game: int | None = None) -> dict[int, Fraction]:
    """Each entry's average share, worked out here from the confirmed deals."""
    games: dict[tuple[int, int], tuple[tuple[int, ...], list[int]]] = {}
    for play in prediction_plays(drive=drive):
        if up_to_game is not None and play.game > up_to_game:
            continue
        entries, points = games.setdefault(
            (play.game, play.table), (play.entries, [0] * len(play.entries))
        )
        for seat, value in enumerate(play.deal.points):
            points[seat] += value
    shares = entry_shares(games.values())
    return {entry: sum(s, Fraction(0)) / len(s) for entry, s in shares.items()}


@pytest.fixture
def played(club):
    """Nine players (a table of five and one of four), three games, by share."""
    drive = prediction_drive(
        club, players=9, games=3, prediction_ranking=PredictionRanking.SHARE
    )
    play_predictions(drive, seed=11)
    drive.refresh_from_db()
    return drive


def test_the_board_ranks_by_the_average_share(played):
    shares = expected_shares(played)
    rows = leaderboard(drive=played)
    assert {row.entry: row.share for row in rows} == shares
    assert [row.share for row in rows] == sorted(shares.values(), reverse=True)
    for before, after in zip(rows, rows[1:], strict=False):
        assert before.rank <= after.rank
        assert (before.rank == after.rank) == (before.share == after.share)
    # The points stay what the book says.
    points = drive_scores(drive=played).records
    assert {r.entry: sum(r.hand_scores.values()) for r in points} == {
        row.entry: row.score for row in rows
    }


def test_half_time_ranks_by_the_first_half_s_share(played):
    half = half_time(drive=played)
    assert half.reached and half.game == 1
    assert {row.entry: row.share for row in half.standings()} == expected_shares(
        played, up_to_game=1
    )


def test_a_drive_ranked_by_points_has_no_share(club):
    drive = prediction_drive(club, players=9, games=2)
    play_predictions(drive, seed=3)
    rows = leaderboard(drive=drive)
    assert all(row.share is None for row in rows)
    assert [row.total for row in rows] == sorted(
        (row.total for row in rows), reverse=True
    )
