"""The statistics of simulated rubbers, and the report ``simulate`` prints.

:func:`report` turns a run's :class:`~.simulate.RubberSummary` list into
JSON-compatible data:

- by player, by seat at the start and by role: each player's net points from
  the rubber's settlement, its mean and 95% confidence interval (normal
  approximation), games won (by the player's score column) and rubbers won;
- ``figures``, what the rules make of a rubber (:func:`figures`): its length
  in deals and games, the points that change hands at the settlement, the
  honours, the slams, how often each denomination is declared (and, in an
  auction, each level), how often a declaration is doubled, and each role's
  points where the table gives the players different roles;
- the declarations by the dealer's seat and role and by how they were made,
  with the declaring side's net points in the deal.

:func:`compare` plays the same rubbers (same seeds, same bots) under two
rule sets: the figures of each side by side, and paired differences with a
95% confidence interval for the figures of a rubber (deals, games, points
changing hands, honours, a role's points where roles differ). Per-player
differences are not among them: a rubber is zero-sum, so they are noise.

:func:`text_report` prints the data for people: each of :data:`TEXT_SECTIONS`
in turn, a function of the report's data giving its lines (none to leave
the section out). A new section is a key that :func:`report` adds to the
data and a function added to :data:`TEXT_SECTIONS`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..language.ruleset import RuleSet
from .simulate import HOW, DealSummary, RubberSummary

__all__ = ["TEXT_SECTIONS", "compare", "figures", "report", "text_report"]

DASH = "\u2014"  # a cell with nothing to show
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: plain names of the roles (:func:`~.simulate._role`) and of how a declaration was made
ROLES = {
    "Dummy's holder": "the Dummy's holder",
    "one hand": "a player at one hand",
    "Dummy": "the Dummy",
}
HOW_NAMES = {
    "own_hand": "declared by the dealer",
    "partner": "left to partner",
    "dummy": "forced (a Dummy's)",
    "auction": "won in the auction",
}


def _role_name(role: str) -> str:
    return ROLES.get(role, f"a player at {role}")


# ------------------------------------------------------------ statistics


def _mean_ci(values: Sequence[float]) -> dict[str, Any]:
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return {"n": n, "mean": round(mean, 3), "ci95": None}
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return {"n": n, "mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]}


def _mean_sd(values: Sequence[float]) -> dict[str, Any]:
    """The mean and the standard deviation (the spread from one rubber to the next)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return {"n": n, "mean": round(mean, 3), "sd": round(sd, 3)}


def _group(
    summaries: Sequence[RubberSummary],
    key: Callable[[RubberSummary, str], str],
    bots: Mapping[str, str] | None = None,
) -> dict[str, dict[str, Any]]:
    groups: dict[str, dict[str, list[Any]]] = {}
    for s in summaries:
        for p in s.value:
            g = groups.setdefault(key(s, p), {"value": [], "games": [], "won": []})
            g["value"].append(s.value[p])
            g["games"].append(s.games[p])
            g["won"].append(s.won[p])
    out: dict[str, dict[str, Any]] = {}
    for name in sorted(groups):
        g = groups[name]
        entry: dict[str, Any] = {}
        if bots is not None:
            entry["bot"] = bots[name]
        entry.update(
            {
                "rubbers": len(g["value"]),
                "value": _mean_ci(g["value"]),
                "games_won": sum(g["games"]),
                "rubbers_won": sum(1 for w in g["won"] if w),
            }
        )
        out[name] = entry
    return out


def _declarations(
    summaries: Sequence[RubberSummary], key: Callable[[DealSummary], str]
) -> dict[str, Any]:
    groups: dict[str, dict[str, Any]] = {}
    nets: dict[str, list[int]] = {}
    for s in summaries:
        for d in s.declarations:
            name = key(d)
            g = groups.setdefault(
                name, {"deals": 0, **dict.fromkeys(HOW, 0), "forced_odd_trick": 0}
            )
            g["deals"] += 1
            g[d[2]] += 1
            if d[2] == "dummy" and d[3]:
                g["forced_odd_trick"] += 1
            nets.setdefault(name, []).append(d[4])
    for name, g in groups.items():
        g["declarer_net"] = _mean_ci(nets[name])
    return {k: groups[k] for k in sorted(groups)}


def _changing_hands(s: RubberSummary) -> int:
    """The points that change hands at a rubber's settlement: what the winners receive."""
    return sum(v for v in s.value.values() if v > 0)


