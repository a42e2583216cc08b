"""The table of our own check rules: one row per objective rule that is not axe's (axe's rules come with their
WCAG tags from axe). A row says what the rule stands for (the WCAG success criterion, or the heuristic where WCAG
has none), how severe its finding is, what it measures, when it runs, what a person reads, and the pages it is held
to: the correct patterns it must pass clean and the broken twins it must find (`tests/pages/`, see
`tests/browser/test_rule_corpus.py`). Every check issue of ours is made by its row (`Rule.issue`), the docs' rules
table is generated from the rows, and a test fails for a rule in code without a row or a row without its pages.

Adding a rule is one row here, one detector, and its pair of pages.
"""

from __future__ import annotations

from pytest_useragent.records.rule import Rule


def _patterns(*names: str) -> tuple[str, ...]:
    return tuple(f"patterns/{name}.html" for name in names)


def _twins(rule: str, *names: str) -> tuple[str, ...]:
    return tuple(f"patterns/{name}--{rule}.html" for name in names)


# fmt: off
_ALL_WIDGETS = _patterns(
    "radio-group", "tabs", "menu-button", "tree-view", "combobox-select-only", "listbox", "dialog-modal",
    "dialog-nested", "disclosure", "sortable-table", "status", "alert", "shadow-root", "focus-ring-pseudo",
    "carousel-tabs", "toolbar", "tree-navigation", "combobox-autocomplete", "spinbutton-date",
    "disclosure-navigation", "checkbox-mixed", "slider", "alertdialog",
)
_LANGUAGE = tuple(f"reader/language{name}.html" for name in ("", "-ja", "-zh", "-en"))
_UNREACHABLE = ("radio-group", "tabs", "menu-button", "tree-view", "combobox-select-only", "listbox")
# fmt: on

RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule(
            id="keyboard-unreachable",
            criterion="2.1.1 Keyboard",
            severity="major",
            title="A control cannot be reached by keyboard",
            measures="an element that responds to a pointer (a click listener of its own, found through CDP; the "
            "element a pointer cursor starts on; a widget role) that no key reaches: it takes no focus by Tab, holds "
            "nothing that does and sits in nothing that does, is no member of a composite widget that manages its "
            "focus (roving tabindex, aria-activedescendant, a popup opened by a control), is no label forwarding to "
            "a rendered control (one whose radio button is display:none is found), and was never focused in the "
            "session",
            runs="keyboard-scan",
            quote="As a keyboard user I expected to reach every control with Tab and the arrow keys.",
            passes=(*_ALL_WIDGETS, "rules/choices-styled.html"),
            finds=(*_twins("keyboard-unreachable", *_UNREACHABLE), "rules/choices-hidden.html"),
        ),
        Rule(
            id="keyboard-trap",
            criterion="2.1.2 No Keyboard Trap",
            severity="critical",
            title="Focus is trapped",
            measures="after an Escape that left focus where it was (in the same dialog or part of the page), or two "
            "Tabs that each left it on the same element (the page takes it back), Tab and Shift+Tab go round part "
            "of the page (at most 40 presses each) while the page has tabbable elements outside it, and nothing in "
            "that round is a way out (a control named close, cancel, done...): a modal dialog that Escape or its "
            "close button leaves is correct, nested dialogs too",
            runs="keyboard-step",
            quote="As a keyboard user I expected to be able to move on.",
            passes=(*_ALL_WIDGETS, "rules/focus-free.html", "rules/focus-inner.html"),
            finds=(*_twins("keyboard-trap", "dialog-modal", "dialog-nested"), "rules/focus-stolen.html"),
        ),
        Rule(
            id="focus-not-visible",
            criterion="2.4.7 Focus Visible",
            severity="major",
            title="The focused element does not show focus",
            measures="the element Tab moved focus to (the deepest, through shadow roots) looks the same focused and "
            "unfocused: its styles and its ::before and ::after (outline, border, shadow, background, colour, "
            "underline), then its pixels with a margin around it, measured with focus and after a blur",
            runs="keyboard-step",
            quote="As a keyboard user I expected to see where I am.",
            passes=_ALL_WIDGETS,
            finds=_twins("focus-not-visible", "shadow-root", "focus-ring-pseudo"),
        ),
        Rule(
            id="focus-lost",
            criterion="2.4.3 Focus Order",
            severity="minor",
            title="Focus was lost after an action",
            measures="focus was on an element before an action and is on the page itself (<body>) after it, in "
            "the same document (a dialog that closes and takes focus with it); never after Tab (its walk past the "
            "last control leaves for the browser), a navigation or reload (a link to the page already open), a "
            "navigation within the document (a fragment link, a skip link to a section: the browser puts focus on "
            "the page and starts the next Tab there), or a navigation the harness refused",
            runs="keyboard-step",
            quote="As a keyboard user I expected to stay where I was, not to start again from the top.",
            passes=(*_ALL_WIDGETS, "rules/focus-reload.html"),
            finds=_twins("focus-lost", "dialog-modal"),
        ),
        Rule(
            id="focus-discarded",
            criterion="2.1.1 Keyboard",
            severity="major",
            title="An element gives up focus the moment it takes it",
            measures="WCAG failure F55: an element shown that took focus (moved there by Tab, or focused in turn by a "
            "scan once a document, the page's focus handlers seeing it) lost it within 500 ms, to the page itself "
            "(blur on focus) or to an element it does not lead to. Focus it moves into itself, into what it controls "
            "or owns (a submenu), within its composite widget (roving tabindex) or into a dialog (one it opens, a "
            "modal's focus wrap) is kept, and so is focus an element hidden from view passes on (a focus guard)",
            runs="keyboard-scan",
            quote="As a keyboard user I expected focus to stay where Tab put it.",
            passes=(*_ALL_WIDGETS, "rules/focus-kept.html", "rules/focus-free.html"),
            finds=("rules/focus-discarded.html", "rules/focus-moved-away.html"),
        ),
        Rule(
            id="status-not-announced",
            criterion="4.1.3 Status Messages",
            severity="major",
            title="A message appeared that a screen reader does not announce",
            measures="after the persona's action, a short message (no controls, at most 200 characters) appeared "
            "near the acted element outside any live region, and focus did not move to it; content the action "
            "revealed (a disclosure's or expanded control's panel), rows or items only moved (a sort), a change "
            "inside the focused element (a slider's value), what focus entered (the dialog it moved into, the "
            "description it points at) and, once focus moved into what the action brought (an error summary), the "
            "messages it sums up are no status message",
            runs="screen-reader-step",
            quote="As a screen-reader user I expected to hear what happened.",
            passes=(*_ALL_WIDGETS, "patterns/error-summary.html"),
            finds=_twins("status-not-announced", "status", "alert", "slider", "alertdialog"),
        ),
        Rule(
            id="no-headings-or-landmarks",
            criterion="2.4.1 Bypass Blocks",
            severity="major",
            title="Nothing to navigate by: no heading, no landmark",
            measures="a page state whose tree reads at least 100 words and 5 links (a menu to bypass) with no "
            "heading, no landmark (main, navigation, banner, contentinfo, complementary, a named region or form, "
            "search) and no skip link (its first link goes to a fragment of the page); skipped heading levels are no "
            "finding (G141 is advisory for 1.3.1)",
            runs="screen-reader-page",
            quote="As a screen-reader user I expected headings or landmarks to jump by, not to listen from the top.",
            passes=(*_ALL_WIDGETS, "reader/landmarks.html"),
            finds=("reader/landmarks--none.html",),
        ),
        Rule(
            id="table-without-headers",
            criterion="1.3.1 Info and Relationships",
            severity="major",
            title="A table is read without headers",
            measures="a table in the tree with two rows and two columns of cells or more and no header cell (th, "
            "scope, headers, role columnheader/rowheader); one holding headings, lists, controls or tables is a "
            "layout table not marked role=presentation (minor); replaces axe's td-has-header on the same table",
            runs="screen-reader-page",
            quote="As a screen-reader user I expected to hear which row and column each cell belongs to.",
            passes=(*_ALL_WIDGETS, "reader/tables.html"),
            finds=("reader/tables--data.html", "reader/tables--layout.html"),
            replaces=("td-has-header",),
        ),
        Rule(
            id="link-purpose-unclear",
            criterion="2.4.4 Link Purpose (In Context)",
            severity="minor",
            title="A link's name and context say nothing of where it goes",
            measures="a link named by a phrase of the page's language that says nothing (read more, click here, "
            "więcej, hier, ici...) or a bare address, whose context (enclosing paragraph, list item and its parent "
            "item, cell and its row, the text beside it, the heading before it in its landmark) is empty or the same "
            "as another link's of that name that leads elsewhere; a vague link in a context of its own passes, as "
            "2.4.4 allows",
            runs="screen-reader-page",
            quote="As a screen-reader user I expected each link's name, with its sentence, to say where it goes.",
            passes=(*_ALL_WIDGETS, *(f"reader/links{lang}.html" for lang in ("", "-pl", "-de", "-ja"))),
            finds=tuple(f"reader/links{lang}--vague.html" for lang in ("", "-pl", "-de", "-ja")),
        ),
        Rule(
            id="label-not-in-name",
            criterion="2.5.3 Label in Name",
            severity="major",
            title="A control's name does not contain its visible label",
            measures="a control the tree holds, named by aria-label or aria-labelledby, whose shown label (its text, "
            "its <label>, a button's value) is not in its accessible name: its words all there, in their order, case, "
            "punctuation and spacing set aside; a name that starts with the label passes",
            runs="screen-reader-page",
            quote="As a screen-reader user I expected to hear the label I am told to look for.",
            passes=(*_ALL_WIDGETS, "reader/labels.html"),
            finds=("reader/labels--mismatch.html",),
        ),
        Rule(
            id="control-not-exposed",
            criterion="4.1.2 Name, Role, Value",
            severity="major",
            title="A control is read as plain text",
            measures="an element that responds to a pointer (a click listener of its own, or a pointer cursor its "
            "parent lacks) with no widget role: no link, button or form field, none around it or in it, no member of "
            "a widget nor a pointer's shortcut beside one, and something to read (failure F59); a backdrop is none; "
            "a label whose control is not rendered (a radio button drawn by CSS over a display:none input) is one",
            runs="screen-reader-page",
            quote="As a screen-reader user I expected to hear that this is a button or a link, not plain text.",
            passes=(*_ALL_WIDGETS, "reader/controls.html", "rules/choices-styled.html"),
            finds=("reader/controls--div.html", "reader/choices-hidden.html"),
        ),
        Rule(
            id="language-of-parts",
            criterion="3.1.2 Language of Parts",
            severity="major",
            title="Text in another language is not marked as such",
            measures="a block of 8 or more words of the tree (two letters of Han, kana or Thai make a word) in another "
            "language than it is marked in (`lang`, or the page's once set right): its script says a language "
            "the marked one is not written in (kana Japanese, Han Chinese, Hangul Korean, Cyrillic, Greek, Arabic...), "
            "or its commonest words say one at least three times and more than twice as often; a mix says nothing",
            runs="screen-reader-page",
            quote="As a screen-reader user I expected text in another language to be read in that language.",
            passes=(*_ALL_WIDGETS, *_LANGUAGE),
            finds=("reader/language--unmarked.html", "reader/language-en--unmarked.html"),
        ),
        Rule(
            id="language-of-page",
            criterion="3.1.1 Language of Page",
            severity="major",
            title="The page is marked in another language than it is written in",
            measures="the blocks of the tree marked in the page's language (as language-of-parts tells a block) "
            "together say another language than <html lang>: one finding on <html>, none per block; a page "
            "without lang or with an invalid one is axe's (html-has-lang, html-lang-valid)",
            runs="screen-reader-page",
            quote="As a screen-reader user I expected the page to be read in its own language.",
            passes=(*_ALL_WIDGETS, *_LANGUAGE),
            finds=("reader/language-ja--marked-en.html",),
        ),
        Rule(
            id="dead-click",
            criterion="Nielsen #1 visibility of system status",
            severity="major",
            title="A click did nothing",
            measures="a click after which neither the URL, the DOM, the focus nor the scroll changed, not even 100 "
            "ms later, the browser called no field invalid, no player started, stopped or changed its volume, and no "
            "dialog, tab or download opened; clicks on form fields are never dead",
            runs="click",
            quote="As a user I expected something to happen when I clicked.",
            passes=(
                "rules/click-works.html",
                "rules/click-scrolls.html",
                "rules/click-invalid.html",
                "rules/click-media.html",
                "rules/click-hovered.html",
            ),
            finds=("rules/click-dead.html",),
        ),
        Rule(
            id="target-size",
            criterion="2.5.8 Target Size (Minimum)",
            severity="minor",
            title="A control is smaller than 24x24 px",
            measures="a control under 24x24 CSS px without 24 px of room around it, by role and name; a page of "
            "many is one finding that counts them. WCAG's exceptions hold: a link in a sentence, a form control the "
            "browser sized (no author style changes its size), a control whose label is a full-size target, one "
            "that opens what a full-size control beside it opens (the same aria-controls)",
            runs="page-state",
            quote="As a user I expected to hit this control easily.",
            passes=("a11y/target-size-fixed.html", *_patterns("checkbox-mixed")),
            finds=("a11y/target-size-small.html", *_twins("target-size", "checkbox-mixed")),
        ),
        Rule(
            id="horizontal-overflow",
            criterion="1.4.10 Reflow",
            severity="minor",
            title="The page scrolls sideways",
            measures="in a viewport wider than 320 CSS px, content wider than the viewport",
            runs="page-state",
            quote="As a user I expected the page to fit my screen.",
            passes=("rules/loads.html",),
            finds=("rules/overflow.html",),
        ),
        Rule(
            id="reflow",
            criterion="1.4.10 Reflow",
            severity="major",
            title="The page does not reflow at 320 CSS px",
            measures="at a CSS viewport of 320 px or less (zoom 400% on 1280 px, a small phone), the page scrolls "
            "sideways for content other than a data table, map, diagram, image, video or code; the widest offender "
            "by role and name",
            runs="page-state",
            quote="As a user who zooms in I expected to read down the page, not scroll back and forth along each line.",
            passes=("a11y/reflow-fluid.html",),
            finds=("a11y/reflow-fixed-width.html",),
        ),
        Rule(
            id="http-error",
            criterion="Nielsen #9 help users recover from errors",
            severity="minor",
            title="A request failed",
            measures="a request of the app's pages that failed or answered 4xx/5xx (major for a document); the "
            "persona's own typed address, the harness's refusals and requests given up (net::ERR_ABORTED: a fetch the "
            "page cancelled, a player's preload, a page left while loading) are not the app's",
            runs="signals",
            quote="As a user I expected this to load.",
            passes=("rules/loads.html",),
            finds=("rules/request-fails.html",),
        ),
        Rule(
            id="console-error",
            criterion="Robustness",
            severity="minor",
            title="The page logged an error",
            measures="an error the page logged to the console, or an uncaught exception",
            runs="signals",
            quote="As a user I expected the page to work.",
            passes=("rules/loads.html",),
            finds=("rules/logs-error.html",),
        ),
        Rule(
            id="slow-response",
            criterion="Nielsen #1 visibility of system status",
            severity="minor",
            title="A response was slow",
            measures="a response of the app that took longer than --useragent-slow-ms",
            runs="signals",
            quote="As a user I expected an answer without waiting.",
            passes=("rules/loads.html",),
            finds=("rules/slow.html",),
        ),
        Rule(
            id="false-done",
            criterion="Nielsen #1 visibility of system status",
            severity="major",
            title="The persona believed the goal was reached, but the test's success check says it was not",
            measures="the persona said done with evidence the page showed, and the test's success check answered "
            "False: the page did not make its state plain",
            runs="done",
            quote="As a user I thought I was done: nothing on the page told me otherwise.",
            passes=("rules/done-shown.html",),
            finds=("rules/done-unclear.html",),
        ),
    )
}
"""Every rule of ours, by id."""


def rule(rule_id: str) -> Rule:
    """The row of `rule_id`; a KeyError for a rule without one is a bug the rule table's test names."""
    return RULES[rule_id]
