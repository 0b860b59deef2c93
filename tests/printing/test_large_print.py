"""Large print: every kind of sheet in the large-print edition sets no string
below 16 pt, cuts none short, and puts one card on a page, for every
format's cards and in English, Polish and Russian; the players who asked for
large print get theirs at the end of the usual run of score cards.

The sizes are read from the PDF itself: the page's drawing instructions are
decoded and the font size in force at each string shown is noted (`shown`).
Each page's words are read back with poppler's pdftotext. What was cut is
seen by the recorder of tests/printing/test_layout.py around
printing.pdf.placed.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation
from reportlab.lib.pagesizes import landscape

from drive import large_print
from drive import services as drive_services
from drive.models import Entry
from players.models import AuditKind
from printing import card_pdf, documents, editions, grid_pdf, pdf
from printing.editions import LARGE_TYPE
from printing.fitting import column_widths, heading_lines, spread
from printing.fonts import register_fonts
from printing.pdf import PAPERS
from printing.readable import page_streams, shown, sizes_of
from tests.factories import drive_with_players
from tests.fixtures import audit_events
from tests.printing.named_drives import FORMATS
from tests.printing.printed import needs_pdftotext, page_texts, render
from tests.printing.sheet_faults import cut_faults, headings, keep, overflow_faults

pytestmark = pytest.mark.django_db

LANGUAGES = ("en-gb", "pl", "ru")


def small_faults(record, titles: list[str]) -> list[str]:  # noqa: F811
    """Strings set below 16 pt: only a line of a column's heading may be,
    and never below 14 pt (editions.LARGE_HEADING)."""
    return [
        f"{d.asked!r} at {d.size:.2f} pt"
        for d in record.strings
        if d.size < LARGE_TYPE
        and not (
            d.size >= editions.LARGE_HEADING
            and any(" ".join(d.asked.split()) in title for title in titles)
        )
    ]


def test_the_measure_sees_the_usual_sizes(club):
    """The reading of sizes is no rubber stamp: the usual cards show strings
    well under 16 pt, and large print none."""
    drive = drive_with_players(players=8, club=club)
    usual = sizes_of(render(drive, "scorecards").data)
    large = sizes_of(render(drive, "scorecards", edition="large").data)
    assert usual and min(usual) < 10
    assert large and min(large) >= LARGE_TYPE


KINDS = ("scorecards", "filled-cards", "blank-cards", "slips", "tablecards", "results")


@needs_pdftotext
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("form", sorted(FORMATS))
def test_every_sheet_in_large_print_is_16_pt_whole_and_one_card_a_page(
    club,
    record,  # noqa: F811
    tmp_path,
    language,
    form,
):
    drive = FORMATS[form](club)
    names = list(
        Entry.objects.filter(drive=drive)
        .order_by("number")
        .values_list("player__name", flat=True)
    )
    kinds = KINDS + (("score-sheets",) if form == "prediction" else ())
    faults: dict[str, list[str]] = {}
    with translation.override(language):
        titles = [" ".join(title.split()) for title in headings()]
        # The number column's heading, one sign in Russian ("№"), which
        # headings() leaves out (a single letter would match any value).
        titles.append(translation.gettext("No."))
        for kind in kinds:
            record.strings.clear()
            record.deal_headings.clear()
            # Two a page asked for: large print has one all the same.
            printed = render(drive, kind, edition="large", per_page=2, count=2)
            keep(printed, f"large-{form}-{language}-{kind}")
            sizes = sizes_of(printed.data)
            found = [
                f"text at {s:.2f} pt"
                for s in sorted(set(sizes))
                if s < editions.LARGE_HEADING
            ]
            found += small_faults(record, titles + sorted(record.deal_headings))
            if not sizes:
                found.append("no text read")
            found += overflow_faults(record)
            if kind != "results":  # a platypus table: not through placed
                found += cut_faults(record)
            if kind in ("scorecards", "filled-cards"):
                texts = page_texts(printed.data, printed.pages, tmp_path)
                found += [] if len(texts) == len(names) else [f"{len(texts)} pages"]
                for page, text in enumerate(texts, start=1):
                    words = " ".join(text.split())
                    on_page = [n for n in names if n in words]
                    if len(on_page) != 1:
                        found.append(f"page {page} holds {on_page}")
            if kind == "blank-cards" and printed.pages != 2:
                found.append(f"2 blank cards on {printed.pages} pages")
            if found:
                faults[kind] = sorted(set(found))
    assert faults == {}, "\n".join(f"{k}: {v}" for k, v in faults.items())


@needs_pdftotext
def test_the_players_who_asked_get_their_cards_in_large_print_last(club, tmp_path):
    drive = drive_with_players(players=8, club=club)
    asked = Entry.objects.select_related("player").get(drive=drive, number=3)
    large_print.entry_set_large_print(entry=asked, large_print=True)
    printed = render(drive, "scorecards", per_page=2)
    # Seven usual cards two to a page, then the one in large print.
    assert printed.pages == 5
    texts = page_texts(printed.data, printed.pages, tmp_path)
    assert asked.player.name in texts[-1]
    assert all(asked.player.name not in text for text in texts[:-1])
    streams = page_streams(printed.data)
    by_page = [shown(stream) for stream in streams if shown(stream)]
    assert len(by_page) == 5
    assert min(by_page[-1]) >= LARGE_TYPE
    assert min(by_page[0]) < 10
    # Asked in the record of changes, and undone.
    large_print.entry_set_large_print(entry=asked, large_print=False)
    first, second = audit_events(drive, AuditKind.ENTRY_LARGE_PRINT)
    assert (first.old["large_print"], first.new["large_print"]) == (False, True)
    assert (second.old["large_print"], second.new["large_print"]) == (True, False)
    assert render(drive, "scorecards", per_page=2).pages == 4


def test_asking_twice_records_once(club):
    drive = drive_with_players(players=8, club=club, start=False)
    entry = Entry.objects.get(drive=drive, number=1)
    large_print.entry_set_large_print(entry=entry, large_print=True)
    large_print.entry_set_large_print(entry=entry, large_print=True)
    assert len(audit_events(drive, AuditKind.ENTRY_LARGE_PRINT)) == 1
    assert Entry.objects.get(pk=entry.pk).large_print


def test_registration_can_ask_for_large_print(club):
    drive = drive_with_players(players=8, club=club, start=False)
    entry = drive_services.entry_register(
        drive=drive, name="Edna Jones", large_print=True
    )
    assert entry.large_print
    registered = audit_events(drive, AuditKind.ENTRY_REGISTER)[-1]
    assert registered.new["large_print"] is True


def test_the_edition_is_checked_and_named_in_the_file_name(club):
    drive = drive_with_players(players=8, club=club, start=False)
    with pytest.raises(documents.PrintError, match="not an edition"):
        documents.parse_options(kind="scorecards", edition="huge")
    options = documents.parse_options(kind="scorecards", edition=" Large ")
    assert options.edition == "large" and options.drawn_in is editions.LARGE
    assert documents.pdf_filename(drive, "scorecards", "large").endswith(
        "-scorecards-large-print.pdf"
    )
    with translation.override("pl"):
        polish = documents.pdf_filename(drive, "scorecards", "large")
    assert polish.endswith("-duży-druk.pdf")
    assert documents.pdf_filename(drive, "scorecards").endswith("-scorecards.pdf")


def test_spread_gives_each_column_its_need_first():
    assert spread([10, 10], [0.5, 0.5], 100) == [50, 50]
    assert spread([60, 10], [0.5, 0.5], 100) == [75, 25]
    # Not all fit: in proportion to the need.
    assert spread([150, 50], [0.5, 0.5], 100) == [75, 25]
    # What a column wants (its heading) comes after every need.
    assert spread([10, 10], [0.5, 0.5], 100, [90, 10]) == [90, 10]
    assert spread([10, 10], [0.5, 0.5], 40, [90, 10]) == [30, 10]


def test_the_print_page_offers_large_print_and_the_download_is_large(
    organiser_client, club
):
    drive = drive_with_players(players=8, club=club)
    page = organiser_client.get(f"/drives/{drive.pk}/").content.decode()
    assert 'name="edition"' in page and 'value="large"' in page
    link = f"/drives/{drive.pk}/print/scorecards.pdf?edition=large"
    assert link in page
    response = organiser_client.get(link)
    assert response.status_code == 200
    assert "large-print" in response["Content-Disposition"]
    data = (
        b"".join(response.streaming_content) if response.streaming else response.content
    )
    assert min(sizes_of(data)) >= LARGE_TYPE
    form = organiser_client.get(
        f"/drives/{drive.pk}/print/", {"kind": "slips", "edition": "large"}
    )
    assert form.status_code == 200 and min(sizes_of(form.content)) >= LARGE_TYPE
    refused = organiser_client.get(f"/drives/{drive.pk}/print/scorecards.pdf?edition=x")
    assert refused.status_code == 400
    assert "not an edition" in refused.content.decode()


def test_the_players_page_asks_for_a_large_print_card(organiser_client, club):
    drive = drive_with_players(players=8, club=club, start=False)
    entry = Entry.objects.select_related("player").get(drive=drive, number=2)
    page = organiser_client.get(f"/drives/{drive.pk}/entries/").content.decode()
    assert f"Large-print card for {entry.player.name}" in page
    response = organiser_client.post(
        f"/drives/{drive.pk}/entries/{entry.pk}/", {"action": "large_print"}
    )
    assert response.status_code == 302
    assert Entry.objects.get(pk=entry.pk).large_print
    page = organiser_client.get(f"/drives/{drive.pk}/entries/").content.decode()
    assert f"Usual card for {entry.player.name}" in page
    detail = organiser_client.get(f"/drives/{drive.pk}/").content.decode()
    assert "the 1 player who asked for large print" in detail
    organiser_client.post(
        f"/drives/{drive.pk}/entries/", {"name": "Edna Jones", "large_print": "on"}
    )
    assert Entry.objects.get(drive=drive, player__name="Edna Jones").large_print
    audit = organiser_client.get(f"/drives/{drive.pk}/audit/").content.decode()
    assert "Large-print card asked for or not" in audit


def test_the_print_command_prints_large(tmp_path, club):
    from django.core.management import call_command

    drive = drive_with_players(players=8, club=club, hands=2)
    output = tmp_path / "large.pdf"
    call_command(
        "print_drive",
        str(drive.pk),
        "--what",
        "scorecards",
        "--edition",
        "large",
        "--output",
        str(output),
        stdout=__import__("io").StringIO(),
    )
    data = output.read_bytes()
    assert min(sizes_of(data)) >= LARGE_TYPE
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") >= 8


def test_a_long_date_beside_the_club_is_whole_in_large_print(
    club,
    record,  # noqa: F811
):
    # The longest English date, where the header's usual 60:40 split cuts it
    # at 16 pt though the club's name leaves room.
    drive = drive_with_players(club=club, date=datetime.date(2026, 9, 30))
    record.strings.clear()
    render(drive, "scorecards", edition="large", per_page=1)
    dates = [d for d in record.strings if "September" in d.asked]
    assert dates and all(d.text == d.asked for d in dates)
    assert cut_faults(record) == []


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("language", ("en-gb", "pl", "ru", "ro", "it"))
@pytest.mark.parametrize("form", sorted(FORMATS))
def test_large_print_card_headings_keep_every_word_whole(club, language, form, paper):
    """At 16 pt a long language's column headings ("Distribuisci tu", "Punti
    della partita") do not fit side by side across an upright page: the card
    goes on the page turned sideways. No heading ever breaks inside a word,
    not even where the page sideways is too narrow for every heading's
    longest word at 16 pt (Polish "Partie wygrane–przegrane" on a rubber
    card, on Letter paper): the cells' room narrows, then the widest
    headings are set smaller, never below 14 pt; the numbers stay at 16 pt.
    Each kind of card (blank, with its seats, filled in) is looked at."""
    drive = FORMATS[form](club)
    register_fonts()
    size_of_paper = PAPERS[paper]
    broken, small, turned_any = [], [], False
    with translation.override(language), editions.in_use(editions.LARGE):
        plan_cards = documents.filled_cards(drive=drive)
        for card in plan_cards.values():
            turned = card_pdf.turned([card], size_of_paper, editions.LARGE)
            turned_any |= turned
            size = landscape(size_of_paper) if turned else size_of_paper
            width = size[0] - 2 * pdf.PADDING
            rows = card_pdf._card_grid_rows(card)
            columns = grid_pdf.widened(card.columns, rows, width)
            for (_key, title, _share), heading in zip(
                columns,
                grid_pdf.grid_headings(columns, rows, width).headings,
                strict=True,
            ):
                lines, head_size = flat(heading), heading.size
                if rejoined(lines) != " ".join(str(title).split()):
                    broken.append((str(title), lines))
                if head_size < editions.LARGE_HEADING:
                    small.append((str(title), head_size))
            # Upright only where every word fits at 16 pt with room to spare.
            assert turned or grid_pdf.whole_in(card.columns, rows, width)
    assert broken == [] and small == []
    if language == "it" and form == "prediction":
        assert turned_any  # nine headings of long Italian words


def test_a_rubber_card_on_letter_sets_its_widest_headings_smaller_not_broken(club):
    """The case that broke: a Polish rubber card in large print on Letter
    paper turned sideways is too narrow for every heading's longest word at
    16 pt. The widest headings are set smaller (not below 14 pt), the others
    and every value stay at 16 pt, and every word is whole."""
    drive = FORMATS["rubber"](club)
    register_fonts()
    with translation.override("pl"), editions.in_use(editions.LARGE):
        card = next(iter(documents.filled_cards(drive=drive).values()))
        paper = landscape(PAPERS["letter"])
        width = paper[0] - 2 * pdf.PADDING
        rows = card_pdf._card_grid_rows(card)
        assert not grid_pdf.whole_in(card.columns, rows, width)
        columns = grid_pdf.widened(card.columns, rows, width)
        headed = {
            str(title): (flat(heading), heading.size)
            for (_key, title, _share), heading in zip(
                columns,
                grid_pdf.grid_headings(columns, rows, width).headings,
                strict=True,
            )
        }
    assert headed["Partie wygrane–przegrane"][0] == ("Partie", "wygrane–", "przegrane")
    sizes = [size for _lines, size in headed.values()]
    assert min(sizes) >= editions.LARGE_HEADING and min(sizes) < LARGE_TYPE
    assert max(sizes) == LARGE_TYPE  # only the widest are set smaller
    assert all(
        rejoined(lines) == " ".join(title.split())
        for title, (lines, _size) in headed.items()
    )
    assert sum(share for _key, _title, share in columns) == pytest.approx(1)


def flat(heading) -> tuple[str, ...]:
    """A heading's lines, its parts one after another."""
    return tuple(line for lines, _font in heading.lines for line in lines)


