"""Looking for a secret, in every form a browser, a JSON writer or an HTML escaper gives it, in what a run wrote and
in what the fake Messages API received. Written apart from `redaction.encodings`, so the tests check that, not echo
it."""

from __future__ import annotations

import base64
import html
import io
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote, quote_plus

import markupsafe
from PIL import Image

SECRET = 'Tr0ub4dor~"q\\ &<x>é'
"""Has what browsers, HTML and JSON each encode: ~ (%7E in a form), " and \\ (escaped in JSON and snapshot names),
a space (+ or %20), & < > (HTML), and a letter outside ASCII."""
SECRET_IN_A_GET_FORM = "Tr0ub4dor%7E%22q%5C+%26%3Cx%3E%C3%A9"
"""What Chromium puts in the URL for SECRET (application/x-www-form-urlencoded, WHATWG)."""
MAGENTA = (255, 0, 255)


def forms(secret: str) -> dict[str, str]:
    """The ways `secret` can appear, by name."""
    form = "".join(
        char
        if char.isascii() and (char.isalnum() or char in "*-._")
        else "+"
        if char == " "
        else "".join(f"%{byte:02X}" for byte in char.encode())
        for char in secret
    )
    found = {
        "raw": secret,
        "form-encoded (Chromium GET form, ~ as %7E)": form,
        "form-encoded, lowercase hex": re.sub("%[0-9A-F]{2}", lambda hexed: hexed[0].lower(), form),
        "form-encoded, %20 for space": form.replace("+", "%20"),
        "urllib quote": quote(secret, safe=""),
        "urllib quote_plus": quote_plus(secret),
        "HTML-escaped": html.escape(secret),
        "HTML-escaped, quotes kept": html.escape(secret, quote=False),
        "HTML-escaped as jinja does (markupsafe)": str(markupsafe.escape(secret)),
        "JSON-escaped": json.dumps(secret)[1:-1],
        "JSON-escaped, UTF-8": json.dumps(secret, ensure_ascii=False)[1:-1],
        "JSON-escaped twice": json.dumps(json.dumps(secret, ensure_ascii=False)[1:-1])[1:-1],
        "Python repr (an assertion's, a traceback's)": repr(secret)[1:-1],
        "Python ASCII repr": ascii(secret)[1:-1],
    }
    return {name: value for name, value in found.items() if len(value) >= 3}


def leaks(secret: str, roots: list[Path], requests: list[Any] = (), extra: dict[str, str] | None = None) -> list[str]:  # type: ignore[assignment]
    """Every place `secret` shows in any form: each text file under `roots`, each request body, each extra text."""
    texts = dict(extra or {})
    for root in roots:
        for path in root.rglob("*"):
            if path.is_file() and not path.is_symlink():
                texts[str(path)] = path.read_bytes().decode("utf-8", errors="replace")
    for number, body in enumerate(requests):
        texts[f"request {number}"] = json.dumps(body, ensure_ascii=False) + json.dumps(body)
    return [
        f"{name} in {where}" for where, text in texts.items() for name, form in forms(secret).items() if form in text
    ]


def image_of(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def sent_images(requests: list[Any]) -> list[Image.Image]:
    """The images the fake Messages API received, in order."""
    return [
        image_of(base64.b64decode(block["source"]["data"]))
        for body in requests
        for message in body.get("messages", [])
        if isinstance(message.get("content"), list)
        for block in message["content"]
        if block.get("type") == "image"
    ]


def mostly_magenta(image: Image.Image, box: tuple[float, float, float, float]) -> bool:
    """Whether the middle of `box` (x, y, width, height in the image's pixels) is the mask colour (JPEG-close)."""
    x, y, width, height = box
    inner = image.crop((int(x + width * 0.2), int(y + height * 0.2), int(x + width * 0.8), int(y + height * 0.8)))
    data = inner.tobytes()
    pixels = [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]
    close = [p for p in pixels if all(abs(a - b) < 40 for a, b in zip(p, MAGENTA, strict=True))]
    return len(pixels) > 0 and len(close) / len(pixels) > 0.9
