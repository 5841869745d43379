"""The docs hold together: every relative link resolves (to a file, and to a heading when it names one),
docs/index.md lists every page, and docs/api.md is what ``tools/apidoc.py`` writes today."""

from __future__ import annotations

import importlib.util
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def _apidoc():
    spec = importlib.util.spec_from_file_location("apidoc", ROOT / "tools" / "apidoc.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: pathlib.Path) -> set[str]:
    text = FENCE.sub("", page.read_text())
    return {_slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, re.MULTILINE)}


def _links(page: pathlib.Path) -> list[str]:
    return [m.group(1) for m in LINK.finditer(FENCE.sub("", page.read_text()))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves(page: pathlib.Path):
    broken = []
    for link in _links(page):
        if re.match(r"[a-z]+:", link):  # https:, mailto: — not ours to check offline
            continue
        target, _, anchor = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        if not path.exists():
            broken.append(f"{link} (no file {path.relative_to(ROOT) if ROOT in path.parents else path})")
        elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
            broken.append(f"{link} (no heading #{anchor} in {path.name})")
    assert broken == []


def test_the_link_checker_sees_broken_links(tmp_path: pathlib.Path):
    page = tmp_path / "page.md"
    page.write_text("# A `title`.x\n[ok](#a-titlex) [bad](missing.md) ![img](x.png)\n```\n[in code](nope.md)\n```\n")
    assert _links(page) == ["#a-titlex", "missing.md"]
    assert _anchors(page) == {"a-titlex"}


def test_the_index_lists_every_page():
    listed = {link.partition("#")[0] for link in _links(ROOT / "docs" / "index.md")}
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} - {"index.md"}
    assert sorted(pages - listed) == []


def test_the_readme_points_to_the_index_and_the_first_steps():
    links = _links(ROOT / "README.md")
    assert {"docs/index.md", "docs/getting_started.md", "docs/api.md"} <= set(links)


def test_every_public_object_has_a_docstring():
    missing = _apidoc().undocumented()
    assert missing == [], "these public objects need a docstring: " + ", ".join(missing)


def test_the_api_reference_is_up_to_date():
    apidoc = _apidoc()
    assert (ROOT / "docs" / "api.md").read_text() == apidoc.render(), "docs/api.md is stale: python tools/apidoc.py"


def test_the_api_reference_covers_every_public_name():
    import autograph
    import autograph.testing

    text = (ROOT / "docs" / "api.md").read_text()
    for module, names in (("autograph", autograph.__all__), ("autograph.testing", autograph.testing.__all__)):
        for name in names:
            assert f"### `{module}.{name}" in text, f"{module}.{name} is missing from docs/api.md"


def test_apidoc_check_says_when_the_page_is_stale(tmp_path, monkeypatch, capsys):
    apidoc = _apidoc()
    monkeypatch.setattr(apidoc, "OUTPUT", tmp_path / "api.md")
    monkeypatch.setattr(apidoc, "undocumented", lambda: [])
    assert apidoc.main(["--check"]) == 1
    assert f"{tmp_path / 'api.md'} is stale: run python tools/apidoc.py" in capsys.readouterr().err
    assert apidoc.main([]) == 0 and apidoc.main(["--check"]) == 0


def test_apidoc_sees_missing_docstrings_and_shows_annotations_as_written():
    import dataclasses

    apidoc = _apidoc()

    @dataclasses.dataclass
    class Point:
        x: int

    def f(a: list[float], *, n: int = 3) -> tuple[int, str]:  # strings, under `from __future__ import annotations`
        pass

    assert not apidoc._has_docstring(Point) and not apidoc._has_docstring(f)
    assert apidoc._signature(f) == "(a: list[float], *, n: int = 3) -> tuple[int, str]"
