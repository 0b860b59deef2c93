"""An organiser imports a roster file: preview, then import, with and without JavaScript."""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from playwright.sync_api import expect

from players.models import Player
from tests.e2e.conftest import PHONE, TIMEOUT_MS
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    olive,
)

ROSTER = "Name,Email\nedith PIAF,\nYves Montand,y@m.fr\nAnn\x1bArcher,\n"


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_roster_is_previewed_then_imported(browser, live_server, javascript) -> None:
    club = ClubFactory(name="Riverside Whist Club")
    olive(club)
    PlayerFactory(club=club, name="Édith Piaf")
    context = browser.new_context(
        base_url=live_server.url,
        viewport=PHONE,
        locale="en-GB",
        java_script_enabled=javascript,
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        page.goto("/players/import/")
        log_in(page)
        expect(page.get_by_role("heading", name="Import players")).to_be_visible()
        expect(page.get_by_text("At most 5000 players")).to_be_visible()

        page.get_by_label("Spreadsheet of players (CSV or XLSX)").set_input_files(
            files=[
                {
                    "name": "club.csv",
                    "mimeType": "text/csv",
                    "buffer": ROSTER.encode(),
                }
            ]
        )
        page.get_by_role("button", name="Show the preview").click()
        preview = page.locator("table.import-preview")
        expect(preview).to_contain_text("Already on the roster")
        expect(preview).to_contain_text("Yves Montand")
        expect(preview).to_contain_text("AnnArcher")  # no ESC, even in the preview
        assert Player.objects.filter(club=club).count() == 1  # nothing written yet
        # The preview is not kept in the session: only its token and the file's name.
        (session,) = Session.objects.all()
        stored = session.get_decoded()["roster_import"]
        assert set(stored) == {"token", "filename"}

        page.get_by_role("button", name="Import 2 new players").click()
        expect(page.locator("ul.messages")).to_contain_text(
            "Imported: added 2, already on the roster 1."
        )
        assert set(Player.objects.filter(club=club).values_list("name", flat=True)) == {
            "Édith Piaf",
            "Yves Montand",
            "AnnArcher",
        }
    finally:
        context.close()
