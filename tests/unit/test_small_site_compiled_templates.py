"""Compiled templates kept on disk between builds (site_gen/rebuild/compiled_templates.py):
a hit renders the same bytes without compiling, an edited template is compiled again, and
no folder or entry problem ever fails a render."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader

from site_gen.rebuild import compiled_templates
from site_gen.rebuild.compiled_templates import TemplateCodeCache, default_folder, environment_key, retire_old_folders

PAGE = "<p>{% for n in numbers %}{{ n * 2 }}{{ ', ' if not loop.last }}{% endfor %} &amp; {{ name }}</p>\n"


def templates(tmp_path: Path, source: str = PAGE) -> Path:
    folder = tmp_path / "templates"
    folder.mkdir(exist_ok=True)
    (folder / "page.html").write_text(source, encoding="utf-8")
    return folder


def render(folder: Path, cache_folder: Path | None, compiles: list[str] | None = None) -> str:
    """page.html rendered by a fresh environment and cache (as a new build's process would)."""
    env = Environment(loader=FileSystemLoader(str(folder)), autoescape=True,
                      bytecode_cache=TemplateCodeCache(cache_folder))
    if compiles is not None:
        compile_source = env.compile

        def counted(source, name=None, filename=None, raw=False, defer_init=False):
            compiles.append(name)
            return compile_source(source, name, filename, raw, defer_init)

        env.compile = counted
    return env.get_template("page.html").render(numbers=[1, 2, 3], name="<b>")


EXPECTED = "<p>2, 4, 6 &amp; &lt;b&gt;</p>"  # Jinja drops the trailing newline


def entries(cache_folder: Path) -> list[Path]:
    return sorted(p for p in cache_folder.iterdir() if not p.name.startswith("."))


def test_a_second_process_renders_the_same_bytes_without_compiling(tmp_path):
    folder, cache = templates(tmp_path), tmp_path / "cache" / "key"
    first: list[str] = []
    assert render(folder, cache, first) == EXPECTED
    assert first == ["page.html"] and len(entries(cache)) == 1
    assert os.stat(cache).st_mode & 0o777 == 0o700  # private: no one else may plant code in it
    second: list[str] = []
    assert render(folder, cache, second) == EXPECTED
    assert second == []  # loaded from the folder


def test_an_edited_template_is_compiled_again(tmp_path):
    cache = tmp_path / "cache" / "key"
    assert render(templates(tmp_path), cache) == EXPECTED
    edited = templates(tmp_path, PAGE.replace("n * 2", "n * 3"))
    compiles: list[str] = []
    assert render(edited, cache, compiles) == "<p>3, 6, 9 &amp; &lt;b&gt;</p>"
    assert compiles == ["page.html"]
    assert render(edited, cache, []) == "<p>3, 6, 9 &amp; &lt;b&gt;</p>"  # the entry now holds the new code


def test_an_unwritable_or_missing_folder_only_means_compiling(tmp_path):
    folder = templates(tmp_path)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    for cache in (blocker / "key", None):
        compiles: list[str] = []
        assert render(folder, cache, compiles) == EXPECTED
        assert render(folder, cache, compiles) == EXPECTED
        assert compiles == ["page.html", "page.html"]  # nothing kept, nothing failed


def test_a_folder_others_may_write_into_is_not_used(tmp_path):
    cache = tmp_path / "shared"
    cache.mkdir()
    os.chmod(cache, 0o777)
    assert render(templates(tmp_path), cache) == EXPECTED
    assert entries(cache) == []


@pytest.mark.parametrize("damage", [lambda data: data[:40], lambda data: data[:-1] + bytes([data[-1] ^ 1]),
                                    lambda data: b"", lambda data: b"\0" * len(data)])
def test_a_corrupt_entry_is_ignored_and_replaced(tmp_path, damage):
    folder, cache = templates(tmp_path), tmp_path / "cache" / "key"
    render(folder, cache)
    (entry,) = entries(cache)
    entry.write_bytes(damage(entry.read_bytes()))
    compiles: list[str] = []
    assert render(folder, cache, compiles) == EXPECTED
    assert compiles == ["page.html"]
    assert render(folder, cache, []) == EXPECTED  # written again whole


def test_the_folder_follows_the_environment_variable_xdg_and_ci(monkeypatch, tmp_path):
    for name in ("SITE_GEN_TEMPLATE_CACHE", "CI", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_folder() == tmp_path / "home" / ".cache" / "site-gen" / "templates"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    assert default_folder() == tmp_path / "home" / ".cache" / "site-gen" / "templates"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_folder() == tmp_path / "xdg" / "site-gen" / "templates"
    monkeypatch.setenv("CI", "true")
    assert default_folder() is None  # as every record of earlier builds under CI
    monkeypatch.setenv("SITE_GEN_TEMPLATE_CACHE", str(tmp_path / "chosen"))
    assert default_folder() == tmp_path / "chosen"
    monkeypatch.setenv("SITE_GEN_TEMPLATE_CACHE", "off")
    assert default_folder() is None


def test_each_code_fingerprint_has_its_own_folder():
    assert environment_key("a") != environment_key("b")
    assert environment_key("a") == environment_key("a")


def test_a_new_folder_retires_the_oldest_but_the_last_few(tmp_path):
    for age, name in enumerate(["new", "newer", "old", "older", "oldest"]):
        (tmp_path / name).mkdir()
        (tmp_path / name / "entry").write_bytes(b"x")
    for age, name in enumerate(["newer", "new", "old", "older", "oldest"]):
        os.utime(tmp_path / name, ns=(10**18 - age * 10**9, 10**18 - age * 10**9))
    retire_old_folders(tmp_path, "newer")
    # "newer" is the current one; the 3 most recent others stay (KEEP_FOLDERS = 4)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new", "newer", "old", "older"]


def test_a_build_environment_uses_the_folder_the_variable_names(monkeypatch, tmp_path):
    from site_gen.render.environment import make_environment

    monkeypatch.setenv("SITE_GEN_TEMPLATE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(compiled_templates, "_process_caches", {})
    env = make_environment(tmp_path, "default", "/", bytecode_cache=compiled_templates.shared_cache())
    env.get_template("404.html")
    (key,) = (tmp_path / "cache").iterdir()
    assert key.name == environment_key(__import__("site_gen.rebuild.build_state").rebuild.build_state.code_fingerprint())
    assert len(entries(key)) == 1  # 404.html's code


def _entry(checksum_of: str, code_of: str) -> bytes:
    """What Jinja writes for a template with the source `checksum_of` holding the code of
    `code_of` (as a bit flipped on disk could leave it)."""
    from jinja2.bccache import Bucket

    env = Environment(autoescape=True)
    bucket = Bucket(env, "key", TemplateCodeCache().get_source_checksum(checksum_of))
    bucket.code = env.compile(code_of, "page.html", "page.html")
    return bucket.bytecode_to_string()


def test_an_entry_whose_code_is_not_the_one_written_is_not_run(tmp_path):
    folder, cache = templates(tmp_path), tmp_path / "cache" / "key"
    render(folder, cache)
    (entry,) = entries(cache)
    written = entry.read_bytes()
    # the digest of what was written, in front of other code that Jinja itself would accept
    entry.write_bytes(written[:32] + _entry(PAGE, PAGE.replace("n * 2", "n * 5")))
    assert render(folder, cache) == EXPECTED


def test_an_entry_jinja_cannot_read_is_compiled_as_usual(tmp_path):
    import hashlib

    folder, cache = templates(tmp_path), tmp_path / "cache" / "key"
    render(folder, cache)
    (entry,) = entries(cache)
    from jinja2.bccache import bc_magic

    unreadable = bc_magic + b"\x80\x02\xff\xfe"  # Jinja's header, then a broken pickle; its digest whole
    entry.write_bytes(hashlib.sha256(unreadable).digest() + unreadable)
    compiles: list[str] = []
    assert render(folder, cache, compiles) == EXPECTED
    assert compiles == ["page.html"]
