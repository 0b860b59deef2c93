"""A prediction whist drive's round is a game (drive.format_words): a late
arrival, a leaver and the prize list say "game 2" at the door and at the
prize-giving, as the seating and the phones do, not "round 2" ("с тура 2"
beside "партия 2" on the same Russian page)."""

from __future__ import annotations

from django.utils import translation

from drive import entry_services
from drive.models import DriveState
from tests.fixtures import drive_url, messages_of
from tests.predictions import play_to_the_end, prediction_drive


def test_a_late_arrival_and_a_leaver_are_told_by_game(organiser_client, club):
    drive = prediction_drive(club, players=8, games=2)
    arrived = organiser_client.post(
        drive_url(drive, "entries/"),
        {"name": "Vera Orlova", "checked_in": "on"},
        follow=True,
    )
    assert messages_of(arrived) == ["Vera Orlova is number 9. Joins at game 2."]

    first = drive.entries.get(number=1)
    left = organiser_client.post(
        drive_url(drive, f"entries/{first.pk}/"),
        {"action": "withdraw", "confirm": "withdraw"},
        follow=True,
    )
    name = first.player.name
    assert messages_of(left) == [f"{name} (number 1) leaves: not seated from game 2."]
    page = organiser_client.get(drive_url(drive, "entries/")).content.decode()
    assert "withdrawn from game 2" in page and "joins game 2" in page
    assert "round 2" not in page

    late = drive.entries.get(number=9)
    late.checked_in = False
    late.save(update_fields=["checked_in"])
    again = organiser_client.post(
        drive_url(drive, f"entries/{late.pk}/"), {"action": "check_in"}, follow=True
    )
    assert messages_of(again) == [
        "Vera Orlova (number 9) is checked in. Joins at game 2."
    ]


def test_the_prize_list_says_before_which_game_a_leaver_left(organiser_client, club):
    drive = prediction_drive(club, players=8, games=2)
    entry = drive.entries.get(number=1)
    entry_services.entry_withdraw(entry=entry)
    play_to_the_end(drive)
    assert drive.state == DriveState.FINISHED
    page = organiser_client.get(drive_url(drive, "prizes/")).content.decode()
    assert f"1 {entry.player.name} (withdrew before game 2)" in page


def test_the_game_words_in_russian(club):
    drive = prediction_drive(club, players=8, games=2, start=False)
    with translation.override("ru"):
        assert drive.words.joins_at(3) == "Вступает в игру с партии 3."
        assert drive.words.withdrawn_from(3) == "снят(а) с партии 3"
        assert drive.words.joins_tag(3) == "вступает в партию 3"
        assert (
            drive.words.leaves(name="Морозов Владимир", number=10, round=3)
            == "Морозов Владимир (номер 10) уходит: с партии 3 не участвует в рассадке."
        )
