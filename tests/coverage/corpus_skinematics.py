"""scikit-kinematics' classes (thomas-haslwanter/scikit-kinematics, BSD-3-Clause), every object made inside the traced
function: ``quat.Quaternion``, whose ``__init__`` dispatches on ``inType.lower()`` and on ``isinstance`` of its data
(quaternion vectors completed to unit quaternions by ``unit_q``: ``if np.min(qLength) < -numLimit: raise`` and the
masked write ``qLength[qLength<0] = 0``; Fick, Helmholtz and Euler angles written in place with ``inData[inData<0] +=
360`` before the half-angle products), with ``__mul__``/``__truediv__`` choosing ``isinstance(other, int) or
isinstance(other, float)`` against a ``q_mult``, ``__getitem__``/``__setitem__``/``__len__``, ``inv`` and ``export``
(``if R.shape[1] == 1`` giving a 3x3 matrix); the AHRS filters ``Madgwick`` and ``Mahony`` (their ``__init__``
store a rate, ``1/self.rate`` and a default quaternion list; ``Update`` builds a Jacobian with ``np.array`` of
scalar products, rotates the magnetic field, normalises the gradient step; Mahony's ``if self.Ki > 0``, its
``Gyroscope += ...`` into the caller's array and ``q += ...`` into the object's own quaternion); and the abstract
``IMU_Base`` through its concrete ``sensors.manual.MyOwnSensor``, whose ``__init__`` does all the work: ``if
in_data is None and in_file is None: raise``, ``get_data`` copying a dict under ``try``/``except KeyError``,
``_set_data`` with ``'mag' in data.keys()``, ``_set_info`` (``len``, ``np.float64(...) / self.rate``,
``str(self.omega.dtype)``), ``set_qtype`` checking ``type_value in allowed_values``, and ``_calc_orientation``
choosing the analytical solution, the quaternion Kalman filter (a loop of ``np.linalg.inv``, ``np.cross``,
``rotmat.convert`` and ``quat.q_mult``, ``x_k[3:] += ...`` slices) or a Madgwick or Mahony object updated in a loop
over ``misc.progressbar``, a generator; then ``calc_position``. The functions those classes call are cases of their
own too: ``q_mult`` (its ``flag3D`` with the masked column write ``r[:,r[0]<0] = -r[:,r[0]<0]``), ``q_inv``,
``q_conj``, ``quat2seq`` (boolean-mask writes for the degenerate Euler angles), ``calc_quat`` (a loop of ``q_mult``
after a masked write of the steps), and vector.py's and rotmat.py's (``normalize`` with ``v[length!=0] = ...``,
``angle`` and ``project`` through ``list(map(np.dot, ...))``, ``project``'s 2-D branch with ``x,y,z = e2[0]`` and
``if z > 0``, ``GramSchmidt``, ``q_shortest_rotation`` with ``n[nanindex,:] = 0``, ``target2orient``, ``R`` /
``stm`` / ``dh`` through ``_check_axis``, ``sequence`` and ``convert`` of rotation matrices, ``seq2quat``).

Copied from thomas-haslwanter/scikit-kinematics at 14bed21f56327cabb031cde072735e1cf995d657 (pyproject.toml version
0.10.4, ``license = "BSD-3-Clause"``; its LICENSE.txt: "Copyright (C) 2016 Thomas Haslwanter", the three-clause BSD
text), the files named in each section below (under ``skinematics/``). Bodies are as written, comments kept (and
the string literals some branches use as comments), docstrings dropped except ``IMU_Base.get_data``'s, which is the
abstract method's whole body; ``print`` calls dropped (a branch left with nothing reads ``pass  # a print,
dropped``), and so are ``misc.progressbar``'s ``sys.stdout.write``/``flush`` calls (its progress line: the
generator, its ``count = len(it)`` and ``_show``'s ``x = int(size*_i/count)`` are kept).

Picked because it is class-heavy in the way this corpus wants (objects whose constructors do the array work: unit
quaternions, angle conversions with in-place masked writes, a sensor whose ``__init__`` runs a whole orientation
filter through other objects), and pure NumPy in the parts taken. cjekel/piecewise_linear_fit_py was the other
candidate, but every fit of its ``PiecewiseLinFit`` goes through ``scipy.linalg.lstsq``, which graphs refuse
(scipy's array-API ``asarray`` asks for a tensor's value), so its classes would have stopped at one line.

Adapted, beyond that:

* the modules import each other (``import quat, vector, misc, rotmat`` after a ``sys.path`` insertion); here
  ``quat``, ``vector``, ``rotmat`` and ``misc`` are namespaces at the end of the copied code holding the functions,
  so ``vector.normalize(...)`` and ``quat.q_mult(...)`` read as written. quat.py's and rotmat.py's ``convert``
  share a name, so rotmat.py's functions are prefixed with the module (``rotmat_convert``, ``rotmat_R`` ...), in
  their ``def`` and where rotmat.py calls them without a module (marked ``# renamed``);
* imus.py's SciPy version check imports ``cumulative_trapezoid`` from ``scipy.integrate`` on SciPy >= 1.12 (its
  other branch, ``cumtrapz``, is gone from SciPy); here the import is that branch's;
* ``quat.Quaternion.__init__``'s ``'rotmat'`` branch calls ``rotmat2quat`` and ``export``'s Euler, Fick and
  Helmholtz branches call ``rotmat.rotmat2Euler`` ..., none of which this snapshot defines (a ``NameError`` /
  ``AttributeError`` in the library itself): kept as written, not run; likewise ``set_qtype``'s ``raise`` names an
  undefined ``value``;
* wrappers build the objects from arrays and numbers and return arrays: ``.values`` of a ``Quaternion``, a filter's
  ``.Quaternion``, a sensor's ``.quat`` and its data attributes.

Not taken: ``calc_angvel`` (``scipy.signal.savgol_filter``), rotmat.py's SymPy functions, markers.py, view.py, the
sensors that read files.

The inputs follow tests/test_quat.py, tests/test_vector.py, tests/test_rotmat.py and tests/test_imus.py: quaternion
vectors with norm below one (rows of ``sin`` of half angles), Fick/Helmholtz/Euler angles in degrees, negative ones
included (the ``+= 360`` write), the IMU test's movement (100 Hz, a rotation about y with the geomagnetic field
``normalize([1, 0, 1])`` and gravity) as 12 samples of angular velocity, acceleration and magnetic field with noise
from the harness' generator, and rotation matrices made by the copied ``rotmat_R`` on the input side. Some cases
take float32 arrays.
"""

# ruff: noqa: E501, UP024, UP030, E703, E711, W293, B006, F821, UP032, UP039
from __future__ import annotations

import abc
import types

import numpy as np
from scipy import constants  # for "g"
from scipy.integrate import cumulative_trapezoid

from tests.coverage.cases import SCIKIT_KINEMATICS, Source, case


def SK(path: str, original: str, note: str = "") -> Source:
    return Source(SCIKIT_KINEMATICS, "skinematics/" + path, original, note)


pi = np.pi  # quat.py's module constant


