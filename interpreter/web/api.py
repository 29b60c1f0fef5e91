"""What the HTTP API reads and answers: the variants, a rule text checked,
a request for a new table checked.

Every refusal is a :class:`BadRequest` whose text names the problem and
where (the field, or the line and column of a rule file).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..errors import Diagnostic, RuleFileError
from .limits import Limits
from .tables import MAX_FILL_AFTER, PLACE_KINDS, SPECTATORS, Options, TableRequest

__all__ = ["BadRequest", "diagnostics_json", "table_request", "validate_json", "variants_json"]


class BadRequest(Exception):
    """A request refused: its message, its HTTP status, and anything more to send."""

    def __init__(self, message: str, status: int = 400, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.extra = extra


_HOLDINGS = {
    "seated": "each player holds one hand; partners sit opposite",
    "dummy": "one player also holds the Dummy opposite him",
    "double_dummy": "each player holds his own hand and a Dummy opposite",
}


@lru_cache(maxsize=1)
def variants_json() -> list[dict[str, Any]]:
    """The built-in variants and house rules, for the home page."""
    from ..language.loader import builtin_variants, house_rules, load_rules

    out = []
    for info in (*builtin_variants(), *house_rules()):
        rules = load_rules(info.name)
        n = rules.table.players
        out.append(
            {
                "name": info.name,
                "title": info.title,
                "house": info.name.startswith("house/"),
                "players": ["A", "B", "C", "D"][:n],
                "hands": rules.table.hands,
                "holdings": _HOLDINGS.get(rules.table.hands, ""),
                "auction": rules.declaration.kind == "auction",
                "description": " ".join(rules.description.split()),
            }
        )
    return out


def _variant_names() -> dict[str, str]:
    """Every name a shipped rule file answers to, and its own name."""
    from ..language.loader import builtin_variants, house_rules

    names = {}
    for info in (*builtin_variants(), *house_rules()):
        names[info.name] = info.name
        for alias in info.aliases:
            names.setdefault(alias, info.name)
    return names


def diagnostics_json(
    diagnostics: list[Diagnostic] | tuple[Diagnostic, ...],
) -> list[dict[str, Any]]:
    """Diagnostics as the page shows them: without the file, which for uploaded
    text is no file of the user's."""
    return [{k: v for k, v in d.to_data().items() if k != "file"} for d in diagnostics]


def _rule_text(data: dict[str, Any], limits: Limits) -> str:
    text = data.get("yaml")
    if not isinstance(text, str):
        raise BadRequest("'yaml' must be the rule file's text (a string)")
    size = len(text.encode("utf-8", "replace"))
    if size > limits.rules_bytes:
        raise BadRequest(
            f"the rule file is too large ({size:,} bytes; at most {limits.rules_bytes:,})", 413
        )
    return text


def validate_json(data: Any, limits: Limits) -> dict[str, Any]:
    """``POST /api/validate``: a rule text's diagnostics."""
    from ..language.loader import load_rules_text, validate_text

    if not isinstance(data, dict):
        raise BadRequest('send a JSON object: {"yaml": "the rule file"}')
    text = _rule_text(data, limits)
    found = validate_text(text)
    if found:
        return {"ok": False, "diagnostics": diagnostics_json(found)}
    rules = load_rules_text(text)
    players = ["A", "B", "C", "D"][: rules.table.players]
    return {"ok": True, "diagnostics": [], "title": rules.title, "players": players}


def _flag(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise BadRequest(f"'{key}' must be true or false, not {value!r}"[:200])
    return value


def _options(data: dict[str, Any], limits: Limits) -> Options:
    rubbers = data.get("rubbers", 1)
    if (
        not isinstance(rubbers, int)
        or isinstance(rubbers, bool)
        or not 1 <= rubbers <= limits.max_rubbers
    ):
        raise BadRequest(f"'rubbers' must be a whole number from 1 to {limits.max_rubbers}")
    spectators = data.get("spectators", "public")
    if spectators not in SPECTATORS:
        raise BadRequest(f"'spectators' must be one of {', '.join(SPECTATORS)}")
    fill_after = data.get("fill_after")
    if fill_after is not None and (
        not isinstance(fill_after, int)
        or isinstance(fill_after, bool)
        or not 1 <= fill_after <= MAX_FILL_AFTER
    ):
        raise BadRequest(
            f"'fill_after' must be a whole number of seconds from 1 to {MAX_FILL_AFTER}, or null"
        )
    return Options(
        laws=_flag(data, "laws", False),
        rubbers=rubbers,
        spectators=spectators,
        fill_after=fill_after,
    )


def _places(data: dict[str, Any], players: list[str]) -> dict[str, str]:
    given = data.get("places", {})
    if not isinstance(given, dict):
        raise BadRequest('\'places\' must be an object: {"A": "person", "B": "rule", ...}')
    unknown = [str(p)[:20] for p in given if p not in players]
    if unknown:
        raise BadRequest(
            f"'places' names no player {unknown[0]!r}: the players are {', '.join(players)}"
        )
    places = {}
    for p in players:
        kind = given.get(p, "person")
        if kind not in PLACE_KINDS:
            raise BadRequest(f"places.{p} must be one of {', '.join(PLACE_KINDS)}")
        places[p] = kind
    return places


def table_request(data: Any, limits: Limits, *, allow_seeds: bool = False) -> TableRequest:
    """``POST /api/tables``: the request, checked.

    :raises BadRequest: naming the field that is wrong (a rule text's
        problems as diagnostics with line and column).
    """
    from ..language.loader import load_rules, load_rules_text

    if not isinstance(data, dict):
        raise BadRequest('send a JSON object: {"variant": "bridge", ...} or {"yaml": "..."}')
    if ("variant" in data) == ("yaml" in data):
        raise BadRequest(
            "give either 'variant' (a built-in variant's name) or 'yaml' (a rule file)"
        )
    text = None
    if "yaml" in data:
        text = _rule_text(data, limits)
        try:
            rules = load_rules_text(text)
        except RuleFileError as exc:
            raise BadRequest(
                "the rule file has problems: " + exc.diagnostics[0].format(),
                diagnostics=diagnostics_json(exc.diagnostics),
            ) from None
        name = ""
    else:
        variant = data["variant"]
        names = _variant_names()
        if not isinstance(variant, str) or variant not in names:
            known = ", ".join(sorted(set(names.values())))
            raise BadRequest(f"'variant' must be a built-in variant or house rule ({known})")
        name = names[variant]
        rules = load_rules(name)
    seed = data.get("seed")
    if seed is not None and not allow_seeds:
        raise BadRequest("'seed' is not accepted here (the server does not allow seeds)")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise BadRequest("'seed' must be a whole number from 0 to 2**64 - 1")
    if seed is not None and not 0 <= seed < 2**64:
        raise BadRequest("'seed' must be a whole number from 0 to 2**64 - 1")
    players = ["A", "B", "C", "D"][: rules.table.players]
    return TableRequest(
        rules=rules,
        rules_name=name,
        rules_text=text,
        options=_options(data, limits),
        places=_places(data, players),
        seed=seed,
    )
