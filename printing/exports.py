"""The drive's workbook (openpyxl, write-only): everything a secretary needs.

Sheets: `Results` (the standings, rank order; in a drive someone withdrew
from it ends with `Withdrawal`: "before round 4", "after the last round",
blank for those who stayed; once the drive is finished and a tie-break
placed rows apart from others level on points, last, `Placed by
tie-break`: the rule that placed each row the final boards mark ("count-back
from the last hand"), blank for the rest; a row per player, the club's
record of each, also in a drive of fixed pairs), in a drive of fixed pairs
`Pairs` (the pairs' ranking the boards show: one row per pair, "3 & 4",
both names, and `Placed by tie-break` as `Results` has it),
`Deals` (one row per table per
hand: the seats by entry number, the tricks, each side's score for the hand
after honours and any revoke's penalty (scoring.rules.deal_scores), and the
honours ("NS 3", "NS 4", "EW 3", "EW 4") and revoke ("NS", "EW", "both"),
blank for none: from these anyone can recompute every total), `Hands` (one
row per entry: each hand's score and the running total), `Movement` (one row
per table per round, and one per sit-out), `Adjustments` (sit-out compensation
and the organiser's adjustments, with reasons), `Corrections` (every version
of each result that was entered more than once, with its honours and revoke),
`Prizes` (Prize, No., Name, Total, Note: one row per winner, in the prize
list's order; printing.exports), `Drive` (the settings the scores depend
on, the honours and revoke rules where the drive counts honours or had a
revoke, the movement's rule in plain words and the quality line of the rounds
seated) and, for a drive with money to account for, `Money` (Entry, Name,
Fee, Paid, Method, Note, then the other lines and the totals with `Total
received`: printing.money_sheet). `Results` is also written as CSV.

A rubber drive (scoring.rubber) differs: its `Deals` scores are each side's
points for the hand in the game score (tricks, then honours after the
drive's limits, then a revoke's penalty points and the offenders' stop one
short of game; a revoke's tricks already passed), and it adds a sheet
`Games` (Table, Round, Rubber, Game, NS, EW, Winner, Bonus): one row per game
finished or cut by the bell, with the game's score, its winner ("NS", "EW",
blank when the bell cut it) and the winner's game bonus. Each pair's total in
`Results` is the value of its rubbers: its games' bonuses, and the rubber
bonus for each rubber it won (two games of one rubber), which the `Drive`
sheet gives with the other rubber rules in words (or, settled net, less the
losers' games). `Hands` shows each bonus on the hand that won its game.

A prediction whist drive (scoring.prediction_rules) has a sheet `Predictions` in place
of `Deals` (whose N-S and E-W tricks it has not): one row per player per
deal, Game, Deal, Kind (Hearts, Diamonds, Clubs, Spades, Free, Blind,
Tickets, Wist), Table, No., Seat order (1 = first to predict), Prediction
(0 for Wist), Tricks and Points, the deal's players in the order they
predicted. Each player's `Score` in `Results` is the sum of their Points.
Its `Movement` sheet names the seats as its pages do, Seat 1 to Seat 5 in
the order of play (drive.selectors.seat_label), with their names after; its
`Corrections` give each version's predictions and tricks seat by seat
("2,2,0,4,1", in the order N, E, S, W, F) in place of the N-S and E-W
tricks, honours and revoke, its `Drive` sheet gives the game's rules in
words, and its `Results` and `Hands` have no Group column (the format has
no groups).

The Honours and Revoke columns come last in `Deals` and `Corrections`, after
the columns older releases wrote, so a spreadsheet that reads those columns by
position reads them as before. Column headings, sheet names and the words
in cells are in the language the workbook is made in (the page's, or
`export_drive --language`); the seats are the letters the score cards print,
and the sides (NS, EW in English: the Games sheet's pair columns and Winner,
honours and revoke cells) the language's own (scoring.rules.SIDE_CODES:
Russian С-Ю, В-З). A prediction deal's Kind is its name in that language.

Text is never a formula: workbook cells holding text are stored as text
whatever their first character, and in the CSV a text beginning with = + - @
(or a tab or carriage return), or that is an error's code ("#N/A"), gets a
leading apostrophe, which spreadsheets read as "this is text". Every text written goes through
players.typed_text.printable_text, so a name stored with a control character
before inputs were cleaned cannot break a download.

Which sheets follow `Results` is the drive's game's (``WORKBOOKS``); the
sheets are made in printing.deal_sheets (Deals, Games, Predictions, Hands),
printing.record_sheets (Movement, Adjustments, Corrections),
printing.drive_sheet (Drive), printing.card_sheet and printing.money_sheet.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import IO, Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy
from openpyxl import Workbook
from openpyxl.cell.cell import ERROR_CODES

from drive.games import per_game
from drive.models import Drive
from drive.movement.types import Game
from drive.seating import stored_seatings
from drive.selectors import movement_rule
from players import dates
from players.pair_names import joined_pair
from players.typed_text import printable_text
from printing import filenames, prediction
from printing.card_sheet import add_cards_sheet
from printing.content import ADJUSTMENTS_HEADING
from printing.deal_sheets import (
    GROUP_WIDTH,
    add_deals_sheet,
    add_games_sheet,
    add_hands_sheet,
    add_predictions_sheet,
    deal_rows,
    group_cell,
    group_columns,
)
from printing.drive_sheet import (
    add_drive_sheet,
    hands_scoring_rows,
    prediction_movement_rule,
    rubber_scoring_rows,
)
from printing.money_sheet import add_money_sheet
from printing.record_sheets import (
    add_adjustments_sheet,
    add_corrections_sheet,
    add_movement_sheet,
    add_prediction_corrections_sheet,
    add_prediction_movement_sheet,
)
from printing.sheets import add_sheet
from prizes.selectors import DrivePrizes, drive_prizes
from scoring import prediction_rules
from scoring.hand_plays import HandPlay, deals
from scoring.prediction_share import share_percent
from scoring.rules import Scoring, deal_scores
from scoring.selectors import DriveScores, drive_rubbers, drive_scores
from scoring.standings import Standing
from scoring.table_rubbers import TableRubbers
from scoring.tie_words import tie_words
from scoring.tiebreaks import Rule

PRIZE_HEADERS = [
    gettext_lazy("Prize"),
    gettext_lazy("No."),
    gettext_lazy("Name"),
    gettext_lazy("Total"),
    gettext_lazy("Note"),
]
PRIZE_WIDTHS = [28, 6, 28, 8, 48]
RESULTS_HEADERS = [
    gettext_lazy("Rank"),
    gettext_lazy("No."),
    gettext_lazy("Name"),
    gettext_lazy("Group"),
    gettext_lazy("Played"),
    gettext_lazy("Sat out"),
    gettext_lazy("Score"),
    ADJUSTMENTS_HEADING,
    gettext_lazy("Total"),
]
# A prediction whist drive ranked by share (scoring.prediction_share): the Results
# and Prizes sheets end with the average share of the table, as a percentage.
SHARE_HEADER = gettext_lazy("Share (%)")
# A drive someone withdrew from: Results (and its CSV) end with when each one
# left ("before round 4", "after the last round"), as the boards say "left
# early"; blank for everyone who stayed. A drive nobody left has no such column.
WITHDRAWAL_HEADER = pgettext_lazy("workbook column", "Withdrawal")
# Once the drive is finished: the tie-break rule that placed a row apart from
# others level on points (Standing.placed_by), in the game's words, as the
# final boards mark the row and their key says; blank for the rest. A drive
# whose boards marked no row has no such column. It comes last, after the
# columns older releases wrote, so a spreadsheet that reads those columns by
# position reads them as before.
# Translators: a workbook column's heading; its cells name the tie-break rule
# that decided the row's place ("count-back from the last hand"), blank where
# none did: the order among players level on points.
TIE_BREAK_HEADER = gettext_lazy("Placed by tie-break")
TIE_BREAK_WIDTH = 30


def workbook_filename(drive: Drive) -> str:
    """ "friday-drive-2026-11-27.xlsx" (printing.filenames)."""
    return filenames.named(
        filenames.slug(drive.name) or filenames.file_word("drive"),
        f"{drive.date:%Y-%m-%d}",
        extension="xlsx",
    )


def prize_rows(
    *,
    drive: Drive,
    scores: DriveScores | None = None,
    prizes: DrivePrizes | None = None,
    played: Sequence[HandPlay] | None = None,
    with_share: bool = False,
) -> list[list[Any]]:
    """One row per winner: prize, number, name, total, note; `with_share`
    (the workbook of a drive ranked by share) adds the share the prize went by."""
    prizes = prizes or drive_prizes(drive=drive, scores=scores, played=played)
    rows: list[list[Any]] = []
    for award in prizes.awards:
        if not award.winners:
            rows.append([award.title, None, "", None, award.note])
            continue
        for winner in award.winners:
            rows.append(
                [
                    award.title,
                    winner.shown_number,
                    winner.name,
                    winner.total,
                    award.note,
                ]
            )
            if with_share:
                rows[-1].append(share_cell(winner.share))
    return rows


def share_cell(share: Fraction | None) -> float | None:
    """An average share of the table as a cell: a percentage to one decimal."""
    return None if share is None else float(share_percent(share))


def anyone_withdrew(scores: DriveScores) -> bool:
    return any(record.withdrawn_from is not None for record in scores.records)


def tie_broken(rows: Sequence[Standing]) -> bool:
    """Whether a tie-break placed any of `rows` (the boards mark them)."""
    return any(row.placed_by for row in rows)


def tie_break_cell(drive: Drive, row: Standing) -> str:
    """The rule that placed `row` apart from others level on its total, in
    the drive's game's words ("count-back from the last hand"); blank for
    none (an empty cell written, so that every row reaches the last column)."""
    if not row.placed_by:
        return ""
    return tie_words(drive.game).words(Rule(row.placed_by))


def results_headers(
    drive: Drive, scores: DriveScores, rows: Sequence[Standing]
) -> list[Any]:
    """The Results sheet's (and CSV's) headers: a drive ranked by share ends
    with the share it is ranked by, a drive someone left with Withdrawal, a
    drive whose ties a tie-break decided with Placed by tie-break. `rows`:
    the standings (scores.standings(), ranked once for the whole sheet)."""
    return [
        *RESULTS_HEADERS[:3],
        *group_columns(drive, RESULTS_HEADERS[3:4]),
        *RESULTS_HEADERS[4:],
        *([SHARE_HEADER] if drive.ranks_by_share else []),
        *([WITHDRAWAL_HEADER] if anyone_withdrew(scores) else []),
        *([TIE_BREAK_HEADER] if tie_broken(rows) else []),
    ]


def withdrawal_cell(drive: Drive, withdrawn_from: int | None) -> str | None:
    """When a player left: before which round, or after the last one."""
    if withdrawn_from is None:
        return None
    if withdrawn_from > drive.rounds:
        return str(drive.words.withdrew_after_play)
    return str(drive.words.withdrew_before) % {"round": withdrawn_from}


def results_rows(
    *, drive: Drive, scores: DriveScores, rows: Sequence[Standing]
) -> list[list[Any]]:
    """The Results sheet's (and CSV's) rows, one a standing of `rows`."""
    withdrew = anyone_withdrew(scores)
    ties = tie_broken(rows)
    return [
        [
            s.rank,
            s.number,
            s.name,
            *group_cell(drive, s.group),
            s.played,
            s.sat_out,
            s.score,
            s.adjustment,
            s.total,
            *([share_cell(s.share)] if drive.ranks_by_share else []),
            *([withdrawal_cell(drive, s.withdrawn_from)] if withdrew else []),
            *([tie_break_cell(drive, s)] if ties else []),
        ]
        for s in rows
    ]


def pairs_rows(*, drive: Drive, scores: DriveScores) -> list[list[Any]]:
    """A drive of fixed pairs: one row per pair, as the boards rank them
    (DriveScores.board): Rank, No. ("3 & 4"), Name (both partners), Played,
    Sat out, Score, Adjustment, Total, and Withdrawal and Placed by tie-break
    as Results has them."""
    withdrew = anyone_withdrew(scores)
    lines = scores.board()
    ties = tie_broken(lines)
    return [
        [
            line.rank,
            joined_pair(line.shown_numbers),
            line.name,
            line.played,
            line.sat_out,
            line.score,
            line.adjustment,
            line.total,
            *([withdrawal_cell(drive, line.withdrawn_from)] if withdrew else []),
            *([tie_break_cell(drive, line)] if ties else []),
        ]
        for line in lines
    ]


def add_pairs_sheet(workbook: Workbook, *, drive: Drive, scores: DriveScores) -> None:
    """A drive of fixed pairs: after Results (a row per player, the club's
    record of each), the pairs' ranking the club reads its evening by."""
    ties = tie_broken(scores.board())
    headers = [
        *RESULTS_HEADERS[:3],
        *RESULTS_HEADERS[4:],
        *([WITHDRAWAL_HEADER] if anyone_withdrew(scores) else []),
        *([TIE_BREAK_HEADER] if ties else []),
    ]
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Pairs"),
        headers,
        [
            *[7, 9, 40, 8, 8, 8, 11, 8],
            *([22] if anyone_withdrew(scores) else []),
            *([TIE_BREAK_WIDTH] if ties else []),
        ],
        pairs_rows(drive=drive, scores=scores),
        name_columns=3,  # Rank, No., Name
    )


