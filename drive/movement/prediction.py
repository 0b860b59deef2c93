"""Prediction whist (Wist) drives: tables of four and five, and who meets whom.

Rule ("The evening"): every player plays for themselves, at tables
of four, and at tables of five so that nobody sits out whenever the head count
allows it (``table_sizes``). A round is a game of 8 deals; between games the
players move so that each meets as many different players as possible: two
players *meet* in a game when they sit at one table, whatever their seats.

``prediction_schedule`` plans the games before play, game by game:

1. *Sit-outs* (only 6, 7 and 11 players, or fewer than 4, leave anyone out)
   rotate fairly: the players who have sat out the fewest times sit out, so
   nobody sits out twice while someone has not sat out once; among equals a
   player who sat out the game before is spared, then a seeded draw decides.
   Counts start from the history's, capped one above the lowest (nobody sits
   out again and again to catch up); players new to the drive start level
   with the lowest.
2. *Tables*: the tables of five come first (tables 1..F), then the fours.
   The fives go to the players who have sat at one least (seeded among
   equals); each table fills greedily with the first players of a seeded
   draw who have met nobody there yet; then swaps between tables cut
   repeated meetings.
3. When every game is placed, the swaps go on across the whole schedule
   (within a game, never touching the sit-outs): a tabu search while
   meeting nobody twice is within reach, an annealing when repeats cannot
   be avoided. Both stop after a fixed amount of work, so they stay fast and
   give the same schedule for a seed. A swap may let the tables of five
   drift at most FIVES_SPREAD apart (below).
4. *Seats*: at each table the player who has sat in seat 1 (who deals first)
   the fewest times takes seat 1, and so on round the table, so nobody is
   always in the same seat.

A repeat costs more the more often the two have met (5^c - 1 for a meeting
after c), so one pair meeting three times costs more than two pairs meeting
twice. Among equal meetings the fives go to those who sat at one least.

*The individual drive's schedules* (``drive.movement.individual``) fit a head
count that is a multiple of 4 (tables of four, nobody out). They were
measured against this search for 8 to 60 players over 2 to 10 games: a
whist design spreads partners and opponents, not table mates, so within a few
rounds it seats players together again that this search keeps apart; it met
more different players only for 12 players over 4 or 5 games (one or two
pairs). So this search plans every prediction drive and, when it leaves a
repeat at such a head count, the individual schedule is planned too and
kept if it meets more pairs (the cheap way to take the better of the two).
``tests/drive/test_prediction_movement.py`` keeps the comparison.

Pure Python on plain values, like the rest of the engine; the words go
through Django's translation functions, nothing else of Django is used.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import combinations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .individual import individual_schedule
from .individual.engine import checked_players
from .individual.templates import _Rng
from .types import DUMMY, Seating, TableSeating

# --- how the head count splits into tables -----------------------------------------------


@dataclass(frozen=True)
class TableSizes:
    fives: int
    fours: int
    sit_outs: int

    @property
    def tables(self) -> int:
        return self.fives + self.fours

    @property
    def players(self) -> int:
        return 5 * self.fives + 4 * self.fours + self.sit_outs

    def capacities(self) -> tuple[int, ...]:
        """Each table's seats, table 1 first: the fives, then the fours."""
        return (5,) * self.fives + (4,) * self.fours


