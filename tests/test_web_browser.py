"""The web table in a real browser: headless Chromium driven by Playwright.

A real server process (``dummybridge serve --bot-delay 0 --allow-seeds``) and
real pages: three people play a whole deal of Dummy Bridge, two a deal of
Double Dummy, each clicking what his own page offers. The test keeps its own
copy of the game (the engine, with the table's seed) and checks every page at
every step against it: whose turn it is, the hands each page shows (exactly
the hands its player may see then, by the rules of sight: never the Dummy
before the rules let him look, never Double Dummy's unseen hand), the choices
it offers, and at the end the score. Also: the rule editor, a rejoin from the
same link, a dropped connection, keyboard play through the command box, a
phone's viewport. Screenshots go to ``test-output/web/`` at the repository root.

Needs Debian's ``chromium`` (``apt-get install chromium``, or
``DUMMYBRIDGE_CHROMIUM=/path``) and Playwright for Python (the test extra);
skipped without them, failed without them under ``DUMMYBRIDGE_REQUIRE_ALL=1``.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sqlite3
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import require_optional
from web_support import Server

from dummybridge import Game, load_rules

OUT = Path(__file__).resolve().parents[1] / "test-output" / "web"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 15_000

# What a page shows, read from its DOM in one call: the state it drew, the
# hands it shows face up and face down, the choices it offers, the trick.
SNAPSHOT_JS = """() => {
  const q = (s) => Array.from(document.querySelectorAll(s));
  const hands = {};
  for (const h of q('#compass [data-hand]')) {
    const seat = h.dataset.hand;
    hands[seat] = q(`#compass [data-hand="${seat}"] .card`).map(c => c.dataset.card);
  }
  return {
    at: document.body.dataset.at, phase: document.body.dataset.phase,
    toAct: document.body.dataset.toAct, deal: document.body.dataset.deal,
    hands, hidden: q('#compass [data-hidden]').map(e => e.dataset.hidden),
    actions: q('#actions button[data-action]:not(:disabled)')
      .concat(q('#compass button[data-action]:not(:disabled)')).map(b => b.dataset.action),
    trick: q('#trick [data-slot] .card')
      .map(c => c.closest('[data-slot]').dataset.slot + c.dataset.card),
    turn: document.getElementById('turn').textContent,
    messages: document.getElementById('messages').textContent,
  };
}"""


# ---------------------------------------------------------------- set-up


def _chromium() -> str:
    path = os.environ.get("DUMMYBRIDGE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).is_file():
        require_optional(
            f"chromium ({path})",
            install="apt-get install chromium (and pip install '.[test]' for Playwright)",
        )
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole module."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require_optional(
            "Playwright for Python",
            install="pip install '.[test]' (and apt-get install chromium)",
        )
    executable = _chromium()
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _table(
    server: Server, variant: str, seed: int, places: dict[str, str], laws: bool = False
) -> Any:
    """A new table's answer (its id and links)."""
    body = {"variant": variant, "seed": seed, "places": places, "laws": laws}
    status, created, _ = server.request("/api/tables", body)
    assert status == 201, created
    return created


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("web") / "tables.sqlite").start()
    yield running
    assert "Traceback" not in running.stop()


@pytest.fixture(scope="module")
def out() -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    return OUT


# uncaught errors of the pages' scripts: none may happen
PAGE_ERRORS: list[str] = []


@pytest.fixture(autouse=True)
def _no_page_errors() -> Iterator[None]:
    PAGE_ERRORS.clear()
    yield
    assert PAGE_ERRORS == []


def _open(browser: Any, url: str, width: int = 1280, height: int = 900) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.on("pageerror", lambda error: PAGE_ERRORS.append(f"{page.url}: {error}"))
    page.set_default_timeout(WAIT_MS)
    page.goto(url)
    return page


def _wait_at(page: Any, at: int) -> None:
    page.wait_for_selector(f"body[data-at='{at}']", state="attached")


