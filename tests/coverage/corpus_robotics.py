"""Localisation and path tracking from PythonRobotics (AtsushiSakai/PythonRobotics, MIT).

Copied from AtsushiSakai/PythonRobotics at b38c510e083d69a5755d98d0680bd50f3d9a91fa; each case
names its file and function. Docstrings, comments, prints and plots dropped; the module-level
constants the functions read (``Q``, ``R``, ``DT``, ...) are kept as module constants, as in the
source. The EKF's ``motion_model``/``observation_model`` are shared by the EKF and UKF files (the
same code in both).
"""

# ruff: noqa: E501, E741, N802, N803, N806, N816, B007, SIM108, C416, UP008, PLR5501, RET505
from __future__ import annotations

import bisect
import math
from enum import Enum

import numpy as np
import scipy.linalg
import scipy.linalg as la
import scipy.special
from scipy.linalg import sqrtm

from tests.coverage.cases import PR, case, spd


# utils/angle.py
def angle_mod(x, zero_2_2pi=False, degree=False):
    if isinstance(x, float):
        is_float = True
    else:
        is_float = False
    x = np.asarray(x).flatten()
    if degree:
        x = np.deg2rad(x)
    if zero_2_2pi:
        mod_angle = x % (2 * np.pi)
    else:
        mod_angle = (x + np.pi) % (2 * np.pi) - np.pi
    if degree:
        mod_angle = np.rad2deg(mod_angle)
    if is_float:
        return mod_angle.item()
    else:
        return mod_angle


# Localization/extended_kalman_filter/extended_kalman_filter.py (and unscented_kalman_filter.py)
Q = np.diag([0.1, 0.1, np.deg2rad(1.0), 1.0]) ** 2
R = np.diag([1.0, 1.0]) ** 2
DT = 0.1


def motion_model(x, u):
    F = np.array([[1.0, 0, 0, 0], [0, 1.0, 0, 0], [0, 0, 1.0, 0], [0, 0, 0, 0]])
    B = np.array([[DT * math.cos(x[2, 0]), 0], [DT * math.sin(x[2, 0]), 0], [0.0, DT], [1.0, 0.0]])
    x = F @ x + B @ u
    return x


def observation_model(x):
    H = np.array([[1, 0, 0, 0], [0, 1, 0, 0]])
    z = H @ x
    return z


def jacob_f(x, u):
    yaw = x[2, 0]
    v = u[0, 0]
    jF = np.array([[1.0, 0.0, -DT * v * math.sin(yaw), DT * math.cos(yaw)], [0.0, 1.0, DT * v * math.cos(yaw), DT * math.sin(yaw)], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]])
    return jF


def jacob_h():
    jH = np.array([[1, 0, 0, 0], [0, 1, 0, 0]])
    return jH


def ekf_estimation(xEst, PEst, z, u):
    xPred = motion_model(xEst, u)
    jF = jacob_f(xEst, u)
    PPred = jF @ PEst @ jF.T + Q
    jH = jacob_h()
    zPred = observation_model(xPred)
    y = z - zPred
    S = jH @ PPred @ jH.T + R
    K = PPred @ jH.T @ np.linalg.inv(S)
    xEst = xPred + K @ y
    PEst = (np.eye(len(xEst)) - K @ jH) @ PPred
    return (xEst, PEst)


# Localization/unscented_kalman_filter/unscented_kalman_filter.py
ALPHA = 0.001
BETA = 2
KAPPA = 0


def generate_sigma_points(xEst, PEst, gamma):
    sigma = xEst
    Psqrt = scipy.linalg.sqrtm(PEst)
    n = len(xEst[:, 0])
    for i in range(n):
        sigma = np.hstack((sigma, xEst + gamma * Psqrt[:, i:i + 1]))
    for i in range(n):
        sigma = np.hstack((sigma, xEst - gamma * Psqrt[:, i:i + 1]))
    return sigma


def predict_sigma_motion(sigma, u):
    for i in range(sigma.shape[1]):
        sigma[:, i:i + 1] = motion_model(sigma[:, i:i + 1], u)
    return sigma


