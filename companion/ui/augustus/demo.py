"""Augustus' demo (`AugustusGameUI.demo`): a game in each state its documentation pictures, reached
by the intents the screens and pads send. The table keeps a card file of a few objectives (made
up for the demo: no open list of the 88 cards exists to ship)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.session import Intent
from companion.ui.augustus.card_file import RELATIVE, format_cards
from companion.ui.gamedemo import DemoTable, GameDemo, Prepare

#: The set-up, the first objective's number (a tap takes one in the card file), a new card's
#: facts (its symbols row one tap among those seen), a call on the table (the app's bag), the
#: physical bag's token asked, a completed player picking one of the five face up, and a
#: finished game's breakdown.
AUGUSTUS_STATES = ("setup", "card", "facts", "call", "bag", "pick", "final")
AUGUSTUS_SCREENS = {state: ("augustus_setup" if state == "setup" else "augustus_table") for state in AUGUSTUS_STATES}


def _card(number: int, kind: str, vp: int, symbols: list[str], **more: Any) -> dict[str, Any]:
    return {"number": number, "kind": kind, "vp": vp, "gold": more.get("gold", 0), "wheat": more.get("wheat", 0),
            "symbols": symbols, "power": more.get("power")}


#: Two players' three objectives each, then the ones taken after a completion.
CARDS = [
    _card(12, "green", 2, ["shield"]), _card(30, "pink", 4, ["swords", "chariot", "catapult"], gold=1),
    _card(44, "orange", 5, ["swords", "swords", "standard", "dagger"]),
    _card(8, "senator", 3, ["shield", "chariot"], wheat=1), _card(51, "green", 6, ["catapult", "catapult", "swords"]),
    _card(70, "green", 3, ["shield", "shield"], power={"kind": "mobilise", "amount": 2}),
] + [_card(n, "pink", 1, ["swords"]) for n in range(60, 69)] + [_card(n, "green", 1, ["shield"]) for n in range(71, 80)]


class AugustusDemo(GameDemo):
    screens = AUGUSTUS_SCREENS

    def play(self, table: DemoTable, state: str) -> None:
        names = list(table.names[:2]) if state != "setup" else list(table.names[:3])
        bag = "table"
        setup = {"players": names, "seed": 7, "oldest": 1, "settings": {"bag": bag}}
        own = Path(table.session.store.data_dir) / RELATIVE  # the table's own card file, as a set-up finds it
        own.parent.mkdir(parents=True, exist_ok=True)
        own.write_text(format_cards(CARDS), encoding="utf-8")
        setup["cards"] = own.read_text(encoding="utf-8")
        steps = [Intent("new_game", {"game": "augustus", "setup": setup})]
        if state in ("setup", "card", "facts"):
            for intent in steps:
                table.handle(intent)
            return
        hands = {0: (12, 30, 44), 1: (8, 51, 70)}
        steps += [Intent("take", {"seat": seat, "number": n}) for seat, hand in hands.items() for n in hand]
        if state == "bag":
            steps += [Intent("draw", {"token": "chariot"}), Intent("place", {"seat": 0, "number": 30, "slot": 1}),
                      Intent("place", {"seat": 1, "number": 8, "slot": 1})]
        if state == "pick":
            steps += [Intent("reveal", {"number": n}) for n in (60, 61, 71, 62, 72)]
            steps += [Intent("draw", {"token": "shield"}), Intent("place", {"seat": 0, "number": 12, "slot": 0}),
                      Intent("skip", {"seat": 1})]
        if state == "call":
            steps += [Intent("draw", {"token": "swords"}), Intent("place", {"seat": 0, "number": 44, "slot": 0}),
                      Intent("skip", {"seat": 1}), Intent("draw", {"token": "shield"})]
        for intent in steps:
            table.handle(intent)
        if state == "final":
            self._to_the_end(table)

    @staticmethod
    def _to_the_end(table: DemoTable) -> None:
        """Ann puts a legion on her first open shield at every call and takes the next one-shield
        objective from the file, claiming the number rewards, while Bo skips, until she holds 7:
        the draw closes and the game ends (the colour tiles' VP entered as the end asks)."""
        taken = iter(range(71, 80))
        for _ in range(200):
            view = table.session.table_view().view or {}
            phase, duty = view.get("phase"), view.get("duty") or {}
            if phase == "over":
                return
            if phase == "draw":
                table.handle(Intent("draw", {"token": "shield" if view["bag"]["shield"] else "joker"}))
            elif phase == "place":
                for player in view["players"]:
                    choices = player["choices"]
                    if choices:
                        choice = choices[0] if player["seat"] == 0 else choices[-1]
                        table.handle(Intent(choice["name"], choice["args"]))
            elif phase == "resolve" and duty.get("kind") == "take":
                table.handle(Intent("take", {"seat": duty["seat"], "number": next(taken)}))
            elif phase == "resolve":
                choice = view["players"][duty["seat"]]["choices"][0]
                table.handle(Intent(choice["name"], choice["args"]))
            elif phase == "values":
                table.handle(Intent("reward_value", {"reward": view["ask"]["about"]["reward"], "vp": 3}))
        raise RuntimeError("the demo game did not end")

    def prepare(self, state: str) -> Prepare | None:
        """"facts": objective 20 (not in the card file) tapped, then Pink 4 VP: its symbols page."""
        if state != "facts":
            return None

        def facts(app: Any) -> None:
            table = app.augustus.table
            table.choose_number(20)
            table.entry.choose_kind_vp("pink", 4)

        return facts
