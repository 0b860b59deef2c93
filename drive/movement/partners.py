"""Partners movement (a partner drive): fixed pairs, who meet as evenly as the
rounds allow.

Rule (docs/design.md, Movements, "Partners"):

- Every pair is one A player and one B player, and they play together all
  evening. With P pairs there are T = P // 2 tables; at each table one pair
  sits North-South (A North, B South) and one East-West (A East, B West). With
  an odd number of pairs one pair sits out each round (the *bye*).
- *Mitchell*: North-South pairs stay at their tables all evening and East-West
  pairs move up one table each round, from table T back to table 1. Pairs of
  one line never meet each other, so it is only as even as the rounds allow
  with an even number of pairs and no more rounds than tables: then every
  pair meets a different pair each round. Those drives play the Mitchell.
- *Round robin*: every other drive. The pairs go round a circle (the circle
  method of a round-robin tournament), so in every P rounds (P - 1 with an
  even number) each pair meets every other pair once and, with an odd
  number, sits out once: the bye rotates through every pair, North-South and
  East-West alike. While the pairs stay the same, over any number of rounds
  no two pairs meet more than once more often than any other two, and nobody
  sits out twice before every pair has sat out once. On the floor: after each round North-South pairs
  move down one table and East-West pairs up one table; the East-West pair
  at the last table stays there and sits North-South. With an odd number of
  pairs the North-South pair at table 1 sits out the next round and comes
  back East-West at table 1. With an even number the North-South pair at
  table 1 stays there all evening, and the North-South pair from table 2
  comes to table 1 East-West.

The first round is a seeded draw: which pairs sit where, and so the order
in which they meet and sit out.

Re-planning: ``history`` holds the rounds already played. A Mitchell keeps
its North-South pairs at their tables while those tables are in play, and its
East-West pairs carry on round the line. A round robin carries on its circle
from the last round played: pairs that left drop out of it, new pairs join it
at the last tables, and with an odd number the pairs that have sat out least
sit out first. Re-planning from a schedule's own rounds with the same pairs
gives the same rounds as the original plan.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Collection, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from players.pair_names import joined_pair

from .types import Seating, TableSeating

Pair = tuple[int, int]


def _is_player(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _name(pair: Sequence[object]) -> str:
    return joined_pair(pair)


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
                # Translators: %(pair)s is a pair's two numbers ("2 & 12").
                _("Pair %(pair)s is not two player numbers: fix or remove it")
                % {"pair": _name(pair)}
            )
            continue
        one, other = pair
        if one == other:
            self_paired.add(one)
            problems.append(
                _(
                    "Player %(player)s is paired with themselves: pair them with someone else"
                )
                % {"player": one}
            )
            continue
        in_pairs[one].append((one, other))
        in_pairs[other].append((one, other))
    for player in sorted(in_pairs):
        found = in_pairs[player]
        if len(found) > 1:
            # Translators: between the pairs of a list, "2 & 12 and 2 & 13":
            # where a pair's own word is "and" ("2 и 12"), a comma (", ").
            listed = pgettext("between listed pairs", " and ").join(
                _name(pair) for pair in found
            )
            problems.append(
                # Translators: %(pairs)s lists the pairs ("2 & 12 and 2 & 13").
                ngettext(
                    "Player %(player)s is in %(count)d pair (%(pairs)s): "
                    "keep them in one pair only",
                    "Player %(player)s is in %(count)d pairs (%(pairs)s): "
                    "keep them in one pair only",
                    len(found),
                )
                % {"player": player, "count": len(found), "pairs": listed}
            )
    playing = set(players)
    for player in sorted(set(in_pairs) - playing):
        partners = sorted({p for pair in in_pairs[player] for p in pair} - {player})
        with_whom = _(" and ").join(str(p) for p in partners)
        problems.append(
            # Translators: %(partners)s is one or more player numbers ("3 and 5").
            _(
                "Player %(player)s (partner of %(partners)s) is not in the drive: "
                "register them or remove the pair"
            )
            % {"player": player, "partners": with_whom}
        )
    for player in sorted(playing - set(in_pairs) - self_paired):
        problems.append(
            _(
                "Player %(player)s has no partner: register them in a pair or withdraw them"
            )
            % {"player": player}
        )
    if len(pairs) < 2:
        problems.append(
            _("A partners drive needs at least 2 pairs; there are none")
            if not pairs
            else _("A partners drive needs at least 2 pairs; there is only 1")
        )
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


def plays_round_robin(*, pairs: int, rounds: int) -> bool:
    """Whether ``pairs`` pairs over ``rounds`` rounds play the round robin.

    The Mitchell is kept where it is as even as the rounds allow: an even
    number of pairs and no more rounds than tables (two pairs always meet,
    whatever the movement).
    """
    return pairs % 2 == 1 or (pairs > 2 and rounds > pairs // 2)


def played_mitchell(schedule: Sequence[Seating]) -> bool | None:
    """Whether rounds already seated were played as the Mitchell: each table's
    North-South pair the same in every round the table played, and nobody
    North-South in one round and East-West in another. None when fewer than
    two rounds are seated, which cannot tell the movements apart.

    A drive's own rounds say what it played, whatever ``plays_round_robin``
    decides today (a drive seated by a release that played every even number
    of pairs as a Mitchell keeps that description).
    """
    if len(schedule) < 2:
        return None
    north_south: dict[int, tuple[int, int]] = {}
    sides: dict[int, str] = {}
    for seating in schedule:
        for table in seating.tables:
            pair = (table.north, table.south)
            if north_south.setdefault(table.table, pair) != pair:
                return False
            for player, side in (
                (table.north, "NS"),
                (table.south, "NS"),
                (table.east, "EW"),
                (table.west, "EW"),
            ):
                if sides.setdefault(player, side) != side:
                    return False
    return True


def partners_schedule(
    *,
    pairs: Sequence[tuple[int, int]],
    rounds: int,
    seed: int,
    history: Sequence[Seating] = (),
) -> list[Seating]:
    """The next ``rounds`` rounds for fixed ``pairs``: a Mitchell or a round robin.

    Each pair is (A player, B player). ``history`` holds the rounds already
    played, oldest first; the new rounds carry on from them, and the
    evening's length (``history`` and ``rounds``) decides the movement (see
    the module docstring). Raises ValueError with the ``check_pairs``
    problems when the pairs cannot make a partners drive.
    """
    normal = [tuple(pair) for pair in pairs]
    problems = check_pairs(players={p for pair in normal for p in pair}, pairs=normal)
    if problems:
        raise ValueError("; ".join(problems))
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise ValueError(f"rounds must be an int >= 0, got {rounds!r}")
    ordered: list[Pair] = sorted((a, b) for a, b in normal)

    # The seeded draw decides the order in which pairs fill empty places.
    drawn = list(ordered)
    random.Random(seed).shuffle(drawn)
    draw_rank = {pair: i for i, pair in enumerate(drawn)}

    if plays_round_robin(pairs=len(ordered), rounds=len(history) + rounds):
        return _round_robin(
            ordered=ordered, rounds=rounds, draw_rank=draw_rank, history=history
        )
    return _mitchell(
        ordered=ordered, rounds=rounds, draw_rank=draw_rank, history=history
    )


def _sat_out(seating: Seating, pair: Pair) -> bool:
    return pair[0] in seating.sit_outs and pair[1] in seating.sit_outs


def _round_robin(
    *,
    ordered: Sequence[Pair],
    rounds: int,
    draw_rank: dict[Pair, int],
    history: Sequence[Seating],
) -> list[Seating]:
    """The circle method, carried on from the last round of ``history``.

    The circle is read off a round as: the North-South pairs from table 1
    up, the East-West pairs from the last table down, then the pair sitting
    out. Round ``r`` of the circle ``c`` (P places, P odd) puts ``c[r]`` out
    and, at table k, ``c[r + k]`` North-South against ``c[r - k]``
    East-West: two places meet when they add up to 2r, once in P rounds.
    With an even number of pairs the first of the circle stays North-South at
    table 1 and meets ``c[r]`` of the others (P - 1 places), who fill tables
    2 and up the same way.
    """
    wanted = set(ordered)
    circle: list[Pair] = []
    last_table = 0
    if history:
        last = history[-1]
        seated = sorted(last.tables, key=lambda t: t.table)
        north_south = [(t.north, t.south) for t in seated]
        east_west = [(t.east, t.west) for t in reversed(seated)]
        resting = sorted(
            (p for p in ordered if _sat_out(last, p)), key=draw_rank.__getitem__
        )
        circle = [p for p in north_south if p in wanted]
        last_table = len(circle)
        circle += [p for p in (*east_west, *resting) if p in wanted]
    # New pairs (all of them, at the first round) join at the last tables.
    known = set(circle)
    circle[last_table:last_table] = sorted(
        (p for p in ordered if p not in known), key=draw_rank.__getitem__
    )
    if len(ordered) % 2:
        # Whoever has sat out least sits out first; a circle carried on from
        # its own rounds is in that order already (the sort is stable).
        byes = {p: sum(_sat_out(s, p) for s in history) for p in ordered}
        circle.sort(key=byes.__getitem__)
        stays = None
    else:
        stays, circle = circle[0], circle[1:]
    places = len(circle)
    first = 1 if stays is None else 2
    result = []
    for r in range(rounds):
        tables = [
            TableSeating(
                table=first + k - 1,
                north=circle[(r + k) % places][0],
                east=circle[(r - k) % places][0],
                south=circle[(r + k) % places][1],
                west=circle[(r - k) % places][1],
            )
            for k in range(1, places // 2 + 1)
        ]
        if stays is None:
            sit_outs = tuple(sorted(circle[r % places]))
        else:
            sit_outs = ()
            visitor = circle[r % places]
            tables.insert(
                0,
                TableSeating(
                    table=1,
                    north=stays[0],
                    east=visitor[0],
                    south=stays[1],
                    west=visitor[1],
                ),
            )
        result.append(Seating(tables=tuple(tables), sit_outs=sit_outs))
    return result


def _mitchell(
    *,
    ordered: Sequence[Pair],
    rounds: int,
    draw_rank: dict[Pair, int],
    history: Sequence[Seating],
) -> list[Seating]:
    """N-S pairs stay, E-W pairs move up one table, carried on from ``history``.

    Only for an even number of pairs: nobody sits out. A pair that sat out
    the last round of ``history`` (of a round robin) carries on from one past
    the last table.
    """
    tables = stations = len(ordered) // 2
    now = len(history)
    last = _last_places(history, ordered)
    north_south: dict[int, Pair] = {}
    # N-S pairs keep their tables, the most recently seen first.
    for pair in sorted(last, key=lambda p: (-last[p][2], draw_rank[p])):
        line, table, _round = last[pair]
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
                )
            )
        )
    return result
