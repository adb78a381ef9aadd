"""The project a session runs in: its root, its name and the frozen PROJECT CONTEXT block.

The root is the nearest folder at or above the working directory holding `.git` (a folder, or
a file in a worktree or submodule), else the working directory. At session start the root's
AGENTS.md, then CLAUDE.md and .hermes.md, are read into one block of the system prompt, capped
at `project.context_chars` characters; the block itself says what was left out.

Files come from the repository, not from the person, so each paragraph is placed by origin
first (hermes/security/context_reach.py): one that names something beyond the repository (an
address, a command that reaches out or changes the machine, a credential to act on, payment
details, the agent's own memory) is held back until the person has read and admitted it by its
id (`hermes project allow ID`, `/project allow ID`; hermes/workspace/context_admissions.py),
whatever its wording or language. The rules (hermes/security/context_filter.py) can only be
stricter: a paragraph that directs sending data out, handling credentials or payments, or
keeping things from the user is left out, and so is one the memory scan would block or stage;
one they are unsure about is held back too. The file stays: a left-out or held-back paragraph
is replaced in the prompt by a one-line marker (the model knows something was withheld, not
what), and the person gets a notice naming the file, the paragraph's first words and the
reason (`ProjectContext.notices`); nothing is silent. Admitted paragraphs, matched by a hash of
their words, go in from the next start in the project, and an edited paragraph needs admitting
again.
Links are followed only to files inside the root (CLAUDE.md → AGENTS.md is common).
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from hermes.paths import find_project_root
from hermes.security.redact import redact
from hermes.workspace.context_admissions import load_admissions, paragraph_id

CONTEXT_FILES = ("AGENTS.md", "CLAUDE.md", ".hermes.md")
HEADING = "PROJECT CONTEXT"
# Read at most budget × this many bytes: enough for any UTF-8 text of that many characters,
# so a 50 MB file costs one bounded read, not the whole file.
_BYTES_PER_CHAR = 4
_READ_WHOLE_BYTES = 256 * 1024  # a file up to this size is read whole, so a cut can say "of N"
MIN_PART = 200  # less room than this left for a file: it is left out, not cut to a stub
MAX_NOTICES_PER_FILE = 5  # left-out paragraphs named one by one; the rest are counted
MAX_HELD_LISTED = 2  # held-back paragraphs named one by one; more are told in one line
_FIRST_WORDS = 8


@dataclass(frozen=True)
class ContextFile:
    """One context file as it goes into the prompt."""

    name: str
    text: str  # what the prompt carries (already cut and scanned)
    left_out: tuple[str, ...] = ()  # what of this file is not in `text`, one phrase each


@dataclass(frozen=True)
class ProjectContext:
    """The project root, its name, the files of the block and what the person is told."""

    root: Path
    name: str
    files: tuple[ContextFile, ...] = ()
    omitted: tuple[str, ...] = ()  # "CLAUDE.md (reason)" for files left out entirely
    notices: tuple[str, ...] = field(default=())  # one line each, for the person
    withheld: tuple[Withheld, ...] = ()  # every paragraph not in the prompt, held back or left out
    admitted: tuple[Withheld, ...] = ()  # held-back paragraphs in the prompt because the person admitted them
    kept: tuple[KeptParagraph, ...] = ()  # what the rules let in (what a model judge may still hold back)

    @property
    def block(self) -> str:
        """The PROJECT CONTEXT block of the system prompt ("" when there is nothing to say)."""
        return render_block(self)


def project_name(root: Path) -> str:
    """The folder name of the root ("/" for the file system root)."""
    return root.name or str(root)


def load_project(cwd: Path, context_chars: int, admitted: frozenset[str] | None = None,
                 judged: Mapping[str, str] | None = None) -> ProjectContext:
    """Find the root of `cwd` and read its context files into a ProjectContext (never raises
    for a file: each problem becomes an omission and a notice). `admitted` holds the ids of
    held-back paragraphs the person let in (by default those stored under $HERMES_HOME);
    `judged` maps the ids of paragraphs a model judge found unsafe to its reason (they are
    held back like the ones the rules are unsure about)."""
    root = find_project_root(cwd)
    name = project_name(root)
    if context_chars <= 0:
        return ProjectContext(root, name)
    if admitted is None:
        admitted = frozenset(load_admissions(root))
    all_withheld: list[Withheld] = []
    all_admitted: list[Withheld] = []
    all_kept: list[KeptParagraph] = []
    files: list[ContextFile] = []
    omitted: list[str] = []
    notices: list[str] = []
    seen: dict[Path, str] = {}
    budget = context_chars

    def leave_out(file_name: str, problem: str, advice: str) -> None:
        omitted.append(f"{file_name} ({problem})")
        notices.append(f"Project context: {file_name} left out: {problem}. {advice}")
    for file_name in CONTEXT_FILES:
        path = root / file_name
        if not os.path.lexists(path):
            continue
        target, problem = _inside_target(path, root)
        if problem:
            leave_out(file_name, problem, "Copy the file into the project to include it.")
            continue
        assert target is not None
        if target in seen:  # CLAUDE.md linked to AGENTS.md: say so, do not repeat it
            omitted.append(f"{file_name} (the same file as {seen[target]})")
            continue
        seen[target] = file_name
        if budget < min(MIN_PART, context_chars):
            leave_out(file_name, f"no room left: project.context_chars is {context_chars:,}",
                      f"The {context_chars:,}-character cap was used up by the files before it; "
                      "raise project.context_chars to include it.")
            continue
        head, problem = _read_head(target, budget)
        if problem:
            leave_out(file_name, problem, "Fix the file and start a new session to include it.")
            continue
        assert head is not None
        screened = _screen(file_name, head.text, "" if head.whole else head.cut_note(context_chars), admitted,
                           judged or {})
        loaded, withheld, let_in = screened.file, screened.withheld, screened.admitted
        all_kept += screened.kept
        notices += _withheld_notices(file_name, withheld)
        all_withheld += withheld
        all_admitted += let_in
        cut = tuple(what for what in loaded.left_out if what.startswith("cut at"))
        if cut:
            notices.append(f"Project context: from {file_name}, " + "; ".join(cut) + ". "
                           + _advice(cut))
        if loaded.text:
            files.append(loaded)
            budget -= len(loaded.text)
        else:
            omitted.append(f"{file_name} ({'; '.join(loaded.left_out) or 'empty'})")
    return ProjectContext(root, name, tuple(files), tuple(omitted), tuple(notices), tuple(all_withheld),
                          tuple(all_admitted), tuple(all_kept))


def _inside_target(path: Path, root: Path) -> tuple[Path | None, str]:
    """The real file `path` names, or a reason it is not used (a link leading outside)."""
    try:
        target = path.resolve(strict=True)
        real_root = root.resolve(strict=True)
    except (OSError, RuntimeError):  # a broken or looping link
        return None, "a symbolic link that leads nowhere"
    if path.is_symlink() and not target.is_relative_to(real_root):
        return None, "a symbolic link to a file outside the project"
    return target, ""


@dataclass(frozen=True)
class _Head:
    text: str  # at most the budget, cut at a line end when one is near
    total_chars: int | None  # the whole file's characters, when it was read to its end
    size_bytes: int

    @property
    def whole(self) -> bool:
        return self.total_chars is not None and self.total_chars == len(self.text)

    def cut_note(self, cap: int) -> str:
        of = (f"of {self.total_chars:,} characters" if self.total_chars is not None
              else f"characters of a {self.size_bytes:,}-byte file")
        return f"cut at {len(self.text):,} {of} (project.context_chars is {cap:,})"


def _read_head(path: Path, budget: int) -> tuple[_Head | None, str]:
    """(the first `budget` characters, "") or (None, why the file cannot be used)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except PermissionError:
        return None, "it cannot be read (permission denied)"
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENXIO):
            return None, "not a regular file"
        return None, f"it cannot be read ({exc.strerror or 'error'})"
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None, "not a regular file"
        want = max(budget * _BYTES_PER_CHAR + 1, _READ_WHOLE_BYTES)
        chunks: list[bytes] = []
        got = 0
        while got < want:
            chunk = os.read(fd, min(1 << 20, want - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        at_end = not os.read(fd, 1)
    except OSError as exc:
        return None, f"it cannot be read ({exc.strerror or 'error'})"
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if b"\x00" in data:
        return None, f"binary, not text ({st.st_size:,} bytes)"
    try:
        # final=at_end: a character split by the read limit is not an encoding error
        text = codecs.getincrementaldecoder("utf-8")().decode(data, final=at_end)
    except UnicodeDecodeError:
        return None, "not UTF-8 text; save it as UTF-8"
    text = text.lstrip("\ufeff").replace("\r\n", "\n").strip("\n")
    total = len(text) if at_end else None
    if len(text) > budget:
        cut = text[:budget]
        line_end = cut.rfind("\n")
        text = cut[:line_end] if line_end > budget // 2 else cut
    return _Head(text, total, st.st_size), ""


def _advice(left_out: tuple[str, ...]) -> str:
    """What the person can do about what was left out of a file."""
    tips = []
    if any(what.startswith("cut at") for what in left_out):
        tips.append("raise project.context_chars or shorten the file")
    if not tips:
        return ""
    line = " and ".join(tips) + " to include them."
    return line[0].upper() + line[1:]


def _paragraphs(text: str) -> list[str]:
    """Blank-line separated blocks (the unit the scan judges and a cut respects)."""
    out: list[str] = []
    current: list[str] = []
    for line in text.split("\n"):
        if line.strip():
            current.append(line)
        elif current:
            out.append("\n".join(current))
            current = []
    if current:
        out.append("\n".join(current))
    return out


@dataclass(frozen=True)
class Withheld:
    """A paragraph kept from the prompt: its first words (for the person), why, its id,
    whether it is only held back until the person admits it (`staged`) or left out, and its
    text as the session read it (what `hermes project show` prints)."""

    first_words: str
    reason: str
    file: str = ""
    paragraph_id: str = ""
    staged: bool = False
    text: str = ""


def marker(reason: str, staged: bool = False) -> str:
    """The line that stands in the prompt where a paragraph was left out or held back."""
    if staged:
        return f"[A paragraph of this file is held back here until the user admits it: {reason}.]"
    return f"[A paragraph of this file was left out here: {reason}.]"


def _first_words(paragraph: str) -> str:
    words = redact(" ".join(paragraph.split())).split()
    head = " ".join(words[:_FIRST_WORDS])
    if len(head) > 60:
        head = head[:60].rstrip()
    return head + ("…" if head != " ".join(words) else "")


@dataclass(frozen=True)
class KeptParagraph:
    """A paragraph the rules let into the prompt: its file, its id and its text."""

    file: str
    paragraph_id: str
    text: str


@dataclass(frozen=True)
class _Screened:
    file: ContextFile
    withheld: tuple[Withheld, ...]
    admitted: tuple[Withheld, ...]
    kept: tuple[KeptParagraph, ...]


def _screen(name: str, text: str, cut_note: str, admitted: frozenset[str] = frozenset(),
            judged: Mapping[str, str] | None = None) -> _Screened:
    """The file's text with each paragraph that may not reach the prompt replaced by a marker,
    those paragraphs, the held-back ones let in because their id is in `admitted`, and the
    ones the rules let in; `cut_note` says how the text was cut ("" when it is whole).

    The screening rules are imported here, when a context file has text to screen: their word
    lists and patterns are ~5 MB of a process that, in a project without context files,
    never needs them (bench/import_rss_bench.py, bench/README.md)."""
    from hermes.security.context_filter import ParagraphVerdict
    from hermes.security.context_reach import screen_paragraph

    kept: list[str] = []
    withheld: list[Withheld] = []
    let_in: list[Withheld] = []
    rules_kept: list[KeptParagraph] = []
    for paragraph in _paragraphs(text):
        verdict = screen_paragraph(paragraph)  # the origin step first: what it names beyond the project
        pid = paragraph_id(paragraph)
        if verdict.kept and judged and pid in judged:
            verdict = ParagraphVerdict(False, f"the scan model judged it unsafe: {judged[pid]}", staged=True)
        if verdict.kept:
            kept.append(paragraph)
            rules_kept.append(KeptParagraph(name, pid, paragraph))
            continue
        held = Withheld(_first_words(paragraph), verdict.reason, name, pid, verdict.staged, paragraph)
        if held.staged and held.paragraph_id in admitted:
            let_in.append(held)
            kept.append(paragraph)
        else:
            withheld.append(held)
            kept.append(marker(verdict.reason, verdict.staged))
    left_out: list[str] = []
    if withheld:
        count = len(withheld)
        left_out.append(f"{count} paragraph{'s' if count > 1 else ''} left out (marked where they were)")
    if cut_note:
        left_out.append(cut_note)
    return _Screened(ContextFile(name, "\n\n".join(kept), tuple(left_out)), tuple(withheld), tuple(let_in),
                     tuple(rules_kept))


def _withheld_notices(name: str, withheld: tuple[Withheld, ...]) -> list[str]:
    """One line per left-out paragraph (the first few), then a count of the rest; held-back
    paragraphs one by one when there are few, else in one line saying how to review them."""
    left_out = [w for w in withheld if not w.staged]
    held = [w for w in withheld if w.staged]
    lines = [_withheld_line(name, w) for w in left_out[:MAX_NOTICES_PER_FILE]]
    more = len(left_out) - MAX_NOTICES_PER_FILE
    if more > 0:
        lines.append(f"Project context: from {name}, {more} more paragraph{'s' if more > 1 else ''} "
                     "left out for the same kinds of reason.")
    if len(held) <= MAX_HELD_LISTED:
        lines += [_withheld_line(name, w) for w in held]
    else:
        lines.append(f"Project context: {len(held)} paragraphs of {name} are held back until you admit them (the "
                     f"first: {held[0].reason}); the rest is in the prompt. Read them with `/project show all` "
                     "or `hermes project show all`; admit with `/project allow ID|all` or "
                     "`hermes project allow ID|all`.")
    return lines


def _withheld_line(name: str, w: Withheld) -> str:
    if w.staged:
        return (f"Project context: from {name}, held back the paragraph “{w.first_words}” ({w.reason}) "
                f"until you admit it; the rest of the file is in the prompt. If you trust it, run "
                f"`hermes project allow {w.paragraph_id}` or `/project allow {w.paragraph_id}` (it goes in from the "
                f"next start in this project).")
    return (f"Project context: from {name}, left out the paragraph “{w.first_words}” ({w.reason}); "
            "the rest of the file is in the prompt. Reword the paragraph if it is safe.")


def render_block(ctx: ProjectContext) -> str:
    """`PROJECT CONTEXT` with each file under its name, and a closing line saying what is not
    there; "" when no context file exists."""
    if not ctx.files and not ctx.omitted:
        return ""
    lines = [f"{HEADING} (project {ctx.name} at {ctx.root}; its files, not the user's words):"]
    for f in ctx.files:
        lines.append(f"--- {f.name} ---\n{f.text}")
        if f.left_out:
            lines.append(f"[{f.name}: " + "; ".join(f.left_out) + "]")
    if ctx.omitted:
        lines.append("[Not included: " + "; ".join(ctx.omitted) + "]")
    return "\n".join(lines)
