"""Tribune as terminal text in the table's language: `companion score tribune FILE` (the victory
grid) and `companion replay` of the keeper (money, the chariot, the bids) and of the whole game
(mode "full": the factions, each seat's holdings, the grid). The names of factions, conditions and
stages are `board_words`' (the shared screen's), never the rules' ids; only public data is worded:
who has locked an open bid, never what."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.ui.text import formatting as fmt
from companion.ui.text.cli_words import columns, pad_columns
from companion.ui.text.i18n import N_, _, translate_rule
from companion.ui.tribune import board_words as bw

CARD_HEADING = N_("Victory card {card} ({rule})")
CARD_ENTERED = N_("as entered")
MET_HEAD = N_("met")
DECLARED = N_("declared")
#: A qualifier on the calculator's grid: several may qualify and only the tie-break says who wins.
QUALIFIES = N_("meets {met} of {needed}: qualifies")
NOBODY = N_("Nobody meets the card: play goes on.")
TABLE_PICKS = N_("Several qualify: the table picks among {names}")
NAME_MARGIN = N_("{name} (margin {margin})")
TIE_BREAK = N_("Several qualified; {rule} (margins: {margins})")
#: The `several_winners` setting's values (`games.tribune.victory.SEVERAL`) in words.
SEVERAL_WORDS = {"table": N_("the table picks"), "most_met": N_("most conditions met wins"),
                 "margin": N_("the highest margin wins"), "shared": N_("all share the win")}
NOT_SET_UP = N_("Tribune: not set up")
ROUND = N_("Tribune: round {round}")
ROUND_PHASE = N_("Tribune: round {round}, {phase}")
#: The keeper's phases (`games.tribune.view`) that the round's line names.
PHASES = {"region_v": N_("region V bidding"), "chariot": N_("chariot auction bidding"),
          "region_viii": N_("region VIII pairs"), "finished": N_("finished")}
MONEY = N_("money: {money}")
CHARIOT_ON, CHARIOT_OFF = N_("chariot: on the board"), N_("chariot: off the board")
CHARIOT_HOLDER = N_("last won by {name}")
LOCKED, WAITING = N_("locked: {names}"), N_("waiting: {names}")
NOT_LOCKED = N_("(not locked)")
REGION_V_HEAD = N_("Round {round}, region V (space 1 {first}, space 2 {second})")
REGION_VIII_HEAD = N_("Round {round}, region VIII pairs")
CHARIOT_HEAD = N_("Round {round}, chariot")
FORCED = N_("{head}, revealed early")
PAYS_TO = N_("{name} pays {amount} to {to}")
TIE_SPACE_ONE = N_("tie, space 1 wins: {verdict}")
HIGHEST = N_("highest: {names}")
PAYS_BANK = N_("{name} pays {amount} to the bank")
CHARIOT_TIE = N_("tie: {names}; every bid back, the chariot off the board")
STAGE = N_("stage: {stage}")
PLACES = N_("{stage}, {name} places")
FACTION_HELD = N_("{faction} {name} {size}/{total}")
PROTECTED = N_("(chariot)")
COLOSSEUM = N_("Colosseum: {cards}")
HOLDING = N_("{name}: laurels {laurels}, legions {legions}, favour {favour}, tribune {tribune}, factions {factions}")
GRID_ROW = N_("{name}: {standing} ({cells})")
RESULT_LINE = N_("{head}: {bids} — {verdict}")


def format_scores(result: Mapping[str, Any]) -> str | None:
    """The victory grid (Tribune 3.5): a column per condition on the card (what is held, ✓ when met,
    else how far short), the conditions met, then the winner(s) under `several_winners` or the
    qualifiers the table picks among. None for anything that is not a grid."""
    if "grid" not in result or "card" not in result:
        return None
    card = result["card"]
    grid = list(result["grid"])
    names = [str(r["name"]) for r in sorted(grid, key=lambda r: r["seat"])]
    thresholds = {c: card.get(c) for c in bw.CONDITIONS}
    lines = [_(CARD_HEADING).format(card=card.get("id") or _(CARD_ENTERED), rule=translate_rule("Tribune 3.5 victory")),
             bw.threshold_text({"thresholds": thresholds, "needed": card.get("needed", 0)})]
    heads = [bw.condition_name(c) for c in bw.CONDITIONS]
    cells = [[bw.condition_cell(c) for c in row["conditions"]] for row in grid]
    widths = [max([columns(h)] + [columns(r[i]) for r in cells]) + 2 for i, h in enumerate(heads)]
    name_width = max(columns(n) for n in names) + 2 if names else 2
    lines.append(" " * name_width + "".join(pad_columns(h, w) for h, w in zip(heads, widths)) + _(MET_HEAD))
    for row, row_cells in zip(grid, cells):
        needed = int(card.get("needed", 0))
        standing = (_(QUALIFIES).format(met=row.get("met", 0), needed=needed) if row.get("qualifies")
                    else bw.standing_text(row, needed))
        declared = f" · {_(DECLARED)}" if row.get("declared") else ""
        lines.append(pad_columns(str(row["name"]), name_width)
                     + "".join(pad_columns(c, w) for c, w in zip(row_cells, widths)) + standing + declared)
    lines.append(_verdict(result, grid, names))
    return _plain(lines)


def _verdict(result: Mapping[str, Any], grid: Sequence[Mapping[str, Any]], names: Sequence[str]) -> str:
    qualifiers = list(result.get("qualifiers") or ())
    margins = {r["seat"]: r.get("margin") for r in grid}
    if not qualifiers:
        return _(NOBODY)
    if result.get("winners") is None:
        return _(TABLE_PICKS).format(names=fmt.join_names(
            _(NAME_MARGIN).format(name=bw.name_of(names, s), margin=margins.get(s)) for s in qualifiers))
    verdict = bw.winners_text(list(result["winners"]), names)
    if len(qualifiers) > 1:
        rule = result.get("several_winners")
        verdict += " " + _(TIE_BREAK).format(
            rule=_(SEVERAL_WORDS[rule]) if rule in SEVERAL_WORDS else str(rule),
            margins=_(", ").join(f"{bw.name_of(names, s)} {margins.get(s)}" for s in qualifiers))
    return verdict


def replay_text(view: Mapping[str, Any]) -> str:
    """`companion replay`: the round, everybody's money (open in Tribune), the chariot, who has
    locked an open bid (never what), every settled bid with the money it moved, and in the whole
    game the board: factions, the Colosseum, each seat's holdings, the grid and the winners."""
    if view.get("phase") == "setup":
        return _(NOT_SET_UP) + "\n"
    players = list(view.get("players", ()))
    names = [str(p["name"]) for p in players]
    chariot = view.get("chariot") or {}
    where = _(CHARIOT_ON) if chariot.get("on_board") else _(CHARIOT_OFF)
    if chariot.get("holder") is not None:
        where += _(", ") + _(CHARIOT_HOLDER).format(name=bw.name_of(names, chariot["holder"]))
    phase = view.get("phase")
    round_line = (_(ROUND_PHASE).format(round=view.get("round", ""), phase=_(PHASES[phase])) if phase in PHASES
                  else _(ROUND).format(round=view.get("round", "")))
    lines = [round_line,
             "  " + _(MONEY).format(money=" · ".join(f"{p['name']} {p.get('money', 0)}" for p in players)),
             "  " + where]
    bid = view.get("bid") or {}
    if bid.get("phase") == "bidding":
        locked = [s["seat"] for s in bid.get("seats", ()) if s.get("locked")]
        lines += ["  " + _(LOCKED).format(names=_seats(names, locked)),
                  "  " + _(WAITING).format(names=_seats(names, bid.get("waiting", ())))]
    lines += [_result_line(names, r) for r in view.get("results", ())]
    board = view.get("board")
    if board:
        lines += _board_lines(names, board)
    return _plain(lines)


