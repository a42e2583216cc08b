"""Playwright code for an element found by a page script, as valid Python on `page`: what a report shows and a test
author pastes. Quoted by `json.dumps`, never by hand: a selector such as `input[type="checkbox"]` has quotes of its
own. Pure."""

from __future__ import annotations

import json
from collections.abc import Sequence


def css_locator(target: Sequence[str | Sequence[str]]) -> str:
    """axe-core's target (or a one-part one from `layout.js`) as code: each part before the last is an iframe,
    the last is the element; a part that is itself a list goes through shadow roots, host first. Playwright's CSS
    pierces open shadow roots, so each shadow step is one more `.locator()`."""
    *frames, element = target
    steps = [f"frame_locator({json.dumps(_css(frame))})" for frame in frames]
    steps += [f"locator({json.dumps(part)})" for part in ([element] if isinstance(element, str) else element)]
    return ".".join(steps)


def _css(part: str | Sequence[str]) -> str:
    return part if isinstance(part, str) else " ".join(part)
