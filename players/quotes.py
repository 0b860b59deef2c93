"""Quotation marks inside quotation marks, each language's way.

A sentence quotes a club's name in the language's own marks, and a name may
hold a quotation of its own. Each language has an outer pair and the pair it
takes inside:

- Russian «…», inside „…“: Клуб виста «Северная Пальмира» in «%(club)s»
  reads «Клуб виста „Северная Пальмира“», not «Клуб виста «Северная
  Пальмира»».
- Polish and Romanian „…”, inside «…»: the demo's own club, Klub Wista
  „Trefl” w Krakowie, in „%(club)s” reads „Klub Wista «Trefl» w Krakowie”.
- Italian «…», inside “…” (not Russian „…“): «Circolo “Fiori” di Roma».
- English “…”, inside ‘…’: “The ‘Ace’ Club”.

The catalogues quote the name (msgstr "… «%(club)s» …", "… „%(club)s” …")
and cannot know what it holds, so the finished sentence is put right here:
every outer pair inside another outer pair is written as the inner pair, and
an inner pair inside another inner pair as the outer one. Only the marks of
the sentence's own language count: a Polish name's „…” inside a Russian
«…» is left as it is.
Plain text in, plain text out (escaping is the template's).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import translation


@dataclass(frozen=True)
class Quotes:
    """A language's quotation marks: its outer pair and the pair inside it."""

    outer: tuple[str, str]
    inner: tuple[str, str]

    def other(self, opening: str) -> tuple[str, str]:
        """The pair a pair opened by `opening` becomes inside its own kind."""
        return self.inner if opening == self.outer[0] else self.outer


# By the language's first subtag ("en-gb" is "en").
QUOTES = {
    "en": Quotes(outer=("“", "”"), inner=("‘", "’")),
    "pl": Quotes(outer=("„", "”"), inner=("«", "»")),
    "ro": Quotes(outer=("„", "”"), inner=("«", "»")),
    "ru": Quotes(outer=("«", "»"), inner=("„", "“")),
    "it": Quotes(outer=("«", "»"), inner=("“", "”")),
}


def quotes_of(language: str | None) -> Quotes | None:
    """The marks of `language` (None: the active one); None if unknown."""
    code = language or translation.get_language() or "en"
    return QUOTES.get(code.split("-")[0].casefold())


def nest_quotes(text: str, language: str | None = None) -> str:
    """`text`, a sentence in `language` (None: the active language), with each
    pair of its quotation marks inside another of its kind written the other
    way (Russian «…«…»…» as «…„…“…»). An unmatched mark, and marks that are
    not the language's, are left as they are."""
    quotes = quotes_of(language)
    if quotes is None:
        return text
    # No mark both opens and closes within one language.
    opening = {quotes.outer[0], quotes.inner[0]}
    # A closing mark and the opening one it closes.
    closing = {quotes.outer[1]: quotes.outer[0], quotes.inner[1]: quotes.inner[0]}
    if sum(text.count(mark) for mark in opening) < 2:
        return text
    # Which marks pair with which: a stack of the open marks' positions.
    pairs: dict[int, int] = {}
    parent: dict[int, int | None] = {}
    stack: list[int] = []
    for index, char in enumerate(text):
        if char in opening:
            parent[index] = stack[-1] if stack else None
            stack.append(index)
        elif char in closing:
            # The nearest open mark of its kind; those left open above it
            # are unmatched. (An English apostrophe, ’ with no ‘ open, closes
            # nothing.)
            for depth in range(len(stack) - 1, -1, -1):
                if text[stack[depth]] == closing[char]:
                    pairs[stack[depth]] = index
                    del stack[depth:]
                    break
    chars = list(text)
    # Outer pairs first: a pair's kind is the one its parent was written in.
    for start in sorted(pairs):
        above = parent[start]
        if above is not None and above in pairs and chars[above] == chars[start]:
            chars[start], chars[pairs[start]] = quotes.other(chars[start])
    return "".join(chars)
