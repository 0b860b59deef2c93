"""Scoring a hand: every piece of tricks arithmetic in the product is here.

A table records the tricks won by N-S (0..13); E-W won 13 minus that.

- *Odd tricks* (the default): the side with 7 or more tricks scores its tricks
  over six (1..7); the other side scores 0.
- *Total tricks*: each side scores the tricks it won.
- *Won*: a hand is won by the side with 7 or more tricks; a *round* by the side
  with more tricks over its hands, a tie going to the winner of its last hand.

A drive may also count *honours* (the trump ace, king, queen and jack: a side
that held three of them scores 2 (the English laws, the Polish and Italian
texts), or 3 by the Russian text, and four score 4;
never in a No-trumps hand) and penalise a *revoke* (by default three tricks pass
from the offenders to their opponents; or points: the offenders give three to
the opponents, taking only what their hand scored, or lose three, or the
opponents gain three; the American rule's number is two). A revoke by both
sides voids the hand: nobody scores (drive hands cannot be redealt).
`Scoring` holds a drive's choices and `deal_scores` applies them.

Each player scores their partnership's score. Only the raw tricks (with the
honours and any revoke) are stored, so a change of rule after the event
recomputes everything. The pages, the
printed sheets and the captain's phone show the numbers made here (the phone's
script gets them from the page and does no arithmetic of its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from drive.movement.types import Side
from players.language import Words

TRICKS_PER_HAND = 13
BOOK = 6
# What a table can record: N-S tricks, and the odd tricks of the side that won.
TRICK_COUNTS = range(0, TRICKS_PER_HAND + 1)
ODD_TRICK_COUNTS = range(1, TRICKS_PER_HAND - BOOK + 1)


class Rule(str, Enum):
    ODD_TRICKS = "odd"
    TOTAL_TRICKS = "total"


class Honours(str, Enum):
    """Which side held three or four of the trump honours (A, K, Q, J)."""

    NONE = ""
    NS_3 = "NS3"
    NS_4 = "NS4"
    EW_3 = "EW3"
    EW_4 = "EW4"

    @property
    def side(self) -> Side | None:
        if self is Honours.NONE:
            return None
        return Side.NS if self.value.startswith("NS") else Side.EW

    @property
    def count(self) -> int:
        return 0 if self is Honours.NONE else int(self.value[2])

    @property
    def text(self) -> str:
        """ "NS 3": as the workbook and the slips write it, the side in the
        reader's letters (SIDE_CODES: "С-Ю 3"); "" for none."""
        if self.side is None:
            return ""
        return f"{SIDE_CODES[self.side]} {self.count}"


class Revoke(str, Enum):
    """Which side revoked (failed to follow suit when it could) in a hand."""

    NONE = ""
    NS = "NS"
    EW = "EW"
    BOTH = "both"

    @property
    def offenders(self) -> Side | None:
        return {Revoke.NS: Side.NS, Revoke.EW: Side.EW}.get(self)


class RevokePenalty(str, Enum):
    """What a revoke costs (drive.rubber_rules.REVOKE_PENALTIES): three tricks,
    or two by the American rule, or as many points."""

    # The offenders' tricks pass to the opponents, up to as many as they took.
    TRICKS = "tricks"
    # The offenders give that many points to the opponents: they lose what
    # they have of them, the opponents gain them all.
    TRANSFER = "transfer"
    # The offenders' score for the hand loses that many points.
    DEDUCT = "deduct"
    # The opponents' score for the hand gains that many points.
    AWARD = "award"


class HonoursValues(str, Enum):
    """What three and four honours score."""

    TWO_FOUR = "2-4"  # the English laws (Law 3), the Polish and Italian rules
    THREE_FOUR = "3-4"  # the Russian text

    @property
    def points(self) -> tuple[int, int]:
        three, four = self.value.split("-")
        return int(three), int(four)


HONOURS_CHOICES = (
    (Honours.NONE.value, gettext_lazy("No honours")),
    (Honours.NS_3.value, gettext_lazy("N-S held 3")),
    (Honours.NS_4.value, gettext_lazy("N-S held 4")),
    (Honours.EW_3.value, gettext_lazy("E-W held 3")),
    (Honours.EW_4.value, gettext_lazy("E-W held 4")),
)
REVOKE_CHOICES = (
    (Revoke.NONE.value, gettext_lazy("No revoke")),
    (Revoke.NS.value, gettext_lazy("N-S revoked")),
    (Revoke.EW.value, gettext_lazy("E-W revoked")),
    (Revoke.BOTH.value, gettext_lazy("Both sides revoked (hand void)")),
)


