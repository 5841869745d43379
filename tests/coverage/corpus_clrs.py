"""CLRS's classic algorithms in NumPy (Google DeepMind's CLRS Algorithmic Reasoning Benchmark): the 30 algorithms of
``clrs/_src/algorithms/`` as the benchmark runs them to record its "probes". Sorting (insertion sort's ``while i >= 0
and A[i] > key:`` shifting writes, bubble sort's swaps ``A[j], A[j - 1] = A[j - 1], A[j]``, heapsort's nested
recursive ``max_heapify``, a recursive quicksort whose bounds come from the data), searching (minimum, binary search's
``while low < high:``, a recursive quickselect with an early ``return A[q], probes``), divide and conquer (the
recursive maximum subarray returning tuples, Kadane's scan), greedy (activity selection and task scheduling over an
``np.argsort`` order), dynamic programming (matrix-chain order and LCS length as ``while True: ... if np.all(prev ==
m): break`` fixed points, optimal BST's triple loop), strings (the naive matcher's nested ``while`` with an early
``return s, probes``, Knuth-Morris-Pratt), geometry (segment intersection by nested ``and``/``or`` tests on cross
products, Graham scan with ``math.atan2`` per point and a ``while counter_clockwise(...)`` stack, Jarvis' march) and
graphs on adjacency matrices (iterative DFS with an explicit ``s_prev`` stack and ``break`` out of the neighbour
loop, BFS, topological sort, articulation points, bridges, Kosaraju's SCC over ``np.argsort(-f)``, Kruskal with
data-dependent ``list.append`` edges and a nested union-find, Prim and Dijkstra with ``np.argsort(...)[0]`` as
extract-min and an early ``break``, Bellman-Ford, DAG shortest paths, Floyd-Warshall, Edmonds-Karp bipartite
matching writing into its argument) (google-deepmind/clrs, Apache-2.0).

Copied from google-deepmind/clrs at bfd042f049b32194c2c4b287f88c73da69996e39 (version 2.0.3); its licence
(``LICENSE``, and each file's header) is the Apache License 2.0 ("Copyright 2021 DeepMind Technologies Limited").
``clrs/_src/algorithms/sorting.py``, ``searching.py``, ``divide_and_conquer.py``, ``greedy.py``,
``dynamic_programming.py``, ``strings.py``, ``geometry.py`` and ``graphs.py`` are copied whole, in that order, with
their two-space indentation, docstrings dropped, comments (and ``# pylint:`` comments) kept; every
``probing.push(...)`` call is kept as written.

Adapted, beyond that, only the calling convention:

* the benchmark's bookkeeping is a stub: ``probing``, ``specs`` and ``chex`` below are NOT library code. In CLRS
  ``probing.initialize`` builds a dict of lists from ``specs.SPECS[name]``, ``push`` appends each probe,
  ``finalize`` stacks them, and ``chex.assert_rank`` checks ranks; here ``initialize`` returns ``None``, and
  ``push``, ``finalize``, ``assert_rank`` and the probe constructors (``array``, ``array_cat``, ``heap``,
  ``mask_one``, ``strings_*``), whose results only ever go into a probe, do nothing and return ``None``. So each
  algorithm's own NumPy control flow is what runs (the arguments of a ``push`` are still evaluated: ``np.copy``
  and reads such as ``A_pos[i]``), and it returns its outputs with ``None`` in place of the probes.
  ``probing.graph`` is the exception: ``bridges``, ``floyd_warshall`` and ``bipartite_matching`` compute with its
  result (``is_bridge``, ``msk``, ``in_matching``), so it is copied from ``clrs/_src/probing.py`` as it is;
  ``specs.Stage`` and ``specs.OutputClass`` are copied from ``clrs/_src/specs.py`` (string and int constants);
* the module-level imports are this module's (``import math`` for geometry.py's ``math.atan2``).

The inputs follow ``clrs/_src/samplers.py``: U[0, 1) keys for sorting and searching (a sorted array and a target for
binary search), U[-1, 1) for the maximum subarray, start <= finish times from two U[0, 1) draws, integer deadlines
in [1, n] with U[0, 1) weights, strings over a 4-letter alphabet with the needle embedded in the haystack, two
segments of four points, points in a disc of radius 2 for the convex hulls, Erdos-Renyi graphs (``binomial(1, p)``
adjacency, symmetrised when undirected, ``np.triu(k=1)`` and a node permutation when acyclic, weights
``sqrt(w * w.T + 1e-3)`` when undirected and weighted) with an ``np.int64`` source node as ``rng.choice`` gives, and
the supersource / supersink flow network of the bipartite matcher. Edge inputs: sorted and reversed keys, keys with
duplicates, a target above every key, an all-negative subarray input, a haystack without the needle, a needle of
length 1, segments that touch at an endpoint (integer coordinates, so the cross product is exactly 0), and graphs
with an unreachable node.
"""

# ruff: noqa: E501, E741, UP006
from __future__ import annotations

import collections
import math
import types
from typing import Any, Tuple, Union

import numpy as np

from tests.coverage.cases import CLRS, Source, case


def CL(path: str, original: str, note: str = "") -> Source:
    return Source(CLRS, "clrs/_src/algorithms/" + path, original, note)


# --- the stub of the benchmark's bookkeeping (NOT library code; see the module docstring) ---------------------------


def _initialize(spec):
    return None


def _nothing(*args, **kwargs):
    # probing.push / finalize and the probe constructors: their results only ever go into a probe
    return None


# copied from clrs/_src/probing.py as it is: the algorithms compute with it
def _graph(A: np.ndarray) -> np.ndarray:
  """Constructs a `graph` probe."""
  probe = (A != 0) * 1.0
  probe = ((A + np.eye(A.shape[0])) != 0) * 1.0
  return probe


class _Stage:  # clrs/_src/specs.py
  INPUT = 'input'
  OUTPUT = 'output'
  HINT = 'hint'


class _OutputClassConstants:  # clrs/_src/specs.py's OutputClass
  POSITIVE = 1
  NEGATIVE = 0
  MASKED = -1


probing = types.SimpleNamespace(
    ProbesDict=dict, initialize=_initialize, push=_nothing, finalize=_nothing, graph=_graph, array=_nothing,
    array_cat=_nothing, heap=_nothing, mask_one=_nothing, strings_id=_nothing, strings_pair=_nothing,
    strings_pair_cat=_nothing, strings_pi=_nothing, strings_pos=_nothing, strings_pred=_nothing)
specs = types.SimpleNamespace(SPECS=collections.defaultdict(dict), Stage=_Stage, OutputClass=_OutputClassConstants)
chex = types.SimpleNamespace(assert_rank=_nothing)


# --- clrs/_src/algorithms/sorting.py ---

_Array = np.ndarray
_Out = Tuple[_Array, probing.ProbesDict]


def insertion_sort(A: _Array) -> _Out:

  chex.assert_rank(A, 1)
  probes = probing.initialize(specs.SPECS['insertion_sort'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          'key': np.copy(A)
      })

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'i': probing.mask_one(0, A.shape[0]),
          'j': probing.mask_one(0, A.shape[0])
      })

  for j in range(1, A.shape[0]):
    key = A[j]
    # Insert A[j] into the sorted sequence A[1 .. j - 1]
    i = j - 1
    while i >= 0 and A[i] > key:
      A[i + 1] = A[i]
      A_pos[i + 1] = A_pos[i]
      i -= 1
    A[i + 1] = key
    stor_pos = A_pos[i + 1]
    A_pos[i + 1] = j

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'i': probing.mask_one(stor_pos, np.copy(A.shape[0])),
            'j': probing.mask_one(j, np.copy(A.shape[0]))
        })

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={'pred': probing.array(np.copy(A_pos))})

  probing.finalize(probes)

  return A, probes


def bubble_sort(A: _Array) -> _Out:

  chex.assert_rank(A, 1)
  probes = probing.initialize(specs.SPECS['bubble_sort'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          'key': np.copy(A)
      })

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'i': probing.mask_one(0, A.shape[0]),
          'j': probing.mask_one(0, A.shape[0])
      })

  for i in range(A.shape[0] - 1):
    for j in reversed(range(i + 1, A.shape[0])):
      if A[j] < A[j - 1]:
        A[j], A[j - 1] = A[j - 1], A[j]
        A_pos[j], A_pos[j - 1] = A_pos[j - 1], A_pos[j]

      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pred_h': probing.array(np.copy(A_pos)),
              'i': probing.mask_one(A_pos[i], np.copy(A.shape[0])),
              'j': probing.mask_one(A_pos[j], np.copy(A.shape[0]))
          })

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={'pred': probing.array(np.copy(A_pos))},
  )

  probing.finalize(probes)

  return A, probes


def heapsort(A: _Array) -> _Out:

  chex.assert_rank(A, 1)
  probes = probing.initialize(specs.SPECS['heapsort'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          'key': np.copy(A)
      })

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'parent': probing.heap(np.copy(A_pos), A.shape[0]),
          'i': probing.mask_one(A.shape[0] - 1, A.shape[0]),
          'j': probing.mask_one(A.shape[0] - 1, A.shape[0]),
          'largest': probing.mask_one(A.shape[0] - 1, A.shape[0]),
          'heap_size': probing.mask_one(A.shape[0] - 1, A.shape[0]),
          'phase': probing.mask_one(0, 3)
      })

  def max_heapify(A, i, heap_size, ind, phase):
    l = 2 * i + 1
    r = 2 * i + 2
    if l < heap_size and A[l] > A[i]:
      largest = l
    else:
      largest = i
    if r < heap_size and A[r] > A[largest]:
      largest = r
    if largest != i:
      A[i], A[largest] = A[largest], A[i]
      A_pos[i], A_pos[largest] = A_pos[largest], A_pos[i]

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'parent': probing.heap(np.copy(A_pos), heap_size),
            'i': probing.mask_one(A_pos[ind], A.shape[0]),
            'j': probing.mask_one(A_pos[i], A.shape[0]),
            'largest': probing.mask_one(A_pos[largest], A.shape[0]),
            'heap_size': probing.mask_one(A_pos[heap_size - 1], A.shape[0]),
            'phase': probing.mask_one(phase, 3)
        })

    if largest != i:
      max_heapify(A, largest, heap_size, ind, phase)

  def build_max_heap(A):
    for i in reversed(range(A.shape[0])):
      max_heapify(A, i, A.shape[0], i, 0)

  build_max_heap(A)
  heap_size = A.shape[0]
  for i in reversed(range(1, A.shape[0])):
    A[0], A[i] = A[i], A[0]
    A_pos[0], A_pos[i] = A_pos[i], A_pos[0]

    heap_size -= 1

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'parent': probing.heap(np.copy(A_pos), heap_size),
            'i': probing.mask_one(A_pos[0], A.shape[0]),
            'j': probing.mask_one(A_pos[i], A.shape[0]),
            'largest': probing.mask_one(0, A.shape[0]),  # Consider masking
            'heap_size': probing.mask_one(A_pos[heap_size - 1], A.shape[0]),
            'phase': probing.mask_one(1, 3)
        })

    max_heapify(A, 0, heap_size, i, 2)  # reduce heap_size!

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={'pred': probing.array(np.copy(A_pos))},
  )

  probing.finalize(probes)

  return A, probes


def quicksort(A: _Array, A_pos=None, p=None, r=None, probes=None) -> _Out:

  chex.assert_rank(A, 1)

  def partition(A, A_pos, p, r, probes):
    x = A[r]
    i = p - 1
    for j in range(p, r):
      if A[j] <= x:
        i += 1
        A[i], A[j] = A[j], A[i]
        A_pos[i], A_pos[j] = A_pos[j], A_pos[i]

      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pred_h': probing.array(np.copy(A_pos)),
              'p': probing.mask_one(A_pos[p], A.shape[0]),
              'r': probing.mask_one(A_pos[r], A.shape[0]),
              'i': probing.mask_one(A_pos[i + 1], A.shape[0]),
              'j': probing.mask_one(A_pos[j], A.shape[0])
          })

    A[i + 1], A[r] = A[r], A[i + 1]
    A_pos[i + 1], A_pos[r] = A_pos[r], A_pos[i + 1]

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'p': probing.mask_one(A_pos[p], A.shape[0]),
            'r': probing.mask_one(A_pos[r], A.shape[0]),
            'i': probing.mask_one(A_pos[i + 1], A.shape[0]),
            'j': probing.mask_one(A_pos[r], A.shape[0])
        })

    return i + 1

  if A_pos is None:
    A_pos = np.arange(A.shape[0])
  if p is None:
    p = 0
  if r is None:
    r = len(A) - 1
  if probes is None:
    probes = probing.initialize(specs.SPECS['quicksort'])
    probing.push(
        probes,
        specs.Stage.INPUT,
        next_probe={
            'pos': np.copy(A_pos) * 1.0 / A.shape[0],
            'key': np.copy(A)
        })

  if p < r:
    q = partition(A, A_pos, p, r, probes)
    quicksort(A, A_pos, p, q - 1, probes)
    quicksort(A, A_pos, q + 1, r, probes)

  if p == 0 and r == len(A) - 1:
    probing.push(
        probes,
        specs.Stage.OUTPUT,
        next_probe={'pred': probing.array(np.copy(A_pos))},
    )
    probing.finalize(probes)

  return A, probes


# --- clrs/_src/algorithms/searching.py ---

_Array = np.ndarray
_Numeric = Union[int, float]
_Out = Tuple[int, probing.ProbesDict]


