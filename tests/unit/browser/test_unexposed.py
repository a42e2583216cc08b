"""What responds to a pointer but a screen reader reads as text, told as one issue (`browser/unexposed.py`)."""

from pytest_useragent.browser.unexposed import not_exposed


def test_the_scan_s_elements_are_one_issue_that_counts_them_and_names_the_first():
    found = {
        "count": 7,
        "found": [
            {"element": 'div "Home"', "html": "<div>Home</div>", "box": "10,10,80,20", "why": ""},
            {"element": 'div "Account"', "html": "<div>Account</div>", "box": "100,10,80,20", "why": ""},
        ],
    }
    (issue,) = not_exposed(found)
    assert issue.rule == "control-not-exposed" and issue.count == 7 and issue.trust == "objective"
    assert issue.element == 'div "Home"' and "no role" in issue.evidence and issue.criteria == ["4.1.2"]


def test_a_page_whose_pointer_controls_are_all_exposed_says_nothing():
    assert not_exposed({"count": 0, "found": []}) == []