# --- skinematics/quat.py -----------------------------------------------------------------------------------------------
class Quaternion():

    def __init__(self, inData, inType='vector'):

        if inType.lower() == 'vector':
            if isinstance(inData, np.ndarray) or isinstance(inData, list):
                self.values = unit_q(inData)
            elif isinstance(inData, Quaternion):
                self.values = inData.values
            else:
                raise TypeError('Quaternions can only be based on ndarray or Quaternions!')

        elif inType.lower() == 'rotmat':
            """Conversion from rotation matrices to quaternions."""
            self.values = rotmat2quat(inData)

        elif inType.lower() == 'euler':
            """ Conversion from Euler angles to quaternions.
            (a,b,g) stands for (alpha, beta, gamma) """

            inData[inData<0] += 360
            inData = np.deg2rad(inData/2)

            (ca, cb, cg) = np.cos(inData.T)
            (sa, sb, sg) = np.sin(inData.T)

            self.values = np.vstack( (ca*cb*cg - sa*cb*sg,
                                      ca*sb*cg + sa*sb*sg,
                                      ca*sb*sg - sa*sb*cg,
                                      ca*cb*sg + sa*cb*cg) ).T
        elif inType.lower() == 'fick':
            """ Conversion from Fick angles to quaternions.
            (p,f,t) stands for (psi, phi, theta) """

            inData[inData<0] += 360
            inData = np.deg2rad(inData/2)

            (cp, cf, ct) = np.cos(inData.T)
            (sp, sf, st) = np.sin(inData.T)

            self.values = np.vstack( (cp*cf*ct + sp*sf*st,
                                      sp*cf*ct - cp*sf*st,
                                      cp*sf*ct + sp*cf*st,
                                      cp*cf*st - sp*sf*ct) ).T

        elif inType.lower() == 'helmholtz':
            """ Conversion from Helmholtz angles to quaternions.
            (p,f,t) stands for (psi, phi, theta) """

            inData[inData<0] += 360
            inData = np.deg2rad(inData/2)

            (cp, cf, ct) = np.cos(inData.T)
            (sp, sf, st) = np.sin(inData.T)

            self.values = np.vstack( (cp*cf*ct - sp*sf*st,
                                      sp*cf*ct + cp*sf*st,
                                      cp*sf*ct + sp*cf*st,
                                      cp*cf*st - sp*sf*ct ) ).T

    def __len__(self):
        return len(self.values)

    def __mul__(self, other):
        if isinstance(other, int) or isinstance(other, float):
            return Quaternion(self.values * other)
        else:
            return Quaternion(q_mult(self.values, other.values))

    def __div__(self, other):
        if isinstance(other, int) or isinstance(other, float):
            return Quaternion(self.values / other)
        else:
            return Quaternion(q_mult(self.values, q_inv(other.values)))

    def __truediv__(self, other):
        if isinstance(other, int) or isinstance(other, float):
            return Quaternion(self.values / other)
        else:
            return Quaternion(q_mult(self.values, q_inv(other.values)))

    def __getitem__(self, select):
        return Quaternion(self.values[select])

    def __setitem__(self, select, item):
        self.values[select] = unit_q(item)

    #def __delitem__(self, select):
        #np.delete(self.values, select, axis=0)

    def inv(self):
        return Quaternion(q_inv(self.values))

    def __repr__(self):
        return 'Quaternion ' + str(self.values)

    def export(self, to='rotmat'):
        if to.lower() == 'rotmat' :
           return convert(self.values, 'rotmat')

        if to.lower() == 'vector' :
            return self.values[:,1:]

        if to.lower() == 'euler':
            Euler = np.zeros((len(self),3))
            rm = self.export()
            if rm.shape == (3,3):
                rm = rm.reshape((1,9))
            for ii in range(len(self)):
               Euler[ii,:] = rotmat.rotmat2Euler(rm[ii].reshape((3,3)))
            return Euler

        if to.lower() == 'fick':
            Fick = np.zeros((len(self),3))
            rm = self.export()
            if rm.shape == (3,3):
                rm = rm.reshape((1,9))
            for ii in range(len(self)):
               Fick[ii,:] = rotmat.rotmat2Fick(rm[ii].reshape((3,3)))
            return Fick

        if to.lower() == 'helmholtz':
            Helmholtz = np.zeros((len(self),3))
            rm = self.export()
            if rm.shape == (3,3):
                rm = rm.reshape((1,9))
            for ii in range(len(self)):
               Helmholtz[ii,:] = rotmat.rotmat2Helmholtz(rm[ii].reshape((3,3)))
            return Helmholtz

def convert(quat, to='rotmat'):

    if to == 'rotmat':
        q = unit_q(quat).T

        R = np.zeros((9, q.shape[1]))
        R[0] = q[0]**2 + q[1]**2 - q[2]**2 - q[3]**2
        R[1] = 2*(q[1]*q[2] - q[0]*q[3])
        R[2] = 2*(q[1]*q[3] + q[0]*q[2])
        R[3] = 2*(q[1]*q[2] + q[0]*q[3])
        R[4] = q[0]**2 - q[1]**2 + q[2]**2 - q[3]**2
        R[5] = 2*(q[2]*q[3] - q[0]*q[1])
        R[6] = 2*(q[1]*q[3] - q[0]*q[2])
        R[7] = 2*(q[2]*q[3] + q[0]*q[1])
        R[8] = q[0]**2 - q[1]**2 - q[2]**2 + q[3]**2

        if R.shape[1] == 1:
            return np.reshape(R, (3,3))
        else:
            return R.T

    elif to == 'Gibbs':
        q_0 = q_scalar(quat)      # cos(alpha/2)
        gibbs = (q_vector(quat).T / q_0).T    # tan = sin/cos

        return gibbs


def deg2quat(inDeg):
    deg = (inDeg+180)%360-180
    return np.sin(0.5 * deg * pi/180)

def q_conj(q):

    q = np.atleast_2d(q)
    if q.shape[1]==3:
        q = unit_q(q)

    qConj = q * np.r_[1, -1,-1,-1]

    if q.shape[0]==1:
        qConj=qConj.ravel()

    return qConj


def q_inv(q):

    q = np.atleast_2d(q)
    if q.shape[1]==3:
        return -q
    else:
        qLength = np.sum(q**2, 1)
        qConj = q * np.r_[1, -1,-1,-1]
        return (qConj.T / qLength).T


def q_mult(p,q):

    flag3D = False
    p = np.atleast_2d(p)
    q = np.atleast_2d(q)
    if p.shape[1]==3 & q.shape[1]==3:
        flag3D = True

    if len(p) != len(q):
        assert (len(p)==1 or len(q)==1), \
            'Both arguments in the quaternion multiplication must have the same number of rows, unless one has only one row.'

    p = unit_q(p).T
    q = unit_q(q).T

    if np.prod(np.shape(p)) > np.prod(np.shape(q)):
        r=np.zeros(np.shape(p))
    else:
        r=np.zeros(np.shape(q))

    r[0] = p[0]*q[0] - p[1]*q[1] - p[2]*q[2] - p[3]*q[3]
    r[1] = p[1]*q[0] + p[0]*q[1] + p[2]*q[3] - p[3]*q[2]
    r[2] = p[2]*q[0] + p[0]*q[2] + p[3]*q[1] - p[1]*q[3]
    r[3] = p[3]*q[0] + p[0]*q[3] + p[1]*q[2] - p[2]*q[1]

    if flag3D:
        # for rotations > 180 deg
        r[:,r[0]<0] = -r[:,r[0]<0]
        r = r[1:]

    r = r.T
    return r

def quat2deg(inQuat):
    return 2 * np.arcsin(q_vector(inQuat)) * 180 / pi



def quat2seq(quats, seq='nautical'):

    # Ensure that it also works for a single quaternion
    quats = np.atleast_2d(quats)

    # If only the quaternion vector is entered, extend it to a full unit quaternion
    if quats.shape[1] == 3:
        quats = unit_q(quats)

    if seq =='Fick' or seq =='nautical':
        R_zx = 2 * (quats[:,1]*quats[:,3] - quats[:,0]*quats[:,2])
        R_yx = 2 * (quats[:,1]*quats[:,2] + quats[:,0]*quats[:,3])
        R_zy = 2 * (quats[:,2]*quats[:,3] + quats[:,0]*quats[:,1])

        phi  = -np.arcsin(R_zx)
        theta = np.arcsin(R_yx / np.cos(phi))
        psi   = np.arcsin(R_zy / np.cos(phi))

        sequence = np.column_stack((theta, phi, psi))

    elif seq == 'Helmholtz':
        R_yx = 2 * (quats[:,1]*quats[:,2] + quats[:,0]*quats[:,3])
        R_zx = 2 * (quats[:,1]*quats[:,3] - quats[:,0]*quats[:,2])
        R_yz = 2 * (quats[:,2]*quats[:,3] - quats[:,0]*quats[:,1])

        theta = np.arcsin(R_yx)
        phi  = -np.arcsin(R_zx / np.cos(theta))
        psi  = -np.arcsin(R_yz / np.cos(theta))

        sequence = np.column_stack((phi, theta, psi))

    elif seq == 'Euler':
        Rs = convert(quats, to='rotmat').reshape((-1,3,3))

        beta = np.arccos(Rs[:,2,2])

        # special handling for (beta == 0)
        bz = beta == 0

        # there the gamma-values are set to zero, since alpha/gamma is degenerated
        alpha = np.nan * np.ones_like(beta)
        gamma = np.nan * np.ones_like(beta)

        alpha[bz] = np.arcsin(Rs[bz,1,0])
        gamma[bz] = 0

        alpha[~bz] = np.arctan2(Rs[~bz,0,2], Rs[~bz,1,2])
        gamma[~bz] = np.arctan2(Rs[~bz,2,0], Rs[~bz,2,1])

        sequence = np.column_stack((alpha, beta, gamma))
    else:
        raise ValueError('Input parameter {0} not known'.format(seq))

    return np.rad2deg(sequence)

