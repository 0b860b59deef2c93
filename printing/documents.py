"""Every sheet of paper a traditional drive uses, as PDF.

- ``scorecards``: one card per entry, seats filled in where the stored rounds
  fix them (every round for the fixed formats, the rounds reached for the
  progressive ones);
- ``blank-cards``: cards with no name, for walk-ins;
- ``filled-cards``: each entry's card after play, with its real hands and totals;
- ``slips``: one travel slip per table for the whole drive;
- ``tablecards``: one card per table: number, captain link QR code (and one that
  joins the hall's Wi-Fi when the drive has it), trumps, movement;
- ``results``: the standings overall and per group.

A prediction whist drive (scoring.prediction_rules) prints its own sheets
(printing.prediction): a player's card has a row per game, a travel slip
holds one table's game, and two kinds more print the score sheet (the Wist
grid) of each table's game: ``score-sheets`` with the names the movement
gives, ``filled-sheets`` with the predictions and points played.

Every kind prints in the usual edition or in large print (``edition``:
printing.editions). A run of score cards (plain or filled in) puts the cards
of the players who asked for large print (Entry.large_print) last, in large
print, each on its own page.

What each drive prints is its game's (``PRINTS``). ``content``, ``slips``,
``table_cards`` and ``prediction`` say what goes on each sheet (plain values,
tested without a PDF), ``loading`` reads it from the database, ``pdf`` draws it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drive.games import per_game
from drive.models import Drive
from drive.movement.types import Game
from printing import (
    card_pdf,
    editions,
    filenames,
    loading,
    posters,
    prediction,
    prediction_pdf,
    readable,
    results_pdf,
    slip_pdf,
    slips,
)
from printing.pdf import Printed
from scoring import cards, drive_plan
from scoring.card_plan import DrivePlan
from scoring.card_rows import ScoreCard

KINDS: dict[str, str] = {
    "scorecards": gettext_lazy("Score cards"),
    "blank-cards": gettext_lazy("Blank score cards"),
    "filled-cards": gettext_lazy("Filled-in score cards"),
    "slips": gettext_lazy("Travel slips"),
    "tablecards": gettext_lazy("Table cards"),
    "results": gettext_lazy("Results sheet"),
    "score-sheets": gettext_lazy("Score sheets (prediction whist)"),
    "filled-sheets": gettext_lazy("Filled-in score sheets (prediction whist)"),
}
# The Wist grid: a prediction whist drive's only.
PREDICTION_KINDS = frozenset(("score-sheets", "filled-sheets"))
PAPERS = ("a4", "letter")
PER_PAGE = (1, 2, 4)
DEFAULT_PER_PAGE = {"tablecards": 1, "results": 1}
DEFAULT_BLANK_CARDS = 8
MAX_BLANK_CARDS = 400


class PrintError(Exception):
    """A request the organiser can put right: the message says how."""


@dataclass(frozen=True)
class PrintOptions:
    kind: str
    paper: str = "a4"
    per_page: int = 2
    count: int = DEFAULT_BLANK_CARDS
    edition: str = "standard"
    # False: the organiser left "Cards a page" as usual, and a game may
    # print a kind its own way (`usual_per_page`).
    per_page_asked: bool = field(default=True, compare=False)

    @property
    def drawn_in(self) -> editions.Edition:
        return editions.EDITIONS[self.edition]


def parse_options(
    *,
    kind: str,
    paper: str | None = None,
    per_page: str | int | None = None,
    count: str | int | None = None,
    edition: str | None = None,
) -> PrintOptions:
    """Check the options of a print (from a query string or the command line)."""
    if kind not in KINDS:
        # The kinds as the print page names them (Score cards, Travel slips...).
        kinds = ", ".join(str(name) for name in KINDS.values())
        if not kind.strip():
            raise PrintError(_("Choose what to print: %(kinds)s.") % {"kinds": kinds})
        raise PrintError(
            # Translators: %(kinds)s lists the kinds' names (Score cards, Travel slips...).
            _("“%(kind)s” is not something to print. Choose one of: %(kinds)s.")
            % {"kind": kind, "kinds": kinds}
        )
    paper = parse_paper(paper)
    if per_page in (None, ""):
        pages = DEFAULT_PER_PAGE.get(kind, 2)
    else:
        pages = _whole_number(
            per_page,
            _("Cards a page must be a whole number, not “%(text)s”."),
        )
        if pages not in PER_PAGE:
            raise PrintError(
                _("Cards a page must be 1, 2 or 4, not %(pages)d.") % {"pages": pages}
            )
    blank = DEFAULT_BLANK_CARDS
    if count not in (None, ""):
        blank = _whole_number(
            count,
            _("The number of blank cards must be a whole number, not “%(text)s”."),
        )
        if not 1 <= blank <= MAX_BLANK_CARDS:
            raise PrintError(
                _("The number of blank cards must be between 1 and %(most)d.")
                % {"most": MAX_BLANK_CARDS}
            )
    return PrintOptions(
        kind=kind,
        paper=paper,
        per_page=pages,
        count=blank,
        edition=parse_edition(edition),
        per_page_asked=per_page not in (None, ""),
    )


def parse_paper(paper: str | None) -> str:
    """The paper asked for (a4 by default), checked: every printed sheet's."""
    paper = (paper or "a4").strip().lower()
    if paper not in PAPERS:
        raise PrintError(
            _("“%(paper)s” is not a paper size. Use a4 or letter.")
            % {"paper": paper[:20]}
        )
    return paper


