"""A prediction whist sheet's names, read at arm's length: a long name takes
the lines its row holds (broken between words or after a hyphen) rather
than being set at 5.4 pt and cut ("Sant'Ambrogio della Franc…"), and a short
name on the same sheet with it."""

from __future__ import annotations

import re
import subprocess

import pytest

from printing import documents
from printing.fitting import name_lines, text_width
from printing.fonts import REGULAR
from tests.factories import prediction_drive
from tests.printing.printed import BASE, PDFTOTEXT, needs_pdftotext

pytestmark = pytest.mark.django_db

NAMES = (
    "Giovanbattista Sant'Ambrogio della Francesca",
    "Krzysztof Brzęczyszczykiewicz-Wójtowicz",
    "Ștefănuța Bălănescu-Țărănescu",
    "Ana Pop",
)
# The smallest a name is set (it was 5.4 pt on both, and cut): the score
# sheet's name column is a fifth of the page; a slip's is narrower.
SMALLEST_NAME = {"filled-sheets": 8.5, "slips": 6.5}


def name_words(data: bytes, tmp_path, names=NAMES) -> list[tuple[str, float]]:
    """Each word drawn on the sheets that is part of a name, with its height
    (the size it is set at)."""
    path = tmp_path / "sheets.pdf"
    path.write_bytes(data)
    done = subprocess.run(
        [PDFTOTEXT, "-bbox", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        timeout=30,
    )
    parts = {piece for name in names for piece in re.split(r"[\s-]+", name)}
    found = []
    for match in re.finditer(
        r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>',
        done.stdout.decode("utf-8"),
    ):
        word = match.group(3).replace("&apos;", "'")
        if word.rstrip("-…") and any(
            piece.startswith(word.rstrip("-…")) for piece in parts
        ):
            found.append((word, float(match.group(2)) - float(match.group(1))))
    return found


@needs_pdftotext
@pytest.mark.parametrize("kind", ["filled-sheets", "slips"])
def test_long_names_are_whole_and_readable_on_prediction_sheets(kind, tmp_path):
    drive = prediction_drive(players=4, games=1)
    for entry, name in zip(drive.entries.order_by("number"), NAMES, strict=True):
        entry.player.name = name
        entry.player.save()
    if kind == "filled-sheets":
        from tests.predictions import play_deals

        play_deals(drive)
    printed = documents.render(
        drive=drive,
        options=documents.parse_options(kind=kind, per_page=1),
        base_url=BASE,
    )
    drawn = name_words(printed.data, tmp_path)
    assert drawn
    cut = [word for word, _size in drawn if word.endswith("…")]
    assert not cut, f"names cut short: {cut}"
    least = SMALLEST_NAME[kind]
    small = [(word, round(size, 2)) for word, size in drawn if size < least]
    assert not small, f"names set below {least} pt: {small}"
    text = " ".join(word for word, _size in drawn)
    for name in NAMES:
        for piece in re.split(r"[\s-]+", name):
            assert piece in text


# A table of five with long names, as an Italian club has them.
FIVE_NAMES = (
    "Bartolomeo Caracciolo di Castagneto",
    "Maria Giovanna Buonarroti-Squarcialupi",
    "Pierluigi Dell'Acqua Giustiniani",
    "Annunziata Sciacchitano",
    "Ludovica Pellegrini-Sforza",
)


@needs_pdftotext
def test_a_table_of_five_prints_its_slip_with_every_name_whole(tmp_path):
    """Two slips a page (as usual) leave a table of five rows too low for
    a name that takes three lines at 8 pt: the slips print one a page
    rather than cut it ("Bartolomeo Caracciolo di Ca…")."""
    drive = prediction_drive(players=5, games=1)
    for entry, name in zip(drive.entries.order_by("number"), FIVE_NAMES, strict=True):
        entry.player.name = name
        entry.player.save()
    options = documents.parse_options(kind="slips")
    printed = documents.render(drive=drive, options=options, base_url=BASE)
    drawn = [word for word, _size in name_words(printed.data, tmp_path, FIVE_NAMES)]
    assert not [word for word in drawn if word.endswith("…")], drawn
    assert (printed.chosen_per_page, printed.per_page) == (2, 1)


def test_a_name_cut_on_its_last_line_keeps_its_hyphen_without_a_space():
    """A name that needs more lines than its row holds has its last lines
    joined on one, cut: joined as the name has them, so a break after the
    hyphen inside a name joins without a space ("Преображенская-Воскре…",
    it was "Преображенская- Воскре…"), and a break between words with one."""
    size = 8.0
    name = "Анна Преображенская-Воскресенская"
    room = text_width("Преображенская-Вос", REGULAR, size)
    assert name_lines(name, REGULAR, size, room, 3) == [
        "Анна",
        "Преображенская-",
        "Воскресенская",
    ]
    first, last = name_lines(name, REGULAR, size, room, 2)
    assert first == "Анна"
    assert last.startswith("Преображенская-В") and last.endswith("…"), last
    assert text_width(last, REGULAR, size) <= room
    words = "Anna Maria Preobrazhenskaya"
    room = text_width("Preobrazhenskaya", REGULAR, size)
    assert name_lines(words, REGULAR, size, room, 2) == ["Anna Maria", words[11:]]
    (line,) = name_lines(words, REGULAR, size, room, 1)
    assert line.startswith("Anna Maria P") and line.endswith("…"), line
