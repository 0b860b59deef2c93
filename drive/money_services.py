"""Writes to a drive's money: the entry fee, each entry's payment, refunds, and
the evening's other income and costs.

Each service is one transaction and leaves its record in the record of
changes (players.audit): who and when. Amounts come in as typed text or
Decimal and go through players.money.parse_amount, so a service refuses
"abc", a negative amount or a third decimal with words (ValidationError, a
400), before anything is written.

In a partners drive (Drive.plays_in_pairs) the fee is per pair: a payment,
its undoing and a refund are the pair's, the amount on its A entry and the
method on both.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from drive import audit_values
from drive.entry_payment import fill_payment
from drive.models import Drive, DriveState, Entry, MoneyKind, MoneyLine, PaymentMethod
from drive.services import lock_drive, replan_fixed
from players import audit
from players.models import Club
from players.money import CURRENCIES, ZERO, parse_amount

PAYING_METHODS = (PaymentMethod.CASH, PaymentMethod.CARD, PaymentMethod.FREE)
NOTE_LENGTH = 200


def _note(note: str, field: str = "note") -> str:
    note = " ".join((note or "").split())
    if len(note) > NOTE_LENGTH:
        raise ValidationError(
            {field: _("A note can be at most %(n)d characters.") % {"n": NOTE_LENGTH}}
        )
    return note


def _method(method: str) -> str:
    if method not in PAYING_METHODS:
        raise ValidationError(
            {"method": _("Choose how it was paid: cash, card or free.")}
        )
    return str(method)


def pair_entries(drive: Drive, entry: Entry) -> list[Entry]:
    """The entries one fee covers: the entry, or in a partners drive its pair
    (A first, who carries the pair's amount)."""
    if not drive.plays_in_pairs or entry.pair is None:
        return [entry]
    return list(
        Entry.objects.select_related("player")
        .filter(drive=drive, pair=entry.pair)
        .order_by("group", "number")
    )


MONEY_FIELDS = [
    "paid",
    "pay_method",
    "paid_amount",
    "paid_at",
    "refunded_amount",
    "refunded_at",
    "payment_note",
]


@transaction.atomic
def fee_set(*, drive: Drive, fee: Any, currency: str | None = None) -> Drive:
    """The drive's entry fee (per player, or per pair) and, if given, the club's currency."""
    amount = parse_amount(fee, field="fee")
    drive = lock_drive(drive)
    club = Club.objects.select_for_update().get(pk=drive.club_id)
    if currency is not None and currency not in CURRENCIES:
        raise ValidationError({"currency": _("Choose one of the currencies listed.")})
    old = {"fee": f"{drive.entry_fee:.2f}", "currency": club.currency}
    drive.entry_fee = amount
    drive.save(update_fields=["entry_fee"])
    if currency is not None and currency != club.currency:
        club.currency = currency
        club.save(update_fields=["currency"])
    new = {"fee": f"{amount:.2f}", "currency": club.currency}
    if new != old:
        audit.record(
            club_id=drive.club_id,
            drive_id=drive.pk,
            kind=audit.Kind.DRIVE_FEE,
            subject=f"drive {drive.pk} {drive.name}",
            refs={"drive": drive.pk},
            old=old,
            new=new,
        )
    return drive


def _save_with_record(drive: Drive, entries: list[Entry], kind: str, olds) -> None:
    for entry, old in zip(entries, olds, strict=True):
        entry.save(update_fields=[*MONEY_FIELDS, "checked_in", "joined_round"])
        audit_values.record_entry(drive=drive, kind=kind, entry=entry, old=old)


@transaction.atomic
def entry_pay(
    *,
    entry: Entry,
    method: str = PaymentMethod.CASH,
    amount: Any = None,
    note: str = "",
) -> Entry:
    """Record what an entry paid and how (the drive's fee unless `amount` says
    otherwise; nothing when let in free). A payment after the start is a late
    payment: the record says when."""
    method = _method(method)
    paid = None if amount in (None, "") else parse_amount(amount, field="amount")
    note = _note(note)
    drive = lock_drive(entry.drive)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    covered = pair_entries(drive, entry)
    # Refunded entries may pay again (they came after all); the refund stays
    # in the record of changes.
    if any(e.paid for e in covered):
        raise ValidationError(
            _("%(name)s has paid already; undo the payment first to change it.")
            % {"name": entry.player.name},
            code="conflict",
        )
    if paid is None:
        paid = drive.entry_fee
    if method == PaymentMethod.FREE:
        paid = ZERO
    olds = [audit_values.entry_values(e) for e in covered]
    fill_payment(covered, amount=paid, method=method, note=note)
    _save_with_record(drive, covered, audit.Kind.ENTRY_PAID, olds)
    return next(e for e in covered if e.pk == entry.pk)


@transaction.atomic
def entry_set_paid(*, entry: Entry, paid: bool) -> Entry:
    """Mark paid (the drive's fee, in cash) or undo the payment; nothing to do
    when it already is so (entry_pay and entry_unpay record how and how much)."""
    entry = Entry.objects.get(pk=entry.pk)
    if paid == entry.paid:
        return entry
    if paid:
        return entry_pay(entry=entry, method=PaymentMethod.CASH)
    return entry_unpay(entry=entry)


@transaction.atomic
def entry_unpay(*, entry: Entry) -> Entry:
    """Undo a payment recorded by mistake (not a refund: nothing was given back)."""
    drive = lock_drive(entry.drive)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    covered = pair_entries(drive, entry)
    if any(e.refunded_amount for e in covered):
        raise ValidationError(
            _("%(name)s's fee was refunded; that stays on the record.")
            % {"name": entry.player.name},
            code="conflict",
        )
    olds = [audit_values.entry_values(e) for e in covered]
    for e in covered:
        e.paid = False
        e.pay_method = ""
        e.paid_amount = ZERO
        e.paid_at = None
        e.payment_note = ""
    _save_with_record(drive, covered, audit.Kind.ENTRY_PAID, olds)
    return next(e for e in covered if e.pk == entry.pk)


@transaction.atomic
def entry_refund(*, entry: Entry, note: str = "") -> Entry:
    """An entry withdraws before playing a hand: its fee is given back and it
    is checked out, in one step (with its partner, in a partners drive).

    Once an entry has had a round (a seat, or a sit-out) it has played, so its
    fee stays. A late arrival checked in during play is only due to join the
    next round (Entry.joined_round): they may still leave with their money.
    """
    note = _note(note)
    drive = lock_drive(entry.drive)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    covered = pair_entries(drive, entry)
    if drive.state == DriveState.FINISHED or any(
        e.joined_round is not None and e.joined_round <= drive.current_round
        for e in covered
    ):
        raise ValidationError(
            _(
                "%(name)s has played already, so the fee is not refunded; "
                "withdraw them from the players' page instead."
            )
            % {"name": entry.player.name},
            code="conflict",
        )
    received = sum((e.paid_amount - e.refunded_amount for e in covered), ZERO)
    if received <= 0:
        raise ValidationError(
            _("%(name)s has paid nothing that could be refunded.")
            % {"name": entry.player.name},
            code="conflict",
        )
    olds = [audit_values.entry_values(e) for e in covered]
    now = timezone.now()
    for e in covered:
        e.refunded_amount = e.paid_amount
        e.refunded_at = now
        e.paid = False
        if not e.paid_amount:
            # A pair's B entry: the pair's money was on its A entry.
            e.pay_method = ""
            e.refunded_at = None
        e.checked_in = False
        # Due to join a round not yet played: no longer.
        e.joined_round = None
        if note:
            e.payment_note = note
    _save_with_record(drive, covered, audit.Kind.ENTRY_REFUND, olds)
    replan_fixed(drive=drive)  # a fixed format had them in its rounds to come
    return next(e for e in covered if e.pk == entry.pk)


def _line_values(line: MoneyLine) -> dict[str, str]:
    return {"kind": line.kind, "amount": f"{line.amount:.2f}", "note": line.note}


@transaction.atomic
def money_line_add(*, drive: Drive, kind: str, amount: Any, note: str) -> MoneyLine:
    """Other income (raffle, teas) or a cost (hall hire, prizes bought) of the evening."""
    if kind not in MoneyKind.values:
        raise ValidationError({"kind": _("Choose income or cost.")})
    value = parse_amount(amount, field="amount")
    note = _note(note)
    if not note:
        raise ValidationError({"note": _("Say what it is: raffle, teas, hall hire…")})
    drive = lock_drive(drive)
    line = MoneyLine.objects.create(
        drive=drive, kind=kind, amount=value, note=note, created_by=audit.who()
    )
    audit.record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=audit.Kind.MONEY_ADD,
        subject=f"{line.get_kind_display()}: {note}",
        refs={"money_line": line.pk},
        new=_line_values(line),
    )
    return line


@transaction.atomic
def money_line_remove(*, line: MoneyLine) -> None:
    drive = lock_drive(line.drive)
    found = MoneyLine.objects.filter(pk=line.pk, drive=drive).first()
    if found is None:
        # Two laptops removed it at once: the other got there first.
        raise ValidationError(_("This line has already been removed."), code="conflict")
    line = found
    audit.record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=audit.Kind.MONEY_REMOVE,
        subject=f"{line.get_kind_display()}: {line.note}",
        refs={"money_line": line.pk},
        old=_line_values(line),
    )
    line.delete()
