"""Words for Augustus' screens, pads and history, from the public view only (Augustus has no
secrets: every seat's view is the public one).

Pure functions translated with `i18n._`, so every line is tested without a window. The token, symbol,
colour and reward names are the rules' keys (`companion.games.augustus`: the UI may not import
it; tests/ui/augustus keeps these tuples equal to the rules' own).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.ui.text.i18n import N_, _, translate_rule

GAME = "augustus"

#: The bag's tokens in its order (augustus.md §4.1), the symbols first.
SYMBOLS = ("swords", "shield", "chariot", "catapult", "standard", "dagger")
TOKENS = SYMBOLS + ("joker",)
KINDS = ("green", "pink", "orange", "senator")
POWERS = ("legions", "mobilise", "remove_objective", "clear_objective", "vp_per_kind", "vp_per_symbol")
BAGS = ("app", "table")
#: The rules the final breakdown's lines cite (`scoring.py`: pure, so the catalogs learn them here).
SCORING_RULES = (N_("Augustus 4.3 rewards"), N_("Augustus 4.4 objectives"), N_("Augustus 4.4 powers"))


#: The names below are looked up one at a time (a call words dozens of symbols: each objective
#: line, each choice), not translated all at once for each.
TOKEN_NAMES = {"swords": N_("Double swords"), "shield": N_("Shield"), "chariot": N_("Chariot"),
               "catapult": N_("Catapult"), "standard": N_("Standard"), "dagger": N_("Dagger"), "joker": N_("Joker")}
SYMBOL_SHORT = {"swords": N_("Sw"), "shield": N_("Sh"), "chariot": N_("Ch"), "catapult": N_("Ca"),
                "standard": N_("St"), "dagger": N_("Da")}
KIND_NAMES = {"green": N_("Green"), "pink": N_("Pink"), "orange": N_("Orange"), "senator": N_("Senator")}


def token_name(token: str) -> str:
    """A token or symbol by its name on the table (S002 §3: 雙劍 盾牌 戰車 投石車 軍旗 匕首, 小丑)."""
    msgid = TOKEN_NAMES.get(token)
    return _(msgid) if msgid else token


def symbol_short(symbol: str) -> str:
    """A symbol in one or two letters, for an objective's row of symbols."""
    msgid = SYMBOL_SHORT.get(symbol)
    return _(msgid) if msgid else symbol


#: The seats' colours by name (no Kivy here: the pads' and status display's presenters read them).
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow"),
                "purple": N_("purple"), "white": N_("white")}


def colour_word(colour: Any) -> str:
    """A seat's colour's name in the current language ("" for none)."""
    msgid = COLOUR_WORDS.get(str(colour or ""))
    return _(msgid) if msgid else ""


def kind_name(kind: str) -> str:
    msgid = KIND_NAMES.get(kind)
    return _(msgid) if msgid else kind


def reward_name(reward: str) -> str:
    """A reward tile (augustus.md §4.3)."""
    if reward.startswith("number_"):
        return _("{n} objectives").format(n=reward[len("number_"):])
    names = {"green": _("Three greens"), "pink": _("Three pinks"), "orange": _("Three oranges"),
             "senators": _("Three senators"), "one_each": _("One of each colour"), "gold": _("Gold"),
             "wheat": _("Wheat")}
    return names.get(reward, reward)


def power_name(kind: str) -> str:
    names = {"": _("No power"), "legions": _("+ legions"), "mobilise": _("Mobilise now"),
             "remove_objective": _("Others lose an objective"), "clear_objective": _("Others clear an objective"),
             "vp_per_kind": _("VP per colour (end)"), "vp_per_symbol": _("VP per symbol (end)")}
    return names.get(kind, kind)


def bag_name(bag: str) -> str:
    return _("The app draws") if bag == "app" else _("The physical bag")


