"""The results page: each player's filled-in card, the boards and the prizes.

A card has a row for every hand (in a rubber drive, every round; in a
prediction whist drive, every deal) with partner, opponents and score, as the
printed card has them (scoring.cards), then its subtotal rows. Each game
shows its cards its own way (GAME_CARDS, chosen by the drive's game): the
templates of the column heads and of a row, prizes/_card_head_*.html and
prizes/_card_line_*.html.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext, ngettext

from drive.games import per_game
from drive.models import Drive
from drive.movement.types import Game
from drive.trumps import DEALS_PER_GAME
from prizes.selectors import DrivePrizes, drive_prizes
from scoring import prediction_rules
from scoring.cards import RowKind, score_cards
from scoring.drive_plan import load_plan
from scoring.selectors import (
    DriveScores,
    PredictionPlay,
    board_groups,
    drive_scores,
    prediction_plays,
)
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


def result_cards(
    *, drive: Drive, scores: DriveScores | None = None
) -> list[ResultCard]:
    """Each player's filled-in card: every hand (in a rubber drive, every
    round), partner, opponents and score, with the honours and revoke
    columns where the printed card has them (scoring.cards); in a
    prediction whist drive, every deal (prediction_cards)."""
    return GAME_CARDS[drive.game].cards(drive=drive, scores=scores)


def hand_cards(*, drive: Drive, game: CardGame) -> list[ResultCard]:
    """Each player's card as the printed card has it (scoring.cards), filled
    in: a row a hand (a round, in a rubber drive), then its subtotal rows."""
    plan = load_plan(drive=drive, with_totals=True)
    names = plan.names

    def who(number: int | None) -> str:
        return f"{number} {names.get(number, '')}".strip() if number else ""

    cards = []
    for card in score_cards(plan, filled=True):
        keys = {key for key, _title, _share in card.columns}
        lines = []
        for row in card.rows:
            if row.kind in (RowKind.HAND, RowKind.ROUND):
                texts = row.texts()
                lines.append(
                    CardLine(
                        kind=row.kind,
                        hand=row.hand,
                        trumps=row.trumps,
                        place=row.place,
                        table=row.table,
                        seat=row.seat,
                        # Translators: the partner of a three-handed table's player
                        partner=gettext("dummy")
                        if row.partner_is_dummy
                        else who(row.partner),
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
                )
            else:
                lines.append(_summary_line(row.kind, row.label, row.running_total))
        final = next((line for line in lines if line.kind == RowKind.FINAL), None)
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
            )
        )
    return cards


def prediction_cards(
    *, drive: Drive, scores: DriveScores | None = None
) -> list[ResultCard]:
    """Each player's card of a prediction whist drive: a row for every deal
    of the evening (game, deal, kind, table, seat, place in the predicting,
    prediction, tricks, points, running total), or the deal sat out; each
    game's points after its last deal; then the score, the sit-out
    compensation and adjustments, and the total, as the standings have them."""
    scores = scores or drive_scores(drive=drive)
    played: dict[tuple[int, int], tuple[PredictionPlay, int]] = {}
    for play in prediction_plays(drive=drive):
        for index, entry in enumerate(play.entries):
            played[entry, play.hand] = (play, index)
    records = {r.entry: r for r in scores.records}
    cards = []
    for row in sorted(scores.standings(), key=lambda r: r.number):
        record = records[row.entry]
        sat_out = set(record.sat_out_hands)
        lines: list[CardLine] = []
        running = game_points = 0
        for hand in range(1, drive.hands + 1):
            found = played.get((row.entry, hand))
            game, deal = (
                prediction_rules.game_of_hand(hand),
                prediction_rules.deal_in_game(hand),
            )
            kind = prediction_rules.deal_kind(deal)
            common = {
                "kind": RowKind.HAND,
                "hand": hand,
                "trumps": kind.trumps,
                "partner": "",
                "opponents": "",
                "game": game,
                "deal": deal,
                "deal_kind": str(kind.label),
            }
            if found is None:
                lines.append(
                    CardLine(
                        **common,
                        place="sits_out" if hand in sat_out else "absent",
                        table=None,
                        seat="",
                        tricks=None,
                        score=None,
                        running_total=None,
                    )
                )
            else:
                play, index = found
                points = play.deal.points[index]
                running += points
                game_points += points
                lines.append(
                    CardLine(
                        **common,
                        place="seated",
                        table=play.table,
                        seat=gettext("Seat %(number)d")
                        % {"number": prediction_rules.seat_number(index)},
                        tricks=play.deal.tricks[index],
                        score=points,
                        running_total=running,
                        order=play.deal.seat_order(index),
                        prediction=prediction_rules.prediction_words(
                            play.deal.predictions[index]
                        ),
                    )
                )
            if deal == DEALS_PER_GAME:
                lines.append(
                    _summary_line(
                        RowKind.SUBTOTAL,
                        ngettext(
                            "Game %(game)d: %(points)d point",
                            "Game %(game)d: %(points)d points",
                            abs(game_points),
                        )
                        % {"game": game, "points": game_points},
                        running,
                    )
                )
                game_points = 0
        lines.append(_summary_line(RowKind.TOTAL, gettext("Score"), row.score))
        if row.adjustment:
            lines.append(
                _summary_line(
                    RowKind.ADJUSTMENT,
                    gettext("Sit-out compensation and adjustments"),
                    row.adjustment,
                )
            )
        lines.append(_summary_line(RowKind.FINAL, gettext("Total"), row.total))
        cards.append(
            ResultCard(
                number=row.number,
                name=row.name,
                group="",
                total=row.total,
                lines=tuple(lines),
                game=GAME_CARDS[Game.PREDICTIONS],
                share=row.share,
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
    """How the results page shows the cards of a game: the templates of its
    column heads and of a row that is no subtotal, and the columns a
    subtotal's label spans (besides the Honours and Revoke columns)."""

    head: str
    line: str
    columns: int
    # A row a round (of rubbers), not a hand.
    by_round = False

    def cards(self, *, drive: Drive, scores: DriveScores | None) -> list[ResultCard]:
        raise NotImplementedError


class HandCards(CardGame):
    """A row a hand, with the Honours and Revoke columns where the drive has them."""

    head = "prizes/_card_head_hands.html"
    line = "prizes/_card_line_hands.html"
    columns = 8

    def cards(self, *, drive: Drive, scores: DriveScores | None) -> list[ResultCard]:
        return hand_cards(drive=drive, game=self)


class RubberCards(HandCards):
    """A row a round of rubbers: its hands and the games won and lost."""

    head = "prizes/_card_head_rubbers.html"
    by_round = True


class PredictionCards(CardGame):
    """A row a prediction whist deal, and a subtotal after each game."""

    head = "prizes/_card_head_deals.html"
    line = "prizes/_card_line_deals.html"
    columns = 9

    def cards(self, *, drive: Drive, scores: DriveScores | None) -> list[ResultCard]:
        return prediction_cards(drive=drive, scores=scores)


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
        boards=[
            (title, slug, scores.standings(group=group))
            for title, slug, group in board_groups(drive=drive)
        ],
        cards=result_cards(drive=drive, scores=scores),
        scores=scores,
    )
