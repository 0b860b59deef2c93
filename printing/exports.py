"""The drive's workbook (openpyxl, write-only): everything a secretary needs.

Sheets: `Results` (the standings, rank order), `Deals` (one row per table per
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

A prediction whist drive (scoring.wist) has a sheet `Predictions` in place
of `Deals` (whose N-S and E-W tricks it has not): one row per player per
deal, Game, Deal, Kind (Hearts, Diamonds, Clubs, Spades, Free, Blind,
Tickets, Wist), Table, No., Seat order (1 = first to predict), Prediction
(0 for Wist), Tricks and Points, the deal's players in the order they
predicted. Each player's `Score` in `Results` is the sum of their Points.
Its `Movement` sheet has the fifth seat (F, F name) after West, its
`Corrections` give each version's predictions and tricks seat by seat
("2,2,0,4,1", in the order N, E, S, W, F) in place of the N-S and E-W
tricks, honours and revoke, its `Drive` sheet gives the game's rules in
words, and its `Results` and `Hands` leave Group blank (the format has no
groups).

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
(or a tab or carriage return) gets a leading apostrophe, which spreadsheets
read as "this is text". Every text written goes through
players.typed_text.printable_text, so a name stored with a control character
before inputs were cleaned cannot break a download.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import IO, Any

from django.db.models import Count
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy
from openpyxl import Workbook

from drive.models import Drive, Entry, SeatAssignment
from drive.movement.quality import movement_quality
from drive.movement.types import DUMMY, Seating, Side
from drive.seating import stored_seatings
from drive.selectors import movement_rule
from players.audit_words import source_words
from players.typed_text import printable_text
from printing import filenames, prediction
from printing.card_sheet import add_cards_sheet
from printing.money_sheet import add_money_sheet
from printing.rules_words import honours_words, revoke_words, rubber_rules_lines
from printing.sheets import add_sheet
from prizes.selectors import DrivePrizes, drive_prizes
from scoring import rubber, wist
from scoring.cards import revoke_text
from scoring.hand_scores import TableRubbers
from scoring.models import Adjustment, HandResult
from scoring.rules import SEAT_LETTERS, SIDE_CODES, Honours, Scoring, deal_scores
from scoring.selectors import (
    Deal,
    DriveScores,
    deals,
    drive_rubbers,
    drive_scores,
    prediction_plays,
)
from scoring.wist_share import share_percent

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
    gettext_lazy("Adjustment"),
    gettext_lazy("Total"),
]
# A prediction whist drive ranked by share (scoring.wist_share): the Results
# and Prizes sheets end with the average share of the table, as a percentage.
SHARE_HEADER = gettext_lazy("Share (%)")
DEALS_HEADERS = [
    gettext_lazy("Hand"),
    pgettext_lazy("workbook column", "Round"),
    gettext_lazy("Trumps"),
    gettext_lazy("Table"),
    *(SEAT_LETTERS[seat] for seat in "NESW"),
    gettext_lazy("NS tricks"),
    gettext_lazy("EW tricks"),
    gettext_lazy("NS score"),
    gettext_lazy("EW score"),
    gettext_lazy("Honours"),
    gettext_lazy("Revoke"),
]
DEALS_WIDTHS = [7, 7, 11, 7, 6, 6, 6, 6, 10, 10, 9, 9, 9, 8]
GAMES_HEADERS = [
    gettext_lazy("Table"),
    pgettext_lazy("workbook column", "Round"),
    gettext_lazy("Rubber"),
    pgettext_lazy("workbook column", "Game"),
    SIDE_CODES.words[Side.NS],
    SIDE_CODES.words[Side.EW],
    gettext_lazy("Winner"),
    gettext_lazy("Bonus"),
]
GAMES_WIDTHS = [7, 7, 8, 7, 6, 6, 8, 7]
PREDICTIONS_HEADERS = [
    pgettext_lazy("workbook column", "Game"),
    pgettext_lazy("workbook column", "Deal"),
    pgettext_lazy("workbook column", "Kind"),
    gettext_lazy("Table"),
    gettext_lazy("No."),
    gettext_lazy("Seat order"),
    gettext_lazy("Prediction"),
    gettext_lazy("Tricks"),
    gettext_lazy("Points"),
]
PREDICTIONS_WIDTHS = [7, 6, 10, 7, 6, 11, 11, 8, 8]


def honours_cell(honours: str) -> str:
    """ "NS 3" (blank for none), as the Deals sheet writes a hand's honours."""
    return Honours(honours).text


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
    played: Sequence[Deal] | None = None,
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


