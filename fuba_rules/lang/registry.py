"""The registry of primitives: the only functions rule text can call besides its own.

The sandbox is this list. A host (the match engine) registers its primitives here,
each with its parameters and whether it is pure. Pure primitives may appear in
conditions and functions; the others (rolling, moving, logging) only in procedures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs


@attrs.frozen
class Primitive:
    name: str
    fn: Callable[..., Any]  # fn(host, *args, **kwargs)
    params: tuple[str, ...]
    optional: int = 0  # how many trailing params may be left out
    keywords: frozenset[str] = frozenset()
    pure: bool = True
    doc: str = ""
    # Fixed: the answer depends only on the arguments and the edition (its board), never
    # on the match, so generated code may read it from a table of answers (`Answers`).
    fixed: bool = False

    @property
    def signature(self) -> str:
        req = list(self.params[: len(self.params) - self.optional])
        opt = [f"{p}?" for p in self.params[len(self.params) - self.optional :]]
        kws = [f"{k}: ..." for k in sorted(self.keywords)]
        return f"{self.name}({', '.join(req + opt + kws)})"


@attrs.define
class Registry:
    """Primitives and named constants, e.g. `home`, `away`."""

    primitives: dict[str, Primitive] = attrs.field(factory=dict)
    constants: dict[str, Any] = attrs.field(factory=dict)

    def add(
        self,
        name: str,
        params: str = "",
        *,
        optional: int = 0,
        keywords: str = "",
        pure: bool = True,
        fixed: bool = False,
        doc: str = "",
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator: register `fn(host, ...)` under `name` with space-separated params."""

        def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
            self.primitives[name] = Primitive(
                name, fn, tuple(params.split()), optional, frozenset(keywords.split()), pure, doc or (fn.__doc__ or ""), fixed
            )
            return fn

        return deco

    def merged(self, other: Registry) -> Registry:
        return Registry({**self.primitives, **other.primitives}, {**self.constants, **other.constants})
