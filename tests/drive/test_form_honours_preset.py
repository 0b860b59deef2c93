"""A new drive's form sent as a browser sends it, the honours section not
touched: a rubber drive plays its preset's honours (English short whist
counts them, and its page claims no change from the rules), a progressive
drive plays the usual ones (not counted, each choice left as usual), and an
edited drive keeps what it had."""

from __future__ import annotations

import pytest
from django.test import Client

from drive import rubber_rules
from tests.drive.drive_form import page, saved, sent
from tests.factories import DriveFactory
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("preset", ["english", "russian", "long", "american"])
def test_a_new_rubber_drive_plays_its_presets_honours(
    organiser_client, language, preset
):
    """The form as shown (?format=rubber), only the preset chosen: the drive
    counts honours where the preset has them, and its rules are the preset's."""
    data = sent(page(organiser_client, "/drives/new/?format=rubber", language))
    assert data["format"] == "rubber"
    data["rubber_preset"] = preset
    drive = saved(organiser_client, language, data)
    book = rubber_rules.PRESETS[preset]
    assert rubber_rules.chosen(drive) == book
    assert rubber_rules.scores_honours(drive) is book.honours
    assert (drive.honours_values, drive.revoke_penalty, drive.revoke_tricks) == (
        "",
        "",
        None,
    )
    html = page(organiser_client, drive_url(drive), language)
    assert "modificato rispetto alle regole" not in html
    assert "changed from the preset" not in html.lower()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_rubber_drive_set_up_by_changing_the_movement_counts_honours(
    organiser_client, language
):
    """The new drive's form, its movement changed to rubber whist (the
    settings swapped before saving), then saved untouched: English short
    whist's honours are counted."""
    data = sent(page(organiser_client, "/drives/new/", language))
    assert data["format"] == "progressive" and "count_honours" not in data
    data |= {"format": "rubber", "shown_format": "progressive", "show_format": "1"}
    data = sent(page(organiser_client, "/drives/new/", language, data))
    assert data["rubber_preset"] == "english"
    drive = saved(organiser_client, language, data)
    assert drive.count_honours and rubber_rules.scores_honours(drive)
    assert rubber_rules.chosen(drive) == rubber_rules.PRESETS["english"]


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_new_progressive_drive_plays_as_usual(organiser_client, language):
    """A drive of hands, the form untouched: honours not counted, and each
    honours and revoke choice left "as usual" (empty: the game's defaults)."""
    drive = saved(
        organiser_client,
        language,
        sent(page(organiser_client, "/drives/new/", language)),
    )
    assert drive.format == "progressive"
    assert not drive.count_honours
    assert (drive.honours_values, drive.revoke_penalty, drive.revoke_tricks) == (
        "",
        "",
        None,
    )
    assert drive.scoring_choices == ("2-4", "tricks", 3)


def test_a_drive_moved_from_rubber_to_progressive_keeps_the_usual_honours(
    organiser_client,
):
    """Rubber whist's honours (ticked by its preset) do not follow a new
    drive to a progressive movement: a drive of hands counts none as usual."""
    data = sent(page(organiser_client, "/drives/new/?format=rubber", "en"))
    assert data["count_honours"] == "on"
    data |= {"format": "progressive", "shown_format": "rubber", "show_format": "1"}
    data = sent(page(organiser_client, "/drives/new/", "en", data))
    assert "count_honours" not in data
    assert not saved(organiser_client, "en", data).count_honours


@pytest.mark.parametrize("counted", [True, False])
def test_an_edited_rubber_drive_keeps_its_honours(organiser_client, club, counted):
    drive = DriveFactory(
        club=club,
        format="rubber",
        hands=24,
        hands_per_round=4,
        rubber_preset="english",
        count_honours=counted,
        revoke_penalty="award",
    )
    url = f"{drive_url(drive)}edit/"
    data = sent(page(organiser_client, url, "it"))
    response = organiser_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    drive.refresh_from_db()
    assert (drive.count_honours, drive.revoke_penalty) == (counted, "award")


def test_an_english_drive_changed_to_american_leaves_honours_untouched(
    organiser_client, club
):
    """The preset changed to one without honours, the box left as it was:
    the drive follows its new preset (no honours), not a refusal."""
    drive = DriveFactory(
        club=club,
        format="rubber",
        hands=24,
        hands_per_round=4,
        rubber_preset="english",
        count_honours=True,
    )
    url = f"{drive_url(drive)}edit/"
    data = sent(page(organiser_client, url, "en")) | {"rubber_preset": "american"}
    assert organiser_client.post(url, data).status_code == 302
    drive.refresh_from_db()
    assert not drive.count_honours
    assert rubber_rules.chosen(drive) == rubber_rules.PRESETS["american"]


def test_ticking_honours_for_american_whist_is_still_refused(organiser_client, club):
    drive = DriveFactory(
        club=club,
        format="rubber",
        hands=24,
        hands_per_round=4,
        rubber_preset="american",
    )
    url = f"{drive_url(drive)}edit/"
    data = sent(page(organiser_client, url, "en")) | {"count_honours": "on"}
    response = organiser_client.post(url, data)
    assert response.status_code == 400
    assert "American whist has no honours" in response.content.decode()


@pytest.mark.parametrize(
    ("before", "counted", "after", "counts"),
    [
        ("american", False, "english", True),  # the box as American showed it
        ("english", False, "russian", False),  # cleared by the organiser: kept
    ],
)
def test_a_preset_changed_with_the_box_untouched(
    organiser_client, club, before, counted, after, counts
):
    drive = DriveFactory(
        club=club,
        format="rubber",
        hands=24,
        hands_per_round=4,
        rubber_preset=before,
        count_honours=counted,
    )
    url = f"{drive_url(drive)}edit/"
    data = sent(page(organiser_client, url, "en")) | {"rubber_preset": after}
    assert organiser_client.post(url, data).status_code == 302
    drive.refresh_from_db()
    assert drive.count_honours is counts


@pytest.mark.parametrize(("preset", "asked"), [("english", True), ("american", False)])
def test_the_captains_phone_asks_for_the_presets_honours(
    organiser_client, club, preset, asked
):
    """A rubber drive set up with the form untouched but for its preset: the
    captain's phone asks which side held honours after a hand's tricks
    where the preset counts them (English short whist), not in American whist."""
    from drive import services as drive_services
    from drive.models import Table
    from tests.factories import PlayerFactory

    data = sent(page(organiser_client, "/drives/new/?format=rubber", "it"))
    data |= {"rubber_preset": preset, "trump_sequence": "H, D, S, C"}
    drive = saved(organiser_client, "it", data)
    drive_services.drive_open_registration(drive=drive)
    for _ in range(4):
        drive_services.pair_register(
            drive=drive,
            first=PlayerFactory(club=club),
            second=PlayerFactory(club=club),
        )
    drive_services.drive_start(drive=drive)
    table = Table.objects.get(drive=drive, number=1)
    phone = Client()
    phone.cookies["django_language"] = "it"
    html = phone.get(f"/t/{table.captain_key}/", {"hand": 1, "won": "NS", "odd": 2})
    assert ('data-step="honours"' in html.content.decode()) is asked
