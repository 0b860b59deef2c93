"""At the door, one booked in advance arrives and the volunteer types their
surname, with or without its accents: the door offers their check-in there,
one tap, as it does when their whole name is typed; and the name box offers
the names of those booked and not yet here as it is typed. Before, the
surname found them only as a line ("… is entered already: number 16.") with
nothing to tap, and the volunteer hunted for their row among forty."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from drive import entry_services, services
from drive.models import DriveState
from tests.factories import DriveFactory, PlayerFactory
from tests.fixtures import drive_url, messages_of


def check_ins(html: str) -> dict[str, str]:
    """The door's check-in buttons among its suggestions: label -> address."""
    part = html.split('class="namesakes suggestions"', 1)[1].split("</div>", 1)[0]
    found = re.findall(
        r'<button type="submit" formaction="([^"]+)" name="action" '
        r'value="arrive" class="namesake primary">([^<]+)</button>',
        part,
    )
    return {label: url for url, label in found}


def entered_lines(html: str) -> list[str]:
    return re.findall(r'<p class="entered">([^<]+)</p>', html)


def datalist(html: str) -> list[str]:
    part = html.split('<datalist id="roster-names">', 1)[1].split("</datalist>", 1)[0]
    return re.findall(r'<option value="([^"]+)">', part)


@pytest.mark.parametrize(
    ("language", "booked", "other", "typed", "button"),
    [
        (
            "ro",
            "Ștefan Țiriac",
            "Stefan Popescu",
            "Stefan",
            "Marcați prezența: Ștefan Țiriac (numărul 1)",
        ),
        (
            "ru",
            "Пётр Ёлкин",
            "Анна Елкина",
            "Елкин",
            "Отметить на месте: Пётр Ёлкин (номер 1)",
        ),
        (
            "pl",
            "Łukasz Żółkiewski",
            "Łukasz Łęcki",
            "Lukasz",
            "Potwierdź obecność: Łukasz Żółkiewski (nr 1)",
        ),
    ],
)
def test_a_booked_player_found_by_surname_is_checked_in_with_one_tap(
    organiser_client, club, language, booked, other, typed, button
):
    player = PlayerFactory(club=club, name=booked)
    PlayerFactory(club=club, name=other)
    door = DriveFactory(club=club, state=DriveState.OPEN)
    entry = services.entry_register(drive=door, player=player, checked_in=False)
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = drive_url(door, "entries/")

    asked = organiser_client.post(url, {"name": typed, "checked_in": "on"})
    assert asked.status_code == 400
    html = asked.content.decode()
    buttons = check_ins(html)
    assert buttons == {button: drive_url(door, f"entries/{entry.pk}/")}, html
    assert entered_lines(html) == []
    # The one not booked is offered to register, as before.
    assert f'name="player" value="{player.pk}"' not in html
    assert 'name="player" value="' in html
    # Booked, so the likeliest to be coming in: their check-in comes first.
    part = html.split('class="namesakes suggestions"', 1)[1]
    assert part.index('value="arrive"') < part.index('name="player" value="')

    # The tap sends the register form to the row's check-in, and comes back
    # to the top of the door, the name box ready for the next one (not down
    # at their row among forty).
    done = organiser_client.post(
        buttons[button], {"name": typed, "checked_in": "on", "action": "arrive"}
    )
    assert done.status_code == 302
    assert done["Location"] == url
    entry.refresh_from_db()
    assert (entry.checked_in, entry.paid) == (True, False)
    assert door.entries.count() == 1

    # Here now: the surname finds them as a line, nothing to tap.
    html = organiser_client.post(url, {"name": typed}).content.decode()
    assert check_ins(html) == {}
    assert len(entered_lines(html)) == 1


def test_one_booked_and_alone_like_the_name_is_asked_about_with_a_tap(
    organiser_client, club
):
    anna = PlayerFactory(club=club, name="Anna Wiśniewska")
    door = DriveFactory(club=club, state=DriveState.OPEN)
    services.entry_register(drive=door, player=anna, checked_in=False)
    html = organiser_client.post(
        drive_url(door, "entries/"), {"name": "Wisniewska"}
    ).content.decode()
    assert "Is it this player? Tap the name:" in html
    assert list(check_ins(html)) == ["Check in Anna Wiśniewska (number 1)"]


