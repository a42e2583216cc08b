"""mkdocs hook: the reference page is generated from the code, so it cannot drift from it.

reference.md holds markers (`<!-- reference:options -->` ...) that this hook replaces, at build time, with tables made
from `config.OPTIONS` (the one table the plugin registers its options and ini keys from), the `useragent` command's
parser (its flags are the same table's, `cli/flags.py`),
`config.MARKER_ARGUMENTS`, the check rules of `records.rules.RULES`, the fixtures of
`pytest_useragent.plugin.fixtures`, and the `__all__` of
`pytest_useragent` and `pytest_useragent.testing`.
tests/unit/package/test_docs.py imports this file to compare the options with what `pytest --help` shows.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Callable
from types import ModuleType
from typing import Any

from pydantic import BaseModel

import pytest_useragent
import pytest_useragent.testing
from pytest_useragent import cli
from pytest_useragent.config import MARKER_ARGUMENTS, OPTIONS, Option
from pytest_useragent.plugin import fixtures
from pytest_useragent.records.browser_fields import BROWSER
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.rule import WHEN
from pytest_useragent.records.rules import RULES

MARKER_ONLY = {
    "persona": "persona text, a preset name (`screen-reader-user`), a path to a YAML file, or a `Persona`",
    "credentials": "name -> value, laid over the `useragent_credentials` fixture's; `$NAME` reads the environment",
    "budget": "this test's own budget, in --useragent-currency, inside the run's",
}
"""Marker arguments whose meaning differs from the option of the same name, or that have no option."""


def option_rows() -> list[tuple[str, str, str, str, str]]:
    """(option, ini key, value, default, help) for every option, in OPTIONS' order."""
    return [
        (
            f"--useragent-{option.name}",
            "useragent_" + option.name.replace("-", "_"),
            option.metavar,
            option.default or "",
            option.help,
        )
        for option in OPTIONS
    ]


def options_table() -> str:
    lines = ["| option | ini key | value | default | what it sets |", "|---|---|---|---|---|"]
    for name, ini, value, default, text in option_rows():
        cells = [f"`{name}`", f"`{ini}`", f"`{value}`", f"`{default}`" if default else "", text]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines)


def marker_table() -> str:
    by_key = {option.name.replace("-", "_"): option for option in OPTIONS}
    lines = ["| argument | what it sets |", "|---|---|"]
    for name in MARKER_ARGUMENTS:
        option: Option | None = by_key.get(name)
        text = MARKER_ONLY.get(name) or (f"as `--useragent-{option.name}`: {option.help}" if option else "")
        lines.append(f"| `{name}` | {text.replace('|', chr(92) + '|')} |")
    return "\n".join(lines)


def fixture_list() -> str:
    entries = []
    for name, value in sorted(vars(fixtures).items()):
        function = _fixture_function(value)
        if function is not None:
            entries.append(f"`{name}`\n:   {_doc(function)}\n")
    return "\n".join(entries)


def api(module: ModuleType) -> str:
    """Every name in the module's `__all__`: its kind, its docstring, and a class's fields and public methods."""
    sections = []
    for name in module.__all__:
        value = getattr(module, name)
        sections.append(f"### `{name}`\n\n*{_kind(value)}*{_signature(value)}\n\n{_doc(value, whole=True)}\n")
        if inspect.isclass(value) and not issubclass(value, BaseException):
            members = _fields(value) + _methods(value)
            if members:
                sections.append("\n".join(members) + "\n")
    return "\n".join(sections)


def cli_rows() -> list[tuple[str, str, str, str]]:
    """(flag, value, environment variable, help) for every flag of `useragent run`, from its parser: the same table's
    rows (`cli/flags.py`) and the command's own."""
    sub = cli.parser()._subparsers._group_actions[0].choices["run"]  # type: ignore[union-attr]
    rows = []
    for action in sub._actions:
        if not action.option_strings or action.dest == "help":
            continue
        help_text = action.help or ""
        text, _, env = help_text.rpartition(" [env ")
        rows.append((action.option_strings[0], action.metavar or "", env.rstrip("]"), text.replace("%%", "%")))
    return rows


def cli_table() -> str:
    lines = ["`useragent run URL`, then:", "", "| flag | value | environment | what it sets |", "|---|---|---|---|"]
    for flag, value, env, text in cli_rows():
        cells = [f"`{flag}`", f"`{value}`" if value else "", f"`{env}`", text]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines)


def rules_table() -> str:
    """Our own check rules, one row each, from `records.rules.RULES`; axe's rules are axe's (linked per finding)."""
    lines = [
        "| rule | WCAG success criterion or heuristic | severity | when it runs | what it measures |",
        "|---|---|---|---|---|",
    ]
    for row in RULES.values():
        cells = [f"`{row.id}`", row.criterion, row.severity, WHEN[row.runs], row.measures]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines)


SETS = {
    "session": "what the session does (the browser is the test's)",
    "context": "a browser context of its own",
    "devtools": "the DevTools protocol on each page",
}


