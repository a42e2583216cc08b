"""A journey exported from the fixed Corner Shop is a plain Playwright test: it passes on the fixed shop and fails on
the flawed one, where the Careers link is broken (a 404)."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_useragent.replay.journey import journey, write

ALONE_CONFTEST = """
import os
import pytest

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_type):
    found = os.path.exists(browser_type.executable_path)  # this machine has the system's Chromium only
    return {**browser_type_launch_args, **({} if found else {"executable_path": "/usr/bin/chromium"})}


@pytest.fixture(autouse=True)
def known_soon(page):
    # what this journey misses on a broken deployment is missing for good: a failure known in 2 s, not in
    # Playwright's 30 (an action) or 5 (an expect)
    from playwright.sync_api import expect

    page.set_default_timeout(2000)
    expect.set_options(timeout=2000)
"""


def test_a_journey_exported_from_the_fixed_shop_fails_on_the_flawed_one(
    session: Any, fixed: str, flawed: str, pytester: pytest.Pytester
):
    result = session("Find a job opening in careers", fixed + "/")
    found = journey(result, "tests/demo/test_shop.py::test_careers[chromium]")
    assert found is not None, [step.outcome.message for step in result.steps]
    assert 'page.get_by_role("link", name="Careers").click()' in found.steps
    path = write(found, pytester.path)
    pytester.makeconftest(ALONE_CONFTEST)
    pytester.makeini("[pytest]\n")
    args = ("-p", "no:useragent", "-p", "no:cacheprovider", str(path))

    pytester.runpytest_subprocess(*args, f"--base-url={fixed}", timeout=240).assert_outcomes(passed=1)
    broken = pytester.runpytest_subprocess(*args, f"--base-url={flawed}", timeout=240)
    broken.assert_outcomes(failed=1)
    broken.stdout.fnmatch_lines(["*to_contain_text*"])
