"""No column heading of a printed grid breaks inside a word (printing.grid_columns):
the steps one at a time (widen, set smaller, turn sideways), then every
sheet of every format, in every language, in the usual edition (1, 2 and 4
a page) and in large print, read back twice: each heading as the grid set it
(a recorder around ``grid_columns.fit_headings``), and the PDF's own words
(poppler's pdftotext), where a word cut at a line's end would show as a
piece ending in a hyphen.
"""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field

import pytest
from django.conf import settings
from django.utils import translation

from drive.models import Drive
from drive.movement.types import Format, Game
from printing import card_pdf, documents, grid_columns
from printing.editions import LARGE_HEADING
from printing.fitting import GLUED, SMALLEST_HEADING, heading_pieces, text_width
from printing.fonts import BOLD, register_fonts
from scoring import cards, drive_plan
from tests.factories import drive_with_players
from tests.printing.fixtures import run

PDFTOTEXT = shutil.which("pdftotext")
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def pieces(text: str) -> list[str]:
    return [piece.removeprefix(GLUED) for piece in heading_pieces(text)]


def whole(heading: grid_columns.Heading, parts) -> bool:
    """Each part's lines are its words and dash pieces, in order, none cut."""
    for (lines, _font), (text, _f) in zip(heading.lines, parts, strict=True):
        if [p for line in lines for p in pieces(line)] != pieces(text):
            return False
    return True


def fits(heading: grid_columns.Heading, width: float, pad: float) -> bool:
    """Each upright line inside its column (a sideways heading's lines side
    by side across it)."""
    if heading.sideways:
        return heading.count * heading.size * 1.15 <= width - pad + 0.01
    return all(
        text_width(line, font, heading.size) <= width - pad + 0.01
        for lines, font in heading.lines
        for line in lines
    )


# --- the steps -----------------------------------------------------------------------


@pytest.fixture(autouse=True)
def fonts():
    register_fonts()


def test_a_heading_too_wide_widens_its_column_from_one_with_room():
    word = text_width("Posizione", BOLD, 8.5)
    plan = grid_columns.fit_headings(
        ["Posizione", "Nome"], [30, 200], [12, 60], size=8.5, smallest=7
    )
    assert plan.widths[0] >= word + 2 and sum(plan.widths) == pytest.approx(230)
    assert plan.widths[1] >= 60  # the values keep their room
    assert plan.headings[0].size == 8.5 and not plan.sideways
    assert plan.headings[0].lines == ((("Posizione",), BOLD),)


def test_columns_whose_headings_fit_keep_their_widths():
    plan = grid_columns.fit_headings(
        ["N.", "Nome"], [40, 200], [12, 60], size=8.5, smallest=7
    )
    assert plan.widths == pytest.approx((40, 200))


def test_where_widening_is_not_enough_the_heading_is_set_smaller_not_below_8_pt():
    # Room for the word at about 8.5 pt, not 9.5: the second column's
    # values take the rest.
    room = text_width("Posizione", BOLD, SMALLEST_HEADING + 0.5) + 2
    plan = grid_columns.fit_headings(
        ["Posizione", "1"],
        [room / 2, 100],
        [5, 100 + room / 2 - room],
        size=SMALLEST_HEADING + 1.5,
        smallest=SMALLEST_HEADING,
    )
    heading = plan.headings[0]
    assert SMALLEST_HEADING <= heading.size < SMALLEST_HEADING + 1.5
    assert not heading.sideways
    assert whole(heading, [("Posizione", BOLD)])
    assert fits(heading, plan.widths[0], 2)


def test_large_print_headings_are_never_set_below_14_pt():
    plan = grid_columns.fit_headings(
        ["Punteggio", "Totale"], [60, 60], [40, 40], size=16, smallest=LARGE_HEADING
    )
    assert all(h.size >= LARGE_HEADING for h in plan.headings)
    assert all(
        whole(h, [(t, BOLD)])
        for h, t in zip(plan.headings, ["Punteggio", "Totale"], strict=True)
    )


def test_where_even_7_pt_is_too_wide_the_fewest_headings_go_sideways():
    titles = ["Punteggio", "N.", "Prese"]
    plan = grid_columns.fit_headings(
        titles, [20, 20, 30], [14, 14, 14], size=8.5, smallest=7
    )
    assert [h.sideways for h in plan.headings] == [True, False, False]
    sideways = plan.headings[0]
    assert sideways.lines == ((("Punteggio",), BOLD),)
    # The heading row is tall enough for the turned word.
    assert plan.height >= text_width("Punteggio", BOLD, sideways.size)
    assert all(fits(h, w, 2) for h, w in zip(plan.headings, plan.widths, strict=True))


