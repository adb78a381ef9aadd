"""Train the learned project-context check (hermes/security/context_model.bin).

    pip install -e '.[train]'
    python bench/train_context_model.py                 # train on every labelled corpus, write the model
    python bench/train_context_model.py --hold-out 15,16  # train without #15 and #16, score them, write nothing

The corpora are scan_bench's project-context sets (hostile and benign AGENTS.md paragraphs)
and the held-out memory note sets (hostile notes and the person's benign ones): one model
serves both, as the memory gate asks it too about writes that did not come from the person.
A logistic regression (scikit-learn) over context_model.features, its weights stored as one
signed byte per bucket. With --hold-out, the named sets are left out of training and each is
reported three ways (counts only, no line printed): the rules alone, the model alone, and the
two together as screen_paragraph uses them (the model only holds back more).
"""

from __future__ import annotations

import argparse
import re
import struct
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent))

import scan_bench  # noqa: E402
from hermes.security import context_model  # noqa: E402
from hermes.security.context_reach import screen_paragraph  # noqa: E402

BITS = 18
C = 16.0  # inverse regularisation; chosen with --hold-out 15,16 among 1, 4 and 16
OUT = BENCH.parent / "hermes" / "security" / "context_model.bin"


def corpora() -> list[tuple[str, list[str], list[str]]]:
    """(set number or name, hostile paragraphs, benign paragraphs) for every labelled set."""
    sets = []
    for label, hostile_name, benign_name in scan_bench._CONTEXT_CORPORA:
        if not all((scan_bench.SCAN_DATA / n).exists() for n in (hostile_name, benign_name)):
            continue
        number = re.search(r"#(\d+)", label)
        hostile = [scan_bench._paragraph(line) for line in scan_bench.load_lines(hostile_name)]
        sets.append((number.group(1) if number else label, hostile, scan_bench.load_lines(benign_name)))
    return sets


def memory_notes() -> list[tuple[str, list[str], list[str]]]:
    """(set number, hostile notes, benign notes) of the held-out memory sets."""
    sets = []
    for path in sorted(scan_bench.SCAN_DATA.glob("holdout*_memory_hostile.tsv")):
        number = re.search(r"holdout(\d+)_", path.name)
        benign = path.with_name(path.name.replace("hostile", "benign"))
        if number and benign.exists():
            sets.append((number.group(1), *([row.split("\t", 2)[2] for row in scan_bench._data_lines(p)]
                                            for p in (path, benign))))
    return sets


def matrix(texts: list[str]):  # type: ignore[no-untyped-def]
    from scipy.sparse import csr_matrix

    rows, cols, values = [], [], []
    for row, text in enumerate(texts):
        counts = context_model.features(text, BITS)
        for col, value in counts.items():
            rows.append(row)
            cols.append(col)
            values.append(value)
    return csr_matrix((values, (rows, cols)), shape=(len(texts), 1 << BITS))


def train(texts: list[str], labels: list[int]) -> context_model.Model:
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    fit = LogisticRegression(C=C, max_iter=5000, class_weight="balanced")
    fit.fit(matrix(texts), np.array(labels))
    weights = fit.coef_[0]
    scale = float(np.abs(weights).max()) / 127 or 1.0
    quantised = np.clip(np.rint(weights / scale), -127, 127).astype(np.int8)
    from array import array

    return context_model.Model(BITS, float(fit.intercept_[0]), scale, array("b", quantised.tobytes()))


def write(model: context_model.Model, path: Path) -> None:
    header = struct.pack("<3sBBff", b"HCM", context_model.FEATURES_VERSION, model.bits, model.bias, model.scale)
    path.write_bytes(header + model.weights.tobytes())


def report(name: str, model: context_model.Model, hostile: list[str], benign: list[str]) -> None:
    def held(text: str) -> bool:
        return context_model.score(model, text) >= context_model.THRESHOLD

    rules_h = [screen_paragraph(p, learned=False).kept for p in hostile]
    rules_b = [screen_paragraph(p, learned=False).kept for p in benign]
    model_h = [held(p) for p in hostile]
    model_b = [held(p) for p in benign]
    n_h, n_b = len(hostile), len(benign)
    print(f"held-out #{name}: hostile kept out / benign in at once (threshold {context_model.THRESHOLD})")
    print(f"  rules alone   {sum(not k for k in rules_h):>3}/{n_h}   {sum(rules_b):>3}/{n_b}")
    print(f"  model alone   {sum(model_h):>3}/{n_h}   {sum(not h for h in model_b):>3}/{n_b}")
    print(f"  both          {sum((not k) or h for k, h in zip(rules_h, model_h, strict=True)):>3}/{n_h}   "
          f"{sum(k and not h for k, h in zip(rules_b, model_b, strict=True)):>3}/{n_b}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hold-out", default="", help="set numbers to leave out and score (nothing is written)")
    args = parser.parse_args()
    held_out = {n for n in args.hold_out.split(",") if n}
    texts: list[str] = []
    labels: list[int] = []
    scored = []
    for name, hostile, benign in corpora():
        if name in held_out:
            scored.append((name, hostile, benign))
            continue
        texts += hostile + benign
        labels += [1] * len(hostile) + [0] * len(benign)
    for name, hostile, benign in memory_notes():
        if name not in held_out:
            texts += hostile + benign
            labels += [1] * len(hostile) + [0] * len(benign)
    model = train(texts, labels)
    print(f"trained on {len(texts)} paragraphs ({sum(labels)} hostile), {1 << BITS} buckets, C={C}")
    if held_out:
        for name, hostile, benign in scored:
            report(name, model, hostile, benign)
        return
    write(model, OUT)
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
