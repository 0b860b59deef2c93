"""Score pages: the organiser's entry grid, corrections, the leaderboard, the export."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from drive.models import Drive, DriveState
from drive.selectors import round_seating
from drive.trumps import trumps_for_hand
from drive.views import club_drive
from players.access import assistant_required, organiser_required
from players.http import error_status
from players.views import apply_errors
from scoring import freshness, selectors, services
from scoring.forms import AdjustmentForm, CorrectionForm
from scoring.hand_scores import side_scores
from scoring.models import Adjustment
from scoring.rules import (
    HONOURS_CHOICES,
    REVOKE_CHOICES,
    TRICK_COUNTS,
    Deal,
    HandLine,
    Scoring,
    deal_text,
    ew_tricks,
    hand_line,
)
from scoring.services import ResultEntry, deal_summary


@dataclass
class GridCell:
    """One table's hand in the score grid: the N-S tricks as typed (or stored),
    the honours and revoke chosen, and the stored result's scores."""

    table: int
    hand: int
    name: str
    value: str
    version: int
    honours: str = ""
    revoke: str = ""
    # Whether the hand offers an honours choice (the drive counts them, trumps).
    honours_asked: bool = False
    # Each side's score for the stored result, shown when honours or a revoke
    # made it differ from the tricks alone.
    saved: HandLine | None = None
    error: str = ""

    @property
    def honours_name(self) -> str:
        return f"h_{self.name}"

    @property
    def revoke_name(self) -> str:
        return f"r_{self.name}"

    @property
    def ew(self) -> str:
        try:
            ns = int(self.value)
        except ValueError:
            return ""
        return str(ew_tricks(ns)) if ns in TRICK_COUNTS else ""


def _grid(
    drive: Drive, posted: dict | None = None
) -> list[tuple[object, list[GridCell]]]:
    """The current round: one row per table, one cell per hand of the round."""
    deals = selectors.deals(drive=drive, round_number=drive.current_round)
    scoring = Scoring.of(drive)
    rows: dict[int, list[GridCell]] = {}
    for deal in deals:
        cell = GridCell(
            deal.table,
            deal.hand,
            f"t{deal.table}_h{deal.hand}",
            "" if deal.ns_tricks is None else str(deal.ns_tricks),
            deal.version,
            honours=deal.honours,
            revoke=deal.revoke,
            honours_asked=services.honours_asked(drive, deal.trumps),
        )
        # A rubber drive's hand scores only as its rubber stands (the room
        # shows each table's game): no score of its own under the cell.
        if (
            not drive.plays_rubbers
            and deal.ns_tricks is not None
            and (deal.honours or deal.revoke)
        ):
            cell.saved = hand_line(deal.ns_tricks, scoring, deal.honours, deal.revoke)
        if posted is not None:
            cell.value = posted.get(cell.name, cell.value)
            cell.honours = posted.get(cell.honours_name, cell.honours)
            cell.revoke = posted.get(cell.revoke_name, cell.revoke)
        rows.setdefault(deal.table, []).append(cell)
    seating = round_seating(drive=drive, round_number=drive.current_round)
    tables = {t.table: t for t in seating.tables} if seating else {}
    return [(tables.get(number), cells) for number, cells in sorted(rows.items())]


def _hands(drive: Drive) -> list[dict]:
    if drive.current_round < 1:
        return []
    trumps = drive.trumps
    return [
        {"number": h, "trumps": trumps_for_hand(trumps, h)}
        for h in drive.hands_of_round(drive.current_round)
    ]


def _posted_deal(post: dict, name: str) -> tuple[str, str, str]:
    """A grid cell's N-S tricks, honours and revoke as posted, trimmed."""
    return tuple(
        (post.get(key) or "").strip() for key in (name, f"h_{name}", f"r_{name}")
    )


def _parse_grid(
    drive: Drive, post: dict, grid: list[tuple[object, list[GridCell]]]
) -> tuple[list[ResultEntry], bool]:
    entries, ok = [], True
    for _table, cells in grid:
        for cell in cells:
            raw, honours, revoke = _posted_deal(post, cell.name)
            if raw == "":
                if honours or revoke:
                    cell.error = _("Type the N-S tricks too.")
                    ok = False
                continue
            try:
                ns = int(raw)
                seen = int(post.get(f"v_{cell.name}", cell.version))
            except ValueError:
                cell.error = _("Type a number from 0 to 13.")
                ok = False
                continue
            if ns not in TRICK_COUNTS:
                cell.error = _("Tricks are from 0 to 13.")
                ok = False
                continue
            try:
                # The service checks again; here the refusal marks its cell.
                services.checked_deal(drive, cell.hand, honours, revoke)
            except ValidationError as error:
                cell.error = " ".join(error.messages)
                ok = False
                continue
            entries.append(
                ResultEntry(cell.table, cell.hand, ns, seen, honours, revoke)
            )
    return entries, ok


