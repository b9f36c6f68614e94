"""``python -m instructor.gradebook``: see cli.py."""

import sys

from .cli import main

sys.exit(main())
