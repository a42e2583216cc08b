from __future__ import annotations

import logging
from datetime import UTC, datetime

from pytest_useragent.workspace.todo import Todo, TodoSettings

AT = datetime(2026, 11, 22, 10, 42, 7, tzinfo=UTC)


def todo(tmp_path, **settings) -> Todo:
    return Todo(
        tmp_path / "todo.md",
        session="s1",
        goal="Buy milk",
        started=AT,
        url="http://shop.local/",
        settings=TodoSettings(**settings),
        max_steps=12,
    )


def test_a_new_todo_has_its_header_and_sections(tmp_path):
    item = todo(tmp_path)
    item.save()
    text = (tmp_path / "todo.md").read_text()
    for part in (
        "# Session s1",
        "- Goal: Buy milk",
        "- Started: 2026-11-22 10:42:07 UTC",
        "- URL: http://shop.local/",
        "- Progress: 0 actions done of at most 12 steps; no plan yet",
        "## Plan",
        "## Progress Log",
        "## Notes",
    ):
        assert part in text


def test_actions_log_progress_and_tick_the_matching_plan_item(tmp_path):
    item = todo(tmp_path)
    item.set_plan(
        "- [ ] Step 1: open the shop #action:navigate\n- [ ] Step 2: search for milk #action:type "
        "#domain:shop.local\n- [ ] Step 3: add it #action:click"
    )
    item.record(AT, "type", 'get_by_role("searchbox")', "http://other.site/", "typed")  # wrong domain
    assert [i.done for i in item.plan] == [False, False, False]
    item.record(AT, "type", 'get_by_role("searchbox")', "http://shop.local/search", "typed milk")
    assert [i.done for i in item.plan] == [False, True, False]
    text = item.render()
    assert '- [OK] 10:42:07 type `get_by_role("searchbox")` @ http://shop.local/search | typed milk' in text
    assert "- Progress: 2 actions done of at most 12 steps; plan 1/3 ticked" in text
    assert "- [x] Step 2: search for milk" in text
    assert "- URL: http://shop.local/\n" in text  # where the session started, not where it last acted


def test_auto_check_can_be_off_and_items_checked_by_hand(tmp_path):
    item = todo(tmp_path, auto_check=False)
    item.set_plan("Step 1: click #action:click")
    item.record(AT, "click", None, "http://shop.local/", "clicked")
    assert not item.plan[0].done
    assert item.check("1") == (True, "checked: Step 1: click #action:click") and item.plan[0].done
    assert item.check("7")[0] is False and item.check("x")[0] is False and item.check("0")[0] is False


def test_progress_lines_are_capped_and_written_every_n_steps(tmp_path):
    item = todo(tmp_path, max_lines=2, every=3)
    for n in range(5):
        item.record(AT, "click", None, "http://shop.local/", f"step {n}")
    assert "- ... 3 earlier lines" in item.render() and "| step 4" in item.render() and "| step 1" not in item.render()
    item.save(step=2)
    assert not (tmp_path / "todo.md").exists()
    item.save(step=3)
    assert (tmp_path / "todo.md").exists()


def test_disabled_writes_nothing_and_a_failed_write_is_only_logged(tmp_path, caplog):
    todo(tmp_path, enabled=False).save()
    assert not (tmp_path / "todo.md").exists()
    broken = Todo(tmp_path / "missing" / "todo.md", session="s", goal="g", started=AT)
    with caplog.at_level(logging.WARNING, logger="pytest_useragent"):
        broken.save()
    assert "could not write" in caplog.text


def test_the_prompt_reads_progress_against_the_step_limit_never_infinity(tmp_path):
    item = todo(tmp_path)
    assert item.for_prompt() == "Progress: 0 actions done of at most 12 steps; no plan yet"
    item.set_plan("Step 1: open the shop\nStep 2: find milk")
    item.record(AT, "click", None, "http://shop.local/", "clicked")
    assert item.for_prompt() == (
        "Progress: 1 action done of at most 12 steps; plan 1/2 ticked\n1. [x] Step 1: open the shop\n"
        "2. [ ] Step 2: find milk"
    )
    assert "∞" not in Todo(tmp_path / "t.md", session="s", goal="g", started=AT).for_prompt()
