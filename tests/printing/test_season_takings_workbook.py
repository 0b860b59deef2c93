"""The season workbook's `Takings` sheet (issue 19): each drive's money in the
season's dates and the season's sums, read back with openpyxl to the penny, as
numbers in the club's currency format; a season without money has no
`Takings` sheet."""

from __future__ import annotations

import datetime
import io
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from drive import money_services
from drive.models import Drive, Entry
from drive.money_selectors import drive_takings, drives_takings
from league.models import Season
from printing import league_exports
from tests.factories import drive_with_players

pytestmark = pytest.mark.django_db

HEADERS = [
    "Date",
    "Drive",
    "Entry fees",
    "Other income",
    "Total received",
    "Costs",
    "Net",
]


def season_of(club) -> Season:
    return Season.objects.create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )


def drive_on(club, month: int, day: int, name: str) -> Drive:
    return drive_with_players(
        players=8,
        start=False,
        club=club,
        date=datetime.date(2026, month, day),
        name=name,
    )


def pay(drive: Drive, number: int, method: str, amount: str = "") -> Entry:
    entry = Entry.objects.get(drive=drive, number=number)
    return money_services.entry_pay(entry=entry, method=method, amount=amount or None)


def exact(value) -> Decimal:
    """A number read back from the sheet, as the exact amount it shows."""
    assert isinstance(value, (int, float)), value
    return Decimal(str(value)).quantize(Decimal("0.01"))


def downloaded(client, season: Season):
    response = client.get(f"/seasons/{season.pk}/league.xlsx")
    assert response.status_code == 200
    return load_workbook(io.BytesIO(response.content))


def test_the_season_workbook_carries_each_drives_takings(club, assistant_client):
    season = season_of(club)
    # The later drive is made first: rows follow the dates, not the ids.
    spring = drive_on(club, 4, 17, "Spring drive")
    money_services.fee_set(drive=spring, fee="1.75")
    for number in (1, 2, 3):
        pay(spring, number, "cash")
    pay(spring, 5, "card", "0,05")
    money_services.money_line_add(
        drive=spring, kind="income", amount="0.20", note="Teas"
    )
    money_services.money_line_add(
        drive=spring, kind="cost", amount="30", note="Hall hire"
    )

    winter = drive_on(club, 1, 9, "Winter drive")
    money_services.fee_set(drive=winter, fee="2.50")
    pay(winter, 1, "cash")
    pay(winter, 2, "card", "3.10")
    pay(winter, 3, "free")
    refunded = pay(winter, 4, "cash")
    money_services.entry_refund(entry=refunded, note="Unwell")
    money_services.money_line_add(
        drive=winter, kind="income", amount="10.10", note="Raffle"
    )
    money_services.money_line_add(
        drive=winter, kind="cost", amount="12.00", note="Hall hire"
    )

    quiet = drive_on(club, 6, 5, "Summer drive")  # no money at all: a row of nothing
    outside = drive_on(club, 1, 1, "Last year")
    Drive.objects.filter(pk=outside.pk).update(date=datetime.date(2025, 12, 1))
    money_services.fee_set(drive=outside, fee="9")

    book = downloaded(assistant_client, season)
    assert book.sheetnames == ["League", "Attendance", "Drive scores", "Takings"]
    sheet = book["Takings"]
    assert [c.value for c in sheet[1]] == HEADERS
    assert all(c.font.bold for c in sheet[1])
    assert sheet.freeze_panes == "C2"  # the headers, Date and Drive stay in sight
    rows = list(sheet.iter_rows(min_row=2))
    assert [(r[0].value, r[1].value) for r in rows[:-1]] == [
        (datetime.datetime(2026, 1, 9), "Winter drive"),
        (datetime.datetime(2026, 4, 17), "Spring drive"),
        (datetime.datetime(2026, 6, 5), "Summer drive"),
    ]
    amounts = [[exact(c.value) for c in r[2:]] for r in rows]
    d = Decimal
    # Winter: 2.50 cash + 3.10 card; the free entry pays nothing; the refund gives 2.50 back.
    assert amounts[0] == [d("5.60"), d("10.10"), d("15.70"), d("12.00"), d("3.70")]
    # Spring: three fees of 1.75 and 0.05 by card; the hall costs more than came in.
    assert amounts[1] == [d("5.30"), d("0.20"), d("5.50"), d("30.00"), d("-24.50")]
    assert amounts[2] == [d("0.00")] * 5
    # The season's sums, under the drives.
    assert rows[-1][0].value == "The season" and rows[-1][1].value is None
    assert amounts[3] == [d("10.90"), d("10.30"), d("21.20"), d("42.00"), d("-20.80")]
    # The same figures as each drive's own money page.
    for row, drive in zip(amounts[:-1], (winter, spring, quiet), strict=True):
        takings = drive_takings(drive=drive)
        assert row == [
            takings.fees_received,
            takings.other_income,
            takings.total_received,
            takings.costs,
            takings.net,
        ]
    for row in rows:
        for cell in row[2:]:
            assert cell.number_format == '"£"#,##0.00;-"£"#,##0.00'


def test_a_season_without_money_has_no_takings_sheet(club, assistant_client):
    season = season_of(club)
    drive_on(club, 3, 6, "Plain drive")
    drive_on(club, 3, 20, "Another plain drive")
    assert downloaded(assistant_client, season).sheetnames == [
        "League",
        "Attendance",
        "Drive scores",
    ]
    empty = season_of_other_dates(club)
    assert downloaded(assistant_client, empty).sheetnames == [
        "League",
        "Attendance",
        "Drive scores",
    ]


def season_of_other_dates(club) -> Season:
    return Season.objects.create(
        club=club,
        name="2030",
        start=datetime.date(2030, 1, 1),
        end=datetime.date(2030, 12, 31),
    )


@pytest.mark.parametrize(
    "money",
    ["none", "fee", "free", "card", "refund", "income", "cost"],
)
def test_the_seasons_rule_is_the_drives_rule(club, money):
    """A drive counts as having money in the season exactly when its own
    workbook writes a `Money` sheet: a drive without a fee where a player was
    only let in free took no money, and has neither."""
    drive = drive_on(club, 2, 2, "Rule drive")
    if money == "fee":
        money_services.fee_set(drive=drive, fee="1")
    elif money in ("free", "card"):
        pay(drive, 1, money, "0.50" if money == "card" else "")
    elif money == "refund":
        money_services.entry_refund(entry=pay(drive, 1, "cash", "1.00"))
    elif money in ("income", "cost"):
        money_services.money_line_add(
            drive=drive, kind=money, amount="0.01", note="Tea"
        )
    drive.refresh_from_db()
    (row,) = drives_takings(drives=[drive])
    has_money = money not in ("none", "free")
    assert row.has_money == drive_takings(drive=drive).has_money == has_money
    buffer = io.BytesIO()
    league_exports.write_season_workbook(season=season_of(club), output=buffer)
    book = load_workbook(buffer)
    assert ("Takings" in book.sheetnames) == has_money
