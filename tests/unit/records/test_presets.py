"""Preset personas: each loads and validates, ships as package data, and is told from a path or a text by one rule."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest

from pytest_useragent import Persona, PersonaError

ROOT = Path(__file__).parents[3]
ROLES = {
    "first-time-visitor",
    "hurried-expert",
    "screen-reader-user",
    "low-digital-literacy",
    "non-native-speaker",
    "older-adult-low-vision",
    "keyboard-only",
    "phone-first",
}


def test_the_research_roles_are_presets():
    assert set(Persona.presets()) == ROLES


@pytest.mark.parametrize("name", sorted(ROLES))
def test_each_preset_loads_with_a_name_background_and_traits(name):
    persona = Persona.preset(name)
    assert persona.name and persona.background and persona.traits and persona.jobs_to_be_done
    assert Persona.load(name) == persona


def test_the_non_native_speaker_thinks_in_her_own_language():
    assert Persona.preset("non-native-speaker").language == "cs"


@pytest.mark.parametrize(
    ("name", "browser"),
    [
        ("screen-reader-user", {"uses": "screen-reader"}),
        ("keyboard-only", {"uses": "keyboard"}),
        ("older-adult-low-vision", {"zoom": 200}),
        ("phone-first", {"uses": "touch", "device": "Pixel 7", "network": "fast-3g"}),
        ("first-time-visitor", {}),
    ],
)
def test_presets_set_up_the_browser_they_describe(name, browser):
    assert Persona.preset(name).browser == browser


def test_an_unknown_preset_names_the_rule_and_lists_the_presets():
    with pytest.raises(PersonaError) as error:
        Persona.load("screen-reader")
    message = str(error.value)
    assert "unknown persona preset 'screen-reader'" in message
    assert (
        ".yaml/.yml, or one word holding a /, is a file" in message
        and "lowercase-words-with-hyphens a preset" in message
    )
    assert all(name in message for name in ROLES)


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        ("Jana, 45. Never used a shop like this.", "Jana"),
        ("Alex", "Alex"),  # one word, no hyphen: text
        ("first-time visitor, in a hurry", "first-time visitor"),  # a space: text
    ],
)
def test_anything_else_is_the_personas_text(spec, name):
    assert Persona.load(spec).name == name


def test_a_yaml_path_wins_over_a_preset_name(tmp_path):
    (tmp_path / "hurried-expert.yaml").write_text("name: Mine\n", encoding="utf-8")
    assert Persona.load("hurried-expert.yaml", root=tmp_path).name == "Mine"


def test_every_data_file_of_the_package_ships():
    """package-data lists globs by hand: a preset (or any template) it misses would be absent from the wheel."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["pytest_useragent"]
    package = ROOT / "pytest_useragent"
    data = [
        path.relative_to(package).as_posix()
        for path in package.rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    ]
    assert data and [file for file in data if not any(fnmatch.fnmatch(file, glob) for glob in globs)] == []
