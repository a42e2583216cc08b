"""Shards' run reports read back and merged into the one a single run of all their tests would have written.

A suite split across CI runners leaves one report folder per shard (`useragent-report/`: report.json, which holds every
session's record, and `sessions/`, their folders). `combine` puts every shard's sessions, crashes and test outcomes
into `aggregate`, the one aggregator, so totals, issues merged by key and each test's figures are computed as for one
run; each session points at its copy under the combined folder, where the report's links and screenshots find it.

What cannot be combined is one line (`ShardError`): a folder with no report, a report of another release's format, a
test that two shards ran (its sessions would count twice), shards priced in different currencies, a figure no run has
or a path out of its session's folder (`shard_record.py`), shards of different commits or runs (unless allowed: the
report then says so), an output folder that is, is in or holds a shard (writing it would delete the shard).

A shard's report.json comes from another machine: nothing is read by the paths it names but the shard's own copies
(each session points at its copy under the output folder), and no symbolic link in a shard is followed (`copies`).

The budget: shards that shared a ledger (the same `run_id`) spent from one budget, counted once; shards that each
kept their own (the file ledger) had one each, summed. What was spent is each shard's own spending, summed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import ValidationError

from pytest_useragent.errors import ShardError
from pytest_useragent.files import MiB, invalid, read_text, version_problem
from pytest_useragent.regression.baseline import RunMetadata
from pytest_useragent.report.aggregate import REPORT_SCHEMA_VERSION, RunSummary, SessionEntry, Stops, aggregate
from pytest_useragent.report.copies import SESSIONS, relative_copy
from pytest_useragent.report.shard_record import ShardRecord, inside

REPORT = "report.json"
MAX_REPORT_BYTES = 512 * MiB
"""The most a shard's report.json may be: some 10,000 sessions of 15 steps."""


@dataclass(frozen=True)
class Shard:
    """One shard's report folder, read."""

    folder: Path
    summary: RunSummary
    version: int
    """Its report.json's format version, as the file says."""

    @property
    def tests(self) -> set[str]:
        """Every test the shard ran: those with sessions, those that crashed, and those with none."""
        summary = self.summary
        return {s.nodeid for s in summary.sessions} | {c.nodeid for c in summary.crashed} | set(summary.test_outcomes)


def read_shard(folder: Path) -> Shard:
    """The run report in `folder`; ShardError, one line naming the folder, when there is none to read."""
    if not folder.is_dir():
        raise ShardError(f"{folder}: no such folder (give each shard's report folder, e.g. useragent-report)")
    try:
        text = read_text(folder / REPORT, MAX_REPORT_BYTES, f"{folder / REPORT}", ShardError)
    except FileNotFoundError:
        raise ShardError(
            f"{folder}: holds no {REPORT}, so it is no run report (pytest writes one to its report folder)"
        ) from None
    except OSError as error:
        raise ShardError(f"{folder / REPORT}: cannot be read ({error.strerror or type(error).__name__})") from None
    try:
        data: Any = json.loads(text)
    except ValueError as error:
        raise ShardError(f"{folder / REPORT}: not JSON ({error}), so no run report") from None
    except RecursionError:
        raise ShardError(f"{folder / REPORT}: nested too deeply, so no run report") from None
    if problem := version_problem(data, "schema_version", REPORT_SCHEMA_VERSION, REPORT):
        raise ShardError(f"{folder / REPORT}: {problem}")
    try:
        summary = RunSummary.model_validate(data)
    except ValidationError as error:
        raise ShardError(f"{folder / REPORT}: no run report: {invalid(error)}") from None
    try:
        ShardRecord.model_validate(data)  # the figures summed and the paths read by, checked
    except ValidationError as error:
        raise ShardError(f"{folder / REPORT}: refused, {invalid(error)}") from None
    bad = next((copy for copy in summary.copies.values() if not _inside(copy)), None)
    if bad is not None:
        raise ShardError(f"{folder / REPORT}: a session's copy {bad[:80]!r} is not under its {SESSIONS}/ folder")
    return Shard(folder, summary, data.get("schema_version", 1))


