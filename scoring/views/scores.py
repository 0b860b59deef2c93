"""Score pages: the organiser's entry grid, corrections, the leaderboard, the adjustments.

What the grid, the list of hands and a hand's page hold depends on the
drive's game: each game's sheet (`SHEETS`) makes them, the N-S tricks of each
table's hands (scoring/views/tricks_sheet.py) or each player's prediction and
tricks (scoring/views/prediction_sheet.py)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from drive import silence
from drive.games import per_game
from drive.models import Drive, DriveState
from drive.movement.types import Game
from drive.views import club_drive
from players.access import assistant_required, organiser_required
from players.http import BAD_INPUT, CONFLICT, error_status
from players.views import apply_errors
from scoring import freshness, selectors, services
from scoring.cards_in import card_desk
from scoring.forms import AdjustmentForm
from scoring.models import Adjustment
from scoring.views.grid_pick import GridPick, pick_of
from scoring.views.prediction_sheet import PredictionSheet
from scoring.views.tricks_sheet import RubberSheet, TricksSheet

# The grid, the list of hands and a hand's page, by the drive's game.
SHEETS = per_game(
    "scoring.views.scores",
    {
        Game.HANDS: TricksSheet(),
        Game.RUBBERS: RubberSheet(),
        Game.PREDICTIONS: PredictionSheet(),
    },
)


@assistant_required
@require_http_methods(["GET", "POST"])
def scores(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    if not drive.desk_pages.enters_hands:
        return cards_in_only(request, drive, "scores")
    if drive.current_round < 1:
        messages.error(request, _("Start the drive first: there are no tables yet."))
        return redirect("drive:detail", pk=drive.pk)
    sheet = SHEETS[drive.game]
    pick, status = GridPick.in_play(drive), 200
    if sheet.picks:
        data = request.POST if request.method == "POST" else request.GET
        if request.method == "GET" or data.get("chosen") == "1" or "table" in data:
            pick, refused = pick_of(drive, data, lambda: sheet.tables(drive))
            if refused:
                messages.error(request, refused)
                return render(
                    request,
                    sheet.template,
                    sheet.context(drive, sheet.grid(drive, pick=pick), pick),
                    status=BAD_INPUT,
                )
    if request.method == "POST" and pick.picked:
        return _picked_post(request, drive, sheet, pick)
    if request.method == "POST":
        try:
            posted_round = int(request.POST.get("round", drive.current_round))
        except ValueError:
            posted_round = -1
        grid = sheet.grid(drive, request.POST)
        if 1 <= posted_round < drive.current_round and sheet.already_saved(
            drive, request.POST, posted_round
        ):
            # The same form again after it moved the round on (a double click,
            # Back and send again): what it says is what is stored.
            messages.info(
                request,
                _(
                    "The scores of round %(round)s were already saved; "
                    "nothing new was written."
                )
                % {"round": posted_round},
            )
            if drive.state == DriveState.FINISHED:
                return redirect("scoring:leaderboard", pk=drive.pk)
            return redirect(reverse("drive:seating", args=[drive.pk]))
        if posted_round < 1:
            # Not a round at all: the form came back damaged.
            messages.error(
                request,
                _(
                    "The form’s round could not be read. Nothing was saved; "
                    "check the scores below and type them again."
                ),
            )
            grid = sheet.grid(drive)
            status = BAD_INPUT
        elif posted_round != drive.current_round:
            messages.error(
                request,
                _(
                    "That form was for round %(posted)s, but round %(current)s is "
                    "now in play. Nothing was saved; check the scores below."
                )
                % {"posted": posted_round, "current": drive.current_round},
            )
            grid = sheet.grid(drive)
            status = 409
        else:
            outcome, status = _saved(request, drive, sheet, grid)
            if outcome is not None:
                return _submitted(
                    request, drive, outcome, _kept_note(drive, sheet, grid)
                )
        return render(
            request, sheet.template, sheet.context(drive, grid), status=status
        )
    if not sheet.picks:
        return render(request, sheet.template, sheet.context(drive, sheet.grid(drive)))
    context = sheet.context(drive, sheet.grid(drive, pick=pick), pick)
    # After a slip: the cursor in the table's box, for the next slip's number.
    context["ask"] = bool(pick.table) and request.GET.get("ask") == "1"
    return render(request, sheet.template, context)


def _picked_post(request: HttpRequest, drive: Drive, sheet, pick) -> HttpResponse:
    """A picked round or table's slip, saved: any round so far may be typed
    (the service refuses a hand changed meanwhile), and the desk stays with
    its slips: the next table's slip, or the same round again."""
    grid = sheet.grid(drive, request.POST, pick=pick)
    first = drive.current_round
    # A table's whole slip: its later hands too, where they may be.
    outcome, status = _saved(request, drive, sheet, grid, types_ahead=bool(pick.table))
    if outcome is not None:
        _say_saved(request, drive, outcome, _kept_note(drive, sheet, grid))
        drive.refresh_from_db()
        if outcome.round_completed:
            messages.success(request, _round_news(drive, first))
        if pick.table:
            # The pile is in any order: the desk types the next slip's
            # table number (Enter alone for the next one still to type).
            following = sheet.next_slip(drive, pick.table)
            if following is None:
                messages.info(request, _("Every hand so far has a result."))
                return redirect(pick.url(drive))
            messages.info(
                request,
                _(
                    "Type the table number of the next slip, or press Enter "
                    "for table %(table)s."
                )
                % {"table": following},
            )
            return redirect(GridPick(table=following).url(drive, ask=True))
        return redirect(pick.url(drive))
    return render(
        request, sheet.template, sheet.context(drive, grid, pick), status=status
    )


