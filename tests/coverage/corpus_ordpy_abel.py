"""Ordinal-pattern statistics from ordpy (arthurpessa/ordpy, MIT) and Abel transforms from PyAbel (PyAbel/PyAbel, MIT).

ordpy's ``ordpy/ordpy.py`` (Bandt-Pompe symbolisation of time series and images): ``ordinal_sequence`` (a bare
``try: ny, nx = np.shape(data)`` / ``except:`` telling a series from an image, ``np.apply_along_axis`` of
``sliding_window_view`` and of ``np.argsort``, non-overlapping partitions by nested list comprehensions over
``range(0, nx-(dx-1)*taux, ...)``), ``ordinal_distribution`` (``np.unique(..., return_counts=True, axis=0)``, the
missing patterns by ``itertools.permutations`` and a structured-dtype ``np.setdiff1d``, or in order through a dict keyed
by ``np.array2string``), ``permutation_entropy``, ``complexity_entropy``, ``logq``, ``tsallis_entropy`` /
``renyi_entropy`` and their complexity-entropy pairs (``if isinstance(q, (tuple, list, np.ndarray))``: a ``for`` over
the parameters appending to lists, else one value; ``if q==1`` limits), ``ordinal_network`` (links as
``np.unique`` of stacked states, ``np.char.replace`` of ``array2string`` labels; undirected networks by a nested
function looping over the string labels with ``np.argwhere`` and ``in checked``), ``global_node_entropy`` (a ``for``
over the nodes' labels), ``random_ordinal_network`` (list ``insert``/``remove`` over ``itertools.permutations``),
``missing_patterns``, ``missing_links``, ``minimum_complexity_entropy`` / ``maximum_complexity_entropy`` (loops
writing ``probabilities[0]``, ``p[j]`` and ``hlist_[i, k]``), ``weighted_permutation_entropy`` (``np.fromiter`` of a
generator over the unique symbols), ``fisher_shannon`` (an early ``return 0., 1.`` on ``(probabilities==1.).sum()==1.``),
``permutation_js_distance`` (a ``for`` over channels, ``if is_it_nan==True``), ``permutation_contrasts`` and
``smoothness_structure`` (``map(dict.get, ...)`` over string symbols) and ``two_by_two_patterns`` (nested rank
functions applied along an axis, dicts of patterns summed by group).

PyAbel's forward and inverse Abel transforms: ``hansenlaw.py``'s ``hansenlaw_transform`` (a nested ``I`` with
``for k, lamk in enumerate((lam+a)[k0:], start=k0)``, ``if hold_order == 0`` / ``else`` systems, the recursion
``for indx, col in enumerate(n-1)`` writing ``aim[:, col]``, ``if background is None`` / ``if rows == 1``);
``onion_bordas.py``'s ``_init_abel`` (a double loop writing ``val1[ii, jj]``), ``_init_abel_vec`` and
``onion_bordas_transform`` (``scipy.ndimage.shift`` under ``if shift_grid``, loops peeling the columns with in-place
``rest_arr[:, w-i-1] -=`` and ``vect[row_index] =``); ``dasch.py``'s ``dasch_transform``, ``dasch_transform_forward``
(``if D[1, 0] == 0``: ``scipy.linalg.solve_triangular``, else ``inv``) and the operators ``_bs_two_point`` (made
eagerly for ``dasch_transform_forward``'s inputs, not staged itself), ``_bs_three_point`` (nested functions on
``np.diag_indices`` / ``np.triu_indices`` fancy indices) and ``_bs_onion_peeling``; ``nestorolsen.py``'s ``_bs_nestorolsen``; ``direct.py``'s ``direct_transform`` (its Python
backend: ``np.pad``, ``np.gradient`` or ``2 * r[None, :] * f``, a ``backend.lower()`` chain) and
``_pyabel_direct_integral`` (a boolean-mask ``y[mask] = ...``, a ``for j in range(cols - 1)`` of integrals, the
``np.append(np.arccosh(r[1] / r[0]) if r[0] else 1, ...)`` correction); ``tools/math.py``'s ``trapezoid``;
``tools/symmetry.py``'s ``get_image_quadrants`` (a long validity condition, quadrant averaging under ``if
symmetry_axis==(0, 1)`` / ``if 0 in symmetry_axis``) and ``put_image_quadrants``; ``tools/transform_pairs.py``'s
``a`` and ``profile1``-``profile9`` (``raise`` on ``np.any(r <= 0)``, ``r[r <= 0.25]`` pieces concatenated);
``tools/polynomial.py``'s ``BasePolynomial``, ``Polynomial`` (``np.trim_zeros``, ``np.searchsorted`` spans, Horner
loops over ``range(K - 1, -1, -1)``, a nested ``a(k)`` with ``for m in range(k, 1, -2)``, ``np.sqrt(x,
np.zeros_like(x), where=x > 0)``) and ``PiecewisePolynomial`` (Python's ``sum`` over the pieces).

Copied from arthurpessa/ordpy at c4d672669f58c087316d5e07a53459711235295d (its ``LICENSE`` is the MIT licence,
"Copyright (c) 2021 Arthur A. B. Pessa and Haroldo V. Ribeiro"): every function of ``ordpy/ordpy.py``, in the file's
order; and from PyAbel/PyAbel at f4459a7ce5f62088781b863d0cd08bbb54ed123b (its ``LICENSE.txt`` is the MIT licence,
"Copyright (c) 2015 The PyAbel Team"): the functions and classes named above from ``abel/hansenlaw.py``,
``abel/onion_bordas.py``, ``abel/dasch.py``, ``abel/nestorolsen.py``, ``abel/direct.py``, ``abel/tools/math.py``,
``abel/tools/symmetry.py``, ``abel/tools/transform_pairs.py`` and ``abel/tools/polynomial.py``. Bodies as written,
comments kept, docstrings dropped (and ``BasePolynomial.__rmul__.__doc__``'s assignment), trailing blanks removed.

Adapted, beyond that:

* ``direct.py``'s ``from . import _deprecate, _deprecated`` are ``abel/__init__.py``'s (the ``__deprecated`` marker
  class, its instance and the ``warn`` wrapper, copied); its ``try: from .lib.direct import _cabel_direct_integral``
  (the Cython extension) is taken as failed: ``cython_ext = False``; ``direct_transform`` is called with
  ``backend='python'`` by a one-line wrapper (``direct_transform_python``), as the C backend's fallback does;
  ``_pyabel_direct_integral`` is given ``trapezoid`` as its ``integral``, as ``direct_transform`` gives it;
* the dasch operators are called directly (the cached / file-backed ``get_bs_cached`` that chooses them is not
  copied); ``dasch_transform`` and ``dasch_transform_forward`` take an operator made eagerly in the inputs;
* ``Polynomial`` and ``PiecewisePolynomial`` are called by one-line wrappers returning ``(P.func, P.abel)``;
* keyword settings of the ordpy functions (``return_missing``, ``ordered``, ``directed``, ``group_patterns`` ...)
  are positional arguments of the case where the signature allows it, otherwise one-line wrappers named after the
  setting.

Not taken: ordpy's notebook; PyAbel's basis-set methods (``basex``, ``linbasex``, ``rbasex``, ``daun``), the
caching and file handling, ``tools/vmi.py``, ``tools/center.py``, ``tools/polar.py`` and ``tools/circularize.py``.

The inputs: for ordpy, standard-normal series of 120 points (the README's ``np.random.uniform`` series shortened), a
random walk, ``np.round`` to one decimal for ``tie_precision``, 12 by 14 normal images for ``dy > 1``, images of
integers 0-2 for the tie patterns of ``two_by_two_patterns``, a three-channel series for ``permutation_js_distance``,
probability vectors from ``ordinal_distribution(..., return_missing=True)`` for ``probs=True``, and the docstrings'
parameters (``dx=3``, ``q`` and ``alpha`` in (0.5, 1, 2), ``size=10``, ``m=2``). For PyAbel, its tests'
``GaussianAnalytical`` profiles (``np.linspace(0, r_max, n)``, ``exp(-r**2/sigma**2)`` and its projection
``sigma*sqrt(pi)*exp(...)``, here 51 points, ``r_max=10``, ``sigma`` and the amplitude drawn) as single rows and as
11-row images with noise, ``TransformPair``'s radii (``np.linspace(0, 1, n)`` with ``r[0] = 1e-8`` and ``r[-1] -=
1e-8``), 11 by 13 images for the quadrant functions, and polynomial coefficients like the docs' examples.
"""

# ruff: noqa: E501, B028, E701, E712, E713, E721, E722, E741, E743, F821, UP032
from __future__ import annotations

import itertools
import math
import warnings
from warnings import warn

import numpy as np
from scipy import fftpack
from scipy.linalg import inv, pascal, solve_triangular, toeplitz
from scipy.ndimage import shift

from tests.coverage.cases import ORDPY, PYABEL, Source, case


def ORD(original: str, note: str = "") -> Source:
    return Source(ORDPY, "ordpy/ordpy.py", original, note)


def AB(path: str, original: str, note: str = "") -> Source:
    return Source(PYABEL, "abel/" + path, original, note)


# --- ordpy/ordpy.py ---


def ordinal_sequence(data, dx=3, dy=1, taux=1, tauy=1, overlapping=True, tie_precision=None):
    try:
        ny, nx = np.shape(data)
        data   = np.array(data)
    except:
        nx     = np.shape(data)[0]
        ny     = 1
        data   = np.array([data])

    if tie_precision is not None:
        data = np.round(data, tie_precision)

    if ny==1: #time series
        if overlapping == True:
            partitions = np.apply_along_axis(func1d       = np.lib.stride_tricks.sliding_window_view,
                                             axis         = 1,
                                             arr          = data,
                                             window_shape = (dx+(dx-1)*(taux-1),)
                                            )
            partitions = partitions[::, ::, ::taux].reshape(-1, dx)

        else: #non overlapping
            partitions = np.concatenate(
                [
                    [np.concatenate(data[j:j+dy*tauy:tauy, i:i+dx*taux:taux]) for i in range(0, nx-(dx-1)*taux, dx+(dx-1)*(taux-1))]
                    for j in range(ny-(dy-1)*tauy)
                ]
            )
        symbols = np.apply_along_axis(np.argsort, 1, partitions)

    else: #image
        if overlapping == True:
            partitions        = np.lib.stride_tricks.sliding_window_view(x            = data,
                                                                         window_shape = (dy+(dy-1)*(tauy-1), dx+(dx-1)*(taux-1))
                                                                        )
            rows, columns, *_ = np.shape(partitions)
            partitions        = partitions[::,::,::tauy,::taux].reshape(rows, columns, dx*dy)

        else: #non overlapping
            partitions = np.concatenate(
                [
                    [[np.concatenate(data[j:j+dy*tauy:tauy, i:i+dx*taux:taux]) for i in range(0, nx-(dx-1)*taux, dx+(dx-1)*(taux-1))]]
                    for j in range(0, ny-(dy-1)*tauy, dy+(dy-1)*(tauy-1))
                ]
            )
        symbols = np.apply_along_axis(np.argsort, 2, partitions)

    return symbols


def ordinal_distribution(data, dx=3, dy=1, taux=1, tauy=1, return_missing=False, tie_precision=None, ordered=False):
    def setdiff(a, b):
        a = np.asarray(a).astype('int64')
        b = np.asarray(b).astype('int64')

        _, ncols = a.shape

        dtype={'names':['f{}'.format(i) for i in range(ncols)], 'formats':ncols * [a.dtype]}

        C = np.setdiff1d(a.view(dtype), b.view(dtype))
        C = C.view(a.dtype).reshape(-1, ncols)

        return(C)


    symbols = ordinal_sequence(data, dx=dx, dy=dy, taux=taux, tauy=tauy, overlapping=True, tie_precision=tie_precision)

    if np.shape(symbols).__len__() == 3:
        symbols = symbols.reshape(-1, dx*dy) #we reshape the symbols array to facilitate the application of np.unique below.
    else:
        pass

    symbols, symbols_count = np.unique(symbols, return_counts=True, axis=0)
    probabilities          = symbols_count/symbols_count.sum()


    if return_missing==False:
        return symbols, probabilities

    else:
        if len(probabilities)==math.factorial(dx*dy):
            return symbols, probabilities
        else:
            if ordered==True:
                all_symbols           = np.asarray(list(itertools.permutations(range(dx*dy))), dtype='int')
                all_symbols_str       = np.apply_along_axis(np.array2string, 1, all_symbols, separator='')
                symbols_unique_str    = np.apply_along_axis(np.array2string, 1, symbols, separator='')
                all_probs             = np.full(math.factorial(dx*dy), 0.)

                dict_probs = dict(zip(all_symbols_str, all_probs))
                for symbol, probability in zip(symbols_unique_str, probabilities):
                    dict_probs[symbol] = probability

                return np.asarray(list(dict_probs.keys())), np.asarray(list(dict_probs.values()))

            else:
                all_symbols   = np.asarray(list(itertools.permutations(range(dx*dy))), dtype='int')
                miss_symbols  = setdiff(all_symbols, symbols)
                symbols       = np.concatenate((symbols, miss_symbols)).astype('int')
                probabilities = np.concatenate((probabilities, np.zeros(miss_symbols.__len__())))

                return symbols, probabilities


