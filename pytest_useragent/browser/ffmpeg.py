"""Video from PyPI: Playwright records with an ffmpeg of its own (`playwright install ffmpeg`), which a machine behind
a firewall, or one that drives a system Chromium, does not have. imageio-ffmpeg (`pip install
'pytest-useragent[video]'`) ships a static ffmpeg with the VP8 encoder Playwright uses; when Playwright's is missing,
`supply` lays out a browsers folder of our own, where Playwright looks for ffmpeg (`ffmpeg-<revision>/ffmpeg-linux`)
beside links to every browser Playwright installed, and points `PLAYWRIGHT_BROWSERS_PATH` at it. It must run before
Playwright's driver starts (it reads the variable then): the plugin's `pytest_configure`, `useragent run` before it
starts Playwright."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import playwright

FFMPEG_NAME = {"darwin": "ffmpeg-mac", "win32": "ffmpeg-win64.exe"}.get(sys.platform, "ffmpeg-linux")
OUR_FOLDER = "useragent-browsers"
"""Our browsers folder's name, in the user's cache."""


def installed() -> Path:
    """Where Playwright keeps its browsers: `PLAYWRIGHT_BROWSERS_PATH`, else its per-user cache."""
    if given := os.environ.get("PLAYWRIGHT_BROWSERS_PATH"):
        return Path(given)
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "ms-playwright"
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local")) / "ms-playwright"
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "ms-playwright"


def revision() -> str:
    """The ffmpeg revision this Playwright records with (its `browsers.json`)."""
    listed = Path(playwright.__file__).parent / "driver" / "package" / "browsers.json"
    browsers = json.loads(listed.read_text(encoding="utf-8"))["browsers"]
    return str(next(browser["revision"] for browser in browsers if browser["name"] == "ffmpeg"))


def supply(cache: Path | None = None) -> str | None:
    """Make Playwright record with imageio-ffmpeg's ffmpeg when its own is missing: the browsers folder now in use
    (set in `PLAYWRIGHT_BROWSERS_PATH`), or None when Playwright has its own, or imageio-ffmpeg is not installed (the
    recording then fails in the one line `launch.NO_FFMPEG`)."""
    folder = installed()
    if (folder / f"ffmpeg-{revision()}" / FFMPEG_NAME).exists():
        return None
    try:
        import imageio_ffmpeg  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None
    ours = (cache or Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))) / OUR_FOLDER
    try:
        target = ours / f"ffmpeg-{revision()}" / FFMPEG_NAME
        target.parent.mkdir(parents=True, exist_ok=True)
        _link(target, Path(imageio_ffmpeg.get_ffmpeg_exe()))
        for entry in folder.iterdir() if folder.is_dir() else ():  # Playwright's browsers, found where they were
            if not entry.name.startswith("ffmpeg-"):
                _link(ours / entry.name, entry)
    except (OSError, RuntimeError):  # no cache to write in, or no ffmpeg in the wheel: as if not installed
        return None
    os.environ["PLAYWRIGHT_BROWSERS_PATH"] = str(ours)
    return str(ours)


def _link(link: Path, to: Path) -> None:
    """`link` pointing at `to`, whatever link was there (another run's, to an older wheel); made beside it and
    renamed over it, so processes starting at once (xdist's workers) never see it missing."""
    if link.is_symlink() and link.readlink() == to:
        return
    beside = link.with_name(f".{link.name}.{os.getpid()}")
    beside.unlink(missing_ok=True)
    beside.symlink_to(to)
    os.replace(beside, link)