def minimum(A: _Array) -> _Out:

  chex.assert_rank(A, 1)
  probes = probing.initialize(specs.SPECS['minimum'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          'key': np.copy(A)
      })

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'min_h': probing.mask_one(0, A.shape[0]),
          'i': probing.mask_one(0, A.shape[0])
      })

  min_ = 0
  for i in range(1, A.shape[0]):
    if A[min_] > A[i]:
      min_ = i

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'min_h': probing.mask_one(min_, A.shape[0]),
            'i': probing.mask_one(i, A.shape[0])
        })

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={'min': probing.mask_one(min_, A.shape[0])})

  probing.finalize(probes)

  return min_, probes


def binary_search(x: _Numeric, A: _Array) -> _Out:

  chex.assert_rank(A, 1)
  probes = probing.initialize(specs.SPECS['binary_search'])

  T_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(T_pos) * 1.0 / A.shape[0],
          'key': np.copy(A),
          'target': x
      })

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(T_pos)),
          'low': probing.mask_one(0, A.shape[0]),
          'high': probing.mask_one(A.shape[0] - 1, A.shape[0]),
          'mid': probing.mask_one((A.shape[0] - 1) // 2, A.shape[0]),
      })

  low = 0
  high = A.shape[0] - 1  # make sure return is always in array
  while low < high:
    mid = (low + high) // 2
    if x <= A[mid]:
      high = mid
    else:
      low = mid + 1

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(T_pos)),
            'low': probing.mask_one(low, A.shape[0]),
            'high': probing.mask_one(high, A.shape[0]),
            'mid': probing.mask_one((low + high) // 2, A.shape[0]),
        })

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={'return': probing.mask_one(high, A.shape[0])})

  probing.finalize(probes)

  return high, probes


def quickselect(
    A: _Array,
    A_pos=None,
    p=None,
    r=None,
    i=None,
    probes=None,
) -> _Out:

  chex.assert_rank(A, 1)

  def partition(A, A_pos, p, r, target, probes):
    x = A[r]
    i = p - 1
    for j in range(p, r):
      if A[j] <= x:
        i += 1
        tmp = A[i]
        A[i] = A[j]
        A[j] = tmp
        tmp = A_pos[i]
        A_pos[i] = A_pos[j]
        A_pos[j] = tmp

      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pred_h': probing.array(np.copy(A_pos)),
              'p': probing.mask_one(A_pos[p], A.shape[0]),
              'r': probing.mask_one(A_pos[r], A.shape[0]),
              'i': probing.mask_one(A_pos[i + 1], A.shape[0]),
              'j': probing.mask_one(A_pos[j], A.shape[0]),
              'i_rank': (i + 1) * 1.0 / A.shape[0],
              'target': target * 1.0 / A.shape[0],
              'pivot': probing.mask_one(A_pos[r], A.shape[0]),
          },
      )

    tmp = A[i + 1]
    A[i + 1] = A[r]
    A[r] = tmp
    tmp = A_pos[i + 1]
    A_pos[i + 1] = A_pos[r]
    A_pos[r] = tmp

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'p': probing.mask_one(A_pos[p], A.shape[0]),
            'r': probing.mask_one(A_pos[r], A.shape[0]),
            'i': probing.mask_one(A_pos[i + 1], A.shape[0]),
            'j': probing.mask_one(A_pos[r], A.shape[0]),
            'i_rank': (i + 1 - p) * 1.0 / A.shape[0],
            'target': target * 1.0 / A.shape[0],
            'pivot': probing.mask_one(A_pos[i + 1], A.shape[0]),
        },
    )

    return i + 1

  if A_pos is None:
    A_pos = np.arange(A.shape[0])
  if p is None:
    p = 0
  if r is None:
    r = len(A) - 1
  if i is None:
    i = len(A) // 2
  if probes is None:
    probes = probing.initialize(specs.SPECS['quickselect'])
    probing.push(
        probes,
        specs.Stage.INPUT,
        next_probe={
            'pos': np.copy(A_pos) * 1.0 / A.shape[0],
            'key': np.copy(A)
        })

  q = partition(A, A_pos, p, r, i, probes)
  k = q - p
  if i == k:
    probing.push(
        probes,
        specs.Stage.OUTPUT,
        next_probe={'median': probing.mask_one(A_pos[q], A.shape[0])})
    probing.finalize(probes)
    return A[q], probes
  elif i < k:
    return quickselect(A, A_pos, p, q - 1, i, probes)
  else:
    return quickselect(A, A_pos, q + 1, r, i - k - 1, probes)


# --- clrs/_src/algorithms/divide_and_conquer.py ---

_Array = np.ndarray
_Numeric = Union[int, float]
_Out = Any


def find_maximum_subarray(
    A: _Array,
    A_pos=None,
    low=None,
    high=None,
    probes=None,
) -> _Out:

  chex.assert_rank(A, 1)
  def find_max_crossing_subarray(A, A_pos, low, mid, high, left_ctx, right_ctx,
                                 probes):
    (left_low, left_high, l_ctx_sum) = left_ctx
    (right_low, right_high, r_ctx_sum) = right_ctx
    left_sum = A[mid] - 0.1
    sum_ = 0

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'low': probing.mask_one(low, A.shape[0]),
            'high': probing.mask_one(high, A.shape[0]),
            'mid': probing.mask_one(mid, A.shape[0]),
            'left_low': probing.mask_one(left_low, A.shape[0]),
            'left_high': probing.mask_one(left_high, A.shape[0]),
            'left_sum': l_ctx_sum,
            'right_low': probing.mask_one(right_low, A.shape[0]),
            'right_high': probing.mask_one(right_high, A.shape[0]),
            'right_sum': r_ctx_sum,
            'cross_low': probing.mask_one(mid, A.shape[0]),
            'cross_high': probing.mask_one(mid + 1, A.shape[0]),
            'cross_sum': A[mid] + A[mid + 1] - 0.2,
            'ret_low': probing.mask_one(low, A.shape[0]),
            'ret_high': probing.mask_one(high, A.shape[0]),
            'ret_sum': 0.0,
            'i': probing.mask_one(mid, A.shape[0]),
            'j': probing.mask_one(mid + 1, A.shape[0]),
            'sum': 0.0,
            'left_x_sum': A[mid] - 0.1,
            'right_x_sum': A[mid + 1] - 0.1,
            'phase': probing.mask_one(1, 3)
        })

    for i in range(mid, low - 1, -1):
      sum_ += A[i]
      if sum_ > left_sum:
        left_sum = sum_
        max_left = i

      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pred_h': probing.array(np.copy(A_pos)),
              'low': probing.mask_one(low, A.shape[0]),
              'high': probing.mask_one(high, A.shape[0]),
              'mid': probing.mask_one(mid, A.shape[0]),
              'left_low': probing.mask_one(left_low, A.shape[0]),
              'left_high': probing.mask_one(left_high, A.shape[0]),
              'left_sum': l_ctx_sum,
              'right_low': probing.mask_one(right_low, A.shape[0]),
              'right_high': probing.mask_one(right_high, A.shape[0]),
              'right_sum': r_ctx_sum,
              'cross_low': probing.mask_one(max_left, A.shape[0]),
              'cross_high': probing.mask_one(mid + 1, A.shape[0]),
              'cross_sum': left_sum + A[mid + 1] - 0.1,
              'ret_low': probing.mask_one(low, A.shape[0]),
              'ret_high': probing.mask_one(high, A.shape[0]),
              'ret_sum': 0.0,
              'i': probing.mask_one(i, A.shape[0]),
              'j': probing.mask_one(mid + 1, A.shape[0]),
              'sum': sum_,
              'left_x_sum': left_sum,
              'right_x_sum': A[mid + 1] - 0.1,
              'phase': probing.mask_one(1, 3)
          })

    right_sum = A[mid + 1] - 0.1
    sum_ = 0

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'low': probing.mask_one(low, A.shape[0]),
            'high': probing.mask_one(high, A.shape[0]),
            'mid': probing.mask_one(mid, A.shape[0]),
            'left_low': probing.mask_one(left_low, A.shape[0]),
            'left_high': probing.mask_one(left_high, A.shape[0]),
            'left_sum': left_sum,
            'right_low': probing.mask_one(right_low, A.shape[0]),
            'right_high': probing.mask_one(right_high, A.shape[0]),
            'right_sum': right_sum,
            'cross_low': probing.mask_one(max_left, A.shape[0]),
            'cross_high': probing.mask_one(mid + 1, A.shape[0]),
            'cross_sum': left_sum + right_sum,
            'ret_low': probing.mask_one(low, A.shape[0]),
            'ret_high': probing.mask_one(high, A.shape[0]),
            'ret_sum': 0.0,
            'i': probing.mask_one(i, A.shape[0]),
            'j': probing.mask_one(mid + 1, A.shape[0]),
            'sum': 0.0,
            'left_x_sum': left_sum,
            'right_x_sum': A[mid + 1] - 0.1,
            'phase': probing.mask_one(2, 3)
        })

    for j in range(mid + 1, high + 1):
      sum_ += A[j]
      if sum_ > right_sum:
        right_sum = sum_
        max_right = j

      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pred_h': probing.array(np.copy(A_pos)),
              'low': probing.mask_one(low, A.shape[0]),
              'high': probing.mask_one(high, A.shape[0]),
              'mid': probing.mask_one(mid, A.shape[0]),
              'left_low': probing.mask_one(left_low, A.shape[0]),
              'left_high': probing.mask_one(left_high, A.shape[0]),
              'left_sum': left_sum,
              'right_low': probing.mask_one(right_low, A.shape[0]),
              'right_high': probing.mask_one(right_high, A.shape[0]),
              'right_sum': right_sum,
              'cross_low': probing.mask_one(max_left, A.shape[0]),
              'cross_high': probing.mask_one(max_right, A.shape[0]),
              'cross_sum': left_sum + right_sum,
              'ret_low': probing.mask_one(low, A.shape[0]),
              'ret_high': probing.mask_one(high, A.shape[0]),
              'ret_sum': 0.0,
              'i': probing.mask_one(i, A.shape[0]),
              'j': probing.mask_one(j, A.shape[0]),
              'sum': sum_,
              'left_x_sum': left_sum,
              'right_x_sum': right_sum,
              'phase': probing.mask_one(2, 3)
          })

    return (max_left, max_right, left_sum + right_sum), (sum_, left_sum,
                                                         right_sum)

  if A_pos is None:
    A_pos = np.arange(A.shape[0])
  if low is None:
    low = 0
  if high is None:
    high = A.shape[0] - 1
  if probes is None:
    probes = probing.initialize(specs.SPECS['find_maximum_subarray'])
    probing.push(
        probes,
        specs.Stage.INPUT,
        next_probe={
            'pos': np.copy(A_pos) * 1.0 / A_pos.shape[0],
            'key': np.copy(A)
        })

  mid = (low + high) // 2

  if high == low:
    if A.shape[0] == 1:
      probing.push(
          probes,
          specs.Stage.OUTPUT,
          next_probe={
              'start': probing.mask_one(low, A.shape[0]),
              'end': probing.mask_one(high, A.shape[0])
          })
      probing.finalize(probes)
      return (low, high, A[low]), probes
    else:
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pred_h': probing.array(np.copy(A_pos)),
              'low': probing.mask_one(low, A.shape[0]),
              'high': probing.mask_one(high, A.shape[0]),
              'mid': probing.mask_one(mid, A.shape[0]),
              'left_low': probing.mask_one(low, A.shape[0]),
              'left_high': probing.mask_one(high, A.shape[0]),
              'left_sum': 0.0,
              'right_low': probing.mask_one(low, A.shape[0]),
              'right_high': probing.mask_one(high, A.shape[0]),
              'right_sum': 0.0,
              'cross_low': probing.mask_one(low, A.shape[0]),
              'cross_high': probing.mask_one(high, A.shape[0]),
              'cross_sum': 0.0,
              'ret_low': probing.mask_one(low, A.shape[0]),
              'ret_high': probing.mask_one(high, A.shape[0]),
              'ret_sum': A[low],
              'i': probing.mask_one(low, A.shape[0]),
              'j': probing.mask_one(high, A.shape[0]),
              'sum': 0.0,
              'left_x_sum': A[low] - 0.1,
              'right_x_sum': A[high] - 0.1,
              'phase': probing.mask_one(0, 3)
          })
      return (low, high, A[low])
  else:
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'low': probing.mask_one(low, A.shape[0]),
            'high': probing.mask_one(high, A.shape[0]),
            'mid': probing.mask_one(mid, A.shape[0]),
            'left_low': probing.mask_one(low, A.shape[0]),
            'left_high': probing.mask_one(mid, A.shape[0]),
            'left_sum': 0.0,
            'right_low': probing.mask_one(mid + 1, A.shape[0]),
            'right_high': probing.mask_one(high, A.shape[0]),
            'right_sum': 0.0,
            'cross_low': probing.mask_one(mid, A.shape[0]),
            'cross_high': probing.mask_one(mid + 1, A.shape[0]),
            'cross_sum': A[mid] + A[mid + 1] - 0.2,
            'ret_low': probing.mask_one(low, A.shape[0]),
            'ret_high': probing.mask_one(high, A.shape[0]),
            'ret_sum': 0.0,
            'i': probing.mask_one(mid, A.shape[0]),
            'j': probing.mask_one(mid + 1, A.shape[0]),
            'sum': 0.0,
            'left_x_sum': A[mid] - 0.1,
            'right_x_sum': A[mid + 1] - 0.1,
            'phase': probing.mask_one(0, 3)
        })

    (left_low, left_high,  # pylint: disable=unbalanced-tuple-unpacking
     left_sum) = find_maximum_subarray(A, A_pos, low, mid, probes)

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'low': probing.mask_one(low, A.shape[0]),
            'high': probing.mask_one(high, A.shape[0]),
            'mid': probing.mask_one(mid, A.shape[0]),
            'left_low': probing.mask_one(left_low, A.shape[0]),
            'left_high': probing.mask_one(left_high, A.shape[0]),
            'left_sum': left_sum,
            'right_low': probing.mask_one(mid + 1, A.shape[0]),
            'right_high': probing.mask_one(high, A.shape[0]),
            'right_sum': 0.0,
            'cross_low': probing.mask_one(mid, A.shape[0]),
            'cross_high': probing.mask_one(mid + 1, A.shape[0]),
            'cross_sum': A[mid] + A[mid + 1] - 0.2,
            'ret_low': probing.mask_one(low, A.shape[0]),
            'ret_high': probing.mask_one(high, A.shape[0]),
            'ret_sum': 0.0,
            'i': probing.mask_one(mid, A.shape[0]),
            'j': probing.mask_one(mid + 1, A.shape[0]),
            'sum': 0.0,
            'left_x_sum': A[mid] - 0.1,
            'right_x_sum': A[mid + 1] - 0.1,
            'phase': probing.mask_one(0, 3)
        })

    (right_low, right_high,  # pylint: disable=unbalanced-tuple-unpacking
     right_sum) = find_maximum_subarray(A, A_pos, mid + 1, high, probes)

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'low': probing.mask_one(low, A.shape[0]),
            'high': probing.mask_one(high, A.shape[0]),
            'mid': probing.mask_one(mid, A.shape[0]),
            'left_low': probing.mask_one(left_low, A.shape[0]),
            'left_high': probing.mask_one(left_high, A.shape[0]),
            'left_sum': left_sum,
            'right_low': probing.mask_one(right_low, A.shape[0]),
            'right_high': probing.mask_one(right_high, A.shape[0]),
            'right_sum': right_sum,
            'cross_low': probing.mask_one(mid, A.shape[0]),
            'cross_high': probing.mask_one(mid + 1, A.shape[0]),
            'cross_sum': A[mid] + A[mid + 1] - 0.2,
            'ret_low': probing.mask_one(low, A.shape[0]),
            'ret_high': probing.mask_one(high, A.shape[0]),
            'ret_sum': 0.0,
            'i': probing.mask_one(mid, A.shape[0]),
            'j': probing.mask_one(mid + 1, A.shape[0]),
            'sum': 0.0,
            'left_x_sum': A[mid] - 0.1,
            'right_x_sum': A[mid + 1] - 0.1,
            'phase': probing.mask_one(0, 3)
        })

    (cross_low, cross_high,
     cross_sum), (x_sum, x_left, x_right) = find_max_crossing_subarray(
         A, A_pos, low, mid, high, (left_low, left_high, left_sum),
         (right_low, right_high, right_sum), probes)
    if left_sum >= right_sum and left_sum >= cross_sum:
      best = (left_low, left_high, left_sum)
    elif right_sum >= left_sum and right_sum >= cross_sum:
      best = (right_low, right_high, right_sum)
    else:
      best = (cross_low, cross_high, cross_sum)

    if low == 0 and high == A.shape[0] - 1:
      probing.push(
          probes,
          specs.Stage.OUTPUT,
          next_probe={
              'start': probing.mask_one(best[0], A.shape[0]),
              'end': probing.mask_one(best[1], A.shape[0])
          })
      probing.finalize(probes)
      return best, probes
    else:

      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pred_h': probing.array(np.copy(A_pos)),
              'low': probing.mask_one(low, A.shape[0]),
              'high': probing.mask_one(high, A.shape[0]),
              'mid': probing.mask_one(mid, A.shape[0]),
              'left_low': probing.mask_one(left_low, A.shape[0]),
              'left_high': probing.mask_one(left_high, A.shape[0]),
              'left_sum': left_sum,
              'right_low': probing.mask_one(right_low, A.shape[0]),
              'right_high': probing.mask_one(right_high, A.shape[0]),
              'right_sum': right_sum,
              'cross_low': probing.mask_one(cross_low, A.shape[0]),
              'cross_high': probing.mask_one(cross_high, A.shape[0]),
              'cross_sum': cross_sum,
              'ret_low': probing.mask_one(best[0], A.shape[0]),
              'ret_high': probing.mask_one(best[1], A.shape[0]),
              'ret_sum': best[2],
              'i': probing.mask_one(low, A.shape[0]),
              'j': probing.mask_one(high, A.shape[0]),
              'sum': x_sum,
              'left_x_sum': x_left,
              'right_x_sum': x_right,
              'phase': probing.mask_one(0, 3)
          })

      return best


