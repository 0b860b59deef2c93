"""Wist (prediction whist): each player for themselves, predicting their tricks.

The rules, from the Romanian text:

- *Players and cards*: four players play with the full pack of 52 cards, 13
  each. Five players take the 2 of clubs and the 2 of spades out of the pack
  and hold 10 cards each. Every player plays for themselves.
- *A game* is 8 deals; the dealer moves one seat to the right each deal. The
  deals are, in order: Hearts, Diamonds, Clubs and Spades trumps, then four
  deals without trumps: Free; Blind (predictions made before looking at the
  cards); Tickets (predictions written down and opened after the deal); and
  Wist (everyone must predict zero).
- *Predictions* are made in turn, starting with the player to the right of the
  dealer, the dealer last: Wist (zero) or 1 up to the cards each player holds.
  The last to predict may not bring the total to the number of tricks (13 with
  four players, 10 with five), so that someone must fail: with five players
  predicting 2, 2, Wist and 4, the last may not say 2. This bar holds on every
  deal but Tickets (where the total may come to the tricks) and Wist (all zero).
- *A deal's points*: a prediction of 1 or more scores the tricks taken, and 10
  more when exactly made (predict 3 and take 4: 4 points; predict 3 and take
  3: 13 points). A Wist made (no tricks taken) scores 25 with four players, 20
  with five; a Wist failed loses 5 for each trick taken, below zero if need be
  (33 so far, Wist predicted and 3 tricks taken: 33 less 15 leaves 18).
- Points add up over the deals of a game, and over the games of the evening.
- The tricks of a deal add up to the cards each player holds; an entry that
  does not is refused.

*The evening* seats players at tables of four, and at tables of five so that
nobody sits out whenever the head count allows it: the split chosen has the
fewest players sitting out, then the fewest tables of five. The split and
the movement are drive.movement.prediction's (``table_sizes``,
``table_sizes_words`` and ``TableSizes`` are imported here from there).

Seats at a table are numbered 0 up, in the order of play: the player to the
right of seat s is seat s + 1 (round the table). Predictions and tricks are
given by seat unless a function says otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drive.hand_place import hand_place
from drive.movement.prediction import TableSizes as TableSizes
from drive.movement.prediction import table_sizes as table_sizes
from drive.movement.prediction import table_sizes_words as table_sizes_words
from drive.movement.types import SEATS, Seat
from drive.trumps import DEALS_PER_GAME, Trump
from scoring.rules import TRICKS_PER_HAND

PLAYER_COUNTS = (4, 5)
FULL_PACK = 4 * TRICKS_PER_HAND  # 52 cards
CARDS_TAKEN_OUT_FOR_FIVE = 2  # the 2 of clubs and the 2 of spades
WIST = 0  # the prediction of no tricks
MADE_BONUS = 10
WIST_MADE = {4: 25, 5: 20}
WIST_FAILED_PER_TRICK = 5


@dataclass(frozen=True)
class DealKind:
    """One of the 8 deals of a game: its name (as the workbook writes it), its
    trumps, and how its predictions are made."""

    name: str
    trumps: Trump
    blind: bool = False  # predictions made before looking at the cards
    tickets: bool = False  # predictions written down, opened after the deal
    wist: bool = False  # everyone predicts Wist (no tricks)
    label: str = field(default="", compare=False)  # the name, translated

    @property
    def last_barred(self) -> bool:
        """Whether the last to predict may not bring the total to the tricks."""
        return not (self.tickets or self.wist)

    @property
    def predicted_after_the_deal(self) -> bool:
        """Whether the captain enters the predictions after the deal is played
        (Blind and Tickets)."""
        return self.blind or self.tickets


DEAL_KINDS: tuple[DealKind, ...] = (
    DealKind("Hearts", Trump.HEARTS, label=gettext_lazy("Hearts")),
    DealKind("Diamonds", Trump.DIAMONDS, label=gettext_lazy("Diamonds")),
    DealKind("Clubs", Trump.CLUBS, label=gettext_lazy("Clubs")),
    DealKind("Spades", Trump.SPADES, label=gettext_lazy("Spades")),
    DealKind("Free", Trump.NO_TRUMPS, label=gettext_lazy("Free")),
    DealKind("Blind", Trump.NO_TRUMPS, blind=True, label=gettext_lazy("Blind")),
    DealKind("Tickets", Trump.NO_TRUMPS, tickets=True, label=gettext_lazy("Tickets")),
    DealKind("Wist", Trump.NO_TRUMPS, wist=True, label=gettext_lazy("Wist")),
)
KIND_NAMES = tuple(kind.name for kind in DEAL_KINDS)

# --- a drive's deals, as the database keeps them ---------------------------------------
#
# A prediction drive plays a game of 8 deals to a round: its hand h is deal
# hand_place(h, DEALS_PER_GAME).number of game hand_place(h, ...).round
# (drive.hand_place, which Drive.hand_named asks too). At a table the seats,
# in the order of play, are N, E, S, W and (at a table of five) F: seat
# index 0 to 4. Seat 0 deals the first deal of every game, and the deal moves
# one seat on each deal.
# A result keeps each seat's prediction and tricks as text, in seat order
# ("2,2,0,4,1": `encode`, `decode`).

SEAT_POSITIONS: tuple[Seat, ...] = (*SEATS, Seat.FIFTH)


def seat_positions(players: int) -> tuple[Seat, ...]:
    """The seats of a table of `players` (4 or 5), in the order of play."""
    return SEAT_POSITIONS[: check_players(players)]


def seat_number(index: int) -> int:
    """The seat as a table card and the captain's page number it: 1 to 5."""
    return index + 1