def objective_line(objective: Mapping[str, Any], short: bool = False) -> str:
    """One objective in play: its number, colour, VP and symbols, a placed legion in brackets
    ("#12 Green 3 VP  [Sw] Sh Ch"), and "complete" while it waits to resolve. `short`: without
    its colour ("#12 3 VP: [Sw] Sh Ch"), for a table of five or six, whose cards are narrow: what
    a seat reads at a call is which symbols are still open (the colour is on the card before it)."""
    symbols = [f"[{symbol_short(s)}]" if filled else symbol_short(s)
               for s, filled in zip(objective.get("symbols", ()), objective.get("legions", ()))]
    if short:
        line = _("#{number} {vp} VP:").format(number=objective.get("number"), vp=objective.get("vp", 0))
    else:
        line = _("#{number} {kind} {vp} VP:").format(number=objective.get("number"),
                                                   kind=kind_name(str(objective.get("kind"))), vp=objective.get("vp", 0))
    line += " " + " ".join(symbols)
    if objective.get("pending"):
        line += "  " + _("Ave Caesar!")
    return line


def face_up_line(card: Mapping[str, Any]) -> str:
    """A face-up objective in the middle, as its pick button reads ("#84 Pink 4 VP: Sw Sh")."""
    return objective_line({**card, "legions": [False] * len(card.get("symbols", ()))})


def player_detail(player: Mapping[str, Any]) -> str:
    """Supply, controlled objectives and rewards held."""
    parts = [_("Legions {n}").format(n=player.get("supply", 0)),
             _("Controlled {n}").format(n=player.get("controlled_count", 0))]
    rewards = [reward_name(r) for r in player.get("rewards", ())]
    if rewards:
        parts.append(" · ".join(rewards))
    return " · ".join(parts)


