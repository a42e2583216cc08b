"""The page as a screen reader gives it (`browser/tree.py`), the refusal table (`records/modes.py`), a screen-reader
persona's screenshot policy and the `status-not-announced` check's rule: pure, on snapshots as Playwright writes them."""

from __future__ import annotations

from pytest_useragent.browser.announce import Heard, Message, status_not_announced
from pytest_useragent.browser.condense import Viewport, condense
from pytest_useragent.browser.tree import reader_tree
from pytest_useragent.records import Announcement
from pytest_useragent.records.modes import REFUSED, refusal
from pytest_useragent.records.screenshots import Glance, ScreenshotPolicy
from pytest_useragent.records.snapshot import parse

# aria_snapshot(mode="ai", boxes=True) and mode="default" of one page (taken with Chromium, cut to the point): the ai
# one shows the aria-hidden stars, the pointer cursor, the focus and a clickable div with a ref; the tree does not
AI = """- generic [active] [ref=e1] [box=8,8,1264,304]:
  - navigation [ref=e3] [box=8,8,1264,18]:
    - link "Pricing" [ref=e4] [cursor=pointer] [box=8,8,46,17]:
      - /url: /pricing.html
  - main [ref=e6] [box=8,47,1264,264]:
    - heading "Welcome" [level=1] [ref=e7] [box=8,47,1264,37]
    - generic [ref=e9] [cursor=pointer] [box=8,140,1264,18]: Send
    - text: ★★★
    - button "Close" [ref=e10] [box=8,160,40,18]
    - button "Close" [ref=e11] [box=50,160,40,18]
    - checkbox "Agree" [checked] [ref=e15] [box=335,161,13,13]
    - textbox "Email" [ref=e17] [box=8,200,100,18]
    - status [ref=e16] [box=8,180,1264,18]: Saved"""
TREE = """- navigation [box=8,8,1264,18]:
  - link "Pricing" [box=8,8,46,17]:
    - /url: /pricing.html
- main [box=8,47,1264,264]:
  - heading "Welcome" [level=1] [box=8,47,1264,37]
  - text: Send
  - button "Close" [box=50,160,40,18]
  - checkbox "Agree" [checked] [box=335,161,13,13]
  - textbox "Email" [box=8,200,100,18]
  - status [box=8,180,1264,18]: Saved"""


def test_the_tree_keeps_roles_names_states_and_refs_and_nothing_visual():
    read = reader_tree(TREE, AI)
    assert "★" not in read and "[cursor" not in read and "[active]" not in read and "/url" not in read
    lines = {(line.role, line.name): line for line in parse(read)}
    assert lines[("link", "Pricing")].ref == "e4" and lines[("link", "Pricing")].text is None  # its ":" went too
    assert lines[("heading", "Welcome")].ref == "e7" and lines[("heading", "Welcome")].level == 1
    assert lines[("checkbox", "Agree")].ref == "e15" and lines[("checkbox", "Agree")].checked
    assert lines[("textbox", "Email")].ref == "e17"  # a role that starts as "text" does is no text line
    assert lines[("status", None)].ref == "e16" and lines[("status", None)].text == "Saved"
    # the clickable div is its text only: nothing to operate; the tree's one "Close" is the one in its box
    assert lines[("text", None)].text == "Send" and lines[("text", None)].ref is None
    assert lines[("button", "Close")].ref == "e11"


def test_without_a_box_alike_the_first_of_a_role_and_name_is_the_twin():
    moved = TREE.replace('button "Close" [box=50,160,40,18]', 'button "Close" [box=50,170,40,18]')
    assert {line.name: line.ref for line in parse(reader_tree(moved, AI))}["Close"] == "e10"


def test_an_element_the_ai_snapshot_lacks_gets_no_ref_and_the_rest_still_match():
    lacking = TREE.replace(
        'heading "Welcome" [level=1] [box=8,47,1264,37]', 'heading "Hello" [level=1] [box=8,900,9,9]'
    )
    read = parse(reader_tree(lacking, AI))
    refs = {line.name: line.ref for line in read if line.name}
    assert refs["Hello"] is None and refs["Pricing"] == "e4" and refs["Agree"] == "e15"


def test_an_element_named_otherwise_in_the_same_place_is_the_twin():
    """An expanded tree item: the ai snapshot names it by its own text, the tree by all it holds (its group's
    label too); its box says it is the same element, and it keeps its ref."""
    ai = '- tree "Files" [ref=e4] [box=1,1,300,90]:\n  - treeitem "Projects" [expanded] [ref=e5] [box=1,1,300,30]:'
    ai += '\n    - group "Projects" [ref=e6] [box=1,31,300,60]'
    tree = '- tree "Files" [box=1,1,300,90]:\n  - treeitem "Projects Projects" [expanded] [box=1,1,300,30]:'
    tree += '\n    - group "Projects" [box=1,31,300,60]'
    refs = {(line.role, line.name): line.ref for line in parse(reader_tree(tree, ai))}
    assert refs[("treeitem", "Projects Projects")] == "e5" and refs[("group", "Projects")] == "e6"
    assert {line.ref for line in parse(reader_tree(tree.replace("1,1,300,30", "1,1,300,31"), ai))} == {"e4", "e6", None}


def test_the_tree_condenses_as_any_page_state_with_boxes_gone():
    state = condense(reader_tree(TREE, AI), Viewport(0, 720, 720))
    assert "[box=" not in state.text and 'link "Pricing" [ref=e4]' in state.text and state.shown == state.elements


