"""`site-gen init [FOLDER]`: an organiser's new repository, ready to push to GitHub.

The starter files live in site_gen/starter/ (packaged with site-gen); the workflow installs
the very version of site-gen that wrote it, from the source URL in pyproject.toml's
[project.urls], so a site builds the same way until its organiser upgrades on purpose.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import typer

from site_gen import __version__

STARTER = Path(__file__).resolve().parent.parent / "starter"
LANGUAGES = ("en", "ru", "ja", "it")
EXAMPLE_BASE_URL = "https://example.org/"

# where each starter file goes in the new site (dot-files are kept under plain names in the
# package: setuptools' package-data globs skip names starting with a dot)
FILES = {
    "site.yaml": "site.yaml",
    "content/index.md": "content/index.md",
    "gitignore": ".gitignore",
    "workflow.yml": ".github/workflows/site.yml",
}


def init_site(folder: Path, title: str | None, language: str) -> int:
    if language not in LANGUAGES:
        typer.echo(f'site-gen: unknown language "{language}"; use one of {", ".join(LANGUAGES)}', err=True)
        return 2
    if folder.exists() and not folder.is_dir():
        typer.echo(f"site-gen: {folder} is a file; give the folder to start the site in", err=True)
        return 2
    # a .gitignore of the repository's own is kept, and gets the lines it lacks
    existing = [target for target in FILES.values() if (folder / target).exists() and target != ".gitignore"]
    if existing:
        what = "has a site already" if "site.yaml" in existing else "has files that init would replace"
        typer.echo(f"site-gen: {folder.as_posix()} {what} ({', '.join(existing)}); nothing was written. "
                   "Run `site-gen init` with a new folder's name, or move those files away first.", err=True)
        return 1
    title = title or _title_from(folder)
    values = {
        "{title}": json.dumps(title, ensure_ascii=False),  # a YAML double-quoted string
        "{base_url}": github_pages_url(folder) or EXAMPLE_BASE_URL,
        "{language}": language,
        "{version}": __version__,
        "{source}": source_url(),
    }
    for name, target in FILES.items():
        text = (STARTER / name).read_text(encoding="utf-8")
        for placeholder, value in values.items():
            text = text.replace(placeholder, value)
        path = folder / target
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():  # the repository's .gitignore
            text = _missing_lines(path.read_text(encoding="utf-8"), text)
            if text:
                with path.open("a", encoding="utf-8") as kept:
                    kept.write(text)
                typer.echo(f"added {', '.join(text.split())} to {path.as_posix()}")
            continue
        path.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {path.as_posix()}")
    typer.echo(_next_steps(folder))
    return 0


def _missing_lines(kept: str, ours: str) -> str:
    """The lines of `ours` (no comments) that `kept` lacks, to append to it."""
    have = {line.strip() for line in kept.splitlines()}
    lines = [line for line in ours.splitlines() if line and not line.startswith("#") and line not in have]
    return ("\n" if kept and not kept.endswith("\n") else "") + "".join(f"{line}\n" for line in lines) if lines else ""


def _title_from(folder: Path) -> str:
    name = folder.resolve().name.replace("-", " ").replace("_", " ").strip()
    return name[:1].upper() + name[1:] if name else "Our competitions"


def source_url() -> str:
    """site-gen's repository, as pyproject.toml's [project.urls] names it: from the installed
    package's metadata, or from pyproject.toml itself when site-gen runs from its source."""
    from importlib.metadata import PackageNotFoundError, metadata

    try:
        for entry in metadata("site-gen").get_all("Project-URL") or []:
            label, _, url = entry.partition(",")
            if label.strip() == "Source":
                return url.strip()
    except PackageNotFoundError:
        pass
    import tomllib

    pyproject = STARTER.parent.parent / "pyproject.toml"
    return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["urls"]["Source"]


def github_pages_url(folder: Path) -> str | None:
    """https://<owner>.github.io/<repo>/ when the folder is a clone of a GitHub repository."""
    try:
        remote = subprocess.run(["git", "-C", str(folder), "config", "--get", "remote.origin.url"],
                                capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):  # no git, or a folder that does not exist yet
        return None
    for start in ("https://github.com/", "git@github.com:", "ssh://git@github.com/"):
        if remote.startswith(start):
            owner, _, repo = remote[len(start):].removesuffix(".git").partition("/")
            if owner and repo and "/" not in repo:
                return f"https://{owner.lower()}.github.io/" if repo.lower() == f"{owner.lower()}.github.io" \
                    else f"https://{owner.lower()}.github.io/{repo}/"
    return None


def _next_steps(folder: Path) -> str:
    here = folder.resolve() == Path.cwd().resolve()
    go = "" if here else f"  cd {folder.as_posix()}\n"
    return (f"\nYour site is started. Next:\n{go}"
            "  site-gen new <rules> <competition>   add a competition (rules: online-marathon, swiss-cut,\n"
            "                                       best-span or thematic-marathon)\n"
            "  site-gen serve                       see the site at http://127.0.0.1:8000/ while you edit\n"
            "  git init, commit and push to GitHub; then, on GitHub, Settings > Pages > Source: GitHub Actions")