def test_a_heading_breaks_between_words_or_after_a_dash_never_inside_a_word():
    titles = ["Partie wygrane–przegrane", "Posizione", "Взятки С-Ю", "Loc liber"]
    for width in range(12, 160, 4):
        plan = grid_columns.fit_headings(
            titles, [width] * 4, [10] * 4, size=8.5, smallest=7
        )
        for heading, title in zip(plan.headings, titles, strict=True):
            assert whole(heading, [(title, BOLD)]), (width, heading)
        assert sum(plan.widths) == pytest.approx(4 * width)
    narrow = grid_columns.fit_headings(
        ["Partie wygrane–przegrane"], [60], [10], size=8.5, smallest=7
    )
    assert narrow.headings[0].lines[0][0] == ("Partie", "wygrane–", "przegrane")


# --- every sheet of every format --------------------------------------------------------


@dataclass
class Seen:
    # (parts, heading, width, floor) of every heading set.
    headings: list = field(default_factory=list)


@pytest.fixture
def seen(monkeypatch) -> Seen:
    found = Seen()
    fit = grid_columns.fit_headings

    def recording(titles, widths, needs, **options):
        plan = fit(titles, widths, needs, **options)
        for title, heading, width in zip(
            titles, plan.headings, plan.widths, strict=True
        ):
            found.headings.append(
                (grid_columns.parts_of(title), heading, width, options)
            )
        return plan

    monkeypatch.setattr(grid_columns, "fit_headings", recording)
    return found


def split_words(text: str, words: set[str]) -> list[str]:
    """The PDF's words that end in a hyphen and begin a heading's word:
    a word cut at a line's end."""
    return sorted(
        {
            token
            for token in text.split()
            if token.endswith("-")
            and token not in words
            and any(w.startswith(token[:-1]) and w != token for w in words)
        }
    )


