"""What the first review of every printed sheet (5 formats, 5 languages, A4
and Letter, both editions) found cut or shrunk past reading, each now whole:
a value measured to fit its cell exactly (a Letter slip's tricks totals),
large print's results foot (its page number), a prediction sheet's names,
a continued slip's part, a table card's date; and notes squeezed onto one
line (slips, prediction sheets) now wrap. What was cut is seen by the
recorder of tests/printing/test_layout.py around printing.pdf.placed, or
in the words pdftotext reads back."""

from __future__ import annotations

import re

import pytest
from django.utils import formats, translation

from players import dates
from printing import slips
from printing.fitting import cut, cut_within, fit, parted_lines, text_width
from printing.fonts import BOLD, REGULAR
from scoring import drive_plan
from tests.factories import drive_with_players, play_drive, prediction_drive
from tests.printing.named_drives import FORMATS
from tests.printing.printed import needs_pdftotext, page_texts, render
from tests.printing.sheet_faults import cut_faults, keep

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ("en-gb", "pl"))
@pytest.mark.parametrize(
    "kind", ("slips", "score-sheets", "filled-sheets", "scorecards", "tablecards")
)
def test_no_value_is_cut_on_a_large_print_letter_sheet(
    club,
    record,  # noqa: F811
    language,
    kind,
):
    drive = FORMATS["prediction"](club)
    with translation.override(language):
        printed = render(drive, kind, edition="large", paper="letter")
    keep(printed, f"letter-large-prediction-{language}-{kind}")
    assert cut_faults(record) == []


def test_a_value_measured_to_fit_its_room_is_not_cut_by_a_rounding():
    figure = text_width("13", BOLD, 16)
    # The room of a slip's tricks part, worked out from that measure through
    # the deal's share, comes back a hair narrower.
    room = (figure + 2) / 0.36 * 0.36 - 2 - 1e-9
    assert fit("13", BOLD, 16, room, 16) == ("13", 16)
    assert cut("13", BOLD, 16, room) == "13"
    # A string truly wider than its room is still cut.
    assert cut("1388", BOLD, 16, room).endswith("…")


@needs_pdftotext
@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_a_large_print_results_sheet_numbers_every_page_whole(club, tmp_path, paper):
    """The foot of a large-print results sheet (drive · date · page N) is
    wider than the page in Italian: it breaks between its facts onto a
    second line, and the page number is whole (it was cut: "pagi…"); a
    section's heading is never left alone at a page's foot."""
    club.name = "Circolo del Whist «Asso di Cuori» di Bologna"
    club.save()
    drive = drive_with_players(players=16, club=club, hands=6)
    drive.name = "Torneo di whist del giovedì"
    drive.save()
    play_drive(drive)
    with translation.override("it"):
        printed = render(drive, "results", edition="large", paper=paper)
    keep(printed, f"results-large-it-{paper}")
    texts = page_texts(printed.data, printed.pages, tmp_path)
    assert printed.pages > 1
    for page, text in enumerate(texts, start=1):
        lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
        assert "…" not in text
        assert lines[-1] == f"pagina {page}", lines[-2:]
        assert lines[-2].startswith("Torneo di whist del giovedì · "), lines[-2:]
        # The line above the foot is no section's heading.
        assert lines[-3] not in ("Premi", "Assoluta", "Dame", "Cavalieri"), lines[-4:]


def test_a_line_of_facts_breaks_between_them():
    line = "Torneo di whist del giovedì · Venerdì 4 dicembre 2026 · pagina 12"
    width = text_width("Venerdì 4 dicembre 2026 · pagina 12", REGULAR, 16)
    assert parted_lines(line, REGULAR, 16, width, 2) == [
        "Torneo di whist del giovedì",
        "Venerdì 4 dicembre 2026 · pagina 12",
    ]
    # Fewer lines than it takes: the last is cut, and says so.
    assert parted_lines(line, REGULAR, 16, width, 1)[-1].endswith("…")
    # Room for it all: one line, as given.
    assert parted_lines(line, REGULAR, 16, 2000, 2) == [line]


@needs_pdftotext
@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_a_large_print_score_sheet_prints_each_players_name_whole(
    club, tmp_path, paper
):
    """Large print never sets a name below 16 pt, so a score sheet's name
    column has room for the longest name of the table (it read
    "Giuseppina …", "Tomaszews…")."""
    drive = prediction_drive(club=club, players=8, games=1)
    names = ("Giuseppina Galli", "Irena Tomaszewska", "Alessandro Longo", "Anna Vo")
    for entry, name in zip(
        drive.entries.select_related("player").order_by("number"),
        names * 2,
        strict=True,
    ):
        entry.player.name = name
        entry.player.save(update_fields=["name"])
    with translation.override("it"):
        printed = render(drive, "score-sheets", edition="large", paper=paper)
    keep(printed, f"score-sheets-large-it-{paper}")
    text = " ".join(" ".join(page_texts(printed.data, printed.pages, tmp_path)).split())
    assert "…" not in text
    for name in names:
        assert name in text


