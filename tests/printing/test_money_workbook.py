"""The workbook's `Money` sheet (issue 19) and `demo --fee AMOUNT`: money typed
on the page comes back from the workbook, read with openpyxl, to the penny,
as numbers in the club's currency format."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.core.management import CommandError
from openpyxl import load_workbook

from drive import money_services
from drive.models import Drive, Entry
from drive.money_selectors import drive_takings
from printing import exports
from printing.money_sheet import MONEY_HEADERS
from tests.factories import drive_with_players
from tests.printing.fixtures import run

pytestmark = pytest.mark.django_db


def workbook_of(drive: Drive):
    buffer = io.BytesIO()
    exports.write_workbook(drive=drive, output=buffer)
    buffer.seek(0)
    return load_workbook(buffer)


def exact(value) -> Decimal:
    """A number read back from the sheet, as the exact amount it shows."""
    return Decimal(str(value)).quantize(Decimal("0.01"))


def by_label(sheet) -> dict[str, tuple]:
    return {row[0].value: row for row in sheet.iter_rows(min_row=2) if row[0].value}


def test_money_typed_on_the_page_comes_back_from_the_workbook(club, organiser_client):
    drive = drive_with_players(players=8, start=False, club=club)
    url = f"/drives/{drive.pk}/money/"
    assert (
        organiser_client.post(
            url + "fee/", {"fee": "2,35", "currency": "GBP"}
        ).status_code
        == 302
    )
    entries = {e.number: e for e in Entry.objects.filter(drive=drive)}
    for number, method, amount in (
        (1, "cash", ""),
        (2, "card", "3.10"),
        (3, "free", ""),
        (4, "cash", "0.05"),
    ):
        response = organiser_client.post(
            url + f"entries/{entries[number].pk}/",
            {"action": "pay", "method": method, "amount": amount, "note": ""},
        )
        assert response.status_code == 302
    for kind, amount, note in (
        ("income", "10.10", "Raffle"),
        ("income", "0,20", "Teas"),
        ("cost", "12.00", "Hall hire"),
    ):
        response = organiser_client.post(
            url + "lines/", {"kind": kind, "amount": amount, "note": note}
        )
        assert response.status_code == 302
    book = workbook_of(drive)
    assert book.sheetnames[-1] == "Money"
    sheet = book["Money"]
    assert [c.value for c in sheet[1]] == MONEY_HEADERS
    assert all(c.font.bold for c in sheet[1])
    assert sheet.freeze_panes == "C2"  # the headers, Entry and Name stay in sight
    rows = {row[0].value: row for row in sheet.iter_rows(min_row=2, max_row=9)}
    # Entry numbers are numbers, which a spreadsheet sorts as such.
    assert all(isinstance(number, int) for number in rows), list(rows)
    assert [c.value for c in rows[1][2:5]] and exact(rows[1][3].value) == Decimal(
        "2.35"
    )
    assert rows[1][4].value == "Cash"
    assert exact(rows[2][3].value) == Decimal("3.10") and rows[2][4].value == "Card"
    assert exact(rows[3][2].value) == 0 and rows[3][4].value == "Free"
    assert exact(rows[4][3].value) == Decimal("0.05")
    assert rows[5][3].value is None and exact(rows[5][2].value) == Decimal("2.35")
    lines = [
        (row[1].value, exact(row[3].value), row[5].value)
        for row in sheet.iter_rows(min_row=10)
        if row[1].value in ("Other income", "Cost")
    ]
    assert lines == [
        ("Cost", Decimal("12.00"), "Hall hire"),
        ("Other income", Decimal("10.10"), "Raffle"),
        ("Other income", Decimal("0.20"), "Teas"),
    ]
    totals = by_label(sheet)
    fees = Decimal("2.35") + Decimal("3.10") + Decimal("0.05")
    assert exact(totals["Entry fees expected"][2].value) == 7 * Decimal("2.35")
    assert exact(totals["Entry fees received"][3].value) == fees
    assert exact(totals["Outstanding"][3].value) == Decimal("2.30") + 4 * Decimal(
        "2.35"
    )
    assert exact(totals["Other income"][3].value) == Decimal("10.30")
    assert exact(totals["Total received"][3].value) == fees + Decimal("10.30")
    assert exact(totals["Costs"][3].value) == Decimal("12.00")
    assert exact(totals["Net"][3].value) == fees + Decimal("10.30") - Decimal("12")
    # The same figures as the page's, and numbers in the currency's format.
    takings = drive_takings(drive=drive)
    assert exact(totals["Net"][3].value) == takings.net
    money_cell = totals["Total received"][3]
    assert isinstance(money_cell.value, (int, float))
    assert "£" in money_cell.number_format and "0.00" in money_cell.number_format


def test_a_drive_without_money_keeps_its_sheets(club):
    drive = drive_with_players(players=8, start=False, club=club)
    assert "Money" not in workbook_of(drive).sheetnames


def test_a_drive_without_a_fee_marked_paid_has_no_money_sheet(club):
    """Players ticked paid at the door (the fee, nothing, in cash) or let in
    free, in a drive without an entry fee: no money came in, and the workbook
    has no Money sheet of noughts paid in cash, as a drive nobody ticked."""
    drive = drive_with_players(players=8, start=False, club=club)
    for entry in Entry.objects.filter(drive=drive, number__lte=6):
        money_services.entry_set_paid(entry=entry, paid=True)
    money_services.entry_pay(
        entry=Entry.objects.get(drive=drive, number=7), method="free"
    )
    assert Entry.objects.filter(drive=drive, paid=True, pay_method="cash").count() == 6
    assert "Money" not in workbook_of(drive).sheetnames
    # Money given all the same (a donation typed as the amount) is on the sheet.
    money_services.entry_pay(
        entry=Entry.objects.get(drive=drive, number=8), method="cash", amount="2.00"
    )
    rows = by_label(workbook_of(drive)["Money"])
    assert exact(rows["Entry fees received"][3].value) == Decimal("2.00")


def test_a_note_written_against_a_free_drives_payment_is_kept(club):
    """A drive without a fee, a player let in free with a note ("guest of the
    club"): no money came in, but the note is the secretary's, and the
    workbook's Money sheet keeps it."""
    drive = drive_with_players(players=8, start=False, club=club)
    money_services.entry_pay(
        entry=Entry.objects.get(drive=drive, number=3),
        method="free",
        note="Guest of the club",
    )
    sheet = workbook_of(drive)["Money"]
    assert any(
        cell.value == "Guest of the club" for row in sheet.iter_rows() for cell in row
    )


def test_a_refund_shows_on_the_sheet(club):
    drive = drive_with_players(players=8, start=False, club=club)
    drive = money_services.fee_set(drive=drive, fee="3")
    first = Entry.objects.get(drive=drive, number=1)
    money_services.entry_pay(entry=first, method="cash")
    money_services.entry_refund(entry=first)
    rows = by_label(workbook_of(drive)["Money"])
    assert exact(rows[1][2].value) == 0 and exact(rows[1][3].value) == 0
    assert rows[1][5].value == "Refunded 3.00"
    assert exact(rows["Entry fees received"][3].value) == 0
    assert exact(rows["Entry fees expected"][2].value) == Decimal("21.00")


def demo(*args: str) -> tuple[Drive, list[str]]:
    lines = run("demo", *args)
    assert lines[-1].startswith("drive: ")
    return Drive.objects.get(pk=int(lines[-1].removeprefix("drive: "))), lines


def test_demo_fee_every_entry_pays_a_few_by_card_one_free():
    drive, lines = demo(
        "--players", "12", "--hands", "4", "--seed", "3", "--fee", "2.50"
    )
    assert drive.entry_fee == Decimal("2.50")
    methods = [
        e.pay_method for e in Entry.objects.filter(drive=drive).order_by("number")
    ]
    assert methods.count("free") == 1 and methods[0] == "free"
    assert 1 <= methods.count("card") < 6 and methods.count("cash") >= 6
    assert set(methods) == {"free", "card", "cash"}
    assert all(Entry.objects.filter(drive=drive).values_list("paid", flat=True))
    takings = drive_takings(drive=drive)
    assert takings.fees_received == 11 * Decimal("2.50") and takings.outstanding == 0
    assert "money: £27.50 received" in lines[-2]
    totals = by_label(workbook_of(drive)["Money"])
    assert exact(totals["Total received"][3].value) == Decimal("27.50")


def test_demo_fee_for_pairs_is_per_pair():
    drive, _lines = demo(
        "--players",
        "8",
        "--hands",
        "4",
        "--format",
        "partners",
        "--seed",
        "2",
        "--fee",
        "4",
    )
    takings = drive_takings(drive=drive)
    assert len(takings.payers) == 4
    assert takings.fees_received == 3 * Decimal("4.00")  # one pair free
    assert "Money" in workbook_of(drive).sheetnames


@pytest.mark.parametrize("fee", ["abc", "-1", "2.505"])
def test_demo_refuses_a_bad_fee(fee):
    with pytest.raises(CommandError, match="--fee"):
        run("demo", "--players", "8", "--hands", "4", "--fee", fee)
    assert not Drive.objects.exists()