def parse_edition(edition: str | None) -> str:
    """The edition asked for (standard by default), checked: every printed sheet's."""
    edition = (edition or "standard").strip().lower()
    if edition not in editions.EDITIONS:
        raise PrintError(
            # Translators: "standard" and "large" are typed as they are.
            _("“%(edition)s” is not an edition. Use standard or large.")
            % {"edition": edition[:20]}
        )
    return edition


def _whole_number(value: str | int, refusal: str) -> int:
    """`value` as a whole number; else a PrintError saying `refusal` (with %(text)s)."""
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if not re.fullmatch(r"\d{1,6}", text):
        raise PrintError(refusal % {"text": text[:20]})
    return int(text)


def pdf_filename(drive: Drive, kind: str, edition: str = "standard") -> str:
    """ "friday-drive-2026-11-27-scorecards.pdf" ("...-scorecards-large-print.pdf"),
    in the page's language (printing.filenames)."""
    return filenames.named(
        filenames.slug(drive.name) or filenames.file_word("drive"),
        f"{drive.date:%Y-%m-%d}",
        filenames.file_word(kind),
        filenames.file_word("large-print") if edition == "large" else "",
        extension="pdf",
    )


def _cards(found: list[ScoreCard], *, drive: Drive, options: PrintOptions) -> Printed:
    """A run of score cards: those of the players who asked for large print
    last, in large print, one to a page (all in `options`' edition when
    that is large already)."""
    edition = options.drawn_in
    asked = set() if edition.is_large else loading.large_print_numbers(drive=drive)
    return card_pdf.draw_score_cards(
        [card for card in found if card.number not in asked],
        paper=options.paper,
        per_page=options.per_page,
        edition=edition,
        large_print=[card for card in found if card.number in asked],
        per_page_asked=options.per_page_asked,
    )


