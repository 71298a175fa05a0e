"""The parts of a report page and the writer that renders them with Jinja2."""

from __future__ import annotations

import datetime
from pathlib import Path

import attrs

from ..files import write_regular
from ..workbench.deps import need


@attrs.define
class Table:
    headers: list[str]
    rows: list[list[str]]
    marked: list[bool] = attrs.field(factory=list)  # rows to highlight (e.g. significant)
    caption: str = ""


@attrs.define
class Figure:
    title: str
    svg: str  # made by report.plots, trusted markup


@attrs.define
class Section:
    title: str
    text: list[str] = attrs.field(factory=list)
    tables: list[Table] = attrs.field(factory=list)
    figures: list[Figure] = attrs.field(factory=list)


@attrs.define
class Page:
    title: str
    command: str = ""
    sections: list[Section] = attrs.field(factory=list)


def render(page: Page) -> str:
    """The page as one HTML document (no external resources)."""
    jinja2 = need("jinja2")
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("fuba_rules.report", "templates"),
        autoescape=jinja2.select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return env.get_template("report.html.j2").render(page=page, generated=stamp)


def write(path: Path, page: Page) -> None:
    write_regular(path, render(page))  # a regular file only: never a FIFO, a device or a dangling link
