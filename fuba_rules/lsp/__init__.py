"""`fuba lsp`: a language server that tells modders, as they type, what `fuba check` would.

The modules each do one job: `analysis` finds the edition a file belongs to and runs the
real checker on the editor's buffers; `names` lists what a resolved edition defines;
`completion` and `navigation` (hover, go to definition) read that list; `server` wires
them to pygls. Only `server` needs the `lsp` extra.
"""
