"""Which engine seats a drive, for every format, and what a head count gives.

- *Progressive* and *semi-partner* are seated round by round, because each
  round's results decide the next moves (``progressive``).
- *Stationary*, *partners*, *individual* and *prediction* are *fixed*: the
  whole evening is planned before play (``stationary``, ``partners``,
  ``individual``, ``prediction``), so every card can be printed; a late
  arrival or a withdrawal re-plans the rounds not yet played, keeping those
  that were.
- The *three-handed table* (a drive option): when exactly three are left over,
  they play with a dummy hand instead of sitting out (``three_handed``). For
  fairness the three count as sitting out when the next sit-outs are chosen,
  so nobody plays with the dummy twice while others have not. It does not
  apply to prediction whist, whose tables of five take up the players left
  over whenever the head count allows (``prediction.table_sizes``).

- *Staying players* (``stays``): whatever the format, each sits at one table
  in every round they play; every engine's rounds pass through the one rule
  there.

Each format's movement is one class (``MOVEMENTS``): its tables, who may
take a staying player's seat, what stops a line-up, and a fixed format's
schedule; the functions below ask it and never test the format.

A *line-up* is who plays the next round: group A, group B, for partners
drives the registered pairs (A, B), and the players who stay at one table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .individual import individual_schedule
from .partners import check_pairs, partners_schedule
from .prediction import FEWEST_PLAYERS, prediction_schedule, table_sizes
from .progressive import first_round, next_round
from .sitouts import table_count
from .stationary import stationary_schedule
from .stays import Kinds, keep_at_tables, stay_problems
from .three_handed import with_three_handed_table
from .types import (
    DUMMY,
    FIXED,
    FORMATS,
    Format,
    Group,
    Seating,
    Side,
    per_format,
    real_players,
)


@dataclass(frozen=True)
class Lineup:
    group_a: tuple[int, ...]
    group_b: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...] = ()
    # Players who stay at one table all evening (``stays``), each with the
    # table named for them, or None (wherever they first sit).
    stays: tuple[tuple[int, int | None], ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(sorted(self.group_a + self.group_b))

    @property
    def groups(self) -> dict[int, Group]:
        return {p: Group.A for p in self.group_a} | {p: Group.B for p in self.group_b}


@dataclass(frozen=True)
class HeadCount:
    """What a line-up gives: tables (a three-handed one included) and sit-outs."""

    tables: int
    sit_outs: int
    three_handed_table: bool = False


class Movement:
    """How a format seats its players: its tables, who may take a staying
    player's seat, what stops a line-up, and (a fixed format) its schedule.
    This one: everyone for themselves at tables of four (individual)."""

    # Three left over may play with a dummy hand (the drive's option).
    dummy_table = True

    def tables(self, lineup: Lineup) -> int:
        return len(lineup.players) // 4

    def head_count(self, lineup: Lineup, three_handed: bool) -> HeadCount:
        tables = self.tables(lineup)
        sit_outs = len(lineup.players) - 4 * tables
        if three_handed and sit_outs == 3 and self.dummy_table:
            return HeadCount(tables=tables + 1, sit_outs=0, three_handed_table=True)
        return HeadCount(tables=tables, sit_outs=sit_outs)

    def stay_kinds(self, lineup: Lineup) -> Kinds:
        """Who may take a staying player's seat (``stays``)."""
        return Kinds()

    def problems(self, lineup: Lineup) -> list[str]:
        """What stops a line-up of enough players, in plain words."""
        return []

    def schedule(
        self, lineup: Lineup, rounds: int, seed: int, history: Sequence[Seating]
    ) -> list[Seating]:
        """A fixed format's next `rounds` rounds after `history` (its
        three-handed tables taken as sit-outs)."""
        return individual_schedule(
            players=lineup.players, rounds=rounds, seed=seed, history=history
        )

    def plan(
        self,
        format: Format,
        lineup: Lineup,
        rounds: int,
        seed: int,
        history: Sequence[Seating],
        three_handed: bool,
    ) -> list[Seating]:
        plain_history = [_without_three_handed(s) for s in history]
        schedule = self.schedule(lineup, rounds, seed, plain_history)
        if not three_handed:
            return _kept_at_tables(format, lineup, schedule, history, not history)
        counts = rotation_counts(history)
        result = []
        for seating in schedule:
            seated = _three_handed(seating, lineup, counts)
            counts = counts + rotation_counts([seated])
            result.append(seated)
        return _kept_at_tables(format, lineup, result, history, not history)