def find_maximum_subarray_kadane(A: _Array) -> _Out:

  chex.assert_rank(A, 1)
  probes = probing.initialize(specs.SPECS['find_maximum_subarray_kadane'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A_pos.shape[0],
          'key': np.copy(A)
      })
  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'best_low': probing.mask_one(0, A.shape[0]),
          'best_high': probing.mask_one(0, A.shape[0]),
          'best_sum': A[0],
          'i': probing.mask_one(0, A.shape[0]),
          'j': probing.mask_one(0, A.shape[0]),
          'sum': A[0]
      })

  best_low = 0
  best_high = 0
  best_sum = A[0]
  i = 0
  sum_ = A[0]

  for j in range(1, A.shape[0]):
    x = A[j]
    if sum_ + x >= x:
      sum_ += x
    else:
      i = j
      sum_ = x
    if sum_ > best_sum:
      best_low = i
      best_high = j
      best_sum = sum_

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'best_low': probing.mask_one(best_low, A.shape[0]),
            'best_high': probing.mask_one(best_high, A.shape[0]),
            'best_sum': best_sum,
            'i': probing.mask_one(i, A.shape[0]),
            'j': probing.mask_one(j, A.shape[0]),
            'sum': sum_
        })

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={
          'start': probing.mask_one(best_low, A.shape[0]),
          'end': probing.mask_one(best_high, A.shape[0])
      })

  probing.finalize(probes)

  return (best_low, best_high, best_sum), probes


# --- clrs/_src/algorithms/greedy.py ---

_Array = np.ndarray
_Out = Tuple[_Array, probing.ProbesDict]


def activity_selector(s: _Array, f: _Array) -> _Out:

  chex.assert_rank([s, f], 1)
  probes = probing.initialize(specs.SPECS['activity_selector'])

  A_pos = np.arange(s.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A_pos.shape[0],
          's': np.copy(s),
          'f': np.copy(f)
      })

  A = np.zeros(s.shape[0])

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'selected_h': np.copy(A),
          'm': probing.mask_one(0, A_pos.shape[0]),
          'k': probing.mask_one(0, A_pos.shape[0])
      })

  ind = np.argsort(f)
  A[ind[0]] = 1
  k = ind[0]

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'selected_h': np.copy(A),
          'm': probing.mask_one(ind[0], A_pos.shape[0]),
          'k': probing.mask_one(k, A_pos.shape[0])
      })

  for m in range(1, s.shape[0]):
    if s[ind[m]] >= f[k]:
      A[ind[m]] = 1
      k = ind[m]
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'selected_h': np.copy(A),
            'm': probing.mask_one(ind[m], A_pos.shape[0]),
            'k': probing.mask_one(k, A_pos.shape[0])
        })

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'selected': np.copy(A)})
  probing.finalize(probes)

  return A, probes


def task_scheduling(d: _Array, w: _Array) -> _Out:

  chex.assert_rank([d, w], 1)
  probes = probing.initialize(specs.SPECS['task_scheduling'])

  A_pos = np.arange(d.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A_pos.shape[0],
          'd': np.copy(d),
          'w': np.copy(w)
      })

  A = np.zeros(d.shape[0])

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'selected_h': np.copy(A),
          'i': probing.mask_one(0, A_pos.shape[0]),
          't': 0
      })

  ind = np.argsort(-w)
  A[ind[0]] = 1
  t = 1

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'selected_h': np.copy(A),
          'i': probing.mask_one(ind[0], A_pos.shape[0]),
          't': t
      })

  for i in range(1, d.shape[0]):
    if t < d[ind[i]]:
      A[ind[i]] = 1
      t += 1
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'selected_h': np.copy(A),
            'i': probing.mask_one(ind[i], A_pos.shape[0]),
            't': t
        })

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'selected': np.copy(A)})
  probing.finalize(probes)

  return A, probes


# --- clrs/_src/algorithms/dynamic_programming.py ---

_Array = np.ndarray
_Out = Tuple[_Array, probing.ProbesDict]


def matrix_chain_order(p: _Array) -> _Out:

  chex.assert_rank(p, 1)
  probes = probing.initialize(specs.SPECS['matrix_chain_order'])

  A_pos = np.arange(p.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A_pos.shape[0],
          'p': np.copy(p)
      })

  m = np.zeros((p.shape[0], p.shape[0]))
  s = np.zeros((p.shape[0], p.shape[0]))
  msk = np.zeros((p.shape[0], p.shape[0]))
  for i in range(1, p.shape[0]):
    m[i, i] = 0
    msk[i, i] = 1
  while True:
    prev_m = np.copy(m)
    prev_msk = np.copy(msk)
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'm': np.copy(prev_m),
            's_h': np.copy(s),
            'msk': np.copy(msk)
        })
    for i in range(1, p.shape[0]):
      for j in range(i + 1, p.shape[0]):
        flag = prev_msk[i, j]
        for k in range(i, j):
          if prev_msk[i, k] == 1 and prev_msk[k + 1, j] == 1:
            msk[i, j] = 1
            q = prev_m[i, k] + prev_m[k + 1, j] + p[i - 1] * p[k] * p[j]
            if flag == 0 or q < m[i, j]:
              m[i, j] = q
              s[i, j] = k
              flag = 1
    if np.all(prev_m == m):
      break

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'s': np.copy(s)})
  probing.finalize(probes)

  return s[1:, 1:], probes


def lcs_length(x: _Array, y: _Array) -> _Out:
  chex.assert_rank([x, y], 1)
  probes = probing.initialize(specs.SPECS['lcs_length'])

  x_pos = np.arange(x.shape[0])
  y_pos = np.arange(y.shape[0])
  b = np.zeros((x.shape[0], y.shape[0]))
  c = np.zeros((x.shape[0], y.shape[0]))

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'string': probing.strings_id(x_pos, y_pos),
          'pos': probing.strings_pos(x_pos, y_pos),
          'key': probing.array_cat(np.concatenate([np.copy(x), np.copy(y)]), 4)
      })

  for i in range(x.shape[0]):
    if x[i] == y[0]:
      c[i, 0] = 1
      b[i, 0] = 0
    elif i > 0 and c[i - 1, 0] == 1:
      c[i, 0] = 1
      b[i, 0] = 1
    else:
      c[i, 0] = 0
      b[i, 0] = 1
  for j in range(y.shape[0]):
    if x[0] == y[j]:
      c[0, j] = 1
      b[0, j] = 0
    elif j > 0 and c[0, j - 1] == 1:
      c[0, j] = 1
      b[0, j] = 2
    else:
      c[0, j] = 0
      b[0, j] = 1

  while True:
    prev_c = np.copy(c)

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.strings_pred(x_pos, y_pos),
            'b_h': probing.strings_pair_cat(np.copy(b), 3),
            'c': probing.strings_pair(prev_c)
        })

    for i in range(1, x.shape[0]):
      for j in range(1, y.shape[0]):
        if x[i] == y[j]:
          c[i, j] = prev_c[i - 1, j - 1] + 1
          b[i, j] = 0
        elif prev_c[i - 1, j] >= prev_c[i, j - 1]:
          c[i, j] = prev_c[i - 1, j]
          b[i, j] = 1
        else:
          c[i, j] = prev_c[i, j - 1]
          b[i, j] = 2
    if np.all(prev_c == c):
      break

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={'b': probing.strings_pair_cat(np.copy(b), 3)})
  probing.finalize(probes)

  return b, probes


def optimal_bst(p: _Array, q: _Array) -> _Out:

  chex.assert_rank([p, q], 1)
  probes = probing.initialize(specs.SPECS['optimal_bst'])

  A_pos = np.arange(q.shape[0])
  p_cpy = np.zeros(q.shape[0])
  p_cpy[:-1] = np.copy(p)

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / q.shape[0],
          'p': np.copy(p_cpy),
          'q': np.copy(q)
      })

  e = np.zeros((q.shape[0], q.shape[0]))
  w = np.zeros((q.shape[0], q.shape[0]))
  root = np.zeros((q.shape[0], q.shape[0]))
  msks = np.zeros((q.shape[0], q.shape[0]))

  for i in range(q.shape[0]):
    e[i, i] = q[i]
    w[i, i] = q[i]
    msks[i, i] = 1

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'root_h': np.copy(root),
          'e': np.copy(e),
          'w': np.copy(w),
          'msk': np.copy(msks)
      })

  for l in range(1, p.shape[0] + 1):
    for i in range(p.shape[0] - l + 1):
      j = i + l
      e[i, j] = 1e9
      w[i, j] = w[i, j - 1] + p[j - 1] + q[j]
      for r in range(i, j):
        t = e[i, r] + e[r + 1, j] + w[i, j]
        if t < e[i, j]:
          e[i, j] = t
          root[i, j] = r
      msks[i, j] = 1
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'root_h': np.copy(root),
            'e': np.copy(e),
            'w': np.copy(w),
            'msk': np.copy(msks)
        })

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'root': np.copy(root)})
  probing.finalize(probes)

  return root, probes


# --- clrs/_src/algorithms/strings.py ---

_Array = np.ndarray
_Out = Tuple[int, probing.ProbesDict]

_ALPHABET_SIZE = 4


