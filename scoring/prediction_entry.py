"""The captain's entry of a prediction whist deal, as the phone shows it.

Plain Python over scoring.prediction_rules: given a table's players (in seat order) and
what the captain has chosen so far, what the entry form shows: the deal (its
game, number and kind, the dealer, the players in the order they predict),
each player's choices of prediction and tricks with the last player's barred
number and the reason, the sums so far in words, and whether the deal is
ready to send (and then each player's points). Every number the page shows
comes from here: the page's script does no arithmetic.

After a deal is in, `game_score` gives the last deal's points and each
player's total for the game so far, for the page to show before the next deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive.hand_place import hand_place
from drive.trumps import DEALS_PER_GAME, Trump
from scoring import prediction_rules


@dataclass(frozen=True)
class Player:
    """One player at the table: the seat (0 up, in the order of play), the
    entry number (None if unknown) and the name."""

    seat: int
    number: int | None
    name: str

    @property
    def seat_number(self) -> int:
        """The seat as the table card numbers it: 1 to 5."""
        return prediction_rules.seat_number(self.seat)


@dataclass(frozen=True)
class Choice:
    """One number a player may be given: its value, how the page writes it
    (Wist for a prediction of zero), whether it is chosen, whether it is
    barred (shown greyed out, not to be chosen)."""

    value: int
    label: str
    checked: bool = False
    disabled: bool = False


@dataclass(frozen=True)
class EntryRow:
    """One player's line of the entry, in the order of predicting."""

    player: Player
    order: int  # 1 for the first to predict
    dealer: bool
    prediction: int | None
    tricks: int | None
    prediction_choices: tuple[Choice, ...]  # none on the Wist deal: all Wist
    trick_choices: tuple[Choice, ...]
    barred: int | None = None  # the last to predict: the number barred
    barred_reason: str = ""
    points: int | None = None  # once the deal is ready to send

    @property
    def prediction_words(self) -> str:
        if self.prediction is None:
            return ""
        return prediction_rules.prediction_words(self.prediction)


@dataclass(frozen=True)
class DealEntry:
    """What the captain's form shows for one deal."""

    hand: int
    game: int
    deal: int
    kind: prediction_rules.DealKind
    players: int
    cards: int
    dealer: Player
    rows: tuple[EntryRow, ...]  # in the order of predicting
    prediction_status: str
    tricks_status: str
    tricks_wrong: bool  # every player's tricks are in and they do not add up
    problems: tuple[str, ...]
    ready: bool

    @property
    def kind_words(self) -> str:
        return kind_words(self.kind)

    @property
    def deals(self) -> int:
        return DEALS_PER_GAME

    @property
    def by_seat(self) -> tuple[EntryRow, ...]:
        return tuple(sorted(self.rows, key=lambda row: row.player.seat))


def kind_words(kind: prediction_rules.DealKind) -> str:
    """A deal's kind as the captain's page says it."""
    if kind.wist:
        # The glossary's words: on the Wist deal everyone predicts Wist (ru
        # «все заказывают Вист»), as the rules and the slips say it.
        return _("Wist: everyone predicts Wist (no tricks)")
    if kind.tickets:
        return _("Tickets: predictions written down and opened after the deal")
    if kind.blind:
        return _("Blind: predictions made before looking at the cards")
    if kind.trumps is Trump.NO_TRUMPS:
        return _("Free: no trumps")
    return _("%(suit)s trumps") % {"suit": kind.label}


def check_players(players: Sequence[Player]) -> tuple[Player, ...]:
    """The players in seat order, seats 0 up with none missing."""
    players = tuple(sorted(players, key=lambda p: p.seat))
    prediction_rules.check_players(len(players))
    if [p.seat for p in players] != list(range(len(players))):
        raise ValueError("The players' seats are 0 up, one each.")
    return players


