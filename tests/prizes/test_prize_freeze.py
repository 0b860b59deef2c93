"""A drive keeps the prize list and tie-break rules it had when it started: the
club's later edits change neither its ranks nor its prizes, and a dump carries
them, so loading it elsewhere gives the same workbook."""

from __future__ import annotations

import functools
import importlib
import re
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

import scoring.migrations
from drive.models import Drive, DriveState
from prizes import selectors as prize_selectors
from prizes import services as prize_services
from prizes.models import DrivePrize, DrivePrizeRules
from prizes.prize_rules import drive_prize_rules
from scoring import selectors
from tests.factories import ClubFactory, DriveFactory, drive_with_players
from tests.fixtures import START
from tests.printing.fixtures import dump, load, workbook_values
from tests.prizes.fixtures import club_form, finished_tie

pytestmark = pytest.mark.django_db

# Count-back puts W (3, scored on the last hand) ahead of S (3): ranks 1, 2, 3, 4.
CLUB_LIST = "1st overall\n2nd overall\n3rd overall\nBooby"
# Shared ties would make S and W both second, and pool the 2nd and 3rd prizes.
CHANGED = club_form(
    prizes="Booby\nCustom: Raffle",
    tie_break_1="shared",
    tie_break_2="",
    one_prize_per_person="on",
)


def board(drive: Drive) -> list[tuple[int, int, int]]:
    return [(r.number, r.rank, r.total) for r in selectors.leaderboard(drive=drive)]


def shown(client, url: str) -> str:
    """The page, less its CSRF tokens (masked afresh on every page)."""
    page = client.get(url).content.decode()
    return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', r"\1", page)


def club_rules(client, form: dict) -> None:
    assert client.post("/club/prizes/", form).status_code == 302


def test_a_finished_drive_keeps_its_ranks_and_prizes_when_the_club_changes(
    club, organiser_client
):
    club_rules(organiser_client, club_form(prizes=CLUB_LIST, tie_break_2=""))
    drive, seats = finished_tie(club)
    results_url = f"/drives/{drive.pk}/results/"
    before = {
        "board": board(drive),
        "results": shown(organiser_client, results_url),
        "prizes": shown(organiser_client, f"/drives/{drive.pk}/prizes/"),
        "workbook": workbook_values(drive),
    }
    assert [rank for _, rank, _ in before["board"]] == [1, 2, 3, 4]
    prizes_sheet = before["workbook"]["Prizes"]
    assert [(row[0], row[1]) for row in prizes_sheet[1:3]] == [
        ("1st overall", seats["N"]),
        ("2nd overall", seats["W"]),  # W won the count-back against S
    ]
    assert prizes_sheet[2][4] == "decided by count-back"

    club_rules(organiser_client, CHANGED)

    assert board(drive) == before["board"]
    assert shown(organiser_client, results_url) == before["results"]
    prizes_page = shown(organiser_client, f"/drives/{drive.pk}/prizes/")
    assert prizes_page == before["prizes"]
    assert "kept since it started" in prizes_page
    assert "One prize per person" not in prizes_page
    assert workbook_values(drive) == before["workbook"]
    # A drive that has not started yet follows the club's list as it is now.
    coming = DriveFactory(club=club, state="open")
    specs, own = prize_selectors.drive_prize_specs(drive=coming)
    assert not own
    assert [s.name for s in specs] == ["", "Raffle"]
    assert not drive_prize_rules(drive=coming).frozen
    assert drive_prize_rules(drive=coming).one_prize_per_person


