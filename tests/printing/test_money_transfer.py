"""A drive's money (issue 19) moves between sites with dumpdrive and loaddrive:
the entry fee, every entry's payment and refund, the other income and costs
(MoneyLine) and the results e-mails (ResultMail) travel to the penny, as text
in the file; a file written before money was kept loads with none; a file
with impossible money is refused with words and nothing is written."""

from __future__ import annotations

import copy
import json
from decimal import Decimal

import pytest
from django.core.management.base import CommandError

from drive import money_services
from drive.models import Drive, Entry, MoneyLine
from drive.services import drive_start
from players.models import AuditEvent
from printing.models import ResultMail
from printing.transfer import dump_drive
from scoring.audit import audit_check
from tests.factories import drive_with_players, play_round, varied_tricks
from tests.printing.fixtures import dump, load, workbook_values
from tests.printing.transfer import forget

pytestmark = pytest.mark.django_db

ENTRY_MONEY = (
    "paid",
    "paid_amount",
    "pay_method",
    "paid_at",
    "refunded_amount",
    "refunded_at",
    "payment_note",
)


def entry_money(drive: Drive) -> list[tuple]:
    return list(
        Entry.objects.filter(drive=drive)
        .order_by("number")
        .values_list("number", *ENTRY_MONEY)
    )


def lines(drive: Drive) -> list[tuple]:
    return list(
        MoneyLine.objects.filter(drive=drive)
        .order_by("kind", "note")
        .values_list("kind", "amount", "note", "created_by", "created_at")
    )


def mails(drive: Drive) -> list[tuple]:
    return list(
        ResultMail.objects.filter(drive=drive)
        .order_by("entry__number", "at")
        .values_list("entry__number", "address", "status", "reason", "at", "by")
    )


@pytest.fixture
def with_money(club, organiser):
    """A drive of 9 entries with a fee of 2.35: cash, card at 3.10, free, an
    odd 0.05, one refunded before the start (entry 9, never seated), an income
    and a cost line; one round played; a results e-mail tried."""
    drive = drive_with_players(players=9, start=False, club=club, hands=4)
    money_services.fee_set(drive=drive, fee="2.35")
    entries = {e.number: e for e in Entry.objects.filter(drive=drive)}
    money_services.entry_pay(entry=entries[1], method="cash")
    money_services.entry_pay(entry=entries[2], method="card", amount="3.10")
    money_services.entry_pay(entry=entries[3], method="free")
    money_services.entry_pay(
        entry=entries[4], method="cash", amount="0.05", note="short"
    )
    money_services.entry_pay(entry=entries[9], method="card")
    money_services.entry_refund(entry=entries[9], note="went home ill")
    money_services.money_line_add(
        drive=drive, kind="income", amount="10.10", note="Raffle"
    )
    money_services.money_line_add(
        drive=drive, kind="cost", amount="12.00", note="Hall hire"
    )
    drive_start(drive=Drive.objects.get(pk=drive.pk))
    drive = Drive.objects.get(pk=drive.pk)
    play_round(drive, tricks=varied_tricks, by=organiser)
    ResultMail.objects.create(
        drive=drive,
        entry=entries[1],
        address="one@example.org",
        status="failed",
        reason="mailbox full",
        by="organiser",
    )
    return Drive.objects.get(pk=drive.pk)


def test_the_money_makes_the_round_trip_to_the_penny(with_money, tmp_path):
    drive = with_money
    before = workbook_values(drive)
    assert "Money" in before
    kept = (drive.entry_fee, entry_money(drive), lines(drive), mails(drive))
    assert kept[0] == Decimal("2.35")
    assert {row[3] for row in kept[1]} >= {"cash", "card", "free"}
    assert Decimal("3.10") in {row[2] for row in kept[1]}
    refunded = next(row for row in kept[1] if row[0] == 9)
    assert refunded[5] == Decimal("2.35") and refunded[6] is not None
    path = dump(drive, tmp_path)
    data = json.loads(path.read_text())
    # Amounts are text in the file: nothing goes through a float.
    assert data["rows"]["drive.drive"][0]["entry_fee"] == "2.35"
    assert {r["amount"] for r in data["rows"]["drive.moneyline"]} == {"10.10", "12.00"}
    forget(drive)
    loaded = load(path)
    assert loaded.entry_fee == Decimal("2.35")
    assert (loaded.entry_fee, entry_money(loaded), lines(loaded), mails(loaded)) == kept
    assert workbook_values(loaded)["Money"] == before["Money"]
    assert workbook_values(loaded) == before
    assert audit_check(drive=loaded) == []
    # The record's money lines and mails name the loaded rows.
    refs = [e.refs for e in AuditEvent.objects.filter(drive_id=loaded.pk)]
    line_pks = set(MoneyLine.objects.filter(drive=loaded).values_list("pk", flat=True))
    assert {r["money_line"] for r in refs if "money_line" in r} == line_pks