def build_workbook(*, drive: Drive) -> Workbook:
    """The drive's workbook; its properties name the drive and its day and,
    as its author, the club (a file forwarded says whose it is)."""
    workbook = Workbook(write_only=True)
    workbook.properties.title = printable_text(
        f"{drive.name} · {dates.short_date(drive.date)}"
    )
    workbook.properties.creator = printable_text(drive.club.name)
    scores = drive_scores(drive=drive)
    # Ranked once (the tie-breaks' work, for a thousand entries) for the
    # sheet's headers, widths and rows.
    standings = scores.standings()
    add_sheet(
        workbook,
        # Translators: the workbook's sheets' names ("workbook sheet"): short,
        # at most 31 characters (longer ones are cut), none of : \ / ? * [ ]
        pgettext("workbook sheet", "Results"),
        results_headers(drive, scores, standings),
        [
            *[7, 6, 28],
            *group_columns(drive, [GROUP_WIDTH]),
            *[8, 8, 8, 11, 8],
            *([10] if drive.ranks_by_share else []),
            *([22] if anyone_withdrew(scores) else []),
            *([TIE_BREAK_WIDTH] if tie_broken(standings) else []),
        ],
        results_rows(drive=drive, scores=scores, rows=standings),
        name_columns=3,  # Rank, No., Name
    )
    if drive.plays_in_pairs:
        add_pairs_sheet(workbook, drive=drive, scores=scores)
    WORKBOOKS[drive.game].add_sheets(workbook, drive=drive, scores=scores)
    add_money_sheet(workbook, drive=drive)
    return workbook


