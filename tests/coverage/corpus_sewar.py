"""sewar's image quality metrics: the helpers of ``utils.py`` (``_initial_check``'s ``isinstance`` tests, ``assert`` on
the shapes and ``warnings.warn`` on the dtypes, a 2-D image given a third axis by ``if len(GT.shape) == 2``; the masked
write of ``_replace_value``; ``fspecial``'s uniform and Gaussian windows chosen by ``if`` on an ``Enum`` member, with a
masked write ``g[g < eps * g.max()] = 0`` and ``if den != 0: g /= den``; ``filter2`` by ``scipy.signal.convolve2d``;
the blocking-effect factor ``_compute_bef``: four loops over block borders and their complements, the latter from a
Python ``set``'s ``symmetric_difference``, and an ``if d_b > d_bc`` on the sums), and the metrics of ``full_ref.py``:
MSE, RMSE and its sliding-window form (a loop over channels writing into a map), PSNR (``np.iinfo`` of the input's
dtype, an early ``return np.inf`` when the error is 0), UQI (two masked writes into a quality map), SSIM (a loop over
channels appending to lists, ``assert C1 > 0``), ERGAS, SCC (``scipy.ndimage.generic_laplace`` given a nested function
that calls ``correlate``; masked writes), RASE (``np.where`` under ``np.errstate``), SAM (a loop over bands, ``np.clip``
and ``arccos``), MS-SSIM (scales capped by ``if scales > max_scales`` with a warning, images halved in a loop, complex
powers), VIF-P (four scales of windowed statistics, eight masked writes each), Q2n (``_norm_blocco``'s ``if c == 0``,
the recursive hypercomplex products ``_onion_mult`` and ``_onion_mult2D`` with early returns for one and two bands,
``_onions_quality``'s per-band loop with a conditional expression and ``if termine3 == 0``, and ``q2n``'s mirror
padding under ``if est1 != 0 or est2 != 0``, a ``while`` to the next power of two and two nested loops over blocks) and
PSNR-B (``math.log10`` under an ``if np.amax(P) > 2``), and ``no_ref.py``'s spectral distortion index ``d_lambda`` (UQI
between every pair of bands, written symmetrically by chained assignment) (andrewekhalel/sewar, MIT).

Copied from andrewekhalel/sewar at c872e15690053211a7966796070f3adf0428d85e (version 0.4.x; its ``LICENSE`` is the MIT
License, "Copyright (c) 2018 Andrew Khalel"): ``sewar/utils.py``, ``sewar/full_ref.py`` and ``sewar/no_ref.py``, every
function in the files' order, docstrings dropped, comments and the source's indentation (tabs, with the spaces of
``_replace_value``) kept.

Adapted, beyond that:

* the module-level imports are those of the source files (``from __future__ import absolute_import, division,
  print_function`` is Python 3's own behaviour); ``from PIL import Image`` is dropped, with the two functions that need
  it: ``utils.imresize`` and so ``no_ref.d_s`` and ``no_ref.qnr`` (Pillow is not installed here; ``imresize`` of the
  float64 image ``d_s`` gives it also fails in Pillow, which takes no float64 array), and ``utils._str_to_array`` (it
  calls ``ast``, which ``utils.py`` does not import, and nothing calls it);
* a setting the source takes as a keyword (``ws=``, ``MAX=``, ``fltr_specs=``, ``mode=``, ``weights=``, ``stride=``,
  ``sigma=``) is given by a one-line wrapper named after the case, so the traced arguments are the arrays.

The inputs: 8-bit grey images of 32 x 32 to 64 x 64 pixels (smooth gradients and blobs, as photographs are) and
their distorted copies (Gaussian noise, clipped and rounded), three-band colour images, float images in [0, 1],
float32 images, multispectral images of 3, 4 and 8 bands (reflectances) for SAM, ERGAS, Q2n and D_lambda; and the
edge values: identical images (MSE 0, PSNR inf), constant images (UQI's zero denominators, ``_norm_blocco``'s zero
deviation), a band that is all zero (SAM's 0 / 0), NaN pixels and an empty image.
"""

# ruff: noqa: E101, E111, E114, E117, E201, E202, E203, E211, E221, E222, E225, E226, E228, E231, E251, E261, E262, E265, E271, E301, E302, E303, E305, E501, E701, E702, E703, E741, N802, N803, N806, W191, W291, W293, B006, B007, B028, UP031, UP032, UP034
from __future__ import annotations

import warnings
from enum import Enum
from math import log2, log10  # noqa: F401 (full_ref.py's imports; log2 is unused there)

import numpy as np
from scipy import signal
from scipy.ndimage import correlate, gaussian_filter, generic_laplace, uniform_filter  # noqa: F401

from tests.coverage.cases import SEWAR, Source, case


def SW(path: str, original: str, note: str = "") -> Source:
    return Source(SEWAR, "sewar/" + path, original, note)


# --- sewar/utils.py ---

class Filter(Enum):
	UNIFORM = 0
	GAUSSIAN = 1

