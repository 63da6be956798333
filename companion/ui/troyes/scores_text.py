"""A Troyes calculator result (`companion score troyes FILE`) as terminal text in the table's
language: the same lines the table screen's final breakdown shows (`final.final_rows`: each
category with its points, how they were counted and its rule), the characters revealed, the
ranking and the verdict with its tie-break."""

from __future__ import annotations

from typing import Any, Mapping

from companion.ui.text.i18n import N_, _, translate_rule
from companion.ui.troyes import final as tfinal

FINAL_HEADING = N_("Troyes: final scoring ({rule})")
TOTAL_LINE = N_("Total {total}")
RANKING = N_("Ranking: {ranking}")
STANDING = N_("Troyes: round {round} of {rounds}, {phase}")
NOT_SET_UP = N_("Troyes: not set up")
HOLDINGS = N_("{deniers} deniers · influence {influence} · citizens {citizens}")


def format_scores(result: Mapping[str, Any]) -> str | None:
    """The final breakdown as text in the current language; None for anything else."""
    if not result.get("players") or "ranking" not in result:
        return None
    lines = [_(FINAL_HEADING).format(rule=translate_rule("Troyes 2.4"))]
    revealed = tfinal.characters_line(result)
    if revealed:
        lines.append(revealed)
    for row in tfinal.final_rows(result):
        lines += ["", row["name"]]
        lines += [f"  {line}" for line in row["lines"]]
        lines.append("  " + _(TOTAL_LINE).format(total=row["total"]))
    totals = {p["name"]: p["total"] for p in result["players"]}
    ranking = _(", ").join(f"{i}. {n} {totals[n]}" for i, n in enumerate(result.get("ranking", ()), start=1))
    verdict = tfinal.final_verdict(result).replace(revealed, "").strip() if revealed else tfinal.final_verdict(result)
    lines += ["", _(RANKING).format(ranking=ranking), verdict]
    return "\n".join(lines) + "\n"


def replay_text(view: Mapping[str, Any]) -> str:
    """`companion replay`: the final breakdown once the game is over, else the round and phase,
    what each seat holds in the open (no VP: they are hidden until the end), and the activity cards
    and events on the table by their names, in the Board panel's words (`board`)."""
    from companion.ui.troyes import board
    from companion.ui.troyes import format as tfmt

    final = view.get("final")
    if final:
        return format_scores(final) or ""
    if view.get("phase") == "setup":
        return _(NOT_SET_UP) + "\n"
    lines = [_(STANDING).format(round=view.get("round", ""), rounds=view.get("rounds", ""),
                                phase=tfmt.phase_name(view.get("phase")))]
    for p in view.get("players", ()):
        lines.append(f"  {p['name']}: " + _(HOLDINGS).format(deniers=p.get("deniers", 0), influence=p.get("influence", 0),
                                                            citizens=p.get("citizens", 0)))
    for title, rows in ((_("Activity cards"), board.card_lines(view)), (_("Events"), board.event_lines(view))):
        lines += [title] + [f"  {row}" for row in rows]
    return "\n".join(lines) + "\n"


__all__ = ["format_scores", "replay_text"]