def _roles(summaries: Sequence[RubberSummary]) -> list[str]:
    return sorted({r for s in summaries for r in s.role.values()})


def _role_values(summaries: Sequence[RubberSummary], role: str) -> list[float]:
    """Each rubber's mean points of the players in ``role``."""
    out = []
    for s in summaries:
        values = [v for p, v in s.value.items() if s.role[p] == role]
        if values:
            out.append(sum(values) / len(values))
    return out


def figures(rules: RuleSet, summaries: Sequence[RubberSummary]) -> dict[str, Any]:
    """What the rules make of a rubber: see the module text."""
    deals = [d for s in summaries for d in s.declarations]
    order = [d.name for d in rules.denominations]
    levels = sorted({d.level for d in deals if d.level})
    data: dict[str, Any] = {
        "deals_per_rubber": _mean_sd([s.deals for s in summaries]),
        "games_per_rubber": _mean_sd([s.games_played for s in summaries]),
        "points_changing_hands": _mean_sd([_changing_hands(s) for s in summaries]),
        "honours_per_rubber": _mean_sd([sum(d.honours for d in s.declarations) for s in summaries]),
        "played_deals": len(deals),
        "passed_out": sum(s.deals for s in summaries) - len(deals),
        "denominations": {n: sum(1 for d in deals if d.denomination == n) for n in order},
        "levels": {str(v): sum(1 for d in deals if d.level == v) for v in levels},
        "doubled": sum(1 for d in deals if d.doublings >= 1),
        "redoubled": sum(1 for d in deals if d.doublings >= 2),
        "little_slams": sum(1 for d in deals if d.slam == "little"),
        "grand_slams": sum(1 for d in deals if d.slam == "grand"),
        "forced": sum(1 for d in deals if d.how == "dummy"),
        "forced_odd_trick": sum(1 for d in deals if d.how == "dummy" and d.odd_trick),
    }
    roles = _roles(summaries)
    data["roles"] = (
        {r: _mean_sd(_role_values(summaries, r)) for r in roles} if len(roles) > 1 else {}
    )
    return data


def report(
    rules: RuleSet, summaries: Sequence[RubberSummary], seed: int, bots: Mapping[str, str]
) -> dict[str, Any]:
    """The statistics of a run, as JSON-compatible data (see the module text)."""
    deals = [s.deals for s in summaries]
    total = _declarations(summaries, lambda d: "all").get("all") or {
        "deals": 0,
        **dict.fromkeys(HOW, 0),
        "forced_odd_trick": 0,
        "declarer_net": _mean_ci([]),
    }
    return {
        "variant": rules.name,
        "version": rules.version,
        "seed": seed,
        "rubbers": len(summaries),
        "deals": {"total": sum(deals), "per_rubber": _mean_ci(deals)},
        "players": _group(summaries, lambda s, p: p, bots),
        "seats": _group(summaries, lambda s, p: s.seat[p]),
        "roles": _group(summaries, lambda s, p: s.role[p]),
        "figures": figures(rules, summaries),
        "declarations": {
            "all": total,
            "by_dealer_seat": _declarations(summaries, lambda d: d[0]),
            "by_dealer_role": _declarations(summaries, lambda d: d[1]),
            "by_how": _declarations(summaries, lambda d: d[2]),
        },
    }


#: the figures of a rubber compared rubber by rubber, and how each is read from a summary
PAIRED: dict[str, Callable[[RubberSummary], float]] = {
    "deals_per_rubber": lambda s: s.deals,
    "games_per_rubber": lambda s: s.games_played,
    "points_changing_hands": _changing_hands,
    "honours_per_rubber": lambda s: sum(d.honours for d in s.declarations),
}


def compare(
    base: RuleSet, other: RuleSet, a: Sequence[RubberSummary], b: Sequence[RubberSummary]
) -> dict[str, Any]:
    """The figures of the same rubbers (the same seeds) under ``base`` and
    ``other``, and the paired differences ``other - base`` of each rubber's
    figures with 95% confidence intervals (a role's points too, where the
    base's table gives its players different roles)."""
    paired = {
        name: _mean_ci([read(y) - read(x) for x, y in zip(a, b, strict=True)])
        for name, read in PAIRED.items()
    }
    roles = _roles(a)
    if len(roles) > 1 and _roles(b) == roles:
        for r in roles:
            paired[f"role: {r}"] = _mean_ci(
                [y - x for x, y in zip(_role_values(a, r), _role_values(b, r), strict=True)]
            )
    return {
        "base": {"variant": base.name, "version": base.version},
        "other": {"variant": other.name, "version": other.version},
        "figures": {"base": figures(base, a), "other": figures(other, b)},
        "paired": paired,
    }


