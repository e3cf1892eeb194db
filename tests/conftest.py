"""Fixtures shared by several test files."""

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MARATHON = "online-marathon-2015"


@pytest.fixture(autouse=True, scope="session")
def _template_cache(tmp_path_factory):
    """The suite's compiled templates go to a scratch folder, never the user's ~/.cache
    (render/compiled_templates)."""
    os.environ.setdefault("SITE_GEN_TEMPLATE_CACHE", str(tmp_path_factory.mktemp("template-cache")))


@pytest.fixture
def example_project(tmp_path: Path):
    """Makes a scratch project: the example's site.yaml, content/ and one of its competitions."""
    def make(competition: str) -> Path:
        root = tmp_path / "project"
        root.mkdir()
        shutil.copy(ROOT / "site.yaml", root / "site.yaml")
        shutil.copytree(ROOT / "data" / competition, root / "data" / competition)
        shutil.copytree(ROOT / "content", root / "content")
        return root

    return make


@pytest.fixture
def marathon_project(example_project) -> Path:
    """A scratch project: the example's site.yaml, content/ and online-marathon competition."""
    return example_project(MARATHON)
