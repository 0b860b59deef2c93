"""Score pages: the organiser's entry grid, corrections, the leaderboard, the export."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from drive import silence
from drive.models import Drive, DriveState, SeatAssignment
from drive.selectors import round_seating
from drive.trumps import trumps_for_hand
from drive.views import club_drive
from players.access import assistant_required, organiser_required
from players.http import error_status
from players.views import apply_errors
from scoring import freshness, selectors, services, wist
from scoring.cards_in import card_desk
from scoring.forms import AdjustmentForm, CorrectionForm, WistDealForm, WistPlace
from scoring.game_scores import side_scores
from scoring.models import Adjustment, HandResult, ResultStatus
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


# --- prediction whist: a row per player, a prediction and the tricks per deal -----------


@dataclass(frozen=True)
class WistSaved:
    """A table's confirmed deal: each seat's prediction and tricks, its version."""

    predictions: tuple[int, ...]
    tricks: tuple[int, ...]
    version: int

    def points(self, hand: int) -> tuple[int, ...] | None:
        try:
            return wist.drive_deal(hand, self.predictions, self.tricks).points
        except (TypeError, ValueError):  # never stored so; shown without points
            return None


@dataclass(frozen=True)
class WistTable:
    """One table of one round of a prediction whist drive: its players in
    seat order and its confirmed deals by hand."""

    round: int
    table: int
    table_id: int
    places: tuple[WistPlace, ...]
    saved: dict[int, WistSaved] = field(default_factory=dict)


def _wist_tables(drive: Drive, round_number: int | None = None) -> list[WistTable]:
    """The tables of a prediction whist drive (of one round, if given), each
    with its players at their seats (N, E, S, W, then the fifth) and its
    confirmed deals: two queries, the seats and the results."""
    seats = SeatAssignment.objects.filter(round__drive=drive, table__isnull=False)
    results = HandResult.objects.filter(
        table__drive=drive, status=ResultStatus.CONFIRMED
    ).exclude(predictions="")
    if round_number is not None:
        seats = seats.filter(round__number=round_number)
        results = results.filter(hand__in=list(drive.hands_of_round(round_number)))
    order = {seat.value: index for index, seat in enumerate(wist.SEAT_POSITIONS)}
    places: dict[tuple[int, int, int], list[WistPlace]] = defaultdict(list)
    for round_no, table_no, table_id, position, number, name in seats.values_list(
        "round__number",
        "table__number",
        "table_id",
        "position",
        "entry__number",
        "entry__player__name",
    ):
        places[round_no, table_no, table_id].append(
            WistPlace(order[position], number, name)
        )
    saved: dict[tuple[int, int], WistSaved] = {}
    for table_id, hand, predictions, tricks, version in results.values_list(
        "table_id", "hand", "predictions", "tricks", "version"
    ):
        saved[table_id, hand] = WistSaved(
            wist.decode(predictions), wist.decode(tricks), version
        )
    tables = []
    for (round_no, table_no, table_id), at_table in sorted(places.items()):
        tables.append(
            WistTable(
                round_no,
                table_no,
                table_id,
                tuple(sorted(at_table, key=lambda place: place.seat)),
                {
                    hand: saved[table_id, hand]
                    for hand in drive.hands_of_round(round_no)
                    if (table_id, hand) in saved
                },
            )
        )
    return tables


def _wist_initial(saved: WistSaved | None, places: tuple[WistPlace, ...]) -> dict:
    if saved is None:
        return {"seen_version": 0}
    initial = {"seen_version": saved.version}
    for place, predicted, taken in zip(
        places, saved.predictions, saved.tricks, strict=False
    ):
        initial[f"p{place.seat}"] = str(predicted)
        initial[f"k{place.seat}"] = str(taken)
    return initial


@dataclass
class WistColumn:
    """One table's deal in the grid: its form (as typed, or as stored) and the
    stored deal's points by seat."""

    hand: int
    form: WistDealForm
    saved: WistSaved | None

    @property
    def number(self) -> int:
        return wist.deal_in_game(self.hand)

    @property
    def kind(self) -> wist.DealKind:
        return self.form.kind

    @property
    def dealer(self) -> int:
        return wist.dealer(self.number, self.form.players)

    @property
    def version(self) -> int:
        return self.saved.version if self.saved else 0

    @property
    def points(self) -> tuple[int, ...] | None:
        return self.saved.points(self.hand) if self.saved else None

    @property
    def errors(self) -> list[str]:
        return self.form.messages() if self.form.is_bound else []


@dataclass
class WistCell:
    """One player's prediction and tricks on one deal, as the grid shows it."""

    column: WistColumn
    prediction: object  # the bound field; None on the Wist deal (fixed)
    tricks: object
    points: int | None
    deals: bool  # the dealer predicts last


