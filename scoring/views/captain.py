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
"""

from __future__ import annotations

import json
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
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh, HttpResponseStopPolling

from drive import selectors as drive_selectors
from drive import silence
from drive.models import ScoringRule, Table
from drive.movement.types import Side
from drive.trumps import Trump
from players.http import error_status
from scoring import captain as captain_services
from scoring import (
    freshness,
    live,
    rubber,
    rules,
    selectors,
    services,
    wist,
    wist_entry,
)
from scoring.models import HandResult, ResultStatus
from scoring.services import deal_summary
from scoring.views.secret_links import captain_link

# How often the live pages ask for news while they wait (the projector turns slower).
POLL_SECONDS = 5


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.META.get("HTTP_ACCEPT", "")


# --- the captain's page ----------------------------------------------------------


ScoresOf = Callable[[int, str, str], tuple[int, int]]


def _scores_of(view: live.CaptainView) -> ScoresOf:
    """(N-S, E-W) for a hand as the check shows it, from its N-S tricks,
    honours and revoke: a rubber table's game points from the game as it
    stands (scoring.rubber: the limits, a revoke's points, no game on a hand
    the side revoked in), any other table's hand score (scoring.rules)."""
    drive = view.drive
    if drive.plays_rubbers:
        settings = rubber.settings_of(drive)
        before = view.rubber.game_score if view.rubber is not None else (0, 0)
        return lambda ns, honours, revoke: (
            rubber.score_hand(rubber.Deal(ns, honours, revoke), before, settings).points
        )
    scoring = rules.Scoring.of(drive)
    return lambda ns, honours, revoke: rules.deal_scores(ns, scoring, honours, revoke)


def _check_line(
    ns: int, honours: str, revoke: str, scores_of: ScoresOf
) -> rules.HandLine:
    return rules.HandLine(
        ns, rules.ew_tricks(ns), *scores_of(ns, honours, revoke), honours, revoke
    )


def _tricks_table(scores_of: ScoresOf, honours_asked: bool) -> str:
    """The numbers and words the entry steps show, for captain.js (which does no
    arithmetic). Lists are indexed by N-S tricks (0..13): both sides' tricks;
    both sides' scores for each honours the page may ask for ("" alone unless
    it asks), each revoke and each trick count; the words for each honours and
    revoke; and for each winning side and odd trick count the N-S tricks."""
    honours = list(rules.Honours) if honours_asked else [rules.Honours.NONE]
    return json.dumps(
        {
            "tricks": [[ns, rules.ew_tricks(ns)] for ns in rules.TRICK_COUNTS],
            "said": [rules.result_words(ns) for ns in rules.TRICK_COUNTS],
            "scores": {
                h.value: {
                    r.value: [
                        scores_of(ns, h.value, r.value) for ns in rules.TRICK_COUNTS
                    ]
                    for r in rules.Revoke
                }
                for h in honours
            },
            "words": {
                h.value: {r.value: rules.deal_text(h, r) for r in rules.Revoke}
                for h in honours
            },
            "from_odd": {
                side.value: {
                    odd: rules.ns_tricks_from_odd(side, odd)
                    for odd in rules.ODD_TRICK_COUNTS
                }
                for side in Side
            },
        },
        separators=(",", ":"),
    )


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
        check=_check_line(ns_tricks, honours.value, revoke.value, _scores_of(view)),
        words=rules.deal_text(honours, revoke),
    )
    return step


