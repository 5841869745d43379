"""Music information retrieval metrics from mir_eval (craffel/mir_eval, MIT). util.py: ``interpolate_intervals``
(``np.searchsorted`` bounds, a list of labels written by slices), ``sort_labeled_intervals``, ``intervals_to_boundaries``,
``boundaries_to_intervals`` (``np.asarray(list(zip(...)))``), ``adjust_intervals`` and ``adjust_events``
(``np.argwhere``, ``if len(first_idx) > 0`` crops, ``np.vstack`` / ``np.concatenate`` of a new boundary under ``if``),
``merge_labeled_intervals`` (a loop over the merged boundaries indexing a label list by a masked ``arange``),
``match_events`` (``_fast_hit_windows``' ``searchsorted`` windows extended into lists, a dict graph keyed by the hit
indices, ``_bipartite_match``'s Hopcroft-Karp with a nested recursive function, ``sorted`` of its items; with a
``distance`` function, ``np.where`` of its matrix), ``_outer_distance_mod_n``, ``validate_intervals`` /
``validate_events`` / ``validate_frequencies`` (``raise`` under ``(...).any()`` tests, messages with ``format`` of
values), ``intervals_to_durations``, ``hz_to_midi``, ``midi_to_hz``; beat.py: ``trim_beats`` (a boolean mask),
``_get_reference_beat_variations`` (``np.interp`` at half indices), ``f_measure``, ``cemgil`` (a loop over the five
variations and their beats), ``goto`` (a loop over the beats writing ``paired[n]`` / ``beat_error[n]`` under an ``if`` on
a masked count, ``np.flatnonzero``, a ``track`` bound on some paths only), ``p_score`` (impulse trains sized by
``np.int64(np.ceil(...))`` of the data, ``np.correlate``), ``continuity`` (nested ``if``\\ s per estimated beat on its
``argmin`` neighbour, ``used_annotations[nearest] = 1``), ``information_gain`` and ``_get_entropy`` (``np.histogram`` with
given edges, ``raw_bin_values[raw_bin_values == 0] = 1``); onset.py: ``f_measure``; tempo.py: ``detection``
(``hits[i] = relative_error <= tol`` into a list, ``float(ref_t)``, ``bool(np.max(hits))``); melody.py: ``hz2cents``
(``np.flatnonzero`` write), ``freq_to_voicing``, ``constant_hop_timebase``, ``resample_melody_series``
(``scipy.interpolate.interp1d`` of kinds linear and zero, a loop holding the last non-zero frequency),
``to_cent_voicing`` (``np.insert`` under ``if ref_time[0] > 0``, ``len_diff`` padding), the voicing measures and the raw
pitch, raw chroma and overall accuracies (builtin ``sum`` of a mask, masked products); alignment.py: ``absolute_error``,
``percentage_correct``, ``percentage_correct_segments`` (with and without a ``duration``, ``raise`` on values) and
``karaoke_perceptual_metric`` (``scipy.stats.skewnorm.pdf``); multipitch.py: ``frequencies_to_midi``,
``midi_to_chroma``, ``compute_num_freqs`` (lists of per-frame arrays of different lengths),
``compute_num_true_positives`` (``match_events`` per frame, with the chroma distance), ``compute_accuracy``,
``compute_err_score`` (``np.min([n_ref, n_est], axis=0)``, masked writes); transcription.py: ``match_note_onsets`` and
``match_note_offsets`` (``np.subtract.outer``, ``np.around``, ``np.less_equal`` chosen as a function, the matching
graph), ``average_overlap_ratio`` (builtin ``min`` / ``max`` of items); segment.py: ``deviation``, ``_entropy``
(``np.unique(..., return_inverse=True)``, ``np.bincount``), ``_mutual_info_score`` and ``_adjusted_rand_index``
(``_contingency_matrix``'s ``scipy.sparse.coo_matrix(...).toarray()``, ``scipy.special.comb(..., exact=1)`` in
generator sums); separation.py: ``_project`` (``scipy.fftpack`` FFTs, ``toeplitz`` blocks written into ``G`` in a double
loop, ``np.linalg.solve`` in ``try`` / ``except``, ``fftconvolve`` accumulated into ``sproj``), ``_bss_decomp_mtifilt``
(``e_artif[:nsampl] += estimated_source``), ``_bss_source_crit`` and ``_safe_db``.

Copied from craffel/mir_eval at 1fed5327e2a65c3294579beafa03a6498b4da3d0 (setup.cfg: ``license = MIT``, the version
from ``mir_eval.__version__``, 0.7 at that commit; its LICENSE.txt is the MIT licence, "Copyright (c) 2014 Colin
Raffel"), the files of ``mir_eval/`` named in the sections below and their module constants (``MAX_TIME``,
``MAX_FREQ``, ``MIN_FREQ``, ``N_DECIMALS``). Bodies are as written, comments kept, docstrings dropped.

Adapted, beyond that:

* the modules share one namespace here, so the functions whose names two modules use are prefixed with their module:
  beat.py's and onset.py's ``validate`` and ``f_measure`` (``beat_validate``, ``beat_f_measure``, ``onset_validate``,
  ``onset_f_measure``), and tempo.py's, melody.py's and alignment.py's ``validate``; their definitions and calls are
  marked ``# adapted`` (util.py's ``f_measure`` keeps its name);
* ``from . import util`` becomes ``util``, a ``types.SimpleNamespace`` of the util.py functions copied here, so the
  bodies' ``util.match_events(...)`` stand as written;
* separation.py's functions are deprecated in mir_eval 0.8 through ``@util.deprecated`` (the ``decorator`` package,
  not installed here): the private functions taken here carry no decorator; separation.py's
  ``np.linalg.linalg.LinAlgError`` (a module NumPy 2.4 no longer has) is kept as written: the cases' systems are not
  singular, so the ``except`` clause is never reached;
* wrappers choose what the module's ``evaluate`` or metric function would pass: ``match_events`` with the chroma
  distance, ``percentage_correct_segments`` with a ``duration``, ``adjust_intervals`` / ``adjust_events`` without
  labels and with labels, ``to_cent_voicing`` with a ``hop``; each is a one-line call.

Not taken: chord.py and key.py (chord and key label parsing: regular expressions over strings), hierarchy.py and
pattern.py (nested lists of intervals and patterns), io.py, display.py, sonify.py, the ``evaluate`` functions
(``util.filter_kwargs`` reads ``__code__.co_varnames``), segment.py's ``pairwise``, ``rand_index``, ``nce`` and ``vmeasure``
(``validate_structure`` calls ``util.index_labels`` and ``adjust_intervals`` with label lists),
``_adjusted_mutual_info_score`` (``scipy.special.gammaln`` in a triple loop), multipitch.py's ``resample_multipitch``,
``validate`` and ``metrics``, transcription.py's ``match_notes`` and ``precision_recall_f1_overlap``, separation.py's
``bss_eval_*`` (permutations of the sources, ``itertools.permutations``), util.py's ``index_labels``,
``intervals_to_samples``, ``intersect_files``, ``filter_kwargs`` and ``deprecated``. Copied but run by no case: util.py's
``generate_labels``.

The inputs follow mir_eval's tests in kind (they read annotation files): beat times every 0.5 s from 5 s to 20 s with
jitter, estimates shifted by up to 40 ms (some beyond the 70 ms window); onsets at sorted uniform times with jittered
estimates; reference tempi of 60 and 120 bpm and estimates near them; a melody of 200 frames at 10 ms whose unvoiced
frames (zeros) are at fixed places, estimated a few cents off on a coarser time base; lyrics timestamps; per-frame
pitch lists of fixed lengths (1, 2, 0, 3, ...); note intervals with positive durations; segment boundaries and frame
labels; two sources of 256 samples mixed with a little noise, ``flen=16`` (separation.py's default 512 taps is for
longer signals).
"""

# ruff: noqa: E501, B020, B028, C416, UP032, UP034, F541, UP031, C401, UP006, UP007, UP035
from __future__ import annotations

import types
import warnings
from typing import Optional

import numpy as np
import scipy.fftpack
import scipy.interpolate
import scipy.sparse
import scipy.special
from scipy.linalg import toeplitz
from scipy.signal import fftconvolve
from scipy.stats import skewnorm

from tests.coverage.cases import MIR_EVAL, Source, case


def ME(path: str, original: str, note: str = "") -> Source:
    return Source(MIR_EVAL, "mir_eval/" + path, original, note)


# --- util.py -------------------------------------------------------------------------------------------------------
def generate_labels(items, prefix="__"):
    return ["{}{}".format(prefix, n) for n in range(len(items))]


def interpolate_intervals(intervals, labels, time_points, fill_value=None):
    # Verify that time_points is sorted
    time_points = np.asarray(time_points)

    if np.any(time_points[1:] < time_points[:-1]):
        raise ValueError("time_points must be in non-decreasing order")

    aligned_labels = [fill_value] * len(time_points)

    starts = np.searchsorted(time_points, intervals[:, 0], side="left")
    ends = np.searchsorted(time_points, intervals[:, 1], side="right")

    for start, end, lab in zip(starts, ends, labels):
        aligned_labels[start:end] = [lab] * (end - start)

    return aligned_labels


def sort_labeled_intervals(intervals, labels=None):
    idx = np.argsort(intervals[:, 0])

    intervals_sorted = intervals[idx]

    if labels is None:
        return intervals_sorted
    else:
        return intervals_sorted, [labels[_] for _ in idx]


def f_measure(precision, recall, beta=1.0):
    if precision == 0 and recall == 0:
        return 0.0

    return (1 + beta**2) * precision * recall / ((beta**2) * precision + recall)


def intervals_to_boundaries(intervals, q=5):
    return np.unique(np.ravel(np.round(intervals, decimals=q)))


def boundaries_to_intervals(boundaries):
    if not np.allclose(boundaries, np.unique(boundaries)):
        raise ValueError("Boundary times are not unique or not ascending.")

    intervals = np.asarray(list(zip(boundaries[:-1], boundaries[1:])))

    return intervals


