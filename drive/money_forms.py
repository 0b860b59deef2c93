"""The forms of a drive's money page: the fee, a payment, another line.

Amounts are typed as text and read by players.money.parse_amount ("2.50",
"2,50"; never "abc", a negative amount or a third decimal).
"""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from drive.models import MoneyKind, PaymentMethod
from players.forms import TypedTextForm
from players.money import CURRENCY_CHOICES, parse_amount


class AmountField(forms.CharField):
    """An amount of money typed by a person: an exact Decimal, or words saying what is wrong."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("max_length", 20)
        kwargs.setdefault(
            "widget", forms.TextInput(attrs={"inputmode": "decimal", "size": 8})
        )
        super().__init__(**kwargs)

    def clean(self, value: object) -> Decimal | None:
        text = super().clean(value)
        if not text:
            return None
        try:
            return parse_amount(text)
        except ValidationError as error:
            raise forms.ValidationError(error.messages) from None


class FeeForm(TypedTextForm, forms.Form):
    fee = AmountField(label=_("Entry fee"))
    currency = forms.ChoiceField(label=_("Club currency"), choices=CURRENCY_CHOICES)


class PaymentForm(TypedTextForm, forms.Form):
    method = forms.ChoiceField(
        label=_("Paid by"),
        choices=[(m.value, m.label) for m in PaymentMethod if m.value],
    )
    amount = AmountField(label=_("Amount (blank: the fee)"), required=False)
    note = forms.CharField(label=_("Note"), max_length=200, required=False)


class RefundForm(TypedTextForm, forms.Form):
    note = forms.CharField(label=_("Note"), max_length=200, required=False)


class MoneyLineForm(TypedTextForm, forms.Form):
    kind = forms.ChoiceField(label=_("Kind"), choices=MoneyKind.choices)
    amount = AmountField(label=_("Amount"))
    note = forms.CharField(
        label=_("What for"),
        max_length=200,
        help_text=_("Raffle, teas, hall hire, prizes bought…"),
    )