class HandsPrint:
    """The paper of a drive of hands (or rubbers): scoring.cards' score cards,
    printing.slips' travel slips, printing.table_cards' table cards and the
    results sheet."""

    # A table's slip holds every hand of the evening, written in by hand at
    # the table: one to an A4 page, its rows 7 mm and its figures 10.5 pt
    # (two to a page gave 24 hands rows of 4 mm and figures of 6.6 pt, and
    # a rubber slip went on over two halves at 5.4 pt).
    usual_per_page = {"slips": 1}

    def render(self, *, drive: Drive, options: PrintOptions, base_url: str) -> Printed:
        kind = options.kind
        paper, per_page = options.paper, options.per_page
        if not options.per_page_asked:
            per_page = self.usual_per_page.get(kind, per_page)
        edition = options.drawn_in
        if kind in PREDICTION_KINDS:
            raise PrintError(
                _(
                    "Score sheets are the grid of a prediction whist drive; this "
                    "drive prints score cards and travel slips."
                )
            )
        if kind == "filled-cards" and not drive_plan.is_started(drive):
            raise PrintError(
                _(
                    "This drive has not started, so there are no scores to fill in. "
                    "Print the score cards or blank cards instead."
                )
            )
        plan = drive_plan.load_plan(drive=drive, with_totals=kind == "filled-cards")
        if kind in ("scorecards", "filled-cards"):
            if not plan.entries:
                raise PrintError(
                    _(
                        "Nobody is registered for this drive yet: register players, "
                        "or print blank cards for walk-ins."
                    )
                )
            score_cards = cards.score_cards(plan, filled=kind == "filled-cards")
            return _cards(score_cards, drive=drive, options=options)
        if kind == "blank-cards":
            blank = [cards.blank_card(plan)] * options.count
            return card_pdf.draw_score_cards(
                blank,
                paper=paper,
                per_page=per_page,
                edition=edition,
                per_page_asked=options.per_page_asked,
            )
        if kind in ("slips", "tablecards") and not plan.tables:
            raise PrintError(
                _(
                    "This drive has no tables yet: register at least four players "
                    "(two in each group) first."
                )
            )
        if kind == "slips":
            return slip_pdf.draw_travel_slips(
                slips.travel_slips(plan),
                paper=paper,
                per_page=per_page,
                edition=edition,
            )
        if kind == "tablecards":
            table_cards = loading.load_table_cards(
                drive=drive, plan=plan, base_url=base_url
            )
            return posters.draw_table_cards(
                table_cards, paper=paper, per_page=per_page, edition=edition
            )
        sheet = loading.load_results_sheet(drive=drive, plan=plan)
        return results_pdf.draw_results(sheet, paper=paper, edition=edition)

    def filled_cards(self, *, drive: Drive, plan: DrivePlan) -> list[ScoreCard]:
        """Each entry's filled-in card (`plan` with the totals)."""
        return cards.score_cards(plan, filled=True)


class PredictionPrint:
    """A prediction whist drive's paper (printing.prediction): a player's card
    has a row per game, a slip is a table's game, and the score sheets (the
    Wist grid) are its own."""

    def render(self, *, drive: Drive, options: PrintOptions, base_url: str) -> Printed:
        kind = options.kind
        paper, per_page = options.paper, options.per_page
        edition = options.drawn_in
        started = drive_plan.is_started(drive)
        if kind in ("filled-cards", "filled-sheets") and not started:
            raise PrintError(
                _(
                    "This drive has not started, so there are no scores to fill in. "
                    "Print the score cards or score sheets instead."
                )
            )
        plan = drive_plan.load_plan(drive=drive, with_totals=kind == "filled-cards")
        plan = loading.load_prediction_plan(drive=drive, plan=plan)
        if kind in ("scorecards", "filled-cards"):
            if not plan.entries:
                raise PrintError(
                    _(
                        "Nobody is registered for this drive yet: register players, "
                        "or print blank cards for walk-ins."
                    )
                )
            found = cards.score_cards(plan, filled=kind == "filled-cards")
            return _cards(found, drive=drive, options=options)
        if kind == "blank-cards":
            blank = [cards.blank_card(plan)] * options.count
            return card_pdf.draw_score_cards(
                blank,
                paper=paper,
                per_page=per_page,
                edition=edition,
                per_page_asked=options.per_page_asked,
            )
        if kind == "results":
            sheet = loading.load_results_sheet(drive=drive, plan=plan)
            return results_pdf.draw_results(sheet, paper=paper, edition=edition)
        if not plan.tables:
            raise PrintError(
                _("This drive has no tables yet: register at least four players first.")
            )
        if kind == "tablecards":
            table_cards = loading.load_table_cards(
                drive=drive, plan=plan, base_url=base_url
            )
            return posters.draw_table_cards(
                table_cards, paper=paper, per_page=per_page, edition=edition
            )
        sheets = prediction.game_sheets(
            plan, slip=kind == "slips", filled=kind != "score-sheets"
        )
        return prediction_pdf.draw_game_sheets(
            sheets, paper=paper, per_page=per_page, edition=edition
        )

    def filled_cards(self, *, drive: Drive, plan: DrivePlan) -> list[ScoreCard]:
        """Each player's filled-in card (`plan` with the totals): a row a game."""
        return cards.score_cards(plan, filled=True)


