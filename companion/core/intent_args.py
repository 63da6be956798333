"""Reading a named intent's JSON-like arguments by type: the one place that turns a wrong value into
a refusal naming its field.

An intent comes from the touchscreen, a script or a seat's device as a name and JSON-like `args`,
and anything may be in them: a list where a mapping belongs, a number where a tile belongs, None,
a nested dict of the right names holding the wrong kinds. Every game's `parse_command` (and the
session, for its own intents and for the hardware facts) reads its fields through here, so a
malformed value is an `IllegalCommand` saying which field is wrong and what it should be, never
an exception from deep in the rules, and the rules only ever see the types their commands declare.

Two levels: `as_*` functions check one value (the session checks the fields of a fact with them),
and `IntentArgs` reads the fields of one intent's args with them. Shapes deeper than one value (a
tile, a list of dice, lists of lists of colours) are predicates built from `is_whole`, `is_text`,
`list_of`, `record`, `mapping_of` and `optional`, checked by `as_shaped`; lists come back as
tuples, as a journaled event holds them.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from companion.core.errors import IllegalCommand

Shape = Callable[[Any], bool]

#: A value shown in a refusal is cut to this many characters: a refusal is a line on a screen.
SHOWN = 40

NOT_A_MAPPING = "'{field}' must give its values by name, got {value}"
WHOLE = "'{field}' must be a whole number, got {value}"
#: For a value whose amount is a secret (a bid): the refusal never repeats it.
WHOLE_HIDDEN = "'{field}' must be a whole number."
BETWEEN = "'{field}' must be from {low} to {high}, got {value}"
AT_LEAST = "'{field}' must be {low} or more, got {value}"
TEXT = "'{field}' must be a text, got {value}"
TEXTS = "'{field}' must be a list of names, got {value}"
FLAG = "'{field}' must be true or false, got {value}"
CHOICE = "'{field}' must be one of {choices}, got {value}"

_REQUIRED: Any = object()


def shown(value: Any) -> str:
    """`value` as a refusal shows it: its repr, cut to `SHOWN` characters (only its kind when it
    has no repr to show: an int of more digits than Python will print, a list nested too deep)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"<{type(value).__name__}>"
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


# -- shapes: predicates over JSON-like values ------------------------------------------------------

