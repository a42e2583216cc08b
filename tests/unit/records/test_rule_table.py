"""The table of check rules tied to the code and the docs: every check issue of ours is made by its row, every row
names a rule the code makes, and the docs' rules table is the table's."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

from pytest_useragent.records.covered import ran
from pytest_useragent.records.decision import Action
from pytest_useragent.records.rule import WHEN
from pytest_useragent.records.rules import RULES
from pytest_useragent.testing.synthetic import session_result

PACKAGE = Path(__file__).parents[3] / "pytest_useragent"
AXE = PACKAGE / "browser" / "audit.py"
TABLE = PACKAGE / "records" / "rule.py"
"""Where a row makes its findings (`Rule.issue`), the one place a check issue of ours is built."""
"""axe's rules come with axe's own ids, criteria and words: its findings are made from its results."""


def calls() -> list[tuple[Path, ast.Call]]:
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                found.append((path, node))
    return found


def test_every_check_issue_of_ours_is_made_by_its_row():
    made = set()
    for path, call in calls():
        name = getattr(call.func, "id", None) or getattr(call.func, "attr", None)
        if name == "Issue" and path not in (AXE, TABLE):
            source = [k.value for k in call.keywords if k.arg == "source"]
            assert not any(isinstance(v, ast.Constant) and v.value == "check" for v in source), (
                f"{path.name}:{call.lineno} makes a check issue by hand: use rules.rule(...).issue"
            )
        if name == "rule" and call.args and isinstance(call.args[0], ast.Constant):
            made.add(call.args[0].value)
        if isinstance(call.func, ast.Attribute) and call.func.attr == "issue" and isinstance(call.func.value, ast.Call):
            inner = call.func.value
            if getattr(inner.func, "id", None) == "rule":
                assert isinstance(inner.args[0], ast.Constant), "a rule is named by a literal, so this test sees it"
    assert made, "no rule is made"
    assert made == set(RULES), f"rows no code makes: {set(RULES) - made}; code without a row: {made - set(RULES)}"


def test_every_row_says_what_a_person_reads_and_when_it_runs():
    for row in RULES.values():
        assert row.runs in WHEN
        assert row.title and row.measures and row.quote.startswith("As a")
        assert row.heuristic.startswith("WCAG ") is row.wcag


def test_the_docs_rules_table_is_the_table():
    spec = importlib.util.spec_from_file_location("reference", PACKAGE.parent / "docs" / "hooks" / "reference.py")
    assert spec is not None and spec.loader is not None
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    table = reference.rules_table()
    for row in RULES.values():
        assert f"| `{row.id}` |" in table and row.criterion in table
    reference_md = (PACKAGE.parent / "docs" / "reference.md").read_text(encoding="utf-8")
    assert "<!-- reference:rules -->" in reference_md


def test_every_timing_a_rule_runs_by_is_known_to_the_coverage():
    """A rule whose timing the coverage does not know would never count its criterion as tested."""
    (step,) = session_result(steps=1).steps
    steps = [step.model_copy(update={"action": Action(kind=kind)}) for kind in ("click", "done")]
    for runs in WHEN:
        assert ran(runs, steps, keyboard=True, screen_reader=True, success_check=True), runs
