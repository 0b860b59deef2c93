"""The drive's form in a browser shows the settings of the movement chosen:
a progressive drive's form has no rubber or prediction whist settings;
choosing Rubber whist brings its rules in place as the movement changes
(htmx), or with "Show the settings for this movement" without JavaScript;
and the drive saves with what was typed before the change."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from drive.models import Drive
from tests.e2e.conftest import keep_screenshot
from tests.e2e.sign_in import log_in
from tests.factories import ClubFactory, olive

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

RUBBER = re.compile(r"^Rubber whist \(fixed pairs")
PREDICTION = re.compile(r"^Prediction whist \(Wist")


def new_drive_form(page: Page) -> None:
    club = ClubFactory(name="Village Hall Whist")
    olive(club)
    page.goto("/drives/new/")
    log_in(page)
    expect(page.get_by_role("heading", name="New drive")).to_be_visible()


def test_choosing_rubber_whist_brings_its_rules_in_place(page: Page) -> None:
    new_drive_form(page)
    assert page.locator("[name=rubber_preset]").count() == 0
    assert page.locator("[name=prediction_ranking]").count() == 0
    expect(page.get_by_text("Honours and revokes", exact=True)).to_be_visible()
    page.get_by_label("Name", exact=True).fill("Rubbers at the Hall")
    page.get_by_role("radio", name=RUBBER).check()
    # Swapped in place by htmx: the page is not loaded again.
    expect(page.get_by_text("Rules (preset)")).to_be_visible()
    assert page.locator("[name=prediction_ranking]").count() == 0
    expect(page.get_by_label("Name", exact=True)).to_have_value("Rubbers at the Hall")
    keep_screenshot(page, "drive-form-rubber-by-htmx")
    page.get_by_label("Hands per round").select_option("12")
    page.get_by_role("button", name="Create the drive").click()
    expect(page.get_by_role("heading", name="Rubbers at the Hall")).to_be_visible()
    assert Drive.objects.get().format == "rubber"


def test_without_javascript_the_button_shows_the_movements_settings(
    small_phone_without_javascript: Page,
) -> None:
    page = small_phone_without_javascript
    new_drive_form(page)
    assert page.locator("[name=rubber_preset]").count() == 0
    page.get_by_label("Name", exact=True).fill("Wist w świetlicy")
    page.get_by_role("radio", name=PREDICTION).check()
    page.get_by_role("button", name="Show the settings for this movement").click()
    expect(page.get_by_text("Ranking", exact=True)).to_be_visible()
    assert page.locator("[name=rubber_preset]").count() == 0
    assert page.locator("[name=hands_per_round]").count() == 0
    expect(page.get_by_label("Name", exact=True)).to_have_value("Wist w świetlicy")
    expect(page.get_by_role("radio", name=PREDICTION)).to_be_checked()
    assert not Drive.objects.exists()
    keep_screenshot(page, "drive-form-prediction-without-js")
    page.get_by_role("button", name="Create the drive").click()
    expect(page.get_by_role("heading", name="Wist w świetlicy")).to_be_visible()
    assert Drive.objects.get().format == "prediction"
