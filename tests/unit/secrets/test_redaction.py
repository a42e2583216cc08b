from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_useragent.llm.base import WrapUpRequest
from pytest_useragent.records.persona import Persona
from pytest_useragent.secrets.credentials import Credentials
from pytest_useragent.secrets.redaction import MASK, Secrets


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


def test_a_password_is_masked_in_every_form_a_browser_a_page_or_a_writer_gives_it():
    from secret_scan import SECRET, SECRET_IN_A_GET_FORM, forms

    secrets = Secrets()
    secrets.add(SECRET)
    assert SECRET_IN_A_GET_FORM in forms(SECRET).values()
    for name, form in forms(SECRET).items():
        assert secrets.redact(f"before {form} after") == f"before {MASK} after", name


def test_a_credential_is_replaced_by_its_placeholder_and_a_typed_password_by_the_mask():
    secrets = Secrets(Credentials({"email": "jana@example.com", "password": "s3cret!"}))
    secrets.add("typed-elsewhere")
    text = "jana%40example.com / s3cret%21 / typed-elsewhere"
    assert secrets.redact(text) == "{{email}} / {{password}} / " + MASK
    assert secrets.values == {"jana@example.com", "s3cret!", "typed-elsewhere"}


def test_records_and_provider_requests_are_redacted_through_and_through():
    secrets = Secrets()
    secrets.add("hunter2")
    steps = [{"index": 1, "notes": ["hunter2"]}]
    request = WrapUpRequest(
        model="m",
        persona=Persona(name="Jana hunter2"),
        goal="hunter2",
        outcome="gave_up",
        summary="x hunter2",
        steps=[],
    )
    redacted = secrets.redact_record(request)
    assert (redacted.goal, redacted.summary, redacted.persona.name) == (MASK, f"x {MASK}", f"Jana {MASK}")
    assert secrets.redact_json(steps) == [{"index": 1, "notes": [MASK]}]


@pytest.mark.parametrize("where", ["goal", "summary", "name", "background", "trait"])
def test_with_no_secret_known_a_key_anywhere_in_a_request_is_still_masked(where):
    """The shortcut for a session with no secret: a record with nothing shaped like a key comes back as it is, one
    with a key anywhere (in a model inside the dataclass, in a tuple of it) is redacted whole."""
    key = "sk-ant-api03-abcDEF123"
    texts = {name: "plain" for name in ("goal", "summary", "name", "background", "trait")}
    texts[where] = f"see {key}"
    request = WrapUpRequest(
        model="m",
        persona=Persona(name=texts["name"], background=texts["background"], traits=("calm", texts["trait"])),
        goal=texts["goal"],
        outcome="gave_up",
        summary=texts["summary"],
        steps=[],
    )
    redacted = Secrets().redact_record(request)
    assert key not in repr(redacted) and f"see {MASK}" in repr(redacted)


def test_with_no_secret_known_a_clean_request_comes_back_as_it_is():
    request = WrapUpRequest(model="m", persona=Persona(name="Jana"), goal="g", outcome="gave_up", summary="s", steps=[])
    assert Secrets().redact_record(request) is request
    secrets = Secrets()
    secrets.add("hunter2")
    assert secrets.redact_record(request) is not request  # its twin: a known secret is looked for in every text


def test_files_written_before_a_secret_was_known_are_redacted_and_links_left_alone(tmp_path):
    (tmp_path / "debug").mkdir()
    (tmp_path / "debug" / "step-001-1.json").write_text(json.dumps({"text": 'pw "hunter2"'}))
    (tmp_path / "shot.jpg").write_bytes(b"\xff\xd8\xff hunter2")
    outside = tmp_path.parent / f"{tmp_path.name}-outside.txt"
    outside.write_text("hunter2")
    (tmp_path / "link.txt").symlink_to(outside)
    secrets = Secrets()
    secrets.add("hunter2")
    secrets.redact_files(tmp_path)
    assert json.loads((tmp_path / "debug" / "step-001-1.json").read_text()) == {"text": f'pw "{MASK}"'}
    assert (tmp_path / "shot.jpg").read_bytes() == b"\xff\xd8\xff hunter2" and outside.read_text() == "hunter2"


