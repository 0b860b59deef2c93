"""The organiser's page of a drive's audit record: who changed what, when."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy
from django.views.decorators.http import require_GET

from drive.format_words import RoundWords
from drive.models import MoneyKind, PaymentMethod
from drive.movement.types import Game
from drive.views import club_drive
from players.access import organiser_required
from players.audit_words import source_words, subject_words
from players.lists import and_list
from players.models import AuditEvent, AuditKind
from players.money import CURRENCIES, money_text
from scoring.audit import audit_check, disagreements_settled, recorded_deal
from scoring.deal_games import GAMES, HandsDeals, PredictionDeals
from scoring.models import ResultStatus
from scoring.rules import HONOURS_CHOICES, REVOKE_CHOICES
from scoring.services import deal_summary

EVENTS_PER_PAGE = 100
# The words a change is shown in, for the values the record keeps.
FIELD_NAMES = {
    # Translators: a hand's North-South tricks, in the record of changes'
    # list of what changed ("honours", "state"): lower case as in the middle of
    # a sentence, Italian "prese N-S" (a column's head is "N-S tricks").
    "ns_tricks": pgettext_lazy("record field", "N-S tricks"),
    "honours": gettext_lazy("honours"),
    "revoke": gettext_lazy("revoke"),
    "status": gettext_lazy("state"),
    "version": gettext_lazy("version"),
    "checked_in": gettext_lazy("checked in"),
    "paid": gettext_lazy("paid"),
    "paid_amount": gettext_lazy("amount paid"),
    "pay_method": gettext_lazy("paid by"),
    "payment_note": gettext_lazy("payment note"),
    "refunded_amount": gettext_lazy("refunded"),
    "fee": gettext_lazy("entry fee"),
    "currency": gettext_lazy("currency"),
    "kind": gettext_lazy("kind"),
    "amount": gettext_lazy("amount"),
    "note": gettext_lazy("note"),
    "group": gettext_lazy("group"),
    "pair": pgettext_lazy("record field", "pair"),
    # An entry's first round and the round it withdrew from, and below the
    # round the bell ended, are named in the format's words (`changes`:
    # drive.format_words, "joins at game" in prediction whist).
    "joined_round": RoundWords.record_fields["joined_round"],
    "withdrawn_from_round": RoundWords.record_fields["withdrawn_from_round"],
    "stays_at_table": gettext_lazy("stays at one table"),
    "stays_table": gettext_lazy("table to stay at"),
    "large_print": gettext_lazy("large-print card"),
    "points": gettext_lazy("points"),
    "reason": gettext_lazy("reason"),
    "player": pgettext_lazy("record field", "player"),
    "number": gettext_lazy("number"),
    "entry": gettext_lazy("entry"),
    "entries": gettext_lazy("entries"),
    # Translators: a prediction whist deal's predictions, seat by seat, in the
    # record of changes.
    "predictions": gettext_lazy("predictions"),
    # Translators: a prediction whist deal's tricks, seat by seat, in the
    # record of changes.
    "tricks": gettext_lazy("tricks"),
    "address": gettext_lazy("e-mail address"),
    # The bell and the end of a round (drive.clock_services, scoring.services).
    "round": RoundWords.record_fields["round"],
    # Translators: how many times the bell has been rung by hand this evening.
    "rung": pgettext_lazy("record field", "bell rung (times)"),
    "finished": pgettext_lazy("record field", "drive finished"),
    # The prize-giving (prizes.audit_values).
    # Translators: how many prizes the prize-giving has shown so far.
    "step": pgettext_lazy("record field", "prizes shown"),
    # Translators: how many prizes the prize-giving gives out in all.
    "prizes": pgettext_lazy("record field", "prizes to give"),
    # Translators: a prize's place on the drive's prize list (1: first prize).
    "place": pgettext_lazy("record field", "place on the prize list"),
    "prize": pgettext_lazy("record field", "prize"),
    "winners": pgettext_lazy("record field", "winners"),
    # Translators: how a prize was decided: won, shared, or a cut to come.
    "outcome": pgettext_lazy("record field", "decided"),
    # Translators: the results of the last rounds, kept from the players
    # until the prize-giving, are shown to everyone.
    "silence_lifted": pgettext_lazy("record field", "results revealed"),
    # Publishing to the club's website (printing.audit_values).
    "website": pgettext_lazy("record field", "club's website"),
    "published": pgettext_lazy("record field", "published"),
    "public_url": pgettext_lazy("record field", "results address"),
    "revoked": pgettext_lazy("record field", "revoked"),
}
# Values kept as codes, shown in words. A result's record leaves out honours
# and a revoke it did not have (scoring.audit.result_values): absent is "none".
VALUE_WORDS = {
    "honours": dict(HONOURS_CHOICES),
    "revoke": dict(REVOKE_CHOICES),
    "pay_method": dict(PaymentMethod.choices),
    "kind": dict(MoneyKind.choices),
    "status": dict(ResultStatus.choices),
    # How the prize engine decided a prize shown (prizes.engine.AwardStatus,
    # above this app).
    "outcome": {
        "won": pgettext_lazy("how a prize was decided", "won"),
        "shared": pgettext_lazy("how a prize was decided", "shared"),
        "awaiting_draw": pgettext_lazy(
            "how a prize was decided", "a cut of the cards to come"
        ),
    },
}
# Amounts, kept as plain decimals ("150.00"), shown as the club writes money
# ("150,00 ₽", "£2.50"); a fee's record keeps its currency beside it.
MONEY_FIELDS = frozenset({"paid_amount", "refunded_amount", "fee", "amount"})
# A results e-mail's state (printing.models.MailStatus, above this app).
MAIL_STATUS_WORDS = {
    "sent": gettext_lazy("Sent"),
    "failed": gettext_lazy("Failed"),
    "skipped": gettext_lazy("Skipped"),
}


@dataclass(frozen=True)
class Change:
    field: str
    old: str
    new: str

    @property
    def text(self) -> str:
        return f"{self.field}: {self.old} → {self.new}"


@dataclass(frozen=True)
class Said:
    """A change said in a sentence: where "before → after" of its values would
    say something untrue (a second result kept beside the result that stands
    is no change of it)."""

    text: str


def _shown(value: Any) -> str:
    if value is None:
        return "–"
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _money(values: dict | None, key: str, currency: str | None) -> str | None:
    """A recorded amount as money in the club's `currency` (the record's own
    where it keeps one); None where it is none (a record loaded from a file
    may hold anything)."""
    value = (values or {}).get(key)
    if currency is None or key not in MONEY_FIELDS or not isinstance(value, str):
        return None
    try:
        amount = Decimal(value)
    except InvalidOperation:
        return None
    if not amount.is_finite():
        return None
    kept = (values or {}).get("currency")
    return money_text(amount, kept if kept in CURRENCIES else currency)


def _value(
    values: dict | None,
    key: str,
    words: dict[str, dict],
    deals: HandsDeals | PredictionDeals,
    currency: str | None = None,
) -> str:
    """One recorded value in words: "–" when there was no record at all; a
    result's values in its game's words where it has its own (`deals`); an
    amount as money in `currency`."""
    money = _money(values, key, currency)
    if money is not None:
        return money
    if key in words and values is not None:
        code = values.get(key, "")
        if isinstance(code, str):  # a record loaded from a file may hold anything
            return str(words[key].get(code, code))
    value = (values or {}).get(key)
    said = deals.record_value(key, value)
    return _shown(value) if said is None else said


def changes(
    event: AuditEvent,
    between: tuple[dict, ...] = (),
    groups: dict[str, str] | None = None,
    fields: Mapping[str, Any] | None = None,
    *,
    game: Game,
    currency: str | None = None,
) -> list[Change | Said]:
    """What the event changed, value by value; a hand result's second result
    and a disagreement settled in a sentence (`result_said`; `between`: the
    results a disagreement settled was between, scoring.audit.disagreements_settled).
    An entry's group, kept as A or B, is shown by its name in `groups` (the
    drive's: "group: Ladies → Gents"). `fields` names the fields whose words
    are the format's (the drive's words' record_fields: "joins at game");
    `game` says which of a result's values it shows, and how: the drive's,
    or the hands game's for a record that is no drive's (which shows every
    value as it is); each caller says which, none gets one by default.
    Amounts are money in the club's `currency`, where given."""
    names = {**FIELD_NAMES, **(fields or {})}
    said = result_said(event, between)
    if said:
        return [Said(said)]
    old, new = event.old or {}, event.new or {}
    keys = [k for k in FIELD_NAMES if k in old or k in new]
    keys += [k for k in {**old, **new} if k not in FIELD_NAMES]
    deals = GAMES[game]
    keys = [k for k in keys if k not in deals.record_hidden]
    if groups is not None and not groups:
        # Partners, rubber and prediction whist keep each entry under A or B
        # all the same, a letter none of their pages shows.
        keys = [k for k in keys if k != "group"]
    words = VALUE_WORDS
    if event.kind == AuditKind.RESULTS_MAIL:
        words = {**VALUE_WORDS, "status": MAIL_STATUS_WORDS}
    if groups:
        words = {**words, "group": groups}
    changed: list[Change | Said] = [
        Change(
            str(names.get(k, k)),
            _value(event.old, k, words, deals, currency),
            _value(event.new, k, words, deals, currency),
        )
        for k in keys
        if not (event.old and event.new and old.get(k) == new.get(k))
    ]
    return changed


