"""Pure: a link that led to an error page is left as a person leaves it, by going back. A site's menu may link pages
it does not have (a one-page portfolio's "Mis Proyectos" goes to /proyectos, a 404); what the goal wants may be on
the page before, and the link tried is not tried again (`Memory.tried`)."""

from __future__ import annotations

import re
from urllib.parse import urldefrag

from pytest_useragent.llm.offline.memory import Expected
from pytest_useragent.llm.offline.page import Element
from pytest_useragent.llm.offline.step import Move, Situation
from pytest_useragent.records import Action, Observation

ERROR_PAGE = re.compile(r"\b(not found|404|page (does not|doesn't) exist|server error|500)\b", re.IGNORECASE)
"""A title or heading that names an error page ("Page not found", "404")."""
ERROR_HEADLINE = re.compile(r"\b(?:error|erreur|fehler|errore|erro|błąd|chyba|fout)\b", re.IGNORECASE)
"""A headline that says error ("Error response"): its page's first lines tell whether it is an error page."""
FIRST_LINES = 5


def error_page(page: Observation, elements: list[Element]) -> bool:
    """Whether the page is an error page: its document was answered with a status of 400 or more, its title or
    headings say so ("Page not found", "404"), or they say error and its first lines give the code or the reason
    ("Error response" | "Error code: 404")."""
    here = urldefrag(page.url).url
    failed = page.signals.failed_requests
    if any(f.resource == "document" and (f.status or 0) >= 400 and urldefrag(f.url).url == here for f in failed):
        return True
    headline = " ".join([page.title, *(e.name for e in elements if e.role == "heading")])
    if ERROR_PAGE.search(headline):
        return True
    first = " ".join(e.name for e in elements[:FIRST_LINES])
    return bool(ERROR_HEADLINE.search(headline)) and bool(ERROR_PAGE.search(first))


def back_from_error(now: Situation) -> Move | None:
    """Back to the page before, once, when what the persona did led to an error page."""
    page = now.request.observation
    key = f'went back from "{urldefrag(page.url).url}"'
    if now.request.step <= 1 or key in now.tried or not error_page(page, now.elements):
        return None
    expected = Expected(kind="plain", target="I am back on the page before.")
    notice = "This is an error page: what I followed leads nowhere. I go back."
    return Move(notice, expected, Action(kind="back"), key)
