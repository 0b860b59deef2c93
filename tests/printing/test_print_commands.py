"""The print_drive and import_players management commands."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from django.core.management import CommandError, call_command

from drive.models import Table
from players.models import Player
from tests.factories import ClubFactory, PlayerFactory, drive_with_players

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[list[str], str]:
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue().splitlines(), err.getvalue()


def text_of(path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True
    ).stdout.decode()


@pytest.mark.parametrize(
    ("what", "extra", "pages"),
    [
        ("scorecards", [], 4),
        ("scorecards", ["--per-page", "4", "--paper", "letter"], 2),
        ("blank-cards", ["--count", "3", "--per-page", "1"], 3),
        ("slips", [], 2),  # two tables, a page each
        ("tablecards", [], 2),
        ("filled-cards", [], 4),
        ("results", [], 1),
    ],
)
def test_print_drive_writes_each_kind(tmp_path, what, extra, pages):
    drive = drive_with_players(players=8, hands=2)
    output = tmp_path / f"{what}.pdf"
    lines, _ = run(
        "print_drive", str(drive.pk), "--what", what, "--output", str(output), *extra
    )
    suffix = "s" if pages != 1 else ""
    assert lines == [f"wrote {output} ({pages} page{suffix})"]
    assert output.read_bytes().startswith(b"%PDF")


def test_print_drive_table_cards_use_the_base_url(tmp_path):
    drive = drive_with_players(players=4, hands=1)
    output = tmp_path / "tables.pdf"
    run(
        "print_drive",
        str(drive.pk),
        "--what",
        "tablecards",
        "--output",
        str(output),
        "--base-url",
        "https://whist.example.org/",
    )
    key = Table.objects.get(drive=drive, number=1).captain_key
    assert f"https://whist.example.org/t/{key}/" in text_of(output)


def test_print_drive_refusals(tmp_path):
    drive = drive_with_players(players=4, start=False)
    output = tmp_path / "x.pdf"
    with pytest.raises(CommandError, match="There is no drive 999"):
        run("print_drive", "999", "--what", "slips", "--output", str(output))
    with pytest.raises(CommandError, match="has not started"):
        run(
            "print_drive",
            str(drive.pk),
            "--what",
            "filled-cards",
            "--output",
            str(output),
        )
    with pytest.raises(CommandError, match="invalid choice"):
        run(
            "print_drive",
            str(drive.pk),
            "--what",
            "slips",
            "--output",
            str(output),
            "--per-page",
            "3",
        )
    with pytest.raises(CommandError, match="Cannot write"):
        run(
            "print_drive",
            str(drive.pk),
            "--what",
            "slips",
            "--output",
            str(tmp_path / "no" / "x.pdf"),
        )
    assert not output.exists()


def test_import_players_summary_and_matching(tmp_path):
    club = ClubFactory()
    PlayerFactory(club=club, name="Zoë Bérénice")
    path = tmp_path / "roster.csv"
    path.write_text(
        "Name;Email\nzoe  berenice;\nДмитрий Шостакович;d@x.ru\n", encoding="utf-8"
    )
    lines, err = run("import_players", str(path))
    assert lines == ["added 1, matched 1, errors 0"] and err == ""
    assert Player.objects.filter(club=club, name="Дмитрий Шостакович").exists()
    lines, _ = run("import_players", str(path), "--club", str(club.pk))
    assert lines == ["added 0, matched 2, errors 0"]


def test_import_players_errors(tmp_path):
    club = ClubFactory()
    path = tmp_path / "roster.csv"
    path.write_text("Name,Email\nAnn,\nBob,bad\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError, match="nothing was imported"):
        call_command("import_players", str(path), stdout=out, stderr=err)
    assert out.getvalue().splitlines() == ["added 0, matched 0, errors 1"]
    assert "row 3: “bad” is not an email address." in err.getvalue()
    assert not Player.objects.filter(club=club).exists()
    lines, _ = run("import_players", str(path), "--dry-run")
    assert lines == ["would add 1, matched 0, errors 1"]
    assert not Player.objects.exists()
    lines, _ = run("import_players", str(path), "--skip-errors")
    assert lines == ["added 1, matched 0, errors 1"]
    with pytest.raises(CommandError, match="column called Name"):
        (tmp_path / "bad.csv").write_text("Surname\nX\n")
        run("import_players", str(tmp_path / "bad.csv"))
    with pytest.raises(CommandError, match="Cannot read"):
        run("import_players", str(tmp_path / "missing.csv"))
    other = ClubFactory()
    # The same choice of club as loaddrive: the message names the clubs to pick.
    with pytest.raises(
        CommandError,
        match=f"several clubs; pick one with --club: {club.pk} .*, {other.pk} ",
    ):
        run("import_players", str(path))
    with pytest.raises(CommandError, match="There is no club 9999"):
        run("import_players", str(path), "--club", "9999")


def test_import_players_speaks_the_sites_language(tmp_path):
    """An organiser at a Polish site reads the import's lines in Polish."""
    from django.utils import translation

    club = ClubFactory()
    PlayerFactory(club=club, name="Anna Nowak")
    path = tmp_path / "roster.csv"
    path.write_text(
        "Name,Email\nanna nowak,\nJan Kowalski,\nEwa,zły\n", encoding="utf-8"
    )
    with translation.override("pl"):
        lines, err = run("import_players", str(path), "--dry-run")
        assert lines == ["do dodania: 1, już na liście: 1, błędy: 1"]
        assert err.startswith("wiersz 4: ")
        lines, _ = run("import_players", str(path), "--skip-errors")
    assert lines == ["dodano: 1, już na liście: 1, błędy: 1"]
