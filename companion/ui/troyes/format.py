"""Troyes' words on the table screen, its pads and its history: phases, buildings, districts, dice,
what an Ask asks, the final breakdown's categories. One place, so the screen, the pads and the
status display say the same thing. Pure (no Kivy): public views in, translated text out.

Card, event and character names are the data files' own words (the table can check them against
its box and edit them), in the table's language where the data gives one (`names`), shown as they
are; everything else goes through the catalogs.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from companion.ui.dice.words import colour_label, colour_word, die_text
from companion.ui.text.i18n import N_, _, current_language

GAME = "troyes"
NEUTRAL = -1
"""The district of the grey citizens and their dice (the rules' `NEUTRAL`)."""

PHASES: Mapping[str, str] = {
    "characters": N_("Characters"), "placement": N_("Starting citizens"), "reveal": N_("Activity cards"),
    "dice": N_("Dice"), "event_draw": N_("Events"), "black_throw": N_("Black dice"), "counter": N_("Countering"),
    "actions": N_("Actions"), "over": N_("Final scoring"),
}
BUILDINGS: Mapping[str, str] = {"palace": N_("Palace"), "bishopric": N_("Bishopric"), "city_hall": N_("City Hall")}
COLOUR_NAMES: Mapping[str, str] = {"natural": N_("natural"), "blue": N_("blue"), "green": N_("green"),
                                   "orange": N_("orange")}
PLAYER_COLOURS = ("natural", "blue", "green", "orange")
"""The box's seat colours, in its order (the rules' `PLAYER_COLOURS`; the set-up cycles them)."""

CATEGORIES: Mapping[str, str] = {
    "vp_tokens": N_("VP tokens"), "tradesmen": N_("Tradesmen"), "cathedral": N_("Cathedral"),
    "characters": N_("Characters"), "uncountered_events": N_("Events left uncountered"),
}
TIE_BREAKS: Mapping[str, str] = {"none": N_("no tie"), "shared": N_("a shared win"), "deniers": N_("most deniers"),
                                 "influence": N_("most influence")}
MOVES: Mapping[str, str] = {
    "activate": N_("Activate"), "cathedral": N_("Cathedral"), "fight": N_("Fight"), "place": N_("Citizen"),
    "agriculture": N_("Agriculture"), "pass": N_("Pass"), "counter": N_("Counter"), "no_counter": N_("Don't counter"),
    "reroll": N_("Reroll"), "flip": N_("Flip"), "throw": N_("Throw"), "throw_black": N_("Black dice"),
    "reveal_activity": N_("Card turned up"), "draw_event": N_("Event drawn"), "rerolled": N_("Rerolled"),
    "place_start": N_("Starting citizen"), "enter_characters": N_("Character entered"),
}


def phase_name(phase: Any) -> str:
    msgid = PHASES.get(str(phase))
    return _(msgid) if msgid else str(phase)


def building_name(building: Any) -> str:
    msgid = BUILDINGS.get(str(building))
    return _(msgid) if msgid else str(building)


def seat_colour(colour: Any) -> str:
    msgid = COLOUR_NAMES.get(str(colour))
    return _(msgid) if msgid else str(colour)


def move_name(move: Any) -> str:
    msgid = MOVES.get(str(move))
    return _(msgid) if msgid else str(move)


def names_of(view: Mapping[str, Any]) -> list[str]:
    return [str(p.get("name", "")) for p in view.get("players") or ()]


def district_name(names: Sequence[str], district: Any) -> str:
    """A seat's name, or "Neutral" for the grey district."""
    if district == NEUTRAL:
        return _("Neutral")
    if isinstance(district, int) and 0 <= district < len(names):
        return names[district]
    return str(district)


def owner_mark(names: Sequence[str], owner: Any) -> str:
    """A citizen's or cube's owner, short: the name, "grey" for a neutral one, "–" for a free space."""
    if owner is None:
        return "–"
    if owner == NEUTRAL:
        return _("grey")
    return district_name(names, owner)


def local_name(item: Mapping[str, Any]) -> str:
    """A card's, event's or character's name in the table's language: the data's `names` for it
    (zh-Hans, zh-Hant), else its `name` (the English, and whatever a table typed in the settings)."""
    names = item.get("names") or {}
    return str(names.get(current_language()) or item.get("name") or item.get("id") or "")


def name_of(names: Mapping[str, Any], item_id: Any) -> str:
    """A card's or event's name in the table's language by its id, from `names` (id → its name per
    language, "en" the data's `name`: the view's `names`, a set-up event's); the id when unknown."""
    named = names.get(str(item_id)) if item_id is not None else None
    if not isinstance(named, Mapping):
        return "" if item_id is None else str(item_id)
    return str(named.get(current_language()) or named.get("en") or item_id)


def named_params(params: Mapping[str, Any], names: Mapping[str, Any] | None) -> dict[str, Any]:
    """The rules' parameters with each card or event in the table's language: beside a name in
    English (`card`, `event`, `character`) the rules give its id (`card_id` …), which `names` (id →
    its name per language) turns into the name; a parameter without its id, or an id `names`
    does not know, stays as the rules wrote it."""
    out = dict(params)
    for key, value in params.items():
        if key.endswith("_id") and key[:-len("_id")] in out and names and str(value) in names:
            out[key[:-len("_id")]] = name_of(names, value)
    return out


def due_text(due: Mapping[str, Any]) -> str:
    """"2 red, 1 white": the dice a district is due."""
    return _(", ").join(_("{count} {colour}").format(count=int(n), colour=colour_word(str(c)))
                        for c, n in due.items() if int(n))


def notice_params(params: Mapping[str, Any], names: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A Troyes refusal's parameters in the table's language: dice counts given as data beside
    their English (`<key>_counts`, games.troyes.parts.reads.counted) worded as `due_text` does, a
    dice colour (`colour`) by its word, and a card or event by its name (`<key>_id` beside it,
    `named_params`; `names`: the view's, every card's and event's name per language)."""
    out = named_params(params, names)
    for key, value in params.items():
        if key.endswith("_counts") and isinstance(value, Mapping) and key[:-len("_counts")] in out:
            out[key[:-len("_counts")]] = due_text(value) or _("no dice")
    if isinstance(out.get("colour"), str):
        out["colour"] = colour_word(out["colour"])
    return out


def dice_words(dice: Iterable[Sequence[Any]]) -> str:
    """(colour, face) pairs as "red 3, white 5"."""
    return _(", ").join(die_text(str(d[0]), int(d[1])) for d in dice)


def title(view: Mapping[str, Any]) -> str:
    """"Round 2 of 5 · Actions"."""
    if view.get("phase") == "over":
        return _("Troyes · final scoring")
    return _("Round {round} of {rounds} · {phase}").format(round=int(view.get("round", 0)),
                                                        rounds=int(view.get("rounds", 0)),
                                                        phase=phase_name(view.get("phase")))


def ask_prompt(view: Mapping[str, Any], ask: Mapping[str, Any] | None) -> str:
    """What the table is asked now, in a sentence (the view's `ask`, by its kind)."""
    names = names_of(view)
    if not ask:
        return turn_prompt(view)
    kind, about = ask.get("kind"), ask.get("about") or {}
    if kind == "troyes.throw":
        return _("{district} throws {due}: into the scanner, or enter them by hand.").format(
            district=district_name(names, about.get("district")), due=due_text(about.get("due") or {}))
    if kind == "troyes.black_throw":
        return _("{name} throws {count} black dice: into the scanner, or enter them by hand.").format(
            name=district_name(names, ask.get("who")), count=int(about.get("count", 0)))
    if kind == "troyes.reroll":
        return _("{name}: throw the {colour} die again and enter its face.").format(
            name=district_name(names, ask.get("who")), colour=colour_word(str(about.get("colour", ""))))
    if kind == "troyes.activity_revealed":
        colours = _(", ").join(colour_word(str(c)) for c in about.get("colours") or ())
        return _("Turn up this round's activity cards ({colours}) and tap each.").format(colours=colours)
    if kind == "troyes.event_drawn":
        return _("Draw the next event card ({deck}) and tap it.").format(deck=colour_word(str(about.get("deck", ""))))
    if kind == "troyes.characters":
        return _("{name}: enter your character card on your pad.").format(name=district_name(names, ask.get("who")))
    return turn_prompt(view)


def turn_prompt(view: Mapping[str, Any]) -> str:
    """Whose move it is when no question waits: a starting citizen, countering, or an action."""
    names = names_of(view)
    phase = view.get("phase")
    if phase == "placement":
        seat = (view.get("placement") or {}).get("seat")
        if seat == NEUTRAL:  # the 2-player variant: the start player places the grey citizens first
            return _("{name}: place a grey citizen on a free space.").format(
                name=district_name(names, view.get("start_player")))
        return _("{name}: place a starting citizen on a free space.").format(name=district_name(names, seat))
    if phase == "counter":
        black = view.get("black") or ()
        return _("{name}: counter the black {face}, or don't (−2 VP).").format(
            name=district_name(names, view.get("current")), face=black[0] if black else "?")
    if phase == "actions":
        return _("{name}: choose dice in the square, then an action.").format(
            name=district_name(names, view.get("current")))
    if phase == "over":
        return _("The game is over: every point explained below.")
    return ""


def final_detail(part: Mapping[str, Any]) -> str:
    """One line of a category's explanation (the rules' English template and values, translated)."""
    from companion.ui.text.i18n import translate_notice

    return translate_notice(str(part.get("template", "")), dict(part.get("params") or {}))


def category_name(category: Any) -> str:
    msgid = CATEGORIES.get(str(category))
    return _(msgid) if msgid else str(category)


def tie_break_name(used: Any) -> str:
    msgid = TIE_BREAKS.get(str(used))
    return _(msgid) if msgid else str(used)


__all__ = ["colour_label", "colour_word", "die_text"]
