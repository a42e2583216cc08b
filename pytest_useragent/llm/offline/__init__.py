"""The offline persona engine: deterministic, model-free, and honest about being so. It reads the page (`page`),
remembers what it tried (`memory`), judges its last expectation (`judge`), makes one move (`moves`; `operate` for a
goal that operates a widget, `widget` reading such goals and states; `choices` the answers a form's goal names;
`keyboard` the move made with keys), in the goal's and the page's language (`lexicon`, a table a language in
`words/`), and answers the questions after a session from its counts (`debrief`); `engine` is the provider over
them."""

from __future__ import annotations

__all__ = [
    "choices",
    "debrief",
    "engine",
    "form",
    "judge",
    "keyboard",
    "lexicon",
    "memory",
    "moves",
    "operate",
    "page",
    "step",
    "widget",
]
"""Its modules, each one idea (docs/architecture.md)."""
