"""Problems as the engine sees them, and readers for ICPC/Kattis packages."""