def results_headers(drive: Drive) -> list[Any]:
    """The Results sheet's (and CSV's) headers: a drive ranked by share ends
    with the share it is ranked by."""
    return [*RESULTS_HEADERS, SHARE_HEADER] if drive.ranks_by_share else RESULTS_HEADERS


def group_cell(drive: Drive, group: str) -> str:
    """The Group column of `Results` and `Hands`: blank in a format without
    groups (partners, individual, rubber, prediction), where each entry keeps
    a group nobody is shown. The column stays, so the columns after it keep
    their places (tests/upgrade)."""
    return drive.group_label(group)


def results_rows(*, drive: Drive, scores: DriveScores) -> list[list[Any]]:
    return [
        [
            s.rank,
            s.number,
            s.name,
            group_cell(drive, s.group),
            s.played,
            s.sat_out,
            s.score,
            s.adjustment,
            s.total,
            *([share_cell(s.share)] if drive.ranks_by_share else []),
        ]
        for s in scores.standings()
    ]


def build_workbook(*, drive: Drive) -> Workbook:
    workbook = Workbook(write_only=True)
    scores = drive_scores(drive=drive)
    results = results_rows(drive=drive, scores=scores)
    add_sheet(
        workbook,
        # Translators: the workbook's sheets' names ("workbook sheet"): short,
        # at most 31 characters (longer ones are cut), none of : \ / ? * [ ]
        pgettext("workbook sheet", "Results"),
        results_headers(drive),
        [7, 6, 28, 12, 8, 8, 8, 11, 8, *([10] if drive.ranks_by_share else [])],
        results,
    )
    if drive.plays_predictions:
        _prediction_sheets(workbook, drive=drive, scores=scores)
        add_money_sheet(workbook, drive=drive)
        return workbook
    scoring = Scoring.of(drive)
    played = deals(drive=drive)
    revoked = any(deal.revoke for deal in played)
    rubbers = drive_rubbers(drive=drive)
    # A rubber drive's hands score in the game score (scoring.rubber).
    game_points = {
        (played.table, hand): game.points
        for played in rubbers
        for hand, game in played.by_hand().items()
    }
    deal_rows = []
    # A cards-in drive has no deal entered: its cards take their place.
    for deal in [] if drive.cards_in else played:
        scores_row: list[Any] = [None, None]
        honours, revoke = deal.honours, deal.revoke
        if deal.ns_tricks is not None and drive.plays_rubbers:
            scores_row = list(game_points[deal.table, deal.hand])
        elif deal.ns_tricks is not None:
            scores_row = list(deal_scores(deal.ns_tricks, scoring, honours, revoke))
        deal_rows.append(
            [
                deal.hand,
                deal.round,
                deal.trumps.label,
                deal.table,
                deal.north,
                deal.east,
                deal.south,
                deal.west,
                deal.ns_tricks,
                deal.ew_tricks,
                *scores_row,
                honours_cell(honours),
                revoke_text(revoke),
            ]
        )
    if drive.cards_in:
        add_cards_sheet(workbook, drive=drive, scores=scores, group_cell=group_cell)
    else:
        add_sheet(
            workbook,
            # Translators: the sheet of every table's hands (seats, tricks, each
            # side's score), not the sheet Hands (each player's score by hand):
            # name each by what it holds, two different names.
            pgettext("workbook sheet", "Deals"),
            DEALS_HEADERS,
            DEALS_WIDTHS,
            deal_rows,
        )
    if drive.plays_rubbers:
        add_sheet(
            workbook,
            pgettext("workbook sheet", "Games"),
            GAMES_HEADERS,
            GAMES_WIDTHS,
            games_rows(rubbers),
        )
    if not drive.cards_in:
        _hands_sheet(workbook, drive=drive, scores=scores)
    seatings = stored_seatings(drive=drive)
    _movement_sheet(workbook, drive=drive, seatings=seatings)
    _adjustments_sheet(workbook, drive=drive, scores=scores)
    _corrections_sheet(workbook, drive=drive)
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Prizes"),
        PRIZE_HEADERS,
        PRIZE_WIDTHS,
        prize_rows(drive=drive, scores=scores, played=played),
    )
    _drive_sheet(
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
            [_("Hands per round"), drive.hands_per_round],
            [_("Trumps"), ", ".join(t.label for t in drive.trumps)],
            # Only where it is not the usual hand by hand, so that a drive
            # scored as drives always were keeps its workbook (tests/upgrade).
            *(
                [[_("How scores came in"), drive.get_score_entry_display()]]
                if drive.cards_in
                else []
            ),
            *_scoring_settings(drive, scoring, revoked=revoked),
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
    add_money_sheet(workbook, drive=drive)
    return workbook


def prediction_rows(*, drive: Drive) -> list[list[Any]]:
    """The Predictions sheet: a row per player per deal, by hand and table,
    the deal's players in the order they predicted."""
    numbers = dict(
        Entry.objects.filter(drive=drive).values_list("pk", "number").order_by()
    )
    rows: list[list[Any]] = []
    for play in prediction_plays(drive=drive):
        deal = play.deal
        points = deal.points
        for seat in deal.order:
            entry = play.entries[seat] if seat < len(play.entries) else None
            rows.append(
                [
                    play.game,
                    deal.number,
                    str(deal.kind.label),
                    play.table,
                    numbers.get(entry) if entry is not None else None,
                    deal.seat_order(seat),
                    deal.predictions[seat],
                    deal.tricks[seat],
                    points[seat],
                ]
            )
    return rows


def _prediction_sheets(
    workbook: Workbook, *, drive: Drive, scores: DriveScores
) -> None:
    """A prediction whist drive's sheets after Results: Predictions in place
    of Deals, then Hands, Movement (with the fifth seat), Adjustments,
    Corrections (predictions and tricks by seat), Prizes and Drive."""
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Predictions"),
        PREDICTIONS_HEADERS,
        PREDICTIONS_WIDTHS,
        prediction_rows(drive=drive),
    )
    _hands_sheet(workbook, drive=drive, scores=scores)
    _prediction_movement_sheet(workbook, drive=drive)
    _adjustments_sheet(workbook, drive=drive, scores=scores)
    _prediction_corrections_sheet(workbook, drive=drive)
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Prizes"),
        [*PRIZE_HEADERS, SHARE_HEADER] if drive.ranks_by_share else PRIZE_HEADERS,
        [*PRIZE_WIDTHS, *([10] if drive.ranks_by_share else [])],
        prize_rows(drive=drive, scores=scores, with_share=drive.ranks_by_share),
    )
    _drive_sheet(
        workbook,
        drive=drive,
        seatings=stored_seatings(drive=drive),
        movement=drive.get_format_display(),
        game_rows=[
            [_("Games"), drive.hands // drive.hands_per_round],
            [_("Hands per round"), drive.hands_per_round],
            [_("Deals of a game"), ", ".join(str(k.label) for k in wist.DEAL_KINDS)],
            [_("Scoring"), _("Prediction whist: each player scores their own deals")],
            *[[term, words] for term, words in prediction.rules_lines()],
        ],
        rule=_prediction_movement_rule(drive),
    )


def _drive_sheet(
    workbook: Workbook,
    *,
    drive: Drive,
    seatings: Sequence[Seating],
    movement: str,
    game_rows: list[list[Any]],
    rule: str,
) -> None:
    """The Drive sheet, the settings the scores depend on: every drive's
    begins with the club, the drive, its date, venue, `movement` (the
    format's name) and hands, then `game_rows` (the game's own rules), and
    ends with the sit-outs' compensation, the state, the movement's `rule` in
    words and the quality of the rounds seated."""
    settings_rows = [
        [_("Club"), drive.club.name],
        [_("Drive"), drive.name],
        [_("Date"), drive.date],
        [_("Venue"), drive.venue],
        [_("Movement"), movement],
        [_("Hands"), drive.hands],
        *game_rows,
        [_("Sit-out compensation"), drive.get_sit_out_compensation_display()],
        [_("Fixed score per hand sat out"), drive.sit_out_fixed_score],
        [_("State"), drive.get_state_display()],
        [_("Movement rule"), rule],
        [
            _("Movement quality"),
            movement_quality(schedule=seatings).summary()
            if seatings
            else _("not seated yet"),
        ],
    ]
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Drive"),
        [_("Setting"), _("Value")],
        [28, 40],
        settings_rows,
    )


