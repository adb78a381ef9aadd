"""Themes as YAML files: parse, validate, convert to Textual `Theme` objects.

Bundled themes live in the package (`hermes/themes/`, the repository's top-level `themes/`
in a source checkout); users add their own in `$HERMES_HOME/themes/`. A broken file is
skipped and reported with its name and the problem, never raised.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml
from textual.color import Color, ColorParseError
from textual.theme import Theme

import hermes
from hermes.os_errors import describe_file_error
from hermes import paths
from hermes.plural import noun

DEFAULT_THEME = "hermes-dark"

# Textual's own colour slots a theme file may set under `colors:`.
COLOR_KEYS = (
    "primary", "secondary", "accent", "foreground", "background", "surface", "panel",
    "boost", "warning", "error", "success",
)

# The app's own parts, under `variables:`; each falls back to a Textual colour when unset.
APP_VARIABLES: dict[str, str] = {
    "hermes-status-bg": "panel",
    "hermes-status-fg": "foreground",
    "hermes-tool": "secondary",
    "hermes-notice": "accent",
    "hermes-user-border": "primary",
    "hermes-assistant-border": "secondary",
    "hermes-error": "error",
    "hermes-gauge-ok": "success",
    "hermes-gauge-warn": "warning",
    "hermes-gauge-full": "error",
    "hermes-badge": "warning",
}


@dataclass
class ThemeLoadResult:
    themes: dict[str, Theme] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # "file: problem"
    sources: dict[str, Path] = field(default_factory=dict)

    def warning(self) -> str:
        """One line naming every broken file ("" when all loaded)."""
        if not self.problems:
            return ""
        return f"Skipped broken theme {noun(len(self.problems), 'file')}: " + "; ".join(self.problems)


class ThemeFileError(ValueError):
    """A theme file that cannot be used; the message says what is wrong."""


def bundled_themes_dir() -> Path:
    """Where the shipped themes are: inside the package when installed, else the repo root."""
    package_dir = Path(hermes.__file__).parent
    installed = package_dir / "themes"
    if installed.is_dir():
        return installed
    return package_dir.parent / "themes"


def _color(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ThemeFileError(f"{where} must be a colour string like '#1e2030'")
    try:
        Color.parse(value.strip())
    except ColorParseError:
        raise ThemeFileError(f"{where}: {value!r} is not a colour") from None
    return value.strip()


def theme_from_mapping(data: object) -> Theme:
    """Validate a parsed theme document and build the Textual Theme (raises ThemeFileError)."""
    if not isinstance(data, dict):
        raise ThemeFileError("the top level must be a mapping with name, dark, colors, variables")
    unknown = set(data) - {"name", "dark", "colors", "variables", "description"}
    if unknown:
        raise ThemeFileError(f"unknown {noun(len(unknown), 'key')} {', '.join(sorted(map(str, unknown)))}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or any(c.isspace() for c in name.strip()):
        raise ThemeFileError("'name' must be a single word such as hermes-dark")
    dark = data.get("dark", True)
    if not isinstance(dark, bool):
        raise ThemeFileError("'dark' must be true or false")
    colors = data.get("colors") or {}
    if not isinstance(colors, dict):
        raise ThemeFileError("'colors' must be a mapping")
    bad = set(colors) - set(COLOR_KEYS)
    if bad:
        raise ThemeFileError(
            f"unknown {noun(len(bad), 'colour')} {', '.join(sorted(map(str, bad)))}; allowed: {', '.join(COLOR_KEYS)}"
        )
    if "primary" not in colors:
        raise ThemeFileError("colors.primary is required")
    parsed = {key: _color(value, f"colors.{key}") for key, value in colors.items()}
    variables = data.get("variables") or {}
    if not isinstance(variables, dict):
        raise ThemeFileError("'variables' must be a mapping")
    extra: dict[str, str] = {}
    for key, value in variables.items():
        key = str(key)
        if key in APP_VARIABLES:
            extra[key] = _color(value, f"variables.{key}")
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            extra[key] = str(value)  # a Textual variable such as block-cursor-background
        else:
            raise ThemeFileError(f"variables.{key} must be a string")
    return Theme(name=name.strip(), dark=dark, variables=extra, primary=parsed["primary"],
                 secondary=parsed.get("secondary"), accent=parsed.get("accent"),
                 foreground=parsed.get("foreground"), background=parsed.get("background"),
                 surface=parsed.get("surface"), panel=parsed.get("panel"), boost=parsed.get("boost"),
                 warning=parsed.get("warning"), error=parsed.get("error"), success=parsed.get("success"))


def load_theme_file(path: Path) -> Theme:
    """Read and validate one theme file (raises ThemeFileError)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ThemeFileError(f"cannot read it: {describe_file_error(exc, path)}") from None
    try:
        # libyaml's loader when PyYAML has it: a few times faster, same safe subset
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}" if mark else ""
        raise ThemeFileError(f"invalid YAML{at}") from None
    return theme_from_mapping(data)


def load_themes(dirs: list[Path] | None = None) -> ThemeLoadResult:
    """Every valid theme in the bundled then the user folder; a later file wins a name clash."""
    if dirs is None:
        dirs = [bundled_themes_dir(), paths.user_themes_dir()]
    result = ThemeLoadResult()
    for folder in dirs:
        if not folder.is_dir():
            continue
        for path in sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")]):
            try:
                theme = load_theme_file(path)
            except ThemeFileError as exc:
                result.problems.append(f"{path.name}: {exc}")
                continue
            result.themes[theme.name] = theme
            result.sources[theme.name] = path
    return result


def find_theme(name: str, dirs: list[Path] | None = None) -> tuple[Theme, Path] | None:
    """The theme `name` read from its own file only (`<name>.yaml` or `.yml`, the user folder
    first), for the first frame; None when no such file holds a valid theme of that name
    (then `load_themes` finds it, or says what is wrong)."""
    if dirs is None:
        dirs = [bundled_themes_dir(), paths.user_themes_dir()]
    for folder in reversed(dirs):  # the later folder wins a name clash, as in load_themes
        for suffix in (".yml", ".yaml"):  # .yml sorts after .yaml there, so it wins
            path = folder / f"{name}{suffix}"
            if not path.is_file():
                continue
            try:
                theme = load_theme_file(path)
            except ThemeFileError:
                return None
            return (theme, path) if theme.name == name else None
    return None


def app_variable_defaults(base: dict[str, str]) -> dict[str, str]:
    """Fill the app's variables from the Textual colours of a theme that does not set them."""
    return {name: base.get(slot, base.get("foreground", "white")) for name, slot in APP_VARIABLES.items()}
