"""The run report compares personas (goals, met rate, mean SUS, distinct issues) and lists the interviews."""

from __future__ import annotations

from pytest_useragent.records import Interview, SusItem
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.render import render_run_html, render_run_markdown, render_session_markdown
from pytest_useragent.research import sus
from pytest_useragent.testing.synthetic import session_result


def entry(nodeid: str, persona: str, met: int, scores: list[int] | None, issues: int = 1) -> SessionEntry:
    result = session_result(persona=persona, steps=4, met=met, issues=issues)
    if scores is not None:
        answers = [SusItem(item=i, score=s, reason="r") for i, s in enumerate(scores, start=1)]
        result.survey = sus.survey(answers, answered_by="test")
    return SessionEntry(nodeid=nodeid, result=result)


def test_each_persona_is_one_row_with_its_mean_sus():
    summary = aggregate(
        [
            entry("a", "Jana", met=2, scores=[5, 1] * 5),  # 100
            entry("b", "Jana", met=1, scores=[3] * 10),  # 50
            entry("c", "Marek", met=0, scores=None, issues=3),
        ],
        [],
    )
    jana, marek = summary.by_persona
    assert (jana.persona, jana.sessions, jana.sus, jana.surveys) == ("Jana", 2, 75.0, 2)
    assert jana.met == 3 and jana.issues == 1  # the same issue in both sessions counts once
    assert (marek.sus, marek.surveys, marek.issues) == (None, 0, 3)

    report = render_run_markdown(summary)
    compared = report.split("## Personas compared")[1]
    assert (
        "| Jana | 2 | 2 | " in compared
        and "| 75.0 | 1 |" in compared
        and "| Marek | 1 | 1 | - | - | 3 |" in compared  # nothing judged: "-", as in Sessions
    )


def test_one_persona_without_a_survey_needs_no_comparison():
    assert "Personas compared" not in render_run_markdown(aggregate([entry("a", "Jana", 1, None)], []))


def test_interviews_are_in_the_session_and_run_reports():
    session = entry("a", "Jana", 1, [4] * 10)
    session.result.interviews.append(Interview(question="Why did you leave?", answer="It | was\nslow.", cost_usd=0.01))
    session.result.interviews.append(Interview(question="And then?", answer=None, problem="the model refused"))
    summary = aggregate([session], [])

    run = render_run_markdown(summary)
    assert "## Interviews" in run and "**A:** It \\| was slow." in run and "(no answer: the model refused)" in run
    own = render_session_markdown(session.result)
    assert "**Q:** Why did you leave?" in own and "> It \\| was\n> slow." in own
    assert "System Usability Scale: 50.0 / 100" in own
    html = render_run_html(summary, {})
    assert "Why did you leave?" in html and "SUS 50.0/100" in html
