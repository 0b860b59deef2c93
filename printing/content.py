"""What each printed sheet says, as plain values: no ORM, no drawing.

- *Score card*: scoring.cards (the results page shows the same cards).
- *Travel slip*: one table's paper record for the whole drive: a row per hand
  with the four seats by entry number where known, N-S and E-W tricks, and a
  box for an initial from each side; the Honours and Revoke columns where the
  drive needs them, as on the score cards (scoring.cards.with_marks). A rubber
  drive's slip also has each side's game score after the hand (a game's
  winning score in brackets: "(5)"), and after each round a row for the
  value of the round's rubbers to each pair.
- *Table card*: the big table number, the captain link (as a QR code), the
  trump sequence and the movement in plain words.
- *Results sheet*: the standings, overall and per group; under the title, how
  honours and revokes scored, when the drive counts honours or had a revoke;
  for a rubber drive, its rubber rules in words (rubber_rules_lines), which
  the workbook's Drive sheet gives too.

A seat missing from a stored table is the dummy hand of a three-handed table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from drive import rubber_rules
from drive.movement.partners import plays_round_robin
from drive.movement.types import FIXED, PAIRED, Format, Side
from drive.trumps import Trump
from scoring import rubber
from scoring.cards import (
    HONOURS_COLUMN,
    REVOKE_COLUMN,
    SEAT_ORDER,
    Columns,
    DrivePlan,
    RowKind,
    honours_text,
    revoke_text,
    trump_text,
    with_marks,
)
from scoring.rubber import RubberSettings
from scoring.rules import Scoring, ew_tricks
from scoring.wist_share import share_text

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


# --- travel slips ------------------------------------------------------------------

SLIP_COLUMNS: Columns = (
    ("hand", gettext_lazy("Hand"), 0.07),
    ("trumps", gettext_lazy("Trumps"), 0.16),
    ("N", "N", 0.08),
    ("E", "E", 0.08),
    ("S", "S", 0.08),
    ("W", "W", 0.08),
    ("ns_tricks", gettext_lazy("N-S tricks"), 0.105),
    ("ew_tricks", gettext_lazy("E-W tricks"), 0.105),
    ("ns_initials", gettext_lazy("N-S initials"), 0.12),
    ("ew_initials", gettext_lazy("E-W initials"), 0.12),
)
# A rubber drive's slip: each side's game score after the hand.
GAME_COLUMNS: Columns = (
    ("ns_game", gettext_lazy("Game N-S"), 0.09),
    ("ew_game", gettext_lazy("Game E-W"), 0.09),
)
SLIP_KEYS = tuple(
    key for key, _, _ in (*SLIP_COLUMNS, HONOURS_COLUMN, REVOKE_COLUMN, *GAME_COLUMNS)
)

DUMMY = "dummy"


@dataclass(frozen=True)
class SlipRow:
    hand: int
    round: int
    trumps: Trump
    # None: the round is not seated yet; False: this table has no game that round.
    in_play: bool | None
    seats: Mapping[str, int | str | None]  # entry number, "dummy", or None (not known)
    ns_tricks: int | None = None
    honours: str = ""
    revoke: str = ""
    # A rubber drive's hand as its game saw it (None: not played, or another drive).
    game: rubber.Hand | None = None
    kind: str = RowKind.HAND

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else ew_tricks(self.ns_tricks)

    def texts(self) -> dict[str, str]:
        texts = dict.fromkeys(SLIP_KEYS, "")
        texts["hand"] = str(self.hand)
        texts["trumps"] = trump_text(self.trumps)
        for seat in SEAT_ORDER:
            if self.in_play is False:
                texts[seat] = "–"
            else:
                value = self.seats.get(seat)
                texts[seat] = "" if value is None else str(value)
        if self.in_play is False:
            # Translators: a travel slip's tricks cell where the table has no game.
            texts["ns_tricks"] = _("no play")
        if self.ns_tricks is not None:
            texts["ns_tricks"] = str(self.ns_tricks)
            texts["ew_tricks"] = str(self.ew_tricks)
        if self.in_play is not False:
            texts["honours"] = honours_text(self.honours, self.trumps)
            texts["revoke"] = revoke_text(self.revoke)
        if self.game is not None:
            texts["ns_game"], texts["ew_game"] = game_texts(self.game)
        return texts


def game_texts(hand: rubber.Hand) -> tuple[str, str]:
    """(N-S, E-W): the game score after `hand`, the winner's in brackets when
    the hand won the game, as a player circles it on paper."""
    texts = [str(points) for points in hand.after]
    if hand.game_to is not None:
        index = 0 if hand.game_to is Side.NS else 1
        texts[index] = f"({texts[index]})"
    return texts[0], texts[1]


@dataclass(frozen=True)
class SlipRoundRow:
    """After a rubber drive's round on its slip: what the round's rubbers are
    worth to each pair (blank until played)."""

    round: int
    values: tuple[int, int] | None = None
    kind: str = RowKind.SUBTOTAL
    trumps: None = None

    @property
    def hand(self) -> None:
        return None

    def texts(self) -> dict[str, str]:
        texts = dict.fromkeys(SLIP_KEYS, "")
        texts["hand"] = _("Round %(round)d: the rubbers' value") % {"round": self.round}
        if self.values is not None:
            texts["ns_game"], texts["ew_game"] = (str(v) for v in self.values)
        return texts


SLIP_NOTE = gettext_lazy(
    "Write the tricks each side won: N-S and E-W make 13. "
    "One player from each side initials each hand."
)


def slip_notes(plan: DrivePlan) -> tuple[str, ...]:
    """What the foot of a slip asks the table to write."""
    notes = [str(SLIP_NOTE)]
    if plan.honours_column:
        notes.append(
            _(
                "Honours: NS 3, NS 4, EW 3 or EW 4 for the side that held "
                "3 or 4 of the trump A, K, Q, J."
            )
        )
    if plan.revoke_column:
        notes.append(
            _("Revoke: NS, EW, or both (then the hand is void: nobody scores).")
        )
    if plan.rubber_rules is not None:
        notes += game_notes(plan.rubber_rules)
    return tuple(notes)


def game_notes(settings: RubberSettings) -> list[str]:
    """What a rubber drive's slip asks the table to keep: the game score, and
    the value of the round's rubbers."""
    target = settings.target
    return [
        _(
            "Game N-S, E-W: each side's points in the game after the hand "
            "(tricks over six, then honours)."
        )
        if settings.honours_counted
        else _(
            "Game N-S, E-W: each side's points in the game after the hand "
            "(tricks over six)."
        ),
        ngettext(
            "The first side to %(target)d point wins the game: circle its score; "
            "the next hand starts a new game at 0-0.",
            "The first side to %(target)d points wins the game: circle its score; "
            "the next hand starts a new game at 0-0.",
            target,
        )
        % {"target": target},
        ngettext(
            "After each round: each pair's game bonuses and %(bonus)d for each "
            "rubber won (best of three games); a game cut by the bell scores nothing.",
            "After each round: each pair's game bonuses and %(bonus)d for each "
            "rubber won (best of three games); a game cut by the bell scores nothing.",
            settings.rubber_bonus,
        )
        % {"bonus": settings.rubber_bonus},
        *(
            [capfirst(rubber_rules.settlement_text(settings.settlement)) + "."]
            if settings.settlement == "net"
            else []
        ),
        _("Revoke: %(words)s.")
        % {
            "words": rubber_rules.rubber_revoke_text(
                settings.revoke_penalty, settings.revoke_tricks
            )
        },
    ]


