"""The offline engine's widget goals, pure: what a goal operates, the state that shows it done, the keys that reach
it, the links it never follows, (the harness reading a state claimed back is `test_evidence_states.py`'s)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from pytest_useragent import OfflineProvider, Persona
from pytest_useragent.cost.ledger import Budget, RunLedger
from pytest_useragent.cost.pricing import PriceBook
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.offline.judge import read_state
from pytest_useragent.llm.offline.memory import Expected, Memory
from pytest_useragent.llm.offline.page import Element, parse_snapshot
from pytest_useragent.llm.offline.widget import WidgetGoal, leaves, place, widget_goal
from pytest_useragent.records import Observation
from pytest_useragent.records.focus import walk

LEDGER = Path(tempfile.mkdtemp()) / "ledger.json"
KAI = Persona("Kai, 29, moves through every page with the keyboard alone.", uses="keyboard")
ALEX = Persona("Alex")

RADIOS = """- main [ref=e2]:
  - heading "Radio Group Example Using Roving tabindex" [level=1] [ref=e3]
  - radiogroup "Extra topping" [ref=e6]:
    - radio "None" [checked] [active] [ref=e7]
    - radio "Anchovies" [ref=e8]
    - radio "Pineapple" [disabled] [ref=e9]
  - link "Radio Group Example Using aria-activedescendant" [ref=e15]:
    - /url: radio-other.html
  - link "widgets.css" [ref=e17]:
    - /url: widgets.css"""

COMBOBOX_OPEN = """- main [ref=e2]:
  - combobox "Favorite Fruit" [expanded] [active] [ref=e7]: Choose a fruit
  - listbox "Favorite Fruit" [ref=e8]:
    - option "Apple" [ref=e9]
    - option "Banana" [ref=e10]
    - option "Durian" [disabled] [ref=e12]"""


def ask(goal: str, snapshot: str, memory: Memory | None = None, persona: Persona = ALEX, **last: object):
    focused = walk(None, snapshot, same_page=True) if persona.uses == "keyboard" else None
    request = StepRequest(
        model="offline",
        persona=persona,
        goal=goal,
        step=2,
        max_steps=9,
        summary=(memory or Memory()).write(),
        observation=Observation(url="http://127.0.0.1/widgets/radio.html", title="Widgets", snapshot=snapshot),
        focus=focused,
        **last,
    )
    reply = OfflineProvider().decide(request, Budget(PriceBook.load(), RunLedger.create(LEDGER, 1)))
    assert reply.value is not None
    return reply.value


@pytest.mark.parametrize(
    ("goal", "read"),
    [
        ('Select the "Anchovies" radio', WidgetGoal("Anchovies", "radio", expand=False)),
        ("Open the Settings tab", WidgetGoal("settings", "tab", expand=True)),
        ("Expand the Projects folder", WidgetGoal("projects", "treeitem", expand=True)),
        ('Choose "Banana" as your favorite fruit', WidgetGoal("Banana", None, expand=False)),
        ("Find the pricing", None),
        ('Book a tour on "Saturday 14:00"', None),
        ("Choose a plan", None),  # no target named: not a widget goal
    ],
)
def test_a_widget_goal_names_its_target_and_role(goal, read):
    assert widget_goal(goal) == read


def test_the_snapshot_line_states_become_the_elements_states_and_a_links_address_its_url():
    radio, link = (e for e in parse_snapshot(RADIOS) if e.ref in ("e7", "e17"))
    assert radio.states == {"checked", "active"} and link.url == "widgets.css"


def test_a_radio_is_clicked_with_the_state_it_should_show_then_done_only_on_that_state():
    first = ask('Select the "Anchovies" radio', RADIOS)
    assert (first.action.kind, first.action.ref) == ("click", "e8")
    assert first.expectation == 'radio "Anchovies" is checked.'
    checked = RADIOS.replace('radio "Anchovies" [ref=e8]', 'radio "Anchovies" [checked] [ref=e8]')
    done = ask('Select the "Anchovies" radio', checked)
    assert done.action.kind == "done" and done.action.evidence == 'radio "Anchovies" [checked]'


@pytest.mark.parametrize(
    ("goal", "why"),
    [
        ('Select the "Pineapple" radio', '"Pineapple" is disabled'),
        ('Select the "Mushrooms" radio', 'there is no "Mushrooms" here'),
    ],
)
def test_a_disabled_or_missing_target_is_given_up_on_never_looked_for_through_the_pages_links(goal, why):
    decision = ask(goal, RADIOS)
    assert decision.action.kind == "give_up" and why in (decision.action.reason or "")


def test_a_chosen_target_that_does_not_show_its_state_is_given_up_on():
    tried = Memory(tried=('chose radio "Anchovies"',))
    decision = ask('Select the "Anchovies" radio', RADIOS, tried)
    assert decision.action.kind == "give_up" and "does not show it checked" in (decision.action.reason or "")


def test_a_keyboard_persona_moves_with_the_arrows_inside_a_radio_group_then_reads_the_move():
    decision = ask('Select the "Anchovies" radio', RADIOS, persona=KAI)
    assert (decision.action.kind, decision.action.key) == ("press", "ArrowDown")
    moved = Expected(kind="moves", target='radio "None"')
    after = RADIOS.replace(" [checked] [active]", "").replace('"Anchovies" [ref', '"Anchovies" [checked] [active] [ref')
    assert read_state(moved, parse_snapshot(after)).verdict == "met"
    assert read_state(moved, parse_snapshot(RADIOS)).verdict == "unmet"  # focus never moved: not assumed


def test_in_an_open_combobox_the_keyboard_goes_home_then_down_to_the_option_then_enter():
    goal = 'Choose "Banana" as your favorite fruit'
    keys = []
    memory = Memory(tried=('opened combobox "Favorite Fruit"',))
    for _ in range(3):
        decision = ask(goal, COMBOBOX_OPEN, memory, persona=KAI)
        keys.append(decision.action.key)
        memory = Memory.read(decision.summary)
    assert keys == ["Home", "ArrowDown", "Enter"]
    assert decision.expectation == 'combobox "Favorite Fruit" shows "Banana".'


def test_a_closed_combobox_showing_the_choice_is_opened_again_to_read_it_selected():
    closed = '- combobox "Favorite Fruit" [ref=e7]: Banana'
    memory = Memory(tried=('opened combobox "Favorite Fruit"', 'chose option "Banana"'))
    decision = ask('Choose "Banana" as your favorite fruit', closed, memory)
    assert (decision.action.kind, decision.action.ref) == ("click", "e7")


def test_the_keyboards_place_in_a_widget_that_keeps_focus_is_its_selected_item():
    listbox = """- listbox "Shipping method" [active] [ref=e6]:
  - option "Standard" [selected] [ref=e7]
  - option "Express" [ref=e8]"""
    assert place(parse_snapshot(listbox)) == 'option "Standard"'
    assert place(parse_snapshot('- button "Go" [ref=e1]')) == ""


@pytest.mark.parametrize(
    ("url", "leaving"),
    [
        ("widgets.css", True),
        ("js/radio.js", True),
        ("/files/report.pdf", True),
        ("archive.zip?x=1", True),
        ("https://www.w3.org/WAI/ARIA/apg/", True),
        ("radio-other.html", False),
        ("/pricing", False),
        ("http://127.0.0.1/about.html#team", False),
    ],
)
def test_links_to_another_host_or_to_a_file_leave_the_page(url, leaving):
    assert leaves(Element("link", "x", "e1", url=url), "http://127.0.0.1/widgets/radio.html") is leaving


PAGE = """- main [ref=e2]:
  - link "Notifications Switch Using HTML Button" [ref=e4]:
    - /url: switch-button.html
  - radiogroup "Pizza Crust" [ref=e30]:
    - radio "Regular crust" [ref=e32]
    - radio "Thin crust" [ref=e34]
  - group "Sandwich Condiments" [ref=e36]:
    - checkbox "Lettuce" [ref=e37]
    - checkbox "Tomato" [checked] [ref=e38]
  - switch "Notifications" [ref=e40]: "Off"
  - heading "Billing Address" [level=3] [ref=e41]:
    - button "Billing Address" [ref=e42]
  - listbox "Transuranium elements:" [ref=e50]:
    - option "Neptunium" [ref=e51]
  - combobox "Favorite Fruit" [ref=e60]: Choose a Fruit
  - button "Actions" [ref=e70]
  - textbox "Last Action:" [ref=e71]: Action 3"""


@pytest.mark.parametrize(
    ("goal", "read"),
    [
        ("Choose Thin crust as the pizza crust", WidgetGoal("Thin crust", "radio", expand=False)),
        ("Tick Lettuce", WidgetGoal("Lettuce", "checkbox", expand=False)),
        ("Choose Neptunium", WidgetGoal("Neptunium", "option", expand=False)),
        ("Choose Banana as your favorite fruit", WidgetGoal("banana", "option", expand=False)),  # once it is open
        ("Turn the Notifications switch on", WidgetGoal("Notifications", "switch", expand=False)),
        ("Turn on the Notifications switch", WidgetGoal("Notifications", "switch", expand=False)),
        ("Turn the Notifications switch off", None),  # no flag of the snapshot shows a switch off
        ("Open the Billing Address section", WidgetGoal("Billing Address", "button", expand=True)),
        ("Choose Action 3 from the Actions menu", WidgetGoal("action 3", "menuitem", expand=False)),
        ("Choose Pineapple as the extra topping", None),  # nothing of that name here
        ("Find the pricing", None),
    ],
)
def test_a_goal_names_its_target_by_the_pages_own_names_unquoted_and_keeps_digits(goal, read):
    assert widget_goal(goal, parse_snapshot(PAGE)) == read


def test_an_unquoted_name_on_the_page_is_operated_and_done_only_on_its_state():
    first = ask("Tick Lettuce", PAGE)
    assert (first.action.kind, first.action.ref) == ("click", "e37")
    done = ask("Tick Lettuce", PAGE.replace('"Lettuce" [ref', '"Lettuce" [checked] [ref'))
    assert done.action.kind == "done" and done.action.evidence == 'checkbox "Lettuce" [checked]'
    opened = PAGE.replace('"Billing Address" [ref', '"Billing Address" [expanded] [ref')
    done = ask("Open the Billing Address section", opened)
    assert done.action.kind == "done" and done.action.evidence == 'button "Billing Address" [expanded]'


def test_a_menu_item_chosen_that_nothing_on_the_page_shows_is_given_up_on_honestly():
    memory = Memory(tried=('opened button "Actions"', 'chose menuitem "Action 3"'))
    decision = ask("Choose Action 3 from the Actions menu", PAGE, memory)
    assert decision.action.kind == "give_up"  # a field's value proves no choice: never claimed done
    assert decision.action.reason == 'I chose "Action 3"; nothing on the page shows it'


def test_a_goal_that_operates_something_never_follows_a_link_to_another_page():
    decision = ask("Turn the Notifications switch off", PAGE)  # the link's name holds more of the goal's words
    assert (decision.action.kind, decision.action.ref) == ("click", "e40")


FAQ = """- heading "Parking FAQs" [level=3] [ref=e35]
- list [ref=e36]:
  - listitem [ref=e39]:
    - button "What do I do if I lose my permit or if my permit is stolen?" [expanded] [ref=e40]
    - generic [ref=e41]: You should come to the Parking office and report the loss. There is a fee to replace it.
  - listitem [ref=e42]:
    - button "Is there free parking on holidays?" [ref=e43]"""


def test_a_find_out_goal_is_answered_by_the_disclosure_it_opened_with_a_sentence_of_the_answer():
    goal = "Find out what to do if you lose your parking permit"
    opened = Memory(tried=('button "What do I do if I lose my permit or if my permit is stolen?"',))
    done = ask(goal, FAQ, opened)
    assert done.action.kind == "done"
    assert done.action.evidence == "You should come to the Parking office and report the loss."
    assert ask(goal, FAQ).action.kind != "done"  # open on its own, not by the persona: not its answer


AUTOCOMPLETE = """- generic [ref=e1]:
  - combobox "State" [ref=e2]: {value}
  - listbox "States" [ref=e3]:
    - option "Kansas" [ref=e4]
    - option "Kentucky" [ref=e5]"""


@pytest.mark.parametrize(("value", "done"), [("Kansas", True), ("Kan", False)])
def test_an_option_its_list_forgets_is_done_by_the_value_its_box_shows(value, done):
    # an autocomplete's list marks no option selected once the box holds the choice: the box's value is the proof
    decided = ask("Choose Kansas as the state", AUTOCOMPLETE.format(value=value))
    if done:
        assert decided.action.kind == "done" and decided.action.evidence == 'combobox "State" = Kansas'
    else:  # the twin: the box holds only what was typed so far, no choice
        assert decided.action.kind != "done"
