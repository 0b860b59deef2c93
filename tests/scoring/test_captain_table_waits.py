"""The write tells the captain's answer whether the table is in (every hand of
its round has a result, none waits for an opponent), so that the answer need
not build the table's page to know that the page lists the result itself.
Whatever path the write takes, it must say what the page then shows."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from drive.models import Drive, Table
from scoring import captain as captain_services
from scoring import captain_plan, live, selectors
from scoring import services as scoring_services
from scoring.captain import Kind
from tests.factories import drive_with_players


def submit(table: Table, hand: int, ns: int, key: str):
    return captain_services.captain_result_submit(
        table=Table.objects.select_related("drive").get(pk=table.pk),
        hand=hand,
        ns_tricks=ns,
        idempotency_key=key * 22,
    )


def page_lists(table: Table, hand: int) -> bool:
    """What the table's page shows now: the table waits, listing `hand`."""
    drive = Drive.objects.get(pk=table.drive_id)
    view = live.captain_view(drive=drive, table_number=table.number)
    return view.mode == live.CaptainMode.WAITING and any(
        h.hand == hand for h in view.entered
    )


@pytest.fixture(params=["planned", "under the lock"])
def path(request, monkeypatch):
    """The usual submission is planned before the drive's lock; anything else
    is worked out under it. Both must say the same."""
    if request.param == "under the lock":
        monkeypatch.setattr(captain_services, "_plan_first_result", lambda *a: None)
    return request.param


def test_every_hand_of_every_round_says_what_the_page_shows(club, path):
    drive = drive_with_players(players=8, club=club, hands=6, hands_per_round=3)
    said = []
    for hand in range(1, 7):
        for number in (1, 2):
            table = Table.objects.get(drive=drive, number=number)
            outcome = submit(table, hand, 7, key="abcdefghijkl"[hand * 2 + number - 3])
            assert outcome.kind == Kind.RECORDED
            assert outcome.table_waits == page_lists(table, hand)
            said.append(outcome.table_waits)
    # A round's last hand: table 1 waits for table 2, whose result moves the
    # room on (the page then shows the next round's first hand).
    assert said == [False] * 4 + [True, False] + [False] * 4 + [True, False]


def test_a_later_hand_entered_by_the_organiser_first(club, path):
    drive = drive_with_players(players=8, club=club, hands=3, hands_per_round=3)
    table = Table.objects.get(drive=drive, number=1)
    scoring_services.hand_result_submit(drive=drive, table=1, hand=3, ns_tricks=6)
    first = submit(table, 1, 7, key="a")
    assert (first.table_waits, page_lists(table, 1)) == (False, False)
    second = submit(table, 2, 7, key="b")
    assert (second.table_waits, page_lists(table, 2)) == (True, True)


def test_a_hand_still_waiting_for_its_opponent_keeps_the_table_out(club, path):
    drive = drive_with_players(
        players=8, club=club, hands=2, hands_per_round=2, opponent_confirms=True
    )
    table = Table.objects.get(drive=drive, number=1)
    assert submit(table, 1, 7, key="a").kind == Kind.PENDING
    # The organiser turns confirmation off with hand 1 still pending.
    Drive.objects.filter(pk=drive.pk).update(opponent_confirms=False)
    outcome = submit(table, 2, 7, key="b")
    assert outcome.kind == Kind.RECORDED
    assert (outcome.table_waits, page_lists(table, 2)) == (False, False)


def test_the_plan_knows_it_before_the_lock(club):
    drive = drive_with_players(players=8, club=club, hands=2, hands_per_round=2)
    table = Table.objects.get(drive=drive, number=1)
    submit(table, 1, 7, key="a")
    table = Table.objects.select_related("drive").get(pk=table.pk)
    plan = captain_plan._plan_first_result(table.drive, table, 2, "b" * 22)
    assert plan is not None and plan.table_in


@pytest.mark.django_db(transaction=True)
def test_the_answer_that_says_on_page_costs_no_more_than_any_other(club):
    """At the bell a hundred phones send at once: the usual result is the
    link's lookup (with the plan's read) and the write, on PostgreSQL one
    round trip (begin, lock, check, both rows, commit), whichever hand."""
    drive = drive_with_players(players=8, club=club, hands=4, hands_per_round=2)
    table = Table.objects.get(drive=drive, number=1)
    phone = Client()
    phone.get(f"/t/{table.captain_key}/")
    usual = {"postgresql": 2, "sqlite": 7}[connection.vendor]
    answers = []
    for hand in (1, 2):
        with CaptureQueriesContext(connection) as queries:
            response = phone.post(
                f"/t/{table.captain_key}/result/",
                {
                    "table": "1",
                    "hand": hand,
                    "ns_tricks": 8,
                    "idempotency_key": "h" * 21 + str(hand),
                },
                HTTP_ACCEPT="application/json",
            )
        assert len(queries.captured_queries) == usual
        if connection.vendor == "postgresql":
            # Both are statements the connection keeps planned (players.prepared).
            sent = [query["sql"] for query in queries.captured_queries]
            assert sent[0].startswith("EXECUTE w_"), sent[0][:80]
            assert sent[1].startswith("BEGIN; EXECUTE w_"), sent[1][:80]
        answers.append(response.json().get("on_page", False))
    assert answers == [False, True]


@pytest.mark.parametrize(
    "hand, standing, pending, table_in",
    [
        (3, {1, 2}, set(), True),
        (2, {1}, set(), False),  # hand 3 still to play
        (1, {2, 3}, set(), True),  # the others came first
        (3, {1, 2}, {2}, False),  # hand 2 waits for an opponent
    ],
)
def test_table_in_after(hand, standing, pending, table_in):
    assert selectors.table_in_after(range(1, 4), hand, standing, pending) is table_in
