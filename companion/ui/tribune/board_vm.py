"""Tribune's whole game on the shared table (mode "full"): what the board panel shows, as Kivy
properties, and the answers its taps post.

Fed the public view only (`TribuneView.board` and the players' money; the shared screen is never
given a seat view), so nothing secret can be shown: region VIII's pairs and both bids are the
sealed round's, shown by the table's bidding panel as who has locked, never what.

The panel shows one of four tabs (`tab`): the round's question (`ask`: its words, its answers as
buttons (`choices`), a value stepper, or a card entry for the answers that are cards — region IV,
region VII, a take-over — and the buttons that send it (`buttons`)); the players (denarii,
laurels, legions, favour, tribune, markers); the factions row (controller, set, markers, the
laurel, this round's claims, the chariot's protection); and the victory grid (each condition met or
its margin). While followers are placed the question is the board itself (`spaces`): every space
with who stands there, the legal ones a tap each. A new kind of question brings the round's tab
back.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty

from companion.session import Intent
from companion.ui.text.i18n import _
from companion.ui.tribune import board_words as words

Post = Callable[[Intent], None]
TABS = ("round", "players", "factions", "victory")
#: Asks answered with a value (the stepper) and the buttons that send it.
VALUE_ASKS = ("tribune.region_i", "tribune.region_ii", "tribune.region_iii")
CARD_ASKS = ("tribune.region_iv", "tribune.region_vii", "tribune.takeover")


class BoardModel(EventDispatcher):
    """What the whole game's board panel shows; `active` when the view is a whole game."""

    active = BooleanProperty(False)
    tab = StringProperty("round")
    title = StringProperty("")
    player_rows = ListProperty([])  # [{seat, name, cells: [str], start, turn, declared}]
    faction_rows = ListProperty([])  # [{faction, name, controller, set_text, markers, laurel, claims, note}]
    grid_head = ListProperty([])  # the card's threshold per condition ("—": not printed)
    grid_rows = ListProperty([])  # [{seat, name, cells: [str], met: [bool], summary, qualifies, declared}]
    needed_text = StringProperty("")
    check_text = StringProperty("")
    winners_text = StringProperty("")
    colosseum_text = StringProperty("")
    status_text = StringProperty("")  # the title bar's line: the Colosseum and the last round's check
    ask_kind = StringProperty("")
    question = StringProperty("")
    rule = StringProperty("")
    choices = ListProperty([])  # [{label, index, wid}]
    stepper = BooleanProperty(False)
    value = NumericProperty(0)
    value_low = NumericProperty(0)
    value_high = NumericProperty(words.MAX_CARD_VALUE)
    value_text = StringProperty("")
    card_mode = StringProperty("")
    card_faction = StringProperty("")
    card_factions = ListProperty([])  # the factions the entry may choose ([] when fixed)
    card_value = NumericProperty(1)
    card_target = StringProperty("there")  # region IV: "there" or "discard"
    there = ListProperty([])  # region IV: the cards lying there ("faction:value")
    chosen = ListProperty([])  # the set played / the cards discarded
    entry_text = StringProperty("")
    buttons = ListProperty([])  # [{label, action, accent}]
    layout_key = StringProperty("")  # changes when the panel's widgets must be rebuilt
    spaces = ListProperty([])  # placing: [{id, label, legal, wid}] in the board's order
    names = ListProperty([])
    finished = BooleanProperty(False)
    ask = ObjectProperty(None, allownone=True)

    def __init__(self, post: Post | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.post: Post = post or (lambda _intent: None)
        self._view: Mapping[str, Any] | None = None
        self._ask_key: Any = None

    # -- refreshing ----------------------------------------------------------------------------

    def update(self, view: Mapping[str, Any] | None) -> None:
        board = (view or {}).get("board") if view else None
        self.active = board is not None
        if board is None:
            self._view, self.ask, self.ask_kind = None, None, ""
            return
        self._view = view
        assert view is not None
        self.names = [str(p["name"]) for p in view.get("players", ())]
        self.finished = bool(view.get("finished"))
        self.title = words.title(int(view.get("round", 0)), str(view.get("phase", "")))
        self._players(view, board)
        self._factions(board)
        self._grid(board)
        self._spaces(board, view.get("ask"))
        self._ask(view.get("ask") if not self.finished else None)

    def relabel(self) -> None:
        if self._view is not None:
            self._ask_key = None
            self.update(self._view)

    def _players(self, view: Mapping[str, Any], board: Mapping[str, Any]) -> None:
        money = {int(p["seat"]): int(p["money"]) for p in view.get("players", ())}
        start = int(view.get("start_player", 0))
        rows = []
        for h in board.get("holdings", ()):
            seat = int(h["seat"])
            markers = sum(int(n) for n in (h.get("markers") or {}).values())
            rows.append({"seat": seat, "name": words.name_of(self.names, seat), "start": seat == start,
                         "turn": board.get("placer") == seat, "declared": bool(h.get("declared")),
                         "cells": [str(money.get(seat, 0)), str(h["laurels"]), str(h["legions"]), str(h["favour"]),
                                   str(h["tribune"]), str(markers)]})
        self.player_rows = rows
        self.colosseum_text = _("Colosseum {amount}").format(amount=board.get("colosseum", 0))

    def _factions(self, board: Mapping[str, Any]) -> None:
        rows = []
        for f in board.get("factions", ()):
            controller = f.get("controller")
            claims = [words.name_of(self.names, f.get(k)) for k in ("space1", "space2") if f.get(k) is not None]
            markers = _("{count} markers left").format(count=f.get("markers_left", 0))
            rows.append({
                "faction": f["faction"],
                "name": (_("{faction} · laurel").format(faction=words.faction_name(str(f["faction"])))
                         if f.get("laurel") else words.faction_name(str(f["faction"]))),
                "controller_text": (_("{name}: {size} cards, {total}").format(
                    name=words.name_of(self.names, controller), size=f.get("size", 0), total=f.get("total", 0))
                    if controller is not None else _("nobody controls it")),
                "markers_text": markers,
                "claims_text": (_("chariot: protected") if f.get("protected") else
                                _("claims: {names}").format(names=" · ".join(claims)) if claims else ""),
            })
        self.faction_rows = rows

    def _spaces(self, board: Mapping[str, Any], ask: Mapping[str, Any] | None) -> None:
        """Every space in the board's order (the bowl, regions I–VIII, the faction claims), who
        stands there this round, and whether the follower being placed may go there."""
        legal = set((ask or {}).get("options") or ()) if (ask or {}).get("kind") == "tribune.place" else set()
        bowl = list(board.get("bowl", ()))
        rows = [{"id": "bowl", "label": words.space_label("bowl"),
                 "who": (words.name_of(self.names, bowl[0]) if len(bowl) == 1 else
                         _("{count} followers").format(count=len(bowl)) if bowl else "")}]
        for space in board.get("spaces", ()):
            seat = space.get("seat")
            rows.append({"id": str(space["id"]), "label": words.space_label(str(space["id"])),
                         "who": words.name_of(self.names, seat) if seat is not None else ""})
        for f in board.get("factions", ()):
            claims = [words.name_of(self.names, f.get(k)) for k in ("space1", "space2") if f.get(k) is not None]
            rows.append({"id": f"faction:{f['faction']}", "label": words.space_label(f"faction:{f['faction']}"),
                         "who": claims[0] if len(claims) == 1 else
                         _("{count} claims").format(count=len(claims)) if claims else ""})
        for row in rows:
            row["legal"] = row["id"] in legal
            row["wid"] = f"tribune.board.space.{row['id']}"
        self.spaces = rows

    def _grid(self, board: Mapping[str, Any]) -> None:
        victory = board.get("victory") or {}
        thresholds = victory.get("thresholds") or {}
        needed = int(victory.get("needed", 0))
        self.grid_head = ["—" if thresholds.get(c) is None else str(thresholds[c]) for c in words.CONDITIONS]
        self.needed_text = _("Needs {needed}").format(needed=needed)
        declared = {int(h["seat"]) for h in board.get("holdings", ()) if h.get("declared")}
        rows = []
        for standing in board.get("grid", ()):
            seat = int(standing["seat"])
            by_name = {c["name"]: c for c in standing.get("conditions", ())}
            conditions = [by_name.get(c, {}) for c in words.CONDITIONS]
            rows.append({"seat": seat, "name": words.name_of(self.names, seat),
                         "cells": [words.condition_cell(c) if c else "—" for c in conditions],
                         "met": [bool(c.get("met")) for c in conditions],
                         "summary": words.standing_text(standing, needed),
                         "qualifies": bool(standing.get("qualifies")), "declared": seat in declared})
        self.grid_rows = rows
        checks = list(board.get("checks", ()))
        self.check_text = words.check_text(checks[-1], self.names) if checks else ""
        self.status_text = " · ".join(t for t in (self.colosseum_text, words.check_short(checks[-1]) if checks else "")
                                      if t)
        winners = [int(s) for s in board.get("winners", ())]
        self.winners_text = words.winners_text(winners, self.names)

    def _ask(self, ask: Mapping[str, Any] | None) -> None:
        self.ask = ask
        kind = str(ask.get("kind", "")) if ask else ""
        key = (kind, repr(sorted((ask.get("about") or {}).items())) if ask else None, tuple(ask.get("options") or ()) if ask else ())
        fresh = key != self._ask_key
        if kind and (self._ask_key is None or kind != self._ask_key[0]):
            self.tab = "round"  # a new kind of question: the table answers it first
        self._ask_key = key
        self.ask_kind = kind
        if ask is None:
            self.question = self.winners_text or (_("Waiting for the bids on the pads.") if self._view and
                                                  self._view.get("bid") else "")
            self.rule, self.choices, self.stepper, self.card_mode, self.buttons = "", [], False, "", []
            self.layout_key = f"none:{self.finished}"
            return
        self.question = words.question(ask, self.names)
        self.rule = str(ask.get("rule", ""))
        options = list(ask.get("options") or ())
        self.choices = [] if kind in CARD_ASKS or kind in VALUE_ASKS or kind == "tribune.place" else [
            {"label": words.option_label(kind, option, self.names), "index": i,
             "wid": f"tribune.board.choice.{i}"} for i, option in enumerate(options)]
        self.stepper = kind in VALUE_ASKS
        if fresh:
            self.value = 0 if kind in ("tribune.region_i", "tribune.region_ii") else 1
            self.value_low = 0 if kind != "tribune.region_iii" else 1
            self.there, self.chosen, self.card_target = [], [], "there"
            self.card_value = 1
        self.card_mode = kind.split(".", 1)[1] if kind in CARD_ASKS else ""
        about = ask.get("about") or {}
        if kind == "tribune.takeover":
            self.card_factions, self.card_faction = [], str(about.get("faction", ""))
        elif kind in CARD_ASKS:
            self.card_factions = list(words.FACTIONS)
            if fresh or self.card_faction not in words.FACTIONS:
                self.card_faction = words.FACTIONS[0]
        self.buttons = self._buttons(kind)
        self._relabel_entry()
        self.layout_key = f"{kind}:{len(self.choices)}:{self.card_mode}:{len(self.card_factions)}"

    @staticmethod
    def _buttons(kind: str) -> list[dict[str, Any]]:
        table = {
            "tribune.region_i": [("leave", _("Leave it"), False), ("pay", _("Pay and take"), True)],
            "tribune.region_ii": [("leave", _("Leave it"), False), ("pay", _("Pay and take"), True)],
            "tribune.region_iii": [("take_money", _("Take the denarii"), False), ("buy_card", _("Buy the card"), True)],
            "tribune.region_iv": [("none", _("Leave them"), False), ("send_cards", _("Take them all"), True)],
            "tribune.region_vii": [("none", _("No favour"), False), ("send_cards", _("Discard for favour"), True)],
            "tribune.takeover": [("none", _("Pass"), False), ("send_cards", _("Play the set"), True)],
        }
        return [{"label": label, "action": action, "accent": accent} for action, label, accent in table.get(kind, ())]

    def _relabel_entry(self) -> None:
        self.value_text = str(int(self.value))
        if self.card_mode == "region_iv":
            self.entry_text = _("There: {cards}\nDiscard: {discard}").format(
                cards=words.cards_text(self.there), discard=words.cards_text(self.chosen))
        elif self.card_mode == "region_vii":
            self.entry_text = _("Revealed: {faction} · discard: {card}").format(
                faction=words.faction_name(self.card_faction),
                card=words.cards_text(self.chosen[-1:]) if self.chosen else _("none yet"))
        elif self.card_mode == "takeover":
            total = sum(int(c.split(":")[1]) for c in self.chosen)
            self.entry_text = _("Set: {cards} ({size} cards, total {total})").format(
                cards=words.cards_text(self.chosen), size=len(self.chosen), total=total)
        else:
            self.entry_text = ""

    # -- taps ----------------------------------------------------------------------------------

    def show(self, tab: str) -> None:
        if tab in TABS:
            self.tab = tab

    def choose(self, index: int) -> None:
        """An answer's button: the option at `index` of the ask's options, sent as the ask says."""
        options = list((self.ask or {}).get("options") or ())
        if 0 <= index < len(options):
            self._send(options[index])

    def place(self, space: str) -> None:
        """A space's button while placing: the follower goes there (the rules refuse an illegal one)."""
        ask = self.ask or {}
        if ask.get("kind") == "tribune.place" and space in (ask.get("options") or ()):
            self._send(space)

    def step(self, delta: int) -> None:
        self.value = max(int(self.value_low), min(int(self.value_high), int(self.value) + int(delta)))
        self._relabel_entry()

    def step_card(self, delta: int) -> None:
        self.card_value = max(0, min(words.MAX_CARD_VALUE, int(self.card_value) + int(delta)))

    def pick_faction(self, faction: str) -> None:
        if faction in self.card_factions:
            self.card_faction = faction
            self._relabel_entry()

    def target(self, where: str) -> None:
        if where in ("there", "discard"):
            self.card_target = where

    def add_card(self) -> None:
        """The card entered (faction and value) joins the list being entered: region IV's cards
        there or discarded, region VII's discard (one), a take-over's set."""
        card = f"{self.card_faction}:{int(self.card_value)}"
        if self.card_mode == "region_iv" and self.card_target == "there":
            self.there = [*self.there, card]
        elif self.card_mode == "region_vii":
            self.chosen = [card]
        else:
            self.chosen = [*self.chosen, card]
        self._relabel_entry()

    def clear_cards(self) -> None:
        if self.card_mode == "region_iv" and self.card_target == "there":
            self.there = []
        else:
            self.chosen = []
        self._relabel_entry()

    def press(self, action: str) -> None:
        """A send button (`buttons`): the answer it stands for, in the form the rules take."""
        value = int(self.value)
        answers: dict[str, Any] = {
            "leave": None, "none": None, "pay": value,
            "take_money": {"value": value, "take": "money"}, "buy_card": {"value": value, "take": "card"},
        }
        if action in answers:
            self._send(answers[action])
        elif action == "send_cards":
            self._send(self._cards_answer())

    def _cards_answer(self) -> Any:
        if self.card_mode == "region_iv":
            return {"cards": list(self.there), "discard": list(self.chosen)}
        if self.card_mode == "region_vii":
            return {"revealed": self.card_faction, "discard": self.chosen[-1] if self.chosen else None}
        return list(self.chosen)

    def declare(self, seat: int) -> None:
        """A player declares a win this round (it must still hold at the round's end)."""
        self.post(Intent("declare", {"seat": int(seat)}))

    def _send(self, answer: Any) -> None:
        ask = self.ask
        if ask is None:
            return
        intent = ask.get("intent") or {}
        args = dict(intent.get("args") or {})
        args[str(ask.get("field", "answer"))] = answer
        self.post(Intent(str(intent.get("name", "resolve")), args))


def headings() -> list[str]:
    """The players tab's column headings."""
    return [_("Denarii"), _("Laurels"), _("Legions"), _("Favour"), _("Tribune"), _("Markers")]
