from __future__ import annotations

from pathlib import Path

import pytest

from pytest_useragent.config import DEFAULT_MODEL, UserAgentConfig, model_problem
from pytest_useragent.errors import ConfigError
from pytest_useragent.llm.choice import check


def test_defaults():
    config = UserAgentConfig.from_raw({})
    assert config == UserAgentConfig()
    assert config.model == DEFAULT_MODEL and config.provider == "auto" and config.max_steps == 15
    assert config.report_dir == Path("useragent-report")


def test_values_are_parsed():
    config = UserAgentConfig.from_raw(
        {
            "provider": "offline",
            "max-steps": "3",
            "wait": "0.5",
            "debug": "ultra",
            "budget": "2.5",
            "model": "claude-opus-4-6",
            "report-dir": "out",
        }
    )
    assert (config.provider, config.max_steps, config.wait, config.debug, config.budget, config.model) == (
        "offline",
        3,
        0.5,
        "ultra",
        2.5,
        "claude-opus-4-6",
    )
    assert config.report_dir == Path("out")


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("max-steps", "0", "at least 1"),
        ("max-steps", "many", "at least 1"),
        ("wait", "-1", "0 or more"),
        ("wait", "nan", "0 or more"),
        ("budget", "0", "above 0"),
        ("api-timeout", "0", "seconds above 0"),
        ("api-retries", "-1", "0 or more"),
        ("budget", "inf", "above 0"),
        ("debug", "verbose", "off, debug, ultra"),
        ("provider", "gemini", "auto, anthropic, openai, offline"),
        ("model", "claude sonnet", "model name"),
        ("currency", "euro", "three-letter currency code"),
        ("document-limit", "0", "at least 1"),
        ("todo", "maybe", "on or off"),
        ("todo-every", "-1", "at least 1"),
    ],
)
def test_bad_values_name_the_option_and_the_rule(name, value, message):
    with pytest.raises(ConfigError) as caught:
        UserAgentConfig.from_raw({name: value})
    assert str(caught.value).startswith(f"--useragent-{name}={value!r}: ") and message in str(caught.value)


def test_overrides_apply_and_are_validated():
    config = UserAgentConfig().with_overrides(max_steps=4, budget=None, model="claude-haiku-4-5")
    assert config.max_steps == 4 and config.session_budget is None and config.model == "claude-haiku-4-5"
    assert UserAgentConfig().with_overrides(budget="0.25").session_budget == 0.25  # a test's own, not the run's
    assert UserAgentConfig().with_overrides(budget="0.25").budget == 5.0
    with pytest.raises(ConfigError, match="max_steps=-2"):
        UserAgentConfig().with_overrides(max_steps=-2)
    with pytest.raises(ConfigError, match="unknown useragent setting"):
        UserAgentConfig().with_overrides(steps=3)


def test_workspace_settings():
    config = UserAgentConfig.from_raw(
        {"document-limit": "250", "todo": "off", "todo-every": "3", "todo-max-lines": "10", "todo-autocheck": "no"}
    )
    assert (config.document_limit, config.todo, config.todo_every, config.todo_max_lines, config.todo_autocheck) == (
        250,
        False,
        3,
        10,
        False,
    )


def test_config_is_frozen():
    with pytest.raises(AttributeError):
        UserAgentConfig().max_steps = 3  # type: ignore[misc]


def test_a_model_the_provider_does_not_serve_is_one_line_naming_who_serves_what():
    assert model_problem("anthropic", "claude-opus-4-1") is None and model_problem("offline", "gpt-4o") is None
    assert model_problem("anthropic", "us.anthropic.claude-sonnet-4-6") is None  # a gateway's name for a Claude
    assert model_problem("openai", "llama3.1:8b") is None  # any model behind OPENAI_BASE_URL
    assert model_problem("auto", "gpt-4o") is None  # judged once auto has chosen, by which key is set
    assert model_problem("anthropic", "gpt-4o") == (
        "--useragent-provider=anthropic serves Claude models (claude-sonnet-4-6, claude-haiku-4-5, ...) only; "
        "--useragent-provider=openai takes any other model"
    )
    with pytest.raises(ConfigError, match=r"^--useragent-model=gpt-4o: --useragent-provider=anthropic serves Claude"):
        UserAgentConfig.from_raw({"provider": "anthropic", "model": "gpt-4o"})
    with pytest.raises(ConfigError, match=r"^useragent model='gemini-2': --useragent-provider=anthropic serves"):
        UserAgentConfig(provider="anthropic").with_overrides(model="gemini-2")


def test_auto_with_an_anthropic_key_and_another_model_says_so():
    config = UserAgentConfig.from_raw({"model": "gpt-4o"})
    with pytest.raises(ConfigError, match=r"^--useragent-model=gpt-4o: auto: ANTHROPIC_API_KEY is set, so "):
        check(config, {"ANTHROPIC_API_KEY": "sk-ant"})
    check(config, {"OPENAI_API_KEY": "sk-test"})  # openai serves it
    check(config, {})  # offline takes no model


def test_the_screenshot_size_is_width_by_height_and_caps_the_pixels_sent():
    assert UserAgentConfig.from_raw({}).screenshot_pixels == 640 * 360
    config = UserAgentConfig.from_raw({"screenshot-size": "1280x720"})
    assert config.screenshot_size == (1280, 720) and config.screenshot_pixels == 1280 * 720
    with pytest.raises(ConfigError, match=r"^--useragent-screenshot-size='big': must be WIDTHxHEIGHT in pixels"):
        UserAgentConfig.from_raw({"screenshot-size": "big"})
