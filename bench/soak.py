"""The full-size soak: 1,000 matches per agent pairing with every invariant watched.

    python bench/soak.py            # same as: FUBA_SOAK_MATCHES=1000 pytest -m soak

The soak marker also runs the long fuzz of `fuba replay` (3,000 random logs).
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
env = {**os.environ, "FUBA_SOAK_MATCHES": os.environ.get("FUBA_SOAK_MATCHES", "1000")}
sys.exit(subprocess.call([sys.executable, "-m", "pytest", "-q", "-m", "soak", "-p", "no:cacheprovider"], cwd=ROOT, env=env))
