"""A history's step times are parsed once per timestamp, not at each open [issue 24]."""

from companion.ui.text import formatting as fmt


def test_a_step_time_is_worded_once_and_reused() -> None:
    fmt.format_time.cache_clear()
    first = fmt.format_time("2026-01-02T03:04:05+00:00")
    again = fmt.format_time("2026-01-02T03:04:05+00:00")
    assert first == again and len(first) == 8
    info = fmt.format_time.cache_info()
    assert (info.hits, info.misses) == (1, 1)


def test_a_bad_timestamp_still_reads_as_itself() -> None:
    assert fmt.format_time("not a time") == "not a time"
