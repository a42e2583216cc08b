"""The `fill` action's pure parts: the record and its bound, the schema both providers send, how a step tells it, the
cassette (its fields found again by role and name; an older cassette without them still loads), the journey export
(a line per field) and the offline engine's choice of fill over type."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_useragent import OfflineProvider, Persona
from pytest_useragent.browser.actions import option_index
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.prefix import system_prompt
from pytest_useragent.llm.prompts import render
from pytest_useragent.llm.schema import parse, shape, strict
from pytest_useragent.records import Action, ActionOutcome, Claim, Decision, FormField, Observation
from pytest_useragent.records.decision import MAX_FIELDS
from pytest_useragent.replay.cassette import CassetteStep, PageFit, Target, load, without_refs
from pytest_useragent.replay.journey import _field, journey, literal
from pytest_useragent.replay.provider import _fit
from pytest_useragent.testing import decision
from pytest_useragent.testing.synthetic import session_result

FORM = """- heading "Create your account" [level=1] [ref=e1]
- textbox "Full name" [ref=e2]
- textbox "Email" [ref=e3]
- textbox "Password" [ref=e4]
- button "Create account" [ref=e5]"""
FIELDS = [{"ref": "e2", "text": "Jana Novak"}, {"ref": "e3", "text": "jana@example.com"}, {"ref": "e4", "text": "x"}]


def reply(action: dict[str, object]) -> dict[str, object]:
    return {"observation": "o", "evaluation": None, "summary": "s", "issues": [], "expectation": "e", "action": action}


def test_a_fill_of_at_most_the_bound_is_taken_and_one_field_more_is_sent_back():
    fields = [{"ref": f"e{n}", "text": "x"} for n in range(MAX_FIELDS + 1)]
    taken, problem = parse(Decision, reply({"kind": "fill", "fields": fields[:MAX_FIELDS]}))
    assert taken is not None and problem == "" and len(taken.action.fields or []) == MAX_FIELDS
    refused, problem = parse(Decision, reply({"kind": "fill", "fields": fields}))
    assert refused is None and "action.fields" in problem and f"at most {MAX_FIELDS}" in problem


def test_a_field_without_its_ref_or_text_is_sent_back():
    assert parse(Decision, reply({"kind": "fill", "fields": FIELDS}))[0] is not None
    for missing in ("ref", "text"):
        fields = [{key: value for key, value in FIELDS[0].items() if key != missing}]
        refused, problem = parse(Decision, reply({"kind": "fill", "fields": fields}))
        assert refused is None and f"action.fields.0.{missing}" in problem


def test_both_schemas_carry_the_fields_a_strict_decoder_needs():
    for schema in (shape(Decision), strict(Decision)):
        field = schema["$defs"]["FormField"]
        assert field["additionalProperties"] is False and set(field["required"]) == {"ref", "text"}
        options = schema["$defs"]["Action"]["properties"]["fields"]["anyOf"]
        assert {"type": "null"} in options and {"type": "array", "items": {"$ref": "#/$defs/FormField"}} in options
    assert "fields" in strict(Decision)["$defs"]["Action"]["required"]  # OpenAI's: every property, null allowed
    assert "fields" not in shape(Decision)["$defs"]["Action"]["required"]  # Anthropic's: optional, left out
    # OpenAI's strict decoder writes every property, null where unused: a click with "fields": null is a click
    nulls = dict.fromkeys(strict(Decision)["$defs"]["Action"]["properties"], None) | {"kind": "click", "ref": "e5"}
    clicked, _ = parse(Decision, json.dumps(reply(nulls)))
    assert clicked is not None and clicked.action.fields is None and clicked.action.refs == ["e5"]


def test_the_system_prompt_says_when_to_fill_and_how():
    told = " ".join(system_prompt(Persona(name="Jana", background="Jana, 45."), 0).text.split())
    assert '{"kind": "fill", "fields":' in told and f"at most {MAX_FIELDS}" in told
    assert "two or more fields" in told and "in a step of its own" in told
    step = render("step.j2", request=request(FORM, credentials=["{{password}}"]))
    assert "as a fill's field's text" in step


def test_a_keyboard_persona_is_told_only_the_actions_it_may_take():
    """What a keyboard persona cannot do (click, hover, select, scroll, fill: `modes.REFUSED`) is not explained to it:
    it is refused if sent, and the words saved pay for its focus line (no more tokens than a mouse persona's)."""
    keys = " ".join(system_prompt(Persona("Kai, 29.", uses="keyboard"), 0).text.split())
    mouse = " ".join(system_prompt(Persona("Kai, 29."), 0).text.split())
    for told in ("- click ref", "hover ref", "fill fields:", "scroll (ref to bring into view"):
        assert told in mouse and told not in keys
    assert "press key (Tab, Shift+Tab" in keys and "into the element that has focus" in keys
    assert len(keys) < len(mouse)


def test_a_fill_is_told_in_one_line_with_each_field():
    action = Action(kind="fill", fields=[FormField(ref="e2", text="Jana"), FormField(ref="e4", text="{{password}}")])
    assert action.describe() == 'fill e2 "Jana", e4 "{{password}}"'
    assert action.refs == ["e2", "e4"] and Action(kind="type", ref="e2", text="x").refs == ["e2"]
    # what a kind does not use is left alone: a fill's stray ref, a click's stray fields
    assert action.model_copy(update={"ref": "e9"}).refs == ["e2", "e4"]
    stray = Action(kind="click", ref="e5", fields=action.fields)
    assert stray.refs == ["e5"] and stray.describe() == "click e5"
    assert without_refs(decision("fill", fields=action.fields)).action.describe() == 'fill "Jana", "{{password}}"'


def recorded_fill(targets: list[Target]) -> CassetteStep:
    fill = decision("fill", fields=[FormField(ref="e9", text="Jana"), FormField(ref="e8", text="{{password}}")])
    return CassetteStep(
        index=1,
        page=PageFit(path="/signup", controls={}),
        decision=without_refs(fill),
        targets=targets,
        outcome=ActionOutcome(ok=True, message="typed 2 fields"),
    )


def test_a_recorded_fill_finds_each_field_again_by_role_and_name():
    now = PageFit(path="/signup", controls={})
    targets = [Target(role="textbox", name="Full name"), Target(role="textbox", name="Password")]
    fit = _fit(recorded_fill(targets), now, FORM)
    assert fit.why is None and fit.decision is not None
    assert [(f.ref, f.text) for f in fit.decision.action.fields or []] == [("e2", "Jana"), ("e4", "{{password}}")]

    renamed = _fit(recorded_fill(targets), now, FORM.replace('"Password"', '"Passphrase"'))
    assert (
        renamed.decision is None
        and renamed.why == 'the element it acted on (textbox "Password") is 0 elements now, not one'
    )
    unnamed = _fit(recorded_fill(targets[:1]), now, FORM)  # a field the cassette does not name is not guessed
    assert unnamed.decision is None and unnamed.why == "the cassette does not name the fields its fill typed"


def test_a_cassette_written_before_fill_still_loads_and_a_fill_round_trips(tmp_path: Path):
    old = tmp_path / "old.useragent.yaml"
    old.write_text(
        "version: 1\ngoal: Find the pricing\npersona: Jana\nprovider: anthropic\nmodel: m\n"
        "recorded_at: '2026-01-05T10:00:00Z'\noutcome: goal_achieved\nsteps:\n"
        "- index: 1\n  page: {path: /, controls: {'link \"pricing\"': 1}}\n"
        "  decision: {observation: o, summary: s, issues: [], expectation: e, evaluation: null,\n"
        "    action: {kind: click}}\n  target: {role: link, name: Pricing}\n"
        '  outcome: {ok: true, message: clicked, locator: \'get_by_role("link", name="Pricing")\'}\n'
    )
    cassette = load(old)
    assert cassette is not None and cassette.steps[0].targets == [] and cassette.steps[0].decision is not None
    assert cassette.steps[0].decision.action.fields is None
    step = recorded_fill([Target(role="textbox", name="Full name"), Target(role="textbox", name="Password")])
    assert CassetteStep.model_validate(json.loads(step.model_dump_json(exclude_defaults=True))) == step


def reached(action: Action, outcome: ActionOutcome) -> object:
    template = session_result(steps=1, issues=0).steps[0]
    claim = Claim(step=2, evidence="Your account is created", found_in="page")
    steps = [
        template.model_copy(update={"index": 1, "action": action, "outcome": outcome}),
        template.model_copy(
            update={
                "index": 2,
                "action": Action(kind="done"),
                "outcome": ActionOutcome(ok=True, message="done", claim=claim),
            }
        ),
    ]
    return session_result(steps=1, issues=0).model_copy(update={"goal": "Sign up", "steps": steps})


def test_a_fill_exports_as_a_line_per_field_and_a_placeholder_reads_the_environment():
    action = Action(kind="fill", fields=[FormField(ref="e2", text="Jana"), FormField(ref="e4", text="{{password}}")])
    locators = [f"get_by_role({literal('textbox')}, name={literal(name)})" for name in ("Full name", "Password")]
    found = journey(reached(action, ActionOutcome(ok=True, message="typed 2 fields", locators=locators)), "t.py::t")
    assert found is not None and found.environment == ["USERAGENT_PASSWORD"]
    assert found.steps == [
        'page.get_by_role("textbox", name="Full name").fill("Jana")',
        'page.get_by_role("textbox", name="Password").fill(os.environ["USERAGENT_PASSWORD"])',
    ]
    half = ActionOutcome(ok=True, message="typed 2 fields", locators=locators[:1])  # not one this session recorded
    assert journey(reached(action, half), "t.py::t") is None


def test_a_fill_with_a_dropdown_exports_its_select_and_a_key_its_press():
    fields = [FormField(ref="e2", text="Jana"), FormField(ref="e3", text="14:00 "), FormField(ref="e4", text="x@y.z")]
    names = (("textbox", "Full name"), ("combobox", "Start time"), ("textbox", "Email"))
    locators = [f"get_by_role({literal(role)}, name={literal(name)})" for role, name in names]
    done = ActionOutcome(
        ok=True, message="typed 3 fields; e3: selected '14:00'", locators=locators, chosen={1: "14:00"}
    )
    found = journey(reached(Action(kind="fill", fields=fields, key="Enter"), done), "t.py::t")
    assert found is not None and found.steps == [
        'page.get_by_role("textbox", name="Full name").fill("Jana")',
        'page.get_by_role("combobox", name="Start time").select_option(label="14:00")',
        'page.get_by_role("textbox", name="Email").fill("x@y.z")',
        'page.get_by_role("textbox", name="Email").press("Enter")',
    ]
    # the twin: a fill of text fields alone, no key, exports a fill a field and nothing more
    plain = journey(reached(Action(kind="fill", fields=fields), done.model_copy(update={"chosen": {}})), "t.py::t")
    assert plain is not None and [line.split(").")[-1][:5] for line in plain.steps] == ["fill("] * 3
    # the label as the page spells it, where the persona's differed in case or spaces; never a credential's value
    assert _field("fill", "{{slot}}", "Saturday").text == "{{slot}}" and _field("fill", "a", None).kind == "fill"


def test_a_dropdown_option_is_found_by_its_label_exactly_else_in_any_case_else_by_the_words_it_begins_with():
    labels = ["10:00", "14:00", " Castle & Lesser Town "]
    assert option_index(labels, "14:00") == 1 and option_index(labels, "castle & lesser town") == 2
    assert option_index(labels, "14") is None and option_index([], "x") is None  # a start is not a label
    # as typing on a dropdown goes to the one option a place's name begins (the country after it)
    cities = ["Choose a city", "Warsaw, Poland", "Washington D.C., United States", "Paris (France)", "Panama City"]
    assert option_index(cities, "warsaw") == 1 and option_index(cities, "Paris") == 3
    assert option_index(cities, "Wa") is None and option_index(cities, "War") is None  # no word cut short
    assert option_index([*cities, "Warsaw (Indiana)"], "Warsaw") is None  # two begin so: none guessed
    assert option_index(cities, "") is None


def request(snapshot: str, **more: object) -> StepRequest:
    return StepRequest(
        model="offline",
        persona=Persona("Alex"),
        goal="Sign up for an account",
        step=1,
        max_steps=5,
        summary="",
        observation=Observation(url="http://x/signup", title="Sign up", snapshot=snapshot),
        **more,  # type: ignore[arg-type]
    )


@pytest.fixture
def budget(tmp_path: Path) -> Budget:
    return Budget(PriceBook.load(), RunLedger.create(tmp_path / "ledger.json", 1))


def test_the_offline_engine_fills_two_or_more_empty_fields_in_one_step_and_types_one(budget: Budget):
    made = OfflineProvider().decide(request(FORM, credentials=["{{password}}"]), budget).value
    assert made is not None and made.action.kind == "fill"
    assert [(f.ref, f.text) for f in made.action.fields or []] == [
        ("e2", "Alex"),
        ("e3", "alex@example.com"),
        ("e4", "{{password}}"),
    ]
    one = FORM.replace('- textbox "Full name" [ref=e2]', '- textbox "Full name" [ref=e2]: Alex').replace(
        '- textbox "Email" [ref=e3]', '- textbox "Email" [ref=e3]: alex@example.com'
    )
    typed = OfflineProvider().decide(request(one, credentials=["{{password}}"]), budget).value
    assert typed is not None and (typed.action.kind, typed.action.ref, typed.action.text) == (
        "type",
        "e4",
        "{{password}}",
    )