def _snapshot(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(SNAPSHOT_JS)
    return result


# ------------------------------------------------------- the engine's view


def _seen(game: Game, player: str | None) -> dict[str, list[str]]:
    """The hands ``player`` may see now, as the page writes them; for a spectator
    (``None``) the hands that lie face up for everyone."""
    if player is None:
        views = [game.observation(p).hands for p in game.players]
        return {
            s.letter: sorted(str(c) for c in views[0][s])
            for s in game.exposed
            if all(s in view for view in views)
        }
    return {s.letter: sorted(str(c) for c in h) for s, h in game.observation(player).hands.items()}


def _legal(game: Game, player: str | None) -> list[str]:
    """What the page may offer ``player`` now: his legal actions when he is to act,
    and in laws mode the irregular ones too, his remarks and calls out of turn."""
    if player is None:
        return []
    offered = {str(a) for a in game.remarks(player)}
    offered |= {str(a) for a in game.out_of_turn_actions(player)}
    if game.to_act is not None and game.player_of(game.to_act) == player:
        offered |= {str(a) for a in game.legal_actions()}
        offered |= {str(a) for a in game.irregular_actions()}
    return sorted(offered)


def _check_page(page: Any, game: Game, player: str | None, at: int) -> dict[str, Any]:
    """The page shows exactly what the engine lets its player see now."""
    shot = _snapshot(page)
    where = f"{player or 'spectator'} at action {at}"
    assert shot["at"] == str(at), where
    assert shot["toAct"] == (game.to_act.letter if game.to_act is not None else ""), where
    shown = {seat: sorted(cards) for seat, cards in shot["hands"].items()}
    assert shown == _seen(game, player), where
    assert sorted(shot["hidden"]) == sorted(set("NESW") - set(shown)), where
    assert sorted(set(shot["actions"])) == _legal(game, player), where
    if game.to_act is not None and game.player_of(game.to_act) == player:
        assert shot["turn"].startswith("Your turn"), where
    return shot


def _check_pages(pages: dict[str | None, Any], game: Game, at: int) -> dict[str | None, Any]:
    """Wait until every page shows action ``at``, and check each against the
    engine (:func:`_check_page`); each page's snapshot, by player."""
    shots = {}
    for player, page in pages.items():
        _wait_at(page, at)
        shots[player] = _check_page(page, game, player, at)
    return shots


def _choose(game: Game, rng: random.Random) -> str:
    """A person's choice: a legal card at random; in the doubling, pass."""
    legal = [str(a) for a in game.legal_actions()]
    if "pass" in legal and game.phase == "double":
        return "pass"
    return rng.choice(legal)


def _play_deal(pages: dict[str | None, Any], game: Game, seed: int, shoot: Any = None) -> int:
    """Play one deal through the pages, checking every page before each action.

    ``shoot(moment, page)`` (if given) is called with the page of the player to
    act just after the declaration (``"declaration"``) and after six tricks
    (``"mid-play"``). Returns the number of actions taken.
    """
    rng = random.Random(seed)
    at = 0
    moments = ["declaration", "mid-play"]
    while game.deal_number == 1:
        _check_pages(pages, game, at)
        assert game.to_act is not None
        actor = game.player_of(game.to_act)
        page = pages[actor]
        if shoot and moments:
            declared = game.phase != "declare" and moments[0] == "declaration"
            if declared or (game.phase == "play" and len(game.tricks) == 6):
                shoot(moments.pop(0), page)
        action = _choose(game, rng)
        page.click(f"[data-action='{action}']")
        game.apply(action, player=actor)
        at += 1
    for page in pages.values():
        _wait_at(page, at)
    assert not shoot or not moments, f"moments never reached: {moments}"
    return at


def _check_finished(page: Any, game: Game) -> None:
    """The finished deal: all four hands face up, each card's cost, the score as the engine's."""
    page.wait_for_selector("#finished details[data-deal='1'] .cost")
    details = page.locator("#finished details[data-deal='1']")
    final = {
        el.get_attribute("data-final-hand"): el for el in details.locator("[data-final-hand]").all()
    }
    assert sorted(final) == ["E", "N", "S", "W"]
    assert details.locator("[data-played-card]").count() == 52
    assert details.locator(".cost").count() == 52
    sheet = game.sheet.to_data()
    lines = [e for e in sheet["entries"] if e["deal"] == 1]
    shown = details.locator(".score-lines li").all_inner_texts()
    assert len(shown) == len(lines)
    for text, entry in zip(shown, lines, strict=True):
        assert text.startswith(f"{entry['points']} {entry['line']} {entry['note']}")
    totals = page.locator("#sheet tr.totals td").all_inner_texts()
    assert [int(t) for t in totals] == sheet["totals"]


# ---------------------------------------------------------------- the tests


def test_dummy_bridge_whole_deal(browser: Any, server: Server, out: Path) -> None:
    seed = 3
    created = _table(server, "dummy-bridge", seed, {"A": "person", "B": "person", "C": "person"})
    assert sorted(created["links"]) == ["A", "B", "C"]
    game = Game(load_rules("dummy-bridge"), seed)
    pages: dict[str | None, Any] = {
        p: _open(browser, server.url(link)) for p, link in created["links"].items()
    }
    pages[None] = _open(browser, server.url(created["spectate"]))
    for page in pages.values():
        _wait_at(page, 0)

    # Before the declaration the Dummy's owner does not see the Dummy (this seed's
    # dealer is his own hand), and the page shows its backs only.
    dummy = next(s for s in game.player_seats["C"] if s not in game.manned)
    assert dummy.letter in _snapshot(pages["C"])["hidden"]
    assert dummy not in game.observation("C").hands

    names = {
        "declaration": "1-dummy-bridge-declaration.png",
        "mid-play": "2-dummy-bridge-mid-play.png",
    }

    def shoot(moment: str, page: Any) -> None:
        page.screenshot(path=str(out / names[moment]), full_page=True)

    at = _play_deal(pages, game, seed, shoot)
    assert game.deal_number == 2
    for player, page in pages.items():
        _check_page(page, game, player, at)
    _check_finished(pages["C"], game)
    pages["C"].screenshot(path=str(out / "3-dummy-bridge-deal-over.png"), full_page=True)
    for page in pages.values():
        page.context.close()


def test_double_dummy_deal(browser: Any, server: Server, out: Path) -> None:
    seed = 5
    created = _table(server, "double-dummy", seed, {"A": "person", "B": "person"})
    game = Game(load_rules("double-dummy"), seed)
    pages: dict[str | None, Any] = {
        p: _open(browser, server.url(link)) for p, link in created["links"].items()
    }
    for page in pages.values():
        _wait_at(page, 0)
    # each player has a hand he may not see (for now): the page shows its backs
    for player, page in pages.items():
        assert player is not None
        unseen = [s for s in "NESW" if s not in _seen(game, player)]
        assert unseen
        assert set(unseen) <= set(_snapshot(page)["hidden"])
    _play_deal(pages, game, seed)
    _check_finished(pages["A"], game)
    pages["A"].screenshot(path=str(out / "double-dummy-deal-over.png"), full_page=True)
    for page in pages.values():
        page.context.close()


AUCTION_GRID_JS = """() => Array.from(document.querySelectorAll('#auction table.auction tr'))
  .map(tr => Array.from(tr.children).map(td => td.textContent.trim()))"""


def test_auction_bridge_auction_and_opening_lead(browser: Any, server: Server, out: Path) -> None:
    """Four people bid an Auction Bridge auction through their pages: a bid, a
    double, a redouble and three passes (1912 laws: the dealer must bid; a
    double may be redoubled; three passes close the auction). Every page shows
    exactly what its player may see after each call; the calls stand in the
    W N E S grid under the dealer's mark; after the opening lead the dummy lies
    face up on every page."""
    seed = 11
    places = dict.fromkeys("ABCD", "person")
    created = _table(server, "auction-bridge", seed, places)
    game = Game(load_rules("auction-bridge"), seed)
    pages: dict[str | None, Any] = {
        p: _open(browser, server.url(link)) for p, link in created["links"].items()
    }
    pages[None] = _open(browser, server.url(created["spectate"]))
    assert game.to_act is not None
    assert game.to_act.letter == "S"
    plan = ["bid 1 spades", "double", "redouble", "pass", "pass", "pass"]
    at = 0
    for wanted in plan:
        _check_pages(pages, game, at)
        assert game.to_act is not None
        actor = game.player_of(game.to_act)
        legal = [str(a) for a in game.legal_actions()]
        # the engine may name the redouble "double" (a double of a double)
        action = wanted if wanted in legal else "double"
        assert action in legal, (wanted, legal)
        pages[actor].click(f"#actions [data-action='{action}']")
        game.apply(action, player=actor)
        at += 1
    assert game.phase == "play"
    _check_pages(pages, game, at)
    grid = pages["A"].evaluate(AUCTION_GRID_JS)
    assert grid == [
        ["W", "N", "E", "S*"],
        ["", "", "", "1♠"],
        ["double", "redouble", "pass", "pass"],
        ["pass", "", "", ""],
    ]
    assert pages["A"].locator("#contract").inner_text() == "1♠ by South, redoubled"
    assert pages["A"].locator("#events li").all_inner_texts()[:3] == [
        "South (D) bids 1♠",
        "West (A) doubles",
        "North (B) redoubles",
    ]
    pages["A"].screenshot(path=str(out / "auction-bridge-auction.png"), full_page=True)
    # the opening lead; then the dummy is exposed to everyone, spectators too
    lead = str(game.legal_actions()[0])
    actor = game.player_of(game.to_act)
    pages[actor].click(f"[data-action='{lead}']")
    game.apply(lead, player=actor)
    at += 1
    assert game.exposed
    for shot in _check_pages(pages, game, at).values():
        assert {s.letter for s in game.exposed} <= set(shot["hands"])
    for page in pages.values():
        page.context.close()


def test_laws_mode_offers_a_revoke(browser: Any, server: Server) -> None:
    """Laws mode: the page offers the irregular cards (revokes) as a group of their
    own, exactly the engine's; one is taken and the game goes on as the engine's."""
    seed = 7
    created = _table(server, "double-dummy", seed, {"A": "person", "B": "person"}, laws=True)
    game = Game(load_rules("double-dummy"), seed, laws=True)
    pages: dict[str | None, Any] = {
        p: _open(browser, server.url(link)) for p, link in created["links"].items()
    }
    rng = random.Random(seed)
    at = 0
    revoked = False
    while not revoked or at < 14:
        _check_pages(pages, game, at)
        assert game.to_act is not None
        actor = game.player_of(game.to_act)
        irregular = [str(a) for a in game.irregular_actions()]
        if irregular and not revoked and at >= 9:
            action = irregular[0]
            button = pages[actor].locator(f"#irregular [data-action='{action}']")
            assert button.inner_text().startswith("revoke: ")
            revoked = True
        else:
            action = _choose(game, rng)
            button = pages[actor].locator(f"[data-action='{action}']")
        button.click()
        game.apply(action, player=actor)
        at += 1
    _check_pages(pages, game, at)
    for page in pages.values():
        page.context.close()


def _rank_words(action: str) -> str:
    """``play SA`` as a person types it: ``ace of spades``."""
    words = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    code = action.split()[1]
    return f"{words.get(code[1], code[1])} of {suits[code[0]]}"


def test_keyboard_play_through_the_command_box(browser: Any, server: Server) -> None:
    seed = 11
    created = _table(server, "double-dummy", seed, {"A": "person", "B": "rule"})
    game = Game(load_rules("double-dummy"), seed)
    page = _open(browser, server.url(created["links"]["A"]))
    page.wait_for_selector("body[data-at]", state="attached")
    # wait until it is A's turn (the bot plays at once)
    page.wait_for_selector("#turn.mine")
    typed = 0
    while typed < 4:
        page.wait_for_selector("#turn.mine")
        shot = _snapshot(page)
        at = int(shot["at"])
        choices = sorted(shot["actions"])
        assert choices
        plays = [a for a in choices if re.fullmatch(r"play [SHDC][2-9TJQKA]", a)]
        declarations = [a for a in choices if a.startswith("declare ")]
        if plays:
            text = _rank_words(plays[0])
        elif "pass" in choices:
            text = "pass"
        elif declarations:
            text = declarations[0].replace("declare ", "").replace("_", " ")
        else:
            text = choices[0]  # the engine's own words (look N, play blind) go as they are
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.keyboard.press("/")
        assert page.evaluate("document.activeElement.id") == "command-text"
        page.keyboard.type(text)
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.body.dataset.at) > {at}")
        assert page.locator("#messages .message").count() == 0, page.inner_text("#messages")
        typed += 1
    # a card chosen with Tab and Enter: the focus reaches a legal card
    page.wait_for_selector("#turn.mine")
    at = int(_snapshot(page)["at"])
    page.focus("#command-text")
    for _ in range(80):
        page.keyboard.press("Shift+Tab")
        focused = page.evaluate("document.activeElement.dataset.action || ''")
        if focused:
            break
    assert focused, "no action button can be reached with the keyboard"
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.at) > {at}")
    # when his turn comes round again the focus is on one of his choices
    page.wait_for_selector("#turn.mine")
    page.wait_for_function("!!document.activeElement.dataset.action")
    assert page.evaluate("document.activeElement.dataset.action") in _snapshot(page)["actions"]
    # nonsense is refused with a message, and nothing changes
    page.wait_for_selector("#turn.mine")
    at = int(_snapshot(page)["at"])
    page.fill("#command-text", "the queen of hearts of spades")
    page.keyboard.press("Enter")
    page.wait_for_selector("#messages .message")
    assert _snapshot(page)["at"] == str(at)
    del game
    page.context.close()


