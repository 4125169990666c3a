"""``physassist``: entry point that dispatches to sub-commands.

Each sub-command lives in its own module of :mod:`physassist_env.cli` with
``add_parser(subparsers)`` (which sets ``run`` as the parser default) and
``run(args) -> int``; modules are discovered, so adding a command is adding a module.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import pkgutil
import sys
from collections.abc import Sequence
from typing import NoReturn

import physassist_env.cli as _cli_pkg
from physassist_env import __version__
from physassist_env.paths import FolderLockedError, UnsafePathError


def command_modules() -> list[str]:
    """Modules of :mod:`physassist_env.cli` that define a sub-command (``add_parser``)."""
    names = []
    for info in sorted(pkgutil.iter_modules(_cli_pkg.__path__), key=lambda i: i.name):
        if info.name == "main" or info.name.startswith("_"):
            continue
        names.append(f"{_cli_pkg.__name__}.{info.name}")
    return names


class HelpFormatter(argparse.HelpFormatter):
    """Appends ``(default: X)`` to every option whose help does not state its default."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            "default" in text
            or default is None
            or default is False
            or default is argparse.SUPPRESS
            or default == []
            or not action.option_strings
        ):
            return text
        return f"{text} (default: %(default)s)" if text else "(default: %(default)s)"


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line that says where the help is."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}; see {self.prog} --help\n")


def _add_verbose(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        default=default,
        help="log progress details (INFO); also accepted after the sub-command",
    )


def make_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full ``physassist`` argument parser; with ``only`` (a sub-command's module),
    the parser of that one command (importing every command's module costs seconds,
    :func:`main` imports only the one it runs)."""
    parser = OneLineParser(
        prog="physassist",
        description="PhysAssistBench: build, inspect and run the interactive doctor-patient-EHR benchmark.",
    )
    parser.add_argument(
        "--version", action="version", version=f"physassistbench {__version__}"
    )
    _add_verbose(parser, False)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for module in command_modules():
        if only is None or module == only:
            importlib.import_module(module).add_parser(sub)
    for command in sub.choices.values():
        command.formatter_class = HelpFormatter
        # SUPPRESS: an absent -v after the command keeps the value given before it
        _add_verbose(command, argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``physassist`` with ``argv`` (default: ``sys.argv[1:]``); returns the exit code."""
    args = make_parser(_command_module(argv)).parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
        force=True,
    )
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:  # e.g. `physassist ehr ... | head`
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: one line, no traceback (eval says what it kept)
        print(f"physassist {args.command}: interrupted", file=sys.stderr)
        return 130
    except (OSError, FolderLockedError, UnsafePathError) as exc:  # one clear line
        print(f"physassist {args.command}: {os_error_line(exc)}", file=sys.stderr)
        return 1
    except Exception as exc:  # never a traceback for the user; -v shows it
        if args.verbose:
            raise
        print(
            f"physassist {args.command}: unexpected error ({type(exc).__name__}: "
            f"{one_line(str(exc))}); rerun with -v for the details and report it",
            file=sys.stderr,
        )
        return 1


def one_line(text: str, limit: int = 500) -> str:
    """``text`` on one line, at most ``limit`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _command_module(argv: Sequence[str] | None) -> str | None:
    """The module of the sub-command ``argv`` names (``None``: no known command named,
    so the full parser answers: help, a typo, ``--version``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    words = [a for a in args if not a.startswith("-")]
    if not words:
        return None
    module = f"{_cli_pkg.__name__}.{words[0].replace('-', '_')}"
    return module if module in command_modules() else None


def os_error_line(exc: BaseException) -> str:
    """One line for a file-system error: what failed and on which path."""
    if isinstance(exc, OSError) and exc.strerror:
        paths = [p for p in (exc.filename, exc.filename2) if p]
        return exc.strerror + (f": {' -> '.join(map(str, paths))}" if paths else "")
    return one_line(str(exc))


if __name__ == "__main__":  # python -m physassist_env.cli.main
    sys.exit(main())
