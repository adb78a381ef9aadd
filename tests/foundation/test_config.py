"""Config loading: defaults, the plain-string model form, warnings and errors that name keys."""

from __future__ import annotations

import dataclasses
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from hermes.config import (
    ConfigError,
    load_config,
    load_env_file,
    parse_config,
    set_config_value,
    set_env_value,
)

REPO = Path(__file__).resolve().parents[2]


def test_defaults_when_no_file(hermes_home: Path) -> None:
    cfg = load_config()
    assert cfg.model.name == ""
    assert cfg.memory.memory_char_limit == 2200
    assert cfg.memory.user_char_limit == 1375
    assert cfg.memory.write_approval is False
    assert cfg.display.memory_notifications == "on"
    assert cfg.sessions.auto_prune is False and cfg.sessions.retention_days == 90
    assert cfg.warnings == []


def test_plain_string_model_and_aux_inheritance() -> None:
    cfg = parse_config({
        "model": {"name": "openai/gpt-4.1", "api_base": "http://127.0.0.1:9/v1", "api_key_env": "K"},
        "memory": {"review_model": "openai/gpt-4.1-mini"},
    })
    review = cfg.resolve_model(cfg.memory.review_model)
    assert review.name == "openai/gpt-4.1-mini"
    assert review.api_base == "http://127.0.0.1:9/v1" and review.api_key_env == "K"
    assert cfg.resolve_model(cfg.sessions.title_model) is cfg.model
    assert parse_config({"model": "anthropic/claude-sonnet-4-5"}).model.name == "anthropic/claude-sonnet-4-5"


def test_limits_given_as_strings_are_cast() -> None:
    cfg = parse_config({"memory": {"memory_char_limit": "3000", "user_char_limit": "1_500"}})
    assert cfg.memory.memory_char_limit == 3000
    assert cfg.memory.user_char_limit == 1500


