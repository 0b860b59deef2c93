"""`demo --stays N`: N players drawn at random stay at one table all evening,
and the workbook's Movement sheet shows each of them at one table in every
round they play."""

from __future__ import annotations

from collections import defaultdict

import pytest
from django.core.management import CommandError

from drive import services
from drive.models import Drive, DriveState, Entry
from drive.stay_services import entry_set_stays
from players.models import AuditEvent, AuditKind
from tests.factories import drive_with_players
from tests.printing.fixtures import dump, load, run, sheet_rows

pytestmark = pytest.mark.django_db


def demo(*args: str) -> tuple[Drive, list[str]]:
    lines = run("demo", "--hands", "8", "--seed", "5", *args)
    return Drive.objects.get(pk=int(lines[-1].removeprefix("drive: "))), lines


def movement_tables(path) -> dict[int, dict[int, set[int]]]:
    """entry number -> round -> the tables the Movement sheet seats them at."""
    headers, rows = sheet_rows(path, "Movement")
    round_column, table_column = headers[0], headers[3]
    # The seats by entry number: N, E, S, W (and F, prediction whist's fifth).
    seat_columns = headers[4 : headers.index("Sits out")]
    found: dict[int, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
    for row in rows:
        if row[table_column] is None:
            continue
        for column in seat_columns:
            number = row[column]
            if isinstance(number, int):
                found[number][row[round_column]].add(row[table_column])
    return found


@pytest.mark.parametrize(
    ("format", "players"),
    [
        ("progressive", 18),
        ("semi-partner", 16),
        ("stationary", 17),
        ("partners", 16),
        ("individual", 17),
        ("prediction", 13),
    ],
)
def test_demo_stays_keeps_them_at_one_table_in_the_workbook(tmp_path, format, players):
    extra = ("--games", "2") if format == "prediction" else ()
    drive, lines = demo(
        "--format", format, "--players", str(players), "--stays", "2", *extra
    )
    assert drive.state == DriveState.FINISHED
    (line,) = [line for line in lines if line.startswith("stays: ")]
    numbers = [int(n) for n in line.removeprefix("stays: ").split(", ")]
    assert len(numbers) == 2
    staying = set(
        Entry.objects.filter(drive=drive, stays_at_table=True).values_list(
            "number", flat=True
        )
    )
    assert staying == set(numbers)
    output = tmp_path / "drive.xlsx"
    run("export_drive", str(drive.pk), "--output", str(output))
    tables = movement_tables(output)
    for number in numbers:
        rounds = tables[number]
        assert rounds, f"entry {number} never played"
        seen = set().union(*rounds.values())
        assert len(seen) == 1, (number, dict(rounds))


def test_demo_stays_refuses_more_than_the_players():
    with pytest.raises(CommandError, match="--stays"):
        demo("--players", "8", "--stays", "9")


def test_a_staying_player_travels_with_the_drive(tmp_path):
    drive = drive_with_players(players=8, format="individual", hands=2, start=False)
    entry = drive.entries.order_by("number").first()
    entry_set_stays(entry=entry, stays=True, table=2)
    services.drive_start(drive=drive)
    loaded = load(dump(drive, tmp_path))
    moved = loaded.entries.get(number=entry.number)
    assert (moved.stays_at_table, moved.stays_table) == (True, 2)
    assert AuditEvent.objects.filter(
        drive_id=loaded.pk, kind=AuditKind.ENTRY_STAYS
    ).exists()