def _deal_words(values: object) -> str:
    """A recorded result as messages quote it ("N-S 8, E-W 5"); a record
    no page could write, its N-S tricks as they are."""
    deal = recorded_deal(values)
    if deal is not None:
        try:
            return deal_summary(deal)
        except ValueError:  # predictions or tricks no deal could have
            pass
    return _shown(values.get("ns_tricks") if isinstance(values, dict) else None)


def _quoted(values: dict) -> str:
    # Translators: a result quoted in the record of changes, "N-S 8, E-W 5",
    # in the language's quotation marks.
    return pgettext("a result quoted", "“%(result)s”") % {"result": _deal_words(values)}


def result_said(event: AuditEvent, between: tuple[dict, ...] = ()) -> str:
    """A hand result's record in a sentence where its values before and after
    would mislead ("" for every other record):

    - a second result kept as a disagreement (scoring.second_results): it was
      not counted, and the result standing (`old`) still stands;
    - a disagreement settled (`RESULT_RESOLVE`, recorded with no `old`): the
      results it was between (`between`), and the result that counts.
    """
    if not event.kind.startswith("result.") or not isinstance(event.new, dict):
        return ""
    values = {"result": _deal_words(event.new)}
    if event.new.get("status") == ResultStatus.CONFLICT:
        if isinstance(event.old, dict):
            return _(
                # Translators: the record of changes; second and first are
                # results, "N-S 6, E-W 7". The second did not change the first.
                "A second result, %(second)s, was not counted but kept as a "
                "disagreement; %(first)s still stands."
            ) % {"second": values["result"], "first": _deal_words(event.old)}
        return _(
            # Translators: the record of changes; second is a result, "N-S 6, E-W 7".
            "A second result, %(second)s, was not counted but kept as a disagreement."
        ) % {"second": values["result"]}
    if event.kind != AuditKind.RESULT_RESOLVE:
        return ""
    if len(between) > 1:
        # Translators: the record of changes; results is a list of quoted
        # results, "“N-S 8, E-W 5” and “N-S 6, E-W 7”", result the one chosen.
        return _("The disagreement between %(results)s was settled as %(result)s.") % {
            "results": and_list([_quoted(v) for v in between]),
            **values,
        }
    # Translators: the record of changes; result is the result chosen, "N-S 8, E-W 5".
    return _("The disagreement was settled as %(result)s.") % values


