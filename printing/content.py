"""What the results sheet says, as plain values: no ORM, no drawing; and the
language a drive's papers are printed in.

- *Results sheet*: the standings, overall and per group; under the title, how
  honours and revokes scored, when the drive counts honours or had a revoke;
  for a rubber drive, its rubber rules in words (rubber_rules_lines), which
  the workbook's Drive sheet gives too; for a prediction whist drive, the
  game's rules (printing.prediction.rules_lines). Which the drive's game
  gives is ``RESULTS``'.

The other sheets: the score card is scoring.cards' (the results page shows
the same cards; a prediction whist drive's is printing.prediction's), the
travel slip printing.slips', the table card printing.table_cards'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from drive.games import per_game
from drive.movement.types import Game
from players.pair_names import joined_pair
from players.score_text import score_text, signed_text
from printing import prediction
from printing.rules_words import honours_words, revoke_words, rubber_rules_lines
from scoring.card_plan import DrivePlan
from scoring.prediction_share import share_text
from scoring.standings import Standing

# --- the language of a drive's papers ---------------------------------------------


def drive_language(drive: object) -> str:
    """The language a drive's papers are printed in when nobody asks for
    another: its club's (players.models.Club.language, once it exists)."""
    club = getattr(drive, "club", None)
    return getattr(club, "language", None) or settings.LANGUAGE_CODE


def known_language(code: str) -> str | None:
    """`code` as settings.LANGUAGES spells it (case aside), or None if it is not one."""
    wanted = code.strip().lower().replace("_", "-")
    for known, _name in settings.LANGUAGES:
        if known.lower() == wanted:
            return known
    return None


# --- what each game's results sheet says of its rules ------------------------------


class HandsResults:
    """A drive of hands: how honours and revokes scored, where they did."""

    def scoring_note(self, plan: DrivePlan) -> str:
        """How honours and revokes scored, for a drive that counts honours or
        had a revoke ("" for one with neither)."""
        parts = []
        if plan.count_honours:
            parts.append(
                _("Honours: %(words)s.") % {"words": honours_words(plan.scoring)}
            )
        if plan.has_revokes:
            hands = len([1 for _honours, revoke in plan.deal_marks.values() if revoke])
            parts.append(
                ngettext(
                    "Revoke (%(hands)d hand): %(words)s.",
                    "Revokes (%(hands)d hands): %(words)s.",
                    hands,
                )
                % {"hands": hands, "words": revoke_words(plan.scoring)}
            )
        return " ".join(parts)

    def rules(self, plan: DrivePlan) -> tuple[tuple[str, str], ...]:
        """(term, words) a line: the rules the drive is played by, beyond those."""
        return ()


class RubberResults(HandsResults):
    """A rubber drive: its rubber rules in words, which say how honours and
    revokes score too."""

    def scoring_note(self, plan: DrivePlan) -> str:
        return ""

    def rules(self, plan: DrivePlan) -> tuple[tuple[str, str], ...]:
        assert plan.rubber_rules is not None  # every rubber drive's plan has them
        return tuple(rubber_rules_lines(plan.rubber_rules, plan.rubber_preset))


class PredictionResults(HandsResults):
    """A prediction whist drive: the game's rules in words."""

    def rules(self, plan: DrivePlan) -> tuple[tuple[str, str], ...]:
        return tuple(prediction.rules_lines())


RESULTS = per_game(
    "printing.content",
    {
        Game.HANDS: HandsResults(),
        Game.RUBBERS: RubberResults(),
        Game.PREDICTIONS: PredictionResults(),
    },
)


def scoring_note(plan: DrivePlan) -> str:
    """How honours and revokes scored, for a drive that counts honours or had a
    revoke ("" for one with neither, and for a rubber drive, whose rubber rules
    say it: rubber_rules_lines)."""
    return RESULTS[plan.game].scoring_note(plan)


# --- results sheet -----------------------------------------------------------------

# The column of each player's adjustments added up (Standing.adjustment: the
# sit-out compensation and the organiser's adjustments; on the Cards sheet,
# beside its own compensation column, the organiser's alone), on the results
# sheet and the workbook's Results, Hands and Cards sheets: in every language
# the word the standings page heads the same column with, the plural of a
# total ("Korekty", "Ajustări"). The English heading stays "Adjustment", the
# word older workbooks and CSV files have. One row of the Adjustments sheet is
# one adjustment, and says so in the singular (printing.record_sheets).
ADJUSTMENTS_HEADING = pgettext_lazy(
    "a column of each player's adjustments added up (the results sheet, the "
    "workbook): the word the standings page heads it with",
    "Adjustment",
)