def q_vector(inQuat):

    inQuat = np.atleast_2d(inQuat)
    if inQuat.shape[1] == 4:
        vect = inQuat[:,1:]
    else:
        vect = inQuat
    if np.min(vect.shape)==1:
        vect = vect.ravel()
    return vect

def q_scalar(inQuat):

    inQuat = np.atleast_2d(inQuat)
    if inQuat.shape[1] == 4:
        scalar = inQuat[:,0]
    else:
        scalar = np.sqrt(1-np.linalg.norm(inQuat, axis=1))
    if np.min(scalar.shape)==1:
        scalar = scalar.ravel()
    return scalar


def unit_q(inData):
    inData = np.atleast_2d(inData)
    (m,n) = inData.shape
    if (n!=3)&(n!=4):
        raise ValueError('Quaternion must have 3 or 4 columns')
    if n == 3:
        qLength = 1-np.sum(inData**2,1)
        numLimit = 1e-12
        # Check for numerical problems
        if np.min(qLength) < -numLimit:
            raise ValueError('Quaternion is too long!')
        else:
            # Correct for numerical problems
            qLength[qLength<0] = 0
        outData = np.hstack((np.c_[np.sqrt(qLength)], inData))

    else:
        outData = inData

    return outData

def calc_quat(omega, q0, rate, CStype):

    omega_05 = np.atleast_2d(omega).copy()

    # The following is (approximately) the quaternion-equivalent of the trapezoidal integration (cumtrapz)
    if omega_05.shape[1]>1:
        omega_05[:-1] = 0.5*(omega_05[:-1] + omega_05[1:])

    omega_t = np.sqrt(np.sum(omega_05**2, 1))
    omega_nonZero = omega_t>0

    # initialize the quaternion
    q_delta = np.zeros(omega_05.shape)
    q_pos = np.zeros((len(omega_05),4))
    q_pos[0,:] = unit_q(q0)

    # magnitude of position steps
    dq_total = np.sin(omega_t[omega_nonZero]/(2.*rate))

    q_delta[omega_nonZero,:] = omega_05[omega_nonZero,:] * np.tile(dq_total/omega_t[omega_nonZero], (3,1)).T

    for ii in range(len(omega_05)-1):
        q1 = unit_q(q_delta[ii,:])
        q2 = q_pos[ii,:]
        if CStype == 'sf':
            qm = q_mult(q1,q2)
        elif CStype == 'bf':
            qm = q_mult(q2,q1)
        else:
            pass  # a print, dropped
        q_pos[ii+1,:] = qm

    return q_pos


# --- skinematics/vector.py ---------------------------------------------------------------------------------------------
def normalize(v):

    from numpy.linalg import norm

    # Distinguish between a vector and a matrix
    if np.array(v).ndim == 1:
        vectorFlag = True
    else:
        vectorFlag = False

    # The 'atleast_2d' ensures that the program works on matrices.
    # The 'double' avoids trouble 2 lines down, if v is integer.
    # And the 'copy' ensures that the input is not modified in the calling program.
    v = np.double(np.atleast_2d(v)).copy()
    length = norm(v,axis=1)
    v[length!=0] = (v[length!=0].T/length[length!=0]).T
    if vectorFlag:
        v = v.ravel()
    return v


def angle(v1,v2):


    # make sure lists are handled correctly
    v1 = np.array(v1)
    v2 = np.array(v2)

    if v1.ndim < v2.ndim:
        v1, v2 = v2, v1
    n1 = normalize(v1)
    n2 = normalize(v2)
    if v2.ndim == 1:
        angle = np.arccos(n1.dot(n2))
    else:
        angle = np.arccos(list(map(np.dot, n1, n2)))
    return angle


def project(v1,v2, projection_type='1D'):

    v1 = np.atleast_2d(v1)
    v2 = np.atleast_2d(v2)

    e2 = normalize(v2)

    if projection_type == '1D':
        if e2.ndim == 1 or e2.shape[0]==1:
            return (e2 * list(map(np.dot, v1, e2))).ravel()
        else:
            return (e2.T * list(map(np.dot, v1, e2))).T
    elif projection_type == '2D':
        if e2.shape[0] > 1:
            raise ValueError('2D projections only implemented for fixed projection-plane!')

        x,y,z = e2[0]
        projection_matrix = np.array(
            [[-y,      -x*z, x],
             [ x,      -y*z, y],
             [ 0, x**2+y**2, z]])

        if z > 0:    # choose a downward-pointing look for the projection
            projection_matrix  = projection_matrix * np.r_[-1, 1, -1]

        projected = v1 @ projection_matrix
        projected = projected[:,:2]
        if e2.ndim == 1 or e2.shape[0]==1:
            return projected.ravel()
        else:
            return projected
    else:
        raise ValueError('{0} not allowed as projection_type in vector.project!'.format(projection_type))


def GramSchmidt(p0,p1,p2):

    # If inputs are lists, convert them to arrays:
    p0 = np.array(p0)
    p1 = np.array(p1)
    p2 = np.array(p2)

    v1 = np.atleast_2d(p1-p0)
    v2 = np.atleast_2d(p2-p0)

    ex = normalize(v1)
    ey = normalize(v2- project(v2,ex))
    ez = np.cross(ex,ey)

    return np.hstack((ex,ey,ez))

def plane_orientation(p0, p1, p2):

    # If inputs are lists, convert them to arrays:
    p0 = np.array(p0)
    p1 = np.array(p1)
    p2 = np.array(p2)

    v01 = p1-p0
    v02 = p2-p0
    n = np.cross(v01,v02)
    return normalize(n)

#@deprecation.deprecated(deprecated_in="1.7", removed_in="1.9",
                        #current_version=__version__,
                        #details="Use the ``q_shortest_rotation`` function instead")

def q_shortest_rotation(v1,v2):

    # calculate the direction
    n = normalize(np.cross(v1,v2))

    # make sure vectors are handled correctly
    n = np.atleast_2d(n)

    # handle 0-quaternions
    nanindex = np.isnan(n[:,0])
    n[nanindex,:] = 0

    # find the angle, and calculate the quaternion
    angle12 = angle(v1,v2)
    q = (n.T*np.sin(angle12/2.)).T

    # if you are working with vectors, only return a vector
    if q.shape[0]==1:
        q = q.flatten()

    return q


def rotate_vector(vector, q):
    vector = np.atleast_2d(vector)
    qvector = np.hstack((np.zeros((vector.shape[0],1)), vector))
    vRotated = quat.q_mult(q, quat.q_mult(qvector, quat.q_inv(q)))
    vRotated = vRotated[:,1:]

    if min(vRotated.shape)==1:
        vRotated = vRotated.ravel()

    return vRotated


def target2orient(target, orient_type='quat'):

    if orient_type == 'quat':
        orientation = q_shortest_rotation([1,0,0], target)

    elif orient_type =='Fick' or orient_type =='nautical':
        n = np.atleast_2d(normalize(target))

        theta = np.arctan2(n[:,1], n[:,0])
        phi = -np.arcsin(n[:,2])

        orientation =  np.column_stack((theta, phi, np.zeros_like(theta)))
        orientation = np.rad2deg(orientation)

    elif orient_type == 'Helmholtz':
        n = np.atleast_2d(normalize(target))

        phi = -np.arctan2(n[:,2], n[:,0])
        theta = np.arcsin(n[:,1])

        orientation =  np.column_stack((phi, theta, np.zeros_like(theta)))
        orientation = np.rad2deg(orientation)

    else:
        raise ValueError('Input parameter {0} not known'.format(orientation))

    # For vector input, return a vector:
    if orientation.shape[0] == 1:
        orientation = orientation.ravel()

    return orientation


# --- skinematics/rotmat.py ---------------------------------------------------------------------------------------------
def rotmat_stm(axis='x', angle=0, translation=[0, 0, 0]):
    axis = rotmat__check_axis(axis)  # renamed

    stm = np.eye(4)
    stm[:-1,:-1] = rotmat_R(axis, angle)  # renamed
    stm[:3,-1] = translation
    return stm


def rotmat_R(axis='x', angle=90) :

    axis = rotmat__check_axis(axis)  # renamed

    # convert from degrees into radian:
    a_rad = np.deg2rad(angle)

    if axis == 'x':
        R = np.array([[1,             0,            0],
                      [0, np.cos(a_rad), -np.sin(a_rad)],
                      [0, np.sin(a_rad),  np.cos(a_rad)]])

    elif axis == 'y':
        R = np.array([[ np.cos(a_rad), 0, np.sin(a_rad) ],
                      [            0,  1,             0 ],
                      [-np.sin(a_rad), 0, np.cos(a_rad) ]])

    elif axis == 'z':
        R = np.array([[np.cos(a_rad), -np.sin(a_rad), 0],
                      [np.sin(a_rad),  np.cos(a_rad), 0],
                      [            0,             0,  1]])

    else:
        raise IOError('"axis" has to be "x", "y", or "z"')
    return R


