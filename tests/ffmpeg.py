"""Environments for the tests that record video: Playwright records with an ffmpeg of its own, which this machine
(a system Chromium, no downloads) does not have; the package then supplies imageio-ffmpeg's (browser/ffmpeg.py). These
lay out a run with no Playwright ffmpeg, and one with imageio-ffmpeg not installed either."""

from __future__ import annotations

import os
from pathlib import Path


def no_playwright_ffmpeg(folder: Path) -> dict[str, str]:
    """Variables for a process whose Playwright has no ffmpeg (an empty browsers folder; the system Chromium is still
    found by `browser/launch.py`) and whose user cache, where the package lays out its own, is in `folder`."""
    (folder / "browsers").mkdir(parents=True, exist_ok=True)
    return {"PLAYWRIGHT_BROWSERS_PATH": str(folder / "browsers"), "XDG_CACHE_HOME": str(folder / "cache")}


def no_ffmpeg_at_all(folder: Path) -> dict[str, str]:
    """As `no_playwright_ffmpeg`, and imageio-ffmpeg not installed (a module of its name that cannot be imported
    comes first on the path)."""
    shadow = folder / "shadow"
    shadow.mkdir(parents=True, exist_ok=True)
    (shadow / "imageio_ffmpeg.py").write_text("raise ImportError('imageio-ffmpeg is not installed')\n")
    path = os.pathsep.join(part for part in (str(shadow), os.environ.get("PYTHONPATH", "")) if part)
    return no_playwright_ffmpeg(folder) | {"PYTHONPATH": path}
