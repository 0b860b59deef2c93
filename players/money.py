"""Money in plain Python: the club's currency, amounts typed by a person, and
amounts shown back. Exact decimals throughout (never floats).

- `CURRENCIES`: the currencies a club may keep its takings in, by their
  3-letter code, each with its symbol and where the symbol goes.
- `parse_amount(text)`: "2.50", "2,50", "2" or "£2.50" -> Decimal("2.50");
  anything else (a word, a negative amount, more than two decimals, more than
  the largest amount kept) raises ValidationError with words for the person
  who typed it.
- `money_text(amount, currency)`: "£2.50"; "2,50 zł", "1.234,50 €" in the
  active language's own way.
- `amount_input(amount)`: "2.50", "1234,50": what a form shows back.

players is the lowest app, so the club (players.models.Club) keeps its
currency here and every app above reads money the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.utils import formats, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# Two decimal places, up to 999 999.99: DecimalField(max_digits=8, decimal_places=2).
MAX_DIGITS = 8
DECIMAL_PLACES = 2
CENT = Decimal("0.01")
ZERO = Decimal("0.00")
LARGEST = Decimal("999999.99")


@dataclass(frozen=True)
class Currency:
    code: str
    symbol: str
    # In English the symbol goes before the amount ("£2.50"), else after
    # ("CHF 2.50" aside: "2.50 CHF"); every other language puts every symbol
    # after ("2,50 zł", "1.234,50 €": symbol_before).
    before: bool
    name: str


CURRENCIES: dict[str, Currency] = {
    c.code: c
    for c in (
        Currency("GBP", "£", True, gettext_lazy("Pound sterling")),
        Currency("EUR", "€", True, gettext_lazy("Euro")),
        Currency("USD", "$", True, gettext_lazy("US dollar")),
        Currency("CAD", "C$", True, gettext_lazy("Canadian dollar")),
        Currency("AUD", "A$", True, gettext_lazy("Australian dollar")),
        Currency("NZD", "NZ$", True, gettext_lazy("New Zealand dollar")),
        Currency("ZAR", "R", True, gettext_lazy("South African rand")),
        Currency("CHF", "CHF", False, gettext_lazy("Swiss franc")),
        Currency("PLN", "zł", False, gettext_lazy("Polish złoty")),
        Currency("RUB", "₽", False, gettext_lazy("Russian rouble")),
        Currency("RON", "lei", False, gettext_lazy("Romanian leu")),
        Currency("SEK", "kr", False, gettext_lazy("Swedish krona")),
        Currency("NOK", "kr", False, gettext_lazy("Norwegian krone")),
        Currency("DKK", "kr.", False, gettext_lazy("Danish krone")),
    )
}
DEFAULT_CURRENCY = "GBP"
CURRENCY_CHOICES = [(c.code, f"{c.code} ({c.symbol})") for c in CURRENCIES.values()]


def currency_of(code: str) -> Currency:
    return CURRENCIES.get(code) or CURRENCIES[DEFAULT_CURRENCY]


def symbol_before(c: Currency) -> bool:
    """Whether the active language writes `c`'s symbol before the amount:
    only English does, and only for the symbols it writes so ("£2.50")."""
    return c.before and (translation.get_language() or "en").startswith("en")


# Digits, then at most one decimal separator (point or comma) and its digits.
_AMOUNT = re.compile(r"(?P<whole>\d+)(?:[.,](?P<fraction>\d*))?")
_SYMBOLS = sorted(
    {c.symbol for c in CURRENCIES.values()} | set(CURRENCIES), key=len, reverse=True
)


def _without_symbol(text: str) -> str:
    for symbol in _SYMBOLS:
        if text.upper().startswith(symbol.upper()):
            return text[len(symbol) :].strip()
        if text.upper().endswith(symbol.upper()):
            return text[: -len(symbol)].strip()
    return text


def parse_amount(text: object, *, field: str | None = None) -> Decimal:
    """The amount a person typed, exact to the penny, or a ValidationError in words.

    Accepts "2.50", "2,50", "2", " £2.50 " and "2.50 zł"; refuses anything
    else: blank, words, a negative amount, more than two decimals, thousands
    separators ("1,000.00" is ambiguous), more than the largest amount kept.
    `field` names the form field the error belongs to.
    """

    def refuse(message: str) -> ValidationError:
        return ValidationError({field: message} if field else message, code="invalid")

    if isinstance(text, Decimal):
        raw = format(text, "f")
    elif isinstance(text, int) and not isinstance(text, bool):
        raw = str(text)
    elif isinstance(text, str):
        raw = text
    else:
        raise refuse(_("Type an amount of money, such as 2.50."))
    raw = _without_symbol(raw.strip())
    if not raw:
        raise refuse(_("Type an amount of money, such as 2.50."))
    if raw.startswith("-"):
        raise refuse(_("An amount cannot be negative."))
    match = _AMOUNT.fullmatch(raw)
    if match is None:
        raise refuse(
            _("%(text)s is not an amount of money: type it like 2.50 or 2,50.")
            % {"text": text if isinstance(text, str) else raw}
        )
    fraction = match["fraction"] or ""
    if len(fraction) > DECIMAL_PLACES:
        raise refuse(_("An amount has at most two decimals (pence or cents)."))
    try:
        amount = Decimal(f"{match['whole']}.{fraction or '0'}").quantize(CENT)
    except InvalidOperation:  # pragma: no cover - the pattern admits only digits
        raise refuse(_("Type an amount of money, such as 2.50.")) from None
    if amount > LARGEST:
        raise refuse(_("An amount can be at most %(largest)s.") % {"largest": LARGEST})
    return amount


def money_text(amount: Decimal | None, currency: str) -> str:
    """An amount as shown on a page, in the active language's number format:
    "£2.50", "-£1.00", "£1,234.50"; in Polish "2,50 zł" (a no-break space before the zł)."""
    if amount is None:
        return ""
    c = currency_of(currency)
    amount = Decimal(amount).quantize(CENT)
    sign = "-" if amount < 0 else ""
    # In the language's own way: 1,234.50 in English, 1 234,50 in Polish.
    number = formats.number_format(
        abs(amount), decimal_pos=2, use_l10n=True, force_grouping=True
    )
    if symbol_before(c):
        return f"{sign}{c.symbol}{number}"
    # A no-break space: "170,00 zł" never splits between the figure and the currency.
    return f"{sign}{number}\u00a0{c.symbol}"


def amount_input(amount: Decimal | None) -> str:
    """An amount as a form shows it back to be typed over: in the language's
    own decimal mark and no grouping ("1234,50" in Polish), as parse_amount
    reads it."""
    if amount is None:
        return ""
    return formats.number_format(
        Decimal(amount).quantize(CENT), decimal_pos=2, use_l10n=True
    )


def number_format(currency: str) -> str:
    """The spreadsheet number format of an amount in `currency`: '"£"#,##0.00'."""
    c = currency_of(currency)
    if symbol_before(c):
        return f'"{c.symbol}"#,##0.00;-"{c.symbol}"#,##0.00'
    return f'#,##0.00" {c.symbol}";-#,##0.00" {c.symbol}"'


# A new club's currency, from the language it speaks; English clubs keep pounds.
CURRENCY_OF_LANGUAGE = {"pl": "PLN", "ru": "RUB", "ro": "RON", "it": "EUR"}


def currency_for_language(language: str | None) -> str:
    return CURRENCY_OF_LANGUAGE.get((language or "").split("-")[0], DEFAULT_CURRENCY)
