"""Partners movement (a partner drive): fixed pairs and a Mitchell movement.

Rule (DESIGN.md, Movements, "Partners"):

- Every pair is one A player and one B player, and they play together all
  evening.
- With P pairs there are T = P // 2 tables. T pairs sit North-South (A North,
  B South), one pair at each table, and stay there all evening.
- The other pairs sit East-West (A East, B West) and move up one table each
  round, from table T back to table 1.
- With an odd number of pairs the East-West line has one pair more than there
  are tables, so it gets a phantom table T + 1: the East-West pair that lands
  on it sits out that round. The bye so moves round the East-West line, one
  pair after another; North-South pairs never sit out.
- Over as many rounds as the East-West line has places (T, or T + 1 with the
  phantom table) every East-West pair meets every North-South pair once;
  after that the same cycle starts again.

The first round is a seeded draw: which pairs sit North-South, at which
tables, and where the East-West pairs start.

Re-planning: ``history`` holds the rounds already played. North-South pairs
keep their tables while those tables are in play; East-West pairs carry on
round the line from where they were; new pairs, and pairs whose table has
gone, fill the empty places (North-South places first) in seeded order.
Re-planning from a schedule's own rounds with the same pairs gives the same
rounds as the original plan.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Collection, Sequence

from .types import Seating, TableSeating

Pair = tuple[int, int]


def _is_player(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _name(pair: Sequence[object]) -> str:
    return " & ".join(str(p) for p in pair)


def check_pairs(
    *, players: Collection[int], pairs: Sequence[tuple[int, int]]
) -> list[str]:
    """Plain-words problems that stop a partners drive; empty when all is well.

    ``players`` are the players in the drive, ``pairs`` the registered pairs
    (A player, B player). Every player must be in exactly one pair, every pair
    member must be in the drive, and there must be at least two pairs.
    """
    problems: list[str] = []
    in_pairs: dict[int, list[Pair]] = defaultdict(list)
    self_paired: set[int] = set()
    for pair in pairs:
        if len(pair) != 2 or not all(_is_player(p) for p in pair):
            problems.append(
                f"Pair {_name(pair)} is not two player numbers: fix or remove it"
            )
            continue
        one, other = pair
        if one == other:
            self_paired.add(one)
            problems.append(
                f"Player {one} is paired with themselves: pair them with someone else"
            )
            continue
        in_pairs[one].append((one, other))
        in_pairs[other].append((one, other))
    for player in sorted(in_pairs):
        found = in_pairs[player]
        if len(found) > 1:
            listed = " and ".join(_name(pair) for pair in found)
            problems.append(
                f"Player {player} is in {len(found)} pairs ({listed}): "
                "keep them in one pair only"
            )
    playing = set(players)
    for player in sorted(set(in_pairs) - playing):
        partners = sorted({p for pair in in_pairs[player] for p in pair} - {player})
        with_whom = " and ".join(str(p) for p in partners)
        problems.append(
            f"Player {player} (partner of {with_whom}) is not in the drive: "
            "register them or remove the pair"
        )
    for player in sorted(playing - set(in_pairs) - self_paired):
        problems.append(
            f"Player {player} has no partner: register them in a pair or withdraw them"
        )
    if len(pairs) < 2:
        there = "there are none" if not pairs else "there is only 1"
        problems.append(f"A partners drive needs at least 2 pairs; {there}")
    return problems


def _last_places(
    history: Sequence[Seating], pairs: Collection[Pair]
) -> dict[Pair, tuple[str, int, int]]:
    """Each pair's last place in the history: (line, table or station, round).

    line is "NS" or "EW"; a pair that sat out together was at the phantom
    table, one past the last real table of that round.
    """
    wanted = set(pairs)
    places: dict[Pair, tuple[str, int, int]] = {}
    for index, seating in enumerate(history):
        for table in seating.tables:
            if (table.north, table.south) in wanted:
                places[(table.north, table.south)] = ("NS", table.table, index)
            if (table.east, table.west) in wanted:
                places[(table.east, table.west)] = ("EW", table.table, index)
        out = set(seating.sit_outs)
        phantom = len(seating.tables) + 1
        for pair in wanted:
            if pair[0] in out and pair[1] in out:
                places[pair] = ("EW", phantom, index)
    return places


def partners_schedule(
    *,
    pairs: Sequence[tuple[int, int]],
    rounds: int,
    seed: int,
    history: Sequence[Seating] = (),
) -> list[Seating]:
    """The next ``rounds`` rounds of a Mitchell movement for fixed ``pairs``.

    Each pair is (A player, B player). ``history`` holds the rounds already
    played, oldest first; the new rounds carry on from them (see the module
    docstring). Raises ValueError with the ``check_pairs`` problems when the
    pairs cannot make a partners drive.
    """
    normal = [tuple(pair) for pair in pairs]
    problems = check_pairs(players={p for pair in normal for p in pair}, pairs=normal)
    if problems:
        raise ValueError("; ".join(problems))
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise ValueError(f"rounds must be an int >= 0, got {rounds!r}")
    ordered: list[Pair] = sorted((a, b) for a, b in normal)
    tables = len(ordered) // 2
    stations = len(ordered) - tables  # the phantom table is station T + 1

    # The seeded draw decides the order in which pairs fill empty places.
    drawn = list(ordered)
    random.Random(seed).shuffle(drawn)
    draw_rank = {pair: i for i, pair in enumerate(drawn)}

    now = len(history)
    last = _last_places(history, ordered)
    north_south: dict[int, Pair] = {}
    # N-S pairs keep their tables, the most recently seen first.
    for pair in sorted(last, key=lambda p: (-last[p][2], draw_rank[p])):
        line, table, _ = last[pair]
        if line == "NS" and table <= tables and table not in north_south:
            north_south[table] = pair
    placed = set(north_south.values())
    # E-W pairs carry on round the line.
    east_west: dict[int, Pair] = {}
    for pair in sorted(last, key=lambda p: (-last[p][2], draw_rank[p])):
        line, station, index = last[pair]
        if line != "EW" or pair in placed:
            continue
        start = (station - 1 + now - index) % stations + 1
        if start not in east_west:
            east_west[start] = pair
            placed.add(pair)
    # The rest fill the empty places: new pairs first, then displaced ones.
    waiting = sorted(
        (p for p in ordered if p not in placed),
        key=lambda p: (p in last, draw_rank[p]),
    )
    queue = iter(waiting)
    for table in range(1, tables + 1):
        if table not in north_south:
            north_south[table] = next(queue)
    for station in range(1, stations + 1):
        if station not in east_west:
            east_west[station] = next(queue)

    result = []
    for offset in range(rounds):
        at: dict[int, Pair] = {
            (station - 1 + offset) % stations + 1: pair
            for station, pair in east_west.items()
        }
        result.append(
            Seating(
                tables=tuple(
                    TableSeating(
                        table=table,
                        north=north_south[table][0],
                        east=at[table][0],
                        south=north_south[table][1],
                        west=at[table][1],
                    )
                    for table in range(1, tables + 1)
                ),
                sit_outs=tuple(sorted(at.get(tables + 1, ()))),
            )
        )
    return result
