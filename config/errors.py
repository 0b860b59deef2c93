"""The site's own "not found" and "server error" pages, in the visitor's language.

A mistyped captain link is answered before any club is known, so the page
speaks the language the visitor chose, else (unlike every other page, where
the club decides) the one their browser asks for, else the site's default.
Neither page needs the request's context: the server-error page must show
even when the thing that failed is a context processor or the session.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template import loader

from players.language import use_browser_language


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
    body = loader.get_template("404.html").render({"request_path": request.path})
    return HttpResponse(body, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    try:
        _speak_visitor_language(request)
        body = loader.get_template("500.html").render({})
    except Exception:  # the page must answer, whatever else has failed
        return HttpResponseServerError(
            "Server error (500)", content_type="text/plain; charset=utf-8"
        )
    return HttpResponseServerError(body)
