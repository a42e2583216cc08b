from __future__ import annotations

from pytest_useragent import OfflineProvider, Persona
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.offline.goal import parts
from pytest_useragent.llm.offline.memory import Expected, Memory
from pytest_useragent.llm.offline.page import goal_words, matches, parse_snapshot, proof
from pytest_useragent.records import ActionOutcome, Observation

CLICKED = ActionOutcome(ok=True, message="clicked")
LEDGER = __import__("pathlib").Path(__import__("tempfile").mkdtemp()) / "ledger.json"

SNAPSHOT = """- generic [ref=e1]:
  - navigation [ref=e2]:
    - link "Pricing" [ref=e3] [cursor=pointer]:
      - /url: /pricing.html
    - link "About us" [ref=e4] [cursor=pointer]:
  - heading "Welcome" [level=1] [ref=e6]
  - searchbox "Search products" [ref=f2e7]
  - button "Go" [ref=e8]"""


def ask(
    goal: str,
    snapshot: str = SNAPSHOT,
    summary: str = "",
    title: str = "Shop",
    *,
    tried: tuple[str, ...] = (),
    expected: Expected | None = None,
    **last: object,
):
    """The engine's decision at a step; `tried` and `expected` are its memory of the steps before, as its note."""
    if expected is not None:
        last["expectation"] = expected.sentence
    if tried or expected:
        summary = Memory(tried=tried, expected=expected).write()
    request = StepRequest(
        model="offline",
        persona=Persona("Alex"),
        goal=goal,
        step=1,
        max_steps=5,
        summary=summary,
        observation=Observation(url="http://x/", title=title, snapshot=snapshot),
        **last,
    )
    reply = OfflineProvider().decide(request, Budget(PriceBook.load(), RunLedger.create(LEDGER, 1)))
    assert reply.value is not None
    return reply.value


def test_snapshot_lines_become_elements():
    elements = parse_snapshot(SNAPSHOT)
    assert ("link", "Pricing", "e3") in [(e.role, e.name, e.ref) for e in elements]
    assert ("searchbox", "Search products", "f2e7") in [(e.role, e.name, e.ref) for e in elements]


def test_goal_words_drop_stopwords_and_quoted_values():
    assert goal_words("Find what the Pro plan costs") == ["pro", "plan"]
    assert goal_words("Search for 'milk' in products") == ["search", "products"]


def test_clicks_what_names_the_goal_and_says_what_it_expects():
    decision = ask("Find the pricing")
    assert decision.action.kind == "click" and decision.action.ref == "e3"
    assert decision.expectation == 'The page I reach mentions "Pricing".'
    assert decision.evaluation is None


def test_types_quoted_values_then_presses_enter():
    first = ask("Search for 'oat milk'")
    assert (first.action.kind, first.action.ref, first.action.text) == ("type", "f2e7", "oat milk")
    second = ask("Search for 'oat milk'", summary=first.summary)
    assert (second.action.kind, second.action.key) == ("press", "Enter")


def test_done_when_the_target_heads_the_page():
    page = '- heading "Pricing" [level=1] [ref=e2]\n- link "Home" [ref=e3]'
    decision = ask(
        "Find the pricing",
        snapshot=page,
        title="Pricing",
        expectation='The page I reach mentions "Pricing".',
        last_action="click e3",
        last_outcome=CLICKED,
    )
    assert decision.action.kind == "done" and decision.evaluation and decision.evaluation.verdict == "met"


def test_gives_up_when_nothing_untried_matches():
    decision = ask("Find the pricing", tried=('link "Pricing"',))
    assert decision.action.kind == "give_up"


def test_an_unmet_expectation_is_a_reported_issue():
    decision = ask(
        "Find the careers",
        snapshot='- heading "About us" [level=1] [ref=e1]',
        title="About",
        expected=Expected(kind="mentions", target="Careers"),
        last_action="click e5",
        last_outcome=CLICKED,
    )
    assert decision.evaluation and decision.evaluation.verdict == "unmet"
    assert [issue.title for issue in decision.issues] == ['"Careers" did not lead where its label says']


