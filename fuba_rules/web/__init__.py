"""The web board: play and replay matches in the browser (`fuba serve`).

`views` turns an edition and a match state into plain JSON, `replay` rebuilds a logged
match step by step, `session` runs a person against an agent, and `app` serves them with
Starlette. The front end in `static/` is plain ES modules: no build step. Nothing here
knows an edition, a state name or a rule: the board, the state and the decisions all
come from the edition's data.
"""
