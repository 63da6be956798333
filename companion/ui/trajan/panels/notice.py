"""The notice line's words: what just happened or was refused (the session's notice, translated,
with the rule it names), or else the tray's only action a pick-up took by itself, whichever
device played ("Senate taken, the only action there. Undo to pass instead.")."""

from __future__ import annotations

from typing import NamedTuple

from companion.session import TableView
from companion.ui.text.i18n import N_, _, translate_notice, translate_rule
from companion.ui.trajan import names

#: The notice after a pick-up that also took the tray's only action (translated when shown).
AUTO_ACTION = N_("{name}: {action} taken, the only action there. Undo to pass instead.")


class SoleAction(NamedTuple):
    """A tray's only action the session took after a pick-up, at `step`."""

    step: int
    player: str
    action: str


def sole_action_taken(table: TableView) -> SoleAction | None:
    """The tray's only action the session took after this step's pick-up (by touch or pad), if any."""
    players = (table.view or {}).get("players", ())
    taken = None
    for done in table.automatic:
        seat = done.get("seat")
        if done.get("reason") == "sole_action" and isinstance(seat, int) and 0 <= seat < len(players):
            taken = SoleAction(table.step, str(players[seat]["name"]), str(done.get("action", "")))
    return taken


def notice_words(table: TableView, sole: SoleAction | None) -> tuple[str, str, str]:
    """(text, "Rule: …", level) for the notice line; the sole action lasts while the step is
    unchanged and nothing else is noticed (a language switch keeps it)."""
    notice = table.notice
    if notice is None and sole is not None and sole.step == table.step:
        return _(AUTO_ACTION).format(name=sole.player, action=names.action(sole.action)), "", "info"
    if notice is None:
        return "", "", ""
    params = names.translate_params(notice.params) if table.game == "trajan" else notice.params
    rule = _("Rule: {rule}").format(rule=translate_rule(notice.rule)) if notice.rule else ""
    return translate_notice(notice.template, params), rule, notice.level
