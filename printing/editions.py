"""Editions of the printed sheets: the usual one, and large print.

An *edition* is how big a sheet is set. Large print is for players who find
the usual cards hard to read: no string smaller than 16 pt, heavier rules,
and one card to a page (a card with more rows than a page holds carries on
to the next page, as any card does). A string that does not fit its cell at
16 pt wraps onto more lines, or its column is given more of the width; it is
never set smaller.

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
