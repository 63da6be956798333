"""Troyes' demo (`TroyesUI.demo`): a game in each state its documentation pictures, reached by the
intents and scanner reads the table's devices send (the throws come as `DiceRead`s, as from the
scanner; everything else as the touchscreen's taps post it).

The game is played plainly: starting citizens on the first free space, the first card and event
listed, the throws read by the scanner with faces from a fixed pattern,
black dice countered with the strongest dice when they can be, and in the actions each player takes one action with a die of their own and then passes. The
demo's seed fixes the characters dealt and the start player, so the pictures regenerate."""

from __future__ import annotations

from typing import Any, Mapping

from companion.session import DiceRead, Intent
from companion.ui.gamedemo import DemoTable, GameDemo, Prepare

TROYES_STATES = ("setup", "placement", "throw", "actions", "board", "final")
TROYES_SCREENS = {state: ("troyes_setup" if state == "setup" else "troyes_table") for state in TROYES_STATES}
SEED = 20
PLAYERS = 3


def _view(table: DemoTable) -> Mapping[str, Any]:
    return table.session.table_view().view or {}


class _Player:
    """Plays the demo game one step at a time from the public view."""

    def __init__(self, table: DemoTable) -> None:
        self.table = table
        self.seq = 0
        self.acted: set[tuple[int, int]] = set()

    def read(self, dice: list[tuple[str, int]]) -> None:
        self.seq += 1
        self.table.handle(DiceRead(self.seq, tuple(dice), boot="DEMO0001"))

    def step(self) -> None:
        view = _view(self.table)
        ask = view.get("ask")
        phase = view.get("phase")
        if ask:
            kind = ask["kind"]
            if kind == "troyes.throw":
                due = ask["about"]["due"]
                n = self.seq
                self.read([(c, (n + k) % 6 + 1) for k, (c, count) in enumerate(
                    (c, count) for c, count in due.items() for _ in range(count))])
                return
            if kind == "troyes.black_throw":
                self.read([("black", 6 - k % 3) for k in range(int(ask["about"]["count"]))])
                return
            args = {**ask["intent"]["args"], ask["field"]: ask["options"][0]}
            self.table.handle(Intent(ask["intent"]["name"], args))
            return
        if phase == "placement":
            building, space = view["placement"]["free"][0]
            self.table.handle(Intent("place_start", {"building": building, "space": space}))
        elif phase == "counter":
            self.counter(view)
        elif phase == "actions":
            seat = view["current"]
            key = (int(view["round"]), seat)
            cathedral = view["cathedral"]
            mine = [d for d in view["square"] if d[0] == seat and (
                d[1] == "yellow" or (d[1] == "white" and len(cathedral[d[2] - 1]) < 3))]
            if key not in self.acted and mine:
                self.acted.add(key)
                die = mine[0]
                name = "cathedral" if die[1] == "white" else "agriculture"
                self.table.handle(Intent(name, {"dice": [die]}))
            else:
                self.table.handle(Intent("pass", {}))
        else:
            raise ValueError(f"the demo does not play phase {phase!r}")

    def counter(self, view: Mapping[str, Any]) -> None:
        """The strongest own dice against the highest black die (red counts double), or none."""
        seat, black = view["current"], view["black"]
        if not view["players"][seat]["can_counter"]:
            self.table.handle(Intent("no_counter", {}))
            return
        strength = lambda d: d[1] * 2 if d[0] == "red" else d[1]  # noqa: E731
        chosen, total = [], 0
        for die in sorted(([c, f] for d, c, f in view["square"] if d == seat), key=strength, reverse=True):
            chosen.append(die)
            total += strength(die)
            if total >= black[0]:
                break
        self.table.handle(Intent("counter", {"dice": chosen, "black": [black[0]]}))

    def until(self, done: Any, limit: int = 2000) -> None:
        for _ in range(limit):
            if done(_view(self.table)):
                return
            self.step()
        raise ValueError("the demo game did not reach its state")


class TroyesDemo(GameDemo):
    screens = TROYES_SCREENS

    def play(self, table: DemoTable, state: str) -> None:
        """Three players, the first two with pads."""
        if state == "setup":
            return
        table.handle(Intent("new_game", {"game": "troyes", "setup": {
            "players": list(table.names[:PLAYERS]), "seed": SEED, "start_player": 0, "pads": [0, 1, None]}}))
        player = _Player(table)
        if state == "placement":
            player.until(lambda v: v.get("phase") == "placement" and v["placement"]["left"] <= 9)
        elif state == "throw":
            player.until(lambda v: v.get("phase") == "dice" and len(v.get("pending_throws") or ()) == 3)
        elif state in ("actions", "board"):
            player.until(lambda v: v.get("phase") == "actions" and v.get("round") == 2
                         and any(d[0] == v["current"] for d in v["square"]))
        elif state == "final":
            player.until(lambda v: v.get("phase") == "over")

    def prepare(self, state: str) -> Prepare | None:
        """Dice chosen for an action, or the board open."""
        if state == "actions":
            def choose(app: Any) -> None:
                vm = app.troyes_vm
                mine = [i for i, d in enumerate(vm.view.get("square") or ()) if d[0] == vm.view.get("current")]
                if mine:
                    vm.toggle_die(mine[0])
            return choose
        if state == "board":
            return lambda app: app.troyes_vm.toggle_board()
        return None
