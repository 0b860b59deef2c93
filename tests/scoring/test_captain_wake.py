"""A captain's phone that slept while the room moved on: when it wakes and asks
for news of the hand it was on, it hears of every hand recorded meanwhile, not
only that one."""

from __future__ import annotations

from django.test import Client

from drive.models import Table
from scoring import services as scoring_services
from scoring.views import captain as captain_views
from tests.factories import drive_with_players


def news(table: Table, hand: object) -> str:
    answer = Client().get(
        f"/t/{table.captain_key}/news/", {"seen": "asleep", "hand": hand}
    )
    assert answer.status_code == 200
    return answer.json()["message"]


def test_a_phone_woken_two_hands_on_hears_of_both(club):
    drive = drive_with_players(players=8, club=club, hands=8)
    table = Table.objects.get(drive=drive, number=1)
    assert news(table, 1) == ""  # nothing recorded yet
    for hand, ns in ((1, 7), (2, 8)):
        for number in (1, 2):
            scoring_services.hand_result_submit(
                drive=drive, table=number, hand=hand, ns_tricks=ns
            )
    assert news(table, 1) == (
        "Hand 1 was recorded by the organiser: N-S 7, E-W 6. "
        "Hand 2 was recorded by the organiser: N-S 8, E-W 5."
    )
    # Asked about the later hand: that one alone.
    assert news(table, 2) == "Hand 2 was recorded by the organiser: N-S 8, E-W 5."


def test_a_phone_asleep_all_evening_is_told_of_a_few_hands_at_most(club):
    drive = drive_with_players(players=8, club=club, hands=8)
    table = Table.objects.get(drive=drive, number=1)
    for hand in range(1, 8):
        for number in (1, 2):
            scoring_services.hand_result_submit(
                drive=drive, table=number, hand=hand, ns_tricks=7
            )
    said = news(table, 1)
    assert said.count("was recorded by the organiser") == captain_views.NEWS_HANDS
    assert said.startswith("Hand 1 ") and "Hand 4 " in said and "Hand 5 " not in said
