"""A drive's money (issue 19): the entry fee, each entry's payment and how, late
payment, the refund on withdrawal before the start, the evening's other income
and costs, and the totals on the page, as exact decimals through every path."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import translation

from drive import entry_services, money_services, services
from drive.models import Entry, MoneyLine, SeatAssignment
from drive.money_selectors import drive_takings
from players.models import AuditKind
from players.money import money_text, number_format, parse_amount
from tests.factories import drive_with_players, play_round
from tests.fixtures import audit_events, drive_url, messages_of

pytestmark = pytest.mark.django_db


# --- typing an amount ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, amount",
    [
        ("2.50", "2.50"),
        ("2,50", "2.50"),
        ("2", "2.00"),
        (" 2.5 ", "2.50"),
        ("£2.50", "2.50"),
        ("0", "0.00"),
        ("0.01", "0.01"),
        ("999999.99", "999999.99"),
    ],
)
def test_amounts_are_read_exactly(text, amount):
    parsed = parse_amount(text)
    assert isinstance(parsed, Decimal)
    assert parsed == Decimal(amount) and str(parsed) == amount


@pytest.mark.parametrize(
    "text, words",
    [
        ("abc", "not an amount of money"),
        ("", "Type an amount"),
        ("-2", "cannot be negative"),
        ("-0.50", "cannot be negative"),
        ("2.505", "at most two decimals"),
        ("2,505", "at most two decimals"),
        ("1,000.00", "not an amount of money"),
        ("2.5.0", "not an amount of money"),
        ("1e3", "not an amount of money"),
        ("NaN", "not an amount of money"),
        ("1000000", "at most"),
    ],
)
def test_bad_amounts_are_refused_in_words(text, words):
    with pytest.raises(ValidationError) as caught:
        parse_amount(text)
    assert words in " ".join(caught.value.messages)


def test_amounts_are_shown_in_the_clubs_currency():
    assert money_text(Decimal("2.5"), "GBP") == "£2.50"
    assert money_text(Decimal("1234.5"), "EUR") == "€1,234.50"
    assert money_text(Decimal("-3"), "GBP") == "-£3.00"
    assert money_text(Decimal("2.50"), "PLN") == "2.50\xa0zł"
    assert number_format("GBP").startswith('"£"#,##0.00')


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en-gb", "1,234.50\xa0zł"),
        ("pl", "1\xa0234,50\xa0zł"),
        ("ru", "1\xa0234,50\xa0zł"),
        ("ro", "1.234,50\xa0zł"),
        ("it", "1.234,50\xa0zł"),
    ],
)
def test_amounts_are_shown_in_the_languages_number_format(language, shown):
    with translation.override(language):
        assert money_text(Decimal("1234.5"), "PLN") == shown
        assert parse_amount(
            money_text(Decimal("2.5"), "PLN").removesuffix("\xa0zł")
        ) == (Decimal("2.50"))


# --- the fee and the payments ------------------------------------------------------------


@pytest.fixture
def drive(club):
    """Registration open, eight entries, nobody paid, fee £2.50."""
    drive = drive_with_players(players=8, start=False, club=club)
    return money_services.fee_set(drive=drive, fee="2,50")


def entry(drive, number: int) -> Entry:
    return Entry.objects.select_related("player").get(drive=drive, number=number)


def test_payments_by_cash_card_and_free_add_up_exactly(drive):
    money_services.entry_pay(entry=entry(drive, 1), method="cash")
    money_services.entry_pay(entry=entry(drive, 2), method="card", amount="3.10")
    money_services.entry_pay(entry=entry(drive, 3), method="free", amount="2.50")
    money_services.entry_pay(entry=entry(drive, 4), method="cash", amount="0.1")
    stored = {e.number: e for e in Entry.objects.filter(drive=drive)}
    assert stored[1].paid_amount == Decimal("2.50") and stored[1].pay_method == "cash"
    assert stored[2].paid_amount == Decimal("3.10") and stored[2].pay_method == "card"
    assert stored[3].paid_amount == Decimal("0") and stored[3].pay_method == "free"
    assert all(stored[n].paid for n in (1, 2, 3, 4))
    assert not any(stored[n].paid for n in (5, 6, 7, 8))
    takings = drive_takings(drive=drive)
    # Seven owe the fee (number 3 is free): 7 x 2.50.
    assert takings.expected == Decimal("17.50")
    assert takings.fees_received == Decimal("5.70")  # 2.50 + 3.10 + 0.10
    # 4 paid 0.10 of 2.50; 5..8 owe 2.50 each; 2 paid more, which owes nothing.
    assert takings.outstanding == Decimal("2.40") + 4 * Decimal("2.50")
    assert takings.net == Decimal("5.70")
    for value in (takings.expected, takings.fees_received, takings.outstanding):
        assert isinstance(value, Decimal)


def test_a_payment_is_recorded_with_who_and_when_and_a_late_one_says_so(club):
    drive = drive_with_players(players=8, club=club)  # in play
    money_services.fee_set(drive=drive, fee="2")
    money_services.entry_pay(entry=entry(drive, 5), method="card", note="at the break")
    record = audit_events(drive, AuditKind.ENTRY_PAID)[-1]
    assert record.who == "command line" and record.at is not None
    assert record.new["paid_amount"] == "2.00"
    assert record.new["pay_method"] == "card"
    assert record.new["payment_note"] == "at the break"
    assert record.old == {
        "number": 5,
        "player": entry(drive, 5).player.name,
        "paid": False,
    }
    payer = drive_takings(drive=drive).payers[4]
    assert (
        payer.late and "paid late" in payer.remarks and "at the break" in payer.remarks
    )
    fee = audit_events(drive, AuditKind.DRIVE_FEE)[-1]
    assert (fee.old["fee"], fee.new["fee"]) == ("0.00", "2.00")


def test_paying_twice_is_refused_until_undone(drive):
    first = entry(drive, 1)
    money_services.entry_pay(entry=first, method="cash")
    with pytest.raises(ValidationError, match="paid already"):
        money_services.entry_pay(entry=first, method="card")
    money_services.entry_unpay(entry=first)
    undone = entry(drive, 1)
    assert (undone.paid, undone.pay_method, undone.paid_amount) == (
        False,
        "",
        Decimal("0"),
    )
    money_services.entry_pay(entry=first, method="card", amount="2.4")
    assert entry(drive, 1).paid_amount == Decimal("2.40")


def test_bad_input_writes_nothing(drive):
    before = list(Entry.objects.filter(drive=drive).values())
    for amount in ("abc", "-1", "2.555"):
        with pytest.raises(ValidationError):
            money_services.entry_pay(
                entry=entry(drive, 1), method="cash", amount=amount
            )
    with pytest.raises(ValidationError):
        money_services.entry_pay(entry=entry(drive, 1), method="cheque")
    with pytest.raises(ValidationError):
        money_services.fee_set(drive=drive, fee="-2.50")
    with pytest.raises(ValidationError):
        money_services.money_line_add(
            drive=drive, kind="income", amount="x", note="Raffle"
        )
    with pytest.raises(ValidationError):
        money_services.money_line_add(drive=drive, kind="income", amount="5", note=" ")
    assert list(Entry.objects.filter(drive=drive).values()) == before
    drive.refresh_from_db()
    assert drive.entry_fee == Decimal("2.50")
    assert not MoneyLine.objects.filter(drive=drive).exists()
    assert not audit_events(drive, AuditKind.ENTRY_PAID)


def test_the_database_refuses_impossible_money(drive):
    one = entry(drive, 1)
    for values in (
        {"paid_amount": Decimal("-1"), "pay_method": "cash", "paid": True},
        {"pay_method": "iou", "paid": True},
        {"paid_amount": Decimal("2"), "pay_method": "", "paid": False},
        {"paid_amount": Decimal("2"), "pay_method": "free", "paid": True},
        {"pay_method": "cash", "paid": False},
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            Entry.objects.filter(pk=one.pk).update(**values)
    with pytest.raises(IntegrityError), transaction.atomic():
        MoneyLine.objects.create(drive=drive, kind="income", amount=-1, note="x")
    with pytest.raises(IntegrityError), transaction.atomic():
        MoneyLine.objects.create(drive=drive, kind="gift", amount=1, note="x")


def test_marking_paid_on_the_players_page_pays_the_fee_in_cash(drive):
    money_services.entry_set_paid(entry=entry(drive, 2), paid=True)
    money_services.entry_set_paid(entry=entry(drive, 2), paid=True)  # nothing more
    paid = entry(drive, 2)
    assert (paid.paid, paid.pay_method, paid.paid_amount) == (
        True,
        "cash",
        Decimal("2.50"),
    )
    assert len(audit_events(drive, AuditKind.ENTRY_PAID)) == 1
    money_services.entry_set_paid(entry=paid, paid=False)
    assert not entry(drive, 2).paid and entry(drive, 2).paid_amount == 0


def test_registering_paid_pays_the_fee(drive, organiser_client):
    response = organiser_client.post(
        drive_url(drive, "entries/"),
        {"name": "Vera Lynn", "checked_in": "on", "paid": "on"},
    )
    assert response.status_code == 302
    vera = Entry.objects.get(drive=drive, player__name="Vera Lynn")
    assert (vera.paid, vera.pay_method, vera.paid_amount) == (
        True,
        "cash",
        Decimal("2.50"),
    )


# --- refunds --------------------------------------------------------------------------


def test_a_refund_withdraws_the_entry_before_the_start(drive):
    paid = money_services.entry_pay(entry=entry(drive, 3), method="card")
    refunded = money_services.entry_refund(entry=paid, note="ill")
    assert refunded.refunded_amount == Decimal("2.50") and not refunded.checked_in
    assert not refunded.paid and refunded.refunded_at is not None
    record = audit_events(drive, AuditKind.ENTRY_REFUND)[-1]
    assert record.new["refunded_amount"] == "2.50" and record.new["checked_in"] is False
    assert record.old["checked_in"] is True
    takings = drive_takings(drive=drive)
    payer = takings.payers[2]
    assert payer.fee == 0 and payer.paid == 0 and payer.refunded == Decimal("2.50")
    assert "refunded" in payer.remarks and "ill" in payer.remarks
    assert takings.expected == 7 * Decimal("2.50")
    assert takings.fees_received == 0
    with pytest.raises(ValidationError, match="refunded"):
        money_services.entry_unpay(entry=refunded)
    with pytest.raises(ValidationError, match="nothing that could be refunded"):
        money_services.entry_refund(entry=refunded)
    # They came after all: they pay again, and the refund stays on the record.
    again = money_services.entry_pay(entry=refunded, method="cash")
    assert (again.paid, again.paid_amount, again.refunded_amount) == (
        True,
        Decimal("2.50"),
        0,
    )
    assert drive_takings(drive=drive).fees_received == Decimal("2.50")
    assert len(audit_events(drive, AuditKind.ENTRY_REFUND)) == 1
    money_services.entry_refund(entry=again)
    # Refunded, the entry can go: the takings still add up.
    entry_services.entry_remove(entry=entry(drive, 3))


def test_no_refund_once_seated_and_no_removal_while_money_is_held(club):
    drive = drive_with_players(players=8, start=False, club=club)
    money_services.fee_set(drive=drive, fee="1.50")
    money_services.entry_pay(entry=entry(drive, 1), method="cash")
    with pytest.raises(ValidationError, match="refund it"):
        entry_services.entry_remove(entry=entry(drive, 1))
    services.drive_start(drive=drive)
    with pytest.raises(ValidationError, match="played already"):
        money_services.entry_refund(entry=entry(drive, 1))
    assert entry(drive, 1).paid_amount == Decimal("1.50")


def test_a_pair_pays_one_fee_and_is_refunded_together(club):
    drive = drive_with_players(players=8, start=False, club=club, format="partners")
    drive = money_services.fee_set(drive=drive, fee="5")
    b_entry = Entry.objects.filter(drive=drive, pair=1, group="B").get()
    money_services.entry_pay(entry=b_entry, method="cash")
    pair = list(Entry.objects.filter(drive=drive, pair=1).order_by("group"))
    assert [e.paid for e in pair] == [True, True]
    assert [e.paid_amount for e in pair] == [Decimal("5.00"), Decimal("0")]
    takings = drive_takings(drive=drive)
    assert len(takings.payers) == 4
    assert takings.expected == Decimal("20.00")
    assert takings.fees_received == Decimal("5.00")
    assert takings.payers[0].numbers == f"{pair[0].number} & {pair[1].number}"
    money_services.entry_refund(entry=b_entry)
    refunded = list(Entry.objects.filter(drive=drive, pair=1).order_by("group"))
    assert [e.checked_in for e in refunded] == [False, False]
    assert drive_takings(drive=drive).fees_received == 0


# --- other lines and the night's net ----------------------------------------------------


def test_other_income_and_costs_make_the_net(drive):
    for number in (1, 2, 3):
        money_services.entry_pay(entry=entry(drive, number), method="cash")
    money_services.money_line_add(
        drive=drive, kind="income", amount="12.30", note="Raffle"
    )
    money_services.money_line_add(
        drive=drive, kind="income", amount="4,20", note="Teas"
    )
    hall = money_services.money_line_add(
        drive=drive, kind="cost", amount="15", note="Hall hire"
    )
    money_services.money_line_add(
        drive=drive, kind="cost", amount="0.10", note="Prizes"
    )
    takings = drive_takings(drive=drive)
    assert takings.fees_received == Decimal("7.50")
    assert takings.other_income == Decimal("16.50")
    assert takings.total_received == Decimal("24.00")
    assert takings.costs == Decimal("15.10")
    assert takings.net == Decimal("8.90")
    money_services.money_line_remove(line=hall)
    assert drive_takings(drive=drive).net == Decimal("23.90")
    kinds = [e.kind for e in audit_events(drive) if e.kind.startswith("money.")]
    assert kinds == ["money.add"] * 4 + ["money.remove"]


# --- the pages ----------------------------------------------------------------------------


def test_the_money_page_takes_payments_and_shows_the_totals(drive, assistant_client):
    url = drive_url(drive, f"money/entries/{entry(drive, 1).pk}/")
    response = assistant_client.post(
        url, {"action": "pay", "method": "card", "amount": "2,75"}
    )
    assert response.status_code == 302
    assert entry(drive, 1).paid_amount == Decimal("2.75")
    response = assistant_client.post(
        drive_url(drive, "money/lines/"),
        {"kind": "cost", "amount": "1.25", "note": "Milk"},
    )
    assert response.status_code == 302
    page = assistant_client.get(drive_url(drive, "money/")).content.decode()
    assert "£2.75" in page and "Milk" in page
    assert "£20.00" in page  # expected: 8 x 2.50
    assert "£17.50" in page  # outstanding: 7 x 2.50
    assert "£1.50" in page  # net: 2.75 - 1.25
    detail = assistant_client.get(drive_url(drive)).content.decode()
    for words in ("Entry fees expected", "Entry fees received", "Outstanding", "Net"):
        assert words in detail
    assert "£20.00" in detail and "£17.50" in detail and "£1.50" in detail


@pytest.mark.parametrize("amount", ["abc", "-2", "2.505"])
def test_bad_amounts_on_the_page_are_a_400_and_write_nothing(
    drive, assistant_client, amount
):
    url = drive_url(drive, f"money/entries/{entry(drive, 1).pk}/")
    response = assistant_client.post(
        url, {"action": "pay", "method": "cash", "amount": amount}
    )
    assert response.status_code == 400
    assert messages_of(response)
    assert not entry(drive, 1).paid
    response = assistant_client.post(
        drive_url(drive, "money/lines/"),
        {"kind": "income", "amount": amount, "note": "Raffle"},
    )
    assert response.status_code == 400
    assert not MoneyLine.objects.filter(drive=drive).exists()


def test_the_fee_and_currency_are_the_organisers(
    drive, organiser_client, assistant_client
):
    url = drive_url(drive, "money/fee/")
    assert (
        assistant_client.post(url, {"fee": "3", "currency": "EUR"}).status_code == 403
    )
    assert (
        organiser_client.post(url, {"fee": "abc", "currency": "EUR"}).status_code == 400
    )
    assert (
        organiser_client.post(url, {"fee": "3", "currency": "XXX"}).status_code == 400
    )
    drive.refresh_from_db()
    assert drive.entry_fee == Decimal("2.50") and drive.club.currency == "GBP"
    assert (
        organiser_client.post(url, {"fee": "3,00", "currency": "EUR"}).status_code
        == 302
    )
    drive.refresh_from_db()
    drive.club.refresh_from_db()
    assert drive.entry_fee == Decimal("3.00") and drive.club.currency == "EUR"
    assert "€24.00" in organiser_client.get(drive_url(drive, "money/")).content.decode()


def test_refund_and_unknown_actions_on_the_page(drive, assistant_client):
    money_services.entry_pay(entry=entry(drive, 4), method="cash")
    url = drive_url(drive, f"money/entries/{entry(drive, 4).pk}/")
    assert assistant_client.post(url, {"action": "steal"}).status_code == 400
    assert (
        assistant_client.post(url, {"action": "refund", "note": "ill"}).status_code
        == 302
    )
    assert entry(drive, 4).refunded_amount == Decimal("2.50")
    again = assistant_client.post(url, {"action": "refund"})
    assert again.status_code == 409


def test_the_money_page_of_another_club_is_a_404(drive, organiser_client):
    from tests.factories import ClubFactory

    other = drive_with_players(players=4, start=False, club=ClubFactory())
    assert organiser_client.get(drive_url(other, "money/")).status_code == 404


# --- trust on the evening (issue 33) --------------------------------------------------


def test_two_organisers_removing_one_line_the_second_is_told_it_is_gone(
    drive, assistant_client, monkeypatch
):
    hall = money_services.money_line_add(
        drive=drive, kind="cost", amount="15", note="Hall hire"
    )
    money_services.money_line_remove(line=hall)
    # The second found the line before the first removed it, and waited on the lock.
    with pytest.raises(ValidationError, match="already been removed") as gone:
        money_services.money_line_remove(line=hall)
    assert gone.value.code == "conflict"

    from drive import money_views

    monkeypatch.setattr(money_views, "get_object_or_404", lambda *a, **k: hall)
    response = assistant_client.post(drive_url(drive, f"money/lines/{hall.pk}/remove/"))
    assert response.status_code == 409
    assert any("already been removed" in m for m in messages_of(response))
    kinds = [e.kind for e in audit_events(drive) if e.kind.startswith("money.")]
    assert kinds == ["money.add", "money.remove"]


@pytest.mark.parametrize("fmt", ["progressive", "partners"])
def test_a_late_arrival_who_paid_and_leaves_before_a_round_is_refunded(
    club, organiser_client, fmt
):
    drive = drive_with_players(players=8, club=club, format=fmt, hands=4)
    money_services.fee_set(drive=drive, fee="2.50")
    if fmt == "partners":
        late, _ = services.pair_register(
            drive=drive, first_name="Late Anne", second_name="Late Bob", paid=True
        )
    else:
        late = services.entry_register(drive=drive, name="Late Anne", paid=True)
    assert late.joined_round == 2 and late.paid
    page = organiser_client.get(drive_url(drive, "money/")).content.decode()
    assert page.count('value="refund"') == 1

    refunded = money_services.entry_refund(entry=late, note="had to go")

    assert refunded.refunded_amount == Decimal("2.50")
    gone = Entry.objects.filter(drive=drive, number__gt=8)
    assert gone.count() == (2 if fmt == "partners" else 1)
    assert {(e.checked_in, e.joined_round) for e in gone} == {(False, None)}
    play_round(drive)
    assert not SeatAssignment.objects.filter(entry__in=gone).exists()


def test_a_late_arrival_who_has_had_a_round_keeps_the_fee(club):
    drive = drive_with_players(players=8, club=club, hands=4)
    late = services.entry_register(drive=drive, name="Late Anne", paid=True)
    play_round(drive)
    with pytest.raises(ValidationError, match="played already"):
        money_services.entry_refund(entry=late)


# --- each language's own way (issue 31) --------------------------------------------------


@pytest.mark.parametrize(
    ("language", "currency", "shown"),
    [
        ("en-gb", "EUR", "€1,234.50"),
        ("it", "EUR", "1.234,50\xa0€"),
        ("ro", "RON", "1.234,50\xa0lei"),
        ("ru", "RUB", "1\xa0234,50\xa0₽"),
        ("pl", "GBP", "1\xa0234,50\xa0£"),
    ],
)
def test_each_language_places_the_symbol_its_own_way(language, currency, shown):
    with translation.override(language):
        assert money_text(Decimal("1234.5"), currency) == shown


def test_the_rouble_and_the_leu_are_currencies_and_languages_bring_their_own():
    from players.money import CURRENCIES, currency_for_language

    assert {"RUB", "RON"} <= set(CURRENCIES)
    assert [currency_for_language(c) for c in ("en-gb", "pl", "ru", "ro", "it")] == [
        "GBP",
        "PLN",
        "RUB",
        "RON",
        "EUR",
    ]


def test_a_fee_shows_back_in_the_languages_own_way(drive, organiser_client):
    from players.models import Club

    Club.objects.filter(pk=drive.club_id).update(language="pl", currency="PLN")
    url = drive_url(drive, "money/")
    saved = organiser_client.post(url + "fee/", {"fee": "1234,50", "currency": "PLN"})
    assert saved.status_code == 302
    html = organiser_client.get(url).content.decode()
    assert 'name="fee" value="1234,50"' in html


def test_refund_dates_on_the_money_page_are_the_languages_and_the_clubs_clock(
    drive, organiser_client
):
    import datetime

    from players.models import Club

    Club.objects.filter(pk=drive.club_id).update(
        language="ru", time_zone="Europe/Moscow"
    )
    paid = money_services.entry_pay(entry=entry(drive, 4), method="cash")
    money_services.entry_refund(entry=paid)
    Entry.objects.filter(pk=paid.pk).update(
        refunded_at=datetime.datetime(2026, 12, 3, 7, 39, tzinfo=datetime.UTC)
    )
    html = organiser_client.get(drive_url(drive, "money/")).content.decode()
    assert "3 дек. 10:39" in html
    assert "Dec" not in html