def rotmat_R_2d(angle=90):

    # convert from degrees into radian:
    a_rad = np.deg2rad(angle)

    R = np.array(
        [[np.cos(a_rad), -np.sin(a_rad)], [np.sin(a_rad), np.cos(a_rad)]]
    )

    return R


def rotmat__check_axis(sel_axis):

    seq = 'xyz'
    if type(sel_axis) is str:
        if sel_axis not in seq:
            raise IOError
        axis = sel_axis
    elif type(sel_axis) is int:
        if sel_axis in range(3):
            axis = seq[sel_axis]
        else:
            raise IOError

    return axis



def rotmat_sequence(R, to ='Euler'):

    # Reshape the input such that I can use the standard matrix indices
    # For a simple (3,3) matrix, a superfluous first index is added.
    Rs = R.reshape((-1,3,3), order='C')

    if to=='Fick' or to=='nautical':
        gamma =  np.arctan2(Rs[:,1,0], Rs[:,0,0])
        alpha =  np.arctan2(Rs[:,2,1], Rs[:,2,2])
        beta  = -np.arcsin(Rs[:,2,0])

    elif to == 'Helmholtz':
        gamma =  np.arcsin( Rs[:,1,0] )
        beta  = -np.arcsin( Rs[:,2,0]/np.cos(gamma) )
        alpha = -np.arcsin( Rs[:,1,2]/np.cos(gamma) )

    elif to == 'Euler':
        epsilon = 1e-6
        beta = - np.arcsin(np.sqrt(Rs[:,0,2]**2 + Rs[:,1,2]**2)) * np.sign(Rs[:,1,2])
        small_indices =  beta < epsilon

        # Assign memory for alpha and gamma
        alpha = np.nan * np.ones_like(beta)
        gamma = np.nan * np.ones_like(beta)

        # For small beta
        beta[small_indices] = 0
        gamma[small_indices] = 0
        alpha[small_indices] = np.arcsin(Rs[small_indices,1,0])

        # for the rest
        gamma[~small_indices] = np.arcsin( Rs[~small_indices,0,2]/np.sin(beta) )
        alpha[~small_indices] = np.arcsin( Rs[~small_indices,2,0]/np.sin(beta) )

    else:
        raise IOError

    # Return the parameter-angles
    if R.size == 9:
        return np.r_[gamma, beta, alpha]
    else:
        return np.column_stack( (gamma, beta, alpha) )


def rotmat_dh(theta=0, d=0, r=0, alpha=0):

    # Calculate Denavit-Hartenberg transformation matrix
    Rx = rotmat_stm(axis=0, angle=alpha)  # renamed
    Tx = rotmat_stm(translation=[r, 0, 0])  # renamed
    Rz = rotmat_stm(axis=2, angle=theta)  # renamed
    Tz = rotmat_stm(translation=[0, 0, d])  # renamed

    t_dh = Tz @ Rz @ Tx @ Rx

    return(t_dh)


def rotmat_convert(rMat, to ='quat'):

    if to != 'quat':
        raise IOError('Only know "quat"!')

    if rMat.shape == (3,3) or rMat.shape == (9,):
        rMat=np.atleast_2d(rMat.ravel()).T
    else:
        rMat = rMat.T
    q = np.zeros((4, rMat.shape[1]))

    R11 = rMat[0]
    R12 = rMat[1]
    R13 = rMat[2]
    R21 = rMat[3]
    R22 = rMat[4]
    R23 = rMat[5]
    R31 = rMat[6]
    R32 = rMat[7]
    R33 = rMat[8]

    # Catch small numerical inaccuracies, but produce an error for larger problems
    epsilon = 1e-10
    if np.min(np.vstack((1+R11-R22-R33, 1-R11+R22-R33, 1-R11-R22+R33))) < -epsilon:
        raise ValueError('Problems with defintion of rotation matrices')

    q[1] = 0.5 * np.copysign(np.sqrt(np.abs(1+R11-R22-R33)), R32-R23)
    q[2] = 0.5 * np.copysign(np.sqrt(np.abs(1-R11+R22-R33)), R13-R31)
    q[3] = 0.5 * np.copysign(np.sqrt(np.abs(1-R11-R22+R33)), R21-R12)
    q[0] = np.sqrt(1-(q[1]**2+q[2]**2+q[3]**2))

    return q.T


def rotmat_seq2quat(rot_angles, seq='nautical'):

    rot_angles = np.atleast_2d(np.deg2rad(rot_angles))

    quats = np.nan * np.ones( (rot_angles.shape[0], 4) )

    if seq =='Fick' or seq =='nautical':
        theta = rot_angles[:,0]
        phi = rot_angles[:,1]
        psi = rot_angles[:,2]

        c_th, s_th = np.cos(theta/2), np.sin(theta/2)
        c_ph, s_ph = np.cos(phi/2),   np.sin(phi/2)
        c_ps, s_ps = np.cos(psi/2),   np.sin(psi/2)

        quats[:,0] = c_th*c_ph*c_ps + s_th*s_ph*s_ps
        quats[:,1] = c_th*c_ph*s_ps - s_th*s_ph*c_ps
        quats[:,2] = c_th*s_ph*c_ps + s_th*c_ph*s_ps
        quats[:,3] = s_th*c_ph*c_ps - c_th*s_ph*s_ps

    elif seq == 'Helmholtz':
        phi = rot_angles[:,0]
        theta = rot_angles[:,1]
        psi = rot_angles[:,2]

        c_th, s_th = np.cos(theta/2), np.sin(theta/2)
        c_ph, s_ph = np.cos(phi/2),   np.sin(phi/2)
        c_ps, s_ps = np.cos(psi/2),   np.sin(psi/2)

        quats[:,0] = c_th*c_ph*c_ps - s_th*s_ph*s_ps
        quats[:,1] = c_th*c_ph*s_ps + s_th*s_ph*c_ps
        quats[:,2] = c_th*s_ph*c_ps + s_th*c_ph*s_ps
        quats[:,3] = s_th*c_ph*c_ps - c_th*s_ph*s_ps

    elif seq == 'Euler':
        alpha = rot_angles[:,0]
        beta = rot_angles[:,1]
        gamma = rot_angles[:,2]

        c_al, s_al = np.cos(alpha/2), np.sin(alpha/2)
        c_be, s_be = np.cos(beta/2),  np.sin(beta/2)
        c_ga, s_ga = np.cos(gamma/2), np.sin(gamma/2)

        quats[:,0] = c_al*c_be*c_ga - s_al*c_be*s_ga
        quats[:,1] = c_al*s_be*c_ga + s_al*s_be*s_ga
        quats[:,2] = s_al*s_be*c_ga - c_al*s_be*s_ga
        quats[:,3] = c_al*c_be*s_ga + s_al*c_be*c_ga

    else:
        raise ValueError('Input parameter {0} not known'.format(seq))

    return quats


# --- skinematics/misc.py -----------------------------------------------------------------------------------------------
def progressbar(it, prefix = "", size = 60):

    count = len(it)
    def _show(_i):
        # Helper function to print the desired information line.

        x = int(size*_i/count)
#        sys.stdout.flush()
    
    _show(0)
    for i, item in enumerate(it):
        yield item
        _show(i+1)


