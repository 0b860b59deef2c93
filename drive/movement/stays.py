"""Players who stay at one table all evening, in every format.

Words:

- *Staying player*: someone who cannot move between tables (a wheelchair, a
  walking frame, a hearing aid that needs the quiet corner). They sit at one
  table, their *home*, in every round they play; a round they sit out is just
  a round off. The organiser may name the home table; otherwise it is the
  table they first sit at.
- *Kind*: who may take whose seat without breaking the format. In a grouped
  format, a player of the same group (A sits North or East, B South or West);
  in a partners drive, a whole pair (a staying player's partner stays with
  them); in the other formats anyone.

Rule, written once for every format: the format's movement is worked out as
usual, then the staying players are brought home in three steps, the first two
free of cost.

1. A fresh plan of a fixed format swaps players wholesale, for the whole
   evening: each staying player takes over the movement of a player of their
   kind who already sits at their home table most often (in a stationary drive
   a North or East seat, in a partners drive a North-South pair), and who
   shares a table with the other staying players least. Everyone still meets
   everyone as often as before.
2. Where table numbers carry nothing from one round to the next (individual
   and prediction whist: everyone moves every round anyway), each round's
   tables are numbered afresh so that the staying players' tables get their
   numbers.
3. What is still out of place is put right round by round: a staying player
   seated away from home changes places with a player of their kind at the
   home table, one who moved this round anyway if there is one (in a
   progressive drive that is an arrival, who then goes on one table further,
   so winners still stay and losers still move), else one in the same seat.
   This step changes who meets whom; the Movement preview says by how much.

Two staying players of one kind cannot share a home (a grouped format has one
table's worth of seats for a group's movers, and two players who never left
one table would meet every round): ``stay_problems`` refuses it, with the
reason, as it refuses more staying players of a kind than there are tables and
a named table the drive does not have.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .types import DUMMY, SEAT_GROUP, SEATS, Seat, Seating, TableSeating

# Staying players and the tables named for them (None: wherever they first sit).
Stays = Mapping[int, int | None]

_SIDE_SEATS = {"NS": (Seat.NORTH, Seat.SOUTH), "EW": (Seat.EAST, Seat.WEST)}


class Kinds:
    """Who may take whose seat: see the module's words."""

    def __init__(
        self,
        *,
        groups: Mapping[int, Hashable] | None = None,
        pairs: Sequence[tuple[int, int]] = (),
    ) -> None:
        self.groups = dict(groups or {})
        self.partner: dict[int, int] = {}
        for one, other in pairs:
            self.partner[one] = other
            self.partner[other] = one

    @property
    def paired(self) -> bool:
        return bool(self.partner)

    def of(self, player: int) -> Hashable:
        if self.paired:
            return "pair"
        return self.groups.get(player, "")

    def unit(self, player: int) -> tuple[int, ...]:
        """The player and whoever moves with them (a partner in a pairs drive)."""
        if player in self.partner:
            return (player, self.partner[player])
        return (player,)

    def seats_for(self, player: int, seat: Seat) -> tuple[Seat, ...]:
        """The seats of a table that a player now in ``seat`` may take."""
        if self.groups and not self.paired and seat in SEAT_GROUP:
            group = SEAT_GROUP[seat]
            return tuple(s for s in SEATS if SEAT_GROUP[s] is group)
        return SEATS


def units(stays: Stays, kinds: Kinds) -> dict[int, int | None]:
    """The staying players with their partners (who stay with them), each
    with the table named for them or their partner."""
    result: dict[int, int | None] = {}
    for player in sorted(stays):
        for member in kinds.unit(player):
            named = stays.get(member)
            result[member] = result.get(member) or named or stays[player]
    return result