def test_a_screen_reader_persona_refuses_look_and_nothing_else():
    assert refusal("screen-reader", "look") is not None and "screenshot" in str(refusal("screen-reader", "look"))
    assert refusal("screen-reader", "click") is None and refusal("mouse", "look") is None
    assert set(REFUSED["screen-reader"]) == {"look"}


def test_a_blind_policy_never_sends_a_screenshot_and_says_why():
    blind, seeing = ScreenshotPolicy(blind=True), ScreenshotPolicy()
    glance = Glance.of("http://shop.test/", b"\xff\xd8\xffjpeg")
    assert blind.reason(glance, asked=True) is None and blind.reason(glance, asked=False) is None
    assert "screen reader" in blind.why_not
    assert seeing.reason(glance, asked=False) == "your first view of this page"


def test_a_message_near_the_action_outside_a_live_region_is_a_finding():
    heard = Heard(
        unannounced=[Message("Saved.", 'generic "Saved."', near=True), Message("2 items", 'generic "2 items"', False)],
        acted='button "Save"',
    )
    (issue,) = status_not_announced(heard, 'get_by_role("button", name="Save")')
    assert issue.rule == "status-not-announced" and issue.trust == "objective" and issue.count == 1
    assert issue.heuristic.startswith("WCAG 4.1.3") and issue.element == 'generic "Saved."'
    assert '"Saved."' in issue.evidence and 'button "Save"' in issue.evidence


def test_no_finding_when_the_message_is_far_or_announced():
    far = Heard(unannounced=[Message("2 items in your cart", 'generic "2 items in your cart"', near=False)])
    announced = Heard(announced=[Announcement(kind="polite", text="Saved.")])
    assert status_not_announced(far, None) == [] and status_not_announced(announced, None) == []


def test_a_frames_content_is_read_from_the_ai_snapshot_under_its_frame_without_visual_markers():
    ai = """- generic [active] [ref=e1] [box=8,8,1264,704]:
  - heading "Top" [level=1] [ref=e2] [box=8,8,1264,37]
  - iframe [ref=e3] [box=8,66,304,154]:
    - link "Inside" [ref=f1e2] [cursor=pointer] [box=8,8,52,21]:
      - /url: /inside
  - button "Top" [ref=e4] [box=8,8,1264,37]"""
    tree = """- heading "Top" [level=1] [box=8,8,1264,37]
- iframe [box=8,66,304,154]
- button "Top" [box=8,8,1264,37]"""
    read = reader_tree(tree, ai)
    assert "[cursor" not in read and "/url" not in read and "[active]" not in read
    lines = parse(read)
    assert [(line.role, line.ref, line.indent) for line in lines] == [
        ("heading", "e2", 0),
        ("iframe", "e3", 0),
        ("link", "f1e2", 2),
        ("button", "e4", 0),
    ]
    assert lines[1].text == "" and lines[2].text is None  # the frame opens; the link lost only its address
    # without the frame's content the frame is a line of its own
    assert parse(reader_tree(tree, ai.replace("[ref=e3]", "")))[1].text is None


def test_a_quoted_key_gets_its_ref_as_playwright_would_write_it():
    ai = """- 'button "Note: read me" [ref=e5] [cursor=pointer] [box=1,2,3,4]'"""
    tree = """- 'button "Note: read me" [box=1,2,3,4]'"""
    (read,) = parse(reader_tree(tree, ai))
    assert (read.role, read.name, read.ref, read.attributes.get("box")) == ("button", "Note: read me", "e5", "1,2,3,4")


def test_an_unnamed_element_elsewhere_is_no_twin_and_what_follows_keeps_its_refs():
    # Chromium gives a paragraph hidden at zero height no ref: the next paragraph is not its twin
    tree = '- paragraph [box=0,24,1280,0]:\n  - link "Skip to the demo" [box=-14400,-14400,1,1]:\n    - /url: "#page"'
    tree += '\n- paragraph [box=14,10,311,75]:\n  - link "Home" [box=14,67,311,16]:\n    - /url: /'
    ai = "- generic [active] [ref=e1] [box=0,0,1280,900]:\n  - paragraph [box=0,24,1280,0]:"
    ai += '\n    - link "Skip to the demo" [ref=e3] [cursor=pointer] [box=-14400,-14400,1,1]:\n      - /url: "#page"'
    ai += (
        '\n  - paragraph [ref=e4] [box=14,10,311,75]:\n    - link "Home" [ref=e5] [cursor=pointer] [box=14,67,311,16]:'
    )
    ai += "\n      - /url: /"
    read = [(line.role, line.name, line.ref) for line in parse(reader_tree(tree, ai))]
    assert read == [
        ("paragraph", None, None),
        ("link", "Skip to the demo", "e3"),
        ("paragraph", None, "e4"),
        ("link", "Home", "e5"),
    ]


def test_one_of_its_role_in_its_box_is_the_twin_before_one_of_its_name_further_on():
    # the ai snapshot leaves a link named by its picture unnamed; the footer's link of that name is another one
    tree = '- link "City Lights" [box=14,67,311,16]:\n  - /url: /\n- link "Tickets" [box=10,98,82,35]:\n  - /url: t'
    tree += '\n- link "City Lights" [box=14,900,311,16]:\n  - /url: /'
    ai = '- link [ref=e5] [cursor=pointer] [box=14,67,311,16]:\n  - /url: /\n  - img "City Lights" [ref=e6]'
    ai += '\n- link "Tickets" [ref=e7] [cursor=pointer] [box=10,98,82,35]:\n  - /url: t'
    ai += '\n- link "City Lights" [ref=e9] [cursor=pointer] [box=14,900,311,16]:\n  - /url: /'
    assert [line.ref for line in parse(reader_tree(tree, ai)) if line.role == "link"] == ["e5", "e7", "e9"]