def adjust_intervals(
    intervals,
    labels=None,
    t_min=0.0,
    t_max=None,
    start_label="__T_MIN",
    end_label="__T_MAX",
):
    # When supplied intervals are empty and t_max and t_min are supplied,
    # create one interval from t_min to t_max with the label start_label
    if t_min is not None and t_max is not None and intervals.size == 0:
        return np.array([[t_min, t_max]]), [start_label]
    # When intervals are empty and either t_min or t_max are not supplied,
    # we can't append new intervals
    elif (t_min is None or t_max is None) and intervals.size == 0:
        raise ValueError("Supplied intervals are empty, can't append new" " intervals")

    if t_min is not None:
        # Find the intervals that end at or after t_min
        first_idx = np.argwhere(intervals[:, 1] >= t_min)

        if len(first_idx) > 0:
            # If we have events below t_min, crop them out
            if labels is not None:
                labels = labels[first_idx[0, 0] :]
            # Clip to the range (t_min, +inf)
            intervals = intervals[first_idx[0, 0] :]
        intervals = np.maximum(t_min, intervals)

        if intervals.min() > t_min:
            # Lowest boundary is higher than t_min:
            # add a new boundary and label
            intervals = np.vstack(([t_min, intervals.min()], intervals))
            if labels is not None:
                labels.insert(0, start_label)

    if t_max is not None:
        # Find the intervals that begin after t_max
        last_idx = np.argwhere(intervals[:, 0] > t_max)

        if len(last_idx) > 0:
            # We have boundaries above t_max.
            # Trim to only boundaries <= t_max
            if labels is not None:
                labels = labels[: last_idx[0, 0]]
            # Clip to the range (-inf, t_max)
            intervals = intervals[: last_idx[0, 0]]

        intervals = np.minimum(t_max, intervals)

        if intervals.max() < t_max:
            # Last boundary is below t_max: add a new boundary and label
            intervals = np.vstack((intervals, [intervals.max(), t_max]))
            if labels is not None:
                labels.append(end_label)

    return intervals, labels


def adjust_events(events, labels=None, t_min=0.0, t_max=None, label_prefix="__"):
    if t_min is not None:
        first_idx = np.argwhere(events >= t_min)

        if len(first_idx) > 0:
            # We have events below t_min
            # Crop them out
            if labels is not None:
                labels = labels[first_idx[0, 0] :]
            events = events[first_idx[0, 0] :]

        if events[0] > t_min:
            # Lowest boundary is higher than t_min:
            # add a new boundary and label
            events = np.concatenate(([t_min], events))
            if labels is not None:
                labels.insert(0, "%sT_MIN" % label_prefix)

    if t_max is not None:
        last_idx = np.argwhere(events > t_max)

        if len(last_idx) > 0:
            # We have boundaries above t_max.
            # Trim to only boundaries <= t_max
            if labels is not None:
                labels = labels[: last_idx[0, 0]]
            events = events[: last_idx[0, 0]]

        if events[-1] < t_max:
            # Last boundary is below t_max: add a new boundary and label
            events = np.concatenate((events, [t_max]))
            if labels is not None:
                labels.append("%sT_MAX" % label_prefix)

    return events, labels


def merge_labeled_intervals(x_intervals, x_labels, y_intervals, y_labels):
    align_check = [
        x_intervals[0, 0] == y_intervals[0, 0],
        x_intervals[-1, 1] == y_intervals[-1, 1],
    ]
    if False in align_check:
        raise ValueError(
            "Time intervals do not align; did you mean to call "
            "'adjust_intervals()' first?"
        )
    time_boundaries = np.unique(np.concatenate([x_intervals, y_intervals], axis=0))
    output_intervals = np.array([time_boundaries[:-1], time_boundaries[1:]]).T

    x_labels_out, y_labels_out = [], []
    x_label_range = np.arange(len(x_labels))
    y_label_range = np.arange(len(y_labels))
    for t0, _ in output_intervals:
        x_idx = x_label_range[(t0 >= x_intervals[:, 0])]
        x_labels_out.append(x_labels[x_idx[-1]])
        y_idx = y_label_range[(t0 >= y_intervals[:, 0])]
        y_labels_out.append(y_labels[y_idx[-1]])
    return output_intervals, x_labels_out, y_labels_out


def _bipartite_match(graph):
    # Adapted from:
    #
    # Hopcroft-Karp bipartite max-cardinality matching and max independent set
    # David Eppstein, UC Irvine, 27 Apr 2002

    # initialize greedy matching (redundant, but faster than full search)
    matching = {}
    for u in graph:
        for v in graph[u]:
            if v not in matching:
                matching[v] = u
                break

    while True:
        # structure residual graph into layers
        # pred[u] gives the neighbor in the previous layer for u in U
        # preds[v] gives a list of neighbors in the previous layer for v in V
        # unmatched gives a list of unmatched vertices in final layer of V,
        # and is also used as a flag value for pred[u] when u is in the first
        # layer
        preds = {}
        unmatched = []
        pred = dict([(u, unmatched) for u in graph])
        for v in matching:
            del pred[matching[v]]
        layer = list(pred)

        # repeatedly extend layering structure by another pair of layers
        while layer and not unmatched:
            new_layer = {}
            for u in layer:
                for v in graph[u]:
                    if v not in preds:
                        new_layer.setdefault(v, []).append(u)
            layer = []
            for v in new_layer:
                preds[v] = new_layer[v]
                if v in matching:
                    layer.append(matching[v])
                    pred[matching[v]] = v
                else:
                    unmatched.append(v)

        # did we finish layering without finding any alternating paths?
        if not unmatched:
            unlayered = {}
            for u in graph:
                for v in graph[u]:
                    if v not in preds:
                        unlayered[v] = None
            return matching

        def recurse(v):
            if v in preds:
                L = preds[v]
                del preds[v]
                for u in L:
                    if u in pred:
                        pu = pred[u]
                        del pred[u]
                        if pu is unmatched or recurse(pu):
                            matching[v] = u
                            return True
            return False

        for v in unmatched:
            recurse(v)


def _outer_distance_mod_n(ref, est, modulus=12):
    ref_mod_n = np.mod(ref, modulus)
    est_mod_n = np.mod(est, modulus)
    abs_diff = np.abs(np.subtract.outer(ref_mod_n, est_mod_n))
    return np.minimum(abs_diff, modulus - abs_diff)


def match_events(ref, est, window, distance=None):
    if distance is not None:
        # Compute the indices of feasible pairings
        hits = np.where(distance(ref, est) <= window)
    else:
        hits = _fast_hit_windows(ref, est, window)

    # Construct the graph input
    G = {}
    for ref_i, est_i in zip(*hits):
        if est_i not in G:
            G[est_i] = []
        G[est_i].append(ref_i)

    # Compute the maximum matching
    matching = sorted(_bipartite_match(G).items())

    return matching


def _fast_hit_windows(ref, est, window):
    ref = np.asarray(ref)
    est = np.asarray(est)
    ref_idx = np.argsort(ref)
    ref_sorted = ref[ref_idx]

    left_idx = np.searchsorted(ref_sorted, est - window, side="left")
    right_idx = np.searchsorted(ref_sorted, est + window, side="right")

    hit_ref, hit_est = [], []

    for j, (start, end) in enumerate(zip(left_idx, right_idx)):
        hit_ref.extend(ref_idx[start:end])
        hit_est.extend([j] * (end - start))

    return hit_ref, hit_est


def validate_intervals(intervals):
    # Validate interval shape
    if intervals.ndim != 2 or intervals.shape[1] != 2:
        raise ValueError(
            "Intervals should be n-by-2 numpy ndarray, "
            "but shape={}".format(intervals.shape)
        )

    # Make sure no times are negative
    if (intervals < 0).any():
        raise ValueError("Negative interval times found")

    # Make sure all intervals have strictly positive duration
    if (intervals[:, 1] <= intervals[:, 0]).any():
        raise ValueError("All interval durations must be strictly positive")


def validate_events(events, max_time=30000.0):
    # Make sure no event times are huge
    if (events > max_time).any():
        raise ValueError(
            "An event at time {} was found which is greater than "
            "the maximum allowable time of max_time = {} (did you"
            " supply event times in "
            "seconds?)".format(events.max(), max_time)
        )
    # Make sure event locations are 1-d np ndarrays
    if events.ndim != 1:
        raise ValueError(
            "Event times should be 1-d numpy ndarray, "
            "but shape={}".format(events.shape)
        )
    # Make sure event times are increasing
    if (np.diff(events) < 0).any():
        raise ValueError("Events should be in increasing order.")


def validate_frequencies(frequencies, max_freq, min_freq, allow_negatives=False):
    # If flag is true, map frequencies to their absolute value.
    if allow_negatives:
        frequencies = np.abs(frequencies)
    # Make sure no frequency values are huge
    if (np.abs(frequencies) > max_freq).any():
        raise ValueError(
            "A frequency of {} was found which is greater than "
            "the maximum allowable value of max_freq = {} (did "
            "you supply frequency values in "
            "Hz?)".format(frequencies.max(), max_freq)
        )
    # Make sure no frequency values are tiny
    if (np.abs(frequencies) < min_freq).any():
        raise ValueError(
            "A frequency of {} was found which is less than the "
            "minimum allowable value of min_freq = {} (did you "
            "supply frequency values in "
            "Hz?)".format(frequencies.min(), min_freq)
        )
    # Make sure frequency values are 1-d np ndarrays
    if frequencies.ndim != 1:
        raise ValueError(
            "Frequencies should be 1-d numpy ndarray, "
            "but shape={}".format(frequencies.shape)
        )


def intervals_to_durations(intervals):
    validate_intervals(intervals)
    return np.abs(np.diff(intervals, axis=-1)).flatten()


def hz_to_midi(freqs):
    return 12.0 * (np.log2(freqs) - np.log2(440.0)) + 69.0


def midi_to_hz(midi):
    return 440.0 * (2.0 ** ((midi - 69.0) / 12.0))


# adapted: the other modules' ``from . import util`` (their bodies call ``util.match_events`` ...)
util = types.SimpleNamespace(
    f_measure=f_measure, intervals_to_boundaries=intervals_to_boundaries, _bipartite_match=_bipartite_match,
    _outer_distance_mod_n=_outer_distance_mod_n, match_events=match_events, validate_intervals=validate_intervals,
    validate_events=validate_events, validate_frequencies=validate_frequencies,
    intervals_to_durations=intervals_to_durations,
)


# --- beat.py -------------------------------------------------------------------------------------------------------
MAX_TIME = 30000.0
def trim_beats(beats, min_beat_time=5.0):
    # Remove beats before min_beat_time
    return beats[beats >= min_beat_time]


def beat_validate(reference_beats, estimated_beats):  # adapted: beat.py's validate
    # If reference or estimated beats are empty,
    # warn because metric will be 0
    if reference_beats.size == 0:
        warnings.warn("Reference beats are empty.")
    if estimated_beats.size == 0:
        warnings.warn("Estimated beats are empty.")
    for beats in [reference_beats, estimated_beats]:
        util.validate_events(beats, MAX_TIME)


def _get_reference_beat_variations(reference_beats):
    # Create annotations at twice the metric level
    interpolated_indices = np.arange(0, reference_beats.shape[0] - 0.5, 0.5)
    original_indices = np.arange(0, reference_beats.shape[0])
    double_reference_beats = np.interp(
        interpolated_indices, original_indices, reference_beats
    )
    # Return metric variations:
    # True, off-beat, double tempo, half tempo odd, and half tempo even
    return (
        reference_beats,
        double_reference_beats[1::2],
        double_reference_beats,
        reference_beats[::2],
        reference_beats[1::2],
    )


