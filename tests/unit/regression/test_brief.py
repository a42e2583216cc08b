"""A session in a line (its repr) and in a few lines (under a failing test)."""

from __future__ import annotations

from pytest_useragent import RepeatedResult
from pytest_useragent.records import Action, Evaluation
from pytest_useragent.records.result import last_verdict, lines
from pytest_useragent.regression.repeats import combined
from pytest_useragent.testing.synthetic import session_result


def judged(expectations: list[str], verdicts: list[tuple[str, str] | None], **kwargs: object):
    result = session_result(outcome="max_steps", steps=len(expectations), **kwargs)  # type: ignore[arg-type]
    steps = [
        step.model_copy(
            update={
                "expectation": expectation,
                "evaluation": Evaluation(verdict=verdict[0], note=verdict[1]) if verdict else None,  # type: ignore[arg-type]
            }
        )
        for step, expectation, verdict in zip(result.steps, expectations, verdicts, strict=True)
    ]
    return result.model_copy(update={"steps": steps})


def test_the_last_judged_expectation_is_the_one_before_the_last_evaluation():
    result = judged(
        ["Pricing opens", "The Pro plan shows its price", "I am done"],
        [None, ("met", "it did"), ("unmet", "no price")],
        issues=5,
    )
    assert last_verdict(result) == ("The Pro plan shows its price", "unmet", "no price")
    assert lines(result) == [
        "max_steps after 3 steps, goal not achieved (offline): Find the pricing",
        "last expectation: The Pro plan shows its price -> unmet (no price)",
        "issues: 2 critical, 1 major, 1 minor, 1 cosmetic",
        "  critical issue 0",
        "  critical issue 4",
        "  major issue 1",
        "  ... and 2 more",
        "report: /nowhere/report.md",
    ]
    assert repr(result) == (
        "SessionResult(outcome='max_steps', goal_achieved=False, steps=3, last expectation='The Pro plan shows its "
        "price' unmet, issues=2 critical, 1 major, 1 minor, 1 cosmetic, report='/nowhere/report.md')"
    )


def test_one_step_is_singular_and_nothing_judged_is_left_out():
    result = judged(["Pricing opens"], [None], issues=0)
    assert last_verdict(result) is None
    assert lines(result) == [
        "max_steps after 1 step, goal not achieved (offline): Find the pricing",
        "report: /nowhere/report.md",
    ]
    assert (
        repr(result)
        == "SessionResult(outcome='max_steps', goal_achieved=False, steps=1, issues=none, report='/nowhere/report.md')"
    )


def test_a_session_that_gave_up_says_why():
    result = judged(["Pricing opens"], [None], issues=0)
    step = result.steps[0].model_copy(update={"action": Action(kind="give_up", reason="nothing leads to pro, plan")})
    result = result.model_copy(update={"steps": [step], "outcome": "gave_up"})
    assert lines(result)[1] == "gave up: nothing leads to pro, plan"


def test_a_failure_points_to_the_copy_ci_uploads_when_there_is_one():
    result = session_result(outcome="max_steps", steps=1)
    assert lines(result)[-1].endswith(f"{result.directory}/report.md")
    copied = result.model_copy(update={"report_copy": "/ci/useragent-report/sessions/test_x-1a2b/useragent"})
    assert lines(copied)[-1].endswith("/ci/useragent-report/sessions/test_x-1a2b/useragent/report.md")
    assert "sessions/test_x-1a2b/useragent/report.md" in repr(copied)


def test_a_repeated_result_names_its_own_type_in_its_repr():
    repeated = combined([session_result(steps=1, issues=0), session_result(steps=2, issues=0)])
    assert isinstance(repeated, RepeatedResult)
    assert repr(repeated).startswith("RepeatedResult(outcome=")


def test_a_start_page_that_never_opened_gives_no_ux_verdict():
    """issue 41: "unreachable after 0 steps, explored" read as a look around that happened; the site was down."""
    down = session_result(outcome="unreachable", steps=0, issues=0).model_copy(
        update={"error": "http://shop.test/ could not be opened: net::ERR_CONNECTION_REFUSED"}
    )
    for result in (down, down.model_copy(update={"explore": True})):
        assert lines(result)[:2] == [
            "unreachable after 0 steps, no UX verdict (offline): Find the pricing",
            "stopped: http://shop.test/ could not be opened: net::ERR_CONNECTION_REFUSED",
        ]
    assert lines(session_result(outcome="gave_up", steps=1, issues=0).model_copy(update={"explore": True}))[0] == (
        "gave_up after 1 step, explored (offline): Find the pricing"
    )


def test_a_page_axe_could_not_audit_is_said_not_read_as_no_issue():
    """issue 41, point 8: a session whose audit failed told "issues: none" by saying nothing; its twin, all audited."""
    assert not any(line.startswith("not audited") for line in lines(session_result(steps=2, issues=0)))
    blind = session_result(steps=2, issues=0).model_copy(update={"unaudited": ["shop.test/", "shop.test/pricing"]})
    assert lines(blind)[-2] == (
        "not audited: axe could not audit 2 pages (shop.test/, shop.test/pricing): their accessibility issues are "
        "unknown, not none"
    )