# --- skinematics/imus.py -----------------------------------------------------------------------------------------------
class IMU_Base(metaclass=abc.ABCMeta):

    @abc.abstractmethod
    def get_data(self, in_file=None, in_data:float|None|np.ndarray=None):
        """Retrieve "rate", "acc", "omega", "mag" from the input source
        and set the corresponding values of "self".
        With some sensors, "rate" has to be provided, and is taken from "in_data".
        """

    def __init__(self, in_file = None,
                 q_type='analytical', R_init = np.eye(3),
                 calculate_position=True, pos_init = np.zeros(3),
                 in_data = None ):

        if in_data is None and in_file is None:
            raise ValueError('Either in_data or in_file must be provided.')

        elif in_file is None:
            # Get the data from "in_data"
            # In that case, "in_data"
            #   - must contain the fields ['acc', 'omega']
            #   - can contain the fields ['rate', 'mag']
            # self.source is set to "None"
            self._set_data(in_data)

        else:
            # Set rate, acc, omega, mag
            # Note: this is implemented in the concrete class, implenented in
            # the corresponding module in "sensors"
            self.source = in_file
            self.get_data(in_file, in_data)

        # Set information not determined by the IMU-data
        self.R_init = R_init
        self.pos_init = pos_init

        # Set the analysis method, and consolidate the object (see below)
        # This also means calculating the orientation quaternion!!
        self.set_qtype(q_type)

        if q_type != None:
            if calculate_position:
                self.calc_position()

    def set_qtype(self, type_value):

        allowed_values = ['analytical',
                          'kalman',
                          'madgwick',
                          'mahony',
                          None]

        if type_value in allowed_values:
            self.q_type = type_value
            if type_value == None:
                self.quat = None
            else:
                self._calc_orientation()
        else:
            raise ValueError('q_type must be one of the following: ' \
                             '{0}, not {1}'.format(allowed_values, value))


    def _set_data(self, data):
        # Set the properties of an IMU-object directly

        if 'rate' not in data.keys():
            data['rate'] = 100.0

        self.rate = data['rate']
        self.acc= data['acc']
        self.omega = data['omega']
        if 'mag' in data.keys():
            self.mag = data['mag']
        self.source = None
        self._set_info()


    def _calc_orientation(self):

        initialPosition = np.r_[0,0,0]

        method = self.q_type
        if method == 'analytical':
            (quaternion, position, velocity) = analytical(self.R_init,
                                                          self.omega,
                                                          initialPosition,
                                                          self.acc,
                                                          self.rate)

        elif method == 'kalman':
            self._checkRequirements()
            quaternion = kalman(self.rate, self.acc, np.deg2rad(self.omega),
                                self.mag)

        elif method == 'madgwick':
            self._checkRequirements()

            # Initialize object
            AHRS = Madgwick(rate=self.rate, Beta=0.5)    # previously: Beta=1.5
            quaternion = np.zeros((self.totalSamples, 4))

            # The "Update"-function uses angular velocity in radian/s, and only
            # the directions of acceleration and magnetic field
            Gyr = self.omega
            Acc = vector.normalize(self.acc)
            Mag = vector.normalize(self.mag)

            #for t in range(len(time)):
            for t in misc.progressbar(range(self.totalSamples),
                                      'Calculating the Quaternions ', 25) :
                AHRS.Update(Gyr[t], Acc[t], Mag[t])
                quaternion[t] = AHRS.Quaternion

        elif method == 'mahony':
            self._checkRequirements()

            # Initialize object
            AHRS = Mahony(rate=np.float64(self.rate), Kp=0.4)  # previously: Kp=0.5
            quaternion = np.zeros((self.totalSamples, 4))

            # The "Update"-function uses angular velocity in radian/s, and only
            # the directions of acceleration and magnetic field
            Gyr = self.omega
            Acc = vector.normalize(self.acc)
            Mag = vector.normalize(self.mag)

            #for t in range(len(time)):
            for t in misc.progressbar(range(self.totalSamples),
                                      'Calculating the Quaternions ', 25) :
                AHRS.Update(Gyr[t], Acc[t], Mag[t])
                quaternion[t] = AHRS.Quaternion

        else:
            return

        self.quat = quaternion


    def calc_position(self):

        initialPosition = self.pos_init
        # Acceleration, velocity, and position ----------------------------
        # From q and the measured acceleration, get the \frac{d^2x}{dt^2}
        g = constants.g
        g_v = np.r_[0, 0, g]
        accReSensor = self.acc - vector.rotate_vector(g_v, quat.q_inv(self.quat))
        accReSpace = vector.rotate_vector(accReSensor, self.quat)

        # Position and Velocity through integration, assuming 0-velocity at t=0
        vel = np.nan*np.ones_like(accReSpace)
        pos = np.nan*np.ones_like(accReSpace)

        for ii in range(accReSpace.shape[1]):
            vel[:, ii] = cumulative_trapezoid(accReSpace[:, ii],
                                 dx=1. / np.float64(self.rate), initial=0)
            pos[:, ii] = cumulative_trapezoid(vel[:, ii],
                        dx=1. / np.float64(self.rate), initial=initialPosition[ii])

        self.vel = vel
        self.pos = pos

    def _checkRequirements(self):
        required = [ 'rate', 'acc', 'omega', 'mag' ]

        for field in required:
            if field not in vars(self):
                pass  # a print, dropped

    def _set_info(self):

        self.totalSamples = len(self.omega)
        self.duration = np.float64(self.totalSamples) / self.rate # [sec]
        self.dataType = str(self.omega.dtype)


def analytical(R_initialOrientation=np.eye(3),
               omega=np.zeros((5,3)),
               initialPosition=np.zeros(3),
               accMeasured=np.column_stack((np.zeros((5,2)), 9.81*np.ones(5))),
               rate=100):

    if omega.ndim == 1:
        raise ValueError('The input to "analytical" requires matrix inputs.')

    # Transform recordings to angVel/acceleration in space --------------

    # Orientation of \vec{g} with the sensor in the "R_initialOrientation"
    g = constants.g
    g0 = np.linalg.inv(R_initialOrientation).dot(np.r_[0,0,g])

    # for the remaining deviation, assume the shortest rotation to there
    q0 = vector.q_shortest_rotation(accMeasured[0], g0)

    q_initial = rotmat.convert(R_initialOrientation, to='quat')

    # combine the two, to form a reference orientation. Note that the sequence
    # is very important!
    q_ref = quat.q_mult(q_initial, q0)

    # Calculate orientation q by "integrating" omega -----------------
    q = quat.calc_quat(omega, q_ref, rate, 'bf')

    # Acceleration, velocity, and position ----------------------------
    # From q and the measured acceleration, get the \frac{d^2x}{dt^2}
    g_v = np.r_[0, 0, g]
    accReSensor = accMeasured - vector.rotate_vector(g_v, quat.q_inv(q))
    accReSpace = vector.rotate_vector(accReSensor, q)

    # Make the first position the reference position
    q = quat.q_mult(q, quat.q_inv(q[0]))

    # compensate for drift
    #drift = np.mean(accReSpace, 0)
    #accReSpace -= drift*0.7

    # Position and Velocity through integration, assuming 0-velocity at t=0
    vel = np.nan*np.ones_like(accReSpace)
    pos = np.nan*np.ones_like(accReSpace)

    for ii in range(accReSpace.shape[1]):
        vel[:, ii] = cumulative_trapezoid(
            accReSpace[:, ii], dx=1. / rate, initial=0)
        pos[:, ii] = cumulative_trapezoid(
            vel[:, ii], dx=1. / rate, initial=initialPosition[ii])

    return (q, pos, vel)

