"""A real audited site, offline: the barriers its expert evaluation documents against what the tool finds, per persona.

    python benchmarks/audited_site_benchmark.py SITE                  # SITE: the fetched site's folder
    python benchmarks/audited_site_benchmark.py SITE --data benchmarks/audited/przedipo.json --json out.json
    python benchmarks/audited_site_benchmark.py SITE --tasks survey --personas keyboard --versions before

SITE holds the site's two versions (`before/`, `after/`: the inaccessible pages and their repaired twin) as the site
ships them, or a `docs/` folder that does (the pages are not committed here: fetch them, e.g. `lepszyweb/przedipo`).
The data beside this script (`audited/<site>.json`) is the evaluation's barriers, each with its page, its element
(a Playwright selector), its WCAG criteria, the evaluation's words and the rules (axe's by id, ours by
`records/rules.py` id) that could find it; and the tasks, in the site's language, each with a truth: JavaScript that
returns true when the task's outcome is on the page, and for a reading task the answer the persona's last evidence
must give. The site's PHP form handler is stood in for by `Site` (an echo of the submitted form, `#echo`); a site that
is a PHP application (its data's `php`: the router, a file beside the data) is served by `php -S` instead. A page's
address is its path: a query (`?preset=...`) is set aside, and a folder's address is its index (the data's `index`).
A site whose pages declare no charset is served with the one its host names (the data's `charset`).

Every task of both versions is run with the offline engine (`OfflineProvider`, no model, no network) as a mouse, a
keyboard and a screen-reader persona, 12 steps at most. Printed, and written as JSON with `--json`:
1. barriers a rule could find, and those found on their element (by a listed rule; by any finding of their WCAG
   criterion), or by a listed rule on their page only, per persona;
2. the findings the keyboard and the screen-reader personas made that the mouse persona did not;
3. objective findings on the repaired twin (should be none), each listed;
4. tasks truly reached per persona and version (the truth read after the session, independent of the engine).
Needs Chromium (Playwright's, or the system's)."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from pytest_useragent import Agent, OfflineProvider, Persona
from pytest_useragent.browser.launch import QUIET_ARGS, find_chromium
from pytest_useragent.config import UserAgentConfig
from pytest_useragent.records.rules import RULES

sys.path.insert(0, str(Path(__file__).resolve().parent))
from audited_match import criteria_of, handles_of, on_element, stands_for  # noqa: E402
from audited_server import serve, serve_php  # noqa: E402

HERE = Path(__file__).resolve().parent
PERSONAS = {
    "mouse": Persona("Ola, 34, korzysta z myszy."),
    "keyboard": Persona("Kuba, 29, porusza się po stronach wyłącznie klawiaturą.", uses="keyboard"),
    "screen-reader": Persona("Nina, 40, jest niewidoma i czyta strony czytnikiem ekranu.", uses="screen-reader"),
}
CLOSED = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"


def site_root(path: Path, versions: dict[str, str]) -> Path:
    """The folder that holds the versions: SITE itself, or its docs/."""
    for root in (path, path / "docs"):
        if all((root / folder).is_dir() for folder in versions.values()):
            return root
    raise SystemExit(f"{path}: no {' and '.join(versions.values())} in it or in its docs/")


def session(
    browser: Browser, url: str, task: dict[str, Any], who: Persona, steps: int, init: str, keep: Path | None = None
) -> dict[str, Any]:
    """One task as one persona: what it claimed, whether it is true, and its objective findings. `init`: the data's
    script run before each page's own (e.g. noting the messages of `alert()` for a truth to read), or none; `keep`:
    where the session's folder (its transcript, screenshots, report) is kept, or nowhere."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    if init:
        page.add_init_script(init)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        config = UserAgentConfig(settle_timeout=2, max_steps=steps)
        result = Agent(page, who, OfflineProvider(), config, Path(tmp)).run(task["goal"], url=url)
        if keep is not None:
            shutil.copytree(Path(tmp), keep, dirs_exist_ok=True)
    try:
        truth = bool(page.evaluate(task["truth"]))
    except PlaywrightError:
        truth = False
    last = result.steps[-1].action if result.steps else None
    evidence = (last.evidence or "") if last and last.kind == "done" else ""
    if "answer" in task:
        truth = truth and result.outcome == "goal_achieved" and task["answer"] in evidence
    findings = [
        {
            "rule": issue.rule,
            "page": issue.page,
            "heuristic": issue.heuristic,
            "title": issue.title,
            "locator": issue.locator,
            "element": issue.element,
            "examples": list(issue.examples),
            "count": issue.count,
            "key": issue.key,
            "trust": issue.trust,
        }
        for issue in result.issues
        if issue.source == "check"
    ]
    page.close()
    return {
        "outcome": result.outcome,
        "reached": truth,
        "steps": len(result.steps),
        "seconds": round(time.monotonic() - started, 1),
        "evidence": evidence[:200],
        "actions": [step.action.kind for step in result.steps if step.action],
        "findings": findings,
    }