# ------------------------------------------------------------ text


def _ci_text(stat: Mapping[str, Any]) -> str:
    if stat["ci95"] is None:
        return f"{stat['mean']:+.1f}"
    lo, hi = stat["ci95"]
    return f"{stat['mean']:+.1f} [{lo:+.1f}, {hi:+.1f}]"


def _sd_text(stat: Mapping[str, Any]) -> str:
    return f"{stat['mean']:.1f} (sd {stat['sd']:.1f})"


def _share(count: int, of: int) -> str:
    """``count (percent)``, or an em dash where there is nothing to count."""
    return f"{count} ({100 * count / of:.0f}%)" if of else DASH


def text_report(data: Mapping[str, Any]) -> str:
    """The report for people: every section of :data:`TEXT_SECTIONS` that has lines."""
    out: list[str] = []
    for section in TEXT_SECTIONS:
        lines = section(data)
        if lines:
            if out:
                out.append("")
            out.extend(lines)
    return "\n".join(out)


def _head_text(data: Mapping[str, Any]) -> list[str]:
    return [
        f"{data['variant']} {data['version']}: {data['rubbers']} rubbers, seed {data['seed']}, "
        f"{data['deals']['total']} deals ({data['deals']['per_rubber']['mean']:.2f} a rubber)"
    ]


def _tables_text(data: Mapping[str, Any]) -> list[str]:
    """Points by player, seat and role; a row with the same figures as one
    before it is not repeated (its name joins that row's), nor is a table of
    one row (every player in the same role) shown."""
    tables: list[tuple[str, list[tuple[list[str], Mapping[str, Any]]]]] = []
    seen: dict[tuple[Any, ...], list[str]] = {}
    names: tuple[tuple[str, str, Callable[[str, Mapping[str, Any]], str]], ...] = (
        ("by player", "players", lambda k, g: f"{k} ({g['bot']})"),
        ("by seat at the start", "seats", lambda k, g: SEATS.get(k, k)),
        ("by role", "roles", lambda k, g: _role_name(k)),
    )
    for title, key, name_of in names:
        if len(data[key]) < 2:
            continue
        kept = []
        for name, g in data[key].items():
            # a player is never merged with a seat or a role
            numbers: tuple[Any, ...] = (key == "players", g["rubbers"], g["value"]["mean"])
            numbers += (g["games_won"], g["rubbers_won"])
            if numbers in seen:
                seen[numbers].append(name_of(name, g))
                continue
            seen[numbers] = labels = [name_of(name, g)]
            kept.append((labels, g))
        if kept:
            tables.append((title, kept))
    out: list[str] = []
    for title, kept in tables:
        if out:
            out.append("")
        out.append(f"{title:<34}{'rubbers':>8}  {'points (95% CI)':<26}{'games':>6}{'won':>6}")
        for labels, g in kept:
            label = " = ".join(labels)
            if len(label) > 33:
                out.append(label)
                label = ""
            out.append(
                f"{label:<34}{g['rubbers']:>8}  {_ci_text(g['value']):<26}"
                f"{g['games_won']:>6}{g['rubbers_won']:>6}"
            )
    return out


#: the row names of :data:`PAIRED`'s figures, in its order
_PAIRED_ROWS = (
    "deals a rubber",
    "games a rubber",
    "points changing hands a rubber",
    "honours points a rubber",
)


