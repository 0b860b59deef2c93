"""The results e-mail's tie note (scoring.player_view.tie_note) in a
prediction whist drive: it follows what the drive's board ranks by. Ranked
by share (Drive.ranks_by_share), the share is the whole order and no
tie-break applies (scoring.selectors.tie_order), so two players level on
points but apart on share are placed by the share, and two level on share
share a place: neither is told "decided by count-back". Ranked by points,
the same evening's players level on points are placed by the club's
tie-break and are told so. The results page's "find me" says the same.

The note is decided by the row's placed_by, which only the tie-break pass
over level totals sets; the e-mail's own test of "level on points" only
gates it. These tests hold that so."""

from __future__ import annotations

import pytest

from drive.models import DriveState, Entry, PredictionRanking
from scoring import services as scoring_services
from scoring.selectors import drive_scores
from tests.factories import prediction_drive
from tests.printing.prediction_drive import play_predictions
from tests.printing.result_mails import send
from tests.prizes.fixtures import set_order
from tests.prizes.tie_places import own_places, public

pytestmark = pytest.mark.django_db


def evening(club, ranking: str):
    """Eight players, two games, the same deals whatever the ranking; entry 1
    given a point so that it ends level on 134 points with entry 7. Entry 1
    and 2 have the same share (2/3), 6 and 8 the same points (98) and share
    (1/2); 7 the best share (5/6). The board, by entry number:
    (rank, total, share, placed_by)."""
    set_order(club, "count_back", "hands_won")
    drive = prediction_drive(club, players=8, games=2, prediction_ranking=ranking)
    play_predictions(drive, seed=5)
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    scoring_services.adjustment_add(
        entry=Entry.objects.get(drive=drive, number=1),
        points=1,
        reason="scorer's slip",
        by=None,
    )
    board = {
        row.number: (row.rank, row.total, row.share, row.placed_by)
        for row in drive_scores(drive=drive).board()
    }
    return drive, board


def test_ranked_by_share_no_place_is_said_to_be_decided_by_a_tie_break(club):
    drive, board = evening(club, PredictionRanking.SHARE)
    # Level on points, apart on share: 7 first, 1 second, by the share.
    assert board[7][:2] == (1, 134) and board[1][:2] == (2, 134)
    assert board[7][2] > board[1][2]
    # Level on share, apart on points: 1 and 2 share second place.
    assert board[1][2] == board[2][2] and board[2][:2] == (2, 118)
    # Level on both: 6 and 8 share fourth.
    assert board[6][:3] == board[8][:3]
    sent = send(drive, "en-gb")
    assert sent[7] == ["Overall: place 1 of 8, 134 points, share of the table 83.3%"]
    assert sent[1] == ["Overall: place 2 of 8, 134 points, share of the table 66.7%"]
    assert sent[2] == ["Overall: place 2 of 8, 118 points, share of the table 66.7%"]
    assert (
        sent[6]
        == sent[8]
        == ["Overall: place 4 of 8, 98 points, share of the table 50.0%"]
    )
    for number in (1, 2, 6, 7, 8):
        assert own_places(public(drive, "en-gb", number)) == sent[number]
    # No row is marked on the boards as placed by a tie-break either.
    assert not any(placed_by for *_, placed_by in board.values())


def test_ranked_by_points_a_tie_break_places_the_level_and_says_so(club):
    drive, board = evening(club, PredictionRanking.POINTS)
    assert [board[n][:2] for n in (1, 7, 8, 6)] == [
        (1, 134),
        (2, 134),
        (4, 98),
        (5, 98),
    ]
    sent = send(drive, "en-gb")
    assert sent[1] == ["Overall: place 1 of 8, 134 points; decided by count-back"]
    assert sent[7] == ["Overall: place 2 of 8, 134 points; decided by count-back"]
    assert sent[8] == ["Overall: place 4 of 8, 98 points; decided by count-back"]
    assert sent[6] == ["Overall: place 5 of 8, 98 points; decided by count-back"]
    # Alone on their points: no note.
    assert sent[2] == ["Overall: place 3 of 8, 118 points"]
    for number in (1, 2, 6, 7, 8):
        assert own_places(public(drive, "en-gb", number)) == sent[number]
