"""Replay: a provider that answers from a cassette while the page fits it, and records the journey when asked.

`Replay` wraps the live provider (pytest-recording's record modes, `--useragent-record-mode`):

    none          replay only: a step the cassette cannot answer is a divergence (no cassette: at step 1)
    once          no cassette: live, recorded; otherwise as none
    new_episodes  replay while the page fits, then live from the first step that does not; the new tail recorded,
                  unless the recording reached the goal and this run did not (then it is kept, with a warning)
    all           live, recorded over the cassette
    rewrite       the cassette deleted first, then as all

At each step the page fits the recorded step when its path and its controls (`snapshot.fingerprint`: interactive
roles and names, digits folded, order ignored) are those recorded, and the acted element (each field of a fill)
resolves to exactly one element now (its ref is found anew: refs change between runs). Then the recorded decision is
the answer: no model call, no cost; the session still acts, settles and runs every objective check. A recorded
evaluation is only replayed with the next step, so it holds only when the page after the action fits too. Providers
know nothing of Playwright, and neither does this: it reads the snapshot the request carries.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from pytest_useragent.config import RecordMode, UserAgentConfig
from pytest_useragent.cost.billing import Meter
from pytest_useragent.errors import Divergence, warn
from pytest_useragent.llm.base import (
    ComposeRequest,
    InterviewRequest,
    Provider,
    Reply,
    StepRequest,
    SurveyRequest,
    WrapUpRequest,
)
from pytest_useragent.records import (
    ERROR_OUTCOMES,
    ON_ELEMENTS,
    ON_FIELDS,
    Decision,
    InterviewReply,
    ReplayReport,
    SessionOutcome,
    SessionResult,
    SusReply,
    Usage,
    WrapUp,
)
from pytest_useragent.records.snapshot import fingerprint, refs_of, target_of
from pytest_useragent.replay.cassette import (
    Cassette,
    CassetteStep,
    PageFit,
    Target,
    load,
    origin_of,
    path_of,
    without_refs,
    write,
)
from pytest_useragent.secrets.redaction import Secrets

DIFF_LINES = 8
"""Controls shown of a page's change in a divergence message; the rest are counted."""


def around(live: Provider, config: UserAgentConfig, cassette: Path | None) -> Replay | None:
    """The Replay a session is answered through, around `live`; None without a record mode (or a cassette path)."""
    if config.record_mode is None or cassette is None:
        return None
    return Replay(live, config.record_mode, cassette)


@dataclass
class _Seen:
    """One step as this provider met it: the page, and what answered."""

    fit: PageFit
    decision: Decision | None = None
    problem: str | None = None
    target: Target | None = None
    targets: list[Target] = field(default_factory=list)
    content: str | None = None
    recorded: CassetteStep | None = None
    """The cassette's step that answered, when replayed."""
    live: bool = False
    """The live provider answered."""


@dataclass
class _Fit:
    decision: Decision | None = None
    why: str | None = None
    """Why the page does not fit; None when it does."""
    diff: list[str] = field(default_factory=list)