def test_rejoin_and_reconnect(browser: Any, tmp_path: Path) -> None:
    """Leaving and coming back from the same link, and a server restart, lose nothing."""
    own = Server(tmp_path / "tables.sqlite").start()
    try:
        seed = 7
        created = _table(own, "double-dummy", seed, {"A": "person", "B": "person"})
        game = Game(load_rules("double-dummy"), seed)
        links = created["links"]
        pages = {p: _open(browser, own.url(link)) for p, link in links.items()}
        rng = random.Random(seed)
        at = 0
        for _ in range(6):
            for p, page in pages.items():
                _wait_at(page, at)
                _check_page(page, game, p, at)
            assert game.to_act is not None
            actor = game.player_of(game.to_act)
            action = _choose(game, rng)
            pages[actor].click(f"[data-action='{action}']")
            game.apply(action, player=actor)
            at += 1
        # A leaves (closes his browser) and comes back from his link
        pages["A"].context.close()
        pages["A"] = _open(browser, own.url(links["A"]))
        _wait_at(pages["A"], at)
        _check_page(pages["A"], game, "A", at)
        # the server goes away and comes back: the pages reconnect by themselves
        own.stop()
        for page in pages.values():
            page.wait_for_selector("body[data-conn='offline']", state="attached")
            # while it is away the page offers nothing to click
            assert _snapshot(page)["actions"] == []
        own.start()
        for p, page in pages.items():
            page.wait_for_selector("body[data-conn='online']", state="attached", timeout=30_000)
            _wait_at(page, at)
            _check_page(page, game, p, at)
        actor = game.player_of(game.to_act) if game.to_act else "A"
        action = _choose(game, rng)
        pages[actor].click(f"[data-action='{action}']")
        game.apply(action, player=actor)
        for p, page in pages.items():
            _wait_at(page, at + 1)
            _check_page(page, game, p, at + 1)
        for page in pages.values():
            page.context.close()
    finally:
        own.stop()


