"""Large writes: content outside JSON, continued past max_tokens, validated, repaired, recoverable."""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

from pytest_useragent import Agent, Persona
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.testing import Fault, MaxTokens, decision, wrap_up
from pytest_useragent.workspace.documents import Documents

DOCUMENT = "".join(
    f"## Item {n}\nLine {n} of the comparison, with details about plan {n % 3}.\n" for n in range(1, 201)
)


def run(page: Any, claude: Any, tmp_path: Path, site: str, **settings: Any):
    agent = Agent(page, Persona(name="Jana"), claude, UserAgentConfig(settle_timeout=2, **settings), tmp_path)
    return agent.run("Compare the plans in detail and document it", url=f"{site}/index.html")


def test_a_document_of_hundreds_of_lines_arrives_intact_across_cut_replies(page, site, tmp_path, fake_api, claude):
    # cut mid-word, as max_tokens does
    first, second = DOCUMENT.index("Line 70 ") + 6, DOCUMENT.index("Line 140 ") + 6
    fake_api.push(
        decision("write", file="compare.md"),
        MaxTokens(DOCUMENT[:first]),
        MaxTokens(DOCUMENT[first:second]),
        DOCUMENT[second:] + "DONE\nanything after DONE is dropped",
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)

    assert result.goal_achieved
    assert Path(result.docs["compare.md"]).read_text() == DOCUMENT.rstrip("\n")
    assert DOCUMENT.count("\n") >= 400
    step = result.steps[0]
    assert step.outcome.ok and step.outcome.message.endswith("from 3 parts")
    assert [call.purpose for call in step.calls] == ["decide", "compose", "compose", "compose"]
    # the content never travelled inside JSON: the compose calls ask for plain text; the cut part goes back as the
    # assistant's turn and the model is asked to go on (never as a prefill: the newest models refuse one)
    compose = fake_api.requests[2]
    assert "output_config" not in compose and [m["role"] for m in compose["messages"]] == ["user", "assistant", "user"]
    assert compose["messages"][1]["content"] == DOCUMENT[:first].rstrip()
    # it stopped mid-line: asked to write that line again; a model that goes on from the cut instead, as this
    # script does, is appended as it wrote it
    assert "middle of its last line: write that line again" in compose["messages"][2]["content"]
    # the steps' tools and system prompt, the tool not to be called: the compose calls read the steps' cache
    assert compose["tools"] == fake_api.requests[0]["tools"] and compose["tool_choice"] == {"type": "none"}
    assert all(call.usage.cache_read_input_tokens > 0 for call in step.calls[1:])
    assert not fake_api.problems and not (tmp_path / "useragent" / "docs" / ".pending" / "compare.md.content").exists()


def test_invalid_json_is_repaired_then_put_in_place(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("write", file="plans.json"),
        '{"pro": 12,\nDONE',
        '{"pro": 12}\nDONE',
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)
    assert json.loads(Path(result.docs["plans.json"]).read_text()) == {"pro": 12}
    repair = fake_api.requests[2]["messages"][0]["content"]
    assert "could not be used: plans.json: not valid JSON" in repair


def test_the_compose_exchanges_are_kept_in_debug_with_the_steps(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("write", file="plans.json"),
        MaxTokens('{"pro":'),
        " 12,\nDONE",
        '{"pro": 12}\nDONE',
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site, debug="ultra")

    debug = Path(result.directory) / "debug"
    kept = {path.name: json.loads(path.read_text()) for path in debug.glob("step-001-compose-*.json")}
    # attempt 1 came in two parts; attempt 2, the repair, in one
    assert sorted(kept) == ["step-001-compose-1-1.json", "step-001-compose-1-2.json", "step-001-compose-2-1.json"]
    assert kept["step-001-compose-1-2.json"]["request"]["messages"][1]["content"] == '{"pro":'
    assert "not valid JSON" in kept["step-001-compose-2-1.json"]["request"]["messages"][0]["content"]
    assert (debug / "step-001-1.json").exists() and (debug / "step-002-1.json").exists()


def test_content_that_never_validates_is_refused_and_kept_for_recovery(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("write", file="plans.json"),
        "{bad\nDONE",
        "{bad\nDONE",
        "{bad\nDONE",
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)
    assert not result.steps[0].outcome.ok and "plans.json was not written: plans.json: not valid JSON" in (
        result.steps[0].outcome.message
    )
    assert "plans.json" not in result.docs
    [kept] = result.incomplete_docs
    assert kept.file == "plans.json" and kept.bytes_recovered == 4 and "not valid JSON" in (kept.problem or "")


def test_over_ten_megabytes_is_refused(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        decision("write", file="huge.txt"),
        MaxTokens("x" * (10 * 1024 * 1024 + 1)),
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)
    assert result.goal_achieved, result.error
    assert result.steps[0].outcome.message == "Content exceeds 10MB limit"
    assert [call.purpose for call in result.steps[0].calls] == ["decide", "compose"]  # the refused part is paid for
    assert "Content exceeds 10MB limit" in json.dumps(fake_api.requests[-2])  # the model is told


