"""The offline engine's step as its rules see it: the `Situation` (the request, the page, the memory) and the `Move`
a rule makes. Apart from the rules so that the rules of one kind of goal may sit in a module of their own."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property

from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.offline.clicks import presses
from pytest_useragent.llm.offline.goal import logs_in, parts, removes, row_of, rows
from pytest_useragent.llm.offline.kinds import answer_kind
from pytest_useragent.llm.offline.lexicon import Lexicon, Words, fold, lexicon
from pytest_useragent.llm.offline.memory import HIDDEN, Expected, Memory
from pytest_useragent.llm.offline.page import (
    FIELDS,
    FORM_WORDS,
    SUBMIT_WORDS,
    Element,
    goal_words,
    matches,
    persona_fields,
    quoted,
    score,
    task_verb,
    unquoted,
    whole,
)
from pytest_useragent.llm.offline.pairing import labelled, paired
from pytest_useragent.llm.offline.toggle import ToggleGoal, toggle_goal
from pytest_useragent.llm.offline.value import ValueGoal, value_goal
from pytest_useragent.llm.offline.widget import WidgetGoal, widget_goal
from pytest_useragent.records import Action

CHOICES = frozenset({"option", "radio", "checkbox", "switch", "menuitemradio", "menuitemcheckbox"})
"""The roles of a choice a form offers: the goal's value that names one is chosen, never typed."""
CHOSE = "chose "
"""How a choice made is remembered: `chose radio "Often"` (a form's choice, `choices`, or a widget's, `operate`)."""
SHOWN_CHOSEN = "saw chosen "
"""How a choice the page showed made is remembered: `saw chosen radio "Often"` (`choices.shown_chosen`)."""
_ASKED = re.compile(r"[?？]")
"""A question mark outside the goal's quotes: a sentence of it asks ("... « Stratégie » ? Répondez en une phrase.")."""
TYPES = re.compile(r"\b(?:type|enter|fill|write|put|input|search)\b", re.IGNORECASE)
"""English verbs that type a goal's quoted value."""
STUCK_AFTER = 2
STOP = Expected(kind="plain", target="I stop here.")


@dataclass(frozen=True)
class Move:
    notice: str
    """What the persona notices."""
    expected: Expected
    action: Action
    key: str | None = None
    """What it remembers having tried by; None for what it may do again."""
    part: int | None = None
    """The goal's part it works on from now on, when this move finished the one before."""
    also: tuple[str, ...] = ()
    """More it remembers having tried by: the other fields of a fill."""


