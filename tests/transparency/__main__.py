"""``python -m tests.transparency [suite ...]``: see harness.py."""

import sys

from tests.transparency.harness import main

sys.exit(main())