def beat_f_measure(reference_beats, estimated_beats, f_measure_threshold=0.07):  # adapted: beat.py's f_measure
    beat_validate(reference_beats, estimated_beats)  # adapted: beat.py's validate
    # When estimated beats are empty, no beats are correct; metric is 0
    if estimated_beats.size == 0 or reference_beats.size == 0:
        return 0.0
    # Compute the best-case matching between reference and estimated locations
    matching = util.match_events(reference_beats, estimated_beats, f_measure_threshold)

    precision = float(len(matching)) / len(estimated_beats)
    recall = float(len(matching)) / len(reference_beats)
    return util.f_measure(precision, recall)


def cemgil(reference_beats, estimated_beats, cemgil_sigma=0.04):
    beat_validate(reference_beats, estimated_beats)  # adapted: beat.py's validate
    # When estimated beats are empty, no beats are correct; metric is 0
    if estimated_beats.size == 0 or reference_beats.size == 0:
        return 0.0, 0.0
    # We'll compute Cemgil's accuracy for each variation
    accuracies = []
    for reference_beats in _get_reference_beat_variations(reference_beats):
        accuracy = 0
        # Cycle through beats
        for beat in reference_beats:
            # Find the error for the closest beat to the reference beat
            beat_diff = np.min(np.abs(beat - estimated_beats))
            # Add gaussian error into the accuracy
            accuracy += np.exp(-(beat_diff**2) / (2.0 * cemgil_sigma**2))
        # Normalize the accuracy
        accuracy /= 0.5 * (estimated_beats.shape[0] + reference_beats.shape[0])
        # Add it to our list of accuracy scores
        accuracies.append(accuracy)
    # Return raw accuracy with non-varied annotations
    # and maximal accuracy across all variations
    return accuracies[0], np.max(accuracies)


def goto(
    reference_beats, estimated_beats, goto_threshold=0.35, goto_mu=0.2, goto_sigma=0.2
):
    beat_validate(reference_beats, estimated_beats)  # adapted: beat.py's validate
    # When estimated beats are empty, no beats are correct; metric is 0
    if estimated_beats.size == 0 or reference_beats.size == 0:
        return 0.0
    # Error for each beat
    beat_error = np.ones(reference_beats.shape[0])
    # Flag for whether the reference and estimated beats are paired
    paired = np.zeros(reference_beats.shape[0])
    # Keep track of Goto's three criteria
    goto_criteria = 0
    for n in range(1, reference_beats.shape[0] - 1):
        # Get previous inner-reference-beat-interval
        previous_interval = 0.5 * (reference_beats[n] - reference_beats[n - 1])
        # Window start - in the middle of the current beat and the previous
        window_min = reference_beats[n] - previous_interval
        # Next inter-reference-beat-interval
        next_interval = 0.5 * (reference_beats[n + 1] - reference_beats[n])
        # Window end - in the middle of the current beat and the next
        window_max = reference_beats[n] + next_interval
        # Get estimated beats in the window
        beats_in_window = np.logical_and(
            (estimated_beats >= window_min), (estimated_beats < window_max)
        )
        # False negative/positive
        if beats_in_window.sum() == 0 or beats_in_window.sum() > 1:
            paired[n] = 0
            beat_error[n] = 1
        else:
            # Single beat is paired!
            paired[n] = 1
            # Get offset of the estimated beat and the reference beat
            offset = estimated_beats[beats_in_window] - reference_beats[n]
            # Scale by previous or next interval
            if offset < 0:
                beat_error[n] = offset[0] / previous_interval
            else:
                beat_error[n] = offset[0] / next_interval
    # Get indices of incorrect beats
    incorrect_beats = np.flatnonzero(np.abs(beat_error) > goto_threshold)
    # All beats are correct (first and last will be 0 so always correct)
    if incorrect_beats.shape[0] < 3:
        # Get the track of correct beats
        track = beat_error[incorrect_beats[0] + 1 : incorrect_beats[-1] - 1]
        goto_criteria = 1
    else:
        # Get the track of maximal length
        track_len = np.max(np.diff(incorrect_beats))
        track_start = np.flatnonzero(np.diff(incorrect_beats) == track_len)[0]
        # Is the track length at least 25% of the song?
        if track_len - 1 > 0.25 * (reference_beats.shape[0] - 2):
            goto_criteria = 1
            start_beat = incorrect_beats[track_start]
            end_beat = incorrect_beats[track_start + 1]
            track = beat_error[start_beat : end_beat + 1]
    # If we have a track
    if goto_criteria:
        # Are mean and std of the track less than the required thresholds?
        if np.mean(np.abs(track)) < goto_mu and np.std(track, ddof=1) < goto_sigma:
            goto_criteria = 3
    # If all criteria are met, score is 100%!
    return 1.0 * (goto_criteria == 3)


def p_score(reference_beats, estimated_beats, p_score_threshold=0.2):
    beat_validate(reference_beats, estimated_beats)  # adapted: beat.py's validate
    # Warn when only one beat is provided for either estimated or reference,
    # report a warning
    if reference_beats.size == 1:
        warnings.warn(
            "Only one reference beat was provided, so beat intervals"
            " cannot be computed."
        )
    if estimated_beats.size == 1:
        warnings.warn(
            "Only one estimated beat was provided, so beat intervals"
            " cannot be computed."
        )
    # When estimated or reference beats have <= 1 beats, can't compute the
    # metric, so return 0
    if estimated_beats.size <= 1 or reference_beats.size <= 1:
        return 0.0
    # Quantize beats to 10ms
    sampling_rate = int(1.0 / 0.010)
    # Shift beats so that the minimum in either sequence is zero
    offset = min(estimated_beats.min(), reference_beats.min())
    estimated_beats = np.array(estimated_beats - offset)
    reference_beats = np.array(reference_beats - offset)
    # Get the largest time index
    end_point = np.int64(
        np.ceil(np.max([np.max(estimated_beats), np.max(reference_beats)]))
    )
    # Make impulse trains with impulses at beat locations
    reference_train = np.zeros(end_point * sampling_rate + 1)
    beat_indices = np.ceil(reference_beats * sampling_rate).astype(np.int64)
    reference_train[beat_indices] = 1.0
    estimated_train = np.zeros(end_point * sampling_rate + 1)
    beat_indices = np.ceil(estimated_beats * sampling_rate).astype(np.int64)
    estimated_train[beat_indices] = 1.0
    # Window size to take the correlation over
    # defined as .2*median(inter-annotation-intervals)
    annotation_intervals = np.diff(np.flatnonzero(reference_train))
    win_size = int(np.round(p_score_threshold * np.median(annotation_intervals)))
    # Get full correlation
    train_correlation = np.correlate(reference_train, estimated_train, "full")
    # Get the middle element - note we are rounding down on purpose here
    middle_lag = train_correlation.shape[0] // 2
    # Truncate to only valid lags (those corresponding to the window)
    start = middle_lag - win_size
    end = middle_lag + win_size + 1
    train_correlation = train_correlation[start:end]
    # Compute and return the P-score
    n_beats = np.max([estimated_beats.shape[0], reference_beats.shape[0]])
    return np.sum(train_correlation) / n_beats


def continuity(
    reference_beats,
    estimated_beats,
    continuity_phase_threshold=0.175,
    continuity_period_threshold=0.175,
):
    beat_validate(reference_beats, estimated_beats)  # adapted: beat.py's validate
    # Warn when only one beat is provided for either estimated or reference,
    # report a warning
    if reference_beats.size == 1:
        warnings.warn(
            "Only one reference beat was provided, so beat intervals"
            " cannot be computed."
        )
    if estimated_beats.size == 1:
        warnings.warn(
            "Only one estimated beat was provided, so beat intervals"
            " cannot be computed."
        )
    # When estimated or reference beats have <= 1 beats, can't compute the
    # metric, so return 0
    if estimated_beats.size <= 1 or reference_beats.size <= 1:
        return 0.0, 0.0, 0.0, 0.0
    # Accuracies for each variation
    continuous_accuracies = []
    total_accuracies = []
    # Get accuracy for each variation
    for reference_beats in _get_reference_beat_variations(reference_beats):
        # Annotations that have been used
        n_annotations = np.max([reference_beats.shape[0], estimated_beats.shape[0]])
        used_annotations = np.zeros(n_annotations)
        # Whether or not we are continuous at any given point
        beat_successes = np.zeros(n_annotations)
        for m in range(estimated_beats.shape[0]):
            # Is this beat correct?
            beat_success = 0
            # Get differences for this beat
            beat_differences = np.abs(estimated_beats[m] - reference_beats)
            # Get nearest annotation index
            nearest = np.argmin(beat_differences)
            min_difference = beat_differences[nearest]
            # Have we already used this annotation?
            if used_annotations[nearest] == 0:
                # Is this the first beat or first annotation?
                # If so, look forward.
                if m == 0 or nearest == 0:
                    # How far is the estimated beat from the reference beat,
                    # relative to the inter-annotation-interval?
                    if nearest + 1 < reference_beats.shape[0]:
                        reference_interval = (
                            reference_beats[nearest + 1] - reference_beats[nearest]
                        )
                    else:
                        # Special case when nearest + 1 is too large - use the
                        # previous interval instead
                        reference_interval = (
                            reference_beats[nearest] - reference_beats[nearest - 1]
                        )
                    # Handle this special case when beats are not unique
                    if reference_interval == 0:
                        if min_difference == 0:
                            phase = 1
                        else:
                            phase = np.inf
                    else:
                        phase = np.abs(min_difference / reference_interval)
                    # How close is the inter-beat-interval
                    # to the inter-annotation-interval?
                    if m + 1 < estimated_beats.shape[0]:
                        estimated_interval = estimated_beats[m + 1] - estimated_beats[m]
                    else:
                        # Special case when m + 1 is too large - use the
                        # previous interval
                        estimated_interval = estimated_beats[m] - estimated_beats[m - 1]
                    # Handle this special case when beats are not unique
                    if reference_interval == 0:
                        if estimated_interval == 0:
                            period = 0
                        else:
                            period = np.inf
                    else:
                        period = np.abs(1 - estimated_interval / reference_interval)
                    if (
                        phase < continuity_phase_threshold
                        and period < continuity_period_threshold
                    ):
                        # Set this annotation as used
                        used_annotations[nearest] = 1
                        # This beat is matched
                        beat_success = 1
                # This beat/annotation is not the first
                else:
                    # How far is the estimated beat from the reference beat,
                    # relative to the inter-annotation-interval?
                    reference_interval = (
                        reference_beats[nearest] - reference_beats[nearest - 1]
                    )
                    phase = np.abs(min_difference / reference_interval)
                    # How close is the inter-beat-interval
                    # to the inter-annotation-interval?
                    estimated_interval = estimated_beats[m] - estimated_beats[m - 1]
                    reference_interval = (
                        reference_beats[nearest] - reference_beats[nearest - 1]
                    )
                    period = np.abs(1 - estimated_interval / reference_interval)
                    if (
                        phase < continuity_phase_threshold
                        and period < continuity_period_threshold
                    ):
                        # Set this annotation as used
                        used_annotations[nearest] = 1
                        # This beat is matched
                        beat_success = 1
            # Set whether this beat is matched or not
            beat_successes[m] = beat_success
        # Add 0s at the begnning and end
        # so that we at least find the beginning/end of the estimated beats
        beat_successes = np.append(np.append(0, beat_successes), 0)
        # Where is the beat not a match?
        beat_failures = np.nonzero(beat_successes == 0)[0]
        # Take out those zeros we added
        beat_successes = beat_successes[1:-1]
        # Get the continuous accuracy as the longest track of successful beats
        longest_track = np.max(np.diff(beat_failures)) - 1
        continuous_accuracy = longest_track / (1.0 * beat_successes.shape[0])
        continuous_accuracies.append(continuous_accuracy)
        # Get the total accuracy - all sequences
        total_accuracy = np.sum(beat_successes) / (1.0 * beat_successes.shape[0])
        total_accuracies.append(total_accuracy)
    # Grab accuracy scores
    return (
        continuous_accuracies[0],
        total_accuracies[0],
        np.max(continuous_accuracies),
        np.max(total_accuracies),
    )


