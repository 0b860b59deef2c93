"""Each format's rule in plain words (docs/design.md, Movements), for the organiser's
movement page and the workbook. Pure Python: the format and options as values.

Each format's words are one object in ``RULES`` (a moving format's, a fixed
format's, a pairs format's): the functions below ask it and never test the
format."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from .partners import plays_round_robin
from .types import FORMATS, Format, per_format


def _partners_rule(pairs: int, rounds: int, round_robin: bool | None = None) -> str:
    """The movement ``partners_schedule`` plays for this many pairs and rounds,
    or the one the drive's seated rounds played (``round_robin`` not None)."""
    if round_robin is None:
        round_robin = plays_round_robin(pairs=pairs, rounds=rounds)
    if not round_robin:
        if pairs == 2:
            return gettext(
                "partners play together all evening; the two pairs play each "
                "other at table 1 every round"
            )
        if rounds > pairs // 2:
            return gettext(
                "partners play together all evening; North-South pairs stay at "
                "their table and East-West pairs move up one table each round, "
                "so East-West pairs meet the same pairs again once they have "
                "been round every table"
            )
        return gettext(
            "partners play together all evening; North-South pairs stay at "
            "their table and East-West pairs move up one table each round, so "
            "no two pairs meet twice"
        )
    if pairs == 3:
        return gettext(
            "partners play together all evening, at one table: after each "
            "round the North-South pair sits out, the pair that sat out comes "
            "back East-West and the East-West pair sits North-South, so the "
            "pairs meet each other and sit out in turn"
        )
    if pairs % 2:
        return gettext(
            "partners play together all evening in a round robin: the pairs "
            "meet each other in turn, as evenly as the rounds allow, and sit "
            "out in turn. After each round North-South pairs move down one table and East-West pairs "
            "up one table; the North-South pair at table 1 sits out the next "
            "round and then comes back East-West at table 1; the East-West "
            "pair at the last table stays there and sits North-South"
        )
    return gettext(
        "partners play together all evening in a round robin: the pairs meet "
        "each other in turn, as evenly as the rounds allow. The North-South pair at table 1 stays there "
        "all evening. After each round the other North-South pairs move down "
        "one table and East-West pairs up one table; the North-South pair from "
        "table 2 goes to table 1 and sits East-West there; the East-West pair "
        "at the last table stays there and sits North-South"
    )


# Each sentence below is whole: it follows the rule after a space.
_SIT_OUTS = gettext_lazy("Sit-outs rotate fairly.")
_SIT_OUTS_IN_GROUPS = gettext_lazy("Sit-outs rotate fairly within each group.")
_DUMMY_TABLE = gettext_lazy(
    "When exactly three are left over they play a three-handed table with a dummy hand."
)


@dataclass(frozen=True)
class RuleFacts:
    """What a format's rule and its call at the bell depend on: who moves,
    and in a partners drive its pairs, its rounds and whether it plays the
    round robin (None: worked out from those)."""

    winners_move: bool = False
    pairs: int = 0
    rounds: int = 0
    round_robin: bool | None = None
    # The drive's names for its groups A and B ("Ladies", "Gents"), which a
    # grouped format's rule names them by.
    groups: tuple[str, str] = ("A", "B")


class FixedRule:
    """A fixed format's words: its rule, which follows its name and a colon
    (so it starts in lower case), and the call at the bell, in the drive's
    own group names (%(a)s is group A's, %(b)s group B's; they stand alone
    after a colon or a comma, so no language has to agree with them). A call
    is shown as the cards label the seats ("Panie na N") and read aloud with
    the seats in words ("Panie na Północy"), which a speech engine does not
    spell out: a call naming a seat has both forms, one that names none is
    read as it is shown. A
    ``grouped`` format's rule names the groups so too ("the %(a)s player").
    Then the sentences that follow the rule: how sit-outs rotate, and the
    three-handed table when the drive plays one (none where the format has
    no such table)."""

    def __init__(
        self,
        rule: str,
        bell: str = "",
        *,
        sit_outs: tuple[str, ...] = (),
        three_handed: tuple[str, ...] = (),
        grouped: bool = False,
    ) -> None:
        self.rule = rule
        self.bell = bell
        self.sit_outs = sit_outs
        self.three_handed = three_handed
        self.grouped = grouped

    def sentence(self, name: str, facts: RuleFacts) -> str:
        """The format's name and its rule."""
        rule = self.named(self.rule_for(facts), facts)
        # Translators: a format's name, then how players move in it.
        return gettext("%(name)s: %(rule)s.") % {"name": name, "rule": rule}

    def rule_for(self, facts: RuleFacts) -> str:
        return str(self.rule)

    def named(self, rule: object, facts: RuleFacts) -> str:
        """The rule, a grouped format's with the drive's names for its groups."""
        if not self.grouped:
            return str(rule)
        return str(rule) % dict(zip("ab", facts.groups, strict=True))

    def call(self, names: dict[str, str], facts: RuleFacts, *, aloud: bool) -> str:
        """The call at the bell, shown or read ``aloud``."""
        return str(self.bell) % names


