"""A demanding user's tour of the web table: one deal of each built-in
variant played through the page in headless Chromium (Playwright), at a
desktop's viewport and a phone's, against a server of this install
(``--bot-delay 0``). The first player is a person who clicks what his page
offers (a pass when he may, else his first choice); the other places are
rule bots. Screenshots go to ``--out``: the table in the middle of the play
and after the deal (its finished deal opened). It prints what a user would
call wrong: text such as ``null``, ``undefined`` or ``NaN`` on a page, a page
wider than the phone, the page's script errors; then look at the pictures.

    python tools/web_tour.py [--out test-output/tour] [--variant NAME ...]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

VIEWPORTS = {"desktop": (1280, 900), "phone": (390, 844)}
SUSPECT = re.compile(r"\b(null|undefined|NaN)\b|\[object ")
WAIT = (
    "document.body.dataset.over === '1' || document.body.dataset.deal !== '1'"
    " || !!document.querySelector('#turn.mine')"
)


def _server(db: Path, port: int) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "dummybridge", "serve", "--port", str(port), "--db", str(db)]
    cmd += ["--bot-delay", "0", "--allow-seeds", "--tables-per-hour", "0"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    proc.stdout.readline()  # the banner: listening
    time.sleep(0.5)
    return proc


def _create(base: str, variant: str, players: list[str], seed: int) -> dict[str, Any]:
    places = {p: "person" if p == players[0] else "rule" for p in players}
    body = json.dumps({"variant": variant, "seed": seed, "places": places}).encode()
    req = urllib.request.Request(f"{base}/api/tables", data=body, method="POST")
    req.add_header("content-type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as resp:
        return dict(json.load(resp))


def _problems(page: Any, width: int) -> list[str]:
    found = [m.group(0) for m in SUSPECT.finditer(page.inner_text("body"))]
    wide = page.evaluate("document.documentElement.scrollWidth")
    return found + ([f"the page is {wide} px wide"] if wide > width else [])


def _shoot(page: Any, path: Path) -> None:
    """The whole page; on a phone also each screenful (a whole page, shrunk
    to be seen at once, cannot be read)."""
    page.screenshot(path=str(path), full_page=True)
    size = page.viewport_size
    if size["width"] < 600:
        height = page.evaluate("document.documentElement.scrollHeight")
        for i, top in enumerate(range(0, height, size["height"])):
            clip = {"x": 0, "y": top, "width": size["width"], "height": size["height"]}
            page.screenshot(path=str(path.with_suffix(f".{i + 1}.png")), clip=clip, full_page=True)


def _play_one_deal(page: Any, out: Path, name: str) -> list[str]:
    """Click through deal 1; screenshots mid-play and at its end; what looked wrong."""
    problems: list[str] = []
    shot_mid = False
    width = page.viewport_size["width"]
    for _ in range(200):
        page.wait_for_function(WAIT, timeout=30_000)
        body = page.evaluate("({...document.body.dataset})")
        if body.get("over") == "1" or body.get("deal") != "1":
            break
        if body.get("phase") == "play" and not shot_mid and page.locator("#trick .card").count():
            _shoot(page, out / f"{name}-play.png")
            problems += _problems(page, width)
            shot_mid = True
        buttons = page.locator("#actions button[data-action]:not(:disabled)")
        cards = page.locator("#compass button[data-action]:not(:disabled)")
        passes = page.locator("#actions button[data-action='pass']:not(:disabled)")
        target = passes if passes.count() else cards if cards.count() else buttons
        at = int(body.get("at") or 0)
        target.first.click()
        page.wait_for_function(f"Number(document.body.dataset.at) > {at}", timeout=30_000)
    page.locator("#finished details").first.wait_for()
    _shoot(page, out / f"{name}-over.png")
    return problems + _problems(page, width)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("test-output/tour"))
    parser.add_argument("--variant", action="append", help="only these (default: every built-in)")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from dummybridge.language.loader import builtin_variants, load_rules

    names = args.variant or [v.name for v in builtin_variants()]
    args.out.mkdir(parents=True, exist_ok=True)
    port = 18000 + os.getpid() % 1000
    base = f"http://127.0.0.1:{port}"
    chromium = os.environ.get("DUMMYBRIDGE_CHROMIUM") or shutil.which("chromium")
    failures = 0
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = _server(Path(tmp) / "tour.sqlite", port)
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            for variant in names:
                players = ["A", "B", "C", "D"][: load_rules(variant).table.players]
                for view, (width, height) in VIEWPORTS.items():
                    created = _create(base, variant, players, args.seed)
                    context = browser.new_context(viewport={"width": width, "height": height})
                    page = context.new_page()
                    errors: list[str] = []
                    page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                    page.goto(base + created["links"][players[0]])
                    problems = _play_one_deal(page, args.out, f"{variant}-{view}") + errors
                    print(f"{variant:22} {view:8} {problems or 'ok'}")
                    failures += bool(problems)
                    context.close()
        finally:
            browser.close()
            server.terminate()
            server.wait(15)
    print(f"screenshots in {args.out}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
