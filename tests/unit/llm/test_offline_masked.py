"""The offline engine when the session masks what it typed: a goal that quotes a password has it typed once, though
the note the session hands back says `typed #1 "••••••"` (the session masks a password in every note, never in the
goal), and then the form is sent; it used to type the password again every step."""

from __future__ import annotations

from offline_steps import steps

LOGIN = """- main [ref=e1]:
  - heading "Iniciar Sesión" [level=1] [ref=e2]
  - textbox "Correo electrónico" [ref=e3]
  - textbox "Contraseña" [ref=e4]
  - button "Iniciar sesión" [ref=e5]"""
TYPED = LOGIN.replace('"Correo electrónico" [ref=e3]', '"Correo electrónico" [ref=e3]: john@comprafacil.com')
BOTH = TYPED.replace('"Contraseña" [ref=e4]', '"Contraseña" [ref=e4]: ••••••')
GOAL = "Inicia sesión con el correo «john@comprafacil.com» y la contraseña «comprafacil1234»"


def test_a_password_the_goal_quotes_is_typed_once_though_the_note_masks_it():
    made = steps(GOAL, [LOGIN, TYPED, BOTH], lang="es", secret="comprafacil1234")
    kinds = [(d.action.kind, d.action.ref, d.action.text) for d in made]
    assert kinds == [
        ("type", "e3", "john@comprafacil.com"),
        ("type", "e4", "comprafacil1234"),
        ("click", "e5", None),
    ]
    assert "••••••" not in made[1].summary  # the engine's own note holds it; the session masks it


def test_the_twin_a_note_handed_back_as_written_types_each_value_once_too():
    made = steps(GOAL, [LOGIN, TYPED, BOTH], lang="es")
    assert [d.action.kind for d in made] == ["type", "type", "click"]
