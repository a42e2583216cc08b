"""Shards' run reports read back and merged into the one a single run of all their tests would have written.

A suite split across CI runners leaves one report folder per shard (`useragent-report/`: report.json, which holds every
session's record, and `sessions/`, their folders). `combine` puts every shard's sessions, crashes and test outcomes
into the one aggregator (`aggregate.tally`), so totals, issues merged by key and each test's figures are computed as
for one run; each session points at its copy under the combined folder, where the report's links and screenshots
find it.

What cannot be combined is one line (`ShardError`): a folder with no report, a report of another release's format, a
test that two shards ran (its sessions would count twice), shards priced in different currencies, a figure no run has
or a path out of its session's folder (`shard_record.py`), shards of different commits or runs (unless allowed: the
report then says so), an output folder that is, is in or holds a shard (writing it would delete the shard).

A shard's report.json comes from another machine: nothing is read by the paths it names but the shard's own copies
(each session points at its copy under the output folder), and no symbolic link in a shard is followed (`_copied`,
`copies.copy_session`). Each shard's copies are handed to the copying process as soon as it is read (`Shard.copies`,
`report/copier.py`), which is why `--output` is checked before any shard is (`check_output`).

Read for 10,000 sessions in a few seconds: each shard is read once and let go, each session kept as what the report
reads of it (a `SessionDigest`, its figures checked) and as its whole record, the JSON its shard wrote with its place
changed, which report.json carries (`Shard.records`). The sessions report.html shows in full, a hundred at most, are
read whole from those (`shown`); a record that is no session's there is refused as a figure is.

The budget: shards that shared a ledger (the same `run_id`) spent from one budget, counted once; shards that each
kept their own (the file ledger) had one each, summed. What was spent is each shard's own spending, summed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import pydantic_core
from pydantic import ValidationError

from pytest_useragent.errors import ShardError
from pytest_useragent.files import MiB, invalid, read_bytes, version_problem
from pytest_useragent.records.digest import inside
from pytest_useragent.regression.baseline import RunMetadata
from pytest_useragent.report.aggregate import (
    REPORT_SCHEMA_VERSION,
    CombinedRun,
    RunSummary,
    SessionEntry,
    Stops,
    tally,
)
from pytest_useragent.report.copies import SESSIONS, relative_copy
from pytest_useragent.report.links import needing_a_look
from pytest_useragent.report.shard_record import ShardEntry, ShardRecord
from pytest_useragent.templates import bounded

REPORT = "report.json"
MAX_REPORT_BYTES = 512 * MiB
"""The most a shard's report.json may be: some 10,000 sessions of 15 steps."""


@dataclass(frozen=True)
class Shard:
    """One shard's report folder, read, its sessions placed under the combined folder."""

    folder: Path
    summary: RunSummary
    """Its run's own fields (currency, budget, outcomes, metadata, copies); its sessions are `sessions`, and its
    issues, which the combined run merges again, are not read."""
    version: int
    """Its report.json's format version, as the file says."""
    sessions: list[ShardEntry]
    records: list[bytes]
    """Each session's whole record as its shard wrote it (JSON), pointing at its copy: what report.json carries."""
    copies: list[tuple[str, str, str]]
    """What is copied under the output (`Copier.copy`): (test, the shard's copy of a session, its place relative to
    the output folder, the same as in the shard)."""

    @property
    def tests(self) -> set[str]:
        """Every test the shard ran: those with sessions, those that crashed, and those with none."""
        summary = self.summary
        return {s.nodeid for s in self.sessions} | {c.nodeid for c in summary.crashed} | set(summary.test_outcomes)


