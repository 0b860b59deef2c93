"""Roster import: reading files, the verdict of each row, the import, the page."""

from __future__ import annotations

import io
import zipfile
from datetime import timedelta

import openpyxl
import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st

from players import imports, roster_file, uploads
from players.imports import Verdict
from players.models import Player, RosterUpload, normalise_name
from players.roster_file import RawRow, RosterFileError
from players.views import IMPORT_SESSION_KEY
from tests.factories import ClubFactory, PlayerFactory
from tests.players.roster_files import IMPORT_URL, upload, xlsx_bytes


def csv_bytes(text: str, encoding: str = "utf-8") -> bytes:
    return text.encode(encoding)


# --- reading -------------------------------------------------------------------------


def test_csv_headers_any_case_and_order():
    rows = roster_file.read_upload(
        "r.csv",
        csv_bytes("PHONE, Full Name ,eMail,group\n0123,Ann Archer,ann@x.org,a\n"),
    )
    assert rows == [
        RawRow(
            2,
            {"phone": "0123", "name": "Ann Archer", "email": "ann@x.org", "group": "a"},
        )
    ]


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_csv_delimiters_and_blank_lines(delimiter):
    text = (
        f"Name{delimiter}Email\n\nBob{delimiter}\n{delimiter}\nCath{delimiter}c@x.org\n"
    )
    rows = roster_file.read_upload("r.csv", csv_bytes(text))
    assert [(r.line, r.cells["name"]) for r in rows] == [(3, "Bob"), (5, "Cath")]


def test_csv_from_an_old_windows_spreadsheet():
    rows = roster_file.read_upload(
        "r.csv", csv_bytes("Name\nFrançoise Lefèvre\n", "cp1252")
    )
    assert rows[0].cells["name"] == "Françoise Lefèvre"


def test_xlsx_rows_and_formula_cells():
    data = xlsx_bytes([["Name", "Phone"], ["Ann", 1234567.0], ['=A2&"x"', None]])
    rows = roster_file.read_upload("players.xlsx", data)
    assert rows[0].cells == {"name": "Ann", "phone": "1234567"}
    assert rows[1].formula_in == ("Name",)


@pytest.mark.parametrize(
    ("filename", "data", "message"),
    [
        ("r.csv", b"", "empty"),
        ("r.csv", b"   \n ", "empty"),
        ("r.xlsx", b"PK\x03\x04 broken zip", "cannot be opened"),
        ("r.xlsx", b"not a workbook at all", "cannot be opened"),
        ("r.pdf", b"%PDF-1.4 \x00\x01", "not a CSV or XLSX"),
        ("r.csv", b"\x00\x01\x02binary", "not a CSV"),
        ("r.csv", b"Email,Phone\nx@y.org,1\n", "column called Name"),
        ("r.csv", b"Name\n", "no players"),
    ],
)
def test_files_that_cannot_be_read(filename, data, message):
    with pytest.raises(RosterFileError, match=message):
        roster_file.read_upload(filename, data)


def test_sheet_without_a_name_column():
    with pytest.raises(RosterFileError, match="found: “Surname”, “Email”"):
        roster_file.read_upload(
            "r.xlsx", xlsx_bytes([["Surname", "Email"], ["X", "y"]])
        )


# --- verdicts ------------------------------------------------------------------------


@pytest.mark.django_db
def test_verdicts_new_matched_duplicate_and_errors():
    club = ClubFactory()
    PlayerFactory(club=club, name="Zofia Wąsowicz")
    PlayerFactory(club=ClubFactory(), name="Other Club")
    rows = [
        RawRow(2, {"name": "  zofia   WASOWICZ "}),
        RawRow(3, {"name": "Other Club", "group": "Gents"}),
        RawRow(4, {"name": "other club"}),
        RawRow(5, {"name": ""}),
        RawRow(6, {"name": "Ann", "email": "not-an-email"}),
        RawRow(7, {"name": "Bea", "group": "C"}),
        RawRow(8, {"name": "=SUM(A1)"}),
        RawRow(9, {"name": "Cy"}, ("name",)),
    ]
    preview = imports.preview(club=club, rows=rows)
    verdicts = [(r.line, r.verdict) for r in preview.rows]
    assert verdicts == [
        (2, Verdict.ON_ROSTER),
        (3, Verdict.NEW),
        (4, Verdict.ON_ROSTER),
        (5, Verdict.ERROR),
        (6, Verdict.ERROR),
        (7, Verdict.ERROR),
        (8, Verdict.NEW),
        (9, Verdict.ERROR),
    ]
    reasons = {r.line: r.reason for r in preview.rows}
    assert reasons[4] == "Same name as row 3: added once."
    assert reasons[5] == "The name is empty."
    assert "not an email address" in reasons[6]
    assert "is not a group" in reasons[7]
    assert "formula" in reasons[9]
    assert preview.rows[1].group == "B"
    assert (preview.new, preview.on_roster, preview.errors) == (2, 2, 4)


