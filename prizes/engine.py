"""Prizes: the club's prize list and who wins each prize of a drive.

A *prize list* is an ordered list of prizes, most important first. Kinds:

- *overall* place n (1st, 2nd, 3rd ...): the n-th in the drive's standings;
- *group* place n ("Highest Ladies", "2nd Gents"): the n-th of one group;
- *half-time leader*, overall or of one group: the best after the half-way hand;
- *booby*: the lowest total;
- *most hands won*;
- *mystery score*: a number drawn after play; the total closest to it wins;
- *custom*: any prize with a name; the organiser says who won it;
- *lowest*, overall or of one group: the lowest total (a booby for each group);
- *second half*, overall or of one group: the best score over the hands after
  the half-way hand, the hands sat out then compensated as at half-time (the
  drive's rule over those hands only; no adjustments);
- *most hands of N or more tricks* (N from 7 to 13), overall or of one group:
  the hands where the player's side took N tricks or more (after a revoke's
  transfer; a hand voided by revokes on both sides counts for nobody). A
  prediction whist drive has no sides and no N-S tricks: the prize is refused
  there (parse_prize_list with has_tricks=False; nobody wins it in the engine);
- *consolation draw*: a random competitor without any other prize, drawn by the
  site once every other prize is decided (draw_consolation: Python's
  random.Random(seed).choice of the pool in number order, so anyone with the
  seed and the pool can check it); the engine only reports a recorded draw.

Ties follow the club's tie-break rules (scoring.tiebreaks), in each prize's own
*contest*: the final standings (overall, group, booby), half-time, hands won
or the mystery score. When two tie for a place and share it, they share that
place's prize and, if the list has one, the next place's (the old custom of
pooling the prizes of the places they fill).

*Pairs*: in a drive of fixed pairs both partners always score alike, so the
prizes go to pairs: `pairs_of` makes one competitor of each pair, which wins,
ties, cuts and is skipped as one, and its award names both partners.

*One prize per person* (a club option): the prizes are given in the list's
order, and a winner of an earlier prize is skipped for the later ones, except
that places in one series (1st, 2nd, 3rd overall) are still counted from the
same standings.

The list is typed one prize a line, "1st overall", "Highest Gents",
"Half-time leader Ladies", "Booby", "Most hands won", "Mystery score",
"Custom: Raffle", "Lowest Ladies", "Lowest overall", "Second half",
"Second half Gents", "Most hands of 8 or more tricks", "Most hands of 9 or more
tricks Ladies", "Consolation draw"; a line may end with ": the name shown"
("1st overall: Hamper"). In a drive without groups (individual and pairs
formats) a new prize "per group" is refused with words (has_groups=False).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.standings import round_half_up
from scoring.tiebreaks import Contender, Outcome, Placing, Rule, blocks_of, rank

MAX_PRIZES = 60
MAX_PLACE = 500
MAX_NAME = 80
MIN_TRICKS = 7
MAX_TRICKS = 13


class PrizeKind(str, Enum):
    OVERALL = "overall"
    GROUP = "group"
    HALF_TIME = "half_time"
    BOOBY = "booby"
    MOST_HANDS_WON = "most_hands_won"
    MYSTERY = "mystery"
    CUSTOM = "custom"
    LOWEST = "lowest"
    SECOND_HALF = "second_half"
    MOST_TRICKS = "most_tricks"  # place: the N of "N or more tricks"
    CONSOLATION = "consolation"


# The kinds typed "per group" only since issue 19: refused in a drive without groups.
GROUPED_KINDS = frozenset(
    {PrizeKind.LOWEST, PrizeKind.SECOND_HALF, PrizeKind.MOST_TRICKS}
)


class Contest(str, Enum):
    """What a prize's ties are about; a recorded draw belongs to one contest."""

    FINAL = "final"
    HALF_TIME = "half_time"
    HANDS_WON = "hands_won"
    MYSTERY = "mystery"
    LEAGUE = "league"
    SECOND_HALF = "second_half"
    TRICKS_7 = "tricks_7"
    TRICKS_8 = "tricks_8"
    TRICKS_9 = "tricks_9"
    TRICKS_10 = "tricks_10"
    TRICKS_11 = "tricks_11"
    TRICKS_12 = "tricks_12"
    TRICKS_13 = "tricks_13"


def tricks_contest(tricks: int) -> Contest:
    """The contest of "Most hands of N or more tricks": one for each N, so a cut
    for one N settles nothing about another."""
    return Contest(f"tricks_{tricks}")


CONTEST_OF = {
    PrizeKind.OVERALL: Contest.FINAL,
    PrizeKind.GROUP: Contest.FINAL,
    PrizeKind.BOOBY: Contest.FINAL,
    PrizeKind.HALF_TIME: Contest.HALF_TIME,
    PrizeKind.MOST_HANDS_WON: Contest.HANDS_WON,
    PrizeKind.MYSTERY: Contest.MYSTERY,
    PrizeKind.LOWEST: Contest.FINAL,
    PrizeKind.SECOND_HALF: Contest.SECOND_HALF,
}