@dataclass(frozen=True)
class TravelSlip:
    club: str
    drive: str
    date: str
    table: int
    rows: tuple[SlipRow | SlipRoundRow, ...]
    hands_per_round: int = 1
    columns: Columns = SLIP_COLUMNS
    notes: tuple[str, ...] = (SLIP_NOTE,)


def slip_columns(plan: DrivePlan) -> Columns:
    """A slip's columns: the honours and revoke columns where the drive needs
    them, and a rubber drive's game score after them."""
    columns = SLIP_COLUMNS
    if plan.plays_rubbers:
        room = 1 - sum(share for _key, _title, share in GAME_COLUMNS)
        widened: list[tuple[str, str, float]] = []
        for key, title, share in columns:
            widened.append((key, title, share * room))
            if key == "ew_tricks":
                widened += GAME_COLUMNS
        columns = tuple(widened)
    return with_marks(
        columns,
        after="ew_tricks",
        honours=plan.honours_column,
        revoke=plan.revoke_column,
    )


def travel_slip(plan: DrivePlan, table: int) -> TravelSlip:
    rows: list[SlipRow | SlipRoundRow] = []
    games: dict[int, rubber.Hand] = {}
    for hand in range(1, plan.hands + 1):
        round_number = plan.round_of_hand(hand)
        stored = plan.rounds.get(round_number)
        seats: dict[str, int | str | None] = dict.fromkeys(SEAT_ORDER)
        in_play: bool | None = None
        if stored is not None:
            at_table = stored.tables.get(table)
            in_play = at_table is not None
            if at_table is not None:
                seats = {s: at_table.get(s, DUMMY) for s in SEAT_ORDER}
        honours, revoke = plan.marks_of(table, hand)
        played = plan.rubbers_at.get((table, round_number))
        if plan.plays_rubbers and hand == plan.hands_of_round(round_number)[0]:
            games = played.by_hand() if played is not None else {}
        rows.append(
            SlipRow(
                hand=hand,
                round=round_number,
                trumps=plan.trumps_of(hand),
                in_play=in_play,
                seats=seats,
                ns_tricks=plan.ns_tricks.get((table, hand)),
                honours=honours,
                revoke=revoke,
                game=games.get(hand),
            )
        )
        if plan.plays_rubbers and hand == plan.hands_of_round(round_number)[-1]:
            rows.append(
                SlipRoundRow(
                    round_number, played.values if played is not None else None
                )
            )
    return TravelSlip(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        table=table,
        rows=tuple(rows),
        hands_per_round=plan.hands_per_round,
        columns=slip_columns(plan),
        notes=slip_notes(plan),
    )


