"""Test-wide settings: under CI (CI=true) hypothesis draws the same examples every run.

Local runs keep exploring new random examples; CI must be reproducible, so a red run
always means a change broke something, never a lucky draw.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