def contest_of(spec: PrizeSpec) -> Contest | None:
    """The contest a prize's ties belong to (None: a prize nobody ties for)."""
    if spec.kind is PrizeKind.MOST_TRICKS:
        return tricks_contest(spec.place)
    return CONTEST_OF.get(spec.kind)


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def ordinal_shown(n: int) -> str:
    """`n` as an ordinal in the reader's language ("1st" in English)."""
    if 10 <= n % 100 <= 20:
        return pgettext("ordinal", "%(number)dth") % {"number": n}
    if n % 10 == 1:
        # Translators: an ordinal place, "1st", "21st"; in many languages "%(number)d."
        return pgettext("ordinal", "%(number)dst") % {"number": n}
    if n % 10 == 2:
        # Translators: an ordinal place, "2nd", "22nd"; in many languages "%(number)d."
        return pgettext("ordinal", "%(number)dnd") % {"number": n}
    if n % 10 == 3:
        # Translators: an ordinal place, "3rd", "23rd"; in many languages "%(number)d."
        return pgettext("ordinal", "%(number)drd") % {"number": n}
    # Translators: an ordinal place, "4th", "11th"; in many languages "%(number)d."
    return pgettext("ordinal", "%(number)dth") % {"number": n}


@dataclass(frozen=True)
class PrizeSpec:
    """One line of a prize list."""

    kind: PrizeKind
    place: int = 1
    group: str = ""  # "" (everyone), "A" or "B"
    name: str = ""  # the name shown; for a custom prize, its only description
    # A custom prize's winner, chosen by the organiser (an entry key).
    winner: int | None = None

    def describe(self, labels: Mapping[str, str]) -> str:
        """The line as typed (without any name shown)."""
        label = labels.get(self.group, self.group)
        if self.kind is PrizeKind.OVERALL:
            return f"{ordinal(self.place)} overall"
        if self.kind is PrizeKind.GROUP:
            return (
                f"Highest {label}"
                if self.place == 1
                else f"{ordinal(self.place)} {label}"
            )
        if self.kind is PrizeKind.HALF_TIME:
            return f"Half-time leader {label}" if self.group else "Half-time leader"
        if self.kind is PrizeKind.BOOBY:
            return "Booby"
        if self.kind is PrizeKind.MOST_HANDS_WON:
            return "Most hands won"
        if self.kind is PrizeKind.MYSTERY:
            return "Mystery score"
        if self.kind is PrizeKind.LOWEST:
            return f"Lowest {label}" if self.group else "Lowest overall"
        if self.kind is PrizeKind.SECOND_HALF:
            return f"Second half {label}" if self.group else "Second half"
        if self.kind is PrizeKind.MOST_TRICKS:
            typed = f"Most hands of {self.place} or more tricks"
            return f"{typed} {label}" if self.group else typed
        if self.kind is PrizeKind.CONSOLATION:
            return "Consolation draw"
        return "Custom"

    def shown(self, labels: Mapping[str, str]) -> str:
        """The prize as a reader sees it, in the reader's language (the typed
        words, `describe`, stay the list's English keywords: they are data)."""
        label = labels.get(self.group, self.group)
        if self.kind is PrizeKind.OVERALL:
            # Translators: a prize: "1st overall" (place is an ordinal, "1st")
            return _("%(place)s overall") % {"place": ordinal_shown(self.place)}
        if self.kind is PrizeKind.GROUP:
            if self.place == 1:
                # Translators: a prize: the best of one group, "Highest Ladies"
                return _("Highest %(group)s") % {"group": label}
            # Translators: a prize: "2nd Gents" (place is an ordinal, group a group's name)
            return _("%(place)s %(group)s") % {
                "place": ordinal_shown(self.place),
                "group": label,
            }
        if self.kind is PrizeKind.HALF_TIME:
            return (
                _("Half-time leader %(group)s") % {"group": label}
                if self.group
                else _("Half-time leader")
            )
        if self.kind is PrizeKind.BOOBY:
            return _("Booby")
        if self.kind is PrizeKind.MOST_HANDS_WON:
            return _("Most hands won")
        if self.kind is PrizeKind.MYSTERY:
            return _("Mystery score")
        if self.kind is PrizeKind.LOWEST:
            return (
                _("Lowest %(group)s") % {"group": label}
                if self.group
                else _("Lowest overall")
            )
        if self.kind is PrizeKind.SECOND_HALF:
            return (
                _("Second half %(group)s") % {"group": label}
                if self.group
                else _("Second half")
            )
        if self.kind is PrizeKind.MOST_TRICKS:
            if self.group:
                return _("Most hands of %(tricks)d or more tricks %(group)s") % {
                    "tricks": self.place,
                    "group": label,
                }
            return _("Most hands of %(tricks)d or more tricks") % {"tricks": self.place}
        if self.kind is PrizeKind.CONSOLATION:
            return _("Consolation draw")
        # Translators: a prize the organiser names and awards
        return _("Custom")

    def title(self, labels: Mapping[str, str]) -> str:
        return self.name or self.shown(labels)

    def line(self, labels: Mapping[str, str]) -> str:
        described = self.describe(labels)
        return f"{described}: {self.name}" if self.name else described

    @property
    def series(self) -> tuple[PrizeKind, str]:
        return (self.kind, self.group)


DEFAULT_PRIZES: tuple[PrizeSpec, ...] = (
    PrizeSpec(PrizeKind.OVERALL, 1),
    PrizeSpec(PrizeKind.OVERALL, 2),
    PrizeSpec(PrizeKind.OVERALL, 3),
    PrizeSpec(PrizeKind.GROUP, 1, "A"),
    PrizeSpec(PrizeKind.GROUP, 1, "B"),
    PrizeSpec(PrizeKind.HALF_TIME),
    PrizeSpec(PrizeKind.BOOBY),
)


# --- the typed list ----------------------------------------------------------------