def _known(values: Mapping[int, object], seat: int, cards: int) -> int | None:
    """A chosen number if it is one the player may have (0 to the cards)."""
    value = values.get(seat)
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if 0 <= value <= cards else None


def deal_entry(
    hand: int,
    players: Sequence[Player],
    predictions: Mapping[int, int] | None = None,
    tricks: Mapping[int, int] | None = None,
) -> DealEntry:
    """The entry form of a drive's hand `hand` at a table of `players`, with
    each seat's prediction and tricks chosen so far (seat -> number; anything
    out of range counts as not chosen). On the Wist deal every prediction is
    Wist, whatever was sent; a last prediction that is barred is taken back,
    with the reason among the problems."""
    players = check_players(players)
    count = len(players)
    cards = prediction_rules.cards_per_player(count)
    in_game = hand_place(hand, DEALS_PER_GAME)
    number = in_game.number
    kind = prediction_rules.deal_kind(number)
    dealer = prediction_rules.dealer(number, count)
    order = prediction_rules.prediction_order(count, dealer)
    predictions = predictions or {}
    tricks = tricks or {}
    if kind.wist:
        predicted = {seat: prediction_rules.WIST for seat in order}
    else:
        predicted = {seat: _known(predictions, seat, cards) for seat in order}
    taken = {seat: _known(tricks, seat, cards) for seat in order}
    problems: list[str] = []

    barred = None
    before_last = [predicted[seat] for seat in order[:-1]]
    if not any(p is None for p in before_last):
        barred = prediction_rules.barred_prediction(before_last, count, kind)
    last = order[-1]
    if barred is not None and predicted[last] == barred:
        predicted[last] = None
        problems.append(
            _("%(name)s: %(reason)s")
            % {
                "name": players[last].name,
                "reason": prediction_rules.barred_words(barred, count),
            }
        )

    points: dict[int, int] = {}
    complete = not any(v is None for v in (*predicted.values(), *taken.values()))
    # Tricks that do not add up are said once, by the tricks' status below.
    if complete and sum(taken.values()) == cards:
        try:
            deal = prediction_rules.drive_deal(
                hand,
                [predicted[seat] for seat in range(count)],
                [taken[seat] for seat in range(count)],
            )
        except ValueError as exc:
            problems.append(str(exc))
        else:
            points = dict(enumerate(deal.points))

    rows = []
    for place, seat in enumerate(order, 1):
        bar = barred if seat == last else None
        rows.append(
            EntryRow(
                player=players[seat],
                order=place,
                dealer=seat == dealer,
                prediction=predicted[seat],
                tricks=taken[seat],
                prediction_choices=()
                if kind.wist
                else tuple(
                    Choice(
                        value,
                        prediction_rules.prediction_words(value),
                        checked=predicted[seat] == value,
                        disabled=value == bar,
                    )
                    for value in range(cards + 1)
                ),
                trick_choices=tuple(
                    Choice(value, str(value), checked=taken[seat] == value)
                    for value in range(cards + 1)
                ),
                barred=bar,
                barred_reason=prediction_rules.barred_words(bar, count)
                if bar is not None
                else "",
                points=points.get(seat),
            )
        )
    tricks_status, tricks_wrong = _tricks_status(list(taken.values()), cards)
    return DealEntry(
        hand=hand,
        game=in_game.round,
        deal=number,
        kind=kind,
        players=count,
        cards=cards,
        dealer=players[dealer],
        rows=tuple(rows),
        prediction_status=_prediction_status(
            [predicted[seat] for seat in order], kind, cards
        ),
        tricks_status=tricks_status,
        tricks_wrong=tricks_wrong,
        problems=tuple(problems),
        ready=complete and bool(points),
    )


