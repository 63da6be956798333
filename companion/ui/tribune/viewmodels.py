"""Tribune's shared table: what it shows, as Kivy properties, and what its taps post.

Fed `TableView`s only (the public view: everybody's money, the chariot, who bids and who has
locked, never what, until the reveal), so it is tested without a window and can never show an
unrevealed amount: it is never given a seat view. The private entry has its own model (the secret
bid's `PrivateEntryModel`).

`content` says which panel the table shows, `actions` which of the bar's own buttons are in it:

| content | when | actions |
| --- | --- | --- |
| `money` | a round, nothing open | `next_round` |
| `region_v_picker` | Region V bid… tapped | (the panel's Cancel / Open the bid) |
| `money_entry` | Money… tapped | (the panel's Cancel / Pay / Take) |
| `bidding` | a bid is open | `reveal` |
| `confirm` | Reveal now… tapped | (the question's Cancel / Reveal now) |
| `result` | a bid was just revealed | `result_done` |
| `board` | the whole game (mode "full"), nothing open | (the board's own answers: `board_vm`) |
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty

from companion.session import Intent, TableView
from companion.ui.text.i18n import _
from companion.ui.secretbid import format as sfmt
from companion.ui.secretbid.viewmodels import SealedTableViewModel
from companion.ui.tribune import format as tfmt
from companion.ui.tribune.board_vm import BoardModel
from companion.ui.tribune.panels import MoneyEntry, RegionVPicker

Post = Callable[[Intent], None]
PadOfSeat = Callable[[int], "int | None"]

BIDDING_PHASES = (tfmt.REGION_V, tfmt.CHARIOT, tfmt.REGION_VIII)
ACTIONS = {"money": ("next_round",), "bidding": ("reveal",), "result": ("result_done",)}


class TribuneTableViewModel(SealedTableViewModel):
    """Everything Tribune's table shows, refreshed from each `TableView`; `phase` is the view's:
    "round", "region_v", "chariot", "finished"."""

    rows = ListProperty([])  # [{seat, name, money_text, start, holder, detail}]
    names = ListProperty([])
    money = ListProperty([])
    chariot_text = StringProperty("")
    chariot_on_board = BooleanProperty(True)
    can_region_v = BooleanProperty(False)
    can_chariot = BooleanProperty(False)
    region_v_note = StringProperty("")
    chariot_note = StringProperty("")
    bid_rows = ListProperty([])  # [{seat, name, detail, locked, status_text}]
    result_open = BooleanProperty(False)
    rule = StringProperty("")
    money_after = StringProperty("")
    content = StringProperty("money")
    actions = ListProperty([])
    picker = ObjectProperty(None)
    entry = ObjectProperty(None)
    board = ObjectProperty(None)
    whole_game = BooleanProperty(False)

    def __init__(self, post: Post | None = None, pad_of_seat: PadOfSeat | None = None, **kwargs: Any) -> None:
        super().__init__(post, pad_of_seat, **kwargs)
        self.picker = RegionVPicker()
        self.entry = MoneyEntry()
        self.board = BoardModel(post=self.post)
        self.picker.bind(is_open=lambda *_: self.choose())
        self.entry.bind(is_open=lambda *_: self.choose())
        self._journal: str | None = None
        self._results = 0
        self._pending = ""  # the panel whose intent was just posted: it closes unless refused
        self._waiting_text = ""

    # -- refreshing ----------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        self._table = table
        view: Mapping[str, Any] = table.view or {}
        self.active = table.game == tfmt.GAME and view.get("phase") not in (None, "setup")
        if not self.active:
            self.phase, self._journal, self._results = "", None, 0
            self.confirming = self.result_open = False
            self.picker.close()
            self.entry.close()
            return
        results = list(view.get("results", ()))
        if table.journal != self._journal:  # another game: what it revealed before is not news
            self._journal, self._results = table.journal, len(results)
            self.result_open = False
        elif len(results) > self._results:
            self.result_open = True  # a reveal just now: the table sees it until Continue
        self._results = len(results)
        self.phase = str(view["phase"])
        self.round = int(view.get("round", 0))
        self.names = [str(p["name"]) for p in view.get("players", ())]
        self.money = [int(p["money"]) for p in view.get("players", ())]
        self.board.update(view)
        self.whole_game = bool(self.board.active)
        self.title = self.board.title if self.whole_game else tfmt.table_title(self.phase, self.round)
        self._bar(table, revealed=bool(results))
        self._settle_pending(table)
        self._rows(view)
        self._round_actions(view)
        self._bid(view)
        self._result(view, results)
        self._waiting_text = self._waiting(view)
        self.choose()

    def relabel(self) -> None:
        if self._table is not None:
            self.board.relabel()
            self.update(self._table)
        self.entry.relabel()

    def _settle_pending(self, table: TableView) -> None:
        """A panel's intent was posted: it closes when accepted, and stays (with the refusal above
        it) when refused, so the table corrects one thing instead of starting over."""
        pending, self._pending = self._pending, ""
        refused = table.notice is not None and table.notice.level == "refused"
        if pending and not refused:
            (self.picker if pending == "picker" else self.entry).close()

    def _rows(self, view: Mapping[str, Any]) -> None:
        chariot = view.get("chariot") or {}
        rows = []
        for player in view.get("players", ()):
            seat = int(player["seat"])
            holder = chariot.get("holder") == seat
            detail = [self._pad_text(seat)] + ([_("Chariot")] if holder else [])
            rows.append({"seat": seat, "name": str(player["name"]), "money_text": str(int(player["money"])),
                         "start": bool(player.get("start")), "holder": holder, "detail": " · ".join(detail)})
        self.seat_count = len(rows)
        self.rows = rows
        self.chariot_text = tfmt.chariot_text(chariot, self.names)
        self.chariot_on_board = bool(chariot.get("on_board", True))

    def _round_actions(self, view: Mapping[str, Any]) -> None:
        """Each bid at most once a round, region V before the chariot (digest 3.2): the buttons say
        so before a tap, from the public view, rather than after a refusal."""
        in_round = self.phase == "round"
        region_v_done = bool(view.get("region_v_this_round"))
        chariot_done = bool((view.get("chariot") or {}).get("auctioned_this_round"))
        self.can_region_v = in_round and not region_v_done and not chariot_done
        self.can_chariot = in_round and not chariot_done
        self.region_v_note = (_("Region V: done this round") if region_v_done else
                              _("Region V: after the chariot, next round") if chariot_done else "")
        self.chariot_note = _("Chariot: auctioned this round") if chariot_done else ""

    def _bid(self, view: Mapping[str, Any]) -> None:
        bid = view.get("bid") or {}
        bidding = self.phase in BIDDING_PHASES and bid.get("phase") == "bidding"
        if not bidding:
            self.bid_rows, self.confirm_text = [], ""
            self.confirming = False
            return
        self.result_open = False
        self.picker.close()
        self.entry.close()
        spaces = list(bid.get("spaces") or ())
        rows = []
        for seat_info in bid.get("seats", ()):
            seat = int(seat_info["seat"])
            locked = bool(seat_info.get("locked"))
            limit = int(seat_info.get("limit", 0))
            detail = [_("a pair up to {value}").format(value=limit) if self.phase == tfmt.REGION_VIII
                      else tfmt.denarii(limit), self._pad_text(seat)]
            if seat in spaces:
                detail.insert(0, _("Space {n}").format(n=spaces.index(seat) + 1))
            rows.append(self._bid_row(seat, self.names[seat] if seat < len(self.names) else "", locked,
                                      " · ".join(detail)))
        self.bid_rows = rows
        self.confirm_text = self._reveal_question(view, self.names, "minimum")

    def _result(self, view: Mapping[str, Any], results: list[Mapping[str, Any]]) -> None:
        last = results[-1] if results else None
        if last is None:
            self.result_open = False
            self.result_title = self.verdict = self.rule = self.money_after = ""
            self.result_rows = []
            return
        self.result_title = tfmt.result_title(last)
        rows = sfmt.result_rows(last, self.names)
        spaces = list(last.get("spaces") or ())
        for row in rows:  # region V: which space each bidder stood on (a tie goes to space 1)
            if row["seat"] in spaces:
                space = _("Space {n}").format(n=spaces.index(row["seat"]) + 1)
                row["note"] = f"{space} · {row['note']}" if row["note"] else space
        self.result_rows = rows
        self.verdict = tfmt.verdict_text(last, self.names)
        self.rule = tfmt.rule_text(last)
        self.money_after = tfmt.money_line(view.get("players", ()), [int(s) for s in last.get("seats", ())])

    def _waiting(self, view: Mapping[str, Any]) -> str:
        return sfmt.waiting_text(self._waiting_names(view, self.names))

    def _hint(self, content: str) -> str:
        """The strip under the title: what the open panel is about, or whom a bid waits for."""
        if self.phase == "finished":
            return _("Game finished.")
        if content in ("bidding", "confirm"):
            return self._waiting_text
        if content == "result":
            return self.result_title
        if content == "money_entry":
            return _("Choose the player, a reason if you like, and the amount.")
        if content == "region_v_picker":
            return _("Region V: who stands on each space?")
        if content == "board":
            return self.board.status_text
        return _("Tap a player to take or pay money.")

    # -- which panel ---------------------------------------------------------------------------

    def choose(self) -> None:
        if self.phase in BIDDING_PHASES:
            content = "confirm" if self.confirming else "bidding"
        elif self.result_open:
            content = "result"
        elif self.picker.is_open:
            content = "region_v_picker"
        elif self.entry.is_open:
            content = "money_entry"
        else:
            content = "board" if self.whole_game else "money"
        self.content = content
        self.hint = self._hint(content)
        # A finished game offers no round's action, but a reveal that ended it is still continued.
        self.actions = list(ACTIONS.get(content, ())) if self.phase != "finished" or content == "result" else []

    # -- what the table's buttons do ------------------------------------------------------------

    def open_region_v(self) -> None:
        if self.can_region_v:
            self.entry.close()
            self.picker.open()

    def start_region_v(self) -> None:
        intent = self.picker.intent()
        if intent is not None:
            self._pending = "picker"
            self.post(intent)

    def start_chariot(self) -> None:
        if self.can_chariot:
            self.picker.close()
            self.entry.close()
            self.post(Intent("chariot_auction"))

    def open_money(self, seat: int = -1) -> None:
        """Money by hand: the keeper's way of money, and a correction in the whole game."""
        if self.phase == "round" or (self.whole_game and self.phase not in BIDDING_PHASES and self.phase != "finished"):
            self.picker.close()
            self.result_open = False
            self.entry.open(seat)
            self.choose()

    def hand_money(self, take: bool) -> None:
        intent = self.entry.intent(take)
        if intent is not None:
            self._pending = "entry"
            self.post(intent)

    def place_chariot(self) -> None:
        """By hand: the chariot back on the board, or off it (the rules keep an off-board chariot off)."""
        self.post(Intent("chariot", {"on_board": not self.chariot_on_board}))

    def next_round(self) -> None:
        self.post(Intent("next_round"))

    def ask_reveal(self) -> None:
        """Reveal now…: first the question naming who has not locked and what their bids count as."""
        if self.phase in BIDDING_PHASES:
            self.confirming = True
            self.choose()

    def cancel_reveal(self) -> None:
        self.confirming = False
        self.choose()

    def reveal(self) -> None:
        if self.confirming and self.phase in BIDDING_PHASES:
            self.confirming = False
            self.post(Intent("force_reveal"))

    def close_result(self) -> None:
        self.result_open = False
        self.choose()

    def show_last_result(self) -> None:
        """The latest revealed bid again (the demo's picture of a result, after a restart)."""
        if self.rows and self.result_title:
            self.result_open = True
            self.choose()
