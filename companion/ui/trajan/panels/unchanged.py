"""What a panel was last refreshed from: a panel fed the same inputs in the same language shows
the same, so its refresh is skipped. The public view is built anew after every step, but its parts
compare by value; most taps change two or three of the table's panels, not all of them."""

from __future__ import annotations

from typing import Any

from companion.ui.text.i18n import current_language


class LastInputs:
    """`same(*inputs)`: whether the panel's inputs (and the language) are those of its last
    refresh; remembers them when not."""

    def __init__(self) -> None:
        self._last: tuple[Any, ...] | None = None

    def same(self, *inputs: Any) -> bool:
        key = (current_language(), inputs)
        if key == self._last:
            return True
        self._last = key
        return False
