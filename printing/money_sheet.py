"""The workbook's `Money` sheet: each entry's fee and payment, the evening's
other income and costs, and the totals.

Columns: Entry, Name, Fee, Paid, Method, Note. One row per payer (an entry,
or a pair "3 & 4" in a partners drive), then a blank row, then one row per
other line (Entry blank, Name "Other income" or "Cost", the amount under
Paid, the note), then a blank row and the totals: `Entry fees expected`
(under Fee), `Entry fees received`, `Outstanding`, `Other income`, `Total
received` (fees received and other income), `Costs` and `Net` (under Paid),
each named in the Entry column. Money cells are numbers (exact decimals as
written) in the club's currency format. Written only for a drive with money
to account for (a fee, money paid or refunded, or a line:
drive.money_selectors.Takings.has_money), so the workbook of a drive without
keeps the sheets it always had; a drive without an entry fee whose players
were only marked paid took no money, and has no sheet of noughts.
"""

from __future__ import annotations

from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy
from openpyxl import Workbook

from drive.models import Drive, MoneyKind
from drive.money_selectors import Takings, drive_takings
from players.money import number_format
from printing.sheets import add_sheet

MONEY_HEADERS = [
    # Translators: the column of entry numbers (the players' numbers for the night).
    pgettext_lazy("entry number column", "Entry"),
    gettext_lazy("Name"),
    gettext_lazy("Fee"),
    gettext_lazy("Paid"),
    gettext_lazy("Method"),
    gettext_lazy("Note"),
]
MONEY_WIDTHS = [10, 30, 11, 11, 12, 40]
# The totals' names in the Entry column, in the workbook's language (English
# unless asked: the workbook the checks read says "Total received").
TOTALS = [
    ("expected", gettext_lazy("Entry fees expected")),
    ("fees_received", gettext_lazy("Entry fees received")),
    ("outstanding", gettext_lazy("Outstanding")),
    ("other_income", gettext_lazy("Other income")),
    ("total_received", gettext_lazy("Total received")),
    ("costs", gettext_lazy("Costs")),
    ("net", gettext_lazy("Net")),
]
METHOD_NAMES = {
    "cash": gettext_lazy("Cash"),
    "card": gettext_lazy("Card"),
    "free": pgettext_lazy("payment method", "Free"),
}
KIND_NAMES = {
    MoneyKind.INCOME: gettext_lazy("Other income"),
    MoneyKind.COST: gettext_lazy("Cost"),
}


def money_rows(takings: Takings) -> list[list[Any]]:
    """The sheet's rows after the headings: Decimal for money, None for blank."""
    rows: list[list[Any]] = []
    for p in takings.payers:
        paid = p.paid if (p.method or p.first.paid or p.refunded) else None
        method = str(METHOD_NAMES.get(p.method, _("Paid") if p.first.paid else ""))
        notes = []
        if p.refunded:
            amount = formats.number_format(p.refunded, decimal_pos=2, use_l10n=True)
            notes.append(_("Refunded %(amount)s") % {"amount": amount})
        if p.late:
            notes.append(_("Paid late"))
        if p.note:
            notes.append(p.note)
        # A number a spreadsheet sorts as one; a pair's "3 & 4" stays text.
        number = p.first.number if len(p.entries) == 1 else p.numbers
        rows.append([number, p.names, p.fee, paid, method, "; ".join(notes)])
    if takings.lines:
        rows.append([])
        for line in takings.lines:
            rows.append(
                ["", str(KIND_NAMES[line.kind]), None, line.amount, "", line.note]
            )
    rows.append([])
    values = {key: amount for key, _words, amount in takings.totals()}
    for key, name in TOTALS:
        fee, paid = (values[key], None) if key == "expected" else (None, values[key])
        rows.append([str(name), "", fee, paid, "", ""])
    return rows


def add_money_sheet(workbook: Workbook, *, drive: Drive) -> bool:
    """Write the `Money` sheet if the drive has money to account for; whether it did."""
    takings = drive_takings(drive=drive)
    if not takings.has_money:
        return False
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Money"),
        MONEY_HEADERS,
        MONEY_WIDTHS,
        money_rows(takings),
        money_format=number_format(takings.currency),
        name_columns=2,  # Entry, Name
    )
    return True
