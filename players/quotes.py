"""Quotation marks inside quotation marks.

Russian (and Polish, Romanian, Italian) quote a name in «…»; a name that
holds a quotation of its own, such as a club called Клуб виста «Северная
Пальмира», then reads «Клуб виста «Северная Пальмира»», where the rule wants
the inner pair as „…“: «Клуб виста „Северная Пальмира“». Polish and Romanian
quote in „…” instead, and there the inner pair is «…»: the demo's own club,
Klub Wista „Trefl” w Krakowie, in „%(club)s” read „Klub Wista „Trefl” w
Krakowie”, where the rule wants „Klub Wista «Trefl» w Krakowie”. The
catalogues quote the name (msgstr "… «%(club)s» …", "… „%(club)s” …") and
cannot know what it holds, so the finished sentence is put right here: every
«…» pair inside another «…» becomes „…“, and every „…” pair inside another
„…” becomes «…».
Plain text in, plain text out (escaping is the template's).
"""

from __future__ import annotations

OPEN, CLOSE = "«", "»"
INNER_OPEN, INNER_CLOSE = "„", "“"
# Polish and Romanian quotes, and the pair they take inside.
LOW_OPEN, LOW_CLOSE = "„", "”"
# A closing mark and the opening one it closes („…“ is the Russian inner pair).
CLOSING = {CLOSE: OPEN, LOW_CLOSE: LOW_OPEN, INNER_CLOSE: INNER_OPEN}
# What each pair becomes inside another of its own kind.
INSIDE = {OPEN: (INNER_OPEN, INNER_CLOSE), LOW_OPEN: (OPEN, CLOSE)}


def nest_quotes(text: str) -> str:
    """`text` with each «…» inside another «…» written „…“, and each „…”
    inside another „…” written «…». An unmatched mark is left as it is."""
    if text.count(OPEN) < 2 and text.count(LOW_OPEN) < 2:
        return text
    # Which marks pair with which: a stack of the open marks' positions.
    pairs: dict[int, int] = {}
    parent: dict[int, int | None] = {}
    stack: list[int] = []
    for index, char in enumerate(text):
        if char in INSIDE:
            parent[index] = stack[-1] if stack else None
            stack.append(index)
        elif char in CLOSING:
            # The nearest open mark of its kind; those left open above it
            # are unmatched.
            for depth in range(len(stack) - 1, -1, -1):
                if text[stack[depth]] == CLOSING[char]:
                    pairs[stack[depth]] = index
                    del stack[depth:]
                    break
    chars = list(text)
    # Outer pairs first: a pair's kind is the one its parent was written in.
    for start in sorted(pairs):
        above = parent[start]
        if above is not None and above in pairs and chars[above] == chars[start]:
            chars[start], chars[pairs[start]] = INSIDE[chars[start]]
    return "".join(chars)