def table_sizes(players: int) -> TableSizes:
    """Split a head count into tables of five and four: the fewest players
    sitting out, then the fewest tables of five.

    Every count of 12 or more fills tables exactly, and so do 4, 5, 8, 9 and
    10; the others (1, 2, 3, 6, 7 and 11) leave someone out. Seated players s
    fill f tables of five and the rest of four when f has the remainder of s
    divided by 4 (five is one more than four) and those f tables of five leave
    no negative number of fours; the smallest such f is that remainder."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError("Players are a whole number.")
    if players < 0:
        raise ValueError("A head count is not negative.")
    for sit_outs in range(players + 1):
        seated = players - sit_outs
        fives = seated % 4
        if 5 * fives <= seated:
            return TableSizes(fives, (seated - 5 * fives) // 4, sit_outs)
    raise AssertionError("no players seated fills no table")  # pragma: no cover


def table_sizes_words(players: int) -> str:
    """How the head count splits, in plain words: "23 players: 3 tables of
    five and 2 of four; nobody sits out"."""
    sizes = table_sizes(players)
    if sizes.fives and sizes.fours:
        tables = ngettext(
            "%(fives)s table of five and %(fours)s of four",
            "%(fives)s tables of five and %(fours)s of four",
            sizes.fives,
        ) % {"fives": sizes.fives, "fours": sizes.fours}
    elif sizes.fives:
        tables = ngettext(
            "%(fives)s table of five", "%(fives)s tables of five", sizes.fives
        ) % {"fives": sizes.fives}
    elif sizes.fours:
        tables = ngettext(
            "%(fours)s table of four", "%(fours)s tables of four", sizes.fours
        ) % {"fours": sizes.fours}
    else:
        tables = _("no table")
    if sizes.sit_outs:
        sitting = ngettext(
            "%(count)s sits out", "%(count)s sit out", sizes.sit_outs
        ) % {"count": sizes.sit_outs}
    else:
        sitting = _("nobody sits out")
    return ngettext(
        "%(players)s player: %(tables)s; %(sitting)s",
        "%(players)s players: %(tables)s; %(sitting)s",
        players,
    ) % {"players": players, "tables": tables, "sitting": sitting}


# --- the schedule ---------------------------------------------------------------------------

# The fewest players a prediction drive seats: one table of four.
FEWEST_PLAYERS = 4

# Descent passes over a game's players once it is placed.
ROUND_PASSES = 8
# The tabu search's work, in players weighed: enough to clear the repeats of
# head counts where that is hard (16 players over 5 games), and a bound on the
# time a big drive takes (a fifth of a second).
TABU_WORK = 400_000
# Moves a swapped player is left alone for in the tabu search (plus 0 to 3).
TABU_TENURE = 6
# The annealing's swaps tried, and its temperature from first to last.
ANNEAL_MOVES = 40_000
ANNEAL_HEAT = (3.0, 0.05)
# How far apart the tables of five sat at may drift for the sake of the
# meetings: 2 (someone at a five twice while someone else has not sat at one)
# lets a drive of 31 over two games keep everyone apart; 1 (strictly in turn)
# would seat three pairs together again.
FIVES_SPREAD = 2


def _exponential_weights(most: int) -> list[int]:
    """Cost of one more meeting of two who have met c times: 5^c - 1, so a
    third meeting costs more than two second ones."""
    return [5**c - 1 for c in range(most + 2)]


def _linear_weights(most: int) -> list[int]:
    """Cost of one more meeting of two who have met c times: c (the sum of
    squares of the meetings, a smoother ground for the annealing)."""
    return list(range(most + 2))


def _levelled(counts: list[int], seen: list[bool]) -> list[int]:
    """Counts to be fair from (sit-outs, tables of five): the history's,
    capped one above the lowest, so nobody takes turns again and again to
    catch up; players new to the drive start level with the lowest."""
    floor = min((c for c, known in zip(counts, seen, strict=True) if known), default=0)
    return [
        min(c, floor + 1) if known else floor
        for c, known in zip(counts, seen, strict=True)
    ]