def permutation_entropy(data, dx=3, dy=1, taux=1, tauy=1, base='e', normalized=True, probs=False, tie_precision=None):
    if not probs:
        _, probabilities = ordinal_distribution(data, dx, dy, taux, tauy, return_missing=False, tie_precision=tie_precision)
    else:
        probabilities    = np.asarray(data)
        probabilities    = probabilities[probabilities>0]

    logfunc = np.log if base=='e' else np.log2
    s       = -np.sum(probabilities*logfunc(probabilities))

    if normalized==True:
        smax = logfunc(float(math.factorial(dx*dy)))
        return s/smax
    else:
        return s


def complexity_entropy(data, dx=3, dy=1, taux=1, tauy=1, probs=False, tie_precision=None):

    n = float(math.factorial(dx*dy))

    if probs==False:
        _, probabilities = ordinal_distribution(data, dx, dy, taux, tauy, return_missing=False, tie_precision=tie_precision)
        h                = permutation_entropy(probabilities, dx, dy, taux, tauy, probs=True, tie_precision=tie_precision)
    else:
        probabilities = np.asarray(data)
        probabilities = probabilities[probabilities>0]
        h             = permutation_entropy(probabilities, dx, dy, taux, tauy, probs=True, tie_precision=tie_precision)

    n_states_not_occuring = n-len(probabilities)
    uniform_dist          = 1/n

    p_plus_u_over_2      = (uniform_dist + probabilities)/2
    s_of_p_plus_u_over_2 = -np.sum(p_plus_u_over_2*np.log(p_plus_u_over_2)) - (0.5*uniform_dist)*np.log(0.5*uniform_dist)*n_states_not_occuring

    s_of_p_over_2 = -np.sum(probabilities*np.log(probabilities))/2
    s_of_u_over_2 = np.log(n)/2.

    js_div_max = -0.5*(((n+1)/n)*np.log(n+1) + np.log(n) - 2*np.log(2*n))
    js_div     = s_of_p_plus_u_over_2 - s_of_p_over_2 - s_of_u_over_2

    return h, h*js_div/js_div_max


def logq(x, q=1):
    x = np.asarray(x, dtype=float)

    if q==1:
        return np.log(x)
    else:
        return (x**(1-q) - 1)/(1-q)


def tsallis_entropy(data, q=1, dx=3, dy=1, taux=1, tauy=1, probs=False, tie_precision=None):
    if not probs:
        _, probabilities = ordinal_distribution(data, dx, dy, taux, tauy, tie_precision=tie_precision)
    else:
        probabilities = np.asarray(data)
        probabilities = probabilities[probabilities>0]

    if isinstance(q, (tuple, list, np.ndarray)):
        s = []
        for q_ in q:
            smax          = logq(float(math.factorial(dx*dy)), q_)
            lnq_1_over_p  = logq(1./probabilities, q_)
            s            += [np.sum(probabilities*lnq_1_over_p)/smax]
        s = np.asarray(s)
    else:
        smax          = logq(float(math.factorial(dx*dy)), q)
        lnq_1_over_p  = logq(1./probabilities, q)
        s             = np.sum(probabilities*lnq_1_over_p)/smax

    return s


def tsallis_complexity_entropy(data, q=1, dx=3, dy=1, taux=1, tauy=1, probs=False, tie_precision=None):
    def jensen_tsallis_divergence_max(n_states, q):
        if q==1:
            return(-0.5*(((n_states+1)/n_states)*np.log(n_states+1) + np.log(n_states) - 2*np.log(2*n_states)))
        else:
            # Equation 11 of Physical Review E 95, 062106 (2017).
            return(
                   ((2**(2-q))*n_states - (1+n_states)**(1-q) - n_states*(1+1/n_states)**(1-q) - n_states + 1)/
                   ((1-q)*(2**(2-q))*n_states)
                  )


    n = float(math.factorial(dx*dy))

    if probs==False:
        _, probabilities = ordinal_distribution(data, dx, dy, taux, tauy, return_missing=False, tie_precision=tie_precision)
        h_q              = tsallis_entropy(probabilities, q, dx, dy, taux, tauy, probs=True, tie_precision=tie_precision)
    else:
        probabilities = np.asarray(data)
        probabilities = probabilities[probabilities!=0]
        h_q           = tsallis_entropy(probabilities, q, dx, dy, taux, tauy, probs=True, tie_precision=tie_precision)

    n_states_not_occur = n-len(probabilities)
    uniform_dist       = 1/n
    p                  = probabilities

    if isinstance(q, (tuple, list, np.ndarray)):
        jt_div     = []
        jt_div_max = []
        for q_ in q:
            #first and second terms of Jensen-Tsallis divergence: equation 10 of Physical Review E 95, 062106 (2017).
            first_term  = (uniform_dist + p)/(2*p)
            first_term  = -0.5*np.sum(p*logq(first_term, q_))

            second_term = n*(uniform_dist + p)/2
            second_term = -(0.5/n) * ( np.sum(logq(second_term, q_)) + logq(0.5, q_)*n_states_not_occur )

            jt_div      += [first_term + second_term]
            jt_div_max  += [jensen_tsallis_divergence_max(n,q_)]

        jt_div     = np.asarray(jt_div)
        jt_div_max = np.asarray(jt_div_max)

    else:
        first_term  = (uniform_dist + p)/(2*p)
        first_term  = -0.5*np.sum(p*logq(first_term, q))

        second_term = n*(uniform_dist + p)/2
        second_term = -(0.5/n) * ( np.sum(logq(second_term, q)) + logq(0.5, q)*n_states_not_occur )

        jt_div      = first_term + second_term
        jt_div_max  = jensen_tsallis_divergence_max(n,q)

    return np.asarray([h_q, h_q*jt_div/jt_div_max]).T


def renyi_entropy(data, alpha=1, dx=3, dy=1, taux=1, tauy=1, probs=False, tie_precision=None):
    if not probs:
        _, probabilities = ordinal_distribution(data, dx, dy, taux, tauy, tie_precision=tie_precision)
    else:
        probabilities = np.asarray(data)
        probabilities = probabilities[probabilities>0]

    smax = np.log(float(math.factorial(dx*dy)))

    if isinstance(alpha, (tuple, list, np.ndarray)):
        s = []
        for alpha_ in alpha:
            if alpha_!=1:
                s += [(1/(1-alpha_))*np.log(np.sum(probabilities**alpha_))/smax]
            else:
                s += [-np.sum(probabilities*np.log(probabilities))/smax]
        s = np.asarray(s)
    else:
        if alpha !=1:
            s = (1/(1-alpha))*np.log(np.sum(probabilities**alpha))/smax
        else:
            s = -np.sum(probabilities*np.log(probabilities))/smax

    return s


def renyi_complexity_entropy(data, alpha=1, dx=3, dy=1, taux=1, tauy=1, probs=False, tie_precision=None):
    def jensen_renyi_divergence_max(n_states, q):
        if q==1:
            return(-0.5*(((n_states+1)/n_states)*np.log(n_states+1) + np.log(n_states) - 2*np.log(2*n_states)))
        else:
            # Equation 5 in Physica A 498 (2018) 74-85.
            return(
                    (np.log(((n_states + 1.)**(1. - q) + n_states - 1.)/(2.**(1. - q)*n_states)) + (1. - q)*
                     np.log((n_states + 1.)/(2.*n_states)))/(2.*(q - 1))
                  )



    n = float(math.factorial(dx*dy))

    if probs==False:
        _, probabilities = ordinal_distribution(data, dx, dy, taux, tauy, return_missing=False, tie_precision=tie_precision)
        h_a              = renyi_entropy(probabilities, alpha, dx, dy, taux, tauy, probs=True, tie_precision=tie_precision)
    else:
        probabilities = np.asarray(data)
        probabilities = probabilities[probabilities!=0]
        h_a           = renyi_entropy(probabilities, alpha, dx, dy, taux, tauy, probs=True, tie_precision=tie_precision)

    n_states_not_occur = n - len(probabilities)
    uniform_dist       = 1/n
    p                  = probabilities

    if isinstance(alpha, (tuple, list, np.ndarray)):
        jr_div     = []
        jr_div_max = []
        for alpha_ in alpha:
            if alpha_==1: #limit of Shannon entropy
                p_plus_u_over_2      = (uniform_dist + p)/2
                s_of_p_plus_u_over_2 = -np.sum(p_plus_u_over_2*np.log(p_plus_u_over_2)) - (0.5*uniform_dist)*np.log(0.5*uniform_dist)*n_states_not_occur

                s_of_p_over_2 = -np.sum(p*np.log(p))/2
                s_of_u_over_2 = np.log(n)/2.

                jr_div       += [s_of_p_plus_u_over_2 - s_of_p_over_2 - s_of_u_over_2]
            else:
                # Equation 4 in Physica A 498 (2018) 74-85.
                first_term  = ((p + uniform_dist)/2)**(1-alpha_)
                first_term  = np.log(np.sum(first_term * p**alpha_))
                second_term = np.log(np.sum((1/(n**alpha_)) * ((p + uniform_dist)/2)**(1-alpha_)) + ( n_states_not_occur * (1/n**alpha_) * (1/(2*n))**(1-alpha_) ))

                jr_div     += [(1/(2*(alpha_-1)))*(first_term + second_term)]

            jr_div_max += [jensen_renyi_divergence_max(n, alpha_)]

        jr_div     = np.asarray(jr_div)
        jr_div_max = np.asarray(jr_div_max)

    else:
        if alpha==1:
            p_plus_u_over_2      = (uniform_dist + p)/2
            s_of_p_plus_u_over_2 = -np.sum(p_plus_u_over_2*np.log(p_plus_u_over_2)) - (0.5*uniform_dist)*np.log(0.5*uniform_dist)*n_states_not_occur

            s_of_p_over_2 = -np.sum(p*np.log(p))/2
            s_of_u_over_2 = np.log(n)/2.

            jr_div        = s_of_p_plus_u_over_2 - s_of_p_over_2 - s_of_u_over_2
        else:
            first_term  = ((p + uniform_dist)/2)**(1-alpha)
            first_term  = np.log(np.sum(first_term * p**alpha))
            second_term = np.log(np.sum((1/(n**alpha)) * ((p + uniform_dist)/2)**(1-alpha)) + ( n_states_not_occur * (1/n**alpha) * (1/(2*n))**(1-alpha) ))

            jr_div = (1/(2*(alpha-1)))*(first_term + second_term)

        jr_div_max = jensen_renyi_divergence_max(n, alpha)

    return np.asarray([h_a,h_a*jr_div/jr_div_max ]).T