class PrizeListError(ValueError):
    """Lines of a typed prize list that mean nothing; `problems` says which and why."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__(" ".join(problems))
        self.problems = list(problems)


_WORD_PLACES = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
_PLACE = r"(?P<place>\d{1,4})(?:st|nd|rd|th)?|(?P<word>first|second|third|fourth|fifth)|(?P<highest>highest|best|top)"
_POSITIONAL = re.compile(rf"^(?:{_PLACE})\s+(?:in\s+|of\s+(?:the\s+)?)?(?P<who>.+)$")
_HALF_TIME = re.compile(
    r"^half[\s-]?time(?:\s+(?:leader|leaders|winner|prize))?(?:\s+(?:in\s+|of\s+)?(?P<who>.+))?$"
)
_SIMPLE = {
    "booby": PrizeKind.BOOBY,
    "booby prize": PrizeKind.BOOBY,
    "lowest total": PrizeKind.BOOBY,
    "wooden spoon": PrizeKind.BOOBY,
    "most hands won": PrizeKind.MOST_HANDS_WON,
    "most hands": PrizeKind.MOST_HANDS_WON,
    "mystery": PrizeKind.MYSTERY,
    "mystery score": PrizeKind.MYSTERY,
    "mystery number": PrizeKind.MYSTERY,
}
_EVERYONE = {"overall", "everyone", "all"}
_WHO = r"(?:\s+(?:in\s+|of\s+|for\s+)?(?:the\s+)?(?P<who>.+))?"
_LOWEST = re.compile(rf"^lowest{_WHO}$")
_SECOND_HALF = re.compile(
    rf"^second[\s-]?half(?:\s+(?:leader|leaders|winner|prize))?{_WHO}$"
)
_MOST_TRICKS = re.compile(
    r"^most\s+hands\s+(?:of|with)\s+(?P<tricks>\d{1,3})(?:\s*\+|\s+or\s+more)"
    rf"\s+tricks{_WHO}$"
)
_CONSOLATION = {"consolation", "consolation draw", "consolation prize"}


def _group_of(who: str, groups: Mapping[str, str]) -> str | None:
    return groups.get(" ".join(who.casefold().split()))


def _group_names(labels: Mapping[str, str]) -> str:
    # Translators: the two groups' names, "Ladies and Gents"
    return _("%(a)s and %(b)s") % {"a": labels.get("A", "A"), "b": labels.get("B", "B")}


def _issue_19_prize(
    key: str,
    name: str,
    *,
    groups: Mapping[str, str],
    labels: Mapping[str, str],
    has_groups: bool,
) -> PrizeSpec | None:
    """Lowest, second half, most hands of N or more tricks and the consolation
    draw (None: the line is none of them)."""
    if key in _SIMPLE:  # "lowest total" is the booby
        return None
    if key in _CONSOLATION:
        return PrizeSpec(PrizeKind.CONSOLATION, name=name)
    kind, place = None, 1
    match = _LOWEST.match(key)
    if match:
        kind = PrizeKind.LOWEST
        if not match.group("who"):
            raise ValueError(
                _("say whose: “Lowest overall”, or “Lowest” and a group's name.")
            )
    else:
        match = _SECOND_HALF.match(key)
        if match:
            kind = PrizeKind.SECOND_HALF
        else:
            match = _MOST_TRICKS.match(key)
            if match:
                kind = PrizeKind.MOST_TRICKS
                place = int(match.group("tricks"))
                if not MIN_TRICKS <= place <= MAX_TRICKS:
                    raise ValueError(
                        _(
                            "“Most hands of N or more tricks” takes N from "
                            "%(low)d to %(high)d."
                        )
                        % {"low": MIN_TRICKS, "high": MAX_TRICKS}
                    )
    if kind is None:
        return None
    who = match.group("who")
    if not who or who in _EVERYONE:
        return PrizeSpec(kind, place, name=name)
    if not has_groups:
        raise ValueError(
            _(
                "this drive has no groups (an individual or pairs drive), so a "
                "prize per group makes no sense here: write it without “%(who)s”."
            )
            % {"who": who}
        )
    group = _group_of(who, groups)
    if group is None:
        raise ValueError(
            _("“%(who)s” is not a group. The groups are %(groups)s.")
            % {"who": who, "groups": _group_names(labels)}
        )
    return PrizeSpec(kind, place, group, name=name)


def parse_line(
    line: str,
    *,
    groups: Mapping[str, str],
    labels: Mapping[str, str],
    has_groups: bool = True,
    has_tricks: bool = True,
) -> PrizeSpec:
    """One line of a prize list; ValueError with a plain message when it means nothing.

    `groups` maps each accepted group name (folded to lower case) to "A" or "B";
    `labels` gives each group's name for messages. A drive's own list says
    whether the drive has groups (`has_groups`) and N-S tricks (`has_tricks`:
    not in prediction whist); a club's list, for every drive, has both.
    """
    described, _colon, name = line.partition(":")
    described = " ".join(described.split())
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise ValueError(
            _("a prize's name is at most %(max)d characters.") % {"max": MAX_NAME}
        )
    key = described.casefold()
    found = _issue_19_prize(
        key, name, groups=groups, labels=labels, has_groups=has_groups
    )
    if found is not None:
        if found.kind is PrizeKind.MOST_TRICKS and not has_tricks:
            raise ValueError(
                _(
                    "prediction whist has no sides and no N-S tricks, so "
                    "“%(line)s” cannot be awarded in this drive; “Most hands won” "
                    "counts the predictions made exactly."
                )
                % {"line": described}
            )
        return found
    if key == "custom":
        if not name:
            raise ValueError(_("a custom prize needs a name: “Custom: Raffle”."))
        return PrizeSpec(PrizeKind.CUSTOM, name=name)
    if key in _SIMPLE:
        return PrizeSpec(_SIMPLE[key], name=name)
    match = _HALF_TIME.match(key)
    if match:
        who = match.group("who")
        if not who or who in _EVERYONE:
            return PrizeSpec(PrizeKind.HALF_TIME, name=name)
        group = _group_of(who, groups)
        if group is None:
            raise ValueError(
                _("“%(who)s” is not a group. The groups are %(groups)s.")
                % {"who": who, "groups": _group_names(labels)}
            )
        return PrizeSpec(PrizeKind.HALF_TIME, group=group, name=name)
    match = _POSITIONAL.match(key)
    if match:
        if match.group("place"):
            place = int(match.group("place"))
        elif match.group("word"):
            place = _WORD_PLACES[match.group("word")]
        else:
            place = 1
        if not 1 <= place <= MAX_PLACE:
            raise ValueError(_("a place is from 1 to %(max)d.") % {"max": MAX_PLACE})
        who = match.group("who")
        if who in _EVERYONE:
            return PrizeSpec(PrizeKind.OVERALL, place, name=name)
        group = _group_of(who, groups)
        if group is None:
            raise ValueError(
                _("“%(who)s” is not a group. The groups are %(groups)s.")
                % {"who": who, "groups": _group_names(labels)}
            )
        return PrizeSpec(PrizeKind.GROUP, place, group, name=name)
    raise ValueError(
        _(
            "“%(line)s” is not a prize this page knows. For a prize of your own, "
            "write “Custom: %(line)s”."
        )
        % {"line": described}
    )


def parse_prize_list(
    text: str,
    *,
    groups: Mapping[str, str],
    labels: Mapping[str, str],
    has_groups: bool = True,
    has_tricks: bool = True,
) -> list[PrizeSpec]:
    """Every non-blank line of `text`; PrizeListError names each line that means nothing."""
    specs: list[PrizeSpec] = []
    problems: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            specs.append(
                parse_line(
                    line,
                    groups=groups,
                    labels=labels,
                    has_groups=has_groups,
                    has_tricks=has_tricks,
                )
            )
        except ValueError as error:
            # Translators: a line of the prize list and what is wrong with it
            problems.append(
                _("Line %(number)d: %(problem)s") % {"number": number, "problem": error}
            )
    if len(specs) > MAX_PRIZES:
        problems.append(
            _("A prize list has at most %(max)d prizes.") % {"max": MAX_PRIZES}
        )
    if problems:
        raise PrizeListError(problems)
    return specs


def prize_list_text(specs: Sequence[PrizeSpec], *, labels: Mapping[str, str]) -> str:
    return "\n".join(spec.line(labels) for spec in specs)


# --- who wins ----------------------------------------------------------------------


@dataclass(frozen=True)
class Competitor:
    """One entry of a drive, or one pair of a pairs drive, as the prizes see it."""

    key: int
    number: int
    name: str
    group: str
    total: int
    hand_scores: Mapping[int, int] = field(default_factory=dict)
    # Compensation of each hand sat out (count-back counts it).
    sat_out_scores: Mapping[int, int | Fraction] = field(default_factory=dict)
    won_hands: frozenset[int] = frozenset()
    # The total after the half-way hand; None before half-time.
    half_total: int | None = None
    # A pair: its entries' keys and numbers, in number order (`key` is the
    # first's); empty for one entry.
    members: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()
    # The tricks the competitor's side took in each hand played (after a
    # revoke's transfer); empty in prediction whist.
    tricks: Mapping[int, int] = field(default_factory=dict)
    # The compensation of each hand sat out after half-time, worked out over
    # the second half only (as half-time's over the first); None: the hands
    # of `sat_out_scores` after half-time.
    second_sat_out_scores: Mapping[int, int | Fraction] | None = None
    # Withdrew after half-time under a rule that leaves such players out of
    # the prizes: in the half-time prize only.
    left_early: bool = False
    # A prediction whist drive ranked by share (scoring.wist_share): the
    # average share of the table over the evening and at half-time, which the
    # places, the booby and the half-time prize go by (None: by the totals).
    share: Fraction | None = None
    half_share: Fraction | None = None
    # A cards-in drive: the hands won typed from the card (which hands is
    # not known); None: counted from `won_hands`.
    hands_won_count: int | None = None

    @property
    def hands_won(self) -> int:
        if self.hands_won_count is not None:
            return self.hands_won_count
        return len(self.won_hands)

    @property
    def keys(self) -> tuple[int, ...]:
        """The entries this competitor stands for."""
        return self.members or (self.key,)

    def second_half_sat_out(self, half_hand: int) -> dict[int, int | Fraction]:
        if self.second_sat_out_scores is not None:
            return dict(self.second_sat_out_scores)
        return {h: s for h, s in self.sat_out_scores.items() if h > half_hand}

    def second_half_total(self, half_hand: int) -> int:
        """The score over the hands after `half_hand`, with those hands sat out
        compensated (added up exactly, rounded once, halves up)."""
        played = sum(s for h, s in self.hand_scores.items() if h > half_hand)
        sat_out = sum(self.second_half_sat_out(half_hand).values(), Fraction(0))
        return played + round_half_up(sat_out)

    def hands_of_tricks(self, tricks: int) -> int:
        """The hands the competitor's side took `tricks` tricks or more."""
        return sum(1 for taken in self.tricks.values() if taken >= tricks)