def predict_sigma_observation(sigma):
    for i in range(sigma.shape[1]):
        sigma[0:2, i] = observation_model(sigma[:, i])
    sigma = sigma[0:2, :]
    return sigma


def calc_sigma_covariance(x, sigma, wc, Pi):
    nSigma = sigma.shape[1]
    d = sigma - x[0:sigma.shape[0]]
    P = Pi
    for i in range(nSigma):
        P = P + wc[0, i] * d[:, i:i + 1] @ d[:, i:i + 1].T
    return P


def calc_pxz(sigma, x, z_sigma, zb, wc):
    nSigma = sigma.shape[1]
    dx = sigma - x
    dz = z_sigma - zb[0:2]
    P = np.zeros((dx.shape[0], dz.shape[0]))
    for i in range(nSigma):
        P = P + wc[0, i] * dx[:, i:i + 1] @ dz[:, i:i + 1].T
    return P


def ukf_estimation(xEst, PEst, z, u, wm, wc, gamma):
    sigma = generate_sigma_points(xEst, PEst, gamma)
    sigma = predict_sigma_motion(sigma, u)
    xPred = (wm @ sigma.T).T
    PPred = calc_sigma_covariance(xPred, sigma, wc, Q)
    zPred = observation_model(xPred)
    y = z - zPred
    sigma = generate_sigma_points(xPred, PPred, gamma)
    zb = (wm @ sigma.T).T
    z_sigma = predict_sigma_observation(sigma)
    st = calc_sigma_covariance(zb, z_sigma, wc, R)
    Pxz = calc_pxz(sigma, xPred, z_sigma, zb, wc)
    K = Pxz @ np.linalg.inv(st)
    xEst = xPred + K @ y
    PEst = PPred - K @ st @ K.T
    return (xEst, PEst)


def setup_ukf(nx):
    lamb = ALPHA ** 2 * (nx + KAPPA) - nx
    wm = [lamb / (lamb + nx)]
    wc = [lamb / (lamb + nx) + (1 - ALPHA ** 2 + BETA)]
    for i in range(2 * nx):
        wm.append(1.0 / (2 * (nx + lamb)))
        wc.append(1.0 / (2 * (nx + lamb)))
    gamma = math.sqrt(nx + lamb)
    wm = np.array([wm])
    wc = np.array([wc])
    return (wm, wc, gamma)


# Localization/particle_filter/particle_filter.py
def gauss_likelihood(x, sigma):
    p = 1.0 / math.sqrt(2.0 * math.pi * sigma ** 2) * math.exp(-x ** 2 / (2 * sigma ** 2))
    return p


def calc_covariance(x_est, px, pw):
    cov = np.zeros((4, 4))
    n_particle = px.shape[1]
    for i in range(n_particle):
        dx = px[:, i:i + 1] - x_est
        cov += pw[0, i] * dx @ dx.T
    cov *= 1.0 / (1.0 - pw @ pw.T)
    return cov


# Localization/cubature_kalman_filter/cubature_kalman_filter.py
dt = 0.1
q = np.array([[1e-11, 0.0, 0.0, 0.0, 0.0], [0.0, 1e-11, 0.0, 0.0, 0.0], [0.0, 0.0, np.deg2rad(0.0001), 0.0, 0.0], [0.0, 0.0, 0.0, 0.0001, 0.0], [0.0, 0.0, 0.0, 0.0, np.deg2rad(0.0001)]])
hx = np.array([[1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0]])
r = np.array([[0.015, 0.0, 0.0, 0.0], [0.0, 0.01, 0.0, 0.0], [0.0, 0.0, 0.1, 0.0], [0.0, 0.0, 0.0, 0.01]]) ** 2


def cubature_kalman_filter(x_est, p_est, z):
    x_pred, p_pred = cubature_prediction(x_est, p_est)
    x_upd, p_upd = cubature_update(x_pred, p_pred, z)
    return (x_upd, p_upd)


