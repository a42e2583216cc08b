"""Decision cassettes on local pages: a journey recorded through the fake Messages API replays with no model at all,
a page that changed where the journey goes is a divergence, one that changed elsewhere is not."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from secret_scan import SECRET, leaks

from pytest_useragent import Agent, Persona, SessionResult
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.errors import Divergence, UserAgentWarning
from pytest_useragent.replay.cassette import load
from pytest_useragent.testing import Fault, ScriptedProvider, decision, ref_of, wrap_up

PAGES = Path(__file__).parents[1] / "pages"

JANA = Persona(name="Jana", background="Jana, 45.")
INDEX = (PAGES / "index.html").read_text()
FLAWED = INDEX.replace("</h1>", '</h1><img src="/missing.png">')
"""Home with an image that has no alt text and does not load: findings for the objective checks."""


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


def make_agent(
    page: Any, provider: Any, directory: Path, cassette: Path, mode: str, survey: str = "off", **credentials: str
) -> Agent:
    config = UserAgentConfig(settle_timeout=2, record_mode=mode, survey=survey)  # type: ignore[arg-type]
    return Agent(page, JANA, provider, config, directory, cassette=cassette, credentials=credentials)


def click(name: str) -> Any:
    return lambda body: decision("click", ref_of(body, name), expectation=f"{name} opens", summary=f"I opened {name}")


def serve(page: Any, path: str, html: str) -> None:
    """The page at `path` as `html` instead of the file: a deployment that changed."""
    page.route(f"**{path}", lambda route: route.fulfill(body=html, content_type="text/html"))


@pytest.fixture
def cassette(tmp_path: Path) -> Path:
    return tmp_path / "cassettes" / "test_shop" / "test_pricing.useragent.yaml"


@pytest.fixture
def recorded(page, site, tmp_path, fake_api, claude, cassette) -> SessionResult:
    """Home -> Pricing -> done, recorded by the real SDK against the fake API (so it has a cost)."""
    fake_api.push(click("Pricing"), decision("done", verdict="met", evidence="$12 per month"), wrap_up(8))
    serve(page, "/", FLAWED)
    result = make_agent(page, claude, tmp_path / "record", cassette, "once").run("Find the Pro price", f"{site}/")
    assert result.replay is not None and result.replay.recorded and result.goal_achieved
    assert cassette.exists() and len(fake_api.requests) == 3
    return result


def test_a_recorded_journey_replays_with_no_model_call(recorded, context, site, tmp_path, cassette):
    page = context.new_page()
    serve(page, "/", FLAWED)
    result = make_agent(page, NoModel(), tmp_path / "replay", cassette, "none").run("Find the Pro price", f"{site}/")

    assert result.goal_achieved and result.cost_usd == 0 and result.usage.input_tokens == 0
    assert [step.action for step in result.steps] == [step.action for step in recorded.steps]
    assert [step.outcome.locator for step in result.steps] == ['get_by_role("link", name="Pricing")', None]
    assert all(step.replayed and not step.calls for step in result.steps)
    assert result.wrap_up == recorded.wrap_up
    assert result.replay is not None and (result.replay.replayed, result.replay.live) == (2, 0)
    assert result.replay.saved_usd == pytest.approx(recorded.cost_usd) and recorded.cost_usd > 0
    assert not result.replay.recorded and result.replay.diverged_at is None
    # the objective checks still ran on every step, and found what they found when the journey was recorded
    checked = [issue.key for issue in result.issues if issue.source == "check"]
    assert checked and checked == [issue.key for issue in recorded.issues if issue.source == "check"]


def test_another_goal_or_persona_is_another_journey(recorded, context, site, tmp_path, cassette):
    with pytest.raises(Divergence, match=r"at step 1: the goal is not the recorded one \('Find the Pro price'\)"):
        make_agent(context.new_page(), NoModel(), tmp_path / "goal", cassette, "none").run("Find the Basic price", site)
    agent = make_agent(context.new_page(), NoModel(), tmp_path / "persona", cassette, "none")
    agent.persona = Persona(name="Petr")
    with pytest.raises(Divergence, match="at step 1: the persona is Petr, recorded as Jana"):
        agent.run("Find the Pro price", f"{site}/")


def test_replaying_twice_gives_the_same_steps_and_issues(recorded, context, site, tmp_path, cassette):
    runs = []
    for number in (1, 2):
        agent = make_agent(context.new_page(), NoModel(), tmp_path / f"replay-{number}", cassette, "none")
        runs.append(agent.run("Find the Pro price", f"{site}/"))
    strip = {"seconds", "screenshot"}
    assert [step.model_dump(exclude=strip) for step in runs[0].steps] == [
        step.model_dump(exclude=strip) for step in runs[1].steps
    ]
    assert runs[0].issues == runs[1].issues


def test_a_changed_page_fails_at_the_first_step_that_no_longer_fits(recorded, context, site, tmp_path, cassette):
    page = context.new_page()
    serve(page, "/", INDEX.replace(">Pricing</a>", ">Plans</a>"))
    agent = make_agent(page, NoModel(), tmp_path / "replay", cassette, "none")

    with pytest.raises(Divergence) as raised:
        agent.run("Find the Pro price", f"{site}/")

    message = str(raised.value)
    assert message.splitlines()[0] == (
        f"the journey in {os.path.relpath(cassette)} no longer fits the page at step 1: "
        "the page offers other controls than at record time"
    )
    assert "the persona expected: Pricing opens" in message
    assert 'it did: click on page.get_by_role("link", name="Pricing")' in message
    assert '- link "pricing"' in message and '+ link "plans"' in message
    written = SessionResult.model_validate_json((tmp_path / "replay" / "useragent" / "session.json").read_text())
    assert written.outcome == "diverged" and written.replay is not None and written.replay.diverged_at == 1
    assert load(cassette) is not None and not written.replay.recorded  # the cassette stays as it was


def test_a_change_that_does_not_touch_the_journey_still_replays(page, context, site, tmp_path, fake_api, claude):
    footer = '<footer><a href="/about.html">About us</a> <a href="/missing.html">Careers</a> <p>{}</p></footer>'
    before = INDEX.replace("</body>", footer.format("Updated 2025-11-22, 31 visitors") + "</body>")
    # the footer's links in another order, another date and count, and the nav's links reordered too
    after = INDEX.replace(
        '<a href="/pricing.html">Pricing</a> <a href="/about.html">About us</a>',
        '<a href="/about.html">About us</a> <a href="/pricing.html">Pricing</a>',
    ).replace(
        "</body>",
        '<footer><p>Updated 2026-01-05, 1204 visitors</p><a href="/missing.html">Careers</a> '
        '<a href="/about.html">About us</a></footer></body>',
    )
    cassette = tmp_path / "c.useragent.yaml"
    serve(page, "/", before)
    fake_api.push(click("Pricing"), decision("done", verdict="met", evidence="$12 per month"), wrap_up(8))
    make_agent(page, claude, tmp_path / "record", cassette, "once").run("Find the Pro price", f"{site}/")

    replaying = context.new_page()
    serve(replaying, "/", after)
    result = make_agent(replaying, NoModel(), tmp_path / "replay", cassette, "none").run(
        "Find the Pro price", f"{site}/"
    )

    assert result.goal_achieved and result.replay is not None and result.replay.replayed == 2


def test_new_episodes_goes_live_from_the_step_that_changed(
    recorded, context, site, tmp_path, fake_api, claude, cassette
):
    page = context.new_page()
    pricing = (PAGES / "pricing.html").read_text()
    serve(page, "/pricing.html", pricing.replace("</nav>", ' <a href="/about.html">Compare plans</a></nav>'))
    fake_api.push(decision("done", verdict="met", evidence="$12 per month"), wrap_up(6))
    asked = len(fake_api.requests)

    result = make_agent(page, claude, tmp_path / "again", cassette, "new_episodes").run(
        "Find the Pro price", f"{site}/"
    )

    assert result.goal_achieved and [step.replayed for step in result.steps] == [True, False]
    assert result.replay is not None and (result.replay.diverged_at, result.replay.replayed) == (2, 1)
    assert "other controls" in (result.replay.why or "") and result.replay.recorded
    assert len(fake_api.requests) - asked == 2  # the live step and the wrap-up: step 1 was the cassette's
    live_prompt = str(fake_api.requests[asked]["messages"])
    assert "I opened Pricing" in live_prompt  # the journey so far, as the recording's rolling summary
    again = load(cassette)
    assert again is not None and [step.replayed for step in again.steps] == [True, False]
    assert '+ link "compare plans"' not in live_prompt  # the model sees the page, not our diff
    assert again.steps[1].page.controls.get('link "compare plans"') == 1
    assert again.wrap_up is not None and again.wrap_up.intuitiveness == 6
    report = (tmp_path / "again" / "useragent" / "report.md").read_text()
    assert "### Step 1: Corner Shop (replayed)" in report and "### Step 2: Pricing - Corner Shop (live)" in report
    assert "**Replay ended here:** the page offers other controls than at record time" in report
    assert "- **Replay:** 1 of 2 steps replayed from" in report


def test_an_action_that_no_longer_works_is_a_divergence(page, context, site, tmp_path, fake_api, claude):
    cassette = tmp_path / "booking.useragent.yaml"
    fake_api.push(
        lambda body: decision("select", ref_of(body, "Time"), text="Saturday 14:00", expectation="14:00 is chosen"),
        decision("done", verdict="met", evidence='option "Saturday 14:00" [selected]'),
        wrap_up(),
    )
    make_agent(page, claude, tmp_path / "record", cassette, "once").run(
        "Choose the afternoon tour", f"{site}/booking.html"
    )
    moved = (PAGES / "booking.html").read_text().replace("Saturday 14:00", "Saturday 15:00")
    replaying = context.new_page()
    serve(replaying, "/booking.html", moved)  # the same controls (digits fold), but no 14:00 to choose

    with pytest.raises(Divergence) as raised:
        make_agent(replaying, NoModel(), tmp_path / "replay", cassette, "none").run(
            "Choose the afternoon tour", f"{site}/booking.html"
        )

    first, expected = str(raised.value).splitlines()[:2]
    assert "no longer fits the page at step 2: its action failed now (" in first
    assert expected == "  the persona expected: 14:00 is chosen"


def test_all_records_again_and_rewrite_starts_from_nothing(
    recorded, context, site, tmp_path, fake_api, claude, cassette
):
    fake_api.push(click("Pricing"), decision("done", verdict="met", evidence="$12 per month"), wrap_up(3))
    asked = len(fake_api.requests)
    result = make_agent(context.new_page(), claude, tmp_path / "all", cassette, "all").run(
        "Find the Pro price", f"{site}/"
    )
    assert len(fake_api.requests) - asked == 3 and result.replay is not None and result.replay.recorded
    again = load(cassette)
    assert again is not None and again.wrap_up is not None and again.wrap_up.intuitiveness == 3

    fake_api.push(Fault(401))  # rewrite deletes the cassette first; a session the API stops records nothing
    stopped = make_agent(context.new_page(), claude, tmp_path / "rewrite", cassette, "rewrite").run(
        "Find the Pro price", f"{site}/"
    )
    assert stopped.outcome == "provider_error" and not cassette.exists()


def test_a_cassette_holds_no_secret_and_no_address_of_the_machine(page, site, tmp_path, fake_api, claude):
    cassette = tmp_path / "signin.useragent.yaml"
    fake_api.push(
        lambda body: decision("type", ref_of(body, "Email"), text="{{email}}"),
        lambda body: decision("type", ref_of(body, "Password"), text="{{password}}"),
        click("Sign in"),
        decision("done", verdict="met", evidence="Signed in"),
        wrap_up(),
    )
    agent = make_agent(page, claude, tmp_path / "record", cassette, "once", email="jana@example.com", password=SECRET)
    agent.run("Sign in", f"{site}/index.html")

    text = cassette.read_text()
    assert not leaks(SECRET, [cassette.parent])
    assert "{{password}}" in text and "jana@example.com" not in text
    assert str(tmp_path) not in text and "127.0.0.1" not in text and "/home/" not in text
    assert "screenshot" not in text and "base64" not in text
    data = yaml.safe_load(text)
    assert data["version"] == 1 and [step["index"] for step in data["steps"]] == [1, 2, 3, 4]
    assert data["steps"][2]["target"] == {"role": "button", "name": "Sign in"}


def test_a_large_write_replays_its_recorded_content(page, context, site, tmp_path, fake_api, claude):
    cassette = tmp_path / "notes.useragent.yaml"
    notes = "# Corner Shop\n\nPro costs $12 per month.\n"
    fake_api.push(
        decision("write", file="notes.md"), notes + "DONE", decision("done", evidence="Pro costs $12"), wrap_up()
    )
    recorded = make_agent(page, claude, tmp_path / "record", cassette, "once").run("Note the Pro price", f"{site}/")
    assert "  content: |-\n    # Corner Shop\n" in cassette.read_text()  # a document reads as a block in review

    replayed = make_agent(context.new_page(), NoModel(), tmp_path / "replay", cassette, "none")
    result = replayed.run("Note the Pro price", f"{site}/")

    written = Path(result.docs["notes.md"]).read_text()
    assert (
        result.goal_achieved and written == Path(recorded.docs["notes.md"]).read_text() and "$12 per month" in written
    )


def test_a_replayed_session_asks_no_model_for_its_survey(recorded, context, site, tmp_path, cassette):
    page = context.new_page()
    serve(page, "/", FLAWED)
    agent = make_agent(page, NoModel(), tmp_path / "replay", cassette, "none", survey="sus")
    result = agent.run("Find the Pro price", f"{site}/")
    assert result.goal_achieved and result.cost_usd == 0 and result.survey is None
    assert "a replayed session asks no model" in (result.error or "")


def test_a_step_that_diverged_runs_the_checks_a_live_step_runs(recorded, context, site, tmp_path, cassette, claude):
    # the home page renamed where the journey goes, with its image that has no alt text and does not load; a page
    # state no other test meets, so axe's findings for it are known only to a step that waited for its audit
    changed = FLAWED.replace(">Pricing</a>", ">Plans</a>").replace("</h1>", "</h1><button>Diverged here</button>")
    page = context.new_page()
    serve(page, "/", changed)
    with pytest.raises(Divergence):
        make_agent(page, NoModel(), tmp_path / "replay", cassette, "none").run("Find the Pro price", f"{site}/")
    written = SessionResult.model_validate_json((tmp_path / "replay" / "useragent" / "session.json").read_text())
    diverged = {issue.rule for issue in written.steps[0].issues if issue.source == "check"}

    live_page = context.new_page()
    serve(live_page, "/", changed)
    config = UserAgentConfig(settle_timeout=2, max_steps=1, survey="off")
    live = Agent(live_page, JANA, ScriptedProvider([decision("wait")]), config, tmp_path / "live").run(
        "Find the Pro price", f"{site}/"
    )
    checked = {issue.rule for issue in live.steps[0].issues if issue.source == "check"}

    assert {"image-alt", "http-error"} <= checked and diverged == checked


def test_new_episodes_keeps_a_reached_cassette_over_a_run_that_did_not_reach(
    recorded, context, site, tmp_path, fake_api, claude, cassette
):
    before = cassette.read_bytes()
    page = context.new_page()
    pricing = (PAGES / "pricing.html").read_text()
    serve(page, "/pricing.html", pricing.replace("</nav>", ' <a href="/about.html">Compare plans</a></nav>'))
    fake_api.push(decision("give_up", reason="I cannot tell which plan is Pro"), wrap_up(2))

    with pytest.warns(UserAgentWarning, match=r"kept as it was: its journey reached the goal, .* ended gave_up"):
        result = make_agent(page, claude, tmp_path / "again", cassette, "new_episodes").run(
            "Find the Pro price", f"{site}/"
        )

    assert result.outcome == "gave_up" and result.replay is not None and result.replay.diverged_at == 2
    assert not result.replay.recorded and cassette.read_bytes() == before


NEWSLETTER = """<!doctype html><html lang="en"><title>Newsletter</title><main><h1>Newsletter</h1>
<label><input type="checkbox" id="news"> Join Newsletter</label></main>{script}</html>"""
STUCK = "<script>news.addEventListener('click', event => event.preventDefault())</script>"
"""The same page, but the box no longer ticks: a deployment that broke it."""


def test_a_replayed_state_evidence_is_checked_against_the_page_as_it_is_now(context, site, tmp_path, cassette):
    def tick(body: Any) -> Any:
        return decision("click", ref_of(body, "Join Newsletter"), expectation="the box is ticked")

    goal, url = "Tick the box to join the newsletter", f"{site}/newsletter"
    recorder = ScriptedProvider(
        lambda request: (
            tick(request)
            if request.step == 1
            else decision("done", verdict="met", evidence='checkbox "Join Newsletter" [checked]')
        )
    )
    first = context.new_page()
    serve(first, "/newsletter", NEWSLETTER.format(script=""))
    recorded = make_agent(first, recorder, tmp_path / "record", cassette, "once").run(goal, url)
    assert recorded.goal_achieved and recorded.evidence_kind == "state"

    again = context.new_page()
    serve(again, "/newsletter", NEWSLETTER.format(script=""))
    replayed = make_agent(again, NoModel(), tmp_path / "replay", cassette, "none").run(goal, url)
    assert replayed.goal_achieved and replayed.evidence_kind == "state"

    broken = context.new_page()  # the page still fits the journey, the click still lands; the box stays empty
    serve(broken, "/newsletter", NEWSLETTER.format(script=STUCK))
    refused = 'not done: no element on the page is checkbox "Join Newsletter" \\[checked\\] now'
    with pytest.raises(Divergence, match=refused):
        make_agent(broken, NoModel(), tmp_path / "broken", cassette, "none").run(goal, url)
