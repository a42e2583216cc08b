from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pytest_useragent.redaction import MASK, Secrets


def test_known_secrets_and_their_url_forms_are_masked():
    secrets = Secrets()
    secrets.add("p@ss word")
    text = "typed p@ss word; GET /login?pw=p%40ss+word and /x/p%40ss%20word"
    assert secrets.redact(text) == f"typed {MASK}; GET /login?pw={MASK} and /x/{MASK}"


def test_api_keys_are_masked_even_when_unknown():
    assert Secrets().redact("Bearer sk-ant-api03-abc_DEF-123") == f"Bearer {MASK}"


def test_json_values_are_redacted_recursively():
    secrets = Secrets()
    secrets.add("hunter2")
    value = {"a": ["hunter2", {"b": "x hunter2 y"}], "n": 3}
    assert secrets.redact_json(value) == {"a": [MASK, {"b": f"x {MASK} y"}], "n": 3}


@given(st.text(min_size=3, alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"])), st.text())
def test_a_secret_never_survives_redaction(secret, around):
    secrets = Secrets()
    secrets.add(secret)
    assert secret not in secrets.redact(around + secret + around).replace(MASK, "")
