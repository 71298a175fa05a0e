"""Find editions and layer them: parent first, then each child's differences on top.

An edition is a folder `<root>/<id>/` (its `edition.yaml` holds the header, and all its
`*.yaml` files are merged) or a single file, such as a mod under `<root>/mods/`. A child
names its parent with `extends`; entry by entry, its definitions replace the parent's or
add new ones, and `remove: [section.key]` deletes inherited ones. `include` pulls shared
files (the board, common tables) in underneath a file.

The merged tree keeps every value's own positions, and `Resolved` records which edition
defined each entry and whom it overrode, so `fuba show` and error messages can say where
a rule comes from. Nothing here knows the schema or the effect language.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import attrs

from fuba_rules.diagnostics import Diagnostic, FubaError, Pos, did_you_mean
from fuba_rules.limits import MAX_EXTENDS_DEPTH
from fuba_rules.resources import installed_editions
from fuba_rules.yamlpos import LDict, LList, LStr, describe, load_yaml

HEADER_KEYS = ("schema_version", "id", "title", "date", "description", "extends", "include", "remove")
"""Top-level keys that describe a file rather than hold rules; everything else is a section."""
EDITION_FILE = "edition.yaml"
MODS_DIR = "mods"
# Header keys that a data file of a folder edition may carry (the rest belong in edition.yaml).
_DATA_FILE_HEADER = ("schema_version", "include")
MERGED_BY_KEY = {"tables": "rows"}
"""Sections whose entries a child merges into the parent's rather than replaces: section ->
the keyed map inside each entry that merges row by row (a table's `rows`). A child's
table says only what differs: its other fields replace the parent's one by one, its rows
replace rows of the same key or add new ones, `remove: [key, ...]` deletes inherited
rows, and `replace: true` replaces the whole table. Every other entry (a rule, a hook,
a state variable) is one statement and is replaced whole; `parent(...)` reaches the old."""
REPLACE = "replace"
REMOVE = "remove"

Key = tuple[str, str]


@attrs.define
class Resolved:
    """An edition with its ancestors and mods merged, and the history of every entry.

    `data` holds the merged sections only (the target's header is in `header`); its
    values are shared with the loaded files, so treat it as read-only. A section that is
    not a mapping is recorded under the key (section, "").
    """

    data: LDict
    chain: list[str]
    origin: dict[Key, str]
    overrides: dict[Key, list[str]]
    removed: list[tuple[str, str, str]]
    header: dict
    target: str = ""
    files: dict[str, LDict] = attrs.Factory(dict)
    """Every file read (edition files, includes, mods) by its shown path, for per-file checks."""
    warnings: list[Diagnostic] = attrs.Factory(list)
    shadowed: dict[Key, list[tuple[str, object]]] = attrs.Factory(dict)
    """(edition id, value) of every definition an entry replaced, oldest first: what a
    rule's `parent(...)` call reaches (the effect language's business, not this module's)."""

    @property
    def parent(self) -> str | None:
        """The id the target extends, if any."""
        i = self.chain.index(self.target) if self.target in self.chain else 0
        return self.chain[i - 1] if i > 0 else None


def discover(root: Path) -> dict[str, Path]:
    """Edition id -> folder (or file, for mods as "mods/<stem>") found under `root`.

    A folder counts when it has an edition.yaml. A missing root gives no editions.
    """
    found: dict[str, Path] = {}
    if not root.is_dir():
        return found
    for entry in sorted(root.iterdir()):
        if entry.is_dir() and (entry / EDITION_FILE).is_file():
            found[entry.name] = entry
    mods = root / MODS_DIR
    if mods.is_dir():
        for entry in sorted(mods.glob("*.yaml")):
            if entry.is_file():
                found[f"{MODS_DIR}/{entry.stem}"] = entry
    return found


def load_header(path: Path) -> LDict:
    """The header keys of an edition folder or file (for listings; no layering)."""
    top = _read_top(_header_file(path))
    return _subset(top, HEADER_KEYS)


def resolve(target: str | Path, root: Path, mods: Sequence[str | Path] = ()) -> Resolved:
    """Merge `target` (an id under `root`, or a path) with its ancestors, then `mods`.

    An edition under `root` may extend one that only the default editions folder has
    (`$FUBA_EDITIONS`, ./editions, the installed ones): a modder's own folder holds their
    edition, which extends an installed one, and their mods, which extend theirs."""
    from fuba_rules.resources import default_editions_root

    beneath = default_editions_root()
    return _Resolver(root, None if same_path(beneath, root) else beneath).resolve(target, mods)


# --- implementation ----------------------------------------------------------------


@attrs.define
class _Edition:
    """One edition or mod as written: its header and its own merged content."""

    id: str
    path: Path
    header: LDict
    content: LDict
    parent: LStr | None
    removes: list[tuple[LStr, Pos | None]]


def shown(path: Path) -> str:
    """A path as the user should read it: relative to the current folder when inside it."""
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(absolute)


def _key(path: Path) -> Path:
    return Path(os.path.realpath(path))


def _by_position(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return sorted(diagnostics, key=lambda d: (d.pos.file, d.pos.line, d.pos.col) if d.pos else ("", 0, 0))


def _is_file(path: Path) -> bool:
    """Path.is_file that also says no to names the OS refuses (NUL bytes, too long)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def exists(path: Path) -> bool:
    """Path.exists that says no to names the OS refuses (NUL bytes, too long), which a
    command line or a mod may give."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _inside(path: str, folder: str) -> bool:
    """Whether the absolute `path` is `folder` or lies under it (no file system access)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _confined(ref: str, base: Path, allowed: Sequence[str], what: str) -> str | None:
    """Why `base / ref` may not be read by a mod, or None when it may.

    Mods are shared, so `extends` and `include` reach only files inside the editions
    folder (or the mod's own folder): never an absolute path, never `..` out of it,
    never a symbolic link that leads out. `allowed` holds real (resolved) folders.
    """
    where = _names(allowed)
    if os.path.isabs(ref) or ref.startswith("~"):
        return f"cannot {what} {ref!r}: an absolute path is not allowed; write a path relative to this file, inside {where}"
    written = os.path.normpath(os.path.join(os.path.realpath(base), ref))
    if not any(_inside(written, a) for a in allowed):
        return f"cannot {what} {ref!r}: it is outside {where}"
    return None


def _names(allowed: Sequence[str]) -> str:
    """The folders a mod may read, as the message names them."""
    return " or ".join(repr(shown(Path(a))) for a in allowed)


_INSTALLED = installed_editions()


def _escapes(path: Path, allowed: Sequence[str]) -> str | None:
    """How `path` could lead outside `allowed`, or None when it cannot: a symbolic link
    (or a folder on the way) leading out, or a hard link. A hard link cannot tell where
    its other names are, so a file with more than one is refused, except the editions
    installed with fuba (an installer may hard-link them)."""
    try:
        real = os.path.realpath(path)
        links = os.stat(real).st_nlink
    except (OSError, ValueError):
        return f"a symbolic link leading outside {_names(allowed)}"
    if not any(_inside(real, a) for a in allowed):
        return f"a symbolic link leading outside {_names(allowed)}"
    if links > 1 and not (_INSTALLED and _inside(real, _INSTALLED)):
        return f"a hard link ({links} names for one file; one may be outside {_names(allowed)})"
    return None


def _header_file(path: Path) -> Path:
    return path / EDITION_FILE if path.is_dir() else path


def _read_top(path: Path) -> LDict:
    """A file's top-level mapping (an empty file gives an empty one)."""
    top = load_yaml(Path(shown(path)))
    if top is None:
        return LDict(pos=Pos(shown(path), 1, 1))
    if not isinstance(top, LDict):
        where = getattr(top, "pos", Pos(shown(path), 1, 1))
        raise FubaError(Diagnostic(where, "expected a mapping of sections at the top of the file"))
    return top


def _subset(top: LDict, keys: Sequence[str]) -> LDict:
    out = LDict(pos=top.pos)
    for k in keys:
        if k in top:
            _put(out, k, top[k], top)
    return out


def _put(target: LDict, key: str, value: object, source: LDict) -> None:
    target[key] = value
    target.key_pos[key] = source.key_pos.get(key, source.pos)
    target.value_pos[key] = source.value_pos.get(key, source.pos)


def _sections(top: LDict) -> list[str]:
    return [k for k in top if k not in HEADER_KEYS]


def _entries(top: LDict, section: str) -> list[str]:
    """The keys an overlay of `section` defines: its entries, or "" for a whole value."""
    value = top[section]
    if value is None:
        return []
    return list(value) if isinstance(value, LDict) else [""]


def _overlay(base: LDict, top: LDict, errors: list[Diagnostic] | None = None) -> list[tuple[str, str, bool]]:
    """Merge `top`'s sections into `base` entry by entry, never mutating `top`.

    Returns (section, key, replaced) for every entry written. A section that is not a
    mapping (a type error the schema reports) replaces the whole value. Entries of a
    MERGED_BY_KEY section merge into the entry they replace (`_merged_entry`).
    """
    written: list[tuple[str, str, bool]] = []
    for section in _sections(top):
        value = top[section]
        if value is None:
            continue  # `procedures:` with nothing under it adds nothing
        current = base.get(section)
        if isinstance(value, LDict):
            if not isinstance(current, LDict):
                replaced_whole = section in base
                current = LDict(pos=value.pos)
                _put(base, section, current, top)
                if replaced_whole:
                    written.append((section, "", True))
            rows = MERGED_BY_KEY.get(section)
            for key, entry in value.items():
                written.append((section, key, key in current))
                if rows is not None and isinstance(entry, LDict):
                    entry = _merged_entry(current.get(key), entry, rows, f"{section}.{key}", errors)
                _put(current, key, entry, value)
        else:
            written.append((section, "", section in base))
            _put(base, section, value, top)
    return written


def _merged_entry(below: object, entry: LDict, rows: str, name: str, errors: list[Diagnostic] | None) -> LDict:
    """`entry` laid over the inherited `below`: field by field, and its `rows` key by key.

    Without `replace: true`, the inherited fields and rows stay unless `entry` replaces
    them or its `remove:` list deletes a row (an unknown row is an error, with "did you
    mean"). The markers `replace` and `remove` are not part of the result.
    """
    if not isinstance(below, LDict):
        return entry  # nothing to merge into yet: the markers wait for the next layer down
    errors = errors if errors is not None else []
    whole = entry.get(REPLACE) is True
    out = LDict(pos=entry.pos)
    for field, value in ([] if whole else below.items()):
        _put(out, field, value, below)
    _put_fields(out, entry)
    if not whole and isinstance(below.get(rows), LDict):
        merged = LDict(below[rows], pos=below[rows].pos)
        merged.key_pos.update(below[rows].key_pos)
        merged.value_pos.update(below[rows].value_pos)
        for ref, pos in _strings(entry, REMOVE, errors):
            if ref in merged:
                del merged[ref]
                merged.key_pos.pop(ref, None)
                merged.value_pos.pop(ref, None)
            else:
                message = f"cannot remove row {str(ref)!r} of {name}: it inherits no such row{did_you_mean(ref, merged)}"
                errors.append(Diagnostic(pos, message))
        own = entry.get(rows)
        if isinstance(own, LDict):
            for key, row in own.items():
                _put(merged, key, row, own)
        _put(out, rows, merged, entry if rows in entry else below)
    return out


def _settle(data: LDict, errors: list[Diagnostic]) -> None:
    """Drop the merge markers of entries that had nothing beneath them (a `remove:` there
    is an error: there is no row to delete), copying rather than touching the files' trees."""
    for section in MERGED_BY_KEY:
        entries = data.get(section)
        if not isinstance(entries, LDict):
            continue
        for key, entry in list(entries.items()):
            if not isinstance(entry, LDict) or not (REPLACE in entry or REMOVE in entry):
                continue
            if REMOVE in entry:
                message = f"cannot remove rows of {section}.{key}: it inherits no such table"
                errors.append(Diagnostic(entry.key_pos[REMOVE], message))
            entries[key] = _put_fields(LDict(pos=entry.pos), entry)


def _put_fields(out: LDict, entry: LDict) -> LDict:
    """Copy `entry`'s fields into `out`, but not the merge markers `replace` and `remove`."""
    for field, value in entry.items():
        if field not in (REPLACE, REMOVE):
            _put(out, field, value, entry)
    return out


def _strings(top: LDict, key: str, errors: list[Diagnostic]) -> list[tuple[LStr, Pos | None]]:
    """A header list of strings (`include`, `remove`) with each item's position."""
    value = top.get(key)
    if value is None:
        return []
    if not isinstance(value, LList):
        errors.append(Diagnostic(top.value_pos[key], f"expected a list of strings for {key}, got {describe(value)}"))
        return []
    out = []
    for i, item in enumerate(value):
        pos = value.item_pos[i] if i < len(value.item_pos) else value.pos
        if isinstance(item, LStr):
            out.append((item, pos))
        else:
            errors.append(Diagnostic(pos, f"expected a string in {key}, got {describe(item)}"))
    return out


def _cycle_error(cycle: list[tuple[str, Pos | None]]) -> Diagnostic:
    """One message per cycle, whichever edition it was entered from: it starts at the
    smallest id and points at the `extends` that leads back to it."""
    names = [name for name, _ in cycle]
    start = names.index(min(names))
    names = names[start:] + names[:start]
    closing = cycle[start - 1][1]
    return Diagnostic(closing, "extends cycle: " + " -> ".join([*names, names[0]]))


class _Resolver:
    """Reads editions under one root (and, for names it lacks, one below it), remembering
    every file it read."""

    def __init__(self, root: Path, beneath: Path | None = None):
        self.root = root
        self.roots_real = [os.path.realpath(r) for r in (root, beneath) if r is not None]
        self.known = {**(discover(beneath) if beneath is not None else {}), **discover(root)}
        self.id_of_path = {_key(p): i for i, p in self.known.items()}
        self.files: dict[str, LDict] = {}
        self.cache: dict[Path, LDict] = {}
        self.errors: list[Diagnostic] = []

    # -- finding ---------------------------------------------------------------------

    def allowed(self, path: Path) -> list[str]:
        """The real folders an edition at `path` may read from: the editions folder it lies
        in, or the first one and its own folder when it lies outside (a mod kept elsewhere)."""
        real = os.path.realpath(path)
        own = real if _is_dir(path) else os.path.dirname(real)
        home = next((r for r in self.roots_real if _inside(own, r)), None)
        return [home] if home is not None else [self.roots_real[0], own]

    def locate(
        self, ref: str | Path, base: Path | None, where: Pos | None, what: str = "edition", allowed: Sequence[str] = ()
    ) -> Path:
        """The folder or file that an id or a path (relative to `base`) names.

        A path written in a file (`base` given) must stay inside `allowed`.
        """
        if isinstance(ref, str) and ref in self.known:
            return self.known[ref]
        if base is not None and (refused := _confined(str(ref), base, allowed, "extend")):
            raise FubaError(Diagnostic(where, refused))
        path = Path(ref) if base is None else base / ref
        for candidate in (path, Path(f"{path}.yaml")):
            found = None
            if _is_file(candidate) and candidate.name == EDITION_FILE:
                found = candidate.parent
            elif _is_file(candidate) or _is_file(candidate / EDITION_FILE):
                found = candidate
            if found is not None:
                if base is not None and (leak := _escapes(_header_file(found), allowed)):
                    raise FubaError(Diagnostic(where, f"cannot extend {str(ref)!r}: it is {leak}"))
                return found
        if _is_dir(path):
            raise FubaError(Diagnostic(where, f"{shown(path)} has no {EDITION_FILE}"))
        raise FubaError(Diagnostic(where, f"unknown {what} {str(ref)!r}{did_you_mean(str(ref), self.known)}"))

    def read(self, path: Path) -> LDict:
        """A file's top mapping, parsed once however often it is included."""
        key = _key(path)
        if key not in self.cache:
            self.cache[key] = _read_top(path)
            self.files[shown(path)] = self.cache[key]
        return self.cache[key]

    # -- loading one edition ---------------------------------------------------------

    def load(self, path: Path) -> _Edition:
        """Read an edition folder or file, with its includes, without its parent."""
        header_file = _header_file(path)
        allowed = self.allowed(path)
        files = [header_file]
        if path.is_dir():
            for p in sorted(p for p in path.glob("*.yaml") if p.name != EDITION_FILE and p.is_file()):
                if leak := _escapes(p, allowed):
                    message = f"{p.name} is {leak}; it is not read"
                    self.errors.append(Diagnostic(Pos(shown(p), 1, 1), message))
                else:
                    files.append(p)
        tops = [(f, self.read(f)) for f in files]
        header_top = tops[0][1]
        header = _subset(header_top, HEADER_KEYS)
        for _, top in tops[1:]:
            for k in top:
                if k in HEADER_KEYS and k not in _DATA_FILE_HEADER:
                    self.errors.append(Diagnostic(top.key_pos[k], f"header key '{k}' belongs in {shown(header_file)}"))

        edition_id = self.edition_id(path, header)
        content = LDict(pos=header_top.pos)
        included: set[Path] = set()
        for f, top in tops:
            for inc in self.includes(f, top, [_key(f)], included, allowed):
                _overlay(content, inc, self.errors)
        first_defined: dict[Key, Pos] = {}
        for _, top in tops:
            for section in _sections(top):
                for key in _entries(top, section):
                    where = top[section].key_pos[key] if key else top.key_pos[section]
                    if (section, key) in first_defined:
                        name = f"{section}.{key}" if key else section
                        self.errors.append(
                            Diagnostic(
                                where,
                                f"'{name}' is defined twice in {edition_id} (also at {first_defined[section, key]})",
                            )
                        )
                    else:
                        first_defined[section, key] = where
            _overlay(content, top, self.errors)

        parent = header.get("extends")
        if parent is not None and not isinstance(parent, LStr):
            self.errors.append(
                Diagnostic(
                    header.value_pos["extends"], f"expected an edition id or path for extends, got {describe(parent)}"
                )
            )
            parent = None
        removes = _strings(header, "remove", self.errors)
        return _Edition(edition_id, path, header, content, parent, removes)

    def edition_id(self, path: Path, header: LDict) -> str:
        """The folder name or mods/<stem> under the root; elsewhere the header id or the name."""
        declared = header.get("id")
        if declared is not None and not isinstance(declared, str):
            self.errors.append(
                Diagnostic(header.value_pos["id"], f"expected a string for id, got {describe(declared)}")
            )
            declared = None
        known = self.id_of_path.get(_key(path))
        if known is None:
            return str(declared) if declared else (path.name if path.is_dir() else path.stem)
        if declared is not None and declared not in (known, known.removeprefix(f"{MODS_DIR}/")):
            self.errors.append(
                Diagnostic(header.value_pos["id"], f"id '{declared}' does not match the name it is found by, '{known}'")
            )
        return known

    def includes(self, file: Path, top: LDict, stack: list[Path], seen: set[Path], allowed: Sequence[str]) -> list[LDict]:
        """The files `file` includes, each after its own includes, each only once."""
        out: list[LDict] = []
        for ref, pos in _strings(top, "include", self.errors):
            path = file.parent / ref
            if not ref.endswith(".yaml"):
                self.errors.append(Diagnostic(pos, f"cannot include {str(ref)!r}: only .yaml files can be included"))
                continue
            if refused := _confined(str(ref), file.parent, allowed, "include"):
                self.errors.append(Diagnostic(pos, refused))
                continue
            if not _is_file(path):
                near = [p.name for p in path.parent.glob("*.yaml")] if _is_dir(path.parent) else []
                self.errors.append(
                    Diagnostic(pos, f"cannot include {str(ref)!r}: no such file{did_you_mean(path.name, near)}")
                )
                continue
            if leak := _escapes(path, allowed):
                message = f"cannot include {str(ref)!r}: it is {leak}"
                self.errors.append(Diagnostic(pos, message))
                continue
            key = _key(path)
            if key in stack:
                names = [shown(p) for p in stack[stack.index(key) :]] + [shown(path)]
                raise FubaError(Diagnostic(pos, "include cycle: " + " -> ".join(names)))
            if key in seen:
                continue
            seen.add(key)
            included = self.read(path)
            out += self.includes(path, included, [*stack, key], seen, allowed)
            out.append(included)
        return out

    # -- chains ----------------------------------------------------------------------

    def chain(self, path: Path, stack: list[tuple[Path, str, Pos | None]], via: Pos | None) -> list[_Edition]:
        """`path`'s ancestors, root first, then the edition itself.

        `stack` holds the editions below this one: (path, id, position of its extends).
        """
        key = _key(path)
        for i, (seen, _, _) in enumerate(stack):
            if seen == key:
                raise FubaError(_cycle_error([(name, pos) for _, name, pos in stack[i:-1]] + [(stack[-1][1], via)]))
        edition = self.load(path)
        if edition.parent is None:
            return [edition]
        if len(stack) + 1 >= MAX_EXTENDS_DEPTH:
            raise FubaError(Diagnostic(edition.parent.pos, f"extends chain is longer than {MAX_EXTENDS_DEPTH} editions"))
        parent_path = self.locate(edition.parent, _header_file(path).parent, edition.parent.pos, allowed=self.allowed(path))
        return [*self.chain(parent_path, [*stack, (key, edition.id, edition.parent.pos)], edition.parent.pos), edition]

    def resolve(self, target: str | Path, mods: Sequence[str | Path]) -> Resolved:
        editions = self.chain(self.locate(target, None, None), [], None)
        target_edition = editions[-1]
        in_chain = {_key(e.path) for e in editions}
        warnings: list[Diagnostic] = []
        for ref in mods:
            path = self.locate(ref, None, None, what="mod")
            if _key(path) in in_chain:
                warnings.append(Diagnostic(None, f"{ref} is already applied; not applied twice", "warning"))
                continue
            mod = self.load(path)
            if mod.parent is not None:
                extended = self.locate(mod.parent, _header_file(path).parent, mod.parent.pos, allowed=self.allowed(path))
                if _key(extended) not in in_chain:
                    message = f"{mod.id} extends {mod.parent}, but is applied on top of {target_edition.id}"
                    warnings.append(Diagnostic(mod.parent.pos, message, "warning"))
            in_chain.add(_key(path))
            editions.append(mod)
        if self.errors:
            raise FubaError(_by_position(self.errors))
        return self.merge(editions, target_edition, warnings)

    def merge(self, editions: list[_Edition], target: _Edition, warnings: list[Diagnostic]) -> Resolved:
        data = LDict(pos=editions[-1].content.pos)
        origin: dict[Key, str] = {}
        overrides: dict[Key, list[str]] = {}
        removed: list[tuple[str, str, str]] = []
        shadowed: dict[Key, list[tuple[str, object]]] = {}
        for edition in editions:
            self.remove(edition, data, origin, overrides, removed, shadowed)
            for section in _sections(edition.content):
                current = data.get(section)
                if not isinstance(current, LDict):
                    continue
                for key in _entries(edition.content, section):
                    if key in current and (section, key) in origin:
                        shadowed.setdefault((section, key), []).append((origin[section, key], current[key]))
            for section, key, replaced in _overlay(data, edition.content, self.errors):
                if replaced and (section, key) in origin:
                    overrides.setdefault((section, key), []).append(origin[section, key])
                origin[section, key] = edition.id
        _settle(data, self.errors)
        if self.errors:
            raise FubaError(_by_position(self.errors))
        header = _subset(target.header, HEADER_KEYS)
        header["id"] = target.id
        return Resolved(
            data=data,
            chain=[e.id for e in editions],
            origin=origin,
            overrides=overrides,
            removed=removed,
            header=header,
            target=target.id,
            files=self.files,
            warnings=warnings,
            shadowed=shadowed,
        )

    def remove(self, edition: _Edition, data: LDict, origin, overrides, removed, shadowed=None) -> None:
        """Apply `edition`'s `remove:` list to what it inherits."""
        for ref, pos in edition.removes:
            section, dot, key = ref.partition(".")
            entries = data.get(section)
            if not dot or not key:
                self.errors.append(Diagnostic(pos, f"expected 'section.key' in remove, got {str(ref)!r}"))
            elif not isinstance(entries, LDict) or key not in entries:
                inherited = [f"{s}.{k}" for s, v in data.items() if isinstance(v, LDict) for k in v]
                self.errors.append(
                    Diagnostic(
                        pos, f"cannot remove {str(ref)!r}: nothing inherited defines it{did_you_mean(ref, inherited)}"
                    )
                )
            else:
                del entries[key]
                entries.key_pos.pop(key, None)
                entries.value_pos.pop(key, None)
                origin.pop((section, key), None)
                overrides.pop((section, key), None)
                if shadowed is not None:
                    shadowed.pop((section, key), None)  # a later definition is new: it has no parent
                removed.append((section, key, edition.id))


def root_for(path: Path, explicit: Path | None = None) -> Path:
    """The editions folder in which the edition or mod at `path` finds its base.

    `--root` wins. Else the folder the file lies in (the one above an edition folder or
    a `mods/` folder) when its `extends:` names an edition there, else the default that
    `show`, `diff` and `simulate` use ($FUBA_EDITIONS, ./editions, the installed ones):
    a mod kept in a modder's own folder extends the editions they installed. A base
    neither folder has gives the file's folder, so that "did you mean" suggests from both.
    """
    if explicit is not None:
        return explicit
    from fuba_rules.resources import default_editions_root

    default = default_editions_root()
    home = path.parent if path.is_dir() else path.parent.parent if path.parent.name == MODS_DIR else None
    if home is None or same_path(home, default):
        return default
    try:
        parent = load_header(path).get("extends")
    except FubaError:
        return home  # the file's own problems are reported when it is resolved
    if not isinstance(parent, str) or parent in discover(home) or exists((path if path.is_dir() else path.parent) / parent):
        return home
    return default if parent in discover(default) else home  # unknown in both: suggest from both


def root_of_command(refs: Sequence[str | Path], explicit: Path | None = None) -> Path:
    """The editions folder of a command that names the editions and mods `refs`: the one
    answer every command (check, simulate, compare, sweep, balance, diff, rules, show,
    odds, play, serve) and the language server use.

    `--root` wins. Else the first ref that is a file or folder of a modder's own folder
    gives that folder (`root_for`: `mods/x.yaml` beside the `2026-draft/` it extends),
    else a bare name that only the current folder defines (`2026-draft`, with no
    `./editions`) gives the current folder, else the default. Editions the chosen folder
    lacks are still found among the default ones (`resolve`).
    """
    if explicit is not None:
        return explicit
    from fuba_rules.resources import default_editions_root

    default = default_editions_root()
    for ref in refs:
        path = Path(ref)
        if exists(path) and not same_path(found := root_for(path), default):
            return found
    here = Path(".")
    if same_path(here, default):
        return default
    local, installed = discover(here), discover(default)
    return here if any(str(r) in local and str(r) not in installed for r in refs) else default


def same_path(a: Path, b: Path) -> bool:
    """Whether two paths name the same file or folder (links followed)."""
    return os.path.realpath(a) == os.path.realpath(b)