def pages_of(barrier: dict[str, Any], tasks: list[dict[str, Any]]) -> list[str]:
    return sorted({task["start"] for task in tasks} | {"news.html"}) if barrier["page"] == "*" else [barrier["page"]]


def path_of(finding: dict[str, Any], index: str = "index.html") -> str:
    """The path of a finding's page, its query set aside; a folder's address names its index."""
    path = urlsplit("http://" + (finding["page"] or "")).path
    return path + index if path.endswith("/") else path


def measure(browser: Browser, base: str, data: dict[str, Any], runs: dict[str, Any]) -> dict[str, Any]:
    """Each barrier of the before version against each persona's findings there."""
    folder = data["versions"]["before"]
    index = data.get("index", "index.html")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    per: dict[str, Any] = {}
    for persona in PERSONAS:
        findings = [f for run in runs.get("before", {}).get(persona, {}).values() for f in run["findings"]]
        if not findings:
            continue
        rows = []
        for barrier in data["barriers"]:
            row = {
                "id": barrier["id"],
                "rules": barrier["rules"],
                "by_rule": [],
                "by_criterion": [],
                "rule_on_page": [],
            }
            for name in pages_of(barrier, data["tasks"]):
                path = "/" + folder + name
                here = [f for f in findings if path_of(f, index).endswith(path)]
                if not here:
                    continue
                page.goto(base + path)
                for finding in here:
                    listed = finding["rule"] in barrier["rules"]
                    if listed:
                        row["rule_on_page"].append(finding["rule"])
                    if (listed or stands_for(criteria_of(finding["heuristic"]), barrier["criteria"])) and on_element(
                        page, barrier, finding
                    ):
                        row["by_rule" if listed else "by_criterion"].append(f"{finding['rule']} on {name}")
            rows.append({key: sorted(set(value)) if isinstance(value, list) else value for key, value in row.items()})
        coverable = [row for row in rows if row["rules"]]
        per[persona] = {
            "barriers": len(rows),
            "coverable": len(coverable),
            "found_by_rule_on_element": sum(bool(row["by_rule"]) for row in coverable),
            "found_by_rule_on_page": sum(bool(row["rule_on_page"]) for row in coverable),
            "found_on_element_by_any_rule_of_its_criterion": sum(
                bool(row["by_rule"] or row["by_criterion"]) for row in rows
            ),
            "rows": rows,
        }
    page.close()
    return per


