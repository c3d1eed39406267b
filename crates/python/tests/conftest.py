"""Makes the tests' definition importable as `definition`."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
