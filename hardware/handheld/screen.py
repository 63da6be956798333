"""`PadScreen`: what one seat's OLED shows, as a small frozen value.

The session builds it from the seat's private view (`view(state, seat=k)`) and hands it to that
seat's display; `render.render` turns it into pixels. It holds only that seat's own secrets, in
words already translated by the caller: the hardware package knows no game and no language.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class PadScreen:
    """One seat's private screen.

    title:   the context line at the top ("Forum bid", "Seat 2 - Senate").
    amount:  the seat's current bid or choice, shown large; None shows no number.
    limit:   the most the seat may bid, shown small after the amount ("/20"); None: no limit shown.
    locked:  the bid is locked in (a closed padlock; an open one while an amount can still change).
    result:  lines shown after the reveal, instead of the amount ("You won with 12", "Bo 9").
    status:  the bottom line ("waiting for others", "hold OK to change").
    """

    title: str = ""
    amount: int | None = None
    limit: int | None = None
    locked: bool = False
    result: tuple[str, ...] = ()
    status: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.result, str):
            raise TypeError("PadScreen.result is a sequence of lines, not one string")
        object.__setattr__(self, "result", tuple(str(line) for line in self.result))
        for name in ("amount", "limit"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise TypeError(f"PadScreen.{name} must be a whole number or None, got {value!r}")

    @property
    def is_blank(self) -> bool:
        """Nothing to show (the display is then cleared)."""
        return self == PadScreen()
