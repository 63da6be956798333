"""A CJK font as Kivy's default, so Chinese never renders as empty boxes.

Kivy's bundled Roboto has no CJK glyphs. We register a CJK font under Kivy's DEFAULT_FONT name, so
every Label, Button and TextInput uses it without naming it. Order of preference: a path from the
config file, then WenQuanYi Micro Hei (Chinese glyph forms in its first face, and full Latin), then
Noto Sans CJK (its first face is the Japanese one: some hanzi take Japanese forms), then Droid Sans
Fallback. Missing them all is not fatal (English still works) but is logged loudly with the fix.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Iterable, Sequence

log = logging.getLogger("companion.ui.shell.fonts")

APT_PACKAGE = "fonts-wqy-microhei"

#: (regular, bold or None) in order of preference.
CANDIDATES: tuple[tuple[str, str | None], ...] = (
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", None),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
    ("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc", "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc"),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", None),
    ("/usr/share/fonts/truetype/droid/DroidSansFallback.ttf", None),
)

#: File names searched for under the font directories when no candidate path exists (other distros).
SEARCH_NAMES: tuple[str, ...] = ("wqy-microhei.ttc", "NotoSansCJK-Regular.ttc", "NotoSansCJKsc-Regular.otf",
                                 "DroidSansFallbackFull.ttf", "DroidSansFallback.ttf")
SEARCH_DIRS: tuple[str, ...] = ("/usr/share/fonts", "/usr/local/share/fonts")


class FontNotFound(RuntimeError):
    """No CJK font: Chinese text would show as boxes. The message says what to install."""


def find_cjk_font(override: str | None = None, candidates: Iterable[tuple[str, str | None]] = CANDIDATES,
                  search_dirs: Sequence[str] = SEARCH_DIRS) -> tuple[Path, Path | None]:
    """(regular, bold or None) of the first CJK font found; raises FontNotFound.

    An `override` that does not exist is logged as a warning and the usual fonts are tried, so a
    typo in the config file costs a warning, not a table of boxes.
    """
    if override:
        path = Path(override).expanduser()
        if path.is_file():
            return path, None
        log.warning("the configured font %s does not exist; looking for an installed CJK font", path)
    for regular, bold in candidates:
        if Path(regular).is_file():
            return Path(regular), Path(bold) if bold and Path(bold).is_file() else None
    for name in SEARCH_NAMES:
        for directory in search_dirs:
            base = Path(directory)
            if base.is_dir():
                found = next(base.rglob(name), None)
                if found is not None:
                    return found, None
    raise FontNotFound(
        "no CJK font found: Chinese text would show as boxes. "
        f"Install one with: sudo apt install {APT_PACKAGE}"
    )


def register_default_font(override: str | None = None) -> Path | None:
    """Registers the CJK font as Kivy's default font; returns its path, or None (logged) if none.

    Must run before the first Label is built; Kivy itself need not have a window yet.
    """
    from kivy.core.text import DEFAULT_FONT, LabelBase

    try:
        regular, bold = find_cjk_font(override)
    except FontNotFound as exc:
        log.error("%s", exc)
        return None
    LabelBase.register(DEFAULT_FONT, str(regular), fn_bold=str(bold) if bold else None)
    log.info("default font %s", regular)
    return regular
