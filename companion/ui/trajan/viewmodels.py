"""Trajan table view-model: what the table screen shows, as Kivy properties, and what a tap
posts. Pure: fed `TableView`s (public views) only, no window needed.

The table is generic over the rules: its buttons are the view's `choices` (every legal intent now),
labelled by `format.choice_label`; the trays show the view's `previews`.

Every tap, Undo and Redo is posted with `automatic=True`: the session then takes the steps the
rules leave no choice about, as it does for a handheld pad (one policy, the game's `flow`): the
turn ends by itself once nothing is left to choose, a tray tap whose target tray offers one action
besides Pass takes it (a Senate turn is one tap), and Undo and Redo step over the states those
steps pass through. This view-model only words what happened ("Senate taken, the only action
there. Undo to pass instead.", whichever device played) and opens the tile entry when a Trajan
action waits for the tile the table drew.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from kivy.event import EventDispatcher
from kivy.properties import (
    BooleanProperty, DictProperty, ListProperty, NumericProperty, StringProperty,
)

from companion.session import Intent, TableView
from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import ASIDE, INLINE_ASIDE, N_, _, translate_rule
from companion.ui.trajan import format as tfmt
from companion.ui.trajan import names


def escape(text: str) -> str:
    """Text inside Kivy markup: brackets and ampersands escaped."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")

Post = Callable[[Intent], None]

DEMAND_SLOTS = 3
#: The questions of Trajan's rules (`Ask.kind`) that this screen answers with a panel: the Trajan
#: tile the table drew (rules.DRAWN_TRAJAN_TILE), the tile found under the leader or a worker
#: (actions_figures.FOUND_FORUM_TILE, FOUND_SITE_TILE). The UI imports no game: a test holds the two
#: spellings together.
DRAWN_TRAJAN_TILE = "trajan.drawn_tile"
FOUND_FORUM_TILE = "trajan.found_forum_tile"
FOUND_SITE_TILE = "trajan.found_site_tile"
#: The notice after a pick-up that also took the tray's only action (translated when shown).
AUTO_ACTION = N_("{name}: {action} taken, the only action there. Undo to pass instead.")


def hex_rgba(value: str, alpha: float = 1.0) -> list[float]:
    value = value.lstrip("#")
    return [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)] + [alpha]


def colour_rgba(colour: str) -> list[float]:
    return hex_rgba(names.COLOUR_HEX.get(colour, "8B95A3"))


def dot(colour: str, char: str = "●") -> str:
    """A coloured glyph in Kivy markup (a marker or a demand chip)."""
    return f"[color={names.COLOUR_HEX.get(colour, names.DEMAND_HEX.get(colour, '8B95A3'))}]{char}[/color]"


def demand_chip(demand: str) -> str:
    return f"[color={names.DEMAND_HEX.get(demand, '8B95A3')}]■[/color]"


# -- the table ---------------------------------------------------------------------------------------


def _row(wid: str, text: str, kind: str, index: int = -1, enabled: bool = True, markup: str = "",
         **extra: Any) -> dict[str, Any]:
    """One button of the choice grid: `index` into the view's choices (-1: a button of the screen's
    own, such as a card composer or a found tile, told apart by `extra`)."""
    return {"index": index, "wid": wid, "text": text, "kind": kind, "enabled": enabled, "markup": markup, **extra}