@dataclass(frozen=True)
class Scoring:
    """A drive's scoring choices: the rule, the honours' values (None when
    honours are not counted) and the revoke penalty."""

    rule: Rule = Rule.ODD_TRICKS
    honours: HonoursValues | None = None
    revoke_penalty: RevokePenalty = RevokePenalty.TRICKS
    revoke_tricks: int = 3

    @classmethod
    def of(cls, drive: Any) -> Scoring:
        """The choices of a drive (anything with the Drive's scoring fields and
        `scoring_choices`: each choice, or its rubber preset's, or the usual)."""
        honours_values, penalty, count = drive.scoring_choices
        return cls(
            rule=Rule(drive.scoring_rule),
            honours=HonoursValues(honours_values) if drive.count_honours else None,
            revoke_penalty=RevokePenalty(penalty),
            revoke_tricks=count,
        )


def as_scoring(scoring: Scoring | Rule | str) -> Scoring:
    return scoring if isinstance(scoring, Scoring) else Scoring(rule=Rule(scoring))


class DealRecord(NamedTuple):
    """What a table records of one hand: N-S tricks, honours and any revoke;
    in prediction whist each seat's prediction and tricks instead (as
    scoring.prediction_rules.encode writes them), with ns_tricks 0."""

    ns_tricks: int
    honours: str = ""
    revoke: str = ""
    predictions: str = ""
    tricks: str = ""


def check_deal(
    honours: Honours | str,
    revoke: Revoke | str,
    *,
    honours_counted: bool,
    no_trumps: bool,
) -> tuple[Honours, Revoke]:
    """A hand's honours and revoke as entered, checked: ValueError, with the
    words for the person, for a code that is not one, or honours where there
    can be none (a drive that does not count them, a No-trumps hand)."""
    try:
        honours, revoke = Honours(honours), Revoke(revoke)
    except ValueError as exc:
        raise ValueError(_("That is not a choice of honours or revoke.")) from exc
    if honours is not Honours.NONE and not honours_counted:
        raise ValueError(_("This drive does not count honours."))
    if honours is not Honours.NONE and no_trumps:
        raise ValueError(_("A No-trumps hand has no honours."))
    return honours, revoke


def check_tricks(ns_tricks: int) -> int:
    if isinstance(ns_tricks, bool) or not isinstance(ns_tricks, int):
        raise TypeError(_("Tricks are a whole number."))
    if not 0 <= ns_tricks <= TRICKS_PER_HAND:
        raise ValueError(
            _("Tricks must be between 0 and %(most)s.") % {"most": TRICKS_PER_HAND}
        )
    return ns_tricks


def ew_tricks(ns_tricks: int) -> int:
    return TRICKS_PER_HAND - check_tricks(ns_tricks)


def side_tricks(ns_tricks: int, side: Side) -> int:
    """The tricks `side` won, from the N-S tricks."""
    return check_tricks(ns_tricks) if side is Side.NS else ew_tricks(ns_tricks)


def ns_tricks_from_odd(winners: Side | str, odd: int) -> int:
    """The N-S tricks when `winners` made `odd` odd tricks (1..7)."""
    if odd not in ODD_TRICK_COUNTS:
        raise ValueError(
            _("Odd tricks are from 1 to %(most)s.") % {"most": ODD_TRICK_COUNTS[-1]}
        )
    won = BOOK + odd
    return won if Side(winners) is Side.NS else ew_tricks(won)


def odd_tricks(tricks: int) -> int:
    """Tricks over six: 7 tricks make 1 odd trick, 13 make 7; six or fewer make none."""
    return max(0, tricks - BOOK)


def hand_scores(ns_tricks: int, rule: Rule | str) -> tuple[int, int]:
    """(N-S score, E-W score) for one hand."""
    rule = Rule(rule)
    ew = ew_tricks(ns_tricks)
    if rule is Rule.ODD_TRICKS:
        return odd_tricks(ns_tricks), odd_tricks(ew)
    return ns_tricks, ew


def deal_tricks(ns_tricks: int, scoring: Scoring, revoke: Revoke | str = "") -> int:
    """The N-S tricks a hand scores from: as entered, or after a revoke's
    tricks passed to the other side (as many as the offenders took, up to
    the penalty)."""
    offenders = Revoke(revoke).offenders
    if offenders is None or scoring.revoke_penalty is not RevokePenalty.TRICKS:
        return check_tricks(ns_tricks)
    moved = min(scoring.revoke_tricks, side_tricks(ns_tricks, offenders))
    return ns_tricks - moved if offenders is Side.NS else ns_tricks + moved


def honours_scores(honours: Honours | str, scoring: Scoring) -> tuple[int, int]:
    """(N-S, E-W) points for honours: nothing unless the drive counts them."""
    honours = Honours(honours)
    if scoring.honours is None or honours is Honours.NONE:
        return 0, 0
    three, four = scoring.honours.points
    points = four if honours.count == 4 else three
    return (points, 0) if honours.side is Side.NS else (0, points)


