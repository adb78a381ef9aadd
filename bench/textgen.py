"""Synthetic chat text for the history benchmarks: English prose with a Zipf vocabulary and
a long tail of rare words, Python code and Chinese, ~450 bytes a message on average.

Standard library only, so the peer adapter (bench/peer/peer_store.py, run in the peer's own
virtual environment) writes exactly the same text as our benchmarks.
"""

from __future__ import annotations

import random

_COMMON_TEXT = (
    "the to and of a in is it you that for this with on be are can not we file function code "
    "error data test use if run should add make need change from new config value your will "
    "when have by or user module return check database server line output fix build update "
    "version install script path default type list issue problem work time call request model"
)
# inflected words, so that stemming has something to over-match and prefixes something to find
_INFLECTED = ("running runs cousin cousins dress dressed dressing important importantly files tests "
              "testing deployed")
COMMON = _COMMON_TEXT.split() + _INFLECTED.split()
# Rare inflections planted in one message each; kept only if they share the stem of a common word.
PLANTED = ["runnings", "cousinly", "dressings", "filings", "testings", "importants", "deployings"]
PHRASES = ["error handling", "unit tests", "database migration", "config file", "pull request",
           "memory leak", "race condition", "type hints", "command line", "stack trace"]
CODE_IDS = ["user", "config", "session", "token", "cache", "item", "path", "result", "value",
            "handler", "request", "response", "index", "buffer", "record", "query", "client"]
_ZH_TEXT = (
    "我们 认证 模块 代码 数据 测试 重构 配置 文件 函数 错误 数据库 服务器 用户 问题 需要 "
    "可以 这个 一个 没有 因为 所以 但是 如果 已经 然后 现在 时候 性能 优化 部署 日志 接口 "
    "请求 返回 结果 缓存 索引 查询 更新 版本 安装 运行 检查 修复 构建 环境 变量 参数 类型 "
    "列表 字符串 内存 线程 进程 网络 安全 权限 密码 加密 签名 证书 前端 后端 框架 组件 页面"
)
ZH_WORDS = _ZH_TEXT.split()
ZH_PARTICLES = list("的了是在和有也就都而及与着把被让给对从向")
SYLLABLES = ["ka", "zor", "bli", "qu", "vex", "tam", "rin", "dol", "fep", "gur", "hy", "jax",
             "lom", "mu", "nek", "pra", "sol", "tiv", "ub", "wen", "xo", "yil", "zem", "cha"]


def zipf_weights(n: int, s: float = 1.07) -> list[float]:
    weights, total = [], 0.0
    for k in range(1, n + 1):
        total += 1.0 / k ** s
        weights.append(total)
    return weights


class TextMaker:
    """Realistic-enough chat text with a Zipf vocabulary and a long tail of rare words."""

    def __init__(self, seed: int = 7) -> None:
        self.rng = random.Random(seed)
        rare = {"".join(self.rng.choice(SYLLABLES) for _ in range(self.rng.randint(2, 4)))
                for _ in range(60_000)}
        self.vocab = COMMON + sorted(rare)
        self.cum = zipf_weights(len(self.vocab))
        self.zh_cum = zipf_weights(len(ZH_WORDS), 0.9)

    def english(self, words: int) -> str:
        out = self.rng.choices(self.vocab, cum_weights=self.cum, k=words)
        if self.rng.random() < 0.3:
            pos = self.rng.randrange(len(out))
            out[pos:pos] = self.rng.choice(PHRASES).split()
        text = " ".join(out)
        return text[0].upper() + text[1:] + "."

    def code(self) -> str:
        r = self.rng
        name = f"{r.choice(['get', 'load', 'parse', 'build', 'update'])}_{r.choice(CODE_IDS)}"
        arg = r.choice(CODE_IDS)
        lines = [f"def {name}({arg}: dict, retries: int = {r.randint(1, 9)}) -> str:",
                 f'    """Return the {arg} {r.choice(CODE_IDS)}."""',
                 f"    {r.choice(CODE_IDS)} = {arg}.get('{r.choice(CODE_IDS)}', {r.randint(0, 99)})",
                 f"    if not {arg}:",
                 f"        raise ValueError(f'missing {arg}: {{{arg}!r}}')",
                 f"    return json.dumps({arg}, indent={r.choice([2, 4])})"]
        return "```python\n" + "\n".join(lines[: r.randint(3, 6)]) + "\n```"

    def chinese(self, words: int) -> str:
        r = self.rng
        parts = []
        for w in r.choices(ZH_WORDS, cum_weights=self.zh_cum, k=words):
            parts.append(w)
            if r.random() < 0.4:
                parts.append(r.choice(ZH_PARTICLES))
            if r.random() < 0.08:
                parts.append("，")
        return "".join(parts) + "。"

    def message(self, role: str) -> str:
        r = self.rng.random()
        if role == "user":
            if r < 0.25:
                return self.chinese(self.rng.randint(8, 40))
            if r < 0.35:
                return self.chinese(10) + " " + self.english(self.rng.randint(5, 20))
            return self.english(self.rng.randint(8, 60))
        if r < 0.3:
            return self.english(self.rng.randint(20, 80)) + "\n\n" + self.code()
        if r < 0.5:
            return self.chinese(self.rng.randint(30, 110))
        return self.english(self.rng.randint(30, 130))