def _prediction_status(
    predicted: Sequence[int | None], kind: prediction_rules.DealKind, cards: int
) -> str:
    if kind.wist:
        return _("Everyone predicts Wist on this deal.")
    missing = sum(p is None for p in predicted)
    if missing:
        return ngettext(
            "%(count)s prediction to enter.", "%(count)s predictions to enter.", missing
        ) % {"count": missing}
    total = sum(p for p in predicted if p is not None)
    return ngettext(
        "The predictions add up to %(total)s, with %(tricks)s trick to take.",
        "The predictions add up to %(total)s, with %(tricks)s tricks to take.",
        cards,
    ) % {
        "total": total,
        "tricks": cards,
    }


def _tricks_status(taken: Sequence[int | None], cards: int) -> tuple[str, bool]:
    """The tricks so far in words, and whether they are all in and wrong."""
    missing = sum(t is None for t in taken)
    total = sum(t for t in taken if t is not None)
    values = {"total": total, "cards": cards, "count": missing}
    if missing == len(taken):
        return _("Enter each player's tricks after the deal."), False
    if missing:
        return ngettext(
            "The tricks add up to %(total)s of %(cards)s so far; "
            "%(count)s player to enter.",
            "The tricks add up to %(total)s of %(cards)s so far; "
            "%(count)s players to enter.",
            missing,
        ) % values, False
    if total > cards:
        return ngettext(
            "The tricks add up to %(total)s, %(count)s too many: they must add "
            "up to %(cards)s.",
            "The tricks add up to %(total)s, %(count)s too many: they must add "
            "up to %(cards)s.",
            total - cards,
        ) % {**values, "count": total - cards}, True
    if total < cards:
        return ngettext(
            "The tricks add up to %(total)s, %(count)s short: they must add up "
            "to %(cards)s.",
            "The tricks add up to %(total)s, %(count)s short: they must add up "
            "to %(cards)s.",
            cards - total,
        ) % {**values, "count": cards - total}, True
    return _("The tricks add up to %(cards)s.") % values, False


# --- after a deal: its points and the game's totals --------------------------------------


@dataclass(frozen=True)
class ScoreRow:
    """One player's line: the last deal's prediction, tricks and points, and
    the total over the game's deals so far."""

    player: Player
    prediction: int
    tricks: int
    points: int
    total: int
    made: bool

    @property
    def prediction_words(self) -> str:
        return prediction_rules.prediction_words(self.prediction)


@dataclass(frozen=True)
class GameScore:
    """The game so far at one table: the last deal in and each player's total
    (rows in seat order)."""

    game: int
    hand: int  # the last deal in, as a drive's hand
    deal: int
    kind: prediction_rules.DealKind
    deals_in: int
    rows: tuple[ScoreRow, ...]

    @property
    def kind_words(self) -> str:
        return kind_words(self.kind)

    @property
    def over(self) -> bool:
        return self.deals_in >= DEALS_PER_GAME


def game_score(
    players: Sequence[Player], deals: Mapping[int, prediction_rules.PredictionDeal]
) -> GameScore | None:
    """The game so far from its deals in (drive hand -> deal; every deal of
    one game at this table), or None before the first. Deals of another
    table size are left out."""
    players = check_players(players)
    played = sorted(
        (hand, deal) for hand, deal in deals.items() if deal.players == len(players)
    )
    if not played:
        return None
    games = {hand_place(hand, DEALS_PER_GAME).round for hand, _deal in played}
    if len(games) != 1:
        raise ValueError("A game's score is of one game's deals.")
    totals = [0] * len(players)
    for _hand, deal in played:
        for seat, points in enumerate(deal.points):
            totals[seat] += points
    hand, last = played[-1]
    return GameScore(
        game=hand_place(hand, DEALS_PER_GAME).round,
        hand=hand,
        deal=last.number,
        kind=last.kind,
        deals_in=len(played),
        rows=tuple(
            ScoreRow(
                player=player,
                prediction=last.predictions[player.seat],
                tricks=last.tricks[player.seat],
                points=last.points[player.seat],
                total=totals[player.seat],
                made=last.made[player.seat],
            )
            for player in players
        ),
    )
