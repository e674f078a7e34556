"""Settings for the whole test run (here at the root, so that --doctest-modules does not collect
it beside tests/browser/conftest.py under the same module name).

The coach works ahead of the person in a thread of its own once a browser shows a table
(:mod:`bhabho_widget.table.ahead`). The tests drive thousands of tables with messages as a
browser would; that work would only compete with them for the machine, so it is off here,
for the kernels the browser tests start too, and on in the tests of the feature itself.
"""

import os

os.environ.setdefault("BHABHO_COACH_AHEAD", "0")
