import pytest_useragent


def test_all_is_the_public_surface():
    assert sorted(pytest_useragent.__all__) == pytest_useragent.__all__
    for name in pytest_useragent.__all__:
        assert getattr(pytest_useragent, name) is not None
    assert {"Persona", "Agent", "SessionResult", "UserAgentConfig", "AnthropicProvider"} <= set(
        pytest_useragent.__all__
    )


def test_errors_form_one_tree():
    from pytest_useragent import errors

    for name in ("ConfigError", "PersonaError", "BrowserNotFoundError"):
        assert issubclass(getattr(errors, name), errors.UserError)
    for name in ("ProviderError", "BudgetExhausted"):
        assert issubclass(getattr(errors, name), errors.RunError)
    assert issubclass(errors.UserError, errors.UserAgentError) and issubclass(errors.RunError, errors.UserAgentError)


def public_surface_problems(root) -> list[str]:
    """Packages without `__all__`, and names in an `__all__` that are neither a module of the package nor bound in
    its `__init__`."""
    import ast

    problems = []
    for init in sorted(root.rglob("__init__.py")):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        bound = {
            target.id
            for node in tree.body
            if isinstance(node, ast.Assign | ast.AnnAssign)
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name)
        }
        bound |= {node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)}
        bound |= {
            alias.asname or alias.name for node in tree.body if isinstance(node, ast.ImportFrom) for alias in node.names
        }
        if "__getattr__" in bound:  # a name bound lazily is imported for type checkers under `if TYPE_CHECKING:`
            bound |= {
                alias.asname or alias.name
                for node in tree.body
                if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
                for statement in node.body
                if isinstance(statement, ast.ImportFrom)
                for alias in statement.names
            }
        modules = {path.stem for path in init.parent.glob("*.py")} | {
            path.name for path in init.parent.iterdir() if path.is_dir()
        }
        listed = next(
            (
                node.value
                for node in tree.body
                if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets)
            ),
            None,
        )
        where = init.parent.relative_to(root.parent)
        if listed is None:
            problems.append(f"{where}: no __all__")
            continue
        for name in ast.literal_eval(listed):
            if name not in bound | modules:
                problems.append(f"{where}: {name} in __all__ is nowhere")
    return problems


def test_every_package_names_its_public_surface():
    from pathlib import Path

    assert public_surface_problems(Path(pytest_useragent.__file__).parent) == []


def test_a_package_without_all_or_with_a_stray_name_is_found(tmp_path):
    package = tmp_path / "pytest_useragent"
    (package / "cost").mkdir(parents=True)
    (package / "__init__.py").write_text('from x import Agent\n__all__ = ["Agent", "Ghost"]\n')
    (package / "cost" / "__init__.py").write_text('"""Money."""\n')
    assert public_surface_problems(package) == [
        "pytest_useragent: Ghost in __all__ is nowhere",
        "pytest_useragent/cost: no __all__",
    ]
    lazy = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from x import Late\n__all__ = ['Late']\n"
    (package / "cost" / "__init__.py").write_text(lazy)  # for type checkers only: nothing binds it at run time
    assert public_surface_problems(package) == [
        "pytest_useragent: Ghost in __all__ is nowhere",
        "pytest_useragent/cost: Late in __all__ is nowhere",
    ]
    (package / "cost" / "__init__.py").write_text(lazy + "def __getattr__(name): ...\n")
    assert public_surface_problems(package) == ["pytest_useragent: Ghost in __all__ is nowhere"]


def test_the_docs_import_only_public_names():
    """A page's example is what a user copies: it imports from `pytest_useragent` and `pytest_useragent.testing`."""
    import re
    from pathlib import Path

    docs = Path(__file__).parents[3] / "docs"
    internal = re.compile(r"^\s*(?:from|import) pytest_useragent\.(?!testing\b)[\w.]+", re.M)
    found = [
        f"{path.relative_to(docs)}: {match.group(0).strip()}"
        for path in sorted(docs.rglob("*"))
        if path.suffix in (".md", ".py") and "hooks" not in path.parts
        for match in internal.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def _loaded_after(statement: str) -> set[str]:
    """The SDKs a fresh interpreter holds after `statement`."""
    import subprocess
    import sys

    code = f"import sys; {statement}; print(sorted({{'anthropic', 'openai'}} & set(sys.modules)))"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return set(eval(shown.stdout))  # noqa: S307 - our own print of a list of names


def test_the_plugin_loads_no_model_sdk_until_a_provider_is_asked_for():
    # every pytest run with the plugin installed imports it, offline ones too: anthropic alone is 0.8 s of that
    assert _loaded_after("import pytest_useragent.plugin, pytest_useragent.testing") == set()
    assert _loaded_after("from pytest_useragent import AnthropicProvider") == {"anthropic"}
    assert _loaded_after("from pytest_useragent import OpenAIProvider") == {"openai"}