def read_shard(folder: Path, output: Path) -> Shard:
    """The run report in `folder`, its sessions placed under `output`; ShardError, one line naming the folder, when
    there is none to read."""
    if not folder.is_dir():
        raise ShardError(f"{folder}: no such folder (give each shard's report folder, e.g. useragent-report)")
    try:
        text = read_bytes(folder / REPORT, MAX_REPORT_BYTES, f"{folder / REPORT}", ShardError)
    except FileNotFoundError:
        raise ShardError(
            f"{folder}: holds no {REPORT}, so it is no run report (pytest writes one to its report folder)"
        ) from None
    except OSError as error:
        raise ShardError(f"{folder / REPORT}: cannot be read ({error.strerror or type(error).__name__})") from None
    try:
        data: Any = pydantic_core.from_json(text)
    except ValueError as error:  # not UTF-8, or nested more than 200 levels deep, too
        raise ShardError(f"{folder / REPORT}: not JSON ({error}), so no run report") from None
    del text
    if problem := version_problem(data, "schema_version", REPORT_SCHEMA_VERSION, REPORT):
        raise ShardError(f"{folder / REPORT}: {problem}")
    # the run's own fields as RunSummary reads them; its sessions are read as digests (ShardRecord) just below
    own = {**data, **{key: [] for key in ("sessions", "issues") if key in data}} if isinstance(data, dict) else data
    try:
        summary = RunSummary.model_validate(own)
    except ValidationError as error:
        raise ShardError(f"{folder / REPORT}: no run report: {invalid(error)}") from None
    try:
        record = ShardRecord.model_validate(data)  # the figures summed and the paths read by, checked
    except ValidationError as error:
        raise ShardError(f"{folder / REPORT}: refused, {invalid(error)}") from None
    bad = next((copy for copy in summary.copies.values() if not _inside(copy)), None)
    if bad is not None:
        raise ShardError(f"{folder / REPORT}: a session's copy {bad[:80]!r} is not under its {SESSIONS}/ folder")
    shard = Shard(folder, summary, data.get("schema_version", 1), [], [], [])
    checked: dict[str, bool] = {}
    for raw, entry in zip(data["sessions"], record.sessions, strict=True):
        _place(shard, raw, entry, str(output), checked)
    return shard


def _place(shard: Shard, raw: dict[str, Any], entry: ShardEntry, output: str, checked: dict[str, bool]) -> None:
    """The session pointing where the combined report finds its folder: its copy under `output`, or, when the shard
    holds none, the place its copy would have (nothing is there: its files are not in the combined report). The
    folder the shard's machine ran it in is never read, and a video outside its folder (pytest-playwright's) is
    left out: the shard does not hold it. Its whole record gets the same place, and the figures as read. (Run for
    each of 10,000 sessions: paths are joined as strings, each figure is read once.)"""
    digest = entry.result
    copy = shard.summary.copies.get(digest.directory)
    where = output + os.sep + (copy or relative_copy(entry.nodeid, _name(digest.directory))).replace("/", os.sep)
    video = digest.video if digest.video is not None and inside(digest.video) else None
    digest.directory = digest.report_copy = where  # the digest was read for this run alone: placed where it is
    digest.video = video
    shard.sessions.append(entry)
    counts = digest.expectations
    accepted = digest.completion.accepted
    result = raw["result"]
    result.update(
        directory=where,
        report_copy=where,
        video=video,
        cost_usd=digest.cost_usd,
        goal_achieved=digest.completion.reached(digest.outcome, explore=digest.explore),
        evidence=accepted.evidence if accepted is not None else None,
        evidence_kind=accepted.kind if accepted is not None else None,
        expectations={
            "met": counts.met,
            "partial": counts.partial,
            "unmet": counts.unmet,
            "surprised": counts.surprised,
            "total": counts.total,
            "met_rate": counts.met_rate,
        },
    )
    shard.records.append(pydantic_core.to_json({"nodeid": entry.nodeid, "result": result}))
    if copy is not None and _copied(str(shard.folder), copy, checked):
        shard.copies.append((entry.nodeid, str(shard.folder) + os.sep + copy.replace("/", os.sep), copy))


def _name(directory: str) -> str:
    return PurePosixPath(directory.replace("\\", "/")).name or "session"


def _copied(folder: str, relative: str, checked: dict[str, bool]) -> bool:
    """Whether the shard's copy at `relative` is a folder of its own: no part of the way to it a symbolic link
    (the sessions/ folder, a test's or the session's own: whatever it points at is no part of the shard). Each
    folder on the way is looked at once (`checked`: 10,000 sessions are in 2,000 tests' folders)."""
    place = folder
    for part in relative.split("/"):
        place = place + os.sep + part
        known = checked.get(place)
        if known is None:
            known = checked[place] = not os.path.islink(place) and os.path.isdir(place)
        if not known:
            return False
    return True