def ordinal_network(data, dx=3, dy=1, taux=1, tauy=1, normalized=True, overlapping=True, directed=True, connections="all", tie_precision=None):

    def undirected_ordinal_network(unique_links, occurrences):
        rev_links    = unique_links[:,[1,0]]
        strlinks     = np.apply_along_axis(np.array2string, 1, unique_links, separator='')
        strrev_links = np.apply_along_axis(np.array2string, 1, rev_links, separator='')

        checked, und_occurrences = [], np.copy(occurrences)

        for str_rev_ed, cnt in zip(strrev_links, range(strlinks.__len__())):
            #scaping potential double checking
            if not str_rev_ed in checked:
                checked.append(strlinks[cnt])
                args = np.argwhere(strlinks==str_rev_ed).flatten()
                if args.__len__()==0:
                    pass
                else:
                    for arg_ in args:
                        #checking for autoloops
                        if rev_links[arg_][0]==rev_links[arg_][1]:
                            pass
                        else:
                            und_occurrences[cnt]  += occurrences[arg_]
                            und_occurrences[arg_] = 0
            else:
                pass

        #the order of these operations is important
        und_unique_links = np.delete(unique_links, np.argwhere(und_occurrences==0), axis=0)
        und_occurrences  = np.delete(und_occurrences, np.argwhere(und_occurrences==0))

        return (np.unique(und_unique_links), und_unique_links, und_occurrences)



    try:
        ny, nx = np.shape(data)
        data   = np.array(data)
    except:
        nx     = np.shape(data)[0]
        ny     = 1
        data   = np.array([data])

    if tie_precision is not None:
        data = np.round(data, tie_precision)

    if ny==1: #time series
        if ny==1:
            if overlapping == True:
                partitions = np.apply_along_axis(func1d       = np.lib.stride_tricks.sliding_window_view,
                                                axis         = 1,
                                                arr          = data,
                                                window_shape = (dx+(dx-1)*(taux-1),)
                                                )
                partitions = partitions[::, ::, ::taux].reshape(-1, dx)

            else: #non overlapping
                partitions = np.concatenate(
                    [
                        [np.concatenate(data[j:j+dy*tauy:tauy, i:i+dx*taux:taux]) for i in range(0, nx-(dx-1)*taux, dx+(dx-1)*(taux-1))]
                        for j in range(ny-(dy-1)*tauy)
                    ]
                )

        states = np.apply_along_axis(np.argsort, 1, partitions)
        links  = np.concatenate([states[i:(i-1) or None, None] for i in range(2)], axis=1)

        unique_links, occurrences = np.unique(links, return_counts=True, axis=0)
        if normalized == True:
            occurrences = occurrences/len(links)

        unique_links = np.apply_along_axis(np.array2string, 2, unique_links, separator="|")
        for char in ['[', ']']:
            unique_links = np.char.replace(unique_links, char, '')

        if directed == True:
            return (np.unique(unique_links), unique_links, occurrences)
        else:
            return undirected_ordinal_network(unique_links, occurrences)

    else: #image
        if overlapping == True:
            partitions        = np.lib.stride_tricks.sliding_window_view(x            = data,
                                                                         window_shape = (dy+(dy-1)*(tauy-1), dx+(dx-1)*(taux-1))
                                                                        )
            rows, columns, *_ = np.shape(partitions)
            partitions        = partitions[::,::,::tauy,::taux].reshape(rows, columns, dx*dy)

        else: #non overlapping
            partitions = np.concatenate(
                [
                    [[np.concatenate(data[j:j+dy*tauy:tauy, i:i+dx*taux:taux]) for i in range(0, nx-(dx-1)*taux, dx+(dx-1)*(taux-1))]]
                    for j in range(0, ny-(dy-1)*tauy, dy+(dy-1)*(tauy-1))
                ]
            )

        #horizontal and vertical successions
        if not connections in ["horizontal", "vertical"]:
            states = np.apply_along_axis(np.argsort, 2, partitions)
            #horizontal successions of permutation states
            hlinks = np.concatenate([[row[i:i+2]] for row in states for i in range(len(row)-1)])

            #vertical successions of permutation states
            states = states.transpose(1,0,2)
            vlinks = np.concatenate([[column[i:i+2]] for column in states for i in range(len(column)-1)])

            #all occurring transitions
            links  = np.concatenate((hlinks, vlinks))

            unique_links, occurrences = np.unique(links, return_counts=True, axis=0)
            if normalized == True:
                occurrences = occurrences/len(links)

        #only horizontal successions of permutation states
        elif connections == 'horizontal':
            states = np.apply_along_axis(np.argsort, 2, partitions)
            hlinks = np.concatenate([[line[i:i+2]] for line in states for i in range(len(line)-1)], axis=0)

            unique_links, occurrences = np.unique(hlinks, return_counts=True, axis=0)
            if normalized == True:
                occurrences = occurrences/len(hlinks)

        #only vertical successions of permutation states
        else: #connections == 'vertical':
            states = np.apply_along_axis(np.argsort, 2, partitions)
            states = states.transpose(1,0,2)
            vlinks = np.concatenate([[line[i:i+2]] for line in states for i in range(len(line)-1)])

            unique_links, occurrences = np.unique(vlinks, return_counts=True, axis=0)
            if normalized == True:
                occurrences = occurrences/len(vlinks)

        unique_links = np.apply_along_axis(np.array2string, 2, unique_links, separator="|")
        for char in ['[', ']']:
            unique_links = np.char.replace(unique_links, char, '')

        if directed == True:
            return (np.unique(unique_links), unique_links, occurrences)
        else:
            return undirected_ordinal_network(unique_links, occurrences)


def global_node_entropy(data, dx=3, dy=1, taux=1, tauy=1, overlapping=True, connections="all", tie_precision=None):
    if len(data)==3 and type(data[0][0])==np.str_:
        nodes, links, weights = data
    else:
        #assumes 'normalized==True' and 'directed==True'.
        nodes, links, weights = ordinal_network(data, dx, dy, taux, tauy, True, overlapping, True,
                                                connections, tie_precision=tie_precision)

    links_source = links.transpose()[0]
    links_target = links.transpose()[1]
    h_gn  = 0
    for node in nodes:
        args           = np.argwhere(links_source==node).flatten()
        renorm_weights = weights[args]/np.sum(weights[args])

        args_in        = np.argwhere(links_target==node).flatten()
        p_in           = np.sum(weights[args_in])

        h_i            = -np.sum(renorm_weights*np.log(renorm_weights))
        h_gn          += p_in*h_i

    return h_gn


def random_ordinal_network(dx=3, dy=1, overlapping=True):

    if overlapping==True: #theoretical results for image
        if dx>1 and dy>1:
            allowed_links     = []
            theoretical_probs = []

            #this loop finds all allowed transitions starting from an ordinal pattern and calculates the
            #expected probability of such transitions for a random bidimensional scalar field.
            for pattern in itertools.permutations(np.arange(dx*dy).astype('int')):
                pattern            = list(pattern)
                hlinks, vlinks     = pattern.copy(), pattern.copy()
                hnumbers, vnumbers = [], []

                #horizontal moves
                for i in range(len(pattern)):
                    if hlinks[i]%dx==0:
                        hnumbers.append(hlinks[i]+dx-1)
                        hlinks[i] = dx*dy+2
                    else:
                        hlinks[i] = hlinks[i]-1

                #vertical moves
                for i in range(len(pattern)):
                    if vlinks[i]<dx:
                        vnumbers.append(vlinks[i]+dx*(dy-1))
                        vlinks[i] = dx*dy+2
                    else:
                        vlinks[i] = vlinks[i]-dx

                hlinks, vlinks = [hlinks], [vlinks]

                #allowed horizontal transitions
                for number, k in zip(hnumbers, range(len(hnumbers))):
                    d = []
                    for permutation in hlinks:
                        for index in range(len(permutation),-1,-1):
                            b = permutation.copy()
                            b.insert(index, number)
                            if k==len(hnumbers)-1:
                                for _ in range(len(hnumbers)):
                                    b.remove(dx*dy+2)
                            d.append(b)
                        hlinks = d.copy()

                #allowed vertical transitions
                for number, k in zip(vnumbers, range(len(vnumbers))):
                    d = []
                    for permutation in vlinks:
                        for index in range(len(permutation),-1,-1):
                            b = permutation.copy()
                            b.insert(index, number)
                            if k==len(vnumbers)-1:
                                for _ in range(len(vnumbers)):
                                    b.remove(dx*dy+2)
                            d.append(b)
                        vlinks = d.copy()

                unique_links, frequencies = np.unique(hlinks+vlinks, axis=0, return_counts=True)
                links                     = np.concatenate((np.tile(pattern,len(unique_links)).reshape(-1,dx*dy),
                                                            unique_links), axis=1).reshape(len(unique_links),2,-1)
                frequencies               = frequencies/frequencies.sum()/math.factorial(dx*dy)

                #transforming lists of permutations to strings to save the transitions
                links = np.apply_along_axis(np.array2string, 2, links, separator='|')
                for char in ['[', ']']:
                    links = np.char.replace(links, char, '')

                allowed_links.append(links.tolist())
                theoretical_probs.append(frequencies.tolist())

            edge_array, weight_array = np.concatenate(allowed_links), np.concatenate(theoretical_probs)
            vertices_names           = np.unique(edge_array)

            return vertices_names, edge_array, weight_array

        else: #theoretical results for time series
            vertices_names = []
            edge_array     = []
            weight_array   = []

            for j in itertools.permutations(np.arange(dx)):
                sub_perm = np.asarray(j)-1
                sub_perm = np.extract(sub_perm > -1, sub_perm)
                source   = '|'.join(map(str, j))
                index    = source.find('0')

                for k in range(len(sub_perm), -1, -1):
                    target = '|'.join(map(str, np.insert(sub_perm, k, dx-1)))

                    if not target.find(str(dx-1)) == index:
                        weight_array.append(1/((dx+1)*math.factorial(dx)))
                    else:
                        weight_array.append(2/((dx+1)*math.factorial(dx)))

                    edge_array.append([source, target])

            vertices_names = np.unique(edge_array)

            return vertices_names, np.asarray(edge_array), np.asarray(weight_array)

    else: #nonoverlapping partitions
        permutations = list(itertools.permutations(np.arange(dx*dy).astype('int')))
        edge_array   = []

        for j in permutations:
            for i in permutations:
                edge_array.append([j, i])

        edge_array = np.apply_along_axis(np.array2string, 2, edge_array, separator='|')
        for char in ['[', ']']:
            edge_array = np.char.replace(edge_array, char, '')

        weight_array = np.full(shape=len(edge_array), fill_value=1/len(edge_array))

        return np.unique(edge_array), edge_array, weight_array


def missing_patterns(data, dx=3, dy=1, taux=1, tauy=1, return_fraction=True, return_missing=True, probs=False, tie_precision=None):

    if probs == True:
        states, probs = data
    else:
        states, probs = ordinal_distribution(data, dx, dy, taux, tauy, return_missing=True, tie_precision=tie_precision)

    missing_args   = np.argwhere(probs==0).flatten()
    missing_states = states[missing_args]

    if return_fraction==True:
        if return_missing:
            return missing_states, len(missing_args)/math.factorial(dx*dy)
        else:
            return len(missing_args)/math.factorial(dx*dy)
    else:
        if return_missing:
            return missing_states, len(missing_args)
        else:
            return len(missing_args)


def missing_links(data, dx=3, dy=1, return_fraction=True, return_missing=True, tie_precision=None):
    def setdiff(a, b):
        a = np.asarray(a)
        b = np.asarray(b)

        _, ncols = a.shape

        dtype={'names':['f{}'.format(i) for i in range(ncols)],
            'formats':ncols * [a.dtype]}

        C = np.setdiff1d(a.view(dtype), b.view(dtype))
        C = C.view(a.dtype).reshape(-1, ncols)

        return(C)



    if not return_missing==False:
        if len(data)==3 and type(data[0][0])==np.str_:
            _, data_links, _ = data
        else:
            _, data_links, _ = ordinal_network(data, dx, dy, tie_precision=tie_precision)

        _, all_links, _ = random_ordinal_network(dx=dx, dy=dy)
        missing_links   = setdiff(all_links, data_links)

        if return_fraction==True:
            return missing_links, len(missing_links)/len(all_links)
        else:
            return missing_links, len(missing_links)

    else: #not return missing links
        if len(data)==3 and type(data[0][0])==np.str_:
            _, data_links, _ = data
        else:
            _, data_links, _ = ordinal_network(data, dx, dy, tie_precision=tie_precision)

        #assumes dx==1 means time series data, although the algorithm works
        #for images too in this case and te results are different.
        if dy==1:
            all_links = math.factorial(dx)*dx

            if return_fraction==True:
                return (all_links-len(data_links))/all_links
            else:
                return all_links-len(data_links)

        else: #not return missing links for image
            _, all_links, _ = random_ordinal_network(dx=dx, dy=dy)
            missing_links   = setdiff(all_links, data_links)

            if return_fraction==True:
                return len(missing_links)/len(all_links)
            else:
                return len(missing_links)


def minimum_complexity_entropy(dx=3, dy=1, size=100):
    size        += 1
    N            = math.factorial(dx*dy)
    prob_params  = np.linspace(1/N, 1, num=size-1)
    uniform_dist = np.full(N, 1/N)

    hc_ = []
    for i in range(size-1):
        probabilities    = np.full(shape=N, fill_value=(1-prob_params[i])/(N-1))
        probabilities[0] = prob_params[i]

        h = permutation_entropy(probabilities, dx, dy, probs=True)

        p_plus_u_over_2      = (uniform_dist + probabilities)/2
        s_of_p_plus_u_over_2 = -np.sum(p_plus_u_over_2*np.log(p_plus_u_over_2))

        probabilities = probabilities[probabilities!=0]
        s_of_p_over_2 = -np.sum(probabilities*np.log(probabilities))/2
        s_of_u_over_2 = np.log(N)/2.

        js_div_max = -0.5*(((N+1)/N)*np.log(N+1) + np.log(N) - 2*np.log(2*N))
        js_div     = s_of_p_plus_u_over_2 - s_of_p_over_2 - s_of_u_over_2

        hc_.append([h, h*js_div/js_div_max])

    return np.flip(hc_, axis=0)


