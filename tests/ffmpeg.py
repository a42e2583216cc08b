"""A Playwright browsers folder that holds only ffmpeg, for the tests that record video: Playwright records with an
ffmpeg of its own (`playwright install ffmpeg`, or with `playwright install chromium`), which a machine that drives a
system Chromium does not have. imageio-ffmpeg (a test dependency) ships a static ffmpeg with the VP8 encoder Playwright
uses; this puts it where Playwright looks, `$PLAYWRIGHT_BROWSERS_PATH/ffmpeg-<revision>/ffmpeg-linux`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import imageio_ffmpeg
import playwright


def browsers_path(folder: Path) -> Path:
    """`folder`, laid out as Playwright's browsers folder with ffmpeg in it; set PLAYWRIGHT_BROWSERS_PATH to it (the
    system Chromium is still found by `browser/launch.py`)."""
    listed = Path(playwright.__file__).parent / "driver" / "package" / "browsers.json"
    revision = next(b["revision"] for b in json.loads(listed.read_text())["browsers"] if b["name"] == "ffmpeg")
    name = {"darwin": "ffmpeg-mac", "win32": "ffmpeg-win64.exe"}.get(sys.platform, "ffmpeg-linux")
    target = folder / f"ffmpeg-{revision}" / name
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists():
        target.symlink_to(imageio_ffmpeg.get_ffmpeg_exe())
    return folder
