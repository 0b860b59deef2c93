"""The language a page speaks: the visitor's own choice, else the club's.

- *Chosen language*: the one a visitor picked with the switch at the foot of
  every page (Django's set_language view keeps it in the LANGUAGE_COOKIE_NAME
  cookie). It wins everywhere, on every club's pages.
- *Club language*: the club's default (Club.language), for its organisers'
  pages and for the captain and public links of its drives.

- *Browser language*: before the site has a club, the set-up page follows
  the browser's Accept-Language (`use_browser_language`): nobody has chosen
  a club language yet.

config.middleware.LanguageMiddleware starts every request in the chosen
language, or in settings.LANGUAGE_CODE; a view that has loaded the club (the
organiser's decorator, the captain's and public links) then calls `use_club`,
which changes it unless the visitor chose, and sets the club's time zone. The
club comes with the row the view loads anyway, so choosing costs no query.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Mapping, Sized
from typing import Any, Generic, TypeVar

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import timezone, translation

LANGUAGE_CODES = frozenset(code for code, _name in settings.LANGUAGES)
LANGUAGE_CHOICES = list(settings.LANGUAGES)


def chosen_language(request: HttpRequest) -> str | None:
    """The language this visitor chose, if they did (and it is still offered)."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return code if code in LANGUAGE_CODES else None


def use_club_language(request: HttpRequest, language: str) -> None:
    """Speak the club's `language` for the rest of this request, unless the
    visitor chose one."""
    if getattr(request, "language_chosen", False) or language not in LANGUAGE_CODES:
        return
    translation.activate(language)
    request.LANGUAGE_CODE = language  # type: ignore[attr-defined]


def use_club(request: HttpRequest, club: Any) -> None:
    """The club's language (unless the visitor chose one) and its time zone,
    for the rest of this request (the middleware puts both back after it)."""
    use_club_language(request, club.language)
    use_time_zone(club.time_zone)


def use_time_zone(name: str) -> None:
    try:
        timezone.activate(zoneinfo.ZoneInfo(name))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        timezone.deactivate()


def use_browser_language(request: HttpRequest) -> None:
    """Before the site has a club: the browser's language, unless the visitor
    chose one with the switch."""
    if getattr(request, "language_chosen", False):
        return
    language = translation.get_language_from_request(request)
    if language in LANGUAGE_CODES:
        translation.activate(language)
        request.LANGUAGE_CODE = language  # type: ignore[attr-defined]


K = TypeVar("K")
_EVERY_WORDS: list[Words[Any]] = []


class Words(Generic[K]):
    """A few fixed words (lazy translations), each translated once per language.

    A page of score cards or a workbook writes a suit's name or a seat's letter
    tens of thousands of times; a lazy string looks its message up in the
    catalogue (and its fallbacks) at every use, this once a language.
    What it keeps holds while the catalogues and the translation functions
    stay as they are: `forget_translated_words` for when they do not.
    """

    def __init__(self, words: Mapping[K, Any]) -> None:
        self.words = dict(words)
        self._by_language: dict[str | None, dict[K, str]] = {}
        _EVERY_WORDS.append(self)

    def translated(self) -> dict[K, str]:
        """Every word in the language now active."""
        language = translation.get_language()
        found = self._by_language.get(language)
        if found is None:
            found = {key: str(word) for key, word in self.words.items()}
            self._by_language[language] = found
        return found

    def __getitem__(self, key: K) -> str:
        return self.translated()[key]

    def get(self, key: K, default: str) -> str:
        return self.translated().get(key, default)


def forget_translated_words() -> None:
    """Every Words translates its words again at its next use: after the
    catalogues change, or the translation functions themselves (a test that
    wraps gettext keeps what it gave only for itself: tests/conftest.py)."""
    for words in _EVERY_WORDS:
        words._by_language.clear()


@receiver(setting_changed)
def _catalogues_changed(*, setting: str, **_kwargs: Any) -> None:
    """The catalogues change with these settings (as Django's own caches do)."""
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS"}:
        forget_translated_words()


def list_label_count(items: Sized) -> int:
    """The number to choose a list's label by: "hand 4", "hands 4, 5, 6".

    The label names the list, it does not count it, so any list of more than
    one takes the plural of two: Russian picks its singular for 21 and 31
    ("сдача 1, 2, …, 21" would be wrong) and Romanian its "de" form from 20.
    """
    return 1 if len(items) == 1 else 2


def number_runs(numbers: list[int]) -> str:
    """ "1–24, 26": the numbers (hands, tables) in order, each run of three or
    more as first–last."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(
        f"{run[0]}\u2013{run[-1]}" if len(run) > 2 else ", ".join(map(str, run))
        for run in runs
    )