def maximum_complexity_entropy(dx=3, dy=1, m=1):

    N              = math.factorial(dx*dy)
    hlist_, clist_ = np.zeros(shape=(N-1,m)), np.zeros(shape=(N-1,m))

    for i in range(N-1):

        p             = np.zeros(shape=N)
        uniform_dist  = np.full(N, 1/N)
        prob_params   = np.linspace(0, 1/N, num=m)

        for k in range(len(prob_params)):
            p[0] = prob_params[k]
            for j in range(1,N-i):
                p[j] = (1-prob_params[k])/(N-i-1)

            h = permutation_entropy(p, dx, dy, probs=True)

            p_plus_u_over_2      = (uniform_dist + p)/2
            s_of_p_plus_u_over_2 = -np.sum(p_plus_u_over_2*np.log(p_plus_u_over_2))

            p_non_zero    = p[p!=0]
            s_of_p_over_2 = -np.sum(p_non_zero*np.log(p_non_zero))/2
            s_of_u_over_2 = np.log(N)/2.

            js_div_max = -0.5*(((N+1)/N)*np.log(N+1) + np.log(N) - 2*np.log(2*N))
            js_div     = s_of_p_plus_u_over_2 - s_of_p_over_2 - s_of_u_over_2

            hlist_[i, k] = h
            clist_[i, k] = h*js_div/js_div_max

    #flatenning the arrays and ordering the pairs of values.
    hlist_ = hlist_.flatten()
    clist_ = clist_.flatten()
    args   = np.argsort(hlist_)

    return np.asarray((hlist_[args], clist_[args])).T


def weighted_permutation_entropy(data, dx=3, dy=1, taux=1, tauy=1, base='e', normalized=True, tie_precision=None):
    try:
        ny, nx = np.shape(data)
        data   = np.array(data)
    except:
        nx     = np.shape(data)[0]
        ny     = 1
        data   = np.array([data])

    if tie_precision is not None:
        data = np.round(data, tie_precision)

    if ny==1: #time series
        partitions = np.apply_along_axis(func1d       = np.lib.stride_tricks.sliding_window_view,
                                         axis         = 1,
                                         arr          = data,
                                         window_shape = (dx+(dx-1)*(taux-1),)
                                        )
        partitions = partitions[::, ::, ::taux].reshape(-1, dx*dy)
    else: #image
        partitions = np.lib.stride_tricks.sliding_window_view(x            = data,
                                                              window_shape = (dy+(dy-1)*(tauy-1), dx+(dx-1)*(taux-1))
                                                             )
        partitions = partitions[::, ::, ::tauy, ::taux].reshape(-1, dx*dy)

    if dx*dy>6 and nx*ny>1000: #a special approach is employed when dealing with large arrays and large embedding dimensions.
        weights                   = partitions.var(axis=1)
        flat_symbolic_sequence    = np.apply_along_axis(np.argsort, 1, partitions)

        str_symbols               = np.apply_along_axis(np.array2string, 1, flat_symbolic_sequence, separator='')
        idx_sort                  = np.argsort(str_symbols)
        _, idx_start              = np.unique(str_symbols[idx_sort], return_index=True)
        sets_same_symbol          = np.split(idx_sort, idx_start[1:])

        total_variance_per_symbol = np.fromiter((weights[symbol_].sum() for symbol_ in sets_same_symbol), dtype='float')

    else: #simpler approach employed to small series (less than 1000 observations) and small embedding dimensions (dx*dy < 7, < ~5000 permutations).
        weights                   = partitions.var(axis=1)
        flat_symbolic_sequence    = np.apply_along_axis(np.argsort, 1, partitions)
        symbols                   = np.unique(flat_symbolic_sequence, return_counts=False, axis=0)
        total_variance_per_symbol = np.fromiter((weights[(flat_symbolic_sequence==symbol_).all(axis=1)].sum() for symbol_ in symbols), dtype='float')

    probs = total_variance_per_symbol/total_variance_per_symbol.sum()

    logfunc = np.log if base=='e' else np.log2
    s       = -np.sum(probs[probs>0]*logfunc(probs[probs>0]))

    if normalized==True:
        smax = logfunc(float(math.factorial(dx*dy)))
        return s/smax
    else:
        return s


def fisher_shannon(data, dx=3, dy=1, taux=1, tauy=1, probs=False, tie_precision=None):
    if not probs:
        if dx*dy>10:
            warnings.warn("Large values of embedding dimension may lead to memory allocation problems.")
        else: pass

        symbols, probabilities = ordinal_distribution(data, dx, dy, taux, tauy, return_missing=True, tie_precision=tie_precision, ordered=True)

        #In case not all possible permutations occur in **data**, we assign zero probability the non-occurring states.
        #This is necessary to calculate the Fisher information measure
        if (probabilities==1.).sum()==1.:
            return 0., 1.
        else:
            h = permutation_entropy(probabilities, dx, dy, taux, tauy, probs=True, tie_precision=tie_precision)
    else:
        warnings.warn("Be mindful the correct calculation of Fisher information depends on all possible permutations " +
                      "given the embedding dimensions dx and dy, not only on the permutations occurring in data.")

        probabilities = np.asarray(data)
        if (probabilities==1.).sum()==1.:
            return 0., 1.
        else:
            h = permutation_entropy(probabilities, dx, dy, taux, tauy, probs=True, tie_precision=tie_precision)

    return h, np.sum(np.diff(np.sqrt(probabilities[::-1]))**2.)/2  #F = F_0 \sum_{i = 1}^{N - 1} (\sqrt{p_{i+1}} - \sqrt{p_{i}})^2, with F_0=1/2


def permutation_js_distance(data, dx=3, dy=1, taux=1, tauy=1, base='e', normalized=True, tie_precision=None):
    if dx*dy>10:
        warnings.warn("Large values of embedding dimension may lead to memory allocation problems.")
    else: pass

    logfunc                         = np.log if base=="e" else np.log2
    num_of_channels                 = len(data)
    sum_of_entropies, probabilities = 0., []

    for channel_ in data:
        symbols, probs    = ordinal_distribution(channel_, dx=dx, dy=dy, taux=taux, tauy=tauy, return_missing=True, tie_precision=tie_precision, ordered=True)

        probabilities.append(probs)
        sum_of_entropies += -np.sum(probs[probs>0]*logfunc(probs[probs>0]))/num_of_channels

    sum_of_distros = np.sum(probabilities, axis=0)/num_of_channels
    entropy_of_sum = -np.sum(sum_of_distros[sum_of_distros>0]*logfunc(sum_of_distros[sum_of_distros>0]))
    distance       = entropy_of_sum - sum_of_entropies
    is_it_nan      = np.isnan(np.sqrt(distance))

    if is_it_nan==True or num_of_channels==1: #added `is_it_nan` after having problems calculating the square root of very small negative numbers caused by floating-point representation problems in Python.
        return 0                              #the second boolean check basically covers the case only one series is provided.
    else:
        if normalized==True:
            return np.sqrt(distance/logfunc(num_of_channels))
        else:
            return np.sqrt(distance)


def permutation_contrasts(data, taux=1, tie_precision=None):
    dict_symbols = dict([('[012]', 0),('[021]', 1),('[102]', 2), ('[120]', 3),('[201]', 4),('[210]', 5)])

    symbols                = ordinal_sequence(data, dx=3, dy=1, taux=taux, tauy=1, overlapping=True, tie_precision=tie_precision)
    symbols, symbols_count = np.unique(symbols, return_counts=True, axis=0)
    probabilities          = symbols_count/symbols_count.sum()

    symbols                            = np.apply_along_axis(np.array2string, 1, symbols, separator='')
    indices                            = np.fromiter(map(dict_symbols.get, symbols), dtype='int')
    p123, p132, p213, p312, p231, p321 = np.fromiter((probabilities[np.argwhere(indices==type_).flatten()].sum() for type_ in range(6)), dtype='float')

    up_down_balance = p123 - p321
    persistence     = p123 + p321
    rot_asymmetry   = p213 + p231 - p132 - p312
    updown_scaling  = p132 + p213 - p231 - p312

    return up_down_balance, persistence, rot_asymmetry, updown_scaling


def smoothness_structure(data, taux=1, tauy=1, tie_precision=None):

    dict_types  = dict([('[0123]', 0),('[0132]', 1),('[0213]', 0),('[0231]', 1),
                        ('[0312]', 2),('[0321]', 2),('[1023]', 1),('[1032]', 0),
                        ('[1203]', 2),('[1230]', 2),('[1302]', 0),('[1320]', 1),
                        ('[2013]', 1),('[2031]', 0),('[2103]', 2),('[2130]', 2),
                        ('[2301]', 0),('[2310]', 1),('[3012]', 2),('[3021]', 2),
                        ('[3102]', 1),('[3120]', 0),('[3201]', 1),('[3210]', 0)])

    symbols                = ordinal_sequence(data, dx=2, dy=2, taux=taux, tauy=tauy, overlapping=True, tie_precision=tie_precision)
    symbols                = symbols.reshape(-1, 4) #reshape the symbols array to facilitate the application of np.unique below
    symbols, symbols_count = np.unique(symbols, return_counts=True, axis=0)
    probabilities          = symbols_count/symbols_count.sum()

    probs_types = np.full(shape=3, fill_value=0.)
    symbols     = np.apply_along_axis(np.array2string, 1, symbols, separator='')
    indices     = np.fromiter(map(dict_types.get, symbols), dtype='int')
    probs_types = np.fromiter((probabilities[np.argwhere(indices==type_).flatten()].sum() for type_ in range(3)), dtype='float')

    smoothness  = probs_types[0] - 1/3
    structure   = probs_types[1] - probs_types[2]

    return smoothness, structure


def two_by_two_patterns(data, taux=1, tauy=1, overlapping=True, tie_patterns=True, group_patterns=False, tie_precision=None):

    def rank_sort_ties(data):

        #adapted from scipy.stats.rankdata
        arr = np.ravel(np.asarray(data))
        sorter = np.argsort(arr)

        inv = np.empty(sorter.size, dtype=np.intp)
        inv[sorter] = np.arange(sorter.size, dtype=np.intp)

        arr = arr[sorter]
        obs = np.r_[True, arr[1:] != arr[:-1]]
        dense = obs.cumsum()[inv]

        return dense - 1

    def rank_sort(data):

        #adapted from scipy.stats.rankdata
        arr = np.ravel(np.asarray(data))
        sorter = np.argsort(arr)

        inv = np.empty(sorter.size, dtype=np.intp)
        inv[sorter] = np.arange(sorter.size, dtype=np.intp)

        arr = arr[sorter]
        obs = np.ones(sorter.size,dtype=int)
        dense = obs.cumsum()[inv]

        return dense - 1