def naive_string_matcher(T: _Array, P: _Array) -> _Out:

  chex.assert_rank([T, P], 1)
  probes = probing.initialize(specs.SPECS['naive_string_matcher'])

  T_pos = np.arange(T.shape[0])
  P_pos = np.arange(P.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'string':
              probing.strings_id(T_pos, P_pos),
          'pos':
              probing.strings_pos(T_pos, P_pos),
          'key':
              probing.array_cat(
                  np.concatenate([np.copy(T), np.copy(P)]), _ALPHABET_SIZE),
      })

  s = 0
  while s <= T.shape[0] - P.shape[0]:
    i = s
    j = 0

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.strings_pred(T_pos, P_pos),
            's': probing.mask_one(s, T.shape[0] + P.shape[0]),
            'i': probing.mask_one(i, T.shape[0] + P.shape[0]),
            'j': probing.mask_one(T.shape[0] + j, T.shape[0] + P.shape[0])
        })

    while True:
      if T[i] != P[j]:
        break
      elif j == P.shape[0] - 1:
        probing.push(
            probes,
            specs.Stage.OUTPUT,
            next_probe={'match': probing.mask_one(s, T.shape[0] + P.shape[0])})
        probing.finalize(probes)
        return s, probes
      else:
        i += 1
        j += 1
        probing.push(
            probes,
            specs.Stage.HINT,
            next_probe={
                'pred_h': probing.strings_pred(T_pos, P_pos),
                's': probing.mask_one(s, T.shape[0] + P.shape[0]),
                'i': probing.mask_one(i, T.shape[0] + P.shape[0]),
                'j': probing.mask_one(T.shape[0] + j, T.shape[0] + P.shape[0])
            })

    s += 1

  # By convention, set probe to head of needle if no match is found
  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={
          'match': probing.mask_one(T.shape[0], T.shape[0] + P.shape[0])
      })
  return T.shape[0], probes


def kmp_matcher(T: _Array, P: _Array) -> _Out:

  chex.assert_rank([T, P], 1)
  probes = probing.initialize(specs.SPECS['kmp_matcher'])

  T_pos = np.arange(T.shape[0])
  P_pos = np.arange(P.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'string':
              probing.strings_id(T_pos, P_pos),
          'pos':
              probing.strings_pos(T_pos, P_pos),
          'key':
              probing.array_cat(
                  np.concatenate([np.copy(T), np.copy(P)]), _ALPHABET_SIZE),
      })

  pi = np.arange(P.shape[0])
  is_reset = np.zeros(P.shape[0])

  k = 0
  k_reset = 1
  is_reset[0] = 1

  # Cover the edge case where |P| = 1, and the first half is not executed.
  delta = 1 if P.shape[0] > 1 else 0

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.strings_pred(T_pos, P_pos),
          'pi': probing.strings_pi(T_pos, P_pos, pi),
          'is_reset': np.concatenate(
              [np.zeros(T.shape[0]), np.copy(is_reset)]),
          'k': probing.mask_one(T.shape[0], T.shape[0] + P.shape[0]),
          'k_reset': k_reset,
          'q': probing.mask_one(T.shape[0] + delta, T.shape[0] + P.shape[0]),
          'q_reset': 1,
          's': probing.mask_one(0, T.shape[0] + P.shape[0]),
          'i': probing.mask_one(0, T.shape[0] + P.shape[0]),
          'phase': 0
      })

  for q in range(1, P.shape[0]):
    while k_reset == 0 and P[k + 1] != P[q]:
      if is_reset[k] == 1:
        k_reset = 1
        k = 0
      else:
        k = pi[k]
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pred_h': probing.strings_pred(T_pos, P_pos),
              'pi': probing.strings_pi(T_pos, P_pos, pi),
              'is_reset': np.concatenate(
                  [np.zeros(T.shape[0]), np.copy(is_reset)]),
              'k': probing.mask_one(T.shape[0] + k, T.shape[0] + P.shape[0]),
              'k_reset': k_reset,
              'q': probing.mask_one(T.shape[0] + q, T.shape[0] + P.shape[0]),
              'q_reset': 1,
              's': probing.mask_one(0, T.shape[0] + P.shape[0]),
              'i': probing.mask_one(0, T.shape[0] + P.shape[0]),
              'phase': 0
          })
    if k_reset == 1:
      k_reset = 0
      k = -1
    if P[k + 1] == P[q]:
      k += 1
    if k == -1:
      k = 0
      k_reset = 1
      is_reset[q] = 1
    pi[q] = k
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.strings_pred(T_pos, P_pos),
            'pi': probing.strings_pi(T_pos, P_pos, pi),
            'is_reset': np.concatenate(
                [np.zeros(T.shape[0]), np.copy(is_reset)]),
            'k': probing.mask_one(T.shape[0] + k, T.shape[0] + P.shape[0]),
            'k_reset': k_reset,
            'q': probing.mask_one(T.shape[0] + q, T.shape[0] + P.shape[0]),
            'q_reset': 1,
            's': probing.mask_one(0, T.shape[0] + P.shape[0]),
            'i': probing.mask_one(0, T.shape[0] + P.shape[0]),
            'phase': 0
        })
  q = 0
  q_reset = 1
  s = 0
  for i in range(T.shape[0]):
    if i >= P.shape[0]:
      s += 1
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.strings_pred(T_pos, P_pos),
            'pi': probing.strings_pi(T_pos, P_pos, pi),
            'is_reset': np.concatenate(
                [np.zeros(T.shape[0]), np.copy(is_reset)]),
            'k': probing.mask_one(T.shape[0] + k, T.shape[0] + P.shape[0]),
            'k_reset': k_reset,
            'q': probing.mask_one(T.shape[0] + q, T.shape[0] + P.shape[0]),
            'q_reset': q_reset,
            's': probing.mask_one(s, T.shape[0] + P.shape[0]),
            'i': probing.mask_one(i, T.shape[0] + P.shape[0]),
            'phase': 1
        })
    while q_reset == 0 and P[q + 1] != T[i]:
      if is_reset[q] == 1:
        q = 0
        q_reset = 1
      else:
        q = pi[q]
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pred_h': probing.strings_pred(T_pos, P_pos),
              'pi': probing.strings_pi(T_pos, P_pos, pi),
              'is_reset': np.concatenate(
                  [np.zeros(T.shape[0]), np.copy(is_reset)]),
              'k': probing.mask_one(T.shape[0] + k, T.shape[0] + P.shape[0]),
              'k_reset': k_reset,
              'q': probing.mask_one(T.shape[0] + q, T.shape[0] + P.shape[0]),
              'q_reset': q_reset,
              's': probing.mask_one(s, T.shape[0] + P.shape[0]),
              'i': probing.mask_one(i, T.shape[0] + P.shape[0]),
              'phase': 1
          })
    if q_reset == 1:
      q = -1
      q_reset = 0
    if P[q + 1] == T[i]:
      if q == P.shape[0] - 2:
        probing.push(
            probes,
            specs.Stage.OUTPUT,
            next_probe={'match': probing.mask_one(s, T.shape[0] + P.shape[0])})
        probing.finalize(probes)
        return s, probes
      q += 1
    if q == -1:
      q_reset = 1
      q = 0

  # By convention, set probe to head of needle if no match is found
  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={
          'match': probing.mask_one(T.shape[0], T.shape[0] + P.shape[0])
      })
  probing.finalize(probes)

  return T.shape[0], probes


# --- clrs/_src/algorithms/geometry.py ---

_Array = np.ndarray
_Out = Tuple[Any, probing.ProbesDict]


def segments_intersect(xs: _Array, ys: _Array) -> _Out:

  assert xs.shape == (4,)
  assert ys.shape == (4,)
  probes = probing.initialize(specs.SPECS['segments_intersect'])

  A_pos = np.arange(xs.shape[0])
  dirs = np.zeros(xs.shape[0])
  on_seg = np.zeros(xs.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A_pos.shape[0],
          'x': np.copy(xs),
          'y': np.copy(ys)
      })

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'i': probing.mask_one(0, xs.shape[0]),
          'j': probing.mask_one(0, xs.shape[0]),
          'k': probing.mask_one(0, xs.shape[0]),
          'dir': np.copy(dirs),
          'on_seg': np.copy(on_seg)
      })

  def cross_product(x1, y1, x2, y2):
    return x1 * y2 - x2 * y1

  def direction(xs, ys, i, j, k):
    return cross_product(xs[k] - xs[i], ys[k] - ys[i], xs[j] - xs[i],
                         ys[j] - ys[i])

  def on_segment(xs, ys, i, j, k):
    if min(xs[i], xs[j]) <= xs[k] and xs[k] <= max(xs[i], xs[j]):
      if min(ys[i], ys[j]) <= ys[k] and ys[k] <= max(ys[i], ys[j]):
        return 1
    return 0

  dirs[0] = direction(xs, ys, 2, 3, 0)
  on_seg[0] = on_segment(xs, ys, 2, 3, 0)

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'i': probing.mask_one(2, xs.shape[0]),
          'j': probing.mask_one(3, xs.shape[0]),
          'k': probing.mask_one(0, xs.shape[0]),
          'dir': np.copy(dirs),
          'on_seg': np.copy(on_seg)
      })

  dirs[1] = direction(xs, ys, 2, 3, 1)
  on_seg[1] = on_segment(xs, ys, 2, 3, 1)

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'i': probing.mask_one(2, xs.shape[0]),
          'j': probing.mask_one(3, xs.shape[0]),
          'k': probing.mask_one(1, xs.shape[0]),
          'dir': np.copy(dirs),
          'on_seg': np.copy(on_seg)
      })

  dirs[2] = direction(xs, ys, 0, 1, 2)
  on_seg[2] = on_segment(xs, ys, 0, 1, 2)

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'i': probing.mask_one(0, xs.shape[0]),
          'j': probing.mask_one(1, xs.shape[0]),
          'k': probing.mask_one(2, xs.shape[0]),
          'dir': np.copy(dirs),
          'on_seg': np.copy(on_seg)
      })

  dirs[3] = direction(xs, ys, 0, 1, 3)
  on_seg[3] = on_segment(xs, ys, 0, 1, 3)

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'i': probing.mask_one(0, xs.shape[0]),
          'j': probing.mask_one(1, xs.shape[0]),
          'k': probing.mask_one(3, xs.shape[0]),
          'dir': np.copy(dirs),
          'on_seg': np.copy(on_seg)
      })

  ret = 0

  if ((dirs[0] > 0 and dirs[1] < 0) or
      (dirs[0] < 0 and dirs[1] > 0)) and ((dirs[2] > 0 and dirs[3] < 0) or
                                          (dirs[2] < 0 and dirs[3] > 0)):
    ret = 1
  elif dirs[0] == 0 and on_seg[0]:
    ret = 1
  elif dirs[1] == 0 and on_seg[1]:
    ret = 1
  elif dirs[2] == 0 and on_seg[2]:
    ret = 1
  elif dirs[3] == 0 and on_seg[3]:
    ret = 1

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'intersect': ret})
  probing.finalize(probes)

  return ret, probes


def graham_scan(xs: _Array, ys: _Array) -> _Out:

  chex.assert_rank([xs, ys], 1)
  probes = probing.initialize(specs.SPECS['graham_scan'])

  A_pos = np.arange(xs.shape[0])
  in_hull = np.zeros(xs.shape[0])
  stack_prev = np.arange(xs.shape[0])
  atans = np.zeros(xs.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A_pos.shape[0],
          'x': np.copy(xs),
          'y': np.copy(ys)
      })

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'best': probing.mask_one(0, xs.shape[0]),
          'atans': np.copy(atans),
          'in_hull_h': np.copy(in_hull),
          'stack_prev': np.copy(stack_prev),
          'last_stack': probing.mask_one(0, xs.shape[0]),
          'i': probing.mask_one(0, xs.shape[0]),
          'phase': probing.mask_one(0, 5)
      })

  def counter_clockwise(xs, ys, i, j, k):
    return ((xs[j] - xs[i]) * (ys[k] - ys[i]) - (ys[j] - ys[i]) *
            (xs[k] - xs[i])) <= 0

  best = 0
  for i in range(xs.shape[0]):
    if ys[i] < ys[best] or (ys[i] == ys[best] and xs[i] < xs[best]):
      best = i

  in_hull[best] = 1
  last_stack = best

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'best': probing.mask_one(best, xs.shape[0]),
          'atans': np.copy(atans),
          'in_hull_h': np.copy(in_hull),
          'stack_prev': np.copy(stack_prev),
          'last_stack': probing.mask_one(last_stack, xs.shape[0]),
          'i': probing.mask_one(best, xs.shape[0]),
          'phase': probing.mask_one(1, 5)
      })

  for i in range(xs.shape[0]):
    if i != best:
      atans[i] = math.atan2(ys[i] - ys[best], xs[i] - xs[best])
  atans[best] = -123456789
  ind = np.argsort(atans)
  atans[best] = 0

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'best': probing.mask_one(best, xs.shape[0]),
          'atans': np.copy(atans),
          'in_hull_h': np.copy(in_hull),
          'stack_prev': np.copy(stack_prev),
          'last_stack': probing.mask_one(last_stack, xs.shape[0]),
          'i': probing.mask_one(best, xs.shape[0]),
          'phase': probing.mask_one(2, 5)
      })

  for i in range(1, xs.shape[0]):
    if i >= 3:
      while counter_clockwise(xs, ys, stack_prev[last_stack], last_stack,
                              ind[i]):
        prev_last = last_stack
        last_stack = stack_prev[last_stack]
        stack_prev[prev_last] = prev_last
        in_hull[prev_last] = 0
        probing.push(
            probes,
            specs.Stage.HINT,
            next_probe={
                'best': probing.mask_one(best, xs.shape[0]),
                'atans': np.copy(atans),
                'in_hull_h': np.copy(in_hull),
                'stack_prev': np.copy(stack_prev),
                'last_stack': probing.mask_one(last_stack, xs.shape[0]),
                'i': probing.mask_one(A_pos[ind[i]], xs.shape[0]),
                'phase': probing.mask_one(3, 5)
            })

    in_hull[ind[i]] = 1
    stack_prev[ind[i]] = last_stack
    last_stack = ind[i]

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'best': probing.mask_one(best, xs.shape[0]),
            'atans': np.copy(atans),
            'in_hull_h': np.copy(in_hull),
            'stack_prev': np.copy(stack_prev),
            'last_stack': probing.mask_one(last_stack, xs.shape[0]),
            'i': probing.mask_one(A_pos[ind[i]], xs.shape[0]),
            'phase': probing.mask_one(4, 5)
        })

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={'in_hull': np.copy(in_hull)},
  )
  probing.finalize(probes)

  return in_hull, probes


