"""{% pair first second %}: a pair of players as the reader's language
writes it ("3 & 4", "3 и 4"; players.pair_names). `{% pair a b as said %}` keeps
it for a sentence (blocktranslate) instead of writing it; `unbroken=True` holds
a pair of entry numbers whole on a line of several pairs (joined_pair)."""

from __future__ import annotations

from django import template

from players.pair_names import joined_pair

register = template.Library()


@register.simple_tag
def pair(*members: object, unbroken: bool = False) -> str:
    return joined_pair(members, unbroken=unbroken)
