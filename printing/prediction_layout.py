"""The columns of a prediction whist drive's score sheets and travel slips
(printing.prediction_pdf), as shares of a sheet's width: the player's
columns, the 8 deals and the columns after them, in the usual edition and in
large print."""

from __future__ import annotations

from dataclasses import dataclass

from printing.editions import current


@dataclass(frozen=True)
class Layout:
    """The columns of a sheet, as shares of the width: the player's columns,
    the 8 deals, and the columns after them."""

    seat: float
    number: float
    name: float
    deal: float
    after: tuple[tuple[str, float], ...]


GRID_LAYOUT = Layout(
    seat=0.05,
    number=0.06,
    name=0.19,
    deal=0.0725,
    after=(("game", 0.06), ("evening", 0.06)),
)
# A slip's name column as wide as its initials' (two or three letters
# written by hand need no more): room for a long name at a readable size.
SLIP_LAYOUT = Layout(
    seat=0.04,
    number=0.05,
    name=0.14,
    deal=0.08,
    after=(("points", 0.06), ("initials", 0.07)),
)


# Large print, a page turned sideways: the deals wider, and in each the
# prediction's part wider than the tricks' ("Wist" against "10").
LARGE_SLIP_LAYOUT = Layout(
    seat=0.04,
    number=0.045,
    name=0.11,
    deal=0.085,
    after=(("points", 0.055), ("initials", 0.07)),
)
LARGE_PREDICTION_PART = 0.64


def slip_layout() -> Layout:
    return LARGE_SLIP_LAYOUT if current().is_large else SLIP_LAYOUT


def deal_parts() -> tuple[float, float, float]:
    """Where a slip's deal cell divides (a share of it), and the middles of
    its prediction's and its tricks' parts."""
    cut = LARGE_PREDICTION_PART if current().is_large else 0.5
    return cut, cut / 2, (1 + cut) / 2