@dataclass(frozen=True)
class RubberPanel:
    """What a rubber table's page shows of its round, from RubberScore: the
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


def _game_news(table: Table, result: HandResult) -> str:
    """At a rubber table, the game or rubber a confirmed hand won, in words
    ("Game to N-S, 5-0."), read fresh from its round; "" for any other hand,
    a hand the table has played on from, and other drives."""
    drive = table.drive
    if not drive.plays_rubbers or result.status != ResultStatus.CONFIRMED:
        return ""
    state = live.room(
        drive=drive,
        round_number=drive.round_of_hand(result.hand),
        table_number=table.number,
    ).table(table.number)
    score = live.rubber_score(drive, state) if state is not None else None
    if score is None or score.current is None:
        return ""
    # The score counts the round's confirmed hands in order: the news is of
    # the last of them, if it is this one.
    if score.hands[-1] != result.hand:
        return ""
    if score.current.hands[-1].game_to is None:
        return ""
    return _("%(news)s.") % {"news": score.last_words}


def _with_news(message: str, news: str) -> str:
    return f"{message} {news}" if news else message


# --- prediction whist ----------------------------------------------------------------

# The most players at a table: the form's fields are prediction_0.. and tricks_0..
MOST_SEATS = max(wist.PLAYER_COUNTS)


def _wist_players(state: live.TableState) -> tuple[wist_entry.Player, ...] | None:
    """A prediction whist table's players in seat order (N, E, S, W, then the
    fifth), seats numbered 0 up; None unless four or five sit there."""
    positions = [seat.value for seat in wist.SEAT_POSITIONS]
    places = sorted(
        (p for p in state.seats if p.number is not None and p.seat in positions),
        key=lambda p: positions.index(p.seat),
    )
    if len(places) not in wist.PLAYER_COUNTS:
        return None
    return tuple(
        wist_entry.Player(seat, place.number, place.name)
        for seat, place in enumerate(places)
    )


def _posted_seats(data: QueryDict, name: str) -> dict[int, int]:
    """Each seat's number as a form sent it (`prediction_0`, ...), leaving out
    anything that is not a whole number: what the check shows as not chosen."""
    numbers = {}
    for seat in range(MOST_SEATS):
        raw = data.get(f"{name}_{seat}", "")
        if isinstance(raw, str) and 0 < len(raw.strip()) <= 3:
            try:
                numbers[seat] = int(raw.strip())
            except ValueError:
                continue
    return numbers


def _posted_deal(request: HttpRequest, name: str) -> tuple[int, ...]:
    """Each seat's number as the phone sent it, in seat order, for the send:
    from `<name>_0` up to the first seat not sent. Anything else than whole
    numbers is refused; the count and the values are the rules' to check."""
    numbers = []
    # One more than a table can have: a number too many is refused, not left out.
    for seat in range(MOST_SEATS + 1):
        key = f"{name}_{seat}"
        if key not in request.POST:
            break
        numbers.append(posted_int(request, key))
    return tuple(numbers)


def _deal_of_result(result: HandResult) -> wist.Deal | None:
    """A stored prediction whist result as the rules see it (None if it is not one)."""
    if not result.predictions:
        return None
    try:
        return wist.drive_deal(
            result.hand, wist.decode(result.predictions), wist.decode(result.tricks)
        )
    except (TypeError, ValueError):
        return None


def _wist_context(
    view: live.CaptainView, posted: QueryDict | None = None
) -> dict[str, object]:
    """What a prediction whist table's page shows: the deal to enter (with what
    the form `posted` for it, if anything), or the one an opponent checks, and
    the game so far (the last deal's points and each player's total)."""
    context: dict[str, object] = {
        "wist_entry": None,
        "wist_pending": None,
        "wist_score": None,
        "wist_problem": "",
    }
    state = view.state
    if state is None:
        return context
    players = _wist_players(state)
    if players is None:
        context["wist_problem"] = _(
            "Prediction whist is played by four or five players at a table, and "
            "this table has %(count)s: ask the organiser."
        ) % {"count": sum(p.number is not None for p in state.seats)}
        return context
    deals = {}
    for hand_state in state.hands:
        confirmed = hand_state.confirmed
        deal = _deal_of_result(confirmed) if confirmed is not None else None
        if deal is not None and deal.players == len(players):
            deals[hand_state.hand] = deal
    context["wist_score"] = wist_entry.game_score(players, deals)
    hand = view.hand
    if view.mode == live.CaptainMode.ENTER and hand is not None:
        predictions: dict[int, int] = {}
        tricks: dict[int, int] = {}
        if posted is not None and posted.get("hand") == str(hand.hand):
            predictions = _posted_seats(posted, "prediction")
            tricks = _posted_seats(posted, "tricks")
        context["wist_entry"] = wist_entry.deal_entry(
            hand.hand, players, predictions, tricks
        )
    elif view.mode == live.CaptainMode.CONFIRM and hand is not None:
        pending = hand.pending
        deal = _deal_of_result(pending) if pending is not None else None
        if deal is not None and deal.players == len(players):
            context["wist_pending"] = wist_entry.deal_entry(
                hand.hand,
                players,
                dict(enumerate(deal.predictions)),
                dict(enumerate(deal.tricks)),
            )
    return context


