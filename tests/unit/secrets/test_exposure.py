"""The warning at a session's start when a credential's value is also text of the goal or the start page: which
values, where, and never printing a value that only a page shows unless it is a plain word."""

from __future__ import annotations

import warnings

import pytest

from pytest_useragent.errors import UserError
from pytest_useragent.secrets.credentials import Credentials
from pytest_useragent.secrets.exposure import CredentialWarning, exposures, warn_exposed
from pytest_useragent.secrets.redaction import Secrets

ADMIN = Credentials({"username": "admin", "password": "admin"})


def test_a_common_word_in_the_goal_and_on_the_page_is_one_line_naming_both_credentials():
    assert exposures(ADMIN, "Sign in to the admin panel", "Admin panel\nSign in") == [
        "the username and the password are the word 'admin', in the goal and shown on the page: it will be masked "
        "in page text too, in any case; use a test-only value"
    ]


@pytest.mark.parametrize(
    ("goal", "page", "where"),
    [("Sign in as ADMIN", "Shop", "in the goal"), ("Sign in", "Welcome, Admin", "shown on the page")],
)
def test_either_place_is_enough(goal, page, where):
    assert [line.split(": ")[0] for line in exposures(ADMIN, goal, page)] == [
        f"the username and the password are the word 'admin', {where}"
    ]


def test_a_value_nothing_shows_warns_of_nothing():
    assert exposures(ADMIN, "Sign in to the shop", "Shop\nSign in") == []
    assert exposures(Credentials({"pin": "ad"}), "admin", "admin") == []  # too short to be looked for in text


def test_a_password_a_page_shows_is_not_printed_unless_it_is_a_plain_word_or_in_the_goal():
    strong = Credentials({"password": "Tr0ub4dor&3"})
    assert exposures(strong, "Sign in", "Your password: Tr0ub4dor&3") == [
        "the password is a value, shown on the page: it will be masked in page text too, in any case; "
        "use a test-only value"
    ]
    assert "'Tr0ub4dor&3'" in exposures(strong, "Sign in with Tr0ub4dor&3", "")[0]  # the test's source holds it


def test_the_page_is_read_only_when_a_credential_could_be_on_it():
    def unread() -> str:
        raise AssertionError("read")

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warn_exposed(Secrets(Credentials({"pin": "12"})), "Sign in", unread)
        warn_exposed(Secrets(), "Sign in", unread)


def test_the_warning_points_at_the_caller_and_an_error_filter_makes_it_a_user_error():
    with pytest.warns(CredentialWarning, match="the word 'admin', in the goal") as caught:
        warn_exposed(Secrets(ADMIN), "Sign in as admin", lambda: "")
    assert len(caught) == 1 and caught[0].filename == __file__
    secrets = Secrets(ADMIN)
    with warnings.catch_warnings():
        warnings.simplefilter("error", CredentialWarning)
        with pytest.raises(
            UserError, match=r"^the username and the password are the word 'admin', in the goal"
        ) as raised:
            warn_exposed(secrets, "Sign in as admin", lambda: "")
    assert secrets.redact(str(raised.value)) == str(raised.value)  # the session's failure keeps the line whole
