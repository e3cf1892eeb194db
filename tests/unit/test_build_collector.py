"""A build collects garbage less often, and gives the collector back as it found it (a
long `serve` must free each build's objects)."""

import gc

from site_gen.build import long_lived_objects


def test_the_collector_is_given_back_as_it_was():
    before = gc.get_threshold()
    with long_lived_objects() as keep:
        assert gc.get_threshold()[0] > before[0]
        objects = [[i] for i in range(1000)]
        keep()
        assert gc.get_freeze_count() >= len(objects)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