class TrajanTableViewModel(EventDispatcher):
    """Everything the Trajan table screen shows, refreshed from each `TableView`.

    `entry` says which input the screen offers now: "trays" (full mode, before a pick-up), "light"
    (light mode, before the markers move), "choices" (the action, bonus and extra actions, end of
    turn), "reveal" (the table turns up a demand, or draws the senate's bonus tiles at a season's
    refill: the same grid of big buttons, one per thing it may have drawn), "consul" (the season
    summary and the bonus tiles), "over" (the final breakdown), or "" (no Trajan game).
    """

    active = BooleanProperty(False)
    phase = StringProperty("")
    mode = StringProperty("full")
    entry = StringProperty("")
    step = NumericProperty(0)
    # status
    season = NumericProperty(1)
    round = NumericProperty(1)
    status_text = StringProperty("")
    season_text = StringProperty("")
    round_text = StringProperty("")
    time = NumericProperty(0)
    lap = NumericProperty(11)
    time_text = StringProperty("")
    round_ending = BooleanProperty(False)
    warning_text = StringProperty("")
    turn_text = StringProperty("")
    current_rgba = ListProperty([1, 1, 1, 1])
    preview_time = NumericProperty(-1)  # where the picked tray would move time, or -1
    demands = ListProperty([])  # [{text, markup, filled}] × 3
    demands_title = StringProperty("")
    senate_bonus = ListProperty([])  # [{tile, text}]
    bonus_title = StringProperty("")
    players = ListProperty([])  # [{seat, name, rgba, vp_text, senate_text, demand_markup, is_current, is_start}]
    # entry
    prompt = StringProperty("")
    trays = ListProperty([])  # [{tray, wid, text, enabled, ends_round, completes}]
    choices = ListProperty([])  # [{index, wid, text, kind}] (end of turn not included)
    site = ListProperty([])  # while workers can go on the site: its 20 spaces [{index, wid, text, enabled}]
    can_end_turn = BooleanProperty(False)
    light_markers = NumericProperty(0)
    light_completed = BooleanProperty(False)
    light_actions = ListProperty([])  # [{action, wid, text}]
    # season summary
    summary_title = StringProperty("")
    summary_rows = ListProperty([])  # [{seat, name, rgba, paid_markup, penalty_text, votes_text, vp_text, role}]
    summary_prompt = StringProperty("")
    # a player paying this season's demands differently (before the consul chooses)
    repay = DictProperty({})  # {seat, name, demands: [...], sources: [...]} while open
    repay_rows = ListProperty([])  # [{wid, text, index}]
    repay_seat = NumericProperty(-1)
    report_open = BooleanProperty(False)
    has_report = BooleanProperty(False)
    # final
    final_tie_break = StringProperty("")
    final_columns = ListProperty([])  # [{seat, name, rgba, total_text, winner}]
    final_categories = ListProperty([])  # the final table's category ids, in order, known all game
    final_rows = ListProperty([])  # [{id, wid, title, rule, cells: [text]}]
    final_detail_rows = ListProperty([])  # [{id, title, rule, cells: [markup]}]: how each category was counted
    final_details_open = BooleanProperty(False)
    chart_series = ListProperty([])  # [{rgba, points: [vp]}]
    chart_ticks = ListProperty([])  # [(index, text)]
    # bar
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    notice_text = StringProperty("")
    notice_rule = StringProperty("")
    notice_level = StringProperty("")
    # a table entering the Trajan tile it drew (no digital draws)
    tile_entry = DictProperty({})  # {stack, kinds: [...], kind, colours: [...]} while open
    # a table drawing by hand naming the tile its leader found ({"province"}) or its worker
    # ({"space", "row", "column"}), while open
    found_entry = DictProperty({})
    # the board: everything the app dealt and keeps, for a table mirroring it
    board_open = BooleanProperty(False)
    board_sections = ListProperty([])  # [{title, markup, rows?}]; rows: [{province, head, cells: [markup]}]
    # the seaport's card composer: the player names the cards played or shipped
    cards_entry = DictProperty({})  # {kind: play|ship, ship, cards: [...]} while open
    cards_summary = StringProperty("")
    cards_kind = StringProperty("")  # "play", "ship" or "" (closed)
    cards_can_confirm = BooleanProperty(False)
    card_buttons = ListProperty([])  # [{wid, text, card, enabled}]
    ship_buttons = ListProperty([])  # [{wid, text, ship, selected}]

    def __init__(self, post: Post | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.post: Post = post or (lambda intent: None)
        self._table: TableView | None = None
        self._view: Mapping[str, Any] = {}
        self._choices: list[Mapping[str, Any]] = []
        self._previews: dict[int, Mapping[str, Any]] = {}
        self._picked: Mapping[str, Any] | None = None  # the preview of the tray picked up this turn
        self._report_index = -1
        self._auto_notice: tuple[int, str, str] | None = None  # (step, player, action) a pick-up took by itself
        self._tile_entry_for: Any = None  # the refusal whose tile entry was opened (see update)
        self._found_entry_for: Any = None  # the same for the found tile's entry
        self._found_entry_step = -1

    # -- refreshing ---------------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        self._table = table
        view: Mapping[str, Any] = table.view or {}
        self.active = table.game == "trajan" and view.get("phase") not in (None, "setup")
        self.can_undo, self.can_redo = table.can_undo, table.can_redo
        self.step = table.step
        self._took_sole_action(table)
        self._notice(table)
        if not self.active:
            self._view, self._choices = {}, []
            self.entry = ""
            return
        self._view = view
        self._choices = list(view.get("choices", ()))
        self._previews = {int(p["tray"]): p for p in view.get("previews", ()) if p}
        turn = view.get("turn", {})
        if turn.get("tray") is None:
            self._picked = None
        self.phase = str(view["phase"])
        self.mode = str(view.get("mode", "full"))
        self._status(view)
        self._players(view)
        self._sync_found_entry(table)
        self._entry(view)
        self._summary(view)
        categories = list(view.get("final_categories", ()))
        if categories != self.final_categories:
            self.final_categories = categories
        if self.phase == "over":
            self._final(view)
            self.board_open = False
        if self.board_open:
            self._board(view)
        if table.game == "trajan" and self.entry != "choices":
            if self.tile_entry:
                self.tile_entry = {}
            if self.cards_entry:
                self.cards_entry = {}
                self._relabel_cards()
        elif self.notice_is_tile_entry() and table.notice is not self._tile_entry_for:
            # A Trajan action (tapped, a pad's, or a pick-up's only action) waits for the tile the
            # table drew: the refusal names its stack, and the entry opens whoever chose it, once
            # per refusal (cancelled, it stays closed through a relabel).
            self._tile_entry_for = table.notice
            self.open_tile_entry(str(table.ask.about.get("stack", "")))  # type: ignore[union-attr]

    def _sync_found_entry(self, table: TableView) -> None:
        """Before the choices are listed: the question of the tile the table found opens when a
        refusal asks it (the leader moved to a province, or a worker to a space of the site, where
        the table laid a tile out unseen: tapped, a pad's, or a pick-up's only action), once per
        refusal as the Trajan tile's entry; it closes once the table went on (a step: a pad's move,
        an undo), since it asked about the state it was refused in."""
        if self.found_entry and table.step != self._found_entry_step:
            self.found_entry = {}
        if self.notice_is_found_entry() and table.notice is not self._found_entry_for:
            self._found_entry_for, self._found_entry_step = table.notice, table.step
            about = table.ask.about  # type: ignore[union-attr]
            self.found_entry = ({key: int(about[key]) for key in ("space", "row", "column")} if "space" in about
                                else {"province": str(about.get("province", ""))})

    def relabel(self) -> None:
        if self._table is not None:
            self.update(self._table)
        self._relabel_cards()

    def _took_sole_action(self, table: TableView) -> None:
        """Remembers a tray's only action the session took after a pick-up (by touch or pad), for
        the notice: it lasts while the step is unchanged (a language switch keeps it)."""
        players = (table.view or {}).get("players", ())
        for done in table.automatic:
            seat = done.get("seat")
            if done.get("reason") == "sole_action" and isinstance(seat, int) and 0 <= seat < len(players):
                self._auto_notice = (table.step, str(players[seat]["name"]), str(done.get("action", "")))

    def _notice(self, table: TableView) -> None:
        notice = table.notice
        auto = self._auto_notice
        if notice is None and auto is not None and auto[0] == table.step:
            # The action a pick-up took by itself, until anything else happens (a step or a notice).
            self.notice_text = _(AUTO_ACTION).format(name=auto[1], action=names.action(auto[2]))
            self.notice_rule, self.notice_level = "", "info"
            return
        if notice is None:
            self.notice_text = self.notice_rule = self.notice_level = ""
            return
        from companion.ui.text.i18n import translate_notice

        params = names.translate_params(notice.params) if table.game == "trajan" else notice.params
        self.notice_text = translate_notice(notice.template, params)
        self.notice_rule = _("Rule: {rule}").format(rule=translate_rule(notice.rule)) if notice.rule else ""
        self.notice_level = notice.level

    def _name(self, seat: Any) -> str:
        players = self._view.get("players", ())
        return str(players[seat]["name"]) if isinstance(seat, int) and 0 <= seat < len(players) else ""

    def _status(self, view: Mapping[str, Any]) -> None:
        self.season, self.round = int(view["season"]), int(view["round"])
        self.season_text = _("Season {n}/4").format(n=self.season)
        self.round_text = _("Round {n}/4").format(n=self.round)
        self.status_text = _("Season {season} · Round {round}").format(season=self.season, round=self.round)
        self.lap, self.time = int(view["lap"]), int(view["time"])
        self.time_text = _("Time {time}/{lap}").format(time=min(self.time, self.lap), lap=self.lap)
        self.round_ending = bool(view.get("round_ending"))
        self.warning_text = _("▲ This turn ends the round") if self.round_ending else ""
        current = view.get("current")
        player = view["players"][current] if isinstance(current, int) else None
        self.current_rgba = colour_rgba(player["colour"]) if player else [1, 1, 1, 1]
        phase = view["phase"]
        if phase == "consul":
            self.turn_text = _("Season {n} is scored").format(n=len(view.get("season_reports", ())))
        elif phase == "reveal":
            self.turn_text = _("Turn up a demand tile")
        elif phase == "bonus_draw":
            self.turn_text = _("Bonus tiles for the senate")
        elif phase == "over":
            self.turn_text = tfmt.winner_text(view.get("final") or {})
        elif player:
            self.turn_text = _("{name}'s turn").format(name=player["name"])
        revealed = list(view.get("demands", ()))
        self.demands_title = _("Demands")
        self.demands = [
            {"filled": i < len(revealed), "text": names.demand(revealed[i]) if i < len(revealed) else "",
             "markup": (demand_chip(revealed[i]) + " " + names.demand(revealed[i])) if i < len(revealed) else "—"}
            for i in range(max(DEMAND_SLOTS, len(revealed)))
        ]
        self.bonus_title = _("Beside the senate")
        self.senate_bonus = [{"tile": t, "text": names.bonus_tile(t)} for t in view.get("senate_bonus", ())]

    def _players(self, view: Mapping[str, Any]) -> None:
        count = len(view["players"])
        rows = []
        for p in view["players"]:
            held = p.get("demand_tiles", {})
            chips = []
            for d in names.DEMANDS:
                chip = f"{demand_chip(d)}{held.get(d, 0)}"
                if d in p.get("trajan_demand", ()):
                    chip += "◆"
                chips.append(chip)
            if p.get("wild_demand"):
                chips.append(f"◎{p['wild_demand']}")
            stack = p.get("stack_position")
            senate = _("Senate {space}").format(space=p.get("senate", 0))
            if isinstance(stack, int):
                senate += " · " + _("stack {n}/{count}").format(n=stack + 1, count=count)
            rows.append({
                "seat": int(p["seat"]), "name": str(p["name"]), "rgba": colour_rgba(p["colour"]),
                "vp_text": str(p["vp"]), "senate_text": senate, "demand_markup": " ".join(chips),
                "is_current": view.get("current") == p["seat"] and view["phase"] == "turn",
                "is_start": view.get("start_player") == p["seat"],
            })
        self.players = rows

    # -- the input area -------------------------------------------------------------------------------

    def _entry(self, view: Mapping[str, Any]) -> None:
        phase, turn = view["phase"], view.get("turn", {})
        name = self._name(view.get("current"))
        self.preview_time = -1
        trays, choices, end = [], [], False
        site_rows: list[dict[str, Any]] = []
        site = view.get("site")
        if phase == "over":
            entry = "over"
            self.prompt = ""
        elif phase == "consul":
            entry = "consul"
            self.prompt = ""
        elif phase == "reveal":
            entry = "reveal"
            self.prompt = _("Turn up the next demand tile and tap what it shows.")
            offered = {c["args"]["demand"] for c in self._choices if c["name"] == "reveal_demand"}
            choices = [_row(f"trajan.reveal.{d}", names.demand(d), "reveal", enabled=d in offered,
                            markup=demand_chip(d), index=next((i for i, c in enumerate(self._choices)
                                                               if c["name"] == "reveal_demand"
                                                               and c["args"]["demand"] == d), -1))
                       for d in names.DEMANDS]
        elif phase == "bonus_draw":
            entry = "reveal"
            self.prompt = (_("Draw 2 bonus tiles for the senate and tap them.") if not view.get("senate_bonus")
                           else _("Draw one more bonus tile for the senate and tap it."))
            choices = [_row(tfmt.choice_wid(c), tfmt.choice_label(c), "reveal", index=i)
                       for i, c in enumerate(self._choices) if c["name"] == "reveal_bonus"]
        elif turn.get("tray") is None and self.mode == "full":
            entry = "trays"
            self.prompt = _("{name}: pick up a tray").format(name=name)
            by_tray = {int(c["args"]["tray"]): i for i, c in enumerate(self._choices) if c["name"] == "sow"}
            player = view["players"][view["current"]]
            for tray in range(6):
                preview = self._previews.get(tray)
                markers = player["wheel"][tray] if tray < len(player.get("wheel", ())) else []
                trays.append(self._tray(tray, markers, preview, by_tray.get(tray, -1)))
        elif turn.get("tray") is None:
            entry = "light"
            self.prompt = _("{name}: how many markers, and which action?").format(name=name)
            markers = int(self.light_markers)
            if markers:
                self.preview_time = self.time + markers
        else:
            entry = "choices"
            acted = bool(turn.get("acted"))
            target = names.action(tfmt._action_of_tray(turn.get("tray")))
            if self.found_entry:
                self.prompt = self._found_prompt(name)
            elif "place_plus2" in turn.get("pending", ()):
                self.prompt = _("{name}: put the +2 marker beside an action").format(name=name)
            elif not acted:
                prompt, note = _("{name}: {action}").format(name=name, action=target), self._landing_note()
                self.prompt = _(ASIDE).format(text=prompt, aside=note) if note else prompt
            else:
                self.prompt = _("{name}: bonus or extra actions, or end the turn").format(name=name)
            choices, end = (self._found_rows(view), False) if self.found_entry else self._action_rows(acted, site)
            pass_rows = [c for c in choices if c["kind"] == "pass"]
            choices = [c for c in choices if c["kind"] != "pass"] + pass_rows  # pass last, after the composers
            site_rows = self._site(view, choices)
            if site_rows:
                choices = [c for c in choices if not c["wid"].startswith("trajan.choice.construction.worker.")]
        self._dedupe(choices)
        cursor = self._pad_cursor(view)
        for row in trays + choices:
            row["selected"] = cursor >= 0 and row.get("index") == cursor
        self.trays = trays
        self.site = site_rows if entry == "choices" else []
        self.choices = choices
        self.can_end_turn = end
        self.light_actions = [{"action": a, "wid": f"trajan.light.action.{a}", "tray": i,
                               "text": f"{names.TRAY_NUMERALS[i]} {names.action(a)}"}
                              for i, a in enumerate(names.ACTIONS)]
        self.entry = entry

    def _action_rows(self, acted: bool, site: Any) -> tuple[list[dict[str, Any]], bool]:
        """The turn's choices as buttons (a seaport's play or ship as one card-composer button each;
        after the action, the rest as bonuses), and whether the turn may end now."""
        rows: list[dict[str, Any]] = []
        composers: set[str] = set()
        end = False
        for i, intent in enumerate(self._choices):
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
                    label = _("Play cards…") if compose == "play" else _("Ship cards…")
                    if acted:
                        label = _("Bonus: {what}").format(what=f"{names.action('seaport')} · {label}")
                    rows.append(_row(f"trajan.seaport.{compose}", label, "bonus" if acted else "action",
                                     compose=compose))
                continue
            text = tfmt.choice_label(intent, site)
            if acted and kind == "action":
                kind = "bonus"
                text = _("Bonus: {what}").format(what=f"{names.action(intent['name'])} · {text}"
                                                 if intent["name"] not in ("senate",) else text)
            rows.append(_row(tfmt.choice_wid(intent), text, kind, index=i))
        return rows, end

    def _found_prompt(self, name: str) -> str:
        entry = self.found_entry
        if "space" in entry:
            return _("{name}: which construction tile lay in row {row}, column {column}?").format(
                name=name, row=entry["row"], column=entry["column"])
        return _("{name}: which forum tile lay in {province}?").format(
            name=name, province=names.province(entry.get("province", "")))

    def _found_rows(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The tiles the table may name (those the box may still hold): forum tiles for the
        leader's province, construction tiles for the worker's space; then Cancel."""
        if "space" in self.found_entry:
            rows = [_row(f"trajan.found.site.{kind}_{vp}", names.site_tile((kind, vp)), "action", found=[kind, vp])
                    for kind, vp in view.get("site_tiles_left", ())]
        else:
            rows = [_row(f"trajan.found.{tile}", names.forum_tile(tile), "action", found=tile)
                    for tile in view.get("forum_tiles_left", ())]
        rows.append(_row("trajan.found.cancel", _("Cancel"), "pass", found_cancel=True))
        return rows

    def _site(self, view: Mapping[str, Any], choices: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The construction site as a 5×4 grid of its 20 spaces when a worker may go there: the
        spaces the rules allow are buttons (the choice's own wid), the others show what lies there."""
        legal = {int(c["wid"].rsplit(".", 1)[-1]): c for c in choices
                 if c["wid"].startswith("trajan.choice.construction.worker.")}
        if not legal:
            return []
        players = view["players"]
        rows = []
        for space, cell in enumerate(view.get("site", ())):
            tile = cell.get("tile")
            text = names.site_tile(tile)
            workers = "".join(dot(players[s]["colour"]) for s in cell.get("workers", ()) if 0 <= s < len(players))
            if space in legal:
                row = dict(legal[space])
                row.update(text=(text + (" " + workers if workers else "")).strip() or "·", markup=workers)
            else:
                row = {"index": -1, "wid": f"trajan.site.{space}", "kind": "site", "enabled": False,
                       "text": (text + (" " + workers if workers else "")).strip() or "·", "markup": workers}
            rows.append(row)
        return rows

    def _pad_cursor(self, view: Mapping[str, Any]) -> int:
        """The choice the mover's handheld pad highlights (its menu is the view's `choices`), or -1.
        Pads have a menu only on a turn and for the consul (`pad_choices`): while the table enters a
        demand or the senate's tiles no pad points at anything."""
        table = self._table
        cursors = getattr(table, "pad_cursor", None) or {}
        if view.get("phase") not in ("turn", "consul"):
            return -1
        seat = view.get("consul") if view.get("phase") == "consul" else view.get("current")
        if seat in cursors and self._choices:
            return int(cursors[seat]) % len(self._choices)
        return -1

    @staticmethod
    def _dedupe(choices: list[dict[str, Any]]) -> None:
        seen: dict[str, int] = {}
        for c in choices:
            n = seen.get(c["wid"], 0)
            seen[c["wid"]] = n + 1
            if n:
                c["wid"] = f"{c['wid']}.{n + 1}"

    def _tray(self, tray: int, markers: Sequence[str], preview: Mapping[str, Any] | None, index: int) -> dict[str, Any]:
        source = f"{names.TRAY_NUMERALS[tray]} {names.action(tuple(names.ACTIONS)[tray])}"
        dots = "".join(dot(c) for c in markers)
        if preview is None:
            return {"tray": tray, "wid": f"trajan.tray.{tray}", "index": index, "enabled": False,
                    "source": source, "dots": dots, "text": _("empty"), "ends_round": False, "completes": "",
                    "markup": f"{source}\n[color=A9B3C1]{_('empty')}[/color]"}
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

    def _landing_note(self) -> str:
        """What the pick-up just did besides moving markers, for the prompt's aside: the Trajan
        tile it completed; "" for nothing."""
        picked = self._picked
        if not picked or not picked.get("completes"):
            return ""
        return _("{tile} completed").format(tile=names.trajan_tile(picked["completes"]["kind"]))

    # -- season summary --------------------------------------------------------------------------

    def _summary(self, view: Mapping[str, Any]) -> None:
        reports = list(view.get("season_reports", ()))
        self.has_report = bool(reports)
        if not reports:
            self.summary_rows = []
            self.report_open = False
            return
        report = reports[-1]
        players = view["players"]
        consul, proconsul = report.get("consul"), report.get("proconsul")
        self.summary_title = _("Season {n}: demands {demands}").format(
            n=report.get("season"), demands=_(", ").join(names.demand(d) for d in report.get("demands", ())))
        rows = []
        for row in report.get("players", ()):
            seat = row["seat"]
            paid = []
            for item in row.get("paid", ()):
                d, how = item.get("demand"), item.get("with")
                if how:
                    paid.append(f"{demand_chip(d)}{names.demand(d)} ✔ {names.display(names.PAID_WITH, how)}")
                else:
                    paid.append(f"{demand_chip(d)}{names.demand(d)} [color=E5484D]✘[/color]")
            role = _("★ Consul") if seat == consul else (_("☆ Proconsul") if seat == proconsul else "")
            before, after = int(row.get("vp_before", 0)), int(row.get("vp_after", 0))
            rows.append({
                "seat": seat, "name": str(row.get("name", self._name(seat))),
                "rgba": colour_rgba(players[seat]["colour"]) if seat < len(players) else [1, 1, 1, 1],
                "paid_markup": "   ".join(paid) or _("no demands"),
                "penalty_text": _("Penalty {points}").format(points=tfmt.signed(-int(row.get("penalty", 0))))
                if row.get("penalty") else _("No penalty"),
                "votes_text": _("{n} votes").format(n=row.get("votes", 0)),
                "vp_text": f"{before} → {after}", "role": role,
            })
        order = {seat: i for i, seat in enumerate(report.get("senate_ranking", ()))}
        rows.sort(key=lambda r: order.get(r["seat"], len(order) + r["seat"]))
        self.summary_rows = rows
        if view["phase"] != "consul" and self.repay:
            self.repay = {}
            self.repay_seat = -1
        if self.repay:
            self._relabel_repay()
            self.summary_prompt = _("{name} pays differently: tap a demand to change what pays it.").format(
                name=self.repay["name"])
        elif view["phase"] == "consul":
            self.summary_prompt = _("{consul}, consul: take a bonus tile (yellow side); {proconsul} gets the other (grey side).").format(
                consul=self._name(consul), proconsul=self._name(proconsul))
        else:
            self.summary_prompt = _("{consul} was consul, {proconsul} proconsul.").format(
                consul=self._name(consul), proconsul=self._name(proconsul))

    # -- paying the demands differently (Trajan 1.5; the rules check the new payment) -------------

    REPAY_CYCLE: tuple[str | None, ...] = ("forum", "trajan", "wildcard", None)

    def open_repay(self, seat: int) -> None:
        """While the consul has not chosen: seat `seat` pays this season's demands another way."""
        if self.phase != "consul":
            return
        report = list(self._view.get("season_reports", ()))[-1]
        row = next((r for r in report.get("players", ()) if r["seat"] == seat), None)
        if row is None:
            return
        self.repay = {"seat": seat, "name": str(row.get("name", self._name(seat))),
                      "demands": [item.get("demand") for item in row.get("paid", ())],
                      "sources": [item.get("with") for item in row.get("paid", ())]}
        self._summary(self._view)

    def cycle_repay(self, index: int) -> None:
        if not self.repay or not 0 <= index < len(self.repay["sources"]):
            return
        sources = list(self.repay["sources"])
        at = self.REPAY_CYCLE.index(sources[index]) if sources[index] in self.REPAY_CYCLE else -1
        sources[index] = self.REPAY_CYCLE[(at + 1) % len(self.REPAY_CYCLE)]
        self.repay = {**self.repay, "sources": sources}
        self._relabel_repay()

    def confirm_repay(self) -> None:
        if not self.repay:
            return
        repay = self.repay
        self.post(Intent("repay_demands", {"seat": repay["seat"], "sources": list(repay["sources"])}))
        if self.notice_level != "refused":
            self.repay = {}
            self.repay_seat = -1
            self._summary(self._view)

    def cancel_repay(self) -> None:
        self.repay = {}
        self.repay_seat = -1
        if self._view:
            self._summary(self._view)

    def _relabel_repay(self) -> None:
        repay = self.repay
        self.repay_seat = int(repay["seat"]) if repay else -1
        rows = []
        for i, (demand, source) in enumerate(zip(repay.get("demands", ()), repay.get("sources", ()))):
            how = names.display(names.PAID_WITH, source) if source else _("unmet")
            rows.append({"wid": f"trajan.repay.{i}", "index": i, "text": f"{names.demand(demand)}: {how}"})
        self.repay_rows = rows

    def open_report(self) -> None:
        if self.has_report:
            self.report_open = True
            self.board_open = False

    def close_report(self) -> None:
        self.report_open = False

    def bonus_choices(self) -> list[dict[str, Any]]:
        cursor = self._pad_cursor(self._view) if self._view else -1
        return [{"index": i, "wid": tfmt.choice_wid(c), "text": tfmt.choice_label(c), "selected": cursor >= 0 and i == cursor}
                for i, c in enumerate(self._choices) if c["name"] == "choose_bonus"]

    # -- the board --------------------------------------------------------------------------------

    def toggle_board(self) -> None:
        self.board_open = not self.board_open and self.active and self.phase != "over"
        if self.board_open:
            self.report_open = False
            self._board(self._view)

    def prepare_board(self) -> None:
        """The board's sections as the table is now, while the board is closed: for the screen to
        make its widgets ahead (opening it then only relabels them)."""
        if self.active and not self.board_open and self._view:
            self._board(self._view)

    def _board(self, view: Mapping[str, Any]) -> None:
        """What the app dealt and keeps, as sections of text: the forum, the provinces, the
        construction site, the ships, and each player's wheel, tiles, camps and cards."""
        if not view:
            return
        players = view["players"]
        sep = _(", ")

        def listing(items: Sequence[str]) -> str:
            counts: dict[str, int] = {}
            for item in items:
                counts[item] = counts.get(item, 0) + 1
            # No-break spaces inside an item: a line breaks between "Senate +5" and the next, not in it.
            return sep.join((escape(k) + (f" ×{n}" if n > 1 else "")).replace(" ", "\u00a0")
                            for k, n in counts.items()) or "—"

        def seat_dot(seat: int) -> str:
            return dot(players[seat]["colour"]) if 0 <= seat < len(players) else ""

        sections = []
        forum = [names.forum_tile(t) for t in view.get("forum_display", ())]
        extra = [names.forum_tile(t) for t in view.get("extra_display", ())]
        sections.append({"title": _("Forum"), "markup": _("Display: {tiles}").format(tiles=listing(forum)) + "\n"
                         + _("Yellow spaces: {tiles}").format(tiles=listing(extra))})
        sections.append(self._board_provinces(view))
        site = list(view.get("site", ()))
        rows = []
        for r in range(0, len(site), 5):
            cells = []
            for space in site[r:r + 5]:
                tile = space.get("tile")
                cell = escape(names.site_tile(tile)) if tile else "·"
                cell += "".join(seat_dot(s) for s in space.get("workers", ()))
                cells.append(cell)
            rows.append(" | ".join(cells))
        sections.append({"title": _("Construction site"), "markup": "\n".join(rows)})
        ships = [f"{escape(names.ship(ship))}: {escape(names.colour(side))}"
                 for ship, side in zip(names.SHIPS, view.get("ships", ()))]
        sections.append({"title": _("Ships (side up)"), "markup": sep.join(ships)})
        for p in players:
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
                    hand=p.get("hand", 0), display=listing([names.commodity(c) for c in p.get("display", ())])),
                _("Supply {supply} · military camp {military} · workers' camp {workers} · leader: {leader}").format(
                    supply=p.get("supply", 0), military=p.get("military_camp", 0), workers=p.get("workers_camp", 0),
                    leader=escape(names.province(p.get("leader", "")))),
                _("Forum tiles: {tiles}").format(tiles=listing([names.forum_tile(t) for t in p.get("forum", ())])),
                _("Construction: {tiles}").format(tiles=listing(
                    [f"{names.construction(t)} {vp}" for t, vp in p.get("construction", ())])),
                _("Bonus tiles: {tiles}").format(tiles=sep.join(bonus) or "—")
                + ("  · " + _("+2 beside {actions}").format(actions=sep.join(names.action(a) for a in p["plus2"]))
                   if p.get("plus2") else ""),
            ]
            sections.append({"title": f"{dot(p['colour'], '■')} {escape(p['name'])}", "markup": "\n".join(lines)})
        self.board_sections = sections

    @staticmethod
    def _board_provinces(view: Mapping[str, Any]) -> dict[str, Any]:
        """The provinces as a table (Trajan 1.8): what a legionnaire sent there now scores ("10→7"
        once legionnaires there lower the printed VP), the province, the forum
        tile still lying there, and the leaders (▲) and legionnaires (●) in their players' colours."""
        players = view["players"]

        def figures(seats: Sequence[int], char: str) -> str:
            return "".join(dot(players[s]["colour"], char) for s in seats if 0 <= s < len(players))

        rows = [{"province": "", "cells": [_("VP"), _("Province"), _("Forum tile"), ""], "head": True}]
        for p in view.get("provinces", ()):
            vp, now = int(p["vp"]), int(p["legion_vp"])
            shown = f"[b]{now}[/b]" if now == vp else f"[color=A9B3C1]{vp}→[/color][b]{now}[/b]"
            tile = escape(names.forum_tile(p["tile"])) if p.get("tile") else "[color=A9B3C1]—[/color]"
            rows.append({"province": p["province"], "head": False, "cells": [
                shown, escape(names.province(p["province"])), tile,
                figures(p.get("leaders", ()), "▲") + figures(p.get("legionnaires", ()), "●")]})
        return {"title": _("Provinces (▲ leader, ● legionnaire)"), "rows": rows,
                "markup": "[color=A9B3C1]" + _("A legionnaire scores the VP less 3 for each one already there.")
                + "[/color]"}

    # -- final ---------------------------------------------------------------------------------------

    def _final(self, view: Mapping[str, Any]) -> None:
        final = view.get("final") or {}
        players = view["players"]
        winners = set(final.get("winners", ()))
        self.final_tie_break = tfmt.tie_break_text(final)
        cols = []
        for p in final.get("players", ()):
            seat = p["seat"]
            cols.append({"seat": seat, "name": p["name"], "rgba": colour_rgba(players[seat]["colour"]),
                         "total_text": str(p["total"]), "winner": p["name"] in winners})
        self.final_columns = cols
        ids = [c["id"] for c in (final.get("players") or [{"categories": []}])[0]["categories"]]
        rows = []
        for cid in ids:
            cats = [next(c for c in p["categories"] if c["id"] == cid) for p in final["players"]]
            rows.append({"id": cid, "title": names.category(cid),
                         "rule": names.rule(cats[0]["rule"]), "cells": [str(c["vp"]) for c in cats]})
        self.final_rows = rows
        self._final_detail()
        track = list(view.get("score_track", ()))
        series = []
        for p in final.get("players", ()):
            seat = p["seat"]
            points = [int(vps[seat]) for _s, _r, vps in track] + [int(p["total"])]
            series.append({"rgba": colour_rgba(players[seat]["colour"]), "points": points})
        self.chart_series = series
        ticks, last = [], None
        for i, (s, _r, _v) in enumerate(track):
            if s != last:
                ticks.append((i, _("S{n}").format(n=s)))
                last = s
        ticks.append((len(track), _("End")))
        self.chart_ticks = ticks

    def toggle_final_details(self) -> None:
        """The right pane shows the score chart, or how every category was counted."""
        self.final_details_open = not self.final_details_open

    def _final_detail(self) -> None:
        """How every category was counted, as the score table's rows: per player a cell with the
        VP and the detail the rules gave (several parts, such as the bonus tiles, one per line)."""
        final = self._view.get("final") or {}
        players = final.get("players", ())
        rows = []
        for cat in players[0]["categories"] if players else ():
            cid = cat["id"]
            cells = []
            for p in players:
                mine = next((c for c in p["categories"] if c["id"] == cid), None)
                cells.append(self._detail_cell(mine) if mine is not None else "")
            rows.append({"id": cid, "title": names.category(cid), "rule": names.rule(cat["rule"]), "cells": cells})
        self.final_detail_rows = rows

    @staticmethod
    def _detail_cell(category: Mapping[str, Any]) -> str:
        """One player's cell: "[b]3[/b]  3 in hand × 1"; a category counted in several parts (the
        bonus tiles) lists each part on a line of its own below the VP."""
        lines = [escape(text) for text in tfmt.category_details(category)]
        vp = f"[b]{category['vp']}[/b]"
        if len(lines) == 1:
            return f"{vp}  [color=A9B3C1]{lines[0]}[/color]"
        return "\n".join([vp] + [f"[color=A9B3C1]·\u00a0{line}[/color]" for line in lines])

    # -- taps ------------------------------------------------------------------------------------------

    @property
    def view(self) -> Mapping[str, Any]:
        return self._view

    def choose(self, index: int) -> None:
        """Posts `view["choices"][index]`; the session takes what follows by itself."""
        if not 0 <= index < len(self._choices):
            return
        intent = self._choices[index]
        if intent["name"] == "sow":
            self._picked = self._previews.get(int(intent["args"]["tray"]))
        self._play(intent)

    def _play(self, intent: Mapping[str, Any]) -> None:
        """Posts a player's step with the automatic steps after it (see the module docstring). A
        Trajan action waiting for the tile the table drew opens the tile entry in `update`."""
        self.post(Intent(str(intent["name"]), dict(intent["args"]), automatic=True))

    def press(self, row: Mapping[str, Any]) -> None:
        """A choice button was tapped: post its intent, or open the card composer it stands for."""
        if row.get("compose"):
            self.open_cards(str(row["compose"]))
        elif row.get("found"):
            self.name_found_tile(row["found"])
        elif row.get("found_cancel"):
            self.cancel_found_entry()
        else:
            self.choose(int(row["index"]))

    # -- the seaport's card composer ------------------------------------------------------------

    def open_cards(self, kind: str) -> None:
        self.cards_entry = {"kind": kind, "ship": None, "cards": []}
        self._relabel_cards()

    def cards_add(self, card: str) -> None:
        if self.cards_entry:
            self.cards_entry = {**self.cards_entry, "cards": list(self.cards_entry["cards"]) + [card]}
            self._relabel_cards()

    def cards_ship(self, ship: str) -> None:
        if self.cards_entry:
            self.cards_entry = {**self.cards_entry, "ship": ship}
            self._relabel_cards()

    def cards_clear(self) -> None:
        if self.cards_entry:
            self.cards_entry = {**self.cards_entry, "cards": []}
            self._relabel_cards()

    def cancel_cards(self) -> None:
        self.cards_entry = {}
        self._relabel_cards()
        self._drop_refusal()

    def _drop_refusal(self) -> None:
        """A refusal shown for an entry the player just cancelled (a shipment the ship does not
        take, the question which tile lay there) no longer applies to what they do next: cleared
        here, as the next step would."""
        if self.notice_level == "refused":
            self.notice_text = self.notice_rule = self.notice_level = ""

    @property
    def cards_ready(self) -> bool:
        entry = self.cards_entry
        return bool(entry and entry["cards"] and (entry["kind"] == "play" or entry.get("ship")))

    def cards_confirm(self) -> None:
        """Posts the seaport action with the named cards; the rules refuse what does not fit (the
        composer stays open with the reason shown)."""
        if not self.cards_ready:
            return
        entry = self.cards_entry
        args = {"kind": entry["kind"], "cards": list(entry["cards"]), "ship": entry.get("ship")}
        before = self.step
        self._play({"name": "seaport", "args": args})
        if self.step == before:  # refused: the composer stays open with the reason
            return
        self.cards_entry = {}
        self._relabel_cards()

    def _relabel_cards(self) -> None:
        entry = self.cards_entry
        self.cards_kind = str(entry.get("kind", "")) if entry else ""
        self.cards_can_confirm = self.cards_ready
        if not entry:
            return
        counts: dict[str, int] = {}
        for card in entry["cards"]:
            counts[card] = counts.get(card, 0) + 1
        cards = list(names.COMMODITIES) + (["wild"] if entry["kind"] == "ship" else [])
        self.card_buttons = [
            {"wid": f"trajan.cards.{card}", "card": card, "enabled": True,
             "text": (names.commodity(card) if card != "wild" else _("Wildcard"))
             + (f" ×{counts[card]}" if counts.get(card) else ""), "selected": bool(counts.get(card))}
            for card in cards
        ]
        self.ship_buttons = [{"wid": f"trajan.cards.ship.{ship}", "ship": ship, "text": names.ship(ship),
                              "selected": entry.get("ship") == ship} for ship in names.SHIPS]
        shown = " + ".join(names.commodity(c) if c != "wild" else _("Wildcard") for c in entry["cards"]) or "—"
        if entry["kind"] == "play":
            self.cards_summary = _("Play to the display (1 or 2 cards): {cards}").format(cards=shown)
        else:
            ship = names.ship(entry["ship"]) if entry.get("ship") else _("choose a ship")
            self.cards_summary = _("{ship}: {cards}").format(ship=ship, cards=shown)

    def end_turn(self) -> None:
        self._play({"name": "end_turn", "args": {}})

    def undo(self) -> None:
        """One tap takes back one thing a player did: the steps the app took by itself after it
        (an automatic end of turn …) go back with it (the session steps over them)."""
        self.post(Intent("undo", automatic=True))

    def redo(self) -> None:
        """Puts back what the last Undo took, automatic steps included."""
        self.post(Intent("redo", automatic=True))

    # -- light mode --------------------------------------------------------------------------------

    def set_light_markers(self, n: int) -> None:
        self.light_markers = n if self.light_markers != n else 0
        self.preview_time = self.time + n if self.light_markers else -1

    def toggle_light_completed(self) -> None:
        self.light_completed = not self.light_completed

    def light_move(self, tray: int) -> None:
        """Light mode: the markers moved and the action of the tray where the last one landed."""
        if not self.light_markers:
            return
        intent = {"name": "move", "args": {"markers": int(self.light_markers), "tray": int(tray),
                                           "completed": bool(self.light_completed)}}
        before = self.step
        self._play(intent)
        if self.step != before:  # the markers moved (a refused move keeps the entry)
            self.light_markers = 0
            self.light_completed = False
            self.preview_time = -1

    # -- entering a drawn Trajan tile ---------------------------------------------------------------

    def notice_is_tile_entry(self) -> bool:
        """The last step waits for the Trajan tile the table drew (`core.asks`: asked by kind)."""
        table = self._table
        return bool(table and table.ask and table.ask.kind == DRAWN_TRAJAN_TILE)

    def open_tile_entry(self, stack: str) -> None:
        kinds = list(names.STACK_KINDS.get(stack, ()))
        self.tile_entry = {"stack": stack, "kinds": kinds, "kind": kinds[0] if len(kinds) == 1 else "",
                           "colours": []}

    def tile_entry_kind(self, kind: str) -> None:
        if self.tile_entry:
            self.tile_entry = {**self.tile_entry, "kind": kind}

    def tile_entry_colour(self, colour: str) -> None:
        if not self.tile_entry:
            return
        colours = list(self.tile_entry.get("colours", ()))
        colours = (colours + [colour])[-2:]
        self.tile_entry = {**self.tile_entry, "colours": colours}
        self._tile_entry_done()

    def _tile_entry_done(self) -> None:
        entry = self.tile_entry
        if entry.get("kind") and len(entry.get("colours", ())) == 2:
            intent = {"name": "trajan", "args": {"stack": entry["stack"], "tile": [entry["kind"], *entry["colours"]]}}
            self.tile_entry = {}
            self._play(intent)

    def cancel_tile_entry(self) -> None:
        self.tile_entry = {}

    # -- naming the tile the leader or a worker found (table draws) ---------------------------------

    def notice_is_found_entry(self) -> bool:
        """The last step waits for the tile the table found under a figure (asked by kind)."""
        table = self._table
        return bool(table and table.ask and table.ask.kind in (FOUND_FORUM_TILE, FOUND_SITE_TILE))

    def name_found_tile(self, tile: Any) -> None:
        """The leader's move (Trajan 1.8) or the worker's (1.9) again, with the tile the table found."""
        entry = self.found_entry
        if not entry:
            return
        self.found_entry = {}
        if "space" in entry:
            args = {"kind": "worker", "space": entry["space"], "found": list(tile)}
            self._play({"name": "construction", "args": args})
        else:
            self._play({"name": "military", "args": {"kind": "move", "province": entry["province"], "found": tile}})

    def cancel_found_entry(self) -> None:
        self.found_entry = {}
        self._drop_refusal()
        if self._view:
            self._entry(self._view)
