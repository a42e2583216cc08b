"""How the suite finds the app it tests.

By default the Corner Shop in ./shop is served on 127.0.0.1 with its planted flaws; `--shop=fixed` serves the
repaired shop, so the same tests show the difference. Point the suite at your own deployment with SHOP_URL:

    SHOP_URL=https://staging.example.com pytest example_project
"""

import os

import pytest
from shop.app import serve


def pytest_addoption(parser):
    parser.addoption("--shop", choices=("flawed", "fixed"), default="flawed", help="which Corner Shop to serve")


def pytest_collection_modifyitems(config, items):
    """Tests marked `flaw` fail on the flawed shop by design: expect it (strictly) there, and only there."""
    if config.getoption("--shop") == "fixed" or os.environ.get("SHOP_URL"):
        return
    for item in items:
        flaw = item.get_closest_marker("flaw")
        if flaw is not None:
            # raises=: only the flaw's failed assertion is expected; a test that could not even set up (no browser,
            # a bad option) is an error, never counted as the flaw it did not get to see
            item.add_marker(
                pytest.mark.xfail(reason=f"planted flaw: {flaw.args[0]}", strict=True, raises=AssertionError)
            )


@pytest.fixture(scope="session")
def shop_url(pytestconfig):
    if os.environ.get("SHOP_URL"):
        yield os.environ["SHOP_URL"].rstrip("/")
        return
    with serve(fixed=pytestconfig.getoption("--shop") == "fixed") as url:
        yield url
