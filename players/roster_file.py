"""Reading a roster file: a CSV or XLSX upload made into rows of text.

- *Upload*: a CSV (comma, semicolon or tab separated) or an XLSX workbook (its
  first sheet). A CSV is read as UTF-8 (with or without a BOM) when it is one;
  otherwise in the Windows code page of an offered language that older
  spreadsheets save in (cp1252 for English and Italian, cp1250 for Polish and
  Romanian, cp1251 for Russian: import_words.LEGACY_ENCODINGS): of the
  readings whose first row finds the name column, the one with the fewest
  characters unlikely in a roster (symbols, controls, letters none of the
  offered languages write, Latin letters beside Cyrillic ones), the first of
  that list on a tie (`_decode`).
- *Columns*: the first row names them, in English or in any language the site
  offers, whatever the page's language (players.import_words holds the
  words), matched without regard to case, spaces, punctuation or accents: a
  name column is required (``Name``, ``Full name``, ``Player``, ``Player
  name``; ``Imię i nazwisko``, ``ФИО``, ``Nume``, ``Nome``...); ``Email``,
  ``Phone``, ``Group`` and ``Consent`` (``E-mail``, ``Telefon``, ``Grupa``,
  ``Zgoda``...) are optional. When two columns mean the same, the first is
  read; a column the import does not know is ignored.
- *A name in two columns*: a first-name and a surname column of one language
  (``First name`` and ``Last name``/``Surname``, ``Imię`` and ``Nazwisko``,
  ``Имя`` and ``Фамилия``, ``Nome`` and ``Cognome``, ``Prenume`` and
  ``Nume``; English titles go with any) stand for the name column: the
  player is "first surname", whatever the columns' order, and a row with only
  one of the two filled is that one. A whole-name column (``Name``, ``Imię i
  nazwisko``, ``ФИО``, ``Nume complet``...) wins over such a pair. Alone,
  ``Imię``, ``Имя``, ``Nome`` or ``Nume`` holds the whole name, as it always
  did; a title that only names a part (``Surname``, ``Cognome``) is not a
  name column by itself (`_columns`).

Cell text is kept as text: a cell holding a spreadsheet formula is noted
(players.imports then calls the row an error: the name itself must be typed),
and text such as "=Smith" is a name like any other (the exports never let a
spreadsheet run it).

What is read is bounded before it is parsed, so a file made to be huge once
unpacked (an XLSX is a zip: 40 KB can hold 40 MB of text) is refused at once
with a message: the file (2 MB), the workbook unpacked (5 MB), the rows read
(blank ones included), the columns read, and the length of the cells kept
(name, email, phone, group), one by one and together.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from players import import_words
from players.import_words import header_key

MAX_BYTES = 2 * 1024 * 1024
MAX_ROWS = 5000
# Rows read, blank ones included: a sheet can claim a row a million lines down.
MAX_LINES = 4 * MAX_ROWS
# Columns read: the Name column must be among the first ones.
MAX_COLUMNS = 64
# Characters in one cell kept (name, email, phone, group), and in all of them
# together: an XLSX can repeat one long string in every cell at almost no cost
# in bytes.
MAX_CELL = 1000
MAX_TEXT = 2_000_000
# An XLSX's members unpacked, together: a roster of MAX_ROWS players with twenty
# columns unpacks to some 4 MB, and openpyxl reads about 1 MB a second.
MAX_UNPACKED = 5 * 1024 * 1024
MAX_MEMBERS = 1000


class RosterFileError(ValueError):
    """The file as a whole cannot be read: the message says why and what to do."""


@dataclass(frozen=True)
class RawRow:
    """One data row as read: its line in the file and its cells, as text."""

    line: int
    cells: dict[str, str]
    formula_in: tuple[str, ...] = ()


def read_upload(filename: str, data: bytes) -> list[RawRow]:
    """The rows of an uploaded CSV or XLSX file. Raises RosterFileError with a message."""
    if not data or not data.strip():
        raise RosterFileError(
            _("The file is empty. Choose a CSV or XLSX file of players.")
        )
    if len(data) > MAX_BYTES:
        raise RosterFileError(
            _(
                "The file is larger than %(mb)d MB; "
                "a roster is much smaller. Is it the right file?"
            )
            % {"mb": MAX_BYTES // (1024 * 1024)}
        )
    lower = filename.lower()
    if data[:4] == b"PK\x03\x04" or lower.endswith(".xlsx"):
        return _read_xlsx(data)
    if lower.endswith((".csv", ".txt", ".tsv")) or not _looks_binary(data):
        return _read_csv(data)
    raise RosterFileError(
        _(
            "This is not a CSV or XLSX file. Save the roster from your spreadsheet "
            "as CSV or Excel workbook (.xlsx) and upload that."
        )
    )


def _looks_binary(data: bytes) -> bool:
    sample = data[:4096]
    return b"\x00" in sample or data[:4] in (b"%PDF", b"\xd0\xcf\x11\xe0")


def _decode(data: bytes) -> str:
    """The text of a CSV: UTF-8 (with or without a BOM) when it is; otherwise
    the reading, in one of the offered languages' Windows code pages
    (import_words.legacy_encodings: cp1252, cp1250, cp1251), whose header row
    has a name column, and of those the one with the fewest characters
    unlikely in a roster (`_unlikely`); on a tie, the first in that list. When
    no reading finds a name column, the one with the fewest unlikely characters
    (the error then quotes its titles); when no code page reads the bytes at
    all, Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    readings = []
    for encoding in import_words.legacy_encodings():
        try:
            readings.append(data.decode(encoding))
        except UnicodeDecodeError:
            continue
    if not readings:
        return data.decode("latin-1")
    named = [text for text in readings if _columns(_first_row(text)).has_name]
    # min() keeps the first of equals: the order of legacy_encodings().
    return min(named or readings, key=_unlikely)