#-----------------------------------#-----------------------------------#-----------------------------------#-----------------------
    dx=dy=2
    ny, nx = np.shape(data)
    data   = np.array(data)

    if tie_precision is not None:
        data = np.round(data, tie_precision)

    if overlapping == True:
        partitions        = np.lib.stride_tricks.sliding_window_view(x            = data,
                                                                     window_shape = (dy+(dy-1)*(tauy-1), dx+(dx-1)*(taux-1))
                                                                    )
        rows, columns, *_ = np.shape(partitions)
        partitions        = partitions[::,::,::tauy,::taux].reshape(rows, columns, dx*dy)
    else:
        partitions = np.concatenate(
            [
                [[np.concatenate(data[j:j+dy*tauy:tauy, i:i+dx*taux:taux]) for i in range(0, nx-(dx-1)*taux, dx+(dx-1)*(taux-1))]]
                for j in range(0, ny-(dy-1)*tauy, dy+(dy-1)*(tauy-1))
            ]
        )

    if tie_patterns:
        symbols = np.apply_along_axis(rank_sort_ties, 2, partitions)
    else:
        symbols = np.apply_along_axis(rank_sort, 2, partitions)

    symbols_unique, symbols_count = np.unique(symbols.reshape(-1, dx*dy) , return_counts=True, axis=0)
    probabilities                 = symbols_count/symbols_count.sum()

    if tie_patterns:
        dict_probs = {
                "[0000]": 0.,  # A
                "[0123]": 0., "[2031]": 0., "[3210]": 0., "[1302]": 0.,  # B
                "[0213]": 0., "[1032]": 0., "[3120]": 0., "[2301]": 0.,  # B
                "[0132]": 0., "[3021]": 0., "[2310]": 0., "[1203]": 0.,  # C
                "[0312]": 0., "[1023]": 0., "[2130]": 0., "[3201]": 0.,  # C
                "[0011]": 0., "[1010]": 0., "[1100]": 0., "[0101]": 0.,  # D
                "[0231]": 0., "[3012]": 0., "[1320]": 0., "[2103]": 0.,  # E
                "[0321]": 0., "[2013]": 0., "[1230]": 0., "[3102]": 0.,  # E
                "[0112]": 0., "[1021]": 0., "[2110]": 0., "[1201]": 0.,  # F
                "[0012]": 0., "[1020]": 0., "[2100]": 0., "[0201]": 0.,  # G
                "[0021]": 0., "[2010]": 0., "[1200]": 0., "[0102]": 0.,  # G
                "[0122]": 0., "[2021]": 0., "[2210]": 0., "[1202]": 0.,  # G
                "[0212]": 0., "[1022]": 0., "[2120]": 0., "[2201]": 0.,  # G
                "[0001]": 0., "[0010]": 0., "[1000]": 0., "[0100]": 0.,  # H
                "[0111]": 0., "[1011]": 0., "[1110]": 0., "[1101]": 0.,  # H
                "[0121]": 0., "[2011]": 0., "[1210]": 0., "[1102]": 0.,  # I
                "[0211]": 0., "[1012]": 0., "[1120]": 0., "[2101]": 0.,  # I
                "[0120]": 0., "[2001]": 0., "[0210]": 0., "[1002]": 0.,  # J
                "[0221]": 0., "[2012]": 0., "[1220]": 0., "[2102]": 0.,  # J
                "[0110]": 0., "[1001]": 0.,  # K
            }
    else:
        dict_probs = {
                "[0123]": 0., "[2031]": 0., "[3210]": 0., "[1302]": 0.,  # B->(I)
                "[0213]": 0., "[1032]": 0., "[3120]": 0., "[2301]": 0.,  # B->(I)
                "[0132]": 0., "[3021]": 0., "[2310]": 0., "[1203]": 0.,  # C->(II)
                "[0312]": 0., "[1023]": 0., "[2130]": 0., "[3201]": 0.,  # C->(II)
                "[0231]": 0., "[3012]": 0., "[1320]": 0., "[2103]": 0.,  # E->(III)
                "[0321]": 0., "[2013]": 0., "[1230]": 0., "[3102]": 0.,  # E->(III)
            }

    symbols_unique_str = np.apply_along_axis(np.array2string, 1, symbols_unique, separator='')

    for symbol, probability in zip(symbols_unique_str, probabilities):
        dict_probs[symbol] = probability

    if not group_patterns:
        return dict_probs
    else:
        if tie_patterns:
            groups = {
                "A": ["[0000]"],
                "B": ["[0123]", "[2031]", "[3210]", "[1302]",
                      "[0213]", "[1032]", "[3120]", "[2301]"],
                "C": ["[0132]", "[3021]", "[2310]", "[1203]",
                      "[0312]", "[1023]", "[2130]", "[3201]"],
                "D": ["[0011]", "[1010]", "[1100]", "[0101]"],
                "E": ["[0231]", "[3012]", "[1320]", "[2103]",
                      "[0321]", "[2013]", "[1230]", "[3102]"],
                "F": ["[0112]", "[1021]", "[2110]", "[1201]"],
                "G": ["[0012]", "[1020]", "[2100]", "[0201]",
                      "[0021]", "[2010]", "[1200]", "[0102]",
                      "[0122]", "[2021]", "[2210]", "[1202]",
                      "[0212]", "[1022]", "[2120]", "[2201]"],
                "H": ["[0001]", "[0010]", "[1000]", "[0100]",
                      "[0111]", "[1011]", "[1110]", "[1101]"],
                "I": ["[0121]", "[2011]", "[1210]", "[1102]",
                      "[0211]", "[1012]", "[1120]", "[2101]"],
                "J": ["[0120]", "[2001]", "[0210]", "[1002]",
                      "[0221]", "[2012]", "[1220]", "[2102]"],
                "K": ["[0110]", "[1001]"],
            }
        else:
            groups = {
                "(I)":   ["[0123]", "[2031]", "[3210]", "[1302]",
                          "[0213]", "[1032]", "[3120]", "[2301]"],
                "(II)":  ["[0132]", "[3021]", "[2310]", "[1203]",
                          "[0312]", "[1023]", "[2130]", "[3201]"],
                "(III)": ["[0231]", "[3012]", "[1320]", "[2103]",
                          "[0321]", "[2013]", "[1230]", "[3102]"],
            }

        dict_probs_group = {group: 0. for group in groups.keys()}
        for group, patterns in groups.items():
            for pattern in patterns:
                dict_probs_group[group] += dict_probs[pattern]

        return dict_probs_group


# --- abel/__init__.py (the deprecation helpers direct.py imports) ---


class __deprecated:
    def __repr__(self):
        return '<deprecated>'
# marker of deprecated parameters
_deprecated = __deprecated()
# print deprecation warning
def _deprecate(msg):
    warn(msg, DeprecationWarning, stacklevel=3)
    # 3rd level is from where the deprecated abel function is called:
    # level 0   level 1         level 2      level 3
    # warn() <- _deprecate() <- abel...() <- user code


# --- abel/hansenlaw.py ---


def hansenlaw_transform(image, dr=1, direction='inverse', hold_order=0,
                        background=0, **kwargs):

    # state equation integral_r0^r (epsilon/r)^(lamda+a) d\epsilon
    def I(n, lam, a):
        integral = np.empty((n.size, lam.size))

        ratio = n/(n-1)
        if a == 0:
            integral[:, 0] = -np.log(ratio)  # special case, lam=0

        ra = (n-1)**a
        k0 = not a  # 0 or 1

        for k, lamk in enumerate((lam+a)[k0:], start=k0):
            integral[:, k] = ra*(1 - ratio**lamk)/lamk

        return integral

    # parameters for Abel transform system model, Table 1.
    h = np.array([0.318, 0.19, 0.35, 0.82, 1.8, 3.9, 8.3, 19.6, 48.3])
    lam = np.array([0.0, -2.1, -6.2, -22.4, -92.5, -414.5, -1889.4, -8990.9,
                    -47391.1])

    image = np.atleast_2d(image)   # 2D input image
    aim = np.empty_like(image)  # Abel transform array
    rows, cols = image.shape

    if background is not None:
        image = np.pad(image, ((0, 0), (0, 1)), constant_values=background)

    if direction == 'forward':
        # the driving function, including the Jacobian factor
        drive = -2*dr*np.pi*image
        a = 1  # integration increases lambda + 1
    else:  # inverse Abel transform
        if hold_order == 0:
            # better suits sharp structure - see issue #249
            drive = np.zeros_like(image)
            drive[:, :-1] = (image[:, 1:] - image[:, :-1])/dr
        else:
            # hold_order=1 prefers gradient
            drive = np.gradient(image, dr, axis=-1)
        a = 0  # due to 1/piR factor

    n = np.arange(image.shape[1] - 1, 1, -1)

    phi = np.empty((n.size, h.size))
    for k, lamk in enumerate(lam):
        phi[:, k] = (n/(n-1))**lamk

    gamma0 = I(n, lam, a)*h

    if hold_order == 0:  # Hansen (& Law) zero-order hold approximation
        B1 = gamma0
        B0 = np.zeros_like(gamma0)  # empty array

    else:  # Hansen first-order hold approximation
        gamma1 = I(n, lam, a+1)*h

        B0 = gamma1 - gamma0*(n-1)[:, None]  # f_n
        B1 = gamma0*n[:, None] - gamma1  # f_n-1

    # Hansen Abel transform  --------------------
    x = np.zeros((h.size, rows))

    for indx, col in enumerate(n-1):
        x = phi[indx][:, None]*x + B0[indx][:, None]*drive[:, col+1]\
                                 + B1[indx][:, None]*drive[:, col]
        aim[:, col] = x.sum(axis=0)

    # missing axial column
    aim[:, 0] = aim[:, 1]
    if background is None:
        # edge column is zero
        aim[:, -1] = 0
    else:
        # crop to original size
        aim = aim[:, :cols]

    if rows == 1:
        aim = aim[0]  # flatten to a vector

    return aim


# --- abel/onion_bordas.py ---


def _init_abel_vec(xc, yc):
    # vectorized
    i = np.arange(xc, dtype=int)
    j = np.arange(yc, dtype=int)

    Ip1, I = np.meshgrid(i+1, i)
    Ijp1, Iip1 = np.meshgrid(i+1, i+1)

    val1 = np.arcsin(np.triu(Iip1/Ijp1)) - np.arcsin(np.triu(I/Ip1))

    Jp1, I1 = np.meshgrid(j+1, i+1)
    val2 = 1.0/I1[:]

    return val1, val2


def _init_abel(xc, yc):
    # this seems like it could be vectorized pretty easily
    val1 = np.zeros((xc, xc))
    val2 = np.zeros((xc, yc))

    for ii in range(xc):
        for jj in range(ii, xc):
            val1[ii, jj] = np.arcsin((ii+1)/(jj+1)) - \
                           np.arcsin((ii)/(jj+1))

        val2[ii, :] = 1.0/(ii+1)

    return val1, val2


def onion_bordas_transform(IM, dr=1, direction="inverse", shift_grid=True,
                           **kwargs):

    if direction != 'inverse':
        raise ValueError('Forward "onion_bordas" transform not implemented')

    # make sure that the data is the right shape (1D must be converted to 2D):
    IM = np.atleast_2d(IM.copy())

    # onion-peeling uses grid rather than pixel values,
    # odd shaped whole images require shift image (-1/2, -1/2)

    if shift_grid:
        IM = shift(IM, (0,-0.5), mode='nearest')

    # we would like to work from the outside to the inside of the image,
    # so flip the image to put the "outside" at low index values.
    IM = np.fliplr(IM)

    h, w = np.shape(IM)

    # calculate val1 and val2, which are 2D arrays
    # of what appear to be scaling factors
    val1, val2 = _init_abel(w, h)

    abel_arr = np.zeros_like(IM)
    # initialize 2D array for final transform
    rest_arr = IM
    # initialize 2D array that will be manipulated during the transform
    vect = np.zeros(h)
    # initialize a 1D array that is temporarily used to store scaling factors

    for col_index in range(1, w):
        # iterate over the columns (x-values) in the slice space

        idist = w - col_index
        # this is basically the x-coordinate
        # or "distance in i direction", I guess
        rest_col = rest_arr[:, col_index-1]
        # a 1D column. This is the piece of the onion we are on.
        normfac = 1 / val1[idist, idist]

        for i in range(idist)[::-1]:
            rest_arr[:, w-i-1] -= rest_col * normfac * val1[i, idist]

        for row_index in range(h):  # for row_index =1:ymax
            vect[row_index] = val2[idist, h-row_index-1]

        abel_arr[:, col_index] = normfac * rest_col * vect.transpose()

    abel_arr = np.c_[abel_arr[:, 1:],abel_arr[:, -1]]
    abel_arr = np.fliplr(abel_arr) # flip back

    # shift back to pixel grid
    if shift_grid:
        abel_arr = shift(abel_arr, (0, 1.0), mode='nearest')

    if abel_arr.shape[0] == 1:
        # flatten array
        abel_arr = abel_arr[0]

    return abel_arr/(2*dr)  # x1/2 for 'correct' normalization


# --- abel/dasch.py ---


def dasch_transform(IM, D):

    # one-line Abel transform - dot product of each row of IM with D
    return np.tensordot(IM, D, axes=(1, 1))


def dasch_transform_forward(IM, D):

    if D[1, 0] == 0:
        # D for 'two_point' and 'onion_peeling' is upper-triangular, so back
        # substitution can be used (it is more efficient)
        return solve_triangular(D, IM.T).T

    # D for 'three_point' has a subdiagonal, thus using general formula
    return IM.dot(inv(D).T)  # transposed because we operate on row vectors


def _bs_two_point(cols):

    # function Eq. (9)  for j >= i
    def J(i, j):
        return np.log((np.sqrt((j + 1)**2 - i**2) + j + 1) /
                      (np.sqrt(j**2 - i**2) + j))/np.pi

    # Eq. (8, 9) D-operator basis, is 0 for j < i
    D = np.zeros((cols, cols))

    # diagonal i == j
    Ii, Jj = np.diag_indices(cols)
    Ii = Ii[1:]  # exclude special case i=j=0
    Jj = Jj[1:]
    D[Ii, Jj] = J(Ii, Jj)

    # upper triangle j > i
    Iu, Ju = np.triu_indices(cols, k=1)
    Iu = Iu[1:]  # exclude special case [0, 1]
    Ju = Ju[1:]
    D[Iu, Ju] = J(Iu, Ju) - J(Iu, Ju-1)

    # special cases
    D[0, 1] = J(0, 1) - 2/np.pi
    D[0, 0] = 2/np.pi

    return D


