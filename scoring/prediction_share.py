"""A fair ranking for prediction whist drives that mix tables of four and five.

The book's points (scoring.prediction_rules) stay on every card and slip. But a table of
five does not score like a table of four: ten cards each instead of thirteen,
a Wist made is worth 20 instead of 25, and fewer tricks go round, so over an
evening where a player sat decides part of their total. A drive may therefore
rank by *share* instead of by points (Drive.prediction_ranking, fixed when play
starts):

- *Game share*: a player's result in one game against the others at the
  table, matchpoint style: 1 for each other player they outscored over the
  game, 1/2 for each they tied, 0 for each who beat them, divided by the
  number of others (3 at a table of four, 4 at a table of five). So 1 is top
  of the table, 0 bottom, and equal players average 1/2 at either size.
- *Average share*: the mean of an entry's game shares over the games it
  played (a game still in play counts with the deals in so far). The share
  ranking orders the entries by it, highest first; games sat out are not
  averaged, so they need no compensation, and points adjustments do not
  enter it.

tests/scoring/test_prediction_share.py shows with a seeded simulation over this
project's own deal scoring that, for equal players, the chance of finishing
in the top three depends on the games played at tables of five under the
points and not under the share.

Pure Python on plain values (Django only to write a number in the page's
language).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

from django.utils.formats import number_format


def table_shares(points: Sequence[int]) -> tuple[Fraction, ...]:
    """Each seat's share of one game at one table, from the seats' points."""
    others = len(points) - 1
    if others < 1:
        return tuple(Fraction(1, 2) for _ in points)
    return tuple(
        sum(
            (
                Fraction(1) if mine > theirs else Fraction(1, 2)
                for j, theirs in enumerate(points)
                if j != i and mine >= theirs
            ),
            Fraction(0),
        )
        / others
        for i, mine in enumerate(points)
    )


def entry_shares(
    games: Iterable[tuple[Sequence[int], Sequence[int]]],
) -> dict[int, list[Fraction]]:
    """Each entry's game shares, from (entries in seat order, their points in
    the game) for every game played at every table."""
    shares: dict[int, list[Fraction]] = defaultdict(list)
    for entries, points in games:
        for entry, share in zip(entries, table_shares(points), strict=True):
            shares[entry].append(share)
    return dict(shares)


def average_share(shares: Sequence[Fraction]) -> Fraction | None:
    """The mean of the game shares (None: no game played)."""
    if not shares:
        return None
    return sum(shares, Fraction(0)) / len(shares)


def share_percent(share: Fraction) -> Decimal:
    """An average share as a percentage, to one decimal (halves up): 62.5."""
    tenths = math.floor(share * 1000 + Fraction(1, 2))
    return Decimal(tenths) / 10


def share_text(share: Fraction | None, *, localised: bool = False) -> str:
    """An average share as a percentage with one decimal ("62.5%"); "–" for
    none. `localised`: in the active language's number format ("62,5%")."""
    if share is None:
        return "–"
    if localised:
        return number_format(share_percent(share), 1) + "%"
    return f"{share_percent(share):.1f}%"
