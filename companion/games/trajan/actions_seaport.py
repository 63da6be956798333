"""The seaport action (Trajan 1.10): draw, take a discard, play cards to the display, or ship.

Hands are counts: the app never sees the cards, so the table names the cards it plays or ships and
the app checks what it can: the hand is big enough, the set fits the ship, and no commodity appears
more than its 5 cards (Trajan 1.10: 12 commodities × 5).

Commodity wildcards (a "wild_commodity" forum tile, Trajan 1.7 / 1.10 "wild commodity allowed"; S000
p12: it stands for any one commodity card and then leaves the game): a ship's cards may name
``"wild"`` for each such tile the player holds. The tile is discarded; it is not a card, so it leaves
no card in the hand and adds none to the display. Wildcards cannot be played to the display: S000 says
unused ones count at the end by themselves.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.trajan import rules_data as R
from companion.games.trajan.commands import Seaport
from companion.games.trajan.state import TrajanState, bag, bag_remove

WILD = "wild"  # a card name standing for a commodity wildcard forum tile
WILD_TILE = "wild_commodity"
CARDS_PER_COMMODITY = 5  # Trajan 1.10: 60 cards = 12 commodities × 5


def commodities_out(state: TrajanState) -> Counter:
    """Cards of each commodity lying in the players' displays (the only cards the app can see)."""
    return Counter(card for player in state.players for card in player.display)


def ship_size(state: TrajanState, ship: str, cards: tuple[str, ...]) -> int:
    """How many pairs (pairs ship) or cards (the others) the shipment counts; refuses a set the ship
    does not take. `cards` may name "wild" for commodity wildcards."""
    real = [card for card in cards if card != WILD]
    wilds = len(cards) - len(real)
    counts = Counter(real)
    largest = len(state.settings.ship_vp[ship]["yellow"])
    if ship == "pairs":
        singles = sum(1 for n in counts.values() if n == 1)
        ok = (len(cards) % 2 == 0 and 1 <= len(cards) // 2 <= largest
              and all(n <= 2 for n in counts.values()) and singles <= wilds)
        if not ok:
            raise IllegalCommand("Trajan 1.10 ships", "The pairs ship takes 1 to {max} pairs of identical cards, each pair a different commodity.", max=largest)
        return len(cards) // 2
    if ship == "different":
        if not (1 <= len(cards) <= largest and all(n == 1 for n in counts.values())):
            raise IllegalCommand("Trajan 1.10 ships", "The different ship takes 1 to {max} cards, all different.", max=largest)
        return len(cards)
    if not (1 <= len(cards) <= largest and len(counts) <= 1):
        raise IllegalCommand("Trajan 1.10 ships", "The identical ship takes 1 to {max} cards, all the same.", max=largest)
    return len(cards)


def ship_vp(state: TrajanState, ship: str, size: int) -> int:
    """VP for a shipment of `size` on `ship`, by the ship's current side (Trajan 1.10, 1.14 #10)."""
    side = state.ships[R.SHIPS.index(ship)]
    return state.settings.ship_vp[ship][side][size - 1]


def _check_cards(state: TrajanState, seat: int, cards: tuple[str, ...]) -> None:
    player = state.player(seat)
    for card in cards:
        if card != WILD and card not in R.COMMODITIES:
            raise IllegalCommand("Trajan 1.10 seaport", "{card} is not a commodity card.", card=card)
    real = [card for card in cards if card != WILD]
    if len(real) > player.hand:
        raise IllegalCommand("Trajan 1.10 seaport", "{name} has only {hand} cards in hand: {count} needed.",
                             name=player.name, hand=player.hand, count=len(real))
    wilds = len(cards) - len(real)
    if wilds > player.forum_count(WILD_TILE):
        raise IllegalCommand("Trajan 1.10 seaport", "{name} has only {have} commodity wildcards: {count} needed.",
                             name=player.name, have=player.forum_count(WILD_TILE), count=wilds)
    out = commodities_out(state)
    for card, n in sorted(Counter(real).items()):
        if out[card] + n > CARDS_PER_COMMODITY:
            raise IllegalCommand("Trajan 1.10 seaport", "There are only {limit} {card} cards and {shown} already lie in displays.",
                                 limit=CARDS_PER_COMMODITY, card=card, shown=out[card])