def stay_problems(
    *,
    stays: Stays,
    kinds: Kinds,
    tables: int,
    name: Callable[[int], str] = str,
    kind_name: Callable[[Hashable], str] = lambda kind: "",
) -> list[str]:
    """What stops the staying players from each keeping one table, in words."""
    problems: list[str] = []
    staying = units(stays, kinds)
    seen: set[int] = set()
    by_kind: dict[Hashable, list[int]] = {}
    named: dict[tuple[Hashable, int], int] = {}
    for player in sorted(staying):
        if player in seen:
            continue
        seen.update(kinds.unit(player))
        kind = kinds.of(player)
        by_kind.setdefault(kind, []).append(player)
        table = staying[player]
        if table is None:
            continue
        if table > tables:
            problems.append(
                ngettext(
                    "%(name)s stays at table %(table)d, but the drive has "
                    "%(tables)d table.",
                    "%(name)s stays at table %(table)d, but the drive has "
                    "%(tables)d tables.",
                    tables,
                )
                % {"name": name(player), "table": table, "tables": tables}
            )
        elif (kind, table) in named:
            words = {
                "one": name(named[(kind, table)]),
                "other": name(player),
                "table": table,
                "group": kind_name(kind),
            }
            problems.append(
                # Translators: %(group)s is the name of the players' group.
                _(
                    "%(one)s and %(other)s both stay at table %(table)d in "
                    "%(group)s: they would meet every round. Name another "
                    "table for one of them."
                )
                % words
                if words["group"]
                else _(
                    "%(one)s and %(other)s both stay at table %(table)d: they "
                    "would meet every round. Name another table for one of them."
                )
                % words
            )
        else:
            named[(kind, table)] = player
    for kind, players in by_kind.items():
        if len(players) > tables:
            problems.append(
                # Translators: %(tables)d is the number of tables in play.
                _(
                    "More players stay at one table each than there are tables "
                    "(%(tables)d): %(names)s. Let one of them move, or name "
                    "the same table for two of different groups."
                )
                % {"tables": tables, "names": ", ".join(name(p) for p in players)}
                if kind_name(kind)
                else _(
                    "More players stay at one table each than there are tables "
                    "(%(tables)d): %(names)s. Let one of them move."
                )
                % {"tables": tables, "names": ", ".join(name(p) for p in players)}
            )
    return problems


# --- working on rounds ------------------------------------------------------

Places = dict[int, dict[Seat, int]]


def _places(seating: Seating) -> Places:
    return {t.table: {s: t.player_at(s) for s in t.seats} for t in seating.tables}


def _seating(places: Places, sit_outs: Sequence[int]) -> Seating:
    tables = []
    for number in sorted(places):
        seats = places[number]
        tables.append(
            TableSeating(
                table=number,
                north=seats[Seat.NORTH],
                east=seats[Seat.EAST],
                south=seats[Seat.SOUTH],
                west=seats[Seat.WEST],
                fifth=seats.get(Seat.FIFTH),
            )
        )
    return Seating(tables=tuple(tables), sit_outs=tuple(sorted(sit_outs)))


def _where(places: Places) -> dict[int, tuple[int, Seat]]:
    return {
        p: (t, s) for t, seats in places.items() for s, p in seats.items() if p != DUMMY
    }


def homes(*, stays: Stays, kinds: Kinds, rounds: Sequence[Seating]) -> dict[int, int]:
    """Each staying player's table: the one named, else the first they sat at
    (another, the lowest free, if a player of their kind has it already)."""
    staying = units(stays, kinds)
    result: dict[int, int] = {}
    taken: dict[Hashable, set[int]] = {}
    for player, table in sorted(staying.items()):
        if table is not None:
            result[player] = table
            taken.setdefault(kinds.of(player), set()).add(table)
    first: dict[int, tuple[int, int]] = {}
    for index, seating in enumerate(rounds):
        for player, (table, _seat) in _where(_places(seating)).items():
            if player in staying and player not in first:
                first[player] = (index, table)
    tables = max((len(s.tables) for s in rounds), default=0)
    waiting = sorted(
        (p for p in staying if p not in result),
        key=lambda p: (first.get(p, (len(rounds), 0)), p),
    )
    for player in waiting:
        if player in result:
            continue
        used = taken.setdefault(kinds.of(player), set())
        table = first.get(player, (0, 0))[1]
        if not table or table in used:
            free = [t for t in range(1, tables + 1) if t not in used]
            table = free[0] if free else 0
        if table:
            for member in kinds.unit(player):
                result[member] = table
            used.add(table)
    return result


