"""Tribune's part of the app: its view-models and the actions its screens call.

One object on the app (`app.tribune`) so the app itself needs only a few lines for it, given what
each part may see and nothing more, as the secret bid's (`companion.ui.secretbid.controller`):

* the set-up shares the score pad's set-up view-model and pad choice (a game night's names and
  pads), and adds the start player and each seat's start money;
* the table view-model gets `TableView`s and which pad plays which seat (both public);
* only the private entry model (the secret bid's) gets `seat_view`, the session's view of one seat.

What every sealed-bid game has on the app (the table, the private entry, Start) is the secret bid's
`SealedBidUI`; this adds the start player and money.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Mapping

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.ui.shell.choices import GameChoice
from companion.ui.text.i18n import _
from companion.ui.secretbid.controller import Post, SealedBidUI
from companion.ui.tribune import board_words
from companion.ui.tribune.format import GAME, start_money
from companion.ui.tribune.table_rules import TableRules
from companion.ui.tribune.viewmodels import BIDDING_PHASES, TribuneTableViewModel


def card_ids(text: str) -> list[str]:
    """The ids of a card file's cards, in its order (a list of {"id", "columns"} or {"cards": […]},
    docs/tribune-snapshot.md); what is not a card with a text id is left to the rules' check."""
    whole = json.loads(text)
    items = whole.get("cards", []) if isinstance(whole, dict) else whole if isinstance(whole, list) else []
    ids = [item["id"] for item in items if isinstance(item, dict) and isinstance(item.get("id"), str)]
    return list(dict.fromkeys(ids))


