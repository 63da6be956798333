"""How many examples a property test tries: its own figure for the suite, scaled by the profile.

Two hypothesis profiles (registered in tests/conftest.py): "suite", the default, runs each property
with the figure its test names; "thorough" runs ten times as many, for a soak after a change to
what a property covers (`COMPANION_PROPERTIES=thorough`, or pytest's `--hypothesis-profile
thorough`). A test names its figure as `max_examples=examples(N)`, never a bare number, so the
thorough run scales it too. N is what finds the bugs the property is about without costing the
suite its ten-minute budget on a loaded machine: hypothesis's default (100) or fewer, unless a
test says why it needs more. Every profile keeps `deadline=None`: no property depends on how fast
a loaded machine runs it.
"""

from __future__ import annotations

from hypothesis import settings

#: Examples per profile, relative to a test's own figure.
SCALE = {"suite": 1, "thorough": 10}
#: The `max_examples` of each profile's default, from which `examples` reads the scale.
_BASE = 100


def register_profiles() -> None:
    """Registers "suite" and "thorough" (done once, by tests/conftest.py, before any test imports)."""
    for name, scale in SCALE.items():
        settings.register_profile(name, max_examples=_BASE * scale, deadline=None)


def examples(n: int) -> int:
    """`n` examples in the suite, `n` × 10 in the thorough profile (the profile loaded now)."""
    return max(1, n * settings.default.max_examples // _BASE)