def _prediction_movement_rule(drive: Drive) -> str:
    """The movement's rule in words; until drive.movement.describe has the
    prediction whist rule (the movement for tables of five is under way), the
    plain fact that the movement is fixed before play."""
    try:
        return movement_rule(drive=drive)
    except KeyError:
        return _(
            "Prediction whist: everyone's table and seat for every game is "
            "fixed before play."
        )


def games_rows(rubbers: Sequence[TableRubbers]) -> list[list[Any]]:
    """The Games sheet: a row per game finished or cut by the bell, by round,
    table, rubber and game."""
    return [
        [
            row.table,
            row.round,
            row.rubber,
            row.game,
            row.ns,
            row.ew,
            "" if row.winner is None else SIDE_CODES[row.winner],
            row.bonus,
        ]
        for played in rubbers
        for row in played.game_rows()
    ]


def _scoring_settings(
    drive: Drive, scoring: Scoring, *, revoked: bool
) -> list[list[Any]]:
    """The Drive sheet's scoring rows: the rule and how honours and revokes
    score, or a rubber drive's rules in words."""
    if not drive.plays_rubbers:
        return [
            [_("Scoring"), drive.get_scoring_rule_display()],
            *_marks_settings(drive, scoring, revoked=revoked),
        ]
    settings = rubber.settings_of(drive)
    rows: list[list[Any]] = [[_("Scoring"), _("Rubbers: each pair scores its rubbers")]]
    rows += [
        [term, words]
        for term, words in rubber_rules_lines(settings, drive.rubber_preset)
    ]
    rows.append(
        [
            _("Deals and Games"),
            _(
                "NS score and EW score in Deals are each side's points in the game "
                "score; a pair's total is its Games bonuses and the rubber bonus "
                "for each rubber it won"
            ),
        ]
    )
    return rows