class TribuneUI(SealedBidUI):
    """`table` (the shared table), `private` (a bidding seat's entry); for the set-up,
    `start_player` and `start_money` (each seat's denarii at the start, as the rules will give
    them) with `start_labels` ("12", "Start · 12")."""

    GAME = GAME
    PRIVATE_SCREEN = "tribune_private"

    start_player = NumericProperty(0)
    start_money = ListProperty([])
    start_labels = ListProperty([])
    #: The whole game (the default) or the money-and-bids keeper; the victory card as entered
    #: (six thresholds, None: not printed on the card, and how many are needed).
    whole_game = BooleanProperty(True)
    thresholds = ListProperty([None] * len(board_words.CONDITIONS))
    needed = NumericProperty(0)
    victory_text = StringProperty("")
    threshold_texts = ListProperty([])
    #: The settings page (`tribune_settings`): the S/U settings and the faction benefits the next
    #: game starts with, as rows for the page (`table_rules.TableRules`), and its one-line summary.
    #: Or the card picked from the table's card file (`victory_cards`: a path here, its text sent):
    #: the file's card ids, the one picked ("" for none: the numbers entered count) and a note
    #: (how many cards, or the rules' refusal naming the line and field).
    card_file = StringProperty("")
    card_ids = ListProperty([])
    card_id = StringProperty("")
    card_file_note = StringProperty("")
    setting_rows = ListProperty([])
    benefit_rows = ListProperty([])
    rules_text = StringProperty("")

    def __init__(self, *, setup_vm: Any, **kwargs: Any) -> None:
        self.rules = TableRules()  # before the base's __init__, which relabels
        self._card_text = ""
        super().__init__(setup_vm=setup_vm, **kwargs)
        setup_vm.bind(count=lambda *_: self._restart_money())
        self.bind(thresholds=lambda *_: self._relabel_victory(), needed=lambda *_: self._relabel_victory(),
                  whole_game=lambda *_: self._relabel_victory(), card_id=lambda *_: self._relabel_victory(),
                  card_file=lambda *_: self._load_cards())
        self._restart_money()
        self._relabel_victory()
        self.relabel_rules()

    def make_table(self, post: Post, pad_of_seat: Callable[[int], int | None]) -> TribuneTableViewModel:
        return TribuneTableViewModel(post=post, pad_of_seat=pad_of_seat)

    def relabel(self) -> None:
        super().relabel()
        self._restart_money()
        self._relabel_victory()
        self.relabel_rules()

    # -- set-up --------------------------------------------------------------------------------

    def configure(self, choice: GameChoice | None) -> None:
        """The set-up takes Tribune's player range (2–5), and the start money follows its count."""
        super().configure(choice)
        if choice is not None:
            self.rules.choice = choice
        self._restart_money()
        self.relabel_rules()

    def choose_start(self, seat: int) -> None:
        """The start player: 12 denarii, the next seat clockwise 13, and so on (digest 3.1)."""
        if 0 <= seat < int(self.setup_vm.count):
            self.start_player = int(seat)
            self._restart_money()

    def _restart_money(self) -> None:
        count = int(self.setup_vm.count)
        if self.start_player >= count:
            self.start_player = 0
        self.start_money = start_money(count, int(self.start_player))
        self.start_labels = [(_("Start · {money}") if seat == self.start_player else "{money}").format(money=money)
                             for seat, money in enumerate(self.start_money)]

    def setup_terms(self) -> dict[str, Any]:
        """The start player; in the whole game its mode and the victory card as entered (the rules
        refuse a card that cannot be won, naming the field)."""
        terms: dict[str, Any] = {"start_player": int(self.start_player)}
        if self.whole_game:
            terms["mode"] = "full"
            if self.card_id:
                terms["victory_card"], terms["victory_cards"] = self.card_id, self._card_text
            else:
                terms["victory"] = {**dict(zip(board_words.CONDITIONS, self.thresholds)), "needed": int(self.needed)}
            terms.update(self.rules.terms())
        return terms

    # -- the settings page: the table's reading of the S/U rules and its benefit table ----------

    def cycle_setting(self, name: str) -> None:
        self.rules.cycle_setting(name)
        self.relabel_rules()

    def cycle_benefit(self, faction: str, slot: str) -> None:
        self.rules.cycle_benefit(faction, slot)
        self.relabel_rules()

    def reset_rules(self) -> None:
        self.rules.reset()
        self.relabel_rules()

    def relabel_rules(self) -> None:
        """The settings page's rows again (the game's offer may be registered after this was made)."""
        self.setting_rows = self.rules.setting_rows()
        self.benefit_rows = self.rules.benefit_rows()
        self.rules_text = self.rules.summary()

    # -- the whole game's victory card (digest 3.5: the thresholds are printed on the card) -------

    def toggle_mode(self) -> None:
        self.whole_game = not self.whole_game

    def step_threshold(self, index: int, delta: int) -> None:
        """One condition's threshold up or down; below 1 it is "not on this card" (None)."""
        if 0 <= index < len(self.thresholds):
            values = list(self.thresholds)
            value = (values[index] or 0) + int(delta)
            values[index] = value if value >= 1 else None
            self.thresholds = values

    def step_needed(self, delta: int) -> None:
        self.needed = max(0, min(len(self.thresholds), int(self.needed) + int(delta)))

    def pick_card(self, card_id: str) -> None:
        """The card in play from the table's file (its column for this player count is the rules'
        to find); the same card again: back to the numbers entered."""
        if card_id in self.card_ids:
            self.card_id = "" if card_id == self.card_id else card_id

    def _load_cards(self) -> None:
        """The table's card file read, and its card ids to pick from. The rules check the whole
        file when the game starts (`victory_cards`: a bad card is refused above the names, naming
        the line and field); here only what keeps ids from being listed is said."""
        path = self.card_file.strip()
        self._card_text, ids = "", []
        if not path:
            note = ""
        else:
            try:
                self._card_text = Path(path).expanduser().read_text(encoding="utf-8")
                ids = card_ids(self._card_text)
                note = _("{n} cards in the file: tap the card in play.").format(n=len(ids))
            except OSError as exc:
                note = _("The card file cannot be read: {error}").format(error=exc.strerror or str(exc))
            except UnicodeDecodeError:
                note = _("The card file is not text (UTF-8).")
            except ValueError as exc:  # not JSON
                note = _("The card file is not JSON: {error} (line {line}, column {column}).").format(
                    error=getattr(exc, "msg", str(exc)), line=getattr(exc, "lineno", "?"), column=getattr(exc, "colno", "?"))
        self.card_ids, self.card_file_note = ids, note
        if self.card_id not in ids:
            self.card_id = ""

    def _relabel_victory(self) -> None:
        self.threshold_texts = [_("not on the card") if t is None else str(t) for t in self.thresholds]
        printed = [t for t in self.thresholds if t is not None]
        if not self.whole_game:
            self.victory_text = _("Money and bids only: the table judges the victory card.")
        elif self.card_id:
            self.victory_text = _("Victory card {id} from the card file").format(id=self.card_id)
        elif not printed or not self.needed:
            self.victory_text = _("Victory card: not entered yet")
        else:
            self.victory_text = board_words.threshold_text(
                {"thresholds": dict(zip(board_words.CONDITIONS, self.thresholds)), "needed": int(self.needed)})

    # -- the private entry ---------------------------------------------------------------------

    def bidders(self) -> list[Mapping[str, Any]]:
        return list(self.table.bid_rows) if self.table.phase in BIDDING_PHASES else []
