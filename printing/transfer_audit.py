"""Checking the record of changes of a drive file (printing.transfer_checks).

The record is shown on the *Record of changes* page and replayed there to
rebuild every total (scoring.audit), so each event is checked as the service
that writes it would have made it: its who and subject, its kind, its refs,
and each value it records, old and new, as the field it comes from takes it
(an entry's pay_method is one of the ways of paying, a result's ns_tricks 0
to 13, an amount exact text and not below 0...). A prediction whist result's
predictions and tricks make a deal the rules allow. A value of a name the
kind does not record is plain (text, a number, true or false), so the page
can show it.

Also here, the check of one value against its field that the rows' checks use
too (`value_problem`).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

from drive.clock_services import ACTIONS as CLOCK_ACTIONS
from drive.models import Drive, Entry, MoneyLine
from players.models import AuditKind, Player
from players.money import CURRENCIES
from printing.models import MailStatus
from printing.transfer_problems import Problems, is_int
from printing.transfer_results import DEALS
from prizes.engine import AwardStatus
from scoring.models import (
    HONOURS_VALUES,
    REVOKE_VALUES,
    Adjustment,
    HandResult,
    ResultStatus,
)

MAX_ADJUSTMENT = 1000  # as scoring.services.adjustment_add
AUDIT_TEXT = {"who": 150, "subject": 200}
AUDIT_IDS = (
    "drive",
    "entry",
    "result",
    "adjustment",
    "table",
    "hand",
    "number",
    "money_line",
    "mail",
)
# The longest text kept as a value of a name a kind does not record.
PLAIN_TEXT = 1000


def value_problem(field: models.Field, value: Any) -> str | None:
    """Why `value` (as a JSON file holds it) is not of `field`'s type, or None."""
    if value is None:
        return None if field.null else _("has no value")
    if isinstance(field, models.BooleanField):
        ok, kind = isinstance(value, bool), _("true or false")
    elif isinstance(field, models.IntegerField):
        ok, kind = is_int(value), _("a whole number")
    elif isinstance(field, models.CharField | models.TextField):
        ok, kind = isinstance(value, str), _("text")
    elif isinstance(field, models.DateField):  # and DateTimeField: ISO text
        ok, kind = isinstance(value, str), _("a date written as text")
    elif isinstance(field, models.DecimalField):  # a float may have lost a penny
        ok, kind = (
            isinstance(value, str) or is_int(value),
            _("an amount written as text"),
        )
    else:
        ok, kind = True, ""
    return (
        None
        if ok
        else _("%(value)s is not %(kind)s") % {"value": repr(value)[:40], "kind": kind}
    )


# --- one recorded value ---------------------------------------------------------------

Check = Callable[[Any], str | None]


def _field(model: type[models.Model], name: str) -> Check:
    """The value as `model`'s field `name` takes it from a form (type, length,
    choice, range); an amount not below 0."""
    field = model._meta.get_field(name)

    def check(value: Any) -> str | None:
        wrong = value_problem(field, value)
        if wrong:
            return wrong
        if value is None:
            return None
        try:
            cleaned = field.clean(value, None)
        except ValidationError as error:
            return " ".join(error.messages)
        if isinstance(cleaned, Decimal) and cleaned < 0:
            return _("%(amount)s is less than 0") % {"amount": cleaned}
        return None

    return check


def _choice(values: Any) -> Check:
    allowed = frozenset(str(v) for v in values)

    def check(value: Any) -> str | None:
        if isinstance(value, str) and value in allowed:
            return None
        return _("%(value)s is not one of the choices") % {"value": repr(value)[:40]}

    return check


def _whole(low: int, high: int | None = None) -> Check:
    def check(value: Any) -> str | None:
        if value is None or (
            is_int(value) and value >= low and (high is None or value <= high)
        ):
            return None
        if high is None:
            return _("%(value)s is not a whole number of %(low)d or more") % {
                "value": repr(value)[:40],
                "low": low,
            }
        return _("%(value)s is not a whole number from %(low)d to %(high)d") % {
            "value": repr(value)[:40],
            "low": low,
            "high": high,
        }

    return check


