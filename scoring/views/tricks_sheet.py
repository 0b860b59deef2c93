"""The N-S tricks sheets (every game but prediction whist): the score grid of a
round's tables by hands, the list of all hands and one table's hand to correct.

`TricksSheet` plays hands that each score alone; `RubberSheet` plays rubbers,
whose hands score only as the rubber stands at their table. The score pages
(scoring/views/scores.py) pick the drive's sheet by its game."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from drive.models import Drive
from drive.trumps import trumps_for_hand
from players.http import error_status
from players.language import number_runs
from players.views import apply_errors
from scoring import hand_plays, paper_slips, selectors, services, typed_ahead
from scoring.deal_games import GAMES
from scoring.forms import CorrectionForm
from scoring.game_scores import side_scores
from scoring.hand_plays import HandPlay
from scoring.rules import (
    HONOURS_CHOICES,
    REVOKE_CHOICES,
    TRICK_COUNTS,
    DealRecord,
    HandLine,
    Scoring,
    deal_text,
    ew_tricks,
    hand_line,
)
from scoring.services import ResultEntry, deal_summary
from scoring.views.grid_pick import GridPick


@dataclass
class GridCell:
    """One table's hand in the score grid, a line of its travel slip: who sat
    where, the N-S tricks as typed (or stored), the honours and revoke chosen,
    and the stored result's scores."""

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
    # Whether the hand has a standing result (whatever the cell now holds).
    stored: bool = False
    # The one cell the page opens with the cursor in (see `_focus`).
    focus: bool = False
    # Emptied, its result left as it stands: the hand's round has begun, and
    # a played result is corrected, not removed (the page says so).
    kept: bool = False
    # The deal as the slip heads its line: trumps and the entries by seat.
    deal: HandPlay | None = None
    # At a table the hand's round does not seat, the round reached: any
    # result here counts for nobody, and emptying the cell removes it.
    stranded: bool = False

    @property
    def words(self) -> str:
        """The stored honours and revoke in words ("" for neither)."""
        return deal_text(self.deal.honours, self.deal.revoke) if self.deal else ""

    @property
    def seated(self) -> bool:
        """Whether the hand's round is seated (else nobody is known there yet)."""
        return bool(self.deal and self.deal.table_id)

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


class Grid(list[GridCell]):
    """The grid's cells, in the order Tab goes; `deals`: every deal of the
    drive seated so far, where the grid read them all (a table's slip), so
    that the page reads them once."""

    deals: list[HandPlay] | None = None


def _grid(
    drive: Drive,
    posted: dict | None = None,
    *,
    scores_shown: bool = True,
    pick: GridPick | None = None,
) -> Grid:
    """The picked hands (the round in play by default), one cell a table's
    hand in the order the slips have them; under a cell with honours or a
    revoke its scores, if `scores_shown`."""
    pick = pick or GridPick.in_play(drive)
    ahead = bool(pick.table) and GAMES[drive.game].types_ahead
    cells = Grid()
    if pick.table:
        cells.deals = hand_plays.deals(drive=drive)
        deals = cells.deals + (
            typed_ahead.unseated_plays(
                drive=drive, table_number=pick.table, deals=cells.deals
            )
            if ahead
            else []
        )
    else:
        deals = hand_plays.deals(drive=drive, round_number=pick.round)
    reached = drive.rounds if ahead else drive.current_round
    scoring = Scoring.of(drive)
    for deal in sorted((d for d in deals if pick.holds(d, reached)), key=pick.order):
        cell = GridCell(
            deal.table,
            deal.hand,
            f"t{deal.table}_h{deal.hand}",
            "" if deal.ns_tricks is None else str(deal.ns_tricks),
            deal.version,
            honours=deal.honours,
            revoke=deal.revoke,
            honours_asked=services.honours_asked(drive, deal.trumps),
            stored=deal.ns_tricks is not None,
            deal=deal,
            stranded=not deal.table_id and not typed_ahead.is_ahead(drive, deal.hand),
        )
        if (
            scores_shown
            and deal.ns_tricks is not None
            and (deal.honours or deal.revoke)
        ):
            cell.saved = hand_line(deal.ns_tricks, scoring, deal.honours, deal.revoke)
        if posted is not None:
            cell.value = posted.get(cell.name, cell.value)
            cell.honours = posted.get(cell.honours_name, cell.honours)
            cell.revoke = posted.get(cell.revoke_name, cell.revoke)
        cells.append(cell)
    return cells


