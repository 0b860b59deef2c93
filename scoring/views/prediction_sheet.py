"""Prediction whist's sheets (Game.PREDICTIONS): the score grid of a game's
tables, a row per player with a prediction and the tricks per deal; the list of
all deals; one table's deal to correct.

The score pages (scoring/views/scores.py) pick the drive's sheet by its game."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy, ngettext

from drive.models import Drive, SeatAssignment
from players.http import error_status
from players.score_text import score_text
from players.views import apply_errors
from scoring import prediction_rules, selectors, services
from scoring.forms import PredictionDealForm, PredictionPlace
from scoring.models import HandResult, ResultStatus
from scoring.services import ResultEntry, deal_summary
from scoring.views.tricks_sheet import correction_saved


@dataclass(frozen=True)
class PredictionSaved:
    """A table's confirmed deal: each seat's prediction and tricks, its version."""

    predictions: tuple[int, ...]
    tricks: tuple[int, ...]
    version: int

    def points(self, hand: int) -> tuple[int, ...] | None:
        try:
            return prediction_rules.drive_deal(
                hand, self.predictions, self.tricks
            ).points
        except (TypeError, ValueError):  # never stored so; shown without points
            return None


@dataclass(frozen=True)
class PredictionSheetTable:
    """One table of one round of a prediction whist drive: its players in
    seat order and its confirmed deals by hand."""

    round: int
    table: int
    table_id: int
    places: tuple[PredictionPlace, ...]
    saved: dict[int, PredictionSaved] = field(default_factory=dict)


def _prediction_tables(
    drive: Drive, round_number: int | None = None
) -> list[PredictionSheetTable]:
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
    order = {
        seat.value: index for index, seat in enumerate(prediction_rules.SEAT_POSITIONS)
    }
    places: dict[tuple[int, int, int], list[PredictionPlace]] = defaultdict(list)
    for round_no, table_no, table_id, position, number, name in seats.values_list(
        "round__number",
        "table__number",
        "table_id",
        "position",
        "entry__number",
        "entry__player__name",
    ):
        places[round_no, table_no, table_id].append(
            PredictionPlace(order[position], number, name)
        )
    saved: dict[tuple[int, int], PredictionSaved] = {}
    for table_id, hand, predictions, tricks, version in results.values_list(
        "table_id", "hand", "predictions", "tricks", "version"
    ):
        saved[table_id, hand] = PredictionSaved(
            prediction_rules.decode(predictions),
            prediction_rules.decode(tricks),
            version,
        )
    tables = []
    for (round_no, table_no, table_id), at_table in sorted(places.items()):
        tables.append(
            PredictionSheetTable(
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


def _prediction_initial(
    saved: PredictionSaved | None, places: tuple[PredictionPlace, ...]
) -> dict:
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
class PredictionColumn:
    """One table's deal in the grid: its form (as typed, or as stored) and the
    stored deal's points by seat."""

    hand: int
    form: PredictionDealForm
    saved: PredictionSaved | None
    # Emptied, its deal left as it stands: its game has begun, and a played
    # deal is corrected, not removed (the page says so).
    kept: bool = False

    @property
    def number(self) -> int:
        """The deal's number in its game (1 to 8), as its form has it."""
        return self.form.number

    @property
    def kind(self) -> prediction_rules.DealKind:
        return self.form.kind

    @property
    def dealer(self) -> int:
        return prediction_rules.dealer(self.number, self.form.players)

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
class PredictionCell:
    """One player's prediction and tricks on one deal, as the grid shows it."""

    column: PredictionColumn
    prediction: object  # the bound field; None on the Wist deal (fixed)
    tricks: object
    points: int | None
    deals: bool  # the dealer predicts last


