"""The trays panel (full mode, before a pick-up): the mover's six trays with their markers and
what picking each up would do (the action its markers reach, the time it adds, a Trajan tile it
completes, the end of the round), from the view's `previews`."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from kivy.event import EventDispatcher
from kivy.properties import ListProperty

from companion.ui.text.i18n import _
from companion.ui.trajan import names
from companion.ui.trajan.markup import MUTED_HEX, dot, select


class TraysViewModel(EventDispatcher):
    rows = ListProperty([])  # [{tray, wid, index, enabled, source, dots, text, ends_round, completes, markup}]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: the view's previews by tray
        self.previews: dict[int, Mapping[str, Any]] = {}
        self._picked: Mapping[str, Any] | None = None  # the preview of the tray picked up this turn

    def remember(self, view: Mapping[str, Any]) -> None:
        """The view's previews; the tray picked up is forgotten once the turn has none."""
        self.previews = {int(p["tray"]): p for p in view.get("previews", ()) if p}
        if view.get("turn", {}).get("tray") is None:
            self._picked = None

    def picked_up(self, tray: int) -> None:
        """The mover picked up `tray`: its preview says what the pick-up did (`landing_note`)."""
        self._picked = self.previews.get(tray)

    def update(self, view: Mapping[str, Any], choices: Sequence[Mapping[str, Any]], cursor: int,
               shown: bool) -> None:
        """The mover's trays while `shown` (none otherwise); `cursor` is the choice the mover's pad
        points at."""
        rows: list[dict[str, Any]] = []
        if shown:
            by_tray = {int(c["args"]["tray"]): i for i, c in enumerate(choices) if c["name"] == "sow"}
            player = view["players"][view["current"]]
            for tray in range(6):
                markers = player["wheel"][tray] if tray < len(player.get("wheel", ())) else []
                rows.append(self._tray(tray, markers, self.previews.get(tray), by_tray.get(tray, -1)))
            select(rows, cursor)
        self.rows = rows

    @staticmethod
    def _tray(tray: int, markers: Sequence[str], preview: Mapping[str, Any] | None, index: int) -> dict[str, Any]:
        source = f"{names.TRAY_NUMERALS[tray]} {names.action(tuple(names.ACTIONS)[tray])}"
        dots = "".join(dot(c) for c in markers)
        if preview is None:
            return {"tray": tray, "wid": f"trajan.tray.{tray}", "index": index, "enabled": False,
                    "source": source, "dots": dots, "text": _("empty"), "ends_round": False, "completes": "",
                    "markup": f"{source}\n[color={MUTED_HEX}]{_('empty')}[/color]"}
        target = names.action(preview["target_action"])
        text = _("→ {action} · +{n} time").format(action=target, n=preview["markers"])
        completes = ""
        if preview.get("completes"):
            completes = _("✔ completes {tile}").format(tile=names.trajan_tile(preview["completes"]["kind"]))
        ends = bool(preview.get("ends_round"))
        lines = [f"{source} {dots}", f"[b]{text}[/b]"]
        extra = [x for x in (f"[color=8FE3A8]{completes}[/color]" if completes else "",
                             f"[color=FFC857]{_('▲ ends the round')}[/color]" if ends else "") if x]
        if extra:
            lines.append("  ".join(extra))
        return {"tray": tray, "wid": f"trajan.tray.{tray}", "index": index, "enabled": index >= 0,
                "source": source, "dots": dots, "text": text, "ends_round": ends,
                "completes": completes, "markup": "\n".join(lines)}

    def landing_note(self) -> str:
        """What the pick-up just did besides moving markers, for the prompt's aside: the Trajan
        tile it completed; "" for nothing."""
        picked = self._picked
        if not picked or not picked.get("completes"):
            return ""
        return _("{tile} completed").format(tile=names.trajan_tile(picked["completes"]["kind"]))
