"""Two moves of the offline engine, in English, German and Japanese: a link the goal names that a collapsed menu hides
is looked for behind that menu (`disclose`: a button `[expanded=false]` opened when nothing on the page matches the
goal, each once, never in a loop); and a goal to pause, stop or play something is reached when the control it
clicked is renamed to its opposite (`toggle`, `flip`: Pause becomes Play, 一時停止 becomes 再生), the control nearest
the goal's subject clicked first."""

from __future__ import annotations

import pytest
from offline_steps import steps

from pytest_useragent.llm.offline.disclose import OPENED, open_collapsed
from pytest_useragent.llm.offline.flip import evidence, flip
from pytest_useragent.llm.offline.lexicon import lexicon
from pytest_useragent.llm.offline.page import parse_snapshot
from pytest_useragent.llm.offline.toggle import controls, renamed, toggle_goal
from pytest_useragent.records.evidence import state_claims


def menu_page(menu: str, links: list[str], shown: bool) -> str:
    """A page whose navigation's button opens a list of links (in the snapshot only once it is open)."""
    lines = [
        "- banner [ref=e1]:",
        "  - navigation [ref=e2]:",
        f'    - button "{menu}" {"[expanded]" if shown else "[expanded=false]"} [ref=e3]',
    ]
    if shown:
        lines += ["    - list [ref=e4]:"] + [
            f'      - listitem [ref=e{5 + n}]:\n        - link "{name}" [ref=e{20 + n}]:\n          - /url: /p{n}.html'
            for n, name in enumerate(links)
        ]
    lines += ['- button "Language" [expanded=false] [ref=e9]', '- heading "Home" [level=1] [ref=e10]']
    return "\n".join(lines)


MENUS = [
    ("en", "Open the 'Climate report' page", "Menu", ["News", "Climate report"]),
    ("de", "Öffne die Seite „Klimabericht“", "Menü", ["Aktuelles", "Klimabericht"]),
    ("ja", "「温暖化の状況」のページを開いてください", "メニュー", ["お知らせ", "温暖化の状況"]),
]


@pytest.mark.parametrize(("lang", "goal", "menu", "links"), MENUS, ids=[lang for lang, *_ in MENUS])
def test_a_link_the_goal_names_is_looked_for_behind_a_collapsed_menu(lang, goal, menu, links):
    shut, opened = menu_page(menu, links, False), menu_page(menu, links, True)
    first, second = steps(goal, [shut, opened], lang)
    assert (first.action.kind, first.action.ref) == ("click", "e3")  # the menu, before the language switch
    assert (second.action.kind, second.action.ref) == ("click", "e21")  # the link it showed
    assert second.evaluation is not None and second.evaluation.verdict == "met"  # the menu is expanded


@pytest.mark.parametrize(("lang", "goal", "menu", "links"), MENUS, ids=[lang for lang, *_ in MENUS])
def test_each_disclosure_is_opened_once_and_then_the_engine_gives_up(lang, goal, menu, links):
    """The twin: the menu holds no such link. It is opened once, the other disclosure once, and the engine gives up
    rather than open them again (a menu that closes itself is not reopened in a loop)."""
    shut, opened = menu_page(menu, ["Contact"], False), menu_page(menu, ["Contact"], True)
    made = steps(goal, [shut, opened, shut, shut])
    assert [d.action.kind for d in made[:2]] == ["click", "click"]
    assert {made[0].action.ref, made[1].action.ref} == {"e3", "e9"}
    assert made[2].action.kind == "give_up"


def test_no_disclosure_is_opened_when_the_page_names_the_goal():
    page = menu_page("Menu", [], False) + '\n- link "Climate report" [ref=e30]:\n  - /url: /climate.html'
    (made,) = steps("Open the 'Climate report' page", [page])
    assert made.action.ref == "e30"


def test_the_rule_passes_on_a_page_with_no_collapsed_disclosure():
    class Now:
        widget = value = None
        tried: frozenset[str] = frozenset()
        elements = parse_snapshot('- button "Menu" [expanded] [ref=e1]')

    assert open_collapsed(Now()) is None  # type: ignore[arg-type]
    assert OPENED == "opened "


def player(name: str, counter: str, ref: str = "e20", role: str = "link") -> str:
    """A slideshow's pause button, then the CO2 counter's, each under its own heading."""
    return "\n".join([
        '- heading "Slideshow" [level=2] [ref=e1]',
        '- button "Pause" [ref=e2]',
        '- heading "Our CO2 counter" [level=2] [ref=e10]',
        '- generic [ref=e11]: 6,000 t',
        f'- {role} "{counter}" [ref={ref}]',
        '- heading "Contact" [level=2] [ref=e30]',
    ]).replace('"Pause" [ref=e2]', f'"{name}" [ref=e2]')  # fmt: skip


