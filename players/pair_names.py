"""A pair of players, written one way everywhere: "3 & 4", "Ann & Bob".

The two members of a pair (by entry number or by name) are joined by the
reader's own word: "3 & 4" in English, "3 и 4" in Russian, "3 i 4" in
Polish, "3 și 4" in Romanian, "3 e 4" in Italian. Every page, card, sheet,
slip and message that names a pair joins it here (templates through the
``pair`` tag, players.templatetags.pair_names), so a club reads one way of writing
its pairs. The lowest layer, and plain Python but for the translation
function, so the movement engine (drive.movement) can use it too.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import pgettext


def joined_pair(members: Iterable[object], *, unbroken: bool = False) -> str:
    """The members of a pair as one: "3 & 4", "Ann Smith & Bob Jones"; in
    Russian "3 и 4". One member stands alone; none is "".

    ``unbroken``: the joining word is held to both members by no-break
    spaces, so a narrow column never parts the pair ("13 и" over "10"), for
    a pair of entry numbers in a cell of several pairs (the movement's grid:
    "13 и 10 против 1 и 6" breaks only around "против"). Pairs by name are
    left breakable: "Anna Nowakowska & Bogdan" held as one would not fit."""
    texts = [str(member) for member in members]
    if not texts:
        return ""
    # Translators: the two members of a pair of players, by entry number
    # ("3 & 4") or by name ("Ann Smith & Bob Jones"): your language's own
    # "and" (Russian "3 и 4"), short, as it stands in narrow columns. The
    # context keeps it apart from any other "and".
    joiner = pgettext(
        "a pair of players, by entry number or name", "%(first)s & %(second)s"
    )
    if unbroken:
        joiner = joiner.replace(" ", "\N{NO-BREAK SPACE}")
    joined = texts[0]
    for text in texts[1:]:
        joined = joiner % {"first": joined, "second": text}
    return joined
