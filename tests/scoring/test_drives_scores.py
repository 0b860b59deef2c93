"""Many drives' scores read at once (drives_scores, for a season's pages) are
each drive's scores read alone: the same records, standings and tie-breaks,
in every game and way of entering scores."""

from __future__ import annotations

import pytest

from prizes.prize_reads import prize_reads_of
from prizes.selectors import drive_prizes
from scoring.selectors import drive_scores, drives_scores
from tests.league.seasons import (
    HANDS,
    PREDICTIONS,
    RUBBERS,
    finished_drive,
    season_players,
)

pytestmark = pytest.mark.django_db


def test_drives_read_together_score_as_each_read_alone(club, organiser):
    players = season_players(club)
    drives = [
        finished_drive(club, players, day=day, by=organiser, **settings)
        for day, settings in enumerate(HANDS + RUBBERS + PREDICTIONS)
    ]
    together = drives_scores(drives=drives)
    assert list(together) == [drive.pk for drive in drives]
    for drive in drives:
        alone = drive_scores(drive=drive)
        read = together[drive.pk]
        assert read.records == alone.records
        assert read.averages == alone.averages
        assert read.hands_complete == alone.hands_complete
        assert read.tie_breaks == alone.tie_breaks
        assert read.standings() == alone.standings()
        assert read.standings("A") == alone.standings("A")
    # Their prizes too, from the rows read once for them all.
    reads = prize_reads_of(drives=drives)
    for drive in drives:
        together_prizes = drive_prizes(
            drive=drive, scores=together[drive.pk], reads=reads[drive.pk]
        )
        alone_prizes = drive_prizes(drive=drive)
        assert together_prizes.awards == alone_prizes.awards
        assert together_prizes.competitors == alone_prizes.competitors
        assert together_prizes.half.standings() == alone_prizes.half.standings()