def _focus(grid: Grid) -> None:
    """Put the cursor where the typist goes on: the first cell refused, else
    the first still without a result, in the order Tab goes (a table's hands
    one after another, then the next table), as its travel slip is written."""
    first = next((c for c in grid if c.error), None) or next(
        (c for c in grid if not c.stored and not c.value), None
    )
    if first is not None:
        first.focus = True


def _missing(grid: Grid) -> tuple[list[tuple[int, list[int], str]], list[int]]:
    """What is left to type: each table of the grid with some of its hands
    still without a result, those hands and their runs ("5–24"); and the
    tables with none of their hands in yet."""
    by_table: dict[int, list[GridCell]] = {}
    for cell in grid:
        by_table.setdefault(cell.table, []).append(cell)
    some, none = [], []
    for table, row in sorted(by_table.items()):
        hands = [cell.hand for cell in row if not cell.stored]
        if len(hands) == len(row):
            none.append(table)
        elif hands:
            some.append((table, hands, number_runs(hands)))
    return some, none


@dataclass(frozen=True)
class SlipsLeft:
    """Every table of the drive so far; and the tables, and the rounds, with a
    hand still without a result: the slips still to type."""

    tables: list[int]
    left: list[int]
    rounds: list[int]


def slips_left(drive: Drive, deals: list[HandPlay] | None = None) -> SlipsLeft:
    """`deals`: the drive's deals so far, where the page has read them."""
    tables, left, rounds = set(), set(), set()
    if deals is None:
        deals = hand_plays.deals(drive=drive)
    for deal in deals:
        if deal.round > drive.current_round:
            continue
        tables.add(deal.table)
        if deal.ns_tricks is None:
            left.add(deal.table)
            rounds.add(deal.round)
    return SlipsLeft(sorted(tables), sorted(left), sorted(rounds))


def next_slip(drive: Drive, after: int) -> int | None:
    """The next table after `after` (going round) whose slip still has a hand
    without a result; None when none has (as the slips' desk goes round its
    missing tables: paper_slips.next_missing_table)."""
    return paper_slips.next_missing_table(slips_left(drive).left, after)


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


def _values(post: dict, name: str) -> list[str]:
    """Every value posted for `name` (a plain dict holds one)."""
    if hasattr(post, "getlist"):
        return post.getlist(name)
    return [post[name]] if name in post else []


def _parse_grid(drive: Drive, post: dict, grid: Grid) -> tuple[list[ResultEntry], bool]:
    entries, ok = [], True
    for cell in grid:
        raw, honours, revoke = _posted_deal(post, cell.name)
        typed = sorted({value.strip() for value in _values(post, cell.name)} - {""})
        if len(typed) > 1:
            # The same hand sent with two numbers: neither is taken.
            cell.error = _(
                "This hand came twice, as %(values)s: type its N-S tricks once."
            ) % {"values": ", ".join(value[:6] for value in typed)}
            ok = False
            continue
        if raw == "":
            if cell.stored and (honours, revoke) == (
                cell.deal.honours,
                cell.deal.revoke,
            ):
                # Emptied, its stored honours and revoke left as they were.
                honours = revoke = ""
            if honours or revoke:
                cell.error = _("Type the N-S tricks too.")
                ok = False
            elif cell.stored and cell.name in post:
                _emptied(drive, post, cell, entries)
            continue
        if cell.stranded:
            ok = _stranded_kept(cell, raw, honours, revoke) and ok
            continue
        try:
            ns = int(raw)
        except ValueError:
            cell.error = _("Type a number from 0 to 13.")
            ok = False
            continue
        try:
            seen = int(post.get(f"v_{cell.name}", cell.version))
        except ValueError:
            seen = -1  # what the page showed is not known: the service refuses
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
        entries.append(ResultEntry(cell.table, cell.hand, ns, seen, honours, revoke))
    return entries, ok


def _stranded_kept(cell: GridCell, raw: str, honours: str, revoke: str) -> bool:
    """A cell at a table the hand's round does not seat, not emptied: what
    is stored there, sent back, changes nothing; anything else is refused at
    the cell (no result can count there)."""
    deal = cell.deal
    if cell.stored and (raw, honours, revoke) == (
        str(deal.ns_tricks),
        deal.honours,
        deal.revoke,
    ):
        return True
    if cell.stored:
        cell.error = _(
            "This table has no game in this hand’s round, so this result "
            "counts for nobody. Empty the cell to remove it, and type the hand "
            "at the table where it was played."
        )
    else:
        cell.error = _(
            "This table has no game in this hand’s round: type the hand at the "
            "table where it was played."
        )
    return False


