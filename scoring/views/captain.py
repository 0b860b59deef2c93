"""The captain's phone (/t/<key>/): one table's page, with no account.

The captain enters each hand's N-S tricks; an opponent confirms where the
drive asks for it; the page asks for news while it waits. Every page works
without JavaScript (plain forms, redirects, a refresh tag); htmx and
static/js/captain.js make it live and keep a phone's entries safe through a
dropped connection.

In prediction whist the captain enters a deal: each player's prediction, in
the order they predict, then each player's tricks, on one form. Each change
is checked by the server (`captain_check`, which renders the form again: the
last player's barred number greyed out with the reason, the sums so far,
Send only once the deal is right); without JavaScript a Check button does the
same by a whole page. The send itself goes the usual way (`captain_result`).

What differs by the drive's game (hands, rubbers, prediction deals) is the
game's phone object's to answer (scoring/views/phone_games.py).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
    JsonResponse,
    QueryDict,
)
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST, require_safe
from django_htmx.http import HttpResponseClientRefresh, HttpResponseStopPolling

from drive import selectors as drive_selectors
from drive import silence
from drive.models import ScoringRule, Table
from drive.trumps import Trump
from players.http import error_status
from scoring import captain as captain_services
from scoring import freshness, live, prediction_entry, rules, selectors, services
from scoring.views.phone_games import PHONES, check_line
from scoring.views.posted import posted_int
from scoring.views.secret_links import captain_link

# How often the live pages ask for news while they wait (the projector turns slower).
POLL_SECONDS = 5
# A send still on its way after this long is said to be slow ("Still
# sending…"); after the second, the phone gives it up as failed ("No
# connection") and sends it again later under its key (milliseconds, for the
# script, which does no arithmetic).
SEND_SLOW_MS = 15_000
SEND_GIVE_UP_MS = 60_000


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.META.get("HTTP_ACCEPT", "")


def _entry_step(request: HttpRequest, view: live.CaptainView) -> dict[str, object]:
    """Which step of the entry a page without JavaScript is on, from its query string.

    Odd tricks: who won, then the odd tricks (1..7). Total tricks: N-S tricks
    (0..13). Then the honours, when the drive counts them and the hand has
    trumps; then check, where a revoke may be marked. The later steps carry the
    N-S tricks as `ns`, whatever the rule. Anything unexpected starts again.
    """
    first: dict[str, object] = {
        "name": "first",
        "won": "",
        "ns": "",
        "honours": "",
        "revoke": "",
        "check": None,
        "words": "",
    }
    step = dict(first)
    hand = view.hand
    if hand is None or request.GET.get("hand") != str(hand.hand):
        return step
    drive = view.drive
    won = request.GET.get("won", "")
    ns_tricks = None
    try:
        if drive.scoring_rule == ScoringRule.ODD_TRICKS and won in ("NS", "EW"):
            step.update(name="odd", won=won)
            if "odd" in request.GET:
                odd = int(request.GET["odd"])
                if odd in rules.ODD_TRICK_COUNTS:
                    ns_tricks = rules.ns_tricks_from_odd(won, odd)
        elif "ns" in request.GET:
            ns = int(request.GET["ns"])
            if ns in rules.TRICK_COUNTS:
                ns_tricks = ns
    except ValueError:
        return first
    if ns_tricks is None:
        return step
    if services.honours_asked(drive, hand.trumps) and "honours" not in request.GET:
        step.update(name="honours", ns=ns_tricks)
        return step
    try:
        honours, revoke = rules.check_deal(
            request.GET.get("honours", ""),
            request.GET.get("revoke", ""),
            honours_counted=drive.count_honours,
            no_trumps=hand.trumps is Trump.NO_TRUMPS,
        )
    except ValueError:
        return first
    step.update(
        name="check",
        ns=ns_tricks,
        honours=honours.value,
        revoke=revoke.value,
        check=check_line(
            ns_tricks,
            honours.value,
            revoke.value,
            PHONES[drive.game].scores_of(view),
        ),
        words=rules.deal_text(honours, revoke),
    )
    return step


@dataclass(frozen=True)
class RubberPanel:
    """What a rubber table's page shows of its round, from TableRubbers: the
    rubber in play, its game's score and games won, (N-S, E-W) each, the
    round's rubber values so far, and what the last hand did in words
    (`game_won`: it won a game, or the rubber)."""

    rubber: int
    game_score: tuple[int, int]
    games_won: tuple[int, int]
    values: tuple[int, int]
    words: str
    game_won: bool


def _rubber_panel(score: live.TableRubbers | None) -> RubberPanel | None:
    if score is None:
        return None
    current = score.current
    if current is None:
        return RubberPanel(1, (0, 0), (0, 0), (0, 0), "", False)
    last = current.hands[-1]
    return RubberPanel(
        # A finished rubber: the next hand starts the next one.
        rubber=current.number + 1 if current.over else current.number,
        game_score=score.game_score,
        games_won=score.games_won,
        values=score.values,
        words=score.last_words,
        game_won=last.game_to is not None,
    )


def _with_news(message: str, news: str) -> str:
    return f"{message} {news}" if news else message


def _captain_context(
    request: HttpRequest,
    table: Table,
    error: str = "",
    posted: QueryDict | None = None,
) -> dict[str, object]:
    # Before the page's reads: a write in between then shows up on the next ask.
    fingerprint = freshness.table_fingerprint(table=table)
    view = live.captain_view(drive=table.drive, table_number=table.number)
    phone = PHONES[view.drive.game]
    hand = view.hand
    pending = hand.pending if hand is not None else None
    honours_asked = hand is not None and services.honours_asked(view.drive, hand.trumps)
    context: dict[str, object] = {
        # What the page shows of the game: the tricks or a prediction whist
        # deal, the hands entered so far, whether it uses htmx.
        **phone.context(view, posted, honours_asked=honours_asked),
        # A silent round (drive.silence): no running totals on the phone.
        "quiet": silence.round_is_quiet(view.drive, view.room.round_number),
        "drive": view.drive,
        "table": table,
        "view": view,
        "mode": view.mode,
        "hand": hand,
        "pending": pending,
        # The opponents confirm the numbers the entering phone was shown.
        "pending_line": (
            check_line(
                pending.ns_tricks,
                pending.honours,
                pending.revoke,
                phone.scores_of(view),
            )
            if pending
            else None
        ),
        "pending_words": (
            rules.deal_text(pending.honours, pending.revoke) if pending else ""
        ),
        "step": _entry_step(request, view),
        "odd_choices": rules.ODD_TRICK_COUNTS,
        "total_choices": rules.TRICK_COUNTS,
        "honours_asked": honours_asked,
        "honours_choices": rules.HONOURS_CHOICES,
        "revoke_choices": rules.REVOKE_CHOICES,
        # The page's own key for an entry sent without JavaScript; the script
        # makes a fresh one in the browser for each entry (a prediction whist
        # deal sends the key of the form as last checked: a new one each time).
        "idempotency_key": secrets.token_urlsafe(16),
        "page_url": reverse("scoring:captain", args=[table.captain_key]),
        "check_url": reverse("scoring:captain_check", args=[table.captain_key]),
        "news_url": reverse("scoring:captain_news", args=[table.captain_key]),
        "fingerprint": fingerprint,
        "poll_seconds": POLL_SECONDS,
        "send_slow_ms": SEND_SLOW_MS,
        "send_give_up_ms": SEND_GIVE_UP_MS,
        "rubber": _rubber_panel(view.rubber),
        "clock": drive_selectors.clock_view(drive=view.drive),
        "error": error,
    }
    return context


def _cards_context(
    request: HttpRequest,
    table: Table,
    error: str = "",
    posted: QueryDict | None = None,
) -> dict[str, object]:
    """The table's page in a drive that takes its cards in at the end: no
    entry, only where to sit and the trumps; it asks for news until the end.

    Nobody tells the site who won, so where the players move by the rule at
    their tables (a movement not planned before play) the site's seats after
    the first round are a guess: the page shows the rule's call at the bell
    instead of them."""
    view = live.captain_view(drive=table.drive, table_number=table.number)
    drive = view.drive
    return {
        "drive": drive,
        "table": table,
        "view": view,
        "mode": view.mode,
        "seats_known": drive.is_fixed or view.room.round_number <= 1,
        "bell_call": (
            "" if drive.is_fixed else drive_selectors.bell_view(drive=drive).call
        ),
        "polling": view.mode != live.CaptainMode.FINISHED,
        "page_url": reverse("scoring:captain", args=[table.captain_key]),
        "poll_seconds": POLL_SECONDS,
        "clock": drive_selectors.clock_view(drive=view.drive),
        "error": error,
    }


@dataclass(frozen=True)
class CaptainPage:
    """A captain's page for one way of scoring: its template (whose `state`
    partial is what a waiting phone asks for) and what it is given."""

    template: str
    context: Callable[..., dict[str, object]]


# The one choice by the way the drive's scores come in: hand by hand on the
# phone, or on the players' own cards, typed at the desk at the end
# (drive.cards_in), when the phone enters nothing.
ENTRY_PAGE = CaptainPage("scoring/captain.html", _captain_context)
CARDS_PAGE = CaptainPage("scoring/captain_cards.html", _cards_context)


def _page_of(table: Table) -> CaptainPage:
    return CARDS_PAGE if table.drive.cards_in else ENTRY_PAGE


def _render_captain(
    request: HttpRequest,
    table: Table,
    *,
    error: str = "",
    status: int = 200,
    posted: QueryDict | None = None,
) -> HttpResponse:
    page = _page_of(table)
    context = page.context(request, table, error, posted)
    if request.htmx and not request.htmx.boosted:
        response = render(request, f"{page.template}#state", context)
        if context["mode"] == live.CaptainMode.FINISHED:
            # The drive is over: show the last state and stop asking.
            response.status_code = HttpResponseStopPolling.status_code
        return response
    return render(request, page.template, context, status=status)


@require_safe
@captain_link
def captain(request: HttpRequest, table: Table) -> HttpResponse:
    if request.method == "HEAD":
        # The phone asks for the page's headers before it loads it again
        # (captain.js, moveOn: is the line up?). The link resolved is the
        # answer; nothing is rendered for it.
        response = HttpResponse()
        add_never_cache_headers(response)
        return response
    return _render_captain(request, table)


# The most hands one answer puts in words: a phone asleep for a round or two
# hears of each hand recorded meanwhile, and a phone asleep all evening is not
# given a page of them (its page shows the hand the table is on).
NEWS_HANDS = 4


def _recorded_message(table: Table, asked: str) -> str:
    """What now stands for the hand a phone was asking about, in words, with
    each hand after it recorded meanwhile (a phone asleep while the room moved
    on); "" if nothing."""
    try:
        hand = int(asked[:4])
    except ValueError:
        return ""
    if not 1 <= hand <= table.drive.hands:
        return ""
    results = selectors.standing_results_from(
        table_id=table.pk, hand=hand, count=NEWS_HANDS
    )
    phone = PHONES[table.drive.game]
    if not results:
        return phone.not_played(table, hand)
    return " ".join(
        _with_news(
            phone.recorded(table, result, result.hand), phone.game_news(table, result)
        )
        for result in results
    )


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
    outcome: captain_services.CaptainOutcome | None = None,
    error: ValidationError | None = None,
) -> HttpResponse:
    """The answer to a phone's POST: JSON for the script, a redirect or page
    otherwise (a prediction whist deal's form keeping what was sent, so that
    nothing need be entered again)."""
    news = ""
    if error is not None:
        message, status, kind = " ".join(error.messages), error_status(error), "refused"
    else:
        assert outcome is not None
        message, kind = outcome.message, outcome.kind
        status = 200 if outcome.accepted else 409
        if outcome.accepted:
            # A read after the write: what the hand did to the game, if anything.
            news = PHONES[table.drive.game].game_news(table, outcome.result)
            message = _with_news(message, news)
    # The page the phone goes back to may say the result itself: then once.
    said_there = (
        outcome is not None and not news and _listed_on_the_page(table, outcome)
    )
    if _wants_json(request):
        answer: dict[str, object] = {
            "ok": status == 200,
            "kind": kind,
            "message": message,
        }
        if said_there:
            # The script leaves out what the page it reloads says itself.
            answer["on_page"] = True
        return JsonResponse(answer, status=status)
    if status != 200:
        return _render_captain(
            request, table, error=message, status=status, posted=request.POST
        )
    # A script's request (htmx) carries no flashed messages: none to leave.
    if not said_there:
        messages.success(request, message, fail_silently=True)
    return HttpResponseRedirect(reverse("scoring:captain", args=[table.captain_key]))


def _listed_on_the_page(table: Table, outcome: captain_services.CaptainOutcome) -> bool:
    """Whether the page the phone goes back to says this result itself: the
    last hand of a table's round is listed with the others while the table
    waits, and a flash saying it again would repeat it. The write knew
    (CaptainOutcome.table_waits): at the bell a hundred phones ask, and
    building each table's page here would cost each answer several times the
    write. A hand sent or confirmed again (its first answer lost on the line)
    and a confirmation are listed too."""
    kind = captain_services.Kind
    kinds = (kind.RECORDED, kind.CONFIRMED, kind.ALREADY)
    return (
        outcome.kind in kinds
        and outcome.table_waits
        and PHONES[table.drive.game].lists_entered_hands
    )


def _check_posted_table(request: HttpRequest, table: Table) -> None:
    posted = request.POST.get("table")
    if posted is not None and posted != str(table.number):
        raise ValidationError(
            # Translators: posted is the table number the phone sent (as typed).
            _(
                "This link is for table %(table)s, not table %(posted)s; "
                "nothing was saved."
            )
            % {"table": table.number, "posted": posted[:10]},
            code="invalid",
        )


def _plan_reads(request: HttpRequest, key: str) -> tuple[str, list] | None:
    """The submission's plan query, to go with the link's lookup."""
    idempotency_key = request.POST.get("idempotency_key", "")
    if not captain_services.IDEMPOTENCY_KEY.fullmatch(idempotency_key):
        return None
    return captain_services.plan_reads_sql(key)


@require_POST
@captain_link(also=_plan_reads)
def captain_result(
    request: HttpRequest, table: Table, also_rows: list[tuple] | None = None
) -> HttpResponse:
    try:
        captain_services.check_phone_entry(table.drive)
        _check_posted_table(request, table)
        hand = posted_int(request, "hand")
        numbers = PHONES[table.drive.game].posted_result(request)
        outcome = captain_services.captain_result_submit(
            table=table,
            hand=hand,
            idempotency_key=request.POST.get("idempotency_key", ""),
            plan_reads=also_rows,
            **numbers,
        )
    except ValidationError as error:
        return _captain_answer(request, table, error=error)
    return _captain_answer(request, table, outcome=outcome)


@require_POST
@captain_link
def captain_confirm(request: HttpRequest, table: Table) -> HttpResponse:
    action = (
        captain_services.captain_result_reject
        if request.POST.get("answer") == "reject"
        else captain_services.captain_result_confirm
    )
    try:
        captain_services.check_phone_entry(table.drive)
        _check_posted_table(request, table)
        outcome = action(
            table=table,
            hand=posted_int(request, "hand"),
            version=posted_int(request, "version"),
        )
    except ValidationError as error:
        return _captain_answer(request, table, error=error)
    return _captain_answer(request, table, outcome=outcome)


@require_POST
@captain_link
def captain_check(request: HttpRequest, table: Table) -> HttpResponse:
    """A prediction whist deal's form, checked as the captain fills it in: the
    form again with what was chosen, the last player's barred number greyed
    out with the reason, the sums so far and Send once the deal is right (the
    whole page without JavaScript). Nothing is written. A form for a deal the
    table is no longer on gets the page as it now is."""
    context = _captain_context(request, table, posted=request.POST)
    entry = context.get("prediction_entry")
    if not isinstance(entry, prediction_entry.DealEntry) or request.POST.get(
        "hand"
    ) != str(entry.hand):
        if request.htmx:
            return HttpResponseClientRefresh()
        return HttpResponseRedirect(
            reverse("scoring:captain", args=[table.captain_key])
        )
    if request.htmx:
        return render(request, "scoring/_captain_prediction_entry.html", context)
    return render(request, "scoring/captain.html", context)
