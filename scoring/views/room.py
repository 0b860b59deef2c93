"""The organiser's evening: the room, the tables' links, the projector and the
public leaderboard.

- *Room*: every table of the current round, live, for the organiser and
  assistants; conflicts to settle; the "Start next round" button.
- *Tables and links*: each table's captain link and QR code, revoke and reissue;
  the public leaderboard link.
- *Projector*: a large leaderboard that turns through overall and each group.
- *Public leaderboard* (/p/<key>/): read-only, for players' phones.

What the room and the projector show differently by the drive's game is the
game's room object's to answer (scoring/views/room_games.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from drive import clock_services, silence
from drive import selectors as drive_selectors
from drive import services as drive_services
from drive.hall import phone_base_url, phone_url
from drive.models import Drive, DriveState, Table
from drive.qr import qr_svg
from drive.secret_links import drive_by_public_key
from drive.views import club_drive
from players.access import assistant_required, organiser_required
from players.http import error_status
from players.language import use_club
from scoring import (
    charts,
    entry_ways,
    freshness,
    live,
    player_view,
    race,
    rubber,
    selectors,
    services,
)
from scoring.board_notices import board_notices
from scoring.views import captain
from scoring.views.posted import posted_int
from scoring.views.room_games import ROOMS
from scoring.views.secret_links import (
    PUBLIC_COOKIE,
    count_miss,
    remember_link,
    secret_link_guard,
)

# --- the organiser's room --------------------------------------------------------


@dataclass(frozen=True)
class RoomTable:
    """A table as the room shows it: its state, its rubbers as they stand (a
    rubber drive; None otherwise) and the hands to list, each with what it did
    in its rubber ("" outside rubbers); a prediction whist table's game (None
    otherwise)."""

    state: live.TableState
    rubber: live.TableRubbers | None
    hands: tuple[tuple[live.HandState, str], ...]
    game: live.PredictionGame | None = None

    @property
    def way(self) -> str:
        """How the round's results came in: by phone, on paper, both, not yet."""
        return entry_ways.table_way(
            h.standing.source for h in self.state.hands if h.standing is not None
        )

    @property
    def way_label(self) -> str:
        return str(entry_ways.LABELS[self.way])


def _room_table(drive: Drive, state: live.TableState) -> RoomTable:
    game = live.prediction_game(drive, state)
    if game is not None:
        return RoomTable(state, None, (), game)
    score = live.rubber_score(drive, state)
    if score is None:
        return RoomTable(state, None, tuple((h, "") for h in state.hands))
    # A rubber round is long (up to 24 hands): the hands with a result, then the
    # one the table plays now; each scored hand with what it did in its game.
    played = score.by_hand()
    current = state.current
    hands = tuple(
        (h, rubber.hand_words(played[h.hand]) if h.hand in played else "")
        for h in state.hands
        if h.history or (current is not None and h.hand == current.hand)
    )
    return RoomTable(state, score, hands)


