"""A small reader of gettext .po files, for the catalogue tests (no dependency:
GNU gettext may be missing where the tests run)."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Message:
    msgid: str
    context: str | None = None
    plural: str | None = None
    # msgstr, or msgstr[0], msgstr[1]... in order.
    translations: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    line: int = 0

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return bool(self.translations) and all(self.translations)


def read(path: Path) -> list[Message]:
    """Every message of the file, the header (msgid "") first; obsolete ones
    (#~) left out."""
    messages: list[Message] = []
    current: Message | None = None
    flags: set[str] = set()
    target: tuple[str, int] | None = None  # which string the next "..." continues

    def finish() -> None:
        nonlocal current
        if current is not None:
            messages.append(current)
        current = None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if line.startswith("#~"):
            # An obsolete entry: the flags just read ("#, fuzzy") are its
            # own, not the next message's.
            flags = set()
            continue
        if not line:
            continue
        if line.startswith("#,"):
            finish()
            flags |= {f.strip() for f in line[2:].split(",")}
            continue
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            text = ast.literal_eval(line)
            assert current is not None and target is not None, f"{path}:{number}"
            name, index = target
            if name == "msgstr":
                current.translations[index] += text
            else:
                setattr(current, name, getattr(current, name) + text)
            continue
        text = ast.literal_eval(rest)
        if keyword == "msgctxt":
            finish()
            current = Message(msgid="", context=text, flags=flags, line=number)
            flags, target = set(), ("context", 0)
        elif keyword == "msgid":
            if current is None or current.translations or current.msgid:
                finish()
                current = Message(msgid="", flags=flags, line=number)
                flags = set()
            current.msgid = text
            target = ("msgid", 0)
        elif keyword == "msgid_plural":
            assert current is not None
            current.plural = text
            target = ("plural", 0)
        elif keyword.startswith("msgstr"):
            assert current is not None
            index = int(keyword[7:-1]) if "[" in keyword else 0
            while len(current.translations) <= index:
                current.translations.append("")
            current.translations[index] = text
            target = ("msgstr", index)
        else:
            raise ValueError(f"{path}:{number}: cannot read {raw!r}")
    finish()
    return messages


def header(messages: list[Message]) -> dict[str, str]:
    first = messages[0]
    assert first.msgid == "" and first.context is None
    fields = {}
    for line in first.translations[0].splitlines():
        name, _, value = line.partition(":")
        fields[name.strip()] = value.strip()
    return fields


def compiled(messages: list[Message]) -> dict[object, str]:
    """The catalogue msgfmt makes of these messages, keyed as Python's
    gettext.GNUTranslations keys its own: msgid (with "context\\x04" before it),
    or (msgid, n) for each plural form. Untranslated and fuzzy messages are
    left out, as msgfmt leaves them; the header is kept, less its
    POT-Creation-Date, which msgfmt drops."""
    catalogue: dict[object, str] = {}
    for m in messages:
        if not m.msgid and m.context is None:
            lines = m.translations[0].splitlines(keepends=True)
            kept = [x for x in lines if not x.startswith("POT-Creation-Date:")]
            catalogue[""] = "".join(kept)
            continue
        if m.fuzzy or not m.translated:
            continue
        key = m.msgid if m.context is None else f"{m.context}\x04{m.msgid}"
        if m.plural is None:
            catalogue[key] = m.translations[0]
        else:
            for n, text in enumerate(m.translations):
                catalogue[(key, n)] = text
    return catalogue
