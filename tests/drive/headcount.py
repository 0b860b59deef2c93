"""The head count partial rendered for a stand-in drive and count, and its words."""

from __future__ import annotations

import html
import re
from types import SimpleNamespace

from django.template.loader import render_to_string
from django.utils import translation

from drive.format_words import RoundWords


def headcount_html(language: str, *, drive: dict, count: dict) -> str:
    """The head count partial rendered in a language for a stand-in drive and
    count (the keys given on top of a drive without groups)."""
    stand_in = SimpleNamespace(
        **{
            "pk": 1,
            "has_groups": False,
            "plays_in_pairs": False,
            "round_word": "round",
            "words": RoundWords(),
            **drive,
        }
    )
    numbers = SimpleNamespace(
        **{"round_number": None, "three_handed_table": False, "advice": None, **count}
    )
    with translation.override(language):
        return render_to_string(
            "drive/_headcount.html", {"drive": stand_in, "count": numbers}
        )


def plain(fragment: str) -> str:
    return " ".join(html.unescape(re.sub("<[^>]+>", " ", fragment)).split())


def grouped_page(language: str, *, a: int, b: int, advice=0, can_change=True) -> str:
    """The head count's text of a drive with groups, a and b of each sitting out."""
    return plain(
        headcount_html(
            language,
            drive={
                "has_groups": True,
                "group_a_label": "Panie",
                "group_b_label": "Panowie",
                "groups_can_change": can_change,
            },
            count={
                "group_a": 10,
                "group_b": 10 + a - b,
                "tables": 4,
                "sit_outs": a + b,
                "sit_out_a": a,
                "sit_out_b": b,
                "advice": advice,
                "advice_text": "Move 1 player from Panie to Panowie." if advice else "",
            },
        )
    )
