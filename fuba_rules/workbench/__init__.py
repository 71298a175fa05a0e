"""The designer's workbench: paired comparisons, sweeps, balance checks, realism and rule cards.

Everything here stands on `sim.play` (one seeded match) and on the edition's own data;
the statistics use scipy, the reports Jinja2 and matplotlib (the `workbench` extra).
"""
