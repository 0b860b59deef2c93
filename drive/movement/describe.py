"""Each format's rule in plain words (DESIGN.md, Movements), for the organiser's
movement page and the workbook. Pure Python: the format and options as values."""

from __future__ import annotations

from .types import Format

_MOVES = {
    (Format.PROGRESSIVE, False): (
        "after each round the winners stay at their table and split (A stays "
        "North, B moves to West); the losing A moves up a table and the losing "
        "B down, arriving East and South, so everyone has a new partner every "
        "round"
    ),
    (Format.PROGRESSIVE, True): (
        "after each round the losers stay at their table and split (A stays "
        "North, B moves to West); the winning A moves up a table and the "
        "winning B down, arriving East and South, so everyone has a new "
        "partner every round"
    ),
    (Format.SEMI_PARTNER, False): (
        "after each round the winners stay together at their table (A North, "
        "B South); the losing A moves up a table and the losing B down, and the "
        "two arrivals partner each other (A East, B West)"
    ),
    (Format.SEMI_PARTNER, True): (
        "after each round the losers stay together at their table (A North, "
        "B South); the winning A moves up a table and the winning B down, and "
        "the two arrivals partner each other (A East, B West)"
    ),
}
_FIXED = {
    Format.STATIONARY: (
        "group A never moves; group B follows a fixed route printed in advance, "
        "with no repeated partner while the number of tables allows"
    ),
    Format.PARTNERS: (
        "North-South pairs stay at their table, East-West pairs "
        "move up one table each round; with an odd number of pairs the "
        "East-West pair that reaches the extra place sits out, so the bye goes "
        "round the East-West pairs"
    ),
    Format.INDIVIDUAL: (
        "a schedule made before play for every player; the ideal (a whist "
        "tournament) is that nobody partners anyone twice and nobody opposes "
        "anyone more than twice"
    ),
}
_NAMES = {
    Format.PROGRESSIVE: "Progressive",
    Format.SEMI_PARTNER: "Semi-partner",
    Format.STATIONARY: "Stationary",
    Format.PARTNERS: "Partners (fixed pairs)",
    Format.INDIVIDUAL: "Individual",
}


def format_rule(
    format: Format | str, *, winners_move: bool = False, three_handed: bool = False
) -> str:
    """How players move in this format, with its options, in a sentence or
    three. Tables wrap: up from the last table is table 1. Partners drives
    never use the three-handed table (a pair cannot be split)."""
    fmt = Format(format)
    if fmt in (Format.PROGRESSIVE, Format.SEMI_PARTNER):
        side = "winners move" if winners_move else "losers move"
        text = f"{_NAMES[fmt]}, {side}: {_MOVES[(fmt, winners_move)]}."
    else:
        text = f"{_NAMES[fmt]}: {_FIXED[fmt]}."
    if fmt is Format.INDIVIDUAL:
        text += " Sit-outs rotate fairly."
    elif fmt is not Format.PARTNERS:
        text += " Sit-outs rotate fairly within each group."
    if three_handed and fmt is not Format.PARTNERS:
        text += (
            " When exactly three are left over they play a three-handed table "
            "with a dummy hand."
        )
    return text
