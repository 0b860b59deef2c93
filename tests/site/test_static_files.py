"""The stylesheets collectstatic serves carry no comments (config.static_files):
the sources explain themselves at length, and over the hall's Wi-Fi the
comments were near half of what a phone loaded."""

from __future__ import annotations

import re
from pathlib import Path

from django.core.management import call_command
from django.test import override_settings

from config.static_files import without_comments

SOURCE = Path(__file__).resolve().parents[2] / "static" / "css"


def test_comments_go_and_strings_stay():
    css = (
        '/* the page */\n.a { content: "/* not a comment */"; }\n\n'
        "/* two\n   lines */\n.b::after { content: '*/'; color: red; } /* end */\n"
    )
    assert without_comments(css) == (
        '.a { content: "/* not a comment */"; }\n'
        ".b::after { content: '*/'; color: red; } \n"
    )


def _rules(css: str) -> list[str]:
    return re.sub(r"\s+", " ", without_comments(css)).split("}")


def test_collectstatic_serves_the_same_rules_without_the_comments(tmp_path):
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "config.static_files.ManifestStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
    for source in SOURCE.glob("*.css"):
        css = source.read_text(encoding="utf-8")
        assert "/*" in css  # the source keeps its notes
        served = list((tmp_path / "css").glob(f"{source.stem}.*.css"))
        assert len(served) == 1, served
        text = served[0].read_text(encoding="utf-8")
        assert "/*" not in text, source.name
        assert _rules(text) == _rules(css), source.name
        assert len(text) < len(css)