def _room_context(drive: Drive) -> dict[str, object]:
    current = live.room(drive=drive)
    room_game = ROOMS[drive.game]
    return {
        "drive": drive,
        "room_game": room_game,
        "room": current,
        "clock": drive_selectors.clock_view(drive=drive),
        "clock_extras": CLOCK_EXTRA_MINUTES,
        "round_minutes": drive.round_seconds // 60,
        "round_times": drive_selectors.round_times(drive=drive),
        "tables": [_room_table(drive, t) for t in current.tables],
        "poll_seconds": captain.POLL_SECONDS,
        # Each side's score for a hand with honours or a revoke (deals.deal_extra);
        # a rubber drive's hands score only as the rubbers they make.
        "scoring": room_game.deal_scoring(drive),
        # A prediction whist game's deals, in order.
        "prediction_kinds": room_game.deal_kinds,
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
        seen_round = posted_int(request, "round")
        services.round_start_next(drive=drive, round_number=seen_round, by=request.user)
    except ValidationError as error:
        return _room_refused(request, drive, error)
    drive.refresh_from_db()
    # At rubber tables, and on an evening of cards in, the bell ends the round.
    bell = ROOMS[drive.game].bell_ends_round or drive.cards_in
    if drive.state == DriveState.FINISHED:
        messages.success(
            request,
            _("The bell has rung for the last round: the drive is over.")
            if bell
            else _("The last round is in: the drive is over."),
        )
        return redirect("scoring:leaderboard", pk=drive.pk)
    messages.success(
        request,
        _("The bell has rung: round %(ended)s is over and round %(round)s has started.")
        % {"ended": drive.current_round - 1, "round": drive.current_round}
        if bell
        else drive.words.round_started(drive.current_round),
    )
    return redirect("scoring:room", pk=drive.pk)


# The extensions the room offers, in minutes.
CLOCK_EXTRA_MINUTES = (1, 2, 5)


def _clock_done(drive: Drive, action: str) -> str:
    words = {
        clock_services.START: _("The clock has started."),
        clock_services.PAUSE: _("The clock is paused."),
        clock_services.RESUME: _("The clock is running again."),
        clock_services.STOP: _("The clock is stopped."),
    }
    if action in words:
        return words[action]
    view = drive_selectors.clock_view(drive=drive)
    return _("Time added: %(left)s left.") % {"left": view.text if view else "0:00"}


@assistant_required
@require_POST
def room_clock(request: HttpRequest, pk: int) -> HttpResponse:
    """Start, pause, resume, extend or stop the round clock (drive.clock_services)."""
    drive = club_drive(request, pk)
    # The extensions are buttons of their own, each with its minutes.
    extend = request.POST.get("extend")
    action = clock_services.EXTEND if extend else request.POST.get("action", "")
    try:
        drive = clock_services.clock_change(
            drive=drive, action=action, minutes=extend, by=request.user
        )
    except ValidationError as error:
        return _room_refused(request, drive, error)
    messages.success(request, _clock_done(drive, action))
    return redirect("scoring:room", pk=drive.pk)


@assistant_required
@require_POST
def room_bell(request: HttpRequest, pk: int) -> HttpResponse:
    """Ring the bell on the projector by hand (drive.clock_services.bell_ring)."""
    drive = club_drive(request, pk)
    try:
        clock_services.bell_ring(drive=drive, by=request.user)
    except ValidationError as error:
        return _room_refused(request, drive, error)
    messages.success(request, _("The bell rings on the projector."))
    return redirect("scoring:room", pk=drive.pk)


@assistant_required
@require_GET
def projector_clock(request: HttpRequest, pk: int) -> HttpResponse:
    """The projector's countdown, asked for every few seconds and never cached:
    each answer carries the seconds left as the server counts them now."""
    drive = club_drive(request, pk)
    response = render(
        request,
        "scoring/projector.html#clock",
        {
            "drive": drive,
            "clock": drive_selectors.clock_view(drive=drive),
            "bell": drive_selectors.bell_view(drive=drive),
        },
    )
    add_never_cache_headers(response)
    if drive.state == DriveState.FINISHED:
        response.status_code = HttpResponseStopPolling.status_code
    return response


@assistant_required
@require_POST
def room_resolve(request: HttpRequest, pk: int) -> HttpResponse:
    """Settle two phones' disagreement by choosing the right result."""
    drive = club_drive(request, pk)
    try:
        table = posted_int(request, "table")
        hand = posted_int(request, "hand")
        chosen = ROOMS[drive.game].posted_result(request)
        outcome = services.hand_result_conflict_resolve(
            drive=drive,
            table=table,
            hand=hand,
            **chosen,
            seen_version=posted_int(request, "seen_version"),
            by=request.user,
        )
    except ValidationError as error:
        return _room_refused(request, drive, error)
    for note in outcome.notes:
        messages.warning(request, note)
    messages.success(
        request,
        ROOMS[drive.game].settled(
            drive, table, hand, services.deal_summary(outcome.results[0])
        ),
    )
    return redirect("scoring:room", pk=drive.pk)


# --- tables and links ------------------------------------------------------------


def _captain_url(request: HttpRequest, table: Table) -> str:
    return phone_url(request, reverse("scoring:captain", args=[table.captain_key]))


def _public_url(request: HttpRequest, drive: Drive) -> str:
    return phone_url(request, reverse("scoring:public", args=[drive.public_key]))


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
        # Started with `make hall`: the address the phones open the site at.
        "hall_url": phone_base_url(request) if settings.HALL_ADDRESS else "",
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
def hall_qr(request: HttpRequest, pk: int) -> HttpResponse:
    """The QR code of the site's address in the hall (`make hall`)."""
    club_drive(request, pk)
    if not settings.HALL_ADDRESS:
        raise Http404("The site was not started for a hall.")
    return _svg(qr_svg(phone_base_url(request)))


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
        _(
            "Table %(table)s has a new link; the old one no longer works. "
            "Print its table card again, or show the new QR code to the captain."
        )
        % {"table": table},
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
        _("The leaderboard is shared: anyone with the link can see it.")
        if shared
        else _("The leaderboard is no longer shared; the old link no longer works."),
    )
    return redirect("scoring:links", pk=drive.pk)


# --- projector and public leaderboard --------------------------------------------


# The projector's last slide after the boards: the race (scoring.race).
RACE_SLUG = "race"