def _captain_context(
    request: HttpRequest,
    table: Table,
    error: str = "",
    posted: QueryDict | None = None,
) -> dict[str, object]:
    # Before the page's reads: a write in between then shows up on the next ask.
    fingerprint = freshness.table_fingerprint(table=table)
    view = live.captain_view(drive=table.drive, table_number=table.number)
    scoring = rules.Scoring.of(view.drive)
    hand = view.hand
    pending = hand.pending if hand is not None else None
    honours_asked = hand is not None and services.honours_asked(view.drive, hand.trumps)
    predicting = view.drive.plays_predictions
    context: dict[str, object] = {
        "wist": predicting,
        **(_wist_context(view, posted) if predicting else {}),
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
            _check_line(
                pending.ns_tricks, pending.honours, pending.revoke, _scores_of(view)
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
        # Only while the page asks for an entry (and made for its hand).
        "tricks_table": (
            _tricks_table(_scores_of(view), honours_asked)
            if view.mode == live.CaptainMode.ENTER and not predicting
            else ""
        ),
        # The page's own key for an entry sent without JavaScript; the script
        # makes a fresh one in the browser for each entry (a prediction whist
        # deal sends the key of the form as last checked: a new one each time).
        "idempotency_key": secrets.token_urlsafe(16),
        "page_url": reverse("scoring:captain", args=[table.captain_key]),
        "check_url": reverse("scoring:captain_check", args=[table.captain_key]),
        "news_url": reverse("scoring:captain_news", args=[table.captain_key]),
        "fingerprint": fingerprint,
        "poll_seconds": POLL_SECONDS,
        "rubber": _rubber_panel(view.rubber),
        "clock": drive_selectors.clock_view(drive=view.drive),
        "error": error,
        "entered": [
            (
                h,
                rules.hand_line(
                    h.standing.ns_tricks,
                    scoring,
                    h.standing.honours,
                    h.standing.revoke,
                ),
                rules.deal_text(h.standing.honours, h.standing.revoke),
            )
            for h in view.entered
            if not predicting
        ],
    }
    # htmx only where the page uses it: a prediction whist table's page checks
    # each deal with it as it is entered (and a deal to enter can come in while
    # the page waits). Everywhere else captain.js alone does the work, and the
    # phone's first load on the hall's Wi-Fi is the smaller for it.
    context["uses_htmx"] = predicting
    return context


def _render_captain(
    request: HttpRequest,
    table: Table,
    *,
    error: str = "",
    status: int = 200,
    posted: QueryDict | None = None,
) -> HttpResponse:
    context = _captain_context(request, table, error, posted)
    if request.htmx and not request.htmx.boosted:
        response = render(request, "scoring/captain.html#state", context)
        if context["mode"] == live.CaptainMode.FINISHED:
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
    values = {"hand": hand, "deal": deal_summary(result)}
    if result.predictions:
        # A prediction deal is named as the players know it: deal 3 of game 2.
        values.update(game=wist.game_of_hand(hand), number=wist.deal_in_game(hand))
        if result.status == ResultStatus.PENDING:
            text = _(
                "Deal %(number)s of game %(game)s was entered from another phone: "
                "%(deal)s."
            )
        elif "captain link" in result.source:  # captain_services.captain_source
            text = _(
                "Deal %(number)s of game %(game)s was recorded from another phone: "
                "%(deal)s."
            )
        else:
            text = _(
                "Deal %(number)s of game %(game)s was recorded by the organiser: "
                "%(deal)s."
            )
    elif result.status == ResultStatus.PENDING:
        text = _("Hand %(hand)s was entered from another phone: %(deal)s.")
    elif "captain link" in result.source:  # captain_services.captain_source
        text = _("Hand %(hand)s was recorded from another phone: %(deal)s.")
    else:
        text = _("Hand %(hand)s was recorded by the organiser: %(deal)s.")
    return _with_news(text % values, _game_news(table, result))


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
    if error is not None:
        message, status, kind = " ".join(error.messages), error_status(error), "refused"
    else:
        assert outcome is not None
        message, kind = outcome.message, outcome.kind
        status = 200 if outcome.accepted else 409
        if outcome.accepted:
            # A read after the write: what the hand did to the game, if anything.
            message = _with_news(message, _game_news(table, outcome.result))
    if _wants_json(request):
        return JsonResponse(
            {"ok": status == 200, "kind": kind, "message": message}, status=status
        )
    if status != 200:
        return _render_captain(
            request, table, error=message, status=status, posted=request.POST
        )
    # A script's request (htmx) carries no flashed messages: none to leave.
    messages.success(request, message, fail_silently=True)
    return HttpResponseRedirect(reverse("scoring:captain", args=[table.captain_key]))


def posted_int(request: HttpRequest, name: str) -> int:
    try:
        return int(request.POST.get(name, "").strip())
    except ValueError as exc:
        raise ValidationError(
            _("Something was missing from that entry; nothing was saved. Try again."),
            code="invalid",
        ) from exc


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
        _check_posted_table(request, table)
        hand = posted_int(request, "hand")
        numbers: dict[str, object]
        if table.drive.plays_predictions:
            # A deal: each seat's prediction and tricks, in seat order.
            numbers = {
                "ns_tricks": 0,
                "predictions": _posted_deal(request, "prediction"),
                "tricks": _posted_deal(request, "tricks"),
            }
        else:
            numbers = {
                "ns_tricks": posted_int(request, "ns_tricks"),
                "honours": request.POST.get("honours", ""),
                "revoke": request.POST.get("revoke", ""),
            }
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
    entry = context.get("wist_entry")
    if not isinstance(entry, wist_entry.DealEntry) or request.POST.get("hand") != str(
        entry.hand
    ):
        if request.htmx:
            return HttpResponseClientRefresh()
        return HttpResponseRedirect(
            reverse("scoring:captain", args=[table.captain_key])
        )
    if request.htmx:
        return render(request, "scoring/_captain_wist_entry.html", context)
    return render(request, "scoring/captain.html", context)