def information_gain(reference_beats, estimated_beats, bins=41):
    beat_validate(reference_beats, estimated_beats)  # adapted: beat.py's validate
    # If an even number of bins is provided,
    # there will be no bin centered at zero, so warn the user.
    if not bins % 2:
        warnings.warn(
            "bins parameter is even, " "so there will not be a bin centered at zero."
        )
    # Warn when only one beat is provided for either estimated or reference,
    # report a warning
    if reference_beats.size == 1:
        warnings.warn(
            "Only one reference beat was provided, so beat intervals"
            " cannot be computed."
        )
    if estimated_beats.size == 1:
        warnings.warn(
            "Only one estimated beat was provided, so beat intervals"
            " cannot be computed."
        )
    # When estimated or reference beats have <= 1 beats, can't compute the
    # metric, so return 0
    if estimated_beats.size <= 1 or reference_beats.size <= 1:
        return 0.0
    # Get entropy for reference beats->estimated beats
    # and estimated beats->reference beats
    forward_entropy = _get_entropy(reference_beats, estimated_beats, bins)
    backward_entropy = _get_entropy(estimated_beats, reference_beats, bins)
    # Pick the larger of the entropies
    norm = np.log2(bins)
    if forward_entropy > backward_entropy:
        # Note that the beat evaluation toolbox does not normalize
        information_gain_score = (norm - forward_entropy) / norm
    else:
        information_gain_score = (norm - backward_entropy) / norm
    return information_gain_score


def _get_entropy(reference_beats, estimated_beats, bins):
    beat_error = np.zeros(estimated_beats.shape[0])
    for n in range(estimated_beats.shape[0]):
        # Get index of closest annotation to this beat
        beat_distances = estimated_beats[n] - reference_beats
        closest_beat = np.argmin(np.abs(beat_distances))
        absolute_error = beat_distances[closest_beat]
        # If the first annotation is closest...
        if closest_beat == 0:
            # Inter-annotation interval - space between first two beats
            interval = 0.5 * (reference_beats[1] - reference_beats[0])
        # If last annotation is closest...
        if closest_beat == (reference_beats.shape[0] - 1):
            interval = 0.5 * (reference_beats[-1] - reference_beats[-2])
        else:
            if absolute_error < 0:
                # Closest annotation is the one before the current beat
                # so look at previous inner-annotation-interval
                start = reference_beats[closest_beat]
                end = reference_beats[closest_beat - 1]
                interval = 0.5 * (start - end)
            else:
                # Closest annotation is the one after the current beat
                # so look at next inner-annotation-interval
                start = reference_beats[closest_beat + 1]
                end = reference_beats[closest_beat]
                interval = 0.5 * (start - end)
        # The actual error of this beat
        beat_error[n] = 0.5 * absolute_error / interval
    # Put beat errors in range (-.5, .5)
    beat_error = np.mod(beat_error + 0.5, -1) + 0.5
    # Note these are slightly different the beat evaluation toolbox
    # (they are uniform)
    histogram_bin_edges = np.linspace(-0.5, 0.5, bins + 1)
    # Get the histogram
    raw_bin_values = np.histogram(beat_error, histogram_bin_edges)[0]
    # Turn into a proper probability distribution
    raw_bin_values = raw_bin_values / (1.0 * np.sum(raw_bin_values))
    # Set zero-valued bins to 1 to make the entropy calculation well-behaved
    raw_bin_values[raw_bin_values == 0] = 1
    # Calculate entropy
    return -np.sum(raw_bin_values * np.log2(raw_bin_values))


# --- onset.py ------------------------------------------------------------------------------------------------------
def onset_validate(reference_onsets, estimated_onsets):  # adapted: onset.py's validate
    # If reference or estimated onsets are empty, warn because metric will be 0
    if reference_onsets.size == 0:
        warnings.warn("Reference onsets are empty.")
    if estimated_onsets.size == 0:
        warnings.warn("Estimated onsets are empty.")
    for onsets in [reference_onsets, estimated_onsets]:
        util.validate_events(onsets, MAX_TIME)


def onset_f_measure(reference_onsets, estimated_onsets, window=0.05):  # adapted: onset.py's f_measure
    onset_validate(reference_onsets, estimated_onsets)  # adapted: onset.py's validate
    # If either list is empty, return 0s
    if reference_onsets.size == 0 or estimated_onsets.size == 0:
        return 0.0, 0.0, 0.0
    # Compute the best-case matching between reference and estimated onset
    # locations
    matching = util.match_events(reference_onsets, estimated_onsets, window)

    precision = float(len(matching)) / len(estimated_onsets)
    recall = float(len(matching)) / len(reference_onsets)
    # Compute F-measure and return all statistics
    return util.f_measure(precision, recall), precision, recall


# --- tempo.py ------------------------------------------------------------------------------------------------------
def validate_tempi(tempi, reference=True):
    if tempi.size != 2:
        raise ValueError("tempi must have exactly two values")

    if not np.all(np.isfinite(tempi)) or np.any(tempi < 0):
        raise ValueError("tempi={} must be non-negative numbers".format(tempi))

    if reference and np.all(tempi == 0):
        raise ValueError(
            "reference tempi={} must have one" " value greater than zero".format(tempi)
        )


def tempo_validate(reference_tempi, reference_weight, estimated_tempi):  # adapted: tempo.py's validate
    validate_tempi(reference_tempi, reference=True)
    validate_tempi(estimated_tempi, reference=False)

    if reference_weight < 0 or reference_weight > 1:
        raise ValueError("Reference weight must lie in range [0, 1]")


def detection(reference_tempi, reference_weight, estimated_tempi, tol=0.08):
    tempo_validate(reference_tempi, reference_weight, estimated_tempi)  # adapted: tempo.py's validate

    if tol < 0 or tol > 1:
        raise ValueError(
            "invalid tolerance {}: must lie in the range " "[0, 1]".format(tol)
        )
    if tol == 0.0:
        warnings.warn("A tolerance of 0.0 may not " "lead to the results you expect.")

    hits = [False, False]

    for i, ref_t in enumerate(reference_tempi):
        if ref_t > 0:
            # Compute the relative error for this reference tempo
            f_ref_t = float(ref_t)
            relative_error = np.min(np.abs(ref_t - estimated_tempi) / f_ref_t)

            # Count the hits
            hits[i] = relative_error <= tol

    p_score = reference_weight * hits[0] + (1.0 - reference_weight) * hits[1]

    one_correct = bool(np.max(hits))
    both_correct = bool(np.min(hits))

    return p_score, one_correct, both_correct


# --- melody.py -----------------------------------------------------------------------------------------------------
def validate_voicing(ref_voicing, est_voicing):
    if ref_voicing.size == 0:
        warnings.warn("Reference voicing array is empty.")
    if est_voicing.size == 0:
        warnings.warn("Estimated voicing array is empty.")
    if ref_voicing.sum() == 0:
        warnings.warn("Reference melody has no voiced frames.")
    if est_voicing.sum() == 0:
        warnings.warn("Estimated melody has no voiced frames.")
    # Make sure they're the same length
    if ref_voicing.shape[0] != est_voicing.shape[0]:
        raise ValueError(
            "Reference and estimated voicing arrays should " "be the same length."
        )
    for voicing in [ref_voicing, est_voicing]:
        # Make sure voicing is between 0 and 1
        if np.logical_or(voicing < 0, voicing > 1).any():
            raise ValueError("Voicing arrays must be between 0 and 1.")


def melody_validate(ref_voicing, ref_cent, est_voicing, est_cent):  # adapted: melody.py's validate
    if ref_cent.size == 0:
        warnings.warn("Reference frequency array is empty.")
    if est_cent.size == 0:
        warnings.warn("Estimated frequency array is empty.")
    # Make sure they're the same length
    if (
        ref_voicing.shape[0] != ref_cent.shape[0]
        or est_voicing.shape[0] != est_cent.shape[0]
        or ref_cent.shape[0] != est_cent.shape[0]
    ):
        raise ValueError(
            "All voicing and frequency arrays must have the " "same length."
        )


def hz2cents(freq_hz, base_frequency=10.0):
    freq_cent = np.zeros(freq_hz.shape[0])
    freq_nonz_ind = np.flatnonzero(freq_hz)
    normalized_frequency = np.abs(freq_hz[freq_nonz_ind]) / base_frequency
    freq_cent[freq_nonz_ind] = 1200.0 * np.log2(normalized_frequency)
    return freq_cent


def freq_to_voicing(frequencies, voicing=None):
    if voicing is not None:
        voicing[frequencies == 0] = 0
    else:
        voicing = (frequencies > 0).astype(float)
    return np.abs(frequencies), voicing


def constant_hop_timebase(hop, end_time):
    # Compute new timebase.  Rounding/linspace is to avoid float problems.
    end_time = np.round(end_time, 10)
    times = np.linspace(
        0, hop * int(np.floor(end_time / hop)), int(np.floor(end_time / hop)) + 1
    )
    times = np.round(times, 10)
    return times


