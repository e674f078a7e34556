"""``python -m bhabho_widget.i18n extract | update | check``: the catalogs' commands."""

from . import main

raise SystemExit(main())
