"""Tool schemas from typed, documented methods: what a model is told about the EHR tools.

A tool is a method marked with :func:`tool`. Its typed signature and Google-style
docstring *are* its prompt: :meth:`ToolCatalog.from_class` reads them into
:class:`ToolSpec` objects once, and :meth:`ToolCatalog.schemas` writes OpenAI function
schemas from them (Chinese descriptions from :mod:`physassist_env.ehr.i18n`). Running
the tools is :class:`~physassist_env.ehr.toolkit.EhrToolkit`'s job; checking a model's
arguments against these specs is :mod:`physassist_env.ehr.arguments`'.
"""

from __future__ import annotations

import inspect
import re
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from physassist_env.ehr import i18n

_TOOL_ATTR = "__physassist_tool__"


class ToolKind(StrEnum):
    """Whether a tool reads the EHR or writes to it."""

    READ = "read"
    WRITE = "write"


def tool(
    name: str, kind: ToolKind = ToolKind.READ
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a toolkit method as a tool with its public (dotted) name."""

    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        setattr(fn, _TOOL_ATTR, (name, kind))
        return fn

    return mark


@dataclass(frozen=True)
class ParamSpec:
    """A tool parameter as read from the method signature and docstring."""

    name: str
    json_type: str
    required: bool
    enum: tuple[str, ...] | None
    description: str


@dataclass(frozen=True)
class ToolSpec:
    """One tool: its public name, the method that runs it, and its parameters in order."""

    name: str
    attr: str
    kind: ToolKind
    summary: str
    params: dict[str, ParamSpec]


def name_key(name: str) -> str:
    """The spelling-blind key of a tool name (``Observation.search`` = ``observation_search``)."""
    return re.sub(r"[^a-z]", "", name.lower())


class ToolCatalog:
    """The tools of one class, in prompt order, with name resolution and schemas.

    Args:
        specs: The tools, in the order they are listed to a model.
    """

    def __init__(self, specs: Sequence[ToolSpec]):
        self.specs: dict[str, ToolSpec] = {s.name: s for s in specs}
        self._index = {name_key(s.name): s.name for s in specs} | {
            name_key(s.attr): s.name for s in specs
        }

    @classmethod
    def from_class(
        cls, owner: type, order: Sequence[str] = i18n.TOOL_ORDER
    ) -> ToolCatalog:
        """Read every :func:`tool`-marked method of ``owner``; ``order`` ranks the names.

        Raises:
            TypeError: For a parameter type with no JSON schema type.
        """
        specs = []
        for attr, fn in inspect.getmembers(owner, inspect.isfunction):
            marker = getattr(fn, _TOOL_ATTR, None)
            if marker is None:
                continue
            name, kind = marker
            hints = typing.get_type_hints(fn)
            summary, arg_docs = _parse_docstring(fn.__doc__ or "")
            params: dict[str, ParamSpec] = {}
            for pname, p in inspect.signature(fn).parameters.items():
                if pname == "self":
                    continue
                jtype, enum = _json_type(hints[pname])
                params[pname] = ParamSpec(
                    pname,
                    jtype,
                    p.default is inspect.Parameter.empty,
                    enum,
                    arg_docs.get(pname, ""),
                )
            specs.append(ToolSpec(name, attr, kind, summary, params))
        ranked = list(order)

        def rank(spec: ToolSpec) -> int:
            return ranked.index(spec.name) if spec.name in ranked else len(ranked)

        return cls(sorted(specs, key=rank))

    def resolve(self, name: str) -> str | None:
        """The canonical name for a model's spelling of a tool or method name (or ``None``)."""
        return self._index.get(name_key(name))

    def schemas(
        self,
        language: str = "en",
        *,
        name_style: Literal["dotted", "underscore"] = "dotted",
        kinds: tuple[ToolKind, ...] = (ToolKind.READ, ToolKind.WRITE),
    ) -> list[dict[str, Any]]:
        """OpenAI-style function schemas of the tools.

        Args:
            language: ``"en"`` or ``"zh"`` for descriptions.
            name_style: ``"dotted"`` (``Observation.search``, as in the paper) or
                ``"underscore"`` (``Observation_search``, for APIs that reject dots).
            kinds: Which tool kinds to include.

        Raises:
            ValueError: For an unsupported language.
        """
        if language not in i18n.LANGUAGES:
            raise ValueError(
                f"language {language!r} is not supported; use one of {', '.join(i18n.LANGUAGES)}"
            )
        out = []
        for name, spec in self.specs.items():
            if spec.kind not in kinds:
                continue
            zh = i18n.TOOLS_ZH.get(name, {}) if language == "zh" else {}
            props: dict[str, Any] = {}
            for pname, p in spec.params.items():
                prop: dict[str, Any] = {
                    "type": p.json_type,
                    "description": zh.get(pname, p.description),
                }
                if p.enum:
                    prop["enum"] = list(p.enum)
                props[pname] = prop
            out.append(
                {
                    "type": "function",
                    "function": {
                        "name": name
                        if name_style == "dotted"
                        else name.replace(".", "_"),
                        "description": zh.get("", spec.summary),
                        "parameters": {
                            "type": "object",
                            "properties": props,
                            "required": [
                                p for p, s in spec.params.items() if s.required
                            ],
                        },
                    },
                }
            )
        return out


def _parse_docstring(doc: str) -> tuple[str, dict[str, str]]:
    """(summary line, {argument: description}) of a Google-style docstring."""
    doc = inspect.cleandoc(doc or "")
    summary = doc.split("\n\n", 1)[0].replace("\n", " ").strip()
    args: dict[str, str] = {}
    if "Args:" in doc:
        section = doc.split("Args:", 1)[1].split("Returns:", 1)[0]
        current = None
        for line in section.splitlines():
            m = re.match(r"^\s{4}(\w+):\s*(.*)$", line)
            if m:
                current = m.group(1)
                args[current] = m.group(2).strip()
            elif current and line.strip():
                args[current] += " " + line.strip()
    return summary, args


def _json_type(annotation: Any) -> tuple[str, tuple[str, ...] | None]:
    """(JSON type, enum values) for a parameter annotation (``X | None`` reads as ``X``)."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        annotation = members[0]
        origin = typing.get_origin(annotation)
    if origin is Literal:
        return "string", tuple(str(a) for a in typing.get_args(annotation))
    mapping = {str: "string", int: "integer", float: "number", bool: "boolean"}
    if annotation not in mapping:
        raise TypeError(f"tool parameter type {annotation!r} has no JSON schema type")
    return mapping[annotation], None