def _saved(request: HttpRequest, drive: Drive, sheet, grid, *, types_ahead=False):
    """The grid's results checked and saved: (the service's outcome, 200); or
    (None, the status) with what is wrong said, nothing written."""
    entries, ok = sheet.parse(drive, request.POST, grid)
    if not ok:
        messages.error(request, _("Some scores need fixing; nothing was saved."))
        return None, BAD_INPUT
    if not entries:
        kept_note = _kept_note(drive, sheet, grid)
        if kept_note:
            # Only a played hand's cell emptied: nothing to write, and why.
            messages.warning(request, kept_note)
        else:
            messages.error(request, str(sheet.nothing_typed))
        return None, BAD_INPUT
    try:
        outcome = services.hand_results_submit(
            drive=drive,
            entries=entries,
            by=request.user,
            source="organiser",
            types_ahead=types_ahead,
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return None, error_status(error)
    return outcome, 200


def _round_news(drive: Drive, first: int) -> str:
    """What moved on, from round `first` (the round in play before the save)."""
    if drive.state == DriveState.FINISHED:
        return _("The last hand is in: the drive is over.")
    if drive.current_round - first > 1:
        return _(
            "Rounds %(first)s to %(last)s are complete; round %(next)s has started."
        ) % {
            "first": first,
            "last": drive.current_round - 1,
            "next": drive.current_round,
        }
    return _("Round %(done)s is complete; round %(next)s has started.") % {
        "done": drive.current_round - 1,
        "next": drive.current_round,
    }


def _kept_note(drive: Drive, sheet, grid) -> str:
    """An emptied cell of a played hand is not a removal: its result stands
    (to be corrected), and the page says so, not silently, in the words of
    the sheet's game ("" when no cell was so emptied)."""
    kept = tuple(sheet.kept(grid))
    if not kept:
        return ""
    return sheet.kept_words(len(kept)) % {
        "count": len(kept),
        "hands": _tables_hands(drive, kept),
    }


def _say_saved(
    request: HttpRequest, drive: Drive, outcome, kept_note: str = ""
) -> None:
    """What a saved grid wrote, table by table, and any notes; the emptied
    cells of played hands left as they stand (`kept_note`)."""
    for note in outcome.notes:
        messages.warning(request, note)
    if outcome.changed:
        messages.success(
            request,
            ngettext(
                "Saved %(count)d result: %(hands)s.",
                "Saved %(count)d results: %(hands)s.",
                outcome.changed,
            )
            % {
                "count": outcome.changed,
                "hands": _tables_hands(drive, outcome.changed_hands),
            },
        )
    stranded = outcome.removed_stranded
    if stranded:
        # Results at a table the hand's round does not seat, emptied.
        messages.success(
            request,
            ngettext(
                "Removed %(count)d result that counted for nobody, typed at a "
                "table with no game in its round: %(hands)s.",
                "Removed %(count)d results that counted for nobody, typed at "
                "tables with no game in their rounds: %(hands)s.",
                len(stranded),
            )
            % {"count": len(stranded), "hands": _tables_hands(drive, stranded)},
        )
    removed = tuple(pair for pair in outcome.removed_hands if pair not in stranded)
    if removed:
        # A slip typed ahead at the wrong table, its cells emptied.
        messages.success(
            request,
            ngettext(
                "Removed %(count)d result: %(hands)s.",
                "Removed %(count)d results: %(hands)s.",
                len(removed),
            )
            % {"count": len(removed), "hands": _tables_hands(drive, removed)},
        )
    if kept_note:
        messages.warning(request, kept_note)
    if not outcome.changed and not outcome.removed_hands:
        messages.info(
            request,
            _("These scores were already saved; nothing new was written."),
        )


def _submitted(
    request: HttpRequest, drive: Drive, outcome, kept_note: str = ""
) -> HttpResponse:
    """Where a saved grid of the round in play goes: the next round's moves
    when it completed the round, the leaderboard when it ended the drive, the
    grid again otherwise."""
    if outcome.round_completed:
        for note in outcome.notes:
            messages.warning(request, note)
        if kept_note:
            messages.warning(request, kept_note)
        drive.refresh_from_db()
        if drive.state == DriveState.FINISHED:
            messages.success(request, _("The last hand is in: the drive is over."))
            return redirect("scoring:leaderboard", pk=drive.pk)
        messages.success(
            request,
            _("Round %(done)s is complete. Here are the moves for round %(next)s.")
            % {"done": drive.current_round - 1, "next": drive.current_round},
        )
        return redirect(reverse("drive:seating", args=[drive.pk]))
    _say_saved(request, drive, outcome, kept_note)
    return redirect("scoring:scores", pk=drive.pk)


def _tables_hands(drive: Drive, pairs: tuple[tuple[int, int], ...]) -> str:
    """ "table 1, hands 1, 2; table 2, hand 1": (table, hand) pairs by table,
    three or more hands in a row as one run ("table 3, hands 1–24"), in the
    format's words (prediction whist's "table 1, deals 1–8 of game 2")."""
    by_table: dict[int, list[int]] = {}
    for table, hand in sorted(pairs):
        by_table.setdefault(table, []).append(hand)
    return "; ".join(
        drive.words.table_hands(
            table=table, named=[drive.hand_named(hand) for hand in hands]
        )
        for table, hands in by_table.items()
    )


def cards_in_only(
    request: HttpRequest, drive: Drive, page: str, **numbers: int
) -> HttpResponse:
    """The score grid ("scores"), All hands ("hands") or a hand's page
    ("hand", with its table and hand) of a drive that takes its cards in at
    the end: no hand is entered on such an evening, so the page says so and
    leads to Cards in, with nothing to fill in; anything posted is refused
    (409) and nothing is written. An htmx request (not a boosted page) is
    given the note alone."""
    template = "scoring/cards_in_only.html"
    partial = request.htmx and not request.htmx.boosted
    return render(
        request,
        f"{template}#note" if partial else template,
        {"drive": drive, "page": page, **numbers},
        status=CONFLICT if request.method == "POST" else 200,
    )


@assistant_required
@require_GET
def hands(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    if not drive.desk_pages.enters_hands:
        return cards_in_only(request, drive, "hands")
    return SHEETS[drive.game].hands_page(request, drive)


@assistant_required
@require_http_methods(["GET", "POST"])
def hand_result(request: HttpRequest, pk: int, hand: int, table: int) -> HttpResponse:
    drive = club_drive(request, pk)
    if not drive.desk_pages.enters_hands:
        # An address naming no hand of the drive is not found, as on any
        # other evening; a real one is told where the cards go.
        if (
            not 1 <= hand <= drive.hands
            or not drive.tables.filter(number=table).exists()
        ):
            raise Http404(drive.words.not_played)
        return cards_in_only(request, drive, "hand", table=table, hand=hand)
    return SHEETS[drive.game].hand_page(request, drive, hand, table)


@assistant_required
@require_GET
def leaderboard(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    poll = freshness.BoardPoll(request, "leaderboard", drive=drive)
    if poll.unchanged:
        return poll.not_modified()
    scores = selectors.drive_scores(drive=drive)
    # A drive of fixed pairs: one line for each pair (DriveScores.board).
    boards = [(_("Overall"), "overall", scores.board())]
    if drive.has_groups:
        boards += [
            (drive.group_a_label, "group-a", scores.board(group="A")),
            (drive.group_b_label, "group-b", scores.board(group="B")),
        ]
    context = {
        "drive": drive,
        "boards": boards,
        "tie_order": scores.tie_order,
        # Once finished: the key to the rows a tie-break placed (marked).
        "tie_key": scores.tie_key(*(rows for _title, _slug, rows in boards)),
        "hands_complete": scores.hands_complete,
        "live": drive.state == DriveState.IN_PLAY,
        "silent": silence.in_force(drive),
        "cards_out": len(card_desk(drive=drive).out) if drive.cards_in else 0,
    }
    if request.htmx and not request.htmx.boosted:  # a boosted link wants the page
        return poll.tag(render(request, "scoring/leaderboard.html#boards", context))
    return render(request, "scoring/leaderboard.html", context)


@organiser_required
@require_http_methods(["GET", "POST"])
def adjustments(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    form = AdjustmentForm(request.POST or None, drive=drive)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.adjustment_add(by=request.user, **form.cleaned_data)
            except ValidationError as error:
                apply_errors(form, error)
            else:
                messages.success(request, _("Adjustment added."))
                return redirect("scoring:adjustments", pk=drive.pk)
        status = 400
    listed = Adjustment.objects.filter(entry__drive=drive).select_related(
        "entry__player", "created_by"
    )
    return render(
        request,
        "scoring/adjustments.html",
        {"drive": drive, "form": form, "adjustments": listed},
        status=status,
    )


@organiser_required
@require_POST
def adjustment_delete(
    request: HttpRequest, pk: int, adjustment_pk: int
) -> HttpResponse:
    drive = club_drive(request, pk)
    adjustment = get_object_or_404(Adjustment, pk=adjustment_pk, entry__drive=drive)
    services.adjustment_delete(adjustment=adjustment)
    messages.success(request, _("Adjustment removed."))
    return redirect("scoring:adjustments", pk=drive.pk)
