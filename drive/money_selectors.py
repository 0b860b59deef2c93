"""Reads of a drive's money: who owes what, what came in, and the night's net.

One fee is due per entry, or per pair in a partners drive (a *payer*), except
from those let in free and those refunded. Exact decimals throughout.

- expected: the fee times the payers it is due from;
- fees received: what the entries paid, less what was refunded;
- outstanding: what each payer still owes of the fee (never below nothing);
- other income and costs: the evening's other lines (raffle, teas, hall hire);
- total received: fees received and other income;
- net: total received less costs.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext as _

from drive.models import Drive, Entry, MoneyKind, MoneyLine, PaymentMethod
from players import dates
from players.money import CENT, ZERO, money_text
from players.pair_names import joined_pair


@dataclass(frozen=True)
class Payer:
    """The entries one fee covers: one entry, or a pair."""

    entries: tuple[Entry, ...]
    fee: Decimal  # due: the drive's fee, nothing when free or refunded
    paid: Decimal  # received, after any refund
    refunded: Decimal
    method: str  # PaymentMethod value, "" when not paid
    note: str
    late: bool
    # Has had a round (so the fee stays): not a late arrival still to join one.
    has_played: bool = False

    @property
    def first(self) -> Entry:
        return self.entries[0]

    @property
    def numbers(self) -> str:
        return joined_pair(e.number for e in self.entries)

    @property
    def names(self) -> str:
        return joined_pair([e.player.name for e in self.entries])

    @property
    def outstanding(self) -> Decimal:
        return max(self.fee - self.paid, ZERO)

    @property
    def method_label(self) -> str:
        if not self.method:
            return str(_("Paid")) if self.first.paid else ""
        return str(PaymentMethod(self.method).label)

    @property
    def remarks(self) -> str:
        """The note, with what the row's figures alone do not say."""
        words = []
        if self.refunded:
            words.append(
                _("refunded %(when)s") % {"when": _when(self.first.refunded_at)}
            )
        if self.late:
            words.append(_("paid late"))
        if self.note:
            words.append(self.note)
        return "; ".join(words)

    @property
    def withdrawn(self) -> bool:
        return any(e.withdrawn_from_round for e in self.entries)


def _when(moment) -> str:
    """ "3 Dec 07:39", "3 дек. 08:39": in the language and the club's time zone."""
    if not moment:
        return ""
    return f"{dates.day_month(moment)} {dates.clock_time(moment)}"


@dataclass(frozen=True)
class Takings:
    drive: Drive
    currency: str
    fee: Decimal
    payers: list[Payer]
    lines: list[MoneyLine] = field(default_factory=list)

    @property
    def expected(self) -> Decimal:
        return sum((p.fee for p in self.payers), ZERO)

    @property
    def fees_received(self) -> Decimal:
        return sum((p.paid for p in self.payers), ZERO)

    @property
    def refunded(self) -> Decimal:
        return sum((p.refunded for p in self.payers), ZERO)

    @property
    def outstanding(self) -> Decimal:
        return sum((p.outstanding for p in self.payers), ZERO)

    @property
    def other_income(self) -> Decimal:
        return sum(
            (line.amount for line in self.lines if line.kind == MoneyKind.INCOME), ZERO
        )

    @property
    def costs(self) -> Decimal:
        return sum(
            (line.amount for line in self.lines if line.kind == MoneyKind.COST), ZERO
        )

    @property
    def total_received(self) -> Decimal:
        return self.fees_received + self.other_income

    @property
    def net(self) -> Decimal:
        return self.total_received - self.costs

    @property
    def has_money(self) -> bool:
        """Anything to account for: a fee, money paid or refunded, a line, or
        a note written against a payment (kept on the workbook's Money sheet).

        A drive without a fee whose players were only marked paid (at the
        door, or free) took no money: its workbook has no Money sheet of
        noughts paid in cash, and its season counts it as a drive without
        money (drives_takings)."""
        return bool(
            self.fee
            or self.lines
            or any(p.paid or p.refunded or p.note for p in self.payers)
        )

    def text(self, amount: Decimal) -> str:
        return money_text(amount, self.currency)

    def totals(self) -> list[tuple[str, str, Decimal]]:
        """(key, words, amount) for each total, in the order they are shown."""
        return [
            ("expected", _("Entry fees expected"), self.expected),
            ("fees_received", _("Entry fees received"), self.fees_received),
            ("outstanding", _("Outstanding"), self.outstanding),
            ("other_income", _("Other income"), self.other_income),
            ("total_received", _("Total received"), self.total_received),
            ("costs", _("Costs"), self.costs),
            ("net", _("Net for the night"), self.net),
        ]