@cache
def deal_scores(
    ns_tricks: int,
    scoring: Scoring | Rule | str,
    honours: Honours | str = "",
    revoke: Revoke | str = "",
) -> tuple[int, int]:
    """(N-S score, E-W score) for one hand with its honours and any revoke.

    The side's tricks score by the rule (after tricks passed for a revoke),
    then its honours are added, then a penalty in points applies
    (revoke_points). A revoke by both sides voids the hand: both score 0.
    Example: N-S take 8, E-W revoke, three tricks pass: N-S score as if they
    took eleven, 5; E-W 0.
    """
    scoring, revoke = as_scoring(scoring), Revoke(revoke)
    if revoke is Revoke.BOTH:
        check_tricks(ns_tricks)
        return 0, 0
    ns, ew = hand_scores(deal_tricks(ns_tricks, scoring, revoke), scoring.rule)
    honours_ns, honours_ew = honours_scores(honours, scoring)
    offenders = revoke.offenders
    if offenders is None:
        return ns + honours_ns, ew + honours_ew
    return revoke_points(
        (ns + honours_ns, ew + honours_ew),
        offenders,
        scoring.revoke_penalty,
        scoring.revoke_tricks,
        floor=None,
    )


def revoke_points(
    score: tuple[int, int],
    offenders: Side,
    penalty: RevokePenalty | str,
    count: int,
    *,
    floor: int | None = 0,
) -> tuple[int, int]:
    """(N-S, E-W) `score` after a revoke's penalty in points: the offenders
    lose `count` (DEDUCT), or the opponents gain it (AWARD), or both, the
    offenders giving only what they have (TRANSFER: "gives" 3 takes up to 3
    and adds 3). A game score (`floor` 0) never goes below 0; a drive's hand
    score (`floor` None) loses all of a deduction. TRICKS changes nothing here:
    its tricks passed before the tricks were scored (deal_tricks)."""
    penalty = RevokePenalty(penalty)
    offended = score[0] if offenders is Side.NS else score[1]
    gained = 0
    if penalty is RevokePenalty.DEDUCT:
        offended -= count
    elif penalty is RevokePenalty.TRANSFER:
        offended -= min(count, max(0, offended))
        gained = count
    elif penalty is RevokePenalty.AWARD:
        gained = count
    if floor is not None:
        offended = max(floor, offended)
    if offenders is Side.NS:
        return offended, score[1] + gained
    return score[0] + gained, offended


def deal_winner(
    ns_tricks: int, scoring: Scoring | Rule | str, revoke: Revoke | str = ""
) -> Side | None:
    """The side that won a hand: seven or more tricks, after a transfer
    penalty; None for a hand voided by revokes on both sides."""
    revoke = Revoke(revoke)
    if revoke is Revoke.BOTH:
        return None
    return hand_winner(deal_tricks(ns_tricks, as_scoring(scoring), revoke))


@cache
def seat_table(
    scoring: Scoring | Rule | str,
) -> dict[tuple[int, str, str], tuple[int, int, int, int]]:
    """Every hand a table can record, as (N-S tricks, honours, revoke), with the
    score of each seat in N, E, S, W order: for loops over thousands of
    results (the leaderboard, the audit rebuild)."""
    scoring = as_scoring(scoring)
    table = {}
    for ns in TRICK_COUNTS:
        for honours in Honours:
            for revoke in Revoke:
                ns_score, ew_score = deal_scores(ns, scoring, honours, revoke)
                table[ns, honours.value, revoke.value] = (
                    ns_score,
                    ew_score,
                    ns_score,
                    ew_score,
                )
    return table


@cache
def winner_table(
    scoring: Scoring | Rule | str,
) -> dict[tuple[int, str], Side | None]:
    """The winner of every (N-S tricks, revoke) a table can record."""
    return {
        (ns, revoke.value): deal_winner(ns, scoring, revoke)
        for ns in TRICK_COUNTS
        for revoke in Revoke
    }


@dataclass(frozen=True)
class HandLine:
    """One hand as a table checks it: each side's tricks and score, and what
    the honours and a revoke did to it."""

    ns_tricks: int
    ew_tricks: int
    ns_score: int
    ew_score: int
    honours: str = ""
    revoke: str = ""


def hand_line(
    ns_tricks: int,
    scoring: Scoring | Rule | str,
    honours: Honours | str = "",
    revoke: Revoke | str = "",
) -> HandLine:
    ns_score, ew_score = deal_scores(ns_tricks, scoring, honours, revoke)
    return HandLine(
        ns_tricks,
        ew_tricks(ns_tricks),
        ns_score,
        ew_score,
        Honours(honours).value,
        Revoke(revoke).value,
    )


