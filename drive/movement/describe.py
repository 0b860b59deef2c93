"""Each format's rule in plain words (docs/design.md, Movements), for the organiser's
movement page and the workbook. Pure Python: the format and options as values."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from .partners import plays_round_robin
from .types import FIXED, FORMATS, PAIRED, PREDICTIONS, Format

# Each rule follows a format's name and a colon, so it starts in lower case.
_MOVES = {
    # Translators: follows a format's name and a colon, so it starts in lower
    # case ("Progressive, losers move: after each round...").
    (Format.PROGRESSIVE, False): gettext_lazy(
        "after each round the winners stay at their table and split (A stays "
        "North, B moves to West); the losing A moves up a table and the losing "
        "B down, arriving East and South, so everyone has a new partner every "
        "round"
    ),
    (Format.PROGRESSIVE, True): gettext_lazy(
        "after each round the losers stay at their table and split (A stays "
        "North, B moves to West); the winning A moves up a table and the "
        "winning B down, arriving East and South, so everyone has a new "
        "partner every round"
    ),
    (Format.SEMI_PARTNER, False): gettext_lazy(
        "after each round the winners stay together at their table (A North, "
        "B South); the losing A moves up a table and the losing B down, and the "
        "two arrivals partner each other (A East, B West)"
    ),
    (Format.SEMI_PARTNER, True): gettext_lazy(
        "after each round the losers stay together at their table (A North, "
        "B South); the winning A moves up a table and the winning B down, and "
        "the two arrivals partner each other (A East, B West)"
    ),
}
_FIXED = {
    # Translators: follows a format's name and a colon, so it starts in lower
    # case ("Stationary: group A never moves...").
    Format.STATIONARY: gettext_lazy(
        "group A never moves; group B follows a fixed route printed in advance, "
        "with no repeated partner while the number of tables allows"
    ),
    Format.PARTNERS: gettext_lazy(
        "partners play together all evening. With an even number of pairs and "
        "no more rounds than tables, North-South pairs stay at their table and "
        "East-West pairs move up one table each round, so no two pairs meet "
        "twice; otherwise the pairs play a round robin, meeting each other in "
        "turn as evenly as the rounds allow: North-South pairs move down one "
        "table and East-West pairs up one table each round and, with an odd "
        "number of pairs, every pair sits out in turn"
    ),
    Format.RUBBER: gettext_lazy(
        "partners play rubbers together all evening and move as in a "
        "partners drive at each bell"
    ),
    Format.INDIVIDUAL: gettext_lazy(
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


def _partners_rule(pairs: int, rounds: int, round_robin: bool | None = None) -> str:
    """The movement ``partners_schedule`` plays for this many pairs and rounds,
    or the one the drive's seated rounds played (``round_robin`` not None)."""
    if round_robin is None:
        round_robin = plays_round_robin(pairs=pairs, rounds=rounds)
    if not round_robin:
        if pairs == 2:
            return gettext(
                "partners play together all evening; the two pairs play each "
                "other at table 1 every round"
            )
        if rounds > pairs // 2:
            return gettext(
                "partners play together all evening; North-South pairs stay at "
                "their table and East-West pairs move up one table each round, "
                "so East-West pairs meet the same pairs again once they have "
                "been round every table"
            )
        return gettext(
            "partners play together all evening; North-South pairs stay at "
            "their table and East-West pairs move up one table each round, so "
            "no two pairs meet twice"
        )
    if pairs == 3:
        return gettext(
            "partners play together all evening, at one table: after each "
            "round the North-South pair sits out, the pair that sat out comes "
            "back East-West and the East-West pair sits North-South, so the "
            "pairs meet each other and sit out in turn"
        )
    if pairs % 2:
        return gettext(
            "partners play together all evening in a round robin: the pairs "
            "meet each other in turn, as evenly as the rounds allow, and sit "
            "out in turn. After each round North-South pairs move down one table and East-West pairs "
            "up one table; the North-South pair at table 1 sits out the next "
            "round and then comes back East-West at table 1; the East-West "
            "pair at the last table stays there and sits North-South"
        )
    return gettext(
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
    round_robin: bool | None = None,
) -> str:
    """How players move in this format, with its options, in a sentence or
    three. Tables wrap: up from the last table is table 1. Partners drives
    never use the three-handed table (a pair cannot be split), nor do
    prediction whist drives (tables of five seat those left over); given the
    number of ``pairs`` (two or more) and the evening's ``rounds``, their rule
    is the one movement those play, else both movements with when each
    applies. ``round_robin`` (from the drive's seated rounds:
    ``partners.played_mitchell``) says which one a drive played, when known."""
    fmt = Format(format)
    name = FORMATS[fmt].name
    if fmt not in FIXED:
        values = {"name": name, "rule": _MOVES[(fmt, winners_move)]}
        if winners_move:
            # Translators: a format's name, then how players move in it.
            text = gettext("%(name)s, winners move: %(rule)s.") % values
        else:
            # Translators: a format's name, then how players move in it.
            text = gettext("%(name)s, losers move: %(rule)s.") % values
    else:
        rule = (
            _partners_rule(pairs, rounds, round_robin)
            if fmt in PAIRED and pairs >= 2 and rounds >= 1
            else _FIXED[fmt]
        )
        # Translators: a format's name, then how players move in it.
        text = gettext("%(name)s: %(rule)s.") % {"name": name, "rule": rule}
    # Each sentence below is whole: it follows the rule after a space.
    sentences = [text]
    if fmt is Format.INDIVIDUAL or fmt in PREDICTIONS:
        sentences.append(gettext("Sit-outs rotate fairly."))
    elif fmt not in PAIRED:
        sentences.append(gettext("Sit-outs rotate fairly within each group."))
    if three_handed and fmt not in PAIRED and fmt not in PREDICTIONS:
        sentences.append(
            gettext(
                "When exactly three are left over they play a three-handed table "
                "with a dummy hand."
            )
        )
    return " ".join(sentences)