def test_a_failed_action_is_unmet_with_a_major_issue():
    decision = ask(
        "Find the pricing",
        expectation="x",
        last_action="click e3",
        last_outcome=ActionOutcome(ok=False, message="Timeout"),
    )
    assert decision.evaluation and decision.evaluation.verdict == "unmet"
    assert decision.issues[0].severity == "major"


def test_a_dead_click_is_unmet_by_its_flag():
    dead = ActionOutcome(ok=True, message="clicked; the page did not move", dead_click=True)
    decision = ask("Find the pricing", expectation="x", last_action="click e3", last_outcome=dead)
    assert decision.evaluation and decision.evaluation.verdict == "unmet" and not decision.issues
    alive = ask("Find the pricing", expectation="x", last_action="click e3", last_outcome=CLICKED)
    assert alive.evaluation and alive.evaluation.verdict == "met"


def test_words_match_by_shared_stem():
    assert matches("pricing", "Our prices") and matches("plan", "Plans") and matches("pro", "Pro plan")
    assert not matches("pricing", "Privacy") and not matches("pro", "Approach")


def test_a_goal_with_no_content_words_gives_up_instead_of_claiming_success():
    assert ask("Find it for me").action.kind == "give_up"


def test_an_error_page_is_a_surprise_and_an_issue():
    decision = ask(
        "Find the careers",
        snapshot='- heading "Page not found" [level=1] [ref=e1]',
        title="Not found",
        expected=Expected(kind="mentions", target="Careers"),
        last_action="click e5",
        last_outcome=CLICKED,
    )
    assert decision.evaluation and decision.evaluation.verdict == "surprised"
    assert decision.issues[0].title == '"Careers" led to an error page' and decision.issues[0].severity == "major"


def test_the_wrap_up_scores_met_expectations_and_halves_a_goal_not_reached():
    from pytest_useragent.llm.base import WrapUpRequest
    from pytest_useragent.testing.synthetic import session_result

    steps = session_result(steps=4, met=3).steps  # 3 of 3 evaluated expectations met
    budget = Budget(PriceBook.load(), RunLedger.create(LEDGER, 1))
    for outcome, score in (("goal_achieved", 10), ("gave_up", 5)):
        request = WrapUpRequest(
            model="offline", persona=Persona("Alex"), goal="g", outcome=outcome, summary="", steps=steps
        )
        wrap = OfflineProvider().wrap_up(request, budget).value
        assert wrap is not None and wrap.intuitiveness == score and outcome.replace("_", " ") in wrap.rationale
        assert "3 of 3 expectations met" in wrap.rationale
    nothing = WrapUpRequest(model="offline", persona=Persona("Alex"), goal="g", outcome="gave_up", summary="", steps=[])
    wrap = OfflineProvider().wrap_up(nothing, budget).value
    assert wrap is not None and "no expectation judged" in wrap.rationale and "0 of 0" not in wrap.rationale


# ---- a task is finished, then proven: never done because the page is about the goal's words ----

BOOKING = """- navigation [ref=e2]:
  - link "Book a tour" [ref=e3] [cursor=pointer]
- heading "Book a tour" [level=1] [ref=e4]
- textbox "Your name" [ref=e5]: Alex
- button "Book" [ref=e6] [cursor=pointer]
- status [ref=e7]"""
AFTER_LINK = ('link "Book a tour"',)
BOOK = Expected(kind="confirms", target="Book")


def test_a_page_about_the_task_is_not_the_task_done():
    decision = ask(
        "Book a tour",
        snapshot=BOOKING,
        title="Book a tour",
        tried=AFTER_LINK,
        expected=Expected(kind="mentions", target="Book a tour"),
        last_action="click e3",
        last_outcome=CLICKED,
    )
    assert (decision.action.kind, decision.action.ref) == ("click", "e6")
    assert decision.expectation == 'The page confirms that "Book" went through.'


