from __future__ import annotations

import pytest

from pytest_useragent.browser import launch
from pytest_useragent.errors import BrowserNotFoundError


def test_playwrights_own_chromium_wins(tmp_path):
    own = tmp_path / "chrome"
    own.write_text("")
    assert launch.find_chromium(str(own)) is None
    assert "executable_path" not in launch.launch_options({}, str(own))


def test_a_system_chromium_is_used_when_playwrights_is_missing(monkeypatch):
    monkeypatch.setattr(launch.shutil, "which", lambda name: "/usr/bin/chromium" if name == "chromium" else None)
    options = launch.launch_options({"headless": True}, "/nowhere/chrome")
    assert options["executable_path"] == "/usr/bin/chromium" and options["headless"] is True
    assert set(launch.QUIET_ARGS) <= set(options["args"])


@pytest.mark.parametrize(
    ("headless", "used"), [(True, "/usr/bin/chromium-headless-shell"), (False, "/usr/bin/chromium")]
)
def test_a_headless_browser_is_the_systems_headless_shell_when_it_has_one(monkeypatch, headless, used):
    installed = {"chromium": "/usr/bin/chromium", "chromium-headless-shell": "/usr/bin/chromium-headless-shell"}
    monkeypatch.setattr(launch.shutil, "which", installed.get)
    assert launch.launch_options({"headless": headless}, "/nowhere/chrome")["executable_path"] == used
    assert launch.launch_options({}, "/nowhere/chrome")["executable_path"] == installed["chromium-headless-shell"]
    # the shell cannot show a window: a headed run without it takes the browser, a machine without it the browser
    del installed["chromium-headless-shell"]
    assert launch.launch_options({"headless": headless}, "/nowhere/chrome")["executable_path"] == "/usr/bin/chromium"


def test_no_chromium_names_both_fixes(monkeypatch):
    monkeypatch.setattr(launch.shutil, "which", lambda name: None)
    with pytest.raises(BrowserNotFoundError) as caught:
        launch.launch_options({}, "/nowhere/chrome")
    assert "playwright install chromium" in str(caught.value) and "apt-get install chromium" in str(caught.value)


def test_the_users_choices_win(monkeypatch):
    monkeypatch.setattr(launch.shutil, "which", lambda name: None)
    assert launch.launch_options({"channel": "chrome"}, "/nowhere")["channel"] == "chrome"
    options = launch.launch_options({"executable_path": "/opt/c", "args": ["--no-first-run"]}, "/nowhere")
    assert options["executable_path"] == "/opt/c" and options["args"].count("--no-first-run") == 1
