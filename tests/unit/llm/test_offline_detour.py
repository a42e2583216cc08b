"""The offline engine leaves an error page the way a person does, by going back, and tries something else: a one-page
site's menu may link a page the site does not have, while what the goal wants is on the page itself. The twins: a
page that only mentions an error, or a 404 it sells, is no error page, and the start page is never left by going
back."""

from __future__ import annotations

from offline_steps import steps

from pytest_useragent.llm.offline.detour import error_page
from pytest_useragent.llm.offline.page import parse_snapshot
from pytest_useragent.records import Observation
from pytest_useragent.records.page import FailedRequest, Signals

HOME = """- navigation [ref=e1]:
  - link "Acerca de" [ref=e2]:
    - /url: /acerca-de
  - link "Mis Proyectos" [ref=e3]:
    - /url: /proyectos
- main [ref=e4]:
  - heading "Mis Proyectos" [level=2] [ref=e5]
  - list [ref=e6]:
    - listitem [ref=e7]:
      - button "Mi primer proyecto" [ref=e8]
    - listitem [ref=e9]:
      - button "Mi segundo proyecto" [ref=e10]"""
PYTHON_404 = """- heading "Error response" [level=1] [ref=e1]
- paragraph [ref=e2]: "Error code: 404"
- paragraph [ref=e3]: "Message: File not found."
- paragraph [ref=e4]: "Error code explanation: 404 - Nothing matches the given URI.\""""
GOAL = "Abre el detalle de uno de los proyectos de Juliana que aparecen en el carrusel."


def _page(snapshot: str, title: str = "Page", failed: list[FailedRequest] | None = None) -> bool:
    page = Observation(url="http://x/p", title=title, snapshot=snapshot, signals=Signals(failed_requests=failed or []))
    return error_page(page, parse_snapshot(snapshot))


def test_an_error_page_is_told_by_its_headline_its_first_lines_or_its_documents_status():
    assert _page(PYTHON_404, title="Error response")
    assert _page('- heading "Page not found" [level=1] [ref=e1]')
    pretty = '- heading "Oops! We lost that one." [level=1] [ref=e1]'
    assert _page(pretty, failed=[FailedRequest(method="GET", url="http://x/p", resource="document", status=404)])
    assert not _page(pretty)  # a heading alone says nothing
    # the twins: an image that failed, a page that reports errors, a room numbered 404
    assert not _page(pretty, failed=[FailedRequest(method="GET", url="http://x/a.png", resource="image", status=404)])
    assert not _page('- heading "Error log" [level=1] [ref=e1]\n- paragraph [ref=e2]: "3 errors today"')
    assert not _page('- heading "Rooms" [level=1] [ref=e1]\n- paragraph [ref=e2]: "Room 404 is free"')


def test_a_menu_link_to_a_missing_page_is_left_by_going_back_and_the_page_itself_is_used():
    decisions = steps(GOAL, [HOME, PYTHON_404, HOME], lang="es")
    assert [d.action.kind for d in decisions] == ["click", "back", "click"]
    assert decisions[2].action.ref not in (None, decisions[0].action.ref)  # what led to the error is not tried again


def test_a_start_page_that_is_an_error_page_is_not_left_by_going_back():
    decision = steps(GOAL, [PYTHON_404], lang="es")[0]
    assert decision.action.kind == "give_up"
