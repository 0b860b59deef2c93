"""Helpers the captain's-phone tests share: a table, a phone's submission, what
it wrote, and the captain's page's addresses."""

from __future__ import annotations

from drive.models import Table
from players.models import AuditEvent
from scoring import captain as captain_services
from scoring.models import HandResult, PhoneReceipt

KEY = "k" * 22


def table_of(drive, number: int = 1) -> Table:
    return Table.objects.get(drive=drive, number=number)


def submit(table: Table, hand: int, ns: int, key: str = KEY):
    return captain_services.captain_result_submit(
        table=table, hand=hand, ns_tricks=ns, idempotency_key=key
    )


def audit_count(drive) -> int:
    return AuditEvent.objects.filter(drive_id=drive.pk).count()


def results(drive) -> list[tuple]:
    return list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("id")
        .values_list("table__number", "hand", "ns_tricks", "status", "version")
    )


def written(drive) -> tuple:
    """Everything a phone's submission could write: results, audit events, receipts."""
    return (
        results(drive),
        audit_count(drive),
        PhoneReceipt.objects.filter(table__drive=drive).count(),
    )


def page_url(table: Table, suffix: str = "") -> str:
    return f"/t/{table.captain_key}/{suffix}"


def post_result(client, table, hand, ns, key=KEY, **extra):
    data = {
        "hand": hand,
        "ns_tricks": ns,
        "idempotency_key": key,
        "table": table.number,
    }
    data.update(extra)
    return client.post(page_url(table, "result/"), data, **extra.pop("headers", {}))


JSON = {"HTTP_ACCEPT": "application/json"}
