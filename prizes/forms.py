"""Forms for prizes, tie-breaks and draws: they parse what was typed; the
services (prizes.services) decide whether it makes sense."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from players.forms import TypedTextForm
from players.typed_text import typed_text
from prizes.prize_list import (
    MAX_NAME,
    MAX_PRIZES,
    MAX_TRICKS,
    MIN_TRICKS,
    PrizeKind,
    PrizeSpec,
    givable,
)
from scoring.tiebreaks import RULE_LABELS, Rule

RULE_CHOICES = [("", _("(none)"))] + [(rule.value, RULE_LABELS[rule]) for rule in Rule]
TIE_BREAK_STEPS = len(Rule)


class PrizeListForm(TypedTextForm, forms.Form):
    # The list as typed lines: the pages post rows of selects, written as these
    # lines (PrizeRows.text) before the form reads them; a post without rows
    # (a script) is read as typed. No page shows a box to type it in, so the
    # field has no help: the rows' own help (_prize_rows.html) is what is read.
    prizes = forms.CharField(
        label=_("Prizes"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
        max_length=5000,
    )


class ClubPrizesForm(PrizeListForm):
    one_prize_per_person = forms.BooleanField(
        required=False,
        label=_("One prize per person"),
        help_text=_(
            "A winner of a prize higher on the list is skipped for the lower ones."
        ),
    )
    left_early_out_of_prizes = forms.BooleanField(
        required=False,
        label=_("Players who leave early win no prize"),
        help_text=_(
            "A player withdrawn during the evening keeps a place on the boards, "
            "marked, but the prizes go to those who stayed; a half-time prize "
            "won before they left stands. Each drive keeps the rule it started with."
        ),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for step in range(1, TIE_BREAK_STEPS + 1):
            self.fields[f"tie_break_{step}"] = forms.ChoiceField(
                label=gettext("Tie-break %(step)d") % {"step": step},
                choices=RULE_CHOICES,
                required=False,
            )

    @property
    def tie_break_fields(self) -> list:
        return [self[f"tie_break_{step}"] for step in range(1, TIE_BREAK_STEPS + 1)]

    def tie_breaks(self) -> list[str]:
        return [
            self.cleaned_data[f"tie_break_{step}"]
            for step in range(1, TIE_BREAK_STEPS + 1)
        ]


class MysteryForm(TypedTextForm, forms.Form):
    # Text, so that the service gives its own plain message for anything else.
    value = forms.CharField(label=_("Mystery score"), max_length=12, required=False)


class DrawForm(TypedTextForm, forms.Form):
    contest = forms.CharField(max_length=12)
    members = forms.CharField(max_length=2000)
    winner = forms.IntegerField(
        label=_("Won the cut"), min_value=1, max_value=2**31 - 1
    )


class CustomWinnerForm(TypedTextForm, forms.Form):
    position = forms.IntegerField(min_value=1, max_value=1000)
    entry = forms.IntegerField(
        label=_("Winner's number"), min_value=1, max_value=32767, required=False
    )


class ConsolationForm(TypedTextForm, forms.Form):
    position = forms.IntegerField(min_value=1, max_value=1000)
    redraw = forms.BooleanField(required=False, label=_("Draw again"))


# --- the prize list chosen from rows -----------------------------------------------

# Each row of the list: which prize, whose (everyone or a group), a number
# (the place, or the N of "N or more tricks") and the name shown. The rows
# are written as the typed list's lines (PrizeSpec.line), one a row, an empty
# row an empty line, so the engine reads them as it reads a typed list and
# its "Line 3: ..." is the third row.
PRIZE_ROWS = 12
# Each choice is the prize's short name, whole in a 360 px phone's closed
# select in every language (tests/e2e/test_prize_kinds_phone.py): who can win
# it is the row's "For", and the list's help says what the number and the
# name are ("Place: 1st, 2nd… overall or in a group" lost its end).
ROW_KINDS: list[tuple[str, object]] = [
    ("", _("(none)")),
    ("place", pgettext_lazy("prize row choice", "Place")),
    (PrizeKind.HALF_TIME.value, pgettext_lazy("prize row choice", "Half-time leader")),
    (PrizeKind.SECOND_HALF.value, pgettext_lazy("prize row choice", "Second half")),
    (PrizeKind.BOOBY.value, pgettext_lazy("prize row choice", "Booby")),
    (PrizeKind.LOWEST.value, pgettext_lazy("prize row choice", "Lowest")),
    (
        PrizeKind.MOST_HANDS_WON.value,
        pgettext_lazy("prize row choice", "Most hands won"),
    ),
    (
        PrizeKind.MOST_TRICKS.value,
        pgettext_lazy("prize row choice", "Hands of N+ tricks"),
    ),
    (PrizeKind.MYSTERY.value, pgettext_lazy("prize row choice", "Mystery score")),
    (
        PrizeKind.CONSOLATION.value,
        pgettext_lazy("prize row choice", "Consolation draw"),
    ),
    (PrizeKind.CUSTOM.value, pgettext_lazy("prize row choice", "Custom")),
]
# The kinds that may be for one group; the others are for everyone.
GROUP_KINDS = {"place", "half_time", "second_half", "lowest", "most_tricks"}


@dataclass
class PrizeRow:
    kind: str = ""
    group: str = ""
    number: str = ""
    name: str = ""

    @classmethod
    def of(cls, spec: PrizeSpec) -> PrizeRow:
        placed = spec.kind in (PrizeKind.OVERALL, PrizeKind.GROUP)
        numbered = placed or spec.kind is PrizeKind.MOST_TRICKS
        return cls(
            kind="place" if placed else spec.kind.value,
            group=spec.group,
            number=str(spec.place) if numbered else "",
            name=spec.name,
        )

    def line(self, row: int, labels: Mapping[str, str]) -> str:
        """The typed line of this row ("" for an empty row); ValueError with
        words when the row cannot be one."""
        if not self.kind:
            if self.name or self.number:
                raise ValueError(
                    gettext("Line %(row)d: choose which prize it is.") % {"row": row}
                )
            return ""
        if self.kind not in dict(ROW_KINDS):
            raise ValueError(
                gettext("Line %(row)d: choose a prize from the list.") % {"row": row}
            )
        if self.group not in ("", "A", "B"):
            raise ValueError(
                gettext("Line %(row)d: choose a group from the list.") % {"row": row}
            )
        if self.group and self.kind not in GROUP_KINDS:
            raise ValueError(
                gettext(
                    "Line %(row)d: “%(prize)s” is for everyone: choose no group "
                    "(“Lowest” is the lowest of one group)."
                )
                % {"row": row, "prize": dict(ROW_KINDS)[self.kind]}
            )
        place = 1
        if self.kind in ("place", PrizeKind.MOST_TRICKS.value):
            if not self.number and self.kind == "place":
                place = 1
            elif not self.number.isdigit() or len(self.number) > 4:
                raise ValueError(
                    gettext(
                        "Line %(row)d: the number is a place (1, 2, 3…) or, for "
                        "the most hands of N or more tricks, N from %(low)d to "
                        "%(high)d."
                    )
                    % {"row": row, "low": MIN_TRICKS, "high": MAX_TRICKS}
                )
            else:
                place = int(self.number)
        if self.kind == "place":
            kind = PrizeKind.GROUP if self.group else PrizeKind.OVERALL
        else:
            kind = PrizeKind(self.kind)
        # The name may not start a line of its own, nor hide a colon's meaning.
        name = " ".join(self.name.split())
        spec = PrizeSpec(kind, place, self.group, name=name)
        if kind is PrizeKind.CUSTOM:
            return f"Custom: {name}" if name else "Custom"
        return spec.line(labels)


class PrizeRows:
    """The prize list as rows of selects, shown and posted (prize_rows,
    prize_<i>_kind, prize_<i>_group, prize_<i>_number, prize_<i>_name).

    A drive's rows offer only what its game can give (`has_groups`: its
    format has groups; `has_tricks`: its game has sides and N-S tricks, as
    prizes.games says): a list copied from the club shows without the prizes
    the drive cannot give, and the kinds without the most hands of N tricks
    where nobody can win it. `hands_won`: what the drive's format calls the
    prize for the most hands won (drive.format_words)."""

    def __init__(
        self,
        rows: list[PrizeRow],
        *,
        labels: Mapping[str, str],
        has_groups: bool = True,
        has_tricks: bool = True,
        hands_won: object = None,
    ) -> None:
        self.labels = labels
        self.has_groups = has_groups
        self.has_tricks = has_tricks
        self.hands_won = hands_won
        shown = min(max(PRIZE_ROWS, len(rows) + 4), MAX_PRIZES)
        self.rows = (rows + [PrizeRow() for _ in range(shown)])[: max(shown, len(rows))]

    @classmethod
    def of_specs(
        cls,
        specs,
        *,
        labels: Mapping[str, str],
        has_groups: bool = True,
        has_tricks: bool = True,
        hands_won: object = None,
    ) -> PrizeRows:
        return cls(
            [
                PrizeRow.of(spec)
                for spec in specs
                if givable(spec, has_groups=has_groups, has_tricks=has_tricks)
            ],
            labels=labels,
            has_groups=has_groups,
            has_tricks=has_tricks,
            hands_won=hands_won,
        )

    @staticmethod
    def posted(data) -> bool:
        return "prize_rows" in data

    @classmethod
    def of_post(
        cls,
        data,
        *,
        labels: Mapping[str, str],
        has_groups: bool = True,
        has_tricks: bool = True,
        hands_won: object = None,
    ) -> PrizeRows:
        try:
            count = int(data.get("prize_rows", PRIZE_ROWS))
        except (TypeError, ValueError):
            count = PRIZE_ROWS
        count = max(1, min(count, MAX_PRIZES))

        def value(i: int, part: str, limit: int) -> str:
            return typed_text(str(data.get(f"prize_{i}_{part}", "")))[:limit].strip()

        rows = [
            PrizeRow(
                kind=value(i, "kind", 20),
                group=value(i, "group", 2),
                number=value(i, "number", 12),
                name=value(i, "name", MAX_NAME + 1),
            )
            for i in range(count)
        ]
        return cls(
            rows,
            labels=labels,
            has_groups=has_groups,
            has_tricks=has_tricks,
            hands_won=hands_won,
        )

    def text(self) -> tuple[str, list[str]]:
        """The typed list of the rows, and the rows' own problems."""
        lines, problems = [], []
        for number, row in enumerate(self.rows, start=1):
            try:
                lines.append(row.line(number, self.labels))
            except ValueError as error:
                problems.append(str(error))
                lines.append("")
        return "\n".join(lines).rstrip("\n"), problems

    @property
    def kinds(self) -> list[tuple[str, object]]:
        """The kinds of prize the drive can give (a club's list: all)."""
        kinds = []
        for value, label in ROW_KINDS:
            if value == PrizeKind.MOST_TRICKS.value and not self.has_tricks:
                continue
            if value == PrizeKind.MOST_HANDS_WON.value and self.hands_won:
                label = self.hands_won
            kinds.append((value, label))
        return kinds

    @property
    def groups(self) -> list[tuple[str, str]]:
        return [
            ("", gettext("Everyone")),
            ("A", self.labels.get("A", "A")),
            ("B", self.labels.get("B", "B")),
        ]

    def __iter__(self):
        return iter(enumerate(self.rows))

    def __len__(self) -> int:
        return len(self.rows)
