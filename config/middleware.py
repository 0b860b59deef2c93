"""Request checks and response headers that apply to every page."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from config.errors import method_not_allowed
from drive import secret_links
from players import htmx_refusal
from players.language import chosen_language
from players.models import Club


class RejectNulMiddleware:
    """Refuse a NUL character anywhere in the query string or form.

    No person types one, PostgreSQL cannot store one in text, and letting it
    reach a query turns a typo-free attack into a server error.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path or _has_nul(request.GET) or _has_nul(request.POST):
            said = _("The request contained a NUL character, which no form accepts.")
            if htmx_refusal.asks_for_a_part(request):
                # The message in the page's notice area, not inside the part.
                return htmx_refusal.refusal(request, said, 400)
            return HttpResponseBadRequest(
                said, content_type="text/plain; charset=utf-8"
            )
        return self.get_response(request)


def _has_nul(data) -> bool:
    return any(
        "\x00" in key or any("\x00" in v for v in data.getlist(key)) for key in data
    )


class ContentSecurityPolicyMiddleware:
    """Send settings.CONTENT_SECURITY_POLICY with every page.

    Not on PDFs: a browser shows those in its own viewer, which a page's
    policy (object-src 'none') can stop. In development (DEBUG) Django's own
    error pages keep their inline styles and scripts, so they go without it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = settings.CONTENT_SECURITY_POLICY

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not self.policy or "Content-Security-Policy" in response:
            return response
        if response.get("Content-Type", "").startswith("application/pdf"):
            return response
        if settings.DEBUG and response.status_code in (404, 500):
            return response
        response["Content-Security-Policy"] = self.policy
        return response


# --- what a phone's script does without ------------------------------------------


def is_script_request(request: HttpRequest) -> bool:
    """A request made by a captain's or a player's page script on its own (a
    result sent, a question for news, a board or page polled by htmx), not a
    page a person opened.

    These carry their key in the address: they need no signed-in user and no
    flashed messages, and at the bell a hundred of them arrive at once. (The
    session middleware stays for every request: Django's deployment checks of
    the session cookie look for it by name.) A page a person opens at such an address (or a form sent without
    JavaScript, which is answered with a message) keeps every middleware.
    """
    if not request.path_info.startswith(secret_links.PREFIXES):
        return False
    meta = request.META
    return (
        "HTTP_HX_REQUEST" in meta
        or "application/json" in meta.get("HTTP_ACCEPT", "")
        or request.path_info.endswith("/news/")
    )


class _ForPeople:
    """`inner`, except for a page script's request (is_script_request)."""

    inner: str

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.wrapped = import_string(self.inner)(get_response)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if is_script_request(request):
            return self.get_response(request)
        return self.wrapped(request)


class AuthenticationMiddleware(_ForPeople):
    inner = "django.contrib.auth.middleware.AuthenticationMiddleware"


class MessageMiddleware(_ForPeople):
    inner = "django.contrib.messages.middleware.MessageMiddleware"


# --- the language of the page -----------------------------------------------------


class LanguageMiddleware:
    """Start the request in the visitor's chosen language, else in the default
    (players.language); the view switches to the club's language once it has
    the club.

    Not Django's LocaleMiddleware: that one prefers the browser's
    Accept-Language to anything a view knows, so a Polish club's captain with
    an English phone would get English, and it knows no club. The club is only
    known after the view's own lookup (the organiser's membership, the table
    behind a captain's key, the drive behind a public key), so the view sets it
    there, from the row it loads anyway: no query of its own, which matters for
    the captain's requests at the bell (bench/entry.py). URLs carry no language
    (no i18n_patterns), so printed QR codes keep working.

    The language is put back as it was after the response: a thread serves
    other requests (and the tests other tests) after this one.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = chosen_language(request)
        request.language_chosen = chosen is not None  # type: ignore[attr-defined]
        language = chosen or settings.LANGUAGE_CODE
        previous = translation.get_language()
        translation.activate(language)
        request.LANGUAGE_CODE = language  # type: ignore[attr-defined]
        try:
            response = self.get_response(request)
            response.headers.setdefault("Content-Language", translation.get_language())
        finally:
            if previous is None:
                translation.deactivate_all()
            else:
                translation.activate(previous)
            # The club's time zone, if a view set it (players.language.use_club).
            timezone.deactivate()
        return response


# --- an address opened the wrong way -----------------------------------------------


class NotAllowedPageMiddleware:
    """A 405 (an address that only takes a form, opened by a link or a
    reload) answered with the site's page (config.errors.method_not_allowed)
    instead of require_http_methods' empty one. Inside LanguageMiddleware, so
    the page speaks the language the view had chosen."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 405 and not response.content:
            return method_not_allowed(request, response)
        return response


# --- the first visit ----------------------------------------------------------------


class FirstVisitMiddleware:
    """The first visit to an empty site goes to the page that creates the organiser.

    Only a request that could be that first visit asks the database: not one
    from a signed-in browser (someone set the site up), not a secret link
    (each belongs to a drive of a club: drive.secret_links), not a static
    file. So the live boards and the phones' polls pay nothing for it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.setup_path = reverse("players:setup")
        # The language switch at the foot of the set-up page must reach Django's
        # set_language, or it would come back in the language it left.
        # The icon a browser asks for by itself is not a visit either.
        self.open_paths = (
            self.setup_path,
            reverse("i18n:set_language"),
            reverse("favicon"),
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if (
            path not in self.open_paths
            and not path.startswith("/" + settings.STATIC_URL.lstrip("/"))
            and not path.startswith(secret_links.PREFIXES)
            and SESSION_KEY not in request.session
            and not Club.objects.exists()
        ):
            return redirect(self.setup_path)
        return self.get_response(request)
