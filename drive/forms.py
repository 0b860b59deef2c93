from __future__ import annotations

from django import forms

from drive.models import Drive
from drive.setup import SETUP_FIELDS
from drive.trumps import TRUMP_LABELS, format_sequence, parse_sequence
from players.forms import TypedTextForm
from players.models import Player


class DriveForm(TypedTextForm, forms.ModelForm):
    trump_sequence = forms.CharField(
        label="Trump sequence",
        max_length=100,
        help_text="Repeats through the evening. Default: Hearts, Diamonds, Spades, Clubs, No trumps.",
    )

    class Meta:
        model = Drive
        fields = list(SETUP_FIELDS)
        labels = {
            "hands": "Number of hands",
            "hands_per_round": "Hands per round (between moves)",
            "format": "Movement",
            "winners_move": "Winners move (the losers stay)",
            "scoring_rule": "Scoring",
            "group_a_label": "Group A (sits North and East)",
            "group_b_label": "Group B (sits South and West)",
            "sit_out_compensation": "Sit-out compensation",
            "sit_out_fixed_score": "Fixed score per hand sat out",
            "three_handed": "Three left over play with a dummy hand",
            "advance_automatically": "Start the next round as soon as every table is in",
            "opponent_confirms": "An opponent confirms each result on the captain's phone",
        }
        widgets = {
            # <input type="date"> only understands ISO dates, whatever the locale.
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # A new drive shows the model's default sequence, as an edited one shows its own.
        sequence = self.initial.get("trump_sequence") or self.instance.trump_sequence
        if sequence:
            try:
                words = [TRUMP_LABELS[t] for t in parse_sequence(sequence)]
            except ValueError:
                words = [sequence]
            self.initial["trump_sequence"] = ", ".join(words)

    def clean_trump_sequence(self) -> str:
        try:
            return format_sequence(parse_sequence(self.cleaned_data["trump_sequence"]))
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from exc

    def clean(self) -> dict:
        data = super().clean()
        hands, per_round = data.get("hands"), data.get("hands_per_round")
        if hands is not None and not 1 <= hands <= 200:
            # Said here, or the model's check constraint shows its bare name.
            self.add_error("hands", "A drive has from 1 to 200 hands.")
        elif hands and per_round and hands % per_round:
            self.add_error(
                "hands",
                f"{hands} hands cannot be split into rounds of {per_round}: "
                f"choose a multiple of {per_round}.",
            )
        return data


class RegisterForm(TypedTextForm, forms.Form):
    """At the door: pick from the roster, or type a new name and press Enter."""

    player = forms.ModelChoiceField(queryset=Player.objects.none(), required=False)
    name = forms.CharField(
        max_length=120,
        required=False,
        label="Name",
        widget=forms.TextInput(attrs={"autocomplete": "off", "list": "roster-names"}),
    )
    partner_name = forms.CharField(
        max_length=120,
        required=False,
        label="Partner's name",
        widget=forms.TextInput(attrs={"autocomplete": "off", "list": "roster-names"}),
    )
    group = forms.ChoiceField(choices=[], required=False)
    paid = forms.BooleanField(required=False)
    checked_in = forms.BooleanField(required=False, initial=True, label="Here now")

    def __init__(self, *args, drive: Drive, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.pairs = drive.plays_in_pairs
        self.fields["player"].queryset = Player.objects.filter(club_id=drive.club_id)
        self.fields["group"].choices = [
            ("", "Automatic"),
            ("A", drive.group_a_label),
            ("B", drive.group_b_label),
        ]

    def clean(self) -> dict:
        data = super().clean()
        if not data.get("player") and not (data.get("name") or "").strip():
            raise forms.ValidationError("Pick a player from the roster or type a name.")
        if self.pairs and not (data.get("partner_name") or "").strip():
            self.add_error(
                "partner_name",
                "A partners drive registers pairs: type the partner's name.",
            )
        return data