def test_a_new_status_after_its_own_action_is_the_evidence_it_names():
    booked = BOOKING.replace("- status [ref=e7]", "- status [ref=e7]: Booked for Saturday 10:00")
    tried = (*AFTER_LINK, 'button "Book"')
    last = {"last_action": "click e6", "last_outcome": CLICKED}
    decision = ask("Book a tour", snapshot=booked, tried=tried, expected=BOOK, **last)
    assert decision.action.kind == "done" and decision.action.evidence == "Booked for Saturday 10:00"
    assert decision.evaluation is not None and decision.evaluation.verdict == "met"


def test_a_refusal_is_no_evidence_and_a_silent_page_is_a_finding():
    refused = BOOKING.replace("- status [ref=e7]", '- alert [ref=e7]: "Sorry: every tour is taken."')
    tried, last = (*AFTER_LINK, 'button "Book"'), {"last_action": "click e6", "last_outcome": CLICKED}
    decision = ask("Book a tour", snapshot=refused, tried=tried, expected=BOOK, **last)
    assert decision.action.kind == "give_up" and decision.evaluation and decision.evaluation.verdict == "unmet"
    silent = ask("Book a tour", snapshot=BOOKING, tried=tried, expected=BOOK, **last)
    assert silent.action.kind == "give_up" and silent.action.reason == "nothing on the page shows that it went through"
    assert [issue.title for issue in silent.issues] == ['No confirmation after "Book"']


def test_a_status_already_there_before_it_acted_is_not_news():
    ready = BOOKING.replace("- status [ref=e7]", "- status [ref=e7]: Booked for Saturday 10:00")
    first = ask("Book a tour", snapshot=ready)
    assert first.action.kind != "done" and '"Booked for Saturday 10:00"' in first.summary
    remembered = Memory.read(first.summary)
    clicked = remembered.model_copy(update={"tried": (*remembered.tried, 'button "Book"')}).write()
    again = ask("Book a tour", snapshot=ready, summary=clicked)
    assert again.action.kind != "done"


TODOS = """- heading "todos" [level=1] [ref=e1]
- textbox "New todo" [ref=e2]{typed}
- list [ref=e3]:
  - listitem [ref=e4]:
    - checkbox "Mark as done" [ref=e5]
    - text: water the plants
{added}"""


def test_typed_text_is_sent_with_enter_and_proven_only_by_the_list():
    typed = TODOS.format(typed=": buy milk", added="")
    after_typing = ask("Add a todo 'buy milk'", snapshot=typed, tried=('typed "buy milk"',))
    assert (after_typing.action.kind, after_typing.action.key) == ("press", "Enter")  # not done: nothing was added
    added = TODOS.format(
        typed="", added='  - listitem [ref=e6]:\n    - checkbox "Mark as done" [ref=e7]\n    - text: buy milk'
    )
    done = ask("Add a todo 'buy milk'", snapshot=added, tried=('typed "buy milk"', 'pressed "Enter"'))
    assert done.action.kind == "done" and done.action.evidence == "buy milk"


def test_a_done_that_was_not_taken_ends_in_giving_up_not_in_claiming_again():
    from pytest_useragent.records import Claim

    request_claim = Claim(step=3, evidence="Booked", found_in="page", success=False)
    decision = ask_with_claim("Book a tour", request_claim)
    assert decision.action.kind == "give_up" and "success check" in (decision.action.reason or "")
    assert decision.evaluation is not None and decision.evaluation.verdict == "unmet" and not decision.issues


def ask_with_claim(goal: str, claim):
    request = StepRequest(
        model="offline",
        persona=Persona("Alex"),
        goal=goal,
        step=4,
        max_steps=5,
        summary="",
        observation=Observation(url="http://x/", title="Shop", snapshot=BOOKING),
        expectation="Nothing more: the goal is reached.",
        last_action="done",
        last_outcome=ActionOutcome(ok=False, message="not done", claim=claim),
    )
    reply = OfflineProvider().decide(request, Budget(PriceBook.load(), RunLedger.create(LEDGER, 1)))
    assert reply.value is not None
    return reply.value


