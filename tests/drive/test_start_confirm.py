"""Starting a drive is two deliberate steps, without JavaScript: the start
button (away from the door's name field) leads to a page saying what will
happen, whose own button starts the drive; a POST without its confirmation
field only shows that page again."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from drive import services as drive_services
from drive.models import DriveState, Entry, Round
from tests.factories import PlayerFactory, drive_with_players, prediction_drive
from tests.fixtures import START, drive_url, messages_of

pytestmark = pytest.mark.django_db


def forms(html: str) -> list[tuple[str, str, str]]:
    """(method, action, body) of each form of a page."""
    return [
        (method.lower(), action, body)
        for method, action, body in re.findall(
            r'<form method="(\w+)" action="([^"]*)"[^>]*>(.*?)</form>', html, re.S
        )
    ]


def test_the_start_button_only_asks_and_the_confirmation_starts(
    organiser_client, open_drive
):
    entries = organiser_client.get(drive_url(open_drive, "entries/")).content.decode()
    start_url = drive_url(open_drive, "start/")
    (start,) = [f for f in forms(entries) if f[1] == start_url]
    assert start[0] == "get" and "Start the drive" in start[2]
    # After the door's name field and the list of entries, not beside them.
    assert entries.index('id="id_name"') < entries.index("Entries (8)")
    assert entries.index("Entries (8)") < entries.index(f'action="{start_url}"')

    page = organiser_client.get(start_url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Start the drive?" in html
    assert "8 players are checked in." in html
    assert "seats them at the tables above, and play begins" in html

    assert '<span class="num">2</span> tables' in html
    (confirm,) = [f for f in forms(html) if f[0] == "post" and f[1] == start_url]
    assert 'name="confirm" value="start"' in confirm[2]
    assert "Start the drive" in confirm[2]
    (not_yet,) = [f for f in forms(html) if f[1] == drive_url(open_drive, "entries/")]
    assert not_yet[0] == "get" and "Not yet" in not_yet[2]
    open_drive.refresh_from_db()
    assert open_drive.state == DriveState.OPEN

    # A POST without the confirmation (one tap on an old page) only asks.
    for data in ({}, {"confirm": "yes"}):
        asked = organiser_client.post(start_url, data)
        assert asked.status_code == 200
        assert "Start the drive?" in asked.content.decode()
        open_drive.refresh_from_db()
        assert open_drive.state == DriveState.OPEN
        assert not Round.objects.filter(drive=open_drive).exists()

    started = organiser_client.post(start_url, START)
    assert started.status_code == 302
    assert started["Location"] == drive_url(open_drive, "seating/")
    open_drive.refresh_from_db()
    assert open_drive.state == DriveState.IN_PLAY
    # Asked again once started: the drive's page, and nothing starts twice.
    again = organiser_client.get(start_url)
    assert again.status_code == 302 and again["Location"] == drive_url(open_drive)
    # Confirmed again (the other laptop at the door, a second tap): what the
    # press was for is done, so round 1's seating, with a word why.
    again = organiser_client.post(start_url, START, follow=True)
    assert again.redirect_chain == [(drive_url(open_drive, "seating/"), 302)]
    assert messages_of(again)[-1] == (
        "The drive had already been started, from another computer: here is round 1."
    )
    assert Round.objects.filter(drive=open_drive).count() == 1


def test_two_laptops_pressing_start_at_once_both_see_round_1(
    organiser_client, open_drive, monkeypatch
):
    """The other laptop's start is written while this one plans: this press
    finds the drive in play under the lock, and shows round 1, not a refusal."""
    start = drive_services.drive_start

    def other_laptop_first(*, drive):
        start(drive=drive)
        return start(drive=drive)

    monkeypatch.setattr(drive_services, "drive_start", other_laptop_first)
    pressed = organiser_client.post(drive_url(open_drive, "start/"), START, follow=True)
    assert pressed.redirect_chain == [(drive_url(open_drive, "seating/"), 302)]
    assert "from another computer" in messages_of(pressed)[0]


def test_the_confirmation_names_who_is_not_checked_in_and_the_sit_outs(
    organiser_client, club
):
    drive = drive_with_players(players=9, start=False, club=club, format="individual")
    drive_services.entry_register(
        drive=drive, player=PlayerFactory(club=club), checked_in=False
    )
    html = organiser_client.get(drive_url(drive, "start/")).content.decode()
    assert "9 players are checked in." in html
    assert "1 registered player is not checked in and will not be seated." in html
    assert "Each round 1 player sits out, in turn." in html


def test_a_prediction_drive_asks_the_same(organiser_client, club):
    drive = prediction_drive(club, start=False)
    html = organiser_client.get(drive_url(drive, "start/")).content.decode()
    assert "Start the drive?" in html
    assert "seats them at the tables above, and play begins" in html


def test_too_few_checked_in_offers_no_start(organiser_client, open_drive):
    Entry.objects.filter(drive=open_drive).update(checked_in=False)
    html = organiser_client.get(drive_url(open_drive, "start/")).content.decode()
    assert "Check in 4 more players to start the drive." in html
    assert 'name="confirm"' not in html
    assert "Not yet" in html


def test_an_assistant_cannot_even_ask(assistant_client, open_drive):
    assert assistant_client.get(drive_url(open_drive, "start/")).status_code == 403


def test_a_refused_start_stays_on_the_page_that_asked(organiser_client, open_drive):
    """Start pressed with the groups unbalanced: the refusal is said on the
    page asking to start (its address is /start/), with its Balance button,
    not on the drive's overview shown at /start/."""
    entry = open_drive.entries.filter(group="B").first()
    Entry.objects.filter(pk=entry.pk).update(group="A")  # 5 A, 3 B
    start_url = drive_url(open_drive, "start/")
    refused = organiser_client.post(start_url, START)
    assert refused.status_code == 400
    assert [t.name for t in refused.templates][0] == "drive/start_confirm.html"
    html = refused.content.decode()
    assert "Start the drive?" in html
    assert (
        "The drive cannot start yet.</strong> Move 1 player from Ladies to Gents. "
        "Balance the groups, then start." in html
    )
    assert f'action="{drive_url(open_drive, "balance/")}"' in html
    open_drive.refresh_from_db()
    assert open_drive.state == DriveState.OPEN


