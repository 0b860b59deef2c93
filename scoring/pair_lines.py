"""Fixed pairs read as pairs: one line of the boards, one competitor of the prizes.

In a drive of fixed pairs (Drive.plays_in_pairs) partners play every hand
together and score alike, so a club reads its boards, like its prizes, by
pairs. `together` is the one rule of who makes one line: the entries of one
pair number (scoring.selectors.pair_numbers), in number order; an entry of no
pair, or the only one left of its pair, stands alone. The prizes make their
competitors by it (prizes.competitors.pairs_of), the boards their lines
(`pair_lines`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

from scoring.standings import Standing, assign_ranks, round_half_up
from scoring.tiebreaks import placed_apart

T = TypeVar("T")


def together(
    items: Iterable[T],
    pair_of: Mapping[int, int],
    *,
    key: Callable[[T], int],
    number: Callable[[T], int],
) -> list[list[T]]:
    """`items` (entries by `key`, numbered by `number`) as they go together:
    each pair's (`pair_of`: entry key -> pair number) in one list, in number
    order; an item of no pair in a list of its own. The lists in the order of
    their first item's number."""
    alone: list[list[T]] = []
    pairs: dict[int, list[T]] = {}
    for item in items:
        pair = pair_of.get(key(item))
        if pair is None:
            alone.append([item])
        else:
            pairs.setdefault(pair, []).append(item)
    found = alone + [
        sorted(members, key=lambda i: (number(i), key(i))) for members in pairs.values()
    ]
    return sorted(found, key=lambda group: (number(group[0]), key(group[0])))


def pair_value(values: Sequence[int]) -> int:
    """The partners' figure: theirs when they agree (they always do, but for an
    adjustment given to one of them), else their mean, halves up."""
    if len(set(values)) == 1:
        return values[0]
    return round_half_up(Fraction(sum(values), len(values)))


def pair_lines(
    rows: Sequence[Standing],
    pair_of: Mapping[int, int],
    *,
    join: Callable[[Sequence[str]], str],
) -> list[Standing]:
    """A board's ranked `rows` with one line for each pair in place of its
    partners': their names joined by `join`, their numbers, the pair's
    figures (`pair_value`); ranked among the lines as the board ranked the
    partners, level lines sharing a place (1, 2, 2, 4).

    The partners of a pair share a rank on the board (scoring.tiebreaks ranks
    them as one), so a line takes its partners' rank for its order among lines
    of its total: the tie-breaks' order where they placed equal totals apart.
    """
    if not pair_of:
        return list(rows)
    lines = []
    for members in together(
        rows, pair_of, key=lambda r: r.entry, number=lambda r: r.number
    ):
        if len(members) == 1:
            lines.append(members[0])
            continue
        first = members[0]
        fullest = max(members, key=lambda r: (r.played + r.sat_out, -r.number))
        total = pair_value([r.total for r in members])
        score = pair_value([r.score for r in members])
        compensation = pair_value([r.compensation for r in members])
        left = [r.withdrawn_from for r in members if r.withdrawn_from is not None]
        groups = {r.group for r in members}
        # Partners level on total are ranked as one, by one rule.
        rules = {r.placed_by for r in members}
        lines.append(
            Standing(
                rank=min(r.rank for r in members),
                entry=first.entry,
                number=first.number,
                name=join([r.name for r in members]),
                group=first.group if len(groups) == 1 else "",
                played=fullest.played,
                sat_out=fullest.sat_out,
                score=score,
                compensation=compensation,
                # What makes the line's total the pair's.
                adjustments=total - score - compensation,
                withdrawn_from=min(left) if left else None,
                members=tuple(r.entry for r in members),
                numbers=tuple(r.number for r in members),
                placed_by=rules.pop() if len(rules) == 1 else None,
            )
        )
    if placed_apart(rows):
        # The tie-breaks placed equal totals apart: their order stands.
        lines.sort(key=lambda r: (-r.total, r.rank, r.number))
        return assign_ranks(lines, key=lambda r: (r.total, r.rank))
    lines.sort(key=lambda r: (-r.total, r.number))
    return assign_ranks(lines, key=lambda r: r.total)
