import dataclasses

import pytest

from companion.core.values import evolve


@dataclasses.dataclass(frozen=True)
class P:
    a: int
    b: tuple = ()


def test_evolve_equals_replace_and_leaves_original():
    p = P(1, (2,))
    q = evolve(p, a=5)
    assert q == dataclasses.replace(p, a=5) and p == P(1, (2,)) and hash(q) == hash(P(5, (2,)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.a = 3  # type: ignore[misc]


def test_evolve_refuses_unknown_fields_and_post_init():
    with pytest.raises(TypeError, match="no field"):
        evolve(P(1), c=2)

    @dataclasses.dataclass(frozen=True)
    class Q:
        a: int

        def __post_init__(self):
            pass

    with pytest.raises(TypeError, match="does not support"):
        evolve(Q(1), a=2)
