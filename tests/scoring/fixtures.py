"""Helpers several of the scoring tests share."""

from __future__ import annotations

import re

# The span that keeps a side's label on one line, and the one that holds it
# with its number (scoring.templatetags.deals.sides).
SIDE_SPAN = re.compile(r'<span class="side">([^<]*)</span>')
HELD_SPAN = re.compile(r'<span class="side-held">([^<]*)</span>')


def as_read(html: str) -> str:
    """A page's HTML with each side's label as a reader sees it: the spans that
    keep the label whole and hold it with its number taken away ("Keep <span
    ...><span ...>N-S</span> 9</span>" reads "Keep N-S 9";
    tests/scoring/test_sides.py tests the spans themselves)."""
    return HELD_SPAN.sub(r"\1", SIDE_SPAN.sub(r"\1", html))