def travel_slips(plan: DrivePlan) -> list[TravelSlip]:
    return [travel_slip(plan, table) for table in plan.tables]


# --- table cards -------------------------------------------------------------------


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
    if hands_per_round == 1:
        lines = [_("Change tables after every hand.")]
    else:
        lines = [
            ngettext(
                "Change tables after every %(hands)d hand.",
                "Change tables after every %(hands)d hands.",
                hands_per_round,
            )
            % {"hands": hands_per_round}
        ]
    here = table is not None and tables > 1
    groups = {"group_a": group_a, "group_b": group_b}
    if format not in FIXED:
        # Translators: %(group_a)s and %(group_b)s are the drive's two groups
        # (e.g. Ladies, Gents); "up one table" is to the next higher number.
        lines.append(
            (
                _("Winners move: %(group_a)s up one table, %(group_b)s down one table.")
                if winners_move
                else _(
                    "Losers move: %(group_a)s up one table, %(group_b)s down one table."
                )
            )
            % groups
        )
        if format == Format.PROGRESSIVE:
            lines.append(
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
                % groups
            )
            lines.append(
                _(
                    "The new arrivals: the %(group_a)s player sits East, "
                    "the %(group_b)s player sits South."
                )
                % groups
            )
        else:
            lines.append(
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
                % groups
            )
            lines.append(
                _(
                    "The new arrivals partner each other: the %(group_a)s player "
                    "East, the %(group_b)s player West."
                )
                % groups
            )
        if here:
            assert table is not None
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
    elif format == Format.STATIONARY:
        lines.append(
            _("%(group_a)s stay at their table, in the same seat, all evening.")
            % groups
        )
        lines.append(
            _(
                "%(group_b)s move after each round to the table and seat on their "
                "score card."
            )
            % groups
        )
    elif Format(format) in PAIRED:
        lines += _partners_instructions(
            pairs=pairs, rounds=rounds, table=table, tables=tables
        )
    elif format == Format.INDIVIDUAL:
        lines.append(
            _(
                "Everyone's table and seat for every round is printed on their "
                "score card."
            )
        )
        lines.append(_("After each round, go to the table and seat your card shows."))
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
    # trumps (printing.prediction.deals_text).
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
        return ", ".join(trump_text(t) for t in self.trumps)

    @property
    def link_caption(self) -> str:
        if self.is_captain_link:
            return _("Table captain: scan to enter this table's scores.")
        return _("Scan for the drive's page.")


