"""Without the [honcho] extra: setup and config check say so and how to install it; the
camelCase cadence keys of Honcho's seeds are read as the snake_case ones."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

from hermes.config import parse_config

ROOT = Path(__file__).resolve().parents[2]


def hidden_honcho(tmp_path: Path) -> Path:
    """A folder holding a package named honcho whose import fails, as a missing SDK does."""
    stub = tmp_path / "no-honcho" / "honcho"
    stub.mkdir(parents=True)
    (stub / "__init__.py").write_text(
        'raise ModuleNotFoundError("No module named \'honcho\'", name="honcho")\n')
    return stub.parent


def hermes(home: Path, *args: str, hide: Path | None = None,
           stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HERMES_", "HONCHO_"))}
    path = [str(hide)] if hide is not None else []
    env.update(HERMES_HOME=str(home), PYTHONPATH=os.pathsep.join([*path, str(ROOT)]))
    return subprocess.run([sys.executable, "-m", "hermes", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)


def test_setup_honcho_without_the_sdk_names_the_extra_and_changes_nothing(
        hermes_home: Path, tmp_path: Path) -> None:
    done = hermes(hermes_home, "memory", "setup", "honcho", "--base-url",
                  "https://honcho.example.org", hide=hidden_honcho(tmp_path))
    assert done.returncode != 0
    assert "Honcho SDK is not installed" in done.stderr and "[honcho]" in done.stderr
    assert f"{sys.executable} -m pip install 'honcho-ai>=2.0'" in done.stderr
    assert "Traceback" not in done.stderr and "ModuleNotFoundError" not in done.stderr
    config = hermes_home / "config.yaml"
    assert not config.exists() or "honcho" not in config.read_text()


def test_config_check_without_the_sdk_is_an_error_with_the_install_command(
        hermes_home: Path, tmp_path: Path) -> None:
    (hermes_home / "config.yaml").write_text(yaml.safe_dump(
        {"user_model": {"provider": "honcho", "honcho": {"base_url": "http://127.0.0.1:9"}}}))
    missing = hermes(hermes_home, "config", "check", hide=hidden_honcho(tmp_path))
    assert missing.returncode == 2
    assert "user_model.provider: the Honcho SDK is not installed" in missing.stderr
    assert "pip install 'honcho-ai>=2.0'" in missing.stderr
    installed = hermes(hermes_home, "config", "check")  # the test env has the SDK
    assert installed.returncode == 0, installed.stderr


def test_camel_case_cadence_keys_are_read_with_a_warning_naming_the_canonical_key() -> None:
    cfg = parse_config({"user_model": {"contextCadence": 3, "dialecticCadence": 7,
                                       "dialecticDepth": 3}})
    um = cfg.user_model
    assert (um.context_cadence, um.dialectic_cadence, um.dialectic_depth) == (3, 7, 3)
    assert any("'user_model.contextCadence' read as 'user_model.context_cadence'" in w
               for w in cfg.warnings)
    assert len(cfg.warnings) == 3


def test_the_snake_case_key_wins_over_its_alias() -> None:
    cfg = parse_config({"user_model": {"dialecticDepth": 1, "dialectic_depth": 3}})
    assert cfg.user_model.dialectic_depth == 3
    assert cfg.warnings == ["config key 'user_model.dialecticDepth' ignored: "
                            "'user_model.dialectic_depth' is set as well"]


def test_an_alias_is_checked_like_its_key(hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text(yaml.safe_dump({"user_model": {"dialecticDepth": 9}}))
    done = hermes(hermes_home, "config", "check")
    assert done.returncode == 2 and "dialectic" in done.stderr


def test_the_extra_is_the_requirement_hermes_names() -> None:
    import tomllib

    from hermes.providers.honcho import SDK_REQUIREMENT

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert extras["honcho"] == [SDK_REQUIREMENT]