def _initial_check(GT,P):
	if not isinstance(GT, np.ndarray) or not isinstance(P, np.ndarray):
		raise TypeError("GT and P must be numpy arrays (numpy.ndarray). "
						"Got types: GT=%s, P=%s. "
						"Images should be in H x W x C format." % (type(GT).__name__, type(P).__name__))
	assert GT.shape == P.shape, "Supplied images have different sizes " + \
	str(GT.shape) + " and " + str(P.shape)
	if GT.dtype != P.dtype:
		msg = "Supplied images have different dtypes " + \
			str(GT.dtype) + " and " + str(P.dtype)
		warnings.warn(msg)
	

	if len(GT.shape) == 2:
		GT = GT[:,:,np.newaxis]
		P = P[:,:,np.newaxis]

	return GT.astype(np.float64),P.astype(np.float64)

def _replace_value(array,value,replace_with):
    array[array == value] = replace_with
    return array

def _get_sums(GT,P,win,mode='same'):
	mu1,mu2 = (filter2(GT,win,mode),filter2(P,win,mode))
	return mu1*mu1, mu2*mu2, mu1*mu2

def _get_sigmas(GT,P,win,mode='same',**kwargs):
	if 'sums' in kwargs:
		GT_sum_sq,P_sum_sq,GT_P_sum_mul = kwargs['sums']
	else:
		GT_sum_sq,P_sum_sq,GT_P_sum_mul = _get_sums(GT,P,win,mode)

	return filter2(GT*GT,win,mode)  - GT_sum_sq,\
			filter2(P*P,win,mode)  - P_sum_sq, \
			filter2(GT*P,win,mode) - GT_P_sum_mul

