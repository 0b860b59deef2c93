"""The engine: an individual drive's rounds, fair and full, with the fewest repeats.

Words (and those of ``templates``):

- *Sit-out*: an active player with no seat in a round.
- *Repeat*: a pair partnered (opposed) again; fewer partner repeats always
  come first, opponent repeats count only between equals.
- *History*: the rounds already played, whose counts carry over.

``individual_schedule`` plays the templates round by round (``_realise``).
Sit-outs come first and
are always fair: the players with the fewest sit-outs so far sit out, so at
every prefix of rounds the counts differ by at most one; among equals the
template's own sit-outs go first, then a seeded rank. Counts start from the
history's, capped one above the lowest (nobody sits out again and again to
catch up); newcomers start level with the lowest. Empty seats are filled
greedily, then a hill climb swaps players to cut repeats: partner repeats
first, then opponent repeats, weighted so that higher counts cost far more.

A re-plan (``history`` given) first checks whether the history is this
function's own plan for the first round's players, with players swapped
one for one along the way; if so the same design continues with the swaps
applied, so a late arrival who replaces a withdrawn player changes nothing.
Otherwise the history's partner, opponent and sit-out counts seed the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Seating, TableSeating
from .templates import _Plan, _plan_fresh, _Rng

# Cost of one more partnering (opposing) of a pair already partnered (opposed)
# c times. Partners are compared first, opponents only between equals.
_PARTNER_WEIGHT = [8.0 ** min(c, 300) - 1 for c in range(2000)]
_OPPONENT_WEIGHT = [4.0 ** min(c, 500) - 1 for c in range(4000)]
_EPS = 1e-9


class _Counts:
    """Partner and opponent counts between the active players (indices 0..v-1)."""

    def __init__(self, v: int) -> None:
        self.v = v
        self.partner = [[0] * v for _ in range(v)]
        self.opponent = [[0] * v for _ in range(v)]
        # Histogram of each row's counts, to know each player's lowest count.
        self.partner_levels = [{0: v - 1} for _ in range(v)]
        self.opponent_levels = [{0: v - 1} for _ in range(v)]
        self.partner_floor = [0] * v
        self.opponent_floor = [0] * v

    @staticmethod
    def _bump(matrix, levels, floor, x: int, y: int) -> None:
        c = matrix[x][y]
        matrix[x][y] = c + 1
        row = levels[x]
        row[c] -= 1
        row[c + 1] = row.get(c + 1, 0) + 1
        if row[c] == 0:
            del row[c]
            if floor[x] == c:
                floor[x] = min(row)

    def add_partners(self, x: int, y: int) -> None:
        self._bump(self.partner, self.partner_levels, self.partner_floor, x, y)
        self._bump(self.partner, self.partner_levels, self.partner_floor, y, x)

    def add_opponents(self, x: int, y: int) -> None:
        self._bump(self.opponent, self.opponent_levels, self.opponent_floor, x, y)
        self._bump(self.opponent, self.opponent_levels, self.opponent_floor, y, x)

    def add_table(self, n: int, e: int, s: int, w: int) -> None:
        self.add_partners(n, s)
        self.add_partners(e, w)
        for x, y in ((n, e), (n, w), (s, e), (s, w)):
            self.add_opponents(x, y)

    def table_cost(self, n: int, e: int, s: int, w: int) -> tuple[float, float]:
        p, o = self.partner, self.opponent
        pw, ow = _PARTNER_WEIGHT, _OPPONENT_WEIGHT
        return (
            pw[p[n][s]] + pw[p[e][w]],
            ow[o[n][e]] + ow[o[n][w]] + ow[o[s][e]] + ow[o[s][w]],
        )

    def seat_is_bad(self, seats: list[int], pos: int) -> bool:
        x = seats[pos]
        base = pos & ~3
        k = pos & 3
        if self.partner[x][seats[base | (k ^ 2)]] > self.partner_floor[x]:
            return True
        limit = self.opponent_floor[x] + 1
        o = self.opponent[x]
        return (
            o[seats[base | ((k + 1) & 3)]] > limit
            or o[seats[base | ((k + 3) & 3)]] > limit
        )


def _less(a: tuple[float, float], b: tuple[float, float]) -> bool:
    if a[0] < b[0] - _EPS:
        return True
    return abs(a[0] - b[0]) <= _EPS and a[1] < b[1] - _EPS


def _repair(seats: list[int], counts: _Counts, rng: _Rng, max_passes: int = 12) -> None:
    """Hill climb: swap players while that cuts partner, then opponent, repeats."""
    size = len(seats)
    cost = counts.table_cost
    tcost = [cost(*seats[i : i + 4]) for i in range(0, size, 4)]
    for _ in range(max_passes):
        bad = [pos for pos in range(size) if counts.seat_is_bad(seats, pos)]
        if not bad:
            return
        rng.shuffle(bad)
        improved = False
        for p in bad:
            if not counts.seat_is_bad(seats, p):
                continue
            tp = p >> 2
            bp = 4 * tp
            best: tuple[float, float] = (0.0, 0.0)
            best_q = -1
            for q in range(size):
                if q == p:
                    continue
                tq = q >> 2
                seats[p], seats[q] = seats[q], seats[p]
                after_p = cost(*seats[bp : bp + 4])
                if tq == tp:
                    delta = (after_p[0] - tcost[tp][0], after_p[1] - tcost[tp][1])
                else:
                    bq = 4 * tq
                    after_q = cost(*seats[bq : bq + 4])
                    delta = (
                        after_p[0] + after_q[0] - tcost[tp][0] - tcost[tq][0],
                        after_p[1] + after_q[1] - tcost[tp][1] - tcost[tq][1],
                    )
                seats[p], seats[q] = seats[q], seats[p]
                if _less(delta, best):
                    best, best_q = delta, q
            if best_q >= 0:
                seats[p], seats[best_q] = seats[best_q], seats[p]
                tq = best_q >> 2
                tcost[tp] = cost(*seats[bp : bp + 4])
                tcost[tq] = cost(*seats[4 * tq : 4 * tq + 4])
                improved = True
        if not improved:
            return


def _choose_sit_outs(
    count: int, totals: list[int], natural: set[int], rank: list[int]
) -> list[int]:
    """Fair sit-outs: fewest sit-outs first, then the template's own, then rank.

    Taking the lowest counts first keeps every two players' counts within one
    of each other after every round, as long as they started so.
    """
    order = sorted(
        range(len(totals)), key=lambda x: (totals[x], x not in natural, rank[x])
    )
    return order[:count]


def _realise(
    plan: _Plan,
    players: Sequence[int],
    tables: int,
    history: Sequence[Seating],
    rng: _Rng,
) -> list[Seating]:
    v = len(players)
    index = {p: i for i, p in enumerate(players)}
    counts = _Counts(v)
    sat_out = [0] * v
    for seating in history:
        for t in seating.tables:
            n, e, s, w = (index.get(x) for x in t.players())
            if n is not None and s is not None:
                counts.add_partners(n, s)
            if e is not None and w is not None:
                counts.add_partners(e, w)
            for x, y in ((n, e), (n, w), (s, e), (s, w)):
                if x is not None and y is not None:
                    counts.add_opponents(x, y)
        for x in seating.sit_outs:
            if x in index:
                sat_out[index[x]] += 1
    # Sit-out counts to start from: the plan's own (a continued plan), or the
    # history's, capped one above the lowest so nobody sits out again and
    # again to catch up; players new to the drive start level with the lowest.
    seen = {x for seating in history for x in seating.players()}
    known = [sat_out[i] for i, p in enumerate(players) if p in seen]
    floor = min(known, default=0)
    totals = [
        plan.start_counts[p]
        if p in plan.start_counts
        else min(sat_out[i], floor + 1)
        if p in seen
        else floor
        for i, p in enumerate(players)
    ]
    sit_count = v - 4 * tables
    result: list[Seating] = []
    for template in plan.rounds:
        rank = list(range(v))
        rng.shuffle(rank)
        slots = [[index.get(x) if x is not None else None for x in t] for t in template]
        # The template's own sit-outs: players it leaves out, and the players
        # of its broken tables (an empty point's table mates).
        present = {x for t in slots if None not in t for x in t}
        natural = set(range(v)) - present
        sitting = set(_choose_sit_outs(sit_count, totals, natural, rank))
        for t in slots:
            for k in range(4):
                if t[k] in sitting:
                    t[k] = None
        complete = [t for t in slots if None not in t]
        partial = [t for t in slots if None in t and any(x is not None for x in t)]
        partial.sort(key=lambda t: -sum(x is not None for x in t))
        keep = partial[: tables - len(complete)]
        placed = {x for t in complete + keep for x in t if x is not None}
        free = [x for x in range(v) if x not in sitting and x not in placed]
        work = complete + keep
        while len(work) < tables:
            work.append([None, None, None, None])
        exact = plan.exact and not history and len(complete) == tables
        if not exact:
            free.sort(key=lambda x: rank[x])
            for t in work:
                for k in range(4):
                    if t[k] is None:
                        t[k] = _best_free(t, k, free, counts)
                        free.remove(t[k])
        seats = [x for t in work for x in t]
        if not exact:
            _repair(seats, counts, rng)
        order = list(range(tables))
        if not plan.keep_order:
            rng.shuffle(order)
        games = []
        for number, t in enumerate(order, start=1):
            n, e, s, w = seats[4 * t : 4 * t + 4]
            counts.add_table(n, e, s, w)
            games.append(
                TableSeating(
                    table=number,
                    north=players[n],
                    east=players[e],
                    south=players[s],
                    west=players[w],
                )
            )
        for x in sitting:
            totals[x] += 1
        result.append(
            Seating(
                tables=tuple(games), sit_outs=tuple(sorted(players[x] for x in sitting))
            )
        )
    return result


def _best_free(
    table: list[int | None], k: int, free: list[int], counts: _Counts
) -> int:
    partner = table[k ^ 2]
    opponents = [table[(k + 1) & 3], table[(k + 3) & 3]]
    best_x = free[0]
    best: tuple[float, float] | None = None
    for x in free:
        pc = _PARTNER_WEIGHT[counts.partner[x][partner]] if partner is not None else 0.0
        oc = sum(
            _OPPONENT_WEIGHT[counts.opponent[x][o]] for o in opponents if o is not None
        )
        cost = (pc, oc)
        if best is None or _less(cost, best):
            best, best_x = cost, x
            if pc == 0 and oc == 0:
                break
    return best_x


# ---------------------------------------------------------------------------
# Re-plans: recognise our own plan in the history.


def _continuation(
    players: Sequence[int],
    rounds: int,
    seed: int,
    tables: int,
    history: Sequence[Seating],
) -> _Plan | None:
    roster = sorted(history[0].players())
    if len(roster) < 4:
        return None
    first_tables = len(history[0].tables)
    if not 1 <= first_tables <= len(roster) // 4:
        return None
    total = len(history) + rounds
    base = _realise(
        _plan_fresh(roster, total, seed, first_tables),
        roster,
        first_tables,
        (),
        _Rng("individual-engine", seed, len(roster)),
    )
    alias = {p: p for p in roster}  # base player -> player now in that place
    for seating, expected in zip(history, base, strict=False):
        if len(seating.tables) != len(expected.tables):
            return None
        now = seating.players()
        swap: dict[int, int] = {}
        for got, want in zip(seating.tables, expected.tables, strict=True):
            for x, y in zip(got.players(), want.players(), strict=True):
                mapped = alias[y]
                if x == mapped:
                    continue
                if mapped in now or swap.get(y, x) != x:
                    return None
                swap[y] = x
        if len(set(swap.values())) != len(swap) or set(swap.values()) & set(
            alias.values()
        ):
            return None
        alias.update(swap)
        if tuple(sorted(seating.sit_outs)) != tuple(
            sorted(alias[y] for y in expected.sit_outs)
        ):
            return None
    # Players who left since, and players who came: swap them one for one.
    active = set(players)
    gone = sorted(y for y, p in alias.items() if p not in active)
    came = sorted(active - set(alias.values()))
    for y, p in zip(gone, came, strict=False):
        alias[y] = p
    to_player = {y: (p if p in active else None) for y, p in alias.items()}
    start_counts = dict.fromkeys(active, 0)
    for seating in base[: len(history)]:
        for y in seating.sit_outs:
            if to_player[y] is not None:
                start_counts[to_player[y]] += 1
    plan_rounds = [
        [tuple(to_player[x] for x in t.players()) for t in seating.tables]
        for seating in base[len(history) :]
    ]
    return _Plan(plan_rounds, keep_order=True, start_counts=start_counts)


# ---------------------------------------------------------------------------
# The schedule.


def checked_players(players: Sequence[int]) -> list[int]:
    """The players as a sorted list: whole numbers, none twice (TypeError or
    ValueError otherwise)."""
    result = []
    for p in players:
        if isinstance(p, bool) or not isinstance(p, int):
            raise TypeError(f"players must be ints, got {p!r}")
        result.append(p)
    result.sort()
    for before, after in zip(result, result[1:], strict=False):
        if before == after:
            raise ValueError(f"player {before} appears twice in players")
    return result


def individual_schedule(
    *,
    players: Sequence[int],
    rounds: int,
    seed: int,
    history: Sequence[Seating] = (),
    tables: int | None = None,
) -> list[Seating]:
    """Plan ``rounds`` new rounds of an individual drive for ``players``.

    ``history`` holds the rounds already played; its partner, opponent and
    sit-out counts count toward the repeats, so a re-plan after a late arrival
    or a withdrawal carries on fairly. ``players`` are the players active from
    now on (the history may mention others). ``tables`` caps the tables per
    round (default: as many as the head count fills); the rest sit out.

    Deterministic: the same arguments give the same schedule, and the order of
    ``players`` does not matter. Tables are numbered 1..T in every round.
    """
    active = checked_players(players)
    if len(active) < 4:
        raise ValueError(
            f"an individual drive needs at least 4 players, got {len(active)}"
        )
    for name, value in (("rounds", rounds), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, got {value!r}")
    if rounds < 0:
        raise ValueError(f"rounds must not be negative, got {rounds}")
    most = len(active) // 4
    if tables is None:
        tables = most
    elif isinstance(tables, bool) or not isinstance(tables, int):
        raise TypeError(f"tables must be an int, got {tables!r}")
    elif not 1 <= tables <= most:
        raise ValueError(f"{len(active)} players fill 1 to {most} tables, not {tables}")
    history = tuple(history)
    for seating in history:
        if not isinstance(seating, Seating):
            raise TypeError(f"history must hold Seating values, got {seating!r}")
    if rounds == 0:
        return []
    plan = None
    if history:
        plan = _continuation(active, rounds, seed, tables, history)
    if plan is None:
        plan = _plan_fresh(active, rounds, seed, tables)
    engine_rng = _Rng("individual-engine", seed, len(active))
    return _realise(plan, active, tables, history, engine_rng)