def f(x):
    x[0] = x[0] + x[3] / x[4] * (np.sin(x[4] * dt + x[2]) - np.sin(x[2]))
    x[1] = x[1] + x[3] / x[4] * (-np.cos(x[4] * dt + x[2]) + np.cos(x[2]))
    x[2] = x[2] + x[4] * dt
    x[3] = x[3]
    x[4] = x[4]
    return x


def h(x):
    x = hx @ x
    return x


def sigma(x, p):
    n = np.shape(x)[0]
    SP = np.zeros((n, 2 * n))
    W = np.zeros((1, 2 * n))
    for i in range(n):
        SD = sqrtm(p)
        SP[:, i] = (x + (math.sqrt(n) * SD[:, i]).reshape((n, 1))).flatten()
        SP[:, i + n] = (x - (math.sqrt(n) * SD[:, i]).reshape((n, 1))).flatten()
        W[:, i] = 1 / (2 * n)
        W[:, i + n] = W[:, i]
    return (SP, W)


def cubature_prediction(x_pred, p_pred):
    n = np.shape(x_pred)[0]
    [SP, W] = sigma(x_pred, p_pred)
    x_pred = np.zeros((n, 1))
    p_pred = q
    for i in range(2 * n):
        x_pred = x_pred + f(SP[:, i]).reshape((n, 1)) * W[0, i]
    for i in range(2 * n):
        p_step = f(SP[:, i]).reshape((n, 1)) - x_pred
        p_pred = p_pred + p_step @ p_step.T * W[0, i]
    return (x_pred, p_pred)


def cubature_update(x_pred, p_pred, z):
    n = np.shape(x_pred)[0]
    m = np.shape(z)[0]
    [SP, W] = sigma(x_pred, p_pred)
    y_k = np.zeros((m, 1))
    P_xy = np.zeros((n, m))
    s = r
    for i in range(2 * n):
        y_k = y_k + h(SP[:, i]).reshape((m, 1)) * W[0, i]
    for i in range(2 * n):
        p_step = h(SP[:, i]).reshape((m, 1)) - y_k
        P_xy = P_xy + (SP[:, i].reshape((n, 1)) - x_pred) @ p_step.T * W[0, i]
        s = s + p_step @ p_step.T * W[0, i]
    x_pred = x_pred + P_xy @ np.linalg.pinv(s) @ (z - y_k)
    p_pred = p_pred - P_xy @ np.linalg.pinv(s) @ P_xy.T
    return (x_pred, p_pred)


# PathTracking/lqr_steer_control/lqr_steer_control.py
def solve_DARE(A, B, Q, R):
    X = Q
    Xn = Q
    max_iter = 150
    eps = 0.01
    for i in range(max_iter):
        Xn = A.T @ X @ A - A.T @ X @ B @ la.inv(R + B.T @ X @ B) @ B.T @ X @ A + Q
        if abs(Xn - X).max() < eps:
            break
        X = Xn
    return Xn


def dlqr(A, B, Q, R):
    X = solve_DARE(A, B, Q, R)
    K = la.inv(B.T @ X @ B + R) @ (B.T @ X @ A)
    eigVals, eigVecs = la.eig(A - B @ K)
    return (K, X, eigVals)


def calc_speed_profile(cx, cy, cyaw, target_speed):
    speed_profile = [target_speed] * len(cx)
    direction = 1.0
    for i in range(len(cx) - 1):
        dyaw = abs(cyaw[i + 1] - cyaw[i])
        switch = math.pi / 4.0 <= dyaw < math.pi / 2.0
        if switch:
            direction *= -1
        if direction != 1.0:
            speed_profile[i] = -target_speed
        else:
            speed_profile[i] = target_speed
        if switch:
            speed_profile[i] = 0.0
    speed_profile[-1] = 0.0
    return speed_profile


