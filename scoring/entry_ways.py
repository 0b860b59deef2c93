"""How a table's results came in, for the room on an evening of paper and
phones: *by phone* (the table's captain link), *on paper* (the travel slip,
typed at the desk on the organiser's pages), *phone and paper* (a round of
several hands, some of each), or *not yet*. Each result keeps where it came
from (HandResult.source: a captain link's is "table 2 captain link ab12cd",
players.audit_words.CAPTAIN_SOURCE); whatever else sent it, the desk did.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import pgettext_lazy

from players.audit_words import CAPTAIN_SOURCE


class Way:
    PHONE = "phone"
    PAPER = "paper"
    BOTH = "both"
    NOT_YET = "not-yet"


LABELS = {
    # Translators: the room's label on a table whose results came from its phone.
    Way.PHONE: pgettext_lazy("how a table's results came in", "by phone"),
    # Translators: the room's label on a table whose results the desk typed
    # from the paper travel slip.
    Way.PAPER: pgettext_lazy("how a table's results came in", "on paper"),
    Way.BOTH: pgettext_lazy("how a table's results came in", "phone and paper"),
    # Translators: the room's label on a table with no result yet: say that no
    # result has come (not a bare "not yet").
    Way.NOT_YET: pgettext_lazy("how a table's results came in", "no result yet"),
}


def result_way(source: str) -> str:
    """A result's way in: by phone from a captain link, else on paper."""
    return Way.PHONE if CAPTAIN_SOURCE.match(source or "") else Way.PAPER


def table_way(sources: Iterable[str]) -> str:
    """The way in of a table's standing results (their sources)."""
    ways = {result_way(source) for source in sources}
    if not ways:
        return Way.NOT_YET
    if len(ways) > 1:
        return Way.BOTH
    return ways.pop()