def kalman(rate, acc, omega, mag,
           D = [0.4, 0.4, 0.4],
           tau = [0.5, 0.5, 0.5],
           Q_k = None,
           R_k = None):

    numData = len(acc)

    # Set parameters for Kalman Filter
    tstep = 1./rate

    # check input
    assert len(tau) == 3
    tau = np.array(tau)

    # Initializations
    x_k = np.zeros(7)	# state vector
    z_k = np.zeros(7)   # measurement vector
    z_k_pre = np.zeros(7)
    P_k = np.eye(7)		 # error covariance matrix P_k

    Phi_k = np.eye(7)    # discrete state transition matrix Phi_k
    for ii in range(3):
        Phi_k[ii,ii] = np.exp(-tstep/tau[ii])

    H_k = np.eye(7)		# Identity matrix

    D = np.r_[0.4, 0.4, 0.4]		# [rad^2/sec^2]; from Yun, 2006

    if Q_k is None:
        # Set the default input, from Yun et al.
        Q_k = np.zeros((7,7)) 	# process noise matrix Q_k
        for ii in range(3):
            Q_k[ii,ii] =  D[ii]/(2*tau[ii])  * ( 1-np.exp(-2*tstep/tau[ii]) )
    else:
        # Check the shape of the input
        assert Q_k.shape == (7,7)

    # Evaluate measurement noise covariance matrix R_k
    if R_k is None:
        # Set the default input, from Yun et al.
        r_angvel = 0.01;      # [rad**2/sec**2]; from Yun, 2006
        r_quats = 0.0001;     # from Yun, 2006

        r_ii = np.zeros(7)
        for ii in range(3):
            r_ii[ii] = r_angvel
        for ii in range(4):
            r_ii[ii+3] = r_quats

        R_k = np.diag(r_ii)
    else:
        # Check the shape of the input
        assert R_k.shape == (7,7)

    # Calculation of orientation for every time step
    qOut = np.zeros( (numData,4) )

    for ii in range(numData):
        accelVec  = acc[ii,:]
        magVec    = mag[ii,:]
        angvelVec = omega[ii,:]
        z_k_pre = z_k.copy()  # watch out: by default, Python passes the reference!!

        # Evaluate quaternion based on acceleration and magnetic field data
        accelVec_n = vector.normalize(accelVec)
        magVec_hor = magVec - accelVec_n * (accelVec_n @ magVec)
        magVec_n   = vector.normalize(magVec_hor)
        basisVectors = np.column_stack( [magVec_n,
                                np.cross(accelVec_n, magVec_n), accelVec_n] )
        quatRef = quat.q_inv(rotmat.convert(basisVectors, to='quat')).ravel()

        # Calculate Kalman Gain
        # K_k = P_k * H_k.T * inv(H_k*P_k*H_k.T + R_k)
        K_k = P_k @ np.linalg.inv(P_k + R_k)

        # Update measurement vector z_k
        z_k[:3] = angvelVec
        z_k[3:] = quatRef

        # Update state vector x_k
        x_k += np.array( K_k@(z_k-z_k_pre) ).ravel()

        # Evaluate discrete state transition matrix Phi_k
        Delta = np.zeros((7,7))
        Delta[3,:] = np.r_[-x_k[4], -x_k[5], -x_k[6],      0, -x_k[0], -x_k[1], -x_k[2]]
        Delta[4,:] = np.r_[ x_k[3], -x_k[6],  x_k[5], x_k[0],       0,  x_k[2], -x_k[1]]
        Delta[5,:] = np.r_[ x_k[6],  x_k[3], -x_k[4], x_k[1], -x_k[2],       0,  x_k[0]]
        Delta[6,:] = np.r_[-x_k[5],  x_k[4],  x_k[3], x_k[2],  x_k[1], -x_k[0],       0]

        Delta *= tstep/2
        Phi_k += Delta

        # Update error covariance matrix
        P_k = (np.eye(7) - K_k) @ P_k

        # Projection of state
        # 1) quaternions
        x_k[3:] += tstep * 0.5 * quat.q_mult(x_k[3:], np.r_[0, x_k[:3]]).ravel()
        x_k[3:] = vector.normalize( x_k[3:] )
        # 2) angular velocities
        x_k[:3] -= tstep * tau * x_k[:3]

        qOut[ii,:] = x_k[3:]

        # Projection of error covariance matrix
        P_k = Phi_k @ P_k @ Phi_k.T + Q_k

    # Make the first position the reference position
    qOut = quat.q_mult(qOut, quat.q_inv(qOut[0]))

    return qOut

class Madgwick:

    def __init__(self, rate=256.0, Beta=1.0, Quaternion=[1,0,0,0]):

        self.rate = rate
        self.SamplePeriod = 1/self.rate
        self.Beta = Beta
        self.Quaternion = Quaternion

    def Update(self, Gyroscope, Accelerometer, Magnetometer):

        q = self.Quaternion; # short name local variable for readability

        # Reference direction of Earth's magnetic field
        h = vector.rotate_vector(Magnetometer, q)
        b = np.hstack((0, np.sqrt(h[0]**2+h[1]**2), 0, h[2]))

        # Gradient decent algorithm corrective step
        F = [2*(q[1]*q[3] - q[0]*q[2])   - Accelerometer[0],
             2*(q[0]*q[1] + q[2]*q[3])   - Accelerometer[1],
             2*(0.5 - q[1]**2 - q[2]**2) - Accelerometer[2],
             2*b[1]*(0.5 - q[2]**2 - q[3]**2) + 2*b[3]*(q[1]*q[3] - q[0]*q[2])   - Magnetometer[0],
             2*b[1]*(q[1]*q[2] - q[0]*q[3])   + 2*b[3]*(q[0]*q[1] + q[2]*q[3])   - Magnetometer[1],
             2*b[1]*(q[0]*q[2] + q[1]*q[3])   + 2*b[3]*(0.5 - q[1]**2 - q[2]**2) - Magnetometer[2]]

        J = np.array([
            [-2*q[2],                 	2*q[3],                    -2*q[0],                         2*q[1]],
            [ 2*q[1],                 	2*q[0],                	    2*q[3],                         2*q[2]],
            [0,                        -4*q[1],                    -4*q[2],                         0],
            [-2*b[3]*q[2],              2*b[3]*q[3],               -4*b[1]*q[2]-2*b[3]*q[0],       -4*b[1]*q[3]+2*b[3]*q[1]],
            [-2*b[1]*q[3]+2*b[3]*q[1],	2*b[1]*q[2]+2*b[3]*q[0],    2*b[1]*q[1]+2*b[3]*q[3],       -2*b[1]*q[0]+2*b[3]*q[2]],
            [ 2*b[1]*q[2],              2*b[1]*q[3]-4*b[3]*q[1],    2*b[1]*q[0]-4*b[3]*q[2],        2*b[1]*q[1]]])

        step = J.T.dot(F)
        step = vector.normalize(step)	# normalise step magnitude

        # Compute rate of change of quaternion
        qDot = 0.5 * quat.q_mult(q, np.hstack([0, Gyroscope])) - self.Beta * step

        # Integrate to yield quaternion
        q = q + qDot * self.SamplePeriod
        self.Quaternion = vector.normalize(q).flatten()

class Mahony:
    def __init__(self, rate=256.0, Kp=1.0, Ki=0, Quaternion=[1,0,0,0]):

        self.rate = rate
        self.SamplePeriod = 1/self.rate
        self.Kp = Kp
        self.Ki = Ki
        self.Quaternion = Quaternion
        self._eInt = [0, 0, 0]  # integral error

    def Update(self, Gyroscope, Accelerometer, Magnetometer):

        q = self.Quaternion; # short name local variable for readability

        # Reference direction of Earth's magnetic field
        h = vector.rotate_vector(Magnetometer, q)
        b = np.hstack((0, np.sqrt(h[0]**2+h[1]**2), 0, h[2]))

        # Estimated direction of gravity and magnetic field
        v = np.array([
            2*(q[1]*q[3] - q[0]*q[2]),
            2*(q[0]*q[1] + q[2]*q[3]),
            q[0]**2 - q[1]**2 - q[2]**2 + q[3]**2])

        w = np.array([
            2*b[1]*(0.5 - q[2]**2 - q[3]**2) + 2*b[3]*(q[1]*q[3] - q[0]*q[2]),
            2*b[1]*(q[1]*q[2] - q[0]*q[3]) + 2*b[3]*(q[0]*q[1] + q[2]*q[3]),
            2*b[1]*(q[0]*q[2] + q[1]*q[3]) + 2*b[3]*(0.5 - q[1]**2 - q[2]**2)])

        # Error is sum of cross product between estimated direction and measured
        # direction of fields
        e = np.cross(Accelerometer, v) + np.cross(Magnetometer, w)

        if self.Ki > 0:
            self._eInt += e * self.SamplePeriod
        else:
            self._eInt = np.array([0, 0, 0], dtype=np.float64)

        # Apply feedback terms
        Gyroscope += self.Kp * e + self.Ki * self._eInt;

        # Compute rate of change of quaternion
        qDot = 0.5 * quat.q_mult(q, np.hstack([0, Gyroscope])).flatten()

        # Integrate to yield quaternion
        q += qDot * self.SamplePeriod

        self.Quaternion = vector.normalize(q)


# --- skinematics/sensors/manual.py -------------------------------------------------------------------------------------
class MyOwnSensor(IMU_Base):

    def get_data(self, in_file=None, in_data=None):

        # Get the sampling rate from the second line in the file
        transfer_data = {}
        try:
            paramList=['rate', 'acc', 'omega']
            for param in paramList:
                transfer_data[param] = in_data[param]
        except KeyError:
            raise

        if 'mag' in in_data.keys():
            transfer_data['mag'] = in_data['mag']

        self._set_data(transfer_data)


# The modules as the copied code reaches them (``import quat, vector, misc, rotmat``)
quat = types.SimpleNamespace(Quaternion=Quaternion, convert=convert, deg2quat=deg2quat, q_conj=q_conj, q_inv=q_inv,
                             q_mult=q_mult, quat2deg=quat2deg, quat2seq=quat2seq, q_vector=q_vector,
                             q_scalar=q_scalar, unit_q=unit_q, calc_quat=calc_quat)