PRINTS = per_game(
    "printing.documents",
    {
        Game.HANDS: HandsPrint(),
        Game.RUBBERS: HandsPrint(),
        Game.PREDICTIONS: PredictionPrint(),
    },
)


def render(*, drive: Drive, options: PrintOptions, base_url: str) -> Printed:
    """The PDF of one kind of sheet. Raises PrintError when the drive cannot have it yet.

    Nothing a player reads is printed under 8 pt (printing.readable): where
    the cards a page chosen would need smaller type (a rubber drive's travel
    slips two to a page), or leave some of a card's lines off, the sheet is
    drawn with fewer a page, and the Printed says so (`chosen_per_page`, `per_page`) for the
    print page to tell the organiser before printing."""
    printing_kind = PRINTS[drive.game]
    printed = printing_kind.render(drive=drive, options=options, base_url=base_url)
    if options.drawn_in.is_large or options.kind == "results":
        return printed
    per_page, chosen = options.per_page, printed
    while per_page in readable.FEWER and (
        printed.cramped or not readable.readable(printed.data)
    ):
        per_page = readable.FEWER[per_page]
        fewer = replace(options, per_page=per_page, per_page_asked=True)
        printed = replace(
            printing_kind.render(drive=drive, options=fewer, base_url=base_url),
            chosen_per_page=options.per_page,
            per_page=per_page,
        )
    if printed is not chosen and not readable.readable(printed.data):
        # Not readable one a page either: as chosen. (A card's grid alone on
        # its page carries on onto another rather than set under 8 pt:
        # printing.grid_pdf.)
        return chosen
    return printed


def fewer_per_page_note(printed: Printed, kind: str) -> str:
    """What the print page tells the organiser whose chosen cards a page
    would print under 8 pt ("" where the sheet printed as chosen)."""
    if not printed.chosen_per_page or not printed.per_page:
        return ""
    return _(
        "%(chosen)d to a page, “%(kind)s” would print some words smaller than "
        "8 pt, too small to read at the tables; they print %(fits)d to a page "
        "instead, every word 8 pt or larger."
    ) % {
        "kind": KINDS[kind],
        "chosen": printed.chosen_per_page,
        "fits": printed.per_page,
    }


def filled_cards(*, drive: Drive) -> dict[int, ScoreCard]:
    """Each entry's filled-in card by entry number (for one player's own PDF:
    `draw_card`). The drive must have started."""
    plan = drive_plan.load_plan(drive=drive, with_totals=True)
    found = PRINTS[drive.game].filled_cards(drive=drive, plan=plan)
    return {card.number: card for card in found if card.number is not None}


def draw_card(
    card: ScoreCard, *, paper: str = "a4", large_print: bool = False
) -> Printed:
    """One card alone on its page, as PDF (in large print if asked)."""
    edition = editions.LARGE if large_print else editions.STANDARD
    return card_pdf.draw_score_cards([card], paper=paper, per_page=1, edition=edition)


__all__ = [
    "DEFAULT_BLANK_CARDS",
    "KINDS",
    "PAPERS",
    "PER_PAGE",
    "PrintError",
    "PrintOptions",
    "Printed",
    "draw_card",
    "fewer_per_page_note",
    "filled_cards",
    "parse_options",
    "pdf_filename",
    "render",
]
