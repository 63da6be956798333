"""The choices panel: the turn's action, bonus and extra actions as buttons (the view's `choices`,
labelled by `format.choice_label`; a seaport's play or ship as one card-composer button each),
the construction site as a grid when a worker may go there, End turn when the turn may end; and
the same grid of big buttons for what the table turns up (a demand, the senate's bonus tiles)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty

from companion.ui.text.i18n import _
from companion.ui.trajan import format as tfmt
from companion.ui.trajan import names
from companion.ui.trajan.markup import button_row, demand_chip, dot, select

WORKER_WID = "trajan.choice.construction.worker."


class ChoicesViewModel(EventDispatcher):
    rows = ListProperty([])  # [{index, wid, text, kind, enabled, markup, selected, …}] (end of turn not included)
    site = ListProperty([])  # while workers can go on the site: its 20 spaces [{index, wid, text, enabled}]
    can_end_turn = BooleanProperty(False)

    def update(self, view: Mapping[str, Any], choices: Sequence[Mapping[str, Any]], entry: str, cursor: int,
               found_rows: list[dict[str, Any]] | None) -> None:
        """The buttons of `entry` ("reveal" or "choices"; none for another), from the view's
        `choices`; `found_rows` instead of the turn's while the table names a tile it found."""
        rows: list[dict[str, Any]] = []
        site: list[dict[str, Any]] = []
        end = False
        if entry == "reveal":
            rows = self._reveal_rows(view, choices)
        elif entry == "choices":
            acted = bool(view.get("turn", {}).get("acted"))
            rows, end = (found_rows, False) if found_rows is not None else self._action_rows(choices, acted, view.get("site"))
            passes = [c for c in rows if c["kind"] == "pass"]
            rows = [c for c in rows if c["kind"] != "pass"] + passes  # pass last, after the composers
            site = self._site(view, rows)
            if site:
                rows = [c for c in rows if not c["wid"].startswith(WORKER_WID)]
        self._dedupe(rows)
        select(rows, cursor)
        self.site = site
        self.rows = rows
        self.can_end_turn = end

    @staticmethod
    def _reveal_rows(view: Mapping[str, Any], choices: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """What the table may have turned up: a button per demand (those still in the bag
        enabled), or per bonus tile the senate may get."""
        if view["phase"] == "reveal":
            offered = {c["args"]["demand"] for c in choices if c["name"] == "reveal_demand"}
            return [button_row(f"trajan.reveal.{d}", names.demand(d), "reveal", enabled=d in offered,
                               markup=demand_chip(d), index=next((i for i, c in enumerate(choices)
                                                                  if c["name"] == "reveal_demand"
                                                                  and c["args"]["demand"] == d), -1))
                    for d in names.DEMANDS]
        return [button_row(tfmt.choice_wid(c), tfmt.choice_label(c), "reveal", index=i)
                for i, c in enumerate(choices) if c["name"] == "reveal_bonus"]

    @staticmethod
    def _action_rows(choices: Sequence[Mapping[str, Any]], acted: bool,
                     site: Any) -> tuple[list[dict[str, Any]], bool]:
        """The turn's choices as buttons (a seaport's play or ship as one card-composer button each;
        after the action, the rest as bonuses), and whether the turn may end now."""
        rows: list[dict[str, Any]] = []
        composers: set[str] = set()
        end = False
        for i, intent in enumerate(choices):
            if intent["name"] == "end_turn":
                end = True
                continue
            kind = {"pass": "pass", "extra": "extra", "plus2": "plus2"}.get(intent["name"], "action")
            if intent["name"] == "seaport" and intent["args"].get("kind") in ("play", "ship"):
                # The rules offer a few plausible cards (hands are secret to the app); the player
                # names the real ones in the card composer instead.
                compose = intent["args"]["kind"]
                if compose not in composers:
                    composers.add(compose)
                    label = _("Play cards...") if compose == "play" else _("Ship cards...")
                    if acted:
                        label = _("Bonus: {what}").format(what=f"{names.action('seaport')} · {label}")
                    rows.append(button_row(f"trajan.seaport.{compose}", label, "bonus" if acted else "action",
                                           compose=compose))
                continue
            text = tfmt.choice_label(intent, site)
            if acted and kind == "action":
                kind = "bonus"
                text = _("Bonus: {what}").format(what=f"{names.action(intent['name'])} · {text}"
                                                 if intent["name"] not in ("senate",) else text)
            rows.append(button_row(tfmt.choice_wid(intent), text, kind, index=i))
        return rows, end

    @staticmethod
    def _site(view: Mapping[str, Any], choices: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The construction site as a 5×4 grid of its 20 spaces when a worker may go there: the
        spaces the rules allow are buttons (the choice's own wid), the others show what lies there."""
        legal = {int(c["wid"].rsplit(".", 1)[-1]): c for c in choices if c["wid"].startswith(WORKER_WID)}
        if not legal:
            return []
        players = view["players"]
        rows = []
        for space, cell in enumerate(view.get("site", ())):
            text = names.site_tile(cell.get("tile"))
            workers = "".join(dot(players[s]["colour"]) for s in cell.get("workers", ()) if 0 <= s < len(players))
            shown = (text + (" " + workers if workers else "")).strip() or "·"
            if space in legal:
                row = dict(legal[space])
                row.update(text=shown, markup=workers)
            else:
                row = {"index": -1, "wid": f"trajan.site.{space}", "kind": "site", "enabled": False,
                       "text": shown, "markup": workers}
            rows.append(row)
        return rows

    @staticmethod
    def _dedupe(choices: list[dict[str, Any]]) -> None:
        """Two buttons of the same wid (two choices worded alike) get .2, .3 …: a wid names one button."""
        seen: dict[str, int] = {}
        for c in choices:
            n = seen.get(c["wid"], 0)
            seen[c["wid"]] = n + 1
            if n:
                c["wid"] = f"{c['wid']}.{n + 1}"
