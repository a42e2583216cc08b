"""Decision cassettes: a persona's journey as a YAML file meant for code review, and the one owner of that format.

A cassette holds, per step, what the page offered before it (`PageFit`: its path and its controls, see
`snapshot.fingerprint`), the decision taken there (with the acted element, or each field a fill typed, as role, name
and place, never a ref: refs change between runs), what the action did (with its stable Playwright locator), and what
the step cost when it was recorded. No images, no absolute paths (URLs lose the start URL's origin, so a cassette
replays against another deployment), no secrets: `write` passes everything through the session's `Secrets`, so
credentials stay `{{name}}` placeholders.

Named `<test>.useragent.yaml` in `cassettes/<module>/`, beside pytest-recording's `<test>.yaml`: one suite can hold
a test's HTTP cassette and its decision cassette side by side, and neither plugin reads the other's.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml
from pydantic import BaseModel, ValidationError

from pytest_useragent.errors import UserError
from pytest_useragent.files import MiB, atomic_write, invalid, load_yaml, read_text, version_problem
from pytest_useragent.records import ActionOutcome, Amount, Decision, SessionOutcome, Usage, WrapUp
from pytest_useragent.secrets.redaction import Secrets

CASSETTE_VERSION = 1
SUFFIX = ".useragent.yaml"
MAX_CASSETTE_BYTES = 16 * MiB
"""The most a cassette may be: a journey of the longest sessions, each step a large write (documents are at most
100 KB), is a few MB."""
_FORBIDDEN = re.compile(r"[<>?%*:|\"'/\\]")


def without_refs(decision: Decision) -> Decision:
    """The decision as a cassette keeps it: no refs, neither its action's nor its issues' (a ref holds for one look;
    replay finds the acted element anew by role, name and place)."""
    issues = [issue.model_copy(update={"ref": None}) for issue in decision.issues]
    fields = [field.model_copy(update={"ref": ""}) for field in decision.action.fields or []] or None
    action = decision.action.model_copy(update={"ref": None, "fields": fields})
    return decision.model_copy(update={"action": action, "issues": issues})


class PageFit(BaseModel):
    """What a page offered before a step: what replay compares the page with."""

    path: str
    """The URL without its origin: `/booking.html?x=1`."""
    controls: dict[str, int]
    """Each interactive control (`role "name"`, case, spacing and digits folded) and how often it appears."""


class Target(BaseModel):
    """The element a step acted on, as the snapshot named it; replay finds its ref now from this."""

    role: str
    name: str | None = None
    nth: int = 0
    """Its place among the controls named alike, in page order (0 when alone)."""


class CassetteStep(BaseModel):
    index: int
    page: PageFit
    decision: Decision | None = None
    """The persona's decision, its action's ref removed; None when the model gave none (then `problem`)."""
    problem: str | None = None
    target: Target | None = None
    targets: list[Target] = []
    """A fill's fields' elements, in its fields' order (a cassette written before fill has none, and needs none)."""
    content: str | None = None
    """A large write's content, as the model composed it."""
    outcome: ActionOutcome
    replayed: bool = False
    """Carried over from an earlier recording (new_episodes) rather than decided live when this was written."""
    usage: Usage = Usage()
    cost_usd: Amount = 0.0
    """What the step's model calls cost when it was decided."""


class Cassette(BaseModel):
    version: int = CASSETTE_VERSION
    goal: str
    persona: str
    provider: str
    model: str
    recorded_at: datetime
    outcome: SessionOutcome
    steps: list[CassetteStep]
    wrap_up: WrapUp | None = None
    wrap_up_usage: Usage = Usage()
    wrap_up_cost_usd: Amount = 0.0

    def step(self, index: int) -> CassetteStep | None:
        return next((step for step in self.steps if step.index == index), None)


def cassette_path(module: Path, test: str, directory: Path | None = None, persona: str | None = None) -> Path:
    """Where a test's cassette lives: `cassettes/<module>/<test>.useragent.yaml` beside the module (or under
    `directory`), `<test>` as pytest-recording names it (`Class.test[param]`, characters a file name cannot hold as
    `-`); `<test>.<persona>.useragent.yaml` when the persona is the run's choice rather than the test's."""
    name = _FORBIDDEN.sub("-", test if persona is None else f"{test}.{persona.lower()[:40]}")
    return (directory if directory is not None else module.parent / "cassettes") / module.stem / f"{name}{SUFFIX}"


def numbered(path: Path, run: int) -> Path:
    """The cassette of a test's `run`-th `agent.run`: the first is `path`, the second `<test>-2.useragent.yaml`."""
    return path if run == 1 else path.with_name(path.name.removesuffix(SUFFIX) + f"-{run}{SUFFIX}")


def load(path: Path) -> Cassette | None:
    """The cassette at `path`, or None when there is none; a file that is not one is the author's to fix: one line
    naming it (a regular file of at most MAX_CASSETTE_BYTES, YAML whose aliases stay within bounds, every count and
    cost a number not below zero)."""
    what = f"cassette {path}"
    try:
        text = read_text(path, MAX_CASSETTE_BYTES, what, UserError)
    except FileNotFoundError:
        return None
    try:
        data = load_yaml(text, "not a useragent cassette", UserError)
    except UserError as error:  # "not a useragent cassette: not valid YAML (line 3)"
        raise UserError(f"{what}: {error}; delete it to record again") from None
    if problem := version_problem(data, "version", CASSETTE_VERSION, "cassette"):
        raise UserError(f"{what}: {problem}, or delete it to record again")
    try:
        return Cassette.model_validate(data)
    except ValidationError as error:
        raise UserError(f"{what}: not a useragent cassette ({invalid(error)}); delete it to record again") from None


def write(cassette: Cassette, path: Path, secrets: Secrets, origin: str) -> None:
    """Write `cassette` as reviewable YAML: every text redacted, the start URL's origin dropped from every URL."""
    data = {"version": CASSETTE_VERSION, **cassette.model_dump(mode="json", exclude_defaults=True)}
    data = _shared(_without(secrets.redact_json(data), origin))
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120))


def origin_of(url: str | None) -> str:
    """`http://127.0.0.1:4321` of a URL; "" for none (or one without a host)."""
    parts = urlsplit(url or "")
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def path_of(url: str) -> str:
    """A URL without its origin: what a cassette compares and keeps of it."""
    parts = urlsplit(url)
    if not parts.netloc:
        return url
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def _without(value: Any, origin: str) -> Any:
    if not origin:
        return value
    if isinstance(value, str):
        return value.replace(origin, "")
    if isinstance(value, list):
        return [_without(item, origin) for item in value]
    if isinstance(value, dict):
        return {key: _without(item, origin) for key, item in value.items()}
    return value


def _shared(data: dict[str, Any]) -> dict[str, Any]:
    """Steps on pages that offer the same controls share one object, so YAML writes them once with an anchor
    (`&page1`) and then as an alias (`*page1`): a reviewer reads a page's controls once."""
    seen: list[dict[str, int]] = []
    for step in data.get("steps", []):
        controls = step["page"]["controls"]
        same = next((earlier for earlier in seen if earlier == controls), None)
        if same is None:
            seen.append(controls)
        else:
            step["page"]["controls"] = same
    return data


class _Dumper(yaml.SafeDumper):
    """Multi-line texts (summaries, documents) as YAML blocks, so a review diff shows them line by line; shared
    controls as `&page1` / `*page1`."""

    ANCHOR_TEMPLATE = "page%d"


def _text(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = "|" if "\n" in text and not any(char in text for char in "\r\t") and text == text.rstrip(" ") else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_Dumper.add_representer(str, _text)
