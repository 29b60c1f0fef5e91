"""The web score sheet in a real browser (issue 17:
"the score sheet (above and below the line ...) after each deal"): headless
Chromium through Playwright, with tests/test_web_browser.py's fixtures
(skipped without Chromium and Playwright as that module is).
"""

from __future__ import annotations

from typing import Any

from test_web_browser import (  # noqa: F401 - the fixtures are used by name
    _no_page_errors,
    _open,
    _table,
    browser,
    server,
)
from web_support import Server


def test_a_chicane_against_honours_is_on_the_sheet_in_words(browser: Any, server: Server) -> None:  # noqa: F811
    """Bridge's chicane (rules/bridge.yaml ``chicane``; ELW05 law 8: "If the
    adversaries score honours the value is taken off theirs"), which Dummy
    Bridge inherits. Seed 16, the bots playing every place: deal 1 is played
    at clubs by South, East holds no club (a chicane, twice the trick value:
    8) and North-South hold five honours (20): the 8 is taken off their 20."""
    created = _table(server, "dummy-bridge", 16, dict.fromkeys("ABC", "rule"))
    page = _open(browser, server.url(created["spectate"]))
    page.wait_for_selector("body[data-over='1']", timeout=60_000)
    cell = page.locator("#sheet td[title='deal 1: chicane against: deducted']")
    assert cell.all_text_contents() == ["-8"]
    assert cell.get_attribute("aria-label") == "-8, chicane against: deducted, deal 1"
    honours = page.locator("#sheet td[title='deal 1: 5 honours']")
    assert honours.all_text_contents() == ["20"]
    deal = page.locator("#finished details[data-deal='1']")
    assert deal.locator(".score-lines li").all_text_contents() == [
        "16 below 4 odd tricks at clubs (N-S (C))",
        "20 above 5 honours (N-S (C))",
        "-8 above chicane against: deducted (N-S (C))",
    ]
    page.context.close()