@pytest.mark.django_db
def test_import_adds_only_new_players_and_keeps_text_as_typed():
    club = ClubFactory()
    PlayerFactory(club=club, name="Ann Archer")
    rows = [
        RawRow(2, {"name": "ANN ARCHER"}),
        RawRow(3, {"name": "Řehoř  Šťastný", "email": "r@x.cz", "group": "b"}),
        RawRow(4, {"name": '=HYPERLINK("x")'}),
    ]
    summary = imports.roster_import(club=club, rows=rows)
    assert summary == imports.ImportSummary(added=2, matched=1, errors=0)
    players = {p.name: p for p in Player.objects.filter(club=club)}
    assert set(players) == {"Ann Archer", "Řehoř Šťastný", '=HYPERLINK("x")'}
    assert (players["Řehoř Šťastný"].email, players["Řehoř Šťastný"].group) == (
        "r@x.cz",
        "B",
    )
    # Importing the same file again adds nobody.
    assert imports.roster_import(club=club, rows=rows) == imports.ImportSummary(
        added=0, matched=3, errors=0
    )


@pytest.mark.django_db
def test_an_error_not_skipped_writes_nothing():
    club = ClubFactory()
    rows = [RawRow(2, {"name": "Dora"}), RawRow(3, {"name": "Ed", "email": "bad"})]
    with pytest.raises(ValidationError, match="nothing was imported"):
        imports.roster_import(club=club, rows=rows)
    assert not Player.objects.filter(club=club).exists()
    summary = imports.roster_import(club=club, rows=rows, skip_errors=True)
    assert (summary.added, summary.errors) == (1, 1)
    assert list(Player.objects.filter(club=club).values_list("name", flat=True)) == [
        "Dora"
    ]


@pytest.mark.django_db
@settings(max_examples=25, deadline=None)
@given(
    name=st.text(
        alphabet=st.sampled_from("aąeęlłoóAĄŚŽÉÖΓΩДЖ  -'"), min_size=1, max_size=20
    ).filter(lambda n: n.strip(" -'")),
    shuffle=st.sampled_from(["upper", "lower", "spaces", "strip_accents"]),
)
def test_any_spelling_of_a_roster_name_matches(name, shuffle):
    club = ClubFactory()
    player = PlayerFactory(club=club, name=name)
    variant = {
        "upper": name.upper(),
        "lower": name.lower(),
        "spaces": "  " + name.replace(" ", "   ") + " ",
        "strip_accents": normalise_name(name),
    }[shuffle]
    preview = imports.preview(club=club, rows=[RawRow(2, {"name": variant})])
    assert preview.rows[0].verdict == Verdict.ON_ROSTER
    assert preview.rows[0].player_id == player.pk


# --- the page ------------------------------------------------------------------------


@pytest.mark.django_db
def test_page_preview_then_import(organiser_client, club):
    assert reverse("players:import") == IMPORT_URL
    PlayerFactory(club=club, name="Édith Piaf")
    data = xlsx_bytes(
        [["name", "email"], ["edith PIAF", ""], ["Yves Montand", "y@m.fr"]]
    )
    response = upload(organiser_client, "club.xlsx", data)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Already on the roster" in page and "Yves Montand" in page
    assert Player.objects.filter(club=club).count() == 1  # nothing yet
    token = response.context["token"]
    # The session holds the token and the file's name, never the rows: the
    # upload waits in the database, bound to the club.
    assert organiser_client.session[IMPORT_SESSION_KEY] == {
        "token": token,
        "filename": "club.xlsx",
    }
    assert uploads.upload_read(club=club, token=token) == data
    done = organiser_client.post(IMPORT_URL, {"action": "import", "token": token})
    assert done.status_code == 302
    assert IMPORT_SESSION_KEY not in organiser_client.session
    assert uploads.upload_read(club=club, token=token) is None
    assert set(Player.objects.filter(club=club).values_list("name", flat=True)) == {
        "Édith Piaf",
        "Yves Montand",
    }
    # The rows are gone from the session: the same form again is refused.
    again = organiser_client.post(IMPORT_URL, {"action": "import", "token": token})
    assert again.status_code == 400
    assert Player.objects.filter(club=club).count() == 2


