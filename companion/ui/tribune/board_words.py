"""Words for Tribune's whole game on the shared screen (mode "full"), from public data only.

Pure functions over the public board view (`TribuneView.board`) and its Ask, translated with
`i18n._`, so every line is tested without a window. The rules' ids ("faction:vestals", "VIII.2",
"region_iv") never reach the screen as they are: each has its players' word here.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import N_, _

#: The factions in the rules' order (`games.tribune.board.FACTIONS`; the UI may not import the
#: rules, tests/ui/tribune keeps the two equal).
FACTIONS = ("gladiators", "legates", "praetorians", "plebeians", "patricians", "vestals", "senators")
FACTION_NAMES = {"gladiators": N_("Gladiators"), "legates": N_("Legates"), "praetorians": N_("Praetorians"),
                 "plebeians": N_("Plebeians"), "patricians": N_("Patricians"), "vestals": N_("Vestals"),
                 "senators": N_("Senators")}
#: The victory card's six conditions (`games.tribune.victory.CONDITIONS`), as the card prints them.
CONDITIONS = ("factions", "laurels", "legions", "denarii", "tribune", "favour")
CONDITION_NAMES = {"factions": N_("Factions"), "laurels": N_("Laurels"), "legions": N_("Legions"),
                   "denarii": N_("Denarii"), "tribune": N_("Tribune"), "favour": N_("Favour")}
STAGES = {"placement": N_("placing followers"), "resolve": N_("the regions"), "takeover": N_("take-overs"),
          "benefits": N_("faction benefits"), "chariot": N_("the chariot"), "winner": N_("the winner"),
          "over": N_("game over"), "region_v": N_("Region V bid"), "region_viii": N_("Region VIII pairs"),
          "chariot_move": N_("the chariot moves")}
#: A card's highest printed value, for the entry's stepper (the rules' `max_card_value` default,
#: U; the rules refuse a higher one naming the field).
MAX_CARD_VALUE = 9


def faction_name(faction: str) -> str:
    return _(FACTION_NAMES[faction]) if faction in FACTION_NAMES else str(faction)


def condition_name(condition: str) -> str:
    return _(CONDITION_NAMES[condition]) if condition in CONDITION_NAMES else str(condition)


def name_of(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return fmt.default_player_name(seat + 1) if isinstance(seat, int) else str(seat)


def card_text(card: str | Mapping[str, Any]) -> str:
    """"vestals:3" or a card view → "Vestals 3", the leader (0) as "Vestals leader"."""
    if isinstance(card, Mapping):
        faction, value = str(card.get("faction")), int(card.get("value", 0))
    else:
        faction, _sep, raw = str(card).partition(":")
        value = int(raw) if raw.isdigit() else 0
    if value == 0:
        return _("{faction} leader").format(faction=faction_name(faction))
    return f"{faction_name(faction)}{fmt.NBSP}{value}"


def cards_text(cards: Sequence[Any]) -> str:
    return " · ".join(card_text(c) for c in cards) if cards else _("none yet")


def space_label(space: str) -> str:
    """A follower space's button: "Coin bowl", "I·2", "Claim Vestals"."""
    if space == "bowl":
        return _("Coin bowl")
    if space.startswith("faction:"):
        return _("Claim {faction}").format(faction=faction_name(space.split(":", 1)[1]))
    region, _sep, index = space.partition(".")
    return f"{region}·{index}" if index else region


def stage_text(stage: str) -> str:
    return _(STAGES[stage]) if stage in STAGES else stage


def title(round_: int, phase: str) -> str:
    return _("Round {round} · {stage}").format(round=round_, stage=stage_text(phase))


def option_label(kind: str, option: Any, names: Sequence[str]) -> str:
    """One answer's button for an Ask of `kind` (the rules' option values)."""
    if kind == "tribune.place":
        return space_label(str(option))
    if kind == "tribune.region_v_single":
        return _("Pay 1, take two cards") if option is True else _("Decline")
    if kind == "tribune.region_vi":
        return {"buy": _("Buy the card"), "look": _("Pay to look"), "pass": _("Look only")}.get(str(option), str(option))
    if kind == "tribune.chariot_move":
        return _("Leave it where it is") if option == "stay" else faction_name(str(option))
    if kind == "tribune.winner":
        return _("All share the win") if option == "shared" else name_of(names, option)
    return str(option)


