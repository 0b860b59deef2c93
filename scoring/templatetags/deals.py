"""A hand's honours, revoke and scores in words, for the organiser's pages.

The numbers come from scoring.rules (hand_line); a template only shows them.
"""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from drive.trumps import Trump
from players.audit_words import source_words
from players.language import list_label_count
from players.score_text import score_text
from scoring.entry_ways import result_way
from scoring.rules import Scoring, deal_text, hand_line, result_words

register = template.Library()


@register.filter
def label_count(items: Any) -> int:
    """`count counter=tables|label_count`: the plural a list's label takes
    (players.language.list_label_count)."""
    return list_label_count(items)


@register.filter
def source(result: Any) -> str:
    """Who entered a result: the user's name, else its source in words
    ("table 1 captain link ab12cd", "organiser") in the page's language."""
    if getattr(result, "entered_by", None) is not None:
        return result.entered_by.get_username()
    return source_words(result.source) or gettext("unknown")


@register.filter
def way(result: Any) -> str:
    """How a result came in: "phone" from a captain link, else "paper"
    (scoring.entry_ways)."""
    return result_way(getattr(result, "source", ""))


@register.filter
def source_text(source: str) -> str:
    """Who did something, recorded as text (a user's name, "command line", a
    captain link), in the page's language."""
    return source_words(source) or source


@register.filter
def said(ns_tricks: object) -> str:
    """A hand's tricks read out in words (scoring.rules.result_words); "" for
    none (a check not made yet, which the template sees as "")."""
    return result_words(ns_tricks) if isinstance(ns_tricks, int) else ""


@register.filter
def deal_words(result: Any) -> str:
    """ "honours: N-S held 3; E-W revoked" for anything with honours and a
    revoke (a result, a deal); "" when it had neither."""
    return deal_text(getattr(result, "honours", ""), getattr(result, "revoke", ""))


def scores_text(ns_tricks: int, scoring: Scoring, honours: str, revoke: str) -> str:
    """ "scores N-S 5, E-W 0": each side's points for the hand."""
    line = hand_line(ns_tricks, scoring, honours, revoke)
    # The true minus, "scores N-S −3" (players.score_text).
    return gettext("scores N-S %(ns)s, E-W %(ew)s") % {
        "ns": score_text(line.ns_score),
        "ew": score_text(line.ew_score),
    }


@register.filter
def deal_extra(result: Any, scoring: Scoring | None) -> str:
    """What a result adds to its tricks: its honours and revoke, and then each
    side's score for the hand; "" for a hand with neither (its tricks say it all).
    With no `scoring` (a rubber drive, whose hands score as the rubbers they
    make), the words alone.
    """
    words = deal_words(result)
    if not words or scoring is None:
        return words
    # Translators: words are the honours and any revoke, scores "scores N-S 5, E-W 0".
    return gettext("%(words)s; %(scores)s") % {
        "words": words,
        "scores": scores_text(result.ns_tricks, scoring, result.honours, result.revoke),
    }


# A tag, or a side's label or name already kept whole: left as it is.
_KEPT = re.compile(r'(<span class="side(?:-name)?">.*?</span>|<[^>]*>)', re.S)


@register.filter(needs_autoescape=True)
def sides(text: Any, autoescape: bool = True) -> SafeString:
    """`text` (words that name the sides) with each side's label (N-S, E-W,
    in the active language) in a span that keeps it on one line (``.side``):
    a narrow card or column breaks the words, never a label at its hyphen.
    A side named in full ("North–South", Italian "Nord–Sud") is kept whole
    too where it fits on a line (``.side-name``), broken at its dash only
    where the line is narrower than the name (Polish "Północ–Południe" at
    twice the text size).

    A label and the number after it ("N-S 9", "С-Ю −3") are held on one line
    too (a ``.side-held`` span round the label's span and its number; a full
    name's last word and its number, inside the name's span), as the
    captain's page holds them in the sentences it writes (captain.js, say()):
    a narrow phone moves them to the next line together, never "N-S" at the
    end of one line and "9" at the start of the next.

    The one place a page puts a side's label into words: every sentence,
    heading and choice that names a side goes through it. Markup in `text`
    (a label already kept whole, any tag) is left as it is, so it can be
    applied to a sentence that holds words already passed through it."""
    text = conditional_escape(text) if autoescape else str(text)
    kinds = {
        conditional_escape(gettext(label)): kind
        for labels, kind in (
            (("N-S", "E-W"), "side"),
            (("North–South", "East–West"), "side-name"),
        )
        for label in labels
    }
    # The longest first, so a name is never matched as a label inside it; then
    # the number that follows it, if any (a score may be signed: "+2", "−3").
    labels = "|".join(
        re.escape(label) for label in sorted(kinds, key=len, reverse=True)
    )
    pattern = re.compile(f"({labels})( [+\u2212]?\\d+)?([.,;:!?)»”]*)")

    def kept(found: re.Match[str]) -> str:
        label, number, marks = found[1], found[2] or "", found[3]
        span = f'<span class="{kinds[label]}">{label}</span>'
        if number and kinds[label] == "side":
            return f'<span class="side-held">{span}{number}</span>{marks}'
        if number:
            # A side named in full breaks at its dash where the line is
            # narrower than the name; its number, and the marks after it, are
            # held to the name's last word ("Восток–" over "Запад 4;"), never
            # left to start the next line ("Восток–Запад" over "4; 3 взятки"):
            # the line may break after the name's box, so a mark outside it
            # would start one too.
            head, dash, tail = label.rpartition("–")
            held = f'<span class="side-held">{tail}{number}{marks}</span>'
            return f'<span class="side-name">{head}{dash}{held}</span>'
        return span + marks

    pieces = _KEPT.split(text)
    for index in range(0, len(pieces), 2):
        pieces[index] = pattern.sub(kept, pieces[index])
    return mark_safe("".join(pieces))


@register.filter
def trump_words(trump: Any) -> SafeString:
    """A hand's trumps as a sentence names them: the suit's sign and its name
    in running text held on one line ("♣ trefl", in a span.trump-words; lower
    case where the language writes it so, English keeps "♣ Clubs"), No trumps
    by its name alone (it has no sign: not "BA bez atu"). A narrow line moves
    them to the next line together, never the sign alone at the end of one."""
    if trump is Trump.NO_TRUMPS:
        return format_html('<span class="trump-words">{}</span>', trump.running_name)
    return format_html(
        '<span class="trump-words"><span class="suit suit-{}">{}</span>\u00a0{}</span>',
        trump.value,
        trump.symbol,
        trump.running_name,
    )