def _swap_whole_evening(
    rounds: list[Seating], one: tuple[int, ...], other: tuple[int, ...]
) -> list[Seating]:
    """Every round with the players of ``one`` and ``other`` exchanged."""
    if one == other:
        return rounds
    change = dict(zip(one, other, strict=True)) | dict(zip(other, one, strict=True))
    result = []
    for seating in rounds:
        places = {
            t: {s: change.get(p, p) for s, p in seats.items()}
            for t, seats in _places(seating).items()
        }
        result.append(_seating(places, [change.get(p, p) for p in seating.sit_outs]))
    return result


def _aligned(
    kinds: Kinds, unit: tuple[int, ...], like: tuple[int, ...]
) -> tuple[int, ...]:
    """``unit`` in the order of ``like``: A with A, B with B in a pairs drive."""
    swapped = len(unit) == 2 and len(like) == 2 and bool(kinds.groups)
    if swapped and kinds.groups.get(unit[0]) != kinds.groups.get(like[0]):
        return (unit[1], unit[0])
    return unit


def choose_movements(
    *,
    rounds: list[Seating],
    stays: Stays,
    kinds: Kinds,
    tables_free: bool,
) -> tuple[list[Seating], dict[int, int]]:
    """Step 1: give each staying player the movement of a player of their kind
    that keeps to the home table most (see the module's words); the rounds,
    and the home table chosen for each staying player."""
    staying = units(stays, kinds)
    everyone = sorted({p for s in rounds for p in s.players() if p != DUMMY})
    tables = max((len(s.tables) for s in rounds), default=0)
    tables_of: dict[int, list[int | None]] = {p: [] for p in everyone}
    for seating in rounds:
        where = _where(_places(seating))
        for p in everyone:
            tables_of[p].append(where[p][0] if p in where else None)
    claimed: set[int] = set()
    chosen: dict[int, int] = {}  # a staying unit's first player -> home table
    leads = {min(kinds.unit(p)) for p in staying}
    for player in sorted(leads, key=lambda p: (staying[p] is None, p)):
        unit = kinds.unit(player)
        kind = kinds.of(player)
        named = staying[player]
        used = {h for p, h in chosen.items() if kinds.of(p) == kind}
        best: tuple | None = None
        for slot in everyone:
            slot_unit = kinds.unit(slot)
            if slot != min(slot_unit) or claimed & set(slot_unit):
                continue
            if kinds.of(slot) != kind or len(slot_unit) != len(unit):
                continue
            path = tables_of[slot]
            counts = Counter(t for t in path if t is not None)
            if tables_free:
                free = [t for t in range(1, tables + 1) if t not in used]
                home = named or (free[0] if free else 0)
                at_home = sum(counts.values())
            elif named is not None:
                home, at_home = named, counts[named]
            else:
                ranked = [(n, -t) for t, n in counts.items() if t not in used]
                if not ranked:
                    continue
                at_home, minus = max(ranked)
                home = -minus
            shared = sum(
                1
                for other, other_home in chosen.items()
                for r, t in enumerate(path)
                if t is not None
                and tables_of[other][r] == t
                and (tables_free or other_home != home)
            )
            sat_out = sum(1 for s in rounds if slot in s.sit_outs)
            score = (at_home - shared, -sat_out, slot == player, -slot)
            if best is None or score > best[0]:
                best = (score, slot, home)
        if best is None or not best[2]:
            continue
        _score, slot, home = best
        like = _aligned(kinds, kinds.unit(slot), unit)
        rounds = _swap_whole_evening(rounds, unit, like)
        # The staying players now play the slot's part: its paths are theirs.
        for mine, theirs in zip(unit, like, strict=True):
            tables_of[mine], tables_of[theirs] = tables_of[theirs], tables_of[mine]
        claimed.update(unit)
        chosen[player] = home
    homes_chosen = {
        member: home for lead, home in chosen.items() for member in kinds.unit(lead)
    }
    return rounds, homes_chosen


def _renumber(seating: Seating, home: Mapping[int, int]) -> Seating:
    """Step 2: number one round's tables so that staying players are at home."""
    places = _places(seating)
    where = _where(places)
    label: dict[int, int] = {}
    for player in sorted(home):
        if player not in where:
            continue
        table, wanted = where[player][0], home[player]
        if wanted not in places or table in label or wanted in label.values():
            continue
        label[table] = wanted
    # Every other table keeps its number where it can.
    used = set(label.values())
    for table in sorted(places):
        if table not in label and table not in used:
            label[table] = table
            used.add(table)
    free = [t for t in sorted(places) if t not in used]
    for table in sorted(places):
        if table not in label:
            label[table] = free.pop(0)
    return _seating({label[t]: seats for t, seats in places.items()}, seating.sit_outs)


