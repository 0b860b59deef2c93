"""The person's choice of contrast, kept in a cookie on their device.

- *High contrast* ("more"): black on white, darker colours, every text at
  least 7:1 against its background (WCAG AAA); the projector white and yellow
  on black.
- *Normal* ("normal"): the site's own colours, even where the device asks for
  more contrast.
- *No choice* (no cookie): the device decides (the stylesheet follows
  ``prefers-contrast: more``).

The server puts the choice on <html> as a class (templates/_base.html); the
stylesheet (static/css/contrast.css) does the rest. No account is needed: a
captain's phone keeps its own choice.
"""

from __future__ import annotations

from django.http import HttpRequest

COOKIE = "contrast"
MORE, NORMAL = "more", "normal"
CHOICES = (MORE, NORMAL)
# A year: the choice is the person's, not the evening's.
COOKIE_AGE = 365 * 24 * 60 * 60


def chosen_contrast(request: HttpRequest) -> str:
    """MORE, NORMAL, or "" when the person has not chosen (the device decides)."""
    value = request.COOKIES.get(COOKIE, "")
    return value if value in CHOICES else ""
