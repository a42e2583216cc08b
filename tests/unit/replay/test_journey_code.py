"""An exported journey is code only the plugin wrote: what came from the page, the goal, the test id or a credential
is a literal that reads back as itself, never code, and a placeholder reads USERAGENT_<NAME> from the environment."""

from __future__ import annotations

import ast
import runpy
from pathlib import Path
from typing import Any

import pytest

from pytest_useragent.records import Action, ActionOutcome, Claim, SessionResult
from pytest_useragent.replay.journey import journey, literal, write
from pytest_useragent.testing.synthetic import session_result

PAYLOAD = '"""\nimport pathlib; pathlib.Path({mark!r}).write_text("ran")\n"""'
"""What would write a file if it ever ran: a docstring ended, a statement, a docstring begun again."""


def reached(*acts: tuple[Action, str | None], goal: str = "Find the pricing", evidence: str = "$12") -> SessionResult:
    """A session that did `acts` (each an action and its element's locator) and then a done found on the page."""
    template = session_result(steps=1, issues=0).steps[0]
    steps = [
        template.model_copy(
            update={"index": n, "action": action, "outcome": ActionOutcome(ok=True, message="ok", locator=locator)}
        )
        for n, (action, locator) in enumerate(acts, start=1)
    ]
    claim = Claim(step=len(steps) + 1, evidence=evidence, found_in="page")
    done = ActionOutcome(ok=True, message="done", claim=claim)
    steps.append(template.model_copy(update={"index": len(steps) + 1, "action": Action(kind="done"), "outcome": done}))
    return session_result(steps=1, issues=0).model_copy(update={"goal": goal, "steps": steps})


class Recorder:
    """A stand-in for `page` that keeps every call made through it: (the chain of names, args, kwargs)."""

    def __init__(self, calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]], chain: str = "page") -> None:
        self.calls, self.chain = calls, chain

    def __getattr__(self, name: str) -> Recorder:
        return Recorder(self.calls, f"{self.chain}.{name}")

    def __call__(self, *args: Any, **kwargs: Any) -> Recorder:
        self.calls.append((self.chain, args, kwargs))
        return Recorder(self.calls, f"{self.chain}()")


