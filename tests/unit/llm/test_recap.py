"""The wrap-up prompt stays bounded whatever the session was, and says what it left out."""

from __future__ import annotations

from pytest_useragent.llm.base import WrapUpRequest
from pytest_useragent.llm.offline.engine import OfflineProvider
from pytest_useragent.llm.prompts import render
from pytest_useragent.llm.recap import FIRST_STEPS, LAST_STEPS, MAX_ISSUES
from pytest_useragent.records import Action, ActionOutcome, Evaluation, Issue, Signals, Step
from pytest_useragent.records.persona import DEFAULT_PERSONA

LONG = "x" * 50_000


def step(index: int) -> Step:
    issues = [
        Issue(severity="minor", heuristic="h", title=f"{index}-{n} {LONG}", evidence=LONG, quote="q") for n in range(20)
    ]
    return Step(
        index=index, url=f"http://shop/{LONG}", title=LONG, screenshot=None, signals=Signals(), observation=LONG,
        evaluation=Evaluation(verdict="met", note=LONG), expectation=LONG, action=Action(kind="type", ref="e1", text=LONG),
        outcome=ActionOutcome(ok=True, message=LONG), issues=issues, seconds=1,
    )  # fmt: skip


def request(steps: int) -> WrapUpRequest:
    return WrapUpRequest(
        model="m", persona=DEFAULT_PERSONA, goal="Buy milk", outcome="max_steps", summary=LONG,
        steps=[step(index) for index in range(1, steps + 1)],
    )  # fmt: skip


def test_a_long_noisy_session_makes_a_bounded_wrap_up_prompt():
    prompt = render("wrap_up.j2", request=request(200))
    assert len(prompt) < 40_000
    told = [line for line in prompt.splitlines() if line[:1].isdigit()]
    assert len(told) == FIRST_STEPS + LAST_STEPS and told[0].startswith("1. ") and told[-1].startswith("200. ")
    left_out = 200 - FIRST_STEPS - LAST_STEPS
    assert f"({left_out} steps in between left out)" in prompt
    assert f"({200 * 20 - MAX_ISSUES} more issues left out, none more severe)" in prompt


def test_a_short_session_is_told_whole():
    prompt = render("wrap_up.j2", request=request(3))
    assert [line[:3] for line in prompt.splitlines() if line[:1].isdigit()] == ["1. ", "2. ", "3. "]
    assert "left out" not in prompt.replace("issues left out", "")


def test_grouped_issues_say_how_many():
    many = step(1).model_copy(update={"issues": [Issue(
        source="check", rule="target-size", severity="minor", heuristic="h", title="Small", evidence="e", quote="q",
        count=9_812,
    )]})  # fmt: skip
    wrap = WrapUpRequest(model="m", persona=DEFAULT_PERSONA, goal="g", outcome="gave_up", summary="", steps=[many])
    assert "- [minor] Small (×9812): e" in render("wrap_up.j2", request=wrap)


def test_the_offline_engine_still_sees_every_step():
    reply = OfflineProvider().wrap_up(request(40), meter=None)  # type: ignore[arg-type]
    assert reply.value is not None and len(reply.value.issues) == 40 * 20


def test_each_step_is_told_with_the_verdict_its_own_expectation_received():
    """The model judges step n's expectation at step n+1: the recap puts that verdict on step n's line, and the
    last step's expectation, never judged, says so."""
    verdicts = [None, Evaluation(verdict="met", note="the cart shows 1"), Evaluation(verdict="unmet", note="no price")]
    steps = [
        Step(
            index=n, url="http://shop/", title=f"Page {n}", screenshot=None, signals=Signals(), observation="o",
            evaluation=verdicts[n - 1], expectation=f"expectation {n}", action=Action(kind="click", ref="e1"),
            outcome=ActionOutcome(ok=True, message="clicked"), seconds=1,
        )
        for n in (1, 2, 3)
    ]  # fmt: skip
    wrap = WrapUpRequest(model="m", persona=DEFAULT_PERSONA, goal="g", outcome="max_steps", summary="s", steps=steps)
    told = [line for line in render("wrap_up.j2", request=wrap).splitlines() if line[:1].isdigit()]
    assert told[0].startswith('1. Page 1: expected "expectation 1"')
    assert told[0].endswith("; judged met at step 2: the cart shows 1")
    assert told[1].endswith("; judged unmet at step 3: no price")
    assert told[2].endswith("; not judged: the session ended")


def test_a_session_of_no_steps_is_told_as_such():
    wrap = WrapUpRequest(model="m", persona=DEFAULT_PERSONA, goal="g", outcome="error", summary="s", steps=[])
    assert not [line for line in render("wrap_up.j2", request=wrap).splitlines() if line[:1].isdigit()]


def test_what_axe_left_for_review_is_not_told_to_the_persona_as_a_problem_it_met():
    # "Element's background color could not be determined" is axe saying it could not tell, not a barrier met
    from pytest_useragent.llm.recap import met

    review = Issue(
        source="check",
        rule="color-contrast",
        severity="major",
        heuristic="1.4.3",
        title="Contrast",
        evidence="x",
        quote="",
        trust="review",
    )
    found = review.model_copy(update={"trust": "objective"})
    assert not met(review) and met(found)  # the twin: the same finding measured is told
    assert met(review.model_copy(update={"source": "persona", "trust": "opinion"}))
