"""At the door: a name typed that the roster does not hold but that is like
some players' names is asked about, never quietly added as a second card; and
every button beside an entry says what it did, to whom."""

from __future__ import annotations

import re

import pytest

from drive import services
from drive.models import DriveState, Entry
from players.models import Player
from tests.factories import DriveFactory, PlayerFactory
from tests.fixtures import drive_url, messages_of


@pytest.fixture
def roster(club) -> dict[str, Player]:
    names = ["Anna Wiśniewska", "Barbara Wiśniewska", "Ольга Федорова", "Jan Kowalski"]
    return {name: PlayerFactory(club=club, name=name) for name in names}


@pytest.fixture
def door(club):
    return DriveFactory(club=club, state=DriveState.OPEN)


def buttons(html: str, field: str) -> list[str]:
    return re.findall(rf'<button type="submit" name="{field}" value="(\w+)"', html)


def test_part_of_a_name_is_asked_about_not_added(organiser_client, door, roster):
    url = drive_url(door, "entries/")
    asked = organiser_client.post(url, {"name": "Wisniewska", "checked_in": "on"})
    assert asked.status_code == 400
    html = asked.content.decode()
    assert "Nobody on the roster is called “Wisniewska”." in html
    assert "Is it one of these? Tap their name:" in html
    assert buttons(html, "player") == [
        str(roster["Anna Wiśniewska"].pk),
        str(roster["Barbara Wiśniewska"].pk),
    ]
    assert buttons(html, "new_player") == ["on"]
    assert "Add “Wisniewska” as a new player" in html
    # Nothing written: no entry, no second card on the roster.
    assert not Entry.objects.filter(drive=door).exists()
    assert not Player.objects.filter(name="Wisniewska").exists()

    picked = organiser_client.post(
        url,
        {"name": "Wisniewska", "player": roster["Anna Wiśniewska"].pk, "paid": "on"},
        follow=True,
    )
    entry = Entry.objects.get(drive=door)
    assert (entry.player, entry.paid) == (roster["Anna Wiśniewska"], True)
    assert "Anna Wiśniewska is number 1, Ladies." in messages_of(picked)


def test_the_other_alphabet_is_asked_about(organiser_client, door, roster):
    asked = organiser_client.post(drive_url(door, "entries/"), {"name": "Fedorova"})
    assert buttons(asked.content.decode(), "player") == [
        str(roster["Ольга Федорова"].pk)
    ]


def test_someone_new_is_added_when_the_door_is_told_so(organiser_client, door, roster):
    url = drive_url(door, "entries/")
    added = organiser_client.post(
        url, {"name": "Kowalsky", "new_player": "on", "checked_in": "on"}, follow=True
    )
    assert added.status_code == 200
    entry = Entry.objects.get(drive=door)
    assert entry.player.name == "Kowalsky"
    assert entry.player.pk not in {p.pk for p in roster.values()}
    # A name like nobody's is added at once, as before.
    organiser_client.post(url, {"name": "Zdzisław Zawada", "checked_in": "on"})
    assert door.entries.filter(player__name="Zdzisław Zawada").exists()


def test_a_player_entered_already_is_named_with_their_number(
    organiser_client, door, roster
):
    services.entry_register(drive=door, player=roster["Jan Kowalski"])
    html = organiser_client.post(
        drive_url(door, "entries/"), {"name": "Kowalsky"}
    ).content.decode()
    assert "Jan Kowalski is entered already: number 1." in html
    assert buttons(html, "player") == []
    assert buttons(html, "new_player") == ["on"]


def test_enter_in_the_name_box_picks_no_suggestion(organiser_client, door, roster):
    """A browser sends a form's first submit button when Enter is pressed in a
    box: it is a plain Register, not the first suggestion's."""
    html = organiser_client.post(
        drive_url(door, "entries/"), {"name": "Wisniewska"}
    ).content.decode()
    form = html.split('class="register"', 1)[1]
    first = re.search(r"<button[^>]*>", form).group(0)
    assert 'name="' not in first and 'type="submit"' in first


def test_a_pick_stands_only_for_the_name_it_was_picked_for(
    organiser_client, door, roster
):
    """The name typed over since is the one meant: Anna picked for
    "Wisniewska", then the box changed to "Kowalski", registers Jan."""
    organiser_client.post(
        drive_url(door, "entries/"),
        {"name": "Jan Kowalski", "player": roster["Anna Wiśniewska"].pk},
    )
    assert Entry.objects.get(drive=door).player == roster["Jan Kowalski"]


def test_a_partners_drive_asks_about_the_partner_too(organiser_client, club, roster):
    drive = DriveFactory(club=club, state=DriveState.OPEN, format="partners")
    url = drive_url(drive, "entries/")
    data = {"name": "Jan Kowalski", "partner_name": "Fedorova", "checked_in": "on"}
    html = organiser_client.post(url, data).content.decode()
    assert buttons(html, "partner") == [str(roster["Ольга Федорова"].pk)]
    assert buttons(html, "new_partner") == ["on"]
    organiser_client.post(url, {**data, "partner": roster["Ольга Федорова"].pk})
    assert {e.player.name for e in drive.entries.all()} == {
        "Jan Kowalski",
        "Ольга Федорова",
    }


ACTIONS = [
    ("check_out", "Jan Kowalski (number 1): check-in undone."),
    ("check_in", "Jan Kowalski (number 1) is checked in."),
    ("paid", "Jan Kowalski (number 1): paid £2.50."),
    ("unpaid", "Jan Kowalski (number 1): payment undone."),
    ("group_b", "Jan Kowalski (number 1) is now in the group Gents."),
    ("large_print", "Jan Kowalski (number 1) gets a large-print card."),
    ("usual_print", "Jan Kowalski (number 1) gets the usual card."),
    ("remove", "Jan Kowalski (number 1) is removed from this drive."),
]


def test_each_button_beside_an_entry_says_what_it_did(assistant_client, club, roster):
    drive = DriveFactory(club=club, state=DriveState.OPEN, entry_fee="2.50")
    entry = services.entry_register(
        drive=drive, player=roster["Jan Kowalski"], group="A"
    )
    url = drive_url(drive, f"entries/{entry.pk}/")
    for action, words in ACTIONS:
        response = assistant_client.post(url, {"action": action}, follow=True)
        assert response.status_code == 200, action
        assert messages_of(response) == [words], action
    assert not drive.entries.exists()


def test_a_late_arrival_and_a_leaver_are_told_by_round(assistant_client, live_drive):
    late = services.entry_register(
        drive=live_drive, name="Late Lou", group="A", checked_in=False
    )
    url = drive_url(live_drive, f"entries/{late.pk}/")
    checked = assistant_client.post(url, {"action": "check_in"}, follow=True)
    assert messages_of(checked) == [
        "Late Lou (number 9) is checked in. Joins at round 2."
    ]
    first = live_drive.entries.get(number=1)
    left = assistant_client.post(
        drive_url(live_drive, f"entries/{first.pk}/"),
        {"action": "withdraw"},
        follow=True,
    )
    name = first.player.name
    assert messages_of(left) == [f"{name} (number 1) leaves: not seated from round 2."]
