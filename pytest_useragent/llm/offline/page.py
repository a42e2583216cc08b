"""Pure: what the offline engine reads off a page and a goal: the snapshot as elements, the goal's content words, quoted
values and task verb, what on a page could show that something happened, and the values a persona types."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pytest_useragent.llm.offline.lexicon import (
    ENGLISH,
    MIN_CJK,
    Lexicon,
    Words,
    cjk,
    fold,
    lexicon,
    split,
    tokens,
    unmarked,
)
from pytest_useragent.records.persona import Persona
from pytest_useragent.records.snapshot import parse

MODEL = "offline"


CLICKABLE = {"link", "button", "menuitem", "tab", "switch"}


FIELDS = {"textbox", "searchbox"}


INLINE = frozenset({"strong", "emphasis", "code", "mark", "time", "term", "definition", "caption", "blockquote"})
"""Text a tree gives a role of its own inside a paragraph or a cell (`- strong: (1) 269 68742`): read as text."""
TEXT = {"heading", "paragraph", "listitem", "text", "cell", "generic", "status", "alert", *INLINE}
READ = frozenset({*TEXT, "img"})
"""What may answer a question and go into a note: text, and an image's text alternative (the opening hours as an image
whose alt says them: what a screen reader reads, and what WCAG 1.1.1 has an alt be, the image's words)."""


_STOPWORDS = (
    "a an the and or of to in on at for with from by is are be it its this that what which who how find go get "
    "see look note write record page site then out into your my me i you can do does costs cost much many there "
    "their them they add put use using open show tell when has have had did was were"
)


STOPWORDS = frozenset(_STOPWORDS.split())

DOCUMENT_VERBS = ("note", "record", "document", "write", "log", "track", "compare")  # whole words: not "documento"


FORM_WORDS = (
    "sign", "register", "subscribe", "join", "create", "account", "order", "checkout", "book", "apply", "survey",
    "questionnaire", "fill",
)  # fmt: skip


SUBMIT_WORDS = (
    "create", "submit", "sign", "log", "register", "continue", "send", "confirm", "join", "order", "subscribe",
)  # fmt: skip


TASK_VERBS = frozenset((
    "book", "reserve", "add", "send", "buy", "order", "purchase", "pay", "subscribe", "sign", "register", "join",
    "create", "apply", "submit", "post", "save", "upload", "delete", "remove", "search", "schedule", "rent", "checkout",
    "contact",
))  # fmt: skip


CONFIRM_STEMS = (
    "thank", "confirm", "booked", "reserved", "added", "success", "welcome", "ready", "created", "subscribed", "sent",
    "received", "complete", "saved", "ordered", "registered", "submitted", "placed", "scheduled", "paid", "posted",
)  # fmt: skip


ERROR_STEMS = ("error", "wrong", "invalid", "fail", "please", "required", "must", "need", "cannot", "unable", "sorry")


PENDING_STEMS = ("loading", "wait", "processing", "sending", "saving", "submitting", "busy")
"""A region that says it is still at work has not answered yet."""


LISTS = {"list", "listitem", "table", "row", "cell", "grid", "gridcell", "rowgroup"}

REGIONS = {"status", "alert", "log"}

SAID_KEPT = 12
"""Texts of status regions and confirmations the engine remembers having seen, so it knows a new one."""


QUOTED = re.compile(
    r'"([^"]{1,80})"'
    r"|“([^”“]{1,80})[”“]"
    r"|„([^“”\"]{1,80})[“”\"]"
    r"|«\s*([^»]{1,80}?)\s*»"
    r"|»\s*([^«]{1,80}?)\s*«"
    r"|‚([^‘’]{1,80})[‘’]"
    r"|‘([^’]{1,80})’"
    r"|(?<!\w)'([^']{1,80})'(?!(?![\uac00-\ud7a3])\w)"  # a Korean particle may follow: '녹차'를
    r"|「([^「」]{1,80})」"
    r"|『([^『』]{1,80})』"
)
"""A quoted value, in any language's quotes: "…" “…” „…“ „…” «…» »…« ‚…‘ ‘…’ '…' (an apostrophe is no quote; a
Korean particle may follow the closing one), 「…」 『…』."""


def quoted(text: str) -> list[str]:
    """The values `text` quotes, in order."""
    return [next(group for group in found.groups() if group is not None) for found in QUOTED.finditer(text)]


def unquoted(text: str) -> str:
    """`text` without its quoted values."""
    return QUOTED.sub(" ", text)


FILE = re.compile(r"\b([\w-]+\.(?:md|txt|json))\b")


