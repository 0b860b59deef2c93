"""The results page: each player's filled-in card, the boards and the prizes.

A card has a row for every hand (in a rubber drive, every round; in a
prediction whist drive, every deal) with partner, opponents and score, as the
printed card has them (scoring.cards), then its subtotal rows. Each game
shows its cards its own way (GAME_CARDS, chosen by the drive's game): the
templates of the column heads and of a row, prizes/_card_head_*.html and
prizes/_card_line_*.html.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext, ngettext

from drive.games import per_game
from drive.models import Drive
from drive.movement.types import Game
from players.score_text import score_text
from prizes.selectors import DrivePrizes, drive_prizes
from scoring import prediction_rules
from scoring.card_rows import SUMMARY_KINDS, CardRow, PlaceKind, RowKind
from scoring.cards import score_cards
from scoring.drive_plan import load_plan
from scoring.prediction_card import DealLine, GameRow
from scoring.selectors import DriveScores, board_groups, drive_scores
from scoring.standings import Standing


@dataclass(frozen=True)
class CardLine:
    """One row of a player's card on the results page: a hand, or in a rubber
    drive a round."""

    kind: str  # "hand", "round", or a subtotal row: "subtotal", "total", "adjustment", "final"
    hand: int | None
    trumps: object
    place: str  # "seated", "sits_out", "absent"
    table: int | None
    seat: str
    partner: str
    opponents: str
    tricks: int | None
    score: int | None
    running_total: int | None
    label: str = ""
    # As the printed card writes them ("NS 3", "EW", "both"; "–" for honours
    # on a No-trumps hand), where the drive has the columns.
    honours: str = ""
    revoke: str = ""
    # A rubber drive's round: its number, its hands ("1–12"), games won–lost.
    round: int | None = None
    hands: str = ""
    games: str = ""
    # A prediction whist deal: its game, its number in the game (1 to 8), its
    # kind, the player's place in the predicting (1 first) and prediction.
    game: int | None = None
    deal: int | None = None
    deal_kind: str = ""
    order: int | None = None
    prediction: str = ""


@dataclass(frozen=True)
class ResultCard:
    number: int
    name: str
    group: str
    total: int
    lines: tuple[CardLine, ...]
    # What the card's rows are (a hand, a round of rubbers, a prediction
    # deal): its game's way of showing them (GAME_CARDS).
    game: CardGame
    # The columns the printed card has besides the usual ones.
    honours_column: bool = False
    revoke_column: bool = False
    # A prediction whist drive ranked by share: the average share of the
    # table the player is ranked by (scoring.prediction_share).
    share: Fraction | None = None

    @property
    def rubbers(self) -> bool:
        """A rubber drive's card: a row a round."""
        return self.game.by_round

    @property
    def label_span(self) -> int:
        """The columns a subtotal row's label takes: all but the total."""
        return self.game.columns + self.honours_column + self.revoke_column


@dataclass
class DriveResults:
    drive: Drive
    prizes: DrivePrizes
    boards: list[tuple[str, str, list[Standing]]]
    cards: list[ResultCard]
    # What they were read from (the race is drawn from it too: scoring.race).
    scores: DriveScores | None = None

    @property
    def tie_key(self) -> str:
        """The key to the mark on the boards' places a tie-break decided
        (DriveScores.tie_key), as the final boards say it; empty where none."""
        if self.scores is None:
            return ""
        return self.scores.tie_key(*(rows for _title, _slug, rows in self.boards))


def result_cards(
    *, drive: Drive, scores: DriveScores | None = None
) -> list[ResultCard]:
    """Each player's filled-in card as the printed card has it (scoring.cards),
    its rows shown the way of its game (GAME_CARDS): every hand, or in a
    rubber drive every round, with partner, opponents and score and the
    honours and revoke columns where the printed card has them; in a
    prediction whist drive every deal of each game. Then its subtotal rows."""
    game = GAME_CARDS[drive.game]
    plan = load_plan(drive=drive, with_totals=True, scores=scores)
    cards = []
    for card in score_cards(plan, filled=True):
        keys = {key for key, _title, _share in card.columns}
        lines: list[CardLine] = []
        for row in card.rows:
            if row.kind in SUMMARY_KINDS:
                lines.append(_summary_line(row.kind, row.label, row.running_total))
            else:
                lines += game.lines(row, plan.names)
        final = next((line for line in lines if line.kind == RowKind.FINAL), None)
        totals = plan.totals.get(card.number or 0)
        cards.append(
            ResultCard(
                number=card.number or 0,
                name=card.name,
                group=card.group_words,
                total=final.running_total if final and final.running_total else 0,
                lines=tuple(lines),
                honours_column="honours" in keys,
                revoke_column="revoke" in keys,
                game=game,
                share=totals.share if totals is not None else None,
            )
        )
    return cards