def jarvis_march(xs: _Array, ys: _Array) -> _Out:

  chex.assert_rank([xs, ys], 1)
  probes = probing.initialize(specs.SPECS['jarvis_march'])

  A_pos = np.arange(xs.shape[0])
  in_hull = np.zeros(xs.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A_pos.shape[0],
          'x': np.copy(xs),
          'y': np.copy(ys)
      })

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'in_hull_h': np.copy(in_hull),
          'best': probing.mask_one(0, xs.shape[0]),
          'last_point': probing.mask_one(0, xs.shape[0]),
          'endpoint': probing.mask_one(0, xs.shape[0]),
          'i': probing.mask_one(0, xs.shape[0]),
          'phase': probing.mask_one(0, 2)
      })

  def counter_clockwise(xs, ys, i, j, k):
    if (k == i) or (k == j):
      return False
    return ((xs[j] - xs[i]) * (ys[k] - ys[i]) - (ys[j] - ys[i]) *
            (xs[k] - xs[i])) <= 0

  best = 0
  for i in range(xs.shape[0]):
    if ys[i] < ys[best] or (ys[i] == ys[best] and xs[i] < xs[best]):
      best = i

  in_hull[best] = 1
  last_point = best
  endpoint = 0

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pred_h': probing.array(np.copy(A_pos)),
          'in_hull_h': np.copy(in_hull),
          'best': probing.mask_one(best, xs.shape[0]),
          'last_point': probing.mask_one(last_point, xs.shape[0]),
          'endpoint': probing.mask_one(endpoint, xs.shape[0]),
          'i': probing.mask_one(0, xs.shape[0]),
          'phase': probing.mask_one(1, 2)
      })

  while True:
    for i in range(xs.shape[0]):
      if endpoint == last_point or counter_clockwise(xs, ys, last_point,
                                                     endpoint, i):
        endpoint = i
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pred_h': probing.array(np.copy(A_pos)),
              'in_hull_h': np.copy(in_hull),
              'best': probing.mask_one(best, xs.shape[0]),
              'last_point': probing.mask_one(last_point, xs.shape[0]),
              'endpoint': probing.mask_one(endpoint, xs.shape[0]),
              'i': probing.mask_one(i, xs.shape[0]),
              'phase': probing.mask_one(1, 2)
          })
    if in_hull[endpoint] > 0:
      break
    in_hull[endpoint] = 1
    last_point = endpoint
    endpoint = 0
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pred_h': probing.array(np.copy(A_pos)),
            'in_hull_h': np.copy(in_hull),
            'best': probing.mask_one(best, xs.shape[0]),
            'last_point': probing.mask_one(last_point, xs.shape[0]),
            'endpoint': probing.mask_one(endpoint, xs.shape[0]),
            'i': probing.mask_one(0, xs.shape[0]),
            'phase': probing.mask_one(1, 2)
        })

  probing.push(
      probes, specs.Stage.OUTPUT, next_probe={'in_hull': np.copy(in_hull)})
  probing.finalize(probes)

  return in_hull, probes


# --- clrs/_src/algorithms/graphs.py ---

_Array = np.ndarray
_Out = Tuple[_Array, probing.ProbesDict]
_OutputClass = specs.OutputClass


def dfs(A: _Array) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(specs.SPECS['dfs'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          'A': np.copy(A),
          'adj': probing.graph(np.copy(A))
      })

  color = np.zeros(A.shape[0], dtype=np.int32)
  pi = np.arange(A.shape[0])
  d = np.zeros(A.shape[0])
  f = np.zeros(A.shape[0])
  s_prev = np.arange(A.shape[0])
  time = 0
  for s in range(A.shape[0]):
    if color[s] == 0:
      s_last = s
      u = s
      v = s
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pi_h': np.copy(pi),
              'color': probing.array_cat(color, 3),
              'd': np.copy(d),
              'f': np.copy(f),
              's_prev': np.copy(s_prev),
              's': probing.mask_one(s, A.shape[0]),
              'u': probing.mask_one(u, A.shape[0]),
              'v': probing.mask_one(v, A.shape[0]),
              's_last': probing.mask_one(s_last, A.shape[0]),
              'time': time
          })
      while True:
        if color[u] == 0 or d[u] == 0.0:
          time += 0.01
          d[u] = time
          color[u] = 1
          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'pi_h': np.copy(pi),
                  'color': probing.array_cat(color, 3),
                  'd': np.copy(d),
                  'f': np.copy(f),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0]),
                  'time': time
              })

        for v in range(A.shape[0]):
          if A[u, v] != 0:
            if color[v] == 0:
              pi[v] = u
              color[v] = 1
              s_prev[v] = s_last
              s_last = v

              probing.push(
                  probes,
                  specs.Stage.HINT,
                  next_probe={
                      'pi_h': np.copy(pi),
                      'color': probing.array_cat(color, 3),
                      'd': np.copy(d),
                      'f': np.copy(f),
                      's_prev': np.copy(s_prev),
                      's': probing.mask_one(s, A.shape[0]),
                      'u': probing.mask_one(u, A.shape[0]),
                      'v': probing.mask_one(v, A.shape[0]),
                      's_last': probing.mask_one(s_last, A.shape[0]),
                      'time': time
                  })
              break

        if s_last == u:
          color[u] = 2
          time += 0.01
          f[u] = time

          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'pi_h': np.copy(pi),
                  'color': probing.array_cat(color, 3),
                  'd': np.copy(d),
                  'f': np.copy(f),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0]),
                  'time': time
              })

          if s_prev[u] == u:
            assert s_prev[s_last] == s_last
            break
          pr = s_prev[s_last]
          s_prev[s_last] = s_last
          s_last = pr

        u = s_last

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'pi': np.copy(pi)})
  probing.finalize(probes)

  return pi, probes


def bfs(A: _Array, s: int) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(specs.SPECS['bfs'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          's': probing.mask_one(s, A.shape[0]),
          'A': np.copy(A),
          'adj': probing.graph(np.copy(A))
      })

  reach = np.zeros(A.shape[0])
  pi = np.arange(A.shape[0])
  reach[s] = 1
  while True:
    prev_reach = np.copy(reach)
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'reach_h': np.copy(prev_reach),
            'pi_h': np.copy(pi)
        })
    for i in range(A.shape[0]):
      for j in range(A.shape[0]):
        if A[i, j] > 0 and prev_reach[i] == 1:
          if pi[j] == j and j != s:
            pi[j] = i
          reach[j] = 1
    if np.all(reach == prev_reach):
      break

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'pi': np.copy(pi)})
  probing.finalize(probes)

  return pi, probes


def topological_sort(A: _Array) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(specs.SPECS['topological_sort'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          'A': np.copy(A),
          'adj': probing.graph(np.copy(A))
      })

  color = np.zeros(A.shape[0], dtype=np.int32)
  topo = np.arange(A.shape[0])
  s_prev = np.arange(A.shape[0])
  topo_head = 0
  for s in range(A.shape[0]):
    if color[s] == 0:
      s_last = s
      u = s
      v = s
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'topo_h': np.copy(topo),
              'topo_head_h': probing.mask_one(topo_head, A.shape[0]),
              'color': probing.array_cat(color, 3),
              's_prev': np.copy(s_prev),
              's': probing.mask_one(s, A.shape[0]),
              'u': probing.mask_one(u, A.shape[0]),
              'v': probing.mask_one(v, A.shape[0]),
              's_last': probing.mask_one(s_last, A.shape[0])
          })
      while True:
        if color[u] == 0:
          color[u] = 1
          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'topo_h': np.copy(topo),
                  'topo_head_h': probing.mask_one(topo_head, A.shape[0]),
                  'color': probing.array_cat(color, 3),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0])
              })

        for v in range(A.shape[0]):
          if A[u, v] != 0:
            if color[v] == 0:
              color[v] = 1
              s_prev[v] = s_last
              s_last = v

              probing.push(
                  probes,
                  specs.Stage.HINT,
                  next_probe={
                      'topo_h': np.copy(topo),
                      'topo_head_h': probing.mask_one(topo_head, A.shape[0]),
                      'color': probing.array_cat(color, 3),
                      's_prev': np.copy(s_prev),
                      's': probing.mask_one(s, A.shape[0]),
                      'u': probing.mask_one(u, A.shape[0]),
                      'v': probing.mask_one(v, A.shape[0]),
                      's_last': probing.mask_one(s_last, A.shape[0])
                  })
              break

        if s_last == u:
          color[u] = 2

          if color[topo_head] == 2:
            topo[u] = topo_head
          topo_head = u

          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'topo_h': np.copy(topo),
                  'topo_head_h': probing.mask_one(topo_head, A.shape[0]),
                  'color': probing.array_cat(color, 3),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0])
              })

          if s_prev[u] == u:
            assert s_prev[s_last] == s_last
            break
          pr = s_prev[s_last]
          s_prev[s_last] = s_last
          s_last = pr

        u = s_last

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={
          'topo': np.copy(topo),
          'topo_head': probing.mask_one(topo_head, A.shape[0])
      })
  probing.finalize(probes)

  return topo, probes


def articulation_points(A: _Array) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(specs.SPECS['articulation_points'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          'A': np.copy(A),
          'adj': probing.graph(np.copy(A))
      })

  color = np.zeros(A.shape[0], dtype=np.int32)
  pi = np.arange(A.shape[0])
  d = np.zeros(A.shape[0])
  f = np.zeros(A.shape[0])
  s_prev = np.arange(A.shape[0])
  time = 0

  low = np.zeros(A.shape[0])
  child_cnt = np.zeros(A.shape[0])
  is_cut = np.zeros(A.shape[0])

  for s in range(A.shape[0]):
    if color[s] == 0:
      s_last = s
      u = s
      v = s
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'is_cut_h': np.copy(is_cut),
              'pi_h': np.copy(pi),
              'color': probing.array_cat(color, 3),
              'd': np.copy(d),
              'f': np.copy(f),
              'low': np.copy(low),
              'child_cnt': np.copy(child_cnt),
              's_prev': np.copy(s_prev),
              's': probing.mask_one(s, A.shape[0]),
              'u': probing.mask_one(u, A.shape[0]),
              'v': probing.mask_one(v, A.shape[0]),
              's_last': probing.mask_one(s_last, A.shape[0]),
              'time': time
          })
      while True:
        if color[u] == 0 or d[u] == 0.0:
          time += 0.01
          d[u] = time
          low[u] = time
          color[u] = 1
          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'is_cut_h': np.copy(is_cut),
                  'pi_h': np.copy(pi),
                  'color': probing.array_cat(color, 3),
                  'd': np.copy(d),
                  'f': np.copy(f),
                  'low': np.copy(low),
                  'child_cnt': np.copy(child_cnt),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0]),
                  'time': time
              })

        for v in range(A.shape[0]):
          if A[u, v] != 0:
            if color[v] == 0:
              pi[v] = u
              color[v] = 1
              s_prev[v] = s_last
              s_last = v
              child_cnt[u] += 0.01

              probing.push(
                  probes,
                  specs.Stage.HINT,
                  next_probe={
                      'is_cut_h': np.copy(is_cut),
                      'pi_h': np.copy(pi),
                      'color': probing.array_cat(color, 3),
                      'd': np.copy(d),
                      'f': np.copy(f),
                      'low': np.copy(low),
                      'child_cnt': np.copy(child_cnt),
                      's_prev': np.copy(s_prev),
                      's': probing.mask_one(s, A.shape[0]),
                      'u': probing.mask_one(u, A.shape[0]),
                      'v': probing.mask_one(v, A.shape[0]),
                      's_last': probing.mask_one(s_last, A.shape[0]),
                      'time': time
                  })
              break
            elif v != pi[u]:
              low[u] = min(low[u], d[v])
              probing.push(
                  probes,
                  specs.Stage.HINT,
                  next_probe={
                      'is_cut_h': np.copy(is_cut),
                      'pi_h': np.copy(pi),
                      'color': probing.array_cat(color, 3),
                      'd': np.copy(d),
                      'f': np.copy(f),
                      'low': np.copy(low),
                      'child_cnt': np.copy(child_cnt),
                      's_prev': np.copy(s_prev),
                      's': probing.mask_one(s, A.shape[0]),
                      'u': probing.mask_one(u, A.shape[0]),
                      'v': probing.mask_one(v, A.shape[0]),
                      's_last': probing.mask_one(s_last, A.shape[0]),
                      'time': time
                  })

        if s_last == u:
          color[u] = 2
          time += 0.01
          f[u] = time

          for v in range(A.shape[0]):
            if pi[v] == u:
              low[u] = min(low[u], low[v])
              if pi[u] != u and low[v] >= d[u]:
                is_cut[u] = 1
          if pi[u] == u and child_cnt[u] > 0.01:
            is_cut[u] = 1

          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'is_cut_h': np.copy(is_cut),
                  'pi_h': np.copy(pi),
                  'color': probing.array_cat(color, 3),
                  'd': np.copy(d),
                  'f': np.copy(f),
                  'low': np.copy(low),
                  'child_cnt': np.copy(child_cnt),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0]),
                  'time': time
              })

          if s_prev[u] == u:
            assert s_prev[s_last] == s_last
            break
          pr = s_prev[s_last]
          s_prev[s_last] = s_last
          s_last = pr

        u = s_last

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={'is_cut': np.copy(is_cut)},
  )
  probing.finalize(probes)

  return is_cut, probes