def test_unknown_key_warns_naming_it() -> None:
    cfg = parse_config({"memory": {"memroy_char_limit": 5}, "colour": "red"})
    assert "unknown config key 'memory.memroy_char_limit' (ignored)" in cfg.warnings
    assert "unknown config key 'colour' (ignored)" in cfg.warnings


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ({"memory": {"memory_char_limit": "lots"}}, "memory.memory_char_limit: expected an integer"),
        ({"memory": {"write_approval": "maybe"}}, "memory.write_approval: expected true or false"),
        ({"display": {"memory_notifications": "loud"}}, "must be one of off, on, verbose"),
        ({"user_model": {"dialectic_depth": 7}}, "user_model.dialectic_depth: must be between 1 and 3"),
        ({"compression": {"threshold": 3}}, "compression.threshold: must be between"),
        ({"memory": ["a", "b"]}, "memory: expected a mapping"),
    ],
)
def test_bad_values_name_the_key_and_what_is_allowed(data: dict, needle: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_config(data)
    assert needle in str(err.value)


def test_malformed_yaml_names_file_and_line(hermes_home: Path) -> None:
    path = hermes_home / "config.yaml"
    path.write_text("model:\n  name: [unclosed\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config()
    assert str(path) in str(err.value) and "line" in str(err.value)


def test_set_config_value_persists_and_validates(hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text("model: openai/gpt-4.1\n", encoding="utf-8")
    set_config_value("display.theme", "hermes-light")
    set_config_value("model.api_base", "http://127.0.0.1:1/v1")
    cfg = load_config()
    assert cfg.display.theme == "hermes-light"
    assert cfg.model.name == "openai/gpt-4.1" and cfg.model.api_base == "http://127.0.0.1:1/v1"
    with pytest.raises(ConfigError):
        set_config_value("memory.review_interval", -3)
    assert yaml.safe_load((hermes_home / "config.yaml").read_text())["display"]["theme"] == "hermes-light"
    assert stat.S_IMODE(os.stat(hermes_home / "config.yaml").st_mode) == 0o600


def test_env_file_is_private_and_does_not_override(hermes_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HERMES_TEST_KEY", raising=False)
    monkeypatch.setenv("HERMES_TEST_OTHER", "from-shell")
    set_env_value("HERMES_TEST_KEY", "sk-test-123")
    env = hermes_home / ".env"
    assert stat.S_IMODE(os.stat(env).st_mode) == 0o600
    env.write_text(env.read_text() + "export HERMES_TEST_OTHER='from-file'\n")
    monkeypatch.delenv("HERMES_TEST_KEY")
    values = load_env_file()
    assert values["HERMES_TEST_OTHER"] == "from-file"
    assert os.environ["HERMES_TEST_KEY"] == "sk-test-123"
    assert os.environ["HERMES_TEST_OTHER"] == "from-shell"


def test_example_config_loads_without_warnings() -> None:
    cfg = load_config(REPO / "config.example.yaml")
    assert cfg.warnings == []
    # the memory keys it documents are there with their defaults
    raw = yaml.safe_load((REPO / "config.example.yaml").read_text(encoding="utf-8"))["memory"]
    assert raw["review_approval"] == "off" and raw["scan_model"] == ""
    assert cfg.memory.review_approval == "off" and cfg.memory.scan_model is None


def test_memory_review_approval_and_scan_model(hermes_home: Path) -> None:
    assert load_config().memory.review_approval == "off"
    (hermes_home / "config.yaml").write_text(
        "memory:\n  review_approval: destructive\n  scan_model: openai/gpt-4.1-nano\n")
    cfg = load_config()
    assert cfg.memory.review_approval == "destructive"
    assert cfg.memory.scan_model is not None and cfg.memory.scan_model.name == "openai/gpt-4.1-nano"
    (hermes_home / "config.yaml").write_text("memory:\n  review_approval: off\n")  # YAML bool
    assert load_config().memory.review_approval == "off"
    for bad in ("always", "on", "yes"):
        (hermes_home / "config.yaml").write_text(f"memory:\n  review_approval: {bad}\n")
        with pytest.raises(ConfigError, match="memory.review_approval: must be one of off, destructive"):
            load_config()
    set_config_value("memory.review_approval", "destructive")
    assert load_config().memory.review_approval == "destructive"


def test_cli_reports_bad_config_in_one_line(hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text("memory:\n  user_char_limit: many\n")
    proc = subprocess.run([sys.executable, "-m", "hermes", "config", "check"],
                          capture_output=True, text=True, env={**os.environ}, timeout=60)
    assert proc.returncode == 2
    assert "memory.user_char_limit" in proc.stderr and "Traceback" not in proc.stderr


def test_bare_on_off_words_in_yaml_mean_the_words(hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text("user_model:\n  provider: off\ndisplay:\n  memory_notifications: on\n")
    cfg = load_config()
    assert cfg.user_model.provider == "off"
    assert cfg.display.memory_notifications == "on"
    (hermes_home / "config.yaml").write_text("display:\n  memory_notifications: yes\n")
    assert load_config().display.memory_notifications == "on"


def test_folders_are_created_owner_only_with_their_parents(tmp_path: Path) -> None:
    from hermes.paths import ensure_dir

    deep = tmp_path / "a" / "b" / "c"
    assert ensure_dir(deep) == deep
    for folder in (tmp_path / "a", tmp_path / "a" / "b", deep):
        assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700


def test_setting_a_key_keeps_the_rest_of_env_and_refuses_an_unreadable_file(hermes_home: Path) -> None:
    env = hermes_home / ".env"
    env.write_text("# my keys\nOPENAI_API_KEY=old\nexport OTHER='x y'\nnot a pair\n")
    set_env_value("OPENAI_API_KEY", "new")
    set_env_value("ANTHROPIC_API_KEY", "ant")
    assert env.read_text() == ("# my keys\nOPENAI_API_KEY=new\nexport OTHER='x y'\nnot a pair\n"
                               "ANTHROPIC_API_KEY=ant\n")
    env.write_bytes(b"\xff\xfe broken")
    with pytest.raises(ConfigError) as err:
        set_env_value("OPENAI_API_KEY", "newer")
    assert "nothing was changed" in str(err.value)
    assert env.read_bytes() == b"\xff\xfe broken"


def _config_check(home: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hermes", "config", "check"],
                          capture_output=True, text=True, env={**os.environ}, timeout=60)


def test_config_check_reports_every_problem_not_just_the_first(hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text(
        "memory:\n  user_char_limit: many\n  memory_char_limit: -5\n"
        "model:\n  api_base: localhost:9\ndisplay:\n  theme: no-such-theme\nbogus: 1\n")
    proc = _config_check(hermes_home)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 4, proc.stderr
    assert any("memory.user_char_limit" in e for e in errors)
    assert any("memory.memory_char_limit" in e for e in errors)
    assert any("model.api_base" in e and "http://localhost:9" in e for e in errors)
    assert any("display.theme" in e and "no-such-theme" in e and "hermes-dark" in e for e in errors)
    assert "unknown config key 'bogus'" in proc.stderr
    assert "4 problems to fix" in proc.stdout and "ok" not in proc.stdout


def test_config_check_names_a_broken_theme_file(hermes_home: Path) -> None:
    themes = hermes_home / "themes"
    themes.mkdir(exist_ok=True)
    (themes / "mine.yaml").write_text("name: mine\ncolors: [not, a, mapping\n")
    (hermes_home / "config.yaml").write_text("display:\n  theme: mine\n")
    proc = _config_check(hermes_home)
    assert proc.returncode == 2
    assert "display.theme" in proc.stderr and "mine.yaml" in proc.stderr
    (hermes_home / "config.yaml").write_text("display:\n  theme: hermes-light\n")
    other = _config_check(hermes_home)  # a broken file that is not in use is a warning
    assert other.returncode == 0 and "ok (1 warning)" in other.stdout and "mine.yaml" in other.stderr


def test_a_good_config_checks_ok(hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text("model:\n  name: openai/gpt-4.1\n  api_base: http://localhost:9/v1\n")
    proc = _config_check(hermes_home)
    assert proc.returncode == 0 and proc.stdout.strip().endswith(": ok"), proc.stderr


@pytest.mark.parametrize(("value", "fragment"), [
    ("localhost:9", "write http://localhost:9"),
    ("ftp://example.com", "must start with http:// or https://"),
    ("http://", "names no host"),
    ("http://localhost:port", "port that is not a number"),
])
def test_an_api_base_without_a_usable_url_is_an_error_naming_the_fix(
        hermes_home: Path, value: str, fragment: str) -> None:
    from hermes.config import api_base_problem

    assert fragment in (api_base_problem(value) or "")
    (hermes_home / "config.yaml").write_text(f"model:\n  api_base: '{value}'\n")
    with pytest.raises(ConfigError, match="model.api_base"):
        load_config()


def test_a_usable_api_base_passes() -> None:
    from hermes.config import api_base_problem

    for value in ("", "http://localhost:9", "https://api.example.com/v1", "http://127.0.0.1:8080/v1"):
        assert api_base_problem(value) is None


def test_example_config_is_exactly_the_defaults() -> None:
    """config.example.yaml documents the defaults: loading it must give Config() and no warnings."""
    from hermes.config import Config

    example = REPO / "config.example.yaml"
    cfg = load_config(example)
    assert cfg.warnings == []
    assert cfg == Config()
    # ...and it names every setting, so a new key cannot be left out of the documented example
    defaults = {k: v for k, v in dataclasses.asdict(Config()).items() if k not in ("source", "warnings")}
    assert _dotted_keys(yaml.safe_load(example.read_text(encoding="utf-8"))) == _dotted_keys(defaults)


def _dotted_keys(data: dict, prefix: str = "") -> set[str]:
    keys: set[str] = set()
    for key, value in data.items():
        if isinstance(value, dict):
            keys |= _dotted_keys(value, f"{prefix}{key}.")
        else:
            keys.add(f"{prefix}{key}")
    return keys


def test_choice_fields_are_literals_and_the_parser_reads_their_values() -> None:
    import dataclasses
    import typing

    from hermes.config import DisplayConfig, MemoryConfig, ModelConfig, parse_config
    from hermes.errors import ConfigError

    for cls in (DisplayConfig, MemoryConfig, ModelConfig):
        for f in dataclasses.fields(cls):
            assert "choices" not in f.metadata, f"{cls.__name__}.{f.name}: use Literal[...]"
    choices = typing.get_args(typing.get_type_hints(DisplayConfig)["memory_notifications"])
    assert choices == ("off", "on", "verbose")
    for choice in choices:
        assert parse_config({"display": {"memory_notifications": choice}}).display.memory_notifications == choice
    try:
        parse_config({"model": {"text_tool_calls": "sometimes"}})
    except ConfigError as exc:
        assert "must be one of auto, off" in str(exc)
    else:
        raise AssertionError("a value outside the Literal was accepted")