# PathPlanning/CubicSpline/cubic_spline_planner.py
class CubicSpline1D:

    def __init__(self, x, y):
        h = np.diff(x)
        if np.any(h < 0):
            raise ValueError('x coordinates must be sorted in ascending order')
        self.a, self.b, self.c, self.d = ([], [], [], [])
        self.x = x
        self.y = y
        self.nx = len(x)
        self.a = [iy for iy in y]
        A = self.__calc_A(h)
        B = self.__calc_B(h, self.a)
        self.c = np.linalg.solve(A, B)
        for i in range(self.nx - 1):
            d = (self.c[i + 1] - self.c[i]) / (3.0 * h[i])
            b = 1.0 / h[i] * (self.a[i + 1] - self.a[i]) - h[i] / 3.0 * (2.0 * self.c[i] + self.c[i + 1])
            self.d.append(d)
            self.b.append(b)

    def calc_position(self, x):
        if x < self.x[0]:
            return None
        elif x > self.x[-1]:
            return None
        i = self.__search_index(x)
        dx = x - self.x[i]
        position = self.a[i] + self.b[i] * dx + self.c[i] * dx ** 2.0 + self.d[i] * dx ** 3.0
        return position

    def calc_first_derivative(self, x):
        if x < self.x[0]:
            return None
        elif x > self.x[-1]:
            return None
        i = self.__search_index(x)
        dx = x - self.x[i]
        dy = self.b[i] + 2.0 * self.c[i] * dx + 3.0 * self.d[i] * dx ** 2.0
        return dy

    def __search_index(self, x):
        return bisect.bisect(self.x, x) - 1

    def __calc_A(self, h):
        A = np.zeros((self.nx, self.nx))
        A[0, 0] = 1.0
        for i in range(self.nx - 1):
            if i != self.nx - 2:
                A[i + 1, i + 1] = 2.0 * (h[i] + h[i + 1])
            A[i + 1, i] = h[i]
            A[i, i + 1] = h[i]
        A[0, 1] = 0.0
        A[self.nx - 1, self.nx - 2] = 0.0
        A[self.nx - 1, self.nx - 1] = 1.0
        return A

    def __calc_B(self, h, a):
        B = np.zeros(self.nx)
        for i in range(self.nx - 2):
            B[i + 1] = 3.0 * (a[i + 2] - a[i + 1]) / h[i + 1] - 3.0 * (a[i + 1] - a[i]) / h[i]
        return B


def cubic_spline_position(x, y, t):  # calling convention: the class built and queried, as the file's main does
    sp = CubicSpline1D(x, y)
    return sp.calc_position(t)


def cubic_spline_coefficients(x, y):  # calling convention: the fitted coefficients
    sp = CubicSpline1D(x, y)
    return sp.c


# PathPlanning/BezierPath/bezier_path.py
def calc_4points_bezier_path(sx, sy, syaw, ex, ey, eyaw, offset):
    dist = np.hypot(sx - ex, sy - ey) / offset
    control_points = np.array([[sx, sy], [sx + dist * np.cos(syaw), sy + dist * np.sin(syaw)], [ex - dist * np.cos(eyaw), ey - dist * np.sin(eyaw)], [ex, ey]])
    path = calc_bezier_path(control_points, n_points=100)
    return (path, control_points)


def calc_bezier_path(control_points, n_points=100):
    traj = []
    for t in np.linspace(0, 1, n_points):
        traj.append(bezier(t, control_points))
    return np.array(traj)


def bernstein_poly(n, i, t):
    return scipy.special.comb(n, i) * t ** i * (1 - t) ** (n - i)


def bezier(t, control_points):
    n = len(control_points) - 1
    return np.sum([bernstein_poly(n, i, t) * control_points[i] for i in range(n + 1)], axis=0)


def bezier_derivatives_control_points(control_points, n_derivatives):
    w = {0: control_points}
    for i in range(n_derivatives):
        n = len(w[i])
        w[i + 1] = np.array([(n - 1) * (w[i][j + 1] - w[i][j]) for j in range(n - 1)])
    return w


def curvature(dx, dy, ddx, ddy):
    return (dx * ddy - dy * ddx) / (dx ** 2 + dy ** 2) ** (3 / 2)


# PathPlanning/DynamicWindowApproach/dynamic_window_approach.py
class RobotType(Enum):
    circle = 0
    rectangle = 1


