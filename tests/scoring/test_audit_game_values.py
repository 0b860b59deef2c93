"""The record of changes shows a result's values as the drive's game has them
(scoring.deal_games: record_hidden, record_value), not as the values guess it."""

from __future__ import annotations

import pytest

from drive.movement.types import Game
from players.models import AuditEvent, AuditKind
from scoring.deal_games import GAMES
from tests.factories import drive_with_players

pytestmark = pytest.mark.django_db


def test_each_game_says_its_results_values():
    predictions = GAMES[Game.PREDICTIONS]
    assert predictions.record_hidden == {"ns_tricks"}
    assert predictions.record_value("predictions", "0,2,3,4") == "Wist, 2, 3, 4"
    assert predictions.record_value("tricks", "3,5,3,2") == "3, 5, 3, 2"
    # A value no deal could hold is shown as it is.
    for key, value in (
        ("tricks", "three"),
        ("tricks", ""),
        ("tricks", [3]),
        ("status", "confirmed"),
    ):
        assert predictions.record_value(key, value) is None
    for game in (Game.HANDS, Game.RUBBERS):
        assert GAMES[game].record_hidden == frozenset()
        assert GAMES[game].record_value("predictions", "0,2,3,4") is None


def test_a_hands_drives_record_shows_its_north_south_tricks(club, organiser_client):
    """A record loaded from a file may hold a stray value of another game: a
    drive of hands still shows the N-S tricks that score it."""
    drive = drive_with_players(club=club, players=8)
    AuditEvent.objects.create(
        club=club,
        drive_id=drive.pk,
        kind=AuditKind.RESULT_ENTER,
        who="file",
        subject="table 1, hand 1",
        refs={"table": 1, "hand": 1},
        new={"ns_tricks": 9, "status": "confirmed", "predictions": "0,2", "version": 1},
    )
    page = organiser_client.get(f"/drives/{drive.pk}/audit/").content.decode()
    assert '<span class="side">N-S</span> tricks: – → 9' in page
    assert "predictions: – → 0,2" in page


def test_no_record_is_shown_in_a_game_by_default(club):
    """Each caller says which game's words show a record (the drive's, or the
    hands game's for the club's key records): none gets one by default, where
    a prediction drive's result would lose its predictions' words."""
    from scoring.views.audit import changes, row

    event = AuditEvent(
        club=club,
        kind=AuditKind.RESULT_ENTER,
        who="file",
        subject="table 1, hand 11",
        new={"ns_tricks": 0, "predictions": "0,2,3,4", "version": 1},
    )
    with pytest.raises(TypeError):
        changes(event)
    with pytest.raises(TypeError):
        row(event)
    said = {c.field: c.new for c in changes(event, game=Game.PREDICTIONS)}
    assert said == {"predictions": "Wist, 2, 3, 4", "version": "1"}
    shown = row(event, game=Game.HANDS).changes
    assert {c.field: c.new for c in shown}["N-S tricks"] == "0"