def _marks_settings(
    drive: Drive, scoring: Scoring, *, revoked: bool
) -> list[list[Any]]:
    """The Drive sheet's honours and revoke rules, where they can touch a score:
    a drive that counts honours has both; another, the revoke rule once a hand
    had a revoke (as the printed cards' columns)."""
    rows = []
    if drive.count_honours:
        rows.append([_("Honours"), honours_words(scoring)])
    if drive.count_honours or revoked:
        rows.append([_("Revoke penalty"), revoke_words(scoring)])
    return rows


def write_workbook(*, drive: Drive, output: IO[bytes]) -> None:
    buffer = io.BytesIO()
    build_workbook(drive=drive).save(buffer)
    output.write(buffer.getvalue())


def _local(moment: Any) -> Any:
    """A naive local datetime: spreadsheets know no time zones."""
    if moment is None:
        return None
    return timezone.localtime(moment).replace(tzinfo=None)


def _hands_sheet(workbook: Workbook, *, drive: Drive, scores: DriveScores) -> None:
    """One row per entry: each hand's score and the running total after it.

    A hand the entry did not play (sat out, not there, not played yet) has no
    score; the running total shows on every hand the room has played.
    """
    headers = [_("No."), _("Name"), _("Group")]
    for hand in range(1, drive.hands + 1):
        headers += [
            _("Hand %(hand)d") % {"hand": hand},
            # Translators: the running total after hand %(hand)d.
            _("Total %(hand)d") % {"hand": hand},
        ]
    headers += [_("Score"), _("Adjustment"), _("Total")]
    standing = {s.entry: s for s in scores.standings()}
    rows = []
    for record in sorted(scores.records, key=lambda r: r.number):
        row: list[Any] = [record.number, record.name, group_cell(drive, record.group)]
        running = 0
        sat_out = set(record.sat_out_hands)
        for hand in range(1, drive.hands + 1):
            score = record.hand_scores.get(hand)
            if score is not None:
                running += score
            shown = score is not None or hand in sat_out
            row += [score, running if shown else None]
        total = standing[record.entry]
        row += [total.score, total.adjustment, total.total]
        rows.append(row)
    widths = [6, 28, 12] + [7, 7] * drive.hands + [8, 11, 8]
    # Translators: the sheet of each player's score hand by hand, with the
    # running total; not the sheet Deals (every table's hands).
    title = pgettext("workbook sheet", "Hands")
    add_sheet(workbook, title, headers, widths, rows)


