"""One drive moved between sites with dumpdrive and loaddrive, giving the same workbook."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from drive.entry_services import entry_leave_after_play
from drive.models import Drive, Entry, Round, SeatAssignment, Table
from drive.services import drive_finish
from players.models import AuditEvent, Player
from printing.transfer import _owned_rows, dump_drive, file_label, owned_models
from prizes.services import mystery_score_set
from scoring.audit import audit_check
from scoring.captain import captain_result_submit
from scoring.models import Adjustment, HandResult, PhoneReceipt
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    eventful_drive,
    tables_seated,
)
from tests.printing.fixtures import dump, load, workbook_values
from tests.printing.transfer import forget

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club, organiser):
    drive, _ = eventful_drive(club, organiser)
    drive.public_key = "public-key-of-the-drive"
    drive.save(update_fields=["public_key"])
    # The drive's own prize list and mystery score travel with it too.
    mystery_score_set(drive=drive, value=41, by=organiser)
    return drive


# --- dumpdrive and loaddrive ---------------------------------------------------------


def test_the_round_trip_to_a_fresh_site_gives_an_identical_workbook(played, tmp_path):
    before = workbook_values(played)
    keys = sorted(
        Table.objects.filter(drive=played).values_list("captain_key", flat=True)
    )
    path = dump(played, tmp_path)
    # The other site: this drive is not there (its club's roster is).
    forget(played)
    players = Player.objects.count()
    loaded = load(path)
    assert loaded.club_id == ClubFactory._meta.model.objects.get().pk
    assert workbook_values(loaded) == before
    assert Player.objects.count() == players  # everyone matched by name
    # The captain links still work: printed table cards go on working after a move.
    assert (
        sorted(Table.objects.filter(drive=loaded).values_list("captain_key", flat=True))
        == keys
    )
    assert loaded.public_key == "public-key-of-the-drive"
    assert audit_check(drive=loaded) == []
    # The phones' receipts came too: a key sent again keeps its first answer.
    receipt = PhoneReceipt.objects.get(table__drive=loaded)
    replay = captain_result_submit(
        table=receipt.table,
        hand=2,
        ns_tricks=9,
        idempotency_key=receipt.idempotency_key,
    )
    assert (replay.kind, replay.message) == (receipt.kind, receipt.message)
    assert not HandResult.objects.filter(table__drive=loaded, ns_tricks=9, hand=2)


def test_a_drive_loaded_beside_its_original_gets_its_own_links(played, tmp_path):
    path = dump(played, tmp_path)
    copy = load(path)
    assert copy.pk != played.pk and copy.club_id == played.club_id
    assert workbook_values(copy) == workbook_values(played)
    old_keys = set(
        Table.objects.filter(drive=played).values_list("captain_key", flat=True)
    )
    new_keys = set(
        Table.objects.filter(drive=copy).values_list("captain_key", flat=True)
    )
    assert not old_keys & new_keys and len(new_keys) == len(old_keys)
    assert copy.public_key == ""
    # Each drive has its own entries on the same roster players.
    assert set(
        Entry.objects.filter(drive=copy).values_list("player", flat=True)
    ) == set(Entry.objects.filter(drive=played).values_list("player", flat=True))
    assert audit_check(drive=copy) == []


def test_a_drive_in_play_loaded_notes_its_own_tables_of_the_round(club, tmp_path):
    """Drive.seated_tables names tables by id: a copy names its own tables,
    and its captains' results are taken as the original's are."""
    original = drive_with_players(players=8, club=club, hands=3)
    table = Table.objects.select_related("drive").get(drive=original, number=1)
    captain_result_submit(table=table, hand=1, ns_tricks=8, idempotency_key="a" * 22)
    copy = load(dump(original, tmp_path))
    assert copy.state == "in_play" and copy.current_round == 1
    assert copy.seated_round == 1
    assert set(copy.seated_tables) == tables_seated(copy, 1)
    assert len(copy.seated_tables) == 2
    assert not set(copy.seated_tables) & set(original.seated_tables)
    second = Table.objects.select_related("drive").get(drive=copy, number=2)
    outcome = captain_result_submit(
        table=second, hand=1, ns_tricks=5, idempotency_key="b" * 22
    )
    assert outcome.round_completed
    copy.refresh_from_db()
    assert (copy.current_round, copy.seated_round) == (2, 2)
    # A finished drive notes none.
    drive_finish(drive=copy)
    finished = load(dump(copy, tmp_path))
    assert (finished.seated_round, finished.seated_tables) == (0, [])


def test_another_club_matches_its_roster_by_name_and_adds_the_rest(played, tmp_path):
    path = dump(played, tmp_path)
    other = ClubFactory(name="Hilltop Whist")
    first = Entry.objects.filter(drive=played).select_related("player").first()
    typed = first.player.name.upper().replace(" ", "  ")
    known = PlayerFactory(club=other, name=typed)
    with pytest.raises(CommandError, match="several clubs"):
        load(path)
    copy = load(path, club=other.pk)
    assert copy.club_id == other.pk
    moved = Entry.objects.get(drive=copy, number=first.number)
    assert moved.player_id == known.pk
    assert (
        Player.objects.filter(club=other).count()
        == Entry.objects.filter(drive=copy).values("player").distinct().count()
    )
    before, after = workbook_values(played), workbook_values(copy)
    # Everything is the same but the club's name on the Drive sheet (and the
    # first entry's name, as the other club's roster spells it).
    assert after["Drive"][1] == ("Club", "Hilltop Whist")
    assert after["Drive"][2:] == before["Drive"][2:]
    for sheet in ("Deals", "Corrections"):
        assert after[sheet] == before[sheet]
    assert [r[:9] for r in after["Movement"]] == [r[:9] for r in before["Movement"]]
    assert [r[6:] for r in after["Results"]] == [r[6:] for r in before["Results"]]
    assert audit_check(drive=copy) == []


def test_the_dump_holds_everything_the_drive_owns(played, tmp_path):
    data = json.loads(dump(played, tmp_path).read_text())
    rows = data["rows"]
    counts = {
        "drive.entry": Entry.objects.filter(drive=played).count(),
        "drive.table": Table.objects.filter(drive=played).count(),
        "drive.round": Round.objects.filter(drive=played).count(),
        "drive.seatassignment": SeatAssignment.objects.filter(
            round__drive=played
        ).count(),
        "scoring.handresult": HandResult.objects.filter(table__drive=played).count(),
        "scoring.adjustment": Adjustment.objects.filter(entry__drive=played).count(),
    }
    assert {label: len(rows[label]) for label in counts} == counts
    # And every other model that points at the drive (prizes, mystery score...).
    # The file names the models as before they moved to prizes and league.
    assert "scoring.driveprizerules" in rows and "prizes.driveprizerules" not in rows
    for model, paths in owned_models():
        label = file_label(model)
        assert len(rows[label]) == _owned_rows(model, paths, played).count(), label
    if "scoring.mysteryscore" in rows:
        assert [r["value"] for r in rows["scoring.mysteryscore"]] == [41]
    assert counts["scoring.handresult"] > counts["drive.table"] * played.hands
    assert len(data["audit"]) == AuditEvent.objects.filter(drive_id=played.pk).count()
    assert {p["name"] for p in data["players"]} == set(
        Entry.objects.filter(drive=played).values_list("player__name", flat=True)
    )
    assert "password" not in json.dumps(data)


def test_every_model_that_points_at_a_drive_travels_with_it():
    labels = {model._meta.label_lower for model, _ in owned_models()}
    assert {
        "drive.drive",
        "drive.entry",
        "drive.table",
        "drive.round",
        "drive.seatassignment",
        "scoring.handresult",
        "scoring.adjustment",
    } <= labels
    order = [model._meta.label_lower for model, _ in owned_models()]
    assert order.index("drive.drive") == 0
    assert order.index("drive.entry") < order.index("scoring.adjustment")
    assert order.index("drive.round") < order.index("drive.seatassignment")


def test_a_damaged_file_is_refused_and_loads_nothing(played, tmp_path):
    drives = Drive.objects.count()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CommandError, match="not valid JSON"):
        load(bad)
    bad.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(CommandError, match="not a drive"):
        load(bad)
    data = json.loads(dump(played, tmp_path).read_text())
    data["rows"]["scoring.handresult"][0]["ns_tricks"] = 14  # breaks a constraint
    bad.write_text(json.dumps(data))
    with pytest.raises(CommandError, match="ns_tricks 14 is outside 0 to 13"):
        load(bad)
    del data["rows"]["drive.table"]
    bad.write_text(json.dumps(data))
    with pytest.raises(CommandError):
        load(bad)
    assert Drive.objects.count() == drives


def test_dumpdrive_writes_to_standard_output_without_a_file(played, tmp_path):
    out = io.StringIO()
    call_command("dumpdrive", str(played.pk), stdout=out)
    assert json.loads(out.getvalue()) == json.loads(dump(played, tmp_path).read_text())


def test_dumpdrive_of_a_missing_drive_says_so():
    with pytest.raises(CommandError, match="no drive 999"):
        call_command("dumpdrive", "999")


def test_not_here_at_the_prize_giving_travels_and_older_files_keep_their_prizes(
    played, tmp_path
):
    # Version 3: withdrawn from the round after the last is a winner who went
    # home before the prize-giving. In a version 1 or 2 file it was a player
    # withdrawn as the last round was played, who missed no hand: not withdrawn.
    if played.state != "finished":
        drive_finish(drive=played)
    entry = Entry.objects.filter(drive=played, withdrawn_from_round=None).first()
    entry_leave_after_play(entry=entry)
    data = dump_drive(drive=Drive.objects.get(pk=played.pk))
    assert data["version"] >= 3
    path = tmp_path / "v3.json"
    path.write_text(json.dumps(data))
    loaded = load(path)
    gone = Entry.objects.get(drive=loaded, number=entry.number)
    assert gone.withdrawn_from_round == played.rounds + 1
    data["version"] = 2
    path.write_text(json.dumps(data))
    older = Entry.objects.get(drive=load(path), number=entry.number)
    assert older.withdrawn_from_round is None
