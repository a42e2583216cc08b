"""Video from PyPI: imageio-ffmpeg's ffmpeg laid out where Playwright looks, only when its own is missing, beside
links to the browsers it installed; nothing when imageio-ffmpeg is not installed."""

from __future__ import annotations

import os
import sys

import imageio_ffmpeg

from pytest_useragent.browser import ffmpeg


def test_without_playwrights_ffmpeg_imageios_is_laid_out_beside_its_browsers(tmp_path, monkeypatch):
    installed = tmp_path / "ms-playwright"
    (installed / "chromium-1200").mkdir(parents=True)
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(installed))

    ours = ffmpeg.supply(tmp_path / "cache")

    assert ours is not None and os.environ["PLAYWRIGHT_BROWSERS_PATH"] == ours
    laid = tmp_path / "cache" / ffmpeg.OUR_FOLDER
    ffmpeg_there = laid / f"ffmpeg-{ffmpeg.revision()}" / ffmpeg.FFMPEG_NAME
    assert str(ffmpeg_there.resolve()) == os.path.realpath(imageio_ffmpeg.get_ffmpeg_exe())
    assert (laid / "chromium-1200").resolve() == (installed / "chromium-1200").resolve()  # its browsers still found
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(installed))
    assert ffmpeg.supply(tmp_path / "cache") == ours  # a second run finds it laid out


def test_playwrights_own_ffmpeg_is_left_to_it(tmp_path, monkeypatch):
    own = tmp_path / f"ffmpeg-{ffmpeg.revision()}" / ffmpeg.FFMPEG_NAME
    own.parent.mkdir()
    own.write_bytes(b"")
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path))

    assert ffmpeg.supply(tmp_path / "cache") is None
    assert os.environ["PLAYWRIGHT_BROWSERS_PATH"] == str(tmp_path) and not (tmp_path / "cache").exists()


def test_without_imageio_ffmpeg_nothing_is_laid_out(tmp_path, monkeypatch):
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path / "empty"))
    monkeypatch.setitem(sys.modules, "imageio_ffmpeg", None)  # import raises ImportError

    assert ffmpeg.supply(tmp_path / "cache") is None
    assert os.environ["PLAYWRIGHT_BROWSERS_PATH"] == str(tmp_path / "empty")
