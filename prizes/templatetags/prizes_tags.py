"""Template tags for prizes: the half-time banner the projector shows in the interval."""

from __future__ import annotations

from django import template

from drive.models import Drive, DriveState
from prizes import selectors as prize_selectors

register = template.Library()

BOARD_GROUPS = {"overall": None, "group-a": "A", "group-b": "B"}


@register.inclusion_tag("prizes/_half_time_banner.html")
def half_time_banner(drive: Drive, slug: str = "overall") -> dict[str, object]:
    """During the interval: the half-time leaders of the board on show."""
    if drive.state != DriveState.IN_PLAY or not prize_selectors.in_interval(
        drive=drive
    ):
        return {"show": False}
    half = prize_selectors.half_time(drive=drive)
    return {
        "show": True,
        "hand": half.hand,
        "leaders": half.leaders(BOARD_GROUPS.get(slug)),
    }
