"""`{% say drive.words "round_of" round=2 rounds=6 %}`: a sentence in the
format's own words (drive.format_words), with its numbers.

A page never branches on the format to choose between "Round 2 of 6" and
"Game 2 of 6"; it names the sentence and the format's words say it."""

from __future__ import annotations

from typing import Any

from django import template

from drive.format_words import RoundWords

register = template.Library()


@register.simple_tag
def say(words: RoundWords, sentence: str, **numbers: Any) -> str:
    if sentence.startswith("_") or not callable(getattr(words, sentence, None)):
        raise template.TemplateSyntaxError(f"The format's words have no {sentence!r}.")
    return getattr(words, sentence)(**numbers)
