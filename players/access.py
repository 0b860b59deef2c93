"""Who may do what: every organiser page belongs to one club.

An organiser may do everything in their club; an assistant may check players
in and enter or correct scores. Nobody sees another club's pages: a drive or
player of another club is a 404, as if it did not exist.

On a site that hosts many clubs (a county's), one person may help to run
several: an organiser of one club, an assistant of another. The *club they
work in* is kept in their session (CLUB_SESSION_KEY): their first club until
they choose another on the clubs page (players.views.clubs). A page whose
address names a drive or a player of another club of theirs (a link, a
bookmark, a page open in another tab) is that club's page: they work in it,
with their role there, and the page says so. The apps say which addresses
belong to which club (`club_pages`, from their AppConfig.ready).

Only the person moves themselves: a page's own requests (htmx polling, a
<meta http-equiv="refresh"> of a page without JavaScript) are answered as
their page's club without moving them (`_opened_by_a_person`), or a room left
open in one tab would take the person's other tabs back to its club at every
refresh.

Every organiser's form carries the club it was shown for (FORM_CLUB_FIELD,
beside the csrf token: players.templatetags.club_forms; FORM_CLUB_HEADER for
htmx, templates/_base.html). A form sent for a club other than the one the
request would write into (kept open in one tab while the person changed club
in another) is refused, nothing written (`_form_of_another_club`): an address
like "add a player" names no club, and would write into the club worked in now.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render, resolve_url
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from players import htmx_refusal
from players.language import use_club
from players.models import Membership, Role

# The id of the club the person works in (one of theirs).
CLUB_SESSION_KEY = "club"

# The club a form was shown for: a hidden field of every organiser's form, and
# a header of every htmx request of an organiser's page.
FORM_CLUB_FIELD = "form_club"
FORM_CLUB_HEADER = "X-Form-Club"

_SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")

# Address prefix ("drives/<int:pk>/") -> the rows its `pk` names, each with a club.
_CLUB_PAGES: dict[str, QuerySet] = {}


def club_pages(prefix: str, rows: QuerySet) -> None:
    """Addresses starting with `prefix` are pages of the club of the row of
    `rows` their `pk` names (called by each app's AppConfig.ready)."""
    _CLUB_PAGES[prefix] = rows


def _page_rows(request: HttpRequest, kwargs: dict[str, Any]) -> QuerySet | None:
    """The rows (drives, players, seasons) the address's `pk` names one of, if
    it is a club's page."""
    match = getattr(request, "resolver_match", None)
    route = getattr(match, "route", "") or ""
    for prefix, rows in _CLUB_PAGES.items():
        if route.startswith(prefix) and "pk" in kwargs:
            return rows
    return None


def page_club_id(request: HttpRequest, kwargs: dict[str, Any]) -> int | None:
    """The club whose row the address names, if it names one that exists."""
    rows = _page_rows(request, kwargs)
    if rows is None:
        return None
    return rows.filter(pk=kwargs["pk"]).values_list("club_id", flat=True).first()


def memberships_of(user: Any) -> list[Membership]:
    """Every club the user runs or helps to run, first joined first."""
    if not getattr(user, "is_authenticated", False):
        return []
    return list(
        Membership.objects.select_related("club").filter(user=user).order_by("id")
    )


def _of_club(memberships: list[Membership], club_id: Any) -> Membership | None:
    return next((m for m in memberships if str(m.club_id) == str(club_id)), None)


def membership_of(user: Any, club_id: Any = None) -> Membership | None:
    """The user's membership of the club `club_id`, if they have one; else of
    their first club; None for someone of no club."""
    memberships = memberships_of(user)
    found = _of_club(memberships, club_id) if club_id is not None else None
    return found or (memberships[0] if memberships else None)


def _work_in(request: HttpRequest, membership: Membership) -> None:
    request.membership = membership  # type: ignore[attr-defined]
    request.club = membership.club  # type: ignore[attr-defined]
    use_club(request, membership.club)


def _opened_by_a_person(request: HttpRequest) -> bool:
    """A page opened or a form sent by the person, not a page's own request,
    which may come from a tab left open on another club's page and must not
    move the person's other pages to that club: htmx polling or filling in a
    part (a link or form followed by htmx, boosted, is the person's click), or
    a page reloading itself without JavaScript (<meta http-equiv="refresh">).

    A browser sends Sec-Fetch-User: ?1 with a page the person opened (a click,
    a typed address or a bookmark, their own reload) and no Sec-Fetch-User
    with one a page opened by itself. An older browser sends no fetch metadata
    at all (no Sec-Fetch-Mode): its pages are taken as the person's, as links
    always were."""
    htmx = getattr(request, "htmx", None)
    if htmx:
        return bool(htmx.boosted)
    mode = request.headers.get("Sec-Fetch-Mode")
    if mode is None:
        return True
    return mode == "navigate" and request.headers.get("Sec-Fetch-User") == "?1"


def _form_club_sent(request: HttpRequest) -> str | None:
    """The club the form sent was shown for, if it says (FORM_CLUB_FIELD)."""
    if request.method in _SAFE_METHODS:
        return None
    sent = request.POST.get(FORM_CLUB_FIELD)
    if sent is None:
        sent = request.headers.get(FORM_CLUB_HEADER)
    return sent


def _form_page(request: HttpRequest) -> str:
    """The address of the page the form sent was on (this site's), else the
    site's first page (a form's address may take no GET: a 405)."""
    referer = request.headers.get("Referer", "")
    if url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        parts = urlsplit(referer)
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return resolve_url(settings.LOGIN_REDIRECT_URL)


def _form_of_another_club(
    request: HttpRequest, memberships: list[Membership], sent: str
) -> HttpResponse:
    """409: the form was shown for another club than the one worked in now.
    Nothing is written; the page offers to go on in either club. To htmx's
    request for a part of a page (a row's button, a field checked as it is
    typed), that is said in the page's notice area, and what was typed stays
    on the page."""
    form_membership = _of_club(memberships, sent)
    context = {"form_membership": form_membership, "form_page": _form_page(request)}
    if htmx_refusal.asks_for_a_part(request):
        page = "players/form_club.html"
        said = render_to_string(f"{page}#said", context, request)
        ways = render_to_string(f"{page}#ways", context | {"notice": True}, request)
        return htmx_refusal.refusal(request, said, 409, more=ways)
    response = render(request, "players/form_club.html", context, status=409)
    if getattr(request, "htmx", None):
        # A boosted form: the whole page, as without JavaScript.
        response["HX-Retarget"] = "body"
        response["HX-Reswap"] = "innerHTML"
        response["HX-Reselect"] = ".page"
    return response


def member_required(
    role: str | None = None, *, chooses_club: bool = False
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Log in first; then require a club membership, and the organiser role if
    asked, in the club of the page (its address's, else the one worked in).
    A form shown for another club is refused (`_form_of_another_club`), except
    by the page that changes club (`chooses_club`)."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return htmx_refusal.logged_out(request)
            memberships = memberships_of(request.user)
            if not memberships:
                raise PermissionDenied(_("This account is not a member of any club."))
            membership = (
                _of_club(memberships, request.session.get(CLUB_SESSION_KEY))
                or memberships[0]
            )
            page_club = page_club_id(request, kwargs)
            page_membership = _of_club(memberships, page_club)
            entered = False
            if page_membership is not None and page_club != membership.club_id:
                membership, entered = page_membership, True
            # Else not theirs: the view's own lookup in their club is a 404.
            request.memberships = memberships  # type: ignore[attr-defined]
            _work_in(request, membership)
            sent = None if chooses_club else _form_club_sent(request)
            if sent is not None and sent != str(membership.club_id):
                return _form_of_another_club(request, memberships, sent)
            if role == Role.ORGANISER and membership.role != Role.ORGANISER:
                if page_membership is None and _page_rows(request, kwargs) is not None:
                    # A drive, player or season of a club not theirs (or of
                    # none): a 404 as the organiser gets, not "only an
                    # organiser" of a page that is not theirs at all.
                    raise Http404
                raise PermissionDenied(_("Only an organiser can do that."))
            if entered and _opened_by_a_person(request):
                request.session[CLUB_SESSION_KEY] = membership.club_id
                messages.info(
                    request,
                    _("You are now working in “%(club)s”.")
                    % {"club": membership.club.name},
                )
            return view(request, *args, **kwargs)

        # The role a view asks for, for the tests that walk every view.
        wrapped.club_role = role  # type: ignore[attr-defined]
        return wrapped

    return decorator


organiser_required = member_required(Role.ORGANISER)
assistant_required = member_required()


def club_choose(request: HttpRequest, club_id: Any) -> Membership:
    """Work in the club `club_id` from now on (one of the user's, else a 404)."""
    membership = _of_club(memberships_of(request.user), club_id)
    if membership is None:
        raise Http404
    request.session[CLUB_SESSION_KEY] = membership.club_id
    _work_in(request, membership)
    return membership