@dataclass(frozen=True)
class Situation:
    """What a step's rules look at: the request, the page's elements, the engine's memory and the unmet count now."""

    request: StepRequest
    elements: list[Element]
    memory: Memory
    unmet: int

    @cached_property
    def lex(self) -> Lexicon:
        """The words it speaks: the goal's language and the page's (its `lang`), beside English (`lexicon`)."""
        return lexicon(self.request.goal, self.request.observation.lang)

    @cached_property
    def parts(self) -> list[str]:
        return parts(self.request.goal, self.lex)

    @cached_property
    def goal(self) -> str:
        """The part of the goal it works on now (the whole goal, for a goal of one part)."""
        return self.parts[min(self.memory.part, len(self.parts) - 1)]

    @property
    def last_part(self) -> bool:
        return self.memory.part >= len(self.parts) - 1

    @cached_property
    def words(self) -> list[str]:
        """The part's content words, and those that lead to the kind of answer it asks for (a price: "price"); a
        part whose quoted values only name things (`names_only`), their words too."""
        kind = answer_kind(self.goal, self.lex)
        named = self.named_words if self.names_only else []
        return list(dict.fromkeys([*goal_words(self.goal, self.lex), *named, *(kind.hints if kind else ())]))

    @cached_property
    def named_words(self) -> list[str]:
        """The words of the part's quoted values, whole: a name is matched as it is written, never cut to a stem
        ("Fala upałów" is no "fal" that "falsyfikacja" starts with)."""
        whole = replace(self.lex, endings=Words())
        return [word for value in quoted(self.goal) for word in goal_words(value, whole)]

    @cached_property
    def names_only(self) -> bool:
        """A part whose quoted values name what it looks for, never text to type: it has no verb that does something
        (a task verb, a verb that types), and no value of it follows words that name a field; it asks a question
        ("When does the 'Science show' start?") or goes somewhere (「温暖化の状況」のページを開いて)."""
        if self.verb is not None or not quoted(self.goal) or self.lex.type_verbs.said(self.goal):
            return False
        return not TYPES.search(self.goal) and not paired(self.goal, self.elements, self.lex)

    @cached_property
    def asks(self) -> bool:
        """A part that asks a question (an `answer_kind`, or its question mark) and does nothing: its quoted values
        are no values to enter, they name what it asks about."""
        question = answer_kind(self.goal, self.lex) is not None or bool(_ASKED.search(unquoted(self.goal)))
        return self.names_only and question

    @cached_property
    def values(self) -> list[str]:
        """The part's quoted values to enter or choose; none for a question, whose values name what it asks about, and
        none that is a field's label, which names where the next goes (`pairing.labelled`)."""
        if self.asks:
            return []
        fields = [e for e in self.elements if e.role in FIELDS and e.ref and e.name]
        return [value for value in quoted(self.goal) if labelled(value, fields) is None]  # a label names its field

    @cached_property
    def verb(self) -> str | None:
        return task_verb(self.goal, self.lex)

    @cached_property
    def tried(self) -> frozenset[str]:
        return frozenset(self.memory.tried)

    @cached_property
    def widget(self) -> WidgetGoal | None:
        """The widget the part operates, when it operates one (`widget.widget_goal`, which may name it by the page's
        own names); none when it sets a value widget (`value`)."""
        return None if self.value is not None else widget_goal(self.goal, self.elements, self.lex)

    @cached_property
    def toggle(self) -> ToggleGoal | None:
        """The control the part pauses, stops, plays or mutes (`toggle.toggle_goal`); none for a widget goal."""
        return None if self.widget is not None or self.value is not None else toggle_goal(self.goal, self.lex)

    @cached_property
    def value(self) -> ValueGoal | None:
        """The slider or spin button the part sets to a number, when it sets one (`value.value_goal`)."""
        return value_goal(self.goal, self.elements, self.lex)

    @cached_property
    def pending(self) -> list[str]:
        """The part's quoted values not yet typed or found (what a part takes away is not typed; a choice the page
        offers, an option, a radio or a box, is chosen, `choices`, never typed, even once the form that offered it is
        gone; a widget goal's target is operated, `operate`)."""
        if removes(self.goal, self.lex) or self.widget is not None or self.value is not None or self.toggle:
            return []
        offered = {fold(e.name) for e in self.elements if e.role in CHOICES}
        chosen = [key.removeprefix(SHOWN_CHOSEN).removeprefix(CHOSE) for key in self.tried]
        offered |= {fold(key.split(" ", 1)[-1].strip('"')) for key in chosen if key not in self.tried}
        done = ("typed", "found", "followed")
        return [
            v
            for v in self.values
            if fold(v) not in offered and not {f'{how} "{v}"' for how in done} & self.tried
            if not any(key.startswith(f"typed #{self._place(v)} ") for key in self.tried)
            if self.types or row_of(self.elements, [v], []) is None
        ]

    @cached_property
    def types(self) -> bool:
        """Whether the part says to type its values (a verb that types, or a field's name before one): otherwise a
        value a list row or a card on the page shows names that row ("put 'MacBook Pro14' in the cart": its card's
        own button), and is never typed into a field."""
        return bool(
            TYPES.search(self.goal) or self.lex.type_verbs.said(self.goal) or paired(self.goal, self.elements, self.lex)
        )

    def hidden(self, value: str) -> str:
        """How a value typed into a password field is remembered beside `typed` (`memory.HIDDEN`)."""
        return HIDDEN.format(self._place(value))

    def typed(self, value: str) -> str:
        """How a value typed is remembered: by its place among the goal's quoted values too (`typed #2 "…"`), as the
        session masks a password in the note it hands back, never in the goal."""
        return f'typed #{self._place(value)} "{value}"'

    def _place(self, value: str) -> int:
        values = quoted(self.request.goal)
        return values.index(value) if value in values else -1

    @cached_property
    def row(self) -> list[Element] | None:
        """The list row or card that holds the part's quoted values, when one does (`goal.row_of`)."""
        return row_of(self.elements, self.values, self.words) if self.values else None

    def others(self, element: Element) -> bool:
        """A card's own button when no card holds the goal's quoted value ("Add to cart" of a product the goal does
        not name): pressed for nothing the goal asks."""
        return bool(self.values) and self.row is None and presses(element) and id(element) in self.carded

    @cached_property
    def carded(self) -> set[int]:
        """The elements in a list row or a card (`goal.rows`), by identity."""
        return {id(element) for row in rows(self.elements) for element in row}

    @cached_property
    def field(self) -> Element | None:
        """The field to type into: a search box first, then the one whose name is most like the goal (its words
        whole before their first letters; a field for the persona's own name or e-mail last)."""
        fields = [e for e in self.elements if e.role in FIELDS and e.ref]
        mine = {field.ref for field, _ in persona_fields(self.elements, [], self.request.persona, self.lex)}

        def fit(e: Element) -> tuple[bool, int, int, bool]:  # "Nachricht" fits "Nachricht" before "Nachname"
            return (e.role == "searchbox", score(self.words, e.name), whole(self.words, e.name), e.ref not in mine)

        best = max(fields, key=fit, default=None)
        if best is None or best.role == "searchbox" or best.ref not in mine:
            return best
        return best if self.asks_for(best) else None

    def asks_for(self, field: Element) -> bool:
        """Whether the goal means the form of the persona's own field (a sign-in's ID, its password): it signs in,
        sends a form, or names the field or the heading above it. A goal that puts "MacBook Pro14" in the cart does
        not fill the sign-in box beside the products."""
        if self.verb is None or logs_in(self.goal, self.lex):
            return True
        sends = any(matches(word, self.goal) for word in (*FORM_WORDS, *SUBMIT_WORDS))
        if sends or self.lex.form_words.said(self.goal):  # it sends a form: "Send the contact form", "Wyślij ankietę"
            return True
        above = reversed(self.elements[: self.elements.index(field)])
        heading = next((e.name for e in above if e.role == "heading"), "")
        return bool(score(self.words, f"{field.name} {heading}"))

    @cached_property
    def paired(self) -> dict[str, Element]:
        """The part's quoted values whose words name a field of the form, each with that field (`pairing`)."""
        return paired(self.goal, self.elements, self.lex)

    def field_for(self, value: str) -> Element | None:
        """The field to type `value` into: the one the words before it name, else `field`."""
        return self.paired.get(value) or self.field

    @cached_property
    def heading(self) -> str | None:
        """The page's first heading: evidence of a state the engine checked itself (a row gone, a sign-in done, what
        was open closed)."""
        return next((e.name for e in self.elements if e.role == "heading" and e.name), None)

    def untried(self, element: Element) -> bool:
        return element.key not in self.tried