def test_the_prize_list_freezes_when_the_drive_starts_not_before(
    club, organiser_client
):
    drive = drive_with_players(players=8, club=club, start=False)
    club_rules(organiser_client, club_form(prizes=CLUB_LIST))
    assert not DrivePrizeRules.objects.filter(drive=drive).exists()
    # Until the start the drive follows the club: this edit still reaches it.
    club_rules(organiser_client, club_form(prizes="1st overall\nBooby"))
    page = organiser_client.post(f"/drives/{drive.pk}/start/", START)
    assert page.status_code == 302
    drive.refresh_from_db()
    assert drive.state == DriveState.IN_PLAY
    rules = DrivePrizeRules.objects.get(drive=drive)
    assert (rules.tie_breaks, rules.one_prize_per_person) == (
        "count_back,hands_won",
        False,
    )
    assert list(
        DrivePrize.objects.filter(drive=drive).values_list("kind", "place")
    ) == [("overall", 1), ("booby", 1)]
    club_rules(organiser_client, CHANGED)
    titles = [a.title for a in prize_selectors.drive_prizes(drive=drive).awards]
    assert titles == ["1st overall", "Booby"]
    # An empty list, once frozen, stays empty: setting the mystery score does
    # not bring the club's list back.
    prize_services.drive_prizes_update(drive=drive, prizes="Mystery score")
    DrivePrize.objects.filter(drive=drive).delete()
    prize_services.mystery_score_set(drive=drive, value=40, by=None)
    assert not DrivePrize.objects.filter(drive=drive).exists()
    # The organiser can ask for the club's list and rules as they are now.
    reset = organiser_client.post(f"/drives/{drive.pk}/prizes/edit/", {"reset": "1"})
    assert reset.status_code == 302
    titles = [a.title for a in prize_selectors.drive_prizes(drive=drive).awards]
    assert titles == ["Booby", "Raffle"]
    assert drive_prize_rules(drive=drive).one_prize_per_person


def test_a_loaded_drive_keeps_its_prize_list_and_tie_breaks(
    club, organiser_client, tmp_path
):
    club_rules(organiser_client, club_form(prizes=CLUB_LIST, tie_break_2=""))
    drive, _ = finished_tie(club)
    before = workbook_values(drive)
    club_rules(organiser_client, CHANGED)  # the first site's club changes its mind
    path = dump(drive, tmp_path)
    # Beside the original, and in another club with its own list and rules.
    other = ClubFactory(name="Hilltop Whist")
    prize_services.club_prizes_update(
        club=other,
        prizes="Most hands won\nBooby",
        tie_breaks=["draw"],
        one_prize_per_person=True,
    )
    here, there = load(path, club=club.pk), load(path, club=other.pk)
    assert workbook_values(here) == before
    moved = workbook_values(there)
    for sheet in ("Results", "Prizes", "Deals", "Hands"):
        assert moved[sheet] == before[sheet], sheet
    assert board(there) == board(drive)


def freeze_started_drives():
    """The data migration's function, wherever the migration is numbered, and the
    models as they stood when it ran (they have moved to prizes since; their
    tables have not)."""
    folder = Path(scoring.migrations.__file__).parent
    for path in sorted(folder.glob("0*.py")):
        module = importlib.import_module(f"scoring.migrations.{path.stem}")
        if hasattr(module, "freeze_started_drives"):
            state = MigrationLoader(connection).project_state(("scoring", path.stem))
            return functools.partial(module.freeze_started_drives, state.apps)
    raise AssertionError("no migration freezes the started drives")


def test_the_migration_freezes_drives_already_started_or_finished(
    club, organiser_client
):
    club_rules(organiser_client, club_form(prizes=CLUB_LIST, tie_break_2=""))
    finished, _ = finished_tie(club)
    own = drive_with_players(players=4, hands=4, club=club)
    prize_services.drive_prizes_update(drive=own, prizes="Booby")
    waiting = drive_with_players(players=4, club=club, start=False)
    # As a database from before drives kept their own rules: none has any.
    DrivePrizeRules.objects.all().delete()
    DrivePrize.objects.filter(drive=finished).delete()
    ranks = board(finished)
    freeze_started_drives()(None)
    club_rules(organiser_client, CHANGED)
    assert board(finished) == ranks
    titles = [a.title for a in prize_selectors.drive_prizes(drive=finished).awards]
    assert titles == ["1st overall", "2nd overall", "3rd overall", "Booby"]
    assert DrivePrizeRules.objects.get(drive=finished).tie_breaks == "count_back"
    titles = [a.title for a in prize_selectors.drive_prizes(drive=own).awards]
    assert titles == ["Booby"]  # its own list stays, and it has rules now
    assert DrivePrizeRules.objects.filter(drive=own).exists()
    assert not DrivePrizeRules.objects.filter(drive=waiting).exists()