def added(runs: dict[str, Any], folders: list[str]) -> dict[str, dict[str, list[str]]]:
    """On the site's pages, the keyboard and screen-reader personas' findings the mouse persona did not make: by a
    rule only that use runs (`records.rules`: keyboard-scan, keyboard-step, screen-reader-step), and any other."""
    own = {rule.id for rule in RULES.values() if rule.runs.startswith(("keyboard", "screen-reader"))}

    def keys(persona: str) -> dict[str, tuple[str, str]]:
        return {
            f["key"]: (
                f["rule"],
                f"{f['rule']} x{f['count']} on {f['page']}: {f['locator'] or f['element'] or ''}"[:200],
            )
            for version in runs.values()
            for run in version.get(persona, {}).values()
            for f in run["findings"]
            if site_page(f, folders)
        }

    mouse = keys("mouse")
    extra = {p: [v for k, v in keys(p).items() if k not in mouse] for p in PERSONAS if p != "mouse"}
    return {
        persona: {
            "by_its_use": sorted(line for rule, line in lines if rule in own),
            "other": sorted(line for rule, line in lines if rule not in own),
        }
        for persona, lines in extra.items()
    }


ASIDE = ("annotated/", "reports/")
"""The folders of a version that hold the demonstration's own pages about it (przedipo's annotated pages and
reports), not the site's."""


def site_page(finding: dict[str, Any], folders: list[str]) -> bool:
    """A page of one of the site's versions (`before/x.html`, a single-page app's `before/blog/post1`), not the
    demonstration's reports or annotations."""
    path = urlsplit("http://" + (finding["page"] or "")).path
    aside = "|".join(re.escape(folder) for folder in ASIDE)
    return any(re.fullmatch(f"/{re.escape(folder)}(?!{aside}).*", path) for folder in folders)


INSIDE = "([element, site]) => !!document.querySelector(site) && document.querySelector(site).contains(element)"


def on_twin(browser: Browser, base: str, runs: dict[str, Any], folder: str, site: str) -> list[dict[str, str]]:
    """Every objective finding on a page of the repaired twin, whoever met it, and where: in the site's own part
    (`site`, a selector), in the demonstration's wrapper around it, or a request the offline run refused."""
    seen: dict[str, dict[str, str]] = {}
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    for version in runs.values():
        for persona, tasks in version.items():
            for task, run in tasks.items():
                for f in run["findings"]:
                    path = urlsplit("http://" + (f["page"] or "")).path
                    # what axe leaves for review (trust "review") is no objective finding, and is not counted so
                    if not site_page(f, [folder]) or f["key"] in seen or f["trust"] == "review":
                        continue
                    where = "unresolved"
                    if f["rule"] == "http-error" and "127.0.0.1" not in (f["element"] or ""):
                        where = "offline: a request to another host"
                    else:
                        page.goto(base + path)
                        handles = [h for code in [f["locator"], *f["examples"]] for h in handles_of(page, code)]
                        codes = [code for code in [f["locator"], *f["examples"]] if code]
                        inside = [
                            c for c in codes if any(page.evaluate(INSIDE, [h, site]) for h in handles_of(page, c))
                        ]
                        if handles:
                            where = "site: " + ", ".join(dict.fromkeys(inside)) if inside else "demonstration wrapper"
                    line = f"{f['rule']} x{f['count']} on {f['page']} ({persona}, {task}): {f['title']}"
                    seen[f["key"]] = {"finding": line[:240], "where": where}
    page.close()
    return sorted(seen.values(), key=lambda item: item["finding"])


