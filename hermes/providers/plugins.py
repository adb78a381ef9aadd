"""User-model providers that other packages install, found through an entry-point group.

The public contract, version `PROVIDER_API_VERSION` (the README documents it):

- A distribution registers an entry point in the group `hermes.user_model_providers`. Its
  name is what `user_model.provider: NAME` selects; the built-in names cannot be taken.
- The entry point loads an object (a module or a class) with `api_version: int`, which must
  equal `PROVIDER_API_VERSION`, and `create(ctx: PluginContext) -> Provider`, returning an
  instance of `hermes.providers.base.Provider`.
- Hermes calls the provider only through `GuardedProvider`, so a plugin that raises or hangs
  costs one turn's context, never the turn.

Listing what is installed reads distribution metadata only; no plugin code runs until its
provider is selected (or `hermes memory status` checks its version).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from typing import Protocol, cast

from hermes.config import PROVIDER_NAME
from hermes.providers.base import CompleteFn, Provider, ProviderError
from hermes.providers.user_model_tables import UserModelStore

PROVIDER_API_VERSION = 1
GROUP = "hermes.user_model_providers"
BUILT_IN = ("local", "honcho")


@dataclass(frozen=True)
class PluginContext:
    """What a plugin's `create` receives."""

    options: dict[str, object]  # `user_model.options` from config.yaml, for the plugin to read
    complete: CompleteFn | None  # the agent's model call (None where no model is available)
    store: UserModelStore  # the user-model tables in state.db, for providers that keep data here
    context_cadence: int
    dialectic_cadence: int
    dialectic_depth: int
    on_error: Callable[[str], None] | None = None
    api_version: int = PROVIDER_API_VERSION


@dataclass(frozen=True)
class InstalledProvider:
    """One provider `user_model.provider` can name."""

    name: str
    built_in: bool
    distribution: str = ""  # the package that registered it (plugins only)
    version: str = ""
    problem: str = ""  # why it cannot be used, when that is known without running it

    @property
    def label(self) -> str:
        if self.built_in:
            return f"{self.name} (built in)"
        origin = f"{self.distribution} {self.version}".strip()
        text = f"{self.name} (plugin from {origin})" if origin else f"{self.name} (plugin)"
        return f"{text}: {self.problem}" if self.problem else text


@dataclass
class _Found:
    entry: metadata.EntryPoint
    distribution: str = ""
    version: str = ""
    clashes: list[str] = field(default_factory=list)


def _entry_points() -> dict[str, _Found]:
    found: dict[str, _Found] = {}
    for entry in metadata.entry_points(group=GROUP):
        dist = getattr(entry, "dist", None)
        name = dist.metadata["Name"] if dist is not None else ""
        version = dist.version if dist is not None else ""
        if entry.name in found:
            found[entry.name].clashes.append(name or entry.value)
            continue
        found[entry.name] = _Found(entry, name, version)
    return found


def _problem(name: str, item: _Found) -> str:
    if name in BUILT_IN or name == "off":
        return f"the name {name!r} belongs to a built-in provider, so this plugin is ignored"
    if not PROVIDER_NAME.match(name):
        return f"the name {name!r} is not a valid provider name (lower-case letters, digits, . _ -)"
    if item.clashes:
        return f"also registered by {', '.join(item.clashes)}; uninstall one of them"
    return ""


def installed(*, check_versions: bool = False) -> list[InstalledProvider]:
    """The built-in providers, then every plugin found, by name.

    With `check_versions`, each plugin is imported to read its `api_version` (for `hermes memory
    status`); otherwise nothing but metadata is read.
    """
    out = [InstalledProvider(name, built_in=True) for name in BUILT_IN]
    for name, item in sorted(_entry_points().items()):
        problem = _problem(name, item)
        if not problem and check_versions:
            try:
                _load(name, item)
            except ProviderError as exc:
                problem = str(exc)
        out.append(InstalledProvider(name, built_in=False, distribution=item.distribution,
                                     version=item.version, problem=problem))
    return out


def is_installed(name: str) -> bool:
    """Whether `name` is a built-in provider or a registered plugin (metadata only)."""
    return name in BUILT_IN or name == "off" or name in _entry_points()


class _Plugin(Protocol):
    """What a provider plugin's entry point gives: its API version and a factory."""

    api_version: object

    def create(self, ctx: PluginContext) -> object: ...


def _load(name: str, item: _Found) -> _Plugin:
    """The plugin object behind `name`, its version checked; raises ProviderError in one line."""
    origin = item.distribution or item.entry.value
    try:
        plugin = item.entry.load()
    except Exception as exc:  # noqa: BLE001 - a broken plugin must not stop Hermes
        raise ProviderError(f"provider plugin {name!r} ({origin}) could not be loaded: "
                            f"{str(exc) or 'import failed'}; reinstall or remove that package") from exc
    version = getattr(plugin, "api_version", None)
    if version != PROVIDER_API_VERSION:
        said = "no api_version" if version is None else f"API version {version!r}"
        raise ProviderError(f"provider plugin {name!r} ({origin}) was refused: it declares {said}"
                            f" and this Hermes speaks version {PROVIDER_API_VERSION}; install a"
                            " release of the plugin made for it")
    if not callable(getattr(plugin, "create", None)):
        raise ProviderError(f"provider plugin {name!r} ({origin}) has no create(ctx) function;"
                            " it does not follow Hermes's provider contract")
    return cast(_Plugin, plugin)


def create(name: str, ctx: PluginContext) -> Provider:
    """Build the plugin provider `name`; raises ProviderError (one line) when it cannot."""
    item = _entry_points().get(name)
    if item is None:
        raise ProviderError(f"no provider named {name!r} is installed; `hermes memory status`"
                            " lists the installed ones")
    problem = _problem(name, item)
    if problem:
        raise ProviderError(f"provider plugin {name!r}: {problem}")
    plugin = _load(name, item)
    try:
        provider = plugin.create(ctx)
    except ProviderError:
        raise
    except Exception as exc:  # noqa: BLE001 - the plugin's own failure, reported in one line
        raise ProviderError(f"provider plugin {name!r} failed to start: "
                            f"{str(exc) or 'no reason given'}") from exc
    if not isinstance(provider, Provider):
        raise ProviderError(f"provider plugin {name!r} returned something that is not a"
                            " hermes.providers.base.Provider; it does not follow the contract")
    return provider
