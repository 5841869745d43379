"""Image processing from TheAlgorithms/Python (MIT) and rougier/from-python-to-numpy (BSD).

TheAlgorithms/Python at f5988cc09713315817df6a7e327e258013a94440; from-python-to-numpy at
8a5f0d9973fe7513ef8463291ec71bf0f2453688. Each case names its file and function. Docstrings
dropped; the code is as in the source.
"""

# ruff: noqa: E501, E741, N802, N803, N806
from __future__ import annotations

import math

import numpy as np

from tests.coverage.cases import P2N, TA, case


# computer_vision/pooling_functions.py
def maxpooling(arr: np.ndarray, size: int, stride: int) -> np.ndarray:
    arr = np.array(arr)
    if arr.shape[0] != arr.shape[1]:
        raise ValueError("The input array is not a square matrix")
    i = 0
    j = 0
    mat_i = 0
    mat_j = 0

    # compute the shape of the output matrix
    maxpool_shape = (arr.shape[0] - size) // stride + 1
    # initialize the output matrix with zeros of shape maxpool_shape
    updated_arr = np.zeros((maxpool_shape, maxpool_shape))

    while i < arr.shape[0]:
        if i + size > arr.shape[0]:
            # if the end of the matrix is reached, break
            break
        while j < arr.shape[1]:
            # if the end of the matrix is reached, break
            if j + size > arr.shape[1]:
                break
            # compute the maximum of the pooling matrix
            updated_arr[mat_i][mat_j] = np.max(arr[i : i + size, j : j + size])
            # shift the pooling matrix by stride of column pixels
            j += stride
            mat_j += 1

        # shift the pooling matrix by stride of row pixels
        i += stride
        mat_i += 1

        # reset the column index to 0
        j = 0
        mat_j = 0

    return updated_arr


def avgpooling(arr: np.ndarray, size: int, stride: int) -> np.ndarray:
    arr = np.array(arr)
    if arr.shape[0] != arr.shape[1]:
        raise ValueError("The input array is not a square matrix")
    i = 0
    j = 0
    mat_i = 0
    mat_j = 0

    # compute the shape of the output matrix
    avgpool_shape = (arr.shape[0] - size) // stride + 1
    # initialize the output matrix with zeros of shape avgpool_shape
    updated_arr = np.zeros((avgpool_shape, avgpool_shape))

    while i < arr.shape[0]:
        # if the end of the matrix is reached, break
        if i + size > arr.shape[0]:
            break
        while j < arr.shape[1]:
            # if the end of the matrix is reached, break
            if j + size > arr.shape[1]:
                break
            # compute the average of the pooling matrix
            updated_arr[mat_i][mat_j] = int(np.average(arr[i : i + size, j : j + size]))
            # shift the pooling matrix by stride of column pixels
            j += stride
            mat_j += 1

        # shift the pooling matrix by stride of row pixels
        i += stride
        mat_i += 1
        # reset the column index to 0
        j = 0
        mat_j = 0

    return updated_arr


# digital_image_processing/morphological_operations/dilation_operation.py
def rgb_to_gray(rgb: np.ndarray) -> np.ndarray:
    r, g, b = rgb[:, :, 0], rgb[:, :, 1], rgb[:, :, 2]
    return 0.2989 * r + 0.5870 * g + 0.1140 * b


def gray_to_binary(gray: np.ndarray) -> np.ndarray:
    return (gray > 127) & (gray <= 255)


