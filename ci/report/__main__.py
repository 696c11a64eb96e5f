"""`python3 -m report render ...` (command.py)."""
import sys

from .command import main

sys.exit(main(sys.argv[1:]))
