"""The static files as `collectstatic` serves them: the stylesheets without
their comments.

The hand-written CSS explains itself at length (why a rule is there, which
page and language needed it); that is for the developers, and over a hall's
Wi-Fi it was near half of what a phone loaded (the shared board's first
visit passed its 40 KB). `collectstatic` writes each stylesheet again
without its comments before whitenoise hashes and compresses it, so the
served file, its hashed name and its compressed copies agree. The sources in
static/ keep every comment; development (no collectstatic) serves them as
they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from whitenoise.storage import (
    CompressedManifestStaticFilesStorage,
    CompressedStaticFilesStorage,
)

# A quoted string (kept whole: it may hold "/*") or a comment (dropped).
_STRING_OR_COMMENT = re.compile(
    r"""("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|/\*.*?\*/""", re.S
)
_BLANK_LINES = re.compile(r"\n[ \t]*(?=\n)")


def without_comments(css: str) -> str:
    """The stylesheet without its comments, and without the blank lines left."""
    kept = _STRING_OR_COMMENT.sub(lambda m: m.group(1) or "", css)
    return _BLANK_LINES.sub("", kept).lstrip("\n")


class _StylesheetsWithoutComments:
    """post_process first writes each collected stylesheet anew without its
    comments, and hands the storage's own copy on (not the app's source) to
    be hashed and compressed."""

    def post_process(
        self, paths: dict[str, Any], dry_run: bool = False, **options: Any
    ) -> Iterator[tuple[str, str, bool]]:
        if not dry_run:
            paths = dict(paths)
            for name in paths:
                if name.endswith(".css"):
                    self._strip(name)
                    paths[name] = (self, name)
        parent = super().post_process  # type: ignore[misc]
        yield from parent(paths, dry_run=dry_run, **options)

    def _strip(self, name: str) -> None:
        with open(self.path(name), encoding="utf-8") as file:  # type: ignore[attr-defined]
            css = file.read()
        with open(self.path(name), "w", encoding="utf-8") as file:  # type: ignore[attr-defined]
            file.write(without_comments(css))


class ManifestStorage(
    _StylesheetsWithoutComments, CompressedManifestStaticFilesStorage
):
    """Hashed names, compressed copies (whitenoise), stylesheets without comments."""


class Storage(_StylesheetsWithoutComments, CompressedStaticFilesStorage):
    """Compressed copies (whitenoise), stylesheets without comments."""
