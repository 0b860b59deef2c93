"""The record of changes, read by a Russian club's secretary after the evening
(7 December): it showed an amount as it is kept, "уплаченная сумма: – →
150.00", with a decimal point, where every other page says "150,00 ₽"; and a
rubber drive's registrations, whose format has no groups, said "группа: – →
B", the letter the pair is kept under, which no page of that drive shows."""

from __future__ import annotations

import re

import pytest

from drive import money_services
from drive.models import Entry, PaymentMethod
from tests.factories import drive_with_players, rubber_drive
from tests.site.wording import speak, text

pytestmark = pytest.mark.django_db


def record(client, drive) -> str:
    return text(client.get(f"/drives/{drive.pk}/audit/"))


def test_amounts_are_shown_as_the_club_writes_money(club, organiser_client):
    speak(club, "ru")
    club.currency = "RUB"
    club.save(update_fields=["currency"])
    drive = drive_with_players(players=8, start=False, club=club)
    money_services.fee_set(drive=drive, fee="150")
    entry = Entry.objects.get(drive=drive, number=2)
    money_services.entry_pay(entry=entry, method=PaymentMethod.CASH)
    money_services.money_line_add(
        drive=drive, kind="cost", amount="1250.5", note="аренда зала"
    )
    page = record(organiser_client, drive)
    assert "уплаченная сумма: – → 150,00 ₽" in page
    assert "взнос за участие: 0,00 ₽ → 150,00 ₽" in page
    assert "сумма: – → 1 250,50 ₽" in page
    assert not re.search(r"\d\.\d\d\b", page), re.findall(r".{30}\d\.\d\d\b", page)


def test_amounts_in_english(club, organiser_client):
    drive = drive_with_players(players=8, start=False, club=club)
    money_services.fee_set(drive=drive, fee="2.5", currency="GBP")
    money_services.entry_pay(
        entry=Entry.objects.get(drive=drive, number=1), method=PaymentMethod.CARD
    )
    page = record(organiser_client, drive)
    assert "amount paid: – → £2.50" in page
    assert "entry fee: £0.00 → £2.50" in page


def test_a_drive_without_groups_records_no_group(club, organiser_client):
    speak(club, "ru")
    drive = rubber_drive(club=club)
    page = record(organiser_client, drive)
    assert "пара: – → 1" in page  # the registrations are there
    assert "группа:" not in page
    assert not re.search(r"→ [AB]\b", page)


def test_a_drive_with_groups_still_records_them(club, organiser_client):
    speak(club, "ru")
    drive = drive_with_players(players=8, start=False, club=club)
    page = record(organiser_client, drive)
    # The drive's own names for its groups (the factory's are English).
    assert "группа: – → Ladies" in page and "группа: – → Gents" in page