def deal_text(honours: Honours | str = "", revoke: Revoke | str = "") -> str:
    """What a hand's honours and revoke were, in words ("" for neither).

    One sentence for each case, so that a translation can order it as it needs.
    """
    honours, revoke = Honours(honours), Revoke(revoke)
    values = {
        "side": side_name(honours.side),
        "count": honours.count,
        "offenders": side_name(revoke.offenders),
    }
    if honours is Honours.NONE:
        if revoke is Revoke.BOTH:
            return _("both sides revoked: hand void, no score")
        if revoke is Revoke.NONE:
            return ""
        # Translators: offenders is the pair that revoked, "N-S" or "E-W".
        return _("%(offenders)s revoked") % values
    if revoke is Revoke.BOTH:
        # Translators: side is the pair that held the honours, count 3 or 4.
        return (
            _(
                "honours: %(side)s held %(count)d; both sides revoked: hand void, no score"
            )
            % values
        )
    if revoke is Revoke.NONE:
        # Translators: side is the pair that held the honours, count 3 or 4.
        return _("honours: %(side)s held %(count)d") % values
    # Translators: side held the honours (count 3 or 4); offenders revoked.
    return _("honours: %(side)s held %(count)d; %(offenders)s revoked") % values


def side_name(side: Side | None) -> str:
    return {
        # Translators: the North-South pair at a table.
        Side.NS: _("N-S"),
        # Translators: the East-West pair at a table.
        Side.EW: _("E-W"),
    }.get(side, "")


# Each side as a cell of a sheet or a card writes it, short: NS and EW in
# English, in each language's own letters (Russian С-Ю, Italian E-O).
SIDE_CODES = Words(
    {
        # Translators: the North-South pair, short, in a cell of a sheet or a
        # card ("NS 3": honours held). Russian С-Ю, Romanian N-S, Italian N-S.
        Side.NS: pgettext_lazy("side, short", "NS"),
        # Translators: the East-West pair, short, in a cell of a sheet or a
        # card. Russian В-З, Romanian E-V, Italian E-O.
        Side.EW: pgettext_lazy("side, short", "EW"),
    }
)


def side_words(side: Side) -> str:
    """A side in full words, as a screen reader says it: "North–South"."""
    if side is Side.NS:
        # Translators: the North-South pair in full, as read out to a captain.
        return _("North–South")
    # Translators: the East-West pair in full, as read out to a captain.
    return _("East–West")


def result_words(ns_tricks: int) -> str:
    """A hand's tricks in words, as the captain's phone says them to a screen
    reader and shows over the check: both sides' tricks, and the odd tricks
    (over six) of the side that won."""
    winner = hand_winner(ns_tricks)
    odd = odd_tricks(side_tricks(ns_tricks, winner))
    return ngettext(
        # Translators: ns and ew are each pair's tricks; side is the pair in
        # full ("North–South"); odd its tricks over six (1 to 7).
        "Tricks: North–South %(ns)d, East–West %(ew)d; %(odd)d odd trick to %(side)s",
        "Tricks: North–South %(ns)d, East–West %(ew)d; %(odd)d odd tricks to %(side)s",
        odd,
    ) % {
        "ns": ns_tricks,
        "ew": ew_tricks(ns_tricks),
        "odd": odd,
        "side": side_words(winner),
    }


def tricks_text(ns_tricks: int) -> str:
    """ "N-S 9, E-W 4": both sides' tricks, as messages quote a result."""
    # Translators: ns and ew are the tricks of the North-South and East-West pairs.
    return _("N-S %(ns)s, E-W %(ew)s") % {"ns": ns_tricks, "ew": ew_tricks(ns_tricks)}


# The seats in the order seat_table gives their scores.
SEAT_ORDER = ("N", "E", "S", "W")

# Which side each seat plays for: N-S against E-W.
SIDE_OF_SEAT: dict[str, Side] = {"N": Side.NS, "S": Side.NS, "E": Side.EW, "W": Side.EW}


def hand_winner(ns_tricks: int) -> Side:
    """Thirteen tricks cannot be shared: one side always has seven or more."""
    return Side.NS if check_tricks(ns_tricks) > BOOK else Side.EW


def round_winner(ns_tricks: Sequence[int]) -> Side:
    """The side that won a round, from the N-S tricks of each of its hands."""
    if len(ns_tricks) == 0:
        raise ValueError("a round needs at least one hand to have a winner")
    ns = sum(check_tricks(tricks) for tricks in ns_tricks)
    ew = sum(ew_tricks(tricks) for tricks in ns_tricks)
    if ns != ew:
        return Side.NS if ns > ew else Side.EW
    return hand_winner(ns_tricks[-1])
