"""A table card, as plain values: no ORM, no drawing (printing.posters draws it).

The big table number, the captain link (as a QR code), and what the table
plays: a drive of hands or rubbers gives its trump sequence and its movement
in plain words (``movement_instructions``), a prediction whist drive the
deals of a game and its seat order. Which it is is the drive's game's
(``TABLE_CARDS``); the card is the same (``table_card``).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive.games import per_game
from drive.hall import unreachable_link
from drive.movement.partners import plays_round_robin
from drive.movement.types import Format, Game, per_format
from drive.trumps import Trump
from printing.prediction import points_words, rule_numbers
from scoring import prediction_rules
from scoring.card_plan import DrivePlan
from scoring.card_rows import trump_text


def up_table(table: int, tables: int) -> int:
    return table % tables + 1


def down_table(table: int, tables: int) -> int:
    return (table - 2) % tables + 1


def _partners_instructions(
    *, pairs: int, rounds: int, table: int | None, tables: int
) -> list[str]:
    """The moves of the movement ``partners_schedule`` plays for these pairs and
    rounds; both movements, with when each applies, when the pairs are not known."""
    lines = [_("Partners play together all evening.")]
    if pairs < 2 or rounds < 1:
        lines.append(
            _(
                "With an even number of pairs and no more rounds than tables, "
                "North-South pairs stay at their table and East-West pairs move "
                "up one table after each round."
            )
        )
        lines.append(
            _(
                "Otherwise every pair meets every other pair in turn: "
                "North-South pairs move down one table and East-West pairs up "
                "one table after each round."
            )
        )
        return lines
    here = table is not None and tables > 1
    if not plays_round_robin(pairs=pairs, rounds=rounds):
        lines.append(_("North-South pairs stay at their table all evening."))
        lines.append(_("East-West pairs move up one table after each round."))
        if here:
            assert table is not None
            lines.append(
                _("From table %(table)s the East-West pair goes to table %(up)s.")
                % {"table": table, "up": up_table(table, tables)}
            )
        if tables > 1:
            lines.append(_("Up from table %(tables)s is table 1.") % {"tables": tables})
        return lines
    if pairs == 3:
        lines.append(
            _(
                "After each round the North-South pair sits out, the pair that "
                "sat out comes back East-West and the East-West pair sits "
                "North-South."
            )
        )
        return lines
    odd = pairs % 2 == 1
    lines.append(
        _("Every pair meets every other pair in turn, and sits out in turn.")
        if odd
        else _("Every pair meets every other pair in turn.")
    )
    if odd:
        lines.append(
            _(
                "North-South pairs move down one table after each round; from "
                "table 1 they sit out the next round, then come back East-West "
                "at table 1."
            )
        )
    else:
        lines.append(_("The North-South pair at table 1 stays there all evening."))
        lines.append(
            _(
                "The other North-South pairs move down one table after each "
                "round; from table 2 they go to table 1 and sit East-West."
            )
        )
    lines.append(
        _(
            "East-West pairs move up one table after each round; from table "
            "%(tables)s, the last, they stay there and sit North-South."
        )
        % {"tables": tables}
    )
    if table is not None:
        if table == 1 and odd:
            north_south = _("the North-South pair sits out the next round")
        elif table == 1:
            north_south = _("the North-South pair stays")
        elif table == 2 and not odd:
            north_south = _("the North-South pair goes to table 1 East-West")
        else:
            north_south = _("the North-South pair goes to table %(down)s") % {
                "down": table - 1
            }
        if table == tables:
            east_west = _("the East-West pair stays and sits North-South")
        else:
            east_west = _("the East-West pair goes to table %(up)s") % {"up": table + 1}
        lines.append(
            _("From table %(table)s: %(north_south)s; %(east_west)s.")
            % {"table": table, "north_south": north_south, "east_west": east_west}
        )
    return lines


@dataclass(frozen=True)
class MoveFacts:
    """What a table card's moves depend on: who moves, the groups' names
    ({"group_a": ..., "group_b": ...}), this table (None on a blank card),
    the tables, and in a partners drive its pairs and rounds."""

    winners_move: bool
    groups: dict[str, str]
    table: int | None
    tables: int
    pairs: int
    rounds: int


class CardMoves:
    """What a table card says of a format's moves: when they come (the
    card's first line), then the moves themselves, before the sit-outs;
    nothing, for a format whose card says its own (prediction whist:
    ``table_instructions``)."""

    def when(self, hands_per_round: int) -> str:
        """When the players move, pointing to the lines that say who: not
        "change tables", which the players who stay do not."""
        if hands_per_round == 1:
            return _("Moves after every hand: see below.")
        return ngettext(
            "Moves after every %(hands)d hand: see below.",
            "Moves after every %(hands)d hands: see below.",
            hands_per_round,
        ) % {"hands": hands_per_round}

    def lines(self, facts: MoveFacts) -> list[str]:
        return []


class ProgressiveMoves(CardMoves):
    """A format seated round by round: the winners or the losers move, group
    A up one table and group B down; those who stay split (progressive)."""

    def lines(self, facts: MoveFacts) -> list[str]:
        winners_move, groups = facts.winners_move, facts.groups
        table, tables = facts.table, facts.tables
        # Translators: %(group_a)s and %(group_b)s are the drive's two groups
        # (e.g. Ladies, Gents); "up one table" is to the next higher number.
        lines = [
            (
                _("Winners move: %(group_a)s up one table, %(group_b)s down one table.")
                if winners_move
                else _(
                    "Losers move: %(group_a)s up one table, %(group_b)s down one table."
                )
            )
            % groups
        ]
        lines += self.stayers(winners_move=winners_move, groups=groups)
        if table is not None and tables > 1:
            moves = {
                **groups,
                "table": table,
                "up": up_table(table, tables),
                "down": down_table(table, tables),
            }
            lines.append(
                (
                    _(
                        "From table %(table)d: the winning %(group_a)s player goes "
                        "to table %(up)d, the winning %(group_b)s player to table "
                        "%(down)d."
                    )
                    if winners_move
                    else _(
                        "From table %(table)d: the losing %(group_a)s player goes "
                        "to table %(up)d, the losing %(group_b)s player to table "
                        "%(down)d."
                    )
                )
                % moves
            )
        if tables > 1:
            lines.append(
                _(
                    "Up from table %(tables)d is table 1; down from table 1 is "
                    "table %(tables)d."
                )
                % {"tables": tables}
            )
        return lines

    def stayers(self, *, winners_move: bool, groups: dict[str, str]) -> list[str]:
        """Where those who stay sit, and the new arrivals."""
        return [
            (
                _(
                    "Losers stay and split: the %(group_a)s player stays North, "
                    "the %(group_b)s player moves to West."
                )
                if winners_move
                else _(
                    "Winners stay and split: the %(group_a)s player stays North, "
                    "the %(group_b)s player moves to West."
                )
            )
            % groups,
            _(
                "The new arrivals: the %(group_a)s player sits East, "
                "the %(group_b)s player sits South."
            )
            % groups,
        ]


class SemiPartnerMoves(ProgressiveMoves):
    """As progressive, but those who stay stay together, and the new
    arrivals partner each other."""

    def stayers(self, *, winners_move: bool, groups: dict[str, str]) -> list[str]:
        return [
            (
                _(
                    "Losers stay together: the %(group_a)s player North, "
                    "the %(group_b)s player South."
                )
                if winners_move
                else _(
                    "Winners stay together: the %(group_a)s player North, "
                    "the %(group_b)s player South."
                )
            )
            % groups,
            _(
                "The new arrivals partner each other: the %(group_a)s player "
                "East, the %(group_b)s player West."
            )
            % groups,
        ]


class StationaryMoves(CardMoves):
    """Group A stays put; group B follows its cards."""

    def lines(self, facts: MoveFacts) -> list[str]:
        return [
            _("%(group_a)s stay at their table, in the same seat, all evening.")
            % facts.groups,
            _(
                "%(group_b)s move after each round to the table and seat on their "
                "score card."
            )
            % facts.groups,
        ]


class PairsMoves(CardMoves):
    """Registered pairs who play together all evening (``_partners_instructions``)."""

    def lines(self, facts: MoveFacts) -> list[str]:
        return _partners_instructions(
            pairs=facts.pairs,
            rounds=facts.rounds,
            table=facts.table,
            tables=facts.tables,
        )


class IndividualMoves(CardMoves):
    """Everyone follows their own card."""

    def lines(self, facts: MoveFacts) -> list[str]:
        return [
            _(
                "Everyone's table and seat for every round is printed on their "
                "score card."
            ),
            _("After each round, go to the table and seat your card shows."),
        ]


class RubberMoves(PairsMoves):
    """Rubber whist: as partners, but a round ends at the organiser's bell,
    however many hands the table has played (drive.rubber_rules)."""

    def when(self, hands_per_round: int) -> str:
        return _(
            "Each round ends when the organiser rings the bell; the moves after "
            "it are below."
        )


# What each format's table card says of its moves.
CARD_MOVES = per_format(
    "printing.table_cards.CARD_MOVES",
    {
        Format.PROGRESSIVE: ProgressiveMoves(),
        Format.SEMI_PARTNER: SemiPartnerMoves(),
        Format.STATIONARY: StationaryMoves(),
        Format.PARTNERS: PairsMoves(),
        Format.INDIVIDUAL: IndividualMoves(),
        Format.RUBBER: RubberMoves(),
        Format.PREDICTION: CardMoves(),
    },
)


def movement_instructions(
    *,
    format: str,
    winners_move: bool,
    group_a: str,
    group_b: str,
    hands_per_round: int = 1,
    table: int | None = None,
    tables: int = 0,
    pairs: int = 0,
    rounds: int = 0,
) -> list[str]:
    """The movement in plain words, for a table card (and this table's moves when given).

    A partners drive's movement depends on its ``pairs`` and the evening's
    ``rounds`` (``partners.plays_round_robin``)."""
    moves = CARD_MOVES[Format(format)]
    lines = [moves.when(hands_per_round)]
    lines += moves.lines(
        MoveFacts(
            winners_move=winners_move,
            groups={"group_a": group_a, "group_b": group_b},
            table=table,
            tables=tables,
            pairs=pairs,
            rounds=rounds,
        )
    )
    lines.append(_("Anyone without a seat sits out that round and rejoins the next."))
    return lines


@dataclass(frozen=True)
class TableCard:
    club: str
    drive: str
    date: str
    table: int
    url: str
    is_captain_link: bool
    trumps: tuple[Trump, ...]
    instructions: tuple[str, ...]
    # A prediction whist drive's card: the deals of a game, in place of the
    # trumps (deals_text).
    deals: str = ""
    # The hall's Wi-Fi (drive.hall): what the QR code that joins it says, and
    # the network's name; empty when the organiser gave none.
    wifi: str = ""
    wifi_name: str = ""

    @property
    def wifi_caption(self) -> str:
        # Translators: under the QR code that joins the hall's Wi-Fi network.
        return _("Wi-Fi: %(name)s") % {"name": self.wifi_name}

    @property
    def trumps_text(self) -> str:
        # Each trump's symbol and name held together (no-break spaces), as
        # deals_text holds a deal's: the large card broke "Bez / atu".
        return ", ".join(trump_text(t).replace(" ", "\u00a0") for t in self.trumps)

    @property
    def unreachable(self) -> str:
        """The card's host when it is this computer's own (127.0.0.1,
        localhost): its QR code opens on no phone in the hall (drive.hall)."""
        return unreachable_link(self.url)

    @property
    def address_caption(self) -> str:
        """Beside the QR code: where phones go, in plain words, so a person at
        the table sees it; and plainly when no phone can go there."""
        host = urlsplit(self.url).netloc
        if self.unreachable:
            # Translators: beside the QR code of a table card printed from the
            # organiser's own computer's address (127.0.0.1, localhost).
            return _(
                "WRONG ADDRESS: %(host)s is the organiser's computer's own "
                "address; no phone can open this code. Print the table cards "
                "again from the hall's address."
            ) % {"host": host}
        # Translators: beside the QR code of a table card: the site's address.
        return _("Phones open %(host)s") % {"host": host}

    @property
    def link_caption(self) -> str:
        if self.is_captain_link:
            return _("Table captain: scan to enter this table's scores.")
        return _("Scan for the drive's page.")


# --- what a prediction whist drive's card says ------------------------------------


def deals_text() -> str:
    """ "1 ♥ Hearts, 2 ♦ Diamonds, 3 ♣ Clubs, 4 ♠ Spades, 5 Free, 6 Blind, 7
    Tickets, 8 Wist (5 to 8 without trumps)"."""
    # Each deal's number, suit and name are held together (no-break spaces):
    # the card's paragraph broke "5 / Free" across two lines.
    parts = []
    for number, kind in enumerate(prediction_rules.DEAL_KINDS, start=1):
        if kind.trumps is Trump.NO_TRUMPS:
            parts.append(f"{number}\u00a0{kind.label}")
        else:
            parts.append(f"{number}\u00a0{kind.trumps.symbol}\u00a0{kind.label}")
    return _("%(deals)s (no trumps from deal 5 on)") % {"deals": ", ".join(parts)}


def table_instructions() -> list[str]:
    """The seat order and the evening's moves, in plain words."""
    return [
        _(
            "Each game is 8 deals. After each game, go to the table and seat "
            "your score card shows."
        ),
        _(
            "Seats are numbered 1 to 5 in the order of play, each on the right "
            "of the one before; seat 5 only at a table of five."
        ),
        _(
            "Seat 1 deals the first deal of each game; the deal moves one seat "
            "on each deal. The player after the dealer predicts first, the "
            "dealer last."
        ),
        _(
            "The dealer may not bring the predictions to the number of tricks "
            "(%(four)d; %(five)d at a table of five), except on Tickets and Wist."
        )
        % rule_numbers(),
        _(
            "Blind: predict before looking at your cards. Tickets: write your "
            "prediction down; it is opened after the deal. Wist: everyone "
            "predicts Wist (no tricks)."
        ),
        _(
            "At a table of five, take the 2 of clubs and the 2 of spades out of "
            "the pack: %(five)d cards each."
        )
        % rule_numbers(),
        points_words(),
        _("Anyone without a seat sits out that game and rejoins the next."),
    ]


# --- one card, each game's words -------------------------------------------------


class HandsTableCard:
    """What a table card of a drive of hands (or rubbers) says: its trump
    sequence and its movement, with this table's moves."""

    def trumps(self, plan: DrivePlan) -> tuple[Trump, ...]:
        return plan.trumps

    def instructions(self, plan: DrivePlan, table: int) -> list[str]:
        return movement_instructions(
            format=plan.format,
            winners_move=plan.winners_move,
            group_a=plan.group_a_label,
            group_b=plan.group_b_label,
            hands_per_round=plan.hands_per_round,
            table=table,
            tables=len(plan.tables),
            pairs=plan.pairs,
            rounds=plan.hands // plan.hands_per_round,
        )

    def deals(self) -> str:
        return ""


class PredictionTableCard:
    """What a prediction whist drive's table card says: the deals of a game
    in place of the trumps, and the seat order and the game's rules."""

    def trumps(self, plan: DrivePlan) -> tuple[Trump, ...]:
        return ()

    def instructions(self, plan: DrivePlan, table: int) -> list[str]:
        return table_instructions()

    def deals(self) -> str:
        return deals_text()


TABLE_CARDS = per_game(
    "printing.table_cards",
    {
        Game.HANDS: HandsTableCard(),
        Game.RUBBERS: HandsTableCard(),
        Game.PREDICTIONS: PredictionTableCard(),
    },
)


def table_card(
    plan: DrivePlan, table: int, *, url: str, is_captain_link: bool
) -> TableCard:
    game = TABLE_CARDS[plan.game]
    return TableCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_in_line,
        table=table,
        url=url,
        is_captain_link=is_captain_link,
        trumps=game.trumps(plan),
        instructions=tuple(game.instructions(plan, table)),
        deals=game.deals(),
    )