class MovingRule(FixedRule):
    """A format seated round by round: each round's winners or its losers
    move (the drive's ``winners_move``), so its rule and its call at the bell
    are each two, the losers' and the winners'."""

    def __init__(
        self,
        losers_move: str,
        winners_move: str,
        *,
        bell_losers: str,
        bell_winners: str,
        said_losers: str = "",
        said_winners: str = "",
        sit_outs: tuple[str, ...] = (),
        three_handed: tuple[str, ...] = (),
    ) -> None:
        super().__init__(
            losers_move,
            bell_losers,
            sit_outs=sit_outs,
            three_handed=three_handed,
            grouped=True,
        )
        self.winners_rule = winners_move
        self.bell_winners = bell_winners
        # Read aloud as shown where the call names no seat.
        self.said = {
            False: said_losers or bell_losers,
            True: said_winners or bell_winners,
        }

    def sentence(self, name: str, facts: RuleFacts) -> str:
        if facts.winners_move:
            values = {"name": name, "rule": self.named(self.winners_rule, facts)}
            # Translators: a format's name, then how players move in it.
            return gettext("%(name)s, winners move: %(rule)s.") % values
        values = {"name": name, "rule": self.named(self.rule, facts)}
        # Translators: a format's name, then how players move in it.
        return gettext("%(name)s, losers move: %(rule)s.") % values

    def call(self, names: dict[str, str], facts: RuleFacts, *, aloud: bool) -> str:
        if aloud:
            return str(self.said[facts.winners_move]) % names
        return str(self.bell_winners if facts.winners_move else self.bell) % names


class PairsRule(FixedRule):
    """Registered pairs who play together all evening: given the number of
    ``pairs`` (two or more) and the evening's ``rounds``, the rule is the one
    movement those play, else both movements with when each applies (the
    format's own rule); pairs, never groups, move at the bell."""

    def rule_for(self, facts: RuleFacts) -> str:
        if facts.pairs >= 2 and facts.rounds >= 1:
            return _partners_rule(facts.pairs, facts.rounds, facts.round_robin)
        return str(self.rule)

    def call(self, names: dict[str, str], facts: RuleFacts, *, aloud: bool) -> str:
        round_robin = facts.round_robin
        if round_robin is None and facts.pairs >= 2 and facts.rounds >= 1:
            round_robin = plays_round_robin(pairs=facts.pairs, rounds=facts.rounds)
        if round_robin:
            if aloud:
                # Translators: a call at the bell as the projector's speech and the
                # MC read it aloud: the sides in words ("North-South"), never their
                # letters ("N-S"), which a speech engine spells out.
                return pgettext(
                    "read aloud",
                    "North-South pairs move down one table, East-West pairs up "
                    "one table, as your card shows.",
                )
            return gettext(
                "North-South pairs move down one table, East-West pairs up one "
                "table, as your card shows."
            )
        if aloud:
            # Translators: a call at the bell as the projector's speech and the
            # MC read it aloud: the sides in words ("North-South"), never their
            # letters ("N-S"), which a speech engine spells out.
            return pgettext(
                "read aloud",
                "North-South pairs stay. East-West pairs move up one table.",
            )
        return gettext("North-South pairs stay. East-West pairs move up one table.")


