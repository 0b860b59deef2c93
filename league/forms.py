"""Forms of the season pages: a season's name and dates, and the league's rules."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league.models import SeasonGame
from players.forms import TypedTextForm


class SeasonForm(TypedTextForm, forms.Form):
    name = forms.CharField(
        label=pgettext_lazy("drive or season", "Name"), max_length=80
    )
    # A date box reads and writes only 2026-09-01, whatever the language: a
    # date in the language's own format would leave the box empty on editing.
    start = forms.DateField(
        label=_("Start"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    end = forms.DateField(
        label=_("End"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    game = forms.ChoiceField(
        label=_("Drives in the league"),
        choices=SeasonGame.choices,
        initial=SeasonGame.HANDS,
        help_text=_(
            "Drives scored by tricks: progressive, semi-partner, stationary, "
            "partners and individual. Rubber whist and prediction whist score "
            "on scales of their own: each makes a league of its own, in a "
            "season of its own."
        ),
    )


class LeagueSettingsForm(TypedTextForm, forms.Form):
    best_of = forms.IntegerField(
        label=_("Drives counted (best N)"),
        min_value=1,
        max_value=200,
        required=False,
        help_text=_("Leave empty to count every drive."),
    )
    min_attendance = forms.IntegerField(
        label=_("Drives needed to qualify"),
        min_value=0,
        max_value=200,
        initial=0,
    )