_NOT_ASCII = re.compile(r"[^\x00-\x7f]")
# A Latin letter beside a Cyrillic one, in either order (the second is counted).
_LATIN = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
_CYRILLIC = "\u0400-\u04ff"
_ANY_CYRILLIC = re.compile(f"[{_CYRILLIC}]")
_MIXED_SCRIPTS = re.compile(
    f"(?<=[{_LATIN}])[{_CYRILLIC}]|(?<=[{_CYRILLIC}])[{_LATIN}]"
)


def _unlikely(text: str) -> int:
    """How many characters of `text` are unlikely in a roster read right: each
    one beyond ASCII that is not a letter the offered languages write
    (import_words.letters: ą, ł, ș, ò, Cyrillic...), so a symbol, a C1
    control, box drawing, or a letter or sign such as ê, ³ or ŕ that a wrong
    code page makes of ę, ł or à; and each letter written beside a letter of the other
    script (Latin beside Cyrillic: "Niccolт")."""
    known = import_words.letters()
    odd = sum(
        count
        for char, count in Counter(_NOT_ASCII.findall(text)).items()
        if char.lower() not in known
    )
    if not _ANY_CYRILLIC.search(text):
        return odd
    return odd + len(_MIXED_SCRIPTS.findall(text))


# What str.splitlines() ends a line at.
_LINE_END = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def _delimiter(text: str) -> str:
    """The CSV's delimiter: the one of comma, semicolon and tab its first line
    holds most of."""
    first_line = _LINE_END.split(text, maxsplit=1)[0]
    return max((",", ";", "\t"), key=first_line.count)


def _first_row(text: str) -> list[str]:
    """The CSV's header row (its first row with a cell that is not blank), or
    [] when it has none or cannot be read."""
    records = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    try:
        for line, record in enumerate(records, start=1):
            if line > MAX_LINES:
                break
            if any(cell.strip() for cell in record):
                return record
    except csv.Error:
        pass
    return []


def _read_csv(data: bytes) -> list[RawRow]:
    if _looks_binary(data):
        raise RosterFileError(
            _(
                "This file is not a CSV file (it holds binary data). Save the roster "
                "as CSV or Excel workbook (.xlsx) and upload that."
            )
        )
    text = _decode(data)
    records = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    return _rows_from_table(_csv_table(records))


def _csv_table(records: Iterator[list[str]]) -> Iterator[tuple[list[str], tuple]]:
    try:
        for record in records:
            yield record, ()
    except csv.Error as error:
        if str(error).startswith("field larger than field limit"):
            raise _long_cell(records.line_num) from error
        raise RosterFileError(
            # Translators: %(error)s is the reader's own (English) explanation.
            _("The CSV file cannot be read: %(error)s.") % {"error": error}
        ) from error


def _unpacked_size(data: bytes) -> int:
    """What the zip's members add up to once unpacked, as its directory declares.

    zipfile never unpacks more of a member than its declared size (a member
    that holds more fails its check), so this bounds what openpyxl can read.
    """
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = archive.infolist()
        if len(members) > MAX_MEMBERS:
            return MAX_UNPACKED + 1
        return sum(member.file_size for member in members)