def seaport(state: TrajanState, seat: int, cmd: Seaport) -> TrajanState:
    """Trajan 1.10. "draw": draw 2, discard 1 (hand +1); "take_discard": the top of a discard pile
    (hand +1); "play": 1–2 named cards to the display, redrawing as many (hand unchanged); "ship": the
    named cards (and wildcards) on `cmd.ship`, scoring by the ship's side, which then turns grey."""
    player = state.player(seat)
    cmd = evolve(cmd, cards=tuple(cmd.cards))  # a decoded event may carry a list
    if cmd.kind in ("draw", "take_discard"):
        if cmd.cards or cmd.ship is not None:
            raise IllegalCommand("Trajan 1.10 seaport", "Drawing or taking a discard names no cards and no ship.")
        return state.with_player(evolve(player, hand=player.hand + 1))
    if cmd.kind == "play":
        if cmd.ship is not None:
            raise IllegalCommand("Trajan 1.10 seaport", "Only a shipment names a ship.")
        if not 1 <= len(cmd.cards) <= 2:
            raise IllegalCommand("Trajan 1.10 seaport", "Play 1 or 2 cards to the display, not {count}.", count=len(cmd.cards))
        if WILD in cmd.cards:
            raise IllegalCommand("Trajan 1.10 seaport", "A commodity wildcard goes on a ship, not to the display.")
        _check_cards(state, seat, cmd.cards)
        return state.with_player(evolve(player, display=bag(player.display + cmd.cards)))
    if cmd.kind == "ship":
        if cmd.ship not in R.SHIPS:
            raise IllegalCommand("Trajan 1.10 ships", "There is no {ship} ship: pairs, different or identical.", ship=cmd.ship)
        _check_cards(state, seat, cmd.cards)
        size = ship_size(state, cmd.ship, cmd.cards)
        real = tuple(card for card in cmd.cards if card != WILD)
        forum = player.forum
        for _ in range(len(cmd.cards) - len(real)):
            forum = bag_remove(forum, WILD_TILE)
        player = evolve(
            player, vp=player.vp + ship_vp(state, cmd.ship, size), hand=player.hand - len(real),
            display=bag(player.display + real), forum=forum,
        )
        ships = list(state.ships)
        ships[R.SHIPS.index(cmd.ship)] = "grey"
        return evolve(state.with_player(player), ships=tuple(ships))
    raise IllegalCommand("Trajan 1.10 seaport", "A seaport action is draw, take_discard, play or ship, not {kind}.", kind=cmd.kind)


def seaport_choices(state: TrajanState, seat: int) -> list[Seaport]:
    """Draw, take a discard, and a few plausible plays and shipments for the hand size.

    The app cannot see hands, so the named cards are only plausible: commodities with cards left
    outside the displays, starting at an offset that moves with the game so that generated games
    vary their displays. Every command returned is legal.
    """
    player = state.player(seat)
    out = commodities_out(state)
    free = {c: CARDS_PER_COMMODITY - out[c] for c in R.COMMODITIES}
    start = (sum(out.values()) + player.vp + state.time + seat) % len(R.COMMODITIES)
    order = [R.COMMODITIES[(start + i) % len(R.COMMODITIES)] for i in range(len(R.COMMODITIES))]
    wilds = player.forum_count(WILD_TILE)
    sets: list[tuple[str, tuple[str, ...]]] = []
    avail = [c for c in order if free[c] >= 1]
    if avail:
        sets.append(("play", (avail[0],)))
        doubles = [c for c in order if free[c] >= 2]
        if doubles:
            sets.append(("play", (doubles[0], doubles[0])))
        if len(avail) >= 2:
            sets.append(("play", (avail[0], avail[1])))
    for ship in R.SHIPS:
        largest = len(state.settings.ship_vp[ship]["yellow"])
        for size in range(1, largest + 1):
            if ship == "identical":
                pick = next((c for c in order if free[c] >= size), None)
                cards = (pick,) * size if pick else ()
            elif ship == "different":
                cards = tuple(avail[:size]) if len(avail) >= size else ()
            else:
                doubles = [c for c in order if free[c] >= 2]
                cards = tuple(c for c in doubles[:size] for _ in range(2)) if len(doubles) >= size else ()
            if cards:
                sets.append(("ship:" + ship, cards))
                if wilds:
                    sets.append(("ship:" + ship, (*cards[:-1], WILD)))
    commands: list[Seaport] = [Seaport("draw"), Seaport("take_discard")]
    for kind, cards in sets:
        command = Seaport("play", cards) if kind == "play" else Seaport("ship", cards, kind[5:])
        if sum(1 for c in cards if c != WILD) <= player.hand and command not in commands:
            commands.append(command)
    return commands