@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("language", ("ru", "pl"))
def test_a_slips_notes_wrap_rather_than_shrink(
    club,
    record,  # noqa: F811
    paper,
    language,
):
    """A rubber slip's long notes (the revoke rule, in Russian) were each
    squeezed onto one line, down to 4 pt: now each takes the lines it needs
    at 7 pt, whole."""
    drive = FORMATS["rubber"](club)
    with translation.override(language):
        printed = render(drive, "slips", paper=paper)
        notes = slips.travel_slips(drive_plan.load_plan(drive=drive))[0].notes
    keep(printed, f"slips-{language}-{paper}")
    drawn = [d for d in record.strings if d.asked and d.size < 7]
    assert drawn == []
    words = " ".join(d.text for d in record.strings)
    assert all(str(note).split()[-1] in words for note in notes)
    assert cut_faults(record) == []


@pytest.mark.parametrize("kind", ("slips", "score-sheets"))
@pytest.mark.parametrize("language", ("it", "ru"))
def test_a_prediction_sheets_notes_wrap_rather_than_shrink(
    club,
    record,  # noqa: F811
    kind,
    language,
):
    """A prediction sheet's notes, each squeezed onto one line, came out at
    5 pt in Italian or Russian: now each takes the lines it needs at 6.5 pt."""
    drive = FORMATS["prediction"](club)
    with translation.override(language):
        printed = render(drive, kind, paper="letter")
    keep(printed, f"prediction-{kind}-{language}-letter")
    # The notes' lines: the strings of many words (a name has a few).
    notes = [d for d in record.strings if len(d.asked.split()) >= 6]
    assert notes
    assert [(d.asked, d.size) for d in notes if d.size < 6.5] == []
    assert cut_faults(record) == []


def test_a_title_is_cut_within_its_drives_name():
    whole = "Четверговый турнир по висту (продолжение, часть 12 из 13)"
    part = "Четверговый турнир по висту"
    width = text_width(whole, BOLD, 16) * 0.7
    title = cut_within(whole, part, BOLD, 16.2, width, 16)
    assert title.endswith("… (продолжение, часть 12 из 13)")
    assert text_width(title, BOLD, 16) <= width
    # Where it fits (at 60% of its size, in the usual edition), as given.
    assert cut_within(whole, part, BOLD, 10, width, 0) == whole


@needs_pdftotext
def test_a_large_print_slip_says_which_part_it_is(club, tmp_path):
    """A slip that runs over several large-print pages says "part 2 of 3"
    on each, though the drive's name must then be cut (the part was cut
    instead: "(продолжение, …")."""
    drive = drive_with_players(players=8, club=club, hands=30)
    drive.name = "Четверговый турнир по висту"
    drive.save()
    with translation.override("ru"):
        printed = render(drive, "slips", edition="large", paper="letter")
    texts = page_texts(printed.data, printed.pages, tmp_path)
    parts = [t for t in texts if "(продолжение, часть" in " ".join(t.split())]
    assert len(parts) >= 2
    for text in parts:
        assert re.search(r"\(продолжение, часть \d+ из \d+\)", " ".join(text.split()))


@needs_pdftotext
@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_a_large_print_table_card_keeps_its_date(club, tmp_path, paper):
    """A table card's top line (club · drive · date) is too wide at 16 pt
    in Russian: it takes two lines, the date whole on the second (it was cut:
    "…по вис…"), written as Russian writes it after other words (no capital)."""
    club.name = "Клуб любителей виста «Козырь»"
    club.save()
    drive = drive_with_players(players=8, club=club)
    drive.name = "Четверговый турнир по висту"
    drive.save()
    with translation.override("ru"):
        printed = render(drive, "tablecards", edition="large", paper=paper)
        date = dates.long_date(drive.date)
    texts = page_texts(printed.data, printed.pages, tmp_path)
    for text in texts:
        first, second = (" ".join(line.split()) for line in text.splitlines()[:2])
        assert first == "Клуб любителей виста «Козырь» · Четверговый турнир по висту"
        assert second == date and date.startswith("пятница, ") and date.endswith(" г.")
    # The usual edition has room for the club too.
    with translation.override("ru"):
        usual = render(drive, "tablecards", paper=paper)
    top = " ".join(page_texts(usual.data, 1, tmp_path)[0].splitlines()[0].split())
    assert top.startswith("Клуб любителей виста «Козырь» · Четверговый")


@needs_pdftotext
def test_a_date_after_other_words_is_not_capitalised_but_a_heading_is(club, tmp_path):
    """Polish writes its weekdays in lower case: the results sheet's line
    "club · czwartek, 3 grudnia 2026" and the table card's top line keep it
    so; a score card, whose date stands alone, capitalises it."""
    club.name = "Klub Wista"
    club.language = "pl"
    club.save()
    drive = drive_with_players(players=8, club=club)
    play_drive(drive)
    with translation.override("pl"):
        weekday = formats.date_format(drive.date, "l").lower()
        results = render(drive, "results")
        table_card = render(drive, "tablecards")
        card = render(drive, "scorecards")
    said = " ".join(page_texts(results.data, 1, tmp_path)[0].split())
    assert f"Klub Wista · {weekday}, {drive.date.day} " in said
    top = " ".join(page_texts(table_card.data, 1, tmp_path)[0].splitlines()[0].split())
    assert f" · {weekday}, {drive.date.day} " in top, top
    heading = " ".join(page_texts(card.data, 1, tmp_path)[0].split())
    assert f"{weekday.capitalize()}, {drive.date.day} " in heading