def combine(shards: list[Shard], output: Path, *, allow_mixed: bool = False) -> CombinedRun:
    """The shards as one run: every session (pointing at its copy under `output`), crash and test outcome, aggregated
    once; ShardError when they cannot be one run's (shards of other commits or runs only with `allow_mixed`)."""
    mixed = _one_run(shards, output, allow_mixed)
    first = shards[0].summary
    placed: dict[str, Path] = {}
    for shard in shards:
        for entry in shard.sessions:
            if entry.result.directory in placed:
                raise ShardError(
                    f"{shard.folder / REPORT}: refused, a session of {entry.nodeid[:80]} has the folder of another "
                    f"(in {placed[entry.result.directory]}): it would count twice"
                )
            placed[entry.result.directory] = shard.folder
    run = tally(
        CombinedRun,
        [entry for shard in shards for entry in shard.sessions],
        [crash for shard in shards for crash in shard.summary.crashed],
        currency=first.currency,
        exchange_rate=first.exchange_rate,
        budget_usd=_budget(shards),
        spent_usd=sum(shard.summary.spent_usd for shard in shards),
        stops=_stops(shards),
    )
    run.test_outcomes = {test: outcome for shard in shards for test, outcome in shard.summary.test_outcomes.items()}
    run_ids = {shard.summary.run_id for shard in shards}
    run.run_id = run_ids.pop() if len(run_ids) == 1 else None
    run.metadata = _metadata(shards, run)
    if mixed:
        run.mixed = mixed
        if run.metadata is not None:  # no one commit was tested
            run.metadata = run.metadata.model_copy(update={"commit": None, "branch": None, "dirty": None})
    return run


def shown(shards: list[Shard], run: CombinedRun) -> list[SessionEntry]:
    """The sessions report.html shows in full (`links.needing_a_look`), read whole from their records; ShardError
    for one whose record is no session's, before anything is written."""
    where = [(shard, index) for shard in shards for index in range(len(shard.records))]
    whole = []
    for index in needing_a_look(run):
        shard, at = where[index]
        try:
            whole.append(SessionEntry.model_validate_json(shard.records[at]))
        except ValidationError as error:
            raise ShardError(f"{shard.folder / REPORT}: refused, sessions.{at}.{invalid(error)}") from None
    return whole


def records(shards: list[Shard]) -> list[bytes]:
    """Every session's whole record, in the combined run's order."""
    return [record for shard in shards for record in shard.records]


def copies(shards: list[Shard]) -> list[tuple[str, str, str]]:
    """What is copied under the combined folder: each shard's copy of a session, to the same place relative to it
    (unique there: its name holds its test's, and a test is in one shard only; a name the session chose to keep a
    credential out of it is kept). A copy reached through a symbolic link is left out (`_copied`)."""
    return [copy for shard in shards for copy in shard.copies]


def check_output(folders: list[Path], output: Path) -> None:
    """ShardError when `--output` is a shard's folder, inside one, or holds one (`_own_folder`): said before the
    shards are read, since their sessions are copied as they are."""
    _own_folder(folders, [folder.resolve() for folder in folders], output)


def _one_run(shards: list[Shard], output: Path, allow_mixed: bool) -> list[str]:
    """ShardError unless the shards can be one run's and `output` is a folder of its own; the shards' commits and
    runs, one line each, when they differ and `allow_mixed` lets them (else an empty list)."""
    if not shards:
        raise ShardError("no shard to combine")
    places = [shard.folder.resolve() for shard in shards]
    twice = next((shard.folder for shard, place in zip(shards, places, strict=True) if places.count(place) > 1), None)
    if twice is not None:
        raise ShardError(f"{twice} is named twice: its sessions would count twice")
    _own_folder([shard.folder for shard in shards], places, output)
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


def _own_folder(folders: list[Path], places: list[Path], output: Path) -> None:
    """ShardError when `--output` is a shard's folder, inside one, or holds one: writing the combined report (its
    sessions/ replaced) would overwrite or delete the shard being read."""
    target = output.resolve()
    for folder, place in zip(folders, places, strict=True):
        if target == place or place in target.parents:
            raise ShardError(
                f"--output {output} is in the shard {folder}: write the combined report to a folder of its own"
            )
        if target in place.parents:
            raise ShardError(
                f"--output {output} holds the shard {folder}: write the combined report to a folder of its own"
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
        halted=bounded("; ".join(dict.fromkeys(stop.halted for stop in stops if stop.halted))) or None,
        skipped_for_budget=sum(stop.skipped_for_budget for stop in stops),
        skipped_for_halt=sum(stop.skipped_for_halt for stop in stops),
    )


def _metadata(shards: list[Shard], run: CombinedRun) -> RunMetadata | None:
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
            "provider": ", ".join(sorted({s.result.provider for s in run.sessions})) or None,
            "model": ", ".join(sorted({s.result.model for s in run.sessions})) or None,
        }
    )


def _inside(copy: str) -> bool:
    """A copy's place as a report writes it: relative, under sessions/, never climbing out."""
    return inside(copy) and copy.split("/", 1)[0] == SESSIONS
