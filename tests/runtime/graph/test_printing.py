"""The graph's picture (DOT / SVG) and its notebook display, with and without Graphviz."""

from __future__ import annotations

import re
import shutil

import numpy as np
import pytest

import autograph
from runtime.graph import printing
from runtime.graph.tracing import TensorSpec, trace


def train(X, y, steps, lr):
    """Logistic regression with a while loop of gradient steps: the picture has to fit a notebook."""
    w = np.zeros(X.shape[1])
    b = 0.0
    i = 0
    p = np.full(len(y), 0.5)
    while i < steps:
        z = X @ w + b
        p = 1.0 / (1.0 + np.exp(-z))
        grad_w = X.T @ (p - y) / len(y)
        grad_b = np.mean(p - y)
        w = w - lr * grad_w
        b = b - lr * grad_b
        if np.abs(grad_b) < 1e-6:
            break
        i += 1
    loss = -np.mean(y * np.log(p + 1e-9) + (1 - y) * np.log(1 - p + 1e-9))
    return w, b, loss


def training_graph():
    X = np.random.default_rng(0).normal(size=(100, 3))
    y = (X[:, 0] > 0).astype(np.float64)
    return autograph.function(train).get_concrete_function(X, y, np.int64(100), 0.1).graph


def _clusters(dot: str) -> list[tuple[int, str]]:
    """(nesting depth, label) of every cluster, in order."""
    found, depth = [], 0
    for line in dot.splitlines():
        match = re.search(r'subgraph cluster_\d+ \{ label="([^"]*)"', line)
        if match:
            found.append((depth, match.group(1)))
        depth += line.count("{") - line.count("}")
    return found


def test_subgraphs_are_clusters_inside_their_control_flow_node():
    dot = training_graph().to_dot()
    clusters = _clusters(dot)
    # while_loop's cluster holds cond_graph and body_graph; the body's `if` is a cluster inside the body.
    labels = [label for _, label in clusters]
    assert labels.count("cond_graph") == 1 and labels.count("body_graph") == 1
    depth = dict((label, d) for d, label in clusters)
    loop_depth = clusters[0][0]
    assert depth["cond_graph"] > loop_depth and depth["body_graph"] > loop_depth
    assert [d for d, label in clusters if label == "true_graph"][-1] > depth["body_graph"]
    assert 'label="while_loop"' in dot and 'label="cond"' in dot


def test_dead_nodes_unused_inputs_and_small_constants_are_not_drawn():
    def fn(x, unused):
        np.exp(x)            # dead: nothing needs it
        return x * 2.0 + 1.0

    graph, _ = trace(fn, [TensorSpec((3,)), TensorSpec((2,))])
    dot = printing.to_dot(graph)
    assert "exp" not in dot and "unused: f64[2]" not in dot and "x: f64[3]" in dot
    assert 'label="mul(·, 2.0)"' in dot and 'label="add(·, 1.0)"' in dot
    assert "constant" not in dot
    assert "exp" in str(graph.unoptimized)  # the text form of the traced graph shows everything traced
    assert "exp" not in str(graph)  # the optimized graph (what runs) has no dead nodes


def test_training_loop_picture_fits_a_notebook():
    if shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is not installed")
    svg = printing.to_svg(training_graph())
    width = float(re.search(r'<svg width="([\d.]+)pt"', svg).group(1))
    assert width < 700, f"{width}pt wide"  # a notebook's output area is about 900 px (675 pt)


def test_without_graphviz_a_notebook_shows_the_text_and_says_once_how_to_get_the_picture(monkeypatch):
    monkeypatch.setattr(printing.shutil, "which", lambda name: None)
    monkeypatch.setattr(printing, "_hinted", [])
    graph, _ = trace(lambda x: x + 1, [TensorSpec((3,))])
    first, second = graph._repr_html_(), graph._repr_html_()
    assert "needs Graphviz" in first and "install Graphviz" in first and "{ lambda a:f64[3] ; let" in first
    assert "Graphviz" not in second and "{ lambda a:f64[3] ; let" in second
    assert graph._repr_svg_() is None


def test_with_graphviz_a_notebook_shows_inline_svg():
    if shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is not installed")
    graph, _ = trace(lambda x: x + 1, [TensorSpec((3,))])
    page = graph._repr_html_()
    assert page.startswith("<svg") and "<?xml" not in page


def test_node_locations_do_not_change_the_text():
    def fn(x):
        return np.exp(x)

    graph, _ = trace(fn, [TensorSpec((3,))])
    (node,) = graph.nodes
    assert node.location == (__file__, fn.__code__.co_firstlineno + 1)
    assert __file__ not in str(graph) and __file__ not in graph.to_dot() and "location" not in repr(node)


def _text_boxes(svg: str) -> list[tuple[str, float, float, float, float]]:
    """(text, left, right, top, bottom) of every <text> of the SVG, its width estimated from the
    font (monospace: about 0.6 em a character)."""
    boxes = []
    for match in re.finditer(r'<text text-anchor="(\w+)" x="([-\d.]+)" y="([-\d.]+)"[^>]*font-size="([\d.]+)"[^>]*>'
                             r'([^<]*)</text>', svg):
        anchor, x, y, size, text = match.groups()
        x, y, size = float(x), float(y), float(size)
        width = 0.6 * size * len(text)
        left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        boxes.append((text, left, left + width, y - size, y))
    return boxes


def test_picture_labels_values_with_the_users_names_and_outputs_do_not_overlap():
    if shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is not installed")

    def step(X, y, w):
        z = X @ w
        error = z - y
        grad_w = X.T @ error / len(y)
        return w - 0.1 * grad_w, error, np.mean(error ** 2)

    graph = autograph.function(step).get_concrete_function(np.ones((4, 3)), np.ones(4), np.zeros(3)).graph
    texts = [box[0] for box in _text_boxes(printing.to_svg(graph))]
    for name in ("X: f64[4,3]", "y: f64[4]", "w: f64[3]", "z", "error", "grad_w", "1: error"):
        assert name in texts, (name, texts)
    # The training loop: its loop variables take the names its body assigns, and its many outputs
    # (the body's five, the function's three) sit side by side, no label over another.
    svg = printing.to_svg(training_graph())
    boxes = _text_boxes(svg)
    texts = [box[0] for box in boxes]
    assert {"0: w", "1: b", "2: loss", "grad_w", "grad_b"} <= set(texts), texts
    outputs = [box for box in boxes if re.fullmatch(r"\d+: \S+", box[0])]
    assert len(outputs) >= 8
    for i, a in enumerate(outputs):
        for b in outputs[i + 1:]:
            apart = a[2] <= b[1] or b[2] <= a[1] or a[4] <= b[3] or b[4] <= a[3]
            assert apart, f"{a} overlaps {b}"