# --- each game's sheets after Results ------------------------------------------------


class HandsWorkbook:
    """A drive of hands: Deals (or, for a cards-in drive, its cards), Hands,
    Movement, Adjustments, Corrections, Prizes and Drive."""

    def played_rubbers(self, drive: Drive) -> Sequence[TableRubbers]:
        """The rubbers played at each table: none."""
        return ()

    def deal_score(
        self, deal: HandPlay, scoring: Scoring, game_points: dict
    ) -> list[Any]:
        """Each side's score of a deal played, after honours and any revoke."""
        return list(deal_scores(deal.ns_tricks, scoring, deal.honours, deal.revoke))

    def add_games_sheet(
        self, workbook: Workbook, rubbers: Sequence[TableRubbers]
    ) -> None:
        """A sheet of the games the hands made: none."""

    def scoring_rows(
        self, drive: Drive, scoring: Scoring, *, revoked: bool
    ) -> list[list[Any]]:
        return hands_scoring_rows(drive, scoring, revoked=revoked)

    def add_sheets(
        self, workbook: Workbook, *, drive: Drive, scores: DriveScores
    ) -> None:
        scoring = Scoring.of(drive)
        played = deals(drive=drive)
        revoked = any(deal.revoke for deal in played)
        rubbers = self.played_rubbers(drive)
        # A rubber drive's hands score in the game score (scoring.rubber).
        game_points = {
            (played.table, hand): game.points
            for played in rubbers
            for hand, game in played.by_hand().items()
        }
        if drive.cards_in:
            # A cards-in drive has no deal entered: its cards take their place.
            add_cards_sheet(workbook, drive=drive, scores=scores)
        else:
            add_deals_sheet(
                workbook,
                deal_rows(
                    played, lambda deal: self.deal_score(deal, scoring, game_points)
                ),
            )
        self.add_games_sheet(workbook, rubbers)
        if not drive.cards_in:
            add_hands_sheet(workbook, drive=drive, scores=scores)
        seatings = stored_seatings(drive=drive)
        add_movement_sheet(workbook, drive=drive, seatings=seatings)
        add_adjustments_sheet(workbook, drive=drive, scores=scores)
        add_corrections_sheet(workbook, drive=drive)
        add_sheet(
            workbook,
            pgettext("workbook sheet", "Prizes"),
            PRIZE_HEADERS,
            PRIZE_WIDTHS,
            prize_rows(drive=drive, scores=scores, played=played),
        )
        add_drive_sheet(
            workbook,
            drive=drive,
            seatings=seatings,
            movement=(
                # Translators: %(format)s is the movement's name (e.g. Progressive).
                _("%(format)s (winners move)") % {"format": drive.get_format_display()}
                if drive.winners_move
                else drive.get_format_display()
            ),
            game_rows=[
                [str(drive.words.hands_per_round_label), drive.hands_per_round],
                [
                    # The whole sequence, so the plural (pl Atuty, ro Atuuri),
                    # as the drive's pages label it.
                    pgettext("a drive's trumps in turn, a list of suits", "Trumps"),
                    ", ".join(t.label for t in drive.trumps),
                ],
                # Only where it is not the usual hand by hand, so that a drive
                # scored as drives always were keeps its workbook (tests/upgrade).
                *(
                    [[_("How scores came in"), drive.get_score_entry_display()]]
                    if drive.cards_in
                    else []
                ),
                *self.scoring_rows(drive, scoring, revoked=revoked),
                *(
                    [
                        [_("Group A"), drive.group_a_label],
                        [_("Group B"), drive.group_b_label],
                    ]
                    if drive.has_groups
                    else []
                ),
            ],
            rule=movement_rule(drive=drive),
        )


