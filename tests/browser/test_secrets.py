"""One redaction boundary: each way a password leaked, run as a whole session, then every file the session and the
run report wrote, and every request the fake Messages API received, searched for it in all its encodings."""

from __future__ import annotations

import base64
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from secret_scan import SECRET, SECRET_IN_A_GET_FORM, image_of, leaks, mostly_magenta, sent_images

from pytest_useragent import Agent, OfflineProvider, Persona, SessionResult, UserError
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records import SusItem, SusReply, WrapUp
from pytest_useragent.report.aggregate import SessionEntry, aggregate
from pytest_useragent.report.render import write_run_report
from pytest_useragent.secrets.exposure import CredentialWarning
from pytest_useragent.secrets.redaction import MASK, Secrets
from pytest_useragent.testing import MaxTokens, decision, ref_of, wrap_up

JANA = Persona(name="Jana", background="Jana, 45.")
EMAIL = "jana.novak@example.com"


def run(page: Any, provider: Any, tmp_path: Path, goal: str, url: str, **settings: Any) -> SessionResult:
    credentials = settings.pop("credentials", None)
    config = UserAgentConfig(settle_timeout=2, **settings)
    return Agent(page, JANA, provider, config, tmp_path / "tests", credentials=credentials).run(goal, url=url)


def everything_leaked(secret: str, result: SessionResult, tmp_path: Path, fake_api: Any) -> list[str]:
    """The run report written from the result too, then every file, request and the result's repr searched."""
    write_run_report(aggregate([SessionEntry(nodeid="test_x", result=result)], []), tmp_path / "useragent-report")
    return leaks(secret, [tmp_path], fake_api.requests, {"repr": repr(result), "str": str(result)})


def type_password(text: str = SECRET, summary: str = "I typed my password") -> Any:
    return lambda body: decision("type", ref_of(body, "Password"), text=text, summary=summary)


def sign_in(body: dict[str, Any]) -> Any:
    return decision("click", ref_of(body, "Sign in"), verdict="met", summary="I sent the form")


