"""Every string the app can show, found in the source: what the catalogs must translate.

Four sources: `_("…")` / `N_("…")` / `tr._("…")` literals in companion/ui (Python and .kv), the
games' titles in their registry lines (`GameEntry(…, title="…")`, shown by the UI), and the
templates and rule names of every `IllegalCommand(…)` and `Notice(…)` in the core, the session
and every game, and those given to the intent readers of `companion.core.intent_args` (the screen
translates a refusal by its template), and the labels of every game's editable data tables
(`data_table_msgids`). Used by the catalog tests, and
by translators: ``python -m companion.ui.text.msgids`` lists what a catalog still lacks.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Iterable, Iterator

from companion.ui.text import i18n

PACKAGE = Path(__file__).resolve().parents[2]  # companion/
UI = PACKAGE / "ui"
REGISTRY = PACKAGE / "games" / "__init__.py"
_KV_CALL = re.compile(r"""(?<![\w.])(?:tr\.)?N?_\(\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*\)""")


def _py_files(*roots: Path) -> Iterator[Path]:
    for root in roots:
        if root.is_file():
            yield root
        else:
            yield from sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _module_strings(tree: ast.Module) -> dict[str, str]:
    """The module's top-level `NAME = "text"` constants: a rule named once (`RULE = "Trajan input"`)
    and raised by name is shown, and so translated, like one written in the call."""
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            text = _literal(node.value)
            if text is not None:
                out[node.targets[0].id] = text
    return out


def registry_titles(path: Path = REGISTRY) -> dict[str, str]:
    """msgid → where, for the `title="…"` of every `GameEntry(…)` line: read from the source, not
    imported, as the UI never imports the games."""
    found: dict[str, str] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Call) and _call_name(node) == "GameEntry":
            for keyword in node.keywords:
                text = _literal(keyword.value) if keyword.arg == "title" else None
                if text:
                    found.setdefault(text, f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


def ui_msgids() -> dict[str, str]:
    """msgid → where it is used, for every translatable literal in companion/ui and every game's
    title (the home screen shows them all)."""
    found: dict[str, str] = dict(registry_titles())
    for path in _py_files(UI):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _call_name(node) in ("_", "N_") and node.args:
                text = _literal(node.args[0])
                if text is not None:
                    found.setdefault(text, f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    for path in sorted(UI.rglob("*.kv")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in _KV_CALL.finditer(line):
                found.setdefault(ast.literal_eval(match.group(1)), f"{path.relative_to(PACKAGE.parent)}:{number}")
    return found


#: The readers of `companion.core.intent_args`, which refuse in their caller's words: call name →
#: the positions of the rule and the template among its arguments (also taken by keyword).
_READERS: dict[str, tuple[int, ...]] = {
    "IntentArgs": (1,), "as_whole": (2,), "as_text": (2,), "as_texts": (2,), "as_flag": (2,),
    "as_choice": (2,), "as_mapping": (2,), "as_shaped": (2, 4), "shaped": (2,), "optional_shaped": (2,),
}


#: The journal's errors (`core.errors`): their message is a template home translates.
_JOURNAL_ERRORS = {"JournalError", "CorruptJournal", "ForeignJournal", "NewerJournal", "BusyJournal",
                   "UnreadableJournal", "NothingToRecover"}


def engine_msgids(roots: Iterable[Path] | None = None) -> dict[str, str]:
    """msgid → where, for the templates and rule names of IllegalCommand(rule, template, …),
    AnswerNeeded(Ask(kind, rule, …), template, …) and Notice(level, template, …) calls, and the
    template and fix of DataNotice(kind, path, template, fix, …) (what start-up found), in the core,
    the session (and what it takes in, intake.py) and the games, and the rules and templates given
    to the intent readers (`_READERS`)."""
    if roots is None:
        roots = (PACKAGE / "core", PACKAGE / "session.py", PACKAGE / "intake.py", PACKAGE / "games")
    found: dict[str, str] = {}
    for path in _py_files(*roots):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        constants = _module_strings(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            if name == "IllegalCommand":
                for arg in node.args[:2]:
                    text = _literal(arg) or (constants.get(arg.id) if isinstance(arg, ast.Name) else None)
                    if text:
                        found.setdefault(text, where)
            elif name in ("AnswerNeeded", "Ask") and len(node.args) >= 2:
                # AnswerNeeded(Ask(kind, rule, …), template, …): the template, and the ask's rule
                text = _literal(node.args[1])
                if text:
                    found.setdefault(text, where)
            elif name == "Notice" and len(node.args) >= 2:
                arg = node.args[1]  # a literal, or a module's constant named once (session.DAMAGED_WHILE_OPEN)
                text = _literal(arg) or (constants.get(arg.id) if isinstance(arg, ast.Name) else None)
                if text:
                    found.setdefault(text, where)
            elif name in _JOURNAL_ERRORS and len(node.args) >= 2:
                # CorruptJournal(path, template, …): the reason home shows inside a DataNotice
                text = _literal(node.args[1])
                if text:
                    found.setdefault(text, where)
            elif name == "database_error" and len(node.args) >= 3:
                # database_error(path, exc, doing): what was being done, a `Phrase` inside the reason
                text = _literal(node.args[2])
                if text:
                    found.setdefault(text, where)
            elif name == "DataNotice":
                # DataNotice(kind, path, template, fix, params): home shows both in the table's language
                for arg in node.args[2:4]:
                    text = _literal(arg)
                    if text:
                        found.setdefault(text, where)
            elif name in _READERS:
                given = [node.args[i] for i in _READERS[name] if i < len(node.args)]
                given += [k.value for k in node.keywords if k.arg in ("rule", "template")]
                for arg in given:
                    text = _literal(arg) or (constants.get(arg.id) if isinstance(arg, ast.Name) else None)
                    if text:
                        found.setdefault(text, where)
    return found


def doctor_msgids() -> dict[str, str]:
    """msgid → where, for `companion doctor`'s plain sentences, which hardware (no UI imports)
    and the doctor say in English: the `FIX_*` and `SAY_*` constants (a dict's values too), the literal detail and fix of
    every `Probe(name, status, detail, fix)`, the template of every `said(…)` / `saying(…)` (a
    detail with a path in it) and the stand-in of every `_apply_mode(…, twin)`.
    A detail with a path or a number in it (an f-string) is not a msgid: it stays as said."""
    roots = (PACKAGE / "doctor.py", PACKAGE.parent / "hardware")
    found: dict[str, str] = {}
    for path in _py_files(*roots):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        where = lambda node: f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"  # noqa: E731
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            values = node.value.elts if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple) else (
                node.value.values if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) else (
                    [node.value] if isinstance(node, ast.Assign) else []))
            names = [e.id for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t]) if isinstance(e, ast.Name)]
            if any(n.startswith(("FIX_", "SAY_")) for n in names):
                for value in values:
                    text = _literal(value)
                    if text:
                        found.setdefault(text, where(node))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            given = (node.args[2:4] if name == "Probe" else node.args[3:4] if name == "_apply_mode"
                     else node.args[:1] if name in ("said", "saying") else [])
            given += [k.value for k in node.keywords if name == "Probe" and k.arg in ("detail", "fix")]
            for arg in given:
                text = _literal(arg)
                if text:
                    found.setdefault(text, where(node))
    return found


#: A game's editable data tables (`core.data_tables`), declared in this file of its data folder.
DATA_TABLES = "data/editable.json"


def data_table_msgids(games: Path = PACKAGE / "games") -> dict[str, str]:
    """msgid → where, for the titles, field labels and choice labels of every game's editable data
    tables (the card-facts screen shows them), read as JSON, not imported."""
    import json

    found: dict[str, str] = {}
    for path in sorted(games.glob(f"*/{DATA_TABLES}")):
        where = str(path.relative_to(PACKAGE.parent))
        for table in json.loads(path.read_text(encoding="utf-8")).get("tables", ()):
            found.setdefault(table["title"], where)
            for field in table.get("fields", ()):
                found.setdefault(field["label"], where)
                for choice in field.get("choices", ()):
                    found.setdefault(choice["label"], where)
    return found


def all_msgids() -> dict[str, str]:
    return {**engine_msgids(), **ui_msgids(), **doctor_msgids(), **data_table_msgids()}


def missing(language: str) -> dict[str, str]:
    """msgid → where, for every string the catalog of `language` does not translate."""
    catalog = i18n.parse_po((i18n.LOCALE_DIR / f"{language.replace('-', '_')}.po").read_text(encoding="utf-8"))
    return {msgid: where for msgid, where in all_msgids().items() if msgid not in catalog}


def main(argv: list[str] | None = None) -> int:
    """Prints, as .po stubs, what each Chinese catalog lacks; exit code 1 if anything does."""
    languages = (argv or sys.argv[1:]) or [code for code in i18n.LANGUAGES if code != "en"]
    gaps = 0
    for language in languages:
        for msgid, where in missing(language).items():
            gaps += 1
            escaped = msgid.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            print(f'# {language}: {where}\nmsgid "{escaped}"\nmsgstr ""\n')
    return 1 if gaps else 0


if __name__ == "__main__":
    raise SystemExit(main())
