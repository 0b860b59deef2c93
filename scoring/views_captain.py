"""The evening's live pages: the captain's phone, the organiser's room, the projector.

- *Captain link* (/t/<key>/): one table's page, with no account. The key is
  the table's secret; a wrong or revoked key is a 404, and an address that
  keeps guessing is answered 429 for a while.
- *Room*: every table of the current round, live, for the organiser and
  assistants; conflicts to settle; the "Start next round" button.
- *Tables and links*: each table's captain link and QR code, revoke and reissue;
  the public leaderboard link.
- *Projector*: a large leaderboard that turns through overall and each group.
- *Public leaderboard* (/p/<key>/): read-only, for players' phones.

Every page works without JavaScript (plain forms, redirects, a refresh tag);
htmx and static/js/captain.js make them live and keep a phone's entries safe
through a dropped connection.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import secrets
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from drive import services as drive_services
from drive.models import Drive, DriveState, ScoringRule, Table
from drive.movement.types import Side
from drive.qr import qr_svg
from drive.views import club_drive
from players import throttle
from players.access import assistant_required, organiser_required
from players.http import error_status
from scoring import freshness, rules, selectors, services
from scoring.models import ResultStatus

# How often the live pages ask for news while they wait (the projector turns slower).
POLL_SECONDS = 5
CAPTAIN_COOKIE = "captain"
PUBLIC_COOKIE = "leaderboard"
COOKIE_SALT = "scoring.secret-link"


# --- secret links ----------------------------------------------------------------


def _count_miss(request: HttpRequest) -> None:
    throttle.link_miss_record(address=throttle.client_address(request))


def _too_many_misses(request: HttpRequest) -> bool:
    return throttle.link_guessing_paused(address=throttle.client_address(request))


def _slow_down() -> HttpResponse:
    response = HttpResponse(
        "Too many wrong links from this address. Wait a minute, then try again.",
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = "60"
    return response


def _secret_link_guard(
    request: HttpRequest, key: str, cookie: str
) -> tuple[bool, HttpResponse | None]:
    """Whether this browser has opened `key` before, and a 429 if it must wait.

    A whole hall often shares one address, so a browser that has opened the
    link before (a signed cookie says so) is never slowed down by a guesser.
    """
    known = request.get_signed_cookie(cookie, default="", salt=COOKIE_SALT) == key
    if not known and _too_many_misses(request):
        return known, _slow_down()
    return known, None


def _remember_link(
    request: HttpRequest, response: HttpResponse, key: str, cookie: str, path: str
) -> None:
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


def captain_link(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Resolve /t/<key>/ to its table, or 404; slow down an address that keeps guessing."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, key: str, *args: Any, **kwargs: Any) -> Any:
        known, refused = _secret_link_guard(request, key, CAPTAIN_COOKIE)
        if refused is not None:
            return refused
        # The key is unique, so no ordering (and no LIMIT) is needed.
        found = Table.objects.select_related("drive").filter(captain_key=key)
        table = next(iter(found), None)
        if table is None:
            _count_miss(request)
            raise Http404("No such table link.")
        response = view(request, table, *args, **kwargs)
        if not known:
            _remember_link(request, response, key, CAPTAIN_COOKIE, "/t/")
        return response

    return wrapped


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


# --- the captain's page ----------------------------------------------------------


def _tricks_table(rule: str) -> str:
    """The numbers the entry steps show, for captain.js (which does no arithmetic):
    for each N-S trick count its line (both sides' tricks and scores under
    `rule`), and for each winning side and odd trick count the N-S tricks."""
    return json.dumps(
        {
            "lines": {
                ns: dataclasses.asdict(rules.hand_line(ns, rule))
                for ns in rules.TRICK_COUNTS
            },
            "from_odd": {
                side.value: {
                    odd: rules.ns_tricks_from_odd(side, odd)
                    for odd in rules.ODD_TRICK_COUNTS
                }
                for side in Side
            },
        }
    )


def _entry_step(request: HttpRequest, view: selectors.CaptainView) -> dict[str, object]:
    """Which step of the entry a page without JavaScript is on, from its query string.

    Odd tricks: who won, then the odd tricks (1..7), then check. Total tricks:
    N-S tricks (0..13), then check. Anything unexpected starts again.
    """
    step: dict[str, object] = {"name": "first", "won": "", "check": None}
    hand = view.hand
    if hand is None or request.GET.get("hand") != str(hand.hand):
        return step
    rule = view.drive.scoring_rule
    won = request.GET.get("won", "")
    ns_tricks = None
    try:
        if rule == ScoringRule.ODD_TRICKS and won in ("NS", "EW"):
            step.update(name="odd", won=won)
            if "odd" in request.GET:
                odd = int(request.GET["odd"])
                if odd in rules.ODD_TRICK_COUNTS:
                    ns_tricks = rules.ns_tricks_from_odd(won, odd)
        elif rule == ScoringRule.TOTAL_TRICKS and "ns" in request.GET:
            ns = int(request.GET["ns"])
            if ns in rules.TRICK_COUNTS:
                ns_tricks = ns
    except ValueError:
        return {"name": "first", "won": "", "check": None}
    if ns_tricks is not None:
        step.update(name="check", check=rules.hand_line(ns_tricks, rule))
    return step


def _captain_context(
    request: HttpRequest, table: Table, error: str = ""
) -> dict[str, object]:
    # Before the page's reads: a write in between then shows up on the next ask.
    fingerprint = freshness.table_fingerprint(table=table)
    view = selectors.captain_view(drive=table.drive, table_number=table.number)
    hand = view.hand
    pending = hand.pending if hand is not None else None
    return {
        "drive": view.drive,
        "table": table,
        "view": view,
        "mode": view.mode,
        "hand": hand,
        "pending": pending,
        "pending_line": (
            rules.hand_line(pending.ns_tricks, view.drive.scoring_rule)
            if pending
            else None
        ),
        "step": _entry_step(request, view),
        "odd_choices": rules.ODD_TRICK_COUNTS,
        "total_choices": rules.TRICK_COUNTS,
        "tricks_table": _tricks_table(view.drive.scoring_rule),
        # The page's own key for an entry sent without JavaScript; the script
        # makes a fresh one in the browser for each entry.
        "idempotency_key": secrets.token_urlsafe(16),
        "page_url": reverse("scoring:captain", args=[table.captain_key]),
        "news_url": reverse("scoring:captain_news", args=[table.captain_key]),
        "fingerprint": fingerprint,
        "poll_seconds": POLL_SECONDS,
        "error": error,
        "entered": [
            (h, rules.hand_line(h.standing.ns_tricks, view.drive.scoring_rule))
            for h in view.entered
        ],
    }


def _render_captain(
    request: HttpRequest, table: Table, *, error: str = "", status: int = 200
) -> HttpResponse:
    context = _captain_context(request, table, error)
    if request.htmx and not request.htmx.boosted:
        response = render(request, "scoring/captain.html#state", context)
        if context["mode"] == selectors.CaptainMode.FINISHED:
            # The drive is over: show the last state and stop asking.
            response.status_code = HttpResponseStopPolling.status_code
        return response
    return render(request, "scoring/captain.html", context, status=status)


@require_GET
@captain_link
def captain(request: HttpRequest, table: Table) -> HttpResponse:
    return _render_captain(request, table)


def _recorded_message(table: Table, asked: str) -> str:
    """What now stands for the hand a phone was asking about, in words ("" if nothing)."""
    try:
        hand = int(asked[:4])
    except ValueError:
        return ""
    if not 1 <= hand <= table.drive.hands:
        return ""
    result = selectors.standing_result(table_id=table.pk, hand=hand)
    if result is None:
        return ""
    line = rules.hand_line(result.ns_tricks, table.drive.scoring_rule)
    values = {"hand": hand, "ns": line.ns_tricks, "ew": line.ew_tricks}
    if result.status == ResultStatus.PENDING:
        text = _(
            "Hand %(hand)s was entered from another phone: N-S %(ns)s, E-W %(ew)s."
        )
    elif "captain link" in result.source:  # services.captain_source
        text = _(
            "Hand %(hand)s was recorded from another phone: N-S %(ns)s, E-W %(ew)s."
        )
    else:
        text = _("Hand %(hand)s was recorded by the organiser: N-S %(ns)s, E-W %(ew)s.")
    return text % values


@require_GET
@captain_link
def captain_news(request: HttpRequest, table: Table) -> HttpResponse:
    """A waiting phone's cheap question: has this table changed since my page was made?

    `seen` is the table fingerprint the page was made with: unchanged, the
    answer is an empty 204 (one query after the link's). Changed, it is the new
    fingerprint and what now stands for `hand`, the hand the page was asking
    about, so the phone can say what another phone (or the organiser) recorded.
    """
    fingerprint = freshness.table_fingerprint(table=table)
    if request.GET.get("seen", "") == fingerprint:
        response = HttpResponse(status=204)
    else:
        message = _recorded_message(table, request.GET.get("hand", ""))
        response = JsonResponse({"fingerprint": fingerprint, "message": message})
    add_never_cache_headers(response)
    return response


def _captain_answer(
    request: HttpRequest,
    table: Table,
    outcome: services.CaptainOutcome | None = None,
    error: ValidationError | None = None,
) -> HttpResponse:
    """The answer to a phone's POST: JSON for the script, a redirect or page otherwise."""
    if error is not None:
        message, status, kind = " ".join(error.messages), error_status(error), "refused"
    else:
        assert outcome is not None
        message, kind = outcome.message, outcome.kind
        status = 200 if outcome.accepted else 409
    if _wants_json(request):
        return JsonResponse(
            {"ok": status == 200, "kind": kind, "message": message}, status=status
        )
    if status != 200:
        return _render_captain(request, table, error=message, status=status)
    messages.success(request, message)
    return HttpResponseRedirect(reverse("scoring:captain", args=[table.captain_key]))


def _posted_int(request: HttpRequest, name: str) -> int:
    try:
        return int(request.POST.get(name, "").strip())
    except ValueError as exc:
        raise ValidationError(
            "Something was missing from that entry; nothing was saved. Try again.",
            code="invalid",
        ) from exc


def _check_posted_table(request: HttpRequest, table: Table) -> None:
    posted = request.POST.get("table")
    if posted is not None and posted != str(table.number):
        raise ValidationError(
            f"This link is for table {table.number}, not table {posted[:10]}; nothing was saved.",
            code="invalid",
        )


@require_POST
@captain_link
def captain_result(request: HttpRequest, table: Table) -> HttpResponse:
    try:
        _check_posted_table(request, table)
        outcome = services.captain_result_submit(
            table=table,
            hand=_posted_int(request, "hand"),
            ns_tricks=_posted_int(request, "ns_tricks"),
            idempotency_key=request.POST.get("idempotency_key", ""),
        )
    except ValidationError as error:
        return _captain_answer(request, table, error=error)
    return _captain_answer(request, table, outcome=outcome)


@require_POST
@captain_link
def captain_confirm(request: HttpRequest, table: Table) -> HttpResponse:
    action = (
        services.captain_result_reject
        if request.POST.get("answer") == "reject"
        else services.captain_result_confirm
    )
    try:
        _check_posted_table(request, table)
        outcome = action(
            table=table,
            hand=_posted_int(request, "hand"),
            version=_posted_int(request, "version"),
        )
    except ValidationError as error:
        return _captain_answer(request, table, error=error)
    return _captain_answer(request, table, outcome=outcome)


# --- the organiser's room --------------------------------------------------------


def _room_context(drive: Drive) -> dict[str, object]:
    return {
        "drive": drive,
        "room": selectors.room(drive=drive),
        "poll_seconds": POLL_SECONDS,
    }


@assistant_required
@require_GET
def room(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    context = _room_context(drive)
    if request.htmx and not request.htmx.boosted:
        response = render(request, "scoring/room.html#room", context)
        if drive.state == DriveState.FINISHED:
            response.status_code = HttpResponseStopPolling.status_code
        return response
    return render(request, "scoring/room.html", context)


def _room_refused(
    request: HttpRequest, drive: Drive, error: ValidationError
) -> HttpResponse:
    messages.error(request, " ".join(error.messages))
    drive.refresh_from_db()
    return render(
        request, "scoring/room.html", _room_context(drive), status=error_status(error)
    )


@assistant_required
@require_POST
def room_start_next(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    try:
        seen_round = _posted_int(request, "round")
        services.round_start_next(drive=drive, round_number=seen_round)
    except ValidationError as error:
        return _room_refused(request, drive, error)
    drive.refresh_from_db()
    if drive.state == DriveState.FINISHED:
        messages.success(request, "The last round is in: the drive is over.")
        return redirect("scoring:leaderboard", pk=drive.pk)
    messages.success(request, f"Round {drive.current_round} has started.")
    return redirect("scoring:room", pk=drive.pk)


@assistant_required
@require_POST
def room_resolve(request: HttpRequest, pk: int) -> HttpResponse:
    """Settle two phones' disagreement by choosing the right result."""
    drive = club_drive(request, pk)
    try:
        table = _posted_int(request, "table")
        hand = _posted_int(request, "hand")
        ns_tricks = _posted_int(request, "ns_tricks")
        if ns_tricks not in rules.TRICK_COUNTS:
            raise ValidationError("N-S tricks are from 0 to 13.", code="invalid")
        outcome = services.hand_result_conflict_resolve(
            drive=drive,
            table=table,
            hand=hand,
            ns_tricks=ns_tricks,
            seen_version=_posted_int(request, "seen_version"),
            by=request.user,
        )
    except ValidationError as error:
        return _room_refused(request, drive, error)
    for note in outcome.notes:
        messages.warning(request, note)
    messages.success(
        request,
        f"Table {table}, hand {hand}: {rules.tricks_text(ns_tricks)} stands.",
    )
    return redirect("scoring:room", pk=drive.pk)


# --- tables and links ------------------------------------------------------------


def _captain_url(request: HttpRequest, table: Table) -> str:
    return request.build_absolute_uri(
        reverse("scoring:captain", args=[table.captain_key])
    )


def _public_url(request: HttpRequest, drive: Drive) -> str:
    return request.build_absolute_uri(
        reverse("scoring:public", args=[drive.public_key])
    )


@assistant_required
@require_GET
def links(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    tables = [
        (table, _captain_url(request, table))
        for table in Table.objects.filter(drive=drive).order_by("number")
    ]
    context = {
        "drive": drive,
        "tables": tables,
        "public_url": _public_url(request, drive) if drive.public_key else "",
    }
    return render(request, "scoring/links.html", context)


def _svg(svg: str) -> HttpResponse:
    response = HttpResponse(svg, content_type="image/svg+xml")
    # The image holds a secret link: keep it out of shared caches.
    response["Cache-Control"] = "private, no-store"
    return response


@assistant_required
@require_GET
def table_qr(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    drive = club_drive(request, pk)
    found = get_object_or_404(Table, drive=drive, number=table)
    return _svg(qr_svg(_captain_url(request, found)))


@assistant_required
@require_GET
def public_qr(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    if not drive.public_key:
        raise Http404("The leaderboard is not shared.")
    return _svg(qr_svg(_public_url(request, drive)))


@organiser_required
@require_POST
def table_reissue(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    drive = club_drive(request, pk)
    found = get_object_or_404(Table, drive=drive, number=table)
    drive_services.table_key_reissue(table=found)
    messages.success(
        request,
        f"Table {table} has a new link; the old one no longer works. "
        "Print its table card again, or show the new QR code to the captain.",
    )
    return redirect("scoring:links", pk=drive.pk)


@organiser_required
@require_POST
def public_link(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    shared = request.POST.get("shared") == "1"
    drive_services.public_link_set(drive=drive, shared=shared)
    messages.success(
        request,
        "The leaderboard is shared: anyone with the link can see it."
        if shared
        else "The leaderboard is no longer shared; the old link no longer works.",
    )
    return redirect("scoring:links", pk=drive.pk)


# --- projector and public leaderboard --------------------------------------------


def _board_context(drive: Drive, slug: str) -> dict[str, object]:
    boards = selectors.board_groups(drive=drive)
    slugs = [b[1] for b in boards]
    index = slugs.index(slug) if slug in slugs else 0
    title, slug, group = boards[index]
    scores = selectors.drive_scores(drive=drive)
    current = selectors.room(drive=drive) if drive.current_round else None
    return {
        "drive": drive,
        "title": title,
        "slug": slug,
        "rows": scores.standings(group=group),
        "next_slug": slugs[(index + 1) % len(slugs)],
        "hands_complete": scores.hands_complete,
        "room": current,
    }


@assistant_required
@require_GET
def projector(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    board = request.GET.get("board", "overall")
    poll = freshness.BoardPoll(request, f"projector:{board}", drive=drive)
    if poll.unchanged:
        return poll.not_modified()
    context = _board_context(drive, board)
    if request.htmx and not request.htmx.boosted:
        return poll.tag(render(request, "scoring/projector.html#board", context))
    return render(request, "scoring/projector.html", context)


@require_GET
def public(request: HttpRequest, key: str) -> HttpResponse:
    known, refused = _secret_link_guard(request, key, PUBLIC_COOKIE)
    if refused is not None:
        return refused
    poll = freshness.BoardPoll(request, "public", public_key=key)
    if poll.unchanged:
        response = poll.not_modified()
        if not known:
            _remember_link(request, response, key, PUBLIC_COOKIE, "/p/")
        return response
    drive = Drive.objects.filter(public_key=key).exclude(public_key="").first()
    if drive is None:
        _count_miss(request)
        raise Http404("No such leaderboard.")
    scores = selectors.drive_scores(drive=drive)
    context = {
        "drive": drive,
        "boards": [
            (title, slug, scores.standings(group=group))
            for title, slug, group in selectors.board_groups(drive=drive)
        ],
        "hands_complete": scores.hands_complete,
        "live": drive.state == DriveState.IN_PLAY,
        "page_url": reverse("scoring:public", args=[key]),
    }
    if request.htmx and not request.htmx.boosted:
        response = poll.tag(render(request, "scoring/public.html#boards", context))
        if drive.state == DriveState.FINISHED:
            response.status_code = HttpResponseStopPolling.status_code
    else:
        response = render(request, "scoring/public.html", context)
    if not known:
        _remember_link(request, response, key, PUBLIC_COOKIE, "/p/")
    return response
