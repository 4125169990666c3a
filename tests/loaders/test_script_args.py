"""``ScriptParser``: dataclass fields as flags, ``--config`` files, flags over the file."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from physassist_env.dataset import ScriptParser


@dataclass(kw_only=True)
class Source:
    """Where the data is."""

    path: str = field(metadata={"help": "the source folder"})
    limit: int | None = field(default=None, metadata={"help": "first N patients"})


@dataclass(kw_only=True)
class Options:
    seed: int = 0
    fraction: float = 0.1
    progress: bool = True
    folder: Path | None = None


def _parse(argv: list[str]) -> tuple[Source, Options]:
    return ScriptParser(Source, Options).parse_args_and_config(argv)  # type: ignore[return-value]


def test_flags_fill_each_dataclass_with_types() -> None:
    src, opt = _parse(
        ["--path", "p", "--limit", "5", "--fraction", "0.5", "--progress", "false"]
    )
    assert src == Source(path="p", limit=5)
    assert opt == Options(fraction=0.5, progress=False)
    src, opt = _parse(
        ["--path", "p", "--progress", "--folder", "x/y", "--limit", "none"]
    )
    assert opt.progress is True and opt.folder == Path("x/y") and src.limit is None


def test_config_file_then_flags_override(tmp_path: Path) -> None:
    config = tmp_path / "run.yaml"
    config.write_text(
        "path: from-file\nlimit: 7\nseed: 4\nfraction: 1\nprogress: false\nfolder: null\n"
    )
    src, opt = _parse(["--config", str(config), "--seed", "9"])
    assert src == Source(path="from-file", limit=7)
    assert opt == Options(seed=9, fraction=1.0, progress=False, folder=None)
    assert isinstance(opt.fraction, float)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("path: p\nlimt: 3\n", "unknown argument(s) limt"),
        ("path: p\nseed: many\n", "seed"),
        ("path: p\nseed: true\n", "seed must be int"),
        ("path: p\nprogress: maybe\n", "not a boolean"),
        ("path: p\nseed: none\n", "seed"),  # none is None only for an optional field
        ("- a list\n", "expected a mapping"),
        ("path: [unclosed\n", "--config"),
    ],
)
def test_bad_config_files_exit_2_with_the_reason(
    tmp_path: Path, text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "run.yaml"
    config.write_text(text)
    with pytest.raises(SystemExit) as info:
        _parse(["--config", str(config)])
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_missing_required_and_bad_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _parse([])
    assert "required: --path" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        _parse(["--path", "p", "--limit", "x"])
    assert "--limit" in capsys.readouterr().err


def test_help_lists_fields_with_help_and_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as info:
        _parse(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "Where the data is." in out and "first N patients (default: None)" in out
    assert "--config RUN.yaml" in out


def test_unsupported_field_type_and_repeated_name() -> None:
    @dataclass
    class Bad:
        items: list[str] = field(default_factory=list)

    with pytest.raises(TypeError, match="unsupported"):
        ScriptParser(Bad)
    with pytest.raises(TypeError, match="appears twice"):
        ScriptParser(Source, Source)
