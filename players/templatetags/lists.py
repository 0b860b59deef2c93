"""{{ players|numbered_list }}: people by entry number and name, written as
the reader's language writes a list (players.lists.and_list): "9 Rossi,
12 Bianchi e 14 Verdi", "9 Попов, 12 Орлов и 14 Зуева", each number in its
<span class="no"> as the rest of the page sets it, kept on the line of the
name after it (a no-break space). In running text the number takes no more
room than its figures (.names-list .no, static/css/site.css)."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from players.lists import and_list

register = template.Library()


@register.filter
def numbered_list(people: Iterable[object]) -> SafeString:
    """Anything with a `number` and a `name` (an entry, a sit-out)."""
    items = [
        format_html('<span class="no">{}</span>\u00a0{}', p.number, p.name)
        for p in people
    ]
    # The items are escaped; the language's "and" is the catalogue's own text.
    return mark_safe(and_list(items))  # noqa: S308
