"""A question the offline engine has no answer kind for ("What services does TechShop offer?") is answered by what
the heading that names its subject heads, never by that heading or one that repeats the goal's words (a false done
on a real site: evidence "TechSolutions" for "¿Qué servicios ofrece TechSolutions?"), nor by the first section under
the page's own first-level heading; and a message that a value is not valid confirms nothing. A goal to find a page is
still reached by the heading that names it."""

from __future__ import annotations

from pathlib import Path
from tempfile import mkdtemp

from pytest_useragent import OfflineProvider, Persona
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.offline.goal import headed
from pytest_useragent.llm.offline.lexicon import lexicon
from pytest_useragent.llm.offline.page import parse_snapshot, refuses
from pytest_useragent.records import Action, ActionOutcome, Observation

SERVICES = """- heading "TechShop" [level=1] [ref=e1]
- heading "Our services" [level=2] [ref=e2]
- heading "Web development" [level=3] [ref=e3]
- paragraph [ref=e4]: Modern, working web sites
- heading "Mobile apps" [level=3] [ref=e5]
- heading "About us" [level=2] [ref=e6]
- heading "Our story" [level=3] [ref=e7]"""


def decided(goal: str, snapshot: str) -> Action:
    request = StepRequest(
        model="offline", persona=Persona("Ana"), goal=goal, step=2, max_steps=9, summary="",
        observation=Observation(url="http://x/#services", title="TechShop", snapshot=snapshot, lang="en"),
        last_action="click e9: Services", last_outcome=ActionOutcome(ok=True, message="clicked"),
        expectation="the services",
    )  # fmt: skip
    budget = Budget(PriceBook.load(), RunLedger.create(Path(mkdtemp()) / "ledger.json", 1))
    reply = OfflineProvider().decide(request, budget)
    assert reply.value is not None
    return reply.value.action


def test_the_headings_a_heading_heads():
    elements = parse_snapshot(SERVICES)
    assert headed(elements, "Our services") == ["Web development", "Mobile apps"]
    assert headed(elements, "Mobile apps") == [] and headed(elements, "Nowhere") == []


def test_a_question_is_answered_by_what_its_subject_s_heading_heads_never_by_the_heading():
    action = decided("What services does TechShop offer?", SERVICES)
    assert (action.kind, action.evidence) == ("done", "Web development")
    # the twin: the section names no services, so nothing on the page answers: no done
    bare = "\n".join(line for line in SERVICES.splitlines() if "level=3" not in line)
    action = decided("What services does TechShop offer?", bare)
    assert action.kind != "done" or action.evidence not in ("TechShop", "Our services"), action


def test_a_goal_to_find_a_page_is_still_reached_by_the_heading_that_names_it():
    action = decided("Find the services of TechShop", SERVICES)
    assert (action.kind, action.evidence) == ("done", "Our services")


COMPANY = """- heading "Komaru Inc." [level=1] [ref=e1]
- heading "What we do" [level=2] [ref=e2]
- heading "Web design" [level=3] [ref=e3]
- heading "Company overview" [level=2] [ref=e4]
- paragraph [ref=e5]: "Representative: Goro Ukari"
- heading "Contact" [level=2] [ref=e6]"""


def decided_on(goal: str, snapshot: str, title: str, lang: str) -> Action:
    request = StepRequest(
        model="offline", persona=Persona("Ana"), goal=goal, step=2, max_steps=9, summary="",
        observation=Observation(url="http://x/", title=title, snapshot=snapshot, lang=lang),
        last_action="click e9: home", last_outcome=ActionOutcome(ok=True, message="clicked"), expectation="home",
    )  # fmt: skip
    budget = Budget(PriceBook.load(), RunLedger.create(Path(mkdtemp()) / "ledger.json", 1))
    reply = OfflineProvider().decide(request, budget)
    assert reply.value is not None
    return reply.value.action


def test_a_question_under_a_heading_that_names_only_the_site_is_never_answered_by_it():
    # a false done on a held-out Japanese site: "株式会社Komaru" claimed for the name of its representative
    for goal in ("Tell me the name of Komaru Inc.'s representative", "Who is the representative of Komaru Inc.?"):
        action = decided_on(goal, COMPANY, "Komaru Inc.", "en")
        assert action.kind != "done" or action.evidence not in ("Komaru Inc.", "What we do", "Web design"), action
    japanese = COMPANY.replace("Komaru Inc.", "株式会社Komaru").replace("What we do", "事業内容")
    japanese = japanese.replace("Web design", "ウェブ制作")
    action = decided_on("株式会社Komaruの代表者の名前を教えてください", japanese, "株式会社Komaru", "ja")
    assert action.kind != "done" or action.evidence not in ("株式会社Komaru", "事業内容", "ウェブ制作"), action
    # the twin: a goal to find the company's page is reached by the heading that names it
    assert decided_on("Find Komaru Inc.", COMPANY, "Komaru Inc.", "en").kind == "done"


AGENCY = """- heading "Agence La Panthère" [level=1] [ref=e1]
- heading "Web design" [level=3] [ref=e2]
- paragraph [ref=e3]: Des sites à votre image.
- heading "Stratégie" [level=3] [ref=e4]
- paragraph [ref=e5]: "Agence La Panthère - Agence web basée à Lyon."
- status [ref=e6]: Not a valid email address"""


def test_a_question_whose_words_name_the_pages_own_title_heading_is_not_answered_by_its_first_section():
    # a false done on a French site whose <title> says nothing: "Web design" claimed for the agency's city
    action = decided_on("Dans quelle ville l'agence La Panthère est-elle installée ?", AGENCY, ".", "fr")
    assert action.kind != "done" or action.evidence != "Web design", action
    # the twin: a section heading under a second-level heading still answers (`test_a_question_is_answered_by...`)
    assert decided("What services does TechShop offer?", SERVICES).evidence == "Web development"


def test_a_message_that_a_value_is_not_valid_is_no_confirmation_in_any_language():
    assert refuses("Not a valid email address", lexicon("Écrivez à l'agence"))
    assert refuses("This is not valid.") and not refuses("Valid until May") and not refuses("Message sent.")


def test_a_question_that_quotes_a_sections_heading_is_answered_by_the_text_under_it():
    goal = "Que propose l'agence dans son service « Stratégie » ? Répondez en une phrase."
    action = decided_on(goal, AGENCY, ".", "fr")
    assert (action.kind, action.evidence) == ("done", "Agence La Panthère - Agence web basée à Lyon.")
    # the twin: a section with no text under its heading answers nothing
    bare = AGENCY.replace('- paragraph [ref=e5]: "Agence La Panthère - Agence web basée à Lyon."\n', "")
    action = decided_on(goal, bare, ".", "fr")
    assert action.kind != "done" or "Lyon" not in (action.evidence or ""), action