def test_a_late_booked_player_found_by_surname_joins_at_the_next_round(
    assistant_client, live_drive
):
    player = PlayerFactory(club=live_drive.club, name="Cristina Hâncu")
    late = services.entry_register(drive=live_drive, player=player, checked_in=False)
    html = assistant_client.post(
        drive_url(live_drive, "entries/"), {"name": "Hancu", "checked_in": "on"}
    ).content.decode()
    url = check_ins(html)["Check in Cristina Hâncu (number 9)"]
    checked = assistant_client.post(url, {"action": "arrive"}, follow=True)
    assert messages_of(checked) == [
        "Cristina Hâncu was registered already, as number 9: now checked in. "
        "Joins at round 2."
    ]
    late.refresh_from_db()
    assert (late.checked_in, late.joined_round) == (True, 2)


def test_a_withdrawn_player_found_by_surname_is_not_checked_in_again(
    assistant_client, live_drive
):
    first = live_drive.entries.select_related("player").get(number=1)
    first.player.name = "Cristina Hâncu"
    first.player.save()
    entry_services.entry_withdraw(entry=first)
    html = assistant_client.post(
        drive_url(live_drive, "entries/"), {"name": "Hancu", "checked_in": "on"}
    ).content.decode()
    assert check_ins(html) == {}
    assert entered_lines(html) == ["Cristina Hâncu is entered already: number 1."]


def test_the_name_box_offers_the_booked_not_yet_here(organiser_client, club):
    names = ["Jan Kowalski", "Anna Nowak", "Ewa Zięba", "Piotr Wójcik"]
    players = {name: PlayerFactory(club=club, name=name) for name in names}
    door = DriveFactory(club=club, state=DriveState.OPEN)
    services.entry_register(drive=door, player=players["Jan Kowalski"])
    services.entry_register(drive=door, player=players["Anna Nowak"], checked_in=False)
    html = organiser_client.get(drive_url(door, "entries/")).content.decode()
    offered = datalist(html)
    # Booked and not here: offered (typed whole, it is their check-in).
    assert "Anna Nowak" in offered
    # On the roster, not entered: offered, as before.
    assert {"Ewa Zięba", "Piotr Wójcik"} <= set(offered)
    # Here already: not offered.
    assert "Jan Kowalski" not in offered

    organiser_client.post(
        drive_url(door, "entries/"), {"name": "Anna Nowak", "checked_in": "on"}
    )
    html = organiser_client.get(drive_url(door, "entries/")).content.decode()
    assert "Anna Nowak" not in datalist(html)


def test_the_paid_tick_goes_with_the_check_in_button(organiser_client, club):
    """ "Paid" ticked in the register form, then the check-in by the surname
    tapped: the fee is taken with it, not dropped."""
    anna = PlayerFactory(club=club, name="Anna Wiśniewska")
    door = DriveFactory(club=club, state=DriveState.OPEN, entry_fee="10")
    entry = services.entry_register(drive=door, player=anna, checked_in=False)
    form = {"name": "Wisniewska", "checked_in": "on", "paid": "on"}
    html = organiser_client.post(drive_url(door, "entries/"), form).content.decode()
    url = check_ins(html)["Check in Anna Wiśniewska (number 1)"]
    done = organiser_client.post(url, {**form, "action": "arrive"}, follow=True)
    entry.refresh_from_db()
    assert (entry.checked_in, entry.paid, str(entry.paid_amount)) == (
        True,
        True,
        "10.00",
    )
    assert messages_of(done) == [
        "Anna Wiśniewska was registered already, as number 1: now checked in, "
        "and paid £10.00."
    ]


def test_the_paid_tick_goes_with_the_check_in_by_the_name_too(organiser_client, club):
    """The same button by a whole name typed with a group picked as well
    (drive/_already_entered.html)."""
    jan = PlayerFactory(club=club, name="Jan Kowalski")
    door = DriveFactory(club=club, state=DriveState.OPEN, entry_fee="10")
    entry = services.entry_register(drive=door, player=jan, checked_in=False)
    form = {"name": "Jan Kowalski", "checked_in": "on", "paid": "on", "group": "B"}
    html = organiser_client.post(drive_url(door, "entries/"), form).content.decode()
    url = drive_url(door, f"entries/{entry.pk}/")
    assert f'formaction="{url}" name="action" value="arrive"' in html
    organiser_client.post(url, {**form, "action": "arrive"})
    entry.refresh_from_db()
    assert (entry.checked_in, entry.paid) == (True, True)