def _read_xlsx(data: bytes) -> list[RawRow]:
    from openpyxl import load_workbook

    cannot_open = RosterFileError(
        _(
            "The workbook cannot be opened: it is damaged or not an Excel "
            "workbook (.xlsx). Save it again from your spreadsheet and retry."
        )
    )
    try:
        unpacked = _unpacked_size(data)
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise cannot_open from error
    if unpacked > MAX_UNPACKED:
        raise RosterFileError(
            _(
                "The workbook unpacks to more than %(mb)d MB, far more than a "
                "roster of %(rows)d players. Is it the right file? Copy the "
                "players to a new workbook, or save them as CSV, and upload that."
            )
            % {"mb": MAX_UNPACKED // (1024 * 1024), "rows": MAX_ROWS}
        )
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError, TypeError) as error:
        raise cannot_open from error
    try:
        sheet = workbook.worksheets[0] if workbook.worksheets else None
        if sheet is None:
            raise RosterFileError(_("The workbook has no sheets."))
        # The sheet's stated size can be wrong, or made huge: read what is there,
        # at most MAX_COLUMNS wide.
        sheet.reset_dimensions()
        return _rows_from_table(_xlsx_table(sheet))
    except RosterFileError:
        raise
    except Exception as error:  # a damaged sheet can fail in many ways inside openpyxl
        raise RosterFileError(
            _(
                "The workbook cannot be read: it is damaged. Save it again from "
                "your spreadsheet and retry."
            )
        ) from error
    finally:
        workbook.close()


def _xlsx_table(sheet) -> Iterator[tuple[list[str], tuple[int, ...]]]:
    from openpyxl.cell.read_only import EMPTY_CELL

    for row in sheet.iter_rows(max_col=MAX_COLUMNS):
        # openpyxl fills the rows and cells a sheet leaves out with EMPTY_CELL:
        # passed over quickly, as a sheet can leave out a million rows.
        if all(cell is EMPTY_CELL for cell in row):
            yield [], ()
            continue
        values, formulas = [], []
        for index, cell in enumerate(row):
            if cell is EMPTY_CELL:
                values.append("")
                continue
            if cell.data_type == "f":
                formulas.append(index)
            values.append(_cell_text(cell.value))
        yield values, tuple(formulas)


def _grouped(number: int) -> str:
    """A limit as the page's language groups its digits: "20,000" in English,
    "20.000" in Romanian and Italian (where "20,000" reads as twenty)."""
    return number_format(number, force_grouping=True)


def _long_cell(line: int) -> RosterFileError:
    return RosterFileError(
        _(
            "Row %(line)d has a cell longer than %(max)s characters, but a "
            "roster's cells hold names, emails and phone numbers. Is it the "
            "right file? Remove that column or shorten the cell, and retry."
        )
        % {"line": line, "max": _grouped(MAX_CELL)}
    )


def _numbered(
    table: Iterable[tuple[Sequence[str], Sequence[int]]],
) -> Iterator[tuple[int, Sequence[str], Sequence[int]]]:
    """Each row of `table` with its line number, refused past MAX_LINES."""
    for line, (cells, formulas) in enumerate(table, start=1):
        if line > MAX_LINES:
            raise RosterFileError(
                _(
                    "The file has more than %(lines)s rows (blank ones included), "
                    "but a roster has at most %(rows)d players. Is it the right file?"
                )
                % {"lines": _grouped(MAX_LINES), "rows": MAX_ROWS}
            )
        yield line, cells, formulas


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass(frozen=True)
class Columns:
    """Where each field is read: `read[field]` is its column, or for a name
    written in two columns the first name's and the surname's."""

    read: dict[str, tuple[int, ...]]

    @property
    def has_name(self) -> bool:
        return "name" in self.read


