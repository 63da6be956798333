"""A seat's private entry on the shared touchscreen: the stand-in for a seat without a pad, for
any game whose view embeds a sealed-bid round as `bid` (the secret bid, Tribune's two bids).

The table hands the screen over ("Hand the screen to Ann — tap when only Ann can see"), the seat
moves its amount with − / + and locks it, and the screen asks to be handed back. Every key is the
seat's pad key, posted as `Intent("seat_key", {"seat", "key"})`, so the session keeps the draft
exactly as for a pad (privately, unjournaled until the lock).

This is the one model that reads a seat's private view, through the `seat_view` callable the app
gives it (the session's), and only in the "entry" stage, for the seat that was handed the screen.
Leaving that stage empties every property that held an amount, so no widget keeps it afterwards.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.session import Intent, TableView
from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import N_, _
from companion.ui.secretbid.format import limit_label

SeatView = Callable[[int], "Mapping[str, Any] | None"]
Post = Callable[[Intent], None]

#: The stages, in order: closed, the hand-over, the entry (the only one showing an amount), the hand-back.
CLOSED, HANDOVER, ENTRY, HANDBACK = "", "handover", "entry", "handback"


class PrivateEntryModel(EventDispatcher):
    """What the private entry screen shows in each stage; `seat` is -1 while closed.

    In the entry stage: `amount_text` (the draft, or the locked bid), `limit_text`, `locked`, and
    whether − / + would move the amount (`can_lower`, `can_raise`). `message` is a refusal or news
    for the seat (a notice from the session while it enters). Nothing but `refresh()` reads the
    seat's view, and it does so only in the entry stage.
    """

    stage = StringProperty(CLOSED)
    seat = NumericProperty(-1)
    name = StringProperty("")
    handover_title = StringProperty("")
    handover_hint = StringProperty("")
    ready_text = StringProperty("")
    title = StringProperty("")
    amount_text = StringProperty("")
    limit_text = StringProperty("")
    locked = BooleanProperty(False)
    can_lower = BooleanProperty(False)
    can_raise = BooleanProperty(False)
    message = StringProperty("")
    handback_title = StringProperty("")
    handback_text = StringProperty("")

    def __init__(self, seat_view: SeatView | None = None, post: Post | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seat_view: SeatView = seat_view or (lambda seat: None)
        self.post: Post = post or (lambda intent: None)
        self._why_back = ""  # a msgid: translated when shown, so a language switch re-words it
        self._locking = False

    @property
    def is_open(self) -> bool:
        return self.stage != CLOSED

    # -- the stages ----------------------------------------------------------------------------

    def open(self, seat: int, name: str) -> None:
        """The hand-over: names the seat; reads nothing private yet (the table may still be looking)."""
        self._wipe()
        self.seat, self.name = int(seat), str(name)
        self.stage = HANDOVER
        self.relabel()

    def show(self) -> None:
        """Only the seat can see now: the entry, with its amount."""
        if self.stage == HANDOVER:
            self.stage = ENTRY
            self.relabel()
            self.refresh()

    def press(self, key: str) -> None:
        """− or + (each repeat of a held button is one press, as on a pad)."""
        if self.stage == ENTRY and key in ("minus", "plus") and not self.locked:
            self.post(Intent("seat_key", {"seat": int(self.seat), "key": key}))

    def lock(self) -> None:
        """OK: the session locks the draft (the rules reveal once every seat has locked). The
        hand-back follows once the lock is in (`update`); a refusal stays here, said to the seat."""
        if self.stage == ENTRY and not self.locked:
            self._locking = True
            self.post(Intent("seat_key", {"seat": int(self.seat), "key": "ok"}))

    def unlock(self) -> None:
        """OK held on a pad: the locked bid becomes a draft again, to change it."""
        if self.stage == ENTRY and self.locked:
            self.message = ""
            self.post(Intent("seat_key", {"seat": int(self.seat), "key": "ok_long"}))
            self.refresh()

    def cancel(self) -> None:
        """Back without locking: from the hand-over straight to the table (nothing was shown); from
        the entry via the hand-back (the amount stays the seat's draft, as on a pad)."""
        if self.stage == HANDOVER:
            self.close()
        elif self.stage == ENTRY:
            self._hand_back(N_("Your bid stays locked.") if self.locked else
                            N_("Nothing was locked. Your amount is kept for you until you lock it."))

    def close(self) -> None:
        self._wipe()
        self.seat, self.name = -1, ""
        self.stage = CLOSED
        self.relabel()

    def _hand_back(self, why: str) -> None:
        """`why`: a msgid saying what became of the bid."""
        self._wipe()
        self._why_back = why
        self.stage = HANDBACK
        self.relabel()

    def _wipe(self) -> None:
        """Every property that could hold an amount is emptied; so is anything the seat was told."""
        self.amount_text = self.limit_text = self.message = ""
        self.locked = self.can_lower = self.can_raise = False
        self._locking = False

    # -- refreshing ----------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        """After every fact: in the entry stage, the seat's amount again (a press moved it, its pad
        may have too), a refusal for it, or the end of the round (someone else's lock revealed)."""
        if self.stage != ENTRY:
            return
        # The round's own phase, not the game's: a game embedding a round (Tribune) names its
        # phases after the bid ("region_v", "chariot"), while the round says "bidding" in any game.
        if ((table.view or {}).get("bid") or {}).get("phase") != "bidding":
            self._hand_back(N_("The bids were revealed."))
            return
        self.refresh()
        if self.stage != ENTRY:
            return
        if self._locking and self.locked:
            self._hand_back(N_("Your bid is locked. Nobody sees it before the reveal."))
            return
        self.message = fmt.format_notice(table.notice)[0] if table.notice is not None else ""
        self._locking = False

    def refresh(self) -> None:
        """Reads the seat's private view: its draft while choosing, its locked bid once locked."""
        if self.stage != ENTRY:
            return
        view = self._seat_view(int(self.seat)) or {}
        mine = view.get("mine") or {}
        draft = view.get("draft")
        if not mine:
            self._hand_back(N_("This seat does not bid now."))
            return
        self.locked = bool(mine.get("locked"))
        amount = int(mine.get("amount", 0)) if self.locked or draft is None else int(draft)
        limit = int(mine.get("limit", 0))
        low = int((view.get("bid") or {}).get("min_bid", 0))
        self.amount_text = str(amount)
        self._pairs = (view.get("bid") or {}).get("kind") == "region_viii"
        # Tribune's region VIII locks a pair's value, not money: 0 is "no pair" (digest 3.3).
        self.limit_text = (_("A pair's value, up to {value} (0: no pair)").format(value=limit) if self._pairs
                           else limit_label(limit))
        self.relabel()
        self.can_lower = not self.locked and amount > low
        self.can_raise = not self.locked and amount < limit

    def relabel(self) -> None:
        name = self.name
        self.handover_title = _("Hand the screen to {name}").format(name=name) if name else ""
        self.handover_hint = _("Tap when only {name} can see it.").format(name=name) if name else ""
        self.ready_text = _("Only {name} can see").format(name=name) if name else ""
        pairs = getattr(self, "_pairs", False)
        self.title = ((_("{name}'s pair in region VIII") if pairs else _("{name}'s secret bid")).format(name=name)
                      if name else "")
        self.handback_title = _("Hand the screen back")
        self.handback_text = _(self._why_back) if self.stage == HANDBACK and self._why_back else ""