def table_card(
    plan: DrivePlan, table: int, *, url: str, is_captain_link: bool
) -> TableCard:
    return TableCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        table=table,
        url=url,
        is_captain_link=is_captain_link,
        trumps=plan.trumps,
        instructions=tuple(
            movement_instructions(
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
        ),
    )


# --- how honours and revokes score, in words ------------------------------------------


def honours_words(scoring: Scoring) -> str:
    """ "three honours score 2, four score 4", or "not counted"."""
    if scoring.honours is None:
        return _("not counted")
    three, four = scoring.honours.points
    return _("three honours score %(three)d, four score %(four)d") % {
        "three": three,
        "four": four,
    }


def revoke_words(scoring: Scoring) -> str:
    """What a revoke costs: "3 tricks pass from the offenders to the opponents"..."""
    words = rubber_rules.revoke_text(
        scoring.revoke_penalty.value, scoring.revoke_tricks
    )
    return _("%(penalty)s; a revoke by both sides voids the hand") % {"penalty": words}


def scoring_note(plan: DrivePlan) -> str:
    """How honours and revokes scored, for a drive that counts honours or had a
    revoke ("" for one with neither, and for a rubber drive, whose rubber rules
    say it: rubber_rules_lines)."""
    if plan.plays_rubbers:
        return ""
    parts = []
    if plan.count_honours:
        parts.append(_("Honours: %(words)s.") % {"words": honours_words(plan.scoring)})
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


# --- rubber rules, in words --------------------------------------------------------


def _points_range(low: int, high: int) -> str:
    """ "0 points", "1 or 2 points", "6 to 9 points"."""
    if low == high:
        numbers = str(low)
    elif high == low + 1:
        numbers = _("%(low)d or %(high)d") % {"low": low, "high": high}
    else:
        numbers = _("%(low)d to %(high)d") % {"low": low, "high": high}
    return ngettext("%(numbers)s point", "%(numbers)s points", high) % {
        "numbers": numbers
    }


def game_bonus_words(settings: RubberSettings) -> str:
    """The game bonus, as scoring.rubber.game_bonus gives it for this target:
    "3 when the losers have 0 points, 2 when they have 1 or 2 points, ..."."""
    if settings.bonus == "american":
        return _("the winners score %(target)d less the losers' points") % {
            "target": settings.target
        }
    steps: list[tuple[int, int, int]] = []  # (bonus, fewest, most losers' points)
    for losers in range(settings.target):
        bonus = rubber.game_bonus(losers, settings)
        if steps and steps[-1][0] == bonus:
            steps[-1] = (bonus, steps[-1][1], losers)
        else:
            steps.append((bonus, losers, losers))
    parts = []
    for index, (bonus, low, high) in enumerate(steps):
        words = (
            _("%(bonus)d when the losers have %(points)s")
            if index == 0
            else _("%(bonus)d when they have %(points)s")
        )
        parts.append(words % {"bonus": bonus, "points": _points_range(low, high)})
    return ", ".join(parts)


