"""The site's own "not found", "not this way" (405) and "server error" pages,
in the visitor's language.

A mistyped captain link is answered before any club is known, so the page
speaks the language the visitor chose, else (unlike every other page, where
the club decides) the one their browser asks for, else the site's default.
Neither page needs the request's context: the server-error page must show
even when the thing that failed is a context processor or the session.
"""

from __future__ import annotations

from django.conf import settings
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseForbidden,
    HttpResponseNotAllowed,
    HttpResponseServerError,
)
from django.template import loader
from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils.translation import gettext as _
from django.views.csrf import csrf_failure as django_csrf_failure

from drive.secret_links import BOARD, CAPTAIN, table_by_captain_key
from players import htmx_refusal
from players.language import use_browser_language, use_club
from scoring.views.secret_links import CAPTAIN_COOKIE, COOKIE_SALT


def _speak_visitor_language(request: HttpRequest) -> None:
    """The browser's language where neither the visitor nor a club chose one."""
    if (
        getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
        != settings.LANGUAGE_CODE
    ):
        return  # the view had found the club and speaks its language
    use_browser_language(request)


def page_not_found(
    request: HttpRequest, exception: Exception | None = None
) -> HttpResponse:
    _speak_visitor_language(request)
    if htmx_refusal.asks_for_a_part(request):
        return htmx_refusal.refusal(
            request,
            _(
                "What this asked for is not there any more: it may have been "
                "removed. Reload the page to see how things are now."
            ),
            404,
        )
    # A player's shared board or results link that opens nothing: a page of
    # its own, for players rather than the organisers' start page.
    template = (
        "scoring/public_not_found.html"
        if request.path_info.startswith(BOARD.prefix)
        else "404.html"
    )
    body = loader.get_template(template).render({"request_path": request.path})
    return HttpResponse(body, status=404)


def permission_denied(
    request: HttpRequest, exception: Exception | None = None
) -> HttpResponse:
    """Django's 403 page (templates/403.html), or to htmx's request for a
    part of a page, what was refused only."""
    if htmx_refusal.asks_for_a_part(request):
        said = str(exception) if exception is not None else ""
        return htmx_refusal.refusal(request, said or _("Not allowed"), 403)
    body = loader.get_template("403.html").render(
        {"exception": str(exception or "")}, request
    )
    return HttpResponseForbidden(body)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent from a page whose security token is out of date (the
    person has logged in again since it opened, perhaps): Django's page, or
    to htmx's request for a part of a page, a message that leaves what was
    typed where it is."""
    if htmx_refusal.asks_for_a_part(request):
        _speak_visitor_language(request)
        return htmx_refusal.refusal(
            request,
            _(
                "This page is out of date, so this was not saved. What you "
                "typed is still on this page: copy it if you need it, then "
                "reload the page and send it again."
            ),
            403,
        )
    return django_csrf_failure(request, reason)


def server_error(request: HttpRequest) -> HttpResponse:
    """The site's "something went wrong" page, or to htmx's request for a
    part of a page, a message in the notice area (the site's script puts it
    there: htmx swaps no 5xx by itself, templates/_base.html), and nothing
    where the part would have gone: no half-made row or line."""
    try:
        _speak_visitor_language(request)
        if htmx_refusal.asks_for_a_part(request):
            return htmx_refusal.refusal(
                request, htmx_refusal.failed_words(request), 500
            )
        body = loader.get_template("500.html").render({})
    except Exception:  # the page must answer, whatever else has failed
        return HttpResponseServerError(
            "Server error (500)", content_type="text/plain; charset=utf-8"
        )
    return HttpResponseServerError(body)


def _under(path: str, name: str, **kwargs: object) -> str | None:
    """The address of page `name` (with `kwargs`) when `path` is it or an
    address under it, else None. The URL conf says where the page is, so no
    prefix is written here; `path` is the whole path (request.path), as
    reverse() gives it."""
    try:
        page = reverse(name, kwargs=kwargs)
    except NoReverseMatch:
        return None
    return page if path.startswith(page) else None


def _way_back(path: str, kwargs: dict) -> tuple[str, str]:
    """(address, words) of the page to go back to from an address that only
    takes a form: a captain's table page, a drive's page, else the start.

    A drive's addresses, whichever app answers them (drive, scoring, prizes,
    printing), are its page's address and what follows it; a pk of something
    else (a player, a season) names no drive."""
    key, pk = kwargs.get("key"), kwargs.get("pk")
    if isinstance(key, str) and (table := _under(path, "scoring:captain", key=key)):
        return table, _("Back to your table's page")
    if isinstance(pk, int) and (drive := _under(path, "drive:detail", pk=pk)):
        return drive, _("Back to the drive's page")
    return "/", _("Go to the start page")


def _speak_link_language(request: HttpRequest, kwargs: dict) -> None:
    """A captain's link speaks its club's language, as the table page does;
    only for a phone that has opened the link before (its signed cookie), so
    the page tells a guesser nothing about a key. Else the visitor's."""
    key = kwargs.get("key")
    if key and request.path_info.startswith(CAPTAIN.prefix):
        known = request.get_signed_cookie(CAPTAIN_COOKIE, default="", salt=COOKIE_SALT)
        table = table_by_captain_key(key) if known == key else None
        if table is not None:
            use_club(request, table.drive.club)
            return
    _speak_visitor_language(request)


def method_not_allowed(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The site's page for an address opened the wrong way (a GET of an
    address that only takes a form), in place of the bare 405 of
    require_http_methods (config.middleware.NotAllowedPageMiddleware): still
    405, with the methods it takes, and a link back."""
    try:
        kwargs = resolve(request.path_info).kwargs
    except Resolver404:
        kwargs = {}
    _speak_link_language(request, kwargs)
    allowed = [m.strip() for m in response.get("Allow", "").split(",") if m.strip()]
    if htmx_refusal.asks_for_a_part(request):
        refused = htmx_refusal.refusal(
            request,
            _(
                "This address only takes what a form on the site sends: "
                "there is nothing here to show."
            ),
            405,
        )
        refused["Allow"] = ", ".join(allowed)
        return refused
    back, back_words = _way_back(request.path, kwargs)
    body = loader.get_template("405.html").render(
        {"back": back, "back_words": back_words}
    )
    return HttpResponseNotAllowed(allowed, body)