# What the organiser calls at the bell, when a round ends: who moves where, in
# the drive's own group names (%(a)s is group A's, %(b)s group B's). The names
# stand alone after a colon or a comma, so no language has to agree with them.
_BELL_MOVES = {
    # Translators: called out at the bell and shown on the projector; %(a)s and
    # %(b)s are the drive's group names ("Ladies", "Gents"), as a list.
    (Format.PROGRESSIVE, False): gettext_lazy(
        "Losers move: %(a)s up one table, %(b)s down one table. Winners stay: "
        "%(a)s North, %(b)s to West."
    ),
    (Format.PROGRESSIVE, True): gettext_lazy(
        "Winners move: %(a)s up one table, %(b)s down one table. Losers stay: "
        "%(a)s North, %(b)s to West."
    ),
    (Format.SEMI_PARTNER, False): gettext_lazy(
        "Losers move: %(a)s up one table, %(b)s down one table. Winners stay together."
    ),
    (Format.SEMI_PARTNER, True): gettext_lazy(
        "Winners move: %(a)s up one table, %(b)s down one table. Losers stay together."
    ),
}
_BELL_FIXED = {
    # Translators: called out at the bell; %(a)s and %(b)s are the drive's
    # group names ("Ladies", "Gents").
    Format.STATIONARY: gettext_lazy(
        "%(a)s stay at your table. %(b)s move to the next table on your card."
    ),
    Format.INDIVIDUAL: gettext_lazy(
        "Everyone moves: go to the table on your score card."
    ),
    Format.PREDICTION: gettext_lazy(
        "Everyone moves: go to your table for the next game."
    ),
}


def bell_call(
    format: Format | str,
    *,
    winners_move: bool = False,
    group_a: str,
    group_b: str,
    pairs: int = 0,
    rounds: int = 0,
    round_robin: bool | None = None,
) -> str:
    """The call at the bell in the active language, in a sentence or two:
    "Losers move: Ladies up one table, Gents down one table. ...". Pairs
    move by the movement their drive plays (as ``format_rule``)."""
    fmt = Format(format)
    names = {"a": group_a, "b": group_b}
    if (fmt, winners_move) in _BELL_MOVES:
        return str(_BELL_MOVES[(fmt, winners_move)]) % names
    if fmt in _BELL_FIXED:
        return str(_BELL_FIXED[fmt]) % names
    # Partners and rubber: pairs, never groups.
    if round_robin is None and pairs >= 2 and rounds >= 1:
        round_robin = plays_round_robin(pairs=pairs, rounds=rounds)
    if round_robin:
        return gettext(
            "North-South pairs move down one table, East-West pairs up one "
            "table, as your card shows."
        )
    return gettext("North-South pairs stay. East-West pairs move up one table.")


def bell_start(format: Format | str, *, round_number: int) -> str:
    """The words on the projector when a round starts, with the bell."""
    if Format(format) in PREDICTIONS:
        return gettext("Game %(round)d: play.") % {"round": round_number}
    return gettext("Round %(round)d: play.") % {"round": round_number}
