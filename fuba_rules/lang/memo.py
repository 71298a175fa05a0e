"""The cache lookup written at the start of a cached generated function (`memo_prologue`),
and a function written apart that keeps its answers (`keeping`)."""

from __future__ import annotations

from .source import Source, local


def keeping(out: Source, fname: str, params: tuple[str, ...], lookup: list[str], code: str) -> Source:
    """`out` as the function `fname` of `params` that answers from the cache `lookup`
    opens (`memo_prologue`) or works out `code` and keeps it there: a list written apart."""
    out.emit(0, f"def {fname}(m{''.join(', ' + local(p) for p in params)}):")
    for line in lookup:
        out.emit(1, line)
    out.emit(1, f"_r = {code}")
    out.emit(1, "if _k is not _MISS: _memo[_k] = _r")
    out.emit(1, "return _r")
    return out


def memo_prologue(key: str, params: tuple[str, ...], fixed: bool = False, cache: str | tuple[str, str, str] = "m.memo", area: str | None = None,
                  values: list[str] | None = None) -> list[str]:
    """A pure function's result is kept until the match's state version changes (any
    move, placement or state write): `players` asked 40 times in one step is computed
    once. `cache` is the match's cache for what the function reads (`pieces_read`: a
    move of a team's piece keeps the answers that read only the other team's pieces, or
    none). A fixed function (one reading no state) keeps its results for the whole match,
    in `m.fixed`: not for the process, since a cached answer spends no steps, and the
    steps a match spends must not depend on the matches played before it in the same
    process. Arguments that cannot be keys (lists, records) skip the cache. A function
    reading pieces only at its parameter `area` keeps its answers in that area's cache,
    `m.area_memo[area]` (`lang.reads.area_read`), which only a move into or out of it empties
    (an argument that is no area skips the cache). `values`: the key's values as written,
    instead of the parameters (a list kept by board answers, `Generator._kept_by_board`)."""
    if area is not None:  # the area picks the cache: the key needs only the other arguments
        rest = [local(p) for p in params if p != area]
        k = f"({key!r}, {', '.join(rest)})" if rest else repr(key)
        if len(rest) == 1:  # a team (`players(team, area)`): a text made once, whose hash is kept, instead of a tuple
            k = " else ".join(f"{key + ' ' + t!r} if {rest[0]} == {t!r}" for t in ("home", "away")) + f" else {k}"
        return [f"_k = {k}", f"try: _r = (_memo := m.area_memo[{local(area)}]).get(_k, _MISS)", "except _NoKey: _k = _r = _MISS", "if _r is not _MISS: return _r"]
    k = f"({key!r}{''.join(', ' + v for v in (values if values is not None else map(local, params)))})"
    if isinstance(cache, tuple):  # a parameter names the team: its cache, and a key without it
        team, home, away = cache
        rest = [local(p) for p in params if local(p) != team]
        short = f"({key!r}, {', '.join(rest)})" if rest else repr(key)
        pick = [f"if {team} == 'home': _memo = {home}; _k = {short}", f"elif {team} == 'away': _memo = {away}; _k = {short}", f"else: _memo = m.memo; _k = {k}"]
    else:
        pick = ["_memo = m.fixed" if fixed else f"_memo = {cache}", f"_k = {k}"]
    return pick + [
        "try: _r = _memo.get(_k, _MISS)",
        "except _TypeError: _k = _r = _MISS",
        "if _r is not _MISS: return _r",
    ] + (["if _len(_memo) > 100_000: _memo.clear()"] if fixed else [])  # a mod asking endlessly new questions