def fspecial(fltr,ws,**kwargs):
	if fltr == Filter.UNIFORM:
		return np.ones((ws,ws))/ ws**2
	elif fltr == Filter.GAUSSIAN:
		x, y = np.mgrid[-ws//2 + 1:ws//2 + 1, -ws//2 + 1:ws//2 + 1]
		g = np.exp(-((x**2 + y**2)/(2.0*kwargs['sigma']**2)))
		g[ g < np.finfo(g.dtype).eps*g.max() ] = 0
		assert g.shape == (ws,ws)
		den = g.sum()
		if den !=0:
			g/=den
		return g
	return None

def filter2(img,fltr,mode='same'):
	return signal.convolve2d(img, np.rot90(fltr,2), mode=mode)

def _power_complex(a,b):
	return a.astype('complex') ** b

def _compute_bef(im, block_size=8):
	if len(im.shape) == 3:
		height, width, channels = im.shape
	elif len(im.shape) == 2:
		height, width = im.shape
		channels = 1
	else:
		raise ValueError("Not a 1-channel/3-channel grayscale image")

	if channels > 1:
		raise ValueError("Not for color images")

	h = np.array(range(0, width - 1))
	h_b = np.array(range(block_size - 1, width - 1, block_size))
	h_bc = np.array(list(set(h).symmetric_difference(h_b)))

	v = np.array(range(0, height - 1))
	v_b = np.array(range(block_size - 1, height - 1, block_size))
	v_bc = np.array(list(set(v).symmetric_difference(v_b)))

	d_b = 0
	d_bc = 0

	# h_b for loop
	for i in list(h_b):
		diff = im[:, i] - im[:, i+1]
		d_b += np.sum(np.square(diff))

	# h_bc for loop
	for i in list(h_bc):
		diff = im[:, i] - im[:, i+1]
		d_bc += np.sum(np.square(diff))

	# v_b for loop
	for j in list(v_b):
		diff = im[j, :] - im[j+1, :]
		d_b += np.sum(np.square(diff))

	# V_bc for loop
	for j in list(v_bc):
		diff = im[j, :] - im[j+1, :]
		d_bc += np.sum(np.square(diff))

	# N code
	n_hb = height * (width/block_size) - 1
	n_hbc = (height * (width - 1)) - n_hb
	n_vb = width * (height/block_size) - 1
	n_vbc = (width * (height - 1)) - n_vb

	# D code
	d_b /= (n_hb + n_vb)
	d_bc /= (n_hbc + n_vbc)

	# Log
	if d_b > d_bc:
		t = np.log2(block_size)/np.log2(min(height, width))
	else:
		t = 0

	# BEF
	bef = t*(d_b - d_bc)

	return bef


# --- sewar/full_ref.py ---

def mse (GT,P):
	GT,P = _initial_check(GT,P)
	return np.mean((GT.astype(np.float64)-P.astype(np.float64))**2)

def rmse (GT,P):
	GT,P = _initial_check(GT,P)
	return np.sqrt(mse(GT,P))

def _rmse_sw_single (GT,P,ws):	
	errors = (GT-P)**2
	errors = uniform_filter(errors.astype(np.float64),ws)
	rmse_map = np.sqrt(errors)
	s = int(np.round((ws/2)))
	return np.mean(rmse_map[s:-s,s:-s]),rmse_map

def rmse_sw (GT,P,ws=8):
	GT,P = _initial_check(GT,P)

	rmse_map = np.zeros(GT.shape)
	vals = np.zeros(GT.shape[2])
	for i in range(GT.shape[2]):
		vals[i],rmse_map[:,:,i] = _rmse_sw_single (GT[:,:,i],P[:,:,i],ws) 

	return np.mean(vals),rmse_map

def psnr (GT,P,MAX=None):
	if MAX is None:
		MAX = np.iinfo(GT.dtype).max

	GT,P = _initial_check(GT,P)

	mse_value = mse(GT,P)
	if mse_value == 0.:
		return np.inf
	return 10 * np.log10(MAX**2 /mse_value)

def _uqi_single(GT,P,ws):
	N = ws**2
	window = np.ones((ws,ws))

	GT_sq = GT*GT
	P_sq = P*P
	GT_P = GT*P

	GT_sum = uniform_filter(GT, ws)    
	P_sum =  uniform_filter(P, ws)     
	GT_sq_sum = uniform_filter(GT_sq, ws)  
	P_sq_sum = uniform_filter(P_sq, ws)  
	GT_P_sum = uniform_filter(GT_P, ws)

	GT_P_sum_mul = GT_sum*P_sum
	GT_P_sum_sq_sum_mul = GT_sum*GT_sum + P_sum*P_sum
	numerator = 4*(N*GT_P_sum - GT_P_sum_mul)*GT_P_sum_mul
	denominator1 = N*(GT_sq_sum + P_sq_sum) - GT_P_sum_sq_sum_mul
	denominator = denominator1*GT_P_sum_sq_sum_mul

	q_map = np.ones(denominator.shape)
	index = np.logical_and((denominator1 == 0) , (GT_P_sum_sq_sum_mul != 0))
	q_map[index] = 2*GT_P_sum_mul[index]/GT_P_sum_sq_sum_mul[index]
	index = (denominator != 0)
	q_map[index] = numerator[index]/denominator[index]

	s = int(np.round(ws/2))
	return np.mean(q_map[s:-s,s:-s])

def uqi (GT,P,ws=8):
	GT,P = _initial_check(GT,P)
	return np.mean([_uqi_single(GT[:,:,i],P[:,:,i],ws) for i in range(GT.shape[2])])

def _ssim_single (GT,P,ws,C1,C2,fltr_specs,mode):
	win = fspecial(**fltr_specs)

	GT_sum_sq,P_sum_sq,GT_P_sum_mul = _get_sums(GT,P,win,mode)
	sigmaGT_sq,sigmaP_sq,sigmaGT_P = _get_sigmas(GT,P,win,mode,sums=(GT_sum_sq,P_sum_sq,GT_P_sum_mul))

	assert C1 > 0
	assert C2 > 0

	ssim_map = ((2*GT_P_sum_mul + C1)*(2*sigmaGT_P + C2))/((GT_sum_sq + P_sum_sq + C1)*(sigmaGT_sq + sigmaP_sq + C2))
	cs_map = (2*sigmaGT_P + C2)/(sigmaGT_sq + sigmaP_sq + C2)

	
	return np.mean(ssim_map), np.mean(cs_map)


def ssim (GT,P,ws=11,K1=0.01,K2=0.03,MAX=None,fltr_specs=None,mode='valid'):
	if MAX is None:
		MAX = np.iinfo(GT.dtype).max

	GT,P = _initial_check(GT,P)

	if fltr_specs is None:
		fltr_specs=dict(fltr=Filter.UNIFORM,ws=ws)

	C1 = (K1*MAX)**2
	C2 = (K2*MAX)**2

	ssims = []
	css = []
	for i in range(GT.shape[2]):
		ssim_val, cs = _ssim_single(GT[:,:,i],P[:,:,i],ws,C1,C2,fltr_specs,mode)
		ssims.append(ssim_val)
		css.append(cs)
	return np.mean(ssims),np.mean(css)


def ergas(GT,P,r=0.25):
	GT,P = _initial_check(GT,P)

	nb = GT.shape[2]

	GT_means_per_band = np.mean(GT, axis=(0,1))

	rmse_per_band = np.zeros(nb)
	for b in range(nb):
		rmse_per_band[b] = rmse(GT[:,:,b],P[:,:,b])
	
	presratio = 100*r
	div = (rmse_per_band**2) / (GT_means_per_band**2)
	ergasroot = np.sqrt( np.sum(div)/ nb )
	return presratio*ergasroot

def _scc_single(GT,P,win,ws):
	def _scc_filter(inp, axis, output, mode, cval):
		return correlate(inp, win , output, mode, cval, 0)

	GT_hp = generic_laplace(GT.astype(np.float64), _scc_filter)
	P_hp = generic_laplace(P.astype(np.float64), _scc_filter)
	win = fspecial(Filter.UNIFORM,ws)
	sigmaGT_sq,sigmaP_sq,sigmaGT_P = _get_sigmas(GT_hp,P_hp,win)

	sigmaGT_sq[sigmaGT_sq<0] = 0
	sigmaP_sq[sigmaP_sq<0] = 0

	den = np.sqrt(sigmaGT_sq) * np.sqrt(sigmaP_sq)
	idx = (den==0)
	den = _replace_value(den,0,1)
	scc = sigmaGT_P / den
	scc[idx] = 0
	return scc

def scc(GT,P,win=[[-1,-1,-1],[-1,8,-1],[-1,-1,-1]],ws=8):
	GT,P = _initial_check(GT,P)

	coefs = np.zeros(GT.shape)
	for i in range(GT.shape[2]):
		coefs[:,:,i] = _scc_single(GT[:,:,i],P[:,:,i],win,ws)
	return np.mean(coefs)


def rase(GT,P,ws=8):
	GT,P = _initial_check(GT,P)

	_,rmse_map = rmse_sw(GT,P,ws)

	GT_means = uniform_filter(GT, ws)/ws**2


	N = GT.shape[2]
	M = np.sum(GT_means,axis=2)/N

	with np.errstate(divide='ignore', invalid='ignore'):
		rase_map = np.where(M != 0,
		                    (100./M) * np.sqrt(np.sum(rmse_map**2, axis=2) / N),
		                    0.0)

	s = int(np.round(ws/2))
	return np.mean(rase_map[s:-s,s:-s])


def sam (GT,P):
	GT,P = _initial_check(GT,P)

	GT = GT.reshape((GT.shape[0]*GT.shape[1],GT.shape[2]))
	P = P.reshape((P.shape[0]*P.shape[1],P.shape[2]))

	N = GT.shape[1]
	sam_angles = np.zeros(N)
	for i in range(GT.shape[1]):
		val = np.clip(np.dot(GT[:,i],P[:,i]) / (np.linalg.norm(GT[:,i])*np.linalg.norm(P[:,i])),-1,1)		
		sam_angles[i] = np.arccos(val)

	return np.mean(sam_angles)



def msssim (GT,P,weights = [0.0448, 0.2856, 0.3001, 0.2363, 0.1333],ws=11,K1=0.01,K2=0.03,MAX=None):
	if MAX is None:
		MAX = np.iinfo(GT.dtype).max

	GT,P = _initial_check(GT,P)

	scales = len(weights)

	fltr_specs = dict(fltr=Filter.GAUSSIAN,sigma=1.5,ws=11)

	if isinstance(weights, list):
		weights = np.array(weights)

	# Cap scales so the image is never smaller than the filter window after downsampling.
	# After k halvings the short side is min_dim/2^k; we need that >= ws.
	min_dim = min(GT.shape[0], GT.shape[1])
	max_scales = int(np.floor(np.log2(min_dim / ws))) + 1
	if scales > max_scales:
		import warnings
		warnings.warn(
			"Image is too small for {} scales with window size {}. "
			"Reducing to {} scales.".format(scales, ws, max_scales),
			UserWarning
		)
		scales = max_scales
		weights = weights[:scales]

	mssim = []
	mcs = []
	for _ in range(scales):
		_ssim, _cs = ssim(GT, P, ws=ws,K1=K1,K2=K2,MAX=MAX,fltr_specs=fltr_specs)
		mssim.append(_ssim)
		mcs.append(_cs)

		filtered = [uniform_filter(im, 2) for im in [GT, P]]
		GT, P = [x[::2, ::2, :] for x in filtered]

	mssim = np.array(mssim,dtype=np.float64)
	mcs = np.array(mcs,dtype=np.float64)

	return (np.prod(_power_complex(mcs[:scales-1],weights[:scales-1])) * _power_complex(mssim[scales-1],weights[scales-1])).real


def _vifp_single(GT,P,sigma_nsq):
	EPS = 1e-10
	num =0.0
	den =0.0
	for scale in range(1,5):
		N=2.0**(4-scale+1)+1
		win = fspecial(Filter.GAUSSIAN,ws=N,sigma=N/5)

		if scale >1:
			GT = filter2(GT,win,'valid')[::2, ::2]
			P = filter2(P,win,'valid')[::2, ::2]

		GT_sum_sq,P_sum_sq,GT_P_sum_mul = _get_sums(GT,P,win,mode='valid')
		sigmaGT_sq,sigmaP_sq,sigmaGT_P = _get_sigmas(GT,P,win,mode='valid',sums=(GT_sum_sq,P_sum_sq,GT_P_sum_mul))


		sigmaGT_sq[sigmaGT_sq<0]=0
		sigmaP_sq[sigmaP_sq<0]=0

		g=sigmaGT_P /(sigmaGT_sq+EPS)
		sv_sq=sigmaP_sq-g*sigmaGT_P
		
		g[sigmaGT_sq<EPS]=0
		sv_sq[sigmaGT_sq<EPS]=sigmaP_sq[sigmaGT_sq<EPS]
		sigmaGT_sq[sigmaGT_sq<EPS]=0
		
		g[sigmaP_sq<EPS]=0
		sv_sq[sigmaP_sq<EPS]=0
		
		sv_sq[g<0]=sigmaP_sq[g<0]
		g[g<0]=0
		sv_sq[sv_sq<=EPS]=EPS
		
	
		num += np.sum(np.log10(1.0+(g**2.)*sigmaGT_sq/(sv_sq+sigma_nsq)))
		den += np.sum(np.log10(1.0+sigmaGT_sq/sigma_nsq))

	return num/den

def vifp(GT,P,sigma_nsq=2):
	GT,P = _initial_check(GT,P)
	# GT,P = GT[:,:,np.newaxis],P[:,:,np.newaxis]
	return np.mean([_vifp_single(GT[:,:,i],P[:,:,i],sigma_nsq) for i in range(GT.shape[2])])


def _norm_blocco(x):
	a = x.mean()
	c = x.std(ddof=1)
	if c == 0:
		c = np.finfo(float).eps
	return (x - a) / c + 1.0, a, c

def _onion_mult(o1, o2):
	N = len(o1)
	if N == 1:
		return o1 * o2
	L = N // 2
	a = o1[:L];  b = np.concatenate([[o1[L]], -o1[L+1:]])
	c = o2[:L];  d = np.concatenate([[o2[L]], -o2[L+1:]])
	if N == 2:
		return np.array([a[0]*c[0] - d[0]*b[0], a[0]*d[0] + c[0]*b[0]])
	ris1 = _onion_mult(a, c)
	ris2 = _onion_mult(d, np.concatenate([[b[0]], -b[1:]]))
	ris3 = _onion_mult(np.concatenate([[a[0]], -a[1:]]), d)
	ris4 = _onion_mult(c, b)
	return np.concatenate([ris1 - ris2, ris3 + ris4])

def _onion_mult2D(o1, o2):
	N3 = o1.shape[2]
	if N3 == 1:
		return o1 * o2
	L = N3 // 2
	a = o1[:,:,:L];  b = np.concatenate([o1[:,:,L:L+1], -o1[:,:,L+1:]], axis=2)
	c = o2[:,:,:L];  d = np.concatenate([o2[:,:,L:L+1], -o2[:,:,L+1:]], axis=2)
	if N3 == 2:
		return np.concatenate([a*c - d*b, a*d + c*b], axis=2)
	ris1 = _onion_mult2D(a, c)
	ris2 = _onion_mult2D(d, np.concatenate([b[:,:,:1], -b[:,:,1:]], axis=2))
	ris3 = _onion_mult2D(np.concatenate([a[:,:,:1], -a[:,:,1:]], axis=2), d)
	ris4 = _onion_mult2D(c, b)
	return np.concatenate([ris1 - ris2, ris3 + ris4], axis=2)

def _onions_quality(dat1, dat2, ws):
	dat1 = dat1.astype(np.float64)
	dat2 = np.concatenate([dat2[:,:,:1], -dat2[:,:,1:]], axis=2).astype(np.float64)
	N3 = dat1.shape[2]
	M  = ws * ws
	m1 = np.zeros(N3);  m2 = np.zeros(N3)
	mod_q1m = 0.0;      mod_q2m = 0.0
	mod_q1  = np.zeros((ws, ws));  mod_q2 = np.zeros((ws, ws))
	for i in range(N3):
		a1, s, t = _norm_blocco(dat1[:,:,i])
		dat1[:,:,i] = a1
		if s == 0:
			dat2[:,:,i] = dat2[:,:,i] - s + 1 if i == 0 else -(-dat2[:,:,i] - s + 1)
		else:
			dat2[:,:,i] = (dat2[:,:,i] - s) / t + 1 if i == 0 else -((-dat2[:,:,i] - s) / t + 1)
		m1[i] = dat1[:,:,i].mean();  m2[i] = dat2[:,:,i].mean()
		mod_q1m += m1[i]**2;         mod_q2m += m2[i]**2
		mod_q1  += dat1[:,:,i]**2;   mod_q2  += dat2[:,:,i]**2
	mod_q1m = np.sqrt(mod_q1m);  mod_q2m = np.sqrt(mod_q2m)
	mod_q1  = np.sqrt(mod_q1);   mod_q2  = np.sqrt(mod_q2)
	termine2 = mod_q1m * mod_q2m
	termine4 = mod_q1m**2 + mod_q2m**2
	termine3 = (M/(M-1)) * (np.mean(mod_q1**2) + np.mean(mod_q2**2)) - (M/(M-1)) * termine4
	mean_bias = 2.0 * termine2 / termine4 if termine4 > 0 else 0.0
	if termine3 == 0:
		q = np.zeros(N3);  q[N3-1] = mean_bias
	else:
		cbm = 2.0 / termine3
		qu  = _onion_mult2D(dat1, dat2)
		qm  = _onion_mult(m1, m2)
		qv  = np.array([(M/(M-1)) * np.mean(qu[:,:,i]) for i in range(N3)])
		q   = (qv - (M/(M-1)) * qm) * mean_bias * cbm
	return q

def q2n(GT, P, ws=32, stride=None):
	GT, P = _initial_check(GT, P)
	H, W, N3 = GT.shape
	if stride is None:
		stride = ws

	stepx = int(np.ceil(H / stride))
	stepy = int(np.ceil(W / stride))
	if stepy <= 0:
		stepy = stepx = 1

	est1 = (stepx - 1) * stride + ws - H
	est2 = (stepy  - 1) * stride + ws - W

	if est1 != 0 or est2 != 0:
		GT_p = np.zeros((H + est1, W + est2, N3))
		P_p  = np.zeros((H + est1, W + est2, N3))
		GT_p[:H, :W, :] = GT;  P_p[:H, :W, :] = P
		if est2 > 0:
			GT_p[:H, W:, :] = GT[:, W-est2:W, :][:, ::-1, :]
			P_p[:H,  W:, :] = P[:,  W-est2:W, :][:, ::-1, :]
		if est1 > 0:
			GT_p[H:, :, :] = GT_p[H-est1:H, :, :][::-1, :, :]
			P_p[H:,  :, :] = P_p[ H-est1:H, :, :][::-1, :, :]
		GT, P = GT_p, P_p
		H, W = GT.shape[:2]

	n_pow2 = 1
	while n_pow2 < N3:
		n_pow2 *= 2
	if n_pow2 > N3:
		pad = np.zeros((H, W, n_pow2 - N3))
		GT = np.concatenate([GT, pad], axis=2)
		P  = np.concatenate([P,  pad], axis=2)
	N3 = n_pow2

	valori = np.zeros((stepx, stepy, N3))
	for j in range(stepx):
		for i in range(stepy):
			valori[j, i, :] = _onions_quality(
				GT[j*stride:j*stride+ws, i*stride:i*stride+ws, :],
				P[ j*stride:j*stride+ws, i*stride:i*stride+ws, :],
				ws)

	return float(np.mean(np.sqrt(np.sum(valori**2, axis=2))))


def psnrb(GT, P):
	if len(GT.shape) == 3:
		GT = GT[:, :, 0]

	if len(P.shape) == 3:
		P = P[:, :, 0]

	imdff = np.double(GT) - np.double(P)

	mse = np.mean(np.square(imdff.flatten()))
	bef = _compute_bef(P)
	mse_b = mse + bef

	if np.amax(P) > 2:
		psnr_b = 10 * log10(255**2/mse_b)
	else:
		psnr_b = 10 * log10(1/mse_b)

	return psnr_b


# --- sewar/no_ref.py ---

def d_lambda (ms,fused,p=1):
	L = ms.shape[2]

	M1 = np.ones((L,L))
	M2 = np.ones((L,L))

	for l in range(L):
		for r in range(l+1,L):
			M1[l,r] = M1[r,l] = uqi(fused[:,:,l],fused[:,:,r])
			M2[l,r] = M2[r,l] = uqi(ms[:,:,l],ms[:,:,r])

	diff = np.abs(M1 - M2)**p
	return (1./(L*(L-1)) * np.sum(diff))**(1./p)



# --- the cases ---

def _smooth(rng, h, w, channels=0):
    """An image with the structure of a photograph: gradients and a few Gaussian blobs, in [0, 1]."""
    y, x = np.mgrid[0:h, 0:w]
    shape = (h, w) if not channels else (h, w, channels)
    img = np.zeros(shape)
    for c in range(max(channels, 1)):
        plane = 0.3 + 0.4 * (x / w) * (0.5 + 0.5 * (c + 1) / max(channels, 1)) + 0.1 * np.sin(y / 5.0 + c)
        for _ in range(3):
            cy, cx = rng.uniform(0, h), rng.uniform(0, w)
            plane = plane + 0.3 * np.exp(-((y - cy) ** 2 + (x - cx) ** 2) / (2 * (w / 6.0) ** 2))
        if channels:
            img[:, :, c] = plane
        else:
            img = plane
    return np.clip(img / img.max(), 0.0, 1.0)


def _u8(img):
    return np.round(img * 255).astype(np.uint8)


def _noisy(rng, img, sigma):
    return np.clip(img + rng.normal(0.0, sigma, size=img.shape), 0.0, 1.0)


def gray_pair(rng, h=32, w=32, sigma=0.05):
    """An 8-bit grey image and its noisy copy."""
    gt = _smooth(rng, h, w)
    return _u8(gt), _u8(_noisy(rng, gt, sigma))


def color_pair(rng, h=32, w=32, sigma=0.05):
    gt = _smooth(rng, h, w, 3)
    return _u8(gt), _u8(_noisy(rng, gt, sigma))


def float_pair(rng, h=32, w=32, channels=0, sigma=0.05):
    gt = _smooth(rng, h, w, channels)
    return gt, _noisy(rng, gt, sigma)


def multispectral_pair(rng, h, w, bands, sigma=0.02):
    gt = 0.05 + 0.5 * _smooth(rng, h, w, bands)
    return gt, np.clip(gt + rng.normal(0.0, sigma, size=gt.shape), 0.0, 1.0)


def float32_pair(rng, h=32, w=32):
    gt, p = float_pair(rng, h, w)
    return gt.astype(np.float32), p.astype(np.float32)


def with_nan(rng):
    gt, p = float_pair(rng, 16, 16)
    p[3, 5] = np.nan
    p[10, 2] = np.nan
    return gt, p


def identical(rng):
    gt, _ = gray_pair(rng)
    return gt, gt.copy()


def constant_pair(rng):
    """Two flat images (UQI's denominators are zero everywhere)."""
    return np.full((24, 24), 120, np.uint8), np.full((24, 24), 120, np.uint8)


def psnr_max1(GT, P):
    return psnr(GT, P, MAX=1.0)


def rmse_sw_ws4(GT, P):
    return rmse_sw(GT, P, ws=4)


def uqi_ws4(GT, P):
    return uqi(GT, P, ws=4)


def ssim_gaussian(GT, P):
    return ssim(GT, P, MAX=255, fltr_specs=dict(fltr=Filter.GAUSSIAN, sigma=1.5, ws=11))


def ssim_same(GT, P):
    return ssim(GT, P, ws=7, mode='same')


def ssim_max1(GT, P):
    return ssim(GT, P, ws=7, MAX=1.0)


def msssim_two_scales(GT, P):
    return msssim(GT, P, weights=[0.4, 0.6], MAX=1.0)


def q2n_ws16(GT, P):
    return q2n(GT, P, ws=16, stride=8)


def fspecial_uniform(ws):
    return fspecial(Filter.UNIFORM, ws)


def fspecial_gaussian(sigma):
    return fspecial(Filter.GAUSSIAN, 11, sigma=sigma)


def get_sums_uniform(GT, P):
    return _get_sums(GT, P, fspecial(Filter.UNIFORM, 7))


def get_sigmas_valid(GT, P):
    return _get_sigmas(GT, P, fspecial(Filter.UNIFORM, 7), mode='valid')


def ssim_single_gaussian(GT, P):
    return _ssim_single(GT, P, 11, (0.01 * 255) ** 2, (0.03 * 255) ** 2, dict(fltr=Filter.GAUSSIAN, sigma=1.5, ws=11),
                        'valid')


def scc_single_laplacian(GT, P):
    return _scc_single(GT, P, [[-1, -1, -1], [-1, 8, -1], [-1, -1, -1]], 8)


def _f(rng, *shape):
    return rng.uniform(0.0, 1.0, size=shape)


CASES = [
    # utils.py
    case(_initial_check, lambda rng: gray_pair(rng), SW("utils.py", "_initial_check"), name="sewar._initial_check_gray"),
    case(_initial_check, lambda rng: (color_pair(rng)[0], float_pair(rng, channels=3)[1].astype(np.float32)),
         SW("utils.py", "_initial_check"), name="sewar._initial_check_dtypes_differ"),
    case(_replace_value, lambda rng: (np.where(_f(rng, 12, 12) < 0.3, 0.0, _f(rng, 12, 12)), 0, 1),
         SW("utils.py", "_replace_value")),
    case(get_sums_uniform, lambda rng: float_pair(rng, 24, 24), SW("utils.py", "_get_sums", "window from fspecial")),
    case(get_sigmas_valid, lambda rng: float_pair(rng, 24, 24), SW("utils.py", "_get_sigmas", "mode='valid'")),
    case(fspecial_uniform, lambda rng: (8,), SW("utils.py", "fspecial", "Filter.UNIFORM")),
    case(fspecial_gaussian, lambda rng: (np.float64(1.5),), SW("utils.py", "fspecial", "Filter.GAUSSIAN, sigma=")),
    case(filter2, lambda rng: (_smooth(rng, 20, 20), np.ones((5, 5)) / 25.0), SW("utils.py", "filter2")),
    case(filter2, lambda rng: (_smooth(rng, 20, 20), np.ones((5, 5)) / 25.0, 'valid'), SW("utils.py", "filter2"),
         name="sewar.filter2_valid"),
    case(_power_complex, lambda rng: (rng.uniform(-0.2, 1.0, size=4), np.array([0.0448, 0.2856, 0.3001, 0.2363])),
         SW("utils.py", "_power_complex")),
    case(_compute_bef, lambda rng: (_u8(_smooth(rng, 32, 32)).astype(np.float64),), SW("utils.py", "_compute_bef")),
    case(_compute_bef, lambda rng: (_smooth(rng, 24, 40)[:, :, np.newaxis],), SW("utils.py", "_compute_bef"),
         name="sewar._compute_bef_one_channel"),
    # full_ref.py
    case(mse, lambda rng: gray_pair(rng), SW("full_ref.py", "mse")),
    case(mse, lambda rng: color_pair(rng), SW("full_ref.py", "mse"), name="sewar.mse_color"),
    case(mse, float32_pair, SW("full_ref.py", "mse"), name="sewar.mse_float32"),
    case(mse, with_nan, SW("full_ref.py", "mse"), name="sewar.mse_nan"),
    case(mse, lambda rng: (np.zeros((0, 0)), np.zeros((0, 0))), SW("full_ref.py", "mse"), name="sewar.mse_empty"),
    case(rmse, lambda rng: gray_pair(rng), SW("full_ref.py", "rmse")),
    case(rmse, lambda rng: (rng.integers(0, 1000, size=(16, 16)), rng.integers(0, 1000, size=(16, 16))),
         SW("full_ref.py", "rmse"), name="sewar.rmse_int64"),
    case(_rmse_sw_single, lambda rng: float_pair(rng, 24, 24) + (8,), SW("full_ref.py", "_rmse_sw_single")),
    case(rmse_sw, lambda rng: gray_pair(rng), SW("full_ref.py", "rmse_sw")),
    case(rmse_sw_ws4, lambda rng: color_pair(rng, 20, 20), SW("full_ref.py", "rmse_sw", "ws=4")),
    case(psnr, lambda rng: gray_pair(rng), SW("full_ref.py", "psnr")),
    case(psnr, lambda rng: color_pair(rng), SW("full_ref.py", "psnr"), name="sewar.psnr_color"),
    case(psnr, identical, SW("full_ref.py", "psnr"), name="sewar.psnr_identical"),
    case(psnr_max1, lambda rng: float_pair(rng), SW("full_ref.py", "psnr", "MAX=1.0")),
    case(_uqi_single, lambda rng: float_pair(rng, 24, 24) + (8,), SW("full_ref.py", "_uqi_single")),
    case(uqi, lambda rng: gray_pair(rng), SW("full_ref.py", "uqi")),
    case(uqi, lambda rng: color_pair(rng), SW("full_ref.py", "uqi"), name="sewar.uqi_color"),
    case(uqi, constant_pair, SW("full_ref.py", "uqi"), name="sewar.uqi_constant"),
    case(uqi_ws4, float32_pair, SW("full_ref.py", "uqi", "ws=4")),
    case(ssim_single_gaussian, lambda rng: tuple(a.astype(np.float64) for a in gray_pair(rng)),
         SW("full_ref.py", "_ssim_single", "the constants ssim computes for MAX=255, a Gaussian window")),
    case(ssim, lambda rng: gray_pair(rng), SW("full_ref.py", "ssim")),
    case(ssim, lambda rng: color_pair(rng), SW("full_ref.py", "ssim"), name="sewar.ssim_color"),
    case(ssim_gaussian, lambda rng: gray_pair(rng), SW("full_ref.py", "ssim", "a Gaussian window, MAX=255")),
    case(ssim_same, lambda rng: gray_pair(rng, 24, 24), SW("full_ref.py", "ssim", "mode='same', ws=7")),
    case(ssim_max1, float32_pair, SW("full_ref.py", "ssim", "MAX=1.0, ws=7")),
    case(ergas, lambda rng: multispectral_pair(rng, 24, 24, 4), SW("full_ref.py", "ergas")),
    case(ergas, lambda rng: gray_pair(rng), SW("full_ref.py", "ergas"), name="sewar.ergas_gray"),
    case(scc_single_laplacian, lambda rng: float_pair(rng, 20, 20), SW("full_ref.py", "_scc_single")),
    case(scc, lambda rng: gray_pair(rng, 20, 20), SW("full_ref.py", "scc")),
    case(scc, lambda rng: color_pair(rng, 16, 16), SW("full_ref.py", "scc"), name="sewar.scc_color"),
    case(rase, lambda rng: multispectral_pair(rng, 24, 24, 3), SW("full_ref.py", "rase")),
    case(sam, lambda rng: multispectral_pair(rng, 16, 16, 4), SW("full_ref.py", "sam")),
    case(sam, lambda rng: gray_pair(rng), SW("full_ref.py", "sam"), name="sewar.sam_gray"),
    case(sam, lambda rng: tuple(np.concatenate([a, np.zeros((16, 16, 1))], axis=2)
                                for a in multispectral_pair(rng, 16, 16, 2)),
         SW("full_ref.py", "sam"), name="sewar.sam_zero_band"),
    case(msssim, lambda rng: gray_pair(rng, 64, 64), SW("full_ref.py", "msssim")),
    case(msssim_two_scales, lambda rng: float_pair(rng, 48, 48),
         SW("full_ref.py", "msssim", "weights=[0.4, 0.6], MAX=1.0")),
    case(_vifp_single, lambda rng: tuple(a.astype(np.float64) for a in gray_pair(rng, 64, 64)) + (2,),
         SW("full_ref.py", "_vifp_single")),
    case(vifp, lambda rng: gray_pair(rng, 64, 64), SW("full_ref.py", "vifp")),
    case(vifp, lambda rng: color_pair(rng, 48, 48), SW("full_ref.py", "vifp"), name="sewar.vifp_color"),
    case(_norm_blocco, lambda rng: (_smooth(rng, 16, 16),), SW("full_ref.py", "_norm_blocco")),
    case(_norm_blocco, lambda rng: (np.full((16, 16), 0.25),), SW("full_ref.py", "_norm_blocco"),
         name="sewar._norm_blocco_constant"),
    case(_onion_mult, lambda rng: (rng.normal(size=4), rng.normal(size=4)), SW("full_ref.py", "_onion_mult")),
    case(_onion_mult, lambda rng: (rng.normal(size=8), rng.normal(size=8)), SW("full_ref.py", "_onion_mult"),
         name="sewar._onion_mult_octonion"),
    case(_onion_mult, lambda rng: (rng.normal(size=2), rng.normal(size=2)), SW("full_ref.py", "_onion_mult"),
         name="sewar._onion_mult_complex"),
    case(_onion_mult, lambda rng: (rng.normal(size=1), rng.normal(size=1)), SW("full_ref.py", "_onion_mult"),
         name="sewar._onion_mult_real"),
    case(_onion_mult2D, lambda rng: (rng.normal(size=(6, 6, 4)), rng.normal(size=(6, 6, 4))),
         SW("full_ref.py", "_onion_mult2D")),
    case(_onions_quality, lambda rng: multispectral_pair(rng, 16, 16, 4) + (16,), SW("full_ref.py", "_onions_quality")),
    case(q2n, lambda rng: multispectral_pair(rng, 64, 64, 4), SW("full_ref.py", "q2n")),
    case(q2n, lambda rng: multispectral_pair(rng, 40, 40, 3), SW("full_ref.py", "q2n"), name="sewar.q2n_padded"),
    case(q2n_ws16, lambda rng: multispectral_pair(rng, 32, 32, 8), SW("full_ref.py", "q2n", "ws=16, stride=8")),
    case(psnrb, lambda rng: gray_pair(rng), SW("full_ref.py", "psnrb")),
    case(psnrb, lambda rng: float_pair(rng, 24, 24), SW("full_ref.py", "psnrb"), name="sewar.psnrb_float"),
    case(psnrb, lambda rng: color_pair(rng), SW("full_ref.py", "psnrb"), name="sewar.psnrb_ycbcr"),
    # no_ref.py
    case(d_lambda, lambda rng: multispectral_pair(rng, 24, 24, 3), SW("no_ref.py", "d_lambda")),
]
