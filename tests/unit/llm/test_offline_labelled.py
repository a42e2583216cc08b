"""A question no kind of answer fits ("who is", "the name of", 「名前を教えて」) is answered by the value a label names:
a definition list's definition after its term (a company profile's 代表者名 | 鵜狩五郎), a table row's cell after its
row header; the twins: a label that names something else the goal does not ask for, and a statement, not a question,
answer nothing."""

from __future__ import annotations

import pytest
from offline_steps import steps

PROFILE = {
    "ja": ("株式会社Komaru", "会社概要", [("社名", "株式会社Komaru"), ("所在地", "駒瑠市駒瑠町 1-23-45"),
                                   ("代表者名", "鵜狩五郎（うかり・ごろう）"), ("代表電話番号", "090-1234-5678")]),
    "en": ("Komaru Inc.", "Company profile", [("Company", "Komaru Inc."), ("Address", "1-23-45 Komaru"),
                                            ("Representative", "Goro Ukari"), ("Phone", "090-1234-5678")]),
}  # fmt: skip


def profile(lang: str, table: bool = False) -> str:
    """The company's profile as a definition list, or as a table whose rows are headed by their labels."""
    site, section, pairs = PROFILE[lang]
    lines = [f'- heading "{site}" [level=1] [ref=e1]', f'- heading "{section}" [level=2] [ref=e2]']
    for n, (label, value) in enumerate(pairs):
        if table:
            lines += [f'- row "{label} {value}" [ref=r{n}]:', f'  - rowheader "{label}" [ref=h{n}]']
            lines += [f'  - cell "{value}" [ref=c{n}]']
        else:
            lines += [f"- term [ref=t{n}]: {label}", f"- definition [ref=d{n}]: {value}"]
    return "\n".join(lines)


ASKED = [
    ("ja", "株式会社Komaruの代表者の名前を教えてください", "鵜狩五郎（うかり・ごろう）"),
    ("en", "What is the name of Komaru's representative?", "Goro Ukari"),
    ("en", "Who is Komaru's representative?", "Goro Ukari"),
]


@pytest.mark.parametrize("table", [False, True], ids=["list", "table"])
@pytest.mark.parametrize(("lang", "goal", "value"), ASKED)
def test_a_question_is_answered_by_the_value_its_label_names(lang, goal, value, table):
    (step,) = steps(goal, [profile(lang, table)], lang)
    assert (step.action.kind, step.action.evidence) == ("done", value)


@pytest.mark.parametrize(
    ("lang", "goal"),
    [
        ("en", "What is the name of Komaru's accountant?"),  # no label names the accountant
        ("ja", "株式会社Komaruの経理担当者の名前を教えてください"),
        ("en", "Find Komaru's representative and send them a message"),  # a task: the value shows nothing done
    ],
)
def test_no_label_naming_what_is_asked_answers_nothing(lang, goal):
    (step,) = steps(goal, [profile(lang)], lang)
    assert step.action.kind != "done"
