"""Checking that a value a model (or a client) sent is plain, bounded JSON, without raising.

Models emit anything: integers of thousands of digits (which Python refuses to turn into
text beyond 4,300 digits), sets and bytes in dict actions, or objects nested 100,000 levels
deep (which overflow the stack of ``json.dumps``). :func:`json_problem` walks a value
iteratively and says what is wrong with it; :func:`loads` parses JSON text with the same
bounds. Both turn every such input into a message, never an exception.
"""

from __future__ import annotations

import json
from typing import Any

#: Deepest nesting accepted in tool arguments and actions.
MAX_DEPTH = 64
#: Most values (containers and scalars) in one action.
MAX_NODES = 20_000
#: Most digits of an integer (Python's own limit for int <-> str is 4,300).
MAX_DIGITS = 4_000
_MAX_BITS = int(MAX_DIGITS * 3.3219)  # log2(10)


class JsonValueError(ValueError):
    """A value or text is not plain, bounded JSON (the message says why)."""


def _int_problem(value: int) -> str | None:
    if value.bit_length() > _MAX_BITS:
        return f"an integer of about {int(value.bit_length() / 3.3219)} digits (at most {MAX_DIGITS} are accepted)"
    return None


def json_problem(
    value: Any, *, max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES
) -> str | None:
    """What makes ``value`` unfit to be JSON, or ``None`` when it is plain, bounded JSON.

    Plain JSON is ``None``, ``bool``, ``int`` (at most :data:`MAX_DIGITS` digits),
    ``float``, ``str``, and lists/tuples and dicts (with string, number, bool or null
    keys) of those, nested at most ``max_depth`` levels, ``max_nodes`` values in all.
    Never raises.
    """
    stack: list[tuple[Any, int]] = [(value, 0)]
    nodes = 0
    while stack:
        item, depth = stack.pop()
        nodes += 1
        if nodes > max_nodes:
            return f"it holds more than {max_nodes} values"
        if depth > max_depth:
            return f"it is nested more than {max_depth} levels deep"
        if item is None or isinstance(item, (bool, float, str)):
            continue
        if isinstance(item, int):
            problem = _int_problem(item)
            if problem:
                return f"it contains {problem}"
            continue
        if isinstance(item, (list, tuple)):
            stack.extend((v, depth + 1) for v in item)
            continue
        if isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, int) and not isinstance(k, bool) and _int_problem(k):
                    return f"it has a key that is {_int_problem(k)}"
                if not (k is None or isinstance(k, (str, int, float, bool))):
                    return f"it has a key of type {type(k).__name__}, which JSON cannot carry"
                stack.append((v, depth + 1))
            continue
        return f"it contains a value of type {type(item).__name__}, which JSON cannot carry"
    return None


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise JsonValueError(
            f"it contains an integer of {digits} digits (at most {MAX_DIGITS} are accepted)"
        )
    return int(text)


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text into a plain, bounded value.

    Raises:
        JsonValueError: With a specific reason (syntax error and position, a number too
            long, nesting too deep ...); never another exception.
    """
    try:
        value = json.loads(text, parse_int=_parse_int)
    except JsonValueError:
        raise
    except json.JSONDecodeError as exc:
        raise JsonValueError(
            f"it is not valid JSON ({exc.msg} at position {exc.pos})"
        ) from None
    except RecursionError:
        raise JsonValueError("it is nested too deeply to be read") from None
    except (ValueError, TypeError, MemoryError) as exc:
        raise JsonValueError(f"it cannot be read as JSON ({exc})"[:300]) from None
    problem = json_problem(value, max_depth=max_depth)
    if problem:
        raise JsonValueError(problem)
    return value