class Replay:
    """A Provider: the cassette's answers while the page fits, the live provider's when the mode allows."""

    def __init__(self, live: Provider, mode: RecordMode, path: Path) -> None:
        self.live = live
        self.mode = mode
        self.path = path
        self.shown = os.path.relpath(path)
        """The cassette's path as messages and reports show it: relative, never the machine's own."""
        self.name = live.name
        if mode == "rewrite":
            path.unlink(missing_ok=True)
        self.cassette: Cassette | None = None if mode in ("all", "rewrite") else load(path)
        self.strict = mode == "none" or (mode == "once" and self.cassette is not None)
        """No model may be asked: every step must come from the cassette."""
        self.seen: dict[int, _Seen] = {}
        self.step = 0
        self.diverged: tuple[int, str] | None = None
        self.wrap_up_replayed = False

    def model_name(self, requested: str) -> str:
        return self.live.model_name(requested)

    def endpoint(self, requested: str) -> str | None:
        return None if self.strict else self.live.endpoint(requested)

    @property
    def replaying(self) -> bool:
        return self.cassette is not None and self.diverged is None

    def decide(self, request: StepRequest, meter: Meter) -> Reply[Decision]:
        self.step = request.step
        snapshot = request.observation.snapshot
        fit = PageFit(path=path_of(request.observation.url), controls=fingerprint(snapshot))
        seen = self.seen[request.step] = _Seen(fit)
        if self.cassette is None and self.mode == "none":
            self.diverged = (request.step, "there is no cassette")
            raise Divergence(f"no cassette {self.shown} to replay (record mode none): record it with once")
        if self.replaying and self.cassette is not None:
            recorded = self.cassette.step(request.step)
            fits = _same_task(self.cassette, request)
            if fits.why is None:
                fits = _fit(recorded, seen.fit, snapshot)
            before = self.seen.get(request.step - 1)
            if before is not None and before.recorded is not None and _failed_now(before.recorded, request):
                # the page fit, but what was done on it did not do what it did: the journey broke one step back
                recorded, fits = before.recorded, _Fit(why=f"its action failed now ({_said(request)})")
            if fits.why is None and recorded is not None:
                seen.recorded, seen.decision, seen.problem = recorded, recorded.decision, recorded.problem
                return Reply(fits.decision, problem=recorded.problem, replayed=True)
            self.diverged = (request.step, fits.why or "")
            if self.strict:
                raise Divergence(self._message(request.step, recorded, fits))
        reply = self.live.decide(request, meter)
        seen.live, seen.decision = True, reply.value
        seen.problem = reply.problem or ("the model refused to answer" if reply.refused else None)
        if reply.value is not None:
            action = reply.value.action
            found = [target_of(snapshot, ref) for ref in action.refs]
            named = [Target(role=role, name=name, nth=nth) for role, name, nth in filter(None, found)]
            if named and len(named) == len(found):  # each element named, or none: a replay cannot half-find them
                seen.target, seen.targets = (None, named) if action.kind in ON_FIELDS else (named[0], [])
        return reply

    def wrap_up(self, request: WrapUpRequest, meter: Meter) -> Reply[WrapUp]:
        if self.replaying and self.cassette is not None:
            self.wrap_up_replayed = self.cassette.wrap_up is not None
            problem = None if self.wrap_up_replayed else "the cassette has no wrap-up"
            return Reply(self.cassette.wrap_up, problem=problem, replayed=True)
        if self.strict:
            return Reply(None, problem="no wrap-up: the journey no longer fits its cassette")
        return self.live.wrap_up(request, meter)

    def survey(self, request: SurveyRequest, meter: Meter) -> Reply[SusReply]:
        # a questionnaire is an opinion of this run, not part of the journey: not recorded, and never asked of a
        # model where no model may be called
        if self.strict:
            return Reply(None, problem="a replayed session asks no model (record mode none or once)")
        return self.live.survey(request, meter)

    def interview(self, request: InterviewRequest, meter: Meter) -> Reply[InterviewReply]:
        return self.live.interview(request, meter)

    def compose(self, request: ComposeRequest, meter: Meter, receive: Callable[[str], bool]) -> Reply[str]:
        seen = self.seen.get(self.step)
        if seen is not None and seen.recorded is not None:
            if seen.recorded.content is None:
                raise Divergence(f"step {self.step} of {self.shown} wrote a document, but its content was not recorded")
            receive(seen.recorded.content)
            return Reply(seen.recorded.content, replayed=True)
        reply = self.live.compose(request, meter, receive)
        if seen is not None:
            seen.content = reply.value
        return reply

    def report(self, outcome: SessionOutcome) -> ReplayReport:
        replayed = [seen.recorded for seen in self.seen.values() if seen.recorded is not None]
        saved = sum(step.cost_usd for step in replayed)
        if self.wrap_up_replayed and self.cassette is not None:
            saved += self.cassette.wrap_up_cost_usd
        return ReplayReport(
            mode=self.mode,
            cassette=self.shown,
            replayed=len(replayed),
            live=sum(seen.live for seen in self.seen.values()),
            diverged_at=self.diverged[0] if self.diverged else None,
            why=self.diverged[1] if self.diverged else None,
            saved_usd=saved,
            recorded=self._records(outcome),
        )

    def record(self, result: SessionResult, secrets: Secrets) -> None:
        """Write the session's journey to the cassette when the mode asks for it: what was replayed kept as it was
        recorded (with what it cost then), what was decided live with what it cost now."""
        if self._keeps(result.outcome):
            warn(
                f"useragent: {self.shown} kept as it was: its journey reached the goal, this run's "
                f"(live from step {self.diverged[0] if self.diverged else '?'}) ended {result.outcome}"
            )
            return
        if not self._records(result.outcome):
            return
        steps = []
        for step in result.steps:
            seen = self.seen.get(step.index)
            if seen is None:
                continue
            if seen.recorded is not None:
                steps.append(seen.recorded.model_copy(update={"outcome": step.outcome, "replayed": True}))
                continue
            decision = seen.decision and without_refs(seen.decision)
            usage = sum((call.usage for call in step.calls), Usage())
            steps.append(
                CassetteStep(
                    index=step.index,
                    page=seen.fit,
                    decision=decision,
                    problem=seen.problem if decision is None else None,
                    target=seen.target,
                    targets=seen.targets,
                    content=seen.content,
                    outcome=step.outcome,
                    usage=usage,
                    cost_usd=round(sum(call.cost_usd for call in step.calls), 8),
                )
            )
        replayed_wrap_up = self.wrap_up_replayed and self.cassette is not None
        wrap_up_cost = round(result.cost_usd - sum(call.cost_usd for step in result.steps for call in step.calls), 8)
        cassette = Cassette(
            goal=result.goal,
            persona=result.persona.name,
            provider=result.provider,
            model=result.model,
            recorded_at=datetime.now(UTC),
            outcome=result.outcome,
            steps=steps,
            wrap_up=result.wrap_up,
            wrap_up_cost_usd=self.cassette.wrap_up_cost_usd if replayed_wrap_up and self.cassette else wrap_up_cost,
        )
        write(cassette, self.path, secrets, origin_of(result.start_url))

    def _records(self, outcome: SessionOutcome) -> bool:
        """Whether this session writes its cassette: a journey cut short from outside (the API, the budget, a
        crash) is not one to replay."""
        if outcome in ERROR_OUTCOMES or outcome == "diverged" or self.strict or self._keeps(outcome):
            return False
        return self.mode in ("all", "rewrite") or self.cassette is None or self.diverged is not None

    def _keeps(self, outcome: SessionOutcome) -> bool:
        """new_episodes adds to a recording and never loses it, as vcrpy's does: a journey that went live and did not
        reach the goal does not replace one that did (`all` and `rewrite` record over it)."""
        reached = self.cassette is not None and self.cassette.outcome == "goal_achieved"
        return self.mode == "new_episodes" and self.diverged is not None and reached and outcome != "goal_achieved"

    def _message(self, step: int, recorded: CassetteStep | None, fit: _Fit) -> str:
        """The divergence as the failing test shows it: where, what the persona expected, what changed."""
        lines = [f"the journey in {self.shown} no longer fits the page at step {step}: {fit.why}"]
        if recorded is not None and recorded.decision is not None:
            locator = f" on page.{recorded.outcome.locator}" if recorded.outcome.locator else ""
            lines.append(f"  the persona expected: {recorded.decision.expectation}")
            lines.append(f"  it did: {recorded.decision.action.describe()}{locator}")
        if fit.diff:
            lines.append("  what the page offers, at record time (-) and now (+):")
            lines += [f"    {change}" for change in fit.diff]
        return "\n".join(lines)


