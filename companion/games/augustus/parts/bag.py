"""The bag of 23 mobilisation tokens (augustus.md §4.1, C: S002, META-AUG).

The app draws from the seeded generator held in the state (so replay, undo and redo reproduce the
same draws), or, a setting, the crier draws from the physical bag and enters the token: then only
tokens still in the bag are accepted (a third joker, a sixth shield is refused by this rule).
"""

from __future__ import annotations

from companion.core.errors import IllegalCommand
from companion.core.rng import SeededRandom

RULE = "Augustus 4.1 bag"
JOKER_RULE = "Augustus 4.2 joker"

#: Symbols on the objectives, in the bag's order (S002 §3: 雙劍 盾牌 戰車 投石車 準則 匕首).
SYMBOLS = ("swords", "shield", "chariot", "catapult", "standard", "dagger")
JOKER = "joker"
TOKENS = SYMBOLS + (JOKER,)
#: How many of each token the bag holds (S002 §3: 6x 5x 4x 3x 2x 1x 2x = 23).
COUNTS = (6, 5, 4, 3, 2, 1, 2)
FULL = COUNTS
SIZE = sum(COUNTS)


def remaining(bag: tuple[int, ...], token: str) -> int:
    return bag[TOKENS.index(token)]


def in_bag(bag: tuple[int, ...]) -> tuple[str, ...]:
    """The kinds of token still in the bag, in the bag's order (what the crier may draw)."""
    return tuple(token for token, count in zip(TOKENS, bag) if count)


def check_drawable(bag: tuple[int, ...], token: str) -> None:
    """Refuses a token the bag cannot give: an unknown name, or one whose every copy is out."""
    if token not in TOKENS:
        raise IllegalCommand(RULE, "There is no token '{token}' in Augustus' bag.", token=token)
    if not remaining(bag, token):
        raise IllegalCommand(RULE, "No {token} is left in the bag: all {count} have been drawn.", token=token,
                             count=COUNTS[TOKENS.index(token)])


def refuse_entered() -> None:
    """The app's bag is the app's: a token entered by hand would let anyone pick the call."""
    raise IllegalCommand(RULE, "This game draws from the app's bag: the token is not entered.")


def without(bag: tuple[int, ...], token: str) -> tuple[int, ...]:
    i = TOKENS.index(token)
    return bag[:i] + (bag[i] - 1,) + bag[i + 1:]


def draw(bag: tuple[int, ...], rng: SeededRandom) -> tuple[str, SeededRandom]:
    """One token out of the bag, every token in it equally likely (not every kind)."""
    index, rng = rng.below(sum(bag))
    for token, count in zip(TOKENS, bag):
        if index < count:
            return token, rng
        index -= count
    raise ValueError("the bag is empty")  # unreachable: a joker refills it before it can empty


def matches(token: str, symbol: str) -> bool:
    """S002: a token mobilises onto its own symbol; a joker onto any (「可以調動你所選擇的軍團」)."""
    return token == JOKER or token == symbol
