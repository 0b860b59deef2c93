"""The printed league's "Each player's drives" (printing.league_sheet,
printing.league_grid): one row per player in the table's order, one column
per drive, each player's score in each drive, the scores not counted under a
best-of rule struck through and in brackets as the legend says, blank where
they did not play; a long season split by its drives across sideways pages,
the names repeated on each. Read back with pdftotext."""

from __future__ import annotations

import datetime
import re
import subprocess

import pytest
from django.utils import translation

from drive.models import Drive
from league.models import Season
from league.selectors import League
from league.table import Appearance, league_table
from players.dates import day_month
from players.models import Club
from printing import editions, league_pdf
from printing.league_sheet import league_sheet
from prizes.models import ClubScoringSettings
from tests.league.seasons import best_two_of_three
from tests.printing.printed import PDFTOTEXT, needs_pdftotext, pdf_text

LANGUAGES = ("en-gb", "pl", "ru")


def grid_part(text: str, title: str) -> str:
    """The text from the grid's first heading on."""
    assert title in text, title
    return text[text.index(title) :]


def row_tokens(text: str, name: str) -> list[str]:
    """What follows `name` on its line: the total, then the scores shown."""
    line = next(line for line in text.splitlines() if name in line)
    return line.split(name, 1)[1].split()


def shown(score: int, dropped: bool) -> str:
    return f"({score})" if dropped else str(score)


@pytest.fixture
def season(club, organiser_client):
    return best_two_of_three(club, organiser_client)


@pytest.mark.django_db
@needs_pdftotext
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_printed_grid_is_each_players_drives_on_the_page(
    season, assistant_client, language, tmp_path
):
    assistant_client.cookies["django_language"] = language
    page = assistant_client.get(f"/seasons/{season.pk}/")
    table = page.context["league"]
    response = assistant_client.get(f"/seasons/{season.pk}/league.pdf")
    assert response.status_code == 200
    with translation.override(language):
        title = translation.gettext("Each player's drives")
        struck = translation.gettext(
            "A score struck through and in brackets is not counted: one of "
            "that player's lowest, left out of the league total."
        )
        blank = translation.gettext("A blank: the player was not at that drive.")
        dates = [day_month(drive.date) for drive in table.drives]
    text = grid_part(pdf_text(response.content, tmp_path), title)
    flat = " ".join(text.split())
    # The legend in the page's words: struck through and bracketed, blank.
    assert struck in flat and blank in flat
    # Each drive's column headed by its date, short, in the language.
    assert all(date in flat for date in dates), dates
    names = [player.row.name for player in table.player_drives]
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions)  # the table's order
    dropped = 0
    for player in table.player_drives:
        # The total, then each drive played, in order, the ones not counted
        # in brackets; nothing where the player was not there.
        assert row_tokens(text, player.row.name) == [
            str(player.row.total),
            *(shown(score.total, score.dropped) for _d, score in player.played),
        ], player.row.name
        dropped += len(player.dropped)
    assert dropped == 3  # three players played all three drives: best 2


def forty_drives(names: tuple[str, ...]) -> League:
    """40 drives; player p scores 100 * p + d in drive d, misses the drives
    where (p + d) % 6 == 0, best 30 of those played."""
    appearances = [
        Appearance(p, name, d, total=100 * p + d, hands=20)
        for p, name in enumerate(names, start=1)
        for d in range(1, 41)
        if (p + d) % 6
    ]
    club = Club(name="Klub Wista „Trefl” w Krakowie")
    return League(
        season=Season(
            club=club,
            name="2026",
            start=datetime.date(2026, 1, 1),
            end=datetime.date(2026, 12, 31),
        ),
        drives=[
            Drive(
                name=f"Drive {d}",
                date=datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * (d - 1)),
            )
            for d in range(1, 41)
        ],
        rows=league_table(appearances, drives=40, best_of=30),
        settings=ClubScoringSettings(best_of=30, min_attendance=0),
        order=(),
        draws=[],
        appearances=appearances,
    )


def page_sizes(data: bytes, tmp_path) -> list[tuple[float, float]]:
    path = tmp_path / "sizes.pdf"
    path.write_bytes(data)
    info = subprocess.run(
        [PDFTOTEXT.replace("pdftotext", "pdfinfo"), "-f", "1", "-l", "999", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [
        (float(w), float(h))
        for w, h in re.findall(r"Page +\d+ size: +([\d.]+) x ([\d.]+)", info)
    ]


@pytest.mark.django_db
@needs_pdftotext
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("edition", ["standard", "large"])
def test_forty_drives_split_across_sideways_pages_with_the_names_on_each(
    language, edition, tmp_path
):
    names = ("Anna Lis", "Zofia Głowacka", "Пётр Ильин", "Ana Popa", "Luca Neri")
    table = forty_drives(names)
    with translation.override(language):
        sheet = league_sheet(table, printed=datetime.date(2026, 12, 5))
        printed = league_pdf.draw_league(
            sheet, paper="a4", edition=editions.EDITIONS[edition]
        )
        part = re.compile(
            re.escape(
                translation.ngettext(
                    "Drives %(first)s to %(last)s of %(drives)s",
                    "Drives %(first)s to %(last)s of %(drives)s",
                    40,
                )
                % {"first": "FIRST", "last": "LAST", "drives": 40}
            )
            .replace("FIRST", r"(\d+)")
            .replace("LAST", r"(\d+)")
        )
        marked = translation.gettext(
            "A score struck through and in brackets is not counted: one of "
            "that player's lowest, left out of the league total."
        )
    pages = pdf_text(printed.data, tmp_path).split("\f")
    sizes = page_sizes(printed.data, tmp_path)
    assert len(sizes) == printed.pages
    parts = []
    scores: dict[int, list[str]] = {p: [] for p in range(1, len(names) + 1)}
    for number, text in enumerate(pages, start=1):
        found = part.search(" ".join(text.split()))
        if not found:
            continue
        first, last = int(found[1]), int(found[2])
        parts.append((first, last))
        # Each part on the paper turned sideways, the legend over it.
        width, height = sizes[number - 1]
        assert width > height, number
        assert marked in " ".join(text.split()), number
        for p, name in enumerate(names, start=1):
            row = next(r for r in table.player_drives if r.row.player == p).row
            tokens = row_tokens(text, name)
            # The name and the total repeated on each part.
            assert tokens[0] == str(row.total), (number, name)
            scores[p] += tokens[1:]
    # The drives in order, in more than one part, each drive once.
    assert len(parts) > 1
    assert [first for first, _last in parts] == [1] + [
        last + 1 for _first, last in parts[:-1]
    ]
    assert parts[-1][1] == 40
    for player in table.player_drives:
        # Every drive's score on its player's row, in order; the 10 not
        # counted in brackets; nothing for a drive missed.
        expected = [shown(s.total, s.dropped) for _d, s in player.played]
        assert scores[player.row.player] == expected, player.row.name
        assert sum(token.startswith("(") for token in expected) == len(expected) - 30
