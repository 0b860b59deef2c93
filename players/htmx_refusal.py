"""A refusal answered to htmx's request for a part of a page.

A part of a page (a row of the door's list, the fold's summary line, the desk
of paper slips, a board polled every few seconds) is asked for by htmx and put
in its place on the page (its target). A view's own refusal (a form with what
is wrong, answered 400 or 409 on purpose) is such a part, and htmx shows it
there (templates/_base.html's htmx-config). The site's error pages are not:
the whole "Page not found" or "Not allowed" page, header and footer, would
appear inside the row or the line, a page within the page.

So to such a request the error handlers (config.errors) answer with the
message only, shown in the page's notice area (#messages, on every page), and
nothing else on the page is touched: what the person typed stays where it is.
A session that has ended is the same for a form sent (what was typed stays;
the notice has a link to log in again); a part the page asks for by itself
(a board polled, a search as one types) takes the person to the login page,
which brings them back to the page they were on.

A boosted link or form asks for a whole page, and gets the page as without
JavaScript.

A request that fails on the server (a 5xx) is answered the same way: the
message, nothing where the part would have gone. htmx swaps no 5xx by itself
(templates/_base.html's htmx-config); the site's script (static/js/failures.js)
puts this answer in the notice area, and says in the page's words (FAILURES,
written on #messages by failure_words) when no answer of the site's came: a
proxy's 502 or 504, no connection.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import resolve_url
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_htmx.http import HttpResponseClientRedirect

# Where the message goes: the page's messages (templates/_base.html), whatever
# part of the page asked. Its contents are replaced, not it: a part that brings
# the messages up to date itself (hx-select-oob="#messages") finds none here.
NOTICE_AREA = "#messages"
NOTICE = ".htmx-refusal"


def asks_for_a_part(request: HttpRequest) -> bool:
    """htmx asking for a part of a page (not a boosted link or form)."""
    htmx = getattr(request, "htmx", None)
    if htmx is None:  # before django-htmx's middleware ran (a request refused early)
        return (
            request.headers.get("HX-Request") == "true"
            and request.headers.get("HX-Boosted") != "true"
        )
    return bool(htmx) and not htmx.boosted


# What went wrong, by what was asked: a form sent ("send") or a part shown
# ("show"); the server's own failure ("failed") or no answer of the site's
# ("lost"). Nothing says it was not saved: a failure after the save is a
# failure too, and a proxy's 504 may come after the server saved it.
FAILURES = {
    "failed-send": gettext_lazy(
        "Something went wrong on the server, so this may not have been saved. "
        "What you typed is still on this page: try again in a moment; if it "
        "fails again, reload the page to see what was saved."
    ),
    "failed-show": gettext_lazy(
        "Something went wrong on the server, so this part of the page was not "
        "brought up to date. Try again in a moment, or reload the page."
    ),
    "lost-send": gettext_lazy(
        "The server could not be reached, so this may not have been saved. "
        "What you typed is still on this page: try again once the connection "
        "is back."
    ),
    "lost-show": gettext_lazy(
        "The server could not be reached, so this part of the page was not "
        "brought up to date. Try again once the connection is back."
    ),
}


def _sends(request: HttpRequest) -> bool:
    return request.method not in ("GET", "HEAD")


def failed_words(request: HttpRequest) -> str:
    """The message for a request the server failed (a 5xx)."""
    return str(FAILURES["failed-send" if _sends(request) else "failed-show"])


def page_asked_from(request: HttpRequest) -> str:
    """The address of the page the part was asked for by (this site's), else
    the site's first page."""
    current = request.headers.get("HX-Current-URL", "")
    if url_has_allowed_host_and_scheme(
        current, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        htmx = getattr(request, "htmx", None)
        path = htmx.current_url_abs_path if htmx else None
        if path:
            return path
    return resolve_url(settings.LOGIN_REDIRECT_URL)


def refusal(
    request: HttpRequest,
    message: str,
    status: int,
    *,
    login_url: str | None = None,
    more: str = "",
) -> HttpResponse:
    """`message` (and a link to log in again, if given; `more`, HTML made by
    a template: the ways on) in the page's notice area, with `status`.
    Nothing where the part would have gone."""
    body = render_to_string(
        "_htmx_refusal.html",
        {"message": message, "login_url": login_url, "more": more},
    )
    response = HttpResponse(body, status=status)
    response["HX-Retarget"] = NOTICE_AREA
    # A form sent: the notice brought into sight. A board polled asks again
    # and again, and is not to pull the page up each time.
    swap = "innerHTML" if request.method == "GET" else "innerHTML show:top"
    response["HX-Reswap"] = swap
    response["HX-Reselect"] = NOTICE
    # The same address answers a page opened without htmx with the whole page.
    patch_vary_headers(response, ["HX-Request"])
    return response


def logged_out(request: HttpRequest) -> HttpResponse:
    """The answer to a page of the organisers' asked for without a session
    (it has ended, or someone logged out in another tab)."""
    if not asks_for_a_part(request):
        return redirect_to_login(request.get_full_path())
    page = page_asked_from(request)
    if request.method == "GET":
        # Nothing typed to keep: the login page, then back to this page.
        return HttpResponseClientRedirect(redirect_to_login(page).url)
    return refusal(
        request,
        _(
            "You are no longer logged in, so this was not saved. "
            "What you typed is still on this page: copy it if you need it, "
            "then log in again."
        ),
        403,
        login_url=redirect_to_login(page).url,
    )
