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
   drift at most FIVES_SPREAD apart (``prediction_search``, which does
   steps 2 to 4).
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

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .individual import individual_schedule
from .individual.engine import checked_players
from .prediction_search import SchedulePlanner
from .types import DUMMY, Seating

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
    if sizes.fives:
        tables = ngettext(
            "%(fives)s table of five", "%(fives)s tables of five", sizes.fives
        ) % {"fives": sizes.fives}
        if sizes.fours:
            # Counted by the tables of four, each count taking its own form
            # (Polish "1 stolik pięcioosobowy i 2 czteroosobowe"): one message
            # counted by the tables of five could not decline the fours.
            tables = ngettext(
                "%(fives)s and %(fours)s of four",
                "%(fives)s and %(fours)s of four",
                sizes.fours,
            ) % {"fives": tables, "fours": sizes.fours}
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
    # The cache's key: every part a tuple, whatever sequences the caller built.
    history = tuple(
        Seating(tables=tuple(seating.tables), sit_outs=tuple(seating.sit_outs))
        for seating in history
    )
    return list(_planned(tuple(active), rounds, seed, history))


# The schedules planned last, by their arguments: the search takes a second or
# more for a large room, and a drive's pages and services ask for the same
# schedule again (the movement page, the start, a re-plan's preview). The
# seatings are frozen, so a schedule is shared, never changed.
@lru_cache(maxsize=32)
def _planned(
    active: tuple[int, ...], rounds: int, seed: int, history: tuple[Seating, ...]
) -> tuple[Seating, ...]:
    """prediction_schedule's search, on its checked arguments."""
    active = list(active)
    sizes = table_sizes(len(active))
    planner = SchedulePlanner(active, rounds, seed, history, sizes)
    for _game in range(rounds):
        planner.add_game()
    planner.improve()
    if planner.repeats() and _individual_fits(active, history):
        other = SchedulePlanner(active, rounds, seed, history, sizes)
        other.adopt(
            individual_schedule(
                players=active, rounds=rounds, seed=seed, history=history
            )
        )
        if other.pairs_met() > planner.pairs_met():
            planner = other
    return tuple(planner.seatings())


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
