"""What the step prompt tells of the persona's documents: each once, by name, size, its profile (words, lines, its
first and last line) and its headings; not its start again, which the profile's first line already gives and a cut
preview made read as a sentence broken off ("... - 44 Station "). The whole text is a `read` away."""

from __future__ import annotations

from datetime import UTC, datetime

from pytest_useragent import Persona
from pytest_useragent.llm.base import StepRequest
from pytest_useragent.llm.prompts import render
from pytest_useragent.records import Observation
from pytest_useragent.records.result import DocumentEntry
from pytest_useragent.workspace.profile import profile as profile_of

NOTE = "# Millbrook Library, Saturdays\n\n- Open 9:30–13:00\n- 44 Station Road, Millbrook · 0161 555 0140\n"


def told(entries: list[DocumentEntry]) -> str:
    observation = Observation(url="http://x/", title="Branch", snapshot='- heading "Millbrook" [ref=e1]')
    request = StepRequest(
        model="m", persona=Persona("Jana, 45."), goal="Note the hours", step=4, max_steps=20, summary="",
        observation=observation, documents=entries,
    )  # fmt: skip
    return render("step.j2", request=request)


def test_a_document_is_told_by_its_profile_and_headings_and_not_by_a_cut_preview():
    profile = profile_of(NOTE, datetime.now(UTC)).describe()
    entry = DocumentEntry(
        name="millbrook-hours.md", format="md", size=len(NOTE.encode()), headings=["Millbrook Library, Saturdays"],
        preview=" ".join(NOTE.split())[:60], profile=profile,
    )  # fmt: skip
    [line] = [line for line in told([entry]).splitlines() if line.startswith("- millbrook-hours.md")]
    assert line.endswith(
        'last line "- 44 Station Road, Millbrook · 0161 555 0140"); headings: Millbrook Library, Saturdays'
    )
    assert 'first line "# Millbrook Library, Saturdays"' in line and line.count("Millbrook Library, Saturdays") == 2
    assert "Your documents" not in told([])  # the twin: no documents, no line