MOVEMENT_HEADERS = [
    pgettext_lazy("workbook column", "Round"),
    gettext_lazy("First hand"),
    gettext_lazy("Last hand"),
    gettext_lazy("Table"),
    *(SEAT_LETTERS[seat] for seat in "NESW"),
    gettext_lazy("Sits out"),
    gettext_lazy("N name"),
    gettext_lazy("E name"),
    gettext_lazy("S name"),
    gettext_lazy("W name"),
    gettext_lazy("Sits out name"),
]


def _movement_sheet(
    workbook: Workbook, *, drive: Drive, seatings: Sequence[Seating]
) -> None:
    """Every stored round: one row per table (seats by entry number), one per sit-out.

    A seat nobody holds at a table is the dummy hand of a three-handed table.
    """
    entries = {
        pk: (number, name)
        for pk, number, name in Entry.objects.filter(drive=drive).values_list(
            "pk", "number", "player__name"
        )
    }
    # Translators: the seat of a three-handed table's dummy hand.
    dummy = _("dummy")
    rows = []
    for round_number, seating in enumerate(seatings, start=1):
        hands = drive.hands_of_round(round_number)
        first, last = hands[0], hands[-1]
        for table in seating.tables:
            seats = (table.north, table.east, table.south, table.west)
            numbers = [entries[p][0] if p != DUMMY else dummy for p in seats]
            rows.append(
                [round_number, first, last, table.table, *numbers, None]
                + [entries[p][1] if p != DUMMY else dummy for p in seats]
                + [""]
            )
        for player in sorted(seating.sit_outs, key=lambda p: entries[p][0]):
            number, name = entries[player]
            rows.append(
                [round_number, first, last, None, None, None, None, None, number]
                + ["", "", "", "", name]
            )
    widths = [7, 10, 10, 7, 6, 6, 6, 6, 9, 24, 24, 24, 24, 24]
    add_sheet(
        workbook, pgettext("workbook sheet", "Movement"), MOVEMENT_HEADERS, widths, rows
    )


# A round of prediction whist is a game: the first column says so.
PREDICTION_MOVEMENT_HEADERS = [
    pgettext_lazy("workbook column", "Game"),
    *MOVEMENT_HEADERS[1:8],
    SEAT_LETTERS["F"],
    *MOVEMENT_HEADERS[8:13],
    gettext_lazy("F name"),
    MOVEMENT_HEADERS[13],
]


