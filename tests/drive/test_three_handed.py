"""Three-handed table with a dummy hand (pure Python, no Django)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drive.movement.progressive import first_round
from drive.movement.quality import movement_quality, player_path
from drive.movement.three_handed import with_three_handed_table
from drive.movement.types import (
    DUMMY,
    SEAT_GROUP,
    SEATS,
    Group,
    Seat,
    Seating,
    TableSeating,
    real_players,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
PARTNER = {N: S, S: N, E: W, W: E}


def one_table() -> Seating:
    return Seating(
        tables=(TableSeating(table=1, north=1, east=2, south=11, west=12),),
        sit_outs=(),
    )


def groups_for(a, b) -> dict[int, Group]:
    return {p: Group.A for p in a} | {p: Group.B for p in b}


@st.composite
def leftovers(draw):
    """Group sizes 2T + k: one group has at most one player over."""
    tables = draw(st.integers(1, 14))
    many, few = draw(st.integers(0, 5)), draw(st.integers(0, 1))
    if draw(st.booleans()):
        many, few = few, many
    return 2 * tables + many, 2 * tables + few


@given(
    sizes=leftovers(),
    seed=st.integers(0, 2**32),
    counts=st.dictionaries(st.integers(1, 200), st.integers(0, 5)),
)
@settings(max_examples=150, deadline=None)
def test_three_handed_property(sizes, seed, counts):
    n_a, n_b = sizes
    a, b = list(range(1, n_a + 1)), list(range(101, 101 + n_b))
    seating = first_round(group_a=a, group_b=b, seed=seed)
    groups = groups_for(a, b)
    result = with_three_handed_table(
        seating=seating, groups=groups, sit_out_counts=counts
    )
    if len(seating.sit_outs) != 3:
        assert result is seating
        return
    assert result.sit_outs == ()
    assert result.tables[:-1] == seating.tables
    extra = result.tables[-1]
    assert extra.table == len(seating.tables) + 1
    assert extra.players().count(DUMMY) == 1
    assert sorted(real_players(extra)) == sorted(seating.sit_outs)
    assert all(DUMMY not in t.players() for t in result.tables[:-1])
    # Each plays in a seat of their group where the three allow it.
    group_counts = {g: sum(groups[p] is g for p in seating.sit_outs) for g in Group}
    for seat in SEATS:
        player = extra.player_at(seat)
        if player != DUMMY and group_counts[groups[player]] <= 2:
            assert SEAT_GROUP[seat] is groups[player]
    # The dummy's partner is among those who sat out most.
    dummy_seat = next(s for s in SEATS if extra.player_at(s) == DUMMY)
    partner = extra.player_at(PARTNER[dummy_seat])
    # The dummy partners a player of the group with two or three of the three.
    major = next(g for g in Group if group_counts[g] >= 2)
    can_partner = [p for p in seating.sit_outs if groups[p] is major]
    best = max(counts.get(p, 0) for p in can_partner)
    assert counts.get(partner, 0) == best
    assert partner == min(p for p in can_partner if counts.get(p, 0) == best)


@pytest.mark.parametrize(
    ("sit_outs", "expected"),
    [
        # Two A and one B: the dummy takes the missing B seat (West).
        ((3, 4, 13), (4, 3, 13, DUMMY)),
        # One A and two B: the dummy takes the missing A seat (East).
        ((3, 13, 14), (3, DUMMY, 14, 13)),
        # Three A: two in the A seats, one South, dummy West.
        ((3, 4, 5), (4, 3, 5, DUMMY)),
        # Three B: two in the B seats, one North, dummy East.
        ((13, 14, 15), (15, DUMMY, 14, 13)),
    ],
)
def test_seats_by_group(sit_outs, expected):
    seating = Seating(tables=one_table().tables, sit_outs=sit_outs)
    groups = groups_for([1, 2, 3, 4, 5], [11, 12, 13, 14, 15])
    result = with_three_handed_table(seating=seating, groups=groups)
    extra = result.tables[1]
    assert extra.table == 2
    assert extra.players() == expected


def test_dummy_partner_is_who_sat_out_most():
    seating = Seating(tables=one_table().tables, sit_outs=(3, 4, 13))
    groups = groups_for([1, 2, 3, 4], [11, 12, 13])
    plain = with_three_handed_table(seating=seating, groups=groups)
    assert plain.tables[1].east == 3  # lowest number partners the dummy
    favoured = with_three_handed_table(
        seating=seating, groups=groups, sit_out_counts={3: 1, 4: 2, 13: 5}
    )
    # Only an A can partner a dummy in a B seat: 4 has sat out more than 3.
    assert favoured.tables[1].players() == (3, 4, 13, DUMMY)


@pytest.mark.parametrize("count", [0, 1, 2, 4, 5])
def test_other_leftover_counts_unchanged(count):
    seating = Seating(tables=one_table().tables, sit_outs=tuple(range(20, 20 + count)))
    groups = {p: Group.A for p in range(1, 30)}
    assert with_three_handed_table(seating=seating, groups=groups) is seating


def test_unknown_group_is_an_error():
    seating = Seating(tables=one_table().tables, sit_outs=(3, 4, 5))
    with pytest.raises(ValueError, match="player 5 has no group"):
        with_three_handed_table(seating=seating, groups={3: Group.A, 4: Group.A})


def test_dummy_in_types_and_quality():
    seating = Seating(tables=one_table().tables, sit_outs=(3, 4, 13))
    groups = groups_for([1, 2, 3, 4], [11, 12, 13])
    result = with_three_handed_table(seating=seating, groups=groups)
    extra = result.tables[1]
    assert DUMMY == 0
    assert extra.players() == (4, 3, 13, DUMMY)
    assert real_players(extra) == (4, 3, 13)
    assert result.seat_of(13) == (2, S)
    assert result.seat_of(DUMMY) == (2, W)
    # Seating.players() lists the seats, the dummy's included.
    assert result.players() - {DUMMY} == {1, 2, 3, 4, 11, 12, 13}
    quality = movement_quality(schedule=[result])
    assert DUMMY not in quality.players
    # 4 (North) partners 13 (South); 3 (East) partners the dummy.
    assert quality.partner_counts == {(1, 11): 1, (2, 12): 1, (4, 13): 1}
    assert (DUMMY, 3) not in quality.opponent_counts
    assert quality.opponent_counts[(3, 4)] == quality.opponent_counts[(3, 13)] == 1
    assert quality.distinct_partners[3] == 0
    assert player_path(schedule=[result], player=3) == [(1, 2, "E", DUMMY)]
