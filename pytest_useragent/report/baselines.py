"""The run's baseline options at work: resolve the baseline to compare with at start-up (a name that is not stored
is one line before anything runs; a stored file that cannot be read is a line at the end, the run goes on uncompared
and a gated run fails), and at the end compare, accept, save and gather the trend. pytest's controller only, and
`useragent combine` for the shards it makes one run of.

What is compared and how is `compare.py`; what is stored and where, `baseline.py`.
"""

from __future__ import annotations

from pathlib import Path

from pytest_useragent.config import UserAgentConfig
from pytest_useragent.regression.baseline import (
    Baseline,
    BaselineError,
    BaselineStore,
    RunMetadata,
    StoredRun,
    autosave_name,
    trend,
)
from pytest_useragent.regression.compare import compare
from pytest_useragent.report.recorded import record
from pytest_useragent.report.summary import E, Run

TREND_RUNS = 20
"""Runs the report's trend shows, this one included: enough to see a drift, few enough to stay small."""


class BaselinePlan:
    """What this run does with baselines, decided at start-up."""

    def __init__(self, settings: UserAgentConfig, root: Path) -> None:
        storage = settings.storage if settings.storage.is_absolute() else root / settings.storage
        self.store = BaselineStore(storage)
        self.settings = settings
        spec = settings.compare or ("latest" if settings.compare_fail or settings.baseline_update else None)
        self.spec = spec
        self.target: StoredRun | None = self.store.find(spec) if spec else None
        """Raises BaselineError (a UserError) for a name the storage does not hold: said before anything runs."""
        self.before: Baseline | None = None
        self.pending: tuple[Baseline, RunMetadata] | None = None
        """The run `finish(..., save=False)` has yet to store."""
        self.unreadable: str | None = None
        """Why the baseline asked for cannot be read (cut short, edited by hand, NaN in it): the run goes on and its
        report is written, uncompared; a gated run fails, since a gate that cannot compare must not pass."""
        if self.target is not None:
            try:  # read now, so that one deleted meanwhile is not found missing at the end
                self.before = self.store.load(self.target)
            except BaselineError as error:
                self.unreadable = str(error)

    @property
    def gate_unchecked(self) -> bool:
        """A gate (`--useragent-compare-fail`) was asked for and its baseline could not be read."""
        return self.unreadable is not None and self.settings.compare_fail is not None

    @property
    def active(self) -> bool:
        s = self.settings
        return bool(s.save or s.autosave or self.spec)

    def finish(self, summary: Run[E], outcomes: dict[str, str], meta: RunMetadata, *, save: bool = True) -> list[str]:
        """Compare, accept, save; put the comparison, the trend and the metadata on `summary`. Returns the lines the
        terminal shows (what was saved where, what could not be compared). With `save` False nothing is stored yet:
        `save` stores it later (`useragent combine` stores the run once its report is written, so a run whose report
        could not be written leaves no baseline either)."""
        summary.metadata = meta
        self.pending = None
        if not self.active:
            return []
        lines: list[str] = []
        now = record(summary, meta, outcomes)
        if self.unreadable is not None:
            gate = "; the gate cannot pass uncompared" if self.gate_unchecked else ""
            lines.append(f"not compared: {self.unreadable}{gate}")
        elif self.spec and self.target is None:
            lines.append(
                f"no baseline in {self.store.root} to compare with yet: this run is not compared "
                "(save one with --useragent-save=NAME or --useragent-autosave)"
            )
        elif self.target is not None and self.before is not None:
            summary.comparison = compare(self.before, now, self.settings.compare_fail, label=self.target.label)
            summary.comparison.accepted = self.settings.baseline_update
        if save:
            lines.extend(self.save(now, meta))
        else:
            self.pending = now, meta
        s = self.settings
        saved = save and bool(s.save or s.autosave or s.baseline_update)
        stored: list[Baseline] = self.store.history(TREND_RUNS)
        runs = stored if saved else [*stored[-(TREND_RUNS - 1) :], now.model_copy(update={"name": "this run"})]
        summary.trend = trend(runs) if len(runs) >= 2 else []
        return lines

    def save_pending(self) -> list[str]:
        """Store what `finish(..., save=False)` left to store; the lines it tells."""
        if self.pending is None:
            return []
        now, meta = self.pending
        self.pending = None
        return self.save(now, meta)

    def save(self, now: Baseline, meta: RunMetadata) -> list[str]:
        """Store the run as the options ask (accepted as the baseline, saved by name, autosaved)."""
        lines: list[str] = []
        try:
            if self.settings.baseline_update:
                if self.target is not None:
                    lines.append(f"baseline updated: this run replaces {self.store.replace(self.target, now)}")
                else:
                    lines.append(f"baseline saved: {self.store.save(now, autosave_name(meta))}")
            if self.settings.save:
                lines.append(f"baseline saved: {self.store.save(now, self.settings.save)}")
            if self.settings.autosave:
                lines.append(f"baseline saved: {self.store.save(now, autosave_name(meta))}")
        except OSError as error:
            lines.append(f"could not save the baseline in {self.store.root}: {error.strerror or error}")
        return lines