def _bs_three_point(cols):

    # function Eq. (7)  for j >= i
    def I0diag(i, j):
        return np.log((np.sqrt((2*j+1)**2-4*i**2) + 2*j+1)/(2*j))/(2*np.pi)

    # j > i
    def I0(i, j):
        return np.log(((np.sqrt((2*j + 1)**2 - 4*i**2) + 2*j + 1)) /
                      (np.sqrt((2*j - 1)**2 - 4*i**2) + 2*j - 1))/(2*np.pi)

    # i = j  NB minus -2I_ij typo in Dasch paper
    def I1diag(i, j):
        return np.sqrt((2*j+1)**2 - 4*i**2)/(2*np.pi) - 2*j*I0diag(i, j)

    # j > i
    def I1(i, j):
        return (np.sqrt((2*j+1)**2 - 4*i**2) -
                np.sqrt((2*j-1)**2 - 4*i**2))/(2*np.pi) - 2*j*I0(i, j)

    D = np.zeros((cols, cols))

    # matrix indices ------------------
    # i = j
    I, J = np.diag_indices(cols)
    I = I[1:]
    J = J[1:]  # drop special cases (0,0), (0,1)

    # j = i - 1
    Ib, Jb = I, J-1

    # j = i + 1
    Iu, Ju = I-1, J
    Iu = Iu[1:]  # drop special case (0, 1)
    Ju = Ju[1:]

    # j > i + 1
    Iut, Jut = np.triu_indices(cols, k=2)
    Iut = Iut[1:]  # drop special case (0, 2)
    Jut = Jut[1:]

    # D operator matrix ------------------
    # j = i - 1
    D[Ib, Jb] = I0diag(Ib, Jb+1) - I1diag(Ib, Jb+1)

    # j = i
    D[I, J] = I0(I, J+1) - I1(I, J+1) + 2*I1diag(I, J)

    # j = i + 1
    D[Iu, Ju] = I0(Iu, Ju+1) - I1(Iu, Ju+1) + 2*I1(Iu, Ju) -\
                I0diag(Iu, Ju-1) - I1diag(Iu, Ju-1)

    # j > i + 1
    D[Iut, Jut] = I0(Iut, Jut+1) - I1(Iut, Jut+1) + 2*I1(Iut, Jut) -\
                  I0(Iut, Jut-1) - I1(Iut, Jut-1)

    # special cases (that switch between I0, I1 cases)
    D[0, 2] = I0(0, 3) - I1(0, 3) + 2*I1(0, 2) - I0(0, 1) - I1(0, 1)
    D[0, 1] = I0(0, 2) - I1(0, 2) + 2*I1(0, 1) - 1/np.pi
    D[0, 0] = I0(0, 1) - I1(0, 1) + 1/np.pi

    return D


def _bs_onion_peeling(cols):

    # weight matrix
    W = np.zeros((cols, cols))

    # diagonal elements i = j, Eq. (11)
    I, J = np.diag_indices(cols)
    W[I, J] = np.sqrt((2*J+1)**2 - 4*I**2)

    # upper triangle j > i,  Eq. (11)
    Iu, Ju = np.triu_indices(cols, k=1)
    W[Iu, Ju] = np.sqrt((2*Ju + 1)**2 - 4*Iu**2) -\
                np.sqrt((2*Ju - 1)**2 - 4*Iu**2)

    # operator used in Eq. (1)
    D = inv(W)

    return D


# --- abel/nestorolsen.py ---


def _bs_nestorolsen(cols):
    k, n = np.triu_indices(cols)
    B = np.zeros((cols, cols))
    B[k, n] = (np.sqrt(n**2 - k**2) - np.sqrt((n + 1)**2 - k**2)) / (2 * n + 1)
    B[:, 1:] -= B[:, :-1]
    B *= -2 / np.pi

    return B


# --- abel/direct.py ---


cython_ext = False  # the Cython extension abel.lib.direct is not built here


def direct_transform(f, dr=None, r=None, direction='inverse', derivative=None,
                     int_func=_deprecated, integral=None, correction=True,
                     background=0, backend='C', **kwargs):
    f = np.atleast_2d(f)
    cols = f.shape[1]
    if background is not None:
        f = np.pad(f, ((0, 0), (0, 1)), constant_values=background)

    if dr is not None and r is not None:
        raise ValueError('Specifying both dr and r is meaningless.')
    if r is None:  # use dr
        r = np.arange(f.shape[1], dtype=float)  # (optionally padded width)
        if dr is not None:
            r *= dr
    else:  # use r
        if np.ndim(r) != 1:
            raise ValueError(f'r must be a 1D array (got {r!r}).')
        if r.shape[0] != cols:  # (original width)
            raise ValueError(f'The length of r ({r.shape[0]}) does not match '
                             f'the numer of columns in f ({cols}).')
        if background is not None:
            # extend by one step of the same size as the last one
            r = np.append(r, 2 * r[-1] - r[-2])

    if direction == 'inverse':
        if derivative is None:
            g = np.gradient(f, r, axis=-1)
        else:
            try:
                g = derivative(f, r)
            except TypeError:
                _deprecate('Passing one-argument derivative function to '
                           'abel.direct.direct_transform() is deprecated.')
                g = derivative(f) / (r[1] - r[0])  # assuming uniform
        g /= -np.pi
    else:  # 'forward'
        g = 2 * r[None, :] * f

    backend = backend.lower()

    if backend == 'c' and not cython_ext:
        print('Cython extensions were not built, the C backend is not '
              'available! Falling back to the Python backend...')
        backend = 'python'

    if backend == 'c':
        if integral is not None:
            warn('C backend ignores the integral argument; to use it, '
                 'specify backed="Python"',
                 RuntimeWarning, stacklevel=2)
        g = np.asarray(g, order='C', dtype=float)
        out = _cabel_direct_integral(g, r, int(correction))
    elif backend == 'python':
        if int_func is not _deprecated:
            deprecate('abel.direct.direct_transform() argument "int_func" '
                      'is deprecated, use "integral" instead.')
            integral = int_func
        out = _pyabel_direct_integral(g, r, correction, integral or trapezoid)
    else:
        raise ValueError(f'backend must be "C" or "Python" (got {backend!r})')

    if out.shape[0] == 1:
        return out[0, :cols]
    return out[:, :cols]


def _pyabel_direct_integral(g, r, correction, integral):
    cols = g.shape[1]

    x = r[:, None]
    mask = r > x
    # y = sqrt(r^2 - x^2)
    y = np.zeros((cols, cols), dtype=float)
    y[mask] = np.sqrt((r**2 - x**2)[mask])
    # y^{-1} = 1 / y
    y_1 = np.zeros_like(y)
    y_1[mask] = 1 / y[mask]

    out = np.empty_like(g)

    # Integration for r > x (skipping the singularity)
    for j in range(cols - 1):
        out[:, j] = integral(g[:, j+1:] * y_1[j, j+1:], r[j+1:])
    out[:, -1] = 0

    # Integration of the segment with r = x, assuming that g is linear there
    if correction:
        # slopes of g
        dg = (g[:, 1:] - g[:, :-1]) / (r[1:] - r[:-1])
        # superdiagonal of y
        yd = np.sqrt(r[1:]**2 - r[:-1]**2)
        # hyperbolic arccosines
        ach = np.append(np.arccosh(r[1] / r[0]) if r[0] else 1,
                        np.arccosh(r[2:] / r[1:-1]))
        # add integrated segments to previous truncated integrals
        out[:, :-1] += ach * g[:, :-1] + (yd - ach * r[:-1]) * dg

    return out


# --- abel/tools/math.py ---


def trapezoid(f, x):
    if x.size < 2:
        return np.zeros(f.shape[0], dtype=f.dtype)
    dx = np.empty_like(x)
    dx[0] = x[1] - x[0]     # left endpoint: forward difference
    dx[-1] = x[-1] - x[-2]  # right endpoint: backwards difference
    if x.size > 2:          # interior points: central difference (doubled)
        dx[1:-1] = x[2:] - x[:-2]
    return f.dot(dx / 2)


# --- abel/tools/symmetry.py ---


def get_image_quadrants(IM, reorient=True, symmetry_axis=None,
                        use_quadrants=(True, True, True, True),
                        symmetrize_method="average"):
    IM = np.atleast_2d(IM)

    if not isinstance(symmetry_axis, (list, tuple)):
        # if the user supplies an int, make it into a 1-element list:
        symmetry_axis = [symmetry_axis]

    if ((symmetry_axis == [None] and (use_quadrants[0]==False
                                   or use_quadrants[1]==False
                                   or use_quadrants[2]==False
                                   or use_quadrants[3]==False)) or
        # at least one empty
        (symmetry_axis == [0] and use_quadrants[0]==False and
                                  use_quadrants[1]==False) or # top empty
        (symmetry_axis == [0] and use_quadrants[2]==False and
                                  use_quadrants[3]==False) or # bot empty
        (symmetry_axis == [1] and use_quadrants[1]==False and
                                  use_quadrants[2]==False) or # left empty
        (symmetry_axis == [1] and use_quadrants[0]==False and
                                  use_quadrants[3]==False)    # right empty
                                                                or
        not np.any(use_quadrants)
        ):
        raise ValueError('At least one quadrant would be empty. Please check '
                         'symmetry_axis and use_quadrant values to ensure '
                         'that all quadrants will have a defined value.')

    n, m = IM.shape

    # odd size increased by 1
    n_c = n // 2 + n % 2
    m_c = m // 2 + m % 2


    if isinstance(symmetry_axis, tuple) and not reorient:
        raise ValueError(
            'In order to add quadrants (i.e., to apply horizontal or \
            vertical symmetry), you must reorient the image.')

    if symmetrize_method == "fourier":
        if np.sum(use_quadrants)<4:
            warnings.warn("Using Fourier transformation to symmetrize the"
                          " data will use all 4 quadrants!!")
        if 0 in symmetry_axis:
            IM = fftpack.ifft(fftpack.fft(IM).real).real
        if 1 in symmetry_axis:
            IM = fftpack.ifft(fftpack.fft(IM.T).real).T.real

    # define 4 quadrants of the image
    # see definition above
    Q0 = IM[:n_c, -m_c:]*use_quadrants[0]
    Q1 = IM[:n_c, :m_c]*use_quadrants[1]
    Q2 = IM[-n_c:, :m_c]*use_quadrants[2]
    Q3 = IM[-n_c:, -m_c:]*use_quadrants[3]

    if reorient:
        Q1 = np.fliplr(Q1)
        Q3 = np.flipud(Q3)
        Q2 = np.fliplr(np.flipud(Q2))

    if symmetrize_method == "fourier":
        return Q0, Q1, Q2, Q3

    elif symmetrize_method == "average":
        if symmetry_axis==(0, 1):
            Q = (Q0 + Q1 + Q2 + Q3)/np.sum(use_quadrants)
            return Q, Q, Q, Q

        if 0 in symmetry_axis:   #  vertical axis image symmetry
            Q0 = Q1 = (Q0 + Q1)/(use_quadrants[0] + use_quadrants[1])
            Q2 = Q3 = (Q2 + Q3)/(use_quadrants[2] + use_quadrants[3])

        if 1 in symmetry_axis:   # horizontal axis image symmetry
            Q1 = Q2 = (Q1 + Q2)/(use_quadrants[1] + use_quadrants[2])
            Q0 = Q3 = (Q0 + Q3)/(use_quadrants[0] + use_quadrants[3])

        return Q0, Q1, Q2, Q3
    else:
        raise ValueError("Invalid method for symmetrizing the image!!")


def put_image_quadrants(Q, original_image_shape, symmetry_axis=None):

    Q0, Q1, Q2, Q3 = Q

    if not isinstance(symmetry_axis, (list, tuple)):
        # if the user supplies an int, make it into a 1-element list:
        symmetry_axis = [symmetry_axis]

    if 0 in symmetry_axis:
        Q0 = Q1
        Q3 = Q2

    if 1 in symmetry_axis:
        Q2 = Q1
        Q3 = Q0

    if original_image_shape[0] % 2:
        # odd-rows => remove duplicate bottom row from Q1, Q0
        Q0 = Q0[:-1, :]
        Q1 = Q1[:-1, :]

    if original_image_shape[1] % 2:
        # odd-columns => remove duplicate first column from Q1, Q2
        Q1 = Q1[:, 1:]
        Q2 = Q2[:, 1:]

    Top = np.concatenate((np.fliplr(Q1), Q0), axis=1)
    Bottom = np.flipud(np.concatenate((np.fliplr(Q2), Q3), axis=1))

    IM = np.concatenate((Top, Bottom), axis=0)

    return IM


