"""Tie-breaks: who is ahead when two or more are level.

A *contest* ranks *contenders* on one *value* (higher is better: a total, a
half-time total, hands won, or minus the distance from the mystery score).
Contenders level on the value are separated by the club's ordered *rules*:

- *count-back*: the better score over the last hand; if still level, over the
  last two hands, then the last three, and so on back to the first. A hand sat
  out counts at its sit-out compensation, so a bye neither helps nor hurts.
- *most hands won*: hands where the player's side took seven tricks or more.
- *best single hand*: the highest score of one hand actually played.
- *shared*: the tie stands; the place (and any prize) is shared.
- *draw*: the organiser's recorded draw ("cut of the cards"): the winner of
  the cut goes ahead of the others, who may cut again.

Shared and draw end the list: nothing after them could ever be reached. When
the rules run out, or the draw has not been recorded yet, the tie stands for
now and the contenders share the place (`awaiting_draw` says which).

A rule that does not separate anyone passes the whole tie to the next rule; a
rule that splits it passes each part on. Ranks are competition ranks (1, 2, 2,
4) after every rule has had its say.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.standings import EntryRecord, Standing, placed, sat_out_scores

# The rules a club follows until it chooses its own (stored form, parse_order).
DEFAULT_TIE_BREAKS = "count_back,hands_won,best_hand,draw"


class Rule(str, Enum):
    COUNT_BACK = "count_back"
    HANDS_WON = "hands_won"
    BEST_HAND = "best_hand"
    SHARED = "shared"
    DRAW = "draw"

    @property
    def label(self) -> str:
        return str(RULE_LABELS[self])

    @property
    def words(self) -> str:
        """The rule inside a sentence, lower-case where the language writes
        it so: "Ties: count-back from the last hand, then most hands won", in
        a drive of hands' words (a drive's game says its own:
        scoring.tie_words)."""
        return str(RULE_WORDS[self])

    @property
    def note(self) -> str:
        """How a tie was decided, in the words a drive of hands' prize list
        uses (a drive's game says its own: scoring.tie_words)."""
        return str(RULE_NOTES[self])


RULE_LABELS = {
    Rule.COUNT_BACK: gettext_lazy("Count-back (the last hand, then the last two, ...)"),
    Rule.HANDS_WON: gettext_lazy("Most hands won"),
    Rule.BEST_HAND: gettext_lazy("Best single hand"),
    Rule.SHARED: gettext_lazy("Shared (the prize is shared)"),
    Rule.DRAW: gettext_lazy("A draw recorded by the organiser (cut of the cards)"),
}
# The rules inside a sentence (a list of the ties' rules, joined by ", then "):
# the labels above are the choices of a form, capitalised as a list's items.
# These and the notes are a drive of hands' words; each game's are in
# scoring.tie_words (prediction whist counts deals).
RULE_WORDS = {
    Rule.COUNT_BACK: pgettext_lazy(
        "tie-break, in running text", "count-back from the last hand"
    ),
    Rule.HANDS_WON: pgettext_lazy("tie-break, in running text", "most hands won"),
    Rule.BEST_HAND: pgettext_lazy("tie-break, in running text", "best single hand"),
    Rule.SHARED: pgettext_lazy("tie-break, in running text", "the prize shared"),
    Rule.DRAW: pgettext_lazy(
        "tie-break, in running text", "a draw by the organiser (a cut of the cards)"
    ),
}
RULE_NOTES = {
    Rule.COUNT_BACK: gettext_lazy("decided by count-back"),
    Rule.HANDS_WON: gettext_lazy("decided by most hands won"),
    Rule.BEST_HAND: gettext_lazy("decided by best single hand"),
    Rule.SHARED: gettext_lazy("shared"),
    Rule.DRAW: gettext_lazy("decided by a draw"),
}
# Rules after which no other can be reached.
FINAL_RULES = frozenset({Rule.SHARED, Rule.DRAW})
DEFAULT_ORDER: tuple[Rule, ...] = (
    Rule.COUNT_BACK,
    Rule.HANDS_WON,
    Rule.BEST_HAND,
    Rule.DRAW,
)


class TieBreakError(ValueError):
    """A club's list of rules that cannot work as written."""


def check_order(rules: Iterable[str | Rule]) -> tuple[Rule, ...]:
    """The rules as a tuple, refusing unknown names, repeats and rules after a final one."""
    checked: list[Rule] = []
    for name in rules:
        try:
            rule = Rule(name)
        except ValueError as exc:
            raise TieBreakError(
                _("“%(name)s” is not a tie-break rule.") % {"name": name}
            ) from exc
        if rule in checked:
            raise TieBreakError(_("“%(rule)s” is listed twice.") % {"rule": rule.label})
        if checked and checked[-1] in FINAL_RULES:
            raise TieBreakError(
                _("Nothing can come after “%(rule)s”: it settles every tie.")
                % {"rule": checked[-1].label}
            )
        checked.append(rule)
    return tuple(checked)


def parse_order(text: str) -> tuple[Rule, ...]:
    """The stored form: rule names separated by commas."""
    return check_order(name.strip() for name in text.split(",") if name.strip())


def placed_apart(rows: Iterable[Standing]) -> bool:
    """Whether two rows of the same total have different places: the
    tie-breaks placed them, and the boards say by which rules."""
    places: dict[int, int] = {}
    return any(places.setdefault(row.total, row.rank) != row.rank for row in rows)


def placed_rules(rows: Iterable[Standing], order: Sequence[Rule]) -> list[Rule]:
    """The rules of `order` that placed any of `rows` apart from others level
    on its total (Standing.placed_by), in the club's order: what a board's
    mark says decided its places."""
    used = {row.placed_by for row in rows}
    return [rule for rule in order if rule in used]


def format_order(rules: Iterable[Rule]) -> str:
    return ",".join(rule.value for rule in rules)


@dataclass(frozen=True)
class Contender:
    """One contender in one contest.

    `hand_scores` are the hands actually played (by hand number, or by drive in
    a season); `sat_out_scores` the compensation of each hand sat out, which
    count-back counts and best single hand does not.
    """

    key: int
    value: int | Fraction
    hand_scores: Mapping[int, int | Fraction] = field(default_factory=dict)
    sat_out_scores: Mapping[int, int | Fraction] = field(default_factory=dict)
    hands_won: int = 0
    # Order of display among contenders who stay level (entry number).
    number: int = 0
    # Measures worked out so far, by rule and last hand: a contender on several
    # boards (overall and its group) is measured once.
    measured: dict[tuple[Rule, int], object] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )


