"""What each game adds to the conformance suite: a random player of its intents.

A player sets a game up and then, from the table's public view alone (as a screen or a script
would), proposes the next intent: mostly legal moves, now and then one the rules refuse (a wrong
seat, an amount out of range), since "every refusal names a rule" is part of the contract. Secret
amounts are seven digits from 4 800 000 on, so "never shown before its reveal" is a meaningful
substring test (`SECRET_AMOUNTS`).

A new game adds its player here and nothing else: `test_conformance.py` refuses a registered
game without one.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from companion.session import Intent

View = Mapping[str, Any]

SECRET_LOW, SECRET_HIGH = 4_800_000, 4_899_999
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
SIXTH = "Fa"  # Augustus seats six


def secret_amount(rnd: random.Random) -> int:
    return rnd.randint(SECRET_LOW, SECRET_HIGH)


class Player:
    """Sets a game up and proposes intents. `finish` ends a game a table may end at any time (the
    score pad, the secret bid); None where only the rules end it."""

    game: str = ""

    def setup(self, rnd: random.Random) -> dict[str, Any]:
        raise NotImplementedError

    def next_intent(self, view: View, rnd: random.Random) -> Intent:
        raise NotImplementedError

    def opening(self, view: View) -> list[Intent]:
        """What the table does first, right after the set-up (none by default)."""
        return []


def _seat(view: View, rnd: random.Random, wrong: float = 0.05) -> int:
    """A seat of the game, now and then one past the last (refused: "there is no seat")."""
    count = len(view.get("players", ())) or 1
    return count if rnd.random() < wrong else rnd.randrange(count)


class TrajanPlayer(Player):
    """The public view lists every legal move as an intent (`choices`), as the table screen shows it."""

    game = "trajan"

    def setup(self, rnd: random.Random) -> dict[str, Any]:
        count = rnd.randint(2, 4)
        return {"players": list(NAMES[:count]), "colours": ["red", "blue", "green", "yellow"][:count],
                "seed": rnd.randrange(2**31), "mode": rnd.choice(("full", "light"))}

    def next_intent(self, view: View, rnd: random.Random) -> Intent:
        choices = view.get("choices") or ()
        if not choices or rnd.random() < 0.03:
            return Intent("senate" if rnd.random() < 0.5 else "no_such_action", {})  # refused, naming the rule
        choice = rnd.choice(list(choices))
        return Intent(str(choice["name"]), dict(choice["args"]))


class ScorePadPlayer(Player):
    game = "scorepad"

    def setup(self, rnd: random.Random) -> dict[str, Any]:
        return {"players": list(NAMES[: rnd.randint(1, 5)]), "seed": rnd.randrange(2**31)}

    def next_intent(self, view: View, rnd: random.Random) -> Intent:
        if rnd.random() < 0.004:
            return Intent("finish")
        points = rnd.choice((-5, -1, 0, 1, 1, 2, 5, 10))  # 0 is refused: it changes nothing
        return Intent("add_points", {"seat": _seat(view, rnd), "points": points})


def _bid_intent(view: View, rnd: random.Random) -> Intent:
    """The sealed bids' intents (core/sealed_intents.py), shared by every game that bids."""
    seat = _seat(view, rnd)
    roll = rnd.random()
    if roll < 0.3:
        return Intent("set_bid", {"seat": seat, "amount": secret_amount(rnd)})
    if roll < 0.45:
        return Intent("adjust_bid", {"seat": seat, "steps": rnd.choice((-1, 1, 2))})
    if roll < 0.65:
        return Intent("lock_bid", {"seat": seat})
    if roll < 0.75:
        return Intent("lock_bid", {"seat": seat, "amount": secret_amount(rnd)})
    if roll < 0.85:
        return Intent("unlock_bid", {"seat": seat})
    return Intent("force_reveal")


class SecretBidPlayer(Player):
    game = "secretbid"

    def setup(self, rnd: random.Random) -> dict[str, Any]:
        return {"players": list(NAMES[: rnd.randint(2, 5)]), "seed": rnd.randrange(2**31)}

    def next_intent(self, view: View, rnd: random.Random) -> Intent:
        roll = rnd.random()
        if roll < 0.003:
            return Intent("finish")
        if roll < 0.12:
            return Intent("new_round")
        return _bid_intent(view, rnd)