def _figure_rows(fig: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The figures of one rule set as (row name, cell), rows with nothing to show left out."""
    played = fig["played_deals"]
    rows = [
        *((name, _sd_text(fig[key])) for name, key in zip(_PAIRED_ROWS, PAIRED, strict=True)),
        *((f"points a rubber, {_role_name(r)}", _sd_text(v)) for r, v in fig["roles"].items()),
        ("deals played", str(played)),
    ]
    if fig["passed_out"]:
        rows.append(("deals passed out", str(fig["passed_out"])))
    rows += [
        (f"  at {n.replace('_', ' ')}", _share(c, played)) for n, c in fig["denominations"].items()
    ]
    rows += [(f"  at the {lv} level", _share(c, played)) for lv, c in fig["levels"].items()]
    for key, name in (
        ("doubled", "  doubled"),
        ("redoubled", "  redoubled"),
        ("little_slams", "  little slam made"),
        ("grand_slams", "  grand slam made"),
        ("forced", "  a Dummy's forced declaration"),
    ):
        if fig[key]:
            rows.append((name, _share(fig[key], played)))
    if fig["forced"]:
        rows.append(
            ("  forced, making the odd trick", _share(fig["forced_odd_trick"], fig["forced"]))
        )
    return rows


def _figures_text(data: Mapping[str, Any]) -> list[str]:
    if "compare" in data:  # the comparison shows them beside the other rules'
        return []
    rows = _figure_rows(data["figures"])
    return [f"{'the rubber':<34}{'mean (spread)'}", *(f"{n:<34}{c}" for n, c in rows)]


_HOW_COLUMNS = (
    ("own_hand", "dealer"),
    ("partner", "partner"),
    ("dummy", "forced"),
    ("auction", "auction"),
)


def _declarations_text(data: Mapping[str, Any]) -> list[str]:
    """The declarations by the dealer and by how they were made: a column
    only where some deal was declared that way, a row only once."""
    dec = data["declarations"]
    columns = [(k, t) for k, t in _HOW_COLUMNS if dec["all"][k]]
    head = f"{'declarations':<34}{'deals':>6}" + "".join(f"{t:>9}" for _, t in columns)
    head += f"  {'declarer net (95% CI)':<26}"
    forced = bool(dec["all"]["dummy"])
    out = [(head + ("forced, odd trick" if forced else "")).rstrip()]
    rows = [("all deals", dec["all"])]
    rows += [(f"dealt by {SEATS.get(k, k)}", v) for k, v in dec["by_dealer_seat"].items()]
    rows += [(f"dealt by {_role_name(k)}", v) for k, v in dec["by_dealer_role"].items()]
    if len(columns) > 1:
        rows += [(HOW_NAMES[k], v) for k, v in dec["by_how"].items()]
    seen: set[str] = set()
    for name, g in rows:
        cells = f"{g['deals']:>6}" + "".join(f"{g[k]:>9}" for k, _ in columns)
        cells += f"  {_ci_text(g['declarer_net']):<26}"
        if forced:
            cells += _share(g["forced_odd_trick"], g["dummy"])
        if cells in seen:  # the same deals under another name (the Dummy's holder is South)
            continue
        seen.add(cells)
        out.append(f"{name:<34}{cells}".rstrip())
    return out


def _compare_text(data: Mapping[str, Any]) -> list[str]:
    cmp = data.get("compare")
    if not cmp:
        return []
    base, other = cmp["base"], cmp["other"]
    a, b = (dict(_figure_rows(cmp["figures"][k])) for k in ("base", "other"))
    names = list(a) + [n for n in b if n not in a]
    paired = dict(zip(_PAIRED_ROWS, PAIRED, strict=True))
    paired.update(
        (f"points a rubber, {_role_name(k[6:])}", k) for k in cmp["paired"] if k[:6] == "role: "
    )
    left, right = f"{base['variant']} {base['version']}", f"{other['variant']} {other['version']}"
    wide = max(len(n) for n in names) + 2
    col = max(len(left), len(right), *(len(c) for c in (*a.values(), *b.values()))) + 2
    out = [
        f"{right} against {left}: the same {data['rubbers']} rubbers (seed {data['seed']}), "
        "rubber by rubber",
        f"{'':<{wide}}{left:<{col}}{right:<{col}}difference (95% CI)",
    ]
    for name in names:
        diff = _ci_text(cmp["paired"][paired[name]]) if name in paired else ""
        # a row one side lacks: a denomination its rules do not have, or nothing counted
        none = DASH if name.startswith("  at ") and "level" not in name else "0"
        cells = f"{a.get(name, none):<{col}}{b.get(name, none):<{col}}{diff}"
        out.append(f"{name:<{wide}}{cells}".rstrip())
    return out


#: the report's sections, in order (see the module text)
TEXT_SECTIONS: tuple[Callable[[Mapping[str, Any]], list[str]], ...] = (
    _head_text,
    _tables_text,
    _figures_text,
    _declarations_text,
    _compare_text,
)
