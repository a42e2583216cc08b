"""The persona's prompt tells the model how its browser shows the page (zoom, vision, device, network), so that a
screenshot of huge text cut off at the right reads as the persona's screen, not a broken one."""

from __future__ import annotations

from pytest_useragent.llm.prompts import render
from pytest_useragent.records import Persona


def test_a_zoomed_colour_blind_phone_user_on_a_slow_network_is_told_so():
    told = render(
        "persona.j2", persona=Persona("Vera, 78", zoom=400, vision="deuteranopia", device="Pixel 7", network="slow-3g")
    )
    assert "You read the web zoomed to 400%: pages are laid out for a screen 4 times narrower" in told
    assert "You see colours as a person with deuteranopia does" in told
    assert "You are on a Pixel 7." in told and "Your connection is slow (slow-3g)" in told
    assert "Your sight is blurred" in render("persona.j2", persona=Persona("Ota, 60", vision="blurred"))


def test_a_plain_persona_is_told_nothing_of_its_browser():
    told = render("persona.j2", persona=Persona("Jana, 45", uses="keyboard", locale="cs-CZ"))
    assert "zoomed" not in told and "colours" not in told and "You are on a" not in told and "connection" not in told
