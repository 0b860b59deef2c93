"""The product's own source files, for tests that check a rule is written in one place."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Top-level folders that are not the product (tests, benchmarks, research...).
NOT_PRODUCT = {"tests", "bench", "tools", "research", "node_modules"}


def product_sources(suffixes: tuple[str, ...] = (".py", ".html", ".js")) -> list[Path]:
    """Every source file of the product's apps, templates and static files,
    migrations left out."""
    found = []
    for folder in sorted(ROOT.iterdir()):
        if not folder.is_dir() or folder.name.startswith("."):
            continue
        if folder.name in NOT_PRODUCT:
            continue
        for path in sorted(folder.rglob("*")):
            if path.suffix in suffixes and "migrations" not in path.parts:
                found.append(path)
    return found


def code_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, line) of `path`, comment lines left out."""
    return [
        (number, line)
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if not line.strip().startswith(("#", "//", "*"))
    ]


def places(
    pattern: str, suffixes: tuple[str, ...] = (".py", ".html", ".js")
) -> list[str]:
    """Where `pattern` (a regular expression) is found in the product's code,
    as "path:line"."""
    found = re.compile(pattern)
    return [
        f"{path.relative_to(ROOT)}:{number}"
        for path in product_sources(suffixes)
        for number, line in code_lines(path)
        if found.search(line)
    ]
