"""Shared by the whole-game Tribune tests: a table folded from intents through the rules alone
(no journal), and short ways to place a round's followers and answer what it asks."""

from __future__ import annotations

from typing import Any, Iterable

from companion.core import sealed
from companion.games.tribune.rules import TRIBUNE

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
CARD = {"factions": 3, "laurels": 6, "legions": 4, "denarii": 40, "tribune": None, "favour": 2, "needed": 3}


class Table:
    """A whole game of Tribune held as its state; `do` posts an intent as the screen would."""

    def __init__(self, players: int = 3, *, victory: dict | None = None, start_player: int = 0, **settings: Any):
        self.state = TRIBUNE.initial_state()
        self.do("setup", players=list(NAMES[:players]), mode="full", start_player=start_player,
                victory=victory or CARD, settings=settings)

    def do(self, name: str, **args: Any) -> None:
        for event in TRIBUNE.decide(self.state, TRIBUNE.parse_command(name, args)):
            self.state = TRIBUNE.apply(self.state, event)

    @property
    def view(self):
        return TRIBUNE.view(self.state)

    @property
    def board(self):
        return self.view.board

    @property
    def ask(self):
        return self.view.ask

    def holding(self, seat: int):
        return self.board.holdings[seat]

    def money(self) -> list[int]:
        return [p.money for p in self.view.players]

    def answer(self, value: Any) -> None:
        self.do("resolve", answer=value)

    def place(self, *spaces: str) -> None:
        """Each space in turn for whoever's turn it is."""
        for space in spaces:
            self.do("place", seat=self.board.placer, space=space)

    def place_all(self, plan: dict[int, Iterable[str]]) -> None:
        """Every follower of the round: each seat's spaces in its turns; the rest to the bowl."""
        queues = {seat: list(spaces) for seat, spaces in plan.items()}
        while self.board.stage == "placement" and self.board.placer is not None:
            seat = self.board.placer
            queue = queues.get(seat, [])
            self.do("place", seat=seat, space=queue.pop(0) if queue else "bowl")

    def lock(self, **amounts: int) -> None:
        """Seats ("s0", "s1", …) lock their amounts (a bid or a pair's value)."""
        for key, amount in amounts.items():
            for event in TRIBUNE.decide(self.state, sealed.LockBid(int(key[1:]), amount)):
                self.state = TRIBUNE.apply(self.state, event)

    def pass_until(self, kind: str) -> None:
        """Answer every ask with its "no" until the round asks `kind` (or bids)."""
        while self.ask is not None and self.ask.kind != kind:
            self.answer(_no(self.ask))


def _no(ask) -> Any:
    if ask.kind == "tribune.region_iii":
        return {"value": 1, "take": "money"}
    if ask.kind in ("tribune.region_vi",):
        return "pass"
    if ask.kind == "tribune.region_v_single":
        return False
    if ask.kind == "tribune.chariot_move":
        return "stay"
    return None
