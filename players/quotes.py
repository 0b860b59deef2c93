"""Quotation marks inside quotation marks.

Russian (and Polish, Romanian, Italian) quote a name in «…»; a name that
holds a quotation of its own, such as a club called Клуб виста «Северная
Пальмира», then reads «Клуб виста «Северная Пальмира»», where the rule wants
the inner pair as „…“: «Клуб виста „Северная Пальмира“». The catalogues quote
the name (msgstr "… «%(club)s» …") and cannot know what it holds, so the
finished sentence is put right here: every «…» pair inside another becomes „…“.
Plain text in, plain text out (escaping is the template's).
"""

from __future__ import annotations

OPEN, CLOSE = "«", "»"
INNER_OPEN, INNER_CLOSE = "„", "“"


def nest_quotes(text: str) -> str:
    """`text` with each «…» inside another «…» written „…“. An unmatched
    mark is left as it is."""
    if text.count(OPEN) < 2:
        return text
    # Which marks pair with which: a stack of the open marks' positions.
    pairs: dict[int, int] = {}
    depth_of: dict[int, int] = {}
    stack: list[int] = []
    for index, char in enumerate(text):
        if char == OPEN:
            depth_of[index] = len(stack)
            stack.append(index)
        elif char == CLOSE and stack:
            pairs[stack.pop()] = index
    chars = list(text)
    for start, end in pairs.items():
        if depth_of[start] % 2 == 1:
            chars[start], chars[end] = INNER_OPEN, INNER_CLOSE
    return "".join(chars)
