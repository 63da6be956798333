"""Troyes table view-model: what the table screen shows, as Kivy properties, and what a tap posts.
Fed `TableView`s (public views) only, never a seat's view: no VP total and no character card can
reach it before the final reveal (the public view holds neither, digest 2.1).

`entry` says which input the screen offers now, chosen by the view's `ask.kind` (never by a
refusal's words) and its phase:

| entry | when | input |
| --- | --- | --- |
| `dice` | a district's throw, the black dice, a rerolled die (`troyes.throw`, `troyes.black_throw`, `troyes.reroll`) | the scanner's status and verdict, entry by hand |
| `options` | a card turned up, an event drawn (`troyes.activity_revealed`, `troyes.event_drawn`), a starting citizen | one button per thing it may be |
| `wait` | a seat enters its character card on its pad (`troyes.characters`) | nothing on the shared screen |
| `actions` | a player's turn, or countering a black die | the square's dice to choose, the actions they allow |
| `over` | the game is over | the final breakdown, every point with its rule |
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping, Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty

from companion.session import Intent, TableView
from companion.ui.dice import words as dice_words
from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import _
from companion.ui.troyes import format as tfmt
from companion.ui.troyes.board import board_sections
from companion.ui.troyes.final import final_rows, final_verdict
from companion.ui.troyes.actions import action_buttons
from companion.ui.troyes.panels import HandDice, SquareChoice

Post = Callable[[Intent], None]

DICE_ASKS = ("troyes.throw", "troyes.black_throw", "troyes.reroll")
OPTION_ASKS = ("troyes.activity_revealed", "troyes.event_drawn")


class TroyesTableViewModel(EventDispatcher):
    """Everything the Troyes table screen shows, refreshed from each `TableView`."""

    active = BooleanProperty(False)
    phase = StringProperty("")
    entry = StringProperty("")
    title = StringProperty("")
    prompt = StringProperty("")
    notice_text = StringProperty("")
    notice_level = StringProperty("")
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    players = ListProperty([])  # [{seat, name, line1, line2, current, start}]
    square = ListProperty([])  # [{index, district, colour, face, text, chosen}]
    board = ListProperty([])  # [{title, lines}]: buildings, cards, events, cathedral
    board_open = BooleanProperty(False)
    summary_open = BooleanProperty(False)  # the round so far, in the history's words
    summary = ListProperty([])  # [text]
    options = ListProperty([])  # [{text, wid, value}]
    option_cols = NumericProperty(2)  # 3 for a starting citizen's spaces
    actions = ListProperty([])  # [{text, wid, index}]
    scanner_text = StringProperty("")
    scanner_kind = StringProperty(dice_words.WAIT)
    verdict_text = StringProperty("")
    verdict_kind = StringProperty(dice_words.IDLE)
    simulated = BooleanProperty(False)
    final = ListProperty([])  # [{name, total, lines: [text]}]
    final_text = StringProperty("")
    hand = ObjectProperty(None)
    choice = ObjectProperty(None)

    def __init__(self, post: Post | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.post: Post = post or (lambda intent: None)
        self.hand = HandDice()
        self.choice = SquareChoice()
        self.choice.bind(chosen=lambda *_: self._actions())
        self._table: TableView | None = None
        self._view: Mapping[str, Any] = {}
        self._intents: list[Intent] = []
        self._pending: tuple[Any, ...] = ()
        self._counted = ""  # whose throw counted last, for the verdict line
        self._key: tuple[Any, ...] = ()  # what the last full refresh was of
        self._board_due = False  # `board` is older than the view (made when the board is shown)

    # -- refreshing ----------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        """Refreshed from `table`. A scanner frame (the scanner's link or the dice tumbling, up to 50 a
        second during a throw) leaves the game where it was: only the scanner's lines are redone."""
        key = (table.game, table.journal, table.step, table.notice, table.can_undo, table.can_redo)
        if self._table is not None and key == self._key and self.active:
            self._table = table
            self._scanner(table, self._view)
            return
        self._key = key
        self._table = table
        view: Mapping[str, Any] = table.view or {}
        self.active = table.game == tfmt.GAME and view.get("phase") not in (None, "setup")
        self.can_undo, self.can_redo = table.can_undo, table.can_redo
        notice = table.notice
        if notice is not None:
            notice = dataclasses.replace(notice, params=tfmt.notice_params(notice.params, view.get("names")))
        text, rule = fmt.format_notice(notice)
        self.notice_text = _("{text}  ({aside})").format(text=text, aside=rule) if rule else text
        self.notice_level = table.notice.level if table.notice else ""
        if not self.active:
            self._view, self.entry, self.phase = {}, "", ""
            return
        self._view = view
        self.phase = str(view["phase"])
        names = tfmt.names_of(view)
        ask = view.get("ask")
        self.title = tfmt.title(view)
        self.prompt = tfmt.ask_prompt(view, ask)
        self.players = self._player_rows(view)
        self.choice.update(view.get("square") or (), names)
        self._square_rows()
        self._board_due = True  # worded when shown: a read changes it, and it is seldom open
        if self.board_open:
            self._board()
        self.hand.ask(ask if ask and ask.get("kind") in DICE_ASKS else None)
        self.option_cols = 2
        self.options = self._options(view, ask)
        self._scanner(table, view)
        self.entry = self._entry(view, ask)
        self._actions()
        if self.phase == "over":
            self.final = final_rows(view.get("final") or {})
            self.final_text = final_verdict(view.get("final") or {})

    def relabel(self) -> None:
        self.hand.relabel()
        self.choice.relabel()
        self._key = ()
        if self._table is not None:
            self.update(self._table)

    def set_simulated(self, simulated: bool) -> None:
        self.simulated = simulated
        if self._table is not None:
            self._scanner(self._table, self._view)

    @property
    def view(self) -> Mapping[str, Any]:
        return self._view

    def _entry(self, view: Mapping[str, Any], ask: Mapping[str, Any] | None) -> str:
        kind = (ask or {}).get("kind")
        if kind in DICE_ASKS:
            return "dice"
        if kind in OPTION_ASKS or view.get("phase") == "placement":
            return "options"
        if kind == "troyes.characters":
            return "wait"
        if view.get("phase") in ("actions", "counter"):
            return "actions"
        if view.get("phase") == "over":
            return "over"
        return ""

    def _player_rows(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        rows = []
        for p in view.get("players") or ():
            seat = int(p["seat"])
            square = [(c, f) for d, c, f in view.get("square") or () if d == seat]
            due = tfmt.dice_words(square) if square else (tfmt.due_text(p.get("dice_due") or {}) or "–")
            line1 = _("{deniers} deniers · influence {influence}").format(deniers=p["deniers"], influence=p["influence"])
            line2 = _("citizens {citizens} · supply {supply} · dice {due}").format(
                citizens=p["citizens"], supply=p["supply"], due=due)
            extra = []
            if p.get("district"):
                extra.append(_("{deniers} in district").format(deniers=p["district"]))
            if p.get("cathedral_cubes"):
                extra.append(_("{cubes} in cathedral").format(cubes=p["cathedral_cubes"]))
            if p.get("passed"):
                extra.append(_("passed"))
            rows.append({"seat": seat, "name": _("{name} · {colour}").format(name=p["name"],
                                                                                colour=tfmt.seat_colour(p.get("colour"))),
                         "line1": line1, "line2": line2 + ("".join(" · " + x for x in extra)),
                         "current": view.get("phase") in ("actions", "counter") and view.get("current") == seat,
                         "start": view.get("start_player") == seat})
        return rows

    def _square_rows(self) -> None:
        names = tfmt.names_of(self._view)
        chosen = set(self.choice.chosen)
        self.square = [{"index": i, "district": int(d[0]), "colour": str(d[1]), "face": int(d[2]),
                        "owner": tfmt.owner_mark(names, d[0]), "chosen": i in chosen}
                       for i, d in enumerate(self._view.get("square") or ())]

    def _options(self, view: Mapping[str, Any], ask: Mapping[str, Any] | None) -> list[dict[str, Any]]:
        """One button per card or event it may be (the data's names), or per free space."""
        kind = (ask or {}).get("kind")
        if kind == "troyes.activity_revealed":
            from companion.ui.troyes.board import card_names

            named = card_names(view)
            return [{"text": named.get(str(o), str(o)), "wid": f"troyes.option.{o}", "value": o}
                    for o in ask.get("options") or ()]
        if kind == "troyes.event_drawn":
            from companion.ui.troyes.board import event_names

            named = event_names(view)
            return [{"text": named.get(str(o), str(o)), "wid": f"troyes.option.{o}", "value": o}
                    for o in ask.get("options") or ()]
        if view.get("phase") == "placement":
            rows = view.get("rows") or {}
            out = []
            self.option_cols = 3  # 18 spaces in 6 rows fit without scrolling
            for building, space in (view.get("placement") or {}).get("free") or ():
                row = _row_of(rows.get(building) or (), int(space))
                out.append({"text": tfmt.building_name(building) + "\n" + _("row {row}").format(row=row),
                            "wid": f"troyes.option.{building}.{space}", "value": [building, int(space)]})
            return out
        return []

    def _scanner(self, table: TableView, view: Mapping[str, Any]) -> None:
        """The scanner's link and what lies in its tray: rolling, a die to re-roll (the dice tray's
        verdicts), or whose throw just counted."""
        self.scanner_text, self.scanner_kind = dice_words.scanner_line(table.scanner, bool(self.simulated))
        pending = tuple(p.get("district") for p in view.get("pending_throws") or ())
        if self._pending and len(pending) < len(self._pending):
            gone = [d for d in self._pending if d not in pending]
            if gone:
                self._counted = tfmt.district_name(tfmt.names_of(view), gone[0])
        self._pending = pending
        live = table.dice_live
        if live is not None and live.dice and (live.problems or any(s == "rolling" for _c, _f, s in live.dice)):
            self.verdict_text, self.verdict_kind = dice_words.verdict(live, None)
        elif self._counted:
            self.verdict_text = _("{name}'s throw counted ✓").format(name=self._counted)
            self.verdict_kind = dice_words.COUNTED
        elif live is not None and live.dice:
            self.verdict_text = _("In the tray: {dice}").format(dice=tfmt.dice_words((c, f) for c, f, _s in live.dice))
            self.verdict_kind = dice_words.IDLE
        else:
            self.verdict_text, self.verdict_kind = _("Throw the dice into the scanner, or enter them by hand"), \
                dice_words.IDLE

    def _actions(self) -> None:
        if not self._view or self.entry != "actions":
            self.actions, self._intents = [], []
            self._square_rows() if self._view else None
            return
        self._square_rows()
        buttons = action_buttons(self._view, self.choice.dice())
        self._intents = [b["intent"] for b in buttons]
        self.actions = [{"text": b["text"], "wid": b["wid"], "index": i} for i, b in enumerate(buttons)]

    # -- taps ----------------------------------------------------------------------------------

    def pick_option(self, index: int) -> None:
        if not 0 <= index < len(self.options):
            return
        value = self.options[index]["value"]
        if self._view.get("phase") == "placement":
            self.post(Intent("place_start", {"building": value[0], "space": int(value[1])}, automatic=True))
            return
        ask = self._view.get("ask") or {}
        intent = ask.get("intent") or {}
        self.post(Intent(str(intent.get("name")), {**dict(intent.get("args") or {}), str(ask.get("field")): value},
                         automatic=True))

    def enter_dice(self) -> None:
        intent = self.hand.intent()
        if intent is not None:
            self.post(intent)

    def toggle_die(self, index: int) -> None:
        self.choice.toggle(int(index))

    def act(self, index: int) -> None:
        if 0 <= index < len(self._intents):
            self.post(self._intents[index])

    def toggle_board(self) -> None:
        if not self.board_open:
            self._board()
        self.board_open = not self.board_open
        self.summary_open = False

    def _board(self) -> None:
        """The board's sections from the view now, if a refresh since the last made them stale."""
        if self._board_due and self._view:
            self._board_due = False
            self.board = board_sections(self._view)

    def show_summary(self, lines: Sequence[str]) -> None:
        """The round so far (the GameUI words it from the public history); tapped again, closed."""
        if self.summary_open:
            self.summary_open = False
            return
        self.summary = list(lines) or [_("Nothing has happened this round yet.")]
        self.board_open = False
        self.summary_open = True

    def undo(self) -> None:
        self.post(Intent("undo", automatic=True))

    def redo(self) -> None:
        self.post(Intent("redo", automatic=True))

    def roll_due(self) -> str:
        """The dice the simulated scanner should throw for the open question ("red red white")."""
        ask = self._view.get("ask") or {}
        about = ask.get("about") or {}
        if ask.get("kind") == "troyes.throw":
            return " ".join(c for c, n in (about.get("due") or {}).items() for _ in range(int(n)))
        if ask.get("kind") == "troyes.black_throw":
            return " ".join(["black"] * int(about.get("count", 0)))
        if ask.get("kind") == "troyes.reroll":
            return str(about.get("colour", ""))
        return ""


def _row_of(rows: Sequence[Sequence[Any]], space: int) -> int:
    """The row (1-based) of a building's space, from the view's `rows` (faces per row)."""
    start = 0
    for number, row in enumerate(rows, 1):
        width = len(row) if isinstance(row, (list, tuple)) else 1
        if start <= space < start + width:
            return number
        start += width
    return space + 1