def test_a_region_still_at_work_has_not_answered_yet():
    busy = BOOKING.replace("- status [ref=e7]", "- status [ref=e7]: Loading your booking")
    decision = ask("Book a tour", snapshot=busy, tried=(*AFTER_LINK, 'button "Book"'))
    assert decision.action.kind != "done"


def test_the_engine_reads_back_only_its_own_typed_note():
    first = ask("Find the pricing")
    assert Memory.read(first.summary).expected == Expected(kind="mentions", target="Pricing")
    mixed = "(2 earlier notes dropped)\nI clicked Pricing, as a model would note it\n" + first.summary
    assert Memory.read(mixed) == Memory.read(first.summary)
    # a model's notes, or a note cut or tampered with, are no state: the engine starts afresh rather than misread
    assert Memory.read('Tried: link "Pricing". Unmet in a row: 5') == Memory()
    assert Memory.read(first.summary[:-5]) == Memory()


def test_the_note_stays_within_the_harness_bound_however_much_it_saw():
    from pytest_useragent.llm.offline.memory import NOTE_CHARS
    from pytest_useragent.session.memory import NOTE_CHARS as HARNESS_NOTE_CHARS

    crowded = Memory(tried=tuple(f'link "{"x" * 70} {n}"' for n in range(100)), said=tuple("y" * 80 for _ in range(50)))
    note = crowded.write()
    assert len(note) <= NOTE_CHARS < HARNESS_NOTE_CHARS and Memory.read(note).tried[-1] == crowded.tried[-1]


PRO = """- heading "Plans" [level=1] [ref=e1]
- heading "Pro plan" [level=2] [ref=e2]
- paragraph [ref=e3]: For teams that grow.
- link "Home" [ref=e4]"""


def test_a_goal_that_asks_what_something_costs_is_done_only_with_a_price():
    """The heading "Pro plan" echoes the goal's words back: no answer to "what does it cost"."""
    told = ask("Find what the Pro plan costs", PRO)
    assert told.action.kind != "done"
    priced = PRO.replace("For teams that grow.", "The Pro plan costs $12 per month.")
    done = ask("Find what the Pro plan costs", priced)
    assert (done.action.kind, done.action.evidence) == ("done", "The Pro plan costs $12 per month.")
    assert ask("Find the Pro plan", PRO).action.evidence == "Pro plan"  # a goal that asks no answer: its heading


def test_how_many_wants_a_number_and_when_wants_a_date():
    page = '- heading "Books" [level=1] [ref=e1]\n- paragraph [ref=e2]: books in the library'
    assert ask("Find how many books there are", page).action.kind != "done"
    counted = page.replace("books in the library", "312 books in the library")
    assert ask("Find how many books there are", counted).action.evidence == "312 books in the library"
    opening = '- heading "Opening" [level=1] [ref=e1]\n- paragraph [ref=e2]: Opening soon at the shop'
    assert ask("Find when the shop opens", opening).action.kind != "done"
    dated = opening.replace("soon", "on Monday 9:00")
    assert ask("Find when the shop opens", dated).action.evidence == "Opening on Monday 9:00 at the shop"


def test_goal_parts_are_cut_where_a_step_begins():
    assert parts("Add a todo 'buy milk' and then mark it as completed") == [
        "Add a todo 'buy milk'",
        "mark it as completed",
    ]
    assert parts("Log in, then add a book") == ["Log in", "add a book"]
    assert parts("Open the shop, search for 'milk' and then pay") == ["Open the shop", "search for 'milk'", "pay"]
    assert parts("Buy milk, eggs and bread") == ["Buy milk, eggs and bread"]  # no step after the commas
    assert parts("Find the price of the Pro plan and note it in pricing.md") == [
        "Find the price of the Pro plan and note it in pricing.md"
    ]


