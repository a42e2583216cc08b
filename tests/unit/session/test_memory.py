"""The persona's memory: each step's note added, never rewritten, and bounded."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pytest_useragent.session.memory import MEMORY_CHARS, NOTE_CHARS, remember


def test_notes_are_added_in_order_and_an_empty_one_adds_nothing():
    memory = remember(remember("", "Pricing is in the menu."), "")
    assert remember(memory, "Pro costs 20 a month.") == "Pricing is in the menu.\nPro costs 20 a month."


def test_the_oldest_notes_are_dropped_and_counted_the_newest_kept():
    memory = ""
    for n in range(200):
        memory = remember(memory, f"note {n}: " + "x" * 80)
    lines = memory.split("\n")
    assert len(memory) <= MEMORY_CHARS + 30
    assert lines[-1].startswith("note 199:")
    dropped = int(lines[0].removeprefix("(").split()[0])
    assert dropped + len(lines) - 1 == 200


@given(st.lists(st.text(max_size=3000), max_size=40))
def test_memory_stays_bounded_whatever_the_notes(notes):
    memory = ""
    for note in notes:
        memory = remember(memory, note)
    assert len(memory) <= MEMORY_CHARS + NOTE_CHARS + 30