@dataclass
class PredictionGridTable:
    table: PredictionSheetTable
    columns: list[PredictionColumn]

    @property
    def number(self) -> int:
        return self.table.table

    @property
    def players(self) -> int:
        return len(self.table.places)

    @property
    def rows(self) -> list[tuple[PredictionPlace, list[PredictionCell], int | None]]:
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
                    PredictionCell(
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
    def problems(self) -> list[tuple[PredictionColumn, list[str]]]:
        return [(c, c.errors) for c in self.columns if c.errors]


def _prediction_grid(
    drive: Drive, round_number: int, posted: dict | None = None
) -> list[PredictionGridTable]:
    """A round's tables, each with a form per deal (bound to what was posted)."""
    grid = []
    for table in _prediction_tables(drive, round_number):
        columns = []
        for hand in drive.hands_of_round(round_number):
            saved = table.saved.get(hand)
            form = PredictionDealForm(
                posted,
                prefix=f"t{table.table}_h{hand}",
                drive=drive,
                hand=hand,
                table=table.table,
                places=table.places,
                blank_allowed=True,
                initial=_prediction_initial(saved, table.places),
            )
            columns.append(PredictionColumn(hand, form, saved))
        grid.append(PredictionGridTable(table, columns))
    return grid


def _emptied(post: dict, column: PredictionColumn, places) -> bool:
    """Whether a stored deal came back emptied (every one of its fields
    posted blank, not left out of the form); if so it is kept as it stands:
    the column's form shows the stored deal again."""
    form = column.form
    if column.saved is None or not any(
        form.add_prefix(name) in post for name in form.fields if name != "seen_version"
    ):
        return False
    column.kept = True
    column.form = PredictionDealForm(
        prefix=form.prefix,
        drive=form.drive,
        hand=column.hand,
        table=form.table,
        places=places,
        blank_allowed=True,
        initial=_prediction_initial(column.saved, places),
    )
    return True


def _prediction_entry(column: PredictionColumn) -> ResultEntry:
    seen = column.form.cleaned_data.get("seen_version")
    return ResultEntry(
        column.form.table,
        column.hand,
        seen_version=column.version if seen is None else seen,
        predictions=column.form.predictions,
        tricks=column.form.tricks,
    )


@dataclass(frozen=True)
class PredictionRow:
    """A table's deal as the list of all hands shows it."""

    table: PredictionSheetTable
    hand: int
    saved: PredictionSaved | None
    # The hand as the drive names it (Drive.hand_named): deal 3 of game 2.
    named: dict[str, int]

    @property
    def kind(self) -> prediction_rules.DealKind:
        return prediction_rules.deal_kind(self.number)

    @property
    def game(self) -> int:
        return self.named["round"]

    @property
    def number(self) -> int:
        """The deal's number in its game (1 to 8), as the captain names it."""
        return self.named["number"]

    @property
    def words(self) -> str:
        if self.saved is None:
            return ""
        return prediction_rules.deal_words(self.saved.predictions, self.saved.tricks)

    @property
    def points(self) -> str:
        points = self.saved.points(self.hand) if self.saved else None
        return ", ".join(score_text(p) for p in points) if points else ""


class PredictionSheet:
    """The sheets of a prediction whist drive: each player's prediction and
    tricks on each deal."""

    template = "scoring/prediction_scores.html"
    nothing_typed = gettext_lazy(
        "Type the predictions and tricks of at least one deal."
    )
    # Its grid types the round in play only: a game's eight deals score
    # together at a table of its own.
    picks = False

    def grid(self, drive: Drive, posted: dict | None = None):
        return _prediction_grid(drive, drive.current_round, posted)

    def parse(self, drive: Drive, post: dict, grid) -> tuple[list[ResultEntry], bool]:
        entries, ok = [], True
        for table in grid:
            for column in table.columns:
                if not column.form.is_valid():
                    ok = False
                elif not column.form.blank:
                    entries.append(_prediction_entry(column))
                else:
                    _emptied(post, column, table.table.places)
        return entries, ok

    def kept(self, grid) -> list[tuple[int, int]]:
        """The (table, hand) of each deal emptied whose result stands."""
        return [
            (table.number, column.hand)
            for table in grid
            for column in table.columns
            if column.kept
        ]

    def kept_words(self, count: int) -> str:
        """What the page says of `count` such deals (%(count)d, %(hands)s)."""
        return ngettext(
            "Kept %(count)d deal as it stands: %(hands)s. Its game has begun, "
            "so it is corrected, not removed: type the right predictions and "
            "tricks.",
            "Kept %(count)d deals as they stand: %(hands)s. Their game has "
            "begun, so they are corrected, not removed: type the right "
            "predictions and tricks.",
            count,
        )

    def already_saved(self, drive: Drive, post: dict, round_number: int) -> bool:
        """Whether a grid of an earlier round holds only what is stored: every
        deal it filled in is the confirmed deal (it may leave deals blank)."""
        filled = 0
        for table in _prediction_grid(drive, round_number, post):
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
                (deal, prediction_rules.deal_kind(deal))
                for deal in (
                    drive.hand_named(hand)["number"]
                    for hand in drive.hands_of_round(drive.current_round)
                )
            ],
        }

    def hands_page(self, request: HttpRequest, drive: Drive) -> HttpResponse:
        """Every table's deals so far, each with its predictions, tricks and points."""
        rows = sorted(
            (
                PredictionRow(
                    table, hand, table.saved.get(hand), drive.hand_named(hand)
                )
                for table in _prediction_tables(drive)
                for hand in drive.hands_of_round(table.round)
            ),
            key=lambda row: (row.hand, row.table.table),
        )
        return render(
            request, "scoring/prediction_hands.html", {"drive": drive, "rows": rows}
        )

    def hand_page(
        self, request: HttpRequest, drive: Drive, hand: int, table: int
    ) -> HttpResponse:
        """One table's deal of a prediction whist drive: each player's prediction
        and tricks to correct (or enter), and the deal's versions."""
        if not 1 <= hand <= drive.hands:
            raise Http404(drive.words.not_played)
        at_table = next(
            (
                t
                for t in _prediction_tables(drive, drive.round_of_hand(hand))
                if t.table == table
            ),
            None,
        )
        if at_table is None:
            raise Http404(drive.words.not_played)
        saved = at_table.saved.get(hand)
        form = PredictionDealForm(
            request.POST or None,
            drive=drive,
            hand=hand,
            table=table,
            places=at_table.places,
            initial=_prediction_initial(saved, at_table.places),
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
                    return correction_saved(request, drive, outcome, table, hand)
            else:
                status = 400
        column = PredictionColumn(hand, form, saved)
        points = column.points
        history = []
        for result in selectors.result_history(
            drive=drive, table_number=table, hand=hand
        ):
            version = PredictionSaved(
                prediction_rules.decode(result.predictions),
                prediction_rules.decode(result.tricks),
                result.version,
            )
            shown = version.points(hand) if result.predictions else None
            history.append(
                (
                    result,
                    deal_summary(result),
                    ", ".join(score_text(p) for p in shown) if shown else "",
                )
            )
        context = {
            "drive": drive,
            "table": at_table,
            "hand": hand,
            "named": drive.hand_named(hand),
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
            "now": prediction_rules.deal_words(saved.predictions, saved.tricks)
            if saved
            else "",
            "history": history,
        }
        return render(request, "scoring/prediction_hand.html", context, status=status)