LIST = """- heading "todos" [level=1] [ref=e1]
- textbox "New todo" [ref=e2]
- list [ref=e3]:
  - listitem [ref=e4]:
    - checkbox "Mark as done" [ref=e5]
    - text: water the plants
  - listitem [ref=e6]:
    - checkbox "Mark as done" [ref=e7]
    - text: buy milk"""


def test_a_goal_of_two_parts_is_not_done_after_the_first():
    """ "buy milk" in the list answers the first part; the second (tick it) is still to do, on its own row."""
    goal = "Add a todo 'buy milk' and then mark it as completed"
    said = Memory(tried=('typed "buy milk"', 'pressed "Enter"'), expected=Expected(kind="mentions", target="buy milk"))
    tick = ask(goal, LIST, summary=said.write(), expectation="x", last_action="press e2 Enter", last_outcome=CLICKED)
    assert (tick.action.kind, tick.action.ref) == ("click", "e7")  # buy milk's box, not the plants'
    assert Memory.read(tick.summary).part == 1
    ticked = LIST.replace('- checkbox "Mark as done" [ref=e7]', '- checkbox "Mark as done" [checked] [ref=e7]')
    done = ask(goal, ticked, summary=tick.summary, expectation="x", last_action="click e7", last_outcome=CLICKED)
    assert (done.action.kind, done.action.evidence) == ("done", "buy milk")
    unticked = ask(goal, LIST, summary=tick.summary, expectation="x", last_action="click e7", last_outcome=CLICKED)
    assert unticked.action.kind != "done"  # the twin: the box did not take the tick


SIGN_IN = """- heading "Sign in" [level=1] [ref=e1]
- textbox "Username" [ref=e2]
- textbox "Password" [ref=e3]
- button "Log in" [ref=e4]"""


def test_log_in_then_act_signs_in_with_the_credentials_and_goes_on():
    goal = "Log in, then add a book"
    first = ask(goal, SIGN_IN, credentials=["{{username}}", "{{password}}"])
    assert first.action.kind == "fill" and [(field.ref, field.text) for field in first.action.fields or []] == [
        ("e2", "{{username}}"),
        ("e3", "{{password}}"),
    ]
    assert Memory.read(first.summary).tried == ('filled "Username"', 'filled "Password"')
    tried = ('filled "Username"', 'filled "Password"', 'button "Log in"')
    admin = '- heading "Site administration" [level=1] [ref=e1]\n- link "Add book" [ref=e2]'
    signed_in = Memory(tried=tried, expected=Expected(kind="form", target="Sign in"))
    then = ask(goal, admin, summary=signed_in.write(), expectation="x", last_action="click e4", last_outcome=CLICKED)
    assert then.action.kind == "click" and then.action.ref == "e2"  # on to the act, not done
    assert Memory.read(then.summary).part == 1


def test_a_price_is_the_answer_only_for_the_plan_the_goal_names():
    page = '- heading "Pro plan" [level=2] [ref=e1]\n- paragraph [ref=e2]: The Pro plan costs $12 per month.'
    assert ask("Find what the Pro plan costs", page).action.kind == "done"
    assert ask("Find what the Enterprise plan costs", page).action.kind != "done"  # the Pro plan's price is no answer


def test_a_confirmation_naming_some_of_the_goals_values_but_not_all_is_no_proof():
    page = '- main [ref=e1]:\n  - status [ref=e2]: "Booked: {time}, for Kai."'
    values = ["Saturday 14:00", "Kai"]
    other = parse_snapshot(page.format(time="Saturday 10:00"))
    assert proof(other, values, said=()) is None  # it booked something else
    asked = parse_snapshot(page.format(time="Saturday 14:00"))
    assert proof(asked, values, said=()) == "Booked: Saturday 14:00, for Kai."
    plain = parse_snapshot('- main [ref=e1]:\n  - status [ref=e2]: "Thanks, see you then."')
    assert proof(plain, values, said=()) == "Thanks, see you then."  # names none: it may confirm anything asked