def _amount(value: Any) -> str | None:
    """An amount as the record keeps it: exact text ("2.50"), not below 0."""
    try:
        amount = Decimal(value) if isinstance(value, str) else None
    except InvalidOperation:
        amount = None
    if amount is None or not amount.is_finite():
        return _("%(value)s is not an amount written as text") % {
            "value": repr(value)[:40]
        }
    if amount < 0:
        return _("%(amount)s is less than 0") % {"amount": amount}
    return None


def _text(longest: int) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, str) and len(value) <= longest:
            return None
        return _("%(value)s is not a text of at most %(limit)d characters") % {
            "value": repr(value)[:40],
            "limit": longest,
        }

    return check


def _numbers(value: Any) -> str | None:
    if isinstance(value, list) and all(is_int(v) and v >= 1 for v in value):
        return None
    return _("%(value)s is not a list of entry numbers") % {"value": repr(value)[:40]}


def _texts(value: Any) -> str | None:
    """A list of short texts (a prize's winners, each a name and its numbers)."""
    if isinstance(value, list) and all(
        isinstance(v, str) and len(v) <= PLAIN_TEXT for v in value
    ):
        return None
    # Translators: a value in a drive file's record of changes that is wrong.
    return _("%(value)s is not a list of texts") % {"value": repr(value)[:40]}


def _plain(value: Any) -> str | None:
    """A value of a name the kind does not record: shown as it is."""
    if value is None or isinstance(value, bool | int):
        return None
    if isinstance(value, str) and len(value) <= PLAIN_TEXT:
        return None
    return _("%(value)s is not text, a number, or true or false") % {
        "value": repr(value)[:40]
    }


def _entry_values() -> dict[str, Check]:
    names = (
        "number",
        "group",
        "pair",
        "checked_in",
        "paid",
        "paid_amount",
        "pay_method",
        "payment_note",
        "refunded_amount",
        "joined_round",
        "withdrawn_from_round",
        "stays_at_table",
        "stays_table",
        "large_print",
    )
    checks = {name: _field(Entry, name) for name in names}
    checks["player"] = _text(Player._meta.get_field("name").max_length)
    checks["paid_amount"] = checks["refunded_amount"] = _amount
    return checks


def _result_values() -> dict[str, Check]:
    checks = {
        name: _field(HandResult, name)
        for name in ("status", "version", "predictions", "tricks")
    }
    checks["ns_tricks"] = _whole(0, 13)
    checks["honours"] = _choice(HONOURS_VALUES)
    checks["revoke"] = _choice(REVOKE_VALUES)
    return checks


# What each kind of change records, name by name (by the kind's first word:
# "entry", "result"... or the whole kind).
VALUES: dict[str, Callable[[], dict[str, Check]]] = {
    "entry": _entry_values,
    "result": _result_values,
    "adjustment": lambda: {
        "entry": _whole(1),
        "points": _whole(-MAX_ADJUSTMENT, MAX_ADJUSTMENT),
        "reason": _field(Adjustment, "reason"),
    },
    "money": lambda: {
        "kind": _field(MoneyLine, "kind"),
        "amount": _amount,
        "note": _field(MoneyLine, "note"),
    },
    AuditKind.DRIVE_FEE: lambda: {"fee": _amount, "currency": _choice(CURRENCIES)},
    AuditKind.DRIVE_CLOCK: lambda: {
        "action": _choice(CLOCK_ACTIONS),
        "round": _whole(0),
        "seconds_left": _whole(0),
        "was_left": _whole(0),
    },
    # The prize-giving (prizes.audit_values): a prize shown, its winners.
    "giving": lambda: {
        "place": _whole(1),
        "step": _whole(0),
        "prizes": _whole(0),
        "winners": _texts,
        "outcome": _choice(tuple(s.value for s in AwardStatus)),
    },
    AuditKind.DRIVE_START: lambda: {"joined_round": _whole(1), "entries": _numbers},
    AuditKind.RESULTS_MAIL: lambda: {
        "address": _text(254),
        "status": _choice(MailStatus.values),
        "reason": _text(PLAIN_TEXT),
    },
}