def test_a_session_that_ends_mid_write_shows_the_document_incomplete(page, site, tmp_path, fake_api, claude):
    fake_api.push(decision("write", file="compare.md"), MaxTokens(DOCUMENT[:500]), Fault(529), Fault(529), Fault(529))
    result = run(page, claude, tmp_path, site)
    assert result.outcome == "provider_error"
    [kept] = result.incomplete_docs
    assert kept.file == "compare.md" and kept.parts == 1 and kept.bytes_recovered == 500
    assert Path(kept.content_path).read_text() == DOCUMENT[:500]
    meta = json.loads(Path(kept.content_path).with_name("compare.md.meta.json").read_text())
    assert meta["state"] == "failed" and "529" in meta["problem"]
    report = (tmp_path / "useragent" / "report.md").read_text()
    assert "`docs/compare.md`: **incomplete**" in report and "500 bytes recovered" in report


def test_an_empty_reply_writes_nothing_over_a_document(page, site, tmp_path, fake_api, claude):
    # the API can answer end_turn with no text at all ("Empty responses with end_turn"): that is no content, not an
    # empty document, and must not replace what the persona wrote before
    fake_api.push(
        decision("write", file="notes.md"),
        "Pro costs twelve a month.\nDONE",
        decision("write", file="notes.md"),
        "",
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)
    assert not fake_api.problems and result.goal_achieved, result.error
    assert Path(result.docs["notes.md"]).read_text() == "Pro costs twelve a month."
    assert result.steps[0].outcome.ok and not result.steps[1].outcome.ok
    assert "empty" in result.steps[1].outcome.message


def test_an_update_no_content_could_make_work_is_refused_before_any_is_composed(page, site, tmp_path, fake_api, claude):
    # a heading that is not there is no fault of the content: composing it (over many paid parts, perhaps), then
    # twice more as a "repair", would pay three times for the same refusal
    fake_api.push(
        decision("write", file="notes.md"),
        "# Plans\nPro costs twelve a month.\nDONE",
        decision("update", file="notes.md", target="Prices"),
        decision("append", file="plans.json"),
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)
    assert not fake_api.problems and result.goal_achieved, result.error
    update, append = result.steps[1], result.steps[2]
    assert [call.purpose for call in update.calls] == ["decide"] and not update.outcome.ok
    assert "no heading 'Prices' (headings: Plans)" in update.outcome.message
    assert [call.purpose for call in append.calls] == ["decide"] and "cannot be appended to" in append.outcome.message
    assert Path(result.docs["notes.md"]).read_text() == "# Plans\nPro costs twelve a month."
    assert not result.incomplete_docs


def test_a_document_the_file_system_refuses_is_not_composed_again(page, site, tmp_path, fake_api, claude, monkeypatch):
    # a full disk refuses any content alike: composing the whole document twice more would be paid for in vain
    def full(self: Any, path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Documents, "_replace", full)
    fake_api.push(
        decision("write", file="notes.md"),
        "Pro costs twelve a month.\nDONE",
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)
    assert not fake_api.problems and result.goal_achieved, result.error
    step = result.steps[0]
    assert [call.purpose for call in step.calls] == ["decide", "compose"]
    assert step.outcome.message == "notes.md was not written: the file system refused: No space left on device"
    [kept] = result.incomplete_docs  # what arrived is kept for recovery
    assert kept.bytes_recovered == len("Pro costs twelve a month.")


def test_the_model_is_told_the_inline_limit_and_content_over_it_is_asked_for_again_as_plain_text(
    page, site, tmp_path, fake_api, claude
):
    """A 300-line document sent inline (as a model that ignored the limit would) is not taken from the JSON: the
    harness asks for it as plain text ending with DONE, and writes what comes that way. A short note inline is
    written as sent (the twin)."""
    inline = "".join(f"- line {n} of what I sent inline\n" for n in range(300))
    fake_api.push(
        decision("write", file="compare.md", text=inline),
        DOCUMENT + "DONE",
        decision("write", file="short.md", text="# Short\nPro costs $12."),
        decision("done", evidence="Welcome to Corner Shop"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, site)

    system = " ".join(" ".join(block["text"] for block in fake_api.requests[0]["system"]).split())
    assert "more than 40 lines or 2,000 characters never goes in text" in system
    assert Path(result.docs["compare.md"]).read_text() == DOCUMENT.rstrip("\n")  # the plain-text content
    assert [call.purpose for call in result.steps[0].calls] == ["decide", "compose"]
    assert Path(result.docs["short.md"]).read_text() == "# Short\nPro costs $12."
    assert [call.purpose for call in result.steps[1].calls] == ["decide"]