BROKEN_RULE = """dummybridge: 1
extends: bridge
name: broken
title: A broken rule
version: "1.0"
doubling:
  limit: {kind: cap, trick_valu: 100}
"""

HOUSE_RULE = """dummybridge: 1
extends: bridge
name: bridge-cap-100
title: Bridge, doubling limited to 100
version: "1.0"
doubling:
  limit: {kind: cap, trick_value: 100}
"""


def test_rule_editor(browser: Any, server: Server) -> None:
    page = _open(browser, server.url("/"))
    page.wait_for_selector("#variants input[name=variant]")
    expected = server.request("/api/validate", {"yaml": BROKEN_RULE})[1]
    assert not expected["ok"]
    first = expected["diagnostics"][0]
    page.fill("#yaml", BROKEN_RULE)
    where = f"line {first['line']}:{first['column']}"
    page.wait_for_selector(f"#diagnostics .where:text-is('{where}')")
    assert first["line"] == 7  # the misspelt key's line
    assert "not valid" in page.inner_text("#validity")
    assert page.is_disabled("#editor-create")
    # a click on the problem puts the caret there
    page.click("#diagnostics button.diag")
    assert page.inner_text("#caret") == f"line {first['line']}, column {first['column']}"

    page.fill("#yaml", HOUSE_RULE)
    page.wait_for_selector("#validity.ok")
    assert "Bridge, doubling limited to 100" in page.inner_text("#validity")
    page.wait_for_selector("#editor-places select")
    selects = page.locator("#editor-places select").all()
    assert len(selects) == 4
    for select in selects[1:]:
        select.select_option("rule")
    page.click("#editor-create")
    page.wait_for_selector("#editor-created .links li")
    rows = page.locator("#editor-created .links li").all()
    assert [r.get_attribute("data-who") for r in rows] == ["Player A", "Spectators"]
    link = page.locator("#editor-created .links li input").first.input_value()
    table = _open(browser, link)
    table.wait_for_selector("body[data-at]", state="attached")
    assert table.inner_text("#variant-title") == "Bridge, doubling limited to 100"
    assert table.inner_text("#table-mode") == "strict play"
    table.context.close()
    page.context.close()


