"""The captain link printed under a table card's QR code, typed by hand when
the code will not scan: black, monospaced (l, I and 1, O and 0 told apart),
at least 9 pt on a card a page, whole (no space added, the key never cut),
and within the card's margins at 1, 2 and 4 cards a page (printing.posters).

Read back from the PDF with poppler (pdftotext -bbox, pdffonts), and from
what was asked of reportlab (the font, size and colour of each string).
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess

import pytest
from django.utils import translation

from drive.models import Drive
from printing import documents, pdf, posters
from printing.pdf import INK, PADDING, PAPERS, slots
from tests.factories import drive_with_players

pytestmark = pytest.mark.django_db

PDFFONTS = shutil.which("pdffonts")
PDFTOTEXT = shutil.which("pdftotext")
needs_poppler = pytest.mark.skipif(
    PDFFONTS is None or PDFTOTEXT is None,
    reason="pdftotext and pdffonts (poppler-utils) are not installed",
)

LANGUAGES = ["pl", "ru", "ro", "it"]
# The default base of print_drive, and the long address of a club's own site.
BASES = ["http://127.0.0.1:8000/", "https://wist.klub-przykladowy.example.org/"]
MONOSPACED = {posters.TYPED, posters.TYPED_FALLBACK}
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)


def render(drive: Drive, *, per_page: int, paper: str, base: str, language: str):
    with translation.override(language):
        return documents.render(
            drive=drive,
            options=documents.parse_options(
                kind="tablecards", per_page=per_page, paper=paper
            ),
            base_url=base,
        )


def links(drive: Drive, base: str) -> list[str]:
    keys = drive.tables.order_by("number").values_list("captain_key", flat=True)
    return [f"{base}t/{key}/" for key in keys]


def words(data: bytes, tmp_path) -> list[tuple[float, float, float, float, str]]:
    """(x0, top, x1, bottom, text) of each word on the first page, in points
    from the page's top left."""
    path = tmp_path / "cards.pdf"
    path.write_bytes(data)
    done = subprocess.run(
        [PDFTOTEXT, "-bbox", "-f", "1", "-l", "1", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        timeout=30,
    )
    return [
        (float(x0), float(y0), float(x1), float(y1), html.unescape(text))
        for x0, y0, x1, y1, text in WORD.findall(done.stdout.decode("utf-8"))
    ]


def fonts(data: bytes, tmp_path) -> list[str]:
    path = tmp_path / "fonts.pdf"
    path.write_bytes(data)
    done = subprocess.run(
        [PDFFONTS, str(path)], capture_output=True, check=True, timeout=30
    )
    # Each row's name, its subset tag ("ABCDEF+") dropped.
    rows = done.stdout.decode("utf-8").splitlines()[2:]
    return [row.split()[0].split("+")[-1] for row in rows if row.strip()]


@pytest.fixture
def asked(monkeypatch) -> list[tuple[str, str, float, object]]:
    """(text, font, size, colour) of every string drawn."""
    seen: list[tuple[str, str, float, object]] = []
    placed = pdf.placed

    def recording(text, x, **style):
        out = placed(text, x, **style)
        seen.append((out[0], out[2], out[3], out[4]))
        return out

    monkeypatch.setattr(pdf, "placed", recording)
    return seen


def part_of_link(text: str, urls: list[str]) -> bool:
    """A piece of a link (not the table's number, which is in some links too,
    nor the site's address said in words beside the QR code, "Phones open
    192.168.1.20:8000", which has no slash: each line of these links has one,
    as "https://..." or "/t/<key>/")."""
    return (
        len(text) > 2
        and not text.isdigit()
        and "/" in text
        and any(text in url for url in urls)
    )


def link_lines(seen, urls: list[str]) -> list[tuple[str, str, float, object]]:
    return [s for s in seen if part_of_link(s[0], urls)]


def test_the_machine_s_dejavu_sans_mono_is_used_where_it_is_installed():
    face = posters._typed_face()
    assert face in MONOSPACED
    if any(path.is_file() for path in posters._TYPED_FILES):
        assert face == posters.TYPED


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_link_is_black_monospaced_and_whole(asked, language):
    drive = drive_with_players(players=8)
    for base in BASES:
        urls = links(drive, base)
        for per_page in (1, 2, 4):
            for paper in PAPERS:
                asked.clear()
                printed = render(
                    drive, per_page=per_page, paper=paper, base=base, language=language
                )
                if printed.chosen_per_page:
                    # Fewer to a page, every line at 8 pt (four cards a page
                    # with the warning of a wrong address): the sheet printed.
                    asked.clear()
                    render(
                        drive,
                        per_page=printed.per_page,
                        paper=paper,
                        base=base,
                        language=language,
                    )
                lines = link_lines(asked, urls)
                # Each link whole, on one or more lines put end to end.
                assert "".join(text for text, *_ in lines) == "".join(urls)
                for text, font, size, color in lines:
                    assert font in MONOSPACED, (per_page, paper, text)
                    assert color == INK, (per_page, paper, text)
                    assert " " not in text
                    # Never smaller than the captions (it was 5.5 pt, grey).
                    assert size >= 7, (per_page, paper, text, size)
                if per_page == 1:
                    assert min(size for *_, size, _ in lines) >= 9, (paper, base)
                if base == BASES[0]:
                    # A short address: on one line (8 pt or more), not two.
                    assert len(lines) == len(urls), (per_page, paper)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_link_keeps_9_pt_on_two_lines_at_4_a_page(asked, language):
    """A long address at 4 cards a page goes on two lines, the key whole on
    its own, rather than smaller; 9 pt where the card's text leaves room."""
    drive = drive_with_players(players=8)
    base = BASES[1]
    urls = links(drive, base)
    asked.clear()
    render(drive, per_page=4, paper="a4", base=base, language=language)
    lines = [text for text, *_ in link_lines(asked, urls)]
    keys = [url.removeprefix(base.rstrip("/")) for url in urls]
    assert lines == [part for key in keys for part in (base.rstrip("/"), key)]
    assert {size for _, _, size, _ in link_lines(asked, urls)} == {9}


@needs_poppler
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pdf_sets_the_link_large_monospaced_and_within_the_margins(
    tmp_path, language
):
    drive = drive_with_players(players=8)
    for base in BASES:
        urls = links(drive, base)
        for per_page in (1, 2, 4):
            for paper, size in PAPERS.items():
                printed = render(
                    drive, per_page=per_page, paper=paper, base=base, language=language
                )
                # Fewer to a page where four do not hold every line at 8 pt.
                per_page = printed.per_page or per_page  # noqa: PLW2901
                where = (base, per_page, paper)
                assert posters._typed_face() in fonts(printed.data, tmp_path), where
                found = [
                    w for w in words(printed.data, tmp_path) if part_of_link(w[4], urls)
                ]
                # The first page's links, read back whole.
                on_page = urls[: len(slots(size, per_page))]
                assert "".join(w[4] for w in found) == "".join(on_page), where
                for x0, top, x1, bottom, text in found:
                    height = bottom - top
                    if per_page == 1:
                        assert height >= 9, (where, text, height)
                    assert height >= 7, (where, text, height)
                    # Within its own card, inside the card's padding.
                    middle_x, middle_y = (x0 + x1) / 2, size[1] - (top + bottom) / 2
                    (slot,) = [
                        s
                        for s in slots(size, per_page)
                        if s.x <= middle_x <= s.x + s.width
                        and s.y <= middle_y <= s.y + s.height
                    ]
                    assert x0 >= slot.x + PADDING - 0.5, (where, text)
                    assert x1 <= slot.x + slot.width - PADDING + 0.5, (where, text)
                    assert size[1] - bottom >= slot.y + PADDING / 2, (where, text)
                    assert size[1] - top <= slot.y + slot.height - PADDING, (
                        where,
                        text,
                    )


@needs_poppler
def test_a_link_in_cyrillic_or_romanian_letters_is_printed_as_it_is(tmp_path):
    """A club's address in its own letters (a host name typed into
    --base-url) still prints, letter for letter."""
    drive = drive_with_players(players=8)
    for base, language in (
        ("https://вист.клуб.example/", "ru"),
        ("https://ștefănești.example.ro/", "ro"),
    ):
        printed = render(drive, per_page=1, paper="a4", base=base, language=language)
        found = "".join(
            w[4]
            for w in words(printed.data, tmp_path)
            if part_of_link(w[4], links(drive, base)[:1])
        )
        assert found == links(drive, base)[0]


@pytest.fixture
def without_dejavu_sans_mono(monkeypatch):
    monkeypatch.setattr(posters, "_TYPED_FILES", ())
    posters._typed_face.cache_clear()
    yield
    posters._typed_face.cache_clear()


@needs_poppler
def test_without_dejavu_sans_mono_the_link_is_in_courier(
    tmp_path, asked, without_dejavu_sans_mono
):
    """Where the machine has no DejaVu Sans Mono: reportlab's own Courier Bold,
    monospaced too; a link Courier cannot show in the sheets' own face."""
    drive = drive_with_players(players=8)
    base = BASES[1]
    printed = render(drive, per_page=1, paper="a4", base=base, language="pl")
    assert posters.TYPED_FALLBACK in fonts(printed.data, tmp_path)
    assert {font for _, font, _, _ in link_lines(asked, links(drive, base))} == {
        posters.TYPED_FALLBACK
    }
    asked.clear()
    base = "https://вист.клуб.example/"
    render(drive, per_page=1, paper="a4", base=base, language="ru")
    assert {font for _, font, _, _ in link_lines(asked, links(drive, base))} == {
        posters.REGULAR
    }
