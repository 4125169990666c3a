"""Dataclass arguments for the repository's scripts: ``--flags`` and ``--config run.yaml``.

The shape of TRL's ``TrlParser`` (which ``training/`` uses, with TRL's own configs) for
scripts that must not need TRL (``loaders/``): every field of the given ``@dataclass`` es
is a ``--field`` flag whose help is the field's ``metadata["help"]``; ``--config x.yaml``
(a YAML or JSON mapping of field names) sets any of them, and flags given on the command
line override it. A field without a default is required (by the file or a flag).
"""

from __future__ import annotations

import argparse
import dataclasses
import types
import typing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import yaml

_SCALARS: tuple[type, ...] = (str, int, float, bool, Path)


def _bool(text: str) -> bool:
    value = text.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise argparse.ArgumentTypeError(f"{text!r} is not a boolean (true or false)")


def _scalar(hint: Any) -> tuple[type, bool]:
    """``(type, optional)`` of a field annotation (``X`` or ``X | None``)."""
    args = typing.get_args(hint)
    if (
        typing.get_origin(hint) in (typing.Union, types.UnionType)
        and type(None) in args
    ):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and rest[0] in _SCALARS:
            return rest[0], True
    if hint in _SCALARS:
        return hint, False
    raise TypeError(f"unsupported script argument type {hint!r}")


def _converter(kind: type, optional: bool = False) -> Callable[[str], Any]:
    """The flag's text -> value function (``none``/``null`` -> ``None`` when optional)."""
    base: Callable[[str], Any] = _bool if kind is bool else kind

    def convert(text: str) -> Any:
        if optional and text.strip().lower() in ("none", "null"):
            return None
        return base(text)

    convert.__name__ = kind.__name__  # argparse names the type in its errors
    return convert


class ScriptParser:
    """Parse ``--flags`` and ``--config`` into instances of the given dataclasses.

    Args:
        *dataclass_types: The argument dataclasses (field names must not repeat).
        prog: The program name shown in usage lines.
        description: The ``--help`` text above the flags (default: the first
            dataclass's docstring).

    Raises:
        TypeError: A field type other than ``str``, ``int``, ``float``, ``bool``,
            ``Path`` or one of them ``| None``, or a field name used twice.
    """

    def __init__(
        self,
        *dataclass_types: type,
        prog: str | None = None,
        description: str | None = None,
    ) -> None:
        self.dataclass_types = dataclass_types
        self.fields: dict[str, tuple[type, bool, dataclasses.Field[Any]]] = {}
        for cls in dataclass_types:
            hints = typing.get_type_hints(cls)
            for f in dataclasses.fields(cls):
                if f.name in self.fields:
                    raise TypeError(f"field {f.name!r} appears twice")
                kind, optional = _scalar(hints[f.name])
                self.fields[f.name] = (kind, optional, f)
        if description is None and dataclass_types:
            description = dataclass_types[0].__doc__
        self.parser = argparse.ArgumentParser(
            prog=prog,
            description=(description or "").strip(),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        self.parser.add_argument(
            "--config",
            type=Path,
            metavar="RUN.yaml",
            help="a YAML (or JSON) mapping of these arguments; flags given here override it",
        )
        for name, (kind, optional, f) in self.fields.items():
            text = str(f.metadata.get("help", ""))
            if _has_default(f) and "default" not in text:
                text += f" (default: {_default(f)})"
            self.parser.add_argument(
                f"--{name}",
                type=_converter(kind, optional),
                nargs="?" if kind is bool else None,
                const=True if kind is bool else None,
                default=argparse.SUPPRESS,
                metavar=kind.__name__.upper() + ("|none" if optional else ""),
                help=text,
            )

    def _config(self, path: Path) -> dict[str, Any]:
        """The checked values of a ``--config`` file."""
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            self.parser.error(f"--config {path}: {exc}")
        if data is None:
            return {}
        if not isinstance(data, dict):
            self.parser.error(f"--config {path}: expected a mapping of argument names")
        unknown = sorted(set(data) - set(self.fields))
        if unknown:
            self.parser.error(
                f"--config {path}: unknown argument(s) {', '.join(map(str, unknown))}; "
                f"known: {', '.join(self.fields)}"
            )
        out = {}
        for name, value in data.items():
            kind, optional, _ = self.fields[name]
            if value is None and optional:
                out[name] = None
            elif isinstance(value, str) and kind is not str:
                try:
                    out[name] = _converter(kind, optional)(value)
                except (ValueError, argparse.ArgumentTypeError) as exc:
                    self.parser.error(f"--config {path}: {name}: {exc}")
            elif kind is Path and isinstance(value, str):
                out[name] = Path(value)
            elif (
                isinstance(value, kind)
                and not (kind is not bool and isinstance(value, bool))
            ) or (kind is float and type(value) is int):
                out[name] = kind(value)
            else:
                self.parser.error(
                    f"--config {path}: {name} must be {kind.__name__}"
                    f"{' or null' if optional else ''}, not {value!r}"
                )
        return out

    def parse_args_and_config(
        self, args: Sequence[str] | None = None
    ) -> tuple[Any, ...]:
        """One instance per dataclass, from ``args`` (default ``sys.argv[1:]``).

        Exits with status 2 and a message (argparse's way) on a bad flag, a bad
        ``--config`` file or a missing required argument.
        """
        ns = self.parser.parse_args(args)
        values = self._config(ns.config) if ns.config is not None else {}
        values |= {k: v for k, v in vars(ns).items() if k != "config"}
        missing = [
            n
            for n, (_, _, f) in self.fields.items()
            if n not in values and not _has_default(f)
        ]
        if missing:
            self.parser.error(
                "the following arguments are required: "
                + ", ".join(f"--{n}" for n in missing)
            )
        names = [{f.name for f in dataclasses.fields(c)} for c in self.dataclass_types]
        return tuple(
            cls(**{k: v for k, v in values.items() if k in keep})
            for cls, keep in zip(self.dataclass_types, names, strict=True)
        )


def _has_default(f: dataclasses.Field[Any]) -> bool:
    return (
        f.default is not dataclasses.MISSING
        or f.default_factory is not dataclasses.MISSING
    )


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    return f.default_factory()  # type: ignore[misc]


__all__ = ["ScriptParser"]
