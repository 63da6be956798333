"""The board panel: everything the app dealt and keeps, for a table mirroring it on its own board
(the forum, the provinces, the construction site, the ships, and each player's wheel, tiles,
camps and cards), as sections of text."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty

from companion.ui.text.i18n import INLINE_ASIDE, _
from companion.ui.trajan import names
from companion.ui.trajan.markup import MUTED_HEX, dot, escape


class BoardViewModel(EventDispatcher):
    is_open = BooleanProperty(False)
    sections = ListProperty([])  # [{title, markup, rows?}]; rows: [{province, head, cells: [markup]}]

    def update(self, view: Mapping[str, Any]) -> None:
        """The sections as `view` has them: the board's own four, then one per player."""
        if not view:
            return
        sep = _(", ")
        forum = [names.forum_tile(t) for t in view.get("forum_display", ())]
        extra = [names.forum_tile(t) for t in view.get("extra_display", ())]
        sections = [{"title": _("Forum"), "markup": _("Display: {tiles}").format(tiles=_listing(forum, sep)) + "\n"
                     + _("Yellow spaces: {tiles}").format(tiles=_listing(extra, sep))},
                    self._provinces(view), self._site(view)]
        ships = [f"{escape(names.ship(ship))}: {escape(names.colour(side))}"
                 for ship, side in zip(names.SHIPS, view.get("ships", ()))]
        sections.append({"title": _("Ships (side up)"), "markup": sep.join(ships)})
        sections += [self._player(p, sep) for p in view["players"]]
        self.sections = sections

    @staticmethod
    def _provinces(view: Mapping[str, Any]) -> dict[str, Any]:
        """The provinces as a table (Trajan 1.8): what a legionnaire sent there now scores ("10→7"
        once legionnaires there lower the printed VP), the province, the forum
        tile still lying there, and the leaders (▲) and legionnaires (●) in their players' colours."""
        players = view["players"]

        def figures(seats: Sequence[int], char: str) -> str:
            return "".join(dot(players[s]["colour"], char) for s in seats if 0 <= s < len(players))

        rows = [{"province": "", "cells": [_("VP"), _("Province"), _("Forum tile"), ""], "head": True}]
        for p in view.get("provinces", ()):
            vp, now = int(p["vp"]), int(p["legion_vp"])
            shown = f"[b]{now}[/b]" if now == vp else f"[color={MUTED_HEX}]{vp}→[/color][b]{now}[/b]"
            tile = escape(names.forum_tile(p["tile"])) if p.get("tile") else f"[color={MUTED_HEX}]—[/color]"
            rows.append({"province": p["province"], "head": False, "cells": [
                shown, escape(names.province(p["province"])), tile,
                figures(p.get("leaders", ()), "▲") + figures(p.get("legionnaires", ()), "●")]})
        return {"title": _("Provinces (▲ leader, ● legionnaire)"), "rows": rows,
                "markup": f"[color={MUTED_HEX}]" + _("A legionnaire scores the VP less 3 for each one already there.")
                + "[/color]"}

    @staticmethod
    def _site(view: Mapping[str, Any]) -> dict[str, Any]:
        """The construction site, five spaces a line: the tile lying there, the workers on it."""
        players = view["players"]
        site = list(view.get("site", ()))
        rows = []
        for r in range(0, len(site), 5):
            cells = []
            for space in site[r:r + 5]:
                tile = space.get("tile")
                cell = escape(names.site_tile(tile)) if tile else "·"
                cell += "".join(dot(players[s]["colour"]) if 0 <= s < len(players) else ""
                                for s in space.get("workers", ()))
                cells.append(cell)
            rows.append(" | ".join(cells))
        return {"title": _("Construction site"), "markup": "\n".join(rows)}

    @staticmethod
    def _player(p: Mapping[str, Any], sep: str) -> dict[str, Any]:
        """A player's section: the wheel, the Trajan tiles, hand and display, camps and leader,
        forum, construction and bonus tiles."""
        wheel = "  ".join(f"{names.TRAY_NUMERALS[i]} " + ("".join(dot(c) for c in tray) or "·")
                          for i, tray in enumerate(p.get("wheel", ())))
        slots = []
        for i, slot in enumerate(p.get("trajan_slots", ())):
            if p.get("arch") == i:
                slots.append(f"{names.TRAY_NUMERALS[i]} " + _("arch"))
            elif slot:
                slots.append(f"{names.TRAY_NUMERALS[i]} {escape(names.trajan_tile(slot['kind']))} "
                             + "".join(dot(c) for c in slot["colours"]))
        bonus = [_(INLINE_ASIDE).format(name=escape(names.bonus_tile(t)), detail=escape(names.colour(side)))
                 for t, side in p.get("bonus_tiles", ())]
        lines = [
            _("Wheel: {trays}").format(trays=wheel),
            _("Trajan tiles: {tiles}").format(tiles=sep.join(slots) or "—"),
            _("Hand {hand} · display: {display}").format(
                hand=p.get("hand", 0), display=_listing([names.commodity(c) for c in p.get("display", ())], sep)),
            _("Supply {supply} · military camp {military} · workers' camp {workers} · leader: {leader}").format(
                supply=p.get("supply", 0), military=p.get("military_camp", 0), workers=p.get("workers_camp", 0),
                leader=escape(names.province(p.get("leader", "")))),
            _("Forum tiles: {tiles}").format(tiles=_listing([names.forum_tile(t) for t in p.get("forum", ())], sep)),
            _("Construction: {tiles}").format(tiles=_listing(
                [f"{names.construction(t)} {vp}" for t, vp in p.get("construction", ())], sep)),
            _("Bonus tiles: {tiles}").format(tiles=sep.join(bonus) or "—")
            + ("  · " + _("+2 beside {actions}").format(actions=sep.join(names.action(a) for a in p["plus2"]))
               if p.get("plus2") else ""),
        ]
        return {"title": f"{dot(p['colour'], '■')} {escape(p['name'])}", "markup": "\n".join(lines)}


def _listing(items: Sequence[str], sep: str) -> str:
    """Items joined by `sep`, a repeated one once with its count ("Senate +5 ×2"), "—" for none."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    # No-break spaces inside an item: a line breaks between "Senate +5" and the next, not in it.
    return sep.join((escape(k) + (f" ×{n}" if n > 1 else "")).replace(" ", "\u00a0") for k, n in counts.items()) or "—"
