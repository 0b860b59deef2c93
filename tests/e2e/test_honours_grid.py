"""Honours and a revoke typed into the organiser's score grid on a phone, with
and without JavaScript (issue #17)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.models import HandResult
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import drive_with_players, olive


def enter_with_honours(page: Page) -> None:
    """By keyboard alone: the slip's tricks along the row, then past the Save
    button to the honours and the revoke, out of the tricks' way."""
    # Round 1 is two hands: hand 1 Hearts (honours asked), hand 2 No trumps.
    expect(page.get_by_role("heading", name="Scores: round 1 of 2")).to_be_visible()
    expect(page.get_by_label("Table 1 hand 2 honours")).to_have_count(0)
    expect(page.get_by_label("Table 1 hand 1 N-S tricks")).to_be_focused()
    page.keyboard.type("8")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Table 1 hand 2 N-S tricks")).to_be_focused()
    page.keyboard.type("5")
    # Table 2's hands wait blank; then the Save button.
    for _ in range(3):
        page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Save scores")).to_be_focused()
    # The honours and revokes are folded away until asked for.
    revoke = page.get_by_label("Table 1 hand 2 revoke")
    expect(revoke).to_be_hidden()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    honours = page.get_by_label("Table 1 hand 1 honours")
    expect(honours).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(honours).to_have_value("NS4")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(revoke).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(revoke).to_have_value("NS")
    assert_fits_phone(page)
    # Table 2's honours and revokes, then the button at their foot.
    for _ in range(4):
        page.keyboard.press("Tab")
    expect(
        page.get_by_role("button", name="Save the scores with these")
    ).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("ul.messages")).to_contain_text(
        "Saved 2 results: table 1, hands 1, 2."
    )
    expect(page.get_by_text("Saved: scores N-S 6, E-W 0")).to_be_visible()
    expect(page.get_by_text("Saved: scores N-S 0, E-W 5")).to_be_visible()
    # What was stored, in words beside its hand.
    expect(page.get_by_text("honours: N-S held 4")).to_be_visible()
    assert_fits_phone(page)


@pytest.mark.e2e
@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_honours_and_a_revoke_typed_on_a_phone(
    page, phone_without_javascript, script, screenshot
):
    tab = page if script else phone_without_javascript
    drive = drive_with_players(
        players=8,
        hands=4,
        hands_per_round=2,
        count_honours=True,
        trump_sequence="H,NT",
    )
    olive(drive.club)
    tab.goto(f"/drives/{drive.pk}/scores/")
    log_in(tab)
    enter_with_honours(tab)
    if script:
        screenshot("scores-honours")
    assert sorted(
        HandResult.objects.values_list("hand", "ns_tricks", "honours", "revoke")
    ) == [(1, 8, "NS4", ""), (2, 5, "", "NS")]