def encode(values: Sequence[int]) -> str:
    """Each seat's number, in seat order, as a result keeps it: "2,2,0,4,1"."""
    return ",".join(str(int(v)) for v in values)


def decode(text: str) -> tuple[int, ...]:
    """The numbers `encode` wrote; () for the empty text of other formats."""
    return tuple(int(v) for v in text.split(",")) if text else ()


def deal_words(predictions: Sequence[int], tricks: Sequence[int]) -> str:
    """A deal as messages quote it, seat by seat: "predictions 2, 2, Wist, 4,
    1; tricks 3, 2, 0, 5, 0"."""
    return _("predictions %(predictions)s; tricks %(tricks)s") % {
        "predictions": ", ".join(prediction_words(p) for p in predictions),
        "tricks": ", ".join(str(t) for t in tricks),
    }


def drive_deal(
    hand: int, predictions: Sequence[int], tricks: Sequence[int]
) -> PredictionDeal:
    """A drive's hand `hand` at one table as a checked PredictionDeal: seat 0 deals
    the first deal of each game. Raises ValueError with the reason in words."""
    players = check_players(len(predictions))
    number = hand_place(hand, DEALS_PER_GAME).number
    return PredictionDeal(
        number, dealer(number, players), tuple(predictions), tuple(tricks)
    )


def recorded_deal(hand: int, predictions: str, tricks: str) -> PredictionDeal:
    """The deal a result records, its predictions and tricks as `encode` wrote
    them (a HandResult's, or the record of changes' values): drive_deal."""
    return drive_deal(hand, decode(predictions), decode(tricks))


def check_players(players: int) -> int:
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError("Players are a whole number.")
    if players not in PLAYER_COUNTS:
        raise ValueError(_("Wist is played by four or five players at a table."))
    return players


def cards_per_player(players: int) -> int:
    """13 cards each for four players; 10 for five, two twos taken out."""
    check_players(players)
    taken_out = CARDS_TAKEN_OUT_FOR_FIVE if players == 5 else 0
    return (FULL_PACK - taken_out) // players


def tricks_per_deal(players: int) -> int:
    """Every card of a hand is one trick: the tricks of a deal are the cards
    each player holds."""
    return cards_per_player(players)


def wist_made_points(players: int) -> int:
    return WIST_MADE[check_players(players)]


def deal_kind(deal_number: int) -> DealKind:
    """The kind of deal `deal_number` (1 to 8) of a game."""
    if isinstance(deal_number, bool) or not isinstance(deal_number, int):
        raise TypeError("Deals are numbered by whole numbers.")
    if not 1 <= deal_number <= DEALS_PER_GAME:
        raise ValueError(f"A game's deals are numbered 1 to {DEALS_PER_GAME}.")
    return DEAL_KINDS[deal_number - 1]