class _Planner:
    """The schedule being planned, on player indices 0..v-1.

    ``meet[x][y]``: the games x and y sat at one table, the history's and the
    planned ones alike. ``fives[x]``: games x sat at a table of five.
    ``games``: each planned game's tables (lists of indices, table 1 first);
    ``where[g][x]``: x's table in game g (-1: x sits out).
    """

    def __init__(
        self, players: list[int], rounds: int, seed: int, history: Sequence[Seating]
    ) -> None:
        self.players = players
        self.v = v = len(players)
        self.index = {p: i for i, p in enumerate(players)}
        self.sizes = table_sizes(v)
        self.caps = self.sizes.capacities()
        self.rng = _Rng("prediction", seed, v)
        self.meet = [[0] * v for _ in range(v)]
        self.seat_counts = [[0] * 5 for _ in range(v)]
        sat = [0] * v
        fives = [0] * v
        seen: set[int] = set()
        for seating in history:
            seen |= seating.players()
            for p in seating.sit_outs:
                if p in self.index:
                    sat[self.index[p]] += 1
            for table in seating.tables:
                here = [
                    (k, self.index[p])
                    for k, p in enumerate(table.players())
                    if p in self.index
                ]
                for k, x in here:
                    self.seat_counts[x][k] += 1
                    if table.fifth is not None:
                        fives[x] += 1
                for (_k, x), (_l, y) in combinations(here, 2):
                    self.meet[x][y] += 1
                    self.meet[y][x] += 1
        self.sat = _levelled(sat, [p in seen for p in players])
        self.fives = _levelled(fives, [p in seen for p in players])
        self.last_out = (
            {self.index[p] for p in history[-1].sit_outs if p in self.index}
            if history
            else set()
        )
        self.most = len(history) + rounds
        self.weight = _exponential_weights(self.most)
        self.games: list[list[list[int]]] = []
        self.sit_outs: list[list[int]] = []
        self.where: list[list[int]] = []
        self.work = 0

    # -- one game ------------------------------------------------------------

    def _draw(self) -> list[int]:
        rank = list(range(self.v))
        self.rng.shuffle(rank)
        return rank

    def add_game(self) -> None:
        """Seat the next game: fair sit-outs, a greedy fill, then swaps."""
        rank = self._draw()
        out = sorted(
            range(self.v),
            key=lambda x: (self.sat[x], x in self.last_out, rank[x]),
        )[: self.sizes.sit_outs]
        for x in out:
            self.sat[x] += 1
        self.last_out = set(out)
        # The tables of five go to those who sat at one least (so nobody sits
        # at a five twice while someone has not once); the swaps that follow
        # may let that drift, at most FIVES_SPREAD apart.
        seated = sorted(
            (x for x in range(self.v) if x not in self.last_out),
            key=lambda x: (self.fives[x], rank[x]),
        )
        at_fives = 5 * self.sizes.fives
        pools = {5: seated[:at_fives], 4: seated[at_fives:]}
        tables: list[list[int]] = []
        where = [-1] * self.v
        for t, cap in enumerate(self.caps):
            members: list[int] = []
            while len(members) < cap:
                pool = pools[cap]
                x = self._best_free(members, pool)
                pool.remove(x)
                for y in members:
                    self.meet[x][y] += 1
                    self.meet[y][x] += 1
                if cap == 5:
                    self.fives[x] += 1
                members.append(x)
                where[x] = t
            tables.append(members)
        self.games.append(tables)
        self.sit_outs.append(sorted(out))
        self.where.append(where)
        self._descend(len(self.games) - 1)

    def _best_free(self, members: list[int], pool: list[int]) -> int:
        """The first player of the pool (in its order) who has met nobody at
        the table; failing that, the one whose meetings there cost least."""
        weight, meet = self.weight, self.meet
        best, best_cost = pool[0], None
        for x in pool:
            row = meet[x]
            cost = sum(weight[row[y]] for y in members)
            if cost == 0:
                return x
            if best_cost is None or cost < best_cost:
                best, best_cost = x, cost
        return best

    # -- swaps ---------------------------------------------------------------

    def _conflicted(self, g: int, x: int) -> bool:
        """Whether x meets someone again at their table in game g."""
        t = self.where[g][x]
        if t < 0:
            return False
        row = self.meet[x]
        return any(row[y] >= 2 for y in self.games[g][t] if y != x)

    def _swap_cost(self, g: int, x: int, q: int) -> tuple[int, int]:
        """What swapping x and q (at two tables of game g) changes: the
        meetings' cost, and the sum of squares of the fives sat at."""
        tables, where = self.games[g], self.where[g]
        a, b = where[x], where[q]
        weight, row_x, row_q = self.weight, self.meet[x], self.meet[q]
        dm = 0
        for y in tables[a]:
            if y != x:
                dm += weight[row_q[y]] - weight[row_x[y] - 1]
        for y in tables[b]:
            if y != q:
                dm += weight[row_x[y]] - weight[row_q[y] - 1]
        return dm, self._five_cost(x, q, len(tables[a]) - len(tables[b]))

    def _pairs_met_change(self, g: int, x: int, q: int) -> int:
        """How many more pairs meet at all if x and q swap in game g."""
        tables, where = self.games[g], self.where[g]
        meet, change = self.meet, 0
        for leaving, coming, table in ((x, q, where[x]), (q, x, where[q])):
            for y in tables[table]:
                if y != leaving:
                    change -= meet[leaving][y] == 1
                    change += meet[coming][y] == 0
        return change

    def _five_cost(self, x: int, q: int, change: int) -> int:
        """x and q swap between tables of sizes that differ by `change` (+1:
        x leaves a five for q's four)."""
        if change > 0:
            return 2 * (self.fives[q] - self.fives[x]) + 2
        if change < 0:
            return 2 * (self.fives[x] - self.fives[q]) + 2
        return 0

    def _fives_allowed(self, x: int, q: int, change: int, lo: int, hi: int) -> bool:
        """Whether x and q may swap between tables of sizes that differ by
        `change` and keep the tables of five within FIVES_SPREAD of even
        (`lo` and `hi`: the fewest and most fives anyone sits at now)."""
        if change == 0:
            return True
        gain, lose = (q, x) if change > 0 else (x, q)
        return (
            max(hi, self.fives[gain] + 1) - min(lo, self.fives[lose] - 1)
            <= FIVES_SPREAD
        )

    def _best_swap(
        self, g: int, x: int, tabu: dict[tuple[int, int], int], step: int, slack: int
    ) -> tuple[int, int, int] | None:
        """The best swap of x with a player at another table of game g, as
        (meetings' cost change, fives' cost change, the other player). A swap
        with a player moved lately is tabu unless its meetings' cost change is
        below `slack` (it would beat the best schedule seen)."""
        tables, where = self.games[g], self.where[g]
        a = where[x]
        here = [y for y in tables[a] if y != x]
        weight, meet = self.weight, self.meet
        row_x = meet[x]
        leave = sum(weight[row_x[y] - 1] for y in here)
        x_tabu = tabu.get((g, x), -1) > step
        lo, hi = min(self.fives), max(self.fives)
        best: tuple[int, int, int] | None = None
        for b, others in enumerate(tables):
            if b == a:
                continue
            join = sum(weight[row_x[y]] for y in others)
            change = len(tables[a]) - len(others)
            for q in others:
                row_q = meet[q]
                dm = (
                    join
                    - weight[row_x[q]]
                    - leave
                    + sum(weight[row_q[y]] for y in here)
                    - sum(weight[row_q[y] - 1] for y in others if y != q)
                )
                if (x_tabu or tabu.get((g, q), -1) > step) and dm >= slack:
                    continue
                if not self._fives_allowed(x, q, change, lo, hi):
                    continue
                move = (dm, self._five_cost(x, q, change), q)
                if best is None or move[:2] < best[:2]:
                    best = move
        self.work += self.v + 2 * len(tables)
        return best

    def _swap(self, g: int, x: int, q: int) -> None:
        tables, where = self.games[g], self.where[g]
        a, b = where[x], where[q]
        meet = self.meet
        for y in tables[a]:
            if y != x:
                meet[x][y] -= 1
                meet[y][x] -= 1
                meet[q][y] += 1
                meet[y][q] += 1
        for y in tables[b]:
            if y != q:
                meet[q][y] -= 1
                meet[y][q] -= 1
                meet[x][y] += 1
                meet[y][x] += 1
        if len(tables[a]) != len(tables[b]):
            step = 1 if len(tables[a]) > len(tables[b]) else -1
            self.fives[x] -= step
            self.fives[q] += step
        tables[a][tables[a].index(x)] = q
        tables[b][tables[b].index(q)] = x
        where[x], where[q] = b, a

    def _descend(self, g: int) -> None:
        """Swaps within game g that cut repeats (or, between equals, even out
        the tables of five), until none does."""
        for _pass in range(ROUND_PASSES):
            improved = False
            order = list(range(self.v))
            self.rng.shuffle(order)
            for x in order:
                if not self._conflicted(g, x):
                    continue
                best = self._best_swap(g, x, {}, 0, 0)
                if best is not None and best[:2] < (0, 0):
                    self._swap(g, x, best[2])
                    improved = True
            if not improved:
                return

    # -- the whole schedule --------------------------------------------------

    def _pair_cost(self, count: int) -> int:
        return sum(self.weight[:count])

    def _cost(self) -> int:
        meet = self.meet
        return sum(
            self._pair_cost(meet[x][y]) for x, y in combinations(range(self.v), 2)
        )

    def _floor(self) -> int:
        """A floor on the meetings' cost: every meeting spread as evenly as
        can be over every pair (loose after a history, which is as it is)."""
        pairs = self.v * (self.v - 1) // 2
        total = sum(self.meet[x][y] for x, y in combinations(range(self.v), 2))
        level, more = divmod(total, pairs)
        return more * self._pair_cost(level + 1) + (pairs - more) * self._pair_cost(
            level
        )

    def improve(self) -> None:
        """Cut the repeats left across the whole schedule: a tabu search
        while meeting nobody twice is within reach (so the floor is zero),
        an annealing when repeats cannot be avoided."""
        if not self.games or self.sizes.tables < 2:
            return
        if self._floor() == 0:
            self._tabu()
        else:
            self._anneal()
        self._even_fives()

    def _even_fives(self) -> None:
        """Swaps of a player at a five with one at a four who has sat at two
        fewer fives, in any game, when the meetings cost no more and nobody
        meets fewer others. Each lowers the sum of squares of the fives, so
        the loop ends."""
        fives = self.fives
        while True:
            move = next(
                (
                    (g, x, q)
                    for g, tables in enumerate(self.games)
                    for x in (x for t in tables if len(t) == 5 for x in t)
                    for q in (q for t in tables if len(t) == 4 for q in t)
                    if fives[q] + 1 < fives[x]
                    and self._swap_cost(g, x, q)[0] <= 0
                    and self._pairs_met_change(g, x, q) >= 0
                ),
                None,
            )
            if move is None:
                return
            self._swap(*move)

    def _tabu(self) -> None:
        """Each step, the best swap in a game of a player who meets someone
        again, with a player not moved lately; the best schedule seen is kept."""
        games = len(self.games)
        cost = self._cost()
        best = (cost, sum(f * f for f in self.fives))
        five_cost = best[1]
        kept = self._snapshot()
        tabu: dict[tuple[int, int], int] = {}
        self.work = 0
        step = 0
        while self.work < TABU_WORK and cost > 0:
            step += 1
            conflicted = [
                [x for x in range(self.v) if self._conflicted(g, x)]
                for g in range(games)
            ]
            self.work += games * self.v
            choice = None
            for g, players in enumerate(conflicted):
                for x in players:
                    move = self._best_swap(g, x, tabu, step, best[0] - cost)
                    if move is not None and (choice is None or move[:2] < choice[:2]):
                        choice = (*move, g, x)
            if choice is None:
                continue
            dm, df, q, g, x = choice
            self._swap(g, x, q)
            cost += dm
            five_cost += df
            tabu[(g, x)] = tabu[(g, q)] = step + TABU_TENURE + self.rng.below(4)
            if (cost, five_cost) < best:
                best = (cost, five_cost)
                kept = self._snapshot()
        self._restore(kept)

    def _anneal(self) -> None:
        """Swaps of two players in a game, drawn at random, kept when they
        cost no more and sometimes (less often as the heat falls) when they
        do; on the sum of squares of the meetings. The best schedule seen is
        kept."""
        self.weight = _linear_weights(self.most)
        floor = self._floor()
        cost = best = self._cost()
        kept = self._snapshot()
        rng, games = self.rng, len(self.games)
        seated = [[x for x in range(self.v) if w[x] >= 0] for w in self.where]
        lo, hi = min(self.fives), max(self.fives)
        hot, cold = ANNEAL_HEAT
        cooling = (cold / hot) ** (1 / ANNEAL_MOVES)
        heat = hot
        for _move in range(ANNEAL_MOVES):
            if cost <= floor:
                break
            heat *= cooling
            g = rng.below(games)
            row = seated[g]
            x, q = row[rng.below(len(row))], row[rng.below(len(row))]
            if self.where[g][x] == self.where[g][q]:
                continue
            change = len(self.games[g][self.where[g][x]]) - len(
                self.games[g][self.where[g][q]]
            )
            if not self._fives_allowed(x, q, change, lo, hi):
                continue
            dm = self._swap_cost(g, x, q)[0]
            if dm > 0 and rng.below(1 << 30) >= math.exp(-dm / heat) * (1 << 30):
                continue
            self._swap(g, x, q)
            cost += dm
            if change:
                lo, hi = min(self.fives), max(self.fives)
            if cost < best:
                best = cost
                kept = self._snapshot()
        self._restore(kept)
        self.weight = _exponential_weights(self.most)

    def repeats(self) -> bool:
        """Whether any two players meet more than once."""
        return any(c > 1 for row in self.meet for c in row)

    def pairs_met(self) -> int:
        """The pairs of players who meet at least once."""
        return sum(1 for row in self.meet for c in row if c) // 2

    def adopt(self, schedule: Sequence[Seating]) -> None:
        """Take another planner's games (an individual drive's schedule)."""
        for seating in schedule:
            tables = [[self.index[p] for p in t.players()] for t in seating.tables]
            self._count_game(tables, +1)
            where = [-1] * self.v
            for t, members in enumerate(tables):
                for x in members:
                    where[x] = t
            self.games.append(tables)
            self.sit_outs.append([self.index[p] for p in seating.sit_outs])
            self.where.append(where)

    def _snapshot(self) -> list[list[list[int]]]:
        return [[list(t) for t in tables] for tables in self.games]

    def _count_game(self, tables: list[list[int]], sign: int) -> None:
        meet, fives = self.meet, self.fives
        for members in tables:
            for x, y in combinations(members, 2):
                meet[x][y] += sign
                meet[y][x] += sign
            if len(members) == 5:
                for x in members:
                    fives[x] += sign

    def _restore(self, kept: list[list[list[int]]]) -> None:
        for g, tables in enumerate(kept):
            self._count_game(self.games[g], -1)
            self.games[g] = tables
            self._count_game(tables, +1)
            where = [-1] * self.v
            for t, members in enumerate(tables):
                for x in members:
                    where[x] = t
            self.where[g] = where

    def seatings(self) -> list[Seating]:
        """The games as seatings: at each table, seat 1 (North, who deals
        first) to the player who has sat there least, and so on round."""
        result = []
        counts = self.seat_counts
        for g, tables in enumerate(self.games):
            rank = self._draw()
            seated = []
            for number, members in enumerate(tables, 1):
                left = list(members)
                order = []
                for k in range(len(members)):
                    x = min(left, key=lambda y, k=k: (counts[y][k], rank[y]))
                    left.remove(x)
                    order.append(x)
                    counts[x][k] += 1
                ids = [self.players[x] for x in order]
                seated.append(
                    TableSeating(
                        number, *ids[:4], fifth=ids[4] if len(ids) == 5 else None
                    )
                )
            result.append(
                Seating(
                    tables=tuple(seated),
                    sit_outs=tuple(sorted(self.players[x] for x in self.sit_outs[g])),
                )
            )
        return result


