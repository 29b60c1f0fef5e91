"""Arbitrary input into every parser of outside text (issue 22, "The campaign
belongs to the project": "hypothesis-based property tests in the suite").

The brief's rule: "Bad input of every kind gets a clear error naming the
problem and where it is (file, line/column or JSON path); nothing crashes".
So for each parser, every outcome is a value or the package's documented
error, located where the input is a file; any other exception fails the
test. The budgets are small (the whole of tests/fuzz/ stays within seconds);
tools/fuzz/run.sh runs the same targets for as long as one likes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dummybridge import (
    Action,
    Card,
    FileFormatError,
    Hand,
    InvalidDealError,
    InvalidNotationError,
    RuleFileError,
    load_rules,
    parse_deal,
)
from dummybridge.formats.natural import parse_input
from dummybridge.formats.pbn_read import deals_from_pbn, parse_pbn
from dummybridge.formats.records import read_record, replay_record
from dummybridge.language.loader import load_rules_text


def refusal(call: Callable[[], object], *documented: type[Exception]) -> Exception | None:
    """The documented error ``call`` raises, or ``None`` when it succeeds; any
    other exception escapes and fails the test."""
    try:
        call()
    except documented as exc:
        return exc
    return None


FAST = settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=10, suppress_health_check=[HealthCheck.too_slow])

# Pieces of the notations, so that the text drawn gets past the first check.
_WORDS = [
    "play", "declare", "bid", "double", "redouble", "pass", "leave", "it", "look", "claim",
    "revoke", "tricks", "points", "waive", "blind", "touch", "suggest", "call", "lead",
    "require", "highest", "lowest", "hearts", "spades", "no_trumps", "royal_spades", "SA",
    "h10", "10h", "♥", "2H", "1", "7", "0", "99", "²", "٣", "Hearts", "HEARTS", "N", "x", "xx",
]  # fmt: skip
_PBN_BITS = [
    '[Event "?"]', '[Board "1"]', '[Board "²"]', '[Dealer "N"]', "[Deal ", '"N:', "AKQ.",
    "JT9.", "8765432", " - ", '"]', "[Auction ", "[Play ", "{", "}", "%", ";", "\n", "\r\n",
    "\f", "\x85", "\x00", "*", "1S", "Pass", "X", "=1=", "[Contract ", "[Declarer ", "#",
]  # fmt: skip
notation_text = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(_WORDS), max_size=4).map(" ".join),
)
pbn_text = st.one_of(
    st.text(max_size=200),
    st.lists(st.one_of(st.sampled_from(_PBN_BITS), st.text(max_size=6)), max_size=40).map("".join),
)


@FAST
@given(notation_text)
def test_card_hand_and_deal_text_parse_or_fail_cleanly(text: str) -> None:
    """Card.from_str, Hand.from_pbn and parse_deal go to the C core's parsers:
    ':raises InvalidNotationError: if the text is not a PBN deal.
    :raises InvalidDealError: if a card is held twice.'"""
    for parse in (Card.from_str, Hand.from_pbn, parse_deal):
        refusal(partial(parse, text), InvalidNotationError, InvalidDealError)


@FAST
@given(notation_text)
@example("declare Hearts")  # issue 22 item 3
@example("bid 1 HEARTS")  # issue 22 item 3
def test_action_parse_reads_its_own_text_or_raises_invalid_notation(text: str) -> None:
    """Action.parse: ':raises InvalidNotationError: for any other text' (issue 22
    item 3: 'declare Hearts' raised a plain ValueError); what it reads is
    written back as text it reads again to the same action."""
    if refusal(lambda: Action.parse(text), InvalidNotationError) is None:
        action = Action.parse(text)
        assert Action.parse(str(action)) == action


_RULES = {name: load_rules(name) for name in ("bridge", "auction-bridge")}


@FAST
@given(notation_text, st.sampled_from(sorted(_RULES)))
@example("claim \u00b2", "bridge")  # issue 22 item 3
@example("bid \u00b2 hearts", "auction-bridge")
def test_natural_input_means_an_action_or_says_what_it_cannot_read(text: str, name: str) -> None:
    """parse_input: ':raises InvalidNotationError: for text that means no action'
    (issue 22 item 3: 'claim ²' at the prompt ended in exit 70)."""
    exc = refusal(lambda: parse_input(text, _RULES[name]), InvalidNotationError)
    assert exc is None or str(exc)


@FAST
@given(pbn_text)
@example(
    '[Board "\u00b2"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. '
    '...AKQJT98765432"]\n'
)  # issue 22 item 3
@example('% a page\fbreak\n[Deal "N:AKQ"]\n')  # issue 22 item 8
def test_pbn_text_is_read_or_refused_with_file_and_line(text: str) -> None:
    """PBN import: ':raises FileFormatError: FILE:LINE:COL for what cannot be
    read' (issue 22 items 3 and 8: a Board tag '²'; 0x85 and form feeds)."""

    def read() -> None:
        games = parse_pbn(text, "f.pbn")
        deals_from_pbn(games, file="f.pbn")
        if games:
            deals_from_pbn(games, board="1", file="f.pbn")

    exc = refusal(read, FileFormatError)
    if isinstance(exc, FileFormatError):
        assert exc.file == "f.pbn"
        assert exc.line is not None or exc.path is not None, str(exc)