def test_home_page_creates_a_table(browser: Any, server: Server) -> None:
    page = _open(browser, server.url("/"))
    page.check("#variants input[value='dummy-bridge']")
    page.wait_for_selector("#places select[data-player='C']")
    page.select_option("#places select[data-player='B']", "rule")
    page.select_option("#fill-after", "300")  # docs/web.md, Empty places
    page.click("#create")
    page.wait_for_selector("#created .links li")
    whos = [r.get_attribute("data-who") for r in page.locator("#created .links li").all()]
    assert whos == ["Player A", "Player C", "Spectators"]
    assert page.locator("#created .links button:text-is('Copy')").count() == 3
    table = str(page.locator("#created h3").text_content()).split()[1]
    with sqlite3.connect(server.db) as db:
        (options,) = db.execute("SELECT options FROM tables WHERE id = ?", (table,)).fetchone()
    assert json.loads(options)["fill_after"] == 300
    page.context.close()


def test_phone_viewport(browser: Any, server: Server, out: Path) -> None:
    created = _table(server, "dummy-bridge", 3, {"A": "person", "B": "rule", "C": "rule"})
    page = _open(browser, server.url(created["links"]["A"]), width=390, height=844)
    page.wait_for_selector("#turn.mine")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # on to the play: his cards are buttons now, and still nothing is wider than the phone
    while _snapshot(page)["phase"] != "play":
        at = int(_snapshot(page)["at"])
        choice = "pass" if "pass" in _snapshot(page)["actions"] else _snapshot(page)["actions"][0]
        page.click(f"[data-action='{choice}']")
        page.wait_for_function(f"Number(document.body.dataset.at) > {at}")
        page.wait_for_selector("#turn.mine")
    assert page.locator("#compass button.card.legal").count() > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(out / "phone-table.png"), full_page=True)
    home = _open(browser, server.url("/"), width=390, height=844)
    home.wait_for_selector("#variants input[name=variant]")
    assert home.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()
    home.context.close()