vector = types.SimpleNamespace(normalize=normalize, angle=angle, project=project, GramSchmidt=GramSchmidt,
                               plane_orientation=plane_orientation, q_shortest_rotation=q_shortest_rotation,
                               rotate_vector=rotate_vector, target2orient=target2orient)
rotmat = types.SimpleNamespace(stm=rotmat_stm, R=rotmat_R, R_2d=rotmat_R_2d, sequence=rotmat_sequence, dh=rotmat_dh,
                               convert=rotmat_convert, seq2quat=rotmat_seq2quat)
misc = types.SimpleNamespace(progressbar=progressbar)


# --- the cases: each builds its objects inside the traced function -----------------------------------------------------
def quaternion_values(data):
    return Quaternion(data).values


def quaternion_from_list(v0, v1):
    return Quaternion([v0, v1]).values


def quaternion_copy(data):
    return Quaternion(Quaternion(data)).values


def quaternion_from_fick(angles):
    return Quaternion(angles, 'Fick').values


def quaternion_from_helmholtz(angles):
    return Quaternion(angles, 'Helmholtz').values


def quaternion_from_euler(angles):
    return Quaternion(angles, inType='Euler').values


def quaternion_product(p, q):
    return (Quaternion(p) * Quaternion(q)).values


def quaternion_times_number(data, number):
    return (Quaternion(data) * number).values


def quaternion_times_int(data):
    return (Quaternion(data) * 3).values


def quaternion_quotient(p, q):
    return (Quaternion(p) / Quaternion(q)).values



def quaternion_items(data, replacement):
    q = Quaternion(data)
    first, middle = q[0], q[1:3]
    q[0] = replacement
    return first.values, middle.values, q.values, len(q)


def quaternion_inverse(data):
    return Quaternion(data).inv().values


def quaternion_export(data):
    q = Quaternion(data)
    return q.export(), q.export('vector'), q.export(to='rotmat')


def madgwick_update(gyroscope, accelerometer, magnetometer):
    ahrs = Madgwick(rate=100.0, Beta=0.5)
    ahrs.Update(gyroscope, accelerometer, magnetometer)
    return ahrs.Quaternion


def madgwick_updates(rate, gyroscope, accelerometer, magnetometer):
    ahrs = Madgwick(rate=rate, Beta=0.5, Quaternion=np.array([1.0, 0.0, 0.0, 0.0]))
    out = np.zeros((len(gyroscope), 4))
    for t in range(len(gyroscope)):
        ahrs.Update(gyroscope[t], accelerometer[t], magnetometer[t])
        out[t] = ahrs.Quaternion
    return out


def mahony_update(q0, gyroscope, accelerometer, magnetometer):
    ahrs = Mahony(rate=100.0, Kp=0.4, Quaternion=q0)
    ahrs.Update(gyroscope, accelerometer, magnetometer)
    # Update adds into both arguments in place: Gyroscope += ..., and q += ... where q is self.Quaternion, i.e. q0
    return ahrs.Quaternion, gyroscope, q0


def _sensor(rate, acc, omega, mag, q_type, **kwargs):
    in_data = {'rate': rate, 'acc': acc, 'omega': omega, 'mag': mag}
    return MyOwnSensor(in_file='Simulated sensor-data', in_data=in_data, q_type=q_type, **kwargs)


def sensor_kalman(rate, acc, omega, mag):
    return _sensor(rate, acc, omega, mag, 'kalman', calculate_position=False).quat


def sensor_madgwick(rate, acc, omega, mag):
    return _sensor(rate, acc, omega, mag, 'madgwick', calculate_position=False).quat


def sensor_mahony(rate, acc, omega, mag):
    return _sensor(rate, acc, omega, mag, 'mahony', calculate_position=False).quat


def sensor_data_only(rate, acc, omega, mag):
    sensor = MyOwnSensor(in_data={'rate': rate, 'acc': acc, 'omega': omega, 'mag': mag}, q_type=None)
    return sensor.totalSamples, sensor.duration, sensor.dataType, sensor.acc, sensor.quat is None, sensor.source is None


def sensor_set_qtype(rate, acc, omega, mag):
    sensor = _sensor(rate, acc, omega, mag, None)
    sensor.set_qtype('madgwick')
    return sensor.quat, sensor.q_type


def sensor_position(rate, acc, omega, mag):
    sensor = _sensor(rate, acc, omega, mag, 'madgwick', pos_init=np.zeros(3))
    return sensor.quat, sensor.vel, sensor.pos


def sensor_analytical(rate, acc, omega, mag):
    sensor = _sensor(rate, acc, omega, mag, 'analytical', calculate_position=False)
    return sensor.quat


def kalman_default(rate, acc, omega, mag):
    return kalman(rate, acc, omega, mag)


def rotmat_R_x(angle):
    return rotmat_R(0, angle)



def rotmat_sequence_fick(R):
    return rotmat_sequence(R, to='Fick')



def rotmat_seq2quat_euler(angles):
    return rotmat_seq2quat(angles, seq='Euler')


def quat2seq_nautical(quats):
    return quat2seq(quats, seq='nautical')


def quat2seq_helmholtz(quats):
    return quat2seq(quats, seq='Helmholtz')


def quat2seq_euler(quats):
    return quat2seq(quats, seq='Euler')


def calc_quat_space_fixed(omega, q0, rate):
    return calc_quat(omega, q0, rate, 'sf')


def calc_quat_body_fixed(omega, q0, rate):
    return calc_quat(omega, q0, rate, 'bf')


def project_2d(v1, v2):
    return project(v1, v2, projection_type='2D')


def target2orient_fick(target):
    return target2orient(target, orient_type='Fick')



# --- inputs -----------------------------------------------------------------------------------------------------------
_RATE = 100.0  # [Hz], tests/test_imus.py's
_N = 12  # samples


def _qvectors(rng, n=3, dtype=np.float64):
    """Quaternion vectors (rows of norm 0.1 to 0.6): the vector part of unit quaternions."""
    v = rng.normal(size=(n, 3))
    return (v / np.linalg.norm(v, axis=1, keepdims=True) * rng.uniform(0.1, 0.6, size=(n, 1))).astype(dtype)


def _unit_quats(rng, n=3):
    q = rng.normal(size=(n, 4))
    return q / np.linalg.norm(q, axis=1, keepdims=True)


def _angles(rng, n=3, dtype=np.float64):
    """Angles in degrees, negative ones too (the ``inData[inData<0] += 360`` write)."""
    return rng.uniform(-60.0, 60.0, size=(n, 3)).astype(dtype)


def _imu(rng, dtype=np.float64):
    """tests/test_imus.py's movement, in small: a rotation about y at about 90 deg/s, gravity along z and the
    geomagnetic field normalize([1, 0, 1]), with noise."""
    omega = np.tile([0.0, np.deg2rad(90.0), 0.0], (_N, 1)) + 0.05 * rng.normal(size=(_N, 3))
    acc = np.tile([0.0, 0.0, constants.g], (_N, 1)) + 0.2 * rng.normal(size=(_N, 3))
    mag = np.tile(normalize([1, 0, 1]), (_N, 1)) + 0.05 * rng.normal(size=(_N, 3))
    return np.float64(_RATE), acc.astype(dtype), omega.astype(dtype), mag.astype(dtype)


def _one_sample(rng):
    _, acc, omega, mag = _imu(rng)
    return omega[0], normalize(acc[0]), normalize(mag[0])


def _rotations(rng, n=3):
    """Rotation matrices (flattened rows, as rotmat.py's functions take them) made by the copied ``rotmat_R``."""
    return np.array([(rotmat_R('z', a) @ rotmat_R('y', b) @ rotmat_R('x', c)).ravel()
                     for a, b, c in rng.uniform(-50.0, 50.0, size=(n, 3))])


def _zero_row(rng):
    v = rng.normal(size=(4, 3))
    v[2] = 0.0
    return (v,)


_F32 = np.float32
_QP = "quat.py"
_VP = "vector.py"
_RP = "rotmat.py"
_IP = "imus.py"
_MP = "sensors/manual.py"