def _emptied(
    drive: Drive, post: dict, cell: GridCell, entries: list[ResultEntry]
) -> None:
    """A stored result's cell emptied (not left out of the form). Typed ahead
    (its round not reached), or stranded (at a table its round does not
    seat): removed. A played hand's result stands, and the cell is marked
    `kept`, to be said, and shows it again. A cell whose page showed no
    result (version 0; one came in meanwhile) was not emptied."""
    try:
        seen = int(post.get(f"v_{cell.name}", cell.version))
    except ValueError:
        seen = -1  # what the page showed is not known: refused
    if seen == 0:
        return
    if cell.stranded or typed_ahead.is_ahead(drive, cell.hand):
        entries.append(
            ResultEntry(cell.table, cell.hand, seen_version=seen, clear=True)
        )
        return
    cell.kept = True
    cell.value = str(cell.deal.ns_tricks)
    cell.honours, cell.revoke = cell.deal.honours, cell.deal.revoke


def _already_saved(drive: Drive, post: dict, round_number: int) -> bool:
    """Whether a score grid for a round holds only what is stored: every cell
    it filled in has exactly the confirmed tricks, honours and revoke (it may
    leave cells blank)."""
    stored = {
        f"t{deal.table}_h{deal.hand}": (deal.ns_tricks, deal.honours, deal.revoke)
        for deal in hand_plays.deals(drive=drive, round_number=round_number)
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


@dataclass(frozen=True)
class HandRow:
    """A table's hand as the lists show it: the deal, its honours and revoke in
    words, and each side's score (None while it has no result)."""

    deal: object
    words: str = ""
    line: HandLine | None = None


Score = tuple[int, int]  # (N-S, E-W)


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


def correction_saved(
    request: HttpRequest, drive: Drive, outcome, table: int, hand: int
) -> HttpResponse:
    """After one table's hand is corrected: the notes, what was saved (or that
    nothing changed), and back to the list of hands."""
    for note in outcome.notes:
        messages.warning(request, note)
    if outcome.changed:
        messages.success(
            request,
            drive.words.hand_saved(
                table=table,
                **drive.hand_named(hand),
                result=deal_summary(outcome.results[0]),
            ),
        )
    else:
        messages.info(request, _("That is the score already recorded."))
    return redirect("scoring:hands", pk=drive.pk)


class TricksSheet:
    """The sheets of a drive whose hands each score alone (Game.HANDS): the
    grid takes each table's N-S tricks, honours and revoke for the round's
    hands; a hand's scores are its own."""

    template = "scoring/scores.html"
    nothing_typed = gettext_lazy("Type the N-S tricks for at least one table.")
    # Whether a hand's scores are its own, shown under its cell in the grid
    # and beside each version of it.
    hands_score_alone = True
    # The note the list of hands and a hand's page add on how a hand scores
    # (a named partial; "" for none).
    hands_note = ""
    hand_note = ""

    # The desk may pick a past round or one table's whole slip to type.
    picks = True

    def grid(
        self, drive: Drive, posted: dict | None = None, pick: GridPick | None = None
    ) -> Grid:
        return _grid(drive, posted, scores_shown=self.hands_score_alone, pick=pick)

    def parse(self, drive: Drive, post: dict, grid) -> tuple[list[ResultEntry], bool]:
        return _parse_grid(drive, post, grid)

    def already_saved(self, drive: Drive, post: dict, round_number: int) -> bool:
        return _already_saved(drive, post, round_number)

    def tables(self, drive: Drive) -> list[int]:
        """The drive's tables so far, for the desk to pick a slip from."""
        return selectors.tables_so_far(drive=drive)

    def next_slip(self, drive: Drive, after: int) -> int | None:
        return next_slip(drive, after)

    def kept(self, grid: Grid) -> list[tuple[int, int]]:
        """The (table, hand) of each cell emptied whose result stands: a
        played hand (`GridCell.kept`)."""
        return [(cell.table, cell.hand) for cell in grid if cell.kept]

    def kept_words(self, count: int) -> str:
        """What the page says of `count` such cells (%(count)d, %(hands)s)."""
        return ngettext(
            "Kept %(count)d result as it stands: %(hands)s. Its round has begun, "
            "so its result is corrected, not removed: type the right N-S tricks.",
            "Kept %(count)d results as they stand: %(hands)s. Their rounds have "
            "begun, so their results are corrected, not removed: type the right "
            "N-S tricks.",
            count,
        )

    def context(self, drive: Drive, grid: Grid, pick: GridPick | None = None) -> dict:
        pick = pick or GridPick.in_play(drive)
        _focus(grid)
        missing_hands, missing_tables = _missing(grid)
        slips = slips_left(drive, grid.deals if isinstance(grid, Grid) else None)
        stranded = typed_ahead.typed_ahead(drive).stranded
        return {
            "drive": drive,
            "grid": grid,
            "pick": pick,
            "missing_hands": missing_hands,
            "missing_tables": missing_tables,
            "slips": slips,
            # Results typed at a table with no game in their round: said, so
            # that none is lost without a word (scoring.typed_ahead), with a
            # link to each table's slip, where emptying the cell removes it.
            "stranded": typed_ahead.stranded_text(stranded),
            "stranded_tables": [row.table for row in stranded],
            # Results typed for a round not seated yet: they will count for
            # whoever it seats at the table (the slip's entry numbers are not
            # typed), so the desk is asked to check them once it is.
            "typed_unseated": any(
                not cell.seated
                and cell.deal.ns_tricks is not None
                and cell.deal.round > drive.current_round
                for cell in grid
            ),
            "rounds_so_far": range(1, drive.current_round + 1),
            "any_honours": any(cell.honours_asked for cell in grid),
            "cursor_in_grid": any(cell.focus for cell in grid),
            # Whether a table's slip is typed whole, its later rounds too.
            "types_ahead": GAMES[drive.game].types_ahead,
            "extras_open": any(
                cell.honours or cell.revoke or cell.error for cell in grid
            ),
            "hands": _hands(drive) if not pick.picked else [],
            # E-W's tricks for each count of N-S's, shown as typed (site.js).
            "ew_by_ns": " ".join(str(ew_tricks(ns)) for ns in TRICK_COUNTS),
            "honours_choices": HONOURS_CHOICES,
            "revoke_choices": REVOKE_CHOICES,
        }

    def board_scores(
        self, drive: Drive, deals: list
    ) -> dict[tuple[int, int], Score] | None:
        """Each confirmed deal's (N-S, E-W) as the boards count it, by (table
        id, hand), where that is not the hand's own score; None here: each
        hand scores alone."""
        return None

    def hands_page(self, request: HttpRequest, drive: Drive) -> HttpResponse:
        """Every table's hands so far, each with its tricks and scores."""
        scoring = Scoring.of(drive)
        deals = hand_plays.deals(drive=drive)
        board = self.board_scores(drive, deals)
        rows = [_hand_row(deal, scoring, board) for deal in deals]
        return render(
            request,
            "scoring/hands.html",
            {"drive": drive, "rows": rows, "sheet": self},
        )

    def hand_page(
        self, request: HttpRequest, drive: Drive, hand: int, table: int
    ) -> HttpResponse:
        """One table's hand: its N-S tricks, honours and revoke to correct (or
        enter), and its versions."""
        deals = hand_plays.deals(drive=drive)
        deal = next((d for d in deals if d.hand == hand and d.table == table), None)
        if deal is None:
            raise Http404(drive.words.not_played)
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
                    return correction_saved(request, drive, outcome, table, hand)
            else:
                status = 400
        scoring = Scoring.of(drive)
        board = self.board_scores(drive, deals)
        context = {
            "drive": drive,
            "deal": deal,
            "now": _hand_row(deal, scoring, board),
            "form": form,
            "sheet": self,
            # A rubber drive's earlier versions have no score of their own: a
            # hand scores only as its rubber stands with the table's other hands.
            "history": [
                (
                    result,
                    deal_text(result.honours, result.revoke),
                    hand_line(result.ns_tricks, scoring, result.honours, result.revoke)
                    if self.hands_score_alone
                    else None,
                )
                for result in selectors.result_history(
                    drive=drive, table_number=table, hand=hand
                )
            ],
        }
        return render(request, "scoring/hand.html", context, status=status)


class RubberSheet(TricksSheet):
    """The sheets of a rubber drive (Game.RUBBERS): the same grid, but a hand
    scores only as the rubber stands at its table (scoring.game_scores), so no
    hand has a score of its own."""

    hands_score_alone = False
    hands_note = "scoring/_rubber_notes.html#hands"
    hand_note = "scoring/_rubber_notes.html#hand"

    def board_scores(
        self, drive: Drive, deals: list
    ) -> dict[tuple[int, int], Score] | None:
        return side_scores(
            drive,
            {
                (d.table_id, d.hand): DealRecord(d.ns_tricks, d.honours, d.revoke)
                for d in deals
                if d.ns_tricks is not None
            },
        )
