"""Methods are converted whatever their name (converters/call_trees.py): ``opt.update(...)`` is user
code unless its receiver is surely a builtin container or string. Eager NumPy is the oracle for the
graph; ``to_code`` shows which calls stay plain."""

from __future__ import annotations

import numpy as np

import autograph


class Filter:
    """A filter whose methods have the names of container methods."""

    def __init__(self, gain):
        self.gain = gain

    def update(self, estimate, measurement):
        if np.sum(measurement) > np.sum(estimate):
            return estimate + self.gain * (measurement - estimate)
        return estimate

    def add(self, x):
        if np.sum(x) > 0:
            return x + 1.0
        return x - 1.0

    def get(self, x):
        while np.sum(x) > 1.0:
            x = x / 2.0
        return x


def track(measurements):
    f = Filter(0.5)
    estimate = measurements[0]
    for m in measurements:
        estimate = f.update(estimate, m)
    return f.get(f.add(estimate))


def containers(x, opts):
    seen = {}
    seen.update(a=1)
    items = [1, 2]
    items.append(3)
    names = sorted(["b", "a"])
    label = ", ".join(names)
    opts.update(b=2)
    return x, seen, items, label


def rebound(x):
    store = {}
    store = Filter(1.0)
    return store.add(x)


def test_methods_named_like_container_methods_are_converted_and_staged():
    ms = np.array([[1.0, 2.0], [3.0, 1.0], [0.5, 0.5]])
    np.testing.assert_allclose(autograph.function(track)(ms), track(ms))
    np.testing.assert_allclose(autograph.function(rebound)(np.array([-3.0])), rebound(np.array([-3.0])))


def test_only_surely_builtin_receivers_stay_plain():
    code = autograph.to_code(containers)
    for plain in ("seen.update(a=1)", "items.append(3)", "', '.join(names)"):
        assert plain in code, code
    assert "ag__.call(opts.update)(b=2)" in code  # a parameter may be anything
    assert "ag__.call(f.update)(estimate, m)" in autograph.to_code(track)
    assert "ag__.call(store.add)(x)" in autograph.to_code(rebound)  # one binding is not a container


def test_a_private_attribute_read_in_a_function_nested_in_a_method_is_staged():
    class Scaled:
        def __init__(self):
            self.__scale = np.float64(3.0)

        def scaler(self):
            def scale(x):
                if np.sum(x) > 0:
                    return x * self.__scale
                return x
            return scale

    scale = Scaled().scaler()
    x = np.array([1.0, 2.0])
    np.testing.assert_array_equal(autograph.function(scale)(x), scale(x))