def _pair_value(values: Sequence[int]) -> int:
    """The partners' figure: theirs when they agree (they always do, but for an
    adjustment given to one of them), else their mean, halves up."""
    if len(set(values)) == 1:
        return values[0]
    return round_half_up(Fraction(sum(values), len(values)))


def pairs_of(
    competitors: Sequence[Competitor],
    pair_of: Mapping[int, int],
    *,
    join: Callable[[Sequence[str]], str] = " & ".join,
) -> list[Competitor]:
    """One competitor for each pair (`pair_of`: entry key -> pair number), in
    place of its entries; an entry of no pair stays on its own.

    A pair's hands are its partners' (they played them together), its total
    theirs (`_pair_value`); it is known by its first entry's key and number,
    and by its partners' names joined by `join`.
    """
    members: dict[int, list[Competitor]] = {}
    alone: list[Competitor] = []
    for c in competitors:
        pair = pair_of.get(c.key)
        if pair is None:
            alone.append(c)
        else:
            members.setdefault(pair, []).append(c)
    found = list(alone)
    for group in members.values():
        if len(group) == 1:
            found.append(group[0])
            continue
        group = sorted(group, key=lambda c: (c.number, c.key))
        first = group[0]
        # Partners play every hand together; should a record differ, the
        # fuller one speaks for the pair.
        fullest = max(group, key=lambda c: len(c.hand_scores) + len(c.sat_out_scores))
        halves = [c.half_total for c in group if c.half_total is not None]
        found.append(
            Competitor(
                key=first.key,
                number=first.number,
                name=join([c.name for c in group]),
                group="",
                total=_pair_value([c.total for c in group]),
                hand_scores=fullest.hand_scores,
                sat_out_scores=fullest.sat_out_scores,
                won_hands=fullest.won_hands,
                hands_won_count=fullest.hands_won_count,
                half_total=_pair_value(halves) if halves else None,
                members=tuple(c.key for c in group),
                numbers=tuple(c.number for c in group),
                tricks=fullest.tricks,
                second_sat_out_scores=fullest.second_sat_out_scores,
                left_early=any(c.left_early for c in group),
            )
        )
    return sorted(found, key=lambda c: (c.number, c.key))