def _board_context(drive: Drive, slug: str) -> dict[str, object]:
    boards = selectors.board_groups(drive=drive)
    # The race once there is one to run: a hand with a result.
    if drive.state in (DriveState.IN_PLAY, DriveState.FINISHED):
        boards.append((_("The race"), RACE_SLUG, None))
    slugs = [b[1] for b in boards]
    index = slugs.index(slug) if slug in slugs else 0
    title, slug, group = boards[index]
    notices = board_notices(drive=drive, group=group)
    # A notice that takes the whole screen (the prize-giving) shows alone, and
    # the page asks for the next step every few seconds.
    takeover = next((n for n in notices if n.replaces_board), None)
    context: dict[str, object] = {
        "drive": drive,
        "room_game": ROOMS[drive.game],
        "title": title,
        "slug": slug,
        "next_slug": slugs[(index + 1) % len(slugs)],
        "takeover": takeover,
        "poll_seconds": TAKEOVER_POLL_SECONDS if takeover else BOARD_POLL_SECONDS,
        "clock": drive_selectors.clock_view(drive=drive),
        "bell": drive_selectors.bell_view(drive=drive),
    }
    if takeover is not None:
        return context
    # While the last rounds are silent, the standings before them (drive.silence).
    scores = selectors.board_scores(drive=drive)
    current = live.room(drive=drive) if drive.current_round else None
    if slug == RACE_SLUG:
        # Drawn to the shape of the room the slide leaves it, taller once the
        # clock and the bell have left the top of the screen.
        over = drive.state == DriveState.FINISHED
        size = charts.PROJECTOR_FINAL if over else charts.PROJECTOR
        context["race"] = race.race_figure(scores, id="race", size=size)
    # A drive of fixed pairs: one line for each pair (DriveScores.board).
    rows = scores.board(group=group) if slug != RACE_SLUG else []
    return {
        **context,
        "rows": rows,
        # Once finished: the key to the rows a tie-break placed (marked).
        "tie_key": scores.tie_key(rows),
        "hands_complete": scores.hands_complete,
        "room": current,
        "notices": notices,
        "silent": silence.is_quiet(drive),
    }


# How often the projector turns to the next board, and how often it asks for
# the prize-giving's next step.
BOARD_POLL_SECONDS = 15
TAKEOVER_POLL_SECONDS = 3


@assistant_required
@require_GET
def projector(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    board = request.GET.get("board", "overall")
    poll = freshness.BoardPoll(
        request, f"projector:{board}", drive=drive, players_see=True
    )
    if poll.unchanged:
        return poll.not_modified()
    context = _board_context(drive, board)
    if request.htmx and not request.htmx.boosted:
        return poll.tag(render(request, "scoring/projector.html#board", context))
    return render(request, "scoring/projector.html", context)


@require_GET
def public(request: HttpRequest, key: str) -> HttpResponse:
    known, refused = secret_link_guard(request, key, PUBLIC_COOKIE)
    if refused is not None:
        return refused
    # A player's own line in the race (?entry=12) makes a board of its own.
    # (A number of 8 digits or more is refused, and a refusal carries no ETag.)
    entry = request.GET.get("entry", "")
    poll = freshness.BoardPoll(request, f"public:{entry.strip()[:8]}", public_key=key)
    if poll.unchanged:
        response = poll.not_modified()
        if not known:
            remember_link(request, response, key, PUBLIC_COOKIE)
        return response
    drive = drive_by_public_key(key)
    if drive is None:
        count_miss(request)
        raise Http404("No such leaderboard.")
    use_club(request, drive.club)
    context = _public_context(drive, key, entry)
    status = 400 if context["race_refusal"] else 200
    if request.htmx and not request.htmx.boosted:
        response = render(request, "scoring/public.html#boards", context, status=status)
        response = poll.tag(response)
        if drive.state == DriveState.FINISHED and not context["silent"]:
            response.status_code = HttpResponseStopPolling.status_code
    else:
        response = render(request, "scoring/public.html", context, status=status)
    if not known:
        remember_link(request, response, key, PUBLIC_COOKIE)
    return response


def _public_context(drive: Drive, key: str, entry: str) -> dict[str, object]:
    """The public board: the boards, and below them the race (scoring.race);
    with the places, seat and line of the player whose number the address
    names (scoring.player_view)."""
    # While the last rounds are silent, the standings before them (drive.silence),
    # and the race runs to them only.
    scores = selectors.board_scores(drive=drive)
    silent = silence.is_quiet(drive)
    # The player who found themselves by number: their places, their seat.
    own, refusal = race.own_number(entry, scores)
    figure = race.race_figure(
        scores, id="race", own_number=own, size=charts.BOARD_PHONE
    )
    boards = [
        (title, slug, scores.board(group=group))
        for title, slug, group in selectors.board_groups(drive=drive)
    ]
    board_url = reverse("scoring:public", args=[key])
    # Once the drive is over: the results page, with the prizes and cards.
    results_url = (
        reverse("prizes:public_results", args=[key])
        if drive.state == DriveState.FINISHED and not silent
        else ""
    )
    player = (
        None
        if own is None
        else player_view.player_view(drive=drive, boards=boards, number=own)
    )
    return {
        "drive": drive,
        "silent": silent,
        "boards": boards,
        "player": player,
        "find_url": board_url,
        "player_card_url": (
            f"{results_url}?entry={own}#card-{own}" if results_url and player else ""
        ),
        # Once finished: the key to the rows a tie-break placed (marked).
        "tie_key": scores.tie_key(*(rows for _title, _slug, rows in boards)),
        "hands_complete": scores.hands_complete,
        # A silent finish keeps asking, to show the results once revealed.
        "live": drive.state == DriveState.IN_PLAY or silent,
        "race": figure,
        "race_refusal": refusal,
        "own_number": own,
        "board_url": board_url,
        # The board asks again for what it shows: the player's own line too.
        "page_url": board_url if own is None else f"{board_url}?entry={own}",
        "results_url": results_url,
    }
