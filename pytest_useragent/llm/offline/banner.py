"""Pure: the site's own name, which a question may say ("the Municipal Library's books", "asistencia en CompraFácil"),
read off the page's banner: no answer need be under a heading that repeats it."""

from __future__ import annotations

from pytest_useragent.llm.offline.lexicon import tokens
from pytest_useragent.llm.offline.page import Element

SITE_NAMES = frozenset({"generic", "text", "img", "heading", "paragraph", "strong"})
"""What in a banner may give the site's name: a logo's text or image, not a link or a button."""
MAX_SITE_WORDS = 4
"""A banner's text longer than this is no name ("Free delivery on orders over $50")."""


def site_name(elements: list[Element], title: str) -> str:
    """The site's own name, which a question may name ("the Municipal Library's books" on the library's page): the
    words of the page's title that its banner says too (a logo's text, a paragraph), not the title's other words
    (the page's: "Pro plan" of "Pro plan - Acme"); and a short text or logo of the banner outside its navigation
    (`generic "CompraFácil"`, `img "Logo de CompraFacil"`), where the title names only the page ("Asistencia")."""
    banner = [e for e in elements if "banner" in e.within or e.role == "banner"]
    said = {word for e in banner for word in tokens(e.name)}
    logos = [
        e.name
        for e in banner
        if e.role in SITE_NAMES and "navigation" not in e.within and 0 < len(tokens(e.name)) <= MAX_SITE_WORDS
    ]
    return " ".join([*(word for word in tokens(title) if word in said), *logos])
