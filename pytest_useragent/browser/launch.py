"""Finding a Chromium to drive, and the launch options that keep it quiet on closed machines."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from pytest_useragent.errors import BrowserNotFoundError

SYSTEM_CHROMIUMS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
SYSTEM_HEADLESS_SHELLS = ("chromium-headless-shell",)
"""Chromium's headless shell (Debian's `chromium-headless-shell`), looked for first when the browser runs headless:
what Playwright itself launches for a headless Chromium of its own. The whole browser run headless lays out and
paints the same pages at about twice the CPU (this project's browser tests: 52 s against 29 s, 39 s of CPU
against 19 s)."""

QUIET_ARGS = ("--disable-background-networking", "--disable-component-update", "--no-first-run")
"""Flags that stop Chromium phoning home for updates and field trials; harmless on open networks."""

NOT_FOUND = (
    "No Chromium found for pytest-useragent. Install Playwright's: `playwright install chromium`, "
    "or your system's: `apt-get install chromium chromium-headless-shell` (Debian/Ubuntu)."
)


def find_chromium(playwright_executable: str, headless: bool = False) -> str | None:
    """Where to launch Chromium from: None means Playwright's own build is installed and will be used (Playwright
    picks its headless shell itself); headless, the system's headless shell before its browser."""
    if playwright_executable and Path(playwright_executable).exists():
        return None
    for name in (*SYSTEM_HEADLESS_SHELLS, *SYSTEM_CHROMIUMS) if headless else SYSTEM_CHROMIUMS:
        found = shutil.which(name)
        if found:
            return found
    raise BrowserNotFoundError(NOT_FOUND)


def launch_options(base: dict[str, Any], playwright_executable: str) -> dict[str, Any]:
    """pytest-playwright's launch options with a usable Chromium and the quiet flags added.

    Options the user set (`executable_path`, `channel`) win: we only fill in what is missing.
    """
    options = dict(base)
    if "executable_path" not in options and "channel" not in options:
        system = find_chromium(playwright_executable, headless=options.get("headless", True))
        if system:
            options["executable_path"] = system
    args = list(options.get("args", []))
    options["args"] = args + [flag for flag in QUIET_ARGS if flag not in args]
    return options


NO_FFMPEG = (
    "video recording needs Playwright's ffmpeg, which is not installed: `pip install 'pytest-useragent[video]'` "
    "brings one from PyPI, or run `playwright install ffmpeg`, or turn video off"
)


def video_problem(error: Exception) -> str | None:
    """Why a context that records video could not open a page, in one line, when it is the missing ffmpeg (Playwright
    says so in a framed banner); None for any other error."""
    return NO_FFMPEG if "ffmpeg" in str(error) else None