_TASK = re.compile(r"(?:^|\b(?:and|then|to|please)\s+)([a-z]+)")


SIGN_OUT = re.compile(r"\b(?:log|sign)\s*-?\s*(?:out|off)\b", re.IGNORECASE)
"""A control that ends the persona's own session: where it leads is the app's sign-in page, not a page it names."""


@dataclass(frozen=True)
class Element:
    role: str
    name: str
    ref: str | None
    level: int | None = None
    value: str | None = None
    checked: bool = False
    selected: bool = False
    within: tuple[str, ...] = ()
    """The roles of the elements it sits inside, outermost first."""
    states: frozenset[str] = frozenset()
    """The state flags its line carries (`STATES`: checked, selected, expanded, pressed, disabled, active)."""
    url: str | None = None
    """A link's address as the page wrote it (its `/url` line), relative or not."""
    collapsed: bool = False
    """A disclosure shut: its line says `[expanded=false]` (a menu button whose menu is hidden)."""
    pointer: bool = False
    """Text a mouse user clicks though the page names no control: a line of no control role that the page gives a
    pointer cursor (`generic [cursor=pointer]: Cart`, a `div` with a click handler), or one inside such a line (a
    product card's "Add" text): what a sighted person takes for a button. No screen reader's tree says it."""

    @property
    def key(self) -> str:
        return f'{self.role} "{self.name}"'

    @property
    def disabled(self) -> bool:
        return "disabled" in self.states


STATES = frozenset({"checked", "selected", "expanded", "pressed", "disabled", "active"})
"""The flags of a snapshot line that tell a widget's state (`[checked]`) or focus (`[active]`, the ai snapshot's)."""


def parse_snapshot(snapshot: str) -> list[Element]:
    """The snapshot's lines as elements: role, accessible name (or text), ref, state, and a link's address."""
    elements: list[Element] = []
    parents: list[tuple[int, str, int]] = []  # (indent, role, index) of the open ancestors
    for read in parse(snapshot):
        if read.role == "/url" and elements and read.text:
            elements[-1] = replace(elements[-1], url=read.text)
        if read.role.startswith("/"):  # a property of the line above (its url, placeholder), not an element
            continue
        while parents and parents[-1][0] >= read.indent:
            parents.pop()
        field = elements[parents[-1][2]] if parents and parents[-1][1] in FIELDS else None
        if field is not None and read.role == "text" and field.value is None and read.text:
            # a field with a placeholder holds its value as a line: `textbox "Name":`, `/placeholder: …`, `text: Ana`
            elements[parents[-1][2]] = replace(field, value=read.text.strip())
            continue
        within = tuple(role for _, role, _ in parents)
        pointed = read.attributes.get("cursor") == "pointer" or bool(parents and elements[parents[-1][2]].pointer)
        parents.append((read.indent, read.role, len(elements)))
        name = unmarked(read.name if read.name is not None else read.text or "")  # "… +", "… −": one name
        value = (read.text or "").strip() or None if read.name is not None else None
        if read.name is None and read.role in LABELLED:  # `textbox [ref=e5]: Ana`: Ana is what it holds
            name, value = _shown_label(elements[-1]) if elements else "", (read.text or "").strip() or None
        elements.append(
            Element(
                role=read.role,
                name=name,
                ref=read.ref,
                level=read.level,
                value=value,
                checked=read.checked,
                selected=read.selected,
                within=within,
                states=frozenset(key for key, value in read.attributes.items() if key in STATES and value is None),
                collapsed=read.attributes.get("expanded") == "false",
                url=read.attributes.get("url") or None,  # the page state sent writes it on the line: `[url=/x]`
                pointer=pointed and read.role not in CLICKABLE,
            )
        )
    return [_named_by_image(elements, index) for index in range(len(elements))]


def _named_by_image(elements: list[Element], index: int) -> Element:
    """A link or button the snapshot left unnamed, named by the image it holds (`link:` over `img "Photographers"`),
    as a screen reader names it by the image's alternative text."""
    element, inner = elements[index], elements[index + 1] if index + 1 < len(elements) else None
    if element.role in CLICKABLE and not element.name and inner and inner.role == "img" and inner.name:
        return replace(element, name=inner.name) if len(inner.within) > len(element.within) else element
    return element


LABELLED = frozenset(FIELDS)
"""Fields a page may leave unnamed while a person reads their label beside them (a dropdown's line says its chosen
option, which is what a screen reader says of it: `choices.choose_named` reads it)."""
MAX_LABEL_CHARS = 80  # a longer text before a field is a paragraph, not its label


