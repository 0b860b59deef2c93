"""Templates keep the apps' direction too: a page of a lower app never includes,
extends or loads tags from a higher one (import-linter sees only Python).

The order is docs/design.md section 4's: printing -> league -> prizes -> scoring ->
drive -> players; the shared `_base.html` and `_form_fields.html` sit below all.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

LAYERS = ["players", "drive", "scoring", "prizes", "league", "printing"]
TEMPLATES = Path(settings.BASE_DIR) / "templates"
USES = re.compile(r"""\{%\s*(?:include|extends)\s+["']([a-z_]+)/""")
LOADS = re.compile(r"\{%\s*load\s+([^%]+?)\s*%\}")


def _tag_libraries() -> dict[str, str]:
    """Each tag library of the project, with the app that holds it."""
    return {
        module.stem: app
        for app in LAYERS
        for module in (Path(settings.BASE_DIR) / app / "templatetags").glob("*.py")
        if module.stem != "__init__"
    }


def _upward_uses() -> list[str]:
    libraries = _tag_libraries()
    found = []
    for path in sorted(TEMPLATES.glob("*/**/*.html")):
        app = path.relative_to(TEMPLATES).parts[0]
        if app not in LAYERS:
            continue
        text = path.read_text()
        used = set(USES.findall(text))
        for names in LOADS.findall(text):
            used |= {libraries[n] for n in names.split() if n in libraries}
        for other in sorted(used):
            if other in LAYERS and LAYERS.index(other) > LAYERS.index(app):
                found.append(f"{path.relative_to(TEMPLATES)} uses {other}")
    return found


def test_no_template_reaches_up_to_a_higher_app():
    assert _upward_uses() == []


def test_the_check_sees_an_upward_use(tmp_path, settings, monkeypatch):
    # The check itself can fail: a scoring page including a prizes template.
    (tmp_path / "scoring").mkdir()
    (tmp_path / "scoring" / "page.html").write_text(
        '{% include "prizes/_half_time_banner.html" %}{% load boards %}'
    )
    monkeypatch.setattr(f"{__name__}.TEMPLATES", tmp_path)
    assert _upward_uses() == ["scoring/page.html uses prizes"]
