"""`demo --format prediction --players N --games G [--seed S]`: a prediction
whist drive (issue #18) played to the end with random legal deals through the
scoring service, ending with `drive: <id>`; seated by the movement at tables
of five and four (drive.movement.prediction: 13 players are one five and two
fours, 23 three fives and two fours)."""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest
from django.core.management import CommandError

from drive.models import Drive, DriveState, SeatAssignment
from drive.movement.types import Game
from drive.trumps import DEALS_PER_GAME
from printing.management.commands.demo import draw_prediction_deal
from scoring import prediction_rules
from scoring.models import HandResult, ResultStatus
from scoring.selectors import drive_scores, prediction_plays
from tests.printing.fixtures import run, sheet_rows

pytestmark = pytest.mark.django_db


def demo(*args: str) -> tuple[Drive, list[str]]:
    lines = run("demo", "--format", "prediction", *args)
    assert lines[-1].startswith("drive: ")
    return Drive.objects.get(pk=int(lines[-1].removeprefix("drive: "))), lines


@pytest.mark.parametrize("players, games", [(8, 2), (12, 3), (13, 2), (23, 1)])
def test_demo_plays_every_game_with_legal_deals(players, games):
    drive, lines = demo("--players", str(players), "--games", str(games), "--seed", "4")
    sizes = prediction_rules.table_sizes(players)
    assert sizes.sit_outs == 0
    assert drive.game is Game.PREDICTIONS
    assert (drive.state, drive.hands, drive.hands_per_round) == (
        DriveState.FINISHED,
        games * DEALS_PER_GAME,
        DEALS_PER_GAME,
    )
    assert drive.entries.count() == players
    assert lines[:-1] == [
        f"game {n}: {sizes.tables * DEALS_PER_GAME} results"
        for n in range(1, games + 1)
    ]
    results = HandResult.objects.filter(
        table__drive=drive, status=ResultStatus.CONFIRMED
    )
    assert results.count() == sizes.tables * games * DEALS_PER_GAME
    assert all(r.ns_tricks == 0 and r.predictions for r in results)
    plays = prediction_plays(drive=drive)
    assert len(plays) == results.count()
    # Each deal is one the rules allow (prediction_rules.PredictionDeal checks on making it), at
    # its table's size: the fives and fours of the head count's split.
    table_sizes = Counter()
    for play in plays:
        assert play.deal.players == len(play.entries)
        assert sum(play.deal.tricks) == prediction_rules.tricks_per_deal(
            play.deal.players
        )
        if play.deal.kind.wist:
            assert set(play.deal.predictions) == {0}
        if play.hand == 1:
            table_sizes[play.deal.players] += 1
    assert table_sizes == Counter({5: sizes.fives, 4: sizes.fours}) - Counter()
    # The boards score what was played: each entry's score is its points.
    points: Counter[int] = Counter()
    for play in plays:
        for entry, scored in zip(play.entries, play.deal.points, strict=True):
            points[entry] += scored
    rows = drive_scores(drive=drive).standings()
    assert {row.entry: row.score for row in rows} == dict(points)
    assert all(row.played == games * DEALS_PER_GAME for row in rows)


def test_demo_is_repeatable_with_a_seed():
    def deals(seed: str) -> list[tuple[int, int, str, str]]:
        drive, _ = demo("--players", "8", "--games", "1", "--seed", seed)
        return sorted(
            HandResult.objects.filter(table__drive=drive).values_list(
                "hand", "table__number", "predictions", "tricks"
            )
        )

    assert deals("9") == deals("9")
    assert deals("9") != deals("10")


def test_demo_with_a_head_count_that_leaves_sit_outs():
    """11 players are two tables of five and one sitting out each game:
    everyone else plays every deal of the game."""
    drive, lines = demo("--players", "11", "--games", "2", "--seed", "2")
    assert drive.state == DriveState.FINISHED
    seats = SeatAssignment.objects.filter(round__drive=drive)
    byes = Counter(
        seats.filter(table__isnull=True).values_list("round__number", flat=True)
    )
    assert byes == Counter({1: 1, 2: 1})
    at_tables = Counter(
        seats.filter(table__isnull=False).values_list("round__number", "table_id")
    )
    assert set(at_tables.values()) == {5}
    for game in (1, 2):
        seated = sum(n for (number, _), n in at_tables.items() if number == game)
        assert seated + byes[game] == 11
    rows = drive_scores(drive=drive).standings()
    assert sum(row.sat_out for row in rows) == sum(byes.values()) * DEALS_PER_GAME
    assert all(
        row.played + row.sat_out == 2 * DEALS_PER_GAME for row in rows
    )  # nobody missed a deal they were seated for


def test_demo_hands_of_a_prediction_drive():
    """Without --games, --hands gives the deals: 8 to a game."""
    drive, lines = demo("--players", "8", "--hands", "16", "--seed", "1")
    assert (drive.hands, drive.rounds, len(lines)) == (16, 2, 3)
    with pytest.raises(CommandError, match="not a whole number of games|multiple of 8"):
        demo("--players", "8", "--hands", "20")


@pytest.mark.parametrize(
    "args, words",
    [
        (["--games", "0"], "from 1 to 200"),
        (["--honours"], "no honours or revokes"),
        (["--revokes"], "no honours or revokes"),
    ],
)
def test_demo_refuses_what_prediction_whist_cannot_play(args, words):
    with pytest.raises(CommandError, match=words):
        demo("--players", "8", *args)
    assert not Drive.objects.exists()


def test_games_is_for_prediction_whist():
    with pytest.raises(CommandError, match="--games is for --format prediction"):
        run("demo", "--players", "8", "--games", "2")


@pytest.mark.parametrize("players", [4, 5])
def test_drawn_deals_are_legal_and_vary(players):
    rng = random.Random(5)
    seen: defaultdict[int, set] = defaultdict(set)
    for _ in range(300):
        for hand in range(1, DEALS_PER_GAME + 1):
            predictions, tricks = draw_prediction_deal(rng, hand, players)
            deal = prediction_rules.drive_deal(
                hand, predictions, tricks
            )  # raises if illegal
            seen[hand].add((deal.predictions, deal.tricks))
            if deal.kind.last_barred:
                order = deal.order
                barred = prediction_rules.barred_prediction(
                    [predictions[s] for s in order[:-1]], players, deal.kind
                )
                assert predictions[order[-1]] != barred
    assert all(len(kinds) > 100 for kinds in seen.values())


def test_demo_then_export_drive_adds_up_the_points(tmp_path):
    """The issue's contract end to end: the demo's drive exported, each
    player's Score in Results is the sum of their Points in Predictions."""
    drive, _lines = demo("--players", "12", "--games", "2", "--seed", "6")
    path = tmp_path / "wist.xlsx"
    run("export_drive", str(drive.pk), "--output", str(path))
    _headers, rows = sheet_rows(path, "Predictions")
    assert len(rows) == 12 * 2 * DEALS_PER_GAME
    points: Counter[int] = Counter()
    for row in rows:
        points[row["No."]] += row["Points"]
    _headers, results = sheet_rows(path, "Results")
    assert {row["No."]: row["Score"] for row in results} == dict(points)
    assert all(row["Total"] == row["Score"] + row["Adjustment"] for row in results)