def resample_melody_series(times, frequencies, voicing, times_new, kind="linear"):
    # If the timebases are already the same, no need to interpolate
    if times.shape == times_new.shape and np.allclose(times, times_new):
        return frequencies, voicing

    # Warn when the delta between the original times is not constant,
    # unless times[0] == 0. and frequencies[0] == frequencies[1] (see logic at
    # the beginning of to_cent_voicing)
    if not (
        np.allclose(np.diff(times), np.diff(times).mean())
        or (
            np.allclose(np.diff(times[1:]), np.diff(times[1:]).mean())
            and frequencies[0] == frequencies[1]
        )
    ):
        warnings.warn(
            "Non-uniform timescale passed to resample_melody_series.  Pitch "
            "will be linearly interpolated, which will result in undesirable "
            "behavior if silences are indicated by missing values.  Silences "
            "should be indicated by nonpositive frequency values."
        )
    # Round to avoid floating point problems
    times = np.round(times, 10)
    times_new = np.round(times_new, 10)
    # Add in an additional sample if we'll be asking for a time too large
    if times_new.max() > times.max():
        times = np.append(times, times_new.max())
        frequencies = np.append(frequencies, 0)
        voicing = np.append(voicing, 0)
    # We need to fix zero transitions if interpolation is not zero or nearest
    if kind != "zero" and kind != "nearest":
        # Fill in zero values with the last reported frequency
        # to avoid erroneous values when resampling
        frequencies_held = np.array(frequencies)
        for n, frequency in enumerate(frequencies[1:]):
            if frequency == 0:
                frequencies_held[n + 1] = frequencies_held[n]
        # Linearly interpolate frequencies
        frequencies_resampled = scipy.interpolate.interp1d(
            times, frequencies_held, kind
        )(times_new)
        # Retain zeros
        frequency_mask = scipy.interpolate.interp1d(times, frequencies, "zero")(
            times_new
        )
        frequencies_resampled *= frequency_mask != 0
    else:
        frequencies_resampled = scipy.interpolate.interp1d(times, frequencies, kind)(
            times_new
        )

    # Use nearest-neighbor for voicing if it was used for frequencies
    # if voicing is not binary, use linear interpolation
    is_binary_voicing = np.all(
        np.logical_or(np.equal(voicing, 0), np.equal(voicing, 1))
    )
    if kind == "nearest" or (kind == "linear" and not is_binary_voicing):
        voicing_resampled = scipy.interpolate.interp1d(times, voicing, kind)(times_new)
    # otherwise, always use zeroth order
    else:
        voicing_resampled = scipy.interpolate.interp1d(times, voicing, "zero")(
            times_new
        )

    return frequencies_resampled, voicing_resampled


def to_cent_voicing(
    ref_time,
    ref_freq,
    est_time,
    est_freq,
    est_voicing=None,
    ref_reward=None,
    base_frequency=10.0,
    hop=None,
    kind="linear",
):
    # Check if missing sample at time 0 and if so add one
    if ref_time[0] > 0:
        ref_time = np.insert(ref_time, 0, 0)
        ref_freq = np.insert(ref_freq, 0, ref_freq[0])
        if ref_reward is not None:
            ref_reward = np.insert(ref_reward, 0, ref_reward[0])
    if est_time[0] > 0:
        est_time = np.insert(est_time, 0, 0)
        est_freq = np.insert(est_freq, 0, est_freq[0])
        if est_voicing is not None:
            est_voicing = np.insert(est_voicing, 0, est_voicing[0])

    # Get separated frequency array and voicing array
    ref_freq, ref_voicing = freq_to_voicing(ref_freq, ref_reward)
    est_freq, est_voicing = freq_to_voicing(est_freq, est_voicing)
    # convert both sequences to cents
    ref_cent = hz2cents(ref_freq, base_frequency)
    est_cent = hz2cents(est_freq, base_frequency)

    # If we received a hop, use it to resample both
    if hop is not None:
        # Resample to common time base
        ref_cent, ref_voicing = resample_melody_series(
            ref_time,
            ref_cent,
            ref_voicing,
            constant_hop_timebase(hop, ref_time.max()),
            kind,
        )
        est_cent, est_voicing = resample_melody_series(
            est_time,
            est_cent,
            est_voicing,
            constant_hop_timebase(hop, est_time.max()),
            kind,
        )
    # Otherwise, only resample estimated to the reference time base
    else:
        est_cent, est_voicing = resample_melody_series(
            est_time, est_cent, est_voicing, ref_time, kind
        )
    # ensure the estimated sequence is the same length as the reference
    len_diff = ref_cent.shape[0] - est_cent.shape[0]
    if len_diff >= 0:
        est_cent = np.append(est_cent, np.zeros(len_diff))
        est_voicing = np.append(est_voicing, np.zeros(len_diff))
    else:
        est_cent = est_cent[: ref_cent.shape[0]]
        est_voicing = est_voicing[: ref_voicing.shape[0]]

    return (ref_voicing, ref_cent, est_voicing, est_cent)


def voicing_recall(ref_voicing, est_voicing):
    if ref_voicing.size == 0 or est_voicing.size == 0:
        return 0.0
    ref_indicator = (ref_voicing > 0).astype(float)
    if np.sum(ref_indicator) == 0:
        return 1
    return np.sum(est_voicing * ref_indicator) / np.sum(ref_indicator)


def voicing_false_alarm(ref_voicing, est_voicing):
    if ref_voicing.size == 0 or est_voicing.size == 0:
        return 0.0
    ref_indicator = (ref_voicing == 0).astype(float)
    if np.sum(ref_indicator) == 0:
        return 0
    return np.sum(est_voicing * ref_indicator) / np.sum(ref_indicator)


def voicing_measures(ref_voicing, est_voicing):
    validate_voicing(ref_voicing, est_voicing)
    vx_recall = voicing_recall(ref_voicing, est_voicing)
    vx_false_alm = voicing_false_alarm(ref_voicing, est_voicing)
    return vx_recall, vx_false_alm


def raw_pitch_accuracy(ref_voicing, ref_cent, est_voicing, est_cent, cent_tolerance=50):
    validate_voicing(ref_voicing, est_voicing)
    melody_validate(ref_voicing, ref_cent, est_voicing, est_cent)  # adapted: melody.py's validate
    # When input arrays are empty, return 0 by special case
    # If there are no voiced frames in reference, metric is 0
    if (
        ref_voicing.size == 0
        or ref_voicing.sum() == 0
        or ref_cent.size == 0
        or est_cent.size == 0
    ):
        return 0.0

    # Raw pitch = the number of voiced frames in the reference for which the
    # estimate provides a correct frequency value (within cent_tolerance cents)
    # NB: voicing estimation is ignored in this measure

    nonzero_freqs = np.logical_and(est_cent != 0, ref_cent != 0)

    if sum(nonzero_freqs) == 0:
        return 0.0

    freq_diff_cents = np.abs(ref_cent - est_cent)[nonzero_freqs]
    correct_frequencies = freq_diff_cents < cent_tolerance
    rpa = np.sum(ref_voicing[nonzero_freqs] * correct_frequencies) / np.sum(ref_voicing)
    return rpa


def raw_chroma_accuracy(
    ref_voicing, ref_cent, est_voicing, est_cent, cent_tolerance=50
):
    validate_voicing(ref_voicing, est_voicing)
    melody_validate(ref_voicing, ref_cent, est_voicing, est_cent)  # adapted: melody.py's validate
    # When input arrays are empty, return 0 by special case
    # If there are no voiced frames in reference, metric is 0
    if (
        ref_voicing.size == 0
        or ref_voicing.sum() == 0
        or ref_cent.size == 0
        or est_cent.size == 0
    ):
        return 0.0

    # # Raw chroma = same as raw pitch except that octave errors are ignored.
    nonzero_freqs = np.logical_and(est_cent != 0, ref_cent != 0)

    if sum(nonzero_freqs) == 0:
        return 0.0

    freq_diff_cents = np.abs(ref_cent - est_cent)[nonzero_freqs]
    octave = 1200.0 * np.floor(freq_diff_cents / 1200 + 0.5)
    correct_chroma = np.abs(freq_diff_cents - octave) < cent_tolerance
    rca = np.sum(ref_voicing[nonzero_freqs] * correct_chroma) / np.sum(ref_voicing)
    return rca


def overall_accuracy(ref_voicing, ref_cent, est_voicing, est_cent, cent_tolerance=50):
    validate_voicing(ref_voicing, est_voicing)
    melody_validate(ref_voicing, ref_cent, est_voicing, est_cent)  # adapted: melody.py's validate

    # When input arrays are empty, return 0 by special case
    if (
        ref_voicing.size == 0
        or est_voicing.size == 0
        or ref_cent.size == 0
        or est_cent.size == 0
    ):
        return 0.0

    nonzero_freqs = np.logical_and(est_cent != 0, ref_cent != 0)
    freq_diff_cents = np.abs(ref_cent - est_cent)[nonzero_freqs]
    correct_frequencies = freq_diff_cents < cent_tolerance
    ref_binary = (ref_voicing > 0).astype(float)
    n_frames = float(len(ref_voicing))

    if np.sum(ref_voicing) == 0:
        ratio = 0.0
    else:
        ratio = np.sum(ref_binary) / np.sum(ref_voicing)

    accuracy = (
        (
            ratio
            * np.sum(
                ref_voicing[nonzero_freqs]
                * est_voicing[nonzero_freqs]
                * correct_frequencies
            )
        )
        + np.sum((1.0 - ref_binary) * (1.0 - est_voicing))
    ) / n_frames

    return accuracy


# --- alignment.py --------------------------------------------------------------------------------------------------
def alignment_validate(reference_timestamps: np.ndarray, estimated_timestamps: np.ndarray):  # adapted: alignment.py's validate
    # We need to have 1D numpy arrays
    if not isinstance(reference_timestamps, np.ndarray):
        raise ValueError(
            "Reference timestamps need to be a numpy array, but got"
            f" {type(reference_timestamps)}"
        )
    if not isinstance(estimated_timestamps, np.ndarray):
        raise ValueError(
            "Estimated timestamps need to be a numpy array, but got"
            f" {type(estimated_timestamps)}"
        )
    if reference_timestamps.ndim != 1:
        raise ValueError(
            "Reference timestamps need to be a one-dimensional vector, but got"
            f" {reference_timestamps.ndim} dimensions"
        )
    if estimated_timestamps.ndim != 1:
        raise ValueError(
            "Estimated timestamps need to be a one-dimensional vector, but got"
            f" {estimated_timestamps.ndim} dimensions"
        )

    # If reference or estimated timestamps are empty, cannot compute metric
    if reference_timestamps.size == 0:
        raise ValueError("Reference timestamps are empty.")
    if estimated_timestamps.size != reference_timestamps.size:
        raise ValueError(
            "Number of timestamps must be the same in prediction and ground"
            f" truth, but found {estimated_timestamps.size} in prediction and"
            f" {reference_timestamps.size} in ground truth"
        )

    # Check monotonicity
    if not np.all(reference_timestamps[1:] - reference_timestamps[:-1] >= 0):
        raise ValueError("Reference timestamps are not monotonically increasing!")
    if not np.all(estimated_timestamps[1:] - estimated_timestamps[:-1] >= 0):
        raise ValueError("Estimated timestamps are not monotonically increasing!")

    # Check positivity (need for correct PCS metric calculation)
    if not np.all(reference_timestamps >= 0):
        raise ValueError("Reference timestamps can not be below 0!")
    if not np.all(estimated_timestamps >= 0):
        raise ValueError("Estimated timestamps can not be below 0!")


