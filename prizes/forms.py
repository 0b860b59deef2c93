"""Forms for prizes, tie-breaks and draws: they parse what was typed; the
services (prizes.services) decide whether it makes sense."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from players.forms import TypedTextForm
from scoring.tiebreaks import RULE_LABELS, Rule

RULE_CHOICES = [("", "(none)")] + [(rule.value, RULE_LABELS[rule]) for rule in Rule]
TIE_BREAK_STEPS = len(Rule)

PRIZE_LIST_HELP = (
    "One prize a line, most important first: “1st overall”, “2nd overall”, "
    "“Highest Ladies”, “2nd Gents”, “Half-time leader”, “Half-time leader Gents”, "
    "“Booby”, “Most hands won”, “Mystery score”, “Custom: Raffle”. "
    "Add “: a name” to show a name, as in “1st overall: Christmas hamper”."
)
PRIZE_LIST_MORE_HELP = _(
    "Also: “Lowest overall”, “Lowest Ladies”, “Second half”, “Second half Gents”, "
    "“Most hands of 8 or more tricks” (7 to 13; a group's name after it for one "
    "group) and “Consolation draw” (someone without a prize, drawn by the site)."
)


class PrizeListForm(TypedTextForm, forms.Form):
    prizes = forms.CharField(
        label="Prizes",
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
        help_text=format_lazy("{} {}", PRIZE_LIST_HELP, PRIZE_LIST_MORE_HELP),
        max_length=5000,
    )


class ClubPrizesForm(PrizeListForm):
    one_prize_per_person = forms.BooleanField(
        required=False,
        label="One prize per person",
        help_text="A winner of a prize higher on the list is skipped for the lower ones.",
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for step in range(1, TIE_BREAK_STEPS + 1):
            self.fields[f"tie_break_{step}"] = forms.ChoiceField(
                label=f"Tie-break {step}",
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
    value = forms.CharField(label="Mystery score", max_length=12, required=False)


class DrawForm(TypedTextForm, forms.Form):
    contest = forms.CharField(max_length=12)
    members = forms.CharField(max_length=2000)
    winner = forms.IntegerField(label="Won the cut", min_value=1, max_value=2**31 - 1)


class CustomWinnerForm(TypedTextForm, forms.Form):
    position = forms.IntegerField(min_value=1, max_value=1000)
    entry = forms.IntegerField(
        label="Winner's number", min_value=1, max_value=32767, required=False
    )


class ConsolationForm(TypedTextForm, forms.Form):
    position = forms.IntegerField(min_value=1, max_value=1000)
    redraw = forms.BooleanField(required=False, label=_("Draw again"))