def rubber_rules_lines(
    settings: RubberSettings, preset: str = ""
) -> list[tuple[str, str]]:
    """(term, words) for each rule a rubber drive's rubbers are played by
    (`preset` its preset's key, the rules as scoring.rubber plays them), for
    players reading the results and the secretary's workbook: the drive's
    page's words for the preset, the target and the honours rules
    (drive.rubber_rules), the game bonus step by step for this target, and the
    hand, the rubber, the bell, the revoke and the evening score."""
    honours = settings.honours_counted
    lines = []
    if preset:
        lines.append((_("Rubber rules"), rubber_rules.preset_name(preset)))
    lines.append(
        (
            _("Hand"),
            _(
                "the side taking seven tricks or more scores one point for each "
                "trick over six, then its honours: tricks score before honours"
            )
            if honours
            else _(
                "the side taking seven tricks or more scores one point for each "
                "trick over six"
            ),
        )
    )
    lines.append((_("Game"), rubber_rules.target_text(settings.target)))
    if honours:
        three, four = settings.honours_values
        lines.append(
            (
                _("Honours"),
                _(
                    "a side holding three of the trump ace, king, queen and jack "
                    "scores %(three)d, all four %(four)d; none in a No-trumps hand"
                )
                % {"three": three, "four": four},
            )
        )
        lines.append(
            (
                _("Honours limit"),
                rubber_rules.honours_limit_text(settings.honours_limit),
            )
        )
        lines.append(
            (
                _("Losers' honours"),
                rubber_rules.losers_honours_text(
                    "dropped" if settings.losers_honours_dropped else "counted"
                ),
            )
        )
    else:
        lines.append((_("Honours"), _("not counted")))
    lines.append((_("Game bonus"), game_bonus_words(settings)))
    lines.append(
        (
            _("Rubber"),
            # What a rubber is worth to each pair is the Settlement line's.
            ngettext(
                "the best of three games; its winners gain %(bonus)d more",
                "the best of three games; its winners gain %(bonus)d more",
                settings.rubber_bonus,
            )
            % {"bonus": settings.rubber_bonus},
        )
    )
    lines.append((_("Settlement"), rubber_rules.settlement_text(settings.settlement)))
    lines.append(
        (
            _("The bell"),
            _(
                "a rubber in progress is scored as it stands: the games won and "
                "their bonuses, no rubber bonus; the game in progress scores nothing"
            ),
        )
    )
    lines.append(
        (
            _("Revoke"),
            rubber_rules.rubber_revoke_text(
                settings.revoke_penalty, settings.revoke_tricks
            ),
        )
    )
    lines.append(
        (
            _("Evening score"),
            _("each player's score is the sum of their pair's rubber values"),
        )
    )
    return lines


# --- results sheet -----------------------------------------------------------------

RESULT_COLUMNS: tuple[tuple[str, str, float], ...] = (
    ("rank", gettext_lazy("Rank"), 0.08),
    # Translators: the column of entry numbers ("number").
    ("number", gettext_lazy("No."), 0.07),
    ("name", gettext_lazy("Name"), 0.33),
    ("group", gettext_lazy("Group"), 0.12),
    ("played", gettext_lazy("Played"), 0.09),
    ("sat_out", gettext_lazy("Sat out"), 0.09),
    ("score", gettext_lazy("Score"), 0.08),
    # Translators: short for "Adjustment", a narrow column of the results sheet.
    ("adjustment", gettext_lazy("Adj."), 0.06),
    ("total", gettext_lazy("Total"), 0.08),
)


@dataclass(frozen=True)
class ResultLine:
    rank: int
    number: int
    name: str
    group: str
    played: int
    sat_out: int
    score: int
    adjustment: int
    total: int
    # A drive ranked by share: the share it is ranked by, as text ("62.5%").
    share: str = ""

    def texts(self) -> dict[str, str]:
        return {
            "rank": str(self.rank),
            "number": str(self.number),
            "name": self.name,
            "group": self.group,
            "played": str(self.played),
            "sat_out": str(self.sat_out),
            "score": str(self.score),
            "adjustment": f"{self.adjustment:+d}" if self.adjustment else "0",
            "total": f"{self.total} ({self.share})" if self.share else str(self.total),
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


def results_sheet(
    plan: DrivePlan,
    *,
    status: str,
    sections: Sequence[tuple[str, Sequence[object]]],
    prizes: Sequence[Sequence[object]] = (),
) -> ResultsSheet:
    """`sections`: (title, standings) pairs; a standing has the fields of ResultLine.

    `prizes`: rows of (prize, entry number, name, total, note) in the prize
    list's order, one per winner; number None for a prize nobody won.
    """
    return ResultsSheet(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        status=status,
        scoring=scoring_note(plan),
        rules=tuple(
            rubber_rules_lines(plan.rubber_rules, plan.rubber_preset)
            if plan.rubber_rules is not None
            else ()
        ),
        prizes=tuple(
            PrizeLine(
                prize=str(prize),
                winner="–" if number is None else f"{number} {name} ({total})",
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
                        number=s.number,
                        name=s.name,
                        group=plan.group_label(s.group) if plan.has_groups else "",
                        played=s.played,
                        sat_out=s.sat_out,
                        score=s.score,
                        adjustment=s.adjustment,
                        total=s.total,
                        share=share_text(s.share, localised=True)
                        if s.share is not None
                        else "",
                    )
                    for s in standings
                ),
            )
            for title, standings in sections
        ),
    )
