"""`python -m veriloop.cli ...`: the `veriloop` command (as the console script runs it)."""

from veriloop.cli import main

main()
