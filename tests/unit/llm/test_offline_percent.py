"""A question for a share in per cent ("what percentage", "wie viel Prozent", 「何パーセント」) is answered by a text
that shows one with the goal's words around it, an image's alt too (a survey's chart whose alt gives its figures);
the twins: the chart without an alt, and a page whose figure is of something else, answer nothing."""

from __future__ import annotations

import pytest
from offline_steps import steps

from pytest_useragent.llm.offline.kinds import answer_kind
from pytest_useragent.llm.offline.lexicon import lexicon

HEADINGS = {
    "ja": ("株式会社Komaru", "先月のアンケート結果", "先月実施したKomaru満足度アンケートの結果は以下のとおりでした。", "満足"),
    "en": ("Komaru Inc.", "Last month's survey", "The results of the Komaru satisfaction survey we ran last month.", "Satisfied"),
    "de": ("Komaru GmbH", "Umfrage des letzten Monats", "So fiel die Zufriedenheitsumfrage von Komaru im letzten Monat aus.", "Zufrieden"),
}  # fmt: skip
ASKED = {
    "ja": ("先月のKomaru満足度アンケートで「満足」と答えた人は何パーセントでしたか？", "満足 70%、不満 30%"),
    "en": (
        "What percentage of people answered 'Satisfied' in last month's Komaru satisfaction survey?",
        "Satisfied 70%, dissatisfied 30%",
    ),
    "de": (
        "Wie viel Prozent haben in der Zufriedenheitsumfrage von Komaru im letzten Monat „zufrieden“ geantwortet?",
        "Zufrieden 70 %, unzufrieden 30 %",
    ),
}


def survey_page(lang: str, alt: str) -> str:
    """A one-page site: the survey's form (its radio named as the goal quotes), then last month's results as a chart."""
    site, results, paragraph, choice = HEADINGS[lang]
    image = f'  - img "{alt}" [ref=e7]' if alt else "  - img [ref=e7]"
    return "\n".join(
        [
            f'- heading "{site}" [level=1] [ref=e1]',
            "- main [ref=e2]:",
            '  - heading "Survey" [level=2] [ref=e3]',
            f'  - radio "{choice}" [ref=e4]',
            '  - button "Send" [ref=e5]',
            f'  - heading "{results}" [level=3] [ref=e6]',
            f"  - paragraph [ref=e8]: {paragraph}",
            image,
        ]
    )


@pytest.mark.parametrize("lang", sorted(ASKED))
def test_a_share_in_per_cent_is_answered_from_the_charts_alt_and_never_without_one(lang):
    goal, alt = ASKED[lang]
    assert answer_kind(goal, lexicon(goal, lang)).name == "percent"
    (found,) = steps(goal, [survey_page(lang, alt)], lang)
    assert (found.action.kind, found.action.evidence) == ("done", alt)  # not the survey's form, filled in
    (none,) = steps(goal, [survey_page(lang, "")], lang)
    assert none.action.kind == "give_up"


def test_a_figure_of_something_else_answers_no_share_asked_for():
    goal = "What percentage of the library's budget goes to new books?"
    (step,) = steps(goal, [survey_page("en", ASKED["en"][1])])
    assert step.action.kind == "give_up"


def test_how_many_is_still_a_number_and_how_many_percent_a_share():
    assert answer_kind("How many people answered the survey?").name == "number"
    assert answer_kind("How many percent answered 'Satisfied'?").name == "percent"
