"""Where a finding sits, for the audited-site benchmark (`audited_site_benchmark.py`): on a barrier's element (the same
element, one inside it, or a link around it), found by the finding's locator (Playwright code read as data, never
run), by the role and name it gives (`link "Pricing"`), or by its HTML; and whether its WCAG criteria stand for the
barrier's."""

from __future__ import annotations

import ast
import re
from typing import Any

from playwright.sync_api import ElementHandle, Page
from playwright.sync_api import Error as PlaywrightError

CALLS = {"locator", "get_by_role", "get_by_text", "get_by_label", "get_by_alt_text", "get_by_title", "nth"}
CALLS_BARE = {"first", "last"}


def criteria_of(heuristic: str | None) -> set[str]:
    """The WCAG criteria a finding names: ours as `WCAG 2.1.1 Keyboard`, axe's as tags (`wcag111`)."""
    text = heuristic or ""
    named = set(re.findall(r"\b\d\.\d+\.\d+\b", text))
    return named | {f"{a}.{b}.{c}" for a, b, c in re.findall(r"\bwcag(\d)(\d)(\d+)\b", text)}


def stands_for(found: set[str], criteria: list[str]) -> bool:
    return any(criterion in found or any(f.startswith(criterion + ".") for f in found) for criterion in criteria)


def chain_of(node: ast.expr) -> list[tuple[str, list[Any] | None, dict[str, Any]]]:
    """`a(1).b(x=2).c` as [("a", [1], {}), ("b", [], {"x": 2}), ("c", None, {})]: literals only."""
    if isinstance(node, ast.Call):
        args = [ast.literal_eval(arg) for arg in node.args]
        keywords = {str(kw.arg): ast.literal_eval(kw.value) for kw in node.keywords}
        if isinstance(node.func, ast.Attribute):
            return [*chain_of(node.func.value), (node.func.attr, args, keywords)]
        if isinstance(node.func, ast.Name):
            return [(node.func.id, args, keywords)]
    if isinstance(node, ast.Attribute):
        return [*chain_of(node.value), (node.attr, None, {})]
    raise ValueError("not a locator")


def handles_of(page: Page, code: str | None) -> list[ElementHandle]:
    """The elements a finding's locator names: Playwright code (`locator("...")`, `get_by_role(...)`, `.nth(i)`)
    read as data, never run; none when it is something else."""
    if not code or "aria-ref=" in code:
        return []
    try:
        target: Any = page
        for name, args, keywords in chain_of(ast.parse(code.removeprefix("page."), mode="eval").body):
            if args is None and name in CALLS_BARE and target is not page:
                target = getattr(target, name)
            elif args is not None and name in CALLS and not (name == "nth" and target is page):
                target = getattr(target, name)(*args, **keywords)
            else:
                return []
        return target.element_handles()[:20] if target is not page else []
    except (SyntaxError, ValueError, TypeError, PlaywrightError):
        return []


NAMED = re.compile(r'([a-z]+) "(.+)"')


def named(page: Page, text: str | None) -> list[ElementHandle]:
    """The elements a finding of ours names by role and accessible name (`link "Pricing"`), as Playwright finds
    them by role; none for anything else (an unnamed element is found by its HTML, or not at all)."""
    match = NAMED.fullmatch(text or "")
    if match is None:
        return []
    role, name = match[1], match[2]
    try:  # an element with no role of its own is named by its tag (`div "Home"`): found by its tag and its text
        found = page.get_by_role(role, name=name, exact=True).element_handles()[:20]  # type: ignore[arg-type]
        if found:
            return found
    except PlaywrightError:
        pass
    try:
        text = re.compile(rf"^\s*{re.escape(name)}\s*$")
        return page.locator(role).filter(has_text=text).element_handles()[:20]
    except PlaywrightError:
        return []


ON = """([barrier, found, within]) => {
  // a finding on a link, button, label or select that holds the barrier's element is on it (a link named by its image)
  if (barrier === found) return true;
  const big = barrier === document.documentElement || barrier === document.body;
  if (!big && barrier.contains(found) && (within || ['A','BUTTON','LABEL','SELECT'].includes(barrier.tagName)))
    return true;
  return found.contains(barrier) && ['A','BUTTON','LABEL','SELECT'].includes(found.tagName);
}"""
SAME_HTML = "([element, html]) => element.outerHTML.replace(/\\s+/g, ' ').startsWith(html.slice(0, 80))"


def on_element(page: Page, barrier: dict[str, Any], finding: dict[str, Any]) -> bool:
    """Whether a finding is on the barrier's element (the same element, one inside it, or a link around it)."""
    try:
        barriers = page.locator(barrier["selector"]).element_handles()[:60]
    except PlaywrightError:
        return False
    codes = [finding["locator"], *finding["examples"]]
    found = [handle for code in codes for handle in handles_of(page, code)]
    found += [handle for text in [finding["element"], *finding["examples"]] for handle in named(page, text)]
    if found:
        within = bool(barrier.get("within"))
        return any(page.evaluate(ON, [b, f, within]) for b in barriers for f in found)
    htmls = [" ".join(text.split()) for text in [finding["element"], *finding["examples"]] if text and "<" in text]
    return any(page.evaluate(SAME_HTML, [b, text]) for b in barriers for text in htmls)