class TribunePlayer(Player):
    """Every seat first takes a fortune, so the secret amounts are bids a player can afford. Most
    games are the whole game (mode "full", answering the view's `ask` as the table would, the
    sealed bids and region VIII's pairs with the bid intents; the cards' values reach past the
    secret amounts, so a pair can be one), some the money-and-bids keeper."""

    game = "tribune"
    FORTUNE = 9_000_000
    FACTIONS = ("gladiators", "legates", "praetorians", "plebeians", "patricians", "vestals", "senators")

    def opening(self, view: View) -> list[Intent]:
        return [Intent("take_money", {"seat": seat, "amount": self.FORTUNE, "reason": "a fortune for the test"})
                for seat in range(len(view.get("players", ())))]

    def setup(self, rnd: random.Random) -> dict[str, Any]:
        setup: dict[str, Any] = {"players": list(NAMES[: rnd.randint(2, 5)]), "seed": rnd.randrange(2**31)}
        if rnd.random() >= 0.1:  # mostly the whole game (the suite's whole game, seed 7, among them)
            victory = {name: rnd.choice((None, rnd.randint(1, 6))) for name in
                       ("factions", "laurels", "legions", "tribune", "favour")}
            victory["denarii"] = None  # everybody holds a fortune
            victory["factions"] = victory["factions"] or 2
            printed = sum(v is not None for v in victory.values())
            victory["needed"] = rnd.randint(1, printed)
            setup.update(mode="full", victory=victory, settings={
                "max_card_value": 2_500_000, "takeover_rule": rnd.choice(("german", "ffg")),
                "first_takeover_max_two": rnd.random() < 0.3, "several_winners": rnd.choice(
                    ("table", "most_met", "margin", "shared"))})
        return setup

    def next_intent(self, view: View, rnd: random.Random) -> Intent:
        if view.get("mode") == "full":
            return self._full(view, rnd)
        roll = rnd.random()
        if roll < 0.003:
            return Intent("finish")
        if roll < 0.1:
            return Intent(rnd.choice(("take_money", "pay_money")), {"seat": _seat(view, rnd), "amount": rnd.randint(0, 6)})
        if roll < 0.18:
            first = rnd.randint(1, 6)
            return Intent("region_v", {"space1": first, "space2": rnd.randint(1, 6)})
        if roll < 0.24:
            return Intent("chariot_auction")
        if roll < 0.3:
            return Intent("chariot", {"on_board": rnd.random() < 0.5})
        if roll < 0.36:
            return Intent("next_round")
        return _bid_intent(view, rnd)

    def _full(self, view: View, rnd: random.Random) -> Intent:
        roll = rnd.random()
        if roll < 0.02:
            return Intent(rnd.choice(("next_round", "region_v", "resolve")), {"answer": [["x"]]})  # refused
        if roll < 0.04:
            return Intent("declare", {"seat": _seat(view, rnd)})
        if roll < 0.05:
            return Intent("adjust", {"seat": _seat(view, rnd), "what": rnd.choice(("laurels", "legions", "favour")),
                                     "delta": rnd.choice((-1, 1, 2))})
        if view.get("phase") in ("region_v", "region_viii", "chariot"):
            return _bid_intent(view, rnd)
        ask = view.get("ask")
        if not ask:
            return Intent("finish")
        kind, about = ask["kind"], ask["about"]
        if kind == "tribune.place":
            return Intent("place", {"seat": ask["who"], "space": rnd.choice(list(ask["options"]) + ["VII.1"])})
        f = rnd.choice(self.FACTIONS)
        answer: Any
        if ask["options"]:
            answer = rnd.choice(list(ask["options"]))
        elif kind in ("tribune.region_i", "tribune.region_ii"):
            answer = rnd.choice((None, rnd.randint(0, 3)))
        elif kind == "tribune.region_iii":
            answer = {"value": rnd.randint(1, 4), "take": rnd.choice(("money", "card"))}
        elif kind == "tribune.region_iv":
            answer = rnd.choice((None, {"cards": [f"{f}:3"], "discard": [f"{f}:1"]},
                                 {"cards": [f"{f}:1", "vestals:2", "senators:1"], "discard": ["vestals:4"]}))
        elif kind == "tribune.region_vii":
            answer = rnd.choice((None, {"revealed": f, "discard": f"{f}:2"}))
        elif kind == "tribune.takeover":
            faction = about["faction"]
            answer = rnd.choice((None, [f"{faction}:{rnd.randint(0, 9)}" for _ in range(rnd.randint(1, 5))]))
        else:
            answer = None
        return Intent("resolve", {"answer": answer})