def _prediction_movement_sheet(workbook: Workbook, *, drive: Drive) -> None:
    """A prediction drive's Movement: a row per table per game (seats N, E,
    S, W and the fifth, F, by entry number, blank for a seat nobody holds),
    one per sit-out, read from the stored seats."""
    seats: dict[int, dict[int, dict[str, tuple[int, str]]]] = defaultdict(
        lambda: defaultdict(dict)
    )
    sit_outs: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for round_number, table, position, number, name in (
        SeatAssignment.objects.filter(round__drive=drive)
        .values_list(
            "round__number",
            "table__number",
            "position",
            "entry__number",
            "entry__player__name",
        )
        .order_by()
    ):
        if table is None:
            sit_outs[round_number].append((number, name))
        else:
            seats[round_number][table][position] = (number, name)
    rows: list[list[Any]] = []
    for round_number in sorted(set(seats) | set(sit_outs)):
        hands = drive.hands_of_round(round_number)
        first, last = hands[0], hands[-1]
        for table, at_table in sorted(seats[round_number].items()):
            held = [at_table.get(letter) for letter in prediction.SEAT_LETTERS]
            rows.append(
                [round_number, first, last, table]
                + [None if seat is None else seat[0] for seat in held]
                + [None]
                + ["" if seat is None else seat[1] for seat in held]
                + [""]
            )
        for number, name in sorted(sit_outs[round_number]):
            rows.append(
                [round_number, first, last, None, *[None] * 5, number]
                + [""] * 5
                + [name]
            )
    widths = [7, 10, 10, 7, 6, 6, 6, 6, 6, 9, 24, 24, 24, 24, 24, 24]
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Movement"),
        PREDICTION_MOVEMENT_HEADERS,
        widths,
        rows,
    )


ADJUSTMENT_HEADERS = [
    gettext_lazy("No."),
    gettext_lazy("Name"),
    pgettext_lazy("workbook column", "Kind"),
    gettext_lazy("Points"),
    gettext_lazy("Reason"),
    gettext_lazy("By"),
    gettext_lazy("When"),
]


def _adjustments_sheet(
    workbook: Workbook, *, drive: Drive, scores: DriveScores
) -> None:
    """The sit-out compensation of each entry that sat out, then every organiser's adjustment."""
    rows: list[list[Any]] = []
    rule = drive.get_sit_out_compensation_display()
    for s in sorted(scores.standings(), key=lambda s: s.number):
        if s.sat_out:
            rows.append(
                [
                    s.number,
                    s.name,
                    _("Sit-out compensation"),
                    s.compensation,
                    # Translators: %(rule)s is the drive's sit-out compensation rule.
                    ngettext(
                        "%(count)d hand sat out: %(rule)s",
                        "%(count)d hands sat out: %(rule)s",
                        s.sat_out,
                    )
                    % {"count": s.sat_out, "rule": rule},
                    "",
                    None,
                ]
            )
    for adjustment in (
        Adjustment.objects.filter(entry__drive=drive)
        .select_related("entry__player", "created_by")
        .order_by("entry__number", "created_at", "id")
    ):
        rows.append(
            [
                adjustment.entry.number,
                adjustment.entry.player.name,
                _("Adjustment"),
                adjustment.points,
                adjustment.reason,
                adjustment.created_by.get_username() if adjustment.created_by else "",
                _local(adjustment.created_at),
            ]
        )
    add_sheet(
        workbook,
        # Translators: the sheet of points added or taken off (sit-out
        # compensation, the organiser's adjustments); not Corrections.
        pgettext("workbook sheet", "Adjustments"),
        ADJUSTMENT_HEADERS,
        [6, 28, 22, 8, 48, 14, 18],
        rows,
    )


CORRECTION_HEADERS = [
    gettext_lazy("Hand"),
    gettext_lazy("Table"),
    gettext_lazy("Version"),
    gettext_lazy("NS tricks"),
    gettext_lazy("EW tricks"),
    gettext_lazy("Status"),
    gettext_lazy("Entered by"),
    gettext_lazy("Source"),
    gettext_lazy("Entered at"),
    gettext_lazy("Resolved by"),
    gettext_lazy("Resolved at"),
    gettext_lazy("Honours"),
    gettext_lazy("Revoke"),
]


