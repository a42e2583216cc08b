"""The `fill` action on a five-field sign-up page (tests/pages/signup.html): a form filled in one step and sent in the
next, through the real SDK and the fake Messages API and by the offline engine; a credential's placeholder typed for
real and kept out of everything written; a field that is gone named in the step's outcome; the recorded journey
replayed with no model and exported as a plain test that runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openai
import pytest
import yaml
from secret_scan import SECRET, leaks

from pytest_useragent import Agent, OfflineProvider, Persona, SessionResult
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import Divergence
from pytest_useragent.llm.openai import OpenAIProvider
from pytest_useragent.replay.journey import journey, write
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.render import write_run_report
from pytest_useragent.testing import FakeChatCompletionsAPI, decision, ref_of, wrap_up

JANA = Persona(name="Jana", background="Jana, 45.")
GOAL = "Sign up for an account"
LABELS = ("Full name", "Email", "Username", "Password", "Confirm password")
TEXTS = ("Jana Novak", "jana@example.com", "jana", "{{password}}", "{{password}}")
WELCOME = "Your account is created"

ALONE_CONFTEST = """
import os
import pytest

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_type):
    found = os.path.exists(browser_type.executable_path)  # this machine has the system's Chromium only
    rules = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
    args = [*browser_type_launch_args.get("args", []), rules]
    return {**browser_type_launch_args, "args": args, **({} if found else {"executable_path": "/usr/bin/chromium"})}


@pytest.fixture(autouse=True)
def known_soon(page):
    from playwright.sync_api import expect

    page.set_default_timeout(2000)
    expect.set_options(timeout=2000)