def test_unbalanced_groups_offer_balance_not_a_start_that_fails(
    organiser_client, open_drive
):
    """Asked with the groups unbalanced, the page says why the start would be
    refused and offers Balance in its place; balancing comes back to it, and
    now it offers Start."""
    entry = open_drive.entries.filter(group="B").first()
    Entry.objects.filter(pk=entry.pk).update(group="A")  # 5 A, 3 B
    start_url = drive_url(open_drive, "start/")
    html = organiser_client.get(start_url).content.decode()
    assert 'name="confirm"' not in html
    assert (
        "The drive cannot start yet.</strong> Move 1 player from Ladies to Gents. "
        "Balance the groups, then start." in html
    )
    (balance,) = [f for f in forms(html) if f[1] == drive_url(open_drive, "balance/")]
    assert "Balance the groups" in balance[2]
    # The advice is said once, beside its button, not in the head count too.
    assert html.count("Balance the groups</button>") == 1

    balanced = organiser_client.post(
        drive_url(open_drive, "balance/"), {"back": "start"}
    )
    assert balanced.status_code == 302 and balanced["Location"] == start_url
    html = organiser_client.get(start_url).content.decode()
    assert 'name="confirm" value="start"' in html
    assert "cannot start yet" not in html


def test_a_prediction_drive_starts_at_game_1_not_round_1(organiser_client, club):
    """Its seating page and phones say game (pl partia), so Start does too:
    pl 'Turniej się rozpoczął: oto partia 1.', was 'oto runda 1.'; and so
    does a second laptop's press."""
    drive = prediction_drive(club, start=False)
    started = organiser_client.post(drive_url(drive, "start/"), START, follow=True)
    assert messages_of(started) == ["The drive has started: here is game 1."]
    again = organiser_client.post(drive_url(drive, "start/"), START, follow=True)
    assert messages_of(again)[-1] == (
        "The drive had already been started, from another computer: here is game 1."
    )
    with translation.override("pl"):
        assert drive.words.drive_started == "Turniej się rozpoczął: oto partia 1."


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en-gb", "The drive cannot start yet.</strong> Move 1 player"),
        ("pl", "Turniej nie może się jeszcze zacząć.</strong> Przenieś"),
        ("ru", "Турнир пока нельзя начать.</strong> Переведите"),
        ("ro", "Turneul nu poate începe încă.</strong> Mutați"),
        ("it", "Il torneo non può ancora iniziare.</strong> Sposta"),
    ],
)
def test_the_refusal_is_two_sentences_in_every_language(
    organiser_client, open_drive, language, said
):
    """The refusal's reason begins with a capital letter ('Move 1 player...'),
    so the heading before it is a sentence of its own, ended by a full stop,
    not a colon followed by a capital mid-sentence."""
    entry = open_drive.entries.filter(group="B").first()
    Entry.objects.filter(pk=entry.pk).update(group="A")  # 5 A, 3 B
    organiser_client.cookies["django_language"] = language
    html = organiser_client.get(drive_url(open_drive, "start/")).content.decode()
    assert said in html
