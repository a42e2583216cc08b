"""The offline engine on a blog of cards and a help page: a "Read more" link leads to what its card's heading says; a
question that asks for a name is never answered by a sub-heading; a telephone number a link shows (`tel:`, or any
link in a screen reader's tree) answers, as the text the page shows; the site's name a question says is the banner's
logo, where the title names only the page; a link's address written on its line (`[url=…]`, the page state the model
gets) is read, so a `tel:` or another host's link is not followed."""

from __future__ import annotations

from offline_steps import steps

from pytest_useragent import Persona
from pytest_useragent.llm.offline.banner import site_name
from pytest_useragent.llm.offline.page import parse_snapshot
from pytest_useragent.llm.offline.widget import leaves

BANNER = """- banner [ref=e1]:
  - img "Acme logo" [ref=e2]
  - generic [ref=e3]: Acme
  - navigation [ref=e4]:
    - link "Blog" [ref=e5] [url=/blog]
    - link "Help" [ref=e6] [url=/help]"""
BLOG = (
    BANNER
    + """
- main [ref=e10]:
  - heading "Blog" [level=1] [ref=e11]
  - article [ref=e12]:
    - heading "Acme is the shop everyone likes" [level=2] [ref=e13]
    - paragraph [ref=e14]: In the busy world of fashion, people have found a brand they trust...
    - link "Read more" [ref=e15] [url=/blog/post1]
  - article [ref=e16]:
    - heading "Meet the chief executive of Acme" [level=2] [ref=e17]
    - paragraph [ref=e18]: Behind the success of Acme is a team that cares. Mario, our...
    - link "Read more" [ref=e19] [url=/blog/post2]
  - article [ref=e20]:
    - heading "Summer sales" [level=2] [ref=e21]
    - link "Read more" [ref=e22] [url=/blog/post3]"""
)
WHO = "What is the name of the chief executive of Acme?"


def test_a_read_more_link_leads_to_what_its_cards_heading_says():
    (made,) = steps(WHO, [BLOG], title="Blog")
    assert (made.action.kind, made.action.ref) == ("click", "e19")
    # the twin: cards whose headings name nothing of the goal leave their links alone
    other = BLOG.replace("Meet the chief executive of Acme", "Our new collection").replace("Acme is the", "The")
    assert steps(WHO, [other], title="Blog")[0].action.ref not in ("e15", "e19", "e22")


POST = (
    BANNER
    + """
- main [ref=e10]:
  - heading "Meet the chief executive of Acme" [level=2] [ref=e11]
  - paragraph [ref=e12]: We spoke about the year with our chief executive.
  - heading "Interview" [level=3] [ref=e13]
  - paragraph [ref=e14]: Listen to the interview below."""
)


def test_a_question_for_a_name_is_never_answered_by_a_sub_heading():
    made = steps(WHO, [BLOG, POST], title="Blog")[1]
    assert made.action.kind != "done"  # it was: done, "Interview"
    # the twin: the name the page gives its chief executive, as a term and its definition, answers
    named = POST.replace(
        '  - heading "Interview" [level=3] [ref=e13]',
        "  - term [ref=e15]: Chief executive\n  - definition [ref=e16]: Mario",
    )
    told = steps(WHO, [BLOG, named], title="Blog")[1]
    assert (told.action.kind, told.action.evidence) == ("done", "Mario")


HELP = (
    BANNER
    + """
- main [ref=e10]:
  - heading "Frequently asked questions" [level=1] [ref=e11]
  - paragraph [ref=e12]:
    - text: "If you need help, call us on:"
    - link "Call the telephone number +57 302 444 9999" [ref=e13] [url=tel:+57302444999]:
      - text: +57 302 444 9999"""
)
CALL = "Which number can I call if I need help at Acme?"


def test_a_number_a_link_shows_answers_as_the_page_shows_it_and_the_link_is_not_followed():
    made = steps(CALL, [HELP], title="Help")[0]
    assert (made.action.kind, made.action.evidence) == ("done", "+57 302 444 9999")
    # a screen reader's tree writes no address: the link answers a question for a number all the same
    reader = HELP.replace(" [url=tel:+57302444999]", "")
    marek = Persona("Marek, 52, reads with a screen reader.", uses="screen-reader")
    assert steps(CALL, [reader], title="Help", persona=marek)[0].action.evidence == "+57 302 444 9999"
    # the twin: a page with no number; its tel: link (the address on its line) is no page to go to
    bare = HELP.replace("+57 302 444 9999", "us").replace("+57302444999", "+4912")
    assert steps(CALL, [bare], title="Help")[0].action.ref != "e13"


def test_the_sites_name_is_the_banners_logo_where_the_title_names_only_the_page():
    assert (
        site_name(parse_snapshot(HELP), "Help") == "help Acme logo Acme"
    )  # the title's word its banner says, its logo
    assert steps(CALL, [HELP], title="Help")[0].action.kind == "done"  # "Acme" is in no title here
    # the twin: a name only the navigation says is no site's name
    nav = HELP.replace('  - img "Acme logo" [ref=e2]\n  - generic [ref=e3]: Acme\n', "").replace(
        'link "Blog"', 'link "Acme"'
    )
    assert steps(CALL, [nav], title="Help")[0].action.kind != "done"


def test_a_links_address_on_its_line_is_read():
    read = parse_snapshot(f'{HELP}\n  - link "Docs" [ref=e20] [url=/docs]')
    assert [(e.ref, e.url) for e in read if e.role == "link"][-2:] == [("e13", "tel:+57302444999"), ("e20", "/docs")]


def test_a_file_pages_links_are_its_own_and_a_call_or_another_host_is_no_page_to_go_to():
    pricing, call, away = parse_snapshot(
        '- link "Pricing" [ref=e1] [url=pricing.html]\n- link "Call" [ref=e2] [url=tel:+4912]\n'
        '- link "W3C" [ref=e3] [url=https://www.w3.org/]'
    )
    assert not leaves(pricing, "file:///tmp/docs/shop.html") and not leaves(pricing, "http://x/shop.html")
    assert leaves(call, "file:///tmp/docs/shop.html") and leaves(call, "http://x/help")
    assert leaves(away, "http://x/help")
