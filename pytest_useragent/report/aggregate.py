"""Aggregation of a run's sessions into one summary. Pure: records in, record out. The records are
`report/summary.py`'s, named here too, where the plugin, `useragent combine` and the tests have always imported them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TypeVar, get_args

from pytest_useragent.records import SEVERITY_ORDER, AnySession, Trust
from pytest_useragent.records.grouping import trust_of
from pytest_useragent.report.coverage import coverage
from pytest_useragent.report.summary import (
    REPORT_SCHEMA_VERSION,
    CombinedRun,
    Crash,
    DigestEntry,
    Entry,
    PersonaRow,
    ReplayTotals,
    Run,
    RunIssue,
    RunSummary,
    SessionEntry,
    Sighting,
    Stops,
    TestStats,
    TestView,
    distinct,
)
from pytest_useragent.templates import bounded

__all__ = [
    "REPORT_SCHEMA_VERSION",
    "CombinedRun",
    "Crash",
    "DigestEntry",
    "Entry",
    "PersonaRow",
    "ReplayTotals",
    "Run",
    "RunIssue",
    "RunSummary",
    "SessionEntry",
    "Sighting",
    "Stops",
    "TestStats",
    "TestView",
    "aggregate",
    "by_persona",
    "distinct",
    "merged",
    "replay_totals",
    "tally",
]

R = TypeVar("R", bound=Run)  # type: ignore[type-arg]


def aggregate(
    sessions: list[SessionEntry],
    crashed: list[Crash],
    *,
    currency: str = "USD",
    exchange_rate: float = 1.0,
    budget_usd: float = 0.0,
    spent_usd: float | None = None,
    stops: Stops | None = None,
) -> RunSummary:
    """Totals over every session; issues merged across the run by key, most severe and most trusted first."""
    return tally(
        RunSummary,
        sessions,
        crashed,
        currency=currency,
        exchange_rate=exchange_rate,
        budget_usd=budget_usd,
        spent_usd=spent_usd,
        stops=stops,
    )


def tally(
    kind: type[R],
    sessions: Sequence[Entry],
    crashed: list[Crash],
    *,
    currency: str = "USD",
    exchange_rate: float = 1.0,
    budget_usd: float = 0.0,
    spent_usd: float | None = None,
    stops: Stops | None = None,
) -> R:
    """`aggregate` for a run of either kind of session (`kind`: `RunSummary` of whole sessions, `CombinedRun` of
    digests): the one aggregator, so a combined run's figures are one run's."""
    issues = merged(sessions)
    # what a check left for review is counted apart (issues_by_trust), never among the run's findings' severities
    severities: Counter[str] = Counter(entry.issue.severity for entry in issues if entry.trust != "review")
    trusts: Counter[str] = Counter(entry.trust for entry in issues)
    cost = sum(s.result.cost_usd for s in sessions)
    return kind(
        currency=currency,
        exchange_rate=exchange_rate,
        budget_usd=budget_usd,
        spent_usd=cost if spent_usd is None else spent_usd,
        sessions=sessions,
        crashed=crashed,
        tests=len({s.nodeid for s in sessions} | {c.nodeid for c in crashed}),
        goals_achieved=sum(1 for s in sessions if s.result.goal_achieved),
        explored=sum(1 for s in sessions if s.result.explore),
        steps=sum(len(s.result.steps) for s in sessions),
        met=sum(s.result.expectations.met for s in sessions),
        evaluated=sum(s.result.expectations.total for s in sessions),
        issues_by_severity={
            name: severities[name] for name in sorted(SEVERITY_ORDER, key=SEVERITY_ORDER.__getitem__, reverse=True)
        },
        issues=issues,
        cost_usd=cost,
        personas=sorted({s.result.persona.name for s in sessions}),
        outcomes=sorted({s.result.outcome for s in sessions} | ({"crashed"} if crashed else set())),
        unpriced_models=sorted({s.result.model for s in sessions if not s.result.price_known}),
        stops=stops or Stops(),
        false_dones=sum(len(s.result.completion.false_dones) for s in sessions),
        issues_by_trust={name: trusts[name] for name in get_args(Trust)},
        by_persona=by_persona(sessions),
        replay=replay_totals(sessions),
        wcag=coverage(
            [s.result for s in sessions],
            ((entry.trust, entry.issue.criteria) for entry in issues if entry.issue.source == "check"),
        ),
    )


def replay_totals(sessions: Sequence[Entry]) -> ReplayTotals:
    replays = [(s.nodeid, s.result.replay) for s in sessions if s.result.replay is not None]
    return ReplayTotals(
        sessions=len(replays),
        replayed=sum(replay.replayed for _, replay in replays),
        live=sum(replay.live for _, replay in replays),
        saved_usd=sum(replay.saved_usd for _, replay in replays),
        diverged=[
            bounded(f"{test}: step {replay.diverged_at}: {replay.why}")
            for test, replay in replays
            if replay.diverged_at
        ],
    )


def by_persona(sessions: Sequence[Entry]) -> list[PersonaRow]:
    """Each persona's sessions summed, by name."""
    groups: dict[str, list[AnySession]] = {}
    for session in sessions:
        groups.setdefault(session.result.persona.name, []).append(session.result)
    rows = []
    for name, results in sorted(groups.items()):
        scores = [result.survey.score for result in results if result.survey is not None]
        rows.append(
            PersonaRow(
                persona=name,
                sessions=len(results),
                goals_achieved=sum(1 for result in results if result.goal_achieved),
                met=sum(result.expectations.met for result in results),
                evaluated=sum(result.expectations.total for result in results),
                sus=sum(scores) / len(scores) if scores else None,
                surveys=len(scores),
                issues=len({issue.key for result in results for issue in result.issues}),
                settings=distinct(result.setting.describe() for result in results if result.setting),
            )
        )
    return rows


def merged(sessions: Sequence[Entry]) -> list[RunIssue]:
    """The sessions' issues as one per key, each with every session (test, persona, steps) that met it and the
    trust that many sessions earn it (`issues.trust_of`); most severe, then most trusted, then most met first."""
    found: dict[str, RunIssue] = {}
    tests: dict[str, set[str]] = {}  # each issue's tests as a set too: an issue met in 2,000 tests is no list scan
    for session in sessions:
        steps: dict[str, list[int]] = {}
        for step in session.result.steps:
            for issue in step.issues:
                steps.setdefault(issue.key, []).append(step.index)
        for issue in session.result.issues:
            entry = found.get(issue.key)
            if entry is None:
                entry = found[issue.key] = RunIssue(issue=issue.bounded(), tests=[])
                tests[issue.key] = set()
            if session.nodeid not in tests[issue.key]:
                tests[issue.key].add(session.nodeid)
                entry.tests.append(session.nodeid)
            met = sorted(set(steps.get(issue.key) or ([issue.step] if issue.step is not None else [])))
            # of typed values: 20,000 sightings validated again cost a tenth of a second
            entry.seen.append(
                Sighting.model_construct(
                    test=session.nodeid,
                    persona=session.result.persona.name,
                    steps=met,
                    directory=session.result.directory,
                )
            )
    for entry in found.values():
        entry.issue = entry.issue.model_copy(
            update={"trust": trust_of(entry.issue.source, len(entry.seen), entry.issue.trust)}
        )
    order = {name: rank for rank, name in enumerate(get_args(Trust))}
    return sorted(found.values(), key=lambda entry: (-entry.rank, order[entry.trust], -len(entry.seen)))
