"""A player's score card, as plain values: no ORM, no drawing.

- *Plan*: what a drive knows that a card needs (scoring.card_plan).
- *Score card*: one entry's card. A row per hand: hand, trumps, table, seat
  and partner where a stored round fixes them (blank where results decide),
  tricks, score, running total and a box for the opponents' initials; a
  half-time subtotal (drive.half_time) and the total. A *blank card* has no
  entry (walk-ins); a *filled-in card* carries the entry's real hands.
- *Honours and revokes*: a drive that counts honours has an Honours and a
  Revoke column on every card (empty before play, to fill in by hand; "–"
  for honours on a No-trumps hand); one that does not, only a Revoke column,
  and only once a hand of it had a revoke; one with neither looks as it
  always did. A hand's score is the one scoring.rules gives it, honours and
  penalty included.
- *Rubber drives*: hands score only as the rubbers they make, so a card of a
  rubber drive has a row per round instead of per hand: round, its hands,
  table, seat, partner, opponents, the games won and lost, and the value of
  the round's rubbers to the pair (its games' bonuses and rubber bonuses),
  with the running total. The hands' tricks, honours and game scores are on
  the table's travel slip.
- *Prediction whist*: a row per game (scoring.prediction_card).

The card of each game (by hand, a rubber drive's by round, prediction whist's
by game) is a class, chosen by the plan's game (`CARDS[plan.game]`); what a
card holds, its rows and columns, is scoring.card_rows. The printed cards
(printing), the results page's cards (prizes) and the e-mailed cards are all
made from these.

A seat missing from a stored table is the dummy hand of a three-handed table.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from drive import half_time
from drive.games import per_game
from drive.movement.types import Game, Side
from scoring import rubber
from scoring.card_plan import DrivePlan, EntryInfo
from scoring.card_rows import (
    CARD_COLUMNS,
    RUBBER_CARD_COLUMNS,
    CardRow,
    Columns,
    PlaceKind,
    RowKind,
    ScoreCard,
    closing_rows,
    initials,
    with_marks,
)
from scoring.prediction_card import PredictionCard
from scoring.rubber import RubberSettings
from scoring.rules import hand_line

SEAT_ORDER = "NESW"
PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}
NS_SEATS = frozenset("NS")


def _place(
    plan: DrivePlan, number: int, round_number: int
) -> tuple[str, int | None, str, Mapping[str, int]]:
    """(place kind, table, seat, the table's seats) of an entry in a round."""
    stored = plan.rounds.get(round_number)
    if stored is None:
        return PlaceKind.UNKNOWN, None, "", {}
    if number in stored.sit_outs:
        return PlaceKind.SITS_OUT, None, "", {}
    found = stored.place_of(number)
    if found is None:
        return PlaceKind.ABSENT, None, "", {}
    table, seat = found
    return PlaceKind.SEATED, table, seat, stored.tables[table]


def _seated(
    plan: DrivePlan, number: int, round_number: int
) -> tuple[str, int | None, str, int | None, bool, tuple[int, ...]]:
    """(place kind, table, seat, partner, partner is the dummy, opponents) of an
    entry in a round."""
    kind, table, seat, seats = _place(plan, number, round_number)
    if kind != PlaceKind.SEATED:
        return kind, table, seat, None, False, ()
    partner = seats.get(PARTNER_SEAT[seat])
    opponents = tuple(
        seats[s]
        for s in SEAT_ORDER
        if s in seats and (s in NS_SEATS) != (seat in NS_SEATS)
    )
    return kind, table, seat, partner, partner is None, opponents


# --- the card of each game -----------------------------------------------------------


class HandsCard:
    """The card by hand: a row per hand, with the half-time subtotal after
    its hand (drive.half_time); rules between the rounds' hands."""

    def columns(self, plan: DrivePlan) -> Columns:
        """The honours and revoke columns where the drive needs them."""
        return with_marks(
            CARD_COLUMNS,
            after="tricks",
            honours=plan.honours_column,
            revoke=plan.revoke_column,
        )

    def rows_per_round(self, plan: DrivePlan) -> int:
        """How many rows a round takes (a rule between the rounds)."""
        return plan.hands_per_round

    def scoring_rows(self, plan: DrivePlan) -> int:
        """How many rows of the card score (scoring.card_check)."""
        return plan.hands

    def rubber_rules(self, drive: object) -> tuple[RubberSettings | None, str]:
        """(the rules its rubbers are played by, the preset's key): no rubbers."""
        return None, ""

    def rows(self, plan: DrivePlan, entry: EntryInfo, *, filled: bool) -> list[CardRow]:
        """One entry's rows: its seats where stored, its real hands when `filled`."""
        names = plan.names
        played_hands = {hand for (_, hand) in plan.ns_tricks}
        rows: list[CardRow] = []
        running = 0
        for hand in range(1, plan.hands + 1):
            round_number = plan.round_of_hand(hand)
            kind, table, seat, partner, dummy, opponents = _seated(
                plan, entry.number, round_number
            )
            tricks = score = running_total = None
            honours = revoke = ""
            if filled:
                ns = plan.ns_tricks.get((table, hand)) if table is not None else None
                if ns is not None:
                    honours, revoke = plan.marks_of(table, hand)
                    line = hand_line(ns, plan.scoring, honours, revoke)
                    north_south = seat in NS_SEATS
                    tricks = line.ns_tricks if north_south else line.ew_tricks
                    score = line.ns_score if north_south else line.ew_score
                    running += score
                if hand in played_hands:
                    running_total = running
            rows.append(
                CardRow(
                    kind=RowKind.HAND,
                    hand=hand,
                    round=round_number,
                    trumps=plan.trumps_of(hand),
                    place=kind,
                    table=table,
                    seat=seat,
                    partner=partner,
                    partner_is_dummy=dummy,
                    opponents=opponents,
                    opponents_initials=(
                        " ".join(initials(names.get(n, "")) for n in opponents)
                        if filled and tricks is not None
                        else ""
                    ),
                    tricks=tricks,
                    score=score,
                    running_total=running_total,
                    honours=honours,
                    revoke=revoke,
                )
            )
            if hand == plan.half_time_hand and hand != plan.hands:
                rows.append(
                    CardRow(
                        kind=RowKind.SUBTOTAL,
                        label=_("Half-time (hands 1–%(hand)d)") % {"hand": hand},
                        running_total=running if filled else None,
                    )
                )
        return rows + closing_rows(plan, entry, running, filled=filled)

    def blank_rows(self, plan: DrivePlan) -> list[CardRow]:
        """A walk-in's rows: the hands and trumps, nothing else."""
        rows: list[CardRow] = []
        for hand in range(1, plan.hands + 1):
            rows.append(
                CardRow(
                    kind=RowKind.HAND,
                    hand=hand,
                    round=plan.round_of_hand(hand),
                    trumps=plan.trumps_of(hand),
                )
            )
            if hand == plan.half_time_hand and hand != plan.hands:
                rows.append(
                    CardRow(
                        kind=RowKind.SUBTOTAL,
                        label=_("Half-time (hands 1–%(hand)d)") % {"hand": hand},
                    )
                )
        rows.append(CardRow(kind=RowKind.TOTAL, label=_("Total")))
        return rows


class RubberCard:
    """A rubber drive's card: hands score only as the rubbers they make, so
    a row per round, with the value of the round's rubbers to the entry's
    pair (scoring.rubber); the hands are on the table's travel slip."""

    def columns(self, plan: DrivePlan) -> Columns:
        return RUBBER_CARD_COLUMNS

    def rows_per_round(self, plan: DrivePlan) -> int:
        # A row per round: no round rules between rows.
        return 1

    def scoring_rows(self, plan: DrivePlan) -> int:
        return plan.hands // plan.hands_per_round

    def rubber_rules(self, drive: object) -> tuple[RubberSettings | None, str]:
        return rubber.settings_of(drive), drive.rubber_preset

    def _half_time_round(self, plan: DrivePlan) -> int:
        """The round after which the card has its half-time subtotal (0: none)."""
        return half_time.half_time_round(
            hands=plan.hands, hands_per_round=plan.hands_per_round
        )

    def rows(self, plan: DrivePlan, entry: EntryInfo, *, filled: bool) -> list[CardRow]:
        names = plan.names
        played_rounds = {one.round for one in plan.rubbers}
        half_time_round = self._half_time_round(plan)
        rows: list[CardRow] = []
        running = 0
        for round_number in range(1, self.scoring_rows(plan) + 1):
            hands = plan.hands_of_round(round_number)
            kind, table, seat, partner, dummy, opponents = _seated(
                plan, entry.number, round_number
            )
            score = running_total = games = None
            initials_text = ""
            if filled:
                played = plan.rubbers_at.get((table, round_number))
                if played is not None:
                    side = Side.NS if seat in NS_SEATS else Side.EW
                    score = played.values[0 if side is Side.NS else 1]
                    games = (played.games_won_by(side), played.games_won_by(side.other))
                    running += score
                    initials_text = " ".join(
                        initials(names.get(n, "")) for n in opponents
                    )
                if round_number in played_rounds:
                    running_total = running
            rows.append(
                CardRow(
                    kind=RowKind.ROUND,
                    hand=hands[0],
                    last_hand=hands[-1],
                    round=round_number,
                    place=kind,
                    table=table,
                    seat=seat,
                    partner=partner,
                    partner_is_dummy=dummy,
                    opponents=opponents,
                    opponents_initials=initials_text,
                    score=score,
                    games=games,
                    running_total=running_total,
                )
            )
            if round_number == half_time_round:
                rows.append(
                    CardRow(
                        kind=RowKind.SUBTOTAL,
                        label=_("Half-time (after round %(round)d)")
                        % {"round": round_number},
                        running_total=running if filled else None,
                    )
                )
        return rows + closing_rows(plan, entry, running, filled=filled)

    def blank_rows(self, plan: DrivePlan) -> list[CardRow]:
        """A walk-in's rows: the rounds and their hands."""
        rows: list[CardRow] = []
        half_time_round = self._half_time_round(plan)
        for round_number in range(1, self.scoring_rows(plan) + 1):
            hands = plan.hands_of_round(round_number)
            rows.append(
                CardRow(
                    kind=RowKind.ROUND,
                    hand=hands[0],
                    last_hand=hands[-1],
                    round=round_number,
                )
            )
            if round_number == half_time_round:
                rows.append(
                    CardRow(
                        kind=RowKind.SUBTOTAL,
                        label=_("Half-time (after round %(round)d)")
                        % {"round": round_number},
                    )
                )
        rows.append(CardRow(kind=RowKind.TOTAL, label=_("Total")))
        return rows


CARDS = per_game(
    "scoring.cards",
    {
        Game.HANDS: HandsCard(),
        Game.RUBBERS: RubberCard(),
        Game.PREDICTIONS: PredictionCard(),
    },
)


def card_columns(plan: DrivePlan) -> Columns:
    """A card's columns: the honours and revoke columns where the drive needs
    them; a rubber drive's, a row per round (its hands are on the slips)."""
    return CARDS[plan.game].columns(plan)


def score_card(plan: DrivePlan, entry: EntryInfo, *, filled: bool = False) -> ScoreCard:
    """One entry's card: its seats where stored, and its real hands when `filled`."""
    card = CARDS[plan.game]
    return ScoreCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        number=entry.number,
        name=entry.name,
        group=plan.entry_label(entry),
        group_words=plan.entry_words(entry),
        rows=tuple(card.rows(plan, entry, filled=filled)),
        filled=filled,
        hands_per_round=card.rows_per_round(plan),
        columns=card.columns(plan),
        shows_group=plan.cards_show_group,
        group_heading=plan.entry_label_heading,
    )


def blank_card(plan: DrivePlan) -> ScoreCard:
    """A card for a walk-in: the hands (or a rubber drive's rounds) and
    trumps, nothing else."""
    card = CARDS[plan.game]
    return ScoreCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        number=None,
        name="",
        group="",
        rows=tuple(card.blank_rows(plan)),
        hands_per_round=card.rows_per_round(plan),
        columns=card.columns(plan),
        shows_group=plan.cards_show_group,
        group_heading=plan.entry_label_heading,
    )


def score_cards(plan: DrivePlan, *, filled: bool = False) -> list[ScoreCard]:
    return [score_card(plan, entry, filled=filled) for entry in plan.entries]
