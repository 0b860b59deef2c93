"""The catalogues are complete (issue 20): every string marked for translation
has a translation in every language, none fuzzy; and no template says anything
a person reads outside a translation tag.

A new string without its translations, or a template with bare text, fails
the suite: translate it (docs/development.md, "Adding or correcting a translation") before it lands.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.template.base import DebugLexer, TokenType

from tests.site import po

BASE = Path(settings.BASE_DIR)
LANGUAGES = [
    code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE
]


def missing_translations(locale: Path) -> list[str]:
    """Each message of each language's catalogue under `locale` that has no
    translation, or only a fuzzy one: "pl: locale/...po:123 'msgid'"."""
    found = []
    for language in LANGUAGES:
        path = locale / language / "LC_MESSAGES" / "django.po"
        for m in po.read(path)[1:]:
            if m.fuzzy or not m.translated:
                state = "fuzzy" if m.fuzzy else "untranslated"
                found.append(f"{language}: {path.name}:{m.line} {state} {m.msgid!r}")
    return found


# What makemessages reads: the apps, the templates and the scripts (as `make
# messages` runs it, which leaves out tests, research, bench and staticfiles).
SOURCES = ["config", "players", "drive", "scoring", "prizes", "league", "printing"]
SOURCES += ["templates", "static", "locale"]


def test_the_committed_catalogues_are_complete():
    missing = missing_translations(BASE / "locale")
    assert not missing, f"{len(missing)} messages to translate:\n" + "\n".join(missing)


def misquoted_names(messages: list[po.Message]) -> list[str]:
    """Each translation of a message that quotes another message (“Continue”,
    “Show in the race”) but neither calls it what that message's own
    translation says (the button the person will look for) nor keeps the
    English as typed (a prize list's words, typed in English)."""
    shown: dict[str, set[str]] = {}
    for m in messages:
        if m.plural is None and m.translated:
            shown.setdefault(m.msgid, set()).add(m.translations[0])
    found = []
    for m in messages:
        for quoted in re.findall(r"“([^”]+)”", m.msgid):
            names = shown.get(quoted, set()) | {quoted}
            for text in m.translations:
                if quoted in shown and not any(name in text for name in names):
                    found.append(f"{m.line}: “{quoted}” is {shown[quoted]}: {text}")
    return found


def test_misquoted_names_finds_a_button_called_otherwise():
    button = po.Message("Continue", translations=["Continuați"])
    wrong = po.Message("Press “Continue”.", translations=["Apăsați „Continuă”."])
    right = po.Message("Press “Continue” now.", translations=["Apăsați „Continuați”."])
    typed = po.Message("Type “Continue”.", translations=["Scrieți „Continue”."])
    assert len(misquoted_names([button, wrong, right, typed])) == 1


@pytest.mark.parametrize("language", ["pl", "ru", "ro", "it"])
def test_a_quoted_button_is_called_what_the_button_says(language):
    """“Press Continue” must name the button the person sees: a Romanian
    organiser told to press „Continuă” looked for it beside „Continuați”."""
    catalogue = BASE / "locale" / language / "LC_MESSAGES" / "django.po"
    wrong = misquoted_names(po.read(catalogue)[1:])
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", ["pl", "ru", "ro", "it"])
def test_every_translation_names_the_placeholders_its_message_has(language):
    """msgfmt --check: a translation that leaves out a placeholder (a count, a
    name) drops what the sentence says, and one that adds a placeholder
    breaks the page."""
    if shutil.which("msgfmt") is None:
        message = "msgfmt --check needs GNU gettext: apt-get install gettext"
        if os.environ.get("E2E_REQUIRED") or os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    catalogue = BASE / "locale" / language / "LC_MESSAGES" / "django.po"
    done = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(catalogue)],
        capture_output=True,
        text=True,
    )
    # Where a sentence slots in the round's word ("each %(word)s"), Polish and
    # Russian say "each time" instead: the word cannot take the case the slot
    # needs. That one placeholder may be left out; nothing else may.
    problems = [
        line
        for line in done.stderr.splitlines()
        if "format specification" in line and "argument 'word'" not in line
    ]
    assert not problems, done.stderr


NAMED_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


@pytest.mark.parametrize("language", ["pl", "ru", "ro", "it"])
def test_every_message_with_a_placeholder_is_checked_as_one(language):
    """msgfmt --check (above) checks a message's placeholders only where the
    catalogue marks it python-format: a message without the mark, its
    translation missing "%(count)d", passed unchecked (92 a language did,
    plural ones above all)."""
    catalogue = BASE / "locale" / language / "LC_MESSAGES" / "django.po"
    unmarked = [
        f"{catalogue.name}:{m.line} {m.msgid!r}"
        for m in po.read(catalogue)[1:]
        if NAMED_PLACEHOLDER.search(m.msgid + (m.plural or ""))
        and "python-format" not in m.flags
    ]
    assert not unmarked, "\n".join(unmarked)