def test_every_variant_opens(browser: Any, server: Server) -> None:
    """Every built-in variant and house rule: the table opens for its first player,
    offers him his choices when his turn comes, and shows the hand he plays from;
    no "null" or "undefined" on the page (the declaration panel wrote "null"
    under the calls of a deal with no laws' decisions)."""
    with urllib.request.urlopen(server.url("/api/variants"), timeout=30) as response:
        variants = json.load(response)
    assert len(variants) >= 8
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    for variant in variants:
        players = variant["players"]
        places = {p: "person" if p == players[0] else "rule" for p in players}
        created = _table(server, variant["name"], 2, places)
        page = context.new_page()
        name = variant["name"]
        page.on("pageerror", lambda error, name=name: PAGE_ERRORS.append(f"{name}: {error}"))
        page.set_default_timeout(WAIT_MS)
        page.goto(server.url(created["links"][players[0]]))
        page.wait_for_selector("#turn.mine")
        shot = _snapshot(page)
        assert shot["actions"], variant["name"]
        assert page.inner_text("#variant-title") == variant["title"]
        words = page.inner_text("main").split()
        assert [w for w in words if w in ("null", "undefined", "NaN")] == [], variant["name"]
        if any(a.startswith("play ") and len(a) <= 8 for a in shot["actions"]):
            assert shot["toAct"] in shot["hands"], variant["name"]
        page.close()
    context.close()


