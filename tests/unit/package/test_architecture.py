"""The tree reads as the architecture: every import, deferred or under TYPE_CHECKING included, flows down the layers
drawn in docs/architecture.md, no module is in an import cycle, no file is over 400 lines and the session's
coordinator is at most 300. Each check is shown failing on a planted tree of its own (the twins below)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[3] / "pytest_useragent"

LAYERS: list[set[str]] = [
    {"errors", "templates", "files"},
    {"records"},
    {"secrets"},
    {"regression"},
    {"config"},
    {"cost"},
    {"browser", "workspace", "llm"},
    {"replay"},
    {"report"},
    {"research"},
    {"session"},
    {"plugin", "cli"},
    {"testing"},
    {"", "__main__"},
]
"""Lowest first. A module may import its own part and any part of a lower layer; parts that share a layer (the
browser, the persona's workspace and the model; pytest's plugin and the `useragent` command) know nothing of each
other. `""` is the package's own `__init__`, the public surface, which may import anything; `__main__` is
`python -m pytest_useragent`, the command."""

MAX_LINES = 400
MAX_COORDINATOR_LINES = 300


def modules(root: Path) -> dict[str, Path]:
    """Every module under `root`, by dotted name relative to it (`session.coordinator`; `""` for its `__init__`)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(root: Path, name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules `name` imports, wherever in the file the import is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            elif node.module and (node.module + ".").startswith(root.name + "."):
                module = node.module[len(root.name) + 1 :] if node.module != root.name else ""
            else:
                continue
            for alias in node.names:
                whole = f"{module}.{alias.name}" if module else alias.name
                targets.add(whole if whole in known else module)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if (alias.name + ".").startswith(root.name + "."):
                    targets.add(alias.name[len(root.name) + 1 :])
    return {target for target in targets if target != name}


def layer_of(name: str) -> int:
    part = name.split(".")[0]
    for index, layer in enumerate(LAYERS):
        if part in layer:
            return index
    raise AssertionError(f"{name}: its part {part!r} is in no layer; add it to LAYERS and docs/architecture.md")


def upward(root: Path) -> list[str]:
    """Each import that reaches a higher layer, or a sibling part of the same layer."""
    known = modules(root)
    wrong = []
    for name, path in known.items():
        for target in sorted(imports(root, name, path, known)):
            mine, theirs = layer_of(name), layer_of(target)
            same_part = name.split(".")[0] == target.split(".")[0]
            if theirs > mine or (theirs == mine and not same_part):
                wrong.append(f"{name} -> {target}")
    return wrong


def cycles(root: Path) -> list[list[str]]:
    """The import cycles among the modules (Tarjan's strongly connected components of more than one module)."""
    known = modules(root)
    graph = {name: imports(root, name, path, known) & known.keys() for name, path in known.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for after in graph[node]:
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def too_long(root: Path) -> list[str]:
    found = []
    for name, path in modules(root).items():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        limit = MAX_COORDINATOR_LINES if name == "session.coordinator" else MAX_LINES
        if lines > limit:
            found.append(f"{name}: {lines} lines (at most {limit})")
    return found


def test_imports_flow_down_the_layers() -> None:
    assert upward(PACKAGE) == []


def test_no_module_is_in_an_import_cycle() -> None:
    assert cycles(PACKAGE) == []


def test_no_file_is_over_its_length() -> None:
    assert too_long(PACKAGE) == []


def test_every_part_of_the_package_has_a_layer() -> None:
    for name in modules(PACKAGE):
        layer_of(name)


# ---- the twins: each check fails on a tree planted to break it ----


def plant(root: Path, files: dict[str, str]) -> Path:
    package = root / "pytest_useragent"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package


def test_an_upward_import_is_found_even_when_deferred(tmp_path: Path) -> None:
    package = plant(
        tmp_path,
        {
            "__init__.py": "",
            "records/__init__.py": "def f():\n    from pytest_useragent.report import brief\n",
            "report/__init__.py": "",
            "report/brief.py": "from pytest_useragent.records import f\n",
        },
    )
    assert upward(package) == ["records -> report.brief"]


def test_siblings_of_one_layer_may_not_import_each_other(tmp_path: Path) -> None:
    package = plant(tmp_path, {"llm/__init__.py": "", "browser/__init__.py": "from pytest_useragent import llm\n"})
    assert upward(package) == ["browser -> llm"]


def test_a_cycle_under_type_checking_is_found(tmp_path: Path) -> None:
    package = plant(
        tmp_path,
        {
            "llm/__init__.py": "",
            "llm/choice.py": "from pytest_useragent.llm.openai import X\n",
            "llm/openai.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .choice import Y\n",
        },
    )
    assert cycles(package) == [["llm.choice", "llm.openai"]]
    assert upward(package) == []


def test_a_long_file_is_found(tmp_path: Path) -> None:
    package = plant(tmp_path, {"session/coordinator.py": "x = 1\n" * 301, "records/__init__.py": "x = 1\n" * 400})
    assert too_long(package) == ["session.coordinator: 301 lines (at most 300)"]


def test_a_part_with_no_layer_is_named(tmp_path: Path) -> None:
    package = plant(tmp_path, {"helpers.py": ""})
    with pytest.raises(AssertionError, match="'helpers' is in no layer"):
        [layer_of(name) for name in modules(package)]
