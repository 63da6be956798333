"""Augustus' shared table: what it shows, as Kivy properties, and what its taps post.

Fed `TableView`s only (Augustus has no secret: the public view is every seat's). `content` says
which panel sits under the call and the players:

| content | when | what the panel offers |
| --- | --- | --- |
| `draw` | the crier draws, the app's bag | Draw a token |
| `token` | the crier draws from the physical bag (the view's ask `augustus.token`) | the tokens still in the bag |
| `seats` | a call, a resolution's choice | the seats that may enter something, and the chosen seat's choices |
| `card` | a seat takes an objective (the start's three, after a completion), or the table lays one out face up (`entry_mode` "reveal") | the five face up when the row is full (one tap takes one); else every number (one tap takes a card the table's file holds, or one face up) and a new card's facts page by page (`CardEntry`) |
| `value` | the end asks a reward tile's VP (the view's ask `augustus.reward_vp`) | − / + and Enter |
| `final` | the game is over | every line of the final scoring with its rule |
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty

from companion.session import Intent, TableView
from companion.ui.augustus import colours as seat_colours
from companion.ui.augustus import format as words
from companion.ui.augustus.panels import CardEntry
from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import _

Post = Callable[[Intent], None]
PadOfSeat = Callable[[int], "int | None"]
FileCards = Callable[[], Mapping[int, Mapping[str, Any]]]
TOKEN_ASK, VALUE_ASK = "augustus.token", "augustus.reward_vp"


#: S002 §4.1: five objectives lie face up in the middle.
FACE_UP = 5
#: Up to this many seats the players' cards sit two a row with their long objective lines.
CROWDED = 4


def content_of(view: Mapping[str, Any], mode: str = "take") -> str:
    """Which panel the view calls for (the module's table); `mode` "reveal": the table is laying
    out a face-up objective."""
    phase = view.get("phase")
    ask = view.get("ask") or {}
    if phase == "over":
        return "final"
    if mode == "reveal" and phase in ("start", "draw", "place", "resolve") \
            and len(view.get("face_up") or ()) < FACE_UP:
        return "card"
    if ask.get("kind") == TOKEN_ASK:
        return "token"
    if ask.get("kind") == VALUE_ASK:
        return "value"
    if phase == "start" or (phase == "resolve" and (view.get("duty") or {}).get("kind") == "take"):
        return "card"
    if phase == "draw":
        return "draw"
    return "seats"


def token_buttons(options: Any, bag: Mapping[str, int]) -> list[dict[str, Any]]:
    """The physical bag's panel: each token the crier may have drawn, with how many are in the bag."""
    return [{"token": t, "label": f"{words.token_name(t)} · {bag.get(t, 0)}"} for t in options]


def taker(view: Mapping[str, Any]) -> int | None:
    """The seat that takes an objective now: the first still taking at the start, or the one a
    resolution waits for."""
    if view.get("phase") == "start":
        taking = view.get("taking") or ()
        return int(taking[0]["seat"]) if taking else None
    duty = view.get("duty") or {}
    return duty.get("seat") if duty.get("kind") == "take" else None


class AugustusTableViewModel(EventDispatcher):
    """Everything Augustus' table shows, refreshed from each `TableView`."""

    active = BooleanProperty(False)
    phase = StringProperty("")
    title = StringProperty("")
    notice_text = StringProperty("")
    notice_rule = StringProperty("")
    notice_level = StringProperty("")
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    token = StringProperty("")
    token_text = StringProperty("")
    left_text = StringProperty("")
    crier_text = StringProperty("")
    warning_text = StringProperty("")
    duty_text = StringProperty("")
    rows = ListProperty([])  # [{seat, name, detail, objectives: [line], crier, done, pad}]
    #: More than four seats: the table's narrow layout (three cards a row, short objective lines,
    #: a narrower call, the cards themselves the seats' tabs).
    crowded = BooleanProperty(False)
    content = StringProperty("")
    seats = ListProperty([])  # [{seat, name}] the seats with something to enter
    seat = NumericProperty(-1)  # the chosen one among `seats`
    choices = ListProperty([])  # [label] of the chosen seat's choices
    tokens = ListProperty([])  # [{token, label}] the physical bag's: what it still holds
    value = NumericProperty(0)
    value_label = StringProperty("")
    final_lines = ListProperty([])
    card_seat = NumericProperty(-1)
    card_title = StringProperty("")
    entry = ObjectProperty(None)
    #: "take" (the entry's card goes to the seat taking one) or "reveal" (laid out face up).
    entry_mode = StringProperty("take")
    face_up = ListProperty([])  # [{number, label}] the objectives face up in the middle
    #: A completed player picks from the face-up row now (one tap); `row_full`: only from it.
    picking = BooleanProperty(False)
    row_full = BooleanProperty(False)
    face_up_text = StringProperty("")  # the toggle's words ("Row 3/5" / "Done")
    card_button = StringProperty("")

    __events__ = ("on_refreshed",)

    def __init__(self, post: Post | None = None, pad_of_seat: PadOfSeat | None = None,
                 file_cards: FileCards | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: True while `relabel` sets its properties: a screen that rebuilds on several of them
        #: waits for `on_refreshed` and rebuilds once (a call changes five of them at once).
        self.refreshing = False
        self.post: Post = post or (lambda intent: None)
        self.pad_of_seat = pad_of_seat
        #: The table's own card file's cards (`card_file.CardFile.cards`): the rows it has seen.
        self.file_cards: FileCards = file_cards or dict
        self.entry = CardEntry()
        self.bind(entry_mode=lambda *_: self.relabel())
        self._view: Mapping[str, Any] = {}
        self._journal: str | None = None
        self._intents: list[Mapping[str, Any]] = []

    # -- refreshing ----------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        view: Mapping[str, Any] = table.view or {}
        self.active = table.game == words.GAME and view.get("phase") not in (None, "setup")
        if not self.active:
            return
        if table.journal != self._journal:  # another game: it starts by taking, not laying out
            self._journal, self.entry_mode = table.journal, "take"
        self._view = view
        self.phase = str(view.get("phase"))
        self.can_undo, self.can_redo = table.can_undo, table.can_redo
        self.notice_text, self.notice_rule = fmt.format_notice(table.notice)
        self.notice_level = table.notice.level if table.notice else ""
        with self.entry.batch():  # the entry's page made once per step, not once per fact changed
            self.entry.known = list(view.get("cards_known") or ())
            self.entry.seen = list(view.get("seen") or ())
            self.entry.library = self._library(view)
            self.relabel()

    def _library(self, view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """Every card's facts the table knows: this game's (face up, in play, controlled), then
        its card file's."""
        cards: dict[int, Mapping[str, Any]] = {}
        for player in view.get("players") or ():
            for card in (*player.get("objectives", ()), *player.get("controlled", ())):
                cards.setdefault(int(card["number"]), card)
        for card in view.get("face_up") or ():
            cards.setdefault(int(card["number"]), card)
        for number, card in self.file_cards().items():
            cards.setdefault(int(number), card)
        return list(cards.values())

    def _relabel_button(self, *_args: Any) -> None:
        """The built row's button: what it does with the card."""
        self.card_button = _("Lay out face up") if self.entry_mode == "reveal" else _("Take")

    def relabel(self) -> None:
        """Every property from the view last given; then `on_refreshed`, once."""
        if not self._view or self.refreshing:
            return
        self.refreshing = True
        try:
            self._relabel()
        finally:
            self.refreshing = False
        self.dispatch("on_refreshed")

    def on_refreshed(self) -> None:
        """Every property of one refresh is set (the default handler: nothing)."""

    def _relabel(self) -> None:
        view = self._view
        players = view.get("players") or ()
        calls = int(view.get("call") or 0)
        # Before the first draw there is no draw to number ("Draw 0" read as a count of nothing)
        self.title = _("Augustus · Draw {n}").format(n=calls) if calls else _("Augustus")
        self.token = words.last_call(view)
        self.token_text = words.token_name(self.token) if self.token else _("No token yet")
        self.left_text = words.call_left(view)
        crier = view.get("crier")
        name = players[crier]["name"] if isinstance(crier, int) and 0 <= crier < len(players) else ""
        self.crier_text = _("Crier: {name}").format(name=name)
        self.warning_text = words.warning_text(view)
        self.duty_text = words.duty_text(view)
        self.crowded = len(players) > CROWDED
        self.rows = [self._row(p) for p in players]
        self.content = content_of(view)
        self.seats = [{"seat": p["seat"], "name": p["name"]} for p in players if p.get("choices")]
        if self.seat not in [s["seat"] for s in self.seats]:
            self.seat = self.seats[0]["seat"] if self.seats else -1
        self._choose_seat()
        ask = view.get("ask") or {}
        bag = view.get("bag") or {}
        self.tokens = token_buttons(ask.get("options", ()), bag) if ask.get("kind") == TOKEN_ASK else []
        if ask.get("kind") == VALUE_ASK:
            reward = str((ask.get("about") or {}).get("reward", ""))
            self.value_label = words.reward_name(reward)
        self.final_lines = words.final_lines(view["final"]) if view.get("final") else []
        row = list(view.get("face_up") or ())
        if len(row) >= FACE_UP and self.entry_mode == "reveal":
            self.entry_mode = "take"  # the row is whole: nothing more to lay out
        self.face_up = [{"number": int(c["number"]), "label": words.face_up_line(c)} for c in row]
        self.content = content_of(view, self.entry_mode)
        seat = taker(view)
        self.picking = self.entry_mode == "take" and view.get("phase") == "resolve" and seat is not None and bool(row)
        self.row_full = self.picking and len(row) >= FACE_UP
        # short words ("Row 2/5", "Done"): the toggle shares the numbers' last row at 800×480,
        # two numbers wide, its words on one line at the reading size ("Face up 0/5" wrapped)
        self.face_up_text = (_("Done") if self.entry_mode == "reveal"
                             else _("Row {n}/{total}").format(n=len(row), total=FACE_UP))
        self.card_seat = -1 if seat is None else int(seat)
        if self.entry_mode == "reveal":
            self.card_title = _("Lay out a face-up objective ({n}/{total})").format(n=len(row), total=FACE_UP)
        elif seat is not None and 0 <= seat < len(players):
            self.card_title = _("{name} takes an objective").format(name=players[seat]["name"])
        self.entry.pickable = [c["number"] for c in self.face_up] if self.picking else []
        if self.content == "card" and self.entry_mode == "reveal":
            self.duty_text = self.card_title  # the page's own title: the notice bar has the room
        elif self.content != "card":
            self.entry.reset()  # an entry left half made is not carried to the next card
        self.entry.relabel()
        self._relabel_button()

    def _row(self, player: Mapping[str, Any]) -> dict[str, Any]:
        seat = int(player["seat"])
        pad = self.pad_of_seat(seat) if self.pad_of_seat is not None else None
        detail = words.player_detail(player)
        if pad is not None:
            detail += " · " + _("Pad {n}").format(n=pad + 1)
        return {"seat": seat, "name": ("★ " if player.get("crier") else "") + str(player["name"]),
                "detail": detail,
                "objectives": [words.objective_line(o, short=self.crowded) for o in player.get("objectives", ())],
                "done": bool(player.get("acted")), "waiting": bool(player.get("choices")),
                "tint": list(seat_colours.tint(player.get("colour"))), "colour": str(player.get("colour") or "")}

    def _choose_seat(self) -> None:
        players = self._view.get("players") or ()
        me = next((p for p in players if p["seat"] == self.seat), None)
        self._intents = list(me.get("choices", ())) if me else []
        self.choices = [words.choice_label(i, self._view) for i in self._intents]

    def next_tokens(self) -> list[dict[str, Any]]:
        """What `tokens` will be at the crier's next draw from the physical bag (none with the
        app's bag): the table prepares that panel while a card is entered."""
        view = self._view
        if view.get("bag_source") != "table":
            return []
        bag = view.get("bag") or {}
        return token_buttons([t for t in words.TOKENS if bag.get(t, 0)], bag)

    def clear_notice(self) -> None:
        self.notice_text = self.notice_rule = self.notice_level = ""

    # -- what its taps post --------------------------------------------------------------------

    def choose_seat(self, seat: int) -> None:
        if seat in [s["seat"] for s in self.seats]:
            self.seat = int(seat)
            self._choose_seat()

    def play(self, index: int) -> None:
        """One of the chosen seat's choices (a placement, Skip, a reward, a victim's objective)."""
        if 0 <= index < len(self._intents):
            intent = self._intents[index]
            self.post(Intent(str(intent["name"]), dict(intent.get("args") or {})))

    def draw(self) -> None:
        self.post(Intent("draw"))

    def enter_token(self, token: str) -> None:
        """The token the crier drew from the physical bag (the rules refuse one it cannot hold)."""
        self.post(Intent("draw", {"token": str(token)}))

    def change_value(self, step: int) -> None:
        self.value = max(0, min(30, int(self.value) + int(step)))

    def enter_value(self) -> None:
        ask = self._view.get("ask") or {}
        reward = (ask.get("about") or {}).get("reward")
        if reward:
            self.post(Intent("reward_value", {"reward": str(reward), "vp": int(self.value)}))
            self.value = 0

    def choose_number(self, number: int) -> None:
        """Page 1's tap: a card face up to pick, or one the table's file holds, is taken (or laid
        out) at once; any other number asks for its facts."""
        if not self.entry.choose_number(number):
            return
        if int(number) in self.entry.pickable:
            self.pick(int(number))
        else:
            self._post_card(None)

    def take_row(self, index: int) -> None:
        """Page 3's tap on a symbols row offered: the card with that row goes in."""
        if 0 <= index < len(self.entry.rows):
            self._post_card(self.entry.card(self.entry.rows[index]))

    def take(self) -> None:
        """The card with the row tapped symbol by symbol goes in."""
        self._post_card(self.entry.card())

    def _post_card(self, card: Mapping[str, Any] | None) -> None:
        """The entry's card, for the seat taking one (or, laying out, face up): its number alone
        (`card` None: the table's card file has it), else its printed facts."""
        args: dict[str, Any] = {"number": int(self.entry.number)}
        if card is not None:
            args["card"] = dict(card)
        if self.entry_mode == "reveal":
            self.post(Intent("reveal", args))
        elif self.card_seat >= 0:
            self.post(Intent("take", {"seat": int(self.card_seat), **args}))

    def pick(self, number: int) -> None:
        """One tap: the completed player takes face-up objective `number` (its facts were entered
        when it was laid out, S002 step 5)."""
        if self.card_seat >= 0:
            self.post(Intent("take", {"seat": int(self.card_seat), "number": int(number)}))

    def toggle_face_up(self) -> None:
        """Between taking an objective and laying one out face up (the five at the start, a gap)."""
        self.entry_mode = "take" if self.entry_mode == "reveal" else "reveal"
        self.entry.reset()
