"""A build collects garbage less often, and gives the collector back as it found it (a
long `serve` must free each build's objects)."""

import gc

from site_gen.pipeline.build import long_lived_objects


def test_the_collector_is_given_back_as_it_was():
    before = gc.get_threshold()
    with long_lived_objects() as keep:
        assert gc.get_threshold()[0] > before[0]
        objects = [[i] for i in range(1000)]
        keep()
        assert gc.get_freeze_count() >= len(objects)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_loading_runs_without_collections_and_gives_the_collector_back(monkeypatch, tmp_path):
    import site_gen.pipeline.build as build_module
    from site_gen.diagnostics import Diagnostics

    seen = []
    monkeypatch.setattr(build_module, "load_project", lambda *args: seen.append(gc.isenabled()))
    build_module.analyse(tmp_path, Diagnostics(root=tmp_path))
    assert seen == [False] and gc.isenabled()
    gc.disable()  # a caller that had it off (a test, a profiler) gets it back off
    try:
        build_module.analyse(tmp_path, Diagnostics(root=tmp_path))
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert seen == [False, False]