class Config:

    def __init__(self):
        self.max_speed = 1.0
        self.min_speed = -0.5
        self.max_yaw_rate = 40.0 * math.pi / 180.0
        self.max_accel = 0.2
        self.max_delta_yaw_rate = 40.0 * math.pi / 180.0
        self.v_resolution = 0.01
        self.yaw_rate_resolution = 0.1 * math.pi / 180.0
        self.dt = 0.1
        self.predict_time = 3.0
        self.to_goal_cost_gain = 0.15
        self.speed_cost_gain = 1.0
        self.obstacle_cost_gain = 1.0
        self.robot_stuck_flag_cons = 0.001
        self.robot_type = RobotType.circle
        self.robot_radius = 1.0
        self.robot_width = 0.5
        self.robot_length = 1.2
        self.ob = np.array([[-1, -1], [0, 2], [4.0, 2.0], [5.0, 4.0], [5.0, 5.0], [5.0, 6.0], [5.0, 9.0], [8.0, 9.0], [7.0, 9.0], [8.0, 10.0], [9.0, 11.0], [12.0, 13.0], [12.0, 12.0], [15.0, 15.0], [13.0, 13.0]])

    @property
    def robot_type(self):
        return self._robot_type

    @robot_type.setter
    def robot_type(self, value):
        if not isinstance(value, RobotType):
            raise TypeError('robot_type must be an instance of RobotType')
        self._robot_type = value


config = Config()


def motion(x, u, dt):
    x[2] += u[1] * dt
    x[0] += u[0] * math.cos(x[2]) * dt
    x[1] += u[0] * math.sin(x[2]) * dt
    x[3] = u[0]
    x[4] = u[1]
    return x


def calc_dynamic_window(x, config):
    Vs = [config.min_speed, config.max_speed, -config.max_yaw_rate, config.max_yaw_rate]
    Vd = [x[3] - config.max_accel * config.dt, x[3] + config.max_accel * config.dt, x[4] - config.max_delta_yaw_rate * config.dt, x[4] + config.max_delta_yaw_rate * config.dt]
    dw = [max(Vs[0], Vd[0]), min(Vs[1], Vd[1]), max(Vs[2], Vd[2]), min(Vs[3], Vd[3])]
    return dw


def predict_trajectory(x_init, v, y, config):
    x = np.array(x_init)
    trajectory = np.array(x)
    time = 0
    while time <= config.predict_time:
        x = motion(x, [v, y], config.dt)
        trajectory = np.vstack((trajectory, x))
        time += config.dt
    return trajectory


def calc_obstacle_cost(trajectory, ob, config):
    ox = ob[:, 0]
    oy = ob[:, 1]
    dx = trajectory[:, 0] - ox[:, None]
    dy = trajectory[:, 1] - oy[:, None]
    r = np.hypot(dx, dy)
    if config.robot_type == RobotType.rectangle:
        yaw = trajectory[:, 2]
        rot = np.array([[np.cos(yaw), -np.sin(yaw)], [np.sin(yaw), np.cos(yaw)]])
        rot = np.transpose(rot, [2, 0, 1])
        local_ob = ob[:, None] - trajectory[:, 0:2]
        local_ob = local_ob.reshape(-1, local_ob.shape[-1])
        local_ob = np.array([local_ob @ x for x in rot])
        local_ob = local_ob.reshape(-1, local_ob.shape[-1])
        upper_check = local_ob[:, 0] <= config.robot_length / 2
        right_check = local_ob[:, 1] <= config.robot_width / 2
        bottom_check = local_ob[:, 0] >= -config.robot_length / 2
        left_check = local_ob[:, 1] >= -config.robot_width / 2
        if np.logical_and(np.logical_and(upper_check, right_check), np.logical_and(bottom_check, left_check)).any():
            return float('Inf')
    elif config.robot_type == RobotType.circle:
        if np.array(r <= config.robot_radius).any():
            return float('Inf')
    min_r = np.min(r)
    return 1.0 / min_r


def calc_to_goal_cost(trajectory, goal):
    dx = goal[0] - trajectory[-1, 0]
    dy = goal[1] - trajectory[-1, 1]
    error_angle = math.atan2(dy, dx)
    cost_angle = error_angle - trajectory[-1, 2]
    cost = abs(math.atan2(math.sin(cost_angle), math.cos(cost_angle)))
    return cost


