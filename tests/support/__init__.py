"""Helpers shared by the tests of several apps (builders, real workers and daphne, the browser
fixtures); they hold no tests."""