def _checks_of(kind: str) -> dict[str, Check]:
    made = VALUES.get(kind) or VALUES.get(kind.split(".", 1)[0])
    return made() if made else {}


def _check_values(
    where: str, kind: str, values: Mapping[str, Any], problems: Problems
) -> None:
    checks = _checks_of(kind)
    for name, value in values.items():
        wrong = checks.get(name, _plain)(value)
        if wrong:
            problems.add(where, f"{name}: {wrong}")


# --- one event ------------------------------------------------------------------------


def _check_deal(
    where: str, drive: Drive, refs: Mapping, new: Mapping, problems: Problems
) -> None:
    """A result's predictions and tricks: a legal deal of a prediction whist
    drive's hand, none in another drive (printing.transfer_results.DEALS)."""
    DEALS[drive.game].check_recorded(where, drive, refs.get("hand"), new, problems)


def _check_replay(
    where: str, kind: str, refs: dict, new: dict | None, problems: Problems
) -> None:
    """What scoring.audit needs to rebuild the totals from the record."""
    if kind.startswith("entry.") and not is_int(refs.get("number")):
        problems.add(where, _("refs has no entry number"))
    elif kind.startswith("result."):
        if not (is_int(refs.get("table")) and is_int(refs.get("hand"))):
            problems.add(where, _("refs has no table and hand"))
        # Its tricks, honours and revoke are checked as values; left out (by a
        # file older than honours and revokes), none.
        confirmed = bool(new) and new.get("status") == ResultStatus.CONFIRMED
        if confirmed and "ns_tricks" not in new:
            problems.add(where, _("ns_tricks is not 0 to 13"))
    elif kind == AuditKind.ADJUSTMENT_ADD and not (
        new
        and is_int(new.get("entry"))
        and is_int(new.get("points"))
        and is_int(refs.get("adjustment"))
    ):
        problems.add(where, _("an added adjustment needs its entry and points"))


def check_audit(events: list[dict], drive: Drive | None, problems: Problems) -> None:
    """Each event as the record of changes and its rebuild of the totals read
    it; `drive` is the file's drive as checked (None when it cannot be read,
    which is a problem said already)."""
    for index, event in enumerate(events):
        where = f"audit, event {index + 1}"
        for name, limit in AUDIT_TEXT.items():
            text = event.get(name)
            if not isinstance(text, str) or not text or len(text) > limit:
                problems.add(
                    where,
                    _("%(field)s is not a text of 1 to %(limit)s characters")
                    % {"field": name, "limit": limit},
                )
        kind = event.get("kind")
        if kind not in AuditKind.values:
            problems.add(
                where, _("kind %(kind)r is not a kind of change") % {"kind": kind}
            )
        try:
            at = datetime.datetime.fromisoformat(str(event.get("at")))
        except ValueError:
            problems.add(where, _("at is not a date and time"))
        else:
            if at.tzinfo is None:
                problems.add(where, _("at has no time zone"))
        refs, old, new = event.get("refs"), event.get("old"), event.get("new")
        if not isinstance(refs, dict):
            problems.add(where, _("refs is not an object"))
            continue
        if any(refs.get(k) is not None and not is_int(refs[k]) for k in AUDIT_IDS):
            problems.add(where, _("refs holds something that is not a number"))
        if any(v is not None and not isinstance(v, dict) for v in (old, new)):
            problems.add(where, _("old and new are objects, or empty"))
            continue
        if kind not in AuditKind.values:
            continue
        for values in (old, new):
            if values:
                _check_values(where, kind, values, problems)
                if drive is not None and kind.startswith("result."):
                    _check_deal(where, drive, refs, values, problems)
        _check_replay(where, kind, refs, new, problems)