# The same short heading as the boards' (scoring/_rank_heading.html).
# Translators: the abbreviation a results table prints for its place column
# (Polish M-ce, not Msc., which reads as miejscowość), or the whole word.
RANK_HEADING = pgettext_lazy(
    "a narrow column's heading: the word, or an abbreviation where the "
    "word is long (Pos. for Posizione)",
    "Rank",
)
RESULT_COLUMNS: tuple[tuple[str, str, float], ...] = (
    ("rank", RANK_HEADING, 0.08),
    # Translators: the column of entry numbers ("number").
    ("number", gettext_lazy("No."), 0.07),
    ("name", gettext_lazy("Name"), 0.31),
    ("group", gettext_lazy("Group"), 0.12),
    ("played", gettext_lazy("Played"), 0.09),
    ("sat_out", gettext_lazy("Sat out"), 0.09),
    ("score", gettext_lazy("Score"), 0.08),
    # The whole word, as the glossary has it: the paper is read by players who
    # would not guess an abbreviation ("Rett.", "Kor.", "Попр."); the column widens to
    # hold it (printing.grid_columns), its figures need little room.
    ("adjustment", ADJUSTMENTS_HEADING, 0.08),
    ("total", gettext_lazy("Total"), 0.08),
)


# The mark beside a place a tie-break decided, as on the boards
# (scoring/_tie_mark.html): a sign every font of the sheet has.
TIE_MARK = "*"


@dataclass(frozen=True)
class ResultLine:
    rank: int
    # The entry's number, or a pair's "3 & 4" (a drive of fixed pairs).
    number: int | str
    name: str
    group: str
    played: int
    sat_out: int
    score: int
    adjustment: int
    total: int
    # A drive ranked by share: the share it is ranked by, as text ("62.5%").
    share: str = ""
    # A final place a tie-break decided (Standing.placed_by): "5*", as the
    # boards mark it; the sheet's key says by which rule (ResultsSheet.tie_key).
    placed: bool = False

    def texts(self) -> dict[str, str]:
        return {
            "rank": f"{self.rank}{TIE_MARK}" if self.placed else str(self.rank),
            "number": str(self.number),
            "name": self.name,
            "group": self.group,
            "played": str(self.played),
            "sat_out": str(self.sat_out),
            # The true minus, "−5" (players.score_text).
            "score": score_text(self.score),
            "adjustment": signed_text(self.adjustment),
            "total": f"{score_text(self.total)} ({self.share})"
            if self.share
            else score_text(self.total),
        }


@dataclass(frozen=True)
class ResultsSection:
    title: str
    lines: tuple[ResultLine, ...]


@dataclass(frozen=True)
class PrizeLine:
    """One prize winner on the results sheet (or a prize nobody won)."""

    prize: str
    winner: str
    note: str = ""


@dataclass(frozen=True)
class ResultsSheet:
    club: str
    drive: str
    date: str
    status: str
    sections: tuple[ResultsSection, ...]
    prizes: tuple[PrizeLine, ...] = ()
    scoring: str = ""  # how honours and revokes scored (scoring_note)
    # A rubber drive's rules: (term, words) a line (rubber_rules_lines).
    rules: tuple[tuple[str, str], ...] = ()
    # The final boards' key to the mark (DriveScores.tie_key): which rules
    # placed the marked rows apart from others level on points; "" for none.
    tie_key: str = ""


def left_early(standing: Standing) -> str:
    """A name on the results sheet, marked as the boards mark one who left
    during play: "Vera Orlova (left early)"."""
    if standing.withdrawn_from is None:
        return standing.name
    return f"{standing.name} ({_('left early')})"


def results_sheet(
    plan: DrivePlan,
    *,
    status: str,
    sections: Sequence[tuple[str, Sequence[object]]],
    prizes: Sequence[Sequence[object]] = (),
    tie_key: str = "",
) -> ResultsSheet:
    """`sections`: (title, standings) pairs; a standing has the fields of ResultLine.

    `tie_key`: the final boards' key (DriveScores.tie_key); where it is
    given, each standing a tie-break placed (placed_by) is marked.

    `prizes`: rows of (prize, entry number, name, total, note) in the prize
    list's order, one per winner; number None for a prize nobody won.
    """
    return ResultsSheet(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_in_line,
        status=status,
        scoring=scoring_note(plan),
        rules=RESULTS[plan.game].rules(plan),
        tie_key=tie_key,
        prizes=tuple(
            PrizeLine(
                prize=str(prize),
                # The true minus: the booby's "(−9)" (players.score_text).
                winner="–"
                if number is None
                else f"{number} {name} ({score_text(total)})",
                note=str(note or ""),
            )
            for prize, number, name, total, note in prizes
        ),
        sections=tuple(
            ResultsSection(
                title,
                tuple(
                    ResultLine(
                        rank=s.rank,
                        number=joined_pair(s.numbers) if s.numbers else s.number,
                        name=left_early(s),
                        group=plan.group_label(s.group) if plan.has_groups else "",
                        played=s.played,
                        sat_out=s.sat_out,
                        score=s.score,
                        adjustment=s.adjustment,
                        total=s.total,
                        share=share_text(s.share, localised=True)
                        if s.share is not None
                        else "",
                        placed=bool(tie_key and s.placed_by),
                    )
                    for s in standings
                ),
            )
            for title, standings in sections
        ),
    )