def _already_saved(drive: Drive, post: dict, round_number: int) -> bool:
    """Whether a score grid for a round holds only what is stored: every cell
    it filled in has exactly the confirmed tricks, honours and revoke (it may
    leave cells blank)."""
    stored = {
        f"t{deal.table}_h{deal.hand}": (deal.ns_tricks, deal.honours, deal.revoke)
        for deal in selectors.deals(drive=drive, round_number=round_number)
    }
    filled = 0
    for name, deal in stored.items():
        raw, honours, revoke = _posted_deal(post, name)
        if raw == "":
            continue
        try:
            if (int(raw), honours, revoke) != deal:
                return False
        except ValueError:
            return False
        filled += 1
    return filled > 0


@assistant_required
@require_http_methods(["GET", "POST"])
def scores(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    if drive.current_round < 1:
        messages.error(request, _("Start the drive first: there are no tables yet."))
        return redirect("drive:detail", pk=drive.pk)
    status = 200
    if request.method == "POST":
        try:
            posted_round = int(request.POST.get("round", drive.current_round))
        except ValueError:
            posted_round = -1
        grid = _grid(drive, request.POST)
        if 1 <= posted_round < drive.current_round and _already_saved(
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
        if posted_round != drive.current_round:
            messages.error(
                request,
                _(
                    "That form was for round %(posted)s, but round %(current)s is "
                    "now in play. Nothing was saved; check the scores below."
                )
                % {"posted": posted_round, "current": drive.current_round},
            )
            grid = _grid(drive)
            status = 409
        else:
            entries, ok = _parse_grid(drive, request.POST, grid)
            if not ok:
                messages.error(
                    request, _("Some scores need fixing; nothing was saved.")
                )
                status = 400
            elif not entries:
                messages.error(
                    request, _("Type the N-S tricks for at least one table.")
                )
                status = 400
            else:
                try:
                    outcome = services.hand_results_submit(
                        drive=drive,
                        entries=entries,
                        by=request.user,
                        source="organiser",
                    )
                except ValidationError as error:
                    messages.error(request, " ".join(error.messages))
                    status = error_status(error)
                else:
                    for note in outcome.notes:
                        messages.warning(request, note)
                    if outcome.round_completed:
                        drive.refresh_from_db()
                        if drive.state == DriveState.FINISHED:
                            messages.success(
                                request, _("The last hand is in: the drive is over.")
                            )
                            return redirect("scoring:leaderboard", pk=drive.pk)
                        messages.success(
                            request,
                            _(
                                "Round %(done)s is complete. "
                                "Here are the moves for round %(next)s."
                            )
                            % {
                                "done": drive.current_round - 1,
                                "next": drive.current_round,
                            },
                        )
                        return redirect(reverse("drive:seating", args=[drive.pk]))
                    if outcome.changed:
                        messages.success(
                            request,
                            ngettext(
                                "Saved %(count)d result.",
                                "Saved %(count)d results.",
                                outcome.changed,
                            )
                            % {"count": outcome.changed},
                        )
                    else:
                        messages.info(
                            request,
                            _(
                                "These scores were already saved; nothing new "
                                "was written."
                            ),
                        )
                    return redirect("scoring:scores", pk=drive.pk)
    else:
        grid = _grid(drive)
    context = {
        "drive": drive,
        "grid": grid,
        "hands": _hands(drive),
        # E-W's tricks for each count of N-S's, shown as they are typed (site.js).
        "ew_by_ns": " ".join(str(ew_tricks(ns)) for ns in TRICK_COUNTS),
        "honours_choices": HONOURS_CHOICES,
        "revoke_choices": REVOKE_CHOICES,
    }
    return render(request, "scoring/scores.html", context, status=status)


@dataclass(frozen=True)
class HandRow:
    """A table's hand as the lists show it: the deal, its honours and revoke in
    words, and each side's score (None while it has no result)."""

    deal: object
    words: str = ""
    line: HandLine | None = None


Score = tuple[int, int]  # (N-S, E-W)


def _board_scores(drive: Drive, deals: list) -> dict[tuple[int, int], Score] | None:
    """A rubber drive's hands score only as the rubbers they make at their table
    (scoring.hand_scores): each confirmed deal's (N-S, E-W) as the boards count
    it, by (table id, hand). None for any other drive: each hand scores alone."""
    if not drive.plays_rubbers:
        return None
    return side_scores(
        drive,
        {
            (d.table_id, d.hand): Deal(d.ns_tricks, d.honours, d.revoke)
            for d in deals
            if d.ns_tricks is not None
        },
    )


def _hand_row(
    deal, scoring: Scoring, board: dict[tuple[int, int], Score] | None = None
) -> HandRow:
    if deal.ns_tricks is None:
        return HandRow(deal)
    line = hand_line(deal.ns_tricks, scoring, deal.honours, deal.revoke)
    if board is not None:
        ns, ew = board.get((deal.table_id, deal.hand), (0, 0))
        line = replace(line, ns_score=ns, ew_score=ew)
    return HandRow(deal, deal_text(deal.honours, deal.revoke), line)


@assistant_required
@require_GET
def hands(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    scoring = Scoring.of(drive)
    deals = selectors.deals(drive=drive)
    board = _board_scores(drive, deals)
    rows = [_hand_row(deal, scoring, board) for deal in deals]
    return render(request, "scoring/hands.html", {"drive": drive, "rows": rows})


@assistant_required
@require_http_methods(["GET", "POST"])
def hand_result(request: HttpRequest, pk: int, hand: int, table: int) -> HttpResponse:
    drive = club_drive(request, pk)
    deals = selectors.deals(drive=drive)
    deal = next((d for d in deals if d.hand == hand and d.table == table), None)
    if deal is None:
        raise Http404(_("That table did not play that hand."))
    asked = services.honours_asked(drive, deal.trumps)
    form = CorrectionForm(
        request.POST or None,
        initial={
            "ns_tricks": deal.ns_tricks,
            "honours": deal.honours if asked else "",
            "revoke": deal.revoke,
            "seen_version": deal.version,
        },
        honours_asked=asked,
    )
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                outcome = services.hand_result_submit(
                    drive=drive,
                    table=table,
                    hand=hand,
                    ns_tricks=form.cleaned_data["ns_tricks"],
                    honours=form.cleaned_data["honours"],
                    revoke=form.cleaned_data["revoke"],
                    seen_version=form.cleaned_data["seen_version"],
                    by=request.user,
                    source="organiser",
                )
            except ValidationError as error:
                apply_errors(form, error)
                status = error_status(error)
            else:
                for note in outcome.notes:
                    messages.warning(request, note)
                if outcome.changed:
                    messages.success(
                        request,
                        _("Table %(table)s, hand %(hand)s saved: %(result)s.")
                        % {
                            "table": table,
                            "hand": hand,
                            "result": deal_summary(outcome.results[0]),
                        },
                    )
                else:
                    messages.info(request, _("That is the score already recorded."))
                return redirect("scoring:hands", pk=drive.pk)
        else:
            status = 400
    scoring = Scoring.of(drive)
    board = _board_scores(drive, deals)
    context = {
        "drive": drive,
        "deal": deal,
        "now": _hand_row(deal, scoring, board),
        "form": form,
        # A rubber drive's earlier versions have no score of their own: a hand
        # scores only as its rubber stands with the table's other hands.
        "history": [
            (
                result,
                deal_text(result.honours, result.revoke),
                None
                if board is not None
                else hand_line(
                    result.ns_tricks, scoring, result.honours, result.revoke
                ),
            )
            for result in selectors.result_history(
                drive=drive, table_number=table, hand=hand
            )
        ],
    }
    return render(request, "scoring/hand.html", context, status=status)


@assistant_required
@require_GET
def leaderboard(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    poll = freshness.BoardPoll(request, "leaderboard", drive=drive)
    if poll.unchanged:
        return poll.not_modified()
    scores = selectors.drive_scores(drive=drive)
    boards = [(_("Overall"), "overall", scores.standings())]
    if drive.has_groups:
        boards += [
            (drive.group_a_label, "group-a", scores.standings(group="A")),
            (drive.group_b_label, "group-b", scores.standings(group="B")),
        ]
    context = {
        "drive": drive,
        "boards": boards,
        "hands_complete": scores.hands_complete,
        "live": drive.state == DriveState.IN_PLAY,
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