def test_a_secret_is_found_as_pages_show_it_whitespace_collapsed_and_trimmed():
    secrets = Secrets()
    secrets.add(" lead9Trail ")
    secrets.add("Ab  cd\tef~9")
    assert secrets.redact("Hi lead9Trail, welcome") == f"Hi {MASK}, welcome"
    assert "Ab cd ef" not in secrets.redact("paragraph: Ab cd ef~9 and Ab%20cd%20ef~9")
    snapshot = '- textbox "Password" [active] [ref=e7]: Ab cd ef~9'
    # told by its length as typed (a disc a character in the field), never by its value
    assert secrets.redact(snapshot) == '- textbox "Password" [active] [ref=e7]: (hidden, 11 characters)'


def test_a_field_holding_a_secret_says_how_many_characters_it_holds_and_nothing_else():
    secrets = Secrets()
    secrets.add("hunter2hunt")
    secrets.add("hunter")  # the field cut it at 6
    secrets.add("x")
    lines = [
        '- textbox "Password" [ref=e7]: hunter2hunt',
        '- textbox "Password" [ref=e8]: hunter',
        '- textbox "PIN" [ref=e9]: x',
        '- textbox "Name" [ref=e10]: Jana',
    ]
    told = secrets.redact("\n".join(lines))
    assert told.splitlines() == [
        '- textbox "Password" [ref=e7]: (hidden, 11 characters)',
        '- textbox "Password" [ref=e8]: (hidden, 6 characters)',
        '- textbox "PIN" [ref=e9]: (hidden, 1 character)',
        '- textbox "Name" [ref=e10]: Jana',  # a value no secret is kept: the field shows it
    ]
    assert "hunter" not in told and secrets.redact(told) == told  # said once, and the same when redacted again
    assert secrets.redact("typed hunter2hunt") == f"typed {MASK}"  # a secret in other text is masked, length unsaid


def test_a_secret_is_found_in_any_case_a_page_or_a_model_gives_it_and_other_words_are_kept():
    secrets = Secrets()
    secrets.add("sup3rSecret!")
    secrets.add("Straße 9")
    shown = "MARMALADE: SUP3RSECRET! Sup3rsecret! sup3rsecret%21 SUP3RSECRET%21 | STRASSE 9 straße 9"
    assert secrets.redact(shown) == f"MARMALADE: {MASK} {MASK} {MASK} {MASK} | {MASK} {MASK}"
    assert secrets.redact("Marmalade, sup3r, SECRET and Strasse") == "Marmalade, sup3r, SECRET and Strasse"


def test_what_the_harness_owns_is_kept_whole_and_the_secret_masked_everywhere_else():
    goal, folder = "Sign in to the admin panel", "/tmp/pytest-of-admin/test_admin_signs_in0/useragent"
    secrets = Secrets(Credentials({"username": "admin", "password": "admin"}), owned=[goal, folder, "test_a.py::t"])
    assert secrets.redact(goal) == goal and secrets.redact(json.dumps({"goal": goal})) == json.dumps({"goal": goal})
    assert secrets.redact(f"{folder}/docs/admin.md") == f"{folder}/docs/{{{{username}}}}.md"
    assert secrets.redact(f"{folder[:-1]}/x") == "/tmp/pytest-of-{{username}}/test_{{username}}_signs_in0/useragen/x"
    assert secrets.redact("Admin panel: ADMIN") == "{{username}} panel: {{username}}"
    assert secrets.redact_record(goal.upper()) == goal.upper()  # the goal in another case is still the test's words


def test_an_owned_text_inside_a_secret_keeps_nothing():
    """A goal that is no more than (part of) the password would otherwise keep the password wherever it stands."""
    secrets = Secrets(Credentials({"password": "correct horse"}), owned=["horse", "correct horse"])
    assert secrets.redact("my correct horse, a horse") == "my {{password}}, a horse"
