"""A score in a template, with the true minus sign (players.score_text):
`{{ total|score }}` writes "−5", `{{ points|signed }}` writes "+3" or "−2"."""

from __future__ import annotations

from django import template

from players.score_text import score_text, signed_text

register = template.Library()


@register.filter
def score(value: object) -> str:
    return score_text(value)


@register.filter
def signed(value: object) -> str:
    return signed_text(value)