@pytest.mark.django_db
def test_page_cancel_and_errors_write_nothing(organiser_client, club):
    data = csv_bytes("Name,Email\nGood Name,\nBad Email,nope\n")
    response = upload(organiser_client, "r.csv", data)
    assert response.status_code == 200
    assert "Skip the 1 row with errors" in response.content.decode()
    token = response.context["token"]
    refused = organiser_client.post(IMPORT_URL, {"action": "import", "token": token})
    assert refused.status_code == 400
    assert "nothing was imported" in refused.content.decode()
    assert not Player.objects.filter(club=club).exists()
    cancelled = organiser_client.post(IMPORT_URL, {"action": "cancel", "token": token})
    assert cancelled.status_code == 302
    after = organiser_client.post(IMPORT_URL, {"action": "import", "token": token})
    assert after.status_code == 400
    assert not Player.objects.filter(club=club).exists()
    response = upload(organiser_client, "r.csv", data)
    skipped = organiser_client.post(
        IMPORT_URL,
        {"action": "import", "token": response.context["token"], "skip_errors": "1"},
    )
    assert skipped.status_code == 302
    assert list(Player.objects.filter(club=club).values_list("name", flat=True)) == [
        "Good Name"
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("filename", "data", "message"),
    [
        ("empty.csv", b"", "The submitted file is empty."),
        ("r.docx", b"\xd0\xcf\x11\xe0\x00\x00", "not a CSV or XLSX"),
        ("r.csv", b"Surname\nX\n", "column called Name"),
        ("r.xlsx", b"PK\x03\x04junk", "cannot be opened"),
    ],
)
def test_page_bad_uploads_are_400(organiser_client, club, filename, data, message):
    response = upload(organiser_client, filename, data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Player.objects.filter(club=club).exists()


@pytest.mark.django_db
def test_page_is_for_organisers(assistant_client, client):
    assert assistant_client.get(IMPORT_URL).status_code == 403
    assert client.get(IMPORT_URL).status_code == 302


# --- files made to be huge ---------------------------------------------------------

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def shared_strings(*texts: str) -> bytes:
    items = "".join(f"<si><t>{text}</t></si>" for text in texts)
    return f'<sst xmlns="{MAIN}" count="{len(texts)}" uniqueCount="{len(texts)}">{items}</sst>'.encode()


def sheet_xml(rows: str, dimension: str = "") -> bytes:
    dimension = f'<dimension ref="{dimension}"/>' if dimension else ""
    return f'<worksheet xmlns="{MAIN}">{dimension}<sheetData>{rows}</sheetData></worksheet>'.encode()


def cell(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def crafted_xlsx(members: dict[str, bytes]) -> bytes:
    """A real workbook with some of its parts replaced or added, packed tight."""
    source = zipfile.ZipFile(io.BytesIO(xlsx_bytes([["Name"], ["Ann"]])))
    parts = {name: source.read(name) for name in source.namelist()}
    if "xl/sharedStrings.xml" in members:  # openpyxl writes none: declare it
        parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
            b"</Types>",
            b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
            b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
            b"</Types>",
        )
    parts.update(members)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name, data in parts.items():
            out.writestr(name, data)
    return buffer.getvalue()


@pytest.mark.django_db
def test_a_zip_bomb_is_refused_before_it_is_unpacked(
    organiser_client, club, monkeypatch
):
    # 40 MB of one letter packs into some 40 KB.
    data = crafted_xlsx(
        {"xl/sharedStrings.xml": shared_strings("Name", "Ann", "A" * 40_000_000)}
    )
    assert len(data) < 100_000

    def parse(*args, **kwargs):
        raise AssertionError("openpyxl was asked to parse the bomb")

    monkeypatch.setattr(openpyxl, "load_workbook", parse)
    response = upload(organiser_client, "roster.xlsx", data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "The workbook unpacks to more than 5 MB" in page
    assert len(response.content) < 50_000
    assert IMPORT_SESSION_KEY not in organiser_client.session
    assert not RosterUpload.objects.exists()
    assert not Player.objects.filter(club=club).exists()


def test_a_sheet_that_claims_a_row_a_million_lines_down_is_refused():
    rows = f'<row r="1">{cell("A1", "Name")}</row><row r="2">{cell("A2", "Ann")}</row>'
    rows += f'<row r="1000000">{cell("A1000000", "Far")}</row>'
    data = crafted_xlsx({"xl/worksheets/sheet1.xml": sheet_xml(rows, "A1:A1000000")})
    with pytest.raises(RosterFileError, match="more than 20,000 rows"):
        roster_file.read_upload("r.xlsx", data)


def test_a_sheet_as_wide_as_excel_is_read_in_its_first_columns():
    """A cell in the last column would make openpyxl fill 16,384 cells in every row."""
    rows = "".join(
        f'<row r="{n}">{cell(f"A{n}", "Name" if n == 1 else f"P{n}")}'
        f"{cell(f'XFD{n}', 'x')}</row>"
        for n in range(1, 301)
    )
    wide = sheet_xml(rows, "A1:XFD1048576")
    read = roster_file.read_upload(
        "r.xlsx", crafted_xlsx({"xl/worksheets/sheet1.xml": wide})
    )
    assert [row.cells["name"] for row in read] == [f"P{n}" for n in range(2, 301)]
    # So a Name column beyond the first 64 is not found.
    far = sheet_xml(
        f'<row r="1">{cell("A1", "Notes")}{cell("BM1", "Name")}</row>'
        f'<row r="2">{cell("A2", "x")}{cell("BM2", "Ann")}</row>'
    )
    with pytest.raises(RosterFileError, match="column called Name .found: “Notes”"):
        roster_file.read_upload(
            "r.xlsx", crafted_xlsx({"xl/worksheets/sheet1.xml": far})
        )


def test_one_long_string_in_every_cell_is_refused():
    """Shared strings cost nothing to repeat: the text read is bounded, not the bytes."""
    head = "".join(
        f'<c r="{col}1" t="s"><v>{index}</v></c>' for index, col in enumerate("ABCD")
    )
    body = "".join(
        f'<row r="{n}">'
        + "".join(f'<c r="{col}{n}" t="s"><v>4</v></c>' for col in "ABCD")
        + "</row>"
        for n in range(2, 5001)
    )
    data = crafted_xlsx(
        {
            "xl/sharedStrings.xml": shared_strings(
                "Name", "Email", "Phone", "Group", "W" * 900
            ),
            "xl/worksheets/sheet1.xml": sheet_xml(f'<row r="1">{head}</row>{body}'),
        }
    )
    with pytest.raises(RosterFileError, match="more than 2,000,000 characters"):
        roster_file.read_upload("r.xlsx", data)


@pytest.mark.parametrize("length", [1001, 200_000])
def test_a_csv_with_a_cell_too_long_is_refused(length):
    data = csv_bytes(f"Name,Email\nAnn,a@x.org\nBob,{'n' * length}\n")
    with pytest.raises(RosterFileError, match="Row 3 has a cell longer than 1,000"):
        roster_file.read_upload("r.csv", data)


def test_a_csv_with_too_many_rows_is_refused():
    players = "".join(f"P{n}\n" for n in range(roster_file.MAX_ROWS + 1))
    with pytest.raises(RosterFileError, match="more than 5000 players"):
        roster_file.read_upload("r.csv", csv_bytes("Name\n" + players))
    blank = "Name\nAnn\n" + "\n" * roster_file.MAX_LINES + "Bob\n"
    with pytest.raises(RosterFileError, match="more than 20,000 rows"):
        roster_file.read_upload("r.csv", csv_bytes(blank))


def test_a_roster_at_every_bound_is_read():
    names = [f"Player {n}" for n in range(roster_file.MAX_ROWS)]
    text = "Name,Email,Notes\n" + "".join(f"{n},{'e' * 200}@x.org,\n" for n in names)
    # A long note is no reason to refuse the file: only the kept cells count.
    text = text.replace(",\n", f",{'n' * 20_000}\n", 1)
    rows = roster_file.read_upload("r.csv", csv_bytes(text))
    assert [row.cells["name"] for row in rows] == names
    data = xlsx_bytes([["Name", "Email"]] + [[n, "p@x.org"] for n in names])
    assert len(roster_file.read_upload("r.xlsx", data)) == roster_file.MAX_ROWS


@pytest.mark.django_db
def test_an_upload_kept_too_long_must_be_uploaded_again(organiser_client, club):
    response = upload(organiser_client, "r.csv", csv_bytes("Name\nAnn\n"))
    token = response.context["token"]
    old = timezone.now() - uploads.UPLOAD_KEEP - timedelta(minutes=1)
    RosterUpload.objects.filter(token=token).update(at=old)
    refused = organiser_client.post(IMPORT_URL, {"action": "import", "token": token})
    assert refused.status_code == 400
    assert "expired: upload it again" in refused.content.decode()
    assert not Player.objects.filter(club=club).exists()
    assert IMPORT_SESSION_KEY not in organiser_client.session
    # The next upload throws away what waited too long.
    RosterUpload.objects.create(club=club, token="x" * 22, data=b"Name\nOld\n", at=old)
    other = uploads.upload_keep(club=club, data=b"Name\nBob\n")
    assert list(RosterUpload.objects.values_list("token", flat=True)) == [other]
    assert uploads.upload_read(club=club, token=other) == b"Name\nBob\n"


@pytest.mark.django_db
def test_a_new_preview_or_cancel_drops_the_waiting_upload(organiser_client, club):
    first = upload(organiser_client, "r.csv", csv_bytes("Name\nAnn\n")).context["token"]
    second = upload(organiser_client, "r.csv", csv_bytes("Name\nBob\n")).context[
        "token"
    ]
    assert uploads.upload_read(club=club, token=first) is None
    assert uploads.upload_read(club=club, token=second) is not None
    organiser_client.post(IMPORT_URL, {"action": "cancel", "token": second})
    assert uploads.upload_read(club=club, token=second) is None


@pytest.mark.django_db
def test_an_upload_is_read_only_for_its_own_club(club):
    token = uploads.upload_keep(club=club, data=b"Name\nAnn\n")
    other = ClubFactory(name="Hillside")
    assert uploads.upload_read(club=other, token=token) is None
    uploads.upload_drop(club=other, token=token)
    assert uploads.upload_read(club=club, token=token) == b"Name\nAnn\n"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "token", ["../../etc/passwd", "", None, 7, "a" * 21, "a" * 23, "a/" * 11]
)
def test_only_a_token_of_ours_names_an_upload(club, token):
    assert uploads.upload_read(club=club, token=token) is None
    uploads.upload_drop(club=club, token=token)  # nothing to drop, nothing raised


# --- the preview checks what the import checks (issue 33) ----------------------------

LONG_EMAIL = "a" * 61 + "@" + ("b" * 62 + ".") * 3 + "example.com"


@pytest.mark.django_db
def test_an_email_too_long_for_the_roster_is_an_error_in_the_preview():
    assert len(LONG_EMAIL) == 262
    club = ClubFactory()
    rows = [
        RawRow(2, {"name": "Dora"}),
        RawRow(3, {"name": "Ed", "email": LONG_EMAIL}),
    ]
    preview = imports.preview(club=club, rows=rows)
    assert [r.verdict for r in preview.rows] == [Verdict.NEW, Verdict.ERROR]
    assert preview.rows[1].reason == (
        "The email address is longer than 254 characters."
    )
    with pytest.raises(ValidationError, match="1 row has errors"):
        imports.roster_import(club=club, rows=rows)
    summary = imports.roster_import(club=club, rows=rows, skip_errors=True)
    assert (summary.added, summary.errors) == (1, 1)
    assert list(Player.objects.filter(club=club).values_list("name", flat=True)) == [
        "Dora"
    ]


@pytest.mark.django_db
def test_the_preview_asks_the_players_own_fields():
    """Whatever the roster's fields refuse is an error in the preview, in the
    words of the field's check and the column's title."""
    problem = imports._player_problem(
        {"name": "Ed", "email": "", "phone": "", "group": "C", "consent": ""}
    )
    assert problem.startswith("Group: ")


@pytest.mark.django_db
def test_a_row_the_import_refuses_after_all_is_named(monkeypatch):
    monkeypatch.setattr(imports, "_player_problem", lambda values: "")
    monkeypatch.setattr(imports, "EMAIL_MAX", 10_000)
    club = ClubFactory()
    rows = [RawRow(2, {"name": "Dora"}), RawRow(7, {"name": "Ed", "email": LONG_EMAIL})]
    with pytest.raises(ValidationError, match=r"^\['Row 7: .*254 characters"):
        imports.roster_import(club=club, rows=rows, skip_errors=True)
    assert not Player.objects.filter(club=club).exists()
