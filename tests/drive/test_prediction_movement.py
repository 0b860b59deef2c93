"""The movement of a prediction whist drive (issue #18, "The evening"):
tables of four and five, fair sit-outs, as many different table mates as
possible, and the plan in plain words. Pure Python, except the last tests,
which start and re-plan a drive in the database."""

from __future__ import annotations

import datetime
import random
from collections import Counter

import pytest
from django.urls import reverse

from drive import entry_services
from drive import services as drive_services
from drive.models import Entry, SeatAssignment
from drive.movement import plan
from drive.movement.individual import individual_schedule
from drive.movement.prediction import (
    Meetings,
    TableSizes,
    prediction_meetings,
    prediction_quality_words,
    prediction_schedule,
    table_sizes,
    table_sizes_words,
)
from drive.movement.types import DUMMY, Seat, Seating, TableSeating
from drive.seating import stored_seatings
from tests.factories import PlayerFactory


def players(count: int) -> list[int]:
    return list(range(1, count + 1))


def schedule(count: int, games: int, seed: int = 1, history=()) -> list[Seating]:
    return prediction_schedule(
        players=players(count), rounds=games, seed=seed, history=history
    )


def sit_out_counts(games: list[Seating], after: int) -> Counter[int]:
    return Counter(p for seating in games[:after] for p in seating.sit_outs)


# --- tables ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "fives", "fours", "out"),
    [
        (4, 0, 1, 0),
        (5, 1, 0, 0),
        (6, 1, 0, 1),
        (7, 1, 0, 2),
        (8, 0, 2, 0),
        (9, 1, 1, 0),
        (10, 2, 0, 0),
        (11, 2, 0, 1),
        (13, 1, 2, 0),
        (23, 3, 2, 0),
        (200, 0, 50, 0),
        (203, 3, 47, 0),
    ],
)
def test_the_head_count_splits_into_tables_of_five_and_four(count, fives, fours, out):
    assert table_sizes(count) == TableSizes(fives=fives, fours=fours, sit_outs=out)
    for game in schedule(count, 3):
        sizes = [len(table.players()) for table in game.tables]
        assert sizes == [5] * fives + [4] * fours  # the fives first
        assert [table.table for table in game.tables] == list(
            range(1, fives + fours + 1)
        )
        assert [table.fifth is not None for table in game.tables] == (
            [True] * fives + [False] * fours
        )
        assert len(game.sit_outs) == out
        seated = [p for table in game.tables for p in table.players()]
        assert sorted(seated + list(game.sit_outs)) == players(count)


def test_23_players_are_three_tables_of_five_and_two_of_four_in_words():
    assert table_sizes_words(23) == (
        "23 players: 3 tables of five and 2 of four; nobody sits out"
    )


def test_nobody_sits_out_whenever_the_head_count_allows():
    leaving_someone_out = []
    for count in range(4, 61):
        games = schedule(count, 2)
        if any(game.sit_outs for game in games):
            leaving_someone_out.append(count)
    assert leaving_someone_out == [6, 7, 11]


@pytest.mark.parametrize(("count", "games"), [(7, 7), (7, 10), (11, 11), (6, 9)])
def test_sit_outs_rotate_fairly(count, games):
    plan_ = schedule(count, games, seed=5)
    for after in range(1, games + 1):
        counts = sit_out_counts(plan_, after)
        levels = [counts[p] for p in players(count)]
        # Nobody sits out twice while someone has not sat out once.
        assert max(levels) - min(levels) <= 1, after
    for before, game in zip(plan_, plan_[1:], strict=False):
        assert not set(before.sit_outs) & set(game.sit_outs)  # never two running
    if count == 11:
        assert sit_out_counts(plan_, games) == Counter(dict.fromkeys(players(11), 1))


def test_the_history_counts_towards_the_sit_outs():
    history = [
        Seating(
            tables=(TableSeating(1, 3, 4, 5, 6, fifth=7),),
            sit_outs=(1, 2),
        )
    ]
    following = schedule(7, 3, history=history)
    assert not {1, 2} & set(following[0].sit_outs)
    counts = sit_out_counts(history + following, 4)
    assert sorted(counts[p] for p in players(7)) == [1] * 6 + [2]


# --- meetings --------------------------------------------------------------------------