class DiceTrayPlayer(Player):
    """Dice entered by hand (the scanner's reads are the hardware tests' and the session's)."""

    game = "dicetray"
    COLOURS = ("red", "white", "yellow", "black")

    def setup(self, rnd: random.Random) -> dict[str, Any]:
        return {}

    def next_intent(self, view: View, rnd: random.Random) -> Intent:
        if rnd.random() < 0.004:
            return Intent("finish")
        count = rnd.randint(0, 5)  # 0 is refused: a read holds at least one die
        faces = (0, 7) if rnd.random() < 0.05 else range(1, 7)  # a face of 0 or 7 is refused
        return Intent("enter_dice", {"dice": [[rnd.choice(self.COLOURS), rnd.choice(list(faces))] for _ in range(count)]})


class TroyesPlayer(Player):
    """Troyes from the public view alone: it answers the view's `ask` (the dice a district throws,
    the card turned up, the event drawn, the black dice, a rerolled die) as a hand entry would, and
    on a player's turn builds an action from the dice lying in the city square. Groups are mostly
    of 2 or 3 dice and passing grows likelier, so a whole game fits in a few hundred steps."""

    game = "troyes"
    COLOURS = ("red", "white", "yellow")

    def setup(self, rnd: random.Random) -> dict[str, Any]:
        count = rnd.randint(2, 4)
        return {"players": list(NAMES[:count]), "seed": rnd.randrange(2**31),
                "deal_characters": rnd.random() < 0.8}

    def next_intent(self, view: View, rnd: random.Random) -> Intent:
        if rnd.random() < 0.03:  # refused, naming the rule
            return Intent(rnd.choice(("cathedral", "no_such_move", "throw_black")), {"dice": [[9, "purple", 7]]})
        ask = view.get("ask")
        if ask:
            return self._answer(view, ask, rnd)
        phase = view.get("phase")
        if phase == "placement":
            building, space = rnd.choice(view["placement"]["free"])
            return Intent("place_start", {"building": building, "space": space})
        if phase == "counter":
            return self._counter(view, rnd)
        return self._action(view, rnd)

    def _answer(self, view: View, ask: Mapping[str, Any], rnd: random.Random) -> Intent:
        args = dict(ask["intent"]["args"])
        about = ask["about"]
        if ask["kind"] == "troyes.characters":
            value: Any = rnd.sample(view["characters_in_game"], about["count"])
        elif ask["kind"] == "troyes.throw":
            due = about["due"] if rnd.random() < 0.95 else {"red": 7}
            value = [[colour, rnd.randint(1, 6)] for colour, n in due.items() for _ in range(n)]
            rnd.shuffle(value)
        elif ask["kind"] == "troyes.black_throw":
            value = [rnd.randint(1, 6) for _ in range(about["count"])]
        elif ask["options"]:
            value = rnd.choice(list(ask["options"]))
        else:
            value = rnd.randint(1, 6)
        return Intent(ask["intent"]["name"], {**args, ask["field"]: value})

    @staticmethod
    def _strength(die: list) -> int:
        return die[1] * 2 if die[0] == "red" else die[1]

    def _counter(self, view: View, rnd: random.Random) -> Intent:
        seat = view["current"]
        black = view["black"]
        mine = [[c, f] for d, c, f in view["square"] if d == seat]
        if not view["players"][seat]["can_counter"]:
            if mine and rnd.random() < 0.1:
                return Intent("reroll", {"die": rnd.choice(mine)})
            return Intent("no_counter", {})
        chosen, total = [], 0
        for die in sorted(mine, key=self._strength, reverse=True):
            chosen.append(die)
            total += self._strength(die)
            if total >= black[0]:
                break
        extra = [f for f in black[1:] if total - black[0] >= f and rnd.random() < 0.5][:1]
        return Intent("counter", {"dice": chosen, "black": [black[0], *extra]})

    def _action(self, view: View, rnd: random.Random) -> Intent:
        seat = view["current"]
        me = view["players"][seat]
        square = [list(d) for d in view["square"]]
        if not square or rnd.random() < 0.12:
            return Intent("pass", {})
        by_colour: dict[str, list] = {}
        for die in square:
            by_colour.setdefault(die[1], []).append(die)
        colour = rnd.choice(sorted(by_colour))
        dice = sorted(by_colour[colour], key=lambda d: (d[0] != seat, -d[2]))[:rnd.choice((1, 2, 3, 3))]
        source = "supply" if me["supply"] else "recruit"
        roll = rnd.random()
        if roll < 0.1:
            return Intent("place", {"die": dice[0], "citizen": source})
        if roll < 0.15:
            mine = [[c, f] for d, c, f in square if d == seat]
            if mine and rnd.random() < 0.3:
                return Intent("flip", {"dice": mine[:rnd.randint(1, 3)]})
            if mine:
                return Intent("reroll", {"die": rnd.choice(mine)})
        cards = [card for card in view["cards"] if card["colour"] == colour and card["effect"] is not None]
        events = [e for e in [view["raid"], *view["queue"]] if e["colour"] == colour]
        choices = ["agriculture"] if colour == "yellow" else []
        if colour == "white":
            choices.append("cathedral")
        if cards:
            choices += ["activate"] * 2
        if events:
            choices.append("fight")
        if not choices:
            return Intent("pass", {})
        move = rnd.choice(choices)
        if move == "activate":
            card = rnd.choice(cards)
            args: dict[str, Any] = {"card": card["id"], "dice": dice}
            if not any(s["owner"] == seat for s in card["spaces"]) and seat not in card["extra"]:
                args["citizen"] = source
            stored = [c["id"] for c in view["cards"] if c["hourglass"] and c["stored"] and c["stored"][seat]]
            if stored and rnd.random() < 0.3:
                args["cube"] = rnd.choice(stored)
            return Intent("activate", args)
        if move == "fight":
            return Intent("fight", {"event": rnd.choice(events)["id"], "dice": dice})
        return Intent(move, {"dice": dice})