def combine(shards: list[Shard], output: Path, *, allow_mixed: bool = False) -> RunSummary:
    """The shards as one run: every session (pointing at its copy under `output`), crash and test outcome, aggregated
    once; ShardError when they cannot be one run's (shards of other commits or runs only with `allow_mixed`)."""
    mixed = _one_run(shards, output, allow_mixed)
    first = shards[0].summary
    sessions: list[SessionEntry] = []
    placed: dict[str, Path] = {}
    for shard in shards:
        for entry in shard.summary.sessions:
            entry = _placed(entry, shard, output)
            if entry.result.directory in placed:
                raise ShardError(
                    f"{shard.folder / REPORT}: refused, a session of {entry.nodeid[:80]} has the folder of another "
                    f"(in {placed[entry.result.directory]}): it would count twice"
                )
            placed[entry.result.directory] = shard.folder
            sessions.append(entry)
    summary = aggregate(
        sessions,
        [crash for shard in shards for crash in shard.summary.crashed],
        currency=first.currency,
        exchange_rate=first.exchange_rate,
        budget_usd=_budget(shards),
        spent_usd=sum(shard.summary.spent_usd for shard in shards),
        stops=_stops(shards),
    )
    summary.test_outcomes = {test: outcome for shard in shards for test, outcome in shard.summary.test_outcomes.items()}
    run_ids = {shard.summary.run_id for shard in shards}
    summary.run_id = run_ids.pop() if len(run_ids) == 1 else None
    summary.metadata = _metadata(shards, summary)
    if mixed:
        summary.mixed = mixed
        if summary.metadata is not None:  # no one commit was tested
            summary.metadata = summary.metadata.model_copy(update={"commit": None, "branch": None, "dirty": None})
    return summary


def _placed(entry: SessionEntry, shard: Shard, output: Path) -> SessionEntry:
    """The session pointing where the combined report finds its folder: its copy under `output`, or, when the shard
    holds none, the place its copy would have (nothing is there: its files are not in the combined report). The
    folder the shard's machine ran it in is never read, and a video outside its folder (pytest-playwright's) is
    left out: the shard does not hold it."""
    result = entry.result
    copy = shard.summary.copies.get(result.directory) or relative_copy(entry.nodeid, _name(result.directory))
    where = str(output.absolute() / copy)
    video = result.video if result.video is not None and inside(result.video) else None
    result = result.model_copy(update={"directory": where, "report_copy": where, "video": video})
    return entry.model_copy(update={"result": result})


def _name(directory: str) -> str:
    return PurePosixPath(directory.replace("\\", "/")).name or "session"


def copies(shards: list[Shard], output: Path) -> list[tuple[str, str, str | None]]:
    """What `copy_sessions` copies under the combined folder `output`: each shard's copy of a session, to the same
    place relative to it (unique there: its name holds its test's, and a test is in one shard only; a name the
    session chose to keep a credential out of it is kept). A copy reached through a symbolic link (the sessions/
    folder, a test's or the session's own) is left out: whatever it points at is no part of the shard."""
    found: list[tuple[str, str, str | None]] = []
    for shard in shards:
        for entry in shard.summary.sessions:
            copy = shard.summary.copies.get(entry.result.directory)
            if copy is not None and not _linked(shard.folder, copy):
                found.append((entry.nodeid, str(shard.folder / copy), str(output.absolute() / copy)))
    return found


def _linked(folder: Path, relative: str) -> bool:
    """Whether any part of `relative` under `folder` is a symbolic link (or cannot be looked at)."""
    place = folder
    for part in PurePosixPath(relative).parts:
        place = place / part
        try:
            if place.is_symlink():
                return True
        except OSError:
            return True
    return False


def _one_run(shards: list[Shard], output: Path, allow_mixed: bool) -> list[str]:
    """ShardError unless the shards can be one run's and `output` is a folder of its own; the shards' commits and
    runs, one line each, when they differ and `allow_mixed` lets them (else an empty list)."""
    if not shards:
        raise ShardError("no shard to combine")
    places = [shard.folder.resolve() for shard in shards]
    twice = next((shard.folder for shard, place in zip(shards, places, strict=True) if places.count(place) > 1), None)
    if twice is not None:
        raise ShardError(f"{twice} is named twice: its sessions would count twice")
    _own_folder(shards, places, output)
    versions = {shard.version for shard in shards}
    if len(versions) > 1:
        told = ", ".join(f"{shard.folder} version {shard.version}" for shard in shards)
        raise ShardError(
            f"the shards' report.json formats differ ({told}): combine the shards of one run, made by one release"
        )
    currencies = {(shard.summary.currency, shard.summary.exchange_rate) for shard in shards}
    if len(currencies) > 1:
        told = ", ".join(f"{shard.folder} in {shard.summary.currency[:8]}" for shard in shards)
        raise ShardError(
            f"the shards' reports are in different currencies ({told}): run every shard with one --useragent-currency"
        )
    seen: dict[str, Path] = {}
    twice_run: list[tuple[str, Path, Path]] = []
    for shard in shards:
        for test in sorted(shard.tests):
            if test in seen:
                twice_run.append((test, seen[test], shard.folder))
            seen.setdefault(test, shard.folder)
    if twice_run:
        test, one, other = twice_run[0]
        more = f" (and {len(twice_run) - 1} more)" if len(twice_run) > 1 else ""
        raise ShardError(
            f"{test[:200]} ran in two shards, {one} and {other}{more}: its sessions would count twice "
            "(give each test to one shard)"
        )
    return _mixed(shards, allow_mixed)