def test_16_players_over_5_games_meet_everyone_exactly_once():
    # The ideal (an affine plane of order 4): 5 games of four tables of four,
    # every two players at one table exactly once.
    meetings = prediction_meetings(schedule(16, 5))
    assert set(meetings.counts.values()) == {1}
    assert len(meetings.counts) == 16 * 15 // 2
    assert set(meetings.met.values()) == {15}


@pytest.mark.parametrize(
    ("count", "games"),
    [(20, 4), (23, 3), (24, 5), (33, 6), (48, 8), (60, 6), (200, 10)],
)
def test_nobody_meets_anyone_twice_when_there_is_room(count, games):
    for seed in (1, 2):
        meetings = prediction_meetings(schedule(count, games, seed=seed))
        assert meetings.repeated_pairs == 0
        assert meetings.fewest_repeat_meetings == 0


@pytest.mark.parametrize(
    ("count", "games"), [(5, 3), (6, 4), (7, 7), (8, 4), (9, 6), (11, 11), (13, 10)]
)
def test_when_repeats_are_forced_everyone_meets_as_many_as_their_seats_allow(
    count, games
):
    # Each player meets min(others, table mates counted game by game) different
    # others: the most there can be, so the repeats are as few as they can be.
    for seed in (1, 2, 3):
        meetings = prediction_meetings(schedule(count, games, seed=seed))
        assert meetings.ideal
        assert meetings.repeat_meetings == meetings.fewest_repeat_meetings > 0


def test_eight_players_over_four_games_all_meet():
    meetings = prediction_meetings(schedule(8, 4))
    assert set(meetings.met.values()) == {7}  # 12 table mates, 7 others


@pytest.mark.parametrize("count", range(8, 49, 4))
def test_it_meets_at_least_as_many_pairs_as_an_individual_drives_schedule(count):
    # Where the individual schedules fit (a multiple of 4: tables of four,
    # nobody out) the better of the two is kept; measured, ours was better or
    # equal everywhere but 12 players over 4 or 5 games.
    for games in range(2, 7):
        ours = prediction_meetings(schedule(count, games, seed=3))
        theirs = prediction_meetings(
            individual_schedule(players=players(count), rounds=games, seed=3)
        )
        assert len(ours.counts) >= len(theirs.counts), games


def test_the_tables_of_five_go_round():
    for count, games in [(9, 8), (13, 5), (23, 4), (21, 5)]:
        fives = Counter(
            p
            for game in schedule(count, games)
            for table in game.tables
            if table.fifth is not None
            for p in table.players()
        )
        levels = [fives[p] for p in players(count)]
        assert max(levels) - min(levels) <= 2, count


def test_nobody_keeps_seat_one():
    # One table: seat 1 (who deals first) goes round exactly.
    for count in (4, 5):
        firsts = Counter(game.tables[0].north for game in schedule(count, count))
        assert firsts == Counter(dict.fromkeys(players(count), 1))
    firsts = Counter(t.north for game in schedule(16, 8) for t in game.tables)
    assert max(firsts.values()) <= 3  # 32 seat ones over 16 players


# --- the same plan for a seed, and history --------------------------------------------


def test_a_seed_gives_one_plan_whatever_the_order_of_the_players():
    shuffled = players(23)
    random.Random(4).shuffle(shuffled)
    first = schedule(23, 4, seed=9)
    assert prediction_schedule(players=shuffled, rounds=4, seed=9) == first
    assert schedule(23, 4, seed=10) != first


def test_a_replan_continues_the_history():
    history = schedule(16, 2)
    rest = schedule(16, 3, history=history)
    meetings = prediction_meetings(history + rest)
    assert meetings.repeated_pairs == 0  # the history's meetings count
    # Planned without the history, the same three games meet some pairs again.
    blind = prediction_meetings(history + schedule(16, 3, seed=2))
    assert blind.repeated_pairs > 0


