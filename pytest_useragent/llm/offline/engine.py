"""The offline persona engine: deterministic, model-free, and honest about being so.

It reads the goal for the words that name its target, quoted values to enter, whether it is a task (a verb such as
book, add, send, sign up: something to be done, not only found) and whether it asks for a note to be written. Each step
it scores the snapshot's elements against those words and makes one move: type a quoted value, fill a form field
action button, or Enter in the field it typed into), or click the best untried element. Before each move it states
an expectation it can check on the next page alone ("the page I reach mentions Pricing"), and judges it there.

It says done only with evidence it names, which the harness checks, and gives up rather than claim when unsure: for
a task, a status or alert region that changed after its own action, a new confirmation heading, or the goal's quoted
value new in a list — never the page being about the goal's words; for a goal that operates a widget ("select the
Anchovies radio", "open the Settings tab", "choose 'Banana'"), the state on the named element as the snapshot writes
it (`radio "Anchovies" [checked]`), which the harness reads back in the page's snapshot (`widget`, `operate`); a
target that is not there or is disabled is given up on at once; for a goal that only asks to find something, the
text that holds the kind of answer it asks for (a price, a number, a date), or, for a page it asks to find, the
heading that names it. A goal of several parts ("... and then ...") is worked part by part, and done only when the
last is reached. It stays on the page under test: never a link to another host or to a file (a stylesheet, a
script, an image), and, for a widget goal, no link at all. A persona that uses the keyboard makes the same moves
with the keys the widget's APG pattern defines (`keyboard.by_keyboard`): Tab to the widget, arrows inside it, Enter
or Space, type where focus is; each key judged by the focus or the state the next snapshot shows. It gives up
when stuck (two unmet expectations in a row), when nothing untried matches the goal, or when its done is not taken.

It keeps no state of its own: what it has tried, saw and expects travels in the rolling summary as one typed record
(memory.Memory, written as JSON), as a model's memory would, and nothing it wrote is parsed back as prose."""

from __future__ import annotations

from collections.abc import Callable

from pytest_useragent.cost.billing import Meter
from pytest_useragent.llm.base import (
    ComposeRequest,
    InterviewRequest,
    Reply,
    StepRequest,
    SurveyRequest,
    WrapUpRequest,
)
from pytest_useragent.llm.offline import debrief as offline_debrief
from pytest_useragent.llm.offline.choices import shown_chosen
from pytest_useragent.llm.offline.explore import explore_move
from pytest_useragent.llm.offline.judge import evaluate
from pytest_useragent.llm.offline.keyboard import by_keyboard
from pytest_useragent.llm.offline.lexicon import lexicon
from pytest_useragent.llm.offline.memory import Memory
from pytest_useragent.llm.offline.moves import move
from pytest_useragent.llm.offline.page import MODEL, notable, parse_snapshot, quoted
from pytest_useragent.records import (
    Decision,
    InterviewReply,
    IssueDraft,
    SusReply,
    WrapUp,
)


class OfflineProvider:
    """A persona engine with no model. Same Decision protocol, zero cost."""

    name = "offline"

    def model_name(self, requested: str) -> str:
        return MODEL

    def endpoint(self, requested: str) -> None:
        return None

    def decide(self, request: StepRequest, meter: Meter) -> Reply[Decision]:
        elements = parse_snapshot(request.observation.snapshot)
        memory = Memory.read(request.summary)
        evaluation, issues = evaluate(request, elements, memory)
        unmet = memory.unmet + 1 if evaluation is not None and evaluation.verdict == "unmet" else 0
        planned = (
            explore_move(elements, memory, request.observation.url)
            if request.explore
            else move(request, elements, memory, unmet)
        )
        made = by_keyboard(planned, request, elements, memory.tried)
        lex = lexicon(request.goal, request.observation.lang)
        news = [text for text in notable(elements, quoted(request.goal), lex) if text not in memory.said]
        shown = shown_chosen(elements, quoted(request.goal), memory.tried)
        after = Memory(
            tried=memory.tried + ((made.key,) if made.key else ()) + made.also + shown,
            unmet=unmet,
            said=memory.said + tuple(news),
            expected=made.expected,
            # a part reached hands over to the next, also when the keys make its first move a Tab towards it
            part=next((m.part for m in (made, planned) if m.part is not None), memory.part),
        )
        seen = f'I see "{request.observation.title or request.observation.url}". '
        return Reply(
            Decision(
                observation=seen + made.notice,
                evaluation=evaluation,
                summary=after.write(),
                issues=issues,
                expectation=made.expected.sentence,
                action=made.action,
            )
        )

    def compose(self, request: ComposeRequest, meter: Meter, receive: Callable[[str], bool]) -> Reply[str]:
        return Reply(None, problem="the offline engine writes its notes inline")

    def survey(self, request: SurveyRequest, meter: Meter) -> Reply[SusReply]:
        """Answered from its counts, and says so (`offline_debrief`)."""
        return Reply(offline_debrief.survey(request))

    def interview(self, request: InterviewRequest, meter: Meter) -> Reply[InterviewReply]:
        return Reply(offline_debrief.interview(request))

    def wrap_up(self, request: WrapUpRequest, meter: Meter) -> Reply[WrapUp]:
        verdicts = [step.evaluation.verdict for step in request.steps if step.evaluation]
        met = sum(1 for verdict in verdicts if verdict == "met")
        achieved = request.outcome in ("goal_achieved", "explored")
        score_10 = round(10 * met / len(verdicts)) if verdicts else (10 if achieved else 0)
        score_10 = score_10 if achieved else score_10 // 2  # a goal not reached is not intuitive, however it went
        issues = [issue for step in request.steps for issue in step.issues if issue.source == "persona"]
        judged = f"{met} of {len(verdicts)} expectations met" if verdicts else "no expectation judged"
        return Reply(
            WrapUp(
                intuitiveness=score_10,
                rationale=f"Offline engine: {judged}; the session ended as {request.outcome.replace('_', ' ')}.",
                issues=[IssueDraft(**issue.model_dump(include=set(IssueDraft.model_fields))) for issue in issues],
                suggestions=[f"Look at: {issue.title}" for issue in issues],
                quotes=[issue.quote for issue in issues],
            )
        )
