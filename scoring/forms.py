from __future__ import annotations

from django import forms

from drive.models import Drive, Entry
from players.forms import TypedTextForm


class CorrectionForm(TypedTextForm, forms.Form):
    ns_tricks = forms.IntegerField(label="N-S tricks", min_value=0, max_value=13)
    seen_version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)


class AdjustmentForm(TypedTextForm, forms.Form):
    entry = forms.ModelChoiceField(queryset=Entry.objects.none(), label="Player")
    points = forms.IntegerField(
        min_value=-1000, max_value=1000, label="Points (+ or -)"
    )
    reason = forms.CharField(max_length=200)

    def __init__(self, *args, drive: Drive, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = drive.entries.select_related("player")
        self.fields["entry"].label_from_instance = lambda e: (
            f"{e.number} {e.player.name}"
        )