def test_a_replan_after_a_withdrawal_and_a_late_arrival():
    history = schedule(13, 2)
    now = [p for p in players(13) if p != 5] + [14]
    rest = prediction_schedule(players=now, rounds=3, seed=1, history=history)
    for game in rest:
        assert game.players() == set(now)
        assert [len(t.players()) for t in game.tables] == [5, 4, 4]
    # The history's meetings count: planned without it, the same players
    # would meet more of those they met already.
    blind = prediction_schedule(players=now, rounds=3, seed=1)
    with_history = prediction_meetings(history + rest, now)
    without = prediction_meetings(history + blind, now)
    assert with_history.repeat_meetings < without.repeat_meetings
    assert sum(with_history.met.values()) > sum(without.met.values())


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="at least 4 players"):
        prediction_schedule(players=[1, 2, 3], rounds=1, seed=1)
    with pytest.raises(ValueError, match="twice"):
        prediction_schedule(players=[1, 2, 3, 4, 4], rounds=1, seed=1)
    with pytest.raises(ValueError, match="dummy"):
        prediction_schedule(players=[0, 1, 2, 3], rounds=1, seed=1)
    with pytest.raises(TypeError):
        prediction_schedule(players=[1, 2, 3, 4], rounds=True, seed=1)
    assert prediction_schedule(players=[1, 2, 3, 4], rounds=0, seed=1) == []


# --- the plan in plain words -----------------------------------------------------------


def table(number: int, *seated: int) -> TableSeating:
    return TableSeating(number, *seated[:4], fifth=seated[4] if seated[4:] else None)


def test_the_quality_in_words():
    assert prediction_quality_words(schedule(16, 5)) == (
        "Over 5 games each player meets 15 of the 15 others; nobody meets anyone twice"
    )
    assert prediction_quality_words(schedule(24, 4)) == (
        "Over 4 games each player meets 12 of the 23 others; nobody meets anyone twice"
    )
    same = Seating(tables=(table(1, 1, 2, 3, 4), table(2, 5, 6, 7, 8)))
    moved = Seating(tables=(table(1, 1, 2, 5, 6), table(2, 3, 4, 7, 8)))
    assert prediction_quality_words([same, moved]) == (
        "Over 2 games each player meets 5 of the 7 others; 4 pairs meet twice"
    )
    assert prediction_quality_words([same, same, same]) == (
        "Over 3 games each player meets 3 of the 7 others; "
        "12 pairs meet more than once, at most 3 times"
    )
    five = Seating(tables=(table(1, 1, 2, 3, 4, 5),))
    assert prediction_quality_words([five, five]) == (
        "Over 2 games each player meets 4 of the 4 others; 10 pairs meet twice, "
        "as few as the head count allows; each sits at a table of five 2 times"
    )
    assert prediction_quality_words([]) == "Nobody plays yet"


def test_the_words_of_the_planned_movement_of_23_players():
    words = prediction_quality_words(schedule(23, 4))
    assert words.startswith("Over 4 games each player meets ")
    assert "of the 22 others" in words
    assert "each sits at a table of five" in words


def test_meetings_counts():
    games = [
        Seating(tables=(table(1, 1, 2, 3, 4, 5), table(2, 6, 7, 8, 9))),
        Seating(tables=(table(1, 1, 6, 7, 8, 2), table(2, 3, 4, 5, 9))),
    ]
    meetings = prediction_meetings(games)
    assert isinstance(meetings, Meetings)
    assert meetings.met[1] == 7  # 2, 3, 4, 5 then 6, 7, 8 (2 again)
    assert meetings.counts[(1, 2)] == 2
    assert meetings.repeated_pairs == len(
        [pair for pair, count in meetings.counts.items() if count > 1]
    )
    assert meetings.sat_with[1] == 8 and meetings.most[1] == 8
    assert not meetings.ideal
    # Reported on a few players, the others do not count.
    assert prediction_meetings(games, [1, 2]).counts == {(1, 2): 2}


# --- the engine's dispatch -------------------------------------------------------------


def test_the_plan_seats_a_prediction_drive_without_a_three_handed_table():
    lineup = plan.Lineup(group_a=tuple(players(7)), group_b=())
    count = plan.head_count(format="prediction", lineup=lineup, three_handed=True)
    assert (count.tables, count.sit_outs, count.three_handed_table) == (1, 2, False)
    lineup = plan.Lineup(group_a=tuple(players(12)), group_b=tuple(range(13, 24)))
    count = plan.head_count(format="prediction", lineup=lineup, three_handed=True)
    assert (count.tables, count.sit_outs) == (5, 0)
    games = plan.plan_fixed(
        format="prediction", lineup=lineup, rounds=3, seed=1, three_handed=True
    )
    assert games == schedule(23, 3)
    assert all(DUMMY not in t.players() for game in games for t in game.tables)