def bridges(A: _Array) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(specs.SPECS['bridges'])

  A_pos = np.arange(A.shape[0])
  adj = probing.graph(np.copy(A))

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          'A': np.copy(A),
          'adj': adj
      })

  color = np.zeros(A.shape[0], dtype=np.int32)
  pi = np.arange(A.shape[0])
  d = np.zeros(A.shape[0])
  f = np.zeros(A.shape[0])
  s_prev = np.arange(A.shape[0])
  time = 0

  low = np.zeros(A.shape[0])
  is_bridge = (
      np.zeros((A.shape[0], A.shape[0])) + _OutputClass.MASKED + adj)

  for s in range(A.shape[0]):
    if color[s] == 0:
      s_last = s
      u = s
      v = s
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'is_bridge_h': np.copy(is_bridge),
              'pi_h': np.copy(pi),
              'color': probing.array_cat(color, 3),
              'd': np.copy(d),
              'f': np.copy(f),
              'low': np.copy(low),
              's_prev': np.copy(s_prev),
              's': probing.mask_one(s, A.shape[0]),
              'u': probing.mask_one(u, A.shape[0]),
              'v': probing.mask_one(v, A.shape[0]),
              's_last': probing.mask_one(s_last, A.shape[0]),
              'time': time
          })
      while True:
        if color[u] == 0 or d[u] == 0.0:
          time += 0.01
          d[u] = time
          low[u] = time
          color[u] = 1
          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'is_bridge_h': np.copy(is_bridge),
                  'pi_h': np.copy(pi),
                  'color': probing.array_cat(color, 3),
                  'd': np.copy(d),
                  'f': np.copy(f),
                  'low': np.copy(low),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0]),
                  'time': time
              })

        for v in range(A.shape[0]):
          if A[u, v] != 0:
            if color[v] == 0:
              pi[v] = u
              color[v] = 1
              s_prev[v] = s_last
              s_last = v

              probing.push(
                  probes,
                  specs.Stage.HINT,
                  next_probe={
                      'is_bridge_h': np.copy(is_bridge),
                      'pi_h': np.copy(pi),
                      'color': probing.array_cat(color, 3),
                      'd': np.copy(d),
                      'f': np.copy(f),
                      'low': np.copy(low),
                      's_prev': np.copy(s_prev),
                      's': probing.mask_one(s, A.shape[0]),
                      'u': probing.mask_one(u, A.shape[0]),
                      'v': probing.mask_one(v, A.shape[0]),
                      's_last': probing.mask_one(s_last, A.shape[0]),
                      'time': time
                  })
              break
            elif v != pi[u]:
              low[u] = min(low[u], d[v])
              probing.push(
                  probes,
                  specs.Stage.HINT,
                  next_probe={
                      'is_bridge_h': np.copy(is_bridge),
                      'pi_h': np.copy(pi),
                      'color': probing.array_cat(color, 3),
                      'd': np.copy(d),
                      'f': np.copy(f),
                      'low': np.copy(low),
                      's_prev': np.copy(s_prev),
                      's': probing.mask_one(s, A.shape[0]),
                      'u': probing.mask_one(u, A.shape[0]),
                      'v': probing.mask_one(v, A.shape[0]),
                      's_last': probing.mask_one(s_last, A.shape[0]),
                      'time': time
                  })

        if s_last == u:
          color[u] = 2
          time += 0.01
          f[u] = time

          for v in range(A.shape[0]):
            if pi[v] == u:
              low[u] = min(low[u], low[v])
              if low[v] > d[u]:
                is_bridge[u, v] = 1
                is_bridge[v, u] = 1

          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'is_bridge_h': np.copy(is_bridge),
                  'pi_h': np.copy(pi),
                  'color': probing.array_cat(color, 3),
                  'd': np.copy(d),
                  'f': np.copy(f),
                  'low': np.copy(low),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0]),
                  'time': time
              })

          if s_prev[u] == u:
            assert s_prev[s_last] == s_last
            break
          pr = s_prev[s_last]
          s_prev[s_last] = s_last
          s_last = pr

        u = s_last

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={'is_bridge': np.copy(is_bridge)},
  )
  probing.finalize(probes)

  return is_bridge, probes


def strongly_connected_components(A: _Array) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(
      specs.SPECS['strongly_connected_components'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          'A': np.copy(A),
          'adj': probing.graph(np.copy(A))
      })

  scc_id = np.arange(A.shape[0])
  color = np.zeros(A.shape[0], dtype=np.int32)
  d = np.zeros(A.shape[0])
  f = np.zeros(A.shape[0])
  s_prev = np.arange(A.shape[0])
  time = 0
  A_t = np.transpose(A)

  for s in range(A.shape[0]):
    if color[s] == 0:
      s_last = s
      u = s
      v = s
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'scc_id_h': np.copy(scc_id),
              'A_t': probing.graph(np.copy(A_t)),
              'color': probing.array_cat(color, 3),
              'd': np.copy(d),
              'f': np.copy(f),
              's_prev': np.copy(s_prev),
              's': probing.mask_one(s, A.shape[0]),
              'u': probing.mask_one(u, A.shape[0]),
              'v': probing.mask_one(v, A.shape[0]),
              's_last': probing.mask_one(s_last, A.shape[0]),
              'time': time,
              'phase': 0
          })
      while True:
        if color[u] == 0 or d[u] == 0.0:
          time += 0.01
          d[u] = time
          color[u] = 1
          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'scc_id_h': np.copy(scc_id),
                  'A_t': probing.graph(np.copy(A_t)),
                  'color': probing.array_cat(color, 3),
                  'd': np.copy(d),
                  'f': np.copy(f),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0]),
                  'time': time,
                  'phase': 0
              })
        for v in range(A.shape[0]):
          if A[u, v] != 0:
            if color[v] == 0:
              color[v] = 1
              s_prev[v] = s_last
              s_last = v
              probing.push(
                  probes,
                  specs.Stage.HINT,
                  next_probe={
                      'scc_id_h': np.copy(scc_id),
                      'A_t': probing.graph(np.copy(A_t)),
                      'color': probing.array_cat(color, 3),
                      'd': np.copy(d),
                      'f': np.copy(f),
                      's_prev': np.copy(s_prev),
                      's': probing.mask_one(s, A.shape[0]),
                      'u': probing.mask_one(u, A.shape[0]),
                      'v': probing.mask_one(v, A.shape[0]),
                      's_last': probing.mask_one(s_last, A.shape[0]),
                      'time': time,
                      'phase': 0
                  })
              break

        if s_last == u:
          color[u] = 2
          time += 0.01
          f[u] = time

          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'scc_id_h': np.copy(scc_id),
                  'A_t': probing.graph(np.copy(A_t)),
                  'color': probing.array_cat(color, 3),
                  'd': np.copy(d),
                  'f': np.copy(f),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0]),
                  'time': time,
                  'phase': 0
              })

          if s_prev[u] == u:
            assert s_prev[s_last] == s_last
            break
          pr = s_prev[s_last]
          s_prev[s_last] = s_last
          s_last = pr

        u = s_last

  color = np.zeros(A.shape[0], dtype=np.int32)
  s_prev = np.arange(A.shape[0])

  for s in np.argsort(-f):
    if color[s] == 0:
      s_last = s
      u = s
      v = s
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'scc_id_h': np.copy(scc_id),
              'A_t': probing.graph(np.copy(A_t)),
              'color': probing.array_cat(color, 3),
              'd': np.copy(d),
              'f': np.copy(f),
              's_prev': np.copy(s_prev),
              's': probing.mask_one(s, A.shape[0]),
              'u': probing.mask_one(u, A.shape[0]),
              'v': probing.mask_one(v, A.shape[0]),
              's_last': probing.mask_one(s_last, A.shape[0]),
              'time': time,
              'phase': 1
          })
      while True:
        scc_id[u] = s
        if color[u] == 0 or d[u] == 0.0:
          time += 0.01
          d[u] = time
          color[u] = 1
          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'scc_id_h': np.copy(scc_id),
                  'A_t': probing.graph(np.copy(A_t)),
                  'color': probing.array_cat(color, 3),
                  'd': np.copy(d),
                  'f': np.copy(f),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0]),
                  'time': time,
                  'phase': 1
              })
        for v in range(A.shape[0]):
          if A_t[u, v] != 0:
            if color[v] == 0:
              color[v] = 1
              s_prev[v] = s_last
              s_last = v
              probing.push(
                  probes,
                  specs.Stage.HINT,
                  next_probe={
                      'scc_id_h': np.copy(scc_id),
                      'A_t': probing.graph(np.copy(A_t)),
                      'color': probing.array_cat(color, 3),
                      'd': np.copy(d),
                      'f': np.copy(f),
                      's_prev': np.copy(s_prev),
                      's': probing.mask_one(s, A.shape[0]),
                      'u': probing.mask_one(u, A.shape[0]),
                      'v': probing.mask_one(v, A.shape[0]),
                      's_last': probing.mask_one(s_last, A.shape[0]),
                      'time': time,
                      'phase': 1
                  })
              break

        if s_last == u:
          color[u] = 2
          time += 0.01
          f[u] = time

          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'scc_id_h': np.copy(scc_id),
                  'A_t': probing.graph(np.copy(A_t)),
                  'color': probing.array_cat(color, 3),
                  'd': np.copy(d),
                  'f': np.copy(f),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0]),
                  'time': time,
                  'phase': 1
              })

          if s_prev[u] == u:
            assert s_prev[s_last] == s_last
            break
          pr = s_prev[s_last]
          s_prev[s_last] = s_last
          s_last = pr

        u = s_last

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={'scc_id': np.copy(scc_id)},
  )
  probing.finalize(probes)

  return scc_id, probes


def mst_kruskal(A: _Array) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(specs.SPECS['mst_kruskal'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          'A': np.copy(A),
          'adj': probing.graph(np.copy(A))
      })

  pi = np.arange(A.shape[0])

  def mst_union(u, v, in_mst, probes):
    root_u = u
    root_v = v

    mask_u = np.zeros(in_mst.shape[0])
    mask_v = np.zeros(in_mst.shape[0])

    mask_u[u] = 1
    mask_v[v] = 1

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'in_mst_h': np.copy(in_mst),
            'pi': np.copy(pi),
            'u': probing.mask_one(u, A.shape[0]),
            'v': probing.mask_one(v, A.shape[0]),
            'root_u': probing.mask_one(root_u, A.shape[0]),
            'root_v': probing.mask_one(root_v, A.shape[0]),
            'mask_u': np.copy(mask_u),
            'mask_v': np.copy(mask_v),
            'phase': probing.mask_one(1, 3)
        })

    while pi[root_u] != root_u:
      root_u = pi[root_u]
      for i in range(mask_u.shape[0]):
        if mask_u[i] == 1:
          pi[i] = root_u
      mask_u[root_u] = 1
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'in_mst_h': np.copy(in_mst),
              'pi': np.copy(pi),
              'u': probing.mask_one(u, A.shape[0]),
              'v': probing.mask_one(v, A.shape[0]),
              'root_u': probing.mask_one(root_u, A.shape[0]),
              'root_v': probing.mask_one(root_v, A.shape[0]),
              'mask_u': np.copy(mask_u),
              'mask_v': np.copy(mask_v),
              'phase': probing.mask_one(1, 3)
          })

    while pi[root_v] != root_v:
      root_v = pi[root_v]
      for i in range(mask_v.shape[0]):
        if mask_v[i] == 1:
          pi[i] = root_v
      mask_v[root_v] = 1
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'in_mst_h': np.copy(in_mst),
              'pi': np.copy(pi),
              'u': probing.mask_one(u, A.shape[0]),
              'v': probing.mask_one(v, A.shape[0]),
              'root_u': probing.mask_one(root_u, A.shape[0]),
              'root_v': probing.mask_one(root_v, A.shape[0]),
              'mask_u': np.copy(mask_u),
              'mask_v': np.copy(mask_v),
              'phase': probing.mask_one(2, 3)
          })

    if root_u < root_v:
      in_mst[u, v] = 1
      in_mst[v, u] = 1
      pi[root_u] = root_v
    elif root_u > root_v:
      in_mst[u, v] = 1
      in_mst[v, u] = 1
      pi[root_v] = root_u
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'in_mst_h': np.copy(in_mst),
            'pi': np.copy(pi),
            'u': probing.mask_one(u, A.shape[0]),
            'v': probing.mask_one(v, A.shape[0]),
            'root_u': probing.mask_one(root_u, A.shape[0]),
            'root_v': probing.mask_one(root_v, A.shape[0]),
            'mask_u': np.copy(mask_u),
            'mask_v': np.copy(mask_v),
            'phase': probing.mask_one(0, 3)
        })

  in_mst = np.zeros((A.shape[0], A.shape[0]))

  # Prep to sort edge array
  lx = []
  ly = []
  wts = []
  for i in range(A.shape[0]):
    for j in range(i + 1, A.shape[0]):
      if A[i, j] > 0:
        lx.append(i)
        ly.append(j)
        wts.append(A[i, j])

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'in_mst_h': np.copy(in_mst),
          'pi': np.copy(pi),
          'u': probing.mask_one(0, A.shape[0]),
          'v': probing.mask_one(0, A.shape[0]),
          'root_u': probing.mask_one(0, A.shape[0]),
          'root_v': probing.mask_one(0, A.shape[0]),
          'mask_u': np.zeros(A.shape[0]),
          'mask_v': np.zeros(A.shape[0]),
          'phase': probing.mask_one(0, 3)
      })
  for ind in np.argsort(wts):
    u = lx[ind]
    v = ly[ind]
    mst_union(u, v, in_mst, probes)

  probing.push(
      probes,
      specs.Stage.OUTPUT,
      next_probe={'in_mst': np.copy(in_mst)},
  )
  probing.finalize(probes)

  return in_mst, probes