@dataclass
class WistGridTable:
    table: WistTable
    columns: list[WistColumn]

    @property
    def number(self) -> int:
        return self.table.table

    @property
    def players(self) -> int:
        return len(self.table.places)

    @property
    def rows(self) -> list[tuple[WistPlace, list[WistCell], int | None]]:
        """A row per player in seat order: a cell per deal and the points of
        the deals saved so far."""
        rows = []
        for index, place in enumerate(self.table.places):
            cells, total = [], None
            for column in self.columns:
                points = column.points[index] if column.points else None
                if points is not None:
                    total = (total or 0) + points
                cells.append(
                    WistCell(
                        column,
                        column.form.prediction_field(place.seat),
                        column.form.tricks_field(place.seat),
                        points,
                        place.seat == column.dealer,
                    )
                )
            rows.append((place, cells, total))
        return rows

    @property
    def problems(self) -> list[tuple[WistColumn, list[str]]]:
        return [(c, c.errors) for c in self.columns if c.errors]


def _wist_grid(
    drive: Drive, round_number: int, posted: dict | None = None
) -> list[WistGridTable]:
    """A round's tables, each with a form per deal (bound to what was posted)."""
    grid = []
    for table in _wist_tables(drive, round_number):
        columns = []
        for hand in drive.hands_of_round(round_number):
            saved = table.saved.get(hand)
            form = WistDealForm(
                posted,
                prefix=f"t{table.table}_h{hand}",
                hand=hand,
                table=table.table,
                places=table.places,
                blank_allowed=True,
                initial=_wist_initial(saved, table.places),
            )
            columns.append(WistColumn(hand, form, saved))
        grid.append(WistGridTable(table, columns))
    return grid


def _wist_entry(column: WistColumn) -> ResultEntry:
    seen = column.form.cleaned_data.get("seen_version")
    return ResultEntry(
        column.form.table,
        column.hand,
        seen_version=column.version if seen is None else seen,
        predictions=column.form.predictions,
        tricks=column.form.tricks,
    )


class _Sheet:
    """What the score grid does that depends on the drive's game: the N-S
    tricks of each table's hands (every format but one), or each player's
    prediction and tricks (prediction whist)."""

    template = "scoring/scores.html"
    nothing_typed = gettext_lazy("Type the N-S tricks for at least one table.")

    def grid(self, drive: Drive, posted: dict | None = None):
        return _grid(drive, posted)

    def parse(self, drive: Drive, post: dict, grid) -> tuple[list[ResultEntry], bool]:
        return _parse_grid(drive, post, grid)

    def already_saved(self, drive: Drive, post: dict, round_number: int) -> bool:
        return _already_saved(drive, post, round_number)

    def context(self, drive: Drive, grid) -> dict:
        return {
            "drive": drive,
            "grid": grid,
            "hands": _hands(drive),
            # E-W's tricks for each count of N-S's, shown as typed (site.js).
            "ew_by_ns": " ".join(str(ew_tricks(ns)) for ns in TRICK_COUNTS),
            "honours_choices": HONOURS_CHOICES,
            "revoke_choices": REVOKE_CHOICES,
        }


class _WistSheet(_Sheet):
    template = "scoring/wist_scores.html"
    nothing_typed = gettext_lazy(
        "Type the predictions and tricks of at least one deal."
    )

    def grid(self, drive: Drive, posted: dict | None = None):
        return _wist_grid(drive, drive.current_round, posted)

    def parse(self, drive: Drive, post: dict, grid) -> tuple[list[ResultEntry], bool]:
        entries, ok = [], True
        for table in grid:
            for column in table.columns:
                if not column.form.is_valid():
                    ok = False
                elif not column.form.blank:
                    entries.append(_wist_entry(column))
        return entries, ok

    def already_saved(self, drive: Drive, post: dict, round_number: int) -> bool:
        """Whether a grid of an earlier round holds only what is stored: every
        deal it filled in is the confirmed deal (it may leave deals blank)."""
        filled = 0
        for table in _wist_grid(drive, round_number, post):
            for column in table.columns:
                form = column.form
                if not form.is_valid():
                    return False
                if form.blank:
                    continue
                if column.saved is None or (
                    column.saved.predictions,
                    column.saved.tricks,
                ) != (form.predictions, form.tricks):
                    return False
                filled += 1
        return filled > 0

    def context(self, drive: Drive, grid) -> dict:
        return {
            "drive": drive,
            "grid": grid,
            # Each deal of the game by its number in the game, 1 to 8.
            "kinds": [
                (deal, wist.deal_kind(deal))
                for deal in map(
                    wist.deal_in_game, drive.hands_of_round(drive.current_round)
                )
            ],
        }


TRICKS_SHEET = _Sheet()
WIST_SHEET = _WistSheet()


@assistant_required
@require_http_methods(["GET", "POST"])
def scores(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    if drive.current_round < 1:
        messages.error(request, _("Start the drive first: there are no tables yet."))
        return redirect("drive:detail", pk=drive.pk)
    sheet = WIST_SHEET if drive.plays_predictions else TRICKS_SHEET
    status = 200
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
        if posted_round != drive.current_round:
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
            entries, ok = sheet.parse(drive, request.POST, grid)
            if not ok:
                messages.error(
                    request, _("Some scores need fixing; nothing was saved.")
                )
                status = 400
            elif not entries:
                messages.error(request, str(sheet.nothing_typed))
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
                    return _submitted(request, drive, outcome)
    else:
        grid = sheet.grid(drive)
    return render(request, sheet.template, sheet.context(drive, grid), status=status)


def _submitted(request: HttpRequest, drive: Drive, outcome) -> HttpResponse:
    """Where a saved grid goes: the next round's moves when it completed the
    round, the leaderboard when it ended the drive, the grid again otherwise."""
    for note in outcome.notes:
        messages.warning(request, note)
    if outcome.round_completed:
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
            _("These scores were already saved; nothing new was written."),
        )
    return redirect("scoring:scores", pk=drive.pk)


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


