"""Augustus final scoring (augustus.md §4.4; S002 「遊戲結束」): each player adds 1 the rewards' VP,
2 the controlled objectives' VP, 3 the end-game powers' VP (with their caps), 4 the total; the
most points wins, a tie goes to the most senators (S002), and a tie on both is shared (§4.7.5).
Every point is a line naming its rule."""

from __future__ import annotations

from typing import Any

from companion.core.values import evolve
from companion.games.augustus.parts import rewards as R
from companion.games.augustus.parts.cards import Card
from companion.games.augustus.state import AugustusState, PlayerState

RULE = "Augustus 4.4 scoring"


def reward_vp(state: AugustusState, reward: str) -> int | None:
    """A reward's VP: the settings' value (§4.3), else the one the table entered (§4.7.6)."""
    value = state.settings.reward_vp.get(reward)
    return value if value is not None else state.values.get(reward)


def unknown_values(state: AugustusState) -> tuple[str, ...]:
    """Rewards someone holds whose VP no setting gives and the table has not entered yet."""
    held = {r for p in state.players for r in p.rewards}
    return tuple(r for r in sorted(held) if reward_vp(state, r) is None)


def reward_lines(state: AugustusState, player: PlayerState) -> list[dict[str, Any]]:
    """S002 scoring step 1: every reward held, at its tile's VP (§4.3; colour and number rewards
    are never lost, §4.6.1; gold and wheat count for whoever holds them at the end)."""
    return [{"category": "rewards", "item": r, "points": reward_vp(state, r) or 0, "rule": "Augustus 4.3 rewards"}
            for r in player.rewards]


def objective_lines(player: PlayerState) -> list[dict[str, Any]]:
    """S002 scoring step 2: the VP printed on each controlled objective."""
    return [{"category": "objectives", "item": c.number, "points": c.vp, "rule": "Augustus 4.4 objectives"}
            for c in player.controlled]


def _counted(cards: tuple[Card, ...], kind: str, of: str) -> int:
    if kind == "vp_per_kind":
        return sum(1 for c in cards if c.kind == of)
    return sum(c.symbols.count(of) for c in cards)


def power_lines(player: PlayerState) -> list[dict[str, Any]]:
    """S002 scoring step 3: each end-game power of a controlled objective, VP per counted item
    (controlled objectives of a kind, or symbols on controlled objectives), at most its cap (S002's
    example: 10 shields, 1 VP each, capped at 8). A lost card's power is lost with it."""
    lines = []
    for card in player.controlled:
        power = card.power
        if power is None or not power.at_end:
            continue
        count = _counted(player.controlled, power.kind, power.of)
        raw = count * power.amount
        points = raw if power.cap is None else min(raw, power.cap)
        lines.append({"category": "powers", "item": card.number, "points": points, "rule": "Augustus 4.4 powers",
                      "count": count, "each": power.amount, "of": power.of, "cap": power.cap, "capped": points < raw})
    return lines


def player_score(state: AugustusState, player: PlayerState) -> dict[str, Any]:
    lines = reward_lines(state, player) + objective_lines(player) + power_lines(player)
    totals = {cat: sum(line["points"] for line in lines if line["category"] == cat)
              for cat in ("rewards", "objectives", "powers")}
    return {"seat": player.seat, "name": player.name, "lines": lines, **totals,
            "total": sum(totals.values()), "senators": R.kinds(player, "senator")}


def ranking(scores: list[dict[str, Any]]) -> tuple[list[int], str]:
    """Seats in final order and the tie-break used: points, then senators (S002 「在平手的情況下，
    控制了絕大多數元老的人獲勝」); still equal, a shared place (§4.7.5)."""
    order = sorted(range(len(scores)), key=lambda i: (-scores[i]["total"], -scores[i]["senators"], i))
    top = scores[order[0]]
    tied = [i for i in order if scores[i]["total"] == top["total"]]
    if len(tied) == 1:
        return order, "points"
    best = [i for i in tied if scores[i]["senators"] == top["senators"]]
    return order, "senators" if len(best) == 1 else "shared"


def final_summary(state: AugustusState) -> dict[str, Any]:
    scores = [player_score(state, p) for p in state.players]
    order, tie_break = ranking(scores)
    first = scores[order[0]]
    winners = [i for i in order if scores[i]["total"] == first["total"]
               and (tie_break == "points" or scores[i]["senators"] == first["senators"])]
    if tie_break == "points":
        winners = winners[:1]
    return {"scores": scores, "order": order, "winners": winners, "tie_break": tie_break}


def finish(state: AugustusState) -> AugustusState:
    return evolve(state, phase="over", final=final_summary(state), duties=())


def format_scores(result: Any) -> str:
    """A final breakdown as terminal text: every line with its rule, then the order and tie-break."""
    out = []
    for score in result["scores"]:
        out.append(f"{score['name']}: {score['total']} VP (rewards {score['rewards']}, objectives "
                   f"{score['objectives']}, powers {score['powers']}; senators {score['senators']})")
        for line in score["lines"]:
            extra = ""
            if line["category"] == "powers":
                extra = f" ({line['count']} × {line['each']} {line['of']}" + (
                    f", capped at {line['cap']}" if line["capped"] else "") + ")"
            out.append(f"    {line['category']:<10} {str(line['item']):<10} {line['points']:>3}{extra}  [{line['rule']}]")
    names = [result["scores"][i]["name"] for i in result["winners"]]
    out.append(f"{'Winner' if len(names) == 1 else 'Winners'}: {', '.join(names)} (tie-break: {result['tie_break']})")
    return "\n".join(out)
