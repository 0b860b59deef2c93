"""Forms of the season pages: a season's name and dates, and the league's rules."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from players.forms import TypedTextForm


class SeasonForm(TypedTextForm, forms.Form):
    name = forms.CharField(
        label=pgettext_lazy("drive or season", "Name"), max_length=80
    )
    start = forms.DateField(
        label=_("Start"), widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(
        label=_("End"), widget=forms.DateInput(attrs={"type": "date"})
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
