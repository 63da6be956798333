"""The rest of the digest's §2.7 (../shared/rules/troyes.md) as named tests — what the "often wrong"
file (test_troyes_often_wrong.py) leaves: the raid beside the 16 events, one stored cube per action,
no pass once the square is empty, and the activity card facts §2.7 lists, card by card — and a check
that every numbered point of §2.6 and §2.7 has a test named after it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from companion.core.errors import IllegalCommand
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts.catalog import default_catalog
from companion.games.troyes.rules import TROYES
from troyes_helpers import at_actions, play, refused, seat, table

HERE = Path(__file__).resolve().parent
DIGEST = HERE.parents[2].parent / "shared" / "rules" / "troyes.md"
#: The numbered points of the digest's §2.6 and §2.7 when it was read (the digest, beside the
#: repository, is read again when it is there, so a point added to it needs its test).
POINTS = {"2.6": 12, "2.7": 11}


@pytest.fixture
def game():
    state = at_actions(3)
    for s in range(3):
        state = seat(state, s, deniers=20, influence=5, vp=0, supply=1)
    return table(state, square=(), current=0, start_player=0, cards=(), queue=())


def test_2_7_3_the_raid_is_not_one_of_the_16_events():
    catalog = default_catalog()
    decks = [e.deck for e in catalog.events.values()]
    assert len(decks) == 16 and (decks.count("red"), decks.count("white"), decks.count("yellow")) == (8, 4, 4)
    assert catalog.raid.id not in catalog.events and catalog.raid.deck is None


def test_2_7_7_an_action_uses_at_most_one_stored_cube(game):
    state = table(game, square=[(0, "white", 3)])
    error = refused(state, "cathedral", dice=[[0, "white", 3]], cube=["monk", "priest"])
    assert error.params["field"] == "cube", "a cube names one card, never several"


def test_2_7_9_no_pass_once_the_square_is_empty(game):
    state = table(game, square=[(0, "yellow", 2)])
    after = play(state, "agriculture", dice=[[0, "yellow", 2]])
    assert after.phase != "actions", "the last die used ends the actions"
    with pytest.raises(IllegalCommand):
        TROYES.decide(after, TROYES.parse_command("pass", {}))


#: §2.7's activity card facts (English tile appendix, S): what one activation or one stored cube does.
CARD_FACTS = {
    "journeyman": {"kind": "exchange", "pay": {"deniers": 3}, "gain": {"vp": 2}},
    "goldsmith": {"kind": "gain", "gain": {"vp": 1, "deniers": 2}},
    "sculptor": {"kind": "gain", "gain": {"vp": 1}},
    "innkeeper": {"kind": "exchange", "pay": {"deniers": 1}, "gain": {"influence": 1}},
    "artisan": {"kind": "exchange", "pay": {"influence": 1}, "gain": {"deniers": 6}},
    "merchant": {"kind": "gain", "gain": {"deniers": 2}},
    "miller": {"kind": "per_citizen", "buildings": ("palace", "bishopric"), "gain": {"deniers": 2}},
    "blacksmith": {"kind": "group_bonus", "colour": "red", "amount": 5},
    "militia": {"kind": "colour_as", "from": "yellow", "to": "red"},
    "priest": {"kind": "die_bonus", "colour": "yellow", "amount": 3},
    "tithing": {"kind": "free_dice", "colour": "yellow", "per_player": 1},
    "monk": {"kind": "split", "from": "white", "to": "yellow", "count": 3},
    "apprenticeship": {"kind": "faces", "value": 5, "mixed": True},
}


@pytest.mark.parametrize("card", sorted(CARD_FACTS))
def test_2_7_card_facts(card):
    """Each card §2.7 lists is in the data with that effect (the hourglass cards store cubes)."""
    spec = default_catalog().cards[card]
    assert dict(spec.effect) == CARD_FACTS[card]
    assert spec.hourglass == (CARD_FACTS[card]["kind"] not in ("gain", "exchange", "per_citizen"))


def _named_tests() -> set[str]:
    names = set()
    for path in HERE.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    return names


def _digest_points() -> dict[str, int]:
    if not DIGEST.exists():
        return POINTS
    text = DIGEST.read_text(encoding="utf-8")
    out = {}
    for section in POINTS:
        body = re.split(rf"^### {re.escape(section)}\b", text, flags=re.M)[1].split("\n### ")[0]
        out[section] = len(re.findall(r"^\d+\. ", body, flags=re.M))
    return out


def test_every_point_of_2_6_and_2_7_has_a_named_test():
    points = _digest_points()
    assert points == POINTS, "the digest's lists changed: add a test for each new point"
    names = _named_tests()
    missing = [f"{section}.{n}" for section, count in points.items() for n in range(1, count + 1)
               if not any(name.startswith(f"test_{section.replace('.', '_')}_{n}_") for name in names)]
    assert not missing, f"points without a named test: {missing}"
