"""Logging in, as every browser test does it: the organiser's (or an
assistant's) password, and the one helper that fills the log-in form and
waits for the page that follows."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from tests.e2e.waits import scripts_ran

# Every browser test's user has this password: tests.factories.olive gives it
# to olive, any other user is UserFactory(password=PASSWORD).
from tests.factories import PASSWORD

__all__ = ["DRIVES", "LOGIN", "PASSWORD", "log_in"]

LOGIN = "/login/"
# Where a log-in with no page asked for lands (LOGIN_REDIRECT_URL), for a
# member of one club; a member of several is asked for the club first.
DRIVES = "/drives/"


def log_in(
    page,
    username: str = "olive",
    *,
    password: str = PASSWORD,
    lands_on: str | None = None,
) -> None:
    """Log `page` in as `username`: on the log-in page it shows (where a page
    asked for sent it, with that page in its ?next=), or else on /login/.
    The fields are found by their ids, so the page may speak any language,
    and Enter sends the form, as at the door. Returns once the page that
    follows has loaded (waits.scripts_ran): `lands_on` (a path), by default
    the page the ?next= names, or else the list of drives."""
    if urlsplit(page.url).path != LOGIN:
        page.goto(LOGIN)
    if lands_on is None:
        asked = parse_qs(urlsplit(page.url).query).get("next")
        lands_on = urlsplit(asked[0]).path if asked else DRIVES
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.locator("#id_password").press("Enter")
    scripts_ran(page, lands_on)
