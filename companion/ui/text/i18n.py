"""Translations: gettext-style `.po` catalogs read by a tiny standard-library parser.

English msgids are the source language, so English needs no catalog. The catalogs are plain `.po`
text in `companion/ui/text/locale/` (no compiled `.mo` in git): translators edit them with any PO tool,
and a test checks that every string the code can show has an entry in both Chinese catalogs.

This module imports no Kivy, so view-models, formatting and the tests use it without a window.
"""

from __future__ import annotations

import functools
import logging
import os
import string
import unicodedata
from pathlib import Path
from typing import Any, Iterable, Mapping

log = logging.getLogger("companion.ui.text.i18n")

LOCALE_DIR = Path(__file__).with_name("locale")

#: Codes the app understands, in the order the settings screen offers them.
LANGUAGES: tuple[str, ...] = ("zh-Hans", "zh-Hant", "en")

#: Each language's name in itself, for the language buttons (never translated).
NATIVE_NAMES: Mapping[str, str] = {"zh-Hans": "简体中文", "zh-Hant": "繁體中文", "en": "English"}

_HANS_REGIONS = ("cn", "sg")
_HANT_REGIONS = ("tw", "hk", "mo")

_catalogs: dict[str, dict[str, str]] = {}
_current = "en"


class PoSyntaxError(ValueError):
    """A `.po` file that cannot be read: names the file and line, so a translator can fix it."""


# -- the .po parser ---------------------------------------------------------------------------

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _unquote(token: str, where: str) -> str:
    """A C-style quoted PO string, without its quotes and with escapes resolved."""
    token = token.strip()
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise PoSyntaxError(f"{where}: expected a quoted string, got {token!r}")
    body, out, i = token[1:-1], [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 >= len(body):
                raise PoSyntaxError(f"{where}: a lone backslash ends the string")
            nxt = body[i + 1]
            if nxt in _ESCAPES:
                out.append(_ESCAPES[nxt])
                i += 2
            elif nxt in "01234567":
                j = i + 1
                while j < len(body) and j < i + 4 and body[j] in "01234567":
                    j += 1
                out.append(chr(int(body[i + 1 : j], 8)))
                i = j
            else:
                raise PoSyntaxError(f"{where}: unknown escape \\{nxt}")
        elif ch == '"':
            raise PoSyntaxError(f"{where}: an unescaped quote inside the string")
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def parse_po(text: str, source: str = "<po>") -> dict[str, str]:
    """msgid → msgstr for every translated entry of a `.po` text.

    Understands comments, `#, fuzzy` (skipped, as gettext does), `msgctxt` (kept as
    ``ctxt\\x04msgid``, gettext's own key), plural forms (the first form is kept), and strings
    continued over several lines. Untranslated entries (empty msgstr) and the header are left out,
    so a lookup falls back to the English msgid.
    """
    entries: dict[str, str] = {}
    entry: dict[str, str] = {}
    flags: set[str] = set()
    field: str | None = None

    def finish() -> None:
        nonlocal entry, flags, field
        if "msgid" in entry:
            msgid = entry["msgid"]
            msgstr = entry.get("msgstr", entry.get("msgstr[0]", ""))
            if "msgctxt" in entry:
                msgid = f"{entry['msgctxt']}\x04{msgid}"
            if msgid and msgstr and "fuzzy" not in flags:
                entries[msgid] = msgstr
        elif entry:
            raise PoSyntaxError(f"{source}: an entry without msgid ({sorted(entry)})")
        entry, flags, field = {}, set(), None

    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"{source}:{number}"
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#"):
            if line.startswith("#,"):
                flags.update(f.strip() for f in line[2:].split(","))
            continue
        if line.startswith('"'):
            if field is None:
                raise PoSyntaxError(f"{where}: a continued string with nothing to continue")
            entry[field] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not (
            keyword.startswith("msgstr[") and keyword.endswith("]")
        ):
            raise PoSyntaxError(f"{where}: unknown keyword {keyword!r}")
        if keyword in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in entry):
            finish()  # entries separated by no blank line
        if keyword in entry:
            raise PoSyntaxError(f"{where}: {keyword} appears twice in one entry")
        entry[keyword] = _unquote(rest, where)
        field = keyword
    finish()
    return entries


def load_catalog(language: str) -> dict[str, str]:
    """The catalog for a language code ("zh-Hans"), parsed once; English is the empty catalog."""
    if language == "en":
        return {}
    if language not in _catalogs:
        path = LOCALE_DIR / f"{language.replace('-', '_')}.po"
        _catalogs[language] = parse_po(path.read_text(encoding="utf-8"), str(path))
    return _catalogs[language]


# -- choosing a language ----------------------------------------------------------------------


def language_from_locale(value: str) -> str:
    """Maps a POSIX locale ("zh_TW.UTF-8", "zh_Hans_CN", "en_US") to one of `LANGUAGES`."""
    tag = value.split(".")[0].split("@")[0].replace("-", "_").lower()
    parts = tag.split("_")
    if not parts or parts[0] != "zh":
        return "en"
    rest = parts[1:]
    if "hant" in rest:
        return "zh-Hant"
    if "hans" in rest:
        return "zh-Hans"
    if any(region in rest for region in _HANT_REGIONS):
        return "zh-Hant"
    return "zh-Hans"  # zh, zh_CN, zh_SG: Simplified is the default written form


def auto_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: LC_ALL overrides LC_MESSAGES, which overrides LANG."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return language_from_locale(value)
    return "en"


