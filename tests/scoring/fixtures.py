"""Helpers several of the scoring tests share."""

from __future__ import annotations

import re

# The span that keeps a side's label on one line (scoring.templatetags.deals.sides).
SIDE_SPAN = re.compile(r'<span class="side">([^<]*)</span>')


def as_read(html: str) -> str:
    """A page's HTML with each side's label as a reader sees it: the span that
    keeps the label whole taken away ("Keep <span ...>N-S</span> 9" reads
    "Keep N-S 9"; tests/scoring/test_sides.py tests the span itself)."""
    return SIDE_SPAN.sub(r"\1", html)
