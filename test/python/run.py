"""Runs the Python package's tests (test/python/test_*.py) and ends with
"python: N passed, N failed", which test/run.sh adds to its totals.

    /usr/bin/python3 test/python/run.py [-v]

Each test method counts as one test; an import error of a test file counts as
one failure.  The library comes from $CTILE_LIBRARY (test/run.sh points it at
the build under test) or the build tree."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    verbosity = 2 if "-v" in sys.argv[1:] else 1
    sys.path.insert(0, HERE)
    suite = unittest.defaultTestLoader.discover(HERE, pattern="test_*.py", top_level_dir=HERE)
    result = unittest.TextTestRunner(verbosity=verbosity, stream=sys.stdout).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    passed = result.testsRun - failed - len(result.skipped)
    print("python: %d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 and result.testsRun > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