def _shown_label(before: Element) -> str:
    """The label a person reads for a field the page left unnamed (`<div>ID</div><input>`): the short text just before
    it. A screen reader reads it there too, in the same order; no finding depends on it (axe's `label` still does)."""
    if before.role in TEXT and before.role not in ("status", "alert") and len(before.name) <= MAX_LABEL_CHARS:
        return before.name
    return ""


def goal_words(goal: str, lex: Lexicon | None = None) -> list[str]:
    """The content words of a goal, in order, without stopwords (the goal's language's too: `lex`, read off the goal
    when not given; in a language that inflects, each cut to its stem: "parku" ~ "park"), quoted values or file
    names. Text without spaces gives its runs of kanji or katakana of two letters or more (`lexicon.split`), not its
    hiragana, which are its particles and endings ("温暖化の状況を開いて": 温暖化, 状況); a word's letters are counted
    folded, so a Korean word of two syllables ("할인") is a word."""
    lex = lexicon(goal) if lex is None else lex
    plain = FILE.sub(" ", unquoted(goal))
    words = [
        word
        for word in split(plain.lower())
        if ((len(word) >= MIN_CJK and not _HIRAGANA.fullmatch(word)) if cjk(word) else len(fold(word)) >= 3)
    ]
    kept = [word for word in words if word not in STOPWORDS and word not in lex.stopwords]
    return list(dict.fromkeys(lex.stem(word) if lex.endings else word for word in kept))


_HIRAGANA = re.compile("[\u3041-\u309f]+")


def matches(word: str, text: str) -> bool:
    """A goal word matches a text word that starts with it or shares its first four letters (pricing ~ price); case
    and diacritics aside ("wyslij" ~ "Wyślij"). A word of text without spaces matches where the text holds it, or
    where it holds a word of the text of two letters or more ("温暖化対策" ~ "温暖化")."""
    word = fold(word)
    if cjk(word):
        folded = fold(text)
        return word in folded or any(len(t) >= MIN_CJK and cjk(t) and t in word for t in split(folded))
    return any(
        token.startswith(word) or (len(word) >= 4 and len(token) >= 4 and token[:4] == word[:4])
        for token in tokens(text)
    )


def score(words: list[str], text: str) -> int:
    return sum(1 for word in words if matches(word, text))


def whole(words: list[str], text: str) -> int:
    """How many of the words a word of `text` starts with (not only its first four letters: "nachricht" is not
    "Nachname")."""
    found = tokens(text)
    return sum(1 for word in words if any(token.startswith(fold(word)) for token in found))


def task_verb(goal: str, lex: Lexicon | None = None) -> str | None:
    """The verb that makes the goal a task (book, add, send ...), when it opens the goal or a clause of it; in the
    goal's language, the table's word for it (a stem: "wyśl" for "wyślij"), folded, which a button's name starts
    with; a German goal's verb may close it ("Das Formular absenden"); a Japanese goal's closes it, the last one."""
    english = next((verb for verb in _TASK.findall(goal.lower()) if verb in TASK_VERBS), None)
    lex = lexicon(goal) if lex is None else lex
    if english is not None or not lex.task_verbs:
        return english
    words = tokens(goal)
    if cjk(goal):  # a Japanese verb closes its clause: the goal's last one ("…に同意して送信してください": 送信)
        return next((lex.task_verbs.entry(word) for word in reversed(words) if word in lex.task_verbs), None)
    opening = [word for at, word in enumerate(words) if at == 0 or words[at - 1] in lex.openers]
    return next((lex.task_verbs.entry(word) for word in [*opening, *words[-1:]] if word in lex.task_verbs), None)


def has_stem(stems: tuple[str, ...], text: str, also: Words | None = None) -> bool:
    """Whether a word of `text` starts with one of `stems` (case and diacritics aside), or, given `also` (a
    `lexicon.Words`), is one of its words."""
    folded = tuple(fold(stem) for stem in stems)
    if any(token.startswith(folded) for token in tokens(text)):
        return True
    return also is not None and also.said(text)


def _said(text: str) -> str:
    """A text as the memory keeps it: one line, no double quotes, bounded."""
    return " ".join(text.replace('"', "'").split())[:80]


