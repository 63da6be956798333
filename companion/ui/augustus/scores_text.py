"""Augustus as terminal text in the table's language: `companion score augustus FILE` (the final
breakdown, augustus.md §4.3–4.4) and `companion replay` (the breakdown once over, else the draw,
what the table waits for and each seat's open holdings). The words are the table screen's
(`format`: reward tiles, objectives, powers by name, never "number_4" or "one_each")."""

from __future__ import annotations

from typing import Any, Mapping

from companion.ui.augustus import format as words
from companion.ui.text.i18n import N_, _

FINAL_HEADING = N_("Augustus: final scoring")
PLAYER_HEAD = N_("{name}: {total} VP (rewards {rewards}, objectives {objectives}, powers {powers}; senators {senators})")
STANDING = N_("Augustus: draw {call}")
TOKEN = N_("token: {token}")
NOT_SET_UP = N_("Augustus: not set up")


def format_scores(result: Mapping[str, Any]) -> str | None:
    """The final breakdown: each player's total and its three parts (rewards §4.3, objectives and
    powers §4.4), every line with its rule, then the winner and the tie-break. None for anything
    that is not a final result."""
    scores = result.get("scores")
    if not scores or "winners" not in result:
        return None
    lines = [_(FINAL_HEADING)]
    for score in scores:
        lines.append(_(PLAYER_HEAD).format(name=score["name"], total=score["total"], rewards=score.get("rewards", 0),
                                           objectives=score.get("objectives", 0), powers=score.get("powers", 0),
                                           senators=score.get("senators", 0)))
        lines += ["    " + words.final_line(line) for line in score.get("lines", ())]
    lines.append(words.winner_line(result))
    return "\n".join(lines) + "\n"


def replay_text(view: Mapping[str, Any]) -> str | None:
    """`companion replay`: the final breakdown once the game is over; before it, the draw and its
    token, what the table waits for, and each seat's supply, controlled count, rewards and the
    objectives in front of it (all open on the table)."""
    final = view.get("final")
    if final:
        return format_scores(final)
    if view.get("phase") == "setup":
        return _(NOT_SET_UP) + "\n"
    head = _(STANDING).format(call=view.get("call", 0))
    token = words.last_call(view)
    if token:
        head += " · " + _(TOKEN).format(token=words.token_name(token))
    lines = [head]
    duty = words.duty_text(view)
    if duty:
        lines.append(duty)
    for p in view.get("players", ()):
        lines.append(f"  {p['name']}: {words.player_detail(p)}")
        lines += [f"    {words.objective_line(o)}" for o in p.get("objectives", ())]
    return "\n".join(lines) + "\n"


__all__ = ["format_scores", "replay_text"]