def test_a_prediction_drive_needs_four_players():
    three = plan.Lineup(group_a=(1, 2), group_b=(3,))
    assert plan.start_problems(format="prediction", lineup=three) == [
        "A drive needs at least 4 players; 3 can play."
    ]
    four = plan.Lineup(group_a=(1, 2, 3, 4), group_b=())
    assert plan.start_problems(format="prediction", lineup=four) == []


# --- a prediction drive in the database ---------------------------------------------


def prediction_drive(club, count: int, hands: int = 16):
    drive = drive_services.drive_create(
        club=club,
        seed=7,
        name="Wist night",
        date=datetime.date(2026, 11, 27),
        format="prediction",
        hands=hands,
    )
    drive = drive_services.drive_open_registration(drive=drive)
    for _ in range(count):
        drive_services.entry_register(drive=drive, player=PlayerFactory(club=club))
    return drive


def seats_of(drive, round_number: int) -> dict[int, list[str]]:
    """Each table's positions in a stored round."""
    tables: dict[int, list[str]] = {}
    for number, position in SeatAssignment.objects.filter(
        round__drive=drive, round__number=round_number, table__isnull=False
    ).values_list("table__number", "position"):
        tables.setdefault(number, []).append(position)
    return {number: sorted(p) for number, p in sorted(tables.items())}


@pytest.mark.django_db
def test_a_prediction_drive_of_13_starts_with_a_fifth_seat(club):
    drive = prediction_drive(club, 13)
    assert (drive.hands_per_round, drive.rounds) == (8, 2)
    drive_services.drive_start(drive=drive)
    for round_number in (1, 2):
        assert seats_of(drive, round_number) == {
            1: ["E", "F", "N", "S", "W"],
            2: ["E", "N", "S", "W"],
            3: ["E", "N", "S", "W"],
        }
    stored = stored_seatings(drive=drive)
    everyone = set(Entry.objects.filter(drive=drive).values_list("pk", flat=True))
    assert stored == prediction_schedule(
        players=sorted(everyone), rounds=2, seed=drive.seed
    )
    assert stored[0].tables[0].fifth is not None
    assert all(game.players() == everyone for game in stored)
    fifth = stored[0].tables[0].fifth
    assert SeatAssignment.objects.get(
        round__drive=drive, round__number=1, entry_id=fifth
    ).position == (Seat.FIFTH.value)


@pytest.mark.django_db
def test_a_withdrawal_and_a_late_arrival_replan_the_games_to_come(club):
    drive = prediction_drive(club, 13, hands=24)
    drive_services.drive_start(drive=drive)
    first = stored_seatings(drive=drive)[0]
    leaver = Entry.objects.get(pk=first.tables[0].fifth)
    entry_services.entry_withdraw(entry=leaver)
    # 12 left: three tables of four from game 2 on.
    for round_number in (2, 3):
        assert seats_of(drive, round_number) == {
            n: ["E", "N", "S", "W"] for n in (1, 2, 3)
        }
    assert seats_of(drive, 1)[1] == ["E", "F", "N", "S", "W"]  # played: kept
    late = drive_services.entry_register(drive=drive, player=PlayerFactory(club=club))
    games = stored_seatings(drive=drive)
    assert stored_seatings(drive=drive)[0] == first
    for game in games[1:]:
        assert late.pk in game.players() and leaver.pk not in game.players()
        assert [len(t.players()) for t in game.tables] == [5, 4, 4]


@pytest.mark.django_db
def test_the_movement_preview_shows_the_tables_of_five_and_the_plan_in_words(
    club, organiser_client
):
    drive = prediction_drive(club, 13)
    page = organiser_client.get(reverse("drive:movement", args=[drive.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "13 players: 1 table of five and 2 of four; nobody sits out" in text
    assert "Over 2 games each player meets" in text
    assert "Prediction whist: everyone plays for themselves" in text
    numbers = dict(Entry.objects.filter(drive=drive).values_list("pk", "number"))
    games = prediction_schedule(players=sorted(numbers), rounds=2, seed=drive.seed)
    five = games[0].tables[0]
    cell = " · ".join(str(numbers[p]) for p in five.players())
    assert f"<td>{cell}</td>" in text  # the fifth seat shown, last
    assert "seat 5" in text
