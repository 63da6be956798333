"""A Trajan calculator result (`companion score trajan FILE`) as terminal text in the table's
language: the final breakdown in the words the touchscreen's "How counted" uses (player-facing
names, never internal ids such as "commodity_wine_fish"), every category with its rule.

A season's result has no translated wording yet: `format_scores` returns None for it and the
CLI prints the game's own (English) text.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.ui.text.i18n import N_, _
from companion.ui.trajan import format as tfmt
from companion.ui.trajan import names

FINAL_HEADING = N_("Trajan: final scoring ({rule})")
TOTAL = N_("Total")
RANKING = N_("Ranking: {ranking}")


def format_scores(result: Mapping[str, Any]) -> str | None:
    """The final breakdown of `result` as text in the current language; None for a season's."""
    if result.get("kind") != "final":
        return None
    lines = [_(FINAL_HEADING).format(rule=names.rule("Trajan 1.12"))]
    players = list(result.get("players", ()))
    labels = {c["id"]: names.category(c["id"]) for p in players for c in p["categories"]}
    width = max([_width(text) for text in labels.values()] + [_width(_(TOTAL))])
    rules = {c["rule"]: names.rule(c["rule"]) for p in players for c in p["categories"]}
    rule_width = max([_width(text) for text in rules.values()] + [0])
    for p in players:
        lines += ["", str(p["name"])]
        for c in p["categories"]:
            label = labels[c["id"]]
            rule = rules[c["rule"]]
            head = f"  {label}{' ' * (width - _width(label))} {c['vp']:>4}  {rule}{' ' * (rule_width - _width(rule))}  "
            details = tfmt.category_details(c) or [""]
            for i, text in enumerate(details):
                lines.append((head if i == 0 else " " * _width(head)) + text)
        lines.append(f"  {_(TOTAL)}{' ' * (width - _width(_(TOTAL)))} {p['total']:>4}")
    totals = {p["name"]: p["total"] for p in players}
    ranking = _(", ").join(f"{i}. {n} {totals[n]}" for i, n in enumerate(result.get("ranking", ()), start=1))
    lines += ["", _(RANKING).format(ranking=ranking), f"{tfmt.winner_text(result)} · {tfmt.tie_break_text(result)}"]
    return "\n".join(lines) + "\n"


def _width(text: str) -> int:
    """Columns `text` takes in a terminal: a CJK character takes two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