SUIT_ROWS_JS = """() => Array.from(document.querySelectorAll('#compass .suit-row')).map(row => {
  const sym = row.querySelector('.sym').getBoundingClientRect();
  const cards = Array.from(row.querySelectorAll('.card')).map(c => c.getBoundingClientRect());
  return {sym: sym.right, lefts: cards.map(c => c.left), tops: cards.map(c => c.top)};
})"""


def test_a_long_suit_wraps_under_its_cards_on_a_phone(browser: Any, server: Server) -> None:
    """Issue 17 ("readable on a phone"): a suit too long for a side seat of a
    phone's table wraps onto a second line under its own cards; its cards
    wrapped under the suit's sign, where they read as a suit of their own."""
    created = _table(server, "double-dummy", 8, {"A": "person", "B": "rule"})
    page = _open(browser, server.url(created["links"]["A"]), width=390, height=844)
    page.wait_for_selector("body[data-at]", state="attached")
    rows: list[dict[str, Any]] = []
    for _ in range(40):  # on into the play, until a wrapped suit is shown
        rows = page.evaluate(SUIT_ROWS_JS)
        if any(r["tops"] and max(r["tops"]) > min(r["tops"]) + 5 for r in rows):
            break
        page.wait_for_selector("#turn.mine")
        at = int(_snapshot(page)["at"])
        page.click(f"[data-action='{_snapshot(page)['actions'][0]}']")
        page.wait_for_function(f"Number(document.body.dataset.at) > {at}")
    assert any(r["tops"] and max(r["tops"]) > min(r["tops"]) + 5 for r in rows)  # a wrap
    for row in rows:
        assert all(left >= row["sym"] - 0.5 for left in row["lefts"]), row
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()


def test_the_rule_editor_says_and_keeps_the_tables_options(browser: Any, server: Server) -> None:
    """Issue 17 (create a table, "strict play or laws mode, number of
    rubbers", from a house rule too): the editor's table takes the Options
    chosen above it, and says so beside its button; the table's page says
    its mode and rubbers (neither said anywhere before)."""
    page = _open(browser, server.url("/"))
    page.wait_for_selector("#variants input[name=variant]")
    assert page.inner_text("#editor-options") == (
        "strict play, 1 rubber, spectators welcome (the Options above)"
    )
    page.select_option("#mode", "laws")
    page.fill("#rubbers", "2")
    page.select_option("#spectators", "none")
    assert page.inner_text("#editor-options") == (
        "laws mode, 2 rubbers, no spectators (the Options above)"
    )
    page.fill("#yaml", HOUSE_RULE)
    page.wait_for_selector("#validity.ok")
    page.click("#editor-create")
    page.wait_for_selector("#editor-created .links li")
    whos = [r.get_attribute("data-who") for r in page.locator("#editor-created .links li").all()]
    assert whos == ["Player A", "Player B", "Player C", "Player D"]  # no spectators' link
    link = page.locator("#editor-created .links li input").first.input_value()
    table = _open(browser, link)
    table.wait_for_selector("body[data-at]", state="attached")
    assert table.inner_text("#table-mode") == "laws mode · 2 rubbers"
    table.context.close()
    page.context.close()


