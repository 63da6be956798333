"""What a bad cable, a noisy ground or a busy USB hub does to the scanner's lines: for the simulator.

Each line the twin sends passes `FaultInjector.apply`, which may damage a byte, drop the line,
send it twice, or put noise before it — at random (rates per line, from a seedable generator),
or exactly once for the next line of a given type (`once("drop", "D")`), which is how a test
loses precisely the frame it means to.
"""

from __future__ import annotations

import dataclasses
import random

FAULT_KINDS = ("corrupt", "drop", "duplicate", "garbage")
LINE_TYPES = ("D", "K", "H", "E", "any")


@dataclasses.dataclass(frozen=True)
class FaultRates:
    """Chance per line (0-1) of each fault."""

    corrupt: float = 0.0
    drop: float = 0.0
    duplicate: float = 0.0
    garbage: float = 0.0

    def __post_init__(self) -> None:
        for kind in FAULT_KINDS:
            if not 0.0 <= getattr(self, kind) <= 1.0:
                raise ValueError(f"{kind} rate must be between 0 and 1")

    @classmethod
    def parse(cls, tokens: list[str]) -> "FaultRates":
        """`corrupt=0.1 drop=0.05` (kinds left out are 0); `off` for none."""
        if tokens in ([], ["off"]):
            return cls()
        rates = {}
        for token in tokens:
            kind, sep, value = token.partition("=")
            if not sep or kind not in FAULT_KINDS:
                raise ValueError(f"{token!r}: expected KIND=RATE with KIND one of {', '.join(FAULT_KINDS)}")
            rates[kind] = float(value)
        return cls(**rates)


class FaultInjector:
    """Damages lines on their way out. `counts` says how many of each fault were done."""

    def __init__(self, rates: FaultRates = FaultRates(), rng: random.Random | None = None) -> None:
        self.rates = rates
        self.rng = rng or random.Random()
        self.counts = {kind: 0 for kind in FAULT_KINDS}
        self._once: list[tuple[str, str]] = []

    def once(self, kind: str, line_type: str = "D") -> None:
        """Do `kind` to the next line of `line_type` ("D", "K", "H", "E" or "any")."""
        if kind not in FAULT_KINDS or line_type not in LINE_TYPES:
            raise ValueError(f"once KIND TYPE: KIND one of {FAULT_KINDS}, TYPE one of {LINE_TYPES}")
        self._once.append((kind, line_type))

    def apply(self, line: bytes) -> bytes:
        """The bytes that actually go out for `line` (b"" when it is dropped)."""
        kinds = set()
        line_type = chr(line[1]) if len(line) > 1 else ""
        for planned in list(self._once):
            if planned[1] in (line_type, "any") and planned[0] not in kinds:
                kinds.add(planned[0])
                self._once.remove(planned)
        for kind in FAULT_KINDS:
            rate = getattr(self.rates, kind)
            if rate and self.rng.random() < rate:
                kinds.add(kind)
        if not kinds:
            return line
        for kind in kinds:
            self.counts[kind] += 1
        if "drop" in kinds:
            return b""
        out = line
        if "corrupt" in kinds:
            # A wrong byte between "$" and the end of the CRC: the line still arrives as a line and
            # must be refused. (Noise that breaks lines apart is "garbage"; a lost one, "drop".)
            position = self.rng.randrange(1, len(out) - 2) if len(out) > 3 else 0
            damaged = out[position] ^ self.rng.randrange(1, 256)
            out = out[:position] + bytes([damaged]) + out[position + 1:]
        if "duplicate" in kinds:
            out = out + line  # the copy is intact: a USB retry, not a second roll
        if "garbage" in kinds:
            out = self.noise() + out
        return out

    def noise(self, length: int | None = None) -> bytes:
        """Random bytes, as a floating input or a bouncing plug produces (may hold `$` and LF)."""
        length = self.rng.randint(1, 24) if length is None else length
        return bytes(self.rng.randrange(256) for _ in range(length))
