"""No import circle among the product's modules, at any depth.

import-linter keeps the apps in their layers, but two modules of one app may
still import each other, and a circle hidden in function-level imports works
only as long as nobody moves an import to the top. This test builds the
module graph from the source (every Import and ImportFrom, at any level of a
module, relative ones resolved) and fails naming every circle: each strongly
connected component of more than one module, with its edges.

An import under `if TYPE_CHECKING:` never runs (only a type checker reads it),
so it closes no circle and is left out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from django.conf import settings

BASE = Path(settings.BASE_DIR)

# Circles known and not yet broken: frozenset of modules -> why it stays.
# Empty, and meant to stay so: break a new circle rather than list it here.
ALLOWED: dict[frozenset[str], str] = {}


def product_packages() -> list[str]:
    """The packages import-linter checks (pyproject.toml): the product's code."""
    # Read as text: tomllib comes with Python 3.11, the site runs on 3.10 too.
    found = re.search(
        r"^root_packages = (\[.*?\])$", (BASE / "pyproject.toml").read_text(), re.M
    )
    assert found is not None, "pyproject.toml names no root_packages"
    return list(ast.literal_eval(found.group(1)))


def modules_of(base: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Each module's dotted name -> its file (a package by its __init__.py)."""
    found = {}
    for package in packages:
        for path in sorted((base / package).rglob("*.py")):
            parts = list(path.relative_to(base).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _known(name: str, modules: Mapping[str, Path]) -> str | None:
    """The module `name` names, or the module holding it (`pkg.mod.thing` ->
    `pkg.mod`); None outside the product."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def _type_checking_only(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def _run_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of `tree` (as ast.walk), but the body of `if TYPE_CHECKING:`."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if _type_checking_only(node):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def import_graph(modules: Mapping[str, Path]) -> dict[str, set[str]]:
    """Module -> the product modules it imports, anywhere in its text."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str | None] = set()
        for node in _run_time_nodes(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                targets.update(_known(alias.name, modules) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")
                    base = parts[: len(parts) - node.level + 1]
                    source = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    source = node.module or ""
                # `from pkg import mod` imports the module mod; `from mod
                # import thing`, the module mod.
                targets.update(
                    _known(f"{source}.{alias.name}", modules) for alias in node.names
                )
        graph[name] = {t for t in targets if t is not None and t != name}
    return graph


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's
    algorithm, without recursion), each sorted, in name order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def described(component: list[str], graph: Mapping[str, set[str]]) -> str:
    edges = [
        f"{a} -> {b}" for a in component for b in sorted(graph[a]) if b in component
    ]
    return f"{', '.join(component)} ({'; '.join(edges)})"


def test_no_module_of_the_product_imports_itself_round_a_circle():
    graph = import_graph(modules_of(BASE, product_packages()))
    found = [c for c in circles(graph) if frozenset(c) not in ALLOWED]
    assert [described(c, graph) for c in found] == []


def test_every_allowed_circle_is_still_there():
    # An allowance outlives its circle only by mistake.
    present = {
        frozenset(c)
        for c in circles(import_graph(modules_of(BASE, product_packages())))
    }
    assert set(ALLOWED) <= present


def test_the_graph_sees_the_products_own_layers():
    graph = import_graph(modules_of(BASE, product_packages()))
    assert "players.models" in graph["drive.models.entries"]
    assert "drive.models.entries" in graph["drive.models"]
    assert "drive.services" in graph["drive.money_services"]


def test_the_check_finds_a_circle_hidden_in_a_function(tmp_path):
    # A relative import at the top one way, an absolute one inside a function
    # the other way, and a package importing its module (no circle).
    app = tmp_path / "app"
    (app / "sub").mkdir(parents=True)
    (app / "__init__.py").write_text("")
    (app / "sub" / "__init__.py").write_text("from app.sub import leaf\n")
    (app / "sub" / "leaf.py").write_text("X = 1\n")
    (app / "one.py").write_text("from .two import thing\n")
    (app / "two.py").write_text(
        "import os\n\n\ndef thing():\n    from app import one\n\n    return one, os\n"
    )
    (app / "three.py").write_text("from .sub.leaf import X\nfrom . import one\n")
    # An import for the type checker only runs never: no circle.
    (app / "sub" / "leaf.py").write_text(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
        "    from app.three import X\nelse:\n    import os\n"
    )
    graph = import_graph(modules_of(tmp_path, ["app"]))
    assert graph["app.three"] == {"app.sub.leaf", "app.one"}
    assert circles(graph) == [["app.one", "app.two"]]
    assert described(["app.one", "app.two"], graph) == (
        "app.one, app.two (app.one -> app.two; app.two -> app.one)"
    )
