"""The search that places a prediction whist drive's games
(``drive.movement.prediction.prediction_schedule`` asks it): tables of five
and four filled greedily, swaps that cut repeated meetings, then a tabu
search or an annealing across the whole schedule, and the seats. The rule it
follows is told in ``drive.movement.prediction``'s docstring.

Pure Python on plain values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from .individual.templates import _Rng
from .types import Seating, TableSeating

if TYPE_CHECKING:
    from .prediction import TableSizes

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


class SchedulePlanner:
    """The schedule being planned, on player indices 0..v-1.

    ``meet[x][y]``: the games x and y sat at one table, the history's and the
    planned ones alike. ``fives[x]``: games x sat at a table of five.
    ``games``: each planned game's tables (lists of indices, table 1 first);
    ``where[g][x]``: x's table in game g (-1: x sits out).
    """

    def __init__(
        self,
        players: list[int],
        rounds: int,
        seed: int,
        history: Sequence[Seating],
        sizes: TableSizes,
    ) -> None:
        """``sizes``: how the players split into tables (``table_sizes``)."""
        self.players = players
        self.v = v = len(players)
        self.index = {p: i for i, p in enumerate(players)}
        self.sizes = sizes
        self.caps = sizes.capacities()
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
