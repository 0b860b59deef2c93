"""Forms of the season pages: a season's name and dates, and the league's rules."""

from __future__ import annotations

from django import forms

from players.forms import TypedTextForm


class SeasonForm(TypedTextForm, forms.Form):
    name = forms.CharField(max_length=80)
    start = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))


class LeagueSettingsForm(TypedTextForm, forms.Form):
    best_of = forms.IntegerField(
        label="Drives counted (best N)",
        min_value=1,
        max_value=200,
        required=False,
        help_text="Leave empty to count every drive.",
    )
    min_attendance = forms.IntegerField(
        label="Drives needed to qualify",
        min_value=0,
        max_value=200,
        initial=0,
    )