class AugustusPlayer(Player):
    """Augustus from the public view alone: it answers the view's `ask` (the physical bag's token,
    a reward tile's VP), enters new objectives' printed facts (random, as a table would type
    them), lays out face-up objectives and takes one of them after a completion, and after each call places a legal legion for some seat (from its supply or moved) or
    skips; a resolution's choices it makes from the view's `duty`. Now and then a wrong step."""

    game = "augustus"
    SYMBOLS = ("swords", "shield", "chariot", "catapult", "standard", "dagger")
    POWERS = (None, None, None, {"kind": "legions", "amount": 1}, {"kind": "mobilise", "amount": 2},
              {"kind": "remove_objective"}, {"kind": "clear_objective"},
              {"kind": "vp_per_kind", "amount": 2, "of": "green"},
              {"kind": "vp_per_symbol", "amount": 1, "of": "shield", "cap": 8})

    def setup(self, rnd: random.Random) -> dict[str, Any]:
        count = rnd.randint(2, 6)
        return {"players": list(NAMES[:count]) + [SIXTH][:max(0, count - len(NAMES))], "seed": rnd.randrange(2**31),
                "oldest": rnd.randrange(count), "settings": {"bag": rnd.choice(("app", "table"))}}

    def _card(self, number: int, rnd: random.Random) -> dict[str, Any]:
        return {"number": number, "kind": rnd.choice(("green", "pink", "orange", "senator")), "vp": rnd.randint(0, 9),
                "gold": rnd.choice((0, 0, 0, 1, 2)), "wheat": rnd.choice((0, 0, 0, 1)),
                "symbols": [rnd.choice(self.SYMBOLS) for _ in range(rnd.randint(1, 4))], "power": rnd.choice(self.POWERS)}

    def next_intent(self, view: View, rnd: random.Random) -> Intent:
        if rnd.random() < 0.03:  # refused, naming the rule
            return rnd.choice((Intent("place", {"seat": 0, "number": 99, "slot": 9}), Intent("no_such_step", {}),
                               Intent("draw", {"token": "joker"}), Intent("take", {"seat": 0, "number": 0})))
        ask = view.get("ask")
        if ask:
            value = rnd.choice(list(ask["options"]))
            if ask["kind"] == "augustus.token" and rnd.random() < 0.05:
                value = next((t for t, n in view["bag"].items() if n == 0), "eagle")  # an impossible draw
            return Intent(ask["intent"]["name"], {**ask["intent"]["args"], ask["field"]: value})
        phase, duty = view.get("phase"), view.get("duty")
        free = [n for n in range(1, 89) if n not in view["seen"]]
        if phase in ("start", "draw", "place", "resolve") and len(view["face_up"]) < 5 and rnd.random() < 0.1:
            number = rnd.choice(free)  # the table lays out a face-up objective
            return Intent("reveal", {"number": number, "card": self._card(number, rnd)})
        if phase == "start" or (duty and duty["kind"] == "take"):
            seat = duty["seat"] if phase != "start" else rnd.choice(view["taking"])["seat"]
            if phase != "start" and view["face_up"] and rnd.random() < 0.9:  # one of the five, by number
                return Intent("take", {"seat": seat, "number": rnd.choice(view["face_up"])["number"]})
            number = rnd.choice(free) if rnd.random() < 0.97 else (view["seen"] or [1])[0]
            return Intent("take", {"seat": seat, "number": number, "card": self._card(number, rnd)})
        if phase == "draw":
            return Intent("draw", {})
        if phase == "place":
            seats = [p["seat"] for p in view["players"] if p["can_place"]]
            seat = rnd.choice(seats)
            return self._placement(view, seat, "" if view["token"] == "joker" else view["token"], rnd)
        if not duty:
            return Intent("draw", {})  # refused: nothing to draw now
        seat, kind = duty["seat"], duty["kind"]
        me = view["players"][seat]
        if kind == "mobilise":
            return self._placement(view, seat, duty["of"], rnd)
        if kind == "number":
            return Intent("claim" if rnd.random() < 0.7 else "skip", {"seat": seat})
        if kind == "lose":
            return Intent("lose", {"seat": seat, "number": rnd.choice(me["controlled"])["number"]})
        if kind == "clear":
            numbers = [o["number"] for o in me["objectives"] if any(o["legions"]) and not o["pending"]]
            return Intent("clear", {"seat": seat, "number": rnd.choice(numbers)})
        if kind == "give":
            return Intent("give", {"seat": seat, "to": rnd.choice(duty["options"])})
        return Intent("skip", {"seat": seat})

    def _placement(self, view: View, seat: int, wanted: str, rnd: random.Random) -> Intent:
        me = view["players"][seat]
        mine = [o for o in me["objectives"] if not o["pending"]]
        targets = [(o["number"], i) for o in mine for i, (symbol, filled) in enumerate(zip(o["symbols"], o["legions"]))
                   if not filled and wanted in ("", symbol)]
        sources = [(o["number"], i) for o in mine for i, filled in enumerate(o["legions"]) if filled]
        if not targets or rnd.random() < 0.1 or (not me["supply"] and not sources):
            return Intent("skip", {"seat": seat})
        number, slot = rnd.choice(targets)
        args: dict[str, Any] = {"seat": seat, "number": number, "slot": slot}
        if sources and (not me["supply"] or rnd.random() < 0.2):
            args["from_number"], args["from_slot"] = rnd.choice(sources)
        return Intent("place", args)


PLAYERS: dict[str, Callable[[], Player]] = {
    player.game: player for player in (TrajanPlayer, ScorePadPlayer, SecretBidPlayer, TribunePlayer, DiceTrayPlayer,
                                       TroyesPlayer, AugustusPlayer)
}
