"""{% filter held_numbers %}…{% endfilter %}: a sentence on a page with each
number held to the word before it (players.no_break), so a narrow phone
never starts a line with "2," under "сдача"."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeData, mark_safe

from players.no_break import held_numbers as _held_numbers

register = template.Library()


@register.filter(is_safe=True)
def held_numbers(value: object) -> str:
    # Only spaces change, so what was safe stays safe.
    held = _held_numbers(str(value))
    return mark_safe(held) if isinstance(value, SafeData) else held