def persona_fields_table() -> str:
    """A persona's browser fields, one row each, from `records.browser_fields.BROWSER`."""
    lines = [
        "| field | values | what it sets | set up by | the page reads it by | e.g. |",
        "|---|---|---|---|---|---|",
    ]
    for field in BROWSER.values():
        kind = _choices(Persona.model_fields[field.name].annotation)
        cells = [f"`{field.name}`", kind, field.says, SETS[field.sets], f"`{field.media}`" if field.media else ""]
        cells.append(f"`{field.name}: {field.example}`" if field.example else "")
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines)


GENERATORS: dict[str, Callable[[], str]] = {
    "rules": rules_table,
    "persona-fields": persona_fields_table,
    "options": options_table,
    "cli": cli_table,
    "marker": marker_table,
    "fixtures": fixture_list,
    "api": lambda: api(pytest_useragent),
    "testing": lambda: api(pytest_useragent.testing),
}


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    if page.file.src_uri != "reference.md":
        return markdown
    for key, generate in GENERATORS.items():
        markdown = markdown.replace(f"<!-- reference:{key} -->", generate())
    return markdown


def _fixture_function(value: Any) -> Callable[..., Any] | None:
    # pytest >= 8.4 wraps a fixture in a FixtureFunctionDefinition; older ones mark the function itself
    if hasattr(value, "_fixture_function_marker"):
        return value._fixture_function  # type: ignore[no-any-return]
    if hasattr(value, "_pytestfixturefunction"):
        return value  # type: ignore[no-any-return]
    return None


def _kind(value: Any) -> str:
    if inspect.isclass(value):
        if issubclass(value, BaseException):
            return "exception, a " + value.__mro__[1].__name__
        if issubclass(value, BaseModel):
            return "record (pydantic)"
        if dataclasses.is_dataclass(value):
            return "record (dataclass)"
        return "protocol" if getattr(value, "_is_protocol", False) else "class"
    return "function"


def _signature(value: Any) -> str:
    if inspect.isclass(value) and (issubclass(value, BaseModel | BaseException) or dataclasses.is_dataclass(value)):
        return ""
    try:
        return f" `{value.__name__}{inspect.signature(value)}`"
    except (TypeError, ValueError):
        return ""


def _doc(value: Any, whole: bool = False) -> str:
    # a class's own docstring only: inspect.getdoc would give a record without one pydantic's BaseModel's
    own = vars(value).get("__doc__") if inspect.isclass(value) else getattr(value, "__doc__", None)
    doc = inspect.cleandoc(own) if isinstance(own, str) else ""
    if not whole:
        doc = doc.split("\n\n")[0]
    return doc.replace("\n", " ") if not whole else doc


def _fields(cls: type) -> list[str]:
    if issubclass(cls, BaseModel):
        return [f"- `{name}`: `{_type(field.annotation)}`" for name, field in cls.model_fields.items()]
    if dataclasses.is_dataclass(cls):
        return [
            f"- `{field.name}`: `{field.type}`" for field in dataclasses.fields(cls) if not field.name.startswith("_")
        ]
    return []


def _methods(cls: type) -> list[str]:
    lines = []
    for name, member in vars(cls).items():
        if name.startswith("_") or not (callable(member) or isinstance(member, property | classmethod | staticmethod)):
            continue
        function = member.__func__ if isinstance(member, classmethod | staticmethod) else member
        if isinstance(member, property):
            doc = _doc(member.fget)
            lines.append(f"- `{name}` (property)" + (f": {doc}" if doc else ""))
            continue
        try:
            signature = str(inspect.signature(function)).replace("(self, ", "(").replace("(self)", "()")
        except (TypeError, ValueError):
            signature = "(...)"
        signature = signature.replace("(cls, ", "(").replace("(cls)", "()")
        # a provider's method says what the Provider protocol says of it
        doc = _doc(function) or _doc(getattr(pytest_useragent.Provider, name, None))
        lines.append(f"- `{name}{signature}`" + (f": {doc}" if doc else ""))
    return lines


def _choices(annotation: Any) -> str:
    """A field's values as a reader writes them: `light`, `dark`; else its type (`str`), `None` left out."""
    args = [arg for arg in typing.get_args(annotation) if arg is not type(None)] or [annotation]
    if typing.get_origin(annotation) is typing.Literal:
        return ", ".join(f"`{value}`" for value in args)
    if len(args) == 1 and typing.get_origin(args[0]) is typing.Literal:
        return _choices(args[0])
    return " or ".join(getattr(arg, "__name__", str(arg)) for arg in args)


def _type(annotation: Any) -> str:
    plain = inspect.isclass(annotation) and not getattr(annotation, "__args__", None)
    text = annotation.__name__ if plain else str(annotation)
    for prefix in ("typing.", "pytest_useragent.records.", "pytest_useragent.records.persona.", "datetime."):
        text = text.replace(prefix, "")
    return text
