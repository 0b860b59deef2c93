"""Players who stay at one table, in every format (pure Python, no Django).

Each staying player sits at one table (the one named, if any) in every round
they play, and everyone else's movement keeps the format's own rules, checked
with the helpers the format's own tests use.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from drive.movement import plan
from drive.movement.quality import movement_quality
from drive.movement.stays import Kinds, away_from_home, stay_problems
from drive.movement.types import Format, Seat, Seating, Side
from tests.drive import individual_checks, progressive_checks, stationary_checks


def tables_of(schedule: list[Seating], player: int) -> list[int]:
    """The tables `player` sat at, round by round (rounds played only)."""
    found = []
    for seating in schedule:
        where = seating.seat_of(player)
        if where is not None:
            found.append(where[0])
    return found


def check_stays(
    schedule: list[Seating], stays: dict[int, int | None], partner=None
) -> None:
    for player, named in stays.items():
        for member in (player, *([partner[player]] if partner else [])):
            tables = tables_of(schedule, member)
            assert len(set(tables)) <= 1, (member, tables)
            if named is not None and tables:
                assert tables[0] == named, (member, named, tables)


def draw_stays(draw, players: list[int], tables: int, most: int) -> dict:
    """Up to `most` staying players, some with a named table, no two sharing one."""
    chosen = draw(
        st.lists(st.sampled_from(players), unique=True, max_size=min(most, tables))
    )
    free = list(range(1, tables + 1))
    stays: dict[int, int | None] = {}
    for player in chosen:
        if free and draw(st.booleans()):
            table = draw(st.sampled_from(free))
            free.remove(table)
            stays[player] = table
        else:
            stays[player] = None
    # Unnamed players take tables left free, so there are never too many.
    return stays


# --- progressive and semi-partner -------------------------------------------------


@st.composite
def grouped_drives(draw):
    tables = draw(st.integers(1, 8))
    extra_a = draw(st.integers(0, 2))
    extra_b = draw(st.integers(0, 2))
    a = list(range(1, 2 * tables + extra_a + 1))
    b = list(range(1001, 1001 + 2 * tables + extra_b))
    stays_a = draw_stays(draw, a, tables, 3)
    stays_b = draw_stays(draw, b, tables, 3)
    return {
        "a": a,
        "b": b,
        "tables": tables,
        "stays": stays_a | stays_b,
        "seed": draw(st.integers(0, 2**32)),
        "rounds": draw(st.integers(2, 8)),
        "format": draw(st.sampled_from([Format.PROGRESSIVE, Format.SEMI_PARTNER])),
        "winners_move": draw(st.booleans()),
    }


@given(data=st.data(), drive=grouped_drives())
@settings(max_examples=120, deadline=None)
def test_progressive_keeps_staying_players_at_their_tables(data, drive):
    a, b = set(drive["a"]), set(drive["b"])
    lineup = plan.Lineup(
        group_a=tuple(drive["a"]),
        group_b=tuple(drive["b"]),
        stays=tuple(drive["stays"].items()),
    )
    assert plan.lineup_stay_problems(format=drive["format"], lineup=lineup) == []
    history = [plan.opening_round(lineup=lineup, seed=drive["seed"])]
    progressive_checks.check_seating(history[0], a, b)
    for _number in range(2, drive["rounds"] + 1):
        previous = history[-1]
        winners = {
            t.table: data.draw(st.sampled_from([Side.NS, Side.EW]))
            for t in previous.tables
        }
        seating = plan.following_round(
            format=drive["format"],
            winners_move=drive["winners_move"],
            history=history,
            winners=winners,
            lineup=lineup,
            seed=drive["seed"],
        )
        progressive_checks.check_seating(seating, a, b)
        # The side that stays at a table (not a staying player's doing) keeps
        # its seats: winners stay (or losers, with winners moving).
        moved = progressive_checks.expected_positions(
            previous, winners, drive["format"], drive["winners_move"]
        )
        now = progressive_checks.positions(seating)
        was = progressive_checks.positions(previous)
        out = set(seating.sit_outs)
        # Unless a staying player, back from a sit-out, takes that seat back.
        stayers = set(drive["stays"])
        held = {where: who for who, where in now.items()}
        for player, place in moved.items():
            if place[0] == was[player][0] and player not in out:
                back = held.get(place)
                if back in stayers and back in previous.sit_outs:
                    continue
                assert now[player] == place, (player, place, now[player])
        history.append(seating)
    check_stays(history, drive["stays"])
    # Sit-outs stay fair within each group.
    stationary_checks.check_greedy_fair([], history, [a, b])


def test_a_staying_loser_keeps_the_seat_and_the_arrival_goes_on_one_table():
    lineup = plan.Lineup(
        group_a=(1, 2, 3, 4, 5, 6),
        group_b=(11, 12, 13, 14, 15, 16),
    )
    first = plan.opening_round(lineup=lineup, seed=7)
    loser_a = first.tables[0].east  # EW loses at table 1
    staying = plan.Lineup(
        group_a=lineup.group_a, group_b=lineup.group_b, stays=((loser_a, 1),)
    )
    winners = {1: Side.NS, 2: Side.NS, 3: Side.NS}
    seating = plan.following_round(
        format=Format.PROGRESSIVE,
        winners_move=False,
        history=[first],
        winners=winners,
        lineup=staying,
        seed=7,
    )
    assert seating.seat_of(loser_a) == (1, Seat.EAST)
    # The A who would have come to table 1 from table 3 goes on to table 2.
    assert seating.seat_of(first.tables[2].east) == (2, Seat.EAST)
    # Winners stay.
    assert seating.seat_of(first.tables[0].north) == (1, Seat.NORTH)
    assert seating.seat_of(first.tables[1].north) == (2, Seat.NORTH)


# --- the fixed formats ---------------------------------------------------------------


@st.composite
def stationary_drives(draw):
    tables = draw(st.integers(1, 8))
    a = list(range(1, 2 * tables + draw(st.integers(0, 3)) + 1))
    b = list(range(1001, 1001 + 2 * tables + draw(st.integers(0, 3))))
    return {
        "a": a,
        "b": b,
        "stays": draw_stays(draw, a, tables, 2) | draw_stays(draw, b, tables, 2),
        "rounds": draw(st.integers(1, 12)),
        "seed": draw(st.integers(0, 2**32)),
    }


@given(drive=stationary_drives())
@settings(max_examples=80, deadline=None)
def test_stationary_keeps_staying_players_at_their_tables(drive):
    a, b = set(drive["a"]), set(drive["b"])
    lineup = plan.Lineup(
        group_a=tuple(drive["a"]),
        group_b=tuple(drive["b"]),
        stays=tuple(drive["stays"].items()),
    )
    schedule = plan.plan_fixed(
        format=Format.STATIONARY,
        lineup=lineup,
        rounds=drive["rounds"],
        seed=drive["seed"],
    )
    for seating in schedule:
        stationary_checks.check_round(seating, a, b)
    stationary_checks.check_fair(schedule, [a, b])
    staying_b = {p for p in drive["stays"] if p in b}
    # Group A stays put, as the format says, staying or not. (When group A
    # has sit-outs, a staying A back from one takes their own table, and the
    # A they displace takes the seat the format gave them: a cost.)
    a_sit_out = any(set(s.sit_outs) & a for s in schedule)
    if not staying_b and not a_sit_out:
        stationary_checks.check_a_stays(schedule, a)
    check_stays(schedule, drive["stays"])


@st.composite
def pairs_drives(draw):
    count = draw(st.integers(2, 14))
    pairs = [(i, 100 + i) for i in range(1, count + 1)]
    tables = count // 2
    staying = draw_stays(draw, [p for p, _ in pairs], tables, 2)
    return {
        "pairs": pairs,
        "stays": staying,
        "rounds": draw(st.integers(1, 10)),
        "seed": draw(st.integers(0, 2**32)),
        "format": draw(st.sampled_from([Format.PARTNERS, Format.RUBBER])),
    }


@given(drive=pairs_drives())
@settings(max_examples=80, deadline=None)
def test_pairs_drives_keep_staying_pairs_at_their_tables(drive):
    pairs = drive["pairs"]
    lineup = plan.Lineup(
        group_a=tuple(p for p, _ in pairs),
        group_b=tuple(q for _, q in pairs),
        pairs=tuple(pairs),
        stays=tuple(drive["stays"].items()),
    )
    schedule = plan.plan_fixed(
        format=drive["format"],
        lineup=lineup,
        rounds=drive["rounds"],
        seed=drive["seed"],
    )
    players = sorted(lineup.players)
    individual_checks.check_rounds(schedule, players, len(pairs) // 2)
    partner = dict(pairs) | {q: p for p, q in pairs}
    for seating in schedule:
        for t in seating.tables:
            # Partners together, A North or East.
            assert partner[t.north] == t.south and partner[t.east] == t.west
            assert t.north < 100 and t.east < 100
    # The bye rotates fairly through the pairs.
    individual_checks.check_fair(schedule, players)
    check_stays(schedule, drive["stays"], partner)


@st.composite
def individual_drives(draw):
    count = draw(st.integers(4, 26))
    players = list(range(1, count + 1))
    return {
        "players": players,
        "stays": draw_stays(draw, players, count // 4, 3),
        "rounds": draw(st.integers(1, 10)),
        "seed": draw(st.integers(0, 2**32)),
    }


@given(drive=individual_drives())
@settings(max_examples=60, deadline=None)
def test_individual_keeps_staying_players_at_their_tables(drive):
    players = drive["players"]
    half = len(players) // 2
    lineup = plan.Lineup(
        group_a=tuple(players[:half]),
        group_b=tuple(players[half:]),
        stays=tuple(drive["stays"].items()),
    )
    schedule = plan.plan_fixed(
        format=Format.INDIVIDUAL,
        lineup=lineup,
        rounds=drive["rounds"],
        seed=drive["seed"],
    )
    individual_checks.check_rounds(schedule, players)
    individual_checks.check_fair(schedule, players)
    check_stays(schedule, drive["stays"])


@given(drive=individual_drives())
@settings(max_examples=40, deadline=None)
def test_prediction_whist_keeps_staying_players_at_their_tables(drive):
    players = drive["players"]
    lineup = plan.Lineup(
        group_a=tuple(players), group_b=(), stays=tuple(drive["stays"].items())
    )
    kept = plan.plan_fixed(
        format=Format.PREDICTION,
        lineup=lineup,
        rounds=drive["rounds"],
        seed=drive["seed"],
    )
    free = plan.plan_fixed(
        format=Format.PREDICTION,
        lineup=plan.Lineup(group_a=tuple(players), group_b=()),
        rounds=drive["rounds"],
        seed=drive["seed"],
    )
    for with_stays, without in zip(kept, free, strict=True):
        seated = [p for t in with_stays.tables for p in t.players()]
        assert sorted(seated + list(with_stays.sit_outs)) == players
        # The same tables of four and five, numbered 1..T.
        assert [t.table for t in with_stays.tables] == list(
            range(1, len(without.tables) + 1)
        )
        assert Counter(len(t.players()) for t in with_stays.tables) == Counter(
            len(t.players()) for t in without.tables
        )
    individual_checks.check_fair(kept, players)
    check_stays(kept, drive["stays"])


def test_re_planning_keeps_a_staying_player_at_the_table_they_first_sat_at():
    players = tuple(range(1, 17))
    lineup = plan.Lineup(group_a=players[:8], group_b=players[8:], stays=((5, None),))
    schedule = plan.plan_fixed(
        format=Format.INDIVIDUAL, lineup=lineup, rounds=6, seed=3
    )
    home = schedule[0].seat_of(5)[0]
    late = plan.Lineup(
        group_a=(*players[:8], 17), group_b=players[8:], stays=lineup.stays
    )
    rest = plan.plan_fixed(
        format=Format.INDIVIDUAL,
        lineup=late,
        rounds=4,
        seed=3,
        history=schedule[:2],
    )
    assert set(tables_of([*schedule[:2], *rest], 5)) == {home}


# --- what it costs, and what is refused ----------------------------------------------


def test_one_staying_player_costs_nothing_where_the_format_allows():
    """An A in a stationary drive, anyone in an individual drive, a pair in a
    Mitchell: the movement is the same, with other names."""
    cases = [
        (
            Format.STATIONARY,
            plan.Lineup(group_a=tuple(range(1, 9)), group_b=tuple(range(11, 19))),
            3,
        ),
        (Format.INDIVIDUAL, plan.Lineup(group_a=tuple(range(1, 17)), group_b=()), 7),
        (
            Format.PARTNERS,
            plan.Lineup(
                group_a=tuple(range(1, 9)),
                group_b=tuple(range(11, 19)),
                pairs=tuple((i, 10 + i) for i in range(1, 9)),
            ),
            4,
        ),
    ]
    for format, lineup, staying in cases:
        kwargs = {"format": format, "rounds": 4, "seed": 11}
        free = plan.plan_fixed(lineup=lineup, **kwargs)
        for table in (1, 3):
            kept = plan.plan_fixed(
                lineup=plan.Lineup(
                    group_a=lineup.group_a,
                    group_b=lineup.group_b,
                    pairs=lineup.pairs,
                    stays=((staying, table),),
                ),
                **kwargs,
            )
            assert set(tables_of(kept, staying)) == {table}, format
            assert (
                movement_quality(schedule=kept).summary()
                == movement_quality(schedule=free).summary()
            ), format


def test_two_staying_at_one_table_in_one_group_are_refused_with_the_reason():
    names = {1: "Anna Nowak (1)", 2: "Ivan Petrov (2)"}
    problems = stay_problems(
        stays={1: 3, 2: 3},
        kinds=Kinds(groups={1: "A", 2: "A"}),
        tables=4,
        name=names.get,
        kind_name=lambda kind: "Ladies",
    )
    assert len(problems) == 1
    assert "Anna Nowak (1)" in problems[0] and "Ivan Petrov (2)" in problems[0]
    assert "table 3" in problems[0] and "Ladies" in problems[0]
    # In different groups they may share it: they meet there every round.
    assert (
        stay_problems(
            stays={1: 3, 2: 3}, kinds=Kinds(groups={1: "A", 2: "B"}), tables=4
        )
        == []
    )
    # An individual drive has one group: everyone.
    assert stay_problems(stays={1: 3, 2: 3}, kinds=Kinds(), tables=4)


def test_a_table_the_drive_has_not_and_too_many_staying_players_are_refused():
    assert "table 5" in stay_problems(stays={1: 5}, kinds=Kinds(), tables=4)[0]
    (problem,) = stay_problems(
        stays={1: None, 2: None, 3: None}, kinds=Kinds(), tables=2
    )
    assert "than there are tables (2)" in problem and "1, 2, 3" in problem
    lineup = plan.Lineup(group_a=tuple(range(1, 9)), group_b=(), stays=((1, 3),))
    assert plan.lineup_stay_problems(format=Format.INDIVIDUAL, lineup=lineup)


def test_nobody_is_away_from_home_in_a_kept_movement():
    lineup = plan.Lineup(
        group_a=tuple(range(1, 13)), group_b=(), stays=((2, 1), (9, 2), (4, None))
    )
    schedule = plan.plan_fixed(
        format=Format.INDIVIDUAL, lineup=lineup, rounds=11, seed=5
    )
    assert (
        away_from_home(rounds=schedule, stays=dict(lineup.stays), kinds=Kinds()) == {}
    )
