"""The table of a persona's browser fields tied to every layer: the persona, the setting, the context options, the
page that shows them, the audit, `--help` and the docs. A row added without what it must be given fails here."""

from __future__ import annotations

import importlib.util
import inspect
import typing
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from pytest_useragent.browser.media import FEATURES, emulated
from pytest_useragent.browser.setting import context_options, own_browser
from pytest_useragent.config import OPTIONS
from pytest_useragent.records.browser_fields import AUDITED, BROWSER, BROWSER_FIELDS
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.setting import Setting

ROOT = Path(__file__).parents[3]
SHOWN_PAGE = ROOT / "tests" / "pages" / "a11y" / "setting.html"
"""The page the browser test reads every field from as the page sees it."""
TEXT_FIELDS = {"name", "background", "jobs_to_be_done", "language", "traits"}
"""What the model reads of a persona; the rest is the table's."""
PLAIN = Persona("Jana, 45")


def example(name: str) -> Persona:
    field = BROWSER[name]
    value: object = int(field.example) if name == "zoom" else field.example
    return Persona("Kai, 29", **{name: value})


def test_every_browser_field_of_a_persona_is_a_row_and_every_row_a_field_of_both_records():
    assert set(Persona.model_fields) - TEXT_FIELDS == set(BROWSER_FIELDS)
    assert set(Setting.model_fields) - {"viewport", "pixel_ratio"} == set(BROWSER_FIELDS)
    for name in BROWSER_FIELDS:
        assert Setting.model_fields[name].default == Persona.model_fields[name].default, name


@pytest.mark.parametrize("name", BROWSER_FIELDS)
def test_each_row_is_said_set_up_and_shown(name):
    field = BROWSER[name]
    assert field.says and field.example, f"{name}: the docs show what it sets and a value"
    persona = example(name)
    assert persona.browser == {name: getattr(persona, name)}, "the example is a value the persona takes"
    # set up: a context of its own for a context's or the DevTools' field; nothing of the browser for the session's
    assert own_browser(persona) is (field.sets != "session")
    if field.sets == "context":
        assert context_options(persona, None, {"Pixel 7": {"viewport": {"width": 412, "height": 839}}}) != (
            context_options(PLAIN, None, {})
        )
    if field.context:
        assert field.context in inspect.signature(Browser.new_context).parameters
        assert context_options(persona, None, {})[field.context] == getattr(persona, name)
    # shown: the report's browser line says it
    setting = Setting(**{name: getattr(persona, name)})
    assert field.shown.format(getattr(persona, name)) in setting.describe()


@pytest.mark.parametrize("field", AUDITED, ids=lambda field: field.name)
def test_a_media_field_is_read_back_emulated_by_the_audit_and_shown_by_the_test_page(field):
    assert field.media in FEATURES and FEATURES[field.media]
    emulate = inspect.signature(Page.emulate_media).parameters
    assert field.emulated in emulate and field.emulated in inspect.signature(Browser.new_context).parameters
    accepted = set(typing.get_args(typing.get_args(emulate[field.emulated].annotation)[0]))
    assert set(FEATURES[field.media]) <= accepted, "every value the persona takes, the audit page can emulate"
    assert emulated({field.media: "more"})[field.emulated] in (*FEATURES[field.media], "more")
    assert f"({field.media}:" in SHOWN_PAGE.read_text(encoding="utf-8"), "the browser test reads it from the page"


def test_help_and_the_docs_name_every_field():
    (persona,) = [option for option in OPTIONS if option.name == "persona"]
    assert all(name in persona.help for name in BROWSER_FIELDS)
    spec = importlib.util.spec_from_file_location("reference", ROOT / "docs" / "hooks" / "reference.py")
    assert spec is not None and spec.loader is not None
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    table = reference.persona_fields_table()
    assert all(f"| `{name}` |" in table for name in BROWSER_FIELDS)
    assert "<!-- reference:persona-fields -->" in (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