def absolute_error(reference_timestamps, estimated_timestamps):
    alignment_validate(reference_timestamps, estimated_timestamps)  # adapted: alignment.py's validate
    deviations = np.abs(reference_timestamps - estimated_timestamps)
    return np.median(deviations), np.mean(deviations)


def percentage_correct(reference_timestamps, estimated_timestamps, window=0.3):
    alignment_validate(reference_timestamps, estimated_timestamps)  # adapted: alignment.py's validate
    deviations = np.abs(reference_timestamps - estimated_timestamps)
    return np.mean(deviations <= window)


def percentage_correct_segments(
    reference_timestamps, estimated_timestamps, duration: Optional[float] = None
):
    alignment_validate(reference_timestamps, estimated_timestamps)  # adapted: alignment.py's validate
    if duration is not None:
        duration = float(duration)
        if duration <= 0:
            raise ValueError(
                f"Positive duration needs to be provided, but got {duration}"
            )
        if np.max(reference_timestamps) > duration:
            raise ValueError(
                "Expected largest reference timestamp"
                f"{np.max(reference_timestamps)} to not be "
                f"larger than duration {duration}"
            )
        if np.max(estimated_timestamps) > duration:
            raise ValueError(
                "Expected largest estimated timestamp "
                f"{np.max(estimated_timestamps)} to not be "
                f"larger than duration {duration}"
            )

        ref_starts = np.concatenate([[0], reference_timestamps])
        ref_ends = np.concatenate([reference_timestamps, [duration]])
        est_starts = np.concatenate([[0], estimated_timestamps])
        est_ends = np.concatenate([estimated_timestamps, [duration]])
    else:
        # MIREX lyrics alignment 2020 style:
        # Ignore regions before start and after end reference timestamp
        duration = reference_timestamps[-1] - reference_timestamps[0]
        if duration <= 0:
            raise ValueError(
                f"Reference timestamps are all identical, can not compute PCS"
                f" metric!"
            )

        ref_starts = reference_timestamps[:-1]
        ref_ends = reference_timestamps[1:]
        est_starts = estimated_timestamps[:-1]
        est_ends = estimated_timestamps[1:]

    overlap_starts = np.maximum(ref_starts, est_starts)
    overlap_ends = np.minimum(ref_ends, est_ends)
    overlap_duration = np.sum(np.maximum(overlap_ends - overlap_starts, 0))
    return overlap_duration / duration


def karaoke_perceptual_metric(reference_timestamps, estimated_timestamps):
    alignment_validate(reference_timestamps, estimated_timestamps)  # adapted: alignment.py's validate
    offsets = estimated_timestamps - reference_timestamps

    # Score offsets using a certain skewed normal distribution
    skewness = 1.12244251
    localisation = -0.22270315
    scale = 0.29779424
    normalisation_factor = 1.6857
    perceptual_scores = (1.0 / normalisation_factor) * skewnorm.pdf(
        offsets, skewness, loc=localisation, scale=scale
    )

    return np.mean(perceptual_scores)


# --- multipitch.py -------------------------------------------------------------------------------------------------
MAX_FREQ = 5000.0  # The maximum allowable frequency (Hz)
MIN_FREQ = 20.0  # The minimum allowable frequency (Hz)
def frequencies_to_midi(frequencies, ref_frequency=440.0):
    return [69.0 + 12.0 * np.log2(freqs / ref_frequency) for freqs in frequencies]


def midi_to_chroma(frequencies_midi):
    return [np.mod(freqs, 12) for freqs in frequencies_midi]


def compute_num_freqs(frequencies):
    return np.array([f.size for f in frequencies])


def compute_num_true_positives(ref_freqs, est_freqs, window=0.5, chroma=False):
    n_frames = len(ref_freqs)
    true_positives = np.zeros((n_frames,))

    for i, (ref_frame, est_frame) in enumerate(zip(ref_freqs, est_freqs)):
        if chroma:
            # match chroma-wrapped frequency events
            matching = util.match_events(
                ref_frame, est_frame, window, distance=util._outer_distance_mod_n
            )
        else:
            # match frequency events within tolerance window in semitones
            matching = util.match_events(ref_frame, est_frame, window)

        true_positives[i] = len(matching)

    return true_positives


def compute_accuracy(true_positives, n_ref, n_est):
    true_positive_sum = float(true_positives.sum())

    n_est_sum = n_est.sum()
    if n_est_sum > 0:
        precision = true_positive_sum / n_est.sum()
    else:
        warnings.warn("Estimate frequencies are all empty.")
        precision = 0.0

    n_ref_sum = n_ref.sum()
    if n_ref_sum > 0:
        recall = true_positive_sum / n_ref.sum()
    else:
        warnings.warn("Reference frequencies are all empty.")
        recall = 0.0

    acc_denom = (n_est + n_ref - true_positives).sum()
    if acc_denom > 0:
        acc = true_positive_sum / acc_denom
    else:
        acc = 0.0

    return precision, recall, acc


def compute_err_score(true_positives, n_ref, n_est):
    n_ref_sum = float(n_ref.sum())

    if n_ref_sum == 0:
        warnings.warn("Reference frequencies are all empty.")
        return 0.0, 0.0, 0.0, 0.0

    # Substitution error
    e_sub = (np.min([n_ref, n_est], axis=0) - true_positives).sum() / n_ref_sum

    # compute the max of (n_ref - n_est) and 0
    e_miss_numerator = n_ref - n_est
    e_miss_numerator[e_miss_numerator < 0] = 0
    # Miss error
    e_miss = e_miss_numerator.sum() / n_ref_sum

    # compute the max of (n_est - n_ref) and 0
    e_fa_numerator = n_est - n_ref
    e_fa_numerator[e_fa_numerator < 0] = 0
    # False alarm error
    e_fa = e_fa_numerator.sum() / n_ref_sum

    # total error
    e_tot = (np.max([n_ref, n_est], axis=0) - true_positives).sum() / n_ref_sum

    return e_sub, e_miss, e_fa, e_tot


# --- transcription.py ----------------------------------------------------------------------------------------------
N_DECIMALS = 4
def match_note_offsets(
    ref_intervals,
    est_intervals,
    offset_ratio=0.2,
    offset_min_tolerance=0.05,
    strict=False,
):
    # set the comparison function
    if strict:
        cmp_func = np.less
    else:
        cmp_func = np.less_equal

    # check for offset matches
    offset_distances = np.abs(
        np.subtract.outer(ref_intervals[:, 1], est_intervals[:, 1])
    )
    # Round distances to a target precision to avoid the situation where
    # if the distance is exactly 50ms (and strict=False) it erroneously
    # doesn't match the notes because of precision issues.
    offset_distances = np.around(offset_distances, decimals=N_DECIMALS)
    ref_durations = util.intervals_to_durations(ref_intervals)
    offset_tolerances = np.maximum(offset_ratio * ref_durations, offset_min_tolerance)
    offset_hit_matrix = cmp_func(offset_distances, offset_tolerances.reshape(-1, 1))

    # check for hits
    hits = np.where(offset_hit_matrix)

    # Construct the graph input
    # Flip graph so that 'matching' is a list of tuples where the first item
    # in each tuple is the reference note index, and the second item is the
    # estimated note index.
    G = {}
    for ref_i, est_i in zip(*hits):
        if est_i not in G:
            G[est_i] = []
        G[est_i].append(ref_i)

    # Compute the maximum matching
    matching = sorted(util._bipartite_match(G).items())

    return matching


def match_note_onsets(ref_intervals, est_intervals, onset_tolerance=0.05, strict=False):
    # set the comparison function
    if strict:
        cmp_func = np.less
    else:
        cmp_func = np.less_equal

    # check for onset matches
    onset_distances = np.abs(
        np.subtract.outer(ref_intervals[:, 0], est_intervals[:, 0])
    )
    # Round distances to a target precision to avoid the situation where
    # if the distance is exactly 50ms (and strict=False) it erroneously
    # doesn't match the notes because of precision issues.
    onset_distances = np.around(onset_distances, decimals=N_DECIMALS)
    onset_hit_matrix = cmp_func(onset_distances, onset_tolerance)

    # find hits
    hits = np.where(onset_hit_matrix)

    # Construct the graph input
    # Flip graph so that 'matching' is a list of tuples where the first item
    # in each tuple is the reference note index, and the second item is the
    # estimated note index.
    G = {}
    for ref_i, est_i in zip(*hits):
        if est_i not in G:
            G[est_i] = []
        G[est_i].append(ref_i)

    # Compute the maximum matching
    matching = sorted(util._bipartite_match(G).items())

    return matching


def average_overlap_ratio(ref_intervals, est_intervals, matching):
    ratios = []
    for match in matching:
        ref_int = ref_intervals[match[0]]
        est_int = est_intervals[match[1]]
        overlap_ratio = (min(ref_int[1], est_int[1]) - max(ref_int[0], est_int[0])) / (
            max(ref_int[1], est_int[1]) - min(ref_int[0], est_int[0])
        )
        ratios.append(overlap_ratio)

    if len(ratios) == 0:
        return 0
    else:
        return np.mean(ratios)


# --- segment.py ----------------------------------------------------------------------------------------------------
def validate_boundary(reference_intervals, estimated_intervals, trim):
    if trim:
        # If we're trimming, then we need at least 2 intervals
        min_size = 2
    else:
        # If we're not trimming, then we only need one interval
        min_size = 1

    if len(reference_intervals) < min_size:
        warnings.warn("Reference intervals are empty.")

    if len(estimated_intervals) < min_size:
        warnings.warn("Estimated intervals are empty.")

    for intervals in [reference_intervals, estimated_intervals]:
        util.validate_intervals(intervals)


