"""Check an edition file's shape against `schema/edition.schema.json`.

The same schema drives editors' completion (yaml-language-server), so the rules about
keys and types live in one place. jsonschema's own messages are written for schema
authors ("'x' is not of type 'integer'"); here each becomes a short sentence for a
modder, at the file position of the offending key or value.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from fuba_rules import limits
from fuba_rules.diagnostics import Diagnostic, Pos, did_you_mean
from fuba_rules.lang.tables import Domain, domain_size, key_size
from fuba_rules.resources import schema_text
from fuba_rules.yamlpos import LDict, LList, describe, pos_of

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

_TYPE_NAMES = {
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "boolean": "a boolean",
    "object": "a mapping",
    "array": "a list",
    "null": "nothing",
}


@functools.cache
def schema() -> dict:
    """The edition schema, parsed once."""
    return json.loads(schema_text())


@functools.cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator  # imported only when a file must be checked

    return Draft202012Validator(schema())


def validate(data: LDict, file_hint: str) -> list[Diagnostic]:
    """Every schema problem in `data` (one file's top mapping), sorted by position.

    `file_hint` names the file for problems whose position is unknown. A whole file
    read from disk (its top mapping has a `digest`) is checked once per content: the
    answer is kept in the cache (fuba_rules/cache.py, store `schema`).
    """
    digest = getattr(data, "digest", None)
    if digest is None:
        return _validate(data, file_hint)
    from fuba_rules.cache import JsonStore, code_stamp, diagnostics_from_json, diagnostics_to_json

    store, slot, key = JsonStore("schema"), str(getattr(data.pos, "file", file_hint)), f"{code_stamp()}:{digest}:{file_hint}"
    raw = store.get(slot, key)
    if raw is not None:
        try:
            return diagnostics_from_json(raw)
        except Exception:  # noqa: BLE001 - a damaged entry is a miss, never an error
            pass
    found = _validate(data, file_hint)
    store.put(slot, key, diagnostics_to_json(found))
    return found


def _validate(data: LDict, file_hint: str) -> list[Diagnostic]:
    errors = list(_validator().iter_errors(data))
    # A value of the wrong type also fails its const/enum/length rules: say only the type.
    mistyped = {tuple(e.absolute_path) for e in errors if e.validator == "type"}
    found: dict[str, Diagnostic] = {}
    for error in errors:
        if error.validator != "type" and tuple(error.absolute_path) in mistyped:
            continue
        for d in _explain(error, data, file_hint):
            found.setdefault(d.format(), d)
    for d in check_limits(data, file_hint):
        found.setdefault(d.format(), d)
    return sorted(found.values(), key=lambda d: (d.pos.file, d.pos.line, d.pos.col, d.message) if d.pos else ("", 0, 0, d.message))


def check_limits(data: object, file_hint: str) -> list[Diagnostic]:
    """The sizes a mod could use to fill memory: table domains and row keys, indexed state.

    Run on each file and again on the merged edition (a board in one file and a state
    indexed by its areas in another). Values of the wrong shape are left to the schema.
    """
    if not isinstance(data, LDict):
        return []
    out: list[Diagnostic] = []
    at = getattr(data, "pos", None) or Pos(file_hint, 1, 1)
    tables, state = data.get("tables"), data.get("state")
    total = 0
    tables = tables if isinstance(tables, LDict) else LDict()
    for name, table in tables.items():
        if not isinstance(table, LDict):
            continue
        domain = table.get("domain")
        # Not yet checked against the schema: domain_size answers 0 for a shape it cannot read.
        size = domain_size(cast("Domain", domain)) if isinstance(domain, dict) else 0
        if size > limits.MAX_TABLE_OUTCOMES:
            where = table.value_pos.get("domain", at)
            out.append(Diagnostic(where, f"table '{name}': the domain stands for {size:,} outcomes (the limit is {limits.MAX_TABLE_OUTCOMES:,})"))
        rows = table.get("rows")
        rows = rows if isinstance(rows, LDict) else LDict()
        covered = 0
        for key in rows:
            covered += key_size(key)
            if covered > limits.MAX_TABLE_OUTCOMES:
                message = f"table '{name}': its row keys stand for more than {limits.MAX_TABLE_OUTCOMES:,} outcomes (row '{key}' stands for {key_size(key):,})"
                out.append(Diagnostic(rows.key_pos.get(key, at), message))
                break
        total += min(max(size, covered), limits.MAX_TABLE_OUTCOMES + 1)
        if total > limits.MAX_EDITION_OUTCOMES:
            out.append(Diagnostic(tables.key_pos.get(name, at), f"the tables stand for more than {limits.MAX_EDITION_OUTCOMES:,} outcomes together (table '{name}' crosses the limit)"))
            break
    board = data.get("board")
    areas = board.get("areas") if isinstance(board, dict) else None
    sizes = {"team": 2, "zone": 3, "area": len(areas) if isinstance(areas, list) else limits.STANDARD_AREAS}
    total = 0
    state = state if isinstance(state, LDict) else LDict()
    for name, spec in state.items():
        index = spec.get("index") if isinstance(spec, LDict) else None
        if not isinstance(index, LList):
            continue
        values = 1
        for dim in index:
            values *= sizes.get(str(dim), 1)
            if values > limits.MAX_STATE_ENTRIES:
                break
        if values > limits.MAX_STATE_ENTRIES:
            shown = ", ".join(map(str, index)) if len(index) <= 10 else ", ".join(map(str, index[:10])) + ", ..."
            message = f"state '{name}' indexed by [{shown}] holds more than {limits.MAX_STATE_ENTRIES:,} values"
            out.append(Diagnostic(spec.value_pos.get("index", at), message))
            continue
        total += values
        if total > limits.MAX_EDITION_STATE:
            out.append(Diagnostic(state.key_pos.get(name, at), f"the indexed state entries hold more than {limits.MAX_EDITION_STATE:,} values together ('{name}' crosses the limit)"))
            break
    return out


def _where(path: list) -> str:
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text or "the top level"


def _key_pos(root: object, path: list) -> Pos | None:
    """Position of the key naming the value at `path` (better than the value for
    'missing key' errors); the value's position at the top level."""
    if not path:
        return getattr(root, "pos", None)
    parent = root
    for step in path[:-1]:
        try:
            parent = parent[step]  # type: ignore[index]  # a TypeError when it holds no such step
        except (KeyError, IndexError, TypeError):
            return pos_of(root, path)
    if isinstance(parent, LDict) and path[-1] in parent.key_pos:
        return parent.key_pos[path[-1]]
    return pos_of(root, path)


def _expected(types: str | list[str]) -> str:
    names = [_TYPE_NAMES.get(t, t) for t in ([types] if isinstance(types, str) else types)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _deref(subschema: dict) -> dict:
    ref = subschema.get("$ref", "")
    if ref.startswith("#/$defs/"):
        return schema()["$defs"][ref.removeprefix("#/$defs/")]
    return subschema


def _explain(error: ValidationError, root: object, file_hint: str) -> list[Diagnostic]:
    """One jsonschema error as modder-readable diagnostics."""
    path = list(error.absolute_path)
    pos = pos_of(root, path) or Pos(file_hint, 1, 1)
    where, instance, kind = _where(path), error.instance, error.validator
    value: Any = error.validator_value  # the failed keyword's own value in the schema
    here: Mapping[str, Any] = error.schema if isinstance(error.schema, Mapping) else {}

    def at(message: str, position: Pos | None = None) -> list[Diagnostic]:
        return [Diagnostic(position or pos, message)]

    if kind == "additionalProperties" and isinstance(instance, dict):
        allowed = list(here.get("properties", {}))
        out = []
        for key in instance:
            if key not in allowed:
                key_pos = instance.key_pos.get(key) if isinstance(instance, LDict) else None
                scope = "unknown top-level key" if not path else "unknown key"
                message = f"{scope} '{key}'" + (f" in {where}" if path else "") + did_you_mean(key, allowed)
                out += at(message, key_pos)
        return out
    if kind == "type":
        return at(f"expected {_expected(value)}, got {describe(instance)}")
    if kind == "required" and isinstance(instance, dict):
        missing = [k for k in value if k not in instance]
        return [Diagnostic(_key_pos(root, path) or pos, f"missing required key '{k}' in {where}") for k in missing]
    if kind == "dependentRequired" and isinstance(instance, dict):
        return at("missing required key 'schema_version' (a file with a header must say which format it uses)")
    if kind == "const":
        if path == ["schema_version"]:
            return at(f"unsupported schema_version {describe(instance)} (this fuba reads schema_version {value})")
        return at(f"expected {describe(value)}, got {describe(instance)}")
    if kind == "enum":
        hint = did_you_mean(instance, value) if isinstance(instance, str) else ""
        return at(f"expected one of {', '.join(map(str, value))}, got {describe(instance)}{hint}")
    if kind in ("minItems", "maxItems") and isinstance(instance, list):
        low, high = here.get("minItems"), here.get("maxItems")
        if low == high:
            return at(f"expected {low} items, got {len(instance)}")
        bound = f"at least {low}" if kind == "minItems" else f"at most {high}"
        return at(f"expected {bound} items, got {len(instance)}")
    if kind in ("oneOf", "anyOf"):
        return _explain_choice(error, root, file_hint, where, pos)
    return at(error.message if len(error.message) <= 200 else error.message[:197] + "...")


def _explain_choice(error: ValidationError, root: object, file_hint: str, where: str, pos: Pos) -> list[Diagnostic]:
    """oneOf/anyOf: report inside the branch the modder clearly meant, else list the choices."""
    choices: Any = error.validator_value  # the oneOf/anyOf list of subschemas
    branches = [_deref(b) for b in choices]
    instance = error.instance
    validator = _validator()

    def fits(branch: dict) -> bool:
        types = branch.get("type")
        if types is None:
            return True
        return any(validator.is_type(instance, t) for t in ([types] if isinstance(types, str) else types))

    def inside(index: int) -> list[Diagnostic]:
        sub = [e for e in error.context if e.relative_schema_path and e.relative_schema_path[0] == index]
        return [d for e in sub for d in _explain(e, root, file_hint)]

    fitting = [i for i, b in enumerate(branches) if fits(b)]
    if not fitting:
        types = [t for b in branches for t in ([b["type"]] if isinstance(b["type"], str) else b["type"])]
        return [Diagnostic(pos, f"expected {_expected(list(dict.fromkeys(types)))}, got {describe(instance)}")]
    keyed = [i for i in fitting if branches[i].get("required")]
    if isinstance(instance, dict) and keyed:
        chosen = [i for i in keyed if all(k in instance for k in branches[i]["required"])]
        if len(chosen) == 1 and (found := inside(chosen[0])):
            return found
        names = [k for i in keyed for k in branches[i]["required"]]
        here = error.schema if isinstance(error.schema, Mapping) else {}
        known = {k for b in [here, *branches] for k in b.get("properties", {})} | set(names)
        strays = [k for k in instance if k not in known]
        got = f", got '{strays[0]}'{did_you_mean(strays[0], names)}" if strays else ""
        return [Diagnostic(pos, f"expected exactly one of the keys {', '.join(names)} in {where}{got}")]
    if len(fitting) == 1 and (found := inside(fitting[0])):
        return found
    return [Diagnostic(pos, error.message if len(error.message) <= 200 else error.message[:197] + "...")]
