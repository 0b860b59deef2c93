"""The season: a club's league table over the drives of a stretch of dates.

- *Season*: a name and dates; its drives are the club's finished drives in them,
  numbered 1..M in date order.
- *Appearance*: one player's result in one drive: the total, the hands they were
  in the drive for (played and sat out) and the hands they won.
- *Drives*: how many drives a player played in.
- *Counted*: the drives that count: the best N by total when the club counts
  the best N of M, otherwise every one.
- *Total*: the sum of the counted drives' totals.
- *Average per drive*: total / counted drives; *average per hand*: total / the
  hands of the counted drives. Both to two places, halves up.
- *Qualified*: played at least the club's minimum number of drives. Only the
  qualified are ranked; the others follow, unranked, by total.

Ties are broken by the club's rules (scoring.tiebreaks) read for a season:
count-back over the counted drives from the last one back (a drive not counted
counts nothing), most hands won over the counted drives (most deals won in
prediction whist), best single drive, shared, or a draw recorded for the
league. The rules' words are the season's game's (league.games).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.utils.translation import gettext

from league.games import LEAGUE_RULE_NOTES
from players.collation import sort_key
from scoring.tiebreaks import Contender, Outcome, Placing, Rule, rank

TWO_PLACES = Decimal("0.01")


def two_places(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        TWO_PLACES, rounding=ROUND_HALF_UP
    )


@dataclass(frozen=True)
class Appearance:
    player: int
    name: str
    drive: int  # 1..M, the drive's place in the season
    total: int
    hands: int
    hands_won: int = 0
    # A drive of fixed pairs (partners, rubber whist): the partner's player.
    partner: int | None = None


@dataclass(frozen=True)
class LeagueRow:
    rank: int | None  # None: not qualified
    player: int
    name: str
    drives: int
    counted: int
    total: int
    hands: int  # the hands of the counted drives
    counted_drives: frozenset[int]
    qualified: bool
    outcome: Outcome = Outcome.DECIDED
    decided_by: Rule | None = None
    block: tuple[int, ...] = ()
    # Partners ranked as one (`partner_units`): both players, the first the
    # one the tie-breaks and a draw name; empty for a player ranked alone.
    unit: tuple[int, ...] = ()
    # How a tie was decided, in the season's game's words (league.games);
    # a rule not here reads as a drive's prizes read it.
    rule_notes: Mapping[Rule, str] = field(
        default_factory=lambda: LEAGUE_RULE_NOTES, compare=False, repr=False
    )

    @property
    def average_per_drive(self) -> Decimal | None:
        return two_places(Fraction(self.total, self.counted)) if self.counted else None

    @property
    def average_per_hand(self) -> Decimal | None:
        return two_places(Fraction(self.total, self.hands)) if self.hands else None

    @property
    def note(self) -> str:
        if not self.qualified:
            return ""
        if self.outcome is Outcome.SHARED and len(self.block) > 1:
            return gettext("shared")
        if self.outcome is Outcome.AWAITING_DRAW:
            return gettext("level: waiting for the draw")
        if not self.decided_by:
            return ""
        return str(self.rule_notes.get(self.decided_by, self.decided_by.note))

    @property
    def remark(self) -> str:
        """The row's note as the league shows it (page, workbook, printed
        table): how a tie was placed, or why the row has no rank."""
        return self.note if self.qualified else gettext("not yet qualified")


def counted(appearances: Sequence[Appearance], best_of: int | None) -> list[Appearance]:
    """The drives that count: the best `best_of` by total (all when None).

    Between drives of equal total, the one with fewer hands counts (the better
    average), then the later one.
    """
    if best_of is None or best_of >= len(appearances):
        return list(appearances)
    ranked = sorted(appearances, key=lambda a: (-a.total, a.hands, -a.drive))
    return ranked[:best_of]


def partner_units(
    counted_of: Mapping[int, Sequence[Appearance]], names: Mapping[int, str]
) -> dict[int, tuple[int, ...]]:
    """Partners ranked as one, as a drive of fixed pairs ranks them: two
    players who played every drive their totals count as each other's
    partner, with the same total. Nothing but a draw could part them (the
    same score in the same drives), and a cut of the cards between partners
    is no tie-break: they share their place, and a tie with others is
    settled between the pair and them. By player: the unit, in alphabetical
    order (the first stands for both)."""
    units: dict[int, tuple[int, ...]] = {}
    for player, played in counted_of.items():
        partners = {a.partner for a in played}
        if len(partners) != 1 or None in partners:
            continue
        (partner,) = partners
        theirs = counted_of.get(partner)
        if (
            partner == player
            or theirs is None
            or {a.partner for a in theirs} != {player}
            or {a.drive for a in theirs} != {a.drive for a in played}
            or sum(a.total for a in theirs) != sum(a.total for a in played)
        ):
            continue
        units[player] = tuple(
            sorted((player, partner), key=lambda p: (sort_key(names[p]), p))
        )
    return units


def unit_draws(
    draws: Mapping[frozenset[int], int], units: Mapping[int, tuple[int, ...]]
) -> dict[frozenset[int], int]:
    """The recorded draws (who cut -> who won the cut) as the tie-breaks
    read them: partners ranked as one cut as one, under their unit's first
    player. A draw names a pair by both partners (League.open_draws), an
    older one by either; both read the same, whichever partner comes first
    in the alphabet now (a partner renamed keeps the pair's draw)."""

    def key(player: int) -> int:
        return units.get(player, (player,))[0]

    return {
        frozenset(key(p) for p in members): key(winner)
        for members, winner in draws.items()
    }


def league_table(
    appearances: Iterable[Appearance],
    *,
    drives: int,
    best_of: int | None = None,
    min_attendance: int = 0,
    order: Sequence[Rule] = (),
    draws: Mapping[frozenset[int], int] | None = None,
    rule_notes: Mapping[Rule, str] = LEAGUE_RULE_NOTES,
) -> list[LeagueRow]:
    """The league: the qualified ranked (ties by `order`, a decided tie's note
    in `rule_notes`, the season's game's words), then the others by total."""
    if best_of is not None and best_of < 1:
        raise ValueError("Best N of M counts at least one drive.")
    by_player: dict[int, list[Appearance]] = defaultdict(list)
    names: dict[int, str] = {}
    for a in appearances:
        by_player[a.player].append(a)
        names[a.player] = a.name
    rows: dict[int, LeagueRow] = {}
    contenders: list[Contender] = []
    counted_of = {
        player: counted(played, best_of)
        for player, played in by_player.items()
        if len(played) >= min_attendance
    }
    units = partner_units(counted_of, names)
    for player, played in by_player.items():
        count = counted(played, best_of)
        total = sum(a.total for a in count)
        qualified = len(played) >= min_attendance
        rows[player] = LeagueRow(
            rank=None,
            player=player,
            name=names[player],
            drives=len(played),
            counted=len(count),
            total=total,
            hands=sum(a.hands for a in count),
            counted_drives=frozenset(a.drive for a in count),
            qualified=qualified,
            unit=units.get(player, ()),
            rule_notes=rule_notes,
        )
        if qualified and units.get(player, (player,))[0] == player:
            contenders.append(
                Contender(
                    key=player,
                    value=total,
                    hand_scores={a.drive: a.total for a in count},
                    hands_won=sum(a.hands_won for a in count),
                    number=0,
                )
            )
    # Level players keep alphabetical order (the language's) on the page.
    alphabetical = sorted(contenders, key=lambda c: (sort_key(names[c.key]), c.key))
    contenders = [replace(c, number=index) for index, c in enumerate(alphabetical)]
    placings: list[Placing] = rank(
        contenders, order=order, last_hand=drives, draws=unit_draws(draws or {}, units)
    )
    # Partners ranked as one share its place; the places after count both.
    table: list[LeagueRow] = []
    ranks: dict[int, int] = {}
    for p in placings:
        place = ranks.setdefault(p.rank, len(table) + 1)
        table += [
            replace(
                rows[member],
                rank=place,
                outcome=p.outcome,
                decided_by=p.decided_by,
                block=p.block,
            )
            for member in units.get(p.key, (p.key,))
        ]
    others = sorted(
        (row for row in rows.values() if not row.qualified),
        key=lambda r: (-r.total, sort_key(r.name), r.player),
    )
    return table + others


@dataclass(frozen=True)
class DriveScore:
    """One player's score in one drive of the season, as the league counts it."""

    drive: int  # 1..M, the drive's place in the season
    total: int | None  # None: the player was not in this drive
    counted: bool = False

    @property
    def dropped(self) -> bool:
        """Played, but not one of the best N: left out of the league total."""
        return self.total is not None and not self.counted


def scores_by_drive(
    appearances: Iterable[Appearance], rows: Iterable[LeagueRow], *, drives: int
) -> dict[int, tuple[DriveScore, ...]]:
    """Each row's player's score in every drive of the season, in order, marked
    counted as `league_table` counted it (its rows' `counted_drives`, from
    `counted`: the rule is written once)."""
    totals = {(a.player, a.drive): a.total for a in appearances}
    return {
        row.player: tuple(
            DriveScore(
                drive=d,
                total=totals.get((row.player, d)),
                counted=d in row.counted_drives,
            )
            for d in range(1, drives + 1)
        )
        for row in rows
    }


@dataclass(frozen=True)
class AttendanceRow:
    player: int
    name: str
    present: tuple[bool, ...]  # one per drive of the season, in order

    @property
    def drives(self) -> int:
        return sum(self.present)


def attendance(
    appearances: Iterable[Appearance], *, drives: int
) -> tuple[list[AttendanceRow], list[int]]:
    """Who came to each drive (by name), and the head count of each drive."""
    seen: dict[int, set[int]] = defaultdict(set)
    names: dict[int, str] = {}
    for a in appearances:
        seen[a.player].add(a.drive)
        names[a.player] = a.name
    rows = [
        AttendanceRow(
            player,
            names[player],
            tuple(d in seen[player] for d in range(1, drives + 1)),
        )
        for player in sorted(seen, key=lambda p: (sort_key(names[p]), p))
    ]
    counts = [sum(row.present[d - 1] for row in rows) for d in range(1, drives + 1)]
    return rows, counts