def _corrections_sheet(workbook: Workbook, *, drive: Drive) -> None:
    """Every version of each result entered more than once, oldest first."""
    rows = [
        _version_row(
            result,
            (result.ns_tricks, result.ew_tricks),
            (honours_cell(result.honours), revoke_text(result.revoke)),
        )
        for result in _corrected_versions(drive)
    ]
    widths = [7, 7, 8, 10, 10, 22, 14, 18, 18, 14, 18, 9, 8]
    add_sheet(
        workbook,
        # Translators: the sheet of results entered more than once, every
        # version; not Adjustments (points added or taken off).
        pgettext("workbook sheet", "Corrections"),
        CORRECTION_HEADERS,
        widths,
        rows,
    )


PREDICTION_CORRECTION_HEADERS = [
    gettext_lazy("Hand"),
    gettext_lazy("Table"),
    gettext_lazy("Version"),
    gettext_lazy("Predictions"),
    gettext_lazy("Tricks"),
    gettext_lazy("Status"),
    gettext_lazy("Entered by"),
    gettext_lazy("Source"),
    gettext_lazy("Entered at"),
    gettext_lazy("Resolved by"),
    gettext_lazy("Resolved at"),
]


def _prediction_corrections_sheet(workbook: Workbook, *, drive: Drive) -> None:
    """Every version of each prediction deal entered more than once, oldest
    first: each seat's predictions and tricks in seat order (N, E, S, W, F)."""
    rows = [
        _version_row(result, (result.predictions, result.tricks))
        for result in _corrected_versions(drive)
    ]
    widths = [7, 7, 8, 14, 14, 22, 14, 18, 18, 14, 18]
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Corrections"),
        PREDICTION_CORRECTION_HEADERS,
        widths,
        rows,
    )


def _corrected_versions(drive: Drive) -> list[HandResult]:
    """Every version of each result entered more than once: by hand, then
    table, then version, oldest first. The database finds which were (most
    drives have few or none); only their versions are loaded."""
    corrected = {
        (table, hand)
        for table, hand, _versions in HandResult.objects.filter(table__drive=drive)
        .values_list("table", "hand")
        .annotate(versions=Count("pk"))
        .filter(versions__gte=2)
        .order_by()
    }
    if not corrected:
        return []
    history: dict[tuple[int, int], list[HandResult]] = defaultdict(list)
    for result in HandResult.objects.filter(
        table__in={table for table, _hand in corrected},
        hand__in={hand for _table, hand in corrected},
    ).select_related("table", "entered_by", "resolved_by"):
        if (result.table_id, result.hand) in corrected:
            history[(result.hand, result.table.number)].append(result)
    return [
        result
        for _key, versions in sorted(history.items())
        for result in sorted(versions, key=lambda r: r.version)
    ]


def _version_row(result: HandResult, score: tuple, extra: tuple = ()) -> list:
    """A version's row of a corrections sheet: hand, table, version, the
    `score` cells, status, who entered it, the source, when, who resolved it
    and when, then the `extra` cells."""
    return [
        result.hand,
        result.table.number,
        result.version,
        *score,
        result.get_status_display(),
        result.entered_by.get_username() if result.entered_by else "",
        source_words(result.source),
        _local(result.created_at),
        result.resolved_by.get_username() if result.resolved_by else "",
        _local(result.resolved_at),
        *extra,
    ]


# --- Results as CSV ----------------------------------------------------------------

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(value: Any) -> Any:
    """Text a spreadsheet can hold: one it would run as a formula gets a leading apostrophe."""
    if not isinstance(value, str):
        return value
    value = printable_text(value)
    if value.startswith(FORMULA_STARTS):
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
    writer.writerow([str(header) for header in results_headers(drive)])
    for row in results_rows(drive=drive, scores=drive_scores(drive=drive)):
        writer.writerow([csv_number(csv_safe(value), decimal) for value in row])
