"""First-run setup: provider, model and key → config.yaml and $HERMES_HOME/.env (mode 0600)."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from hermes import config as config_mod
from hermes.config import Config
from hermes.config.model_providers import BY_NAME, BY_PREFIX, SETUP_PROVIDERS, ModelProvider
from hermes.tui import setup as setup_mod
from hermes.tui.screens.pane import Pane


SHORT_TERMINAL = 32  # rows below which the form is drawn compact


class SetupScreen(Pane[bool]):
    """Dismisses True after saving; False when skipped (history and memory still work)."""

    ESC_ACTION = "skip"

    BINDINGS = [Binding("escape", "skip", "Skip")]

    def __init__(self, cfg: Config, reason: str | None = None) -> None:
        super().__init__()
        self.cfg = cfg
        # Why the pane opened: missing model/key at start; "" when the person asked (/setup).
        self.reason = setup_mod.setup_reason(cfg) if reason is None else reason

    def compose(self) -> ComposeResult:
        current = self.cfg.model
        provider = _guess_provider(current.name, current.api_base)
        with Vertical(classes="pane setup-pane", id="setup-pane") as pane:
            pane.border_title = "Set up a model"
            pane.border_subtitle = "Enter save · Esc skip (history and memory still work)"
            yield Static(self._hint(BY_NAME[provider]), classes="pane-hint", id="setup-hint")
            # above the form: seen at once, even on a short terminal where the form scrolls
            yield Static("", id="setup-error")
            with Vertical(id="setup-form"):
                yield Label("Provider")
                yield Select([(p.label, p.name) for p in SETUP_PROVIDERS], value=provider,
                             allow_blank=False, id="setup-provider")
                yield Label("Model (litellm name)")
                yield Input(current.name, placeholder=BY_NAME[provider].example_model,
                            id="setup-model")
                yield Label("API base (for an OpenAI-compatible server)", id="setup-base-label")
                yield Input(current.api_base, placeholder="http://localhost:8080/v1", id="setup-base")
                yield Label("API key (saved in $HERMES_HOME/.env, mode 0600)", id="setup-key-label")
                yield Input(password=True, placeholder="sk-…", id="setup-key")
            with Horizontal(id="setup-buttons"):
                yield Button("Skip", id="setup-skip")
                yield Button("Save", variant="primary", id="setup-save")

    def on_mount(self) -> None:
        # Nested children may still be mounting (e.g. while litellm imports in a thread).
        self.call_after_refresh(self._init_form)

    def _init_form(self) -> None:
        self._fit(self.app.size.height)
        self._provider_changed()
        self.query_one("#setup-model", Input).focus()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(self.app.size.height)

    def _fit(self, height: int) -> None:
        """On a short terminal (80×24) fields and buttons take one line each, so Save, Skip and
        the error line fit on the screen without scrolling."""
        short = height < SHORT_TERMINAL
        self.query_one("#setup-pane").set_class(short, "-short")
        for widget in self.query("#setup-pane Input, #setup-pane Select, #setup-pane Button"):
            if isinstance(widget, (Input, Select, Button)):
                widget.compact = short

    @on(Select.Changed, "#setup-provider")
    def _provider_changed(self) -> None:
        selects = self.query("#setup-provider").results(Select)
        select = next(selects, None)
        if select is None:  # a late message after the pane closed
            return
        provider = BY_NAME[str(select.value)]
        self._say("")  # the previous provider's error is beside the point now
        base = provider.needs_api_base
        self.query_one("#setup-base").display = base
        self.query_one("#setup-base-label").display = base
        self.query_one("#setup-model", Input).placeholder = provider.example_model
        self.query_one("#setup-hint", Static).update(self._hint(provider))
        key_label = self.query_one("#setup-key-label", Label)
        if provider.key_env:
            key_label.update(f"API key → {provider.key_env} in $HERMES_HOME/.env (mode 0600)")
        else:
            key_label.update("API key (optional for this provider)")

    def _say(self, error: str) -> None:
        shown = self.query_one("#setup-error", Static)
        shown.update(error)
        shown.display = bool(error)

    def _hint(self, provider: ModelProvider) -> str:
        """The line on top; a missing-key reason only while the chosen provider needs a key
        (a key-less local server makes "no key for openai/…" beside the point)."""
        reason = self.reason if provider.key_env or not self.reason.startswith("No key") else ""
        if provider.key_env:
            ask = "Choose a provider, a model and its key."
        elif provider.needs_api_base:
            ask = "Choose a model and the server's address; a key is optional."
        else:
            ask = "Choose a model; this provider needs no key."
        return f"{reason} {ask}".strip()

    @on(Input.Submitted)
    @on(Button.Pressed, "#setup-save")
    def action_save(self) -> None:
        provider_id = str(self.query_one("#setup-provider", Select).value)
        provider = BY_NAME[provider_id]
        model = self.query_one("#setup-model", Input).value
        base = self.query_one("#setup-base", Input).value
        key = self.query_one("#setup-key", Input).value.strip()
        if provider.needs_api_base and not base.strip():
            self._say("The API base is needed for an OpenAI-compatible server.")
            return
        if provider.needs_api_base and (problem := config_mod.api_base_problem(base)):
            self._say(f"API base: {problem}.")
            return
        if provider.key_env and not key:
            self._say(f"Paste the key for {provider.label} (or Esc to skip for now).")
            return
        settings = setup_mod.model_settings(provider_id, model, base, has_key=bool(key))
        try:
            for field, value in settings.items():
                config_mod.set_config_value(f"model.{field}", value)
            if key and settings["api_key_env"]:
                config_mod.set_env_value(settings["api_key_env"], key)
        except (config_mod.ConfigError, OSError) as exc:
            self._say(f"Could not save: {exc}")
            return
        self.dismiss(True)

    @on(Button.Pressed, "#setup-skip")
    def action_skip(self) -> None:
        self.dismiss(False)


def _guess_provider(model: str, api_base: str) -> str:
    if api_base:
        return "compatible"
    prefix = model.split("/", 1)[0] if "/" in model else ""
    provider = BY_PREFIX.get(prefix)
    return provider.name if provider is not None and provider.in_setup else "openai"