def _fit(recorded: CassetteStep | None, now: PageFit, snapshot: str) -> _Fit:
    """The recorded decision with its element's ref on this page, or why the page does not fit. Pure."""
    if recorded is None:
        return _Fit(why="the recording has no step here (the recorded session had ended)")
    diff = _diff(recorded.page, now)
    if recorded.page.path != now.path:
        return _Fit(why=f"the page is {now.path}, recorded at {recorded.page.path}", diff=diff)
    if diff:
        return _Fit(why="the page offers other controls than at record time", diff=diff)
    decision = recorded.decision
    if decision is not None and recorded.target is None and decision.action.kind in ON_ELEMENTS:
        return _Fit(why=f"the cassette does not name the element its {decision.action.kind} acted on")
    fields = (decision.action.fields or []) if decision is not None else []
    if decision is not None and decision.action.kind in ON_FIELDS and len(recorded.targets) != len(fields):
        return _Fit(why=f"the cassette does not name the fields its {decision.action.kind} typed")
    if decision is None or (recorded.target is None and not recorded.targets):
        return _Fit(decision=decision)
    refs = []
    for target in [recorded.target] if recorded.target is not None else recorded.targets:
        alike = refs_of(snapshot, target.role, target.name)
        if len(alike) <= target.nth or (target.nth == 0 and len(alike) > 1):
            named = f'{target.role} "{target.name}"' if target.name else target.role
            return _Fit(why=f"the element it acted on ({named}) is {len(alike)} elements now, not one")
        refs.append(alike[target.nth])
    if recorded.target is not None:
        action = decision.action.model_copy(update={"ref": refs[0]})
    else:
        found = [field.model_copy(update={"ref": ref}) for field, ref in zip(fields, refs, strict=True)]
        action = decision.action.model_copy(update={"fields": found})
    return _Fit(decision=decision.model_copy(update={"action": action}))


def _same_task(cassette: Cassette, request: StepRequest) -> _Fit:
    """Another goal or persona than the recording's is another journey: nothing of it can be replayed."""
    if cassette.goal != request.goal:
        return _Fit(why=f"the goal is not the recorded one ({cassette.goal!r})")
    if cassette.persona != request.persona.name:
        return _Fit(why=f"the persona is {request.persona.name}, recorded as {cassette.persona}")
    return _Fit()


def _failed_now(recorded: CassetteStep, request: StepRequest) -> bool:
    """The previous step's replayed action failed where it had worked at record time (a select's option gone)."""
    return recorded.outcome.ok and request.last_outcome is not None and not request.last_outcome.ok


def _said(request: StepRequest) -> str:
    outcome = request.last_outcome
    return outcome.message.splitlines()[0] if outcome is not None and outcome.message else "no reason given"


def _diff(recorded: PageFit, now: PageFit) -> list[str]:
    """The controls that differ, as `- button "book"` (record time only) and `+ ...` (now only), counts shown."""
    gone, new = [], []
    for control in sorted(set(recorded.controls) | set(now.controls)):
        before, after = recorded.controls.get(control, 0), now.controls.get(control, 0)
        if before > after:
            gone.append(f"- {control}" + (f" x{before - after}" if before - after > 1 else ""))
        if after > before:
            new.append(f"+ {control}" + (f" x{after - before}" if after - before > 1 else ""))
    changes = gone + new
    if len(changes) > DIFF_LINES:
        changes = [*changes[:DIFF_LINES], f"(and {len(changes) - DIFF_LINES} more)"]
    return changes