@dataclass(frozen=True)
class WistRow:
    """A table's deal as the list of all hands shows it."""

    table: WistTable
    hand: int
    saved: WistSaved | None

    @property
    def kind(self) -> wist.DealKind:
        return wist.deal_kind(wist.deal_in_game(self.hand))

    @property
    def game(self) -> int:
        return wist.game_of_hand(self.hand)

    @property
    def words(self) -> str:
        if self.saved is None:
            return ""
        return wist.deal_words(self.saved.predictions, self.saved.tricks)

    @property
    def points(self) -> str:
        points = self.saved.points(self.hand) if self.saved else None
        return ", ".join(str(p) for p in points) if points else ""


def _wist_hands(request: HttpRequest, drive: Drive) -> HttpResponse:
    rows = sorted(
        (
            WistRow(table, hand, table.saved.get(hand))
            for table in _wist_tables(drive)
            for hand in drive.hands_of_round(table.round)
        ),
        key=lambda row: (row.hand, row.table.table),
    )
    return render(request, "scoring/wist_hands.html", {"drive": drive, "rows": rows})


@assistant_required
@require_GET
def hands(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    if drive.plays_predictions:
        return _wist_hands(request, drive)
    scoring = Scoring.of(drive)
    deals = selectors.deals(drive=drive)
    board = _board_scores(drive, deals)
    rows = [_hand_row(deal, scoring, board) for deal in deals]
    return render(request, "scoring/hands.html", {"drive": drive, "rows": rows})


@assistant_required
@require_http_methods(["GET", "POST"])
def hand_result(request: HttpRequest, pk: int, hand: int, table: int) -> HttpResponse:
    drive = club_drive(request, pk)
    if drive.plays_predictions:
        return _wist_hand_result(request, drive, hand, table)
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
                return _correction_saved(request, drive, outcome, table, hand)
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


def _correction_saved(
    request: HttpRequest, drive: Drive, outcome, table: int, hand: int
) -> HttpResponse:
    """After one table's hand is corrected: the notes, what was saved (or that
    nothing changed), and back to the list of hands."""
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


def _wist_hand_result(
    request: HttpRequest, drive: Drive, hand: int, table: int
) -> HttpResponse:
    """One table's deal of a prediction whist drive: each player's prediction
    and tricks to correct (or enter), and the deal's versions."""
    if not 1 <= hand <= drive.hands:
        raise Http404(_("That table did not play that hand."))
    at_table = next(
        (t for t in _wist_tables(drive, drive.round_of_hand(hand)) if t.table == table),
        None,
    )
    if at_table is None:
        raise Http404(_("That table did not play that hand."))
    saved = at_table.saved.get(hand)
    form = WistDealForm(
        request.POST or None,
        hand=hand,
        table=table,
        places=at_table.places,
        initial=_wist_initial(saved, at_table.places),
    )
    status = 200
    if request.method == "POST":
        if form.is_valid():
            seen = form.cleaned_data["seen_version"]
            try:
                outcome = services.hand_results_submit(
                    drive=drive,
                    entries=[
                        ResultEntry(
                            table,
                            hand,
                            seen_version=(saved.version if saved else 0)
                            if seen is None
                            else seen,
                            predictions=form.predictions,
                            tricks=form.tricks,
                        )
                    ],
                    by=request.user,
                    source="organiser",
                )
            except ValidationError as error:
                apply_errors(form, error)
                status = error_status(error)
            else:
                return _correction_saved(request, drive, outcome, table, hand)
        else:
            status = 400
    column = WistColumn(hand, form, saved)
    points = column.points
    history = []
    for result in selectors.result_history(drive=drive, table_number=table, hand=hand):
        version = WistSaved(
            wist.decode(result.predictions), wist.decode(result.tricks), result.version
        )
        shown = version.points(hand) if result.predictions else None
        history.append(
            (
                result,
                deal_summary(result),
                ", ".join(str(p) for p in shown) if shown else "",
            )
        )
    context = {
        "drive": drive,
        "table": at_table,
        "hand": hand,
        "game": wist.game_of_hand(hand),
        "column": column,
        "form": form,
        "rows": [
            (
                place,
                form.prediction_field(place.seat),
                form.tricks_field(place.seat),
                points[index] if points else None,
                place.seat == column.dealer,
            )
            for index, place in enumerate(at_table.places)
        ],
        "now": wist.deal_words(saved.predictions, saved.tricks) if saved else "",
        "history": history,
    }
    return render(request, "scoring/wist_hand.html", context, status=status)


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