def kind_named(name: str) -> DealKind:
    """The kind with the workbook's name `name` ("Tickets")."""
    for kind in DEAL_KINDS:
        if kind.name == name:
            return kind
    raise ValueError(f"Unknown deal kind {name!r}.")


def _check_seat(seat: int, players: int) -> int:
    if not 0 <= seat < check_players(players):
        raise ValueError(f"Seats are numbered 0 to {players - 1}.")
    return seat


def dealer(deal_number: int, players: int, first_dealer: int = 0) -> int:
    """The seat dealing deal `deal_number`: the first deal's dealer, moved one
    seat to the right for each deal since."""
    deal_kind(deal_number)
    _check_seat(first_dealer, players)
    return (first_dealer + deal_number - 1) % players


def prediction_order(players: int, dealer: int) -> tuple[int, ...]:
    """The seats in the order they predict: the dealer's right first, the
    dealer last. Position 1 is the workbook's "Seat order" 1."""
    _check_seat(dealer, players)
    return tuple((dealer + step) % players for step in range(1, players + 1))


def check_prediction(prediction: int, players: int) -> int:
    """A prediction is Wist (zero) or 1 up to the cards each player holds."""
    if isinstance(prediction, bool) or not isinstance(prediction, int):
        raise TypeError("A prediction is a whole number.")
    cards = cards_per_player(players)
    if not 0 <= prediction <= cards:
        raise ValueError(
            _("A prediction is Wist or 1 to %(cards)s, not %(prediction)s.")
            % {"cards": cards, "prediction": prediction}
        )
    return prediction


def barred_prediction(
    predictions_so_far: Sequence[int], players: int, kind: DealKind
) -> int | None:
    """The number the last to predict may not say, given the others'
    predictions in order, or None when nothing is barred: on Tickets and Wist
    deals, or when the others' total already leaves no number to bar."""
    if len(predictions_so_far) != check_players(players) - 1:
        raise ValueError("The bar is for the last to predict.")
    for prediction in predictions_so_far:
        check_prediction(prediction, players)
    if not kind.last_barred:
        return None
    barred = tricks_per_deal(players) - sum(predictions_so_far)
    return barred if 0 <= barred <= cards_per_player(players) else None


def prediction_words(prediction: int) -> str:
    """ "Wist" for zero, the number otherwise."""
    return _("Wist") if prediction == WIST else str(prediction)


def barred_words(barred: int, players: int) -> str:
    """Why the last to predict may not say `barred`, in plain words."""
    return _(
        "Not %(prediction)s: the predictions would add up to %(tricks)s, "
        "and someone must fail."
    ) % {"prediction": prediction_words(barred), "tricks": tricks_per_deal(players)}


def legal_predictions(
    predictions_so_far: Sequence[int], players: int, kind: DealKind
) -> tuple[int, ...]:
    """What the next to predict may say, given the predictions before theirs."""
    if kind.wist:
        return (WIST,)
    choices = range(cards_per_player(players) + 1)
    if len(predictions_so_far) < players - 1:
        return tuple(choices)
    barred = barred_prediction(predictions_so_far, players, kind)
    return tuple(n for n in choices if n != barred)


def check_predictions(predictions: Sequence[int], players: int, kind: DealKind) -> None:
    """Refuse a deal's predictions, given in the order they were made, with the
    reason in plain words (a ValueError): a number out of range, a Wist deal
    with a prediction other than Wist, or the last bringing the total to the
    tricks."""
    if len(predictions) != check_players(players):
        raise ValueError(
            _("Each of the %(players)s players makes one prediction.")
            % {"players": players}
        )
    for prediction in predictions:
        check_prediction(prediction, players)
    if kind.wist and any(predictions):
        raise ValueError(_("On the Wist deal everyone predicts Wist."))
    barred = barred_prediction(predictions[:-1], players, kind)
    if barred is not None and predictions[-1] == barred:
        raise ValueError(barred_words(barred, players))