def _bring_home(
    seating: Seating,
    *,
    home: Mapping[int, int],
    kinds: Kinds,
    previous: Seating | None,
) -> Seating:
    """Step 3: each staying player seated away from home changes places with a
    player of their kind at the home table."""
    places = _places(seating)
    before = _where(_places(previous)) if previous is not None else {}
    for player in sorted(home):
        where = _where(places)
        if player not in where:
            continue
        table, seat = where[player]
        target = home[player]
        if table == target or target not in places:
            continue
        settled = {p for p, h in home.items() if where.get(p, (0,))[0] == h}
        if kinds.paired:
            _swap_pair(places, player, seat, table, target, kinds, settled, before)
            continue
        candidates = []
        for other_seat in kinds.seats_for(player, seat):
            other = places[target].get(other_seat)
            if other is None or other == DUMMY or other in settled:
                continue
            moved = before.get(other, (0,))[0] != target
            candidates.append(((not moved, other_seat != seat), other_seat, other))
        if not candidates:
            continue
        _rank, other_seat, other = min(candidates)
        places[table][seat], places[target][other_seat] = other, player
    return _seating(places, seating.sit_outs)


def _swap_pair(
    places: Places,
    player: int,
    seat: Seat,
    table: int,
    target: int,
    kinds: Kinds,
    settled: set[int],
    before: Mapping[int, tuple[int, Seat]],
) -> None:
    side = "NS" if seat in _SIDE_SEATS["NS"] else "EW"
    candidates = []
    for other_side, other_seats in _SIDE_SEATS.items():
        others = [places[target][s] for s in other_seats]
        if DUMMY in others or settled & set(others):
            continue
        moved = before.get(others[0], (0,))[0] != target
        candidates.append(((not moved, other_side != side), other_side))
    if not candidates:
        return
    other_side = min(candidates)[1]
    mine, theirs = _SIDE_SEATS[side], _SIDE_SEATS[other_side]
    for my_seat, their_seat in zip(mine, theirs, strict=True):
        places[table][my_seat], places[target][their_seat] = (
            places[target][their_seat],
            places[table][my_seat],
        )


def keep_at_tables(
    *,
    rounds: Sequence[Seating],
    stays: Stays,
    kinds: Kinds,
    tables_free: bool,
    history: Sequence[Seating] = (),
    fresh: bool = False,
) -> list[Seating]:
    """The rounds after ``history`` with every staying player at home in each
    round they play there (see the module's words). ``fresh``: nothing of the
    rounds is fixed yet, so players may swap movements for the whole evening
    (step 1); otherwise only rounds to come change, from step 2 on."""
    result = list(rounds)
    if not stays or not result:
        return result
    if fresh and not history:
        result, chosen = choose_movements(
            rounds=result, stays=stays, kinds=kinds, tables_free=tables_free
        )
        # The tables step 1 chose are theirs now, as if named.
        stays = {p: stays.get(p) or chosen.get(p) for p in units(stays, kinds)}
    home: dict[int, int] = {}
    previous = history[-1] if history else None
    done: list[Seating] = list(history)
    for index, seating in enumerate(result):
        home = homes(stays=stays, kinds=kinds, rounds=[*done, seating])
        if tables_free:
            seating = _renumber(seating, home)
        seating = _bring_home(seating, home=home, kinds=kinds, previous=previous)
        result[index] = seating
        done.append(seating)
        previous = seating
    return result


def away_from_home(
    *, rounds: Sequence[Seating], stays: Stays, kinds: Kinds
) -> dict[int, list[int]]:
    """Rounds (from 1) in which a staying player sat away from their home:
    empty when the movement keeps everyone at home."""
    home = homes(stays=stays, kinds=kinds, rounds=rounds)
    away: dict[int, list[int]] = {}
    for number, seating in enumerate(rounds, 1):
        where = _where(_places(seating))
        for player, table in home.items():
            if player in where and where[player][0] != table:
                away.setdefault(player, []).append(number)
    return away
