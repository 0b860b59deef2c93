"""Editions of the printed sheets: the usual one, and large print.

An *edition* is how big a sheet is set. Large print is for players who find
the usual cards hard to read: no string smaller than 16 pt, heavier rules,
and one card to a page (a card with more rows than a page holds carries on
to the next page, as any card does). A string that does not fit its cell at
16 pt wraps onto more lines, or its column is given more of the width; it is
never set smaller, but for one exception: a grid's column heading whose
longest word does not fit even after every column is narrowed to its own
longest word is set smaller, never below 14 pt (LARGE_HEADING), or turned
sideways, rather than broken inside the word (printing.grid_columns).

The edition being drawn is held while a run of sheets is drawn (`in_use`),
so the many small drawing functions ask `current()` rather than each passing
it down.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from reportlab.lib.units import mm

# Large print: the smallest type of body text (points).
LARGE_TYPE = 16.0
# Large print: the smallest a column's heading is ever set (points), and only
# a heading whose longest word is wider than the page leaves its column even
# turned sideways (a long Polish or Italian word on Letter paper). One step
# of the type scale below the body (14, 16, 18): bold, in DejaVu Sans, whose
# small letters are 0.55 of its size, 14 pt has small letters as tall as
# 16 pt Times; and a heading is read once, over its column, while the numbers
# read all evening stay at 16 pt. A word cut in two reads as two words: the
# smaller size is the lesser harm.
LARGE_HEADING = 14.0


@dataclass(frozen=True)
class Edition:
    key: str
    # No string is set smaller than this (points); 0: the usual sizes.
    smallest: float
    # The usual sizes and spacing of a card's header, times this.
    scale: float
    light_rule: float
    heavy_rule: float
    # A grid's rows: never lower than min_row, never higher than max_row.
    min_row: float
    max_row: float
    # Cards to a page, whatever was asked (None: as asked).
    per_page: int | None
    # The smallest a grid's column heading is set where its longest word
    # would not fit its column (0: the usual sizes, printing.fitting).
    smallest_heading: float = 0.0

    @property
    def is_large(self) -> bool:
        return self.smallest > 0

    def size(self, points: float) -> float:
        """A size of the usual edition in this one: scaled, and never below
        the smallest."""
        return max(points * self.scale, self.smallest)

    def floor(self, points: float) -> float:
        """`points` raised to this edition's smallest size."""
        return max(points, self.smallest)


STANDARD = Edition(
    "standard",
    smallest=0.0,
    scale=1.0,
    light_rule=0.4,
    heavy_rule=1.2,
    min_row=3.4 * mm,
    max_row=7 * mm,
    per_page=None,
)
LARGE = Edition(
    "large",
    smallest=LARGE_TYPE,
    scale=1.8,
    light_rule=1.0,
    heavy_rule=2.4,
    min_row=LARGE_TYPE * 1.4,
    max_row=11 * mm,
    per_page=1,
    smallest_heading=LARGE_HEADING,
)
EDITIONS = {edition.key: edition for edition in (STANDARD, LARGE)}

_current: ContextVar[Edition] = ContextVar("edition", default=STANDARD)


def current() -> Edition:
    """The edition being drawn."""
    return _current.get()


@contextmanager
def in_use(edition: Edition) -> Iterator[Edition]:
    """Draw in `edition` until the block ends."""
    token = _current.set(edition)
    try:
        yield edition
    finally:
        _current.reset(token)