def _summary_line(kind: str, label: str, total: int | None) -> CardLine:
    """A row of a card that is no hand: a subtotal, the total, an adjustment."""
    return CardLine(
        kind=kind,
        hand=None,
        trumps=None,
        place="",
        table=None,
        seat="",
        partner="",
        opponents="",
        tricks=None,
        score=None,
        running_total=total,
        label=label,
    )


class CardGame:
    """How the results page shows the cards of a game: the lines of a card's
    scoring row, the templates of its column heads and of a line that is no
    subtotal, and the columns a subtotal's label spans (besides the Honours
    and Revoke columns)."""

    head: str
    line: str
    columns: int
    # A row a round (of rubbers), not a hand.
    by_round = False

    def lines(self, row: CardRow, names: Mapping[int, str]) -> list[CardLine]:
        raise NotImplementedError


class HandCards(CardGame):
    """A row a hand, with the Honours and Revoke columns where the drive has them."""

    head = "prizes/_card_head_hands.html"
    line = "prizes/_card_line_hands.html"
    columns = 8

    def lines(self, row: CardRow, names: Mapping[int, str]) -> list[CardLine]:
        """The card's row as it is: a hand (or a round of rubbers), with the
        partner and opponents named."""

        def who(number: int | None) -> str:
            return f"{number} {names.get(number, '')}".strip() if number else ""

        texts = row.texts()
        return [
            CardLine(
                kind=row.kind,
                hand=row.hand,
                trumps=row.trumps,
                place=row.place,
                table=row.table,
                seat=texts["seat"],
                # Translators: the partner of a three-handed table's player
                partner=gettext("dummy") if row.partner_is_dummy else who(row.partner),
                opponents=gettext(" and ").join(who(n) for n in row.opponents),
                tricks=row.tricks,
                score=row.score,
                running_total=row.running_total,
                honours=texts["honours"],
                revoke=texts["revoke"],
                round=row.round,
                hands=texts["hands"],
                games=texts["games"],
            )
        ]


class RubberCards(HandCards):
    """A row a round of rubbers: its hands and the games won and lost."""

    head = "prizes/_card_head_rubbers.html"
    by_round = True


class PredictionCards(CardGame):
    """A row a prediction whist deal, and a subtotal after each game."""

    head = "prizes/_card_head_deals.html"
    line = "prizes/_card_line_deals.html"
    columns = 9

    def lines(self, row: CardRow, names: Mapping[int, str]) -> list[CardLine]:
        """A game's deals one by one (GameRow.deals), then the game's points."""
        deals = row.deals if isinstance(row, GameRow) else ()
        lines = [_deal_line(row.round, deal) for deal in deals]
        points = row.score or 0
        # A game lost below zero with the true minus, as the row's total;
        # the form follows the size ("−2 points").
        label = ngettext(
            "Game %(game)d: %(points)s point",
            "Game %(game)d: %(points)s points",
            abs(points),
        ) % {"game": row.round, "points": score_text(points)}
        lines.append(_summary_line(RowKind.SUBTOTAL, label, row.running_total))
        return lines


def _deal_line(game: int | None, deal: DealLine) -> CardLine:
    """One deal of a prediction whist game, or the deal sat out."""
    kind = deal.kind
    seated = deal.place == PlaceKind.SEATED
    return CardLine(
        kind=RowKind.HAND,
        hand=deal.hand,
        trumps=kind.trumps,
        place=deal.place,
        table=deal.table,
        seat=gettext("Seat %(number)d") % {"number": deal.seat} if seated else "",
        partner="",
        opponents="",
        tricks=deal.tricks,
        score=deal.points,
        running_total=deal.running_total,
        game=game,
        deal=deal.number,
        deal_kind=str(kind.label),
        order=deal.order,
        prediction=prediction_rules.prediction_words(deal.prediction)
        if deal.prediction is not None
        else "",
    )


GAME_CARDS = per_game(
    "prizes.result_cards",
    {
        Game.HANDS: HandCards(),
        Game.RUBBERS: RubberCards(),
        Game.PREDICTIONS: PredictionCards(),
    },
)


def drive_results(*, drive: Drive) -> DriveResults:
    scores = drive_scores(drive=drive)
    return DriveResults(
        drive=drive,
        prizes=drive_prizes(drive=drive, scores=scores),
        # A drive of fixed pairs: one line for each pair (DriveScores.board).
        boards=[
            (title, slug, scores.board(group=group))
            for title, slug, group in board_groups(drive=drive)
        ],
        cards=result_cards(drive=drive, scores=scores),
        scores=scores,
    )