RULES: Mapping[Format, FixedRule] = per_format(
    "drive.movement.describe.RULES",
    {
        Format.PROGRESSIVE: MovingRule(
            # Translators: follows a format's name and a colon, so it starts in
            # lower case ("Progressive, losers move: after each round...");
            # %(a)s and %(b)s are the drive's group names ("Ladies", "Gents"),
            # as on the table card ("the losing %(group_a)s player").
            gettext_lazy(
                "after each round the winners stay at their table and split (the "
                "%(a)s player stays North, the %(b)s player moves to West); the "
                "losing %(a)s player moves up a table and the losing %(b)s player "
                "down, arriving East and South, so everyone has a new partner "
                "every round"
            ),
            gettext_lazy(
                "after each round the losers stay at their table and split (the "
                "%(a)s player stays North, the %(b)s player moves to West); the "
                "winning %(a)s player moves up a table and the winning %(b)s "
                "player down, arriving East and South, so everyone has a new "
                "partner every round"
            ),
            # Translators: called out at the bell and shown on the projector;
            # %(a)s and %(b)s are the drive's group names ("Ladies", "Gents"),
            # as a list.
            bell_losers=gettext_lazy(
                "Losers move: %(a)s up one table, %(b)s down one table. Winners "
                "stay: %(a)s North, %(b)s to West."
            ),
            bell_winners=gettext_lazy(
                "Winners move: %(a)s up one table, %(b)s down one table. Losers "
                "stay: %(a)s North, %(b)s to West."
            ),
            # Translators: a call at the bell as the projector's speech and the
            # MC read it aloud: the seats in words ("North", "West"), never
            # their letters, which a speech engine spells out ("en").
            said_losers=pgettext_lazy(
                "read aloud",
                "Losers move: %(a)s up one table, %(b)s down one table. Winners "
                "stay: %(a)s North, %(b)s to West.",
            ),
            said_winners=pgettext_lazy(
                "read aloud",
                "Winners move: %(a)s up one table, %(b)s down one table. Losers "
                "stay: %(a)s North, %(b)s to West.",
            ),
            sit_outs=(_SIT_OUTS_IN_GROUPS,),
            three_handed=(_DUMMY_TABLE,),
        ),
        Format.SEMI_PARTNER: MovingRule(
            # Translators: %(a)s and %(b)s are the drive's group names.
            gettext_lazy(
                "after each round the winners stay together at their table (the "
                "%(a)s player North, the %(b)s player South); the losing %(a)s "
                "player moves up a table and the losing %(b)s player down, and "
                "the two arrivals partner each other (the %(a)s player East, the "
                "%(b)s player West)"
            ),
            # Translators: %(a)s and %(b)s are the drive's group names.
            gettext_lazy(
                "after each round the losers stay together at their table (the "
                "%(a)s player North, the %(b)s player South); the winning %(a)s "
                "player moves up a table and the winning %(b)s player down, and "
                "the two arrivals partner each other (the %(a)s player East, the "
                "%(b)s player West)"
            ),
            bell_losers=gettext_lazy(
                "Losers move: %(a)s up one table, %(b)s down one table. Winners "
                "stay together."
            ),
            bell_winners=gettext_lazy(
                "Winners move: %(a)s up one table, %(b)s down one table. Losers "
                "stay together."
            ),
            sit_outs=(_SIT_OUTS_IN_GROUPS,),
            three_handed=(_DUMMY_TABLE,),
        ),
        Format.STATIONARY: FixedRule(
            # Translators: follows a format's name and a colon, so it starts in
            # lower case ("Stationary: Ladies never move...") but for the
            # names; %(a)s and %(b)s are the drive's group names ("Ladies",
            # "Gents"), as on the table card ("%(group_a)s stay at their table").
            gettext_lazy(
                "%(a)s never move; %(b)s follow a fixed route printed in advance, "
                "with no repeated partner while the number of tables allows"
            ),
            # Translators: called out at the bell; %(a)s and %(b)s are the
            # drive's group names ("Ladies", "Gents").
            gettext_lazy(
                "%(a)s stay at your table. %(b)s move to the next table on your card."
            ),
            sit_outs=(_SIT_OUTS_IN_GROUPS,),
            three_handed=(_DUMMY_TABLE,),
            grouped=True,
        ),
        # Partners drives never use the three-handed table: a pair cannot be
        # split.
        Format.PARTNERS: PairsRule(
            gettext_lazy(
                "partners play together all evening. With an even number of "
                "pairs and no more rounds than tables, North-South pairs stay at "
                "their table and East-West pairs move up one table each round, "
                "so no two pairs meet twice; otherwise the pairs play a round "
                "robin, meeting each other in turn as evenly as the rounds "
                "allow: North-South pairs move down one table and East-West "
                "pairs up one table each round and, with an odd number of pairs, "
                "every pair sits out in turn"
            ),
        ),
        Format.INDIVIDUAL: FixedRule(
            gettext_lazy(
                "a schedule made before play for every player; the ideal (a "
                "whist tournament) is that nobody partners anyone twice and "
                "nobody opposes anyone more than twice"
            ),
            gettext_lazy("Everyone moves: go to the table on your score card."),
            sit_outs=(_SIT_OUTS,),
            three_handed=(_DUMMY_TABLE,),
        ),
        Format.RUBBER: PairsRule(
            gettext_lazy(
                "partners play rubbers together all evening and move as in a "
                "partners drive at each bell"
            ),
        ),
        # Tables of five seat those left over: no three-handed table.
        Format.PREDICTION: FixedRule(
            gettext_lazy(
                "everyone plays for themselves, at tables of four, and at tables "
                "of five so that nobody sits out whenever the head count allows. "
                "A round is a game of 8 deals; between games everyone moves, by a "
                "schedule made before play so that each meets as many different "
                "players as possible. The tables of five go round too, and nobody "
                "keeps seat 1 (the first dealer) game after game"
            ),
            gettext_lazy("Everyone moves: go to your table for the next game."),
            sit_outs=(_SIT_OUTS,),
        ),
    },
)