def test_every_marked_string_is_translated_in_every_language(tmp_path, monkeypatch):
    """makemessages over a copy of the sources and catalogues (makemessages
    writes to the catalogue beside the files it reads, so the committed ones
    would change), then no message without a translation or marked fuzzy.

    makemessages needs GNU gettext's xgettext: CI installs it (.ci/run) and
    requires it; on a machine without it the test says so and skips (the
    committed catalogues are still checked, above)."""
    if shutil.which("xgettext") is None:
        message = "makemessages needs GNU gettext (xgettext): apt-get install gettext"
        if os.environ.get("E2E_REQUIRED") or os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    copy = tmp_path / "site"
    for name in SOURCES:
        shutil.copytree(
            BASE / name, copy / name, ignore=shutil.ignore_patterns("__pycache__")
        )
    monkeypatch.chdir(copy)
    monkeypatch.setattr(settings, "LOCALE_PATHS", [copy / "locale"])
    call_command("makemessages", locale=LANGUAGES, verbosity=0)
    missing = missing_translations(copy / "locale")
    assert not missing, f"{len(missing)} messages to translate:\n" + "\n".join(missing)
    dropped = dropped_messages(BASE / "locale", copy / "locale")
    assert not dropped, (
        f"{len(dropped)} translated messages `make messages` would make obsolete: "
        "named where xgettext cannot read them (a context in a variable, gettext "
        "inside an f-string), or no longer used (run `make messages`):\n"
        + "\n".join(dropped)
    )


def dropped_messages(committed: Path, made: Path) -> list[str]:
    """Each message of a committed catalogue that makemessages, run afresh,
    leaves out of the catalogue it makes (as obsolete, #~): one the code
    still uses but xgettext cannot see would lose its translations at the
    next `make messages`, and the page would speak English."""
    found = []
    for language in LANGUAGES:
        path = Path(language, "LC_MESSAGES", "django.po")
        kept = {(m.context, m.msgid) for m in po.read(made / path)}
        for m in po.read(committed / path)[1:]:
            if (m.context, m.msgid) not in kept:
                found.append(f"{language}: {path.name}:{m.line} {m.msgid!r}")
    return found


# --- text outside translation tags in templates --------------------------------------

# Attributes a person reads (or hears, from a screen reader).
READ_ATTRIBUTES = {"title", "alt", "placeholder", "aria-label", "label"}
LETTER = re.compile(r"[^\W\d_]")
# A template tag or variable, in the text handed to the HTML parser: no letter.
HOLE = "\ufffc"


def _without_tags(source: str) -> str:
    """The template with every tag, variable, comment and translated block
    replaced by HOLE (keeping its line breaks, so lines still count true)."""
    out = []
    depth = 0  # inside {% blocktranslate %} or {% comment %}
    in_class = False  # inside {% block body_class %}: the page's CSS class, not words
    for token in DebugLexer(source).tokenize():
        start, end = token.position
        text = source[start:end]
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            if name in ("blocktranslate", "blocktrans", "comment"):
                depth += 1
            elif name in ("endblocktranslate", "endblocktrans", "endcomment"):
                depth -= 1
            elif token.contents.split()[:2] == ["block", "body_class"]:
                in_class = True
            elif name == "endblock":
                in_class = False
        if token.token_type == TokenType.TEXT and depth == 0 and not in_class:
            out.append(text)
        else:
            out.append(HOLE + "\n" * text.count("\n"))
    return "".join(out)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.skip = 0  # inside <script> or <style>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if (
                name in READ_ATTRIBUTES
                and value
                and LETTER.search(value.replace(HOLE, ""))
            ):
                shown = value.replace(HOLE, "…").strip()
                self.found.append((self.getpos()[0], f"{name}={shown!r}"))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        match = LETTER.search(data.replace(HOLE, " "))
        if match:
            line = self.getpos()[0] + data.replace(HOLE, " ")[: match.start()].count(
                "\n"
            )
            words = " ".join(data.replace(HOLE, "…").split())
            self.found.append((line, words))


def untranslated_text(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each piece of text with letters outside a translation tag."""
    reader = _Reader()
    reader.feed(_without_tags(path.read_text(encoding="utf-8")))
    reader.close()
    return reader.found


def test_the_linter_finds_text_outside_translation_tags(tmp_path):
    sample = tmp_path / "sample.html"
    sample.write_text(
        '{% load i18n %}<h1>{% translate "Leaderboard" %}</h1>\n'
        "<p>{{ drive.name }}: 12 &middot; 3</p>\n"
        '<p title="Hand {{ n }}">{% blocktranslate %}Round {{ r }}{% endblocktranslate %}</p>\n'
        "{# a comment #}{% comment %}Not shown{% endcomment %}\n"
        "<p>\n  Final results</p><script>var a = 'x';</script>\n"
        '<div class="page {% block body_class %}captain{% endblock %}"></div>\n',
        encoding="utf-8",
    )
    assert untranslated_text(sample) == [(3, "title='Hand …'"), (6, "Final results")]


def test_no_template_says_anything_outside_a_translation_tag():
    offending = [
        f"{path.relative_to(BASE)}:{line}: {text}"
        for path in sorted((BASE / "templates").rglob("*.html"))
        for line, text in untranslated_text(path)
    ]
    assert not offending, (
        f"{len(offending)} pieces of text outside translation tags:\n"
        + "\n".join(offending)
    )
