"""The persona's workspace through real sessions: the real SDK, the fake Messages API, a real page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.testing import decision, ref_of, wrap_up


def run(page: Any, claude: Any, tmp_path: Path, site: str, goal: str = "Note the prices", **settings: Any):
    agent = Agent(page, Persona(name="Jana"), claude, UserAgentConfig(settle_timeout=2, **settings), tmp_path)
    return agent.run(goal, url=f"{site}/index.html")


def prompt(body: dict[str, Any]) -> str:
    return "\n".join(block.get("text", "") for block in body["messages"][0]["content"])


def test_documents_are_written_read_updated_and_indexed(page, site, tmp_path, fake_api, claude):
    notes = "# Prices\n\n## Pro\nunknown yet\n\n## Basic\nFree.\n"
    fake_api.push(
        decision("write", file="pricing.md", text=notes),
        decision("update", file="pricing.md", target="Pro", text="$12 per month."),
        decision("read", file="pricing.md", target="paragraph 2"),
        decision("write", file="../../etc/passwd", text="x"),
        decision("write", file="plans.json", text="{not json"),
        decision("done", reason="noted", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)

    assert result.goal_achieved and list(result.docs) == ["pricing.md"]
    saved = Path(result.docs["pricing.md"]).read_text()
    assert saved == "# Prices\n\n## Pro\n$12 per month.\n\n## Basic\nFree.\n"
    outcomes = [step.outcome for step in result.steps]
    assert outcomes[0].ok and outcomes[0].message == f"created pricing.md ({len(notes)} bytes)"
    assert not outcomes[3].ok and "no folders or paths" in outcomes[3].message
    assert not outcomes[4].ok and "not valid JSON" in outcomes[4].message
    # what was read comes back in the next prompt; the index is in every prompt after the first write
    assert "pricing.md (paragraph 2):\n## Pro\n$12 per month." in prompt(fake_api.requests[3])
    assert "- pricing.md (md, " in prompt(fake_api.requests[1]) and "headings: Prices / Pro / Basic" in prompt(
        fake_api.requests[1]
    )
    assert not (tmp_path.parent / "etc").exists()
    assert "docs/pricing.md" in (tmp_path / "useragent" / "report.md").read_text()


def test_the_plan_in_todo_md_is_ticked_by_actions(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("plan", text="- [ ] Step 1: open pricing #action:click #domain:127.0.0.1\n- [ ] Step 2: note it"),
        lambda body: decision("click", ref_of(body, "Pricing"), summary="on the pricing page"),
        decision("check", target="2"),
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)

    todo = (tmp_path / "useragent" / "todo.md").read_text()
    assert "Instruction: Note the prices" in todo and "Progress: (1/" in todo
    assert "Current URL: " in todo and "/pricing.html\n" in todo  # where the session is, not where it began
    assert "- [x] Step 1: open pricing #action:click #domain:127.0.0.1" in todo and "- [x] Step 2: note it" in todo
    assert 'click `get_by_role("link", name="Pricing")` @ ' in todo and "| on the pricing page" in todo
    assert "1. [x] Step 1: open pricing" in prompt(fake_api.requests[2])
    assert result.files["todo.md"].endswith("todo.md")


def test_todo_md_can_be_switched_off(page, site, tmp_path, fake_api, claude):
    fake_api.push(decision("done", evidence="Welcome to Corner Shop"), wrap_up())
    run(page, claude, tmp_path, site, todo=False)
    assert not (tmp_path / "useragent" / "todo.md").exists()


def test_json_documents_through_a_session(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("write", file="plans.json", text=json.dumps({"pro": {"price": None}})),
        decision("update", file="plans.json", target="pro.price", text="12"),
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)
    assert json.loads(Path(result.docs["plans.json"]).read_text()) == {"pro": {"price": 12}}


def test_document_names_too_long_in_bytes_and_symlinks_in_docs_never_escape(page, site, tmp_path, fake_api, claude):
    outside = tmp_path / "private.md"
    outside.write_text("# Private\nthe outside file, never to be previewed")
    docs = tmp_path / "useragent" / "docs"
    docs.mkdir(parents=True)
    (docs / "link.md").symlink_to(outside)  # planted before the session
    fake_api.push(
        decision("write", file="字" * 90, text="x"),
        decision("read", file="link.md"),
        decision("write", file="link.md", text="through the link?"),
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)
    assert result.goal_achieved and (tmp_path / "useragent" / "session.json").exists()
    outcomes = [step.outcome for step in result.steps[:3]]
    assert not any(outcome.ok for outcome in outcomes), outcomes
    assert "too long" in outcomes[0].message
    assert "never to be previewed" not in json.dumps(fake_api.requests)
    assert outside.read_text() == "# Private\nthe outside file, never to be previewed"
    assert result.docs == {} and result.documents == []
