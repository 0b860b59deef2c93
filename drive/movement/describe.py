"""Each format's rule in plain words (DESIGN.md, Movements), for the organiser's
movement page and the workbook. Pure Python: the format and options as values."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from .partners import plays_round_robin
from .types import FIXED, FORMATS, PAIRED, PREDICTIONS, Format

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
        "partners play together all evening. With an even number of pairs and "
        "no more rounds than tables, North-South pairs stay at their table and "
        "East-West pairs move up one table each round, so no two pairs meet "
        "twice; otherwise the pairs play a round robin, meeting each other in "
        "turn as evenly as the rounds allow: North-South pairs move down one "
        "table and East-West pairs up one table each round and, with an odd "
        "number of pairs, every pair sits out in turn"
    ),
    Format.RUBBER: (
        "partners play rubbers together all evening and move as in a "
        "partners drive at each bell"
    ),
    Format.INDIVIDUAL: (
        "a schedule made before play for every player; the ideal (a whist "
        "tournament) is that nobody partners anyone twice and nobody opposes "
        "anyone more than twice"
    ),
    Format.PREDICTION: gettext_lazy(
        "everyone plays for themselves, at tables of four, and at tables of "
        "five so that nobody sits out whenever the head count allows. A round "
        "is a game of 8 deals; between games everyone moves, by a schedule "
        "made before play so that each meets as many different players as "
        "possible. The tables of five go round too, and nobody keeps seat 1 "
        "(the first dealer) game after game"
    ),
}


def _partners_rule(pairs: int, rounds: int) -> str:
    """The movement ``partners_schedule`` plays for this many pairs and rounds."""
    if not plays_round_robin(pairs=pairs, rounds=rounds):
        if pairs == 2:
            return (
                "partners play together all evening; the two pairs play each "
                "other at table 1 every round"
            )
        return (
            "partners play together all evening; North-South pairs stay at "
            "their table and East-West pairs move up one table each round, so "
            "no two pairs meet twice"
        )
    if pairs == 3:
        return (
            "partners play together all evening, at one table: after each "
            "round the North-South pair sits out, the pair that sat out comes "
            "back East-West and the East-West pair sits North-South, so the "
            "pairs meet each other and sit out in turn"
        )
    if pairs % 2:
        return (
            "partners play together all evening in a round robin: the pairs "
            "meet each other in turn, as evenly as the rounds allow, and sit "
            "out in turn. After each round North-South pairs move down one table and East-West pairs "
            "up one table; the North-South pair at table 1 sits out the next "
            "round and then comes back East-West at table 1; the East-West "
            "pair at the last table stays there and sits North-South"
        )
    return (
        "partners play together all evening in a round robin: the pairs meet "
        "each other in turn, as evenly as the rounds allow. The North-South pair at table 1 stays there "
        "all evening. After each round the other North-South pairs move down "
        "one table and East-West pairs up one table; the North-South pair from "
        "table 2 goes to table 1 and sits East-West there; the East-West pair "
        "at the last table stays there and sits North-South"
    )


def format_rule(
    format: Format | str,
    *,
    winners_move: bool = False,
    three_handed: bool = False,
    pairs: int = 0,
    rounds: int = 0,
) -> str:
    """How players move in this format, with its options, in a sentence or
    three. Tables wrap: up from the last table is table 1. Partners drives
    never use the three-handed table (a pair cannot be split), nor do
    prediction whist drives (tables of five seat those left over); given the
    number of ``pairs`` (two or more) and the evening's ``rounds``, their rule
    is the one movement those play, else both movements with when each
    applies."""
    fmt = Format(format)
    name = FORMATS[fmt].name
    if fmt not in FIXED:
        side = "winners move" if winners_move else "losers move"
        text = f"{name}, {side}: {_MOVES[(fmt, winners_move)]}."
    elif fmt in PAIRED and pairs >= 2 and rounds >= 1:
        text = f"{name}: {_partners_rule(pairs, rounds)}."
    else:
        text = f"{name}: {_FIXED[fmt]}."
    if fmt is Format.INDIVIDUAL or fmt in PREDICTIONS:
        text += " Sit-outs rotate fairly."
    elif fmt not in PAIRED:
        text += " Sit-outs rotate fairly within each group."
    if three_handed and fmt not in PAIRED and fmt not in PREDICTIONS:
        text += (
            " When exactly three are left over they play a three-handed table "
            "with a dummy hand."
        )
    return text
