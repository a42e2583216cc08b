"""The offline persona engine: deterministic, model-free, and honest about being so.

It reads the goal for the words that name its target and for quoted values to enter, scores the snapshot's
elements against those words, and acts on the best one it has not tried. Before each action it states an
expectation it can check from the next page alone ("the page I reach mentions Pricing"), and judges it there.
It stops when the goal's target heads the page (done) or nothing untried matches the goal (give_up).

It keeps no state: what it has tried travels in the rolling summary, as it would for a model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_useragent.ledger import Budget
from pytest_useragent.llm.base import Reply, StepRequest, WrapUpRequest
from pytest_useragent.records import Action, Decision, Evaluation, IssueDraft, Verdict, WrapUp

MODEL = "offline"
ACTIONABLE = {"link", "button", "menuitem", "tab", "checkbox", "radio", "switch", "option"}
FIELDS = {"textbox", "searchbox", "combobox"}
HEADLINE = {"heading"}
STOPWORDS = set(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "from",
        "by",
        "is",
        "are",
        "be",
        "it",
        "its",
        "this",
        "that",
        "what",
        "which",
        "who",
        "how",
        "find",
        "go",
        "get",
        "see",
        "look",
        "note",
        "write",
        "record",
        "page",
        "site",
        "and",
        "then",
        "out",
        "into",
        "your",
        "my",
        "me",
        "i",
        "you",
        "can",
        "do",
        "does",
        "costs",
        "cost",
        "much",
        "many",
        "there",
        "their",
        "them",
        "they",
        "add",
        "put",
        "use",
        "using",
        "open",
        "show",
        "tell",
    ]
)
_LINE = re.compile(r'^\s*- (?P<role>[\w-]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<attrs>[^:\n]*?)(?::\s*(?P<text>.*))?$')
_REF = re.compile(r"\[ref=([a-z0-9]+)\]")
_QUOTED = re.compile(r"[\"“'‘]([^\"”'’]{1,80})[\"”'’]")
_TRIED = re.compile(r'(\w+) "([^"]*)"')
_EXPECTS = re.compile(r'mentions "([^"]*)"')


@dataclass(frozen=True)
class Element:
    role: str
    name: str
    ref: str | None
    level: int | None = None

    @property
    def key(self) -> str:
        return f'{self.role} "{self.name}"'


def parse_snapshot(snapshot: str) -> list[Element]:
    """The snapshot's lines as elements (role, accessible name or text, ref)."""
    elements = []
    for line in snapshot.splitlines():
        match = _LINE.match(line)
        if not match:
            continue
        name = (match["name"] or match["text"] or "").replace('\\"', '"').strip()
        ref = _REF.search(match["attrs"] or "")
        level = re.search(r"\[level=(\d)\]", match["attrs"] or "")
        elements.append(
            Element(match["role"], name, ref.group(1) if ref else None, int(level.group(1)) if level else None)
        )
    return elements


def goal_words(goal: str) -> list[str]:
    """The content words of a goal, in order, without stopwords or quoted values."""
    unquoted = _QUOTED.sub(" ", goal)
    words = re.findall(r"[^\W\d_]{3,}", unquoted.lower())
    return list(dict.fromkeys(word for word in words if word not in STOPWORDS))


def matches(word: str, text: str) -> bool:
    """A goal word matches a text word that starts with it or shares its first four letters (pricing ~ price)."""
    return any(
        token.startswith(word) or (len(word) >= 4 and len(token) >= 4 and token[:4] == word[:4])
        for token in re.findall(r"[^\W\d_]+", text.lower())
    )


def score(words: list[str], text: str) -> int:
    return sum(1 for word in words if matches(word, text))


