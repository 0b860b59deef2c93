"""Fixtures several printing test modules use: `record` (every string a
sheet sets through printing.pdf.placed, and the results sheet's tables: see
tests/printing/sheet_faults.py), `played` (a rubber drive played to its end),
`season` (a season of two drives, one named as a formula would be),
`website` (a stand-in for the club's website, tests/printing/publishing_site.py)
and `drawn` (what table cards' drawing is handed: tests/printing/table_card_fits.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from reportlab.platypus import SimpleDocTemplate
from reportlab.platypus.tables import Table

from printing import card_codes, pdf, posters, prediction_table
from tests.factories import drive_with_players, play_drive
from tests.printing.publishing_site import Website
from tests.printing.rubber_evening import played_rubber
from tests.printing.season_book import DAYS, season_2026
from tests.printing.sheet_faults import Drawn, Record, part_of


@pytest.fixture
def record(monkeypatch) -> Record:
    seen = Record()
    placed = pdf.placed

    def recording(text, x, **style):
        out = placed(text, x, **style)
        drawn = Drawn(
            asked=str(text),
            text=out[0],
            font=out[2],
            size=out[3],
            width=style.get("width"),
        )
        seen.strings.append(drawn)
        return out

    monkeypatch.setattr(pdf, "placed", recording)

    table = prediction_table.draw_table

    def sheet_table(canvas, sheet, plan, edges, **kwargs):
        start = len(seen.strings)
        seen.deal_headings |= {
            line for deal in sheet.deals for line in deal.lines() if line
        }
        bottom = table(canvas, sheet, plan, edges, **kwargs)
        names = [player.name.split() for player in sheet.players if player.name]
        seen.sheet_names.append(
            [s for s in seen.strings[start:] if any(part_of(s.asked, n) for n in names)]
        )
        return bottom

    monkeypatch.setattr(prediction_table, "draw_table", sheet_table)

    build = SimpleDocTemplate.build

    def building(doc, story, *args, **kwargs):
        seen.tables += [flowable for flowable in story if isinstance(flowable, Table)]
        return build(doc, story, *args, **kwargs)

    monkeypatch.setattr(SimpleDocTemplate, "build", building)
    return seen


@pytest.fixture
def played(club):
    """A rubber drive played to its end (tests/printing/rubber_evening.py)."""
    return played_rubber(club)


@pytest.fixture
def season(club, organiser):
    for day, name in zip(DAYS, ["Spring drive", "=Christmas drive"], strict=True):
        play_drive(
            drive_with_players(players=8, hands=2, club=club, name=name, date=day),
            by=organiser,
        )
    return season_2026(club)


@pytest.fixture
def website() -> Iterator[Website]:
    site = Website()
    yield site
    site.close()


@pytest.fixture
def drawn(monkeypatch):
    """The cards handed to the drawing, and each page's QR codes (x, y, size
    in points from the page's bottom left) in the last drawing (four a page
    may be drawn again two a page), each code's width and each table
    number's size."""
    seen: dict[str, list] = {"cards": [], "codes": [], "numbers": [], "squares": []}
    draw_cards, placed = posters.draw_table_cards, pdf.placed

    def drawing(cards, **options):
        seen["cards"] = list(cards)
        seen["squares"].clear()
        return draw_cards(cards, **options)

    def recorded(qr):
        def code(canvas, text, x, y, size):
            if not isinstance(canvas, pdf.Aside):
                seen["codes"].append(size)
                seen["squares"].append((canvas.getPageNumber(), x, y, size))
            return qr(canvas, text, x, y, size)

        return code

    def recording(text, x, **style):
        out = placed(text, x, **style)
        if style.get("size", 0) >= posters.SMALLEST_NUMBER / 2 and text.isdigit():
            seen["numbers"].append(out[3])
        return out

    monkeypatch.setattr(posters, "draw_table_cards", drawing)
    monkeypatch.setattr(posters, "_qr", recorded(posters._qr))
    # The Wi-Fi's code and the captain's beside it (card_codes' own name).
    monkeypatch.setattr(card_codes, "_qr", recorded(card_codes._qr))
    monkeypatch.setattr(pdf, "placed", recording)
    return seen