def pdf_words(data: bytes, tmp_path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    return subprocess.run(
        [PDFTOTEXT, str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


PRINTS = [
    (edition, per_page)
    for edition, pages in (("standard", (1, 2, 4)), ("large", (1,)))
    for per_page in pages
]


@pytest.mark.django_db
@pytest.mark.skipif(
    PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed"
)
@pytest.mark.parametrize("format", list(Format), ids=lambda f: f.value)
def test_no_heading_of_any_sheet_breaks_inside_a_word(seen, format, tmp_path):
    lines = run(
        "demo",
        "--format",
        format.value,
        "--players",
        "18",
        "--hands",
        "8",
        "--seed",
        "3",
    )
    drive = Drive.objects.get(pk=int(lines[-1].removeprefix("drive: ")))
    wist_grid = drive.game is Game.PREDICTIONS
    kinds = [k for k in documents.KINDS if k != "tablecards"]
    kinds = [k for k in kinds if wist_grid or k not in documents.PREDICTION_KINDS]
    faults = []
    for language, kind in itertools.product(LANGUAGES, kinds):
        with translation.override(language):
            for edition, per_page in PRINTS:
                seen.headings.clear()
                printed = documents.render(
                    drive=drive,
                    options=documents.parse_options(
                        kind=kind, per_page=per_page, edition=edition, count=2
                    ),
                    base_url="http://127.0.0.1:8000/",
                )
                where = f"{language} {kind} {edition} {per_page} a page"
                words = set()
                for parts, heading, width, options in seen.headings:
                    words |= {p for text, _font in parts for p in pieces(text)}
                    if not whole(heading, parts):
                        faults.append(f"{where}: {parts} set as {heading.lines}")
                    floor = LARGE_HEADING if edition == "large" else SMALLEST_HEADING
                    if parts and heading.size < floor:
                        faults.append(f"{where}: {parts} at {heading.size} pt")
                    if parts and not fits(heading, width, options.get("pad", 2)):
                        faults.append(f"{where}: {parts} wider than {width:.1f} pt")
                if kind in (
                    "slips",
                    "results",
                    "blank-cards",
                    *documents.PREDICTION_KINDS,
                ):
                    # Every grid of the sheet asked: the sheet has headings.
                    assert seen.headings, where
                for token in split_words(pdf_words(printed.data, tmp_path), words):
                    faults.append(f"{where}: {token!r} in the PDF")
    assert faults == [], "\n".join(faults[:40])


@pytest.mark.django_db
@pytest.mark.skipif(
    PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed"
)
def test_the_italian_results_sheet_sets_its_rank_heading_whole(club, tmp_path):
    """What a reviewer saw on paper: "Posizio-ne" over the rank column (now
    "Pos.", the whole word in the screen's title), nor "Punteg-gio"."""
    lines = run("demo", "--players", "16", "--hands", "8", "--seed", "3")
    drive = Drive.objects.get(pk=int(lines[-1].removeprefix("drive: ")))
    for edition in ("standard", "large"):
        with translation.override("it"):
            printed = documents.render(
                drive=drive,
                options=documents.parse_options(kind="results", edition=edition),
                base_url="http://127.0.0.1:8000/",
            )
        text = pdf_words(printed.data, tmp_path)
        words = text.split()
        assert "Pos." in words and "Punteggio" in words, edition
        assert not [w for w in words if w.endswith("-") and len(w) > 1], edition


def test_a_fresh_process_measures_a_heading_before_anything_is_drawn():
    """The fonts are registered by the first measure, not by the first page
    drawn ("no afm found for DejaVuSans-Bold" where a slip was measured to
    choose its page's way round before any was drawn)."""
    code = (
        "from printing.fitting import text_width\n"
        "from printing.fonts import BOLD\n"
        "print(text_width('Сдача', BOLD, 16) > 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr


# --- the page's way round, and how many to a page -------------------------------------


def media_boxes(data: bytes) -> set[tuple[int, int]]:
    """The (width, height) of the PDF's pages, in whole points."""
    found = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    return {(round(float(w)), round(float(h))) for w, h in found}


def render(drive, kind: str, **options) -> documents.Printed:
    return documents.render(
        drive=drive,
        options=documents.parse_options(kind=kind, **options),
        base_url="http://127.0.0.1:8000/",
    )


@pytest.mark.django_db
def test_large_print_slips_turn_the_page_where_a_heading_would_stand_sideways(club):
    """A Russian slip with the honours and revoke columns has no room for
    every heading upright at 16 pt across A4: the page is turned, as a
    large-print card's is. The English slip of a drive without them stands
    upright; with them, its last headings would be set at 14 pt beside
    seats kept clear of their lines, and turned it takes no more pages: it
    is turned too (printing.slip_pdf.turned)."""
    drive = drive_with_players(players=8, club=club, hands=5, count_honours=True)
    plain = drive_with_players(players=8, club=club, hands=5)

    def pages(of, language: str) -> set[tuple[int, int]]:
        with translation.override(language):
            return media_boxes(render(of, "slips", edition="large").data)

    assert pages(drive, "ru") == {(842, 595)}
    assert pages(drive, "en-gb") == {(842, 595)}
    assert pages(plain, "en-gb") == {(595, 842)}


@pytest.mark.django_db
def test_prediction_sheets_go_at_most_two_to_a_page():
    """Four sheets to a quarter would turn their deals' headings sideways:
    they go two a page, as many pages as two a page asked for."""
    lines = run("demo", "--format", "prediction", "--players", "18", "--hands", "8")
    drive = Drive.objects.get(pk=int(lines[-1].removeprefix("drive: ")))
    with translation.override("it"):
        for kind in ("score-sheets", "slips"):
            pages = {n: render(drive, kind, per_page=n).pages for n in (1, 2, 4)}
            assert pages[4] == pages[2] < pages[1], (kind, pages)


@pytest.mark.django_db
@pytest.mark.skipif(
    PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed"
)
def test_a_card_a_quarter_would_cut_in_two_goes_two_a_page_whole(club, tmp_path):
    """A 24-hand Russian card four to a page turns its hand heading sideways,
    and the taller heading row would leave its last rows for a second
    quarter: the cards go two a page instead, each whole (its title once),
    on as much paper. The English card fits a quarter upright and stays
    four a page, as the Polish one does since its last heading, "Parafa
    przeciwn.", became the shorter "Parafy rywali". (Printed for the
    organiser, 24 hands in a quarter or a half would be under 8 pt: they
    print one a page, and say so.)"""
    drive = drive_with_players(players=8, club=club, hands=24)
    plan = drive_plan.load_plan(drive=drive)
    for language, pages in (("ru", 4), ("en-gb", 2)):
        with translation.override(language):
            printed = card_pdf.draw_score_cards(
                cards.score_cards(plan, filled=False), paper="a4", per_page=4
            )
            chosen = render(drive, "scorecards", per_page=4)
        assert printed.pages == pages, language
        text = pdf_words(printed.data, tmp_path)
        assert text.count(drive.name) == 8, language  # 8 cards, none continued
        assert (chosen.chosen_per_page, chosen.per_page) == (4, 1)


def test_the_prizes_notes_keep_their_words_whole_in_large_print(club, tmp_path):
    """A large-print Polish results sheet cut the note of a tie decided by
    count-back as "rozstrzygni" / "ęte": the note column is at least as wide
    as its longest word."""
    lines = run("demo", "--players", "16", "--hands", "8", "--seed", "3")
    drive = Drive.objects.get(pk=int(lines[-1].removeprefix("drive: ")))
    with translation.override("pl"):
        printed = documents.render(
            drive=drive,
            options=documents.parse_options(kind="results", edition="large"),
            base_url="http://127.0.0.1:8000/",
        )
    words = pdf_words(printed.data, tmp_path).split()
    assert "rozstrzygnięte" in words
    assert "rozstrzygni" not in words