@dataclass(frozen=True)
class Evening:
    """Everything the prize list is decided on."""

    competitors: Sequence[Competitor]
    last_hand: int
    order: Sequence[Rule]
    half_hand: int = 0  # 0: the drive has no half-time
    half_time_reached: bool = False
    # The places, the booby and the half-time leader go by the average share
    # of the table (a prediction whist drive's setting), not the totals.
    by_share: bool = False
    mystery: int | None = None
    has_groups: bool = True
    labels: Mapping[str, str] = field(
        default_factory=lambda: {"A": "Ladies", "B": "Gents"}
    )
    # contest -> (the keys that cut -> the key that won the cut)
    draws: Mapping[Contest, Mapping[frozenset[int], int]] = field(default_factory=dict)
    one_prize_per_person: bool = False
    # How a note names the half-time ("after hand 12"; a prediction whist
    # drive's, "after game 2"); empty: by its hand.
    half_words: str = ""
    # False in prediction whist: no sides, no N-S tricks.
    has_tricks: bool = True
    # Why no prize that reads single hands (half-time, the second half, hands
    # of N tricks) can be decided: a cards-in drive's cards give only totals.
    totals_only: str = ""
    # The recorded consolation draws: the n-th "Consolation draw" of the list
    # (1 first) -> the draw.
    consolations: Mapping[int, ConsolationDrawn] = field(default_factory=dict)

    @property
    def half_note(self) -> str:
        return self.half_words or _("after hand %(hand)d") % {"hand": self.half_hand}

    @property
    def second_half_note(self) -> str:
        return _("the hands after half-time (%(half)s)") % {"half": self.half_note}


@dataclass(frozen=True)
class ConsolationDrawn:
    """A consolation draw the site made: who was in the pool (competitor keys,
    number order), the seed, when (as the page shows it) and who came out."""

    winner: int
    seed: int
    pool: tuple[int, ...]
    when: str = ""


class AwardStatus(str, Enum):
    WON = "won"
    SHARED = "shared"
    AWAITING_DRAW = "awaiting_draw"  # level: the organiser records the cut
    PENDING = "pending"  # not decided yet: half-time not reached, no mystery score...
    NONE = "none"  # nobody can win it (too few players, no such group)


def numbers_text(numbers: Sequence[int]) -> str:
    """Entry numbers as a pair is shown: "3 & 4"."""
    return " & ".join(str(n) for n in numbers)


@dataclass(frozen=True)
class Winner:
    key: int
    number: int
    name: str
    total: int  # the total the prize is read from (the half-time total at half-time)
    # A pair: both entries' keys and numbers (Competitor.members, .numbers).
    members: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()
    # The average share of the table the prize went by (Evening.by_share).
    share: Fraction | None = None

    @property
    def keys(self) -> tuple[int, ...]:
        return self.members or (self.key,)

    @property
    def numbers_text(self) -> str:
        """The entry number, or a pair's numbers: "3 & 4"."""
        return numbers_text(self.numbers or (self.number,))

    @property
    def shown_number(self) -> int | str:
        """The number as a sheet's cell: a number, or a pair's "3 & 4"."""
        return self.numbers_text if len(self.numbers) > 1 else self.number