def set_language(code: str) -> str:
    """Switches the language for everything `_` returns from now on; returns the code in effect.

    `code` is one of `LANGUAGES` or "auto" (from the locale variables). An unknown code raises
    ValueError rather than silently showing English, so a typo in the config file is noticed.
    """
    global _current
    resolved = auto_language() if code == "auto" else code
    if resolved not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)} or auto")
    load_catalog(resolved)
    _current = resolved
    log.debug("language %s", resolved)
    return resolved


def current_language() -> str:
    return _current


# -- translating ------------------------------------------------------------------------------


def _wide(ch: str) -> bool:
    """A Han character, kana or full-width punctuation: text that sets no spaces between words."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


class Template(str):
    """A translated template whose `format` sets a filled-in value the way Chinese is set.

    A catalog writes "輪到 {name}" so that a Latin name stands apart ("輪到 Alice"), but a Chinese
    name must not: "輪到李偉", as Chinese sets no spaces between words. So a space between the
    template's own wide character and a value's wide character is dropped. Spaces the template sets
    between its own words, and a space between two values (a separator), are kept.
    """

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        if not _may_tighten(self):  # English, and most Chinese: str's own format, 10× faster
            return str.format(self, *args, **kwargs)
        pieces: list[tuple[str, bool]] = []  # (text, is a filled-in value)
        auto = 0
        for literal, field, spec, conversion in string.Formatter().parse(self):
            if literal:
                pieces.append((literal, False))
            if field is None:
                continue
            if field == "":
                field, auto = str(auto), auto + 1
            one = "{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            pieces.append((str.format(one, *args, **kwargs), True))
        return "".join(_set_tight(pieces))


@functools.lru_cache(maxsize=4096)
def _may_tighten(template: str) -> bool:
    """Whether a space in `template` stands between its own wide character and a field."""
    return any(_wide(template[i - 1]) for i in range(1, len(template) - 1)
               if template[i] == " " and template[i + 1] == "{" and template[i + 2:i + 3] != "{") or \
        any(_wide(template[i + 1]) for i in range(1, len(template) - 1)
            if template[i] == " " and template[i - 1] == "}" and template[i + 1] != " ")


def _set_tight(pieces: list[tuple[str, bool]]) -> list[str]:
    """The pieces' texts, a space dropped wherever a literal's wide character and a value's wide
    character meet across it (see `Template`)."""
    def value_at(j: int) -> str:
        return pieces[j][0] if 0 <= j < len(pieces) and pieces[j][1] else ""

    out: list[str] = []
    for i, (text, is_value) in enumerate(pieces):
        if not is_value and text.strip(" "):  # a literal with words of its own
            before, after = value_at(i - 1), value_at(i + 1)
            if before and text[:1] == " " and text[1] != " " and _wide(before[-1]) and _wide(text[1]):
                text = text[1:]
            if after and text[-1:] == " " and text[-2] != " " and _wide(after[0]) and _wide(text[-2]):
                text = text[:-1]
        out.append(text)
    return out


def join_sentences(texts: Iterable[str]) -> str:
    """Texts one after the other, a space between them as English sets sentences, but none after
    one that ends in a wide character ("…回合。第 2 季…", "…回合。Bob…"): Chinese sets none, its
    full-width stop carries its own space."""
    out = ""
    for text in texts:
        if not text:
            continue
        out += text if not out or _wide(out[-1]) else " " + text
    return out


def _(msgid: str) -> str:
    """`msgid` in the current language; the English msgid itself when no translation exists. A
    `Template`, so that values filled into it are set as its language sets words."""
    return Template(load_catalog(_current).get(msgid, msgid))


def N_(msgid: str) -> str:
    """Marks a string for the catalogs without translating it yet (it is translated when shown)."""
    return msgid


#: An aside in brackets after a text (a refusal's rule, "undone", what a pick-up completed), two
#: spaces apart in English; Chinese sets it in full-width brackets, unspaced. The .kv files write
#: the same msgid.
ASIDE = N_("{text}  ({aside})")
#: A detail in brackets right after a name ("Jewels & Gems (grey)", "no tie (Trajan 1.12)").
INLINE_ASIDE = N_("{name} ({detail})")


def translate_notice(template: str, params: Mapping[str, Any]) -> str:
    """A notice's template translated, then filled: the template is the key, not the filled text.

    A translation whose placeholders do not match the English (a catalog slip) falls back to the
    English template rather than crashing the table screen. A param that is itself a msgid (the
    core's `Phrase`: what a journal check was doing) is translated first.
    """
    params = {k: _(v) if getattr(v, "is_msgid", False) else v for k, v in params.items()}
    try:
        return _(template).format(**params)
    except (KeyError, IndexError, ValueError):
        log.warning("translation of %r does not fit its parameters; showing English", template)
        return Template(template).format(**params)


def translate_data_notice(notice: Any) -> tuple[str, str]:
    """A `DataNotice`'s text and fix in the current language: its parts first (the journal's own
    reason, by its template), then the notice's template filled with them."""
    params = dict(notice.params)
    for name, (template, values) in (getattr(notice, "parts", None) or {}).items():
        params[name] = translate_notice(template, values)
    return translate_notice(notice.template, params), translate_notice(notice.fix, params)


def translate_rule(rule: str) -> str:
    """A rule's name (from IllegalCommand.rule) in the current language, for "Rule: …" lines."""
    return _(rule)


def placeholders(text: str) -> set[str]:
    """The `{field}` names a template uses, for checking that a translation keeps them all."""
    return {name.split(".")[0].split("[")[0] for _lit, name, _spec, _conv in string.Formatter().parse(text)
            if name is not None}
