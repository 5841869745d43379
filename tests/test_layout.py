"""The package layout's rules, checked on the source (docs/architecture.md, "Packages").

- no import cycle anywhere in ``autograph/`` or ``runtime/`` (imports inside functions count too);
- ``runtime/`` never imports ``autograph/``;
- the dispatch core (``runtime/*.py``) imports neither ``runtime.graph`` nor ``runtime.jax``;
- JAX is imported only by ``runtime/jax/`` (and lazily by ``autograph``), never at ``import autograph``;
  numba only by ``runtime/numba/kernels.py`` (and lazily), never at ``import autograph``;
- no private name (``_load_jax``) is imported from another module.
"""

from __future__ import annotations

import ast
import doctest
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = ("autograph", "runtime")


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources() -> dict[str, pathlib.Path]:
    return {_module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


SOURCES = _sources()


def _imports(name: str, path: pathlib.Path) -> list[tuple[str, list[str], int, bool]]:
    """(module, imported names, line, at top level) for every import in the file, relative ones resolved."""
    tree = ast.parse(path.read_text(), str(path))
    top_level = {id(node) for node in tree.body}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, [], node.lineno, id(node) in top_level) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.append((base, [alias.name for alias in node.names], node.lineno, id(node) in top_level))
    return found


def _edges() -> dict[str, set[str]]:
    """Module -> our modules it imports: ``from p import m`` counts as importing ``p.m`` when that is a module."""
    edges: dict[str, set[str]] = {}
    for name, path in SOURCES.items():
        targets = edges.setdefault(name, set())
        for module, names, _, _ in _imports(name, path):
            if module.split(".")[0] not in PACKAGES:
                continue
            submodules = [f"{module}.{n}" for n in names if f"{module}.{n}" in SOURCES]
            if submodules:
                targets.update(submodules)
            if len(submodules) < len(names) or not names:
                targets.add(module)
        targets.discard(name)
    return edges


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_import_graph_has_no_cycle() -> None:
    assert _cycles(_edges()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _offending(modules: dict[str, pathlib.Path], rule) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line} imports {module}"
            for name, path in modules.items() for module, names, line, top in _imports(name, path)
            if rule(name, module, names, top)]


def test_runtime_never_imports_autograph() -> None:
    runtime = {n: p for n, p in SOURCES.items() if n.split(".")[0] == "runtime"}
    assert _offending(runtime, lambda _, module, names, top: module.split(".")[0] == "autograph") == []


def test_the_dispatch_core_imports_no_backend() -> None:
    core = {n: p for n, p in SOURCES.items() if p.parent == ROOT / "runtime"}
    assert "runtime.operators" in core and "runtime.graph.ir" not in core

    def imports_a_backend(_: str, module: str, names: list[str], top: bool) -> bool:
        return module.startswith(("runtime.graph", "runtime.jax")) or (
            module == "runtime" and bool({"graph", "jax"} & set(names)))

    assert _offending(core, imports_a_backend) == []


def test_jax_is_imported_only_by_the_jax_package_or_lazily() -> None:
    def imports_jax_eagerly(name: str, module: str, names: list[str], top: bool) -> bool:
        return module.split(".")[0] == "jax" and top and not name.startswith("runtime.jax.")

    assert _offending(SOURCES, imports_jax_eagerly) == []


def test_numba_is_imported_only_by_the_numba_package_or_lazily() -> None:
    def imports_numba_eagerly(name: str, module: str, names: list[str], top: bool) -> bool:
        return module.split(".")[0] == "numba" and top and name != "runtime.numba.kernels"

    assert _offending(SOURCES, imports_numba_eagerly) == []


@pytest.mark.parametrize("code", ["import runtime", "import autograph", "import runtime.numba"])
def test_importing_does_not_import_numba(code: str) -> None:
    assert "numba" not in _modules_after(code)


def test_no_private_name_is_imported_from_another_module() -> None:
    assert _offending(SOURCES, lambda _, module, names, top: module.split(".")[0] in PACKAGES and any(
        n.startswith("_") for n in names)) == []


def _modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", f"{code}; import sys; print(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return set(out.stdout.split())


@pytest.mark.parametrize("code", ["import runtime", "import autograph", "import runtime.jax"])
def test_importing_does_not_import_jax(code: str) -> None:
    assert "jax" not in _modules_after(code)


def test_importing_the_dispatch_core_imports_no_backend() -> None:
    loaded = _modules_after("import runtime")
    assert not {m for m in loaded if m.startswith(("runtime.graph", "runtime.jax"))}


def test_a_jax_tracer_finds_the_jax_backend_lazily() -> None:
    pytest.importorskip("jax")
    code = ("import runtime, jax, jax.numpy as jnp; "
            "assert jax.jit(lambda x: runtime.if_exp(x > 0, lambda: x, lambda: -x))(jnp.float32(-2.0)) == 2.0")
    assert "runtime.jax.backend" in _modules_after(code)


def test_the_graph_package_docstring_runs() -> None:
    import runtime.graph

    assert doctest.testmod(runtime.graph).failed == 0