def check_taken(taken: int, players: int) -> int:
    """One player's tricks: 0 up to the cards each player holds."""
    if isinstance(taken, bool) or not isinstance(taken, int):
        raise TypeError("Tricks are a whole number.")
    cards = cards_per_player(players)
    if not 0 <= taken <= cards:
        raise ValueError(
            _("A player takes 0 to %(cards)s tricks, not %(tricks)s.")
            % {"cards": cards, "tricks": taken}
        )
    return taken


def check_tricks(tricks: Sequence[int], players: int) -> None:
    """Refuse a deal's tricks (one per player) unless they add up to the
    cards each player holds, with the reason in plain words (a ValueError)."""
    cards = cards_per_player(players)
    if len(tricks) != players:
        raise ValueError(
            _("Enter the tricks of each of the %(players)s players.")
            % {"players": players}
        )
    for taken in tricks:
        check_taken(taken, players)
    total = sum(tricks)
    if total != cards:
        raise ValueError(
            _(
                "The tricks add up to %(total)s; they must add up to %(cards)s, "
                "the cards each player holds."
            )
            % {"total": total, "cards": cards}
        )


def deal_points(prediction: int, tricks: int, players: int) -> int:
    """What a player scores on a deal: the tricks taken, and 10 more when the
    prediction is exactly made; a Wist made scores 25 (four players) or 20
    (five), a Wist failed loses 5 for each trick taken."""
    check_prediction(prediction, players)
    check_taken(tricks, players)
    if prediction == WIST:
        if tricks == 0:
            return wist_made_points(players)
        return -WIST_FAILED_PER_TRICK * tricks
    return tricks + (MADE_BONUS if tricks == prediction else 0)


@dataclass(frozen=True)
class PredictionDeal:
    """One deal of a game as the table records it, by seat: each seat's
    prediction and tricks taken. `dealer` is the dealer's seat."""

    number: int  # 1 to 8 within its game
    dealer: int
    predictions: tuple[int, ...]
    tricks: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "predictions", tuple(self.predictions))
        object.__setattr__(self, "tricks", tuple(self.tricks))
        players = len(self.predictions)
        check_players(players)
        kind = deal_kind(self.number)
        order = prediction_order(players, self.dealer)
        check_predictions([self.predictions[seat] for seat in order], players, kind)
        check_tricks(self.tricks, players)

    @property
    def players(self) -> int:
        return len(self.predictions)

    @property
    def kind(self) -> DealKind:
        return deal_kind(self.number)

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in the order they predicted."""
        return prediction_order(self.players, self.dealer)

    def seat_order(self, seat: int) -> int:
        """`seat`'s place in the predicting (1 for the first to predict)."""
        return self.order.index(seat) + 1

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(
            deal_points(prediction, taken, self.players)
            for prediction, taken in zip(self.predictions, self.tricks, strict=True)
        )

    @property
    def made(self) -> tuple[bool, ...]:
        """Whether each seat took exactly the tricks it predicted."""
        return tuple(p == t for p, t in zip(self.predictions, self.tricks, strict=True))


def check_game(deals: Sequence[PredictionDeal]) -> None:
    """A game's deals: numbered 1 up in order, at most 8, all at the same
    table size, the dealer moving one seat to the right each deal."""
    if len(deals) > DEALS_PER_GAME:
        raise ValueError(f"A game has {DEALS_PER_GAME} deals.")
    for number, deal in enumerate(deals, 1):
        if deal.number != number:
            raise ValueError("A game's deals are numbered 1 up, in order.")
        if deal.players != deals[0].players:
            raise ValueError("Every deal of a game has the same players.")
        if deal.dealer != dealer(number, deal.players, deals[0].dealer):
            raise ValueError("The dealer moves one seat to the right each deal.")


def running_totals(deals: Sequence[PredictionDeal]) -> list[tuple[int, ...]]:
    """Each seat's total after each deal of a game (the score card's running
    total): the points of the deals so far, added up."""
    check_game(deals)
    return list(
        accumulate(
            (deal.points for deal in deals),
            lambda total, points: tuple(
                a + b for a, b in zip(total, points, strict=True)
            ),
        )
    )


def game_points(deals: Sequence[PredictionDeal]) -> tuple[int, ...]:
    """Each seat's points for a game: its deals' points, added up."""
    totals = running_totals(deals)
    return totals[-1] if totals else ()