def question(ask: Mapping[str, Any], names: Sequence[str]) -> str:
    """What the round waits for, said to the table: whose follower, which region, what to enter."""
    kind = str(ask.get("kind", ""))
    about = ask.get("about") or {}
    who = name_of(names, about.get("seat"))
    space = space_label(str(about.get("space", "")))
    if kind == "tribune.place":
        return _("{name}: place a follower ({left} left). Tap where it stands.").format(name=who, left=about.get("left", 0))
    if kind in ("tribune.region_i", "tribune.region_ii"):
        return _("{name} at {space}: pay the card's value to take it, or leave it.").format(name=who, space=space)
    if kind == "tribune.region_iii":
        return _("{name} at {space}: enter the card's value, then take that many denarii or buy the card.").format(
            name=who, space=space)
    if kind == "tribune.region_iv":
        return _("{name} at IV: enter the cards there and the cards discarded to take them all.").format(name=who)
    if kind == "tribune.region_v_single":
        return _("{name} is alone in region V: pay {price} and take two cards?").format(name=who, price=about.get("price", 1))
    if kind == "tribune.region_vi":
        return _("{name} at {space}: look at the cards; buy one for {price} to the Colosseum?").format(
            name=who, space=space, price=about.get("price", 0))
    if kind == "tribune.region_vii":
        return _("{name} at VII: choose the revealed card's colour and the card discarded for the favour of the gods.").format(name=who)
    if kind == "tribune.takeover":
        return _takeover_question(about, names, who)
    if kind == "tribune.chariot_move":
        return _("{name} won the chariot: move it onto a faction (protected next round)?").format(name=who)
    if kind == "tribune.winner":
        return _("Several players meet the victory card: the table picks the winner.")
    return str(ask.get("rule", ""))


def _takeover_question(about: Mapping[str, Any], names: Sequence[str], who: str) -> str:
    faction = faction_name(str(about.get("faction", "")))
    if about.get("challenger") is not None:
        beat = _("{name}'s {size} cards, total {total}").format(
            name=name_of(names, about.get("challenger")), size=about.get("challenger_size", 0),
            total=about.get("challenger_total", 0))
    elif about.get("controller") is not None:
        beat = _("{name}'s {size} cards, total {total}").format(
            name=name_of(names, about.get("controller")), size=about.get("size", 0), total=about.get("total", 0))
    else:
        beat = _("nobody's set")
    return _("{name} claims {faction}: enter the set played (at least 2 cards) to beat {beat}, or pass.").format(
        name=who, faction=faction, beat=beat)


def condition_cell(condition: Mapping[str, Any]) -> str:
    """A grid cell: "✓ 7" when met (what is held), else what is held and how far short."""
    if condition.get("threshold") is None:
        return "—"
    value = int(condition.get("value", 0))
    if condition.get("met"):
        return f"✓{fmt.NBSP}{value}"
    return _("{value} (−{short})").format(value=value, short=-int(condition.get("margin") or 0))


def threshold_text(victory: Mapping[str, Any]) -> str:
    """The card: "Needs 3 of: Factions 3 · Laurels 6 · …" (a condition not printed is left out)."""
    thresholds = victory.get("thresholds") or {}
    parts = [f"{condition_name(c)}{fmt.NBSP}{thresholds[c]}" for c in CONDITIONS if thresholds.get(c) is not None]
    return _("Needs {needed} of: {conditions}").format(needed=victory.get("needed", 0), conditions=" · ".join(parts))


def standing_text(standing: Mapping[str, Any], needed: int) -> str:
    if standing.get("qualifies"):
        return _("meets {met} of {needed}: wins at the round's end").format(met=standing.get("met", 0), needed=needed)
    return _("meets {met} of {needed}").format(met=standing.get("met", 0), needed=needed)


def check_text(check: Mapping[str, Any], names: Sequence[str]) -> str:
    """A round's end check in a line: who won, who qualified, or that nobody did."""
    winners = check.get("winners")
    if winners:
        return _("Round {round}: {names} won by the victory card.").format(
            round=check.get("round", 0), names=fmt.join_names(name_of(names, s) for s in winners))
    qualifiers = list(check.get("qualifiers") or ())
    if qualifiers:
        return _("Round {round}: {names} meet the card; the table picks.").format(
            round=check.get("round", 0), names=fmt.join_names(name_of(names, s) for s in qualifiers))
    return _("Round {round}: nobody meets the victory card yet.").format(round=check.get("round", 0))


def check_short(check: Mapping[str, Any]) -> str:
    """The last check in a few words, for the title bar: "Round 1: no winner yet"."""
    if check.get("winners"):
        return _("Round {round}: won").format(round=check.get("round", 0))
    if check.get("qualifiers"):
        return _("Round {round}: the table picks").format(round=check.get("round", 0))
    return _("Round {round}: no winner yet").format(round=check.get("round", 0))


def winners_text(winners: Sequence[int], names: Sequence[str]) -> str:
    if len(winners) > 1:
        return _("{names} share the win.").format(names=fmt.join_names(name_of(names, s) for s in winners))
    return _("{name} wins Tribune.").format(name=name_of(names, winners[0])) if winners else ""


def pairs_verdict(result: Mapping[str, Any], names: Sequence[str]) -> str:
    """Region VIII's reveal: the highest pair takes 2 laurels, every other pair 1."""
    best = [b for b in result.get("bids", ()) if b.get("seat") in (result.get("winners") or ())]
    if not best or not int(best[0].get("amount") or 0):
        return _("Region VIII: nobody had a pair.")
    return _("Region VIII: {names} had the highest pair ({value}): 2 laurels; every other pair 1.").format(
        names=fmt.join_names(name_of(names, b["seat"]) for b in best), value=best[0].get("amount", 0))
