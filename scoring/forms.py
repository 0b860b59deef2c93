from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from drive.models import Drive, Entry
from players.forms import TypedTextForm
from scoring.rules import HONOURS_CHOICES, REVOKE_CHOICES


class CorrectionForm(TypedTextForm, forms.Form):
    """One table's hand: the N-S tricks, the honours (when the hand has them)
    and any revoke. The service checks the honours against the drive and hand."""

    ns_tricks = forms.IntegerField(label=_("N-S tricks"), min_value=0, max_value=13)
    honours = forms.ChoiceField(
        label=_("Honours"),
        choices=HONOURS_CHOICES,
        required=False,
        help_text=_("The side that held three or four of the trump A, K, Q, J."),
    )
    revoke = forms.ChoiceField(
        label=_("Revoke"),
        choices=REVOKE_CHOICES,
        required=False,
        help_text=_(
            "Rare. A revoke by both sides voids the hand: nobody scores (redeal)."
        ),
    )
    seen_version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, *args, honours_asked: bool, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not honours_asked:
            # Not offered (a No-trumps hand, a drive that does not count them);
            # a value sent anyway still reaches the service, which refuses it
            # with its words, shown above the form.
            self.fields["honours"] = forms.CharField(
                required=False, widget=forms.HiddenInput
            )


class AdjustmentForm(TypedTextForm, forms.Form):
    entry = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Player"))
    points = forms.IntegerField(
        min_value=-1000, max_value=1000, label=_("Points (+ or -)")
    )
    reason = forms.CharField(max_length=200, label=_("Reason"))

    def __init__(self, *args, drive: Drive, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = drive.entries.select_related("player")
        self.fields["entry"].label_from_instance = lambda e: (
            f"{e.number} {e.player.name}"
        )