class GroupedMovement(Movement):
    """Two groups, each in its own seats (progressive, semi-partner)."""

    def tables(self, lineup: Lineup) -> int:
        return table_count(group_a=len(lineup.group_a), group_b=len(lineup.group_b))

    def stay_kinds(self, lineup: Lineup) -> Kinds:
        return Kinds(groups=lineup.groups)

    def problems(self, lineup: Lineup) -> list[str]:
        if self.tables(lineup):
            return []
        return [
            # Translators: the numbers of players in group A and in group B.
            _(
                "Every table needs two players of each group: "
                "%(group_a)d and %(group_b)d fill no table."
            )
            % {"group_a": len(lineup.group_a), "group_b": len(lineup.group_b)}
        ]


class StationaryMovement(GroupedMovement):
    """Group A stays put; group B moves (planned in full)."""

    def schedule(
        self, lineup: Lineup, rounds: int, seed: int, history: Sequence[Seating]
    ) -> list[Seating]:
        return stationary_schedule(
            group_a=lineup.group_a,
            group_b=lineup.group_b,
            rounds=rounds,
            seed=seed,
            history=history,
        )


class PairsMovement(Movement):
    """Registered pairs who play together all evening (partners, rubber whist)."""

    dummy_table = False

    def tables(self, lineup: Lineup) -> int:
        return len(lineup.pairs) // 2

    def stay_kinds(self, lineup: Lineup) -> Kinds:
        return Kinds(groups=lineup.groups, pairs=lineup.pairs)

    def problems(self, lineup: Lineup) -> list[str]:
        return check_pairs(players=lineup.players, pairs=lineup.pairs)

    def schedule(
        self, lineup: Lineup, rounds: int, seed: int, history: Sequence[Seating]
    ) -> list[Seating]:
        return partners_schedule(
            pairs=lineup.pairs, rounds=rounds, seed=seed, history=history
        )


class PredictionMovement(Movement):
    """Prediction whist: tables of four and five (``prediction``); the
    three-handed table does not apply to it."""

    def head_count(self, lineup: Lineup, three_handed: bool) -> HeadCount:
        sizes = table_sizes(len(lineup.players))
        return HeadCount(tables=sizes.tables, sit_outs=sizes.sit_outs)

    def plan(
        self,
        format: Format,
        lineup: Lineup,
        rounds: int,
        seed: int,
        history: Sequence[Seating],
        three_handed: bool,
    ) -> list[Seating]:
        schedule = prediction_schedule(
            players=lineup.players, rounds=rounds, seed=seed, history=history
        )
        return _kept_at_tables(format, lineup, schedule, history, not history)


# Each format's movement.
MOVEMENTS: Mapping[Format, Movement] = per_format(
    "drive.movement.plan.MOVEMENTS",
    {
        Format.PROGRESSIVE: GroupedMovement(),
        Format.SEMI_PARTNER: GroupedMovement(),
        Format.STATIONARY: StationaryMovement(),
        Format.PARTNERS: PairsMovement(),
        Format.INDIVIDUAL: Movement(),
        Format.RUBBER: PairsMovement(),
        Format.PREDICTION: PredictionMovement(),
    },
)


def head_count(
    *, format: Format | str, lineup: Lineup, three_handed: bool
) -> HeadCount:
    return MOVEMENTS[Format(format)].head_count(lineup, three_handed)


def stay_kinds(format: Format | str, lineup: Lineup) -> Kinds:
    """Who may take a staying player's seat in this format (``stays``)."""
    return MOVEMENTS[Format(format)].stay_kinds(lineup)


def lineup_stay_problems(
    *,
    format: Format | str,
    lineup: Lineup,
    three_handed: bool = False,
    name=str,
    kind_name=lambda kind: "",
) -> list[str]:
    """What stops the line-up's staying players each keeping one table."""
    if not lineup.stays:
        return []
    count = head_count(format=format, lineup=lineup, three_handed=three_handed)
    return stay_problems(
        stays=dict(lineup.stays),
        kinds=stay_kinds(format, lineup),
        tables=count.tables,
        name=name,
        kind_name=kind_name,
    )


