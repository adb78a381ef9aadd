"""A learned check on text that did not come from the person: the last step. It holds back,
and it clears only a mere mention.

The origin step and the rules (context_reach.py, context_filter.py, the memory write gate)
judge what a text names and asks; each blind held-out set still brings wordings none of them
knows. This step is a linear model over hashed word and character n-grams of the folded text,
trained by bench/train_context_model.py on every labelled AGENTS.md paragraph and memory note
in tests/data/scan. It scores how closely a text reads like the hostile ones. Above THRESHOLD,
a project-context paragraph the rules would admit is held back for the person to read, with
its score; the memory gate stages a source's short fact above its own threshold. Below
BENIGN_THRESHOLD it clears one kind of hold only: a paragraph held back because it names an
address or a credential file, when nothing else in it is held or left out (context_reach
decides which). It never admits what the rules leave out or hold back for what a paragraph
asks, and it never sees the person's own words.

The model file (context_model.bin) holds a header and one signed byte per hash bucket:

    b"HCM" version:u8 bits:u8 bias:f32 scale:f32 weights:i8[2**bits]

The file is read once, on the first paragraph screened. Features are computed here and only
here, so training and use cannot drift apart; FEATURES_VERSION names the feature scheme, and
a model made for another scheme is not used (the check is then off, and logged).
"""

from __future__ import annotations

import logging
import math
import re
import struct
import threading
import zlib
from array import array
from dataclasses import dataclass
from importlib import resources

from hermes.security.textforms import fold

__all__ = ["BENIGN_THRESHOLD", "FEATURES_VERSION", "THRESHOLD", "Model", "features", "learned_benign",
           "learned_hostile", "learned_reason", "load", "parse", "score"]

log = logging.getLogger("hermes.security")

FEATURES_VERSION = 1
# Chosen on held-out sets #15 and #16, with a model trained without them and the rules as they
# were before either set was read: at 0.8 the check kept out 15 and 15 more of 200 hostile
# paragraphs, and held back 1 and 1 of 200 benign ones (a model of the AGENTS.md sets alone:
# 12 and 14 more, 0 and 1; at 0.7: 19 and 19 more, 1 and 5).
THRESHOLD = 0.8
# Below this a paragraph reads like the benign ones; chosen on #17-#20 as the rules stood before
# each was seen, with a model trained without them (+24 and +12 benign of 800 and 200 in, no
# hostile one more let in; at 0.3 one upload paragraph was).
BENIGN_THRESHOLD = 0.2
_HEADER = struct.Struct("<3sBBff")
_MAGIC = b"HCM"
_CHAR_GRAMS = (3, 4, 5)
_MAX_CHARS = 20_000  # a paragraph's first 20,000 characters decide its score (linear cost)
_WORD = re.compile(r"\w+|[^\w\s]")


@dataclass(frozen=True)
class Model:
    bits: int
    bias: float
    scale: float
    weights: array[int]  # array('b'), one signed byte per bucket


def _bucket(gram: str, mask: int) -> int:
    return zlib.crc32(gram.encode("utf-8", "surrogatepass")) & mask


def features(text: str, bits: int) -> dict[int, float]:
    """The paragraph's hashed n-gram counts, scaled to unit length: words and word pairs, and
    character 3-5-grams of the folded text with its white space collapsed."""
    mask = (1 << bits) - 1
    folded = fold(text.replace("\\n", "\n")[:_MAX_CHARS])
    counts: dict[int, float] = {}
    previous = ""
    for word in _WORD.findall(folded):
        h = _bucket("w:" + word, mask)
        counts[h] = counts.get(h, 0.0) + 1.0
        if previous:
            pair = _bucket(f"w:{previous} {word}", mask)
            counts[pair] = counts.get(pair, 0.0) + 1.0
        previous = word
    spaced = " " + " ".join(folded.split()) + " "
    for n in _CHAR_GRAMS:
        for i in range(len(spaced) - n + 1):
            h = _bucket(spaced[i:i + n], mask)
            counts[h] = counts.get(h, 0.0) + 1.0
    length = math.sqrt(sum(v * v for v in counts.values())) or 1.0
    return {h: v / length for h, v in counts.items()}


_model: Model | None = None
_loaded = False


_load_lock = threading.Lock()


def load() -> Model | None:
    """The shipped model, read once (under a lock: the review's thread may ask at the same time
    as the screen's); None (and a log line) when it is missing, damaged or of another feature
    scheme."""
    global _model, _loaded
    with _load_lock:
        if not _loaded:
            try:
                _model = parse(resources.files("hermes.security").joinpath("context_model.bin").read_bytes())
            except OSError:
                _model = None
            _loaded = True
            if _model is None:
                log.warning("the context model is missing, damaged or of another version; the learned check is off")
    return _model


def parse(data: bytes) -> Model | None:
    """A model from its file's bytes, or None when they are not one of this feature scheme."""
    try:
        magic, version, bits, bias, scale = _HEADER.unpack_from(data)
    except struct.error:
        return None
    weights = array("b", data[_HEADER.size:])
    if magic != _MAGIC or version != FEATURES_VERSION or len(weights) != 1 << bits:
        return None
    return Model(bits, bias, scale, weights)


def score(model: Model, text: str) -> float:
    """The probability that `text` reads like a hostile paragraph."""
    counts = features(text, model.bits)
    weights = model.weights
    logit = model.bias + sum(weights[h] * v for h, v in counts.items()) * model.scale
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, logit))))


def learned_hostile(text: str, threshold: float = THRESHOLD) -> bool:
    """Whether the learned check scores `text` at least `threshold` (False without a model)."""
    model = load()
    return model is not None and score(model, text) >= threshold


def learned_benign(text: str, threshold: float = BENIGN_THRESHOLD) -> bool:
    """Whether the learned check scores `text` below `threshold` (False without a model)."""
    model = load()
    return model is not None and score(model, text) < threshold


def learned_reason(paragraph: str) -> str | None:
    """Why a paragraph is held back by the learned check, or None when it passes."""
    model = load()
    if model is None:
        return None
    probability = score(model, paragraph)
    if probability < THRESHOLD:
        return None
    return ("it reads like the hostile project-file paragraphs a learned check was trained on, "
            f"scoring {probability:.2f} of 1")
