"""A Trajan calculator result (`companion score trajan FILE`) as terminal text in the table's
language: the final breakdown in the words the touchscreen's "How counted" uses (player-facing
names, never internal ids such as "commodity_wine_fish"), every category with its rule.

A season's result is worded the same way: the demands and bonus tiles by their names on the
touchscreen, how each demand was met, the penalty, the votes and the senate's outcome.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.ui.text.i18n import N_, _
from companion.ui.trajan import format as tfmt
from companion.ui.trajan import names

FINAL_HEADING = N_("Trajan: final scoring ({rule})")
TOTAL = N_("Total")
RANKING = N_("Ranking: {ranking}")
STANDING = N_("Trajan: season {season}, round {round}, time {time}/{lap}")
PLAYER_VP = N_("{vp} VP")
SEASON_HEADING = N_("Trajan: season {season} scoring ({rule})")
DEMANDS_REVEALED = N_("Demands revealed: {demands}  ({rule})")
#: How a seat met each demand (`paid[].with` in the result).
PAID_WITH = {"forum": N_("forum tile (discarded)"), "trajan": N_("Trajan tile (kept)"),
             "wildcard": N_("demand wildcard (discarded)"), None: N_("not met")}
UNMET = N_("unmet {unmet}: penalty {penalty}; VP {before} → {after}  ({rule})")
VOTES = N_("votes {votes} = senate space {space} ({space_votes}) + senate tiles {tiles}  ({rule})")
CONSULS = N_("Consul: {consul}; proconsul: {proconsul}  ({rule})")
BONUS_CHOICE = N_("The consul takes one of {tiles} yellow side up; the proconsul gets the other grey side up.")
SENATE_AFTER = N_("Senate stack after the reset, bottom to top: {names}")


def format_scores(result: Mapping[str, Any]) -> str | None:
    """`result` (a season's or the final breakdown) as text in the current language."""
    if result.get("kind") == "season":
        return season_text(result)
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


def replay_text(view: Mapping[str, Any]) -> str | None:
    """`companion replay`: the final breakdown once the game is over, else where it stands and
    each seat's VP (public in Trajan)."""
    final = view.get("final")
    if final:
        return format_scores(final)
    if view.get("phase") == "setup" or "season" not in view:
        return None
    lines = [_(STANDING).format(season=view["season"], round=view["round"], time=view.get("time", ""),
                                lap=view.get("lap", ""))]
    players = list(view.get("players", ()))
    width = max([_width(str(p["name"])) for p in players] + [0])
    for p in players:
        name = str(p["name"])
        lines.append(f"  {name}{' ' * (width - _width(name))}  {_(PLAYER_VP).format(vp=p['vp']):>6}")
    return "\n".join(lines) + "\n"


def season_text(result: Mapping[str, Any]) -> str:
    """A season's scoring (Trajan 1.4, 1.5): each demand and how each seat met it, the penalty
    and votes, the consul and proconsul, the bonus tiles offered and the senate stack after."""
    lines = [_(SEASON_HEADING).format(season=result.get("season", ""), rule=names.rule("Trajan 1.5")),
             _(DEMANDS_REVEALED).format(demands=_(", ").join(names.demand(d) for d in result.get("demands", ())),
                                        rule=names.rule("Trajan 1.5"))]
    players = list(result.get("players", ()))
    demand_width = max([_width(names.demand(paid["demand"])) for p in players for paid in p.get("paid", ())] + [0])
    for p in players:
        lines += ["", str(p["name"])]
        for paid in p.get("paid", ()):
            label = names.demand(paid["demand"])
            lines.append(f"  {label}{' ' * (demand_width - _width(label))}  {_(PAID_WITH.get(paid.get('with'), PAID_WITH[None]))}")
        lines.append("  " + _(UNMET).format(unmet=p["unmet"], penalty=p["penalty"], before=p["vp_before"],
                                           after=p["vp_after"], rule=names.rule("Trajan 1.5")))
        lines.append("  " + _(VOTES).format(votes=p["votes"], space=p["senate_space"], space_votes=p["senate_space_votes"],
                                           tiles=p["senate_tile_votes"], rule=names.rule("Trajan 1.4")))
    lines += ["", _(CONSULS).format(consul=result.get("consul", ""), proconsul=result.get("proconsul", ""),
                                    rule=names.rule("Trajan 1.4"))]
    bonus = list(result.get("senate_bonus", ()))
    if len(bonus) == 2:
        lines.append(_(BONUS_CHOICE).format(tiles=" / ".join(names.bonus_tile(t) for t in bonus)))
    lines.append(_(SENATE_AFTER).format(names=_(", ").join(result.get("senate_stack_after", ()))))
    return "\n".join(lines) + "\n"


def _width(text: str) -> int:
    """Columns `text` takes in a terminal: a CJK character takes two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
