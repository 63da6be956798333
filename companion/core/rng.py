"""A seeded random generator whose whole state is one integer kept in the game state.

Replay never touches the world: a draw made by the app is recorded in its event, and the generator's
state travels in the game state, so undo, redo and replay reproduce the same future draws. SplitMix64
is tiny, well studied and has no hidden state, which is exactly what a pure fold needs.
"""

from __future__ import annotations

import dataclasses
from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


@dataclasses.dataclass(frozen=True)
class SeededRandom:
    """Immutable generator: every draw returns the value and the next generator."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> "SeededRandom":
        return cls(seed & _MASK)

    def next_u64(self) -> tuple[int, "SeededRandom"]:
        state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), SeededRandom(state)

    def below(self, n: int) -> tuple[int, "SeededRandom"]:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next_u64()
            if value < limit:
                return value % n, rng

    def choice(self, items: Sequence[T]) -> tuple[T, "SeededRandom"]:
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], "SeededRandom"]:
        """Fisher–Yates on a copy."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng
