"""The printed league table (printing.league_sheet, printing.league_pdf): the
league page's rows, in its order and words, in each language, read back with
pdftotext; the heading row and "page 2 of 3" on a long table's later pages;
large print; long names whole; who may download it; the print command.
"""

from __future__ import annotations

import dataclasses
import datetime
import re

import pytest
from django.core.management.base import CommandError
from django.utils import timezone, translation
from django.utils.formats import localize
from reportlab.lib.pagesizes import landscape

from league import services as league_services
from players.dates import short_date
from printing import editions, league_pdf
from printing.fitting import lines_at
from printing.fonts import REGULAR
from printing.league_sheet import (
    LEAGUE_COLUMNS,
    LeagueLine,
    LeagueSheet,
    load_league_sheet,
)
from printing.pdf import PAPERS
from printing.readable import sizes_of
from printing.results_pdf import DATA_PADDING
from tests.factories import ClubFactory, PlayerFactory
from tests.printing.fixtures import run
from tests.printing.printed import needs_pdftotext, page_texts, pdf_text
from tests.printing.sheet_faults import table_faults
from tests.prizes.fixtures import finished_tie, set_order

pytestmark = pytest.mark.django_db

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
# Long names of the clubs' languages, and short ones.
LONG_NAMES = (
    "Małgorzata Przybylska-Wiśniewska",
    "Александра Константиновна Рождественская",
    "Ștefan-Alexandru Țărănescu-Popovici",
    "Maria Giovanna Buonarroti-Squarcialupi",
    "Jan Bo",
)
SHORT_NAMES = ("Zofia Głowacka", "Пётр Ильин", "Ana Popa", "Luca Neri")