_GOOD_RECORD: dict[str, Any] = {
    "format": "dummybridge-record/1",
    "rules": {"name": "bridge", "version": "1.0"},
    "seed": 11,
    "players": ["A", "B", "C", "D"],
    "rubbers": 1,
    "laws": False,
    "deals": [],
    "actions": ["declare no_trumps", "pass", "pass", "play D3", "play D9"],
}
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@st.composite
def records(draw: st.DrawFn) -> str:
    """A record's JSON text with one field replaced, added or removed, or
    broken text: what a careless editor or an attacker hands the loader."""
    record = json.loads(json.dumps(_GOOD_RECORD))
    key = draw(st.sampled_from([*record, "rules.name", "rules.version", "rules.origin", "x"]))
    target, field = (record["rules"], key[6:]) if key.startswith("rules.") else (record, key)
    if draw(st.booleans()):
        target[field] = draw(json_values | st.sampled_from(["declare Hearts", "bid 1 HEARTS"]))
    else:
        target.pop(field, None)
    text = json.dumps(record)
    if draw(st.integers(0, 9)) == 0:
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.text(max_size=4)) + text[cut + 1 :]
    return text


@SLOW
@given(records())
@example(json.dumps({**_GOOD_RECORD, "actions": ["declare Hearts"]}))  # issue 22 item 3
@example(json.dumps({**_GOOD_RECORD, "rubbers": 0}))  # issue 22 item 3
@example(json.dumps({**_GOOD_RECORD, "seed": 11.5}))
@example(json.dumps({**_GOOD_RECORD, "players": ["A", "B", "C"]}))  # issue 22 item 3
@example(json.dumps({**_GOOD_RECORD, "deals": [["AKQJT98765432...", "-", "-"]]}))
@example(json.dumps({**_GOOD_RECORD, "laws": "false"}))  # issue 22 item 7
@example("[" * 100_000)  # issue 22 item 3
def test_a_record_is_loaded_and_replayed_or_refused_with_its_json_path(text: str) -> None:
    """'One loader for records and saves ... It reports every problem as
    FILE: error: $.path: message and never guesses' (issue 22 items 3, 7)."""
    exc = refusal(lambda: replay_record(read_record("g.json", text), "g.json"), FileFormatError)
    if isinstance(exc, FileFormatError):
        assert exc.file == "g.json"
        assert exc.path is not None or exc.line is not None, str(exc)


_HOUSE = (
    'dummybridge: 1\nextends: bridge\nname: h\ntitle: H\nversion: "1.0"\n'
    "doubling:\n  limit: {kind: cap, trick_value: 100}\n"
)
yaml_scalars = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(["", "~", "[]", "{}", "yes", "'x'", "-1", "0", "1e400", ".nan", "*a", "&a x"]),
    st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=8).map(json.dumps),
)


@st.composite
def rule_texts(draw: st.DrawFn) -> str:
    """A house rule with one line's value replaced, a key added, or bytes cut."""
    lines = _HOUSE.splitlines()
    kind = draw(st.integers(0, 2))
    i = draw(st.integers(0, len(lines) - 1))
    if kind == 0:
        key = lines[i].split(":", 1)[0]
        lines[i] = f"{key}: {draw(yaml_scalars)}"
    elif kind == 1:
        lines.insert(i, f"{draw(st.sampled_from(['table', 'deal', 'scoring', 'zz']))}: "
                     f"{draw(yaml_scalars)}")  # fmt: skip
    else:
        text = "\n".join(lines)
        cut = draw(st.integers(0, len(text)))
        return text[:cut] + draw(st.text(max_size=3)) + text[cut + 1 :]
    return "\n".join(lines) + "\n"


@SLOW
@given(rule_texts())
@example(_HOUSE.replace("100}", "9" * 4301 + "}"))  # issue 22 item 3
def test_rule_text_loads_or_every_problem_is_located(text: str) -> None:
    """'dummybridge validate FILE checks a rule file and reports every problem
    as FILE:LINE:COL: error: $.path: message' (README; issue 22 item 3: an
    integer of 4,301 digits ended in exit 70)."""
    exc = refusal(lambda: load_rules_text(text, "house.yaml"), RuleFileError)
    if isinstance(exc, RuleFileError):
        assert exc.diagnostics
        for d in exc.diagnostics:
            assert d.file == "house.yaml"
            assert d.line >= 1
            assert d.col >= 1
            assert d.message
