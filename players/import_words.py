"""The words a roster file may use, in every language the site speaks.

A club secretary writes the spreadsheet in their own language: "Imię i
nazwisko", "Telefon", "Grupa", "Zgoda", "tak"/"nie", "Panie"/"Panowie". The
import (players.roster_file, players.imports) reads, in every file, the
English words and the words of every offered language (settings.LANGUAGES),
whatever the page's language: a Polish file imports on an English-speaking
site too.

- `WORDS`: the one table, each language's words together. It is data, not a
  translation of the English: the words a secretary would write, for each
  column (the first one is the one the pages show) and for the values (yes and
  no of the Consent column; the traditional names of the two groups).
- The catalogues add the words the site itself uses for the same things (the
  roster page's and the workbook's column titles, "yes"/"no", "Group A"), in
  every offered language: a file saved from the site's own pages reads back.
- The club's own group labels (those of its drives, the latest winning) are
  added by the import, which knows the club.
- A name written in two columns: each language's titles for the first name
  and the surname (`NAME_PARTS`: "Imię" and "Nazwisko", "Имя" and "Фамилия",
  "First name" and "Surname"). A title may also be a whole name: alone, a
  column "Imię", "Имя", "Nome" or "Nume" holds the player's name, as it always
  did. How the import reads them (players.roster_file, `_columns`): a first-name
  column and a surname column whose titles are of one language (English ones
  go with any) are joined, first name first; so Italian "Nome" beside
  "Cognome" is the first name and Romanian "Nume" beside "Prenume" the
  surname, but "Nome" beside "Nume" is no pair.
- `LEGACY_ENCODINGS` and `LETTERS`: the Windows code page each language's
  older spreadsheets save a CSV in, and the letters beyond a-z it writes. A
  CSV that is not UTF-8 is read in one of those code pages (players.roster_file,
  `_decode`), and the letters tell a right reading from a wrong one.

Headers are matched without regard to case, spaces, punctuation or accents
(`header_key`: "E-mail", "e mail" and "EMAIL" are one); values without regard
to case, spaces or accents (`value_key`).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.utils import translation

from players.models import normalise_name

# The file's columns, in the order the pages name them.
FIELDS = ("name", "email", "phone", "group", "consent")

# The two columns a name may be written in instead of one: first name, surname.
NAME_PARTS = ("first_name", "surname")

# Each language's words. For a column, the first word is the one the pages show;
# for the values, the first of "yes", "no", "A" and "B" is the one the error
# messages suggest. The titles of a name's two parts ("first_name", "surname")
# may also be titles of the whole name ("name"): see the module's docstring.
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "name": ("Name", "Full name", "Player", "Player name"),
        "email": ("Email", "E-mail", "Email address"),
        "phone": ("Phone", "Phone number", "Telephone"),
        "group": ("Group",),
        "consent": ("Consent",),
        "first_name": ("First name", "Forename", "Given name"),
        "surname": ("Surname", "Last name", "Family name"),
        "yes": ("yes", "y", "true"),
        "no": ("no", "n", "false"),
        "A": ("Ladies", "Lady", "Group A"),
        "B": ("Gents", "Gent", "Gentleman", "Gentlemen", "Group B"),
    },
    "pl": {
        "name": (
            "Imię i nazwisko",
            "Nazwisko i imię",
            "Imię",
            "Nazwisko",
            "Gracz",
            "Zawodnik",
        ),
        "email": ("E-mail", "Adres e-mail", "Mail"),
        "phone": ("Telefon", "Nr telefonu", "Numer telefonu", "Tel."),
        "group": ("Grupa",),
        "consent": ("Zgoda", "Zgoda na e-mail"),
        "first_name": ("Imię",),
        "surname": ("Nazwisko",),
        "yes": ("tak",),
        "no": ("nie",),
        "A": ("Panie", "Pani", "Grupa A"),
        "B": ("Panowie", "Pan", "Grupa B"),
    },
    "ru": {
        "name": (
            "ФИО",
            "Имя",
            "Имя и фамилия",
            "Фамилия и имя",
            "Фамилия, имя",
            "Фамилия",
            "Игрок",
        ),
        "email": ("Эл. почта", "Электронная почта", "Почта", "E-mail"),
        "phone": ("Телефон", "Тел.", "Номер телефона"),
        "group": ("Группа",),
        "consent": ("Согласие", "Согласие на рассылку"),
        "first_name": ("Имя",),
        "surname": ("Фамилия",),
        "yes": ("да",),
        "no": ("нет",),
        # Cyrillic А and Б too: a Russian keyboard types them for A and B.
        "A": ("Дамы", "Дама", "А", "Группа А"),
        "B": ("Кавалеры", "Кавалер", "Господа", "Б", "Группа Б"),
    },
    "ro": {
        # "Nume și prenume" shown: "Nume" is also the surname (below).
        "name": ("Nume și prenume", "Nume", "Prenume și nume", "Nume complet"),
        "email": ("E-mail", "Adresă de e-mail"),
        "phone": ("Telefon", "Număr de telefon", "Nr. telefon", "Tel."),
        "group": ("Grupă", "Grupa"),
        "consent": ("Consimțământ", "Acord"),
        # "Nume" alone is the whole name; beside "Prenume" it is the surname.
        "first_name": ("Prenume",),
        "surname": ("Nume", "Nume de familie"),
        "yes": ("da",),
        "no": ("nu",),
        "A": ("Doamne", "Doamnă", "Doamnele", "Grupa A"),
        "B": ("Domni", "Domn", "Domnii", "Grupa B"),
    },
    "it": {
        # "Nome e cognome" shown: "Nome" is also the first name (below).
        "name": ("Nome e cognome", "Nome", "Cognome e nome", "Nominativo"),
        "email": ("Email", "E-mail", "Indirizzo email", "Posta elettronica"),
        "phone": ("Telefono", "Tel.", "Cellulare", "Numero di telefono"),
        "group": ("Gruppo",),
        "consent": ("Consenso",),
        # "Nome" alone is the whole name; beside "Cognome" it is the first name.
        "first_name": ("Nome",),
        "surname": ("Cognome",),
        "yes": ("sì",),
        "no": ("no",),
        # The first are the names a new Italian drive gives its groups (the
        # glossary's Dame / Cavalieri), so the import page suggests them;
        # "Signore" is the plural of "signora" here: the ladies.
        "A": ("Dame", "Signore", "Signora", "Gruppo A"),
        "B": ("Cavalieri", "Signori", "Gruppo B"),
    },
}

# Read in every file, whatever the languages: the two groups' letters and the
# figures of a yes/no column.
EVERY_FILE: dict[str, tuple[str, ...]] = {
    "yes": ("1",),
    "no": ("0",),
    "A": ("A",),
    "B": ("B",),
}

# The site's own words for the same things (the roster page's and the
# workbook's column titles, the preview's yes and no, a player's group): messages
# the catalogues already hold, read in each offered language. They are looked up
# by name, not marked here (makemessages finds them where the pages use them);
# tests/players/test_import_words.py checks every catalogue translates them.
CATALOGUE_WORDS: dict[str, tuple[str, ...]] = {
    "name": ("Name", "Player"),
    "email": ("Email",),
    "phone": ("Phone",),
    "group": ("Group", "Usual group"),
    "consent": ("Results by e-mail",),
    "yes": ("yes",),
    "no": ("no",),
    "A": ("Group A",),
    "B": ("Group B",),
}

ENGLISH = "en"

# The Windows code page of each language's older spreadsheets: a CSV that is
# not UTF-8 is tried in each of the offered languages' (legacy_encodings).
LEGACY_ENCODINGS: dict[str, str] = {
    "en": "cp1252",
    "pl": "cp1250",
    "ru": "cp1251",
    "ro": "cp1250",
    "it": "cp1252",
}

# The letters beyond a-z each language writes, in lower case (Romanian's ș and
# ț with a comma below and with the cedilla older keyboards and cp1250 type).
LETTERS: dict[str, str] = {
    "en": "",
    "pl": "ąćęłńóśźż",
    "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "ro": "ăâîșțşţ",
    "it": "àèéìíîòóùú",
}


# Letters with a stroke are not a letter and an accent to Unicode: typed
# without Polish letters, "Zwykła" is "Zwykla".
_STROKES = str.maketrans({"ł": "l"})


def value_key(text: str) -> str:
    """How a value is matched: no accents, no case, single spaces."""
    return normalise_name(text).translate(_STROKES)


def header_key(text: str) -> str:
    """How a column title is matched: letters and digits only, no accents, no case."""
    return "".join(ch for ch in value_key(text) if ch.isalnum())


def _base(code: str) -> str:
    """A language code without its region: "en-gb" is "en"."""
    return code.lower().split("-")[0]


def words_of(language: str | None) -> dict[str, tuple[str, ...]]:
    """The table's words for a language code ("en-gb" is "en"); English when
    the table has none for it."""
    code = (language or ENGLISH).lower()
    return WORDS.get(code) or WORDS.get(_base(code)) or WORDS[ENGLISH]


def offered_languages() -> list[str]:
    """The codes of the languages the site offers (settings.LANGUAGES)."""
    return [code for code, _name in settings.LANGUAGES]


def all_words(kind: str) -> list[str]:
    """Every word for `kind` (a field, "yes", "no", "A" or "B"): the table's, in
    English and in each offered language, then the catalogues'."""
    found = list(WORDS[ENGLISH].get(kind, ()))
    for code in offered_languages():
        found.extend(words_of(code).get(kind, ()))
    found.extend(EVERY_FILE.get(kind, ()))
    for code in offered_languages():
        with translation.override(code):
            found.extend(map(translation.gettext, CATALOGUE_WORDS.get(kind, ())))
    return found


