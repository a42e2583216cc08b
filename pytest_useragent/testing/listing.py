"""A generated shop listing page the size of a real one: a mega navigation, a filter sidebar, N product cards and a
footer. Used to test and benchmark bounded page state; adding a product to the cart updates the page's cart line
and `window.cart`, so a test can check which product an agent added."""

from __future__ import annotations

from functools import cache
from http.server import BaseHTTPRequestHandler

from pytest_useragent.templates import environment

ADJECTIVES = ("Walnut", "Oak", "Brass", "Linen", "Copper", "Marble", "Cedar", "Wool", "Slate", "Amber")
THINGS = ("Desk Lamp", "Side Table", "Throw Blanket", "Wall Clock", "Planter", "Bookend", "Candle", "Vase", "Mirror")
COLOURS = ("Natural", "Black", "White")
DEPARTMENTS = ("Living room", "Bedroom", "Kitchen", "Office", "Garden", "Lighting", "Textiles", "Decor")


def product_name(index: int) -> str:
    """The name of product `index` (0-based); unique, e.g. "Walnut Desk Lamp No. 149"."""
    return f"{ADJECTIVES[index % len(ADJECTIVES)]} {THINGS[index % len(THINGS)]} No. {index + 1}"


def listing_page(products: int = 150) -> str:
    """The page's HTML."""
    return _render(products)


def send_listing(handler: BaseHTTPRequestHandler, products: int = 150) -> None:
    """Answer the handler's request with the page."""
    data = listing_page(products).encode()
    handler.send_response(200)
    handler.send_header("content-type", "text/html; charset=utf-8")
    handler.send_header("content-length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


@cache
def _render(products: int) -> str:
    items = [
        {
            "name": product_name(index),
            "price": f"{19 + (index * 7) % 180}.00",
            "was": f"{29 + (index * 7) % 180}.00",
            "rating": 3 + index % 3,
            "reviews": 5 + (index * 13) % 400,
            "stores": 1 + index % 12,
        }
        for index in range(products)
    ]
    return (
        environment("testing")
        .get_template("listing.html.j2")
        .render(products=items, colours=COLOURS, departments=DEPARTMENTS, adjectives=ADJECTIVES, things=THINGS)
    )
