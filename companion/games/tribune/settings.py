"""Tribune settings: choices the rule digest leaves open (U) and limits of the app, each with the
default the digest's reading gives. Confirmed (C) rules are constants in `money.py` and `bids.py`.

A table that reads the rules differently overrides a setting at set-up (`settings` in the setup
intent); the overrides are journaled with the set-up, so a replay decides exactly as the game did.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core import sealed_policies as sealed  # the policies' names only: no sealed bids at start-up
from companion.core.errors import IllegalCommand


@dataclasses.dataclass(frozen=True)
class TribuneSettings:
    """Named settings with their defaults.

    `region_v_tie_winner_pays` (digest 3.3 [S003 + reply]): "winner pays his bid to the loser … tie →
    the player on space 1 wins". The digest does not say in so many words what a tie costs; the
    default reads "wins" as "is the winner", so the player on space 1 pays his bid to the other
    bidder like any winner. False: a tie costs the player on space 1 nothing.

    `chariot_win_returns_it` (digest 3.4, U): after a tie the chariot goes off the board; the digest
    does not say when it comes back. Default: it stays off until the table puts it back by hand;
    True: the next auction's winner puts it back on the board.

    `chariot_starts_on_board` (digest 3.4, U): where the chariot is at the start is not in the
    digest; "a tie takes it off the board" reads as though it normally stands on it.

    `min_bid` (digest 3.3/3.4, U): the digest names no minimum bid, so a player may bid 0.

    `unlocked_bids`: not a rule. When the table forces a reveal, a seat that had not locked bids the
    minimum ("minimum"; the draft on its pad stays secret) or the amount the round holds for it
    ("current": what it last locked before unlocking, else the minimum, since the session keeps an
    unlocked draft privately and the round never sees it).

    `max_adjustment`, `max_name_length`, `max_reason_length`: limits of the app (a slip at the
    screen cannot add a fortune; a name and a reason fit the screen), not rules.

    The whole game's settings (mode "full"; docs/tribune-rules.md has each with its source):
    `takeover_rule` "german" (space 1 must beat space 2's set only) or "ffg" (it must beat the
    set controlling before too), `first_takeover_max_two` (the designer's advice), `unkept_cards`
    "discard" (face down, S003) or "shuffle", `region_vi_pay_to_look` (the 4/3/2 is paid to look,
    not only to buy), `several_winners` ("table", "most_met", "margin", "shared"),
    `max_card_value`, `scrolls_per_tribune`, `start_player_rotates`, `must_declare` (only a win
    declared during the round counts at its end).
    """

    region_v_tie_winner_pays: bool = True
    chariot_win_returns_it: bool = False
    chariot_starts_on_board: bool = True
    min_bid: int = 0
    unlocked_bids: str = sealed.COUNT_MINIMUM
    max_adjustment: int = 9_999_999
    max_name_length: int = 16
    max_reason_length: int = 40
    takeover_rule: str = "german"
    first_takeover_max_two: bool = False
    unkept_cards: str = "discard"
    region_vi_pay_to_look: bool = False
    several_winners: str = "table"
    max_card_value: int = 9
    scrolls_per_tribune: int = 2
    start_player_rotates: bool = True
    must_declare: bool = False


DEFAULT = TribuneSettings()

#: The text settings and the values each may take (the whole game's, docs/tribune-rules.md).
CHOICES: dict[str, tuple[str, ...]] = {
    "unlocked_bids": (sealed.COUNT_MINIMUM, sealed.COUNT_CURRENT),
    "takeover_rule": ("german", "ffg"),
    "unkept_cards": ("discard", "shuffle"),
    "several_winners": ("table", "most_met", "margin", "shared"),
}

#: The forced-reveal policies a Tribune bid may use: "excluded" would leave region V with one
#: bidder or none, which the rules do not cover.
UNLOCKED_CHOICES = (sealed.COUNT_MINIMUM, sealed.COUNT_CURRENT)


def settings_from(overrides: Mapping[str, Any]) -> TribuneSettings:
    """The defaults with `overrides` (name → value) applied; an unknown name or a value of the wrong
    kind is refused, naming the setting."""
    fields = {f.name for f in dataclasses.fields(TribuneSettings)}
    values: dict[str, Any] = {}
    for name, value in overrides.items():
        if name not in fields:
            raise IllegalCommand("Tribune settings", "There is no Tribune setting '{name}'.", name=name)
        default = getattr(DEFAULT, name)
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, int):
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= (0 if name == "min_bid" else 1)
        else:
            ok = value in CHOICES[name]
        if not ok:
            raise IllegalCommand("Tribune settings", "The setting '{name}' has a value of the wrong kind.", name=name)
        values[name] = value
    return dataclasses.replace(DEFAULT, **values)


def describe() -> list[tuple[str, str, str]]:
    """(name, default, source) for a settings screen and docs/tribune.md."""
    return [
        ("region_v_tie_winner_pays", "yes", "Tribune 3.3 (S003 + reply: space 1 wins a tie; the winner pays)"),
        ("chariot_win_returns_it", "no", "Tribune 3.4 (U: when an off-board chariot returns is not said)"),
        ("chariot_starts_on_board", "yes", "Tribune 3.4 (U: the chariot's start is not said)"),
        ("min_bid", "0", "Tribune 3.3, 3.4 (U: no minimum bid is given)"),
        ("unlocked_bids", "minimum", "app: how a forced reveal counts a seat that had not locked"),
        ("max_adjustment", "9999999", "app: the largest take or pay by hand"),
        ("max_name_length", "16", "app"),
        ("max_reason_length", "40", "app"),
        ("takeover_rule", "german", "Tribune 3.4 (S003 reply: German rules, space 1 beats space 2 only; "
                                    "'ffg': space 1 beats both; the designer allows either)"),
        ("first_takeover_max_two", "no", "Tribune 3.7 item 6 (S003: the designer's advice, off by default)"),
        ("unkept_cards", "discard", "Tribune 3.7 item 7 (S003 discards the 2 face down; 'shuffle': back in the deck)"),
        ("region_vi_pay_to_look", "no", "Tribune 3.8 item 2 (U: looking is free, a card bought is paid)"),
        ("several_winners", "table", "Tribune 3.5, 3.8 item 7 (U: S003 only says the details are compared)"),
        ("max_card_value", "9", "Tribune 3.1 (U: the highest faction card value is not in the sources)"),
        ("scrolls_per_tribune", "2", "Tribune 3.5 (U: how many scrolls make the tribune is not in the sources)"),
        ("start_player_rotates", "yes", "Tribune 3.2 (U: the start player passes clockwise each round)"),
        ("must_declare", "no", "Tribune 3.5, 3.8 item 7 (a player meeting the card without declaring still wins; "
                               "yes: only a declared win counts)"),
    ]


#: The settings the table may read its own way on the set-up's settings page, in its order, with
#: the values a tap steps through (the first the default; the rules take any value `settings_from`
#: accepts) and each one's mark (S: a source says it; U: none does).
PAGE: tuple[tuple[str, str, tuple[Any, ...]], ...] = (
    ("takeover_rule", "S", CHOICES["takeover_rule"]),
    ("first_takeover_max_two", "S", (False, True)),
    ("unkept_cards", "S", CHOICES["unkept_cards"]),
    ("several_winners", "U", CHOICES["several_winners"]),
    ("must_declare", "U", (False, True)),
    ("region_vi_pay_to_look", "U", (False, True)),
    ("region_v_tie_winner_pays", "S", (True, False)),
    ("start_player_rotates", "U", (True, False)),
    ("chariot_starts_on_board", "U", (True, False)),
    ("chariot_win_returns_it", "U", (False, True)),
    ("scrolls_per_tribune", "U", (2, 3, 4, 1)),
    ("max_card_value", "U", (9, 10, 11, 12, 5, 6, 7, 8)),
    ("min_bid", "U", (0, 1, 2, 3, 4, 5)),
)


#: Who gives each page setting's default, as data for the players' words on the settings page
#: (`ui.text.provenance`): "box" (S003, the Chinese rules text the table holds, states it),
#: "source" (another source: S003's reply citing the BGG German rules translation, a review),
#: "" (no source: the app's reading). The digest's keys (`describe`) are for docs/tribune.md.
SAID: Mapping[str, str] = {
    "takeover_rule": "source",
    "first_takeover_max_two": "box",
    "unkept_cards": "box",
    "region_v_tie_winner_pays": "box",
    **{name: "" for name, mark, _values in PAGE if mark == "U"},
}


def setup_offer() -> dict[str, Any]:
    """What Tribune's set-up offers (the registry's `offer`), as plain values the CLI hands the UI:
    no colours; each page setting as (name, default shown, source, options), an option (label,
    value) with value None for the default (nothing sent) and the section and mark in the source
    ("Tribune 3.4|S"); and the faction benefit table in force by default (`benefits.table_data`)."""
    from companion.games.tribune import benefits

    sources = {name: source for name, _shown, source in describe()}
    settings = tuple((name, str(values[0]), f"{sources[name].split(' (')[0]}|{mark}",
                      tuple((str(v), None if i == 0 else v) for i, v in enumerate(values)))
                     for name, mark, values in PAGE)
    return {"colours": (), "settings": settings, "benefits": benefits.table_data(benefits.DEFAULT_ROWS),
            "kinds": benefits.KINDS, "said": {name: {"by": by} for name, by in SAID.items()}}
