"""The language a page speaks: the visitor's own choice, else the club's.

- *Chosen language*: the one a visitor picked with the switch at the foot of
  every page (Django's set_language view keeps it in the LANGUAGE_COOKIE_NAME
  cookie). It wins everywhere, on every club's pages.
- *Club language*: the club's default (Club.language), for its organisers'
  pages and for the captain and public links of its drives.

config.middleware.LanguageMiddleware starts every request in the chosen
language, or in settings.LANGUAGE_CODE; a view that has loaded the club (the
organiser's decorator, the captain's and public links) then calls
`use_club_language`, which changes it unless the visitor chose. The club comes
with the row the view loads anyway, so choosing costs no query.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation

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