def dilation(image: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    output = np.zeros_like(image)
    image_padded = np.zeros(
        (image.shape[0] + kernel.shape[0] - 1, image.shape[1] + kernel.shape[1] - 1)
    )

    # Copy image to padded image
    image_padded[kernel.shape[0] - 2 : -1 :, kernel.shape[1] - 2 : -1 :] = image

    # Iterate over image & apply kernel
    for x in range(image.shape[1]):
        for y in range(image.shape[0]):
            summation = (
                kernel * image_padded[y : y + kernel.shape[0], x : x + kernel.shape[1]]
            ).sum()
            output[y, x] = int(summation > 0)
    return output


# digital_image_processing/morphological_operations/erosion_operation.py
def erosion(image: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    output = np.zeros_like(image)
    image_padded = np.zeros(
        (image.shape[0] + kernel.shape[0] - 1, image.shape[1] + kernel.shape[1] - 1)
    )

    # Copy image to padded image
    image_padded[kernel.shape[0] - 2 : -1 :, kernel.shape[1] - 2 : -1 :] = image

    # Iterate over image & apply kernel
    for x in range(image.shape[1]):
        for y in range(image.shape[0]):
            summation = (
                kernel * image_padded[y : y + kernel.shape[0], x : x + kernel.shape[1]]
            ).sum()
            output[y, x] = int(summation == 5)
    return output


# data_compression/peak_signal_to_noise_ratio.py
PIXEL_MAX = 255.0


def peak_signal_to_noise_ratio(original: float, contrast: float) -> float:
    mse = np.mean((original - contrast) ** 2)
    if mse == 0:
        return 100

    return 20 * math.log10(PIXEL_MAX / math.sqrt(mse))


# from-python-to-numpy: code/gray_scott.py (the update loop, with U, V and the parameters as arguments)
def gray_scott_update(U, V, Du, Dv, F, k):
    u, v = U[1:-1, 1:-1], V[1:-1, 1:-1]
    for i in range(10):
        Lu = (                  U[0:-2, 1:-1] +
              U[1:-1, 0:-2] - 4*U[1:-1, 1:-1] + U[1:-1, 2:] +
                                U[2:  , 1:-1])
        Lv = (                  V[0:-2, 1:-1] +
              V[1:-1, 0:-2] - 4*V[1:-1, 1:-1] + V[1:-1, 2:] +
                                V[2:  , 1:-1])
        uvv = u*v*v
        u += (Du*Lu - uvv + F*(1-u))
        v += (Dv*Lv + uvv - (F+k)*v)
    return U, V


# from-python-to-numpy: code/mandelbrot_numpy_1.py
def mandelbrot(xmin, xmax, ymin, ymax, xn, yn, maxiter, horizon=2.0):
    # Adapted from https://www.ibm.com/developerworks/community/blogs/jfp/...
    #              .../entry/How_To_Compute_Mandelbrodt_Set_Quickly?lang=en
    X = np.linspace(xmin, xmax, xn, dtype=np.float32)
    Y = np.linspace(ymin, ymax, yn, dtype=np.float32)
    C = X + Y[:,None]*1j
    N = np.zeros(C.shape, dtype=int)
    Z = np.zeros(C.shape, np.complex64)
    for n in range(maxiter):
        I = np.less(abs(Z), horizon)
        N[I] = n
        Z[I] = Z[I]**2 + C[I]
    N[N == maxiter-1] = 0
    return Z, N


def _image(rng):
    return (rng.integers(0, 256, size=(6, 6)).astype(float),)


def _binary(rng):
    return rng.integers(0, 2, size=(6, 6)), np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]])


def _gray_scott(rng):
    U = 1.0 + 0.05 * rng.uniform(-1, 1, (10, 10))
    V = 0.25 + 0.05 * rng.uniform(-1, 1, (10, 10))
    return U, V, 0.16, 0.08, 0.035, 0.065


_MORPH = "digital_image_processing/morphological_operations/"

CASES = [
    case(maxpooling, lambda rng: (*_image(rng), 2, 2), TA("computer_vision/pooling_functions.py", "maxpooling")),
    case(avgpooling, lambda rng: (*_image(rng), 2, 2), TA("computer_vision/pooling_functions.py", "avgpooling")),
    case(rgb_to_gray, lambda rng: (rng.integers(0, 256, size=(4, 5, 3)).astype(float),), TA(_MORPH + "dilation_operation.py", "rgb_to_gray")),
    case(gray_to_binary, _image, TA(_MORPH + "dilation_operation.py", "gray_to_binary")),
    case(dilation, _binary, TA(_MORPH + "dilation_operation.py", "dilation")),
    case(erosion, _binary, TA(_MORPH + "erosion_operation.py", "erosion")),
    case(peak_signal_to_noise_ratio, lambda rng: (rng.integers(0, 256, size=(6, 6)).astype(float), rng.integers(0, 256, size=(6, 6)).astype(float)),
         TA("data_compression/peak_signal_to_noise_ratio.py", "peak_signal_to_noise_ratio")),
    case(gray_scott_update, _gray_scott, P2N("code/gray_scott.py", "update", "the global U, V and parameters are arguments; returns U, V instead of drawing")),
    case(mandelbrot, lambda rng: (np.float64(-2.0 - rng.uniform(0, 0.1)), 0.5, -1.25, 1.25, 12, 10, 20),
         P2N("code/mandelbrot_numpy_1.py", "mandelbrot")),
]
