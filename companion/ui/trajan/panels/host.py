"""The table view-model as the panels that post see it: a panel whose buttons play a step (the
card composer, light mode, the tiles the table drew or found, the repayment) posts through the
table, so that every step is posted one way and the panel can tell whether the rules took it."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol

from companion.session import Intent

Post = Callable[[Intent], None]


class TableHost(Protocol):
    #: the table's step count: a posted step the rules refused leaves it unchanged
    step: int
    #: "refused" while the last step's refusal is shown
    notice_level: str
    post: Post

    @property
    def view(self) -> Mapping[str, Any]:
        """The public view now ({} without a Trajan game)."""

    def play(self, intent: Mapping[str, Any]) -> None:
        """Posts a player's step with the automatic steps after it."""

    def drop_refusal(self) -> None:
        """Clears a refusal shown for what the player just cancelled."""
