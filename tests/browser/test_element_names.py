"""How a finding, the focus walk and an announcement name an element (`describe.js`): as Chromium's accessibility tree
names it, so a link that holds only a picture is named by the picture's alt, and what is aria-hidden is no part of a
name."""

from __future__ import annotations

import pytest

from pytest_useragent.browser.scripts import script

PAGE = """<main>
<a id="shop" href="/map"><img src="none.jpg" alt="Our shop on the map"></a>
<a id="bare" href="/cart"><img src="cart.png"></a>
<button id="close"><span aria-hidden="true">×</span> Close</button>
<button id="icon"><svg aria-hidden="true"><text>X</text></svg></button>
<a id="more" href="/a">Read more<span style="position:absolute;clip:rect(0 0 0 0);width:1px;height:1px;overflow:hidden">
 about prices</span></a>
<a id="gone" href="/b">Pricing<span style="display:none"> (old)</span></a>
<a id="inner" href="/c"><span aria-label="Basket, 2 items">🛒</span></a>
</main>"""


@pytest.mark.parametrize(
    ("element", "named"),
    [
        ("shop", 'link "Our shop on the map"'),
        ("close", 'button "Close"'),
        ("more", 'link "Read more about prices"'),
        ("gone", 'link "Pricing"'),
        ("inner", 'link "Basket, 2 items"'),
        ("bare", "link (no name)"),  # the twins: nothing in them names them
        ("icon", "button (no name)"),
    ],
)
def test_an_element_is_named_as_its_accessibility_tree_names_it(page, element, named):
    page.set_content(PAGE)
    assert page.locator(f"#{element}").evaluate(script("describe.js")) == named
    # Chromium's own name, as Playwright's aria snapshot shows it, agrees (the twins': none)
    shown = page.locator(f"#{element}").aria_snapshot().splitlines()[0].removeprefix("- ").rstrip(":")
    assert shown == named.removesuffix(" (no name)")