TOGGLES = [
    ("en", "Pause the CO2 counter", "Pause", "Play"),
    ("de", "Pausiere den CO2-Zähler", "Pause", "Wiedergabe"),
    ("ja", "CO2のカウンターを「一時停止」してください", "一時停止", "再生"),
    ("ja", "CO2のカウンターを停止してください", "STOP", "PLAY"),  # a Japanese page's controls named in English
    ("de", "Stoppe den CO2-Zähler", "Stop", "Play"),
]


@pytest.mark.parametrize(
    ("lang", "goal", "pause", "play"), TOGGLES, ids=[f"{lang}-{pause}" for lang, _, pause, _ in TOGGLES]
)
def test_a_pause_is_done_when_the_control_is_renamed_to_its_opposite(lang, goal, pause, play):
    page = player(pause, pause).replace(
        "Our CO2 counter", {"de": "Unser CO2-Zähler", "ja": "CO2カウンター"}.get(lang, "Our CO2 counter")
    )
    after = page.replace(f'link "{pause}" [ref=e20]', f'link "{play}" [ref=e21]')  # renamed: a new ref
    first, second = steps(goal, [page, after], lang)
    assert (first.action.kind, first.action.ref) == ("click", "e20")  # the counter's, not the slideshow's
    assert second.action.kind == "done"
    assert second.action.evidence == f'link "{play}"'
    assert state_claims(second.action.evidence) is not None  # the harness reads it back as the control so named


@pytest.mark.parametrize(
    ("lang", "goal", "pause", "play"), TOGGLES, ids=[f"{lang}-{pause}" for lang, _, pause, _ in TOGGLES]
)
def test_a_control_that_keeps_its_name_is_no_outcome(lang, goal, pause, play):
    """The twin: nothing renames itself. Each control of the name is clicked once, then the engine gives up; it never
    claims the pause."""
    page = player(pause, pause)
    made = steps(goal, [page, page, page], lang)
    assert [d.action.kind for d in made] == ["click", "click", "give_up"]
    assert {made[0].action.ref, made[1].action.ref} == {"e20", "e2"}


def test_the_toggle_a_goal_names():
    en, de, ja = lexicon("Pause"), lexicon("Pausiere den Zähler"), lexicon("カウンターを停止してください")
    assert toggle_goal("Pause the slideshow", en).name == "pause"
    assert toggle_goal("Stop the carousel", en).name == "stop"
    assert toggle_goal("Press 'Mute'", en).name == "mute"
    assert toggle_goal("Pausiere den Zähler", de).name == "pause"
    assert toggle_goal("カウンターを「一時停止」してください", ja).name == "一時停止"  # the longest name first
    assert toggle_goal("カウンターを停止してください", ja).name == "停止"
    assert toggle_goal("Find the playlist", en) is None  # a word that starts like one is no toggle
    assert toggle_goal("Find the opening hours", en) is None


def test_renamed_means_an_opposite_and_not_the_name_itself():
    goal = toggle_goal("Pause the video")
    assert goal is not None
    play, pause, both = (parse_snapshot(f'- button "{name}" [ref=e1]')[0] for name in ("Play", "Pause", "Pause/Play"))
    assert renamed(play, goal) and not renamed(pause, goal) and not renamed(both, goal)


def test_a_region_ends_a_section_before_its_heading():
    """A region's name comes before the heading it holds: the controls of the section above do not take it."""
    goal = toggle_goal("Pause the counter")
    assert goal is not None
    page = (
        '- region "Slideshow" [ref=e1]:\n  - heading "Slideshow" [level=2] [ref=e2]\n  - button "Pause" [ref=e3]\n'
        '- region "Counter" [ref=e4]:\n  - heading "Counter" [level=2] [ref=e5]\n  - button "Pause" [ref=e6]'
    )
    assert [e.ref for e in controls(parse_snapshot(page), goal, ["counter"])] == ["e6", "e3"]


def test_of_several_controls_the_one_in_the_goal_s_section_comes_first():
    goal = toggle_goal("Pause the slideshow")
    assert goal is not None
    elements = parse_snapshot(player("Pause", "Pause"))
    assert [e.ref for e in controls(elements, goal, ["slideshow"])] == ["e2", "e20"]
    assert [e.ref for e in controls(elements, goal, ["counter"])] == ["e20", "e2"]


def test_no_toggle_goal_passes():
    class Now:
        toggle = None

    assert flip(Now()) is None and evidence(Now()) is None  # type: ignore[arg-type]