def _table(kinds: Iterable[str], key) -> dict[str, str]:
    """key(word) -> kind, for every word of each kind; the first kind to claim a
    word keeps it (tests/players/test_import_words.py proves none is claimed twice)."""
    table: dict[str, str] = {}
    for kind in kinds:
        for word in all_words(kind):
            folded = key(word)
            if folded:
                table.setdefault(folded, kind)
    return table


def header_fields() -> dict[str, str]:
    """header_key(column title) -> field, for every title the import reads."""
    return _table(FIELDS, header_key)


def header_parts() -> dict[str, tuple[str, frozenset[str]]]:
    """header_key(column title) -> (the name part it names, the languages whose
    title it is), for every title of a first name or a surname ("en" among the
    languages: it pairs with any). The first part to claim a title keeps it
    (tests/players/test_import_words.py proves none is claimed twice)."""
    table: dict[str, tuple[str, set[str]]] = {}
    for part in NAME_PARTS:
        for code in (ENGLISH, *offered_languages()):
            language = _base(code)
            for word in words_of(code).get(part, ()):
                folded = header_key(word)
                if not folded:
                    continue
                claimed, languages = table.setdefault(folded, (part, set()))
                if claimed == part:
                    languages.add(language if language in WORDS else ENGLISH)
    return {key: (part, frozenset(codes)) for key, (part, codes) in table.items()}