def _plain(lines: Sequence[str]) -> str:
    """The lines as terminal text: the screen's no-break spaces (kept there so a label does not
    wrap between a name and its number) as plain spaces, which scripts and terminals expect."""
    return "\n".join(lines).replace(fmt.NBSP, " ") + "\n"


def _seats(names: Sequence[str], seats: Sequence[int]) -> str:
    return _(", ").join(bw.name_of(names, s) for s in seats) or "-"


def _result_line(names: Sequence[str], result: Mapping[str, Any]) -> str:
    """A settled bid: who bid what (open once revealed), and the money it moved."""
    who = lambda seat: bw.name_of(names, seat)  # noqa: E731
    bids = " · ".join(f"{who(b['seat'])} {b['amount']}" + ("" if b.get("locked") else " " + _(NOT_LOCKED))
                      for b in sorted(result.get("bids", ()), key=lambda b: -b["amount"]))
    kind, round_ = result.get("kind"), result.get("round", "")
    payments = list(result.get("payments") or ())
    if kind == "region_v":
        first, second = (list(result.get("spaces") or ()) + [None, None])[:2]
        head = _(REGION_V_HEAD).format(round=round_, first=who(first), second=who(second))
        verdict = _(PAYS_TO).format(name=who(result.get("winner")), amount=payments[0]["amount"] if payments else 0,
                                    to=who(payments[0]["to"]) if payments else "-")
        if result.get("tie"):
            verdict = _(TIE_SPACE_ONE).format(verdict=verdict)
    elif kind == "region_viii":
        head = _(REGION_VIII_HEAD).format(round=round_)
        verdict = _(HIGHEST).format(names=_seats(names, result.get("winners") or ()))
    else:
        head = _(CHARIOT_HEAD).format(round=round_)
        if result.get("winner") is None:
            verdict = _(CHARIOT_TIE).format(names=_seats(names, result.get("winners") or ()))
        else:
            verdict = _(PAYS_BANK).format(name=who(result["winner"]), amount=payments[0]["amount"] if payments else 0)
    if result.get("forced"):
        head = _(FORCED).format(head=head)
    return _(RESULT_LINE).format(head=head, bids=bids or "-", verdict=verdict)