class Outcome(str, Enum):
    DECIDED = "decided"  # alone in its place
    SHARED = "shared"  # level after every rule: the place is shared
    AWAITING_DRAW = (
        "awaiting_draw"  # level, and the club's next rule is a draw not yet made
    )


@dataclass(frozen=True)
class Placing:
    key: int
    rank: int
    # 1.. in order; contenders sharing a rank still have distinct positions.
    position: int
    outcome: Outcome
    # The rule that last separated this contender from others level on value.
    decided_by: Rule | None
    # The keys of every contender sharing this place (itself included).
    block: tuple[int, ...]
    value: int | Fraction = 0

    @property
    def tied(self) -> bool:
        return len(self.block) > 1


def count_back(contender: Contender, last_hand: int) -> tuple[int | Fraction, ...]:
    """The scores over the last hand, the last two, ... down to all `last_hand` hands."""
    played, sat_out = contender.hand_scores, contender.sat_out_scores
    hands = range(last_hand, 0, -1)
    # Each hand's score (0 for a hand not played), read by map: a board ranks
    # a thousand contenders on two dozen hands.
    scores: Iterator[int | Fraction] = map(played.get, hands, itertools.repeat(0))
    if sat_out:
        scores = map(operator.add, scores, map(sat_out.get, hands, itertools.repeat(0)))
    return tuple(itertools.accumulate(scores))