def rejoined(lines: tuple[str, ...]) -> str:
    """A heading's lines as one text: a line broken after a dash or slash
    joins the next without a space."""
    text = ""
    for line in lines:
        text += ("" if not text or text.endswith(("–", "—", "/")) else " ") + line
    return text


def test_a_heading_breaks_after_a_dash_rather_than_inside_a_word():
    register_fonts()
    title = "Partie wygrane–przegrane"
    lines, size = heading_lines(title, "DejaVuSans-Bold", 16, 110, most=3, smallest=16)
    assert lines == ("Partie", "wygrane–", "przegrane")
    assert size == 16 and rejoined(lines) == title
    # Where it fits, the dash keeps its words together on one line.
    wide, _size = heading_lines(title, "DejaVuSans-Bold", 16, 400, most=3, smallest=16)
    assert wide == (title,)


def test_column_widths_take_the_typesetters_steps_in_order():
    needs, shares = (20.0, 20.0, 20.0), (1 / 3, 1 / 3, 1 / 3)
    words = (90.0, 40.0, 40.0)

    def widths(width: float) -> tuple[float, ...]:
        return column_widths(
            needs, shares, width, words, size=16, smallest=14, room=6, tight_room=4
        )

    # Room for every word with the usual room: as `spread` shares it.
    assert widths(300) == tuple(spread(needs, shares, 300, [96, 46, 46]))
    # Only with the least room: every word whole, nothing set smaller.
    tight = widths(183)
    assert sum(tight) == pytest.approx(183)
    assert all(w >= word + 4 for w, word in zip(tight, words, strict=True))
    # Narrower still: only the widest heading's column gives way, down to 14 pt.
    narrow = widths(176)
    assert sum(narrow) == pytest.approx(176)
    assert words[0] * 14 / 16 + 4 <= narrow[0] < words[0] + 4
    assert narrow[1] >= 44 and narrow[2] >= 44
    # Where the widest reaches 14 pt, the next widest gives way too.
    narrower = widths(165)
    assert sum(narrower) == pytest.approx(165)
    assert narrower[0] == pytest.approx(words[0] * 14 / 16 + 4, abs=1)
    assert min(narrower[1:]) < 44
    # Where not even 14 pt fits, the widths `spread` gives (and a word breaks).
    assert widths(140) == tuple(spread(needs, shares, 140, [96, 46, 46]))
