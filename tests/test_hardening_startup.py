"""Start-up: every command is in cli.COMMANDS, a command imports only what it runs, and a
simulation worker imports neither the command line nor the variant loader."""

from __future__ import annotations

import importlib
import subprocess
import sys

import typer

from pitchkit import cli

PROBE = """
import sys
sys.argv = ["pitchkit", *sys.argv[1:]]
from pitchkit.cli import main
try:
    main()
except SystemExit:
    pass
print("MODULES", " ".join(sorted(sys.modules)), file=sys.stderr)
"""


def modules_after(*args: str) -> set[str]:
    result = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True,
                            text=True, timeout=60)
    line = [x for x in result.stderr.splitlines() if x.startswith("MODULES ")][-1]
    return set(line.split()[1:])


def test_the_command_table_names_every_command_of_every_module() -> None:
    for module in set(cli.COMMANDS.values()):
        app = typer.Typer()
        importlib.import_module(module).register(app)
        names = {cli.command_name(c) for c in app.registered_commands}
        assert names == {n for n, m in cli.COMMANDS.items() if m == module}, module
    assert {cli.command_name(c) for c in cli.app.registered_commands} == set(cli.COMMANDS)


def test_validate_imports_neither_the_simulator_nor_jsonschema_for_a_valid_file() -> None:
    loaded = modules_after("validate", "auction-pitch")
    assert "pitchkit.load" in loaded
    for heavy in ("jsonschema", "pitchkit.simulate", "pitchkit.engine", "pitchkit.cli_sim",
                  "rich.progress", "pydantic"):
        assert heavy not in loaded, heavy


def test_an_invalid_file_still_gets_jsonschema_messages(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "bad.yaml"
    path.write_text("name: bad\nplayers:\n  count: many\n")
    result = subprocess.run([sys.executable, "-m", "pitchkit", "validate", str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "bad.yaml:3:3: players.count: 'many' is not an integer" in result.stdout


def test_a_worker_imports_only_the_engine_side() -> None:
    code = ("import sys, pitchkit.simulate, pitchkit.cli; "
            "print(' '.join(sorted(sys.modules)))")
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                timeout=60).stdout.split())
    for heavy in ("jsonschema", "typer", "yaml", "rich", "pitchkit.load", "matplotlib"):
        assert heavy not in loaded, heavy


def test_a_random_bot_worker_does_not_import_the_engine() -> None:
    # the random fast path (pitchkit.fastsim) plays its games without pitchkit.engine
    code = ("import sys, pickle, pitchkit.simulate as s; from pitchkit.load import load_variant; "
            "from pitchkit.bots import parse_bots; r = load_variant('auction-pitch'); "
            "setup = s.Setup(rules=r, seed=1, bots=tuple(parse_bots('random', 4)), "
            "hand_limit=50, endless=False); s._init_worker(setup); "
            "s._run_chunk(('auction-pitch', 2, None), range(2)); "
            "print('MODULES', ' '.join(sorted(sys.modules)))")
    # a worker's standard output goes to standard error (guard.quiet_worker)
    err = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60).stderr
    loaded = set(err.split("MODULES", 1)[-1].split())
    assert "pitchkit.fastsim" in loaded
    for unused in ("pitchkit.engine", "pitchkit.auction", "pitchkit.play"):
        assert unused not in loaded, unused


def test_version_prints_the_packages_version_and_imports_no_command() -> None:
    import pitchkit

    result = subprocess.run([sys.executable, "-m", "pitchkit", "--version"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout == f"pitchkit {pitchkit.__version__}\n"
    loaded = modules_after("--version")
    assert not {"numba", "pitchkit.simulate", "pitchkit.bots", "jsonschema"} & loaded


def test_the_version_is_written_once_in_the_package() -> None:
    """pyproject.toml reads it from pitchkit/__init__.py (hatch's version source)."""
    from pathlib import Path

    text = (Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in text and '\nversion = "' not in text
    assert '[tool.hatch.version]\npath = "pitchkit/__init__.py"' in text