def test_the_wrap_up_request_carries_no_secret_from_the_summary(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        type_password(),
        decision("done", evidence="Careless shop", verdict="met", summary=f"I typed {SECRET} and am done"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, "Sign in", f"{site}/echo.html")
    assert result.goal_achieved and len(fake_api.requests) == 3
    assert "I typed" in str(fake_api.requests[-1]["messages"])  # the summary is there, redacted
    assert everything_leaked(SECRET, result, tmp_path, fake_api) == []


def test_a_secret_in_documents_and_the_plan_is_redacted_as_it_lands_in_prompts_and_reports(
    page, site, tmp_path, fake_api, claude
):
    on_disk: dict[str, str] = {}

    def looking_at_the_disk(then: Any) -> Any:
        """The reply `then`, after keeping what the session directory holds right now (not only at its end)."""

        def reply(body: dict[str, Any]) -> Any:
            for path in (tmp_path / "tests").rglob("*"):
                if path.is_file() and path.suffix != ".jpg":
                    on_disk[f"{path} at request {len(fake_api.requests)}"] = path.read_text()
            return then

        return reply

    fake_api.push(
        type_password(),
        decision("write", file="login.md", text=f"# Login\nmy password is {SECRET}"),
        looking_at_the_disk(decision("plan", text=f"- [ ] type {SECRET}\n- [ ] sign in")),
        looking_at_the_disk(decision("append", file="login.md", text=f"again: {SECRET}")),
        decision("write", file="big.md"),
        MaxTokens(f"# Big\nfirst part {SECRET}"),
        looking_at_the_disk(" and more\nDONE"),  # the part so far is in docs/.pending now
        looking_at_the_disk(decision("done", evidence="Careless shop", verdict="met")),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, "Sign in and note how", f"{site}/echo.html")
    assert result.goal_achieved and set(result.docs) == {"login.md", "big.md"}
    assert all(step.outcome.ok for step in result.steps), [step.outcome for step in result.steps]
    assert "my password is" in Path(result.docs["login.md"]).read_text()
    assert any(".pending" in where for where in on_disk) and any("todo.md" in where for where in on_disk)
    assert leaks(SECRET, [], [], on_disk) == []
    # a cut large write is continued from the model's own words (its reply goes back as the assistant's turn, as
    # written, or it would continue from a mask); everything else sent is clean
    cut = fake_api.requests[6]["messages"].pop(1)
    assert cut["role"] == "assistant" and cut["content"].startswith("# Big")
    assert everything_leaked(SECRET, result, tmp_path, fake_api) == []


def test_a_password_sent_by_a_get_form_is_redacted_as_chromium_encodes_it(page, site, tmp_path, fake_api, claude):
    fake_api.push(type_password(), sign_in, decision("done", evidence="Careless shop", verdict="met"), wrap_up())
    result = run(page, claude, tmp_path, "Sign in", f"{site}/echo.html", debug="ultra")
    assert SECRET_IN_A_GET_FORM in page.url  # the URL the page, the snapshot and the model's prompt all carry
    assert result.steps[-1].url.startswith(f"{site}/echo.html?email=&password=")
    assert everything_leaked(SECRET, result, tmp_path, fake_api) == []


def test_a_password_a_page_echoes_in_an_element_name_is_redacted_escaped(page, site, tmp_path, fake_api, claude):
    fake_api.push(type_password(), sign_in, decision("done", evidence="Careless shop", verdict="met"), wrap_up())
    result = run(page, claude, tmp_path, "Sign in", f"{site}/echo.html")
    # the ai snapshot quotes the echo as a heading's name, `"` and `\` escaped: masked whole
    assert 'heading "••••••" [level=2]' in str(fake_api.requests[2]["messages"])
    assert everything_leaked(SECRET, result, tmp_path, fake_api) == []


def test_debug_files_written_before_the_password_was_typed_are_redacted_at_the_end(
    page, site, tmp_path, fake_api, claude
):
    fake_api.push(
        decision("look", summary=f"the password is {SECRET}"),  # before it is typed: not yet known to be one
        type_password(),
        decision("done", evidence="Careless shop", verdict="met"),
        wrap_up(),
    )
    result = run(page, claude, tmp_path, "Sign in", f"{site}/echo.html", debug="ultra")
    debug = tmp_path / "tests" / "useragent" / "debug"
    assert {"step-001-1.json", "step-001-after.jpg", "index.md"} <= {path.name for path in debug.iterdir()}
    assert leaks(SECRET, [], fake_api.requests[1:2]) != []  # the summary went out before the secret was known
    # the second request went out before the secret was known (it is typed at step 2); every request after it, and
    # every file (the debug file of step 1 holds that summary), are clean
    assert leaks(SECRET, [tmp_path], fake_api.requests[2:], {"repr": repr(result)}) == []


def test_the_result_the_test_asserts_on_is_redacted(page, site, tmp_path, fake_api, claude):
    quoted = WrapUp(
        intuitiveness=5, rationale=f"typing {SECRET} worked", issues=[], suggestions=[], quotes=[f"My {SECRET} was ok"]
    )
    fake_api.push(
        type_password(),
        decision("done", evidence="Careless shop", verdict="met", reason=f"signed in with {SECRET}"),
        quoted,
    )
    result = run(page, claude, tmp_path, "Sign in", f"{site}/echo.html")
    assert result.wrap_up is not None and result.wrap_up.quotes == ["My •••••• was ok"]
    assert everything_leaked(SECRET, result, tmp_path, fake_api) == []


def test_the_survey_request_carries_no_secret_the_wrap_up_quoted(page, site, tmp_path, fake_api, claude):
    """The survey goes out with the wrap-up's verdict: the model's own reply, which may quote a password it typed."""
    quoted = WrapUp(intuitiveness=6, rationale=f"my {SECRET} worked", issues=[], suggestions=[], quotes=[])
    answers = SusReply(answers=[SusItem(item=item, score=3, reason="so so") for item in range(1, 11)])
    fake_api.push(type_password(), decision("done", evidence="Careless shop", verdict="met"), quoted, answers)
    result = run(page, claude, tmp_path, "Sign in", f"{site}/echo.html", survey="sus")
    assert result.survey is not None and len(fake_api.requests) == 4
    assert "intuitiveness 6/10, my •••••• worked" in str(fake_api.requests[3]["messages"])
    assert everything_leaked(SECRET, result, tmp_path, fake_api) == []


def test_screenshots_mask_password_fields_and_an_echoed_password(page, site, tmp_path, fake_api, claude):
    fake_api.push(
        type_password(), sign_in, decision("look"), decision("done", evidence="Careless shop", verdict="met"), wrap_up()
    )
    result = run(page, claude, tmp_path, "Sign in", f"{site}/echo.html")
    root = Path(result.directory)
    echo = page.locator("#echo").bounding_box()
    field = page.get_by_label("Password").bounding_box()
    assert echo is not None and field is not None and echo["height"] > 20
    box = (echo["x"], echo["y"], min(echo["width"], 300), echo["height"])
    field_box = (field["x"], field["y"], field["width"], field["height"])
    saved_bytes = (root / "screenshots" / "step-003.jpg").read_bytes()
    saved = image_of(saved_bytes)
    assert mostly_magenta(saved, box) and mostly_magenta(saved, field_box)
    avatar = page.locator("#avatar").bounding_box()  # a broken image shows its alt text, which holds the password
    assert avatar is not None and mostly_magenta(saved, (avatar["x"], avatar["y"], avatar["width"], avatar["height"]))
    typed = image_of((root / "screenshots" / "step-002.jpg").read_bytes())  # the field holds the password here
    assert mostly_magenta(typed, field_box)
    title = page.get_by_role("heading", name="Careless shop").bounding_box()
    assert title is not None and not mostly_magenta(saved, (title["x"], title["y"], 150, title["height"]))
    # what the model got: the first view of the page after signing in, and the look, scaled down
    images = sent_images(fake_api.requests[2:4])
    assert len(images) == 2
    for sent in images:
        scale = sent.width / saved.width
        assert mostly_magenta(sent, tuple(value * scale for value in box))  # type: ignore[arg-type]
    write_run_report(aggregate([SessionEntry(nodeid="t", result=result)], []), tmp_path / "report")
    inlined = re.findall(r"data:image/jpeg;base64,([A-Za-z0-9+/=]+)", (tmp_path / "report" / "report.html").read_text())
    step_three = [image_of(base64.b64decode(data)) for data in inlined if base64.b64decode(data) == saved_bytes]
    assert step_three and mostly_magenta(step_three[0], box)


def test_screenshots_mask_a_dropdowns_chosen_option_and_a_placeholder_holding_a_secret(
    page, site, tmp_path, fake_api, claude
):
    """Neither is text a locator finds by its text, nor a field's value: the page draws them from attributes."""
    fake_api.push(type_password(), sign_in, decision("look"), decision("give_up", reason="seen"), wrap_up())
    result = run(page, claude, tmp_path, "Sign in", f"{site}/shown.html")
    shot = image_of((Path(result.directory) / "screenshots" / "step-003.jpg").read_bytes())
    for label in ("Account", "Hint"):
        box = page.get_by_label(label).bounding_box()
        assert box is not None and mostly_magenta(shot, (box["x"], box["y"], box["width"], box["height"])), label
    assert everything_leaked(SECRET, result, tmp_path, fake_api) == []


def test_credentials_reach_the_field_and_never_the_model(page, site, tmp_path, fake_api, claude, monkeypatch):
    monkeypatch.setenv("SHOP_PASSWORD", SECRET)
    fake_api.push(
        lambda body: decision("type", ref_of(body, "Email"), text="{{email}}"),
        type_password("{{password}}"),
        sign_in,
        decision("done", evidence="Careless shop", verdict="met"),
        wrap_up(),
    )
    credentials = {"email": EMAIL, "password": "$SHOP_PASSWORD"}
    result = run(page, claude, tmp_path, "Sign in", f"{site}/echo.html", credentials=credentials, debug="ultra")
    assert SECRET_IN_A_GET_FORM in page.url and "jana.novak%40example.com" in page.url  # the fields got the values
    first = str(fake_api.requests[0]["messages"])
    assert "You have these credentials: {{email}}, {{password}}" in first
    assert [step.action.text for step in result.steps[:2] if step.action] == ["{{email}}", "{{password}}"]
    assert "{{password}}" in str(fake_api.requests[3]["messages"])  # the URL shows the placeholder where it was
    assert everything_leaked(SECRET, result, tmp_path, fake_api) == []
    assert everything_leaked(EMAIL, result, tmp_path, fake_api) == []
    # the email typed into its (not password) field is masked in the screenshot of the step after
    email = page.get_by_label("Email").bounding_box()
    assert email is not None
    typed = image_of((Path(result.directory) / "screenshots" / "step-002.jpg").read_bytes())
    assert mostly_magenta(typed, (email["x"], email["y"], email["width"], email["height"]))


def test_evidence_quoting_a_credential_as_the_persona_saw_it_is_found(page, site, tmp_path, fake_api, claude):
    """The page shows the email; the persona saw (and quotes) its placeholder: that is the page's evidence."""
    fake_api.push(
        lambda body: decision("type", ref_of(body, "Email"), text="{{email}}"),
        type_password("{{password}}"),
        sign_in,
        decision("done", evidence="Signed in as {{email}}", verdict="met"),
        wrap_up(),
    )
    credentials = {"email": EMAIL, "password": SECRET}
    result = run(page, claude, tmp_path, "Sign in", f"{site}/echo.html", credentials=credentials)
    assert result.goal_achieved and result.steps[-1].outcome.message == "done, shown by the page"
    assert "Signed in as {{email}}" in str(fake_api.requests[3]["messages"])  # what the persona was shown


def test_a_success_check_that_quotes_the_page_fails_the_test_without_the_secret(page, site, tmp_path, fake_api, claude):
    """The check's error is the test's failure message (terminal, junit, pytest-html): an `expect` on the page quotes
    its URL, which a GET form gave the password."""

    def signed_in(checked: Any) -> bool:
        expect(checked).to_have_url("http://127.0.0.1/account", timeout=200)
        return True

    fake_api.push(type_password("{{password}}"), sign_in, decision("done", evidence="Careless shop"), wrap_up())
    with pytest.raises(UserError) as raised:
        Agent(page, JANA, claude, UserAgentConfig(settle_timeout=2), tmp_path, credentials={"password": SECRET}).run(
            "Sign in", url=f"{site}/echo.html", success=signed_in
        )
    assert str(raised.value).startswith("success=") and "password={{password}}" in str(raised.value)
    assert leaks(SECRET, [tmp_path], fake_api.requests, {"failure": str(raised.value)}) == []


def test_an_unknown_placeholder_is_the_steps_failed_outcome(page, site, tmp_path, fake_api, claude):
    fake_api.push(type_password("{{pin}}"), decision("give_up", reason="no pin"), wrap_up())
    result = run(page, claude, tmp_path, "Sign in", f"{site}/echo.html", credentials={"password": "x-secret"})
    outcome = result.steps[0].outcome
    assert not outcome.ok and outcome.message == "no credential {{pin}} (you have: {{password}})"
    assert "no credential {{pin}}" in str(fake_api.requests[1]["messages"])
    assert page.get_by_label("Password").input_value() == ""


def test_the_offline_engine_signs_in_with_credentials(page, site, tmp_path, monkeypatch):
    monkeypatch.setenv("SHOP_PASSWORD", SECRET)
    credentials = {"email": EMAIL, "password": "${SHOP_PASSWORD}"}
    result = run(
        page, OfflineProvider(), tmp_path, "Sign in with my account", f"{site}/echo.html", credentials=credentials
    )
    filled = result.steps[0].action  # the form's two fields in one step
    assert filled is not None and filled.kind == "fill", [(s.action, s.outcome) for s in result.steps]
    assert [field.text for field in filled.fields or []] == ["{{email}}", "{{password}}"]
    assert SECRET_IN_A_GET_FORM in page.url
    assert leaks(SECRET, [tmp_path], [], {"repr": repr(result)}) == []


def test_a_missing_environment_variable_is_one_line_before_anything_runs(page, tmp_path, monkeypatch):
    monkeypatch.delenv("NO_SUCH_PASSWORD", raising=False)
    from pytest_useragent.errors import UserError

    with pytest.raises(UserError, match=r"^credential 'password': environment variable NO_SUCH_PASSWORD is not set$"):
        Agent(page, JANA, OfflineProvider(), UserAgentConfig(), tmp_path, credentials={"password": "$NO_SUCH_PASSWORD"})
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("form", ["echo.html", "legacy.html"])
def test_what_chromium_puts_in_a_get_forms_url_is_a_known_form_of_the_secret(page, site, form):
    secret = SECRET + " 日€"  # 日 is not in windows-1252: a legacy page sends it as &#26085;
    page.goto(f"{site}/{form}")
    page.get_by_label("Password").fill(secret)
    with page.expect_navigation():
        page.get_by_role("button", name="Sign in").click()
    sent = page.url.split("password=")[1]
    secrets = Secrets()
    secrets.add(secret)
    assert secrets.redact(page.url).endswith("password=••••••"), sent
    assert ("%26%2326085%3B" in sent) == (form == "legacy.html")


@pytest.mark.parametrize("secret", [SECRET, "correct horse#42", "jana/w:rd x&y"])
def test_what_chromium_makes_of_a_secret_in_any_part_of_an_address_is_a_known_form_of_it(page, secret):
    """A page may put what was typed anywhere in an address, and the URL parser encodes each part with its own set:
    `location.hash` keeps `#` and encodes a space, a user name encodes `/` and `:` and keeps `&`."""
    made = page.evaluate(
        """(secret) => {
            const part = (name) => { const url = new URL("http://shop.test/p"); url[name] = secret; return url.href };
            return [part("hash"), part("search"), part("pathname"), part("username"), part("password"),
                    encodeURI(secret), encodeURIComponent(secret), new URLSearchParams({q: secret}).toString()];
        }""",
        secret,
    )
    secrets = Secrets()
    secrets.add(secret)
    assert [address for address in made if MASK not in secrets.redact(address)] == []


@pytest.mark.parametrize(
    ("goal", "start", "warned"),
    [
        ("Sign in", "admin/index.html", "shown on the page"),  # "Admin panel"
        ("Sign in as admin", "echo.html", "in the goal"),
        ("Sign in", "echo.html", None),  # the twin: nothing shows the value
    ],
)
def test_a_credential_the_start_page_or_the_goal_shows_is_warned_of_once(page, site, tmp_path, goal, start, warned):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = run(page, OfflineProvider(), tmp_path, goal, f"{site}/{start}", credentials={"password": "admin"})
    said = [str(warning.message) for warning in caught if warning.category is CredentialWarning]
    expected = [f"the password is the word 'admin', {warned}: it will be masked in page text too, in any case; "]
    assert [line[: len(expected[0])] for line in said] == (expected if warned else [])
    assert result.goal == goal and len(result.steps) > 1  # warned once a session, not once a step


def test_a_suite_that_turns_warnings_into_errors_fails_the_test_in_one_line_after_the_session_is_written(
    page, site, tmp_path
):
    with warnings.catch_warnings():
        warnings.simplefilter("error", CredentialWarning)
        with pytest.raises(UserError, match=r"^the password is the word 'admin', in the goal: .*test-only value$"):
            run(
                page,
                OfflineProvider(),
                tmp_path,
                "Sign in as admin",
                f"{site}/echo.html",
                credentials={"password": "admin"},
            )
    assert (tmp_path / "tests" / "useragent" / "session.json").is_file()


@pytest.mark.parametrize(
    ("goal", "credentials", "warned"),
    [
        (f"Sign in with the password {SECRET}", None, True),  # typed, and the goal holds it: the model read it
        ("Sign in with the password {{password}}", {"password": SECRET}, False),  # the twin: given as a credential
        ("Sign in", None, False),  # typed from somewhere else, the goal never held it
    ],
)
def test_a_password_the_goal_holds_typed_into_a_password_field_is_warned_of(
    page, site, tmp_path, fake_api, claude, goal, credentials, warned
):
    typed = "{{password}}" if credentials else SECRET
    fake_api.push(type_password(typed), decision("give_up", reason="enough"), wrap_up())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run(page, claude, tmp_path, goal, f"{site}/echo.html", credentials=credentials)
    said = [str(warning.message) for warning in caught if warning.category is CredentialWarning]
    assert said == (
        [
            "the goal holds what was typed into a password field: give it with credentials= (the goal "
            "saying {{password}}), so the model never reads it and no report holds it"
        ]
        if warned
        else []
    )
    assert all(SECRET not in line for line in said)
