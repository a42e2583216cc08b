from __future__ import annotations

import logging
from datetime import UTC, datetime

from pytest_useragent.records import Action, ActionOutcome, PageEvent, Signals, Step
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
    assert text.splitlines()[:5] == [
        f"# TODO for session {item.short_id}",
        "Instruction: Buy milk",
        "Started at: 2026-11-22T10:42:07Z",
        "Current URL: http://shop.local/",
        "Progress: (0/12)",
    ]
    assert len(item.short_id) == 8
    for part in ("## Plan\n- Plan TBD: no plan yet", "## Progress Log", "## Notes"):
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
    assert "Progress: (2/12)\n" in text
    assert "- [x] Step 2: search for milk" in text
    assert "Current URL: http://shop.local/search\n" in text  # where it is now


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
    assert item.for_prompt() == "Progress: (0/12) actions done of the step limit; no plan yet"
    item.set_plan("Step 1: open the shop #action:click\nStep 2: find milk")
    item.record(AT, "click", None, "http://shop.local/", "clicked")
    assert item.for_prompt() == (
        "Progress: (1/12) actions done of the step limit; plan 1/2 ticked\n1. [x] Step 1: open the shop #action:click\n"
        "2. [ ] Step 2: find milk"
    )
    assert "Progress: (0/∞)" in Todo(tmp_path / "t.md", session="s", goal="g", started=AT).render()  # no limit


def test_an_item_is_ticked_only_when_every_kind_of_tag_it_names_fits(tmp_path):
    item = todo(tmp_path)
    item.set_plan(
        "Step 1: anything #action:click\n"
        "Step 2: search and go #action:type #action:click #domain:shop.local\n"
        "Step 3: no tags at all"
    )
    item.record(AT, "click", None, "http://shop.local/", "clicked")  # step 2 names the domain too: it wins
    assert [i.done for i in item.plan] == [False, True, False]
    item.record(AT, "type", None, "http://elsewhere.test/", "typed")  # no item fits a type elsewhere
    assert [i.done for i in item.plan] == [False, True, False]
    item.record(AT, "click", None, "http://elsewhere.test/", "clicked")
    item.record(AT, "press", None, "http://shop.local/", "pressed")
    assert [i.done for i in item.plan] == [True, True, False]  # the untagged item waits for `check`
    assert item.check("3")[0] and item.plan[2].done


def test_the_log_ends_with_how_the_session_ended_and_notes_say_what_went_wrong(tmp_path):
    item = todo(tmp_path)
    failed = Step(
        index=2, url="http://shop.local/cart", title="Cart", screenshot=None, signals=Signals(), observation="o",
        evaluation=None, expectation="e", action=Action(kind="click", ref="e5"),
        outcome=ActionOutcome(ok=False, message="element is not visible\nwaiting for..."), seconds=1,
        events=[PageEvent(kind="blocked", url="http://evil.test", reason="not an allowed host")],
    )  # fmt: skip
    item.after(failed)
    gave_up = failed.model_copy(
        update={
            "index": 3,
            "action": Action(kind="give_up", reason="no cart"),
            "outcome": ActionOutcome(ok=True, message="gave up"),
            "events": [],
        }
    )
    item.after(gave_up)
    item.close(AT, "gave up")
    text = (tmp_path / "todo.md").read_text()
    notes = text.split("## Notes\n")[1].splitlines()
    assert notes[0] == "- step 2: click e5 failed: element is not visible waiting for..."
    assert notes[1] == "- step 2: blocked: not an allowed host"
    assert notes[2] == "- step 3: gave up: no cart"
    assert "Current URL: http://shop.local/cart" in text
    item.save()
    assert "- [DONE] 10:42:07 gave up\n" in (tmp_path / "todo.md").read_text()
    reached = todo(tmp_path)
    reached.close(AT, "goal reached", "Oat milk\n$2.40")
    assert reached.render().split("## Progress Log\n")[1].startswith("- [DONE] 10:42:07 goal reached | Oat milk $2.40")
    assert "## Notes\n" in reached.render() and reached.notes == []  # nothing went wrong: no notes
