"""No module of the engine imports a module that imports it back, directly or through others:
each layer (steps, graders, entry points, command line) builds only on those below it. Imports
made inside functions count too: a cycle hidden in a function is still a cycle."""

from __future__ import annotations

import grimp


def test_the_engine_has_no_import_cycles() -> None:
    graph = grimp.build_graph("judging", include_external_packages=False)
    cycles = {
        tuple(sorted((module, imported)))
        for module in graph.modules
        for imported in graph.find_modules_directly_imported_by(module)
        if graph.chain_exists(importer=imported, imported=module)
    }
    assert len(graph.modules) > 100  # the graph really holds the engine
    assert not cycles, sorted(cycles)