# --- abel/tools/transform_pairs.py ---


def a(n, r):

    return np.sqrt(n*n - r*r)


def profile1(r):

    if np.any(r <= 0) or np.any(r > 1):
        raise ValueError('r must be 0 < r <= 1')

    if not hasattr(r, '__len__'):
        r = np.asarray([r])

    # left side r <= 0.25
    rl = r[r <= 0.25]

    # source
    source_l = 3/4 + 12*rl**2 - 32*rl**3

    # projection
    a4l = a(0.25, rl)
    a1l = a(1, rl)
    rl2 = rl**2

    proj_l = (128*a1l + a4l)/108 + (283*a4l - 112*a1l)*rl2*2/27 +\
             (4*(1 + rl2)*np.log((1 + a1l)/rl) -
             (4 + 31*rl2)*np.log((0.25 + a4l)/rl))*rl2*8/9

    # right side r > 0.25
    rr = r[r > 0.25]

    # source
    source_r = (16/27)*(1 + 6*rr - 15*rr**2 + 8*rr**3)

    # projection
    a1r = a(1, rr)
    rr2 = rr**2

    proj_r = (a1r - 7*a1r*rr2 + 3*rr2*(1 + rr2)*np.log((1 + a1r)/rr))*32/27

    source = np.concatenate((source_l, source_r))
    projection = np.concatenate((proj_l, proj_r))

    return source, projection


def profile2(r):

    if np.any(r < 0) or np.any(r > 1):
        raise ValueError('r must be 0 <= r <= 1')

    if not hasattr(r, '__len__'):
        r = np.asarray([r])

    source = 1 - 3*r*r + 2*r**3

    a1 = a(1, r)
    projection = a1*(1 - r**2*5/2) + r**4*np.log((1 + a1)/r)*3/2

    return source, projection


def profile3(r):

    if np.any(r < 0) or np.any(r > 1):
        raise ValueError('r must be 0 <= r <= 1')

    if not hasattr(r, '__len__'):
        r = np.asarray([r])

    # left side r <= 0.5
    rl = r[r <= 0.5]

    source_l = 1 - 2*rl**2

    a5l = a(0.5, rl)
    a1l = a(1, rl)
    # power rm**2 typo in Cremers
    proj_l = (4/3)*a1l*(1 + 2*rl**2) - (2/3)*a5l*(1 + 8*rl**2) -\
             4*rl**2*np.log((1 + a1l)/(0.5 + a5l))

    # right side r > 0.5
    rr = r[r > 0.5]
    a1r = a(1, rr)

    source_r = 2*(1 - rr)**2
    proj_r = (4/3)*a1r*(1 + 2*rr**2) - 4*rr**2*np.log((1 + a1r)/rr)

    source = np.concatenate((source_l, source_r))
    projection = np.concatenate((proj_l, proj_r))

    return source, projection


def profile4(r):

    def source_left(x):

        return 0.1 + 5.51*x**2 - 5.25*x**3

    def source_right(x):

        return -40.74 + 155.56*x - 188.89*x**2 + 74.07*x**3

    def proj_left(x):

        a7 = a(0.7, x)
        a1 = a(1, x)
        return 22.68862*a7 - 14.811667*a1 + (217.557*a7 - 196.30083*a1)*x**2 +\
               +155.56*x**2*np.log((1 + a1)/(0.7 + a7)) +\
               x**4*(55.5525*np.log((1 + a1)/x) - 59.49*np.log((0.7 + a7)/x))

    def proj_right(x):

        a1 = a(1, x)
        return -14.811667*a1 - 196.30083*a1*x**2 +\
               x**2*(155.56 + 55.5525*x**2)*np.log((1 + a1)/x)

    if np.any(r <= 0) or np.any(r > 1):
        raise ValueError('r must be 0 < r <= 1')

    if not hasattr(r, '__len__'):
        r = np.asarray([r])

    # left side r <= 0.7 of source, projection profile
    rl = r[r <= 0.7]

    source_l = source_left(rl)
    proj_l = proj_left(rl)

    # right side r > 0.7 of source, projection profile
    rr = r[r > 0.7]

    source_r = source_right(rr)
    proj_r = proj_right(rr)

    source = np.concatenate((source_l, source_r))
    projection = np.concatenate((proj_l, proj_r))

    return source, projection


def profile5(r):

    if np.any(r < 0) or np.any(r > 1):
        raise ValueError('r must be 0 <= r <= 1')

    if not hasattr(r, '__len__'):
        r = np.asarray([r])

    source = np.ones_like(r)
    projection = 2*a(1, r)

    return source, projection


def profile6(r):

    if np.any(r < 0) or np.any(r > 1):
        raise ValueError('r must be 0 <= r <= 1')

    if not hasattr(r, '__len__'):
        r = np.asarray([r])

    source = np.exp(1.1**2*(1 - 1/(1 - r**2)))/np.sqrt(1 - r**2)**3
    projection = np.exp(1.1**2*(1 - 1/(1 - r**2)))*np.sqrt(np.pi)/1.1/a(1, r)

    return source, projection


def profile7(r):

    if np.any(r < 0) or np.any(r > 1):
        raise ValueError('r must be 0 <= r <= 1')

    if not hasattr(r, '__len__'):
        r = np.asarray([r])

    source = (1 + 10*r**2 - 23*r**4 + 12*r**6)/2
    projection = a(1, r)*(19 + 34*r**2 - 125*r**4 + 72*r**6)*8/105

    return source, projection


def profile8(r):

    if np.any(r < 0) or np.any(r > 1):
        raise ValueError('r must be 0 <= r <= 1')

    if not hasattr(r, '__len__'):
        r = np.asarray([r])

    source = np.ones_like(r)
    source[-1] = 0
    dr = r[-1] - r[-2]
    projection = np.zeros_like(r)
    projection[:-1] = 2*a(1 - dr/2, r[:-1])

    return source, projection


def profile9(r):

    if np.any(r < 0) or np.any(r > 1):
        raise ValueError('r must be 0 <= r <= 1')

    if not hasattr(r, '__len__'):
        r = np.asarray([r])

    source = np.ones_like(r)
    dr = r[-1] - r[-2]
    projection = 2*a(1 + dr/2, r)

    return source, projection


# --- abel/tools/polynomial.py ---


class BasePolynomial:
    def copy(self):
        other = self.__new__(type(self))  # create empty object (same type)
        other.func = self.func.copy()
        other.abel = self.abel.copy()
        return other

    def __imul__(self, num):
        self.func *= num
        self.abel *= num
        return self

    def __mul__(self, num):
        res = self.copy()
        return res.__imul__(num)

    __rmul__ = __mul__

    def __itruediv__(self, num):
        return self.__imul__(1 / num)

    def __truediv__(self, num):
        return self.__mul__(1 / num)


class Polynomial(BasePolynomial):
    def __init__(self, r, r_min, r_max, c, r_0=0.0, s=1.0, reduced=False):
        n = r.shape[0]

        # trim negative r limits
        if r_max <= 0:
            # both func and abel must be zero everywhere
            self.func = np.zeros(n)
            self.abel = np.zeros(n)
            return
        if r_min < 0:
            r_min = 0

        # remove zero high-order terms
        c = np.array(np.trim_zeros(c, 'b'), float)
        # if all coefficients are zero
        if len(c) == 0:
            # then both func and abel are also zero everywhere
            self.func = np.zeros(n)
            self.abel = np.zeros(n)
            return
        # polynomial degree
        K = len(c) - 1

        if reduced:
            # rescale r to [0, 1] (to avoid FP overflow)
            r = r / r_max
            r_0 /= r_max
            s /= r_max
            abel_scale = r_max
            r_min /= r_max
            r_max = 1.0

        if s != 1.0:
            # apply stretch
            S = np.cumprod([1.0] + [1.0 / s] * K)  # powers of 1/s
            c *= S
        if r_0 != 0.0:
            # apply shift
            P = pascal(1 + K, 'upper', False)  # binomial coefficients
            rk = np.cumprod([1.0] + [-float(r_0)] * K)  # powers of -r_0
            T = toeplitz([1.0] + [0.0] * K, rk)  # upper-diag. (-r_0)^{l - k}
            c = (P * T).dot(c)

        # whether even and odd powers are present
        even = np.any(c[::2])
        odd = np.any(c[1::2])

        # index limits
        i_min = np.searchsorted(r, r_min)
        i_max = np.searchsorted(r, r_max)

        # Calculate all necessary variables within [0, r_max]

        # x, x^2
        x = r[:i_max]
        x2 = x * x

        # integration limits y = sqrt(r^2 - x^2) or 0
        def sqrt0(x): return np.sqrt(x, np.zeros_like(x), where=x > 0)
        y_up = sqrt0(r_max * r_max - x2)
        y_lo = sqrt0(r_min * r_min - x2)

        # y r^k |_lo^up
        # (actually only even are neded for "even", and only odd for "odd")
        Dyr = np.outer(np.cumprod([1.0] + [r_max] * K), y_up) - \
              np.outer(np.cumprod([1.0] + [r_min] * K), y_lo)

        # ln(r + y) |_lo^up, only for odd k
        if odd:
            # ln x for x > 0, otherwise 0
            def ln0(x): return np.log(x, np.zeros_like(x), where=x > 0)
            Dlnry = ln0(r_max + y_up) - \
                    ln0(np.maximum(r_min, x) + y_lo)

        # One-sided Abel integral \int_lo^up r^k dy.
        def a(k):
            odd_k = k % 2
            # max. x power
            K = k - odd_k  # (k - 1 for odd k)
            # generate coefficients for all x^m r^{k - m} terms
            # (only even indices are actually used;
            #  for odd k, C[K] is also used for x^{k+1} ln(r + y))
            C = [0] * (K + 1)
            C[0] = 1 / (k + 1)
            for m in range(k, 1, -2):
                C[k - m + 2] = C[k - m] * m / (m - 1)
            # sum all terms using Horner's method in x
            a = C[K] * Dyr[k - K]
            if odd_k:
                a += C[K] * x2 * Dlnry
            for m in range(K - 2, -1, -2):
                a = a * x2 + C[m] * Dyr[k - m]
            return a

        # Generate the polynomial function
        func = np.zeros(n)
        span = slice(i_min, i_max)
        # (using Horner's method)
        func[span] = c[K]
        for k in range(K - 1, -1, -1):
            func[span] = func[span] * x[span] + c[k]
        self.func = func

        # Generate its Abel transform
        abel = np.zeros(n)
        span = slice(0, i_max)
        if reduced:
            c *= abel_scale
        for k in range(K + 1):
            if c[k]:
                abel[span] += c[k] * 2 * a(k)
        self.abel = abel


class PiecewisePolynomial(BasePolynomial):
    def __init__(self, r, ranges):
        self.p = [Polynomial(r, *rng) for rng in ranges]
        self.func = sum(p.func for p in self.p)
        self.abel = sum(p.abel for p in self.p)

    def copy(self):
        # make a basic copy with func and abel
        other = super(type(self), self).copy()
        # copy pieces also
        other.p = [pn.copy() for pn in self.p]
        return other

    def __imul__(self, num):
        # multiply func and abel
        super(type(self), self).__imul__(num)
        # multiply each piece also
        for p in self.p:
            p *= num
        return self


# --- wrappers (the calling convention) ---


def direct_transform_python(f, dr, direction):
    return direct_transform(f, dr=dr, direction=direction, backend='python')


def polynomial(r, r_min, r_max, c, r_0=0.0, s=1.0, reduced=False):
    P = Polynomial(r, r_min, r_max, c, r_0, s, reduced)
    return P.func, P.abel


def piecewise_polynomial(r, ranges):
    P = PiecewisePolynomial(r, ranges)
    return P.func, P.abel


# --- inputs ---


def _series(rng, n=120):
    return rng.normal(size=n)


def _walk(rng, n=120):
    return np.cumsum(rng.normal(size=n))


def _short(rng):
    # 7 windows of 3: some of the 6 patterns are missing
    return rng.normal(size=9)


def _rounded(rng):
    return np.round(rng.normal(size=120), 1)


def _image(rng):
    return rng.normal(size=(12, 14))


def _int_image(rng):
    return rng.integers(0, 3, size=(10, 10)).astype(float)


def _probs(rng):
    # ordinal_distribution(..., return_missing=True)'s probabilities: all 6 patterns of dx=3, zeros included
    return ordinal_distribution(rng.normal(size=12), 3, return_missing=True)[1]