def _board_lines(names: Sequence[str], board: Mapping[str, Any]) -> list[str]:
    who = lambda seat: "-" if seat is None else bw.name_of(names, seat)  # noqa: E731
    stage = bw.stage_text(str(board.get("stage", "")))
    if board.get("placer") is not None:
        stage = _(PLACES).format(stage=stage, name=who(board["placer"]))
    factions = " · ".join(
        _(FACTION_HELD).format(faction=bw.faction_name(f["faction"]), name=who(f.get("controller")),
                               size=f.get("size", 0), total=f.get("total", 0))
        + (" " + _(PROTECTED) if f.get("protected") else "") for f in board.get("factions", ()))
    lines = ["  " + _(STAGE).format(stage=stage), "  " + factions,
             "  " + _(COLOSSEUM).format(cards=board.get("colosseum", 0))]
    for h in board.get("holdings", ()):
        lines.append("  " + _(HOLDING).format(name=who(h["seat"]), laurels=h.get("laurels", 0), legions=h.get("legions", 0),
                                              favour=h.get("favour", 0), tribune=h.get("tribune", 0),
                                              factions=len(h.get("factions", ()))))
    victory = board.get("victory") or {}
    lines.append("  " + bw.threshold_text(victory))
    needed = int(victory.get("needed", 0))
    for row in board.get("grid", ()):
        cells = _(", ").join(f"{bw.condition_name(c['name'])} {bw.condition_cell(c)}" for c in row["conditions"]
                             if c.get("threshold") is not None)
        lines.append("  " + _(GRID_ROW).format(name=who(row["seat"]), standing=bw.standing_text(row, needed), cells=cells))
    if board.get("winners"):
        lines.append("  " + bw.winners_text(list(board["winners"]), names))
    return lines


__all__ = ["format_scores", "replay_text"]