def best_hand(contender: Contender, last_hand: int) -> int | Fraction:
    played = contender.hand_scores
    if not played:
        return 0
    if max(played) <= last_hand:
        return max(played.values())
    return max((s for h, s in played.items() if h <= last_hand), default=0)


def _measures(
    rule: Rule, contenders: Sequence[Contender], last_hand: int
) -> list[object]:
    """Each contender's measure by `rule`, worked out once and kept on the contender."""
    if rule is Rule.HANDS_WON:
        return [c.hands_won for c in contenders]
    if rule is Rule.COUNT_BACK:
        measure = count_back
    elif rule is Rule.BEST_HAND:
        measure = best_hand
    else:
        raise AssertionError(rule)  # shared and draw measure nothing
    key = (rule, last_hand)
    values: list[object] = []
    for c in contenders:
        value = c.measured.get(key)
        if value is None:
            value = c.measured[key] = measure(c, last_hand)
        values.append(value)
    return values


@dataclass(frozen=True)
class _Block:
    members: tuple[Contender, ...]
    outcome: Outcome
    decided_by: Rule | None


def _split(
    group: Sequence[Contender],
    rules: Sequence[Rule],
    *,
    last_hand: int,
    draws: Mapping[frozenset[int], int],
    decided_by: Rule | None,
) -> list[_Block]:
    """Separate contenders level on value, best first."""
    if len(group) == 1:
        return [_Block(tuple(group), Outcome.DECIDED, decided_by)]
    if not rules or rules[0] is Rule.SHARED:
        return [_Block(tuple(group), Outcome.SHARED, decided_by)]
    rule, rest = rules[0], rules[1:]
    if rule is Rule.DRAW:
        winner = draws.get(frozenset(c.key for c in group))
        if winner is None or all(c.key != winner for c in group):
            return [_Block(tuple(group), Outcome.AWAITING_DRAW, decided_by)]
        first = next(c for c in group if c.key == winner)
        others = [c for c in group if c.key != winner]
        # The others may cut again: the draw stays the rule for them.
        return [_Block((first,), Outcome.DECIDED, Rule.DRAW)] + _split(
            others, rules, last_hand=last_hand, draws=draws, decided_by=Rule.DRAW
        )
    by_measure = operator.itemgetter(0)
    measured = sorted(
        zip(_measures(rule, group, last_hand), group, strict=True),
        key=by_measure,
        reverse=True,
    )
    parts = [
        [c for _, c in part] for _, part in itertools.groupby(measured, key=by_measure)
    ]
    if len(parts) == 1:
        return _split(
            group, rest, last_hand=last_hand, draws=draws, decided_by=decided_by
        )
    blocks: list[_Block] = []
    for part in parts:
        blocks += _split(part, rest, last_hand=last_hand, draws=draws, decided_by=rule)
    return blocks


def _placed(
    contenders: Iterable[Contender],
    *,
    order: Sequence[Rule],
    last_hand: int,
    draws: Mapping[frozenset[int], int],
) -> Iterator[tuple[int | Fraction, _Block, int]]:
    """(value, block, rank) of every block of contenders sharing a place, best first."""
    ordered = sorted(contenders, key=lambda c: (-c.value, c.number, c.key))
    position = 1
    for value, level in itertools.groupby(ordered, key=lambda c: c.value):
        blocks = _split(
            list(level), order, last_hand=last_hand, draws=draws, decided_by=None
        )
        for block in blocks:
            yield value, block, position
            position += len(block.members)


def rank(
    contenders: Iterable[Contender],
    *,
    order: Sequence[Rule],
    last_hand: int,
    draws: Mapping[frozenset[int], int] | None = None,
) -> list[Placing]:
    """Every contender placed, best first, ties settled by `order`.

    `last_hand` is where count-back starts (the drive's last hand, the half-way
    hand at half-time, the season's last drive). `draws` maps the set of keys
    that cut to the key of the one who won the cut.
    """
    placings: list[Placing] = []
    for value, block, position in _placed(
        contenders, order=order, last_hand=last_hand, draws=draws or {}
    ):
        keys = tuple(c.key for c in block.members)
        for offset, member in enumerate(block.members):
            placings.append(
                Placing(
                    key=member.key,
                    rank=position,
                    position=position + offset,
                    outcome=block.outcome,
                    decided_by=block.decided_by,
                    block=keys,
                    value=value,
                )
            )
    return placings