def _columns(header: Sequence[str]) -> Columns:
    """The columns the import reads, by their titles in any language.

    When two columns mean the same (Name and Full name, E-mail and Email), the
    first is read. The name: when the file has a first-name column and a
    surname column of one language (import_words.header_parts; English titles
    go with any) and no column that only ever means the whole name ("Name",
    "Imię i nazwisko", "ФИО", "Nume complet"), the two are joined, first name
    first, whatever their order; a whole-name column wins over such a pair.
    Otherwise the first column titled as a name is read, as it always was:
    "Imię", "Имя", "Nome" and "Nume" alone hold the whole name, while a title
    that only ever means a part ("Surname", "Cognome", "Prenume") is not a
    name column on its own.
    """
    fields, parts = import_words.header_fields(), import_words.header_parts()
    keys = [header_key(title) for title in header]
    read: dict[str, tuple[int, ...]] = {}
    for index, key in enumerate(keys):
        field = fields.get(key)
        if field is not None and field not in read:
            read[field] = (index,)
    whole_only = [
        i
        for i, key in enumerate(keys)
        if fields.get(key) == "name" and key not in parts
    ]
    pair = _name_pair(keys, parts)
    if pair is not None and not whole_only:
        read["name"] = pair
    elif pair is not None:
        read["name"] = (whole_only[0],)
    return Columns(read)


def _name_pair(
    keys: Sequence[str], parts: dict[str, tuple[str, frozenset[str]]]
) -> tuple[int, int] | None:
    """(the first-name column, the surname column): the first first-name column
    that has a surname column of one of its languages, and the first such
    surname column; None when there is none."""
    english = import_words.ENGLISH

    def of(part: str) -> list[tuple[int, frozenset[str]]]:
        return [
            (i, parts[key][1])
            for i, key in enumerate(keys)
            if key in parts and parts[key][0] == part
        ]

    for first, first_languages in of("first_name"):
        for surname, surname_languages in of("surname"):
            if (
                first_languages & surname_languages
                or english in first_languages
                or english in surname_languages
            ):
                return first, surname
    return None


def _rows_from_table(
    table: Iterable[tuple[Sequence[str], Sequence[int]]],
) -> list[RawRow]:
    rows_iter = _numbered(table)
    header: Sequence[str] | None = None
    for _line, cells, _formulas in rows_iter:
        if any(cell.strip() for cell in cells):
            header = cells
            break
    if header is None:
        raise RosterFileError(
            _("The file has no rows. The first row should name the columns.")
        )
    columns = _columns(header).read
    if "name" not in columns:
        found = ", ".join(f"“{t.strip()}”" for t in header if t.strip())
        raise RosterFileError(
            _(
                # Translators: %(found)s lists the column titles found, in
                # quotes, or says "none". %(name)s, %(email)s... are the
                # columns' titles in the page's language with the English
                # beside them ("Telefon / Phone"), or the English alone on an
                # English page.
                "The first row needs a column called %(name)s (found: "
                "%(found)s). %(email)s, %(phone)s, %(group)s and %(consent)s "
                "columns are optional."
            )
            % {"found": found or _("none"), **import_words.column_names()}
            + " "
            # Translators: follows "The first row needs a column called ...".
            # %(first_name)s and %(surname)s are the two columns' titles, as
            # the page shows them ("Imię / First name").
            + _("Or the name in two columns: %(first_name)s and %(surname)s.")
            % import_words.column_names(kinds=import_words.NAME_PARTS)
        )
    rows: list[RawRow] = []
    text = 0
    for line, cells, formulas in rows_iter:
        if not any(cell.strip() for cell in cells):
            continue
        if len(rows) >= MAX_ROWS:
            raise RosterFileError(
                _("The file has more than %(rows)d players.") % {"rows": MAX_ROWS}
            )
        kept = {
            key: [cells[index] if index < len(cells) else "" for index in indexes]
            for key, indexes in columns.items()
        }
        # Only these cells are kept (the others are dropped as they are read):
        # they bound the preview.
        if max(len(cell) for texts in kept.values() for cell in texts) > MAX_CELL:
            raise _long_cell(line)
        # A name in two columns is "first surname" (tidied by _check).
        values = {key: " ".join(texts) for key, texts in kept.items()}
        text += sum(map(len, values.values()))
        if text > MAX_TEXT:
            raise RosterFileError(
                _(
                    "The file holds more than %(chars)s characters of names, "
                    "emails, phone numbers and groups, far more than a roster of "
                    "%(rows)d players. Is it the right file?"
                )
                % {"chars": _grouped(MAX_TEXT), "rows": MAX_ROWS}
            )
        # Named by the file's own column titles, as the person reads them.
        formula_in = tuple(
            header[index].strip()
            for indexes in columns.values()
            for index in indexes
            if index in formulas
        )
        rows.append(RawRow(line, values, formula_in))
    if not rows:
        raise RosterFileError(_("The file has a heading row but no players under it."))
    return rows