class OfflineProvider:
    """A persona engine with no model. Same Decision protocol, zero cost."""

    name = "offline"

    def model_name(self, requested: str) -> str:
        return MODEL

    def decide(self, request: StepRequest, budget: Budget) -> Reply[Decision]:
        return Reply(self._decide(request))

    def wrap_up(self, request: WrapUpRequest, budget: Budget) -> Reply[WrapUp]:
        verdicts = [step.evaluation.verdict for step in request.steps if step.evaluation]
        met = sum(1 for verdict in verdicts if verdict == "met")
        score_10 = round(10 * met / len(verdicts)) if verdicts else (10 if request.outcome == "goal_achieved" else 0)
        issues = [issue for step in request.steps for issue in step.issues]
        return Reply(
            WrapUp(
                intuitiveness=score_10,
                rationale=f"Offline engine: {met} of {len(verdicts)} expectations met; the session ended as "
                f"{request.outcome.replace('_', ' ')}.",
                issues=[IssueDraft(**issue.model_dump(include=set(IssueDraft.model_fields))) for issue in issues],
                suggestions=[f"Look at: {issue.title}" for issue in issues],
                quotes=[issue.quote for issue in issues],
            )
        )

    def _decide(self, request: StepRequest) -> Decision:
        page = request.observation
        elements = parse_snapshot(page.snapshot)
        words = goal_words(request.goal)
        values = _QUOTED.findall(request.goal)
        tried = _TRIED.findall(request.summary.partition("Tried:")[2])
        tried_keys = {f'{role} "{name}"' for role, name in tried}
        evaluation, issues = self._evaluate(request, elements)
        headline = " ".join([page.title] + [e.name for e in elements if e.role in HEADLINE and (e.level or 1) <= 2])
        # on the start page every goal word must head it; after moving on, half of them will do
        needed = max(1, len(words) if request.step == 1 else (len(words) + 1) // 2)
        pending = [value for value in values if f'typed "{value}"' not in tried_keys]

        def decision(observation: str, expectation: str, action: Action, tried_now: str | None) -> Decision:
            keys = [f'{role} "{name}"' for role, name in tried] + ([tried_now] if tried_now else [])
            summary = f"Offline engine at step {request.step} on {page.url}. Tried: {', '.join(keys)}"
            return Decision(
                observation=observation,
                evaluation=evaluation,
                summary=summary,
                issues=issues,
                expectation=expectation,
                action=action,
            )

        seen = f'I see "{page.title or page.url}" with {len(elements)} elements.'
        if not pending and score(words, headline) >= needed:
            return decision(
                seen + " What I came for heads this page.",
                "Nothing more: the goal is reached.",
                Action(kind="done", reason=f"the page is about {', '.join(words)}"),
                None,
            )

        field = next((e for e in elements if e.role in FIELDS and e.ref), None)
        if pending and field is not None:
            value = pending[0]
            return decision(
                seen + f" There is a field: {field.name or field.role}.",
                f'The field accepts "{value}" and the page reacts.',
                Action(kind="type", ref=field.ref, text=value),
                f'typed "{value}"',
            )
        if values and field is not None and 'pressed "Enter"' not in tried_keys:
            return decision(
                seen + " My text is entered.",
                f'The page mentions "{values[-1]}" after I submit.',
                Action(kind="press", ref=field.ref, key="Enter"),
                'pressed "Enter"',
            )

        candidates = [e for e in elements if e.role in ACTIONABLE and e.ref and e.key not in tried_keys and e.name]
        ranked = sorted(candidates, key=lambda e: -score(words, e.name))
        if ranked and score(words, ranked[0].name) > 0:
            best = ranked[0]
            return decision(
                seen + f' "{best.name}" looks closest to my goal.',
                f'The page I reach mentions "{best.name}".',
                Action(kind="click", ref=best.ref),
                best.key,
            )
        return decision(
            seen + " Nothing here that I have not tried matches my goal.",
            "I stop here.",
            Action(kind="give_up", reason=f"nothing on this page leads to {', '.join(words) or 'the goal'}"),
            None,
        )

    @staticmethod
    def _evaluate(request: StepRequest, elements: list[Element]) -> tuple[Evaluation | None, list[IssueDraft]]:
        if request.expectation is None:
            return None, []
        outcome = request.last_outcome or ""
        if outcome.startswith("failed"):
            return Evaluation(verdict="unmet", note=outcome), [
                IssueDraft(
                    severity="major",
                    heuristic="Nielsen #5 error prevention",
                    title=f"Could not {request.last_action}",
                    evidence=outcome,
                    quote=f"As a user I expected to be able to {request.last_action}.",
                )
            ]
        expected = _EXPECTS.search(request.expectation)
        if not expected:
            return Evaluation(verdict="met", note=f"the action went through: {outcome}"), []
        target = expected.group(1)
        headline = " ".join([request.observation.title] + [e.name for e in elements if e.role in HEADLINE])
        everything = " ".join(e.name for e in elements)
        verdict: Verdict
        if score(goal_words(target), headline) or target.lower() in headline.lower():
            verdict, note = "met", f'the page is headed "{target}"'
        elif target.lower() in everything.lower():
            verdict, note = "partial", f'"{target}" appears on the page, but not as its heading'
        else:
            verdict, note = "unmet", f'nothing on the page mentions "{target}"'
        issues = (
            []
            if verdict != "unmet"
            else [
                IssueDraft(
                    severity="minor",
                    heuristic="Nielsen #2 match between system and the real world",
                    title=f'"{target}" did not lead where its label says',
                    evidence=f"after it: {request.observation.url}",
                    quote=f'As a user I expected "{target}" to take me to {target}.',
                )
            ]
        )
        return Evaluation(verdict=verdict, note=note), issues