def mst_prim(A: _Array, s: int) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(specs.SPECS['mst_prim'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          's': probing.mask_one(s, A.shape[0]),
          'A': np.copy(A),
          'adj': probing.graph(np.copy(A))
      })

  key = np.zeros(A.shape[0])
  mark = np.zeros(A.shape[0])
  in_queue = np.zeros(A.shape[0])
  pi = np.arange(A.shape[0])
  key[s] = 0
  in_queue[s] = 1

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pi_h': np.copy(pi),
          'key': np.copy(key),
          'mark': np.copy(mark),
          'in_queue': np.copy(in_queue),
          'u': probing.mask_one(s, A.shape[0])
      })

  for _ in range(A.shape[0]):
    u = np.argsort(key + (1.0 - in_queue) * 1e9)[0]  # drop-in for extract-min
    if in_queue[u] == 0:
      break
    mark[u] = 1
    in_queue[u] = 0
    for v in range(A.shape[0]):
      if A[u, v] != 0:
        if mark[v] == 0 and (in_queue[v] == 0 or A[u, v] < key[v]):
          pi[v] = u
          key[v] = A[u, v]
          in_queue[v] = 1

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pi_h': np.copy(pi),
            'key': np.copy(key),
            'mark': np.copy(mark),
            'in_queue': np.copy(in_queue),
            'u': probing.mask_one(u, A.shape[0])
        })

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'pi': np.copy(pi)})
  probing.finalize(probes)

  return pi, probes


def bellman_ford(A: _Array, s: int) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(specs.SPECS['bellman_ford'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          's': probing.mask_one(s, A.shape[0]),
          'A': np.copy(A),
          'adj': probing.graph(np.copy(A))
      })

  d = np.zeros(A.shape[0])
  pi = np.arange(A.shape[0])
  msk = np.zeros(A.shape[0])
  d[s] = 0
  msk[s] = 1
  while True:
    prev_d = np.copy(d)
    prev_msk = np.copy(msk)
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pi_h': np.copy(pi),
            'd': np.copy(prev_d),
            'msk': np.copy(prev_msk)
        })
    for u in range(A.shape[0]):
      for v in range(A.shape[0]):
        if prev_msk[u] == 1 and A[u, v] != 0:
          if msk[v] == 0 or prev_d[u] + A[u, v] < d[v]:
            d[v] = prev_d[u] + A[u, v]
            pi[v] = u
          msk[v] = 1
    if np.all(d == prev_d):
      break

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'pi': np.copy(pi)})
  probing.finalize(probes)

  return pi, probes


def dijkstra(A: _Array, s: int) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(specs.SPECS['dijkstra'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          's': probing.mask_one(s, A.shape[0]),
          'A': np.copy(A),
          'adj': probing.graph(np.copy(A))
      })

  d = np.zeros(A.shape[0])
  mark = np.zeros(A.shape[0])
  in_queue = np.zeros(A.shape[0])
  pi = np.arange(A.shape[0])
  d[s] = 0
  in_queue[s] = 1

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pi_h': np.copy(pi),
          'd': np.copy(d),
          'mark': np.copy(mark),
          'in_queue': np.copy(in_queue),
          'u': probing.mask_one(s, A.shape[0])
      })

  for _ in range(A.shape[0]):
    u = np.argsort(d + (1.0 - in_queue) * 1e9)[0]  # drop-in for extract-min
    if in_queue[u] == 0:
      break
    mark[u] = 1
    in_queue[u] = 0
    for v in range(A.shape[0]):
      if A[u, v] != 0:
        if mark[v] == 0 and (in_queue[v] == 0 or d[u] + A[u, v] < d[v]):
          pi[v] = u
          d[v] = d[u] + A[u, v]
          in_queue[v] = 1

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pi_h': np.copy(pi),
            'd': np.copy(d),
            'mark': np.copy(mark),
            'in_queue': np.copy(in_queue),
            'u': probing.mask_one(u, A.shape[0])
        })

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'pi': np.copy(pi)})
  probing.finalize(probes)

  return pi, probes


def dag_shortest_paths(A: _Array, s: int) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(specs.SPECS['dag_shortest_paths'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          's': probing.mask_one(s, A.shape[0]),
          'A': np.copy(A),
          'adj': probing.graph(np.copy(A))
      })

  pi = np.arange(A.shape[0])
  d = np.zeros(A.shape[0])
  mark = np.zeros(A.shape[0])
  color = np.zeros(A.shape[0], dtype=np.int32)
  topo = np.arange(A.shape[0])
  s_prev = np.arange(A.shape[0])
  topo_head = 0
  s_last = s
  u = s
  v = s
  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pi_h': np.copy(pi),
          'd': np.copy(d),
          'mark': np.copy(mark),
          'topo_h': np.copy(topo),
          'topo_head_h': probing.mask_one(topo_head, A.shape[0]),
          'color': probing.array_cat(color, 3),
          's_prev': np.copy(s_prev),
          's': probing.mask_one(s, A.shape[0]),
          'u': probing.mask_one(u, A.shape[0]),
          'v': probing.mask_one(v, A.shape[0]),
          's_last': probing.mask_one(s_last, A.shape[0]),
          'phase': 0
      })
  while True:
    if color[u] == 0:
      color[u] = 1
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pi_h': np.copy(pi),
              'd': np.copy(d),
              'mark': np.copy(mark),
              'topo_h': np.copy(topo),
              'topo_head_h': probing.mask_one(topo_head, A.shape[0]),
              'color': probing.array_cat(color, 3),
              's_prev': np.copy(s_prev),
              's': probing.mask_one(s, A.shape[0]),
              'u': probing.mask_one(u, A.shape[0]),
              'v': probing.mask_one(v, A.shape[0]),
              's_last': probing.mask_one(s_last, A.shape[0]),
              'phase': 0
          })

    for v in range(A.shape[0]):
      if A[u, v] != 0:
        if color[v] == 0:
          color[v] = 1
          s_prev[v] = s_last
          s_last = v

          probing.push(
              probes,
              specs.Stage.HINT,
              next_probe={
                  'pi_h': np.copy(pi),
                  'd': np.copy(d),
                  'mark': np.copy(mark),
                  'topo_h': np.copy(topo),
                  'topo_head_h': probing.mask_one(topo_head, A.shape[0]),
                  'color': probing.array_cat(color, 3),
                  's_prev': np.copy(s_prev),
                  's': probing.mask_one(s, A.shape[0]),
                  'u': probing.mask_one(u, A.shape[0]),
                  'v': probing.mask_one(v, A.shape[0]),
                  's_last': probing.mask_one(s_last, A.shape[0]),
                  'phase': 0
              })
          break

    if s_last == u:
      color[u] = 2

      if color[topo_head] == 2:
        topo[u] = topo_head
      topo_head = u

      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'pi_h': np.copy(pi),
              'd': np.copy(d),
              'mark': np.copy(mark),
              'topo_h': np.copy(topo),
              'topo_head_h': probing.mask_one(topo_head, A.shape[0]),
              'color': probing.array_cat(color, 3),
              's_prev': np.copy(s_prev),
              's': probing.mask_one(s, A.shape[0]),
              'u': probing.mask_one(u, A.shape[0]),
              'v': probing.mask_one(v, A.shape[0]),
              's_last': probing.mask_one(s_last, A.shape[0]),
              'phase': 0
          })

      if s_prev[u] == u:
        assert s_prev[s_last] == s_last
        break
      pr = s_prev[s_last]
      s_prev[s_last] = s_last
      s_last = pr

    u = s_last

  assert topo_head == s
  d[topo_head] = 0
  mark[topo_head] = 1

  while topo[topo_head] != topo_head:
    i = topo_head
    mark[topo_head] = 1

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'pi_h': np.copy(pi),
            'd': np.copy(d),
            'mark': np.copy(mark),
            'topo_h': np.copy(topo),
            'topo_head_h': probing.mask_one(topo_head, A.shape[0]),
            'color': probing.array_cat(color, 3),
            's_prev': np.copy(s_prev),
            's': probing.mask_one(s, A.shape[0]),
            'u': probing.mask_one(u, A.shape[0]),
            'v': probing.mask_one(v, A.shape[0]),
            's_last': probing.mask_one(s_last, A.shape[0]),
            'phase': 1
        })

    for j in range(A.shape[0]):
      if A[i, j] != 0.0:
        if mark[j] == 0 or d[i] + A[i, j] < d[j]:
          d[j] = d[i] + A[i, j]
          pi[j] = i
          mark[j] = 1

    topo_head = topo[topo_head]

  probing.push(
      probes,
      specs.Stage.HINT,
      next_probe={
          'pi_h': np.copy(pi),
          'd': np.copy(d),
          'mark': np.copy(mark),
          'topo_h': np.copy(topo),
          'topo_head_h': probing.mask_one(topo_head, A.shape[0]),
          'color': probing.array_cat(color, 3),
          's_prev': np.copy(s_prev),
          's': probing.mask_one(s, A.shape[0]),
          'u': probing.mask_one(u, A.shape[0]),
          'v': probing.mask_one(v, A.shape[0]),
          's_last': probing.mask_one(s_last, A.shape[0]),
          'phase': 1
      })

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'pi': np.copy(pi)})
  probing.finalize(probes)

  return pi, probes


def floyd_warshall(A: _Array) -> _Out:

  chex.assert_rank(A, 2)
  probes = probing.initialize(specs.SPECS['floyd_warshall'])

  A_pos = np.arange(A.shape[0])

  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) / A.shape[0],
          'A': np.copy(A),
          'adj': probing.graph(np.copy(A))
      })

  D = np.copy(A)
  Pi = np.zeros((A.shape[0], A.shape[0]))
  msk = probing.graph(np.copy(A))

  for i in range(A.shape[0]):
    for j in range(A.shape[0]):
      Pi[i, j] = i

  for k in range(A.shape[0]):
    prev_D = np.copy(D)
    prev_msk = np.copy(msk)

    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'Pi_h': np.copy(Pi),
            'D': np.copy(prev_D),
            'msk': np.copy(prev_msk),
            'k': probing.mask_one(k, A.shape[0])
        })

    for i in range(A.shape[0]):
      for j in range(A.shape[0]):
        if prev_msk[i, k] > 0 and prev_msk[k, j] > 0:
          if msk[i, j] == 0 or prev_D[i, k] + prev_D[k, j] < D[i, j]:
            D[i, j] = prev_D[i, k] + prev_D[k, j]
            Pi[i, j] = Pi[k, j]
          else:
            D[i, j] = prev_D[i, j]
          msk[i, j] = 1

  probing.push(probes, specs.Stage.OUTPUT, next_probe={'Pi': np.copy(Pi)})
  probing.finalize(probes)

  return Pi, probes


def bipartite_matching(A: _Array, n: int, m: int, s: int, t: int) -> _Out:

  chex.assert_rank(A, 2)
  assert A.shape[0] == n + m + 2  # add source and sink vertices
  assert s == 0 and t == n + m + 1  # ensure for consistency

  probes = probing.initialize(specs.SPECS['bipartite_matching'])

  A_pos = np.arange(A.shape[0])

  adj = probing.graph(np.copy(A))
  probing.push(
      probes,
      specs.Stage.INPUT,
      next_probe={
          'pos': np.copy(A_pos) * 1.0 / A.shape[0],
          'A': np.copy(A),
          'adj': adj,
          's': probing.mask_one(s, A.shape[0]),
          't': probing.mask_one(t, A.shape[0])
      })
  in_matching = (
      np.zeros((A.shape[0], A.shape[1])) + _OutputClass.MASKED + adj
      + adj.T)
  u = t
  while True:
    mask = np.zeros(A.shape[0])
    d = np.zeros(A.shape[0])
    pi = np.arange(A.shape[0])
    d[s] = 0
    mask[s] = 1
    while True:
      prev_d = np.copy(d)
      prev_mask = np.copy(mask)
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'in_matching_h': np.copy(in_matching),
              'A_h': np.copy(A),
              'adj_h': probing.graph(np.copy(A)),
              'd': np.copy(prev_d),
              'msk': np.copy(prev_mask),
              'pi': np.copy(pi),
              'u': probing.mask_one(u, A.shape[0]),
              'phase': 0
          })
      for u in range(A.shape[0]):
        for v in range(A.shape[0]):
          if A[u, v] != 0:
            if prev_mask[u] == 1 and (
                mask[v] == 0 or prev_d[u] + A[u, v] < d[v]):
              d[v] = prev_d[u] + A[u, v]
              pi[v] = u
              mask[v] = 1
      if np.all(d == prev_d):
        probing.push(
            probes,
            specs.Stage.OUTPUT,
            next_probe={'in_matching': np.copy(in_matching)},
        )
        probing.finalize(probes)
        return in_matching, probes
      elif pi[t] != t:
        break
    u = t
    probing.push(
        probes,
        specs.Stage.HINT,
        next_probe={
            'in_matching_h': np.copy(in_matching),
            'A_h': np.copy(A),
            'adj_h': probing.graph(np.copy(A)),
            'd': np.copy(prev_d),
            'msk': np.copy(prev_mask),
            'pi': np.copy(pi),
            'u': probing.mask_one(u, A.shape[0]),
            'phase': 1
        })
    while pi[u] != u:
      if pi[u] < u:
        in_matching[pi[u], u] = 1
      else:
        in_matching[u, pi[u]] = 0
      A[pi[u], u] = 0
      A[u, pi[u]] = 1
      u = pi[u]
      probing.push(
          probes,
          specs.Stage.HINT,
          next_probe={
              'in_matching_h': np.copy(in_matching),
              'A_h': np.copy(A),
              'adj_h': probing.graph(np.copy(A)),
              'd': np.copy(prev_d),
              'msk': np.copy(prev_mask),
              'pi': np.copy(pi),
              'u': probing.mask_one(u, A.shape[0]),
              'phase': 1
          })