def format_rule(
    format: Format | str,
    *,
    winners_move: bool = False,
    three_handed: bool = False,
    pairs: int = 0,
    rounds: int = 0,
    round_robin: bool | None = None,
    groups: tuple[str, str] = ("A", "B"),
) -> str:
    """How players move in this format, with its options, in a sentence or
    three. Tables wrap: up from the last table is table 1. Partners drives
    never use the three-handed table (a pair cannot be split), nor do
    prediction whist drives (tables of five seat those left over); given the
    number of ``pairs`` (two or more) and the evening's ``rounds``, their rule
    is the one movement those play, else both movements with when each
    applies. ``round_robin`` (from the drive's seated rounds:
    ``partners.played_mitchell``) says which one a drive played, when known.
    A grouped format's rule names the groups by ``groups`` (the drive's names
    for A and B: "the Ladies player stays North")."""
    fmt = Format(format)
    rule = RULES[fmt]
    facts = RuleFacts(winners_move, pairs, rounds, round_robin, groups)
    # The sentence starts with the format's name, which a language may write
    # in lower case inside a sentence (Russian «прогрессивный турнир»).
    text = capfirst(rule.sentence(FORMATS[fmt].name, facts))
    sentences = [text, *rule.sit_outs, *(rule.three_handed if three_handed else ())]
    return " ".join(str(sentence) for sentence in sentences)


def bell_call(
    format: Format | str,
    *,
    winners_move: bool = False,
    group_a: str,
    group_b: str,
    pairs: int = 0,
    rounds: int = 0,
    round_robin: bool | None = None,
    aloud: bool = False,
) -> str:
    """The call at the bell in the active language, in a sentence or two:
    "Losers move: Ladies up one table, Gents down one table. ...". Pairs
    move by the movement their drive plays (as ``format_rule``). Shown, it
    labels the seats as the language's cards do (Polish "Panie na N");
    ``aloud``, as the projector speaks it and the MC reads it, it says them
    in words ("Panie na Północy"), as a speech engine cannot say a letter."""
    return RULES[Format(format)].call(
        {"a": group_a, "b": group_b},
        RuleFacts(winners_move, pairs, rounds, round_robin),
        aloud=aloud,
    )


def bell_start(format: Format | str, *, round_number: int) -> str:
    """The words on the projector when a round starts, with the bell."""
    return FORMATS[Format(format)].words.play(round_number)
