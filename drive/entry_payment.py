"""An entry's payment as its fields hold it: the one rule of where a fee goes.

Registration (drive.services, paid at the door) and the money services
(drive.money_services) both fill a payment in; neither saves here, so each
writes the entries and their record in its own transaction.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils import timezone

from drive.models import Entry, PaymentMethod
from players.money import ZERO


def fill_payment(
    entries: list[Entry], *, amount: Decimal, method: str, note: str = ""
) -> None:
    """Set a payment on the entries one fee covers (not saved): the amount on
    the first, the method on each; free pays nothing."""
    now = timezone.now()
    for index, entry in enumerate(entries):
        entry.paid = True
        entry.pay_method = method
        entry.paid_amount = (
            amount if index == 0 and method != PaymentMethod.FREE else ZERO
        )
        entry.paid_at = now
        entry.refunded_amount = ZERO
        entry.refunded_at = None
        entry.payment_note = note
