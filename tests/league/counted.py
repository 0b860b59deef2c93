"""The league's rule of the drives counted, read off an empty League: the
words a club counting its best `best` drives is shown in `language`."""

from __future__ import annotations

from types import SimpleNamespace

from django.utils import translation

from league.selectors import League


def counted_words(best: int, language: str) -> str:
    table = League(
        season=None,
        drives=[],
        rows=[],
        settings=SimpleNamespace(best_of=best),
        order=(),
        draws=[],
    )
    with translation.override(language):
        return table.counted_words