def notable(elements: list[Element], values: list[str], lex: Lexicon = ENGLISH) -> list[str]:
    """What on this page could show that something happened: status and alert regions, confirmation headings (in
    English or `lex`'s languages), and list entries holding a quoted value of the goal."""
    found = []
    for element in elements:
        if not element.name or element.role in FIELDS or element.role == "combobox":
            continue  # a field's own text is what was typed, not what the page answered
        in_region = element.role in REGIONS or (element.role in TEXT and bool(REGIONS.intersection(element.within)))
        confirming = element.role == "heading" and has_stem(CONFIRM_STEMS, element.name, lex.confirm_stems)
        listed = (element.role in LISTS or bool(LISTS.intersection(element.within))) and bool(values)
        listed = listed and all(fold(value) in fold(element.name) for value in values)
        if in_region and element.value:  # a region's label and what it holds: `status "Last action:": Copy`
            found.append(_said(f"{element.name} {element.value}"))
        elif in_region or confirming or listed:
            found.append(_said(element.name))
    return list(dict.fromkeys(found))


def proof(
    elements: list[Element], values: list[str], said: tuple[str, ...], lex: Lexicon = ENGLISH, echo: str = ""
) -> str | None:
    """Evidence that the task went through: a notable text that is new since the engine acted and is no error (a
    list entry only when it holds every quoted value of the goal). A text that names some of the goal's quoted values
    but not all confirms something else ("Booked: Saturday 10:00, for Kai" for "Saturday 14:00" for "Kai"); one that
    names `echo`, the control last clicked, tells that control's own state ("Alto contraste activado")."""
    news = [text for text in notable(elements, values, lex) if text not in said and not refuses(text, lex)]
    echoed = re.compile(rf"\b{re.escape(fold(echo))}\b") if echo.strip() else None
    return next((t for t in news if all_or_none(t, values) and not (echoed and echoed.search(fold(t)))), None)


def refuses(text: str, lex: Lexicon = ENGLISH) -> bool:
    """A text that says something went wrong, or is still at work: no answer that a task went through. English
    (a browser's or a library's own message, "Not a valid email address") on any page."""
    wrong = has_stem(ERROR_STEMS, text, lex.error_stems) or _ERROR_PHRASES.said(text)
    return wrong or has_stem(PENDING_STEMS, text, lex.pending_stems)


_ERROR_PHRASES = Words.of(["not a valid", "not valid", "is not valid", "isn't valid"])


def all_or_none(text: str, values: list[str]) -> bool:
    held = [fold(value) in fold(text) for value in values]
    return all(held) or not any(held)


def persona_value(field: str, persona: Persona, lex: Lexicon = ENGLISH) -> str | None:
    """What this persona types into a field named `field`, when the name says (in English or `lex`'s languages:
    "Hasło", "Courriel", "Prénom")."""
    first = persona.name.split()[0]
    name = field.lower()
    if "mail" in name or lex.email_fields.said(field):  # an address a browser takes: ASCII letters ("Lucía": lucia@)
        return f"{re.sub(r'[^a-z0-9]', '', fold(first)) or 'user'}@example.com"
    if password_field(field, lex):
        return f"{first}-2026!"
    if "name" in name or lex.name_fields.said(field):
        return persona.name
    return None


def password_field(name: str, lex: Lexicon = ENGLISH) -> bool:
    """Whether a field so named takes a password, in English or `lex`'s languages ("Hasło", "비밀번호")."""
    return "password" in name.lower() or lex.password_fields.said(name)


def credential_for(field: str, placeholders: list[str]) -> str | None:
    """The placeholder (`{{password}}`) of the credential whose name the field's name holds, the longest such name;
    letters and digits compared only, so `user_name` fills "User name" and `email` fills "E-mail"."""

    def plain(text: str) -> str:
        return re.sub(r"[\W_]", "", text.lower())

    fitting = [p for p in placeholders if plain(p) and plain(p) in plain(field)]
    return max(fitting, key=len) if fitting else None


def persona_fields(
    elements: list[Element], placeholders: list[str], persona: Persona, lex: Lexicon = ENGLISH
) -> list[tuple[Element, str]]:
    """The text fields this persona has something for (a credential's placeholder, or its own name, e-mail or
    password), each with what it types, in page order."""
    found = []
    for field in (e for e in elements if e.role == "textbox" and e.ref):
        value = credential_for(field.name, placeholders) or persona_value(field.name, persona, lex)
        found += [(field, value)] if value is not None else []
    return found


def note_of(title: str, url: str, words: list[str], elements: list[Element]) -> str:
    """A short markdown note of what on this page speaks to the goal."""
    texts = [e for e in elements if e.role in READ and e.name]
    lines: list[str] = []
    for index, element in enumerate(texts):
        if score(words, element.name):
            lines.append(element.name)
            if index + 1 < len(texts) and texts[index + 1].role != "heading":
                lines.append(texts[index + 1].name)
    found = "\n".join(f"- {line}" for line in dict.fromkeys(lines)) or "- (nothing on the page names it)"
    return f"# {title}\n\nFound at {url}\n\n{found}\n"