def test_a_forced_declaration_is_shown_where_it_was_made(browser: Any, server: Server) -> None:
    """Issue 17 ("the declaration or the auction"): in Three-handed Bridge the
    dealer may leave the declaration to the Dummy, whose declaration the rule
    file's table then makes (seed 3: hearts, from 0 aces and the longer
    suits' pips). Nobody calls it, so the state's calls hold only "leave
    it": the grid showed no declaration at all. Now it shows the Dummy's,
    marked forced, in its column, just after the "leave it"."""
    game = Game(load_rules("three-handed"), 3)
    dealer = game.actor
    assert dealer is not None
    places = {p: "person" if p == dealer else "rule" for p in game.players}
    created = _table(server, "three-handed", 3, places)
    page = _open(browser, server.url(created["links"][dealer]))
    page.wait_for_selector("#turn.mine")
    page.click("[data-action='leave it']")
    game.apply("leave it")
    maker, denomination = game.deal.maker, game.deal.denomination
    assert maker is not None
    assert denomination is not None
    assert denomination.name == "hearts"
    assert [str(action) for _, action in game.deal.history] == ["leave it"]  # no call of it
    page.wait_for_function("document.querySelector('#auction').textContent.includes('forced')")
    grid = page.evaluate(AUCTION_GRID_JS)
    column = grid[0].index(maker.letter)
    forced = next(row for row in grid[1:] if "forced" in "".join(row))
    assert forced[column] == "♥ (forced)"
    assert [cell for i, cell in enumerate(forced) if i != column] == ["", "", ""]
    leave = grid[grid.index(forced) - 1]
    assert "leave it" in leave  # just after the dealer's "leave it"
    page.context.close()


def test_the_laws_decisions_stand_apart_from_the_calls(browser: Any, server: Server) -> None:
    """Laws mode (1912 law on an insufficient bid): the calls' grid holds
    calls only; the decisions the laws give a player (here "make bid
    sufficient") are in the deal's history too, and the grid showed them as
    if they were calls, in a seat's column. Now they are listed under it."""
    from test_web_server import _joined

    seed = 11
    created = _table(server, "auction-bridge", seed, dict.fromkeys("ABCD", "person"), laws=True)
    game = Game(load_rules("auction-bridge"), seed, laws=True)
    spectator = _open(browser, server.url(created["spectate"]))
    tokens = {p: link.split("#", 1)[1] for p, link in created["links"].items()}
    steps = ["bid 1 no_trumps", "bid 1 spades", "make bid sufficient"]  # the 2nd insufficient
    for at, action in enumerate(steps):
        actor = game.actor
        assert actor is not None
        offered = [str(a) for a in (*game.legal_actions(), *game.irregular_actions())]
        assert action in offered
        with _joined(server, created["table"], tokens[actor]) as client:
            client.join()
            client.send({"type": "act", "action": action, "at": at})
            client.until(lambda m, at=at: m["type"] == "state" and m["at"] == at + 1)
        game.apply(action)
    _wait_at(spectator, len(steps))
    decider = next(s for s, a in game.deal.history if str(a) == "make bid sufficient")
    grid = spectator.evaluate(AUCTION_GRID_JS)
    assert not [cell for row in grid for cell in row if "sufficient" in cell]
    assert sum(1 for row in grid[1:] for cell in row if cell) == 2  # 1NT and the bid made good
    assert spectator.inner_text("#auction .decisions") == (
        f"Decisions (laws): {decider.letter} make bid sufficient"
    )
    spectator.context.close()
