"""JSON in and out for the harness, without importing `json`.

`import json` pulls in `re`, `enum` and their friends: several milliseconds of every run's
start-up, where the payload and the records need only the C scanner and encoder that `json`
itself is built on (`_json`). Same results as `json.loads` and `json.dumps(...,
separators=(",", ":"))`; `json` itself where `_json` is missing.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

try:
    import _json
except ImportError:  # another Python than CPython: the json module does the same work
    _json = None

_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}
_SPACE = " \t\n\r"


class _Decoding:
    """What _json.make_scanner reads off json.JSONDecoder."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__
    memo: dict[str, str] = {}


def _cannot(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


if _json is not None:
    _scan = _json.make_scanner(_Decoding())

    def _encoder(allow_nan: bool) -> Any:
        # No circular check (markers None): what is encoded is built by serde, never cyclic.
        return _json.make_encoder(
            None, _cannot, _json.encode_basestring_ascii, None, ":", ",", False, False, allow_nan
        )

    _ENCODERS = {False: _encoder(False), True: _encoder(True)}

    def loads(data: bytes | str) -> Any:
        text = (data.decode("utf-8") if isinstance(data, bytes) else data).strip(_SPACE)
        try:
            value, end = _scan(text, 0)
        except StopIteration as error:
            raise ValueError(f"not JSON (at character {error.value})") from None
        if end != len(text):
            raise ValueError(f"extra data after the JSON value (at character {end})")
        return value

    def dumps(value: Any, *, allow_nan: bool = True) -> str:
        """Compact JSON, ASCII only; ValueError for NaN or infinities unless allow_nan."""
        return "".join(_ENCODERS[allow_nan](value, 0))

else:
    import json

    def loads(data: bytes | str) -> Any:
        return json.loads(data)

    def dumps(value: Any, *, allow_nan: bool = True) -> str:
        return json.dumps(value, separators=(",", ":"), allow_nan=allow_nan)
