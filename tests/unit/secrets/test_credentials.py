from __future__ import annotations

import pytest

from pytest_useragent.errors import UserError
from pytest_useragent.llm.offline.page import credential_for
from pytest_useragent.secrets.credentials import Credentials, UnknownPlaceholder

ENVIRONMENT = {"SHOP_PASSWORD": "s3cret", "EMPTY": ""}


def test_values_come_from_the_environment_by_dollar_name():
    given = {"email": "jana@example.com", "password": "$SHOP_PASSWORD", "braced": "${SHOP_PASSWORD}", "cost": "$$5"}
    assert Credentials.resolve(given, ENVIRONMENT).values == {
        "email": "jana@example.com",
        "password": "s3cret",
        "braced": "s3cret",
        "cost": "$5",
    }


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"password": "$MISSING"}, "credential 'password': environment variable MISSING is not set"),
        ({"pass word": "x"}, "credential name 'pass word': use letters, digits and _ (it becomes {{pass word}})"),
        ({"pin": 1234}, "credential 'pin': the value must be a string, got int"),
        (["password"], "credentials must be a mapping of name to value"),
    ],
)
def test_a_bad_credential_is_one_line(given, message):
    with pytest.raises(UserError) as raised:
        Credentials.resolve(given, ENVIRONMENT)
    assert str(raised.value).startswith(message) and "\n" not in str(raised.value)


def test_credentials_that_are_not_a_mapping_are_refused_without_showing_them():
    """The values are passwords: the message goes to the terminal, junit and the report."""
    with pytest.raises(UserError) as raised:
        Credentials.resolve([("password", "s3cret")], ENVIRONMENT)
    assert str(raised.value) == ("credentials must be a mapping of name to value, e.g. {'password': '$PW'}; got a list")


def test_later_credentials_win_by_name():
    merged = Credentials.resolve({"email": "a@x", "password": "one"}, {}).merged({"password": "two"}, {})
    assert merged.values == {"email": "a@x", "password": "two"}
    assert merged.placeholders == ["{{email}}", "{{password}}"]


def test_placeholders_are_filled_and_an_unknown_one_is_refused():
    credentials = Credentials({"email": "a@x", "password": "p"})
    assert credentials.fill("{{email}} and {{ password }}; {not one}") == "a@x and p; {not one}"
    with pytest.raises(UnknownPlaceholder, match=r"^no credential \{\{pin\}\} \(you have: \{\{email\}\}, "):
        credentials.fill("{{pin}}")


@pytest.mark.parametrize(
    ("field", "expected"),
    [("E-mail", "{{email}}"), ("Password", "{{password}}"), ("User name", "{{user_name}}"), ("Phone", None)],
)
def test_the_offline_engine_finds_the_credential_a_field_asks_for(field, expected):
    assert credential_for(field, ["{{email}}", "{{password}}", "{{user_name}}"]) == expected