def blocks_of(placings: Sequence[Placing]) -> list[list[Placing]]:
    """Placings grouped by shared place, best first."""
    return [
        list(group) for _, group in itertools.groupby(placings, key=lambda p: p.rank)
    ]


# --- the standings of a drive -----------------------------------------------------


@dataclass(frozen=True)
class DriveTieBreaks:
    """The club's rules and the drive's recorded draws, ready to apply to its standings."""

    order: tuple[Rule, ...]
    last_hand: int
    compensation: str
    fixed_score: int = 0
    averages: Mapping[int, Fraction] = field(default_factory=dict)
    draws: Mapping[frozenset[int], int] = field(default_factory=dict)
    # A drive of fixed pairs: entry -> pair number. Partners level on total
    # are ranked as one (their first entry's key, as the prizes cut), so a
    # tie between pairs is settled between pairs and the partners share a rank.
    pairs: Mapping[int, int] = field(default_factory=dict)
    # Contenders made so far, by entry and value: the overall board and the
    # group boards rank the same entries, so each is made once.
    _made: dict[tuple[int, int | Fraction], Contender] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def contender(self, record: EntryRecord, value: int | Fraction) -> Contender:
        made = self._made.get((record.entry, value))
        if made is None:
            made = self._made[record.entry, value] = self._contender(record, value)
        return made

    def _contender(self, record: EntryRecord, value: int | Fraction) -> Contender:
        last = self.last_hand
        played = record.hand_scores
        if played and max(played) > last:
            played = {h: s for h, s in played.items() if h <= last}
        sat_out = {}
        if record.sat_out_hands:
            sat_out = {
                h: s
                for h, s in sat_out_scores(
                    record,
                    rule=self.compensation,
                    fixed_score=self.fixed_score,
                    averages=self.averages,
                ).items()
                if h <= last
            }
        return Contender(
            key=record.entry,
            value=value,
            hand_scores=played,
            sat_out_scores=sat_out,
            hands_won=(
                record.hands_won
                if record.card
                else sum(1 for h in record.won_hands if h <= last)
            ),
            number=record.number,
        )

    def _units(self, rows: Sequence[Standing]) -> dict[int, list[Standing]]:
        """The rows ranked as one, by the key they are ranked under: each row
        alone, but partners level on total together."""
        units: dict[int, list[Standing]] = {}
        first_of: dict[tuple[int, int | Fraction], int] = {}
        for row in sorted(rows, key=lambda r: (r.number, r.entry)):
            pair = self.pairs.get(row.entry)
            if pair is None:
                units[row.entry] = [row]
                continue
            key = first_of.setdefault((pair, row.total), row.entry)
            units.setdefault(key, []).append(row)
        return units

    def apply(
        self, rows: Sequence[Standing], records: Iterable[EntryRecord]
    ) -> list[Standing]:
        """The standings reordered and re-ranked by the rules; totals untouched."""
        units = self._units(rows) if self.pairs else {r.entry: [r] for r in rows}
        by_entry = {r.entry: r for r in records}
        ranked: list[Standing] = []
        position = 1
        for _value, block, _position in _placed(
            [
                self.contender(by_entry[key], unit[0].total)
                for key, unit in units.items()
            ],
            order=self.order,
            last_hand=self.last_hand,
            draws=self.draws,
        ):
            members = [row for c in block.members for row in units[c.key]]
            # The rule that placed the block apart from others on its total.
            by = block.decided_by
            ranked += [placed(row, position, by) for row in members]
            position += len(members)
        return ranked
