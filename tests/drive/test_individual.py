"""Individual schedules (whist tournaments) and their quality: pure Python, no Django."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drive.movement.individual import has_ideal_design, individual_schedule
from drive.movement.individual.constructions import (
    _design,
    _pbd_blocks,
    _resolution_classes,
)
from drive.movement.individual.designs import (
    _CLASS_FAMILIES,
    _CYCLIC_STARTERS,
    _PBD,
    _PRODUCTS,
    _RESOLVABLE,
    _ROTATIONAL_STARTERS,
)
from drive.movement.individual.fields import _field, _transversal_design
from drive.movement.quality import Quality, movement_quality
from drive.movement.types import Seating
from tests.drive.individual_checks import check_fair, check_rounds


def whist_bound(v: int) -> int:
    """Rounds of one whist tournament Wh(v)."""
    return v - 1 if v % 4 == 0 else v


def counts(schedule: list[Seating]) -> tuple[Counter, Counter]:
    partners: Counter = Counter()
    opponents: Counter = Counter()
    for seating in schedule:
        for t in seating.tables:
            for x, y in ((t.north, t.south), (t.east, t.west)):
                partners[frozenset((x, y))] += 1
            for x, y in itertools.product((t.north, t.south), (t.east, t.west)):
                opponents[frozenset((x, y))] += 1
    return partners, opponents


def verify_design(v: int) -> None:
    design = _design(v)
    assert design is not None
    partners: Counter = Counter()
    opponents: Counter = Counter()
    assert len(design.rounds) == whist_bound(v)
    for tables in design.rounds:
        points = [p for t in tables for p in t]
        assert len(points) == len(set(points)) == 4 * (v // 4)
        assert all(0 <= p < v for p in points)
        for n, e, s, w in tables:
            partners.update([frozenset((n, s)), frozenset((e, w))])
            opponents.update(
                frozenset(pair) for pair in itertools.product((n, s), (e, w))
            )
    pairs = v * (v - 1) // 2
    assert len(partners) == pairs and set(partners.values()) == {1}
    assert len(opponents) == pairs and set(opponents.values()) == {2}


# -- designs ---------------------------------------------------------------


@pytest.mark.parametrize("v", sorted(_CYCLIC_STARTERS) + sorted(_ROTATIONAL_STARTERS))
def test_every_embedded_starter_develops_into_a_whist_tournament(v):
    verify_design(v)


@pytest.mark.parametrize("v", [5, 9, 13, 17, 25, 29, 45, 49, 65, 81, 85, 121])
def test_ring_constructions_are_whist_tournaments(v):
    verify_design(v)


@pytest.mark.parametrize("q", [2, 3, 4, 7, 8, 9, 16, 25, 27, 32])
def test_field_tables_are_fields(q):
    add, mul = _field(q)
    elements = range(q)
    assert all(add[0][x] == x and mul[1][x] == x for x in elements)
    # Every row of + is a permutation, and of x for nonzero rows: inverses.
    assert all(sorted(add[a]) == list(elements) for a in elements)
    assert all(sorted(mul[a][1:]) == list(range(1, q)) for a in range(1, q))
    for a, b, c in itertools.product(elements, repeat=3):
        assert add[add[a][b]][c] == add[a][add[b][c]]
        assert mul[mul[a][b]][c] == mul[a][mul[b][c]]
        assert mul[a][add[b][c]] == add[mul[a][b]][mul[a][c]]
    assert all(
        add[a][b] == add[b][a] and mul[a][b] == mul[b][a]
        for a, b in itertools.product(elements, repeat=2)
    )


@pytest.mark.parametrize("h", [4, 5, 7, 20, 9, 56, 21])
def test_resolution_classes_form_a_resolvable_td4(h):
    classes = _resolution_classes(h)
    assert len(classes) == h
    met: Counter = Counter()
    for blocks in classes:
        assert len(blocks) == h
        for group in range(4):  # each class seats every point of every group once
            assert sorted(b[group] for b in blocks) == list(range(h))
        for block in blocks:
            for i, j in itertools.combinations(range(4), 2):
                met[(i, block[i], j, block[j])] += 1
    # Every two points of different groups meet in exactly one block.
    assert len(met) == 6 * h * h and set(met.values()) == {1}


@pytest.mark.parametrize(
    ("k", "n"), [(5, 4), (6, 5), (5, 12), (4, 12), (5, 21), (5, 33), (5, 57), (6, 21)]
)
def test_transversal_designs_cover_every_pair_once_or_are_missing(k, n):
    td = _transversal_design(k, n)
    # MacNeish needs every prime-power factor >= k - 1; Wilson's n = mt + 1
    # builds TD(5, 21), TD(5, 33) and TD(5, 57); TD(5, 12) and TD(6, 21) are
    # beyond both (they exist, but not here).
    if (k, n) in ((5, 12), (6, 21)):
        assert td is None
        return
    assert td is not None and len(td) == n * n
    met = Counter()
    for block in td:
        assert [x // n for x in block] == list(range(k))
        met.update(itertools.combinations(block, 2))
    assert len(met) == k * (k - 1) // 2 * n * n and set(met.values()) == {1}


@pytest.mark.parametrize("v", sorted({*_CLASS_FAMILIES, min(_PBD), max(_PBD)}))
def test_pbds_cover_every_pair_once_with_the_block_sizes_the_closure_needs(v):
    # Blocks 1 (mod 4), but 0 (mod 4) through inf = v - 1 when v = 4n.
    blocks = _pbd_blocks(v)
    inf = v - 1 if v % 4 == 0 else None
    met = Counter()
    for block in blocks:
        assert len(block) % 4 == (0 if inf in block else 1)
        assert len(set(block)) == len(block)
        assert all(0 <= x < v for x in block)
        met.update(itertools.combinations(sorted(block), 2))
    assert len(met) == v * (v - 1) // 2 and set(met.values()) == {1}


@pytest.mark.parametrize("v", [64, 56, 385, 69, 60, 84])
def test_products_of_every_kind_are_whist_tournaments(v):
    assert v in _PRODUCTS
    design = _design(v)
    assert design.kind == "product"
    assert len(design.rounds) == whist_bound(v)
    verify_design(v)


@pytest.mark.parametrize("v", sorted(_RESOLVABLE))
def test_resolvable_designs_are_whist_tournaments(v):
    # 292 (q = 97, 1 mod 8: patterned blocks) and 376 (q = 125, 5 mod 8:
    # annealed blocks), from the data alone.
    design = _design(v)
    assert design.kind == "resolvable"
    check_whole_design(design)


def test_every_head_count_4n_or_4n_plus_1_up_to_400_has_a_whist_design():
    missing = [v for v in range(4, 401) if v % 4 in (0, 1) and not has_ideal_design(v)]
    assert missing == []


def check_starter_differences(design) -> None:
    """A cyclic or 1-rotational starter: its development is a Wh(v).

    Over Z_q (q = v, or v - 1 with the fixed point inf = q), round 0 must seat
    every point but one (cyclic: 0) or every point (rotational) once; the
    partner differences must cover Z_q minus 0 once and the opponent
    differences twice; inf (rotational) is in one table, partners one point
    and opposes two, so it partners everyone once and opposes everyone twice
    over the q rounds. Every round must be round 0 plus r.
    """
    v = design.points
    rotational = design.kind == "rotational"
    q = v - 1 if rotational else v
    starter = design.starter
    seated = sorted(x for t in starter for x in t)
    assert seated == (list(range(v)) if rotational else list(range(1, v)))
    partner = [0] * q
    opponent = [0] * q
    for n, e, s, w in starter:
        for x, y in ((n, s), (e, w)):
            if q not in (x, y):
                partner[(x - y) % q] += 1
                partner[(y - x) % q] += 1
        for x, y in ((n, e), (n, w), (s, e), (s, w)):
            if q not in (x, y):
                opponent[(x - y) % q] += 1
                opponent[(y - x) % q] += 1
    assert set(partner[1:]) == {1} and partner[0] == 0
    assert set(opponent[1:]) == {2} and opponent[0] == 0
    assert len(design.rounds) == q
    for r in (0, 1, q - 1):

        def shift(x: int, r: int = r) -> int:
            return x if rotational and x == q else (x + r) % q

        assert design.rounds[r] == tuple(tuple(shift(x) for x in t) for t in starter)


def check_whole_design(design) -> None:
    """Any design, round by round: every pair partners once and opposes twice."""
    v = design.points
    assert len(design.rounds) == whist_bound(v)
    partner = bytearray(v * v)
    opponent = bytearray(v * v)
    for tables in design.rounds:
        points = [p for t in tables for p in t]
        assert len(points) == len(set(points)) == 4 * (v // 4)
        assert all(0 <= p < v for p in points)
        for n, e, s, w in tables:
            for x, y in ((n, s), (e, w)):
                partner[x * v + y] += 1
                partner[y * v + x] += 1
            for x, y in ((n, e), (n, w), (s, e), (s, w)):
                opponent[x * v + y] += 1
                opponent[y * v + x] += 1
    for x in range(v):
        row = slice(x * v, (x + 1) * v)
        assert partner[row].count(1) == v - 1 and partner[x * v + x] == 0
        assert opponent[row].count(2) == v - 1 and opponent[x * v + x] == 0


@pytest.mark.parametrize("v", [v for v in range(4, 401) if v % 4 in (0, 1)])
def test_every_design_held_to_400_is_a_whist_tournament(v):
    design = _design(v)
    assert design is not None and design.points == v
    if design.kind in ("cyclic", "rotational"):
        check_starter_differences(design)
    else:
        check_whole_design(design)


# -- the ideal -------------------------------------------------------------

HELD = [v for v in range(4, 61) if v % 4 in (0, 1) and has_ideal_design(v)]


@pytest.mark.parametrize("v", HELD)
def test_whole_tournament_reaches_the_ideal(v):
    players = list(range(101, 101 + v))
    rounds = whist_bound(v)
    schedule = individual_schedule(players=players, rounds=rounds, seed=v)
    check_rounds(schedule, players)
    check_fair(schedule, players)
    partners, opponents = counts(schedule)
    # The whole Wh(v): every pair exactly once as partners, twice as opponents.
    assert len(partners) == len(opponents) == v * (v - 1) // 2
    assert set(partners.values()) == {1}
    assert set(opponents.values()) == {2}
    quality = movement_quality(schedule=schedule)
    assert quality.ideal
    assert quality.min_distinct_partners == quality.max_distinct_partners == v - 1
    if v % 4 == 1:
        assert set(quality.sit_outs.values()) == {1}


@pytest.mark.parametrize("v", [v for v in HELD if whist_bound(v) > 24])
def test_a_24_round_drive_reaches_the_ideal(v):
    players = list(range(1, v + 1))
    schedule = individual_schedule(players=players, rounds=24, seed=3)
    check_rounds(schedule, players)
    check_fair(schedule, players)
    quality = movement_quality(schedule=schedule)
    assert quality.max_partner_count == 1
    assert quality.max_opponent_count <= 2
    assert quality.ideal


@pytest.mark.parametrize("v", sorted(_CLASS_FAMILIES))
def test_class_family_designs_meet_the_ideal_over_the_whole_tournament(v):
    # The last head counts to get a design (93, 152, 237, 284, 332): the
    # whole schedule, every round of the Wh(v), not just its start.
    players = list(range(1, v + 1))
    schedule = individual_schedule(players=players, rounds=whist_bound(v), seed=7)
    check_rounds(schedule, players)
    check_fair(schedule, players)
    partners, opponents = counts(schedule)
    assert len(partners) == len(opponents) == v * (v - 1) // 2
    assert set(partners.values()) == {1} and set(opponents.values()) == {2}
    assert movement_quality(schedule=schedule).ideal


@pytest.mark.parametrize("v", [100, 200, 400])
def test_large_head_counts_meet_the_ideal_over_24_rounds(v):
    players = list(range(1, v + 1))
    schedule = individual_schedule(players=players, rounds=24, seed=11)
    check_rounds(schedule, players)
    check_fair(schedule, players)
    quality = movement_quality(schedule=schedule)
    assert quality.max_partner_count == 1
    assert quality.max_opponent_count <= 2
    assert quality.ideal


def test_longer_drive_repeats_whole_tournaments():
    # 8 players, 24 hands: three whole Wh(8) and three rounds of a fourth.
    players = list(range(1, 9))
    schedule = individual_schedule(players=players, rounds=24, seed=5)
    check_rounds(schedule, players)
    quality = movement_quality(schedule=schedule)
    assert quality.max_partner_count == 4  # ceil(24 / 7): the least possible
    assert quality.max_opponent_count <= 8
    assert quality.ideal


# -- other head counts -----------------------------------------------------


@pytest.mark.parametrize("v", [v for v in range(6, 61) if v % 4 in (2, 3)])
def test_sit_outs_rotate_fairly_for_4n_plus_2_and_3(v):
    players = list(range(1, v + 1))
    rounds = v + 5
    schedule = individual_schedule(players=players, rounds=rounds, seed=v)
    check_rounds(schedule, players)
    check_fair(schedule, players)
    assert all(len(s.sit_outs) == v % 4 for s in schedule)


@pytest.mark.parametrize("v", [14, 15, 18, 19, 22, 23, 26, 27, 30, 34, 35, 38, 39, 42])
def test_4n_plus_2_and_3_from_a_neighbouring_design_have_no_repeats(v):
    # 4n + 3: Wh(v + 1) without a point; 4n + 2: cyclic Wh(v - 1) plus one.
    players = list(range(1, v + 1))
    rounds = v if v % 4 == 3 else v - 1
    schedule = individual_schedule(players=players, rounds=rounds, seed=2)
    check_fair(schedule, players)
    quality = movement_quality(schedule=schedule)
    assert quality.max_partner_count == 1
    assert quality.max_opponent_count == 2
    assert quality.ideal


def test_fewer_tables_than_the_head_count_fills():
    players = list(range(1, 17))
    schedule = individual_schedule(players=players, rounds=12, seed=1, tables=3)
    check_rounds(schedule, players, tables=3)
    check_fair(schedule, players)
    assert all(len(s.sit_outs) == 4 for s in schedule)
    assert movement_quality(schedule=schedule).max_partner_count == 1


# -- determinism and errors ------------------------------------------------


def test_same_inputs_same_schedule_and_order_of_players_does_not_matter():
    players = [5, 9, 2, 14, 7, 3, 11, 8, 1, 20, 13, 6, 4]
    one = individual_schedule(players=players, rounds=10, seed=42)
    two = individual_schedule(players=list(reversed(players)), rounds=10, seed=42)
    assert one == two
    other = individual_schedule(players=players, rounds=10, seed=43)
    assert other != one
    assert movement_quality(schedule=other).ideal


def test_zero_rounds_is_empty():
    assert individual_schedule(players=[1, 2, 3, 4], rounds=0, seed=1) == []


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": [1, 2, 3], "rounds": 3, "seed": 1}, ValueError),
        ({"players": [1, 2, 3, 3], "rounds": 3, "seed": 1}, ValueError),
        ({"players": [1, 2, 3, 4], "rounds": -1, "seed": 1}, ValueError),
        ({"players": [1, 2, 3, 4, 5], "rounds": 3, "seed": 1, "tables": 2}, ValueError),
        ({"players": [1, 2, 3, True], "rounds": 3, "seed": 1}, TypeError),
        ({"players": [1, 2, 3, 4], "rounds": 2.0, "seed": 1}, TypeError),
    ],
)
def test_bad_input_is_refused_with_a_clear_error(kwargs, error):
    with pytest.raises(error):
        individual_schedule(**kwargs)


def test_fewer_than_four_players_says_so():
    with pytest.raises(ValueError, match="at least 4 players"):
        individual_schedule(players=[1, 2, 3], rounds=1, seed=1)


# -- re-plans --------------------------------------------------------------


def test_replan_after_a_withdrawal_and_a_late_arrival_continues_the_design():
    players = list(range(1, 17))
    played = individual_schedule(players=players, rounds=10, seed=9)
    now = [p for p in players if p != 7] + [99]
    rest = individual_schedule(players=now, rounds=5, seed=9, history=played)
    check_rounds(rest, now)
    assert all(7 not in s.players() for s in rest)
    # 99 took 7's place in the design: no pair repeats across the whole evening.
    quality = movement_quality(schedule=played + rest)
    assert quality.max_partner_count == 1
    assert quality.max_opponent_count == 2
    # A second swap later on is recognised too.
    again = [p for p in now if p != 12] + [100]
    last = individual_schedule(
        players=again, rounds=3, seed=9, history=played + rest[:2]
    )
    assert movement_quality(schedule=played + rest[:2] + last).max_partner_count == 1


def test_replan_after_a_withdrawal_alone_stays_fair_and_bounded():
    players = list(range(1, 18))
    played = individual_schedule(players=players, rounds=8, seed=4)
    now = [p for p in players if p != 2]
    rest = individual_schedule(players=now, rounds=9, seed=4, history=played)
    check_rounds(rest, now)
    check_fair(rest, now)
    quality = movement_quality(schedule=played + rest, players=now)
    assert quality.max_partner_count <= 2
    assert quality.max_opponent_count <= 4


def test_replan_from_a_foreign_history_counts_what_was_played():
    players = list(range(1, 13))
    # A history this module did not make: the same three tables twice.
    fixed = individual_schedule(players=players, rounds=1, seed=1)[0]
    history = [fixed, fixed]
    rest = individual_schedule(players=players, rounds=6, seed=1, history=history)
    check_rounds(rest, players)
    partners, _ = counts(rest)
    already = {frozenset((t.north, t.south)) for t in fixed.tables}
    already |= {frozenset((t.east, t.west)) for t in fixed.tables}
    assert not already & set(partners), "a pair partnered twice already partners again"


def test_late_arrival_without_withdrawal_joins_fairly():
    players = list(range(1, 17))
    played = individual_schedule(players=players, rounds=5, seed=8)
    now = [*players, 17]
    rest = individual_schedule(players=now, rounds=12, seed=8, history=played)
    check_rounds(rest, now)
    check_fair(rest, now)
    assert movement_quality(schedule=played + rest, players=now).max_partner_count <= 2


# -- quality ---------------------------------------------------------------


def test_summary_in_plain_words():
    players = list(range(1, 17))
    schedule = individual_schedule(players=players, rounds=15, seed=1)
    assert movement_quality(schedule=schedule).summary() == (
        "everyone has 15 different partners; nobody partners anyone more than once; "
        "nobody opposes anyone more than twice; nobody sits out"
    )
    seventeen = individual_schedule(players=list(range(1, 18)), rounds=17, seed=1)
    assert movement_quality(schedule=seventeen).summary() == (
        "everyone has 16 different partners; nobody partners anyone more than once; "
        "nobody opposes anyone more than twice; 1 sit-out each for 17 players"
    )


@pytest.mark.parametrize(
    ("players", "played", "partners", "opponents", "ideal"),
    [
        (8, 7, 1, 2, True),  # one Wh(8)
        (8, 7, 2, 2, False),
        (8, 7, 1, 3, False),
        (8, 8, 2, 4, True),  # into a second tournament: twice and four times
        (8, 24, 4, 8, True),
        (8, 24, 4, 9, False),
        (1, 3, 0, 0, True),
    ],
)
def test_the_ideal_is_the_whist_bound_for_the_rounds_played(
    players, played, partners, opponents, ideal
):
    everyone = tuple(range(1, players + 1))
    quality = Quality(
        players=everyone,
        rounds=played,
        partner_counts={(1, 2): partners} if partners else {},
        opponent_counts={(1, 3): opponents} if opponents else {},
        distinct_partners=dict.fromkeys(everyone, 1),
        sit_outs=dict.fromkeys(everyone, 0),
        played=dict.fromkeys(everyone, played),
    )
    assert quality.ideal is ideal


def test_quality_counts_only_the_players_asked_about():
    players = list(range(1, 9))
    schedule = individual_schedule(players=players, rounds=7, seed=1)
    quality = movement_quality(schedule=schedule, players=[1, 2, 3])
    assert quality.players == (1, 2, 3)
    assert set(quality.sit_outs) == {1, 2, 3}
    assert quality.max_partner_count <= 1


def test_quality_is_honest_when_pairs_repeat():
    players = list(range(1, 9))
    one = individual_schedule(players=players, rounds=1, seed=1)
    quality = movement_quality(schedule=one * 3)
    assert quality.max_partner_count == 3
    assert not quality.ideal


# -- property tests --------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(v=st.integers(min_value=4, max_value=60), data=st.data())
def test_any_head_count_and_length(v, data):
    bound = whist_bound(v) if v % 4 in (0, 1) else v
    rounds = data.draw(st.integers(min_value=1, max_value=bound + 8))
    seed = data.draw(st.integers(min_value=0, max_value=2**32))
    players = list(range(1000, 1000 + v))
    schedule = individual_schedule(players=players, rounds=rounds, seed=seed)
    assert len(schedule) == rounds
    check_rounds(schedule, players)
    check_fair(schedule, players)
    quality = movement_quality(schedule=schedule)
    if v % 4 in (0, 1) and has_ideal_design(v) and rounds <= whist_bound(v):
        assert quality.max_partner_count == 1
        assert quality.max_opponent_count <= 2
        assert quality.ideal
    if v % 4 in (0, 1) and has_ideal_design(v):
        cycles = -(-rounds // whist_bound(v))
        assert quality.max_partner_count <= cycles
        assert quality.max_opponent_count <= 2 * cycles
