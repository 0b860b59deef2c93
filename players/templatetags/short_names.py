"""{{ name|shortened }}: a long name cut at a word to fit a browser's tab
(the captain's page names its club there), ending in "…"; a short name as it
is."""

from __future__ import annotations

from django import template

register = template.Library()

TAB_LENGTH = 24


@register.filter
def shortened(name: str, length: int = TAB_LENGTH) -> str:
    name = " ".join(str(name).split())
    if len(name) <= length:
        return name
    cut = name[:length]
    # At the last space that leaves a word or more; a single long word is cut.
    # A cut just after a space already ends at a word (keep that word).
    if name[length] != " " and not cut.endswith(" ") and " " in cut.strip():
        cut = cut[: cut.rfind(" ")]
    return cut.rstrip(" ,.;:-–·") + "…"
