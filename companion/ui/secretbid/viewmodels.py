"""The secret bid's shared table: what it shows, as Kivy properties, and what its taps post.

Fed `TableView`s only (the public view: who has locked, never what, until the reveal), so it is
tested without a window and can never show an unrevealed amount: it is never given a seat view.
The private entry screen has its own model (`private.py`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.session import Intent, TableView
from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import _
from companion.ui.secretbid import format as sfmt
from companion.ui.secretbid.limits import LimitsModel

Post = Callable[[Intent], None]
PadOfSeat = Callable[[int], "int | None"]

GAME = "secretbid"


class SealedTableViewModel(EventDispatcher):
    """What every sealed-bid game's table has, fed `TableView`s only: the title and hint, the bar's
    Undo and Redo, the notice, the forced reveal's question (`confirming`, `confirm_text`) and the
    revealed bid (`result_title`, `result_rows`, `verdict`). A game's table fills them in `update`
    with the helpers below."""

    active = BooleanProperty(False)
    phase = StringProperty("")
    round = NumericProperty(0)
    title = StringProperty("")
    hint = StringProperty("")
    seat_count = NumericProperty(0)
    notice_text = StringProperty("")
    notice_rule = StringProperty("")
    notice_level = StringProperty("")
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    undo_enabled = BooleanProperty(False)
    confirming = BooleanProperty(False)
    confirm_text = StringProperty("")
    result_title = StringProperty("")
    result_rows = ListProperty([])  # sfmt.result_rows: [{seat, place, place_text, name, amount_text, …}]
    verdict = StringProperty("")

    def __init__(self, post: Post | None = None, pad_of_seat: PadOfSeat | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.post: Post = post or (lambda intent: None)
        self.pad_of_seat = pad_of_seat
        self._table: TableView | None = None

    def clear_notice(self) -> None:
        """A notice belongs to the moment it was given: leaving the table drops it."""
        self.notice_text = self.notice_rule = self.notice_level = ""

    def _bar(self, table: TableView, revealed: bool) -> None:
        """Undo, Redo and the notice. After a reveal (`revealed`) the rules refuse Undo (what the
        table saw stays seen): the button stays enabled so that a tap gets the refusal, which says
        why, rather than a silent grey button."""
        self.can_undo, self.can_redo = table.can_undo, table.can_redo
        self.undo_enabled = table.can_undo or revealed
        self.notice_text, self.notice_rule = fmt.format_notice(table.notice)
        self.notice_level = table.notice.level if table.notice else ""

    def _pad_text(self, seat: int) -> str:
        pad = self.pad_of_seat(seat) if self.pad_of_seat is not None else None
        return _("Pad {n}").format(n=pad + 1) if pad is not None else _("No pad")

    @staticmethod
    def _bid_row(seat: int, name: str, locked: bool, detail: str) -> dict[str, Any]:
        """A bidding seat's card: locked or waiting, never what."""
        return {"seat": seat, "name": name, "locked": locked, "detail": detail,
                "status_text": ("✔ " + _("Locked")) if locked else _("Waiting")}

    def _waiting_names(self, view: Mapping[str, Any], names: list[str]) -> list[str]:
        """The names of the seats the open bid waits for."""
        bid = view.get("bid") or {}
        return [names[s] for s in bid.get("waiting", ()) if 0 <= s < len(names)]

    def _reveal_question(self, view: Mapping[str, Any], names: list[str], unlocked: str) -> str:
        """Reveal now…'s question: who has not locked and what their bids count as (`unlocked`: the
        policy when the view does not say)."""
        bid = view.get("bid") or {}
        return sfmt.reveal_question(self._waiting_names(view, names), str(bid.get("unlocked", unlocked)),
                                    int(bid.get("min_bid", 0)))