# --- inputs ---------------------------------------------------------------------------------

def _state(rng):
    return np.array([[rng.normal()], [rng.normal()], [rng.uniform(-1, 1)], [rng.uniform(0.5, 1.5)]])


def _u(rng):
    return np.array([[rng.uniform(0.5, 1.5)], [rng.uniform(-0.2, 0.2)]])


def _ukf_inputs(rng):
    wm, wc, gamma = setup_ukf(4)
    return _state(rng), spd(rng, 4) * 0.1, rng.normal(size=(2, 1)), _u(rng), wm, wc, gamma


def _ckf_state(rng):
    x = np.array([[rng.normal()], [rng.normal()], [rng.uniform(-1, 1)], [rng.uniform(0.5, 1.5)], [rng.uniform(0.05, 0.2)]])
    return x, 0.01 * spd(rng, 5)


def _particles(rng):
    n = 20
    px = rng.normal(size=(4, n))
    pw = rng.uniform(0.5, 1.0, size=(1, n))
    pw = pw / pw.sum()
    return px @ pw.T, px, pw


def _lqr(rng):
    A = np.array([[1.0, 0.1, 0.0, 0.0], [0.0, 0.0, rng.uniform(0.5, 1.5), 0.0], [0.0, 0.0, 1.0, 0.1], [0.0, 0.0, 0.0, 0.0]])
    B = np.array([[0.0], [0.0], [0.0], [rng.uniform(0.5, 1.5)]])
    return A, B, np.eye(4), np.eye(1)


def _sorted_knots(rng, n=6):
    return np.cumsum(rng.uniform(0.5, 1.5, size=n)), rng.normal(size=n)


def _course(rng, n=12):
    cyaw = np.cumsum(rng.uniform(-0.3, 0.9, size=n))
    return np.cumsum(np.cos(cyaw)), np.cumsum(np.sin(cyaw)), cyaw, 10.0 / 3.6


def _bezier_endpoints(rng):
    return (np.float64(rng.normal()), np.float64(rng.normal()), np.float64(rng.uniform(-1, 1)),
            np.float64(rng.uniform(5, 10)), np.float64(rng.uniform(5, 10)), np.float64(rng.uniform(-1, 1)), 3.0)


def _dwa_state(rng):
    return np.array([rng.normal(), rng.normal(), rng.uniform(-1, 1), rng.uniform(0, 0.5), rng.uniform(-0.2, 0.2)])


def _trajectory(rng, n=30):
    t = np.cumsum(rng.uniform(0.05, 0.1, size=n))
    return np.stack([t + 20.0, t, rng.uniform(-1, 1, size=n), np.full(n, 0.5), np.zeros(n)], axis=1)


_EKF = "Localization/extended_kalman_filter/extended_kalman_filter.py"
_UKF = "Localization/unscented_kalman_filter/unscented_kalman_filter.py"
_PF = "Localization/particle_filter/particle_filter.py"
_CKF = "Localization/cubature_kalman_filter/cubature_kalman_filter.py"
_LQR = "PathTracking/lqr_steer_control/lqr_steer_control.py"
_CS = "PathPlanning/CubicSpline/cubic_spline_planner.py"
_BZ = "PathPlanning/BezierPath/bezier_path.py"
_DWA = "PathPlanning/DynamicWindowApproach/dynamic_window_approach.py"
_WRAP = "a two-line wrapper builds the class and queries it, as the file's main does"

