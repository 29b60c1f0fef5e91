"""Empty places taken by bots, in a real browser (issue 17: "Empty places are
taken by bots"; docs/web.md, Empty places): headless Chromium through
Playwright, as tests/test_web_browser.py (whose fixtures it uses; skipped
without Chromium and Playwright as that module is).

A player alone at a table of three people fills the two empty places with
bots from his page and plays on; a second player who opens his link later is
told that a bot plays his place until the deal is over.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_web_browser import (  # noqa: F401 - the fixtures are used by name
    _no_page_errors,
    _open,
    _snapshot,
    _table,
    browser,
    out,
    server,
)
from web_support import Server


def test_a_player_fills_the_empty_places_with_bots(browser: Any, server: Server, out: Path) -> None:  # noqa: F811
    created = _table(server, "dummy-bridge", 11, {})  # every place a person
    links = created["links"]
    a = _open(browser, server.url(links["A"]))
    a.wait_for_selector("#fill:not([hidden])")
    assert a.locator("#fill-note").text_content() == (
        "Nobody sits at B and C now. Start without waiting: bots take those places, "
        "and each gives his place back at the next deal when its player opens his link."
    )
    a.screenshot(path=str(out / "fill-before.png"), full_page=True)
    a.select_option("#fill-bot", "rule")
    a.click("#fill-button")
    a.wait_for_selector("#fill[hidden]", state="attached")
    players = a.locator("#players li").all_text_contents()
    assert [p.split(" · ")[-1] for p in players] == [
        "here",
        "bot: rule, in his place",
        "bot: rule, in his place",
    ]
    # A plays on with the bots: his first choice, then the bots' turns, then his again
    a.wait_for_selector("#turn.mine")
    first = _snapshot(a)
    a.click(f"[data-action='{first['actions'][0]}']")
    a.wait_for_function(f"Number(document.body.dataset.at) > {int(first['at']) + 1}")
    a.wait_for_selector("#turn.mine")
    # B comes in the middle of the deal: his bot plays on, and his page says until when
    b = _open(browser, server.url(links["B"]), width=390, height=844)
    b.wait_for_selector("#stand-in-note:not([hidden])")
    assert b.locator("#stand-in-note").text_content() == (
        "A bot (rule) plays your place until this deal is over; "
        "you take it back when the next deal begins."
    )
    assert b.locator("#fill").is_hidden()  # no empty place left
    assert b.evaluate("document.documentElement.scrollWidth") <= 390
    a.screenshot(path=str(out / "fill-after.png"), full_page=True)
    b.screenshot(path=str(out / "fill-stand-in-phone.png"), full_page=True)
    a.context.close()
    b.context.close()