class RubberWorkbook(HandsWorkbook):
    """A rubber drive: its Deals scores are each side's points in the game
    score, a Games sheet follows, and the Drive sheet gives its rubber rules."""

    def played_rubbers(self, drive: Drive) -> Sequence[TableRubbers]:
        return drive_rubbers(drive=drive)

    def deal_score(
        self, deal: HandPlay, scoring: Scoring, game_points: dict
    ) -> list[Any]:
        return list(game_points[deal.table, deal.hand])

    def add_games_sheet(
        self, workbook: Workbook, rubbers: Sequence[TableRubbers]
    ) -> None:
        add_games_sheet(workbook, rubbers)

    def scoring_rows(
        self, drive: Drive, scoring: Scoring, *, revoked: bool
    ) -> list[list[Any]]:
        return rubber_scoring_rows(drive)


class PredictionWorkbook:
    """A prediction whist drive: Predictions in place of Deals, then Hands,
    Movement (with the fifth seat), Adjustments, Corrections (predictions and
    tricks by seat), Prizes and Drive."""

    def add_sheets(
        self, workbook: Workbook, *, drive: Drive, scores: DriveScores
    ) -> None:
        add_predictions_sheet(workbook, drive=drive)
        add_hands_sheet(workbook, drive=drive, scores=scores)
        add_prediction_movement_sheet(workbook, drive=drive)
        add_adjustments_sheet(workbook, drive=drive, scores=scores)
        add_prediction_corrections_sheet(workbook, drive=drive)
        add_sheet(
            workbook,
            pgettext("workbook sheet", "Prizes"),
            [*PRIZE_HEADERS, SHARE_HEADER] if drive.ranks_by_share else PRIZE_HEADERS,
            [*PRIZE_WIDTHS, *([10] if drive.ranks_by_share else [])],
            prize_rows(drive=drive, scores=scores, with_share=drive.ranks_by_share),
        )
        add_drive_sheet(
            workbook,
            drive=drive,
            seatings=stored_seatings(drive=drive),
            movement=drive.get_format_display(),
            game_rows=[
                [_("Games"), drive.hands // drive.hands_per_round],
                [str(drive.words.hands_per_round_label), drive.hands_per_round],
                [
                    _("Deals of a game"),
                    ", ".join(str(k.label) for k in prediction_rules.DEAL_KINDS),
                ],
                [
                    _("Scoring"),
                    _("Prediction whist: each player scores their own deals"),
                ],
                *[[term, words] for term, words in prediction.rules_lines()],
            ],
            rule=prediction_movement_rule(drive),
        )


WORKBOOKS = per_game(
    "printing.exports",
    {
        Game.HANDS: HandsWorkbook(),
        Game.RUBBERS: RubberWorkbook(),
        Game.PREDICTIONS: PredictionWorkbook(),
    },
)


def write_workbook(*, drive: Drive, output: IO[bytes]) -> None:
    buffer = io.BytesIO()
    build_workbook(drive=drive).save(buffer)
    output.write(buffer.getvalue())


# --- Results as CSV ----------------------------------------------------------------

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(value: Any) -> Any:
    """Text a spreadsheet can hold: one it would run as a formula or read as
    an error gets a leading apostrophe."""
    if not isinstance(value, str):
        return value
    value = printable_text(value)
    # "#N/A" and the like a spreadsheet reads as an error, not as the name.
    if value.startswith(FORMULA_STARTS) or value.upper() in ERROR_CODES:
        return "'" + value
    return value


def results_csv_filename(drive: Drive) -> str:
    return filenames.named(
        workbook_filename(drive).removesuffix(".xlsx"),
        filenames.file_word("results"),
        extension="csv",
    )


def csv_separators() -> tuple[str, str]:
    """(field separator, decimal separator) of the active language's spreadsheets:
    a language that writes a decimal comma (Polish, Russian, Romanian, Italian)
    separates fields with ";", as its Excel reads them; English keeps ",".
    """
    decimal = str(formats.get_format("DECIMAL_SEPARATOR"))
    return (";" if decimal == "," else ","), decimal


def csv_number(value: Any, decimal: str) -> Any:
    """A number with a fraction written with the language's decimal separator."""
    if isinstance(value, (Decimal, float)) and decimal != ".":
        return str(value).replace(".", decimal)
    return value


def write_results_csv(*, drive: Drive, output: IO[str]) -> None:
    """The `Results` sheet as CSV (the caller writes it as UTF-8, with a BOM for
    Excel), in the active language: its headers, field and decimal separators."""
    delimiter, decimal = csv_separators()
    writer = csv.writer(output, delimiter=delimiter, lineterminator="\r\n")
    scores = drive_scores(drive=drive)
    standings = scores.standings()
    headers = results_headers(drive, scores, standings)
    writer.writerow([str(header) for header in headers])
    for row in results_rows(drive=drive, scores=scores, rows=standings):
        writer.writerow([csv_number(csv_safe(value), decimal) for value in row])