CASES = [
    case(angle_mod, lambda rng: (rng.uniform(-10, 10, size=7),), PR("utils/angle.py", "angle_mod")),
    case(angle_mod, lambda rng: (rng.uniform(-400, 400, size=5), True, True), PR("utils/angle.py", "angle_mod", "zero_2_2pi and degree"),
         name="robotics.angle_mod_degrees"),
    case(motion_model, lambda rng: (_state(rng), _u(rng)), PR(_EKF, "motion_model")),
    case(observation_model, lambda rng: (_state(rng),), PR(_EKF, "observation_model")),
    case(jacob_f, lambda rng: (_state(rng), _u(rng)), PR(_EKF, "jacob_f")),
    case(ekf_estimation, lambda rng: (_state(rng), 0.1 * spd(rng, 4), rng.normal(size=(2, 1)), _u(rng)), PR(_EKF, "ekf_estimation")),
    case(generate_sigma_points, lambda rng: (_state(rng), 0.1 * spd(rng, 4), 2.0), PR(_UKF, "generate_sigma_points")),
    case(predict_sigma_motion, lambda rng: (rng.normal(size=(4, 9)), _u(rng)), PR(_UKF, "predict_sigma_motion")),
    case(predict_sigma_observation, lambda rng: (rng.normal(size=(4, 9)),), PR(_UKF, "predict_sigma_observation")),
    case(calc_sigma_covariance, lambda rng: (rng.normal(size=(4, 1)), rng.normal(size=(4, 9)), np.full((1, 9), 1 / 9), 0.1 * spd(rng, 4)), PR(_UKF, "calc_sigma_covariance")),
    case(calc_pxz, lambda rng: (rng.normal(size=(4, 9)), rng.normal(size=(4, 1)), rng.normal(size=(2, 9)), rng.normal(size=(2, 1)), np.full((1, 9), 1 / 9)), PR(_UKF, "calc_pxz")),
    case(ukf_estimation, _ukf_inputs, PR(_UKF, "ukf_estimation")),
    case(setup_ukf, lambda rng: (4,), PR(_UKF, "setup_ukf")),
    case(gauss_likelihood, lambda rng: (np.float64(rng.normal()), np.float64(rng.uniform(0.5, 2.0))), PR(_PF, "gauss_likelihood")),
    case(calc_covariance, _particles, PR(_PF, "calc_covariance")),
    case(f, lambda rng: (_ckf_state(rng)[0][:, 0],), PR(_CKF, "f")),
    case(sigma, _ckf_state, PR(_CKF, "sigma")),
    case(cubature_kalman_filter, lambda rng: (*_ckf_state(rng), rng.normal(size=(4, 1))), PR(_CKF, "cubature_kalman_filter")),
    case(solve_DARE, _lqr, PR(_LQR, "solve_DARE")),
    case(dlqr, _lqr, PR(_LQR, "dlqr")),
    case(calc_speed_profile, _course, PR(_LQR, "calc_speed_profile")),
    case(cubic_spline_coefficients, _sorted_knots, PR(_CS, "CubicSpline1D", _WRAP)),
    case(cubic_spline_position, lambda rng: (*_sorted_knots(rng), 2.5), PR(_CS, "CubicSpline1D.calc_position", _WRAP)),
    case(calc_4points_bezier_path, _bezier_endpoints, PR(_BZ, "calc_4points_bezier_path")),
    case(bezier_derivatives_control_points, lambda rng: (rng.normal(size=(5, 2)), 2), PR(_BZ, "bezier_derivatives_control_points")),
    case(curvature, lambda rng: tuple(rng.uniform(0.5, 1.5, size=10) for _ in range(4)), PR(_BZ, "curvature")),
    case(motion, lambda rng: (_dwa_state(rng), [np.float64(rng.uniform(0, 1)), np.float64(rng.uniform(-0.3, 0.3))], 0.1), PR(_DWA, "motion")),
    case(calc_dynamic_window, lambda rng: (_dwa_state(rng), config), PR(_DWA, "calc_dynamic_window")),
    case(predict_trajectory, lambda rng: (_dwa_state(rng), np.float64(rng.uniform(0, 1)), np.float64(rng.uniform(-0.3, 0.3)), config), PR(_DWA, "predict_trajectory")),
    case(calc_obstacle_cost, lambda rng: (_trajectory(rng), config.ob, config), PR(_DWA, "calc_obstacle_cost")),
    case(calc_to_goal_cost, lambda rng: (_trajectory(rng), rng.uniform(5, 10, size=2)), PR(_DWA, "calc_to_goal_cost")),
]
