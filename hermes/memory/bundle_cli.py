"""`hermes memory export FILE` and `hermes memory import FILE [--dry-run]`.

Import adds the bundle's new entries one by one through the memory tool with the person's own
origin ("cli", as `hermes memory add`): the scan, the char limits and write approval decide for
each entry, and what was refused or staged is listed with its reason. Only argparse is
imported at module level (this file is loaded for every `hermes` command).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


def add_bundle_commands(msub: argparse._SubParsersAction) -> None:
    """Register `export` and `import` under `hermes memory`."""
    exp = msub.add_parser("export", help="write memories, project memories, the journal and "
                          "skills into one redacted archive")
    exp.add_argument("file", metavar="FILE")
    exp.add_argument("--force", action="store_true", help="replace FILE if it exists")
    exp.set_defaults(func=_run_export)
    imp = msub.add_parser("import", help="merge a bundle made by `hermes memory export`")
    imp.add_argument("file", metavar="FILE")
    imp.add_argument("--dry-run", action="store_true", help="show what would be added; change nothing")
    imp.set_defaults(func=_run_import)


def _err(message: str) -> None:
    print(f"hermes memory: {message}", file=sys.stderr)


def _run_export(args: argparse.Namespace) -> int:
    from hermes.memory.bundle import BundleError, export_bundle

    dest = Path(args.file).expanduser()
    try:
        manifest = export_bundle(dest, overwrite=args.force)
    except BundleError as exc:
        _err(str(exc))
        return EXIT_REFUSED
    except OSError as exc:
        from hermes.os_errors import describe_os_error

        _err(f"the bundle was not written: {describe_os_error(exc, dest)}")
        return EXIT_REFUSED
    total = sum(f.size for f in manifest.files)
    print(f"Wrote {dest}: {len(manifest.files)} file(s), {total:,} bytes, secrets redacted.")
    for name in (f.path for f in manifest.files):
        print(f"  {name}")
    for note in manifest.skipped:
        print(f"  left out: {note}")
    return EXIT_OK


def _run_import(args: argparse.Namespace) -> int:
    from hermes.config import load_config
    from hermes.memory.bundle import BundleError, import_plan, read_bundle
    from hermes.memory.memory_tool import MemoryTool

    cfg = load_config()
    try:
        bundle = read_bundle(Path(args.file).expanduser())
        plan = import_plan(bundle, cfg.memory)
    except BundleError as exc:
        _err(str(exc))
        return EXIT_REFUSED
    print(f"{args.file}: {len(plan.add)} new entr{'y' if len(plan.add) == 1 else 'ies'}, "
          f"{plan.already} already here.")
    for line in plan.diff_lines():
        print(line)
    for note in plan.not_merged:
        print(f"  not merged: {note}")
    if args.dry_run or not plan.add:
        if args.dry_run:
            print("Dry run: nothing was changed.")
        return EXIT_OK
    tool = MemoryTool(cfg.memory, origin="cli")
    added = staged = 0
    refused: list[str] = []
    for entry in plan.add:
        result = tool.call({"action": "add", "target": entry.target, "content": entry.content})
        tool.reset_turn()  # each entry is its own write: one refusal does not stop the rest
        if not result.get("success"):
            refused.append(f"{entry.content[:60]!r}: {result.get('error')}")
        elif result.get("staged"):
            staged += 1
        elif result.get("changed"):
            added += 1
    print(f"Added {added}, staged {staged} for approval, refused {len(refused)}.")
    for line in refused:
        print(f"  refused {line}", file=sys.stderr)
    return EXIT_OK if not refused else EXIT_REFUSED
