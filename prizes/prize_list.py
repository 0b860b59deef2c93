"""The prize list: the prizes a drive gives, and the list as the organiser types it.

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
  site once every other prize is decided (prizes.consolation).

Each prize's ties belong to one *contest* (`contest_of`): the final standings
(overall, group, booby, lowest), half-time, the second half, hands won, the
mystery score, or the hands of N or more tricks (one contest for each N).

The list is typed one prize a line, in the page's language or in English
(prizes.prize_words holds each language's words): "1st overall", "Highest
Gents", "Half-time leader Ladies", "Booby", "Most hands won", "Mystery score",
"Custom: Raffle", "Lowest Ladies", "Lowest overall", "Second half",
"Second half Gents", "Most hands of 8 or more tricks", "Most hands of 9 or more
tricks Ladies", "Consolation draw" ("1. miejsce ogółem", "2-е место в группе
«Кавалеры»", "Locul 1 general", "1° assoluto"); a line may end with ": the
name shown" ("1st overall: Hamper"). Each prize written in a language
(`PrizeSpec.written`) reads again as the same prize; the rows of selects are
posted as English lines (`PrizeSpec.line`), which every page reads. In a
drive without groups (individual and pairs formats) a new prize "per group"
is refused with words (has_groups=False).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from prizes.prize_words import (
    ENGLISH,
    WHO_PARTS,
    WHOLE_PARTS,
    PrizeWords,
    Reader,
    fold,
    number_of,
    plain,
    reader,
    words_of,
)

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
        """The line as typed in English, which every page reads (without any
        name shown): prizes.prize_words.ENGLISH is where its words live."""
        return self._written_in(ENGLISH, labels)

    def written(self, labels: Mapping[str, str]) -> str:
        """The line in the page's language, as the organiser may type it
        (prizes.prize_words; without any name shown), which reads again as
        the same prize (tests/prizes/test_prize_words.py reads every kind
        back in every language)."""
        return self._written_in(words_of(get_language()), labels)

    def _written_in(self, words: PrizeWords, labels: Mapping[str, str]) -> str:
        label = labels.get(self.group, self.group)
        key = _WRITTEN.get(self.kind, "custom")
        if self.kind is PrizeKind.GROUP:
            key = "best" if self.place == 1 else "group_place"
        elif self.group and self.kind in _BY_GROUP:
            key += "_group"
        form = words.written[key]
        return form.format(n=self.place, nth=ordinal(self.place), group=label)

    def shown(self, labels: Mapping[str, str], *, hands_won: str = "") -> str:
        """The prize as a reader sees it, in the reader's language (the typed
        words, `describe`, stay the list's English keywords: they are data).
        `hands_won`: what the drive's format calls the most hands won
        (drive.format_words: prediction whist counts predictions made exactly)."""
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
            return hands_won or _("Most hands won")
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

    def title(self, labels: Mapping[str, str], *, hands_won: str = "") -> str:
        return self.name or self.shown(labels, hands_won=hands_won)

    def line(self, labels: Mapping[str, str]) -> str:
        """The line in English, which every page reads (the rows of selects
        are posted as these lines)."""
        described = self.describe(labels)
        return f"{described}: {self.name}" if self.name else described

    @property
    def series(self) -> tuple[PrizeKind, str]:
        return (self.kind, self.group)


# Each kind's line in a table of prizes.prize_words, and the kinds written
# with "_group" after it when they are one group's.
_WRITTEN = {
    PrizeKind.OVERALL: "overall",
    PrizeKind.HALF_TIME: "half_time",
    PrizeKind.BOOBY: "booby",
    PrizeKind.MOST_HANDS_WON: "most_hands_won",
    PrizeKind.MYSTERY: "mystery",
    PrizeKind.LOWEST: "lowest",
    PrizeKind.SECOND_HALF: "second_half",
    PrizeKind.MOST_TRICKS: "most_tricks",
    PrizeKind.CONSOLATION: "consolation",
}
_BY_GROUP = {
    PrizeKind.HALF_TIME,
    PrizeKind.LOWEST,
    PrizeKind.SECOND_HALF,
    PrizeKind.MOST_TRICKS,
}


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


def _group_names(labels: Mapping[str, str]) -> str:
    # Translators: the two groups' names, "Ladies and Gents"
    return _("%(a)s and %(b)s") % {"a": labels.get("A", "A"), "b": labels.get("B", "B")}


def _written(key: str, *, n: int | str = 1, group: str = "") -> str:
    """A line of the page's language's table (prizes.prize_words)."""
    form = words_of(get_language()).written[key]
    return form.format(n=n, nth=ordinal(n) if isinstance(n, int) else n, group=group)


def _not_a_group(who: str, labels: Mapping[str, str]) -> ValueError:
    return ValueError(
        _("“%(who)s” is not a group. The groups are %(groups)s.")
        % {"who": who, "groups": _group_names(labels)}
    )


@dataclass(frozen=True)
class _Line:
    """A line being read: as typed (spaces made one) and folded (fold)."""

    typed: str
    key: str
    groups: Mapping[str, str]  # folded group name -> "A"/"B"
    labels: Mapping[str, str]
    has_groups: bool
    name: str

    def whose(self, who: str | None, reader: Reader) -> str | None:
        """The group `who` names ("": everyone); ValueError with words when
        it names none."""
        if not who:
            return ""
        tried = [who] + [
            who[len(lead) + 1 :]
            for lead in reader.before_group
            if who.startswith(lead + " ")
        ]
        for words in tried:
            if words in reader.everyone:
                return ""
        shown = " ".join(self.typed.split()[-len(who.split()) :]).casefold()
        if not self.has_groups:
            raise ValueError(
                _(
                    "this drive has no groups (an individual or pairs drive), so a "
                    "prize per group makes no sense here: write it without “%(who)s”."
                )
                % {"who": shown}
            )
        for words in tried:
            if words in self.groups:
                return self.groups[words]
        raise _not_a_group(shown, self.labels)


def _read(line: _Line, reader: Reader) -> PrizeSpec | None:
    """The prize `line` says in `reader`'s words (None: none; ValueError with
    words: one, typed wrong)."""
    key, name = line.key, line.name
    if key in reader.whole["custom"]:
        if not name:
            raise ValueError(
                _("a custom prize needs a name: “%(example)s”.")
                % {
                    "example": "{}: {}".format(
                        _written("custom"),
                        # Translators: an example of a custom prize's name
                        pgettext("an example of a custom prize", "Raffle"),
                    )
                }
            )
        return PrizeSpec(PrizeKind.CUSTOM, name=name)
    for part in WHOLE_PARTS:
        if key in reader.whole[part]:
            return PrizeSpec(_WHOLE_KINDS[part], name=name)
    for part in WHO_PARTS:
        match = reader.with_who[part].match(key)
        if match:
            return _with_who(line, reader, part, match)
    return None


_WHOLE_KINDS = {
    "booby": PrizeKind.BOOBY,
    "most_hands_won": PrizeKind.MOST_HANDS_WON,
    "mystery": PrizeKind.MYSTERY,
    "consolation": PrizeKind.CONSOLATION,
}
_WHO_KINDS = {
    "half_time": PrizeKind.HALF_TIME,
    "lowest": PrizeKind.LOWEST,
    "second_half": PrizeKind.SECOND_HALF,
    "most_tricks": PrizeKind.MOST_TRICKS,
}


def _with_who(line: _Line, reader: Reader, part: str, match: re.Match) -> PrizeSpec:
    who = match.group("who")
    number = number_of(match)
    if part == "lowest" and not who:
        raise ValueError(
            _("say whose: “%(overall)s”, or “%(lowest)s” and a group's name.")
            % {"overall": _written("lowest"), "lowest": _written("lowest_alone")}
        )
    if part == "most_tricks" and not MIN_TRICKS <= (number or 0) <= MAX_TRICKS:
        raise ValueError(
            _("“%(prize)s” takes N from %(low)d to %(high)d.")
            % {
                "prize": _written("most_tricks", n="N"),
                "low": MIN_TRICKS,
                "high": MAX_TRICKS,
            }
        )
    place = 1
    if part == "place":
        head = line.key[: match.start("who")].strip() if who else line.key
        place = number if number is not None else reader.place_of(head)
        if place is None:
            raise ValueError(
                _(
                    "“%(line)s” is not a prize this page knows. For a prize of "
                    "your own, write “%(custom)s: %(line)s”."
                )
                % {"line": line.typed, "custom": _written("custom")}
            )
        if not 1 <= place <= MAX_PLACE:
            raise ValueError(_("a place is from 1 to %(max)d.") % {"max": MAX_PLACE})
    elif part == "most_tricks":
        place = number or MIN_TRICKS
    group = line.whose(who, reader)
    if part in ("place", "best"):
        kind = PrizeKind.GROUP if group else PrizeKind.OVERALL
    else:
        kind = _WHO_KINDS[part]
    return PrizeSpec(kind, place, group, name=line.name)


def parse_line(
    line: str,
    *,
    groups: Mapping[str, str],
    labels: Mapping[str, str],
    has_groups: bool = True,
    has_tricks: bool = True,
) -> PrizeSpec:
    """One line of a prize list; ValueError with a plain message when it means nothing.

    The line is read in the page's language (prizes.prize_words) and in
    English, which every page reads. `groups` maps each accepted group name
    (folded to lower case) to "A" or "B"; `labels` gives each group's name
    for messages. A drive's own list says whether the drive has groups
    (`has_groups`) and N-S tricks (`has_tricks`: not in prediction whist); a
    club's list, for every drive, has both.
    """
    described, _colon, name = line.partition(":")
    described = plain(described)
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise ValueError(
            _("a prize's name is at most %(max)d characters.") % {"max": MAX_NAME}
        )
    read = _Line(
        typed=described,
        key=fold(described),
        groups={fold(plain(k)): v for k, v in groups.items()},
        labels=labels,
        has_groups=has_groups,
        name=name,
    )
    language = get_language() or "en"
    problem: ValueError | None = None
    found = None
    for tongue in dict.fromkeys((language, "en")):
        try:
            found = _read(read, reader(tongue))
        except ValueError as error:
            # The page's language's words come first; English may still read it.
            problem = problem or error
            continue
        if found is not None:
            break
    if found is None:
        raise problem or ValueError(
            _(
                "“%(line)s” is not a prize this page knows. For a prize of your own, "
                "write “%(custom)s: %(line)s”."
            )
            % {"line": described, "custom": _written("custom")}
        )
    if found.kind is PrizeKind.MOST_TRICKS and not has_tricks:
        raise ValueError(
            _(
                "prediction whist has no sides and no N-S tricks, so "
                "“%(line)s” cannot be awarded in this drive; “%(prize)s” "
                "counts the predictions made exactly."
            )
            % {"line": described, "prize": _written("most_hands_won")}
        )
    return found


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


def givable(spec: PrizeSpec, *, has_groups: bool, has_tricks: bool) -> bool:
    """Whether a drive can ever give `spec`: not a group's prize where the
    format has no groups, nor the most hands of N tricks where its game has no
    sides (prediction whist). prizes.engine.cannot_give says why, on the list
    a drive copied from its club; the drive's own list does not offer them."""
    if spec.kind is PrizeKind.CUSTOM:
        return True
    if spec.group and not has_groups:
        return False
    return has_tricks or spec.kind is not PrizeKind.MOST_TRICKS
