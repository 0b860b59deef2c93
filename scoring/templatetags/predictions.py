"""Prediction whist results in words, for the room and the boards.

The words come from scoring.services.deal_summary (scoring.prediction_rules.deal_words);
a template only shows them.
"""

from __future__ import annotations

from typing import Any

from django import template

from scoring import services

register = template.Library()


@register.filter
def deal_summary(result: Any) -> str:
    """A result as messages quote it: "predictions 2, 2, Wist, 4; tricks 3, 2,
    0, 8" for a prediction whist deal, "N-S 9, E-W 4" for another; "" for none."""
    if result is None:
        return ""
    return services.deal_summary(result)


@register.filter
def counted(points: int) -> int:
    """The number a score's plural form is chosen by: its size, so that a
    negative score reads as the languages write it ("-17 punktów", not
    "-17 punkty": gettext would take the form of -17 % 10)."""
    return abs(points)