def _check_players(players: Sequence[int]) -> list[int]:
    """The individual engine's check of the players, and none of them 0 (the
    dummy hand's seat)."""
    result = checked_players(players)
    if DUMMY in result:
        raise ValueError("player 0 is the dummy hand's seat, not a player")
    return result


def prediction_schedule(
    *,
    players: Sequence[int],
    rounds: int,
    seed: int,
    history: Sequence[Seating] = (),
) -> list[Seating]:
    """Plan ``rounds`` games of a prediction whist drive for ``players``.

    ``history`` holds the games already played: its meetings, sit-outs, tables
    of five and seats count, so a re-plan after a late arrival or a withdrawal
    carries on fairly. ``players`` are the players from now on (the history may
    name others). Each game's tables are numbered 1..T, the tables of five
    first, a five's fifth player in ``TableSeating.fifth``; players are in seat
    order (seat 1 is North and deals the game's first deal).

    Deterministic: the same arguments give the same schedule, whatever the
    order of ``players``.
    """
    active = _check_players(players)
    if len(active) < FEWEST_PLAYERS:
        raise ValueError(
            f"a prediction whist drive needs at least {FEWEST_PLAYERS} players, "
            f"got {len(active)}"
        )
    for name, value in (("rounds", rounds), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, got {value!r}")
    if rounds < 0:
        raise ValueError(f"rounds must not be negative, got {rounds}")
    history = tuple(history)
    for seating in history:
        if not isinstance(seating, Seating):
            raise TypeError(f"history must hold Seating values, got {seating!r}")
    if rounds == 0:
        return []
    planner = _Planner(active, rounds, seed, history)
    for _game in range(rounds):
        planner.add_game()
    planner.improve()
    if planner.repeats() and _individual_fits(active, history):
        other = _Planner(active, rounds, seed, history)
        other.adopt(
            individual_schedule(
                players=active, rounds=rounds, seed=seed, history=history
            )
        )
        if other.pairs_met() > planner.pairs_met():
            planner = other
    return planner.seatings()


def _individual_fits(players: Sequence[int], history: Sequence[Seating]) -> bool:
    """Whether an individual drive's schedule seats these players as a
    prediction drive would: tables of four only, nobody sitting out, and a
    history of tables of four."""
    return len(players) % 4 == 0 and all(
        table.fifth is None for seating in history for table in seating.tables
    )


# --- how good the movement is, in plain words -------------------------------------------


@dataclass(frozen=True)
class Meetings:
    """Who meets whom over a prediction schedule, among the players reported on.

    ``met[p]``: the different others p sits with at least once; ``most[p]``:
    the most p could meet in the seats p has, min(others, the others p sits
    with counted game by game). ``counts``: for each two players who meet,
    the games they sit together."""

    players: tuple[int, ...]
    games: int
    met: dict[int, int]
    most: dict[int, int]
    counts: dict[tuple[int, int], int]
    # The others each player sits with, counted game by game.
    sat_with: dict[int, int]

    @property
    def others(self) -> int:
        return max(len(self.players) - 1, 0)

    @property
    def repeated_pairs(self) -> int:
        """Pairs of players who meet more than once."""
        return sum(1 for c in self.counts.values() if c > 1)

    @property
    def repeat_meetings(self) -> int:
        """Meetings of two who had met before: a pair meeting c times makes c - 1."""
        return sum(c - 1 for c in self.counts.values())

    @property
    def most_meetings(self) -> int:
        return max(self.counts.values(), default=0)

    @property
    def fewest_repeat_meetings(self) -> int:
        """A floor on ``repeat_meetings`` for these seats: each player's
        meetings beyond the others there are are repeats, and each repeat
        meeting is two players'."""
        return sum(self.sat_with[p] - self.most[p] for p in self.players) // 2

    @property
    def ideal(self) -> bool:
        """Every player meets as many different others as their seats allow
        (so the repeat meetings are as few as they can be)."""
        return all(self.met[p] == self.most[p] for p in self.players)


def prediction_meetings(
    schedule: Sequence[Seating], players: Collection[int] | None = None
) -> Meetings:
    """Count who meets whom in ``schedule`` (default: every player in it)."""
    seen: set[int] = set()
    for seating in schedule:
        seen |= seating.players()
    reported = set(seen if players is None else players)
    reported.discard(DUMMY)
    counts: Counter[tuple[int, int]] = Counter()
    sittings: Counter[int] = Counter()  # others sat with, game by game
    for seating in schedule:
        for table in seating.tables:
            here = sorted(p for p in table.players() if p in reported)
            counts.update(combinations(here, 2))
            for p in here:
                sittings[p] += len(here) - 1
    met: Counter[int] = Counter(dict.fromkeys(reported, 0))
    for x, y in counts:
        met[x] += 1
        met[y] += 1
    others = len(reported) - 1
    return Meetings(
        players=tuple(sorted(reported)),
        games=len(schedule),
        met=dict(met),
        most={p: min(sittings[p], others) for p in reported},
        counts=dict(counts),
        sat_with={p: sittings[p] for p in reported},
    )


def prediction_quality_words(
    schedule: Sequence[Seating], players: Collection[int] | None = None
) -> str:
    """How good the movement is, in plain words: "Over 4 games each player
    meets 12 of the 22 others; nobody meets anyone twice", and how often each
    sits at a table of five when there are any."""
    m = prediction_meetings(schedule, players)
    if not m.players or not m.games:
        return _("Nobody plays yet")
    return "; ".join(
        part for part in (_meeting_words(m), _fives_words(schedule, m)) if part
    )


def _meeting_words(m: Meetings) -> str:
    low, high = min(m.met.values()), max(m.met.values())
    values = {"games": m.games, "others": m.others, "low": low, "high": high}
    if low == high:
        meets = ngettext(
            "Over %(games)s game each player meets %(low)s of the %(others)s others",
            "Over %(games)s games each player meets %(low)s of the %(others)s others",
            m.games,
        )
    else:
        meets = ngettext(
            "Over %(games)s game each player meets %(low)s to %(high)s of the "
            "%(others)s others",
            "Over %(games)s games each player meets %(low)s to %(high)s of the "
            "%(others)s others",
            m.games,
        )
    words = meets % values
    repeats = m.repeated_pairs
    if not repeats:
        return words + "; " + _("nobody meets anyone twice")
    if m.most_meetings == 2:
        words += "; " + ngettext(
            "%(count)s pair meets twice", "%(count)s pairs meet twice", repeats
        ) % {"count": repeats}
        if m.ideal:
            words += _(", as few as the head count allows")
        return words
    words += "; " + ngettext(
        "%(count)s pair meets more than once, at most %(most)s times",
        "%(count)s pairs meet more than once, at most %(most)s times",
        repeats,
    ) % {"count": repeats, "most": m.most_meetings}
    if m.ideal:
        words += "; " + _("nobody could meet more others in these games")
    return words


def _fives_words(schedule: Sequence[Seating], m: Meetings) -> str:
    """How often each player sits at a table of five; "" without any."""
    fives = Counter(
        p
        for seating in schedule
        for table in seating.tables
        if table.fifth is not None
        for p in table.players()
    )
    counts = [fives[p] for p in m.players]
    low, high = min(counts), max(counts)
    if not high:
        return ""
    if low == high:
        return ngettext(
            "each sits at a table of five %(low)s time",
            "each sits at a table of five %(low)s times",
            low,
        ) % {"low": low}
    return ngettext(
        "each sits at a table of five %(low)s to %(high)s time",
        "each sits at a table of five %(low)s to %(high)s times",
        high,
    ) % {"low": low, "high": high}
