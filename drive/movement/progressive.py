"""Progressive and semi-partner movements.

Rule (docs/design.md, Movements): tables 1..T wrap around ("up" from T is 1,
"down" from 1 is T). After each round, at table t, one side stays and the other
splits and moves: its A goes up to t+1 and sits East, its B goes down to t-1 and
sits South (progressive) or West (semi-partner).

- Losers move (the default): the winners stay. Progressive: the winning A
  stays North and the winning B moves to West, so they now oppose each other.
  Semi-partner: the winners stay together, A North and B South.
- Winners move (a drive option): the winners split and move, the losers stay in
  the same way (progressive: losing A North, losing B West; semi-partner: losing
  A North, losing B South).

The winners of a round at a table are given as a side (NS or EW): who won
is a scoring rule (``scoring.rules.round_winner``), not the movement's.

Between rounds players may arrive late or withdraw, and head counts may change
the number of tables. Sit-outs are then chosen fairly within each group (see
``sitouts``); players who moved to a seat that still exists and who do not sit
out keep it, and the empty seats are filled by the other active players of the
right group in a stable order.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

from .sitouts import choose_sit_outs, sit_out_priority, table_count
from .types import SEAT_GROUP, Format, Group, Seat, Seating, Side, TableSeating

_A_SEATS: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST)
_B_SEATS: tuple[Seat, ...] = (Seat.SOUTH, Seat.WEST)


def _distinct(name: str, players: Collection[int]) -> list[int]:
    result = sorted(players)
    for before, after in zip(result, result[1:], strict=False):
        if before == after:
            raise ValueError(f"player {before} appears twice in {name}")
    return result


def _check_groups(group_a: list[int], group_b: list[int]) -> None:
    both = set(group_a) & set(group_b)
    if both:
        raise ValueError(f"players in both groups: {sorted(both)}")


def _table(number: int, seats: Mapping[Seat, int]) -> TableSeating:
    return TableSeating(
        table=number,
        north=seats[Seat.NORTH],
        east=seats[Seat.EAST],
        south=seats[Seat.SOUTH],
        west=seats[Seat.WEST],
    )


def first_round(
    *, group_a: Sequence[int], group_b: Sequence[int], seed: int
) -> Seating:
    """Seeded random draw for round 1.

    T = table_count; 2T players of each group are drawn to sit (A North/East,
    B South/West), the rest sit out. The draw depends only on the two sets of
    players and the seed, not on the order they are given in.
    """
    a = _distinct("group_a", group_a)
    b = _distinct("group_b", group_b)
    _check_groups(a, b)
    tables = table_count(group_a=len(a), group_b=len(b))
    if tables == 0:
        raise ValueError(
            f"cannot fill a table with {len(a)} players in group A and "
            f"{len(b)} in group B: each table needs 2 of each"
        )
    rng = random.Random(seed)
    rng.shuffle(a)
    rng.shuffle(b)
    seatings = tuple(
        TableSeating(
            table=t + 1,
            north=a[2 * t],
            east=a[2 * t + 1],
            south=b[2 * t],
            west=b[2 * t + 1],
        )
        for t in range(tables)
    )
    return Seating(
        tables=seatings, sit_outs=tuple(sorted(a[2 * tables :] + b[2 * tables :]))
    )


def _check_previous(previous: Seating) -> None:
    numbers = [table.table for table in previous.tables]
    if numbers != list(range(1, len(numbers) + 1)):
        raise ValueError(f"tables must be numbered 1..T in order, got {numbers}")
    seated = [p for table in previous.tables for p in table.players()]
    _distinct("the previous round", seated + list(previous.sit_outs))


def _winners_by_table(
    previous: Seating, winners: Mapping[int, Side]
) -> dict[int, Side]:
    numbers = {table.table for table in previous.tables}
    missing = sorted(numbers - set(winners))
    if missing:
        raise ValueError(f"no winning side given for table(s) {missing}")
    extra = sorted(set(winners) - numbers)
    if extra:
        raise ValueError(f"winning side given for unknown table(s) {extra}")
    result = {}
    for number in sorted(numbers):
        try:
            result[number] = Side(winners[number])
        except ValueError:
            raise ValueError(
                f"table {number}: winners must be NS or EW, got {winners[number]!r}"
            ) from None
    return result


def apply_movement(
    *,
    previous: Seating,
    winners: Mapping[int, Side],
    format: Format,
    winners_move: bool,
) -> Seating:
    """The pure movement: where everyone seated in ``previous`` goes next.

    Same tables, same players, no sit-out changes (``previous.sit_outs`` are
    kept). ``next_round`` builds on this and then deals with arrivals,
    withdrawals and sit-outs.
    """
    _check_previous(previous)
    format = Format(format)
    won = _winners_by_table(previous, winners)
    count = len(previous.tables)
    # Where the staying B sits, and where the arriving B sits.
    if format is Format.PROGRESSIVE:
        stay_b, arrive_b = Seat.WEST, Seat.SOUTH
    elif format is Format.SEMI_PARTNER:
        stay_b, arrive_b = Seat.SOUTH, Seat.WEST
    else:  # pragma: no cover - Format has only the two members above
        raise ValueError(f"not a progressive format: {format!r}")

    seats: dict[int, dict[Seat, int]] = {t.table: {} for t in previous.tables}
    for table in previous.tables:
        t = table.table
        if won[t] is Side.NS:
            win_a, win_b, lose_a, lose_b = (
                table.north,
                table.south,
                table.east,
                table.west,
            )
        else:
            win_a, win_b, lose_a, lose_b = (
                table.east,
                table.west,
                table.north,
                table.south,
            )
        if winners_move:
            stay_pair, move_pair = (lose_a, lose_b), (win_a, win_b)
        else:
            stay_pair, move_pair = (win_a, win_b), (lose_a, lose_b)
        up = t % count + 1
        down = (t - 2) % count + 1
        seats[t][Seat.NORTH] = stay_pair[0]
        seats[t][stay_b] = stay_pair[1]
        seats[up][Seat.EAST] = move_pair[0]
        seats[down][arrive_b] = move_pair[1]
    return Seating(
        tables=tuple(_table(t, seats[t]) for t in sorted(seats)),
        sit_outs=tuple(sorted(previous.sit_outs)),
    )


def next_round(
    *,
    previous: Seating,
    winners: Mapping[int, Side],
    format: Format,
    winners_move: bool,
    group_a: Collection[int],
    group_b: Collection[int],
    sit_out_counts: Mapping[int, int],
    seed: int,
) -> Seating:
    """The next round's seating.

    ``winners`` maps every table of ``previous`` to its winning side.
    ``group_a`` and ``group_b`` are the players active in the next round (late
    arrivals included, withdrawn players left out). ``sit_out_counts`` are the
    times each player has sat out so far, the previous round included
    (missing = 0).

    Everyone seated in ``previous`` first moves by the rule of the format. Then
    T' = table_count of the new groups; |A| - 2T' of A and |B| - 2T' of B sit
    out, chosen fairly (``choose_sit_outs``). Players whose moved seat is at a
    table <= T', in their group's seats, and who do not sit out keep it; the
    other seats are filled by the remaining players of the right group, lowest
    ``sit_out_priority`` (then id) first, tables in order, N before E and S
    before W.
    """
    a = _distinct("group_a", group_a)
    b = _distinct("group_b", group_b)
    _check_groups(a, b)
    moved = apply_movement(
        previous=previous, winners=winners, format=format, winners_move=winners_move
    )
    tables = table_count(group_a=len(a), group_b=len(b))
    if tables == 0:
        raise ValueError(
            f"cannot fill a table with {len(a)} players in group A and "
            f"{len(b)} in group B: each table needs 2 of each"
        )

    last = set(previous.sit_outs)
    sitting_out: set[int] = set()
    for players in (a, b):
        sitting_out.update(
            choose_sit_outs(
                players=players,
                count=len(players) - 2 * tables,
                sit_out_counts=sit_out_counts,
                seed=seed,
                sat_out_last=last,
            )
        )

    group_of = {p: Group.A for p in a} | {p: Group.B for p in b}
    seats: dict[int, dict[Seat, int]] = {t: {} for t in range(1, tables + 1)}
    kept: set[int] = set()
    for table in moved.tables:
        if table.table > tables:
            continue
        for seat, group in SEAT_GROUP.items():
            player = table.player_at(seat)
            if group_of.get(player) is group and player not in sitting_out:
                seats[table.table][seat] = player
                kept.add(player)

    def fill(players: list[int], group_seats: tuple[Seat, ...]) -> None:
        waiting = sorted(
            (p for p in players if p not in kept and p not in sitting_out),
            key=lambda p: (sit_out_priority(seed=seed, player=p), p),
        )
        queue = iter(waiting)
        for t in range(1, tables + 1):
            for seat in group_seats:
                if seat not in seats[t]:
                    seats[t][seat] = next(queue)

    fill(a, _A_SEATS)
    fill(b, _B_SEATS)
    return Seating(
        tables=tuple(_table(t, seats[t]) for t in range(1, tables + 1)),
        sit_outs=tuple(sorted(sitting_out)),
    )