def is_whole(value: Any) -> bool:
    """An int that is not a bool (JSON's true is not a number of anything)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_text(value: Any) -> bool:
    return isinstance(value, str)


def is_flag(value: Any) -> bool:
    return isinstance(value, bool)


def whole_in(low: int | None = None, high: int | None = None) -> Shape:
    """A whole number from `low` to `high` (either open when None)."""
    return lambda value: is_whole(value) and (low is None or value >= low) and (high is None or value <= high)


def one_of(choices: Iterable[Any]) -> Shape:
    """One of `choices`, texts or whole numbers (a list or a mapping is simply not one; true is not 1)."""
    allowed = tuple(choices)
    return lambda value: (is_text(value) or is_whole(value)) and value in allowed


def optional(shape: Shape) -> Shape:
    """None, or a value of `shape`."""
    return lambda value: value is None or shape(value)


def list_of(shape: Shape, length: int | None = None, at_least: int = 0) -> Shape:
    """A list (or tuple) of values of `shape`: exactly `length` items when given, else `at_least`."""
    return lambda value: (isinstance(value, (list, tuple)) and len(value) >= at_least
                          and (length is None or len(value) == length) and all(shape(item) for item in value))


def record(*shapes: Shape) -> Shape:
    """A list (or tuple) of exactly one value per shape, each of its shape: [colour, face], a tile."""
    return lambda value: (isinstance(value, (list, tuple)) and len(value) == len(shapes)
                          and all(shape(item) for shape, item in zip(shapes, value)))


def mapping_of(keys: Iterable[Any], shape: Shape) -> Shape:
    """A mapping naming exactly `keys` (compared as text: JSON's keys are texts), each to a value
    of `shape`."""
    wanted = {str(key) for key in keys}
    return lambda value: (isinstance(value, Mapping) and len(value) == len(wanted)
                          and {str(key) for key in value} == wanted and all(shape(item) for item in value.values()))


def frozen(value: Any) -> Any:
    """Lists as tuples, at every depth, as an event holds them (mappings are copied)."""
    if isinstance(value, (list, tuple)):
        return tuple(frozen(item) for item in value)
    if isinstance(value, Mapping):
        return {key: frozen(item) for key, item in value.items()}
    return value


# -- one value ------------------------------------------------------------------------------------

def as_whole(value: Any, field: str, rule: str, *, low: int | None = None, high: int | None = None,
             hidden: bool = False) -> int:
    """`value` as a whole number from `low` to `high` (a `high` needs a `low`), else a refusal under
    `rule` naming `field` (`hidden`: without repeating the value, for a secret amount)."""
    if not is_whole(value):
        if hidden:
            raise IllegalCommand(rule, WHOLE_HIDDEN, field=field)
        raise IllegalCommand(rule, WHOLE, field=field, value=shown(value))
    if (low is not None and value < low) or (high is not None and value > high):
        if hidden:
            raise IllegalCommand(rule, WHOLE_HIDDEN, field=field)
        if high is None:
            raise IllegalCommand(rule, AT_LEAST, field=field, low=low, value=shown(value))
        raise IllegalCommand(rule, BETWEEN, field=field, low=low, high=high, value=shown(value))
    return value


def as_text(value: Any, field: str, rule: str) -> str:
    if not is_text(value):
        raise IllegalCommand(rule, TEXT, field=field, value=shown(value))
    return value


def as_texts(value: Any, field: str, rule: str) -> tuple[str, ...]:
    if not list_of(is_text)(value):
        raise IllegalCommand(rule, TEXTS, field=field, value=shown(value))
    return tuple(value)


def as_flag(value: Any, field: str, rule: str) -> bool:
    if not is_flag(value):
        raise IllegalCommand(rule, FLAG, field=field, value=shown(value))
    return value


def as_choice(value: Any, field: str, rule: str, choices: Iterable[Any]) -> Any:
    allowed = tuple(choices)
    if not one_of(allowed)(value):
        raise IllegalCommand(rule, CHOICE, field=field, choices=", ".join(map(str, allowed)), value=shown(value))
    return value


def as_mapping(value: Any, field: str, rule: str) -> dict[str, Any]:
    """A mapping with text keys (JSON's objects), copied."""
    if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
        raise IllegalCommand(rule, NOT_A_MAPPING, field=field, value=shown(value))
    return dict(value)


def as_shaped(value: Any, field: str, rule: str, shape: Shape, template: str) -> Any:
    """`value` (lists frozen to tuples) when it has `shape`, else `IllegalCommand(rule, template,
    field=…, value=…)`: the template says in the players' words what the field holds (and shows
    the value only if it has a `{value}`)."""
    if not shape(value):
        shows = {"value": shown(value)} if "{value}" in template else {}
        raise IllegalCommand(rule, template, field=field, **shows)
    return frozen(value)


# -- one intent's args ----------------------------------------------------------------------------

class IntentArgs:
    """The args of one intent, read by field under one `rule` (the game's input rule).

    Constructed from whatever arrived: anything but a mapping with text keys is refused at once,
    naming `field` ("args", or the setup's name when the args are nested). A field's `default`
    applies only when the field is absent; an `optional_*` reader also takes None as absent.
    Without a default, an absent field is read as None and refused as such ("got None").
    """

    def __init__(self, raw: Any, rule: str, field: str = "args") -> None:
        self.raw: Mapping[str, Any] = as_mapping(raw, field, rule)
        self.rule = rule

    def get(self, field: str, default: Any = None) -> Any:
        """The raw value, unchecked: for a field any value of which is meaningful (an answer)."""
        return self.raw.get(field, default)

    def __contains__(self, field: str) -> bool:
        return field in self.raw

    def _value(self, field: str, default: Any) -> Any:
        if field not in self.raw and default is not _REQUIRED:
            return default
        return self.raw.get(field)

    def whole(self, field: str, default: Any = _REQUIRED, *, low: int | None = None, high: int | None = None,
              hidden: bool = False) -> int:
        value = self._value(field, default)
        return as_whole(value, field, self.rule, low=low, high=high, hidden=hidden)

    def optional_whole(self, field: str, *, low: int | None = None, high: int | None = None) -> int | None:
        value = self.raw.get(field)
        return None if value is None else as_whole(value, field, self.rule, low=low, high=high)

    def text(self, field: str, default: Any = _REQUIRED) -> str:
        return as_text(self._value(field, default), field, self.rule)

    def optional_text(self, field: str) -> str | None:
        value = self.raw.get(field)
        return None if value is None else as_text(value, field, self.rule)

    def texts(self, field: str, default: Any = _REQUIRED) -> tuple[str, ...]:
        return as_texts(self._value(field, default), field, self.rule)

    def optional_texts(self, field: str) -> tuple[str, ...] | None:
        value = self.raw.get(field)
        return None if value is None else as_texts(value, field, self.rule)

    def flag(self, field: str, default: Any = _REQUIRED) -> bool:
        return as_flag(self._value(field, default), field, self.rule)

    def choice(self, field: str, choices: Iterable[Any], default: Any = _REQUIRED) -> Any:
        return as_choice(self._value(field, default), field, self.rule, choices)

    def mapping(self, field: str, default: Any = _REQUIRED) -> dict[str, Any]:
        return as_mapping(self._value(field, default), field, self.rule)

    def shaped(self, field: str, shape: Shape, template: str, default: Any = _REQUIRED) -> Any:
        return as_shaped(self._value(field, default), field, self.rule, shape, template)

    def optional_shaped(self, field: str, shape: Shape, template: str) -> Any:
        value = self.raw.get(field)
        return None if value is None else as_shaped(value, field, self.rule, shape, template)
