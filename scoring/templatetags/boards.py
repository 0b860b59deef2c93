"""The rows of a standings table, written in one pass.

A leaderboard of a few hundred players is thousands of cells; through the
template language each cell costs a variable lookup and a localised number
format, which made the rows most of the page's time. This tag writes the same
markup in Python: text (names, group labels) through ``escape``, and numbers
through ``{:d}``, which accepts only integers, so nothing unescaped can reach
the page. Numbers are written plainly, as the template wrote them.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from scoring.standings import Standing

register = template.Library()

_START = '<tr><td class="num">{:d}</td><td class="num">{:d}</td><td>{}</td>'
_GROUP = '<td class="wide">{}</td>'
_END = (
    '<td class="num wide">{:d}</td><td class="num wide">{:d}</td>'
    '<td class="num wide">{:d}</td><td class="num wide">{:d}</td>'
    '<td class="num total">{:d}</td></tr>'
)


@register.simple_tag
def standing_rows(
    rows: Sequence[Standing], group_labels: dict[str, str] | None = None
) -> SafeString:
    """Table rows: rank, number, name, [group,] played, sat out, score, adj., total.

    With ``group_labels`` (the drive's names for groups "A" and "B") a group
    column is written after the name.
    """
    if not rows:
        columns = 9 if group_labels else 8
        return format_html('<tr><td colspan="{}">No entries.</td></tr>', columns)
    labels = {}
    if group_labels:
        labels = {
            "A": _GROUP.format(escape(group_labels["A"])),
            "B": _GROUP.format(escape(group_labels["B"])),
        }
    lines = []
    for s in rows:
        group = (labels["A"] if s.group == "A" else labels["B"]) if labels else ""
        lines.append(
            _START.format(s.rank, s.number, escape(s.name))
            + group
            + _END.format(s.played, s.sat_out, s.score, s.adjustment, s.total)
        )
    return mark_safe("\n".join(lines))  # noqa: S308 - every text escaped above