def deviation(reference_intervals, estimated_intervals, trim=False):
    validate_boundary(reference_intervals, estimated_intervals, trim)

    # Convert intervals to boundaries
    reference_boundaries = util.intervals_to_boundaries(reference_intervals)
    estimated_boundaries = util.intervals_to_boundaries(estimated_intervals)

    # Suppress the first and last intervals
    if trim:
        reference_boundaries = reference_boundaries[1:-1]
        estimated_boundaries = estimated_boundaries[1:-1]

    # If we have no boundaries, we get no score.
    if len(reference_boundaries) == 0 or len(estimated_boundaries) == 0:
        return np.nan, np.nan

    dist = np.abs(np.subtract.outer(reference_boundaries, estimated_boundaries))

    estimated_to_reference = np.median(dist.min(axis=0))
    reference_to_estimated = np.median(dist.min(axis=1))

    return reference_to_estimated, estimated_to_reference


def _contingency_matrix(reference_indices, estimated_indices):
    ref_classes, ref_class_idx = np.unique(reference_indices, return_inverse=True)
    est_classes, est_class_idx = np.unique(estimated_indices, return_inverse=True)
    n_ref_classes = ref_classes.shape[0]
    n_est_classes = est_classes.shape[0]
    # Using coo_matrix is faster than histogram2d
    return scipy.sparse.coo_matrix(
        (np.ones(ref_class_idx.shape[0]), (ref_class_idx, est_class_idx)),
        shape=(n_ref_classes, n_est_classes),
        dtype=np.int64,
    ).toarray()


def _adjusted_rand_index(reference_indices, estimated_indices):
    n_samples = len(reference_indices)
    ref_classes = np.unique(reference_indices)
    est_classes = np.unique(estimated_indices)
    # Special limit cases: no clustering since the data is not split;
    # or trivial clustering where each document is assigned a unique cluster.
    # These are perfect matches hence return 1.0.
    if (
        ref_classes.shape[0] == est_classes.shape[0] == 1
        or ref_classes.shape[0] == est_classes.shape[0] == 0
        or (ref_classes.shape[0] == est_classes.shape[0] == len(reference_indices))
    ):
        return 1.0

    contingency = _contingency_matrix(reference_indices, estimated_indices)

    # Compute the ARI using the contingency data
    sum_comb_c = sum(
        scipy.special.comb(n_c, 2, exact=1) for n_c in contingency.sum(axis=1)
    )
    sum_comb_k = sum(
        scipy.special.comb(n_k, 2, exact=1) for n_k in contingency.sum(axis=0)
    )

    sum_comb = sum(
        (scipy.special.comb(n_ij, 2, exact=1) for n_ij in contingency.flatten())
    )
    prod_comb = (sum_comb_c * sum_comb_k) / float(scipy.special.comb(n_samples, 2))
    mean_comb = (sum_comb_k + sum_comb_c) / 2.0
    return (sum_comb - prod_comb) / (mean_comb - prod_comb)


def _mutual_info_score(reference_indices, estimated_indices, contingency=None):
    if contingency is None:
        contingency = _contingency_matrix(reference_indices, estimated_indices).astype(
            float
        )
    contingency_sum = np.sum(contingency)
    pi = np.sum(contingency, axis=1)
    pj = np.sum(contingency, axis=0)
    outer = np.outer(pi, pj)
    nnz = contingency != 0.0
    # normalized contingency
    contingency_nm = contingency[nnz]
    log_contingency_nm = np.log(contingency_nm)
    contingency_nm /= contingency_sum
    # log(a / b) should be calculated as log(a) - log(b) for
    # possible loss of precision
    log_outer = -np.log(outer[nnz]) + np.log(pi.sum()) + np.log(pj.sum())
    mi = (
        contingency_nm * (log_contingency_nm - np.log(contingency_sum))
        + contingency_nm * log_outer
    )
    return mi.sum()


def _entropy(labels):
    if len(labels) == 0:
        return 1.0
    label_idx = np.unique(labels, return_inverse=True)[1]
    pi = np.bincount(label_idx).astype(np.float64)
    pi = pi[pi > 0]
    pi_sum = np.sum(pi)
    # log(a / b) should be calculated as log(a) - log(b) for
    # possible loss of precision
    return -np.sum((pi / pi_sum) * (np.log(pi) - np.log(pi_sum)))


# --- separation.py -------------------------------------------------------------------------------------------------
def _bss_decomp_mtifilt(reference_sources, estimated_source, j, flen):
    nsampl = estimated_source.size
    # decomposition
    # true source image
    s_true = np.hstack((reference_sources[j], np.zeros(flen - 1)))
    # spatial (or filtering) distortion
    e_spat = (
        _project(reference_sources[j, np.newaxis, :], estimated_source, flen) - s_true
    )
    # interference
    e_interf = _project(reference_sources, estimated_source, flen) - s_true - e_spat
    # artifacts
    e_artif = -s_true - e_spat - e_interf
    e_artif[:nsampl] += estimated_source
    return (s_true, e_spat, e_interf, e_artif)


def _project(reference_sources, estimated_source, flen):
    nsrc = reference_sources.shape[0]
    nsampl = reference_sources.shape[1]

    # computing coefficients of least squares problem via FFT ##
    # zero padding and FFT of input data
    reference_sources = np.hstack((reference_sources, np.zeros((nsrc, flen - 1))))
    estimated_source = np.hstack((estimated_source, np.zeros(flen - 1)))
    n_fft = int(2 ** np.ceil(np.log2(nsampl + flen - 1.0)))
    sf = scipy.fftpack.fft(reference_sources, n=n_fft, axis=1)
    sef = scipy.fftpack.fft(estimated_source, n=n_fft)
    # inner products between delayed versions of reference_sources
    G = np.zeros((nsrc * flen, nsrc * flen))
    for i in range(nsrc):
        for j in range(nsrc):
            ssf = sf[i] * np.conj(sf[j])
            ssf = np.real(scipy.fftpack.ifft(ssf))
            ss = toeplitz(np.hstack((ssf[0], ssf[-1:-flen:-1])), r=ssf[:flen])
            G[i * flen : (i + 1) * flen, j * flen : (j + 1) * flen] = ss
            G[j * flen : (j + 1) * flen, i * flen : (i + 1) * flen] = ss.T
    # inner products between estimated_source and delayed versions of
    # reference_sources
    D = np.zeros(nsrc * flen)
    for i in range(nsrc):
        ssef = sf[i] * np.conj(sef)
        ssef = np.real(scipy.fftpack.ifft(ssef))
        D[i * flen : (i + 1) * flen] = np.hstack((ssef[0], ssef[-1:-flen:-1]))

    # Computing projection
    # Distortion filters
    try:
        C = np.linalg.solve(G, D).reshape(flen, nsrc, order="F")
    except np.linalg.linalg.LinAlgError:
        C = np.linalg.lstsq(G, D)[0].reshape(flen, nsrc, order="F")
    # Filtering
    sproj = np.zeros(nsampl + flen - 1)
    for i in range(nsrc):
        sproj += fftconvolve(C[:, i], reference_sources[i])[: nsampl + flen - 1]
    return sproj


def _bss_source_crit(s_true, e_spat, e_interf, e_artif):
    # energy ratios
    s_filt = s_true + e_spat
    sdr = _safe_db(np.sum(s_filt**2), np.sum((e_interf + e_artif) ** 2))
    sir = _safe_db(np.sum(s_filt**2), np.sum(e_interf**2))
    sar = _safe_db(np.sum((s_filt + e_interf) ** 2), np.sum(e_artif**2))
    return (sdr, sir, sar)


def _safe_db(num, den):
    if den == 0:
        return np.inf
    return 10 * np.log10(num / den)




# --- wrappers (what the modules' metric functions pass) ---------------------------------------------------------------
def match_events_chroma(ref, est):
    return match_events(ref, est, 0.5, distance=_outer_distance_mod_n)


def adjust_intervals_t_max(intervals):
    return adjust_intervals(intervals, t_min=0.0, t_max=12.0)


def adjust_intervals_labels(intervals):
    return adjust_intervals(intervals, labels=["a", "b", "c", "d", "e"], t_min=0.0, t_max=12.0)


def adjust_events_t_max(events):
    return adjust_events(events, t_min=0.0, t_max=12.0)


def to_cent_voicing_hop(ref_time, ref_freq, est_time, est_freq):
    return to_cent_voicing(ref_time, ref_freq, est_time, est_freq, hop=0.01)


def percentage_correct_segments_duration(reference_timestamps, estimated_timestamps):
    return percentage_correct_segments(reference_timestamps, estimated_timestamps, duration=20.0)


def compute_num_true_positives_chroma(ref_freqs, est_freqs):
    return compute_num_true_positives(ref_freqs, est_freqs, chroma=True)


def project_and_decompose(reference_sources, estimated_source):
    return _bss_source_crit(*_bss_decomp_mtifilt(reference_sources, estimated_source, 0, 16))


# --- inputs -----------------------------------------------------------------------------------------------------------
def _beats(rng: np.random.Generator) -> tuple:
    reference = np.arange(5.0, 20.0, 0.5) + rng.uniform(-0.01, 0.01, 30)
    estimated = np.sort(reference + rng.uniform(-0.04, 0.1, 30))
    return reference, estimated


def _onsets(rng: np.random.Generator) -> tuple:
    reference = np.sort(rng.uniform(0.0, 10.0, 20))
    return reference, np.sort(reference + rng.normal(0.0, 0.04, 20)).clip(0.0)


def _intervals(rng: np.random.Generator, n: int = 5) -> np.ndarray:
    starts = np.sort(rng.uniform(0.5, 10.0, n))
    return np.stack([starts, starts + rng.uniform(0.1, 2.0, n)], axis=1)


def _boundaries(rng: np.random.Generator) -> np.ndarray:
    return np.cumsum(rng.uniform(0.5, 2.0, 8))


def _segments(rng: np.random.Generator) -> np.ndarray:
    b = np.concatenate([[0.0], _boundaries(rng)])
    return np.stack([b[:-1], b[1:]], axis=1)


_UNVOICED = np.r_[20:35, 120:140]


def _melody(rng: np.random.Generator, n: int = 200, step: float = 0.01) -> tuple:
    times = np.arange(n) * step
    freq = 220.0 * 2.0 ** (np.cumsum(rng.normal(0.0, 0.01, n)))
    freq[_UNVOICED[_UNVOICED < n]] = 0.0
    return times, freq


def _two_labellings(rng: np.random.Generator) -> tuple:
    x = _segments(rng)
    y = np.array([[x[0, 0], x[2, 1]], [x[3, 0], x[5, 1]], [x[6, 0], x[7, 1]]])
    return x, list("abcdefgh"), y, ["x", "y", "z"]


def _melody_pair(rng: np.random.Generator) -> tuple:
    ref_time, ref_freq = _melody(rng)
    est_time = np.arange(100) * 0.02
    est_freq = ref_freq[::2] * 2.0 ** (rng.normal(0.0, 20.0, 100) / 1200.0)
    return ref_time, ref_freq, est_time, est_freq


