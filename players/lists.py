"""A list of things in running text, written one way everywhere: "A, B and C".

The reader's own language joins the last two with its "and" ("A, B e C" in
Italian, "A, B i C" in Polish); the others are separated by commas. Every
sentence that names several things (the results a disagreement was between,
the players sitting out on the projector) joins them here, so a club reads
one way of writing a list. The lowest layer, and plain Python but for the
translation function.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext


def and_list(items: Iterable[object]) -> str:
    """ "A", "A and B", "A, B and C" in the reader's language; none is ""."""
    texts = [str(item) for item in items]
    if len(texts) < 2:
        return "".join(texts)
    # Translators: a list's last two items ("“N-S 8, E-W 5” and “N-S 6, E-W 7”",
    # "9 Anna Nowak, 12 Jan Wróbel and 14 Ewa Lis"); items is all but the
    # last, separated by commas.
    return gettext("%(items)s and %(last)s") % {
        "items": ", ".join(texts[:-1]),
        "last": texts[-1],
    }
