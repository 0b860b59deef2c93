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
        # "Remove" only asks; "Yes, remove" sends the confirmation.
        confirm = {"confirm": "remove"} if action == "remove" else {}
        response = assistant_client.post(
            url, {"action": action, **confirm}, follow=True
        )
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
        {"action": "withdraw", "confirm": "withdraw"},
        follow=True,
    )
    name = first.player.name
    assert messages_of(left) == [f"{name} (number 1) leaves: not seated from round 2."]


# --- someone registered in advance arrives -----------------------------------------


@pytest.fixture
def booked(door, roster) -> Entry:
    """Jan Kowalski, registered before the evening, not yet here."""
    door.entry_fee = "10"
    door.save(update_fields=["entry_fee"])
    return services.entry_register(
        drive=door, player=roster["Jan Kowalski"], checked_in=False
    )


def test_one_registered_in_advance_is_checked_in_when_typed(
    organiser_client, door, booked
):
    url = drive_url(door, "entries/")
    response = organiser_client.post(url, {"name": "jan kowalski", "checked_in": "on"})
    assert response.status_code == 302
    assert response["Location"] == url
    booked.refresh_from_db()
    assert (booked.checked_in, booked.paid) == (True, False)
    assert door.entries.count() == 1
    page = organiser_client.get(url)
    assert messages_of(page) == [
        "Jan Kowalski was registered already, as number 1: now checked in."
    ]


def test_one_registered_in_advance_pays_as_they_arrive(organiser_client, door, booked):
    organiser_client.post(
        drive_url(door, "entries/"),
        {"name": "Jan Kowalski", "checked_in": "on", "paid": "on"},
    )
    booked.refresh_from_db()
    assert (booked.checked_in, booked.paid, str(booked.paid_amount)) == (
        True,
        True,
        "10.00",
    )


def test_a_form_that_says_more_offers_the_check_in_by_the_name(
    organiser_client, door, booked
):
    """A group picked (or a large-print card) is more than an arrival: the
    door does not guess, and offers the check-in by the name box."""
    url = drive_url(door, "entries/")
    response = organiser_client.post(
        url, {"name": "Jan Kowalski", "checked_in": "on", "group": "B"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Jan Kowalski is already entered as number 1." in html
    button = re.search(
        r'<button type="submit" formaction="([^"]+)" [^>]*>([^<]+)<', html
    )
    assert button, html
    assert button.group(1) == drive_url(door, f"entries/{booked.pk}/")
    assert button.group(2) == "Check in Jan Kowalski (number 1)"
    assert 'name="action" value="arrive"' in html
    booked.refresh_from_db()
    assert not booked.checked_in
    # Not here yet: nothing is done either.
    organiser_client.post(url, {"name": "Jan Kowalski"})
    booked.refresh_from_db()
    assert not booked.checked_in


def test_one_checked_in_already_is_told_so_without_a_button(
    organiser_client, door, booked
):
    organiser_client.post(
        drive_url(door, f"entries/{booked.pk}/"), {"action": "check_in"}
    )
    response = organiser_client.post(
        drive_url(door, "entries/"), {"name": "Jan Kowalski", "checked_in": "on"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Jan Kowalski is already entered as number 1, and checked in." in html
    assert "formaction" not in html
    assert 'href="#entry-1"' in html


# --- the row's buttons bring the page back to the row -------------------------------


def row_html(html: str, number: int) -> str:
    start = html.index(f'<tbody id="entry-{number}"')
    return html[start : html.index("</tbody>", start)]


def test_a_row_button_comes_back_to_its_row_saying_what_it_did(
    assistant_client, door, booked
):
    url = drive_url(door, f"entries/{booked.pk}/")
    response = assistant_client.post(url, {"action": "check_in"})
    assert response.status_code == 302
    assert response["Location"] == drive_url(door, "entries/#entry-1")
    page = assistant_client.get(drive_url(door, "entries/")).content.decode()
    row = row_html(page, 1)
    assert "Jan Kowalski (number 1) is checked in." in row
    # With htmx the form swaps its own row, and the head count with it.
    assert f'hx-post="{url}"' in row
    assert 'hx-select="#entry-1"' in row
    assert "#headcount" in row


def test_the_paid_button_shows_the_fee(assistant_client, door, booked):
    url = drive_url(door, "entries/")
    row = row_html(assistant_client.get(url).content.decode(), 1)
    assert ">Mark paid: £10.00</button>" in row
    assistant_client.post(drive_url(door, f"entries/{booked.pk}/"), {"action": "paid"})
    row = row_html(assistant_client.get(url).content.decode(), 1)
    assert "Paid £10.00" in row


# --- "Remove" asks first, with or without JavaScript ---------------------------------


def test_remove_asks_at_the_row_before_it_removes(assistant_client, door, booked):
    url = drive_url(door, f"entries/{booked.pk}/")
    asked = assistant_client.post(url, {"action": "remove"})
    assert asked.status_code == 302
    assert asked["Location"] == drive_url(door, f"entries/?remove={booked.pk}#entry-1")
    assert door.entries.filter(pk=booked.pk).exists()
    row = row_html(assistant_client.get(asked["Location"]).content.decode(), 1)
    assert "Remove Jan Kowalski (number 1) from this drive?" in row
    assert '<input type="hidden" name="confirm" value="remove">' in row
    assert "Yes, remove" in row and "No, keep them" in row

    removed = assistant_client.post(url, {"action": "remove", "confirm": "remove"})
    assert removed["Location"] == drive_url(door, "entries/#entry-1")
    assert not door.entries.exists()
    # Where the row was, the page says what became of it.
    page = assistant_client.get(drive_url(door, "entries/")).content.decode()
    assert "Jan Kowalski (number 1) is removed from this drive." in row_html(page, 1)


# --- "Withdraw" asks first too, as "Remove" does --------------------------------------


def test_withdraw_asks_at_the_row_before_it_withdraws(assistant_client, live_drive):
    """One tap on Withdraw took a player out of the movement, with no question
    (unlike Remove): now the row asks, without JavaScript too."""
    first = live_drive.entries.get(number=1)
    url = drive_url(live_drive, f"entries/{first.pk}/")
    asked = assistant_client.post(url, {"action": "withdraw"})
    assert asked.status_code == 302
    assert asked["Location"] == drive_url(
        live_drive, f"entries/?withdraw={first.pk}#entry-1"
    )
    first.refresh_from_db()
    assert first.withdrawn_from_round is None
    row = row_html(assistant_client.get(asked["Location"]).content.decode(), 1)
    name = first.player.name
    assert (
        f"Withdraw {name} (number 1) from this drive? "
        "The drive carries on without them." in " ".join(row.split())
    )
    assert '<input type="hidden" name="confirm" value="withdraw">' in row
    assert "Yes, withdraw" in row and "No, keep them" in row
    # The question stands in place of the button.
    assert row.count('value="withdraw"') == 2  # the confirmation and its button

    done = assistant_client.post(
        url, {"action": "withdraw", "confirm": "withdraw"}, follow=True
    )
    assert messages_of(done) == [f"{name} (number 1) leaves: not seated from round 2."]
    first.refresh_from_db()
    assert first.withdrawn_from_round == 2