"""


class NoModel:
    """A provider that fails the test if it is ever asked: a replay that calls it was not free."""

    name = "anthropic"

    def model_name(self, requested: str) -> str:
        return requested

    def endpoint(self, requested: str) -> None:
        return None

    def decide(self, *args: Any) -> Any:
        raise AssertionError("a replayed step called the model")

    wrap_up = compose = survey = interview = decide


def fill(*fields: tuple[str, str], expectation: str = "every field shows what I typed", **more: Any) -> Any:
    """A fill of the fields labelled so, their refs read off the page the model is shown."""
    return lambda body: decision(
        "fill",
        fields=[{"ref": ref_of(body, label), "text": text} for label, text in fields],
        expectation=expectation,
        **more,
    )


def agent(page: Any, provider: Any, directory: Path, cassette: Path | None = None, **settings: Any) -> Agent:
    config = UserAgentConfig(settle_timeout=2, record_mode="once" if cassette else None, **settings)
    return Agent(page, JANA, provider, config, directory, cassette=cassette, credentials={"password": SECRET})


@pytest.fixture
def cassette(tmp_path: Path) -> Path:
    return tmp_path / "cassettes" / "test_signup.useragent.yaml"


@pytest.fixture
def signed_up(page, site, tmp_path, fake_api, claude, cassette) -> SessionResult:
    """The sign-up as a model does it: the five fields in one step, the button in the next, then done."""
    fake_api.push(
        fill(*zip(LABELS, TEXTS, strict=True)),
        lambda body: decision("click", ref_of(body, "Create account"), verdict="met", expectation="I am welcomed"),
        decision("done", verdict="met", evidence=WELCOME),
        wrap_up(),
    )
    return agent(page, claude, tmp_path / "record", cassette, debug="ultra").run(GOAL, f"{site}/signup.html")


def test_a_five_field_sign_up_takes_three_steps_with_the_password_typed_for_real(
    signed_up, page, tmp_path, fake_api, cassette
):
    result = signed_up
    assert result.goal_achieved and [step.action.kind for step in result.steps if step.action] == [
        "fill",
        "click",
        "done",
    ]
    filled = result.steps[0]
    assert filled.outcome.ok and filled.outcome.message == "typed 5 fields" and len(filled.outcome.locators) == 5
    assert filled.outcome.locators[3] == 'get_by_role("textbox", name="Password").nth(0)'
    assert [field.text for field in filled.action.fields or []] == list(TEXTS)  # the record keeps the placeholder
    for name in ("password", "confirm"):
        assert page.locator(f"input[name={name}]").input_value() == SECRET  # the page was given the value
    told = str(fake_api.requests[1]["messages"])  # the model's next step: its fill went through, once settled
    assert "ok: typed 5 fields" in told and "{{password}}" in str(fake_api.requests[0]["messages"])

    write_run_report(aggregate([SessionEntry(nodeid="t.py::t", result=result)], []), tmp_path / "useragent-report")
    exported = journey(result, "tests/test_signup.py::test_signup[chromium]")
    assert exported is not None and exported.environment == ["USERAGENT_PASSWORD"]
    write(exported, tmp_path / "exported")
    kept = {path.name: path for path in (tmp_path / "record").rglob("*")}  # and debug/'s raw requests (ultra)
    assert {"transcript.jsonl", "session.json", "report.md"} <= set(kept) and any(tmp_path.rglob("debug/*.json"))
    assert leaks(SECRET, [tmp_path], fake_api.requests, {"repr": repr(result)}) == []
    for text in (cassette.read_text(), kept["session.json"].read_text(), kept["transcript.jsonl"].read_text()):
        assert "{{password}}" in text  # the placeholder, where the value is not


def test_a_recorded_fill_names_its_fields_by_role_and_name_and_replays_with_no_model(
    signed_up, context, site, tmp_path, cassette
):
    step = yaml.safe_load(cassette.read_text())["steps"][0]
    assert [target["name"] for target in step["targets"]] == list(LABELS)
    assert {field["ref"] for field in step["decision"]["action"]["fields"]} == {""}  # a ref holds for one look only

    page = context.new_page()
    replayed = agent(page, NoModel(), tmp_path / "replay", cassette).run(GOAL, f"{site}/signup.html")
    assert replayed.goal_achieved and replayed.replay is not None and replayed.replay.replayed == 3
    assert replayed.steps[0].outcome.ok and page.locator("input[name=confirm]").input_value() == SECRET


def test_a_replayed_fill_whose_field_was_renamed_diverges_naming_it(signed_up, context, site, tmp_path, cassette):
    page = context.new_page()
    html = (Path(__file__).parent.parent / "pages" / "signup.html").read_text().replace(">Username <", ">Login <")
    page.route("**/signup.html", lambda route: route.fulfill(body=html, content_type="text/html"))
    # the default settle timeout: under the suite's load a 2 s bound let the first look time out now and then, which
    # is a recorded outcome, not a divergence
    config = UserAgentConfig(record_mode="none")
    with pytest.raises(Divergence) as failed:
        result = Agent(page, JANA, NoModel(), config, tmp_path / "replay", cassette=cassette).run(
            GOAL, f"{site}/signup.html"
        )
        pytest.fail(f"replayed to the end: {result.outcome} {result.error}")
    told = str(failed.value)
    assert 'it did: fill "Jana Novak", "jana@example.com", "jana", "{{password}}", "{{password}}"' in told
    assert '- textbox "username"' in told and '+ textbox "login"' in told


def test_the_exported_sign_up_runs_as_a_plain_test_reading_the_password_from_the_environment(
    signed_up, site, pytester, monkeypatch
):
    exported = journey(signed_up, "tests/test_signup.py::test_signup[chromium]")
    assert exported is not None
    assert exported.steps[:2] == [
        'page.get_by_role("textbox", name="Full name").fill("Jana Novak")',
        'page.get_by_role("textbox", name="Email").fill("jana@example.com")',
    ]
    assert (
        'page.get_by_role("textbox", name="Confirm password").fill(os.environ["USERAGENT_PASSWORD"])' in exported.steps
    )
    path = write(exported, pytester.path)
    assert SECRET not in path.read_text()
    pytester.makeconftest(ALONE_CONFTEST)
    pytester.makeini("[pytest]\n")
    args = ("-p", "no:useragent", "-p", "no:cacheprovider", str(path), f"--base-url={site}")

    monkeypatch.setenv("USERAGENT_PASSWORD", SECRET)
    pytester.runpytest_subprocess(*args, timeout=240).assert_outcomes(passed=1)
    monkeypatch.delenv("USERAGENT_PASSWORD")
    without = pytester.runpytest_subprocess(*args, timeout=240)
    without.assert_outcomes(failed=1)
    without.stdout.fnmatch_lines(["*KeyError: 'USERAGENT_PASSWORD'*"])


def test_a_field_gone_in_the_middle_of_a_fill_is_named_and_the_session_goes_on(page, site, tmp_path, fake_api, claude):
    gone = list(zip(LABELS, TEXTS, strict=True))
    fake_api.push(
        lambda body: decision(
            "fill",
            fields=[
                {"ref": ref_of(body, "Full name"), "text": "Jana Novak"},
                {"ref": ref_of(body, "Email"), "text": "jana@example.com"},
                {"ref": "e999", "text": "jana"},
                {"ref": ref_of(body, "Password"), "text": "{{password}}"},
            ],
        ),
        fill(*gone, verdict="unmet"),
        lambda body: decision("click", ref_of(body, "Create account"), verdict="met"),
        decision("done", verdict="met", evidence=WELCOME),
        wrap_up(),
    )
    result = agent(page, claude, tmp_path / "record").run(GOAL, f"{site}/signup.html")

    first = result.steps[0]
    assert not first.outcome.ok and first.action is not None and first.action.kind == "fill"  # the step is kept
    assert first.outcome.message == (
        "field 3 of 4 (e999) failed: no element e999 on the page now; look again; "
        "the fields before it were typed, it and those after it were not"
    )
    assert len(first.outcome.locators) == 2 and result.error is None
    assert "failed: field 3 of 4 (e999) failed" in str(fake_api.requests[1]["messages"])  # told to the model
    assert result.goal_achieved and [step.outcome.ok for step in result.steps] == [False, True, True, True]


def test_openai_strict_output_fills_the_form_too(page, site, tmp_path):
    """OpenAI's strict decoding writes every property, null where unused: a fill with the rest null, a click with
    "fields": null."""
    script = [
        fill(*zip(LABELS, TEXTS, strict=True)),
        lambda body: decision("click", ref_of(body, "Create account"), verdict="met"),
        decision("done", verdict="met", evidence=WELCOME),
        wrap_up(),
    ]
    with FakeChatCompletionsAPI(script) as fake:
        client = openai.OpenAI(base_url=fake.base_url, api_key="sk-test", max_retries=0)
        result = agent(page, OpenAIProvider(client), tmp_path / "openai").run(GOAL, f"{site}/signup.html")
        assert not fake.problems  # the strict schema, fields and all, is one the API takes
    assert result.goal_achieved and len(result.steps) == 3 and result.steps[0].outcome.message == "typed 5 fields"
    assert page.locator("input[name=password]").input_value() == SECRET
    assert leaks(SECRET, [tmp_path], fake.requests) == []


def test_the_offline_engine_signs_up_in_three_steps_with_one_fill(page, site, tmp_path):
    result = agent(page, OfflineProvider(), tmp_path / "offline").run(GOAL, f"{site}/signup.html")
    assert result.goal_achieved and len(result.steps) <= 3, [step.outcome.message for step in result.steps]
    first = result.steps[0].action
    assert first is not None and first.kind == "fill" and len(first.fields or []) == 5
    assert [field.text for field in first.fields or []][3:] == ["{{password}}", "{{password}}"]
    assert page.locator("input[name=password]").input_value() == SECRET
    assert leaks(SECRET, [tmp_path]) == []
