"""`python -m hermes` runs the same entry point as the `hermes` console script."""

from hermes.cli import main

raise SystemExit(main())