def _winner(c: Competitor, total: int, share: Fraction | None = None) -> Winner:
    return Winner(c.key, c.number, c.name, total, c.members, c.numbers, share)


@dataclass(frozen=True)
class Award:
    position: int
    spec: PrizeSpec
    title: str
    status: AwardStatus
    winners: tuple[Winner, ...] = ()
    note: str = ""
    contest: Contest | None = None

    @property
    def decided(self) -> bool:
        return self.status in (AwardStatus.WON, AwardStatus.SHARED)

    @property
    def draw_keys(self) -> tuple[int, ...]:
        """The keys that cut for this prize, while the draw is awaited."""
        if self.status is not AwardStatus.AWAITING_DRAW:
            return ()
        return tuple(w.key for w in self.winners)


def _contender(
    c: Competitor,
    value: int | Fraction,
    *,
    up_to: int | None = None,
    after: int | None = None,
) -> Contender:
    """`c` in a contest over the hands up to `up_to` (half-time) or after
    `after` (the second half, its hands sat out compensated as the second
    half's own); otherwise over every hand."""

    if up_to is None and after is None:
        # The whole evening (most prizes): the competitor's own scores as they are.
        return Contender(
            key=c.key,
            value=value,
            hand_scores=c.hand_scores,
            sat_out_scores=c.sat_out_scores,
            hands_won=c.hands_won,
            number=c.number,
        )

    def keep(hand: int) -> bool:
        return (up_to is None or hand <= up_to) and (after is None or hand > after)

    sat_out = c.sat_out_scores if after is None else c.second_half_sat_out(after)
    return Contender(
        key=c.key,
        value=value,
        hand_scores={h: s for h, s in c.hand_scores.items() if keep(h)},
        sat_out_scores={h: s for h, s in sat_out.items() if keep(h)},
        hands_won=sum(1 for h in c.won_hands if keep(h)),
        number=c.number,
    )


def _note(placing: Placing, extra: str = "") -> str:
    parts = []
    if placing.outcome is Outcome.SHARED:
        parts.append(_("shared"))
    elif placing.outcome is Outcome.AWAITING_DRAW:
        parts.append(_("level: waiting for the draw"))
    elif placing.decided_by is not None:
        parts.append(placing.decided_by.note)
    if extra:
        parts.append(extra)
    return "; ".join(parts)


_STATUS = {
    Outcome.DECIDED: AwardStatus.WON,
    Outcome.SHARED: AwardStatus.SHARED,
    Outcome.AWAITING_DRAW: AwardStatus.AWAITING_DRAW,
}


