"""The swiss-cut live-day pages' data: a round's tables in seat order, and the seats by name."""

from site_gen.i18n import Text
from site_gen.rules.swiss_cut.live_day import SeatedTable, seats_by_name


def test_seats_by_name_sort_by_the_name_whatever_its_case_or_script():
    east, south = Text("East"), Text("South")
    tables = [SeatedTable(1, ((east, "bob"), (south, "Ann"))), SeatedTable(2, ((east, "Яна"), (south, "Carl")))]
    assert seats_by_name(tables) == [("Ann", 1, south), ("bob", 1, east), ("Carl", 2, south), ("Яна", 2, east)]
