from __future__ import annotations

from django import forms

from players.models import Player, PreferredGroup


class SetupForm(forms.Form):
    club_name = forms.CharField(label="Club name", max_length=120)
    username = forms.CharField(label="Your user name", max_length=150)
    email = forms.EmailField(label="Email (optional)", required=False)
    password = forms.CharField(
        label="Password", widget=forms.PasswordInput, strip=False
    )
    password_again = forms.CharField(
        label="Password again", widget=forms.PasswordInput, strip=False
    )

    def clean(self) -> dict:
        data = super().clean()
        if data.get("password") and data.get("password") != data.get("password_again"):
            self.add_error("password_again", "The two passwords differ.")
        return data


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name", "email", "phone", "group"]
        labels = {"group": "Usual group"}


class MemberForm(forms.Form):
    username = forms.CharField(label="User name", max_length=150)
    password = forms.CharField(
        label="Password", widget=forms.PasswordInput, strip=False
    )
    role = forms.ChoiceField(
        choices=[("assistant", "Assistant"), ("organiser", "Organiser")],
        initial="assistant",
    )


GROUP_CHOICES = PreferredGroup.choices


class RosterUploadForm(forms.Form):
    file = forms.FileField(
        label="Spreadsheet of players (CSV or XLSX)",
        help_text="The first row names the columns: Name (required), Email, Phone, Group.",
    )
