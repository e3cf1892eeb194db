"""entry.build_options: the build arguments the program reads before typer, and every other
form left to the command line (None)."""

import pytest

from site_gen.entry import build_options


@pytest.mark.parametrize("args, expected", [
    (["build"], {}),
    (["build", "--out", "public", "--jobs", "2"], {"out": "public", "jobs": "2"}),
    (["build", "-o", "public", "-j", "1"], {"out": "public", "jobs": "1"}),
    (["build", "--root=site", "--base-url=https://example.org/club/"],
     {"root": "site", "base_url": "https://example.org/club/"}),
    (["build", "--out=a=b"], {"out": "a=b"}),  # only the first "=" ends the option's name
    (["build", "--jobs", "02"], {"jobs": "02"}),
])
def test_plain_build_options_are_read(args, expected):
    assert build_options(args) == expected


@pytest.mark.parametrize("args", [
    [],
    ["check"],
    ["serve", "--out", "x"],
    ["build", "--help"],
    ["build", "extra"],  # an argument typer refuses
    ["build", "--out"],  # no value
    ["build", "--out="],
    ["build", "--out", "-x"],  # click might read -x as the value or as an option: typer decides
    ["build", "-o=x"],  # click reads "=x" as the value
    ["build", "-opublic"],
    ["build", "--out", "a", "-o", "b"],  # twice: click takes the last
    ["build", "--jobs", "0"],  # typer refuses below 1
    ["build", "--jobs", "two"],
    ["build", "-j", "\u00b2"],  # a digit to str.isdigit, not to int()
    ["build", "--jobs", "+2"],
    ["build", "--", "--out", "x"],
    ["build", "--outdir", "x"],
])
def test_every_other_form_is_left_to_the_command_line(args):
    assert build_options(args) is None
