"""{% pair first second %}: a pair of players as the reader's language
writes it ("3 & 4", "3 и 4"; players.pair_names). `{% pair a b as said %}` keeps
it for a sentence (blocktranslate) instead of writing it."""

from __future__ import annotations

from django import template

from players.pair_names import joined_pair

register = template.Library()


@register.simple_tag
def pair(*members: object) -> str:
    return joined_pair(members)
