"""An issue's key names the flaw, not the run that met it; its trust says how far a gate may rely on it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_useragent.errors import UserError
from pytest_useragent.records import Issue, IssueList
from pytest_useragent.records.grouping import stamped, trust_of
from pytest_useragent.records.keys import MAX_KEY_CHARS, issue_key, locator_chain, page_of

ICON = '<button class="icon" aria-label=""><svg></svg></button>'


def check(rule: str = "button-name", *, locator: str | None = None, element: str | None = None) -> Issue:
    return Issue(
        source="check",
        rule=rule,
        severity="major",
        heuristic="h",
        title="Buttons must have discernible text",
        evidence="e",
        quote="q",
        locator=locator,
        element=element,
    )


def persona(title: str, url: str = "http://shop.test/cart", severity: str = "major") -> Issue:
    found = Issue(severity=severity, heuristic="h", title=title, evidence="e", quote="q")  # type: ignore[arg-type]
    return stamped(found, 1, url, None)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        # axe names the same icon button by the shortest selector unique in each page state
        (check(locator='locator(".icon")', element=ICON), check(locator='locator("button")', element=ICON)),
        # a named element in a list that grew by one
        (
            check("dead-click", locator='get_by_role("button", name="Add to cart").nth(2)'),
            check("dead-click", locator="get_by_role('button', name='Add  to cart').nth(3)"),
        ),
        (
            check("dead-click", locator='get_by_role("link", name="Pricing").first'),
            check("dead-click", locator='get_by_role( "link" ,name="pricing" )'),
        ),
        # HTML that differs in spacing and quote marks
        (
            check(element='<button  class="icon">\n<svg></svg></button>'),
            check(element="<button class='icon'> <svg></svg></button>"),
        ),
        # the same failing request with another query, on a test server with another port
        (
            check("http-error", element="http://127.0.0.1:53211/api/items?page=2"),
            check("http-error", element="http://127.0.0.1:40007/api/items?page=3#x"),
        ),
        # a console message naming a script on a test server's port
        (
            check("console-error", element="TypeError at http://127.0.0.1:5321/app.js:12"),
            check("console-error", element="TypeError  at http://127.0.0.1:7777/app.js:12"),
        ),
    ],
)
def test_the_same_flaw_has_the_same_key(one: Issue, other: Issue):
    assert one.key == other.key


@pytest.mark.parametrize(
    ("one", "other"),
    [
        (check(element=ICON), check("target-size", element=ICON)),
        (check(element=ICON), check(element='<button class="close"><svg></svg></button>')),
        (
            check("dead-click", locator='get_by_role("button", name="Buy")'),
            check("dead-click", locator='get_by_role("link", name="Buy")'),
        ),
        # with no name, the position is what tells two elements apart
        (check(locator='locator("li").nth(1)'), check(locator='locator("li").nth(2)')),
        (persona("No price shown"), persona("No price shown", url="http://shop.test/checkout")),
        (persona("No price shown"), persona("No price shown", url="http://other.test/cart")),
        (persona("No price shown"), persona("No total shown")),
    ],
)
def test_different_flaws_have_different_keys(one: Issue, other: Issue):
    assert one.key != other.key


def test_a_persona_title_counts_by_its_words_on_its_page():
    keys = {
        persona("No price  shown").key,
        persona("no price shown.").key,
        persona("NO PRICE SHOWN", url="http://shop.test:8080/cart/?session=1#top").key,
        persona("No ‘price’ shown").key.replace('"', ""),
    }
    assert len(keys) == 1 and keys.pop() == "persona|shop.test/cart|no price shown"


def test_ref_based_locators_do_not_name_the_element():
    assert locator_chain('locator("aria-ref=e12")') is None
    one = stamped(check("dead-click", locator='locator("aria-ref=e12")'), 1, "http://a.test/x", None)
    other = stamped(check("dead-click", locator='locator("aria-ref=e15")'), 2, "http://a.test/x?y", None)
    assert one.key == other.key and "e12" not in one.key


def test_a_locator_recorded_before_it_was_valid_python_still_keys():
    old = check(locator='locator("input[type="checkbox"]")')
    assert locator_chain(old.locator or "") is None and old.key == 'button-name|locator("input[type="checkbox"]")'


def test_the_key_is_kept_as_written():
    issue = check(element=ICON)
    written = issue.model_dump() | {"key": "button-name|from an older run"}
    assert Issue.model_validate(written).key == "button-name|from an older run"
    assert Issue.model_validate_json(issue.model_dump_json()).key == issue.key


@given(st.text(max_size=5_000), st.sampled_from(["check", "persona"]))
def test_keys_are_bounded_and_pure(text: str, source: str):
    key = issue_key(source=source, rule="r", title=text, locator=text, element=text, page=page_of("http://a.test/"))
    assert len(key) <= MAX_KEY_CHARS
    assert key == issue_key(source=source, rule="r", title=text, locator=text, element=text, page="a.test/")


@pytest.mark.parametrize(
    ("url", "page"),
    [
        ("http://Shop.test:8000/a/b/?q=1#f", "shop.test/a/b"),
        ("https://shop.test", "shop.test/"),
        ("about:blank", "about:blank"),
        ("file:///tmp/x.html", "/tmp/x.html"),
    ],
)
def test_pages_are_host_and_path(url: str, page: str):
    assert page_of(url) == page


@given(st.sampled_from(["check", "persona"]), st.integers(1, 50))
def test_trust_is_objective_for_checks_and_reproduced_from_two_sessions(source: str, sessions: int):
    trust = trust_of(source, sessions)  # type: ignore[arg-type]
    assert (trust == "objective") == (source == "check")
    assert (trust == "reproduced") == (source == "persona" and sessions >= 2)


def test_an_issue_trusts_what_its_source_allows():
    assert check().trust == "objective"
    assert persona("x").trust == "opinion"
    assert Issue.model_validate(check().model_dump() | {"trust": "opinion"}).trust == "objective"
    assert Issue.model_validate(persona("x").model_dump() | {"trust": "objective"}).trust == "opinion"
    assert Issue.model_validate(persona("x").model_dump() | {"trust": "reproduced"}).trust == "reproduced"


def test_at_least_filters_by_source_and_trust():
    reproduced = Issue.model_validate(persona("Seen twice").model_dump() | {"trust": "reproduced"})
    issues = IssueList([check(), persona("Only I think so"), reproduced, persona("Small", severity="minor")])
    assert len(issues.at_least("major")) == 3
    assert issues.at_least("minor", source="check") == [issues[0]]
    assert issues.at_least("major", source=("persona",)) == [issues[1], issues[2]]
    assert issues.at_least("major", trust=("objective", "reproduced")) == [issues[0], issues[2]]
    assert issues.at_least("cosmetic", trust="opinion") == [issues[1], issues[3]]
    with pytest.raises(UserError, match="unknown trust 'objectiv'"):
        issues.at_least("major", trust="objectiv")  # type: ignore[arg-type]
    with pytest.raises(UserError, match="unknown source 'checks'"):
        issues.at_least("major", source=("checks",))  # type: ignore[arg-type]