def ran(path: Path, name: str) -> list[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    """Import the exported module and call its test with a recording page and `expect`."""
    module = runpy.run_path(str(path))
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
    module[name].__globals__["expect"] = Recorder(calls, "expect")
    module[name](Recorder(calls))
    return calls


def click(name: str) -> tuple[Action, str]:
    return Action(kind="click", ref="e1"), f"get_by_role({literal('link')}, name={literal(name)})"


@pytest.mark.parametrize(
    "where", ["test", "goal", "evidence", "name", "typed"], ids=lambda where: f"payload in the {where}"
)
def test_a_payload_anywhere_is_a_literal_and_importing_the_export_runs_nothing(tmp_path, where):
    mark = tmp_path / "ran.txt"
    payload = PAYLOAD.format(mark=str(mark))
    hostile = {where: payload}
    test = "tests/test_shop.py::test_buy[" + hostile.get("test", "chromium") + "]"
    result = reached(
        click(hostile.get("name", "Pricing")),
        (Action(kind="type", ref="e2", text=hostile.get("typed", "Jana")), 'get_by_label("Name")'),
        goal=hostile.get("goal", "Find the pricing"),
        evidence=hostile.get("evidence", "$12"),
    )
    found = journey(result, test)
    assert found is not None
    path = write(found, tmp_path / "exported")
    module = ast.parse(path.read_text())
    assigned = {
        node.targets[0].id: ast.literal_eval(node.value) for node in module.body if isinstance(node, ast.Assign)
    }

    calls = ran(path, found.name)

    assert not mark.exists()
    assert assigned == {"SOURCE": test, "GOAL": result.goal}
    assert ast.get_docstring(module) is not None and payload not in ast.get_docstring(module)
    assert ("page.get_by_role", ("link",), {"name": hostile.get("name", "Pricing")}) in calls
    assert ("page.get_by_label().fill", (hostile.get("typed", "Jana"),), {}) in calls
    assert calls[-1] == ("expect().to_contain_text", (hostile.get("evidence", "$12"),), {"ignore_case": True})


def test_an_ordinary_journey_exports_as_the_plain_test_it_was():
    found = journey(reached(click("Pricing")), "tests/test_shop.py::test_buy[chromium-Jana]")
    assert found is not None and found.name == "test_shop__test_buy_chromium_Jana"
    assert found.steps == ['page.get_by_role("link", name="Pricing").click()'] and found.environment == []


@pytest.mark.parametrize(
    "text",
    [
        "C:\\new\\table \"quoted\" and 'single'",
        "\\N{BULLET} \\x00 \\u2028 ends with a backslash\\",
        "a line\nanother\r\n\ttabbed \u2028 \x00 \U0001f600 \ud800",
        'both \'"\' quotes and """ three',
    ],
)
def test_a_goal_with_backslashes_and_quotes_round_trips_exactly(tmp_path, text):
    result = reached(click(text), (Action(kind="press", key=text), None), goal=text, evidence=text)
    found = journey(result, f"tests/test_x.py::test_x[{text}]")
    assert found is not None and found.name.isascii() and found.name.isidentifier()
    path = write(found, tmp_path)

    calls = ran(path, found.name)

    assert runpy.run_path(str(path))["GOAL"] == text
    assert ("page.get_by_role", ("link",), {"name": text}) in calls
    assert ("page.keyboard.press", (text,), {}) in calls
    assert calls[-1] == ("expect().to_contain_text", (text,), {"ignore_case": True})


def test_a_placeholder_reads_useragent_name_from_the_environment(tmp_path, monkeypatch):
    result = reached(
        (Action(kind="type", ref="e1", text="{{user}}"), 'get_by_label("Login")'),
        (Action(kind="type", ref="e2", text="{{ user }}+shop@{{domain}}"), 'get_by_label("Email")'),
        (Action(kind="type", ref="e3", text="{{password}}"), 'get_by_label("Password")'),
    )
    found = journey(result, "tests/test_login.py::test_login")
    assert found is not None and found.environment == ["USERAGENT_DOMAIN", "USERAGENT_PASSWORD", "USERAGENT_USER"]
    path = write(found, tmp_path)
    docstring = ast.get_docstring(ast.parse(path.read_text())) or ""
    assert "USERAGENT_DOMAIN, USERAGENT_PASSWORD, USERAGENT_USER" in docstring
    monkeypatch.setenv("USER", "whoever-runs-the-test")
    monkeypatch.setenv("USERAGENT_USER", "jana")
    monkeypatch.setenv("USERAGENT_DOMAIN", "example.com")
    monkeypatch.setenv("USERAGENT_PASSWORD", "pw")

    fills = [args[0] for chain, args, _ in ran(path, found.name) if chain.endswith(".fill")]

    assert fills == ["jana", "jana+shop@example.com", "pw"]


def test_text_without_a_placeholder_reads_no_environment(tmp_path):
    found = journey(reached((Action(kind="type", ref="e1", text="{user} {{}}"), 'get_by_label("Login")')), "t.py::t")
    assert found is not None and found.environment == []
    assert "import os" not in write(found, tmp_path).read_text()
    assert found.steps == ['page.get_by_label("Login").fill("{user} {{}}")']


@pytest.mark.parametrize(
    "locator",
    [
        'get_by_role("link").click(); __import__("os").system("touch ran")',
        'get_by_role(__import__("os").getcwd())',
        'get_by_role("link", **{"name": "x"})',
        'get_by_role("link")\nimport os',
        "evaluate('1')",
        "get_by_role('link').nth(0)" + ".first" * 5000,
        "<Locator frame=<Frame name= url='about:blank'> selector='aria-ref=e5'>",
    ],
)
def test_a_locator_that_is_not_a_plain_chain_of_literals_is_not_exported(locator):
    assert journey(reached((Action(kind="click", ref="e1"), locator)), "t.py::t") is None


@pytest.mark.parametrize(
    ("locator", "code"),
    [
        ("get_by_role('link', name='Home').nth(2)", 'page.get_by_role("link", name="Home").nth(2)'),
        ('frame_locator("#pay").locator("button")', 'page.frame_locator("#pay").locator("button")'),
        ('get_by_text("Buy", exact=True).first', 'page.get_by_text("Buy", exact=True).first'),
        (
            'locator("iframe").content_frame.get_by_role("button")',
            'page.locator("iframe").content_frame.get_by_role("button")',
        ),
    ],
)
def test_a_recorded_locator_is_written_again_from_its_parts(locator, code):
    found = journey(reached((Action(kind="click", ref="e1"), locator)), "t.py::t")
    assert found is not None and found.steps == [f"{code}.click()"]


def test_a_long_test_id_is_cut_to_a_name_a_file_system_takes_and_two_stay_two():
    names = {
        found.name
        for last in "ab"
        if (found := journey(reached(click("Pricing")), f"t.py::test_x[{'word ' * 100}{last}]")) is not None
    }
    assert len(names) == 2 and all(len(name) <= 100 for name in names)