def _own_folder(shards: list[Shard], places: list[Path], output: Path) -> None:
    """ShardError when `--output` is a shard's folder, inside one, or holds one: writing the combined report (its
    sessions/ replaced) would overwrite or delete the shard being read."""
    target = output.resolve()
    for shard, place in zip(shards, places, strict=True):
        if target == place or place in target.parents:
            raise ShardError(
                f"--output {output} is in the shard {shard.folder}: write the combined report to a folder of its own"
            )
        if target in place.parents:
            raise ShardError(
                f"--output {output} holds the shard {shard.folder}: write the combined report to a folder of its own"
            )


def _mixed(shards: list[Shard], allow_mixed: bool) -> list[str]:
    """Shards of one run were made from one commit and, when they shared a ledger, book under one run id. Shards of
    other commits or runs are no run: refused, unless `allow_mixed`, when each shard's commit and run are told."""
    commits = {shard.summary.metadata.commit for shard in shards if shard.summary.metadata is not None}
    runs = {shard.summary.run_id for shard in shards}
    if len(commits) <= 1 and len(runs) <= 1:
        return []
    told = [f"{shard.folder}: {_commit_and_run(shard.summary)}" for shard in shards]
    if not allow_mixed:
        what = " and ".join(name for name, values in (("commits", commits), ("runs", runs)) if len(values) > 1)
        raise ShardError(
            f"the shards are of different {what} ({'; '.join(told)}): combine one run's shards, "
            "or give --allow-mixed to combine them anyway (the report says they are mixed)"
        )
    return told


def _commit_and_run(summary: RunSummary) -> str:
    commit = summary.metadata.commit if summary.metadata is not None else None
    run = f"run {summary.run_id[:40]}" if summary.run_id else "a ledger of its own"
    return f"commit {commit[:12] if commit else 'unknown'}, {run}"


def _budget(shards: list[Shard]) -> float:
    """Shards of one shared ledger had one budget; shards with their own had one each."""
    shared = {shard.summary.run_id: shard.summary.budget_usd for shard in shards if shard.summary.run_id}
    return sum(shared.values()) + sum(shard.summary.budget_usd for shard in shards if not shard.summary.run_id)


def _stops(shards: list[Shard]) -> Stops:
    stops = [shard.summary.stops for shard in shards]
    return Stops(
        budget_exhausted=any(stop.budget_exhausted for stop in stops),
        halted="; ".join(dict.fromkeys(stop.halted for stop in stops if stop.halted)) or None,
        skipped_for_budget=sum(stop.skipped_for_budget for stop in stops),
        skipped_for_halt=sum(stop.skipped_for_halt for stop in stops),
    )


def _metadata(shards: list[Shard], summary: RunSummary) -> RunMetadata | None:
    """The run's: the first shard's commit and release, the earliest start, the slowest shard's duration (they ran
    side by side), every provider and model the sessions used."""
    known = [shard.summary.metadata for shard in shards if shard.summary.metadata is not None]
    if not known:
        return None
    durations = [meta.duration_seconds for meta in known if meta.duration_seconds is not None]
    return known[0].model_copy(
        update={
            "date": min(meta.date for meta in known),
            "duration_seconds": max(durations) if durations else None,
            "provider": ", ".join(sorted({s.result.provider for s in summary.sessions})) or None,
            "model": ", ".join(sorted({s.result.model for s in summary.sessions})) or None,
        }
    )


def _inside(copy: str) -> bool:
    """A copy's place as a report writes it: relative, under sessions/, never climbing out."""
    return inside(copy) and PurePosixPath(copy).parts[:1] == (SESSIONS,)