class SecretBidTableViewModel(SealedTableViewModel):
    """Everything the secret bid's table shows, refreshed from each `TableView`.

    `phase` is the view's: "bidding" (rows with who has locked), "revealed" (the round's result,
    then New round or Finish), "finished" (every round's result), "" (no secret bid open).
    `confirming` is the forced reveal's question; `new_round_open` the limits of the next round.
    """

    rows = ListProperty([])  # [{seat, name, detail, locked, status_text}]
    round_lines = ListProperty([])  # once finished: each revealed round on a line
    new_round_open = BooleanProperty(False)

    def __init__(self, post: Post | None = None, pad_of_seat: PadOfSeat | None = None, **kwargs: Any) -> None:
        super().__init__(post, pad_of_seat, **kwargs)
        self.names: list[str] = []
        self.limits = LimitsModel(names=lambda: self.names)
        self._view: Mapping[str, Any] = {}

    # -- refreshing ----------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        self._table = table
        view: Mapping[str, Any] = table.view or {}
        self.active = table.game == GAME and view.get("phase") not in (None, "setup")
        if not self.active:
            self._view = {}
            self.phase = ""
            self.confirming = self.new_round_open = False
            return
        self._view = view
        self.names = [str(p["name"]) for p in view.get("players", ())]
        self.phase = str(view["phase"])
        self.round = int(view.get("round", 0))
        # While bidding the title says which round; afterwards the hint does (the result's title).
        self.title = (_("{game} · Round {round}").format(game=fmt.game_title(GAME), round=self.round)
                      if self.phase == "bidding" else fmt.game_title(GAME))
        self._bar(table, revealed=bool(view.get("results")))
        self._rows(view)
        self._result(view)
        if self.phase != "bidding":
            self.confirming = False
        if self.phase != "revealed":
            self.new_round_open = False
        # Worded only while asked: the question's label is laid out at every change of its text,
        # on screen or not, and each lock changed it.
        self.confirm_text = self._question(view) if self.phase == "bidding" and self.confirming else ""
        self.hint = self._hint(view)

    def relabel(self) -> None:
        if self._table is not None:
            self.update(self._table)
        self.limits.relabel()

    def _rows(self, view: Mapping[str, Any]) -> None:
        rows = []
        for player in view.get("players", ()):
            seat = int(player["seat"])
            rows.append(self._bid_row(seat, str(player["name"]), bool(player.get("locked")),
                                      f"{sfmt.limit_label(player.get('limit'))} · {self._pad_text(seat)}"))
        self.seat_count = len(rows)
        self.rows = rows

    def _result(self, view: Mapping[str, Any]) -> None:
        results = list(view.get("results", ()))
        last = results[-1] if results and self.phase in ("revealed", "finished") else None
        if last is None:
            self.result_title, self.result_rows, self.verdict = "", [], ""
        else:
            self.result_title = (_("Round {round}: revealed early by the table").format(round=last["round"])
                                 if last.get("forced") else _("Round {round}: bids revealed").format(round=last["round"]))
            self.result_rows = sfmt.result_rows(last, self.names)
            self.verdict = sfmt.verdict_text(last, self.names)
        self.round_lines = [sfmt.round_line(r, self.names) for r in results] if self.phase == "finished" else []

    def _question(self, view: Mapping[str, Any]) -> str:
        return self._reveal_question(view, self.names, "current")

    def _hint(self, view: Mapping[str, Any]) -> str:
        if self.phase == "bidding":
            return sfmt.waiting_text(self._waiting_names(view, self.names))
        if self.phase == "revealed":
            return self.result_title
        if self.phase == "finished":
            return _("Secret bid finished.")
        return ""

    # -- what the table's buttons do ------------------------------------------------------------

    def ask_reveal(self) -> None:
        """Reveal now…: first the question naming who has not locked and what becomes of their bids."""
        if self.phase == "bidding":
            self.new_round_open = False
            self.confirm_text = self._question(self._view)
            self.confirming = True

    def cancel_reveal(self) -> None:
        self.confirming = False

    def reveal(self) -> None:
        """The table confirmed: the rules reveal every bid now."""
        if self.confirming and self.phase == "bidding":
            self.confirming = False
            self.post(Intent("force_reveal"))

    def open_new_round(self) -> None:
        """New round…: the next round's limits, starting from the standing ones."""
        if self.phase == "revealed":
            self.limits.set_all([p.get("limit") for p in self._view.get("players", ())])
            self.new_round_open = True

    def cancel_new_round(self) -> None:
        self.limits.close()
        self.new_round_open = False

    def start_round(self) -> None:
        if self.new_round_open:
            self.new_round_open = False
            self.limits.close()
            self.post(Intent("new_round", {"limits": self.limits.value()}))

    def finish(self) -> None:
        self.new_round_open = False
        self.post(Intent("finish"))
