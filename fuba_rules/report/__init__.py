"""Self-contained HTML reports: one page, Jinja2 template, matplotlib plots inlined as SVG.

A report opens offline: no script, stylesheet or font is fetched from anywhere.
"""
