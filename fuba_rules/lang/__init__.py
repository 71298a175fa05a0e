"""The effect language: parse, check and compile rule text into Python callables.

The pipeline is `parser` (text -> `nodes`), `checker` (names, arity, purity), then
`compiler` (checked nodes -> closures). `registry` lists the primitives a host (the
match engine) exposes. Nothing here knows about matches, boards or editions.
"""