def choice_label(intent: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """One of a seat's choices (the view's intents) as its button or pad line."""
    name, args = intent.get("name"), intent.get("args") or {}
    players = view.get("players") or ()
    if name == "draw":
        return _("Draw a token")
    if name == "skip":
        duty = view.get("duty") or {}
        return _("Decline the reward") if duty.get("kind") == "number" else _("Skip")
    if name == "claim":
        duty = view.get("duty") or {}
        return _("Take {reward}").format(reward=reward_name(str(duty.get("of", ""))))
    if name == "place":
        seat, number, slot = args.get("seat"), args.get("number"), int(args.get("slot", 0))
        symbol = _symbol_on(players, seat, number, slot)
        text = _("#{number} {symbol}").format(number=number, symbol=token_name(symbol))
        if args.get("from_number") is not None:
            moved = _symbol_on(players, seat, args["from_number"], int(args.get("from_slot", 0)))
            text = _("{to} ← #{number} {symbol}").format(to=text, number=args["from_number"], symbol=token_name(moved))
        return text
    if name == "lose":
        return _("Lose #{number}").format(number=args.get("number"))
    if name == "clear":
        return _("Clear #{number}").format(number=args.get("number"))
    if name == "give":
        to = args.get("to")
        duty = view.get("duty") or {}
        who = players[to]["name"] if isinstance(to, int) and 0 <= to < len(players) else str(to)
        return _("{reward} to {name}").format(reward=reward_name(str(duty.get("of", ""))), name=who)
    return str(name)


def _symbol_on(players: Sequence[Mapping[str, Any]], seat: Any, number: Any, slot: int) -> str:
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return ""
    for objective in players[seat].get("objectives", ()):
        if objective.get("number") == number and 0 <= slot < len(objective.get("symbols", ())):
            return str(objective["symbols"][slot])
    return ""


def last_call(view: Mapping[str, Any]) -> str:
    """The token of the call now, or of the last one once it closed (a call nobody could place
    on closes at once: the table still sees what was called); "" before the first draw."""
    token = view.get("token")
    if token:
        return str(token)
    drawn = view.get("drawn") or ()
    return str(drawn[-1]) if drawn and view.get("phase") not in ("setup", "start") else ""


def call_left(view: Mapping[str, Any]) -> str:
    """How many of the called token's kind the bag still holds, and the bag's size."""
    token = last_call(view)
    if not token:
        return ""
    bag = view.get("bag") or {}
    return _("{left} more in the bag · {total} tokens left").format(left=bag.get(token, 0), total=sum(bag.values()))


def duty_text(view: Mapping[str, Any]) -> str:
    """What the table waits for now, in a sentence."""
    players = view.get("players") or ()
    names = [p["name"] for p in players]
    phase = view.get("phase")
    crier = view.get("crier")
    crier_name = names[crier] if isinstance(crier, int) and 0 <= crier < len(names) else ""
    if phase == "start":
        waiting = [names[t["seat"]] for t in view.get("taking", ()) if 0 <= t["seat"] < len(names)]
        return _("Objectives to take: {names}.").format(names=", ".join(waiting))
    if phase == "draw":
        return _("{name} is the crier: draw the next token.").format(name=crier_name)
    if phase == "place":
        waiting = [p["name"] for p in players if p.get("can_place")]
        return _("Place one legion or skip: {names}.").format(names=", ".join(waiting))
    if phase == "resolve":
        duty = view.get("duty") or {}
        seat = duty.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
        kind = duty.get("kind")
        if kind == "take":
            return _("Ave Caesar! {name} takes a new objective.").format(name=who)
        if kind == "mobilise":
            return _("{name} mobilises: {n} more legions.").format(name=who, n=duty.get("amount", 0))
        if kind == "number":
            return _("{name} may take {reward}.").format(name=who, reward=reward_name(str(duty.get("of", ""))))
        if kind == "lose":
            return _("{name} loses a controlled objective: which one?").format(name=who)
        if kind == "clear":
            return _("{name} clears one objective's legions: which one?").format(name=who)
        if kind == "give":
            return _("{name} gives {reward} to one of the tied players.").format(
                name=who, reward=reward_name(str(duty.get("of", ""))))
        return _("Resolving...")
    if phase == "values":
        ask = view.get("ask") or {}
        reward = (ask.get("about") or {}).get("reward", "")
        return _("Enter the VP printed on the {reward} tile.").format(reward=reward_name(str(reward)))
    if phase == "over":
        return _("The game is over.")
    return ""


def warning_text(view: Mapping[str, Any]) -> str:
    """"Ann holds 6: this draw may end the game"."""
    warning = view.get("warning")
    players = view.get("players") or ()
    if not warning or not 0 <= warning.get("seat", -1) < len(players):
        return ""
    return _("{name} holds {n}: this draw may end the game.").format(name=players[warning["seat"]]["name"],
                                                                     n=warning.get("controlled", 0))


def final_lines(final: Mapping[str, Any]) -> list[str]:
    """The final breakdown: each player's total, then every line with its rule."""
    out: list[str] = []
    scores = final.get("scores") or []
    for index in final.get("order") or range(len(scores)):
        score = scores[index]
        out.append(_("{name}: {total} VP (senators {senators})").format(name=score["name"], total=score["total"],
                                                                       senators=score.get("senators", 0)))
        for line in score.get("lines", ()):
            out.append("    " + final_line(line))
    out.append(winner_line(final))
    return out


def winner_line(final: Mapping[str, Any]) -> str:
    """"Winner: Livia (most VP)": the winners and how the tie-break decided."""
    scores = final.get("scores") or []
    winners = [scores[i]["name"] for i in final.get("winners", ())]
    tie = {"points": _("most VP"), "senators": _("tie broken by senators"), "shared": _("a shared victory")}
    return _("Winner: {names} ({how})").format(names=", ".join(winners), how=tie.get(final.get("tie_break"), ""))


def final_line(line: Mapping[str, Any]) -> str:
    category, item, points = line.get("category"), line.get("item"), line.get("points", 0)
    if category == "rewards":
        what = reward_name(str(item))
    elif category == "objectives":
        what = _("Objective #{number}").format(number=item)
    else:
        of = str(line.get("of", ""))
        what = _("Power of #{number}: {count} × {each} ({of})").format(
            number=item, count=line.get("count", 0), each=line.get("each", 0),
            of=token_name(of) if of in SYMBOLS else kind_name(of))
        if line.get("capped"):
            what += " " + _("capped at {cap}").format(cap=line.get("cap"))
    return _("{what}: {points} VP  [{rule}]").format(what=what, points=points, rule=translate_rule(str(line.get("rule", ""))))
