"""The final breakdown as the table screen shows it once the game is over (digest 2.4): per player
each category with its points, how they were counted and the rule it follows; the characters
revealed with their holders; the ranking and the tie-break used. Public from the reveal on
(`GameEnded` carries it). Pure (no Kivy)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.ui.text.i18n import N_, _, translate_rule
from companion.ui.troyes import format as tfmt

MEASURES = {"influence": N_("influence"), "deniers": N_("deniers"), "cathedral_cubes": N_("cathedral cubes"),
            "tradesmen": N_("tradesmen"), "citizens": N_("citizens in buildings"), "events_won": N_("events won")}
"""A character's measure, inside its line ("Hugues de Payns: influence 9, 1 VP per 2: 4")."""

SCORING_WORDS = (
    N_("{vp} VP in tokens"), N_("no tradesmen"), N_("{card}: {vp}"), N_("no cube on level {levels}: {vp}"),
    N_("a cube on every level"), N_("{character}: {measure} {amount}, {each} VP per {every}: {vp}"),
    N_("no characters"), N_("{count} events × {each}"), N_("Troyes 2.4"), N_("Troyes 2.4 tie-break (U)"),
)
"""The rules' words in a final breakdown (`companion.games.troyes.scoring`: each line's template and
the rules it cites), for the catalogs: a breakdown travels as English templates and values, and is
translated where it is shown. A test keeps this list and the rules' templates in step."""


def _detail(part: Mapping[str, Any], names: Mapping[str, Mapping[str, Any]] | None = None) -> str:
    """One part of a category in the table's language: the measure's word, and a card's name by its
    id (`card_id`, `character_id`; `names`: the breakdown's cards and characters, `card_names`) as
    the data names it per language."""
    params = tfmt.named_params(part.get("params") or {}, names)
    if "measure" in params:
        measure = str(params["measure"])
        params["measure"] = _(MEASURES[measure]) if measure in MEASURES else measure
    return tfmt.final_detail({"template": part.get("template", ""), "params": params})


def final_rows(final: Mapping[str, Any]) -> list[dict[str, Any]]:
    """[{seat, name, total, characters, lines}]: each line "Cathedral −2: no cube on level 3 (Troyes 2.4)"."""
    rows = []
    names = card_names(final)
    for player in final.get("players") or ():
        lines = []
        for cat in player.get("categories") or ():
            how = _("; ").join(_detail(part, names) for part in cat.get("detail") or ())
            lines.append(_("{category} {vp}: {how}  ({rule})").format(
                category=tfmt.category_name(cat.get("id")), vp=_signed(int(cat.get("vp", 0))), how=how,
                rule=translate_rule(str(cat.get("rule", "")))))
        rows.append({"seat": int(player.get("seat", 0)), "name": str(player.get("name", "")),
                     "total": int(player.get("total", 0)), "lines": lines,
                     "characters": [c for c in final.get("characters") or ()
                                    if player.get("name") in (c.get("holders") or ())]})
    return rows


def card_names(final: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """The breakdown's activity cards and characters, id → its name per language ("en": `name`)."""
    return {str(c.get("id")): {"en": str(c.get("name") or c.get("id")), **(c.get("names") or {})}
            for c in [*(final.get("cards") or ()), *(final.get("characters") or ())]}


def _signed(vp: int) -> str:
    return f"−{-vp}" if vp < 0 else str(vp)


def characters_line(final: Mapping[str, Any]) -> str:
    """"Characters revealed: Henri Ier (Alice), Thibaut II (Bob)": every card in play and its holder."""
    cards = [_("{name} ({detail})").format(name=tfmt.local_name(c), detail=_(", ").join(c.get("holders") or ()))
             for c in final.get("characters") or ()]
    return _("Characters revealed: {cards}").format(cards=_(", ").join(cards)) if cards else ""


def final_verdict(final: Mapping[str, Any]) -> str:
    """"Ann wins with 23 VP." or a shared win, with the tie-break named (Troyes 2.4, U: a setting)."""
    winners = list(final.get("winners") or ())
    totals = {p.get("name"): int(p.get("total", 0)) for p in final.get("players") or ()}
    if not winners:
        return ""
    vp = totals.get(winners[0], 0)
    if len(winners) == 1:
        text = _("{name} wins with {vp} VP.").format(name=winners[0], vp=vp)
    else:
        text = _("{names} share the win with {vp} VP.").format(names=_(", ").join(winners), vp=vp)
    if len(final.get("tied") or ()) > 1:
        text += " " + _("Tie-break: {rule}  ({aside})").format(rule=tfmt.tie_break_name(final.get("tie_break")),
                                                              aside=translate_rule(str(final.get("tie_break_rule", ""))))
    revealed = characters_line(final)
    return f"{text}\n{revealed}" if revealed else text