def old_file(data: dict) -> dict:
    """`data` as a release before money was kept wrote it."""
    old = copy.deepcopy(data)
    del old["rows"]["drive.drive"][0]["entry_fee"]
    for row in old["rows"]["drive.entry"]:
        for name in ENTRY_MONEY[1:]:
            del row[name]
    del old["rows"]["drive.moneyline"]
    del old["rows"]["printing.resultmail"]
    old["audit"] = [
        e
        for e in old["audit"]
        if not e["kind"].startswith(("money.", "drive.fee", "entry.paid", "entry.ref"))
    ]
    return old


def test_a_file_from_before_money_was_kept_loads_with_none(club, organiser, tmp_path):
    drive = drive_with_players(players=8, club=club, hands=4)
    Entry.objects.filter(drive=drive, number__in=(1, 2)).update(paid=True)
    play_round(drive, tricks=varied_tricks, by=organiser)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old_file(dump_drive(drive=drive))))
    loaded = load(path)
    assert loaded.entry_fee == Decimal("0")
    money = entry_money(loaded)
    assert [row[1] for row in money] == [True, True] + [False] * 6
    assert {row[2:] for row in money} == {
        (Decimal("0"), "", None, Decimal("0"), None, "")
    }
    assert lines(loaded) == [] and mails(loaded) == []
    assert workbook_values(loaded) == workbook_values(drive)


def refused(data: dict, tmp_path) -> str:
    counts = (Drive.objects.count(), MoneyLine.objects.count(), Entry.objects.count())
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError) as error:
        load(path)
    assert (
        Drive.objects.count(),
        MoneyLine.objects.count(),
        Entry.objects.count(),
    ) == counts
    return str(error.value)


def entry_row(data: dict, number: int) -> dict:
    return next(r for r in data["rows"]["drive.entry"] if r["number"] == number)


def income_row(data: dict) -> dict:
    return next(r for r in data["rows"]["drive.moneyline"] if r["kind"] == "income")


def sent_twice(data: dict) -> None:
    mail = data["rows"]["printing.resultmail"][0]
    mail["status"] = "sent"
    data["rows"]["printing.resultmail"].append({**mail, "pk": mail["pk"] + 100})


def sent_and_sending(data: dict) -> None:
    """A claim still `sending` beside the `sent` row of the same entry."""
    mail = data["rows"]["printing.resultmail"][0]
    mail["status"] = "sent"
    data["rows"]["printing.resultmail"].append(
        {**mail, "pk": mail["pk"] + 100, "status": "sending"}
    )


BAD = [
    (
        lambda d: d["rows"]["drive.drive"][0].update(entry_fee="-1.00"),
        "entry_fee -1.00 is less than 0",
    ),
    (lambda d: d["rows"]["drive.drive"][0].update(entry_fee="two pounds"), "entry_fee"),
    (
        lambda d: entry_row(d, 1).update(paid_amount="-2.35"),
        "paid_amount -2.35 is less than 0",
    ),
    (
        lambda d: entry_row(d, 1).update(paid_amount=2.35),
        "is not an amount written as text",
    ),
    (
        lambda d: entry_row(d, 1).update(paid_amount="2.345"),
        "paid_amount: Ensure that there are no more than 2 decimal places.",
    ),
    (
        lambda d: entry_row(d, 2).update(pay_method="cheque"),
        "pay_method: Value 'cheque' is not a valid choice.",
    ),
    (
        lambda d: entry_row(d, 9).update(refunded_amount="5.00"),
        "refunded_amount 5.00 is more than was paid (2.35)",
    ),
    (
        lambda d: entry_row(d, 5).update(paid_amount="2.35"),
        "paid_amount 2.35 has no way of paying (cash or card)",
    ),
    (
        lambda d: entry_row(d, 1).update(paid=False),
        "pay_method cash is recorded, but the entry has not paid",
    ),
    (sent_twice, "the results were sent to entry"),
    (sent_and_sending, "the results were sent to entry"),
    (
        lambda d: entry_row(d, 9).update(paid=True),
        "a refunded entry has not paid",
    ),
    (lambda d: income_row(d).update(amount="-10.10"), "amount -10.10 is less than 0"),
    (
        lambda d: income_row(d).update(kind="gift"),
        "kind: Value 'gift' is not a valid choice.",
    ),
    (lambda d: income_row(d).update(note="  "), "note: This field cannot be blank."),
]


@pytest.mark.parametrize(("spoil", "said"), BAD)
def test_a_file_with_impossible_money_is_refused(with_money, tmp_path, spoil, said):
    data = dump_drive(drive=with_money)
    spoil(data)
    message = refused(data, tmp_path)
    assert "nothing was written" in message
    assert said in message
