"""The season's takings (issue 19): each drive's money in the season's dates,
and the season's sums, as exact decimals."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from drive import money_services
from drive.models import Drive, Entry
from league import selectors
from league.models import Season
from tests.factories import drive_with_players

pytestmark = pytest.mark.django_db


def paid_drive(club, day: int, fee: str, raffle: str, hall: str) -> Drive:
    drive = drive_with_players(
        players=8, start=False, club=club, date=datetime.date(2026, 3, day)
    )
    drive = money_services.fee_set(drive=drive, fee=fee)
    for entry in Entry.objects.filter(drive=drive, number__lte=4):
        money_services.entry_pay(entry=entry, method="cash")
    money_services.money_line_add(
        drive=drive, kind="income", amount=raffle, note="Raffle"
    )
    money_services.money_line_add(
        drive=drive, kind="cost", amount=hall, note="Hall hire"
    )
    return drive


def test_the_season_lists_each_drives_takings(club, assistant_client):
    season = Season.objects.create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    later = paid_drive(club, 20, "2.10", "5.05", "12")
    earlier = paid_drive(club, 6, "1,50", "0.10", "0.30")
    outside = drive_with_players(
        players=8, start=False, club=club, date=datetime.date(2025, 3, 1)
    )
    money_services.fee_set(drive=outside, fee="9")
    takings = selectors.season_takings(season=season)
    assert [row.drive.pk for row in takings.drives] == [earlier.pk, later.pk]
    first, second = takings.drives
    assert (first.fees_received, first.other_income, first.costs) == (
        Decimal("6.00"),
        Decimal("0.10"),
        Decimal("0.30"),
    )
    assert first.net == Decimal("5.80")
    assert second.net == Decimal("8.40") + Decimal("5.05") - Decimal("12")
    assert takings.total_received == Decimal("6.10") + Decimal("13.45")
    assert takings.net == Decimal("5.80") + Decimal("1.45")
    page = assistant_client.get(f"/seasons/{season.pk}/takings/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "£5.80" in text and "£1.45" in text and "£7.25" in text
    assert f'id="takings-{outside.pk}"' not in text
    league_page = assistant_client.get(f"/seasons/{season.pk}/").content.decode()
    assert f"/seasons/{season.pk}/takings/" in league_page


def test_an_italian_season_of_the_1st_to_the_11th_elides_the_articles(
    club, assistant_client
):
    """A season from 1 September to 11 December, in Italian: "Dall'1 set
    2026 all'11 dic 2026" on the league and takings pages, never "Dal 1",
    "al 11"."""
    club.language = "it"
    club.save(update_fields=["language"])
    season = Season.objects.create(
        club=club,
        name="Autunno",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2026, 12, 11),
    )
    for path in (f"/seasons/{season.pk}/", f"/seasons/{season.pk}/takings/"):
        page = assistant_client.get(path).content.decode().replace("&#x27;", "'")
        assert "Dall'1 set 2026 all'11 dic 2026" in page, path
        assert "Dal 1 " not in page and "al 11 " not in page
