"""CI's two passes (.ci/run): the whole suite on SQLite, then on PostgreSQL
every test a database could change. The second pass leaves out the browser
tests of how a page or a sheet looks (tests/looks.py), the modules none of whose
tests opens the database (tests/conftest.py, database_free), the Romanian and
Italian runs of a test run once a language (in_another_language) and the
browser tests but two whole evenings (browser_alone)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import (
    DATABASE_BROWSER_TESTS,
    browser_alone,
    database_free,
    in_another_language,
    words_alone,
)
from tests.looks import LOOKS

TESTS = Path(__file__).parent.parent


class Callspec:
    def __init__(self, params: dict):
        self.params = params


class Item:
    """What database_free reads of a collected test."""

    def __init__(
        self, nodeid: str, *, database: bool = False, fixtures=(), params=None
    ):
        self.nodeid = nodeid
        if params is not None:
            self.callspec = Callspec(params)
        self.path = Path(nodeid.split("::")[0])
        self.fixturenames = list(fixtures)
        self._database = database

    def get_closest_marker(self, name: str):
        return object() if name == "django_db" and self._database else None


def test_every_test_file_named_as_one_of_how_a_page_or_sheet_looks_is_there():
    assert sorted(n for n in LOOKS if not (TESTS / f"{n}.py").is_file()) == []


def test_only_the_browser_and_printing_tests_are_named_as_how_things_look():
    """A test of what a page or sheet says, or of the database, is never left
    out of the PostgreSQL pass by being named here."""
    assert {name.split("/")[0] for name in LOOKS} == {"e2e", "printing"}


def test_only_modules_that_never_open_the_database_are_left_out():
    rules = Item("tests/drive/test_rules.py::test_trumps")
    mixed_pure = Item("tests/scoring/test_entry.py::test_odd_tricks")
    mixed_db = Item("tests/scoring/test_entry.py::test_saved", database=True)
    by_fixture = Item("tests/prizes/test_list.py::test_read", fixtures=["db"])
    browser = Item("tests/printing/test_cards.py::test_page", fixtures=["live_server"])
    own_process = Item("tests/site/test_make_run.py::test_serves")
    upgrade = Item("tests/upgrade/test_upgrade.py::test_old_database")
    items = [rules, mixed_pure, mixed_db, by_fixture, browser, own_process, upgrade]
    assert database_free(items) == [rules]


def test_only_romanian_and_italian_runs_of_a_test_a_language_are_left_out():
    """A test run once a language runs on PostgreSQL in English, Polish and
    Russian (their letters sort by the database's collation); its Romanian
    and Italian runs differ by the catalogue's words alone."""
    runs = {
        code: Item(
            f"tests/drive/test_words.py::test_said[{code}]", params={"language": code}
        )
        for code in ("en-gb", "en", "pl", "ru", "ro", "it")
    }
    other = Item("tests/drive/test_words.py::test_size[3]", params={"size": 3})
    plain = Item("tests/drive/test_words.py::test_plain")
    left_out = in_another_language([*runs.values(), other, plain])
    assert left_out == [runs["ro"], runs["it"]]


def test_only_the_browser_tests_but_the_whole_evenings_are_left_out():
    evening = Item(
        "tests/e2e/test_mixed_evening.py::test_a_mixed_evening", fixtures=["page"]
    )
    clubs = Item("tests/e2e/test_several_clubs.py::test_rooms", fixtures=["page"])
    captain = Item("tests/e2e/test_captain_entry.py::test_send", fixtures=["page"])
    live = Item("tests/reliability/test_crash.py::test_sigkill")
    client = Item("tests/scoring/test_views.py::test_send", database=True)
    items = [evening, clubs, captain, live, client]
    assert browser_alone(items) == [captain]


def test_every_browser_test_named_to_run_on_postgresql_is_there():
    assert (
        sorted(n for n in DATABASE_BROWSER_TESTS if not (TESTS / f"{n}.py").is_file())
        == []
    )


def test_only_the_tests_of_the_words_said_are_left_out_by_their_name():
    words = Item("tests/drive/test_round_words.py::test_said", database=True)
    wording = Item("tests/site/test_reviewed_wording.py::test_page", database=True)
    word = Item("tests/printing/test_adjustments_column_word.py::test_w", database=True)
    keywords = Item("tests/scoring/test_words_of_the_room.py::test_x", database=True)
    sides = Item("tests/scoring/test_sides.py::test_held", database=True)
    items = [words, wording, word, keywords, sides]
    assert words_alone(items) == [words, wording]
