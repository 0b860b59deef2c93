"""No module under tests/ imports from a test module (`test_*.py`).

What several test modules share lives in a small module named for its
subject beside them (tests/drive/drive_form.py, tests/site/wording.py,
tests/e2e/projector_screen.py...), in tests/factories.py or a folder's
fixtures.py, and a fixture several modules use in the folder's conftest.py.
Importing a test module from another drags its module-level set-up along,
makes a test file a library by accident, and hands its tests to some runners
twice. The check reads every module's source: each Import and ImportFrom at
any level (inside a function too, relative ones resolved), and each string
that is a dotted path into a test module (a Django setting such as
EMAIL_BACKEND imports it all the same).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings

BASE = Path(settings.BASE_DIR)
DOTTED = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+$")


def module_of_test(name: str) -> str | None:
    """The test module of tests/ the dotted `name` is or is inside, if any."""
    parts = name.split(".")
    if parts[0] != "tests":
        return None
    for at, part in enumerate(parts):
        if part.startswith("test_"):
            return ".".join(parts[: at + 1])
    return None


def imported(path: Path, base: Path) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of each module `path` imports, or names by a string."""
    parts = list(path.relative_to(base).with_suffix("").parts)
    package = parts if parts[-1] == "__init__" else parts[:-1]
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package[: len(package) - node.level + 1]
                source = ".".join(
                    [*base_parts, *([node.module] if node.module else [])]
                )
            else:
                source = node.module or ""
            yield node.lineno, source
            # `from tests.drive import test_views` imports a module too.
            for alias in node.names:
                yield node.lineno, f"{source}.{alias.name}"
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and DOTTED.match(node.value)
        ):
            yield node.lineno, node.value


def imports_of_test_modules(base: Path) -> list[str]:
    """Each place under base/tests that imports from a test module."""
    found = set()
    for path in sorted((base / "tests").rglob("*.py")):
        for line, name in imported(path, base):
            if module := module_of_test(name):
                found.add(f"{path.relative_to(base)}:{line} imports {module}")
    return sorted(found)


def test_no_module_under_tests_imports_from_a_test_module():
    assert imports_of_test_modules(BASE) == []


def test_the_check_finds_each_way_of_importing_a_test_module(tmp_path):
    folder = tmp_path / "tests" / "app"
    folder.mkdir(parents=True)
    (tmp_path / "tests" / "__init__.py").write_text("")
    (folder / "__init__.py").write_text("")
    (folder / "helpers.py").write_text("FORM = {}\n")
    (folder / "test_views.py").write_text("from tests.app.helpers import FORM\n")
    (folder / "test_one.py").write_text(
        "from tests.app.test_views import FORM\n"
        "from tests.app import test_views\n"
        "from .test_views import FORM as F\n"
    )
    (folder / "test_two.py").write_text(
        "def test_late():\n"
        "    import tests.app.test_views\n\n"
        "BACKEND = 'tests.app.test_views.Backend'\n"
        "HELPER = 'tests.app.helpers.FORM'\n"
    )
    assert imports_of_test_modules(tmp_path) == [
        "tests/app/test_one.py:1 imports tests.app.test_views",
        "tests/app/test_one.py:2 imports tests.app.test_views",
        "tests/app/test_one.py:3 imports tests.app.test_views",
        "tests/app/test_two.py:2 imports tests.app.test_views",
        "tests/app/test_two.py:4 imports tests.app.test_views",
    ]