def legacy_encodings() -> list[str]:
    """The code pages a CSV that is not UTF-8 may be in: English's, then each
    offered language's, each once (cp1252, cp1250, cp1251)."""
    found: list[str] = []
    for code in (ENGLISH, *offered_languages()):
        encoding = LEGACY_ENCODINGS.get(_base(code))
        if encoding and encoding not in found:
            found.append(encoding)
    return found


def letters() -> frozenset[str]:
    """The letters beyond a-z that English and the offered languages write, in
    lower case."""
    found = set(LETTERS[ENGLISH])
    for code in offered_languages():
        found.update(LETTERS.get(_base(code), ""))
    return frozenset(found)


def consent_values() -> dict[str, bool]:
    """value_key(cell) -> the consent it gives; an empty cell is no."""
    table = {
        word: kind == "yes" for word, kind in _table(("yes", "no"), value_key).items()
    }
    table[""] = False
    return table


def group_values() -> dict[str, str]:
    """value_key(cell) -> "A" or "B" for the words every file may use; an empty
    cell is no group. The import adds the club's own labels."""
    table = _table(("A", "B"), value_key)
    table[""] = ""
    return table


def _with_english(own: str, english: str) -> str:
    """A page language's word, and the English one beside it when it differs."""
    if header_key(own) == header_key(english):
        return own
    return f"{own} / {english}"


def column_names(
    language: str | None = None, kinds: Iterable[str] = FIELDS
) -> dict[str, str]:
    """Each field's title (or each of `kinds`': NAME_PARTS) as the page shows
    it: the page language's own, and the English beside it ("Telefon / Phone")."""
    language = language or translation.get_language()
    own, english = words_of(language), WORDS[ENGLISH]
    return {kind: _with_english(own[kind][0], english[kind][0]) for kind in kinds}


def shown_words(kind: str, language: str | None = None) -> list[str]:
    """The words to suggest for "yes", "no", "A" or "B": the page language's
    own, then the English one when it differs."""
    language = language or translation.get_language()
    own, english = words_of(language)[kind][0], WORDS[ENGLISH][kind][0]
    return [own] if value_key(own) == value_key(english) else [own, english]
