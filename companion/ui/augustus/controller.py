"""Augustus' part of the app (`app.augustus`): its set-up's own terms and its table's view-model.

The set-up shares the shell's names and pads (`app.setup_vm`, `app.setup_pads`: a game night
keeps its players) and adds the oldest player (the first crier, S002 「年紀最大的玩家開始時作為街頭
公告員」), the bag (the app draws, or the crier draws from the physical bag and enters the token)
and the table's card file (a path; the rules validate the file and name a bad card's line). With
no path named, the table's own card file in the data folder (`card_file.CardFile`), which learns
each card whose facts the table enters, is used when it exists.
"""

from __future__ import annotations

import json
import logging
import secrets
from pathlib import Path
from typing import Any, Callable

from kivy.event import EventDispatcher
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty

from companion.session import Intent
from companion.ui.augustus import colours as seat_colours
from companion.ui.augustus import format as words
from companion.ui.augustus.card_file import CardFile
from companion.ui.augustus.viewmodels import AugustusTableViewModel
from companion.ui.shell.choices import GameChoice
from companion.ui.shell.seat_colours import fit_colours, next_colour
from companion.ui.text.i18n import _

Post = Callable[[Intent], None]
log = logging.getLogger("companion.augustus")


class AugustusUI(EventDispatcher):
    """`table` (the shared table); for the set-up `oldest` (a seat), `bag` ("app" or "table"),
    `card_file` (a path, "" for none) and the words their buttons show."""

    table = ObjectProperty(None)
    oldest = NumericProperty(0)
    bag = StringProperty("app")
    bag_text = StringProperty("")
    card_file = StringProperty("")
    card_note = StringProperty("")
    oldest_labels = ObjectProperty([])
    colours = ListProperty([])  # per seat, one of `colours.COLOURS`, none twice
    colour_labels = ListProperty([])

    def __init__(self, *, post: Post, pad_of_seat: Callable[[int], int | None], setup_vm: Any, setup_pads: Any,
                 own_cards: CardFile | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.post = post
        self.setup_vm = setup_vm
        self.setup_pads = setup_pads
        #: The table's own card file in the data folder (None: none is kept, as in a bare view-model test).
        self.own_cards = own_cards
        self._named_cards: str | None = None  # the text of a card file named at the set-up being started
        self.table = AugustusTableViewModel(post=post, pad_of_seat=pad_of_seat,
                                            file_cards=own_cards.cards if own_cards is not None else None)
        setup_vm.bind(count=lambda *_: self.relabel())
        self.bind(oldest=lambda *_: self.relabel(), bag=lambda *_: self.relabel(), card_file=lambda *_: self.relabel())
        self.relabel()

    def _fit_colours(self) -> None:
        """One colour per seat: those kept, then the first free ones in the set-up's order."""
        colours = fit_colours(self.colours, int(self.setup_vm.count), seat_colours.COLOURS)
        if colours != list(self.colours):
            self.colours = colours

    def cycle_colour(self, seat: int) -> None:
        """The seat takes the next colour no other seat has."""
        self.colours = next_colour(self.colours, seat, seat_colours.COLOURS)
        self.relabel()

    def remember_colours(self, colours: Any) -> None:
        """A game night's seats keep their colours (those the set-up offers)."""
        self.colours = [str(c) for c in colours or ()]
        self.relabel()

    def relabel(self) -> None:
        self._fit_colours()
        self.colour_labels = [seat_colours.word(c) for c in self.colours]
        if self.oldest >= int(self.setup_vm.count):
            self.oldest = 0
        self.oldest_labels = [_("Oldest · first crier") if seat == self.oldest else _("Oldest?")
                              for seat in range(int(self.setup_vm.count))]
        self.bag_text = _("Bag: {bag}").format(bag=words.bag_name(self.bag))
        self.card_note = self._card_note()
        self.table.relabel()

    def _card_note(self) -> str:
        if self.card_file.strip():
            return _("Card file: {path}").format(path=self.card_file)
        own = self.own_cards
        count = len(own.cards()) if own is not None else 0
        if own is not None and own.problem:
            return own.problem
        if count:
            return _("Card file: the table's own, {n} objectives (each new card entered is added to it).").format(
                n=count)
        return _("No card file yet: each objective's facts are entered once, then kept for the next game.")

    def game_started(self) -> None:
        """The rules accepted the set-up: the cards of a card file named at it join the table's
        own (so the next game needs no path for them)."""
        text, self._named_cards = self._named_cards, None
        if text is None or self.own_cards is None:
            return
        try:
            data = json.loads(text)
        except ValueError:
            return
        items = data.get("cards") if isinstance(data, dict) else data
        if isinstance(items, list):
            self.own_cards.learn([c for c in items if isinstance(c, dict) and "number" in c])

    def learn(self, view: Any) -> None:
        """Every card the view shows (the rules accepted its facts) into the table's own card file."""
        if self.own_cards is None or not view or view.get("game") != words.GAME:
            return
        cards = [card for player in view.get("players") or ()
                 for card in (*player.get("objectives", ()), *player.get("controlled", ()))]
        self.own_cards.learn([*cards, *(view.get("face_up") or ())])

    # -- set-up --------------------------------------------------------------------------------

    def configure(self, choice: GameChoice | None) -> None:
        if choice is not None and self.setup_vm.game != words.GAME:
            self.setup_vm.configure(choice)

    def choose_oldest(self, seat: int) -> None:
        if 0 <= seat < int(self.setup_vm.count):
            self.oldest = int(seat)

    def toggle_bag(self) -> None:
        self.bag = "table" if self.bag == "app" else "app"

    def setup_terms(self) -> dict[str, Any]:
        """The oldest player, the bag, the seats' colours, a fresh seed for the app's bag, and the card file's text
        (read here; the rules refuse a bad card naming its line)."""
        terms: dict[str, Any] = {"oldest": int(self.oldest), "settings": {"bag": self.bag},
                                 "seed": secrets.randbits(63), "colours": list(self.colours)}
        path = self.card_file.strip()
        self._named_cards = None
        if path:
            try:
                terms["cards"] = self._named_cards = Path(path).expanduser().read_text(encoding="utf-8")
            except OSError as exc:
                terms["cards"] = [{"file": path, "error": exc.strerror or str(exc)}]
        elif self.own_cards is not None:
            try:
                own = self.own_cards.text()
            except OSError as exc:
                own = None
                log.warning("the table's card file cannot be read: %s", exc)
            if own is not None:
                terms["cards"] = own  # the rules check it, naming a bad card's line
        return terms

    def start(self) -> None:
        setup: dict[str, Any] = {"players": self.setup_vm.players(), **self.setup_terms()}
        if not self.setup_pads.is_default():
            setup["pads"] = self.setup_pads.value()
        self.post(Intent("new_game", {"game": words.GAME, "setup": setup}))
