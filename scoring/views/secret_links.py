"""Secret links at the door: a table's captain link and the shared leaderboard
(drive.secret_links: the kinds, their paths and keys), with no account.

The key is the secret; a wrong or revoked key is a 404, and an address that
keeps guessing is answered 429 for a while. A browser that has opened a link
before (a signed cookie says so) is never slowed down by a guesser.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from drive.secret_links import (
    BOARD,
    CAPTAIN,
    table_by_captain_key,
    table_by_captain_key_then,
)
from players import throttle
from players.language import use_club

CAPTAIN_COOKIE = "captain"
PUBLIC_COOKIE = "leaderboard"
COOKIE_SALT = "scoring.secret-link"
# Each cookie is sent back only under its own kind of link.
COOKIE_PATHS = {CAPTAIN_COOKIE: CAPTAIN.prefix, PUBLIC_COOKIE: BOARD.prefix}


def count_miss(request: HttpRequest) -> None:
    throttle.link_miss_record(address=throttle.client_address(request))


def too_many_misses(request: HttpRequest) -> bool:
    return throttle.link_guessing_paused(address=throttle.client_address(request))


def slow_down() -> HttpResponse:
    response = HttpResponse(
        _("Too many wrong links from this address. Wait a minute, then try again."),
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = "60"
    return response


def secret_link_guard(
    request: HttpRequest, key: str, cookie: str
) -> tuple[bool, HttpResponse | None]:
    """Whether this browser has opened `key` before, and a 429 if it must wait.

    A whole hall often shares one address, so a browser that has opened the
    link before (a signed cookie says so) is never slowed down by a guesser.
    """
    known = request.get_signed_cookie(cookie, default="", salt=COOKIE_SALT) == key
    if not known and too_many_misses(request):
        return known, slow_down()
    return known, None


def remember_link(
    request: HttpRequest,
    response: HttpResponse,
    key: str,
    cookie: str,
    path: str | None = None,
) -> None:
    """Tell the browser it has opened `key`, under the cookie's own paths
    (COOKIE_PATHS) unless `path` says otherwise."""
    if path is None:
        path = COOKIE_PATHS[cookie]
    response.set_signed_cookie(
        cookie,
        key,
        salt=COOKIE_SALT,
        max_age=24 * 3600,
        path=path,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


def captain_link(
    view: Callable[..., HttpResponse] | None = None,
    *,
    also: Callable[[HttpRequest, str], tuple[str, list] | None] | None = None,
) -> Any:
    """Resolve /t/<key>/ to its table, or 404; slow down an address that keeps guessing.

    `also(request, key)`: a query (sql, params) naming the table by its key
    whose rows the view needs, fetched with the link's lookup (one round trip
    on PostgreSQL) and passed to the view as `also_rows`; None for none.
    """
    if view is None:
        return functools.partial(captain_link, also=also)

    @functools.wraps(view)
    def wrapped(request: HttpRequest, key: str, *args: Any, **kwargs: Any) -> Any:
        known, refused = secret_link_guard(request, key, CAPTAIN_COOKIE)
        if refused is not None:
            return refused
        if also is None:
            table = table_by_captain_key(key)
        else:
            table, kwargs["also_rows"] = table_by_captain_key_then(
                key, also(request, key)
            )
        if table is None:
            count_miss(request)
            raise Http404("No such table link.")
        # The club came with the table (drive.selectors): no query.
        use_club(request, table.drive.club)
        response = view(request, table, *args, **kwargs)
        if not known:
            remember_link(request, response, key, CAPTAIN_COOKIE)
        return response

    return wrapped