def report(
    data: dict[str, Any], runs: dict[str, Any], per: dict[str, Any], twin: list[dict[str, str]]
) -> dict[str, Any]:
    reached = {
        version: {persona: sum(run["reached"] for run in tasks.values()) for persona, tasks in personas.items()}
        for version, personas in runs.items()
    }
    extra = added(runs, list(data["versions"].values()))
    print(f"## {data['title']}\n\nheld out: {data['held_out']}\n")
    print(
        "| persona | barriers | a rule could find | found on element (listed rule) | listed rule on its page "
        "| found on element (any rule of its criterion) |\n|---|---|---|---|---|---|"
    )
    for persona, row in per.items():
        print(
            f"| {persona} | {row['barriers']} | {row['coverable']} | {row['found_by_rule_on_element']} | "
            f"{row['found_by_rule_on_page']} | {row['found_on_element_by_any_rule_of_its_criterion']} |"
        )
    for persona, row in per.items():
        found = [
            f"{r['id']} ({', '.join(r['by_rule'] + r['by_criterion'])})"
            for r in row["rows"]
            if r["by_rule"] or r["by_criterion"]
        ]
        missed = [r["id"] for r in row["rows"] if r["rules"] and not r["by_rule"]]
        print(f"\n{persona}: found {'; '.join(found) or 'none'}")
        print(f"{persona}: missed although a rule exists: {', '.join(missed) or 'none'}")
    for persona, lines in extra.items():
        print(f"\n### {persona} found what the mouse persona did not: {len(lines['by_its_use'])} by its use's rules")
        print("\n".join(f"- {line}" for line in lines["by_its_use"]))
        print(f"and {len(lines['other'])} by other rules (pages the mouse persona did not reach):")
        print("\n".join(f"- {line}" for line in lines["other"]))
    print(f"\n### Objective findings on the repaired twin: {len(twin)}")
    print("\n".join(f"- [{item['where']}] {item['finding']}" for item in twin))
    print("\n### Tasks truly reached\n\n| version | " + " | ".join(PERSONAS) + " |\n|---|" + "---|" * len(PERSONAS))
    for version, counts in reached.items():
        total = len(next(iter(runs[version].values()), {}))
        print(f"| {version} | " + " | ".join(f"{counts.get(p, 0)}/{total}" for p in PERSONAS) + " |")
    for version, personas in runs.items():
        for persona, tasks in personas.items():
            for task, run in tasks.items():
                print(
                    f"- {version} {persona} {task}: {run['outcome']}, reached={run['reached']}, "
                    f"{run['steps']} steps, {run['seconds']} s, {' '.join(run['actions'])}"
                )
    return {
        "site": data["site"],
        "held_out": data["held_out"],
        "barriers": per,
        "added": extra,
        "on_twin": twin,
        "reached": reached,
        "runs": runs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--data", type=Path, default=HERE / "audited" / "przedipo.json")
    parser.add_argument("--personas", nargs="*", default=list(PERSONAS), choices=list(PERSONAS))
    parser.add_argument("--versions", nargs="*", default=["before", "after"])
    parser.add_argument("--tasks", nargs="*", default=None)
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--keep", type=Path, default=None, help="keep each session's folder here, to read its steps")
    args = parser.parse_args()
    data = json.loads(args.data.read_text("utf-8"))
    root = site_root(args.site, data["versions"])
    tasks = [task for task in data["tasks"] if args.tasks is None or task["id"] in args.tasks]
    runs: dict[str, Any] = {}
    said = data.get("personas", {})  # the personas in the site's language, when its data says them
    personas = {key: Persona(said[key], uses=p.uses) if key in said else p for key, p in PERSONAS.items()}
    php = data.get("php")
    server = (
        serve_php(root, args.data.parent / php["router"])
        if php
        else serve(root, data.get("handler", {}), data.get("charset", ""))
    )
    with sync_playwright() as playwright, server as base:
        executable = find_chromium(playwright.chromium.executable_path, headless=True)
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", *QUIET_ARGS, CLOSED])
        for version in args.versions:
            for persona in args.personas:
                for task in tasks:
                    url = f"{base}/{data['versions'][version]}{task['start']}"
                    kept = args.keep / f"{version}-{persona}-{task['id']}" if args.keep else None
                    run = session(browser, url, task, personas[persona], args.steps, data.get("init_script", ""), kept)
                    runs.setdefault(version, {}).setdefault(persona, {})[task["id"]] = run
                    print(
                        f"{version} {persona} {task['id']}: {run['outcome']} reached={run['reached']} "
                        f"{run['seconds']} s",
                        file=sys.stderr,
                        flush=True,
                    )
        per = measure(browser, base, data, runs)
        twin = on_twin(browser, base, runs, data["versions"]["after"], data.get("site_part", "body"))
        browser.close()
    out = report(data, runs, per, twin)
    if args.json:
        args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1), "utf-8")


if __name__ == "__main__":
    main()
