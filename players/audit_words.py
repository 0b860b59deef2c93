"""The record of changes read in the page's language.

The record keeps its subjects ("table 2, hand 1"), its sources and its
who ("table 1 captain link ab12cd", "organiser", "command line") as plain
English data, written once and never changed (players.audit). These
functions say them in the language of the page, from the event's numbers
where it has them, and turn a search typed in that language back into the
stored words.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from players.language import Words

# Who made a change from the shell (players.audit's source); this module reads
# no models, so the formats' words (drive.format_words) may use it at import.
COMMAND_LINE = "command line"

# What a change was about, as the record's search finds it: the word (as
# stored) and the same word in the page's language.
SUBJECT_WORDS = Words(
    {
        # Translators: the record of changes names what a change was about,
        # "entry 8 Anna Nowak"; lower case, the noun as a label.
        "entry": pgettext_lazy("record of changes: subject", "entry"),
        # Translators: "table 2, hand 1" in the record of changes.
        "table": pgettext_lazy("record of changes: subject", "table"),
        # Translators: "table 2, hand 1" in the record of changes.
        "hand": pgettext_lazy("record of changes: subject", "hand"),
        # Translators: "drive “Christmas drive”" in the record of changes.
        "drive": pgettext_lazy("record of changes: subject", "drive"),
        # Translators: "prize 2 “Second”" in the record of changes: a prize
        # by its place on the drive's prize list, and its title.
        "prize": pgettext_lazy("record of changes: subject", "prize"),
        # Translators: "publishing key “Hall laptop”" in the record of changes.
        "key": pgettext_lazy("record of changes: subject", "publishing key"),
    }
)
# A result the desk typed from a table's paper travel slip (scoring.paper_slips).
PAPER_SLIP_SOURCE = "paper slip"
CAPTAIN_SOURCE = re.compile(r"^table (\d+) captain link (\S+?)(, opponent confirmed)?$")
ENTRY_SUBJECT = re.compile(r"^entry (\d+)(?::? (.*))?$")
RESULT_SUBJECT = re.compile(r"^table (\d+), hand (\d+)$")
DRIVE_SUBJECT = re.compile(r"^drive \d+ (.*)$")
PRIZE_SUBJECT = re.compile(r"^prize (\d+) (.*)$")
KEY_SUBJECT = re.compile(r"^key (.*)$")


def source_words(source: str) -> str:
    """Who or what made a change or sent a result, in the page's language:
    a captain link, the organiser's pages, the command line; a user's name as it is."""
    found = CAPTAIN_SOURCE.match(source or "")
    if found:
        text = _("table %(table)s captain link %(key)s") % {
            "table": found.group(1),
            "key": found.group(2),
        }
        if found.group(3):
            # Translators: after a captain link, when an opponent confirmed its result.
            text += _(", opponent confirmed")
        return text
    if source == "organiser":
        # Translators: where a result came from: the organiser's pages.
        return pgettext("source of a result", "organiser")
    if source == PAPER_SLIP_SOURCE:
        # Translators: where a result came from: typed at the desk from the
        # table's paper travel slip.
        return pgettext("source of a result", "paper slip")
    if source == COMMAND_LINE:
        return pgettext("source of a result", "command line")
    if source == "anonymous":
        return pgettext("source of a result", "anonymous")
    if source == "demo":
        return pgettext("source of a result", "demo")
    return source


def subject_words(
    subject: str, hand_word: str | Callable[[int], str] | None = None
) -> str:
    """What a change was about ("entry 8 Anna Nowak", "table 2, hand 1"), in
    the page's language; a subject recorded in words already is kept.
    `hand_word`: what the drive's format calls a hand there, translated, or
    how it names the record's hand in full (prediction whist's "table 2,
    deal 3 of game 2": drive.format_words record_deal); the record's "hand"
    if not given."""
    words = SUBJECT_WORDS.translated()
    found = RESULT_SUBJECT.match(subject)
    if found:
        if callable(hand_word):
            return (
                f"{words['table']} {found.group(1)}, {hand_word(int(found.group(2)))}"
            )
        hand = hand_word or words["hand"]
        return f"{words['table']} {found.group(1)}, {hand} {found.group(2)}"
    found = ENTRY_SUBJECT.match(subject)
    if found:
        rest = found.group(2)
        if rest is None:
            return f"{words['entry']} {found.group(1)}"
        separator = ": " if subject.startswith(f"entry {found.group(1)}:") else " "
        return f"{words['entry']} {found.group(1)}{separator}{rest}"
    found = DRIVE_SUBJECT.match(subject)
    if found:
        return _named(words["drive"], found.group(1))
    found = PRIZE_SUBJECT.match(subject)
    if found:
        return _named(f"{words['prize']} {found.group(1)}", found.group(2))
    found = KEY_SUBJECT.match(subject)
    if found:
        return _named(words["key"], found.group(1))
    return subject


def _named(what: str, name: str) -> str:
    """'drive “Christmas drive”' with the language's own quotation marks
    (pl „…”, ru and it «…»)."""
    # Translators: a thing and its name in the record of changes, "drive
    # “Christmas drive”", "prize 2 “Second”": the language's quotation marks.
    return _("%(what)s “%(name)s”") % {
        "what": what,
        "name": name,
    }


def stored_search(query: str, hand_word: str | None = None) -> str:
    """A search typed in the page's language ("stolik 2, rozdanie 1") in the
    record's stored words ("table 2, hand 1"); `hand_word` as subject_words
    says it (prediction whist's "deal 1" finds "hand 1")."""
    pairs = list(SUBJECT_WORDS.translated().items())
    if hand_word:
        pairs.append(("hand", hand_word))
    for stored, word in pairs:
        if word and word != stored:
            query = re.sub(
                rf"\b{re.escape(word)}\b", stored, query, flags=re.IGNORECASE
            )
    return query


# Around a searched number, so that it is found whole: "hand 3" is not hand 30.
NUMBER_BEFORE = "(^|[^0-9])"
NUMBER_AFTER = "([^0-9]|$)"


def whole_numbers(pattern: str, *, starts: bool, ends: bool) -> str:
    """`pattern` (a regular expression over the record's stored subjects)
    finding the numbers it starts or ends with whole: "hand 3" finds "table
    1, hand 3" but not hand 30 or 31, "1, hand 2" not "table 11, hand 2"."""
    return (NUMBER_BEFORE if starts else "") + pattern + (NUMBER_AFTER if ends else "")


def stored_pattern(query: str, hand_word: str | None = None) -> str:
    """A search typed in the page's language as a regular expression over
    the record's stored subjects (stored_search's words), its numbers whole
    (whole_numbers)."""
    stored = stored_search(query, hand_word)
    return whole_numbers(
        re.escape(stored), starts=stored[:1].isdigit(), ends=stored[-1:].isdigit()
    )