def _voicing_cents(rng: np.random.Generator) -> tuple:
    ref_time, ref_freq, est_time, est_freq = _melody_pair(rng)
    est_freq_full = np.repeat(est_freq, 2)
    ref_cent, est_cent = hz2cents(ref_freq), hz2cents(est_freq_full)
    ref_voicing = (ref_freq > 0).astype(float)
    est_voicing = (est_freq_full > 0).astype(float)
    est_voicing[60:70] = 0.0
    return ref_voicing, ref_cent, est_voicing, est_cent


def _timestamps(rng: np.random.Generator) -> tuple:
    reference = np.sort(rng.uniform(0.0, 19.0, 15))
    return reference, np.sort(np.clip(reference + rng.normal(0.0, 0.2, 15), 0.0, 19.5))


_SIZES = [1, 2, 0, 3, 2, 1, 0, 2]


def _pitches(rng: np.random.Generator) -> tuple:
    ref = [220.0 * 2.0 ** rng.uniform(0.0, 2.0, k) for k in _SIZES]
    est = [f * 2.0 ** (rng.normal(0.0, 0.02, f.size)) for f in ref]
    est[3] = est[3][:2]
    return ref, est


def _midi_pitches(rng: np.random.Generator) -> tuple:
    ref, est = _pitches(rng)
    return frequencies_to_midi(ref), frequencies_to_midi(est)


def _counts(rng: np.random.Generator) -> tuple:
    n_ref = rng.integers(0, 4, 20)
    n_est = rng.integers(0, 4, 20)
    return np.minimum(n_ref, n_est) - rng.integers(0, 2, 20).clip(0, np.minimum(n_ref, n_est)), n_ref, n_est


def _notes(rng: np.random.Generator) -> tuple:
    ref = _intervals(rng, 8)
    est = ref + rng.normal(0.0, 0.03, ref.shape)
    est[:, 1] = np.maximum(est[:, 1], est[:, 0] + 0.05)
    return ref, est


def _sources(rng: np.random.Generator) -> tuple:
    reference = rng.normal(size=(2, 256))
    return reference, reference[0] + 0.3 * reference[1] + 0.05 * rng.normal(size=256)


def _labels(rng: np.random.Generator) -> tuple:
    return rng.integers(0, 3, 60), rng.integers(0, 4, 60)


U = "util.py"
B = "beat.py"
M = "melody.py"
A = "alignment.py"
MP = "multipitch.py"
T = "transcription.py"
SG = "segment.py"
SP = "separation.py"

CASES = [
    # util.py
    case(interpolate_intervals, lambda rng: (_segments(rng), list("abcdefgh"), np.linspace(0.0, 10.0, 41)), ME(U, "interpolate_intervals", "labels 'a'...'h', fill_value=None")),
    case(sort_labeled_intervals, lambda rng: (_intervals(rng)[::-1].copy(), ["a", "b", "c", "d", "e"]), ME(U, "sort_labeled_intervals")),
    case(intervals_to_boundaries, lambda rng: (_segments(rng),), ME(U, "intervals_to_boundaries", "q=5")),
    case(boundaries_to_intervals, lambda rng: (_boundaries(rng),), ME(U, "boundaries_to_intervals")),
    case(adjust_intervals_t_max, lambda rng: (_segments(rng) + 0.25,), ME(U, "adjust_intervals", "labels=None, t_min=0.0, t_max=12.0 (a one-line wrapper)")),
    case(adjust_intervals_labels, lambda rng: (_intervals(rng) + 0.25,), ME(U, "adjust_intervals", "five labels, t_min=0.0, t_max=12.0 (a one-line wrapper)")),
    case(adjust_events_t_max, lambda rng: (np.sort(rng.uniform(0.5, 14.0, 10)),), ME(U, "adjust_events", "labels=None, t_min=0.0, t_max=12.0 (a one-line wrapper)")),
    case(merge_labeled_intervals, _two_labellings, ME(U, "merge_labeled_intervals", "a coarser second labelling of the same span")),
    case(match_events, lambda rng: (*_onsets(rng), 0.05), ME(U, "match_events / _fast_hit_windows / _bipartite_match", "window=0.05")),
    case(match_events_chroma, lambda rng: (rng.uniform(50.0, 80.0, 6), rng.uniform(50.0, 80.0, 7)), ME(U, "match_events / _outer_distance_mod_n", "distance=_outer_distance_mod_n, window=0.5 (a one-line wrapper)")),
    case(_outer_distance_mod_n, lambda rng: (rng.uniform(50.0, 80.0, 6), rng.uniform(50.0, 80.0, 7)), ME(U, "_outer_distance_mod_n")),
    case(_fast_hit_windows, lambda rng: (*_onsets(rng), 0.05), ME(U, "_fast_hit_windows")),
    case(intervals_to_durations, lambda rng: (_intervals(rng),), ME(U, "intervals_to_durations / validate_intervals")),
    case(hz_to_midi, lambda rng: (rng.uniform(50.0, 2000.0, 10),), ME(U, "hz_to_midi")),
    case(midi_to_hz, lambda rng: (rng.uniform(30.0, 100.0, 10),), ME(U, "midi_to_hz")),
    # beat.py
    case(trim_beats, lambda rng: (np.sort(rng.uniform(0.0, 20.0, 30)),), ME(B, "trim_beats", "min_beat_time=5.0")),
    case(_get_reference_beat_variations, lambda rng: (_beats(rng)[0],), ME(B, "_get_reference_beat_variations")),
    case(beat_f_measure, _beats, ME(B, "f_measure", "renamed beat_f_measure (module docstring)")),
    case(cemgil, _beats, ME(B, "cemgil")),
    case(goto, _beats, ME(B, "goto")),
    case(p_score, _beats, ME(B, "p_score")),
    case(continuity, _beats, ME(B, "continuity")),
    case(information_gain, _beats, ME(B, "information_gain / _get_entropy", "bins=41")),
    # onset.py, tempo.py
    case(onset_f_measure, _onsets, ME("onset.py", "f_measure", "renamed onset_f_measure (module docstring)")),
    case(detection, lambda rng: (np.array([60.0, 120.0]) + rng.uniform(-1.0, 1.0, 2), 0.5, np.array([61.0, 115.0]) + rng.uniform(-1.0, 1.0, 2)), ME("tempo.py", "detection / validate / validate_tempi", "reference_weight=0.5, tol=0.08")),
    # melody.py
    case(hz2cents, lambda rng: (_melody(rng)[1],), ME(M, "hz2cents")),
    case(freq_to_voicing, lambda rng: (_melody(rng)[1],), ME(M, "freq_to_voicing", "voicing=None")),
    case(constant_hop_timebase, lambda rng: (0.01, np.float64(2.0 + rng.uniform(0.0, 0.001))), ME(M, "constant_hop_timebase", "end_time a NumPy float (a trace key of its own as a Python float)")),
    case(resample_melody_series, lambda rng: (*_melody(rng, 100, 0.02), (_melody(rng, 100, 0.02)[1] > 0).astype(float), np.arange(200) * 0.01), ME(M, "resample_melody_series", "kind='linear', from 20 ms frames to 10 ms")),
    case(to_cent_voicing, _melody_pair, ME(M, "to_cent_voicing", "hop=None: the estimate resampled to the reference's times")),
    case(to_cent_voicing_hop, _melody_pair, ME(M, "to_cent_voicing", "hop=0.01 (a one-line wrapper)")),
    case(voicing_measures, lambda rng: _voicing_cents(rng)[::2], ME(M, "voicing_measures / voicing_recall / voicing_false_alarm / validate_voicing")),
    case(raw_pitch_accuracy, _voicing_cents, ME(M, "raw_pitch_accuracy")),
    case(raw_chroma_accuracy, _voicing_cents, ME(M, "raw_chroma_accuracy")),
    case(overall_accuracy, _voicing_cents, ME(M, "overall_accuracy")),
    # alignment.py
    case(absolute_error, _timestamps, ME(A, "absolute_error / validate")),
    case(percentage_correct, _timestamps, ME(A, "percentage_correct", "window=0.3")),
    case(percentage_correct_segments, _timestamps, ME(A, "percentage_correct_segments", "duration=None")),
    case(percentage_correct_segments_duration, _timestamps, ME(A, "percentage_correct_segments", "duration=20.0 (a one-line wrapper)")),
    case(karaoke_perceptual_metric, _timestamps, ME(A, "karaoke_perceptual_metric")),
    # multipitch.py
    case(frequencies_to_midi, lambda rng: (_pitches(rng)[0],), ME(MP, "frequencies_to_midi", "a list of per-frame arrays of 0 to 3 pitches")),
    case(midi_to_chroma, lambda rng: (_midi_pitches(rng)[0],), ME(MP, "midi_to_chroma")),
    case(compute_num_freqs, lambda rng: (_midi_pitches(rng)[1],), ME(MP, "compute_num_freqs")),
    case(compute_num_true_positives, _midi_pitches, ME(MP, "compute_num_true_positives", "window=0.5")),
    case(compute_num_true_positives_chroma, lambda rng: tuple(midi_to_chroma(p) for p in _midi_pitches(rng)), ME(MP, "compute_num_true_positives", "chroma=True (a one-line wrapper)")),
    case(compute_accuracy, _counts, ME(MP, "compute_accuracy")),
    case(compute_err_score, _counts, ME(MP, "compute_err_score")),
    # transcription.py
    case(match_note_onsets, _notes, ME(T, "match_note_onsets", "onset_tolerance=0.05, strict=False")),
    case(match_note_offsets, _notes, ME(T, "match_note_offsets", "offset_ratio=0.2, offset_min_tolerance=0.05")),
    case(average_overlap_ratio, lambda rng: (*_notes(rng), [(0, 0), (2, 2), (3, 4), (7, 7)]), ME(T, "average_overlap_ratio", "a fixed matching")),
    # segment.py
    case(deviation, lambda rng: (_segments(rng), _segments(rng)), ME(SG, "deviation / validate_boundary", "trim=False")),
    case(_entropy, lambda rng: (_labels(rng)[0],), ME(SG, "_entropy")),
    case(_mutual_info_score, _labels, ME(SG, "_mutual_info_score / _contingency_matrix")),
    case(_adjusted_rand_index, _labels, ME(SG, "_adjusted_rand_index / _contingency_matrix")),
    # separation.py
    case(_project, lambda rng: (*_sources(rng), 16), ME(SP, "_project", "flen=16")),
    case(project_and_decompose, _sources, ME(SP, "_bss_decomp_mtifilt / _project / _bss_source_crit / _safe_db", "j=0, flen=16 (a one-line wrapper)")),
]