def _kept_at_tables(
    format: Format,
    lineup: Lineup,
    rounds: Sequence[Seating],
    history: Sequence[Seating],
    fresh: bool,
) -> list[Seating]:
    if not lineup.stays:
        return list(rounds)
    return keep_at_tables(
        rounds=rounds,
        stays=dict(lineup.stays),
        kinds=stay_kinds(format, lineup),
        tables_free=FORMATS[format].tables_free,
        history=history,
        fresh=fresh,
    )


def start_problems(*, format: Format | str, lineup: Lineup) -> list[str]:
    """What stops this line-up from playing this format, in plain words."""
    format = Format(format)
    players = lineup.players
    if len(players) < FEWEST_PLAYERS:
        return [
            ngettext(
                "A drive needs at least %(least)d players; %(count)d can play.",
                "A drive needs at least %(least)d players; %(count)d can play.",
                len(players),
            )
            % {"least": FEWEST_PLAYERS, "count": len(players)}
        ]
    return MOVEMENTS[format].problems(lineup)


def _three_handed(
    seating: Seating, lineup: Lineup, counts: Mapping[int, int]
) -> Seating:
    return with_three_handed_table(
        seating=seating, groups=lineup.groups, sit_out_counts=counts
    )


def rotation_counts(history: Iterable[Seating]) -> Counter[int]:
    """Rounds each player sat out or played at a three-handed table."""
    counts: Counter[int] = Counter()
    for seating in history:
        counts.update(seating.sit_outs)
        for table in seating.tables:
            if DUMMY in table.players():
                counts.update(real_players(table))
    return counts


def _without_three_handed(seating: Seating) -> Seating:
    """The three at a dummy table count as sitting out when the next round is seated."""
    kept = tuple(t for t in seating.tables if DUMMY not in t.players())
    if len(kept) == len(seating.tables):
        return seating
    extra = [p for t in seating.tables if DUMMY in t.players() for p in real_players(t)]
    return Seating(tables=kept, sit_outs=tuple(sorted((*seating.sit_outs, *extra))))


def plan_fixed(
    *,
    format: Format | str,
    lineup: Lineup,
    rounds: int,
    seed: int,
    history: Sequence[Seating] = (),
    three_handed: bool = False,
) -> list[Seating]:
    """The next `rounds` rounds of a fixed format, continuing `history`.

    A prediction whist drive seats its tables of four and five
    (``prediction_schedule``); the three-handed table does not apply to it."""
    format = Format(format)
    if format not in FIXED:
        raise ValueError(f"{format.value} drives are seated round by round")
    return MOVEMENTS[format].plan(format, lineup, rounds, seed, history, three_handed)


def opening_round(*, lineup: Lineup, seed: int, three_handed: bool = False) -> Seating:
    """Round 1 of a progressive or semi-partner drive: a seeded draw."""
    seating = first_round(group_a=lineup.group_a, group_b=lineup.group_b, seed=seed)
    if three_handed:
        seating = _three_handed(seating, lineup, {})
    return _kept_at_tables(Format.PROGRESSIVE, lineup, [seating], (), True)[0]


def following_round(
    *,
    format: Format | str,
    winners_move: bool,
    history: Sequence[Seating],
    winners: Mapping[int, Side],
    lineup: Lineup,
    seed: int,
    three_handed: bool = False,
) -> Seating:
    """The next round of a progressive or semi-partner drive after `history`.

    A three-handed table takes no part in the moves: its three rejoin the
    players waiting for a seat.
    """
    previous = history[-1]
    plain = _without_three_handed(previous)
    kept = {t.table for t in plain.tables}
    seating = next_round(
        previous=plain,
        winners={t: side for t, side in winners.items() if t in kept},
        format=Format(format),
        winners_move=winners_move,
        group_a=lineup.group_a,
        group_b=lineup.group_b,
        sit_out_counts=rotation_counts(history),
        seed=seed,
    )
    if three_handed:
        seating = _three_handed(seating, lineup, rotation_counts(history))
    return _kept_at_tables(Format(format), lineup, [seating], history, False)[0]
