"""The rows of a standings table, written in one pass.

A leaderboard of a few hundred players is thousands of cells; through the
template language each cell costs a variable lookup and a localised number
format, which made the rows most of the page's time. This tag writes the same
markup in Python: text (names, group labels) through ``escape``, and numbers
through ``{:d}``, which accepts only integers, so nothing unescaped can reach
the page. Numbers are written plainly, as the template wrote them.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction

from django import template
from django.template.loader import render_to_string
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from players.pair_names import joined_pair
from players.score_text import score_text
from scoring.prediction_share import share_text
from scoring.standings import Standing
from scoring.tie_words import tie_words
from scoring.tiebreaks import Rule, placed_apart

register = template.Library()

# One row: rank, number, name, [group,] played, sat out, score, adj., total.
# The rank is followed by the tie-break mark where the row has one (`marks`).
# The number is written by `_number` (an integer, or a pair's "3 & 4" escaped);
# the score, adjustment and total by players.score_text ("−5", the true minus).
_ROW = (
    '<tr><td class="num">{:d}{}</td><td class="num">{}</td><td class="name">{}</td>{}'
    '<td class="num wide">{:d}</td><td class="num wide">{:d}</td>'
    '<td class="num wide">{}</td><td class="num wide">{}</td>'
    '<td class="num total">{}</td></tr>'
)
_GROUP = '<td class="wide">{}</td>'


@register.simple_tag
def ties_note(
    boards: Sequence[tuple], order: Sequence[Rule] | None, game: str = ""
) -> str:
    """Under the boards, when the tie-breaks (`order`, once they apply) gave
    equal totals different places: by which rules, so that the two players
    on 16 placed 4th and 5th can see why, in the words of the drive's `game`
    (scoring.tie_words). Empty otherwise."""
    if not order or not boards or not placed_apart(boards[0][2]):
        return ""
    return tie_words(game).order_words(order)


@register.filter
def tie_rules(order: Sequence[Rule], game: str = "") -> str:
    """The tie-breaks in a sentence, in the words of the drive's `game`
    ("Ties: count-back from the last hand, then most hands won."; "... then
    most deals won." in prediction whist)."""
    return tie_words(game).order_words(order)


@register.filter
def share(value: Fraction | None) -> str:
    """An average share of the table as the boards show it: "62.5%" in the
    page's language's number format; "–" for none (scoring.prediction_share)."""
    return share_text(value, localised=True)


_SHARE = '<td class="num share">{}</td></tr>'


@register.filter
def row_number(row: Standing) -> str:
    """A board line's number as a page shows it: the entry's, or a pair's
    "3 & 4" (scoring.pair_lines)."""
    return joined_pair(row.shown_numbers)


def _number(row: Standing) -> str:
    """The number cell's text: the entry's number, or a pair's numbers as
    the reader's language joins them ("3 & 4", players.pair_names)."""
    if row.numbers:
        return f'<span class="pair-no">{html.escape(joined_pair(row.numbers))}</span>'
    return f"{row.number:d}"


@register.simple_tag
def standing_rows(
    rows: Sequence[Standing],
    group_labels: dict[str, str] | None = None,
    by_share: bool = False,
    own: int | None = None,
    slug: str = "",
    marks: bool = False,
) -> SafeString:
    """Table rows: rank, number, name, [group,] played, sat out, score, adj., total.

    With ``group_labels`` (the drive's names for groups "A" and "B") a group
    column is written after the name. Rows ranked by share (a prediction whist
    drive's setting, ``by_share``) end with the share they are ranked by.
    The row of entry number ``own`` (the player who found themselves,
    scoring.player_view), or of their pair, is marked, with the id "<slug>-own".
    A pair's line (scoring.pair_lines) shows both numbers and both names.
    With ``marks`` (a final board with its key, DriveScores.tie_key) each
    rank a tie-break decided (Standing.placed_by) is marked as the projector
    marks it (scoring/_tie_mark.html).
    """
    if not rows:
        columns = (9 if group_labels else 8) + by_share
        return format_html(
            '<tr><td colspan="{}">{}</td></tr>', columns, gettext("No entries.")
        )
    group_a = group_b = ""
    if group_labels:
        group_a = _GROUP.format(escape(group_labels["A"]))
        group_b = _GROUP.format(escape(group_labels["B"]))
    # html.escape is what django.utils.html.escape does, without its lazy
    # wrapper and its SafeString: the same text, for thousands of names.
    row = _ROW.format
    if by_share:
        with_share = _ROW[: -len("</tr>")] + _SHARE
        row = with_share.format
        values = [(html.escape(share(s.share)),) for s in rows]
    else:
        values = [() for _ in rows]
    # A player who withdrew keeps their place, marked (prizes.selectors says
    # whether they are in the prizes, by the club's rule).
    left = ' <span class="tag">{}</span>'.format(html.escape(gettext("left early")))
    mark = render_to_string("scoring/_tie_mark.html") if marks else ""
    lines = [
        row(
            s.rank,
            mark if s.placed_by else "",
            _number(s),
            html.escape(s.name) + left
            if s.withdrawn_from is not None
            else html.escape(s.name),
            group_a if s.group == "A" else group_b,
            s.played,
            s.sat_out,
            score_text(s.score),
            score_text(s.adjustment),
            score_text(s.total),
            *extra,
        )
        for s, extra in zip(rows, values, strict=True)
    ]
    if own is not None:
        own_row = f'<tr id="{html.escape(slug)}-own" class="own">'
        lines = [
            own_row + line.removeprefix("<tr>") if own in s.shown_numbers else line
            for s, line in zip(rows, lines, strict=True)
        ]
    return mark_safe("\n".join(lines))  # noqa: S308 - every text escaped