@dataclass(frozen=True)
class Row:
    """One change as the page shows it, in the page's language."""

    event: AuditEvent
    who: str
    subject: str
    changes: list[Change | Said]


def row(
    event: AuditEvent,
    between: tuple[dict, ...] = (),
    groups: dict[str, str] | None = None,
    fields: Mapping[str, Any] | None = None,
    hand_word: str | Callable[[int], str] | None = None,
    *,
    game: Game,
    currency: str | None = None,
) -> Row:
    """One change as the page shows it; `game` and `currency` as `changes`
    takes them."""
    return Row(
        event,
        source_words(event.who),
        subject_words(event.subject, hand_word),
        changes(event, between, groups, fields, game=game, currency=currency),
    )


@organiser_required
@require_GET
def audit_trail(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    query = request.GET.get("q", "").strip()[:100]
    events = AuditEvent.objects.filter(club=drive.club, drive_id=drive.pk).order_by(
        "-id"
    )
    if query:
        events = events.filter(
            subject__iregex=drive.words.record_search(
                query, hand_named=drive.hand_named, hands=drive.hands
            )
        )
    page = Paginator(events, EVENTS_PER_PAGE).get_page(request.GET.get("page"))
    settled = disagreements_settled(drive=drive, events=page)
    context = {
        "drive": drive,
        "page": page,
        "rows": [
            row(
                event,
                settled.get(event.pk, ()),
                drive.group_labels,
                drive.words.record_fields,
                drive.record_deal,
                game=drive.game,
                currency=drive.club.currency,
            )
            for event in page
        ],
        "query": query,
        "problems": audit_check(drive=drive),
    }
    return render(request, "scoring/audit.html", context)