class _PrizeGiving:
    """Walks the prize list in order, remembering who has won what."""

    def __init__(self, evening: Evening) -> None:
        self.evening = evening
        self.by_key = {c.key: c for c in evening.competitors}
        # Any entry's competitor: itself, or its pair.
        self.by_entry = {k: c for c in evening.competitors for k in c.keys}
        self.taken: set[int] = set()
        self.taken_by_series: dict[tuple[PrizeKind, str], set[int]] = {}

    def eligible(
        self, series: tuple[PrizeKind, str] | None, *, half_time: bool = False
    ) -> list[Competitor]:
        """Everyone, or with one prize per person everyone without an earlier prize
        (places of the same series still count from the same standings); but
        for the half-time prize, nobody who left early (Competitor.left_early)."""
        present = [c for c in self.evening.competitors if half_time or not c.left_early]
        if not self.evening.one_prize_per_person:
            return present
        own = self.taken_by_series.get(series, set()) if series else set()
        skipped = self.taken - own
        return [c for c in present if c.key not in skipped]

    def placed(
        self,
        contest: Contest,
        competitors: Sequence[Competitor],
        values: Mapping[int, int],
        *,
        up_to: int | None = None,
        after: int | None = None,
    ) -> list[Placing]:
        return rank(
            [
                _contender(c, values[c.key], up_to=up_to, after=after)
                for c in competitors
            ],
            order=self.evening.order,
            last_hand=up_to or self.evening.last_hand,
            draws=self.evening.draws.get(contest, {}),
        )

    def shares(
        self, field_of: Sequence[Competitor], *, half_time: bool
    ) -> dict[int, Fraction] | None:
        """The competitors' average shares the prize goes by (None: the
        drive ranks by totals). One who has played no game has no share and
        is left out, as the boards rank them last with none and the results
        e-mail places only those who played."""
        if not self.evening.by_share:
            return None
        found = {c.key: c.half_share if half_time else c.share for c in field_of}
        return {key: share for key, share in found.items() if share is not None}

    def give(
        self,
        base: Award,
        block: Sequence[Placing],
        shown: Mapping[int, int],
        extra: str = "",
        shares: Mapping[int, Fraction] | None = None,
    ) -> Award:
        winners = tuple(
            _winner(
                self.by_key[p.key],
                shown[p.key],
                shares.get(p.key) if shares is not None else None,
            )
            for p in block
        )
        keys = {w.key for w in winners}
        self.taken.update(keys)
        self.taken_by_series.setdefault(base.spec.series, set()).update(keys)
        return replace(
            base,
            status=_STATUS[block[0].outcome],
            winners=winners,
            note=_note(block[0], extra),
        )

    def award(self, position: int, spec: PrizeSpec) -> Award:
        evening = self.evening
        base = Award(
            position,
            spec,
            spec.title(evening.labels),
            AwardStatus.NONE,
            contest=contest_of(spec),
        )
        if spec.kind is PrizeKind.CUSTOM:
            return self.custom(base)
        if spec.group and not evening.has_groups:
            return replace(base, note=_("this drive has no groups"))
        if spec.kind is PrizeKind.HALF_TIME:
            return self.half_time(base)
        if spec.kind is PrizeKind.SECOND_HALF:
            return self.second_half(base)
        if spec.kind is PrizeKind.MOST_TRICKS:
            return self.most_tricks(base)
        if spec.kind is PrizeKind.MYSTERY and evening.mystery is None:
            return replace(
                base,
                status=AwardStatus.PENDING,
                note=_("the mystery score is not drawn yet"),
            )
        positional = spec.kind in (PrizeKind.OVERALL, PrizeKind.GROUP)
        field_of = [
            c
            for c in self.eligible(spec.series if positional else None)
            if not spec.group or c.group == spec.group
        ]
        shares = self.shares(field_of, half_time=False)
        if shares is not None:
            field_of = [c for c in field_of if c.key in shares]
        if not field_of:
            return replace(base, note=_("nobody to award it to"))
        totals = {c.key: c.total for c in field_of}
        ranked_by = shares if shares is not None else totals
        if positional:
            placings = self.placed(Contest.FINAL, field_of, ranked_by)
            if spec.place > len(placings):
                return replace(base, note=_("not enough players"))
            holder = placings[spec.place - 1]
            return self.give(
                base,
                [p for p in placings if p.rank == holder.rank],
                totals,
                shares=shares,
            )
        if spec.kind in (PrizeKind.BOOBY, PrizeKind.LOWEST):
            placings = self.placed(Contest.FINAL, field_of, ranked_by)
            return self.give(base, blocks_of(placings)[-1], totals, shares=shares)
        if spec.kind is PrizeKind.MOST_HANDS_WON:
            counts = {c.key: c.hands_won for c in field_of}
            best = blocks_of(self.placed(Contest.HANDS_WON, field_of, counts))[0]
            hands = counts[best[0].key]
            won = ngettext("%(hands)d hand won", "%(hands)d hands won", hands) % {
                "hands": hands
            }
            return self.give(base, best, totals, won)
        target = evening.mystery
        assert target is not None
        distance = {c.key: -abs(c.total - target) for c in field_of}
        best = blocks_of(self.placed(Contest.MYSTERY, field_of, distance))[0]
        away = -distance[best[0].key]
        extra = (
            _("exactly the mystery score %(target)d") % {"target": target}
            if away == 0
            else _("%(away)d away from the mystery score %(target)d")
            % {"away": away, "target": target}
        )
        return self.give(base, best, totals, extra)

    def custom(self, base: Award) -> Award:
        winner = base.spec.winner
        chosen = self.by_entry.get(winner) if winner is not None else None
        if chosen is None:
            return replace(
                base, status=AwardStatus.PENDING, note=_("winner not chosen yet")
            )
        self.taken.add(chosen.key)
        return replace(
            base,
            status=AwardStatus.WON,
            winners=(_winner(chosen, chosen.total),),
            note=_("chosen by the organiser"),
        )

    def half_time(self, base: Award) -> Award:
        evening, spec = self.evening, base.spec
        if evening.totals_only:
            return replace(base, note=evening.totals_only)
        if not evening.half_hand:
            return replace(base, note=_("this drive has no half-time"))
        if not evening.half_time_reached:
            return replace(base, status=AwardStatus.PENDING, note=evening.half_note)
        field_of = [
            c
            for c in self.eligible(None, half_time=True)
            if (not spec.group or c.group == spec.group) and c.half_total is not None
        ]
        shares = self.shares(field_of, half_time=True)
        if shares is not None:
            field_of = [c for c in field_of if c.key in shares]
        if not field_of:
            return replace(base, note=_("nobody to award it to"))
        half_totals = {c.key: c.half_total for c in field_of}
        placings = self.placed(
            Contest.HALF_TIME,
            field_of,
            shares if shares is not None else half_totals,
            up_to=evening.half_hand,
        )
        return self.give(
            base,
            blocks_of(placings)[0],
            half_totals,
            evening.half_note,
            shares=shares,
        )

    def second_half(self, base: Award) -> Award:
        """The best score over the hands after half-time (see Competitor.second_half_total)."""
        evening, spec = self.evening, base.spec
        if evening.totals_only:
            return replace(base, note=evening.totals_only)
        if not evening.half_hand:
            return replace(base, note=_("this drive has no half-time"))
        if not evening.half_time_reached:
            return replace(
                base, status=AwardStatus.PENDING, note=evening.second_half_note
            )
        field_of = [
            c for c in self.eligible(None) if not spec.group or c.group == spec.group
        ]
        half = evening.half_hand
        # Only who played or sat out a hand of the second half takes part.
        field_of = [
            c
            for c in field_of
            if any(h > half for h in c.hand_scores) or c.second_half_sat_out(half)
        ]
        if not field_of:
            return replace(
                base, status=AwardStatus.PENDING, note=evening.second_half_note
            )
        totals = {c.key: c.second_half_total(half) for c in field_of}
        placings = self.placed(Contest.SECOND_HALF, field_of, totals, after=half)
        return self.give(base, blocks_of(placings)[0], totals, evening.second_half_note)

    def most_tricks(self, base: Award) -> Award:
        """The most hands of N or more tricks (N: the spec's place)."""
        evening, spec = self.evening, base.spec
        if evening.totals_only:
            return replace(base, note=evening.totals_only)
        if not evening.has_tricks:
            return replace(
                base,
                note=_(
                    "prediction whist has no sides and no N-S tricks: nobody can win it"
                ),
            )
        field_of = [
            c for c in self.eligible(None) if not spec.group or c.group == spec.group
        ]
        if not field_of:
            return replace(base, note=_("nobody to award it to"))
        counts = {c.key: c.hands_of_tricks(spec.place) for c in field_of}
        contest = tricks_contest(spec.place)
        best = blocks_of(self.placed(contest, field_of, counts))[0]
        hands = counts[best[0].key]
        totals = {c.key: c.total for c in field_of}
        extra = ngettext(
            "%(hands)d hand of %(tricks)d or more tricks",
            "%(hands)d hands of %(tricks)d or more tricks",
            hands,
        ) % {"hands": hands, "tricks": spec.place}
        return self.give(base, best, totals, extra)

    def consolation(self, base: Award, nth: int) -> Award:
        """The n-th consolation draw of the list, as the site recorded it."""
        drawn = self.evening.consolations.get(nth)
        if drawn is None:
            return replace(
                base,
                status=AwardStatus.PENDING,
                note=_("not drawn yet: drawn once every other prize is decided"),
            )
        chosen = self.by_entry.get(drawn.winner)
        if chosen is None:
            return replace(base, note=_("the entry drawn no longer took part"))
        note = ngettext(
            "drawn by the site %(when)s from %(count)d entry without a prize; "
            "seed %(seed)d",
            "drawn by the site %(when)s from %(count)d entries without a prize; "
            "seed %(seed)d",
            len(drawn.pool),
        ) % {"when": drawn.when, "count": len(drawn.pool), "seed": drawn.seed}
        if chosen.key in self.taken:
            note += "; " + _(
                "has since won another prize (a correction?): the organiser may "
                "draw again"
            )
        return replace(
            base,
            status=AwardStatus.WON,
            winners=(_winner(chosen, chosen.total),),
            note=note,
        )