# --- inputs (clrs/_src/samplers.py's distributions) -----------------------------------------------------------------

N_KEYS, N_NODES = 12, 8


def _keys(rng, n=N_KEYS):
    # SortingSampler: U[0, 1)
    return (rng.uniform(0.0, 1.0, size=n),)


def _keys_sorted(rng):
    return (np.sort(rng.uniform(0.0, 1.0, size=N_KEYS)),)


def _keys_reversed(rng):
    return (np.sort(rng.uniform(0.0, 1.0, size=N_KEYS))[::-1].copy(),)


def _keys_duplicates(rng):
    # keys rounded to tenths: ties, which the sorts must keep in their stable / unstable order
    return (np.round(rng.uniform(0.0, 1.0, size=N_KEYS), 1),)


def _search(rng):
    # SearchSampler: a target and a sorted array, both U[0, 1)
    return np.float64(rng.uniform()), np.sort(rng.uniform(0.0, 1.0, size=N_KEYS))


def _search_duplicates(rng):
    # the target is one of the keys, which appears three times
    a = np.sort(np.round(rng.uniform(0.0, 1.0, size=N_KEYS), 1))
    a[4:7] = a[5]
    return np.float64(a[5]), a


def _search_above(rng):
    # a target above every key: binary search returns the last index
    return np.float64(1.5 + rng.uniform()), np.sort(rng.uniform(0.0, 1.0, size=N_KEYS))


def _subarray(rng):
    # MaxSubarraySampler: U[-1, 1)
    return (rng.uniform(-1.0, 1.0, size=N_KEYS),)


def _subarray_negative(rng):
    return (rng.uniform(-1.0, -0.05, size=N_KEYS),)


def _activities(rng):
    # ActivitySampler: (start, finish) = (min, max) of two U[0, 1) draws
    a, b = rng.uniform(size=N_KEYS), rng.uniform(size=N_KEYS)
    return np.minimum(a, b), np.maximum(a, b)


def _tasks(rng):
    # TaskSampler: integer deadlines in [1, n] and U[0, 1) weights
    return rng.integers(0, N_KEYS, size=N_KEYS) + 1, rng.uniform(size=N_KEYS)


def _matrix_dims(rng):
    # matrix_chain_order: the dimensions p_0 .. p_n of a chain of 6 matrices
    return (rng.integers(2, 30, size=7).astype(float),)


def _lcs(rng):
    # LCSSampler: two strings over a 4-letter alphabet
    return rng.integers(0, 4, size=8), rng.integers(0, 4, size=6)


def _bst(rng):
    # OptimalBSTSampler: 2n + 1 U[0, 1) values normalised to sum to 1, split into p (n) and q (n + 1)
    arr = rng.uniform(size=2 * 6 + 1)
    arr /= np.sum(arr)
    return arr[:6], arr[6:]


def _matcher(rng, n=20, m=4):
    # MatcherSampler: a needle of length n // 5 embedded in a random haystack
    needle = rng.integers(0, 4, size=m)
    haystack = rng.integers(0, 4, size=n - m)
    pos = int(rng.integers(0, n - 2 * m))
    haystack[pos:pos + m] = needle
    return haystack, needle


def _matcher_absent(rng):
    # the needle holds a letter the haystack never does: no match (the function's other return)
    haystack = rng.integers(0, 3, size=16)
    needle = np.array([0, 3, 1, 2])
    return haystack, needle


def _matcher_one(rng):
    haystack, needle = _matcher(rng, n=12, m=1)
    return haystack, needle


def _segments_crossing(rng):
    # the two diagonals of a box: they always cross
    x0, y0 = rng.uniform(0.0, 0.4, size=2)
    x1, y1 = rng.uniform(0.6, 1.0, size=2)
    return np.array([x0, x1, x0, x1]), np.array([y0, y1, y1, y0])


def _segments_apart(rng):
    xs, ys = _segments_crossing(rng)
    xs[2:] += 2.0
    return xs, ys


def _segments_touching(rng):
    # integer coordinates: the second segment starts at the first one's midpoint, a cross product of exactly 0
    a = rng.integers(1, 5) * 2.0
    return np.array([0.0, a, a / 2, a + 3.0]), np.array([0.0, a, a / 2, 1.0])


def _disc(rng, n=10):
    # ConvexHullSampler: points in a disc of radius 2
    thetas = rng.uniform(0.0, 2.0 * np.pi, size=n)
    rs = 2.0 * np.sqrt(rng.uniform(size=n))
    return rs * np.cos(thetas), rs * np.sin(thetas)


def _er(rng, n=N_NODES, p=0.5, directed=False, acyclic=False, weighted=False):
    # Sampler._random_er_graph, with numpy.random.Generator's calls
    mat = rng.binomial(1, p, size=(n, n))
    if not directed:
        mat *= np.transpose(mat)
    elif acyclic:
        mat = np.triu(mat, k=1)
        perm = rng.permutation(n)
        mat = mat[perm, :][:, perm]
    if weighted:
        weights = rng.uniform(size=(n, n))
        if not directed:
            weights *= np.transpose(weights)
            weights = np.sqrt(weights + 1e-3)
        mat = mat.astype(float) * weights
    return mat


def _graph_inputs(directed=False, acyclic=False, weighted=False, p=0.5, source=False, isolate=False):
    def inputs(rng):
        A = _er(rng, p=p, directed=directed, acyclic=acyclic, weighted=weighted)
        if isolate:  # the last node has no edge: unreachable from the source
            A[-1, :] = 0
            A[:, -1] = 0
        if not source:
            return (A,)
        return A, np.int64(rng.integers(0, N_NODES - 1))
    return inputs


def _bipartite(rng, n=4, m=3, p=0.3):
    # Sampler._random_bipartite_graph: supersource 0, left 1..n, right n+1..n+m, supersink n+m+1
    mat = np.zeros((n + m + 2, n + m + 2))
    mat[0, 1:n + 1] = 1.0
    mat[n + 1:n + m + 1, n + m + 1] = 1.0
    mat[1:n + 1, n + 1:n + m + 1] = rng.binomial(1, p, size=(n, m))
    return mat, n, m, 0, n + m + 1


CASES = [
    # sorting
    case(insertion_sort, _keys, CL("sorting.py", "insertion_sort")),
    case(insertion_sort, _keys_sorted, CL("sorting.py", "insertion_sort", "sorted keys"), name="clrs.insertion_sort_sorted"),
    case(insertion_sort, _keys_duplicates, CL("sorting.py", "insertion_sort", "duplicate keys"), name="clrs.insertion_sort_duplicates"),
    case(bubble_sort, _keys, CL("sorting.py", "bubble_sort")),
    case(bubble_sort, _keys_reversed, CL("sorting.py", "bubble_sort", "reversed keys"), name="clrs.bubble_sort_reversed"),
    case(heapsort, _keys, CL("sorting.py", "heapsort")),
    case(heapsort, _keys_duplicates, CL("sorting.py", "heapsort", "duplicate keys"), name="clrs.heapsort_duplicates"),
    case(quicksort, _keys, CL("sorting.py", "quicksort")),
    case(quicksort, _keys_sorted, CL("sorting.py", "quicksort", "sorted keys (the deepest recursion)"), name="clrs.quicksort_sorted"),
    # searching
    case(minimum, _keys, CL("searching.py", "minimum")),
    case(minimum, _keys_duplicates, CL("searching.py", "minimum", "ties"), name="clrs.minimum_duplicates"),
    case(binary_search, _search, CL("searching.py", "binary_search")),
    case(binary_search, _search_duplicates, CL("searching.py", "binary_search", "the target is a repeated key"), name="clrs.binary_search_duplicates"),
    case(binary_search, _search_above, CL("searching.py", "binary_search", "a target above every key"), name="clrs.binary_search_above"),
    case(quickselect, _keys, CL("searching.py", "quickselect")),
    # divide and conquer
    case(find_maximum_subarray, _subarray, CL("divide_and_conquer.py", "find_maximum_subarray")),
    case(find_maximum_subarray, _subarray_negative, CL("divide_and_conquer.py", "find_maximum_subarray", "all negative"), name="clrs.find_maximum_subarray_negative"),
    case(find_maximum_subarray_kadane, _subarray, CL("divide_and_conquer.py", "find_maximum_subarray_kadane")),
    case(find_maximum_subarray_kadane, _subarray_negative, CL("divide_and_conquer.py", "find_maximum_subarray_kadane", "all negative"), name="clrs.find_maximum_subarray_kadane_negative"),
    # greedy
    case(activity_selector, _activities, CL("greedy.py", "activity_selector")),
    case(task_scheduling, _tasks, CL("greedy.py", "task_scheduling")),
    # dynamic programming
    case(matrix_chain_order, _matrix_dims, CL("dynamic_programming.py", "matrix_chain_order")),
    case(lcs_length, _lcs, CL("dynamic_programming.py", "lcs_length")),
    case(optimal_bst, _bst, CL("dynamic_programming.py", "optimal_bst")),
    # strings
    case(naive_string_matcher, _matcher, CL("strings.py", "naive_string_matcher")),
    case(naive_string_matcher, _matcher_absent, CL("strings.py", "naive_string_matcher", "no match"), name="clrs.naive_string_matcher_absent"),
    case(kmp_matcher, _matcher, CL("strings.py", "kmp_matcher")),
    case(kmp_matcher, _matcher_absent, CL("strings.py", "kmp_matcher", "no match"), name="clrs.kmp_matcher_absent"),
    case(kmp_matcher, _matcher_one, CL("strings.py", "kmp_matcher", "a needle of length 1"), name="clrs.kmp_matcher_one"),
    # geometry
    case(segments_intersect, _segments_crossing, CL("geometry.py", "segments_intersect", "crossing")),
    case(segments_intersect, _segments_apart, CL("geometry.py", "segments_intersect", "apart"), name="clrs.segments_intersect_apart"),
    case(segments_intersect, _segments_touching, CL("geometry.py", "segments_intersect", "touching (collinear endpoint)"), name="clrs.segments_intersect_touching"),
    case(graham_scan, _disc, CL("geometry.py", "graham_scan")),
    case(jarvis_march, _disc, CL("geometry.py", "jarvis_march")),
    # graphs
    case(dfs, _graph_inputs(directed=True), CL("graphs.py", "dfs")),
    case(bfs, _graph_inputs(source=True), CL("graphs.py", "bfs")),
    case(bfs, _graph_inputs(source=True, isolate=True), CL("graphs.py", "bfs", "an unreachable node"), name="clrs.bfs_unreachable"),
    case(topological_sort, _graph_inputs(directed=True, acyclic=True), CL("graphs.py", "topological_sort")),
    case(articulation_points, _graph_inputs(p=0.3), CL("graphs.py", "articulation_points")),
    case(bridges, _graph_inputs(p=0.3), CL("graphs.py", "bridges")),
    case(strongly_connected_components, _graph_inputs(directed=True, p=0.25), CL("graphs.py", "strongly_connected_components")),
    case(mst_kruskal, _graph_inputs(weighted=True, p=0.4), CL("graphs.py", "mst_kruskal")),
    case(mst_prim, _graph_inputs(weighted=True, source=True), CL("graphs.py", "mst_prim")),
    case(bellman_ford, _graph_inputs(weighted=True, source=True), CL("graphs.py", "bellman_ford")),
    case(bellman_ford, _graph_inputs(weighted=True, source=True, isolate=True), CL("graphs.py", "bellman_ford", "an unreachable node"), name="clrs.bellman_ford_unreachable"),
    case(dijkstra, _graph_inputs(weighted=True, source=True), CL("graphs.py", "dijkstra")),
    case(dijkstra, _graph_inputs(weighted=True, source=True, isolate=True), CL("graphs.py", "dijkstra", "an unreachable node"), name="clrs.dijkstra_unreachable"),
    case(dag_shortest_paths, _graph_inputs(directed=True, acyclic=True, weighted=True, source=True), CL("graphs.py", "dag_shortest_paths")),
    case(floyd_warshall, _graph_inputs(weighted=True), CL("graphs.py", "floyd_warshall")),
    case(floyd_warshall, _graph_inputs(weighted=True, isolate=True), CL("graphs.py", "floyd_warshall", "an unreachable node"), name="clrs.floyd_warshall_unreachable"),
    case(bipartite_matching, _bipartite, CL("graphs.py", "bipartite_matching", "writes into its argument A")),
]