CASES = [
    # quat.py: the Quaternion class
    case(quaternion_values, lambda rng: (_qvectors(rng),), SK(_QP, "Quaternion.__init__ / unit_q", "quaternion vectors completed: the qLength check and masked write")),
    case(quaternion_values, lambda rng: (_qvectors(rng, dtype=_F32),), SK(_QP, "Quaternion.__init__ / unit_q", "float32 quaternion vectors"), name="skinematics.quaternion_values_f32"),
    case(quaternion_values, lambda rng: (_unit_quats(rng),), SK(_QP, "Quaternion.__init__ / unit_q", "full quaternions: n == 4"), name="skinematics.quaternion_values_full"),
    case(quaternion_from_list, lambda rng: tuple(_qvectors(rng, 2)), SK(_QP, "Quaternion.__init__", "a list of two vectors: isinstance(inData, list)")),
    case(quaternion_copy, lambda rng: (_qvectors(rng),), SK(_QP, "Quaternion.__init__", "isinstance(inData, Quaternion)")),
    case(quaternion_from_fick, lambda rng: (_angles(rng),), SK(_QP, "Quaternion.__init__", "'Fick': inData[inData<0] += 360 into the argument")),
    case(quaternion_from_helmholtz, lambda rng: (_angles(rng, dtype=_F32),), SK(_QP, "Quaternion.__init__", "'Helmholtz', float32")),
    case(quaternion_from_euler, lambda rng: (_angles(rng),), SK(_QP, "Quaternion.__init__", "'Euler'")),
    case(quaternion_product, lambda rng: (_qvectors(rng), _qvectors(rng)), SK(_QP, "Quaternion.__mul__ / q_mult", "two quaternion objects")),
    case(quaternion_times_number, lambda rng: (_qvectors(rng), np.float64(rng.uniform(0.5, 2.0))), SK(_QP, "Quaternion.__mul__", "a NumPy float: isinstance(other, float) is True for np.float64")),
    case(quaternion_times_int, lambda rng: (_qvectors(rng),), SK(_QP, "Quaternion.__mul__", "a Python int (tests/test_quat.py's q*3)")),
    case(quaternion_quotient, lambda rng: (_qvectors(rng), _qvectors(rng)), SK(_QP, "Quaternion.__truediv__ / q_inv")),
    case(quaternion_items, lambda rng: (_qvectors(rng), _qvectors(rng, 1)[0]), SK(_QP, "Quaternion.__getitem__ / __setitem__ / __len__")),
    case(quaternion_inverse, lambda rng: (_unit_quats(rng) * rng.uniform(0.5, 2.0, size=(3, 1)),), SK(_QP, "Quaternion.inv / q_inv", "not unit: divided by the squared length")),
    case(quaternion_export, lambda rng: (_qvectors(rng),), SK(_QP, "Quaternion.export / convert", "rotmat (flattened rows) and vector")),
    case(quaternion_export, lambda rng: (_qvectors(rng, 1),), SK(_QP, "Quaternion.export / convert", "one quaternion: R.shape[1] == 1, a 3x3 matrix"),
         name="skinematics.quaternion_export_one"),
    # imus.py: the filters and the sensor
    case(madgwick_update, _one_sample, SK(_IP, "Madgwick.__init__ / Update", "the default quaternion, a list")),
    case(madgwick_updates, lambda rng: (lambda r, a, o, m: (r, o, normalize(a), normalize(m)))(*_imu(rng)), SK(_IP, "Madgwick.Update", "12 updates of one object, the rate a NumPy float")),
    case(mahony_update, lambda rng: (_unit_quats(rng, 1)[0], *_one_sample(rng)), SK(_IP, "Mahony.__init__ / Update", "Ki = 0; both arguments written in place")),
    case(sensor_kalman, _imu, SK(_MP, "MyOwnSensor (IMU_Base.__init__ / _calc_orientation / kalman)", "q_type='kalman'")),
    case(sensor_kalman, lambda rng: _imu(rng, _F32), SK(_MP, "MyOwnSensor (IMU_Base.__init__ / kalman)", "float32 data"), name="skinematics.sensor_kalman_f32"),
    case(sensor_madgwick, _imu, SK(_MP, "MyOwnSensor (IMU_Base.__init__ / _calc_orientation / Madgwick)", "q_type='madgwick': a Madgwick object updated over misc.progressbar")),
    case(sensor_mahony, _imu, SK(_MP, "MyOwnSensor (IMU_Base.__init__ / _calc_orientation / Mahony)", "q_type='mahony', as tests/test_imus.py's test_mahony")),
    case(sensor_data_only, _imu, SK(_MP, "MyOwnSensor (IMU_Base.__init__ / _set_data / _set_info)", "q_type=None, in_file=None: the data only")),
    case(sensor_set_qtype, _imu, SK(_IP, "IMU_Base.set_qtype", "made with q_type=None, then 'madgwick'")),
    case(sensor_position, _imu, SK(_IP, "IMU_Base.calc_position", "madgwick, then position through cumulative_trapezoid")),
    case(sensor_analytical, _imu, SK(_IP, "IMU_Base._calc_orientation / analytical", "q_type='analytical' (cumulative_trapezoid)")),
    case(kalman_default, _imu, SK(_IP, "kalman", "called directly, Q_k and R_k built")),
    # quat.py's functions
    case(q_mult, lambda rng: (_qvectors(rng), _qvectors(rng)), SK(_QP, "q_mult", "two quaternion vectors: flag3D, the masked column write")),
    case(q_mult, lambda rng: (_unit_quats(rng), _unit_quats(rng, 1)[0]), SK(_QP, "q_mult", "3 quaternions by one"), name="skinematics.q_mult_broadcast"),
    case(q_conj, lambda rng: (_unit_quats(rng, 1)[0],), SK(_QP, "q_conj", "one quaternion: raveled")),
    case(quat2seq_nautical, lambda rng: (_qvectors(rng),), SK(_QP, "quat2seq", "seq='nautical'")),
    case(quat2seq_helmholtz, lambda rng: (_unit_quats(rng),), SK(_QP, "quat2seq", "seq='Helmholtz'")),
    case(quat2seq_euler, lambda rng: (np.vstack([_qvectors(rng, 2), [[0.0, 0.0, 0.1]]]),), SK(_QP, "quat2seq", "seq='Euler': one row with beta == 0, the masked writes")),
    case(calc_quat_space_fixed, lambda rng: (_imu(rng)[2], np.zeros(3), _RATE), SK(_QP, "calc_quat", "'sf', as tests/test_quat.py's test_calc_quat")),
    case(calc_quat_body_fixed, lambda rng: (_imu(rng, _F32)[2], _qvectors(rng, 1)[0], _RATE), SK(_QP, "calc_quat", "'bf', float32 velocities")),
    # vector.py
    case(normalize, _zero_row, SK(_VP, "normalize", "a zero row left as it is")),
    case(angle, lambda rng: (rng.normal(size=(4, 3)), rng.normal(size=(4, 3))), SK(_VP, "angle", "list(map(np.dot, n1, n2))")),
    case(project, lambda rng: (rng.normal(size=(4, 3)), rng.normal(size=(4, 3))), SK(_VP, "project", "1D, a target per row")),
    case(project_2d, lambda rng: (rng.normal(size=(4, 3)), np.abs(rng.normal(size=3))), SK(_VP, "project", "2D: x,y,z = e2[0], if z > 0")),
    case(GramSchmidt, lambda rng: tuple(rng.normal(size=(3, 2, 3))), SK(_VP, "GramSchmidt")),
    case(q_shortest_rotation, lambda rng: (rng.normal(size=3), rng.normal(size=3)), SK(_VP, "q_shortest_rotation")),
    case(rotate_vector, lambda rng: (rng.normal(size=(4, 3)), _qvectors(rng, 1)[0]), SK(_VP, "rotate_vector", "4 vectors by one quaternion")),
    case(target2orient_fick, lambda rng: (rng.normal(size=3).astype(_F32),), SK(_VP, "target2orient", "'Fick', one float32 vector")),
    # rotmat.py
    case(rotmat_R_x, lambda rng: (np.float64(rng.uniform(-90, 90)),), SK(_RP, "R", "axis 0 through _check_axis")),
    case(rotmat_dh, lambda rng: tuple(np.float64(v) for v in rng.uniform(-90, 90, size=4)), SK(_RP, "dh", "four stm products")),
    case(rotmat_sequence_fick, lambda rng: (_rotations(rng),), SK(_RP, "sequence", "to='Fick'")),
    case(rotmat_sequence, lambda rng: (_rotations(rng, 1)[0],), SK(_RP, "sequence", "to='Euler', one flattened matrix: the small_indices masked writes (with several rows that differ in "
         "beta's sign, the library's own masked division does not broadcast)")),
    case(rotmat_convert, lambda rng: (_rotations(rng),), SK(_RP, "convert", "to quaternions, the np.min(...) < -epsilon check")),
    case(rotmat_seq2quat_euler, lambda rng: (_angles(rng),), SK(_RP, "seq2quat", "seq='Euler'")),
]