def season_of(club, names=LONG_NAMES):
    """Two drives of four; the first and last player come once, short of the
    two drives needed to qualify; ties by count-back, then shared."""
    players = [PlayerFactory(club=club, name=name) for name in names]
    for index, lineup in enumerate([players[:4], players[1:]]):
        finished_tie(
            club, players=lineup, date=datetime.date(2026, 3, 1 + index), seed=index
        )
    set_order(club, "count_back", "shared", min_attendance=2)
    return league_services.season_create(
        club=club,
        name="Winter 2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )


def row_lines(text: str, names) -> list[str]:
    """The line of the printed table holding each name, in the order given."""
    lines = text.splitlines()
    return [next(line for line in lines if name in line) for name in names]


@needs_pdftotext
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_printed_table_is_the_league_page(
    club, assistant_client, language, tmp_path
):
    season = season_of(club)
    assistant_client.cookies["django_language"] = language
    page = assistant_client.get(f"/seasons/{season.pk}/")
    rows = page.context["league"].rows
    response = assistant_client.get(f"/seasons/{season.pk}/league.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content, tmp_path)
    names = [row.name for row in rows]
    # The same rows, in the page's order.
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions)
    html = page.content.decode()
    with translation.override(language):
        for row, line in zip(rows, row_lines(text, names), strict=True):
            figures = line.split(row.name)[1].split()
            # The place as the page shows it ("–" with no rank), first.
            assert line.split()[0] == (str(row.rank) if row.rank else "–")
            per_drive = localize(row.average_per_drive)
            per_hand = localize(row.average_per_hand)
            assert figures[:5] == [
                str(row.drives),
                str(row.counted),
                str(row.total),
                per_drive,
                per_hand,
            ]
            # The averages in the page's decimal mark, as the page shows them.
            assert f">{per_drive}</td>" in html
            # The note as the page says it ("not yet qualified" where no rank).
            if row.remark:
                assert f">{row.remark}</td>" in html
                assert " ".join(text.split()).count(row.remark) >= 1
        assert any(row.remark and row.qualified for row in rows)
        assert any(not row.qualified for row in rows)
        # The club, the season's dates and the day it was printed.
        flat = " ".join(text.split())
        assert club.name in flat
        assert short_date(season.start) in flat
        with timezone.override(club.time_zone):
            assert short_date(timezone.localdate()) in flat
        assert page.context["league"].ties_words in flat
        if language != "en-gb":  # every word of the rules in the language
            assert "over the counted" not in flat
            assert "over the counted" not in html
        # Every heading is the page's.
        for _key, title, _share in LEAGUE_COLUMNS[1:]:
            assert f">{title}</th>" in html
            # (set on two lines where the column is narrow)
            assert all(word in flat for word in str(title).split())


def plain(text: str) -> str:
    return " ".join(text.replace("·", " ").split())


def long_sheet(rows: int = 120) -> LeagueSheet:
    lines = tuple(
        LeagueLine(
            texts={
                "rank": str(index),
                "name": f"{SHORT_NAMES[index % len(SHORT_NAMES)]} {index}",
                "drives": "12",
                "counted": "10",
                "total": str(500 - index),
                "per_drive": "41,50",
                "per_hand": "3,46",
                "note": "",
            },
            qualified=True,
        )
        for index in range(1, rows + 1)
    )
    return LeagueSheet(
        club="Klub Wista „Trefl” w Krakowie",
        season="Sezon zimowy 2026",
        title="Liga: Sezon zimowy 2026",
        rules=("Od 1 sty 2026 do 30 cze 2026: 12 zakończonych turniejów.",),
        lines=lines,
        drives=(),
        printed="5 gru 2026",
    )


@needs_pdftotext
@pytest.mark.parametrize("language", ["pl", "ru"])
@pytest.mark.parametrize("edition", ["standard", "large"])
def test_a_long_table_repeats_its_heading_and_counts_its_pages(
    language, edition, tmp_path
):
    sheet = long_sheet()
    with translation.override(language):
        printed = league_pdf.draw_league(
            sheet, paper="a4", edition=editions.EDITIONS[edition]
        )
        headings = [str(title) for _key, title, _share in LEAGUE_COLUMNS]
        foot = translation.gettext(
            "%(footer)s · printed %(date)s · page %(page)d of %(pages)d"
        )
    assert printed.pages >= 3
    texts = page_texts(printed.data, printed.pages, tmp_path)
    assert len(texts) == printed.pages
    for number, page in enumerate(texts, start=1):
        words = " ".join(page.split())
        for heading in headings:
            # Every heading on every page (one set on two lines is read
            # back word by word).
            assert all(word in words for word in heading.split()), (number, heading)
        said = foot % {
            "footer": f"{sheet.club} · {sheet.season}",
            "date": sheet.printed,
            "page": number,
            "pages": printed.pages,
        }
        # The foot may be set on more lines, broken between its facts.
        assert plain(said) in plain(page), (number, said)
    # Every row once, in order, across the pages.
    text = pdf_text(printed.data, tmp_path)
    found = [
        re.search(re.escape(line.texts["name"]) + r"\s{2,}", text)
        for line in sheet.lines
    ]
    assert None not in found
    assert [m.start() for m in found] == sorted(m.start() for m in found)


@needs_pdftotext
@pytest.mark.parametrize("language", ["pl", "ru", "ro", "it"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_large_print_sets_nothing_small_and_cuts_no_name(
    club,
    language,
    paper,
    record,  # noqa: F811
    tmp_path,
):
    season = season_of(club)
    from printing.league_sheet import load_league_sheet

    with translation.override(language):
        sheet = load_league_sheet(season=season)
        printed = league_pdf.draw_league(sheet, paper=paper, edition=editions.LARGE)
    assert min(sizes_of(printed.data)) >= editions.LARGE_HEADING
    # No cell wider than its column: a name wraps between its words.
    assert table_faults(record) == []
    words = pdf_text(printed.data, tmp_path).split()
    for name in LONG_NAMES:
        assert all(word in words for word in name.split()), name
    # The usual edition: each name whole on its line (the paper turned
    # sideways where a name needs it).
    with translation.override(language):
        usual = league_pdf.draw_league(sheet, paper=paper)
    assert table_faults(record) == []
    lines = pdf_text(usual.data, tmp_path).splitlines()
    for name in LONG_NAMES:
        assert any(name in line for line in lines), name


def test_the_download_is_for_the_club_that_keeps_the_season(
    club, assistant_client, client
):
    season = season_of(club, names=("Ann", "Bob", "Cy", "Di", "Ed"))
    other = ClubFactory()
    theirs = league_services.season_create(
        club=other,
        name="Theirs",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    assert assistant_client.get(f"/seasons/{theirs.pk}/league.pdf").status_code == 404
    # Someone not logged in is sent to log in, and is given no PDF.
    anonymous = client.get(f"/seasons/{season.pk}/league.pdf")
    assert anonymous.status_code == 302
    assert "/login" in anonymous["Location"] or "login" in anonymous["Location"]
    assert anonymous.get("Content-Type", "") != "application/pdf"
    # A bad option says what to use.
    bad = assistant_client.get(f"/seasons/{season.pk}/league.pdf?paper=b5")
    assert bad.status_code == 400
    assert "a4" in bad.content.decode()
    large = assistant_client.get(
        f"/seasons/{season.pk}/league.pdf?edition=large&paper=letter"
    )
    assert large.status_code == 200
    assert "large-print" in large["Content-Disposition"]
    # The league page and the seasons page offer it.
    url = f"/seasons/{season.pk}/league.pdf"
    assert url in assistant_client.get(f"/seasons/{season.pk}/").content.decode()
    assert url in assistant_client.get("/seasons/").content.decode()


@needs_pdftotext
def test_the_print_command_writes_the_table_in_the_clubs_language(club, tmp_path):
    club.language = "pl"
    club.save(update_fields=["language"])
    season = season_of(club)
    output = tmp_path / "liga.pdf"
    lines = run("print_league", str(season.pk), "--output", str(output))
    # The table and the drives on the first page (the paper turned sideways
    # for the long names), each player's drives on the second.
    assert re.search(r"wrote .*liga\.pdf \(2 pages\)", lines[-1])
    text = " ".join(pdf_text(output.read_bytes(), tmp_path).split())
    assert "Liga: Winter 2026" in text
    assert "wydrukowano" in text and "strona 1 z 2" in text
    assert "Turnieje każdego gracza" in text
    run(
        "print_league",
        str(season.pk),
        "--output",
        str(output),
        "--edition",
        "large",
        "--paper",
        "letter",
        "--language",
        "ru",
    )
    assert "Лига: Winter 2026" in " ".join(
        pdf_text(output.read_bytes(), tmp_path).split()
    )
    with pytest.raises(CommandError):
        run("print_league", "999999", "--output", str(output))


@needs_pdftotext
@pytest.mark.parametrize("language", ["en-gb", "pl", "ru"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_large_print_starts_the_first_page_with_the_players(
    club, language, paper, tmp_path
):
    """Large print: the title, then the players' rows; the league's rules
    under the table. Above it, at 16 pt on a page turned sideways, the rules
    left room on the first page for only a few players."""
    with translation.override(language):
        rules = load_league_sheet(season=season_of(club)).rules
        sheet = dataclasses.replace(long_sheet(60), rules=rules)
        printed = league_pdf.draw_league(sheet, paper=paper, edition=editions.LARGE)
    texts = page_texts(printed.data, printed.pages, tmp_path)

    def rows(page: str) -> int:
        return sum(
            1
            for line in sheet.lines
            if re.search(re.escape(line.texts["name"]) + r"(?!\d)", page)
        )

    # The first page holds nearly as many rows as the next (the title and
    # the club's name over them).
    assert rows(texts[0]) >= rows(texts[1]) - 4, [rows(t) for t in texts]
    # The rules are printed all the same, after the table.
    words = " ".join(" ".join(texts).split())
    for rule in rules:
        assert " ".join(rule.split()) in words
    assert words.index(sheet.lines[-1].texts["name"]) < words.index(
        " ".join(rules[0].split())
    )


@pytest.mark.parametrize("language", ["it", "ru", "pl"])
def test_large_print_gives_a_note_room_beside_a_long_name(club, language):
    """A tied row's note ("deciso con il conteggio a ritroso") beside a long
    name: the name gives the note room, so the note takes two lines rather
    than four (a word a line) and the rows are as low as the names allow."""
    with translation.override(language):
        sheet = load_league_sheet(season=season_of(club))
    rows = [line.texts for line in sheet.lines]
    keys = [key for key, _title, _share in sheet.columns]
    size = PAPERS["a4"]
    if league_pdf.sideways(sheet, "a4", editions.LARGE):
        size = landscape(size)
    with editions.in_use(editions.LARGE):
        plan = league_pdf._plan(
            sheet.columns, rows, size[0] - 2 * league_pdf.MARGIN, editions.LARGE_TYPE
        )

    def lines(key: str, row: dict[str, str]) -> int:
        room = plan.widths[keys.index(key)] - 2 * DATA_PADDING
        return len(lines_at(row[key], REGULAR, editions.LARGE_TYPE, room, 99))

    notes = [row for row in rows if row["note"]]
    assert notes
    # Russian's headings' room (test_league_heading_gaps: two columns'
    # headings 9.6 pt apart at 16 pt, not 6) leaves its longest note three
    # lines beside a name of two: never a word a line.
    most = 3 if language == "ru" else 2
    for row in notes:
        assert lines("note", row) <= most, row["note"]
        assert lines("note", row) <= max(lines("name", row), most)