def _gauss(rng, n=51, r_max=10.0):
    # abel.tools.analytical.GaussianAnalytical(n, r_max, symmetric=False, sigma, A0)
    r = np.linspace(0, r_max, n)
    sigma, A0 = rng.uniform(2.5, 3.5), rng.uniform(0.5, 1.5)
    func = A0*np.exp(-r**2/sigma**2)
    abel = sigma * np.sqrt(np.pi) * A0*np.exp(-r**2/sigma**2)
    dr = np.diff(r)[0]
    return r, func, abel, dr


def _gauss_row(rng):
    r, func, abel, dr = _gauss(rng)
    return func, dr


def _radii():
    return np.linspace(0, 10.0, 51)


def _gauss_image(rng, rows=11):
    r, func, abel, dr = _gauss(rng)
    return np.tile(abel[None, :], (rows, 1)) + 0.01*rng.normal(size=(rows, r.size)), dr


def _pair_r(rng, n=101):
    # abel.tools.analytical.TransformPair's radii
    r = np.linspace(0, 1, n)
    r[0] = 1.0e-8
    r[-1] -= 1.0e-8
    return r


def _quad_image(rng):
    return rng.normal(size=(11, 13))


_TS = "a normal series of 120 points"
_IM = "a 12x14 normal image, dx=dy=2"

CASES = [
    # ordpy/ordpy.py
    case(ordinal_sequence, lambda rng: (_series(rng), 3), ORD("ordinal_sequence", _TS + ", dx=3")),
    case(ordinal_sequence, lambda rng: (_series(rng), 4, 1, 2), ORD("ordinal_sequence", "dx=4, taux=2"), name="ordpy_abel.ordinal_sequence_taux"),
    case(ordinal_sequence, lambda rng: (_series(rng), 3, 1, 1, 1, False), ORD("ordinal_sequence", "overlapping=False"), name="ordpy_abel.ordinal_sequence_nonoverlapping"),
    case(ordinal_sequence, lambda rng: (_image(rng), 2, 2), ORD("ordinal_sequence", _IM), name="ordpy_abel.ordinal_sequence_image"),
    case(ordinal_sequence, lambda rng: (_rounded(rng), 4, 1, 1, 1, True, 1), ORD("ordinal_sequence", "rounded to 0.1, tie_precision=1: argsort of tied windows"), name="ordpy_abel.ordinal_sequence_ties"),
    case(ordinal_distribution, lambda rng: (_series(rng), 3), ORD("ordinal_distribution", _TS)),
    case(ordinal_distribution, lambda rng: (_short(rng), 3, 1, 1, 1, True), ORD("ordinal_distribution", "9 points, return_missing=True: setdiff of the missing patterns"), name="ordpy_abel.ordinal_distribution_missing"),
    case(ordinal_distribution, lambda rng: (_short(rng), 3, 1, 1, 1, True, None, True), ORD("ordinal_distribution", "return_missing=True, ordered=True: the dict of array2string labels"), name="ordpy_abel.ordinal_distribution_ordered"),
    case(permutation_entropy, lambda rng: (_walk(rng), 4), ORD("permutation_entropy", "a random walk, dx=4")),
    case(permutation_entropy, lambda rng: (_probs(rng), 3, 1, 1, 1, 2, False, True), ORD("permutation_entropy", "probs=True, base=2, normalized=False"), name="ordpy_abel.permutation_entropy_probs"),
    case(permutation_entropy, lambda rng: (_rounded(rng), 3, 1, 1, 1, 'e', True, False, 1), ORD("permutation_entropy", "rounded to 0.1, tie_precision=1"), name="ordpy_abel.permutation_entropy_ties"),
    case(complexity_entropy, lambda rng: (_series(rng), 3), ORD("complexity_entropy", _TS)),
    case(complexity_entropy, lambda rng: (_probs(rng), 3, 1, 1, 1, True), ORD("complexity_entropy", "probs=True"), name="ordpy_abel.complexity_entropy_probs"),
    case(tsallis_entropy, lambda rng: (_series(rng), 2), ORD("tsallis_entropy", "q=2")),
    case(tsallis_entropy, lambda rng: (_series(rng), [0.5, 1, 2]), ORD("tsallis_entropy", "q=[0.5, 1, 2]: the loop"), name="ordpy_abel.tsallis_entropy_qs"),
    case(tsallis_complexity_entropy, lambda rng: (_series(rng), [0.5, 1, 2]), ORD("tsallis_complexity_entropy", "q=[0.5, 1, 2]")),
    case(renyi_entropy, lambda rng: (_series(rng), 2), ORD("renyi_entropy", "alpha=2")),
    case(renyi_entropy, lambda rng: (_series(rng), [0.5, 1, 2]), ORD("renyi_entropy", "alpha=[0.5, 1, 2]: the loop"), name="ordpy_abel.renyi_entropy_alphas"),
    case(renyi_complexity_entropy, lambda rng: (_series(rng), [0.5, 1, 2]), ORD("renyi_complexity_entropy", "alpha=[0.5, 1, 2]")),
    case(ordinal_network, lambda rng: (_series(rng), 3), ORD("ordinal_network", _TS + ", directed")),
    case(ordinal_network, lambda rng: (_series(rng), 3, 1, 1, 1, True, True, False), ORD("ordinal_network", "directed=False: undirected_ordinal_network"), name="ordpy_abel.ordinal_network_undirected"),
    case(global_node_entropy, lambda rng: (_series(rng), 3), ORD("global_node_entropy", _TS)),
    case(random_ordinal_network, lambda rng: (3,), ORD("random_ordinal_network", "dx=3: the time-series branch")),
    case(missing_patterns, lambda rng: (_short(rng), 3), ORD("missing_patterns", "9 points, dx=3")),
    case(missing_links, lambda rng: (_short(rng), 3), ORD("missing_links", "9 points, dx=3")),
    case(minimum_complexity_entropy, lambda rng: (3, 1, 10), ORD("minimum_complexity_entropy", "dx=3, size=10 (the docstring's example)")),
    case(maximum_complexity_entropy, lambda rng: (3, 1, 2), ORD("maximum_complexity_entropy", "dx=3, m=2 (the docstring's example)")),
    case(weighted_permutation_entropy, lambda rng: (_series(rng), 3), ORD("weighted_permutation_entropy", _TS)),
    case(fisher_shannon, lambda rng: (_series(rng), 3), ORD("fisher_shannon", _TS)),
    case(permutation_js_distance, lambda rng: (rng.normal(size=(3, 80)),), ORD("permutation_js_distance", "three channels of 80 points")),
    case(permutation_contrasts, lambda rng: (_series(rng),), ORD("permutation_contrasts", _TS)),
    case(smoothness_structure, lambda rng: (_image(rng),), ORD("smoothness_structure", "a 12x14 normal image")),
    case(two_by_two_patterns, lambda rng: (_int_image(rng),), ORD("two_by_two_patterns", "a 10x10 image of 0, 1, 2: tie patterns")),
    case(two_by_two_patterns, lambda rng: (_image(rng), 1, 1, True, False, True), ORD("two_by_two_patterns", "tie_patterns=False, group_patterns=True"), name="ordpy_abel.two_by_two_patterns_grouped"),
    # abel/hansenlaw.py
    case(hansenlaw_transform, lambda rng: (*_gauss_row(rng), 'forward'), AB("hansenlaw.py", "hansenlaw_transform", "a Gaussian row, direction='forward'")),
    case(hansenlaw_transform, lambda rng: (*_gauss_image(rng), 'inverse'), AB("hansenlaw.py", "hansenlaw_transform", "an 11-row noisy projection image, inverse, hold_order=0"), name="ordpy_abel.hansenlaw_transform_inverse"),
    case(hansenlaw_transform, lambda rng: (*_gauss_image(rng), 'inverse', 1), AB("hansenlaw.py", "hansenlaw_transform", "inverse, hold_order=1: np.gradient and gamma1"), name="ordpy_abel.hansenlaw_transform_hold1"),
    case(hansenlaw_transform, lambda rng: (*_gauss_row(rng), 'forward', 0, None), AB("hansenlaw.py", "hansenlaw_transform", "background=None: no padding, the edge column zeroed"), name="ordpy_abel.hansenlaw_transform_no_background"),
    # abel/onion_bordas.py
    case(_init_abel, lambda rng: (20, 11), AB("onion_bordas.py", "_init_abel")),
    case(_init_abel_vec, lambda rng: (20, 11), AB("onion_bordas.py", "_init_abel_vec")),
    case(onion_bordas_transform, lambda rng: _gauss_image(rng), AB("onion_bordas.py", "onion_bordas_transform", "shift_grid=True: scipy.ndimage.shift")),
    case(onion_bordas_transform, lambda rng: (*_gauss_image(rng), 'inverse', False), AB("onion_bordas.py", "onion_bordas_transform", "shift_grid=False"), name="ordpy_abel.onion_bordas_transform_unshifted"),
    # abel/dasch.py, abel/nestorolsen.py
    case(dasch_transform, lambda rng: (_gauss_image(rng)[0], _bs_three_point(51)), AB("dasch.py", "dasch_transform", "the three-point operator")),
    case(dasch_transform_forward, lambda rng: (_gauss_image(rng)[0], _bs_two_point(51)), AB("dasch.py", "dasch_transform_forward", "the two-point operator: D[1, 0] == 0, solve_triangular")),
    case(_bs_three_point, lambda rng: (21,), AB("dasch.py", "_bs_three_point")),
    case(_bs_onion_peeling, lambda rng: (21,), AB("dasch.py", "_bs_onion_peeling")),
    case(_bs_nestorolsen, lambda rng: (21,), AB("nestorolsen.py", "_bs_nestorolsen")),
    # abel/direct.py, abel/tools/math.py
    case(direct_transform_python, lambda rng: (*_gauss_row(rng), 'forward'), AB("direct.py", "direct_transform", "backend='python', forward, a Gaussian row")),
    case(direct_transform_python, lambda rng: (*_gauss_image(rng), 'inverse'), AB("direct.py", "direct_transform", "backend='python', inverse, an 11-row image"), name="ordpy_abel.direct_transform_python_inverse"),
    case(_pyabel_direct_integral, lambda rng: (2 * _radii()[None, :] * _gauss_image(rng)[0], _radii(), True, trapezoid), AB("direct.py", "_pyabel_direct_integral", "the forward integrand 2*r*f, correction=True, integral=trapezoid")),
    case(trapezoid, lambda rng: (_gauss_image(rng)[0], _radii()), AB("tools/math.py", "trapezoid", "11 rows over r")),
    # abel/tools/symmetry.py
    case(get_image_quadrants, lambda rng: (_quad_image(rng),), AB("tools/symmetry.py", "get_image_quadrants", "an 11x13 image, reorient=True")),
    case(get_image_quadrants, lambda rng: (_quad_image(rng), True, (0, 1)), AB("tools/symmetry.py", "get_image_quadrants", "symmetry_axis=(0, 1): the four quadrants averaged"), name="ordpy_abel.get_image_quadrants_symmetric"),
    case(put_image_quadrants, lambda rng: (get_image_quadrants(_quad_image(rng)), (11, 13)), AB("tools/symmetry.py", "put_image_quadrants", "get_image_quadrants's result, odd shape (the test's round trip)")),
    # abel/tools/transform_pairs.py
    case(profile1, lambda rng: (_pair_r(rng),), AB("tools/transform_pairs.py", "profile1", "TransformPair's 101 radii")),
    case(profile3, lambda rng: (_pair_r(rng),), AB("tools/transform_pairs.py", "profile3", "TransformPair's 101 radii")),
    case(profile8, lambda rng: (_pair_r(rng),), AB("tools/transform_pairs.py", "profile8", "TransformPair's 101 radii")),
    # abel/tools/polynomial.py
    case(polynomial, lambda rng: (np.linspace(0, 10, 51), 2.0, 7.0, [1.0, 0.5, -0.25]), AB("tools/polynomial.py", "Polynomial", "r_min=2, r_max=7, a quadratic (a one-line wrapper)")),
    case(polynomial, lambda rng: (np.linspace(0, 10, 51), 1.0, 8.0, [0.0, 2.0, 0.0, -1.0, 0.0], 4.0, 2.0, True), AB("tools/polynomial.py", "Polynomial", "r_0=4, s=2, reduced=True, trailing zero coefficient trimmed"), name="ordpy_abel.polynomial_shifted"),
    case(piecewise_polynomial, lambda rng: (np.linspace(0, 10, 51), [(0.0, 4.0, [1.0, 0.0, -0.0625]), (4.0, 8.0, [2.0, -0.5], 6.0, 2.0)]), AB("tools/polynomial.py", "PiecewisePolynomial", "two pieces (a one-line wrapper)")),
]
