"""The persona's browser fields: given beside one text or in YAML, validated as one line, apart from what the model
reads, and `browser` lists only the fields set away from their defaults."""

from __future__ import annotations

import pytest

from pytest_useragent import Persona, PersonaError


def test_browser_fields_stand_beside_a_text():
    persona = Persona("Kai, 29, never touches a mouse.", uses="keyboard", zoom=200, device="iPhone 13")
    assert persona.name == "Kai" and persona.background == "Kai, 29, never touches a mouse."
    assert persona.browser == {"uses": "keyboard", "zoom": 200, "device": "iPhone 13"}
    assert "keyboard" not in persona.describe()  # the text is the persona's own words; its modes are set up apart


def test_a_text_persona_without_fields_sets_up_nothing():
    persona = Persona("Kai, 29.")
    assert persona.browser == {} and persona.uses == "mouse" and persona.zoom == 100 and persona.vision == "normal"


def test_yaml_sets_every_field(tmp_path):
    path = tmp_path / "vera.yaml"
    path.write_text(
        "name: Vera\nzoom: 400\nvision: deuteranopia\nnetwork: slow-3g\nlocale: cs-CZ\ntimezone: Europe/Prague\n"
        "color_scheme: dark\nreduced_motion: reduce\n",
        encoding="utf-8",
    )
    assert Persona.from_yaml(path).browser == {
        "zoom": 400,
        "vision": "deuteranopia",
        "network": "slow-3g",
        "locale": "cs-CZ",
        "timezone": "Europe/Prague",
        "color_scheme": "dark",
        "reduced_motion": "reduce",
    }


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"uses": "eyes"}, "uses: Input should be 'mouse', 'keyboard', 'screen-reader' or 'touch'"),
        ({"zoom": 1000}, "zoom: Input should be less than or equal to 500"),
        ({"zoom": 10}, "zoom: Input should be greater than or equal to 25"),
        ({"vision": "x-ray"}, "vision: Input should be 'normal', 'protanopia'"),
        ({"network": "dial-up"}, "network: Input should be 'slow-3g', 'fast-3g' or 'slow-4g'"),
        ({"device": "  "}, "device: Value error, must not be empty"),
        ({"name": "Kai"}, "beside a text only zoom, device, uses"),
    ],
)
def test_a_bad_field_is_one_line_naming_it(fields, message):
    with pytest.raises(PersonaError) as caught:
        Persona("Kai, 29.", **fields)
    assert message in str(caught.value) and "\n" not in str(caught.value)