def _payer(drive: Drive, fee_due: Decimal, entries: list[Entry]) -> Payer:
    first = entries[0]
    method = first.pay_method
    refunded = sum((e.refunded_amount for e in entries), ZERO)
    paid = sum((e.paid_amount for e in entries), ZERO) - refunded
    fee = ZERO if method == PaymentMethod.FREE or refunded else fee_due
    late = bool(drive.started_at and first.paid_at and first.paid_at > drive.started_at)
    return Payer(
        entries=tuple(entries),
        fee=fee,
        paid=paid,
        refunded=refunded,
        method=method,
        note=first.payment_note,
        late=late,
        has_played=any(
            e.joined_round is not None and e.joined_round <= drive.current_round
            for e in entries
        ),
    )


def drive_takings(*, drive: Drive) -> Takings:
    """The drive's money: one payer per fee, in entry order, and the other lines.

    The fee and currency are read as stored, whatever the `drive` object holds.
    """
    fee, currency = (
        Drive.objects.filter(pk=drive.pk)
        .values_list("entry_fee", "club__currency")
        .get()
    )
    entries = list(
        Entry.objects.filter(drive=drive).select_related("player").order_by("number")
    )
    groups: dict[object, list[Entry]] = defaultdict(list)
    for entry in entries:
        key = (
            ("pair", entry.pair)
            if drive.plays_in_pairs and entry.pair is not None
            else ("entry", entry.pk)
        )
        groups[key].append(entry)
    payers = [
        _payer(drive, fee, sorted(group, key=lambda e: (e.group, e.number)))
        for group in groups.values()
    ]
    payers.sort(key=lambda p: min(e.number for e in p.entries))
    return Takings(
        drive=drive,
        currency=currency,
        fee=fee,
        payers=payers,
        lines=list(MoneyLine.objects.filter(drive=drive).order_by("kind", "id")),
    )


@dataclass(frozen=True)
class DriveTakings:
    """One drive's money in a list of drives (the season's takings)."""

    drive: Drive
    fees_received: Decimal
    other_income: Decimal
    costs: Decimal
    # Takings.has_money's rule: a fee, money paid or refunded, or a line.
    has_money: bool

    @property
    def total_received(self) -> Decimal:
        return self.fees_received + self.other_income

    @property
    def net(self) -> Decimal:
        return self.total_received - self.costs


def _exact(value: object) -> Decimal:
    """A sum as the database gave it, as an exact amount (via its text, never a float's)."""
    return Decimal(str(value or 0)).quantize(CENT)


def drives_takings(*, drives: list[Drive]) -> list[DriveTakings]:
    """Each drive's fees received, other income and costs, and whether it has
    money to account for, in the drives' order (two queries, whatever the
    number of drives). The fee is the one the `drives` objects hold."""
    from django.db.models import Count, F, Q, Sum

    ids = [d.pk for d in drives]
    fees: dict[int, object] = {}
    paying: dict[int, int] = {}
    for drive_id, received, payments in (
        Entry.objects.filter(drive_id__in=ids)
        .values("drive_id")
        .annotate(
            n=Sum(F("paid_amount") - F("refunded_amount")),
            payments=Count(
                "pk",
                filter=Q(paid_amount__gt=0) | Q(refunded_amount__gt=0),
            ),
        )
        .values_list("drive_id", "n", "payments")
    ):
        fees[drive_id], paying[drive_id] = received, payments
    lines: dict[tuple[int, str], Decimal] = {
        (row["drive_id"], row["kind"]): _exact(row["n"])
        for row in MoneyLine.objects.filter(drive_id__in=ids)
        .values("drive_id", "kind")
        .annotate(n=Sum("amount"))
    }
    return [
        DriveTakings(
            drive=d,
            fees_received=_exact(fees.get(d.pk)),
            other_income=lines.get((d.pk, MoneyKind.INCOME), ZERO),
            costs=lines.get((d.pk, MoneyKind.COST), ZERO),
            has_money=bool(
                d.entry_fee
                or paying.get(d.pk)
                or (d.pk, MoneyKind.INCOME) in lines
                or (d.pk, MoneyKind.COST) in lines
            ),
        )
        for d in drives
    ]
