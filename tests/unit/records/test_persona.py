from __future__ import annotations

from pathlib import Path

import pytest

from pytest_useragent import Persona, PersonaError
from pytest_useragent.records.persona import MAX_PERSONA_CHARS, persona_file


def test_plain_text_takes_its_first_phrase_as_the_name():
    persona = Persona("Jana, 45. Never used a shop like this.")
    assert persona.name == "Jana" and persona.language == "en"
    assert persona.describe() == "Jana, 45. Never used a shop like this."


def test_yaml_file(tmp_path):
    path = tmp_path / "jana.yaml"
    path.write_text(
        "name: Jana\nbackground: 45, first time in an online shop\nlanguage: cs\n"
        "jobs_to_be_done: [buy a gift]\ntraits: careful\n",
        encoding="utf-8",
    )
    persona = Persona.from_yaml(path)
    assert persona.language == "cs" and persona.jobs_to_be_done == ("buy a gift",) and persona.traits == ("careful",)
    assert "Wants to: buy a gift." in persona.describe() and "Traits: careful." in persona.describe()
    assert Persona.load("jana.yaml", root=tmp_path) == persona


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("name: [unclosed", "not valid YAML (line 1)"),
        ("- just\n- a list\n", "must hold a mapping"),
        ("background: no name\n", "name: Field required"),
        ("name: Jana\nage: 45\n", "unknown key age; a persona has name, background, jobs_to_be_done, language, traits"),
        (
            "name: Jana\nage: 45\ncity: Brno\n",
            "unknown keys age, city; a persona has name, background, jobs_to_be_done",
        ),
        ("name: ''\n", "name: String should have at least 1 character"),
        ("name: Ada\nlocale: '\">'\n", "locale: Value error, must be a language tag such as en-US, cs or pt-BR"),
        ("name: Ada\nlocale: en;x\n", "locale: Value error, must be a language tag"),
        ("name: Ada\ntimezone: Mars/Olympus\n", "timezone: Value error, must be an IANA time zone"),
        (
            "name: Ada\n" + "".join(f"{'k' * 300}{i}: v\n" for i in range(200)),
            f"unknown keys {'k' * 39}…, {'k' * 39}…",
        ),
    ],
)
def test_broken_files_say_which_file_and_what(tmp_path, content, message):
    path = tmp_path / "broken.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(PersonaError) as caught:
        Persona.from_yaml(path)
    assert str(caught.value).startswith(f"persona file {path}") and message in str(caught.value)
    assert len(str(caught.value)) < 1000 and "\n" not in str(caught.value)  # bounded, never the file's lines


def test_the_browser_fields_a_browser_takes_are_kept():  # the twins: what the browser would refuse is refused above
    ada = Persona("Ada, 30", locale="pt-BR", timezone="America/New_York")
    assert ada.browser == {"locale": "pt-BR", "timezone": "America/New_York"}


def test_a_missing_file(tmp_path):
    with pytest.raises(PersonaError, match="No such file"):
        Persona.load("nobody.yaml", root=tmp_path)


def test_empty_text_and_mixed_arguments_are_refused():
    with pytest.raises(PersonaError, match="empty"):
        Persona("   ")
    with pytest.raises(PersonaError, match="either one text or named fields"):
        Persona("Jana", language="cs")


def test_a_persona_longer_than_the_limit_is_one_clear_error(tmp_path):
    assert len(Persona("Jana. " + "Careful. " * 2_000).describe()) < MAX_PERSONA_CHARS  # a long, real persona
    with pytest.raises(PersonaError, match=r"^persona: 1,000,0\d\d characters; at most 20,000"):
        Persona("Jana. " + "x" * 1_000_000)
    with pytest.raises(PersonaError, match="persona: .* characters; at most"):
        Persona(name="Jana", traits=("patient " * 3_000,))
    path = tmp_path / "huge.yaml"
    path.write_text("name: Jana\nbackground: " + "x" * 30_000 + "\n", encoding="utf-8")
    with pytest.raises(PersonaError, match=f"^persona file {path}: 30,0\\d\\d characters; at most"):
        Persona.from_yaml(path)
    path.write_text("name: Jana\nbackground: " + "x" * 1_000_000 + "\n", encoding="utf-8")
    with pytest.raises(PersonaError, match="larger than 80,000 bytes"):  # not even parsed
        Persona.from_yaml(path)


@pytest.mark.parametrize(
    ("spec", "file"),
    [
        ("personas/ana.yaml", "personas/ana.yaml"),
        ("ana.YML", "ana.YML"),
        ("personas/ana", "personas/ana"),  # looks like a path: a file, which must exist
        ("personas\\ana", "personas\\ana"),
        ("Ana, 30, works w/ kids", None),  # text with a slash has spaces
        ("Ana", None),
        ("first-time visitor", None),
    ],
)
def test_one_rule_tells_a_file_from_text(spec, file):
    assert persona_file(spec) == (Path(file) if file else None)


def test_a_path_with_no_file_is_an_error_with_a_hint(tmp_path):
    (tmp_path / "personas").mkdir()
    (tmp_path / "personas" / "ana.yaml").write_text("name: Ana\n", encoding="utf-8")
    with pytest.raises(PersonaError, match=r"personas/ana: No such file or directory \(did you mean ana.yaml\?\)$"):
        Persona.load("personas/ana", root=tmp_path)
    assert Persona.load("personas/ana.yaml", root=tmp_path).name == "Ana"
    assert Persona.from_yaml("personas/ana.yaml", root=tmp_path).name == "Ana"
