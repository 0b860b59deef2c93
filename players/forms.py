from __future__ import annotations

from typing import Any

from django import forms
from django.urls import reverse_lazy
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from players.group_names import club_group_labels
from players.imports import file_words
from players.language import LANGUAGE_CHOICES
from players.models import Club, Player, PreferredGroup
from players.money import CURRENCY_CHOICES, currency_for_language
from players.time_zones import time_zone_choices, time_zone_for_language
from players.typed_text import typed_text


class TypedTextForm:
    """A form whose text fields hold only what a person may type (players.typed_text).

    Every form of the site has it, so a field added later is covered too. The
    posted text is cleaned before the fields' own checks run: a name of nothing
    but control characters is then missing, the length checked is the length
    stored, and a form shown again shows what would be stored. Passwords are
    left as typed: they are never shown or written anywhere.
    """

    def full_clean(self) -> None:
        if self.is_bound:
            self.data = self._typed_data()
        super().full_clean()

    def _typed_data(self) -> dict[str, Any]:
        data = self.data.copy()
        for name, field in self.fields.items():
            if not isinstance(field, forms.CharField) or isinstance(
                field.widget, forms.PasswordInput
            ):
                continue
            key = self.add_prefix(name)
            lines = isinstance(field.widget, forms.Textarea)
            if hasattr(data, "setlist"):  # a QueryDict, as posted
                data.setlist(
                    key,
                    [
                        typed_text(value, lines=lines)
                        if isinstance(value, str)
                        else value
                        for value in data.getlist(key)
                    ],
                )
            elif isinstance(data.get(key), str):
                data[key] = typed_text(data[key], lines=lines)
        return data


class SetupForm(TypedTextForm, forms.Form):
    club_name = forms.CharField(label=gettext_lazy("Club name"), max_length=120)
    username = forms.CharField(label=gettext_lazy("Your user name"), max_length=150)
    email = forms.EmailField(label=gettext_lazy("Email (optional)"), required=False)
    password = forms.CharField(
        label=gettext_lazy("Password"), widget=forms.PasswordInput, strip=False
    )
    password_again = forms.CharField(
        label=gettext_lazy("Password again"), widget=forms.PasswordInput, strip=False
    )
    # Left out (a form of before the club had a language): the page's language.
    # Choosing one offers its time zone and currency (htmx asks the page again
    # for them: ?language=; without JavaScript they are chosen by hand).
    language = forms.ChoiceField(
        label=gettext_lazy("Club language"),
        choices=LANGUAGE_CHOICES,
        required=False,
        widget=forms.Select(
            attrs={
                "hx-get": reverse_lazy("players:setup"),
                "hx-trigger": "change",
                "hx-select-oob": "#id_time_zone,#id_currency",
                "hx-swap": "none",
            }
        ),
        help_text=gettext_lazy(
            "The language of the club's pages, the captains' phones and the "
            "public boards. Anyone can still choose their own at the foot of "
            "each page."
        ),
    )

    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"),
        choices=time_zone_choices,
        required=False,
        help_text=gettext_lazy(
            "The clock of every time shown on the club's pages, cards and e-mails."
        ),
    )
    currency = forms.ChoiceField(
        label=gettext_lazy("Currency"),
        choices=CURRENCY_CHOICES,
        required=False,
        help_text=gettext_lazy("Of the entry fees and takings; it can change later."),
    )

    @staticmethod
    def initial_for(language: str | None) -> dict[str, str]:
        """What the form offers to a visitor reading `language`."""
        return {
            "language": language or "",
            "time_zone": time_zone_for_language(language),
            "currency": currency_for_language(language),
        }

    def clean(self) -> dict:
        data = super().clean()
        if data.get("password") and data.get("password") != data.get("password_again"):
            self.add_error("password_again", gettext("The two passwords differ."))
        return data


class PlayerForm(TypedTextForm, forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name", "email", "email_consent", "phone", "group"]
        labels = {
            "name": gettext_lazy("Name"),
            "email": gettext_lazy("Email"),
            "phone": gettext_lazy("Phone"),
            "group": gettext_lazy("Usual group"),
        }
        help_texts = {
            "email_consent": gettext_lazy(
                "The player agreed to be sent their results by e-mail."
            )
        }

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A usual group is kept as A or B and offered by the club's names for
        # it, as the roster shows it (Panie and Panowie, or the club's own).
        labels = club_group_labels(club=club)
        self.fields["group"].choices = [
            (PreferredGroup.NONE.value, PreferredGroup.NONE.label),
            (PreferredGroup.A.value, labels["A"]),
            (PreferredGroup.B.value, labels["B"]),
        ]


class MemberForm(TypedTextForm, forms.Form):
    username = forms.CharField(label=gettext_lazy("User name"), max_length=150)
    # Left empty for someone with an account of this site already (another
    # club's): players.services.member_add.
    password = forms.CharField(
        label=gettext_lazy("Password"),
        widget=forms.PasswordInput,
        strip=False,
        required=False,
        help_text=gettext_lazy(
            "For a new account. Someone who already has an account on this site "
            "(for another club) keeps theirs: leave it empty."
        ),
    )
    role = forms.ChoiceField(
        label=gettext_lazy("Role"),
        choices=[
            ("assistant", gettext_lazy("Assistant")),
            ("organiser", gettext_lazy("Organiser")),
        ],
        initial="assistant",
    )


class ClubLanguageForm(TypedTextForm, forms.Form):
    language = forms.ChoiceField(
        label=gettext_lazy("Club language"),
        choices=LANGUAGE_CHOICES,
        help_text=SetupForm.base_fields["language"].help_text,
    )
    # Left out (a form of before the club had a time zone): unchanged.
    time_zone = forms.ChoiceField(
        label=SetupForm.base_fields["time_zone"].label,
        choices=SetupForm.base_fields["time_zone"].choices,
        required=False,
        help_text=SetupForm.base_fields["time_zone"].help_text,
    )


GROUP_CHOICES = PreferredGroup.choices


def _roster_upload_help() -> str:
    """The columns the import reads, named in the page's language (and English)."""
    text = gettext(
        # Translators: %(name)s, %(email)s... are the columns' titles in the
        # page's language with the English beside them ("Telefon / Phone");
        # %(yes)s and %(no)s the page language's words for yes and no.
        "The first row names the columns: %(name)s (required), %(email)s, "
        "%(phone)s, %(group)s, %(consent)s (%(yes)s or %(no)s: results by e-mail)."
    )
    return text % file_words()


class RosterUploadForm(TypedTextForm, forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Spreadsheet of players (CSV or XLSX)"),
        help_text=lazy(_roster_upload_help, str)(),
    )
