"""What an unchanged build uses in place of pathlib, re, json and hashlib gives what they give:
paths spelt as Path spells them, messages escaped as the regular expression escaped them,
the record read as json reads it, the digests hashlib gives."""

import hashlib
import json
from pathlib import Path, PurePosixPath

import pytest
from hypothesis import given
from hypothesis import strategies as st

from site_gen.rebuild import build_state, file_digests
from site_gen.pipeline.build_command import _output_folder, _project_folder, path_text
from site_gen.diagnostics import Diagnostic, visible
from site_gen.pipeline.output import check_output_folder
from site_gen.project_root import NotAProject, find_root


@pytest.mark.parametrize("given_path, spelt", [
    ("_site/", "_site"), ("./a//b/.", "a/b"), ("a/../b", "a/../b"), ("", "."), ("./", "."),
    ("/", "/"), ("//x/", "//x"), ("///x", "/x"), ("/./out", "/out"),
])
def test_a_path_is_spelt_as_path_spells_it(given_path, spelt):
    assert path_text(given_path) == spelt == str(Path(given_path))


@given(st.text(alphabet="/.a", max_size=12))
def test_any_path_is_spelt_as_pure_posix_path_spells_it(text):
    assert path_text(text) == str(PurePosixPath(text))


def test_the_output_folder_is_absolute_and_spelt_as_a_path(tmp_path, monkeypatch):
    (tmp_path / "site.yaml").write_text("title: Club\n", encoding="utf-8")
    (tmp_path / "deep" / "er").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "deep")
    assert _project_folder("er") == _project_folder(None) == find_root(tmp_path / "deep" / "er") == str(tmp_path)
    assert _output_folder("./out//", str(tmp_path)) == f"{tmp_path}/deep/out"
    assert _output_folder(Path("/x/./y/"), tmp_path) == "/x/y"
    with pytest.raises(NotAProject, match="no site.yaml in /"):
        find_root("/")


def test_the_output_folder_check_takes_strings_as_paths(tmp_path):
    project = tmp_path / "project"
    (project / "data").mkdir(parents=True)
    (project / "file").write_text("", encoding="utf-8")
    (tmp_path / "link").symlink_to(project / "data")
    for out, why in [(project, "would replace the repository"), (tmp_path, "would replace the repository"),
                     (project / "data" / "x", "overlaps data/"), (tmp_path / "link", "overlaps data/"),
                     (project / "file", "is a file"), (f"{project}/./.git/", "overlaps .git/")]:
        assert why in check_output_folder(str(out), str(project)), out
    assert check_output_folder(f"{project}/_site", str(project)) is None
    assert check_output_folder(f"{project}/data-site", str(project)) is None  # a name that starts like data
    assert check_output_folder(f"{tmp_path}/projects", str(project)) is None


def test_messages_show_control_and_bidi_characters_as_escapes():
    assert visible("a\nb\r\tc") == "a\\nb\\r\\tc"
    assert visible("\x00\x1b\x7f\x9f\u2028\u2029\u202a\u202e\u2066\u2069") == (
        "\\u0000\\u001b\\u007f\\u009f\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069")
    assert visible(" ~\xa0é\u202f\u2065\u206a\u200b") == " ~\xa0é\u202f\u2065\u206a\u200b"  # each range's neighbours
    assert Diagnostic("data/x.csv", 3, "warning", "name\u202eevil").format() == "data/x.csv:3: warning: name\\u202eevil"


def test_the_record_is_read_as_json_reads_it():
    record = {"fingerprint": "ab", "pages": 2, "files": {"é/index.html": 5, "a\nb": 0},
              "diagnostics": [["data/x.csv", None, "warning", 'a "quoted" \\ \u2028 \ud800']],
              "digests": [[1, 2, 3, 4, 5, "f" * 64]], "other": [1.5e300, -0.0, True, False, 10**30]}
    data = json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass")
    assert build_state._json_value(data) == json.loads(data) == record
    assert build_state._json_value(b"[NaN, Infinity]")[1] == float("inf")


@pytest.mark.parametrize("data", [b"", b"{} {}", b'{"a": 1', b"\xff{}", b"[1,]", b" x"])
def test_a_record_that_is_not_json_is_refused(data):
    with pytest.raises(ValueError):
        build_state._json_value(data)


def test_the_builtin_sha256_is_hashlibs():
    assert file_digests.sha256(b"abc").hexdigest() == hashlib.sha256(b"abc").hexdigest() == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")


def test_the_record_of_an_output_folder_is_named_by_its_resolved_path(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    name = hashlib.sha256(str(tmp_path / "real").encode()).hexdigest()[:16]
    expected = tmp_path / "root" / ".site-gen-cache" / f"build-{name}.json"
    assert build_state.output_record(tmp_path / "root", tmp_path / "link" / ".", "build") == expected
    assert build_state._record_file(str(tmp_path / "root"), f"{tmp_path}/real/", "build") == str(expected)
