"""What makes two issues the same flaw: a key stable across steps, sessions and runs. Pure, and free of the records
(which call it when an issue is made), so that a baseline from an earlier run can be compared key for key.

A check is its rule and the element it found: the same icon button is `locator(".icon")` on one page state and
`locator("button")` on the next (axe writes the shortest selector unique in *that* document), `get_by_role("button",
name="Add").nth(3)` in a list that grew by one, `aria-ref=e12` in one snapshot and `e15` in the next. So the element
is named, in this order, by what does not move: a locator by role, text or label with its name (its `.nth()` dropped),
the element's HTML, another locator, a URL (host and path), a text. A persona issue is its title (case, spacing,
quote marks and a closing full stop do not count) on its page (host without port, path; no query or fragment): the
same words on another page are another finding, and a test server's port changes every run.
"""

from __future__ import annotations

import ast
import json
import re
import unicodedata
from typing import Any
from urllib.parse import urlsplit

MAX_KEY_CHARS = 300
"""Keys are kept readable (a diff of two runs' keys should say what changed), and cut, not hashed: a hash of a text
that held a secret would outlive the secret's redaction. Two flaws alike for 300 characters are one."""

_NAMED = {"get_by_text", "get_by_label", "get_by_placeholder", "get_by_alt_text", "get_by_title", "get_by_test_id"}
_POSITION = {"nth", "first", "last"}
_QUOTES = str.maketrans({"'": '"', "‘": '"', "’": '"', "“": '"', "”": '"', "`": '"'})
_URL = re.compile(r"\b(https?)://([^/\s:]+)(?::\d+)?")


def issue_key(
    *,
    source: str,
    rule: str | None,
    title: str,
    locator: str | None = None,
    element: str | None = None,
    page: str | None = None,
    review: bool = False,
) -> str:
    """The issue's key: `rule|element` for a check, `persona|page|title` for a persona's finding (see the module).
    A check that could not decide (`review`: axe's "needs review") is `rule?|element`: another finding than the
    same rule's failure on that element."""
    if source == "check":
        identity = element_identity(locator, element) or f"{page or ''}|{text_of(title)}"
        return _bounded(f"{rule or 'check'}{'?' if review else ''}|{identity}")
    return _bounded(f"persona|{page or ''}|{text_of(title).rstrip('.!')}")


def element_identity(locator: str | None, element: str | None) -> str | None:
    """The element of a check, normalized by what stays the same between runs; None when nothing names it."""
    chain = locator_chain(locator) if locator else None
    if chain is not None and _named(chain):
        return _code(chain)
    if element and element.lstrip().startswith("<"):
        return text_of(element, fold=False)
    if chain is not None:
        return _code(chain)
    if element and element != locator:
        split = urlsplit(element.strip())
        if split.scheme in ("http", "https", "file") and " " not in element.strip():
            return page_of(element.strip())
        return _URL.sub(r"\1://\2", text_of(element, fold=False))
    if locator and "aria-ref=" not in locator:  # not Python (recorded before locators were quoted): its text
        return text_of(locator, fold=False)
    return None


def page_of(url: str) -> str:
    """A page as a key names it: host without port and path, without query or fragment (`about:blank` as it is)."""
    split = urlsplit(url)
    if split.scheme in ("http", "https"):
        return f"{(split.hostname or '').lower()}{split.path.rstrip('/') or '/'}"
    if split.scheme == "file":
        return split.path
    return f"{split.scheme}:{split.path}" if split.scheme else url


def text_of(text: str, *, fold: bool = True) -> str:
    """A text as keys compare it: NFKC, one kind of quote mark, single spaces, and (`fold`) no case."""
    normal = " ".join(unicodedata.normalize("NFKC", text).translate(_QUOTES).split())
    return normal.casefold() if fold else normal


def locator_chain(code: str) -> list[tuple[str, list[Any], dict[str, Any]]] | None:
    """Playwright code such as `get_by_role("button", name="Buy").nth(2)` as its calls (name, args, keywords); None
    when it is not a Python expression on `page`, or names an aria ref (which only one snapshot knows)."""
    try:
        node = ast.parse("page." + code.strip(), mode="eval").body
    except SyntaxError:
        return None
    calls: list[tuple[str, list[Any], dict[str, Any]]] = []
    while not (isinstance(node, ast.Name) and node.id == "page"):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            args = [_value(arg) for arg in node.args]
            keywords = {keyword.arg or "**": _value(keyword.value) for keyword in node.keywords}
            calls.append((node.func.attr, args, keywords))
            node = node.func.value
        elif isinstance(node, ast.Attribute):  # .first, .last
            calls.append((node.attr, [], {}))
            node = node.value
        else:
            return None
    if any(isinstance(arg, str) and "aria-ref=" in arg for _, args, _ in calls for arg in args):
        return None
    return calls[::-1]


def _named(chain: list[tuple[str, list[Any], dict[str, Any]]]) -> bool:
    """Whether a locator finds its element by what a user reads: a role with a name, a text, a label."""
    return any((name == "get_by_role" and keywords.get("name")) or name in _NAMED for name, _, keywords in chain)


def _code(chain: list[tuple[str, list[Any], dict[str, Any]]]) -> str:
    """The chain as one canonical text: positions dropped where the element is named, strings normalized."""
    named = _named(chain)
    parts = []
    for name, args, keywords in chain:
        if named and name in _POSITION:
            continue
        shown = [_shown(arg) for arg in args] + [f"{key}={_shown(value)}" for key, value in sorted(keywords.items())]
        parts.append(f"{name}({', '.join(shown)})")
    return ".".join(parts)


def _value(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError):  # re.compile(...) and the like: its source
        return ast.unparse(node)


def _shown(value: Any) -> str:
    return json.dumps(text_of(value) if isinstance(value, str) else value, ensure_ascii=False, default=str)


def _bounded(key: str) -> str:
    return key[:MAX_KEY_CHARS]