def award_prizes(specs: Sequence[PrizeSpec], evening: Evening) -> list[Award]:
    """Each prize of the list with its winners, in the list's order.

    The consolation draws are read last, whatever their place on the list:
    they go to someone without any other prize, and their winners take
    nobody's place in the others (one prize per person never skips them).
    """
    giving = _PrizeGiving(evening)
    awards: dict[int, Award] = {}
    consolations: list[tuple[int, PrizeSpec]] = []
    for position, spec in enumerate(specs, start=1):
        if spec.kind is PrizeKind.CONSOLATION:
            consolations.append((position, spec))
        else:
            awards[position] = giving.award(position, spec)
    for nth, (position, spec) in enumerate(consolations, start=1):
        base = Award(position, spec, spec.title(evening.labels), AwardStatus.NONE)
        awards[position] = giving.consolation(base, nth)
    return [awards[position] for position in sorted(awards)]


# --- the consolation draw ----------------------------------------------------------


def consolation_number(awards: Sequence[Award], position: int) -> int | None:
    """Which consolation draw of the list (1 first) the prize at `position` is."""
    nth = 0
    for award in awards:
        if award.spec.kind is PrizeKind.CONSOLATION:
            nth += 1
            if award.position == position:
                return nth
    return None


def consolation_blockers(awards: Sequence[Award]) -> list[Award]:
    """The other prizes still undecided (waiting for a draw, a mystery score,
    a custom winner, the end of play): the pool is not known until they are."""
    return [
        a
        for a in awards
        if a.spec.kind is not PrizeKind.CONSOLATION
        and a.status in (AwardStatus.PENDING, AwardStatus.AWAITING_DRAW)
    ]


def consolation_pool(
    awards: Sequence[Award], competitors: Sequence[Competitor], nth: int
) -> list[Competitor]:
    """Who the n-th consolation draw is between: every competitor without any
    other prize (another consolation draw's included) who did not leave early,
    in number order."""
    prized: set[int] = set()
    seen = 0
    for award in awards:
        if award.spec.kind is PrizeKind.CONSOLATION:
            seen += 1
            if seen == nth:
                continue
        if award.status in (
            AwardStatus.WON,
            AwardStatus.SHARED,
            AwardStatus.AWAITING_DRAW,
        ):
            prized.update(w.key for w in award.winners)
    return sorted(
        (c for c in competitors if c.key not in prized and not c.left_early),
        key=lambda c: (c.number, c.key),
    )


def draw_consolation(pool: Sequence[Competitor], seed: int) -> Competitor:
    """The winner of a consolation draw: random.Random(seed).choice of the pool
    in number order. Anyone with the seed and the numbers can draw it again
    and get the same entry (Python 3's Mersenne Twister, whole-number seed)."""
    if not pool:
        raise ValueError(_("Everyone has a prize: there is nobody to draw."))
    ordered = sorted(pool, key=lambda c: (c.number, c.key))
    return random.Random(seed).choice(ordered)


def open_draws(awards: Sequence[Award]) -> list[tuple[Contest, tuple[int, ...], str]]:
    """(contest, keys, prize title) of each tie waiting for the organiser's draw."""
    seen: set[tuple[Contest, frozenset[int]]] = set()
    found = []
    for a in awards:
        if a.status is AwardStatus.AWAITING_DRAW and a.contest is not None:
            marker = (a.contest, frozenset(a.draw_keys))
            if marker not in seen:
                seen.add(marker)
                found.append((a.contest, a.draw_keys, a.title))
    return found
