"""Data files read inside real NumPy functions: a detector's responsivity table and a power meter's calibration
(``np.loadtxt``, with the file picked by ``os.listdir``), a standard-atmosphere table (``csv.reader`` and
``np.genfromtxt``), photometric filter curves (``np.loadtxt``), a JSON file of polynomial coefficients, a network's
weights (an ``.npz``), a wind turbine's power and thrust curves (``open`` and ``line.split()``), a pickled bathymetry
grid (``pickle.load``) and a ballistic drag table (``csv.reader``), copied from public repositories, with small inputs.
``tests/coverage/test_files_corpus.py`` checks that a traced graph follows a rewrite of such a file between two calls
as eager code does (or refuses clearly): autograph/file_reads.py records the files a trace read, and a call that finds
one changed (by ``os.stat``) traces again.

Not part of the harness's corpus: ``harness.load_cases()`` reads every ``corpus_*`` module's ``CASES`` as
``cases.Case`` objects whose repositories are listed in ``cases.REPOS``; these sources are not (and this file may
not edit ``cases.py``), so ``CASES`` is empty here and the cases are ``FILE_CASES``: ``(name, function, [input
tuples], write)``. ``write(version)`` writes the case's data file(s), for version 0 or 1, into the working directory
(the test makes it a fresh temporary directory of its own: every upstream path here is relative, as the upstream
scripts run from their project's directory) and returns the relative paths it wrote. Version 1 rewrites the same
path(s) with contents that change eager's result and have a different size: ``os.stat``'s modification time may not
change between two writes within the file system's time resolution, the size does (the test checks it; no case
needs ``os.utime``). Some cases write two files at version 0 and rewrite only one of them at version 1 (the one
read by a nested call, or the one read first), so that every file a trace read counts. The functions at the end of
the file (under "The cases") are the calling convention: they build the object an upstream method belongs to and
hand it the arrays of the input tuple; they are this file's, not upstream's.

Sources (none of them a repository of ``cases.REPOS`` nor of another corpus here; docstrings dropped, comments and
code as upstream; one stored version per file; none of these repositories has a license file):

* oishish/trevors_toolbox @0f02db0a941805b50cdaa32929157628d0b59e51 ``toolbox/calibration.py``:
  ``calib_responsivity``, ``calib_response``, ``calibrate_power``, ``calibrate_power_all``, and ``toolbox/utils.py``:
  ``date_from_rn`` (tab-indented, as upstream). The module reads ``locals.txt`` through ``get_locals()`` at import
  for the two paths; ``local_values`` is a stand-in dict of relative paths (``InGaAs_responsivity.txt`` and the
  directory ``power_calibration``), which the module-level names and ``calib_responsivity``'s default argument are
  bound to, as upstream.

* jadenthurgood/Aircraft_performance_python: @688916fe46659dfeac0c1a2b130a78668cc12bff ``std_atmos_SI.py``:
  ``interp`` (``csv.reader`` of ``Standard_Atmosphere_SI_table.csv``), here ``interp_si``;
  @4eafccad68ae46ba2bda6ac45f6cad8ae5859922 ``Standard_Atmosphere/std_atmos_SI.py`` and
  ``Standard_Atmosphere/std_atmos_Eng.py``: ``interp`` (``np.genfromtxt`` of
  ``./Standard_Atmosphere/Standard_Atmosphere_SI_table.csv`` and ``..._English_table.csv``), here
  ``interp_si_table`` and ``interp_eng``.

* krislars/AA_Tau_Covey @89190dc1cd86a2a89edb95f88552fd94dd69c36f ``utils/getMag.py``: ``getMag``. It imports
  ``scipy.interpolate as interp`` and ``scipy.integrate as integrate`` in its body; those two lines are replaced by
  stand-ins (``_interp``, ``_integrate``): ``integrate.trapz`` is gone from SciPy (1.14), and ``interp1d`` turns its
  argument into a NumPy array, which a traced array cannot become (the graph would refuse the case before it reads
  a file). ``_interp.interp1d(x, y)`` is ``np.interp`` on the points sorted by ``x`` (SciPy's linear ``interp1d``
  inside the table, the only place the function evaluates it); ``_integrate.trapz`` is ``np.trapezoid``.

* martinholub/sicm @2a01dc1ab1151deeceaa99ed623055c9a315c7ce ``sicm/mathops/conversion.py``: ``get_polyfun``,
  ``convert_measurements`` (it reads ``data/s12r003.json`` under ``os.getcwd()``), and ``sicm/utils/utils.py``:
  ``load_dict`` (``utils`` is a class holding it). ``get_tm_fun`` and the import of ``TemperatureModel`` are left
  out (``convert_measurements`` calls ``get_polyfun`` only). ``polyfun``'s ``np.sum`` of a generator is the builtin
  ``sum`` here: NumPy 1.x's ``np.sum`` handed a generator to the builtin (with a DeprecationWarning), NumPy 2.4
  raises ``TypeError``.

* arko-14/neural-networks @941e81ab0e9f4fd00eff552c1be0bd47a066fea7 ``neural_network.py``: ``relu``, ``softmax``,
  ``forward_propagation``, ``predict``, ``load_parameters``, and ``streamlit.py``: ``load_model`` (which reads
  ``model_parameters.npz``). Upstream's ``predict_digit`` preprocesses a PIL image first; the cases' functions
  ``nn_predict`` and ``nn_probabilities`` are its last two steps on an array (``predict(x, load_model())``, and the
  probabilities its ``main`` gets from ``forward_propagation``).

* sebasanper/WINDOW_openMDAO @4f4d214979db00cf1aa44b3e459ff214a2eb45b3 ``WINDOW_openMDAO/Turbine/aero_models.py``:
  ``interpolate``, ``AeroLookup``, ``power`` (the lookup file a string argument; ``thrust_nrel2``, which reads an
  absolute path of the author's machine, is left out), ``WINDOW_openMDAO/Turbine/Curves.py``:
  ``Curves.turbine_model`` (it reads ``Input/power_dtu10.dat`` and ``Input/ct_dtu10.dat``), and
  ``WINDOW_openMDAO/WaterDepth/water_depth_models.py``: ``RoughClosestNode.depth_model`` (``pickle.load`` of
  ``Input/bathymetry.pkl``; ``RoughInterpolation``, on SciPy's removed ``interp2d``, is left out). The turbine's
  constants are ``example/Input/turbine_parameters.py``'s (what ``input_params`` imports); the base classes
  ``AbsTurbine`` and ``AbstractWaterDepth`` (openMDAO components) are empty stand-ins.

* b96young/ballisticsolver @92110f38c0dc45ea52464d94c3c8b2e5af2e3a07 ``csvhandler.py``: ``dragCoefficient``
  (``csv.reader`` of ``G7 Drag Function.csv`` or ``G1 Drag Function.csv``; called by the trajectory loop of
  ``BallisticCalculationClass.py`` with the velocity and 343 m/s).
"""

# ruff: noqa: E101, E225, E231, E261, E262, E265, E501, E701, E711, E712, E741, W191, W291, W293, B006, UP004, UP008, UP015, UP031, F401  (upstream code, as written)
from __future__ import annotations

import csv
import json
import os
import pickle
from datetime import date

import numpy as np
from numpy import pi

# ================================================================================================================
# oishish/trevors_toolbox: toolbox/utils.py


def date_from_rn(rn):
	s = rn.split('_')
	if len(s) == 5: # post-2020 run number format
		s = s[1:]
	return date(int(s[0]), int(s[1]), int(s[2]))
# end date_from_rn


# ================================================================================================================
# oishish/trevors_toolbox: toolbox/calibration.py

local_values = {'InGaAs_calibration_file': 'InGaAs_responsivity.txt',
                'Power_calibration_dir': 'power_calibration'}  # stand-in for get_locals() (locals.txt)
InGaAs_calibration_file = local_values['InGaAs_calibration_file']
Power_calibration_dir = local_values['Power_calibration_dir']


def calib_responsivity(param, calibration=InGaAs_calibration_file):
    c = np.loadtxt(calibration)
    rows, cols = np.shape(c)
    param = float(param)
    if param not in c[:,0]:
        ix = np.searchsorted(c[:,0], param)
        if ix < 2:
            resp = np.interp(param, c[0:4,0], c[0:4,1])
        elif ix > rows-2:
            resp = np.interp(param, c[rows-4:rows,0], c[rows-4:rows,1])
        else:
            resp = np.interp(param, c[ix-2:ix+2,0], c[ix-2:ix+2,1])
    else:
        i = int(np.argwhere(c[:,0]==param))
        resp = c[i,1]
    return float(resp)
#


def calib_response(data, param, calibration=InGaAs_calibration_file):
    resp = calib_responsivity(param, calibration=calibration)
    return data/resp
# end calib_response


def calibrate_power(rn, power, wavelength, geo_accept=0.35, display=True):
    files = os.listdir(Power_calibration_dir)
    rundate = date_from_rn(rn)
    lastdate = date(2014,1,1)
    for f in files:
        if f.split('.')[1] == 'txt':
            fdate = date_from_rn(f)
            if rundate >= fdate and fdate >= lastdate:
                calib_file = f
                lastdate = fdate
            if rundate >= date(2016,10,7):
                geo_accept = 1.0
            #
        #
    if display:
        print("Using Power Calibration File: " + calib_file)
    d = np.loadtxt(os.path.join(Power_calibration_dir, calib_file))
    fit = np.polyfit(d[:,1], d[:,0], 1)
    fit[0] = fit[0]*geo_accept
    fit[1] = fit[1]*geo_accept

    resp = calib_responsivity(wavelength)
    resp1250 = calib_responsivity(1250.0)

    # Average Power
    if len(power.shape) > 2:
        rows, cols, N = power.shape
        dr, dc = np.shape(d)
        if dc > 2:
            bg = np.mean(d[:,2])*np.ones(rows)
        else:
            bg = 0.0
        p = np.zeros((rows,N))
        for i in range(N):
            p[:,i] = np.mean(power[:,:,i], axis=1) - bg
            p[:,i] = p[:,i]*(resp1250/resp)
            p[:,i] = fit[0]*p[:,i] + fit[1]
    else:
        rows, cols = power.shape
        p = np.mean(power, axis=1)
        p = p*(resp1250/resp)
        p = fit[0]*p + fit[1]
    return p
# end calibrate_power


def calibrate_power_all(rn, power, wavelength, geo_accept=0.35, display=True):
    files = os.listdir(Power_calibration_dir)
    rundate = date_from_rn(rn)
    lastdate = date(2014,1,1)
    for f in files:
        if f.split('.')[1] == 'txt':
            fdate = date_from_rn(f)
            if rundate >= fdate and fdate >= lastdate:
                calib_file = f
                lastdate = fdate
            if rundate >= date(2016,10,7):
                geo_accept = 1.0
            #
        #
    if display:
        print("Using Power Calibration File: " + calib_file)
    d = np.loadtxt(os.path.join(Power_calibration_dir, calib_file))
    fit = np.polyfit(d[:,1], d[:,0], 1)
    fit[0] = fit[0]*geo_accept
    fit[1] = fit[1]*geo_accept
    resp = calib_responsivity(wavelength)
    resp1250 = calib_responsivity(1250.0)
    p = power*(resp1250/resp)
    p = fit[0]*p + fit[1]
    return p
# end calibrate_power_all


# ================================================================================================================
# jadenthurgood/Aircraft_performance_python: std_atmos_SI.py (interp, here interp_si)


def interp_si(h):
    #This function takes a height in meters and returns the geopotential height in meters
    #the temperature (K), Pressure (N/m^2), Density (kg/m^3) and Speed of Sound (m/s)
   
    #import the SI Standard Atmosphere table of data from the CSV file
    with open("Standard_Atmosphere_SI_table.csv",'r') as csv_file:
        reader = csv.reader(csv_file, delimiter=',')

        #pull out the headers
        headers = next(reader)

        data = np.array(list(reader)).astype(float)
    
    geo = np.interp(h,data[:,0],data[:,1])
    temp = np.interp(h,data[:,0],data[:,2])
    pres = np.interp(h,data[:,0],data[:,3])
    den = np.interp(h,data[:,0],data[:,4])
    mach = np.interp(h,data[:,0],data[:,5])
    return (geo,temp,pres,den,mach)


# ================================================================================================================
# jadenthurgood/Aircraft_performance_python: Standard_Atmosphere/std_atmos_SI.py (interp, here interp_si_table)


def interp_si_table(h):
   
    #import the SI Standard Atmosphere table of data from the CSV file
    #data comes from Phillips "Mechanics of Flight" Appendix A
    data = np.genfromtxt("./Standard_Atmosphere/Standard_Atmosphere_SI_table.csv",dtype='float',delimiter=',',skip_header=1)
    
    geo = np.interp(h,data[:,0],data[:,1])
    temp = np.interp(h,data[:,0],data[:,2])
    pres = np.interp(h,data[:,0],data[:,3])
    den = np.interp(h,data[:,0],data[:,4])
    mach = np.interp(h,data[:,0],data[:,5])
    return (geo,temp,pres,den,mach)


# ================================================================================================================
# jadenthurgood/Aircraft_performance_python: Standard_Atmosphere/std_atmos_Eng.py (interp, here interp_eng)


def interp_eng(h):
    
    #import the English Standard Atmosphere table of data from the CSV file
    #data comes from Phillips "Mechanics of Flight" Appendix A
    data = np.genfromtxt("./Standard_Atmosphere/Standard_Atmosphere_English_table.csv",dtype='float',delimiter=',',skip_header=1)
    
    geo = np.interp(h,data[:,0],data[:,1])
    temp = np.interp(h,data[:,0],data[:,2])
    pres = np.interp(h,data[:,0],data[:,3])
    den = np.interp(h,data[:,0],data[:,4])
    mach = np.interp(h,data[:,0],data[:,5])
    return (geo,temp,pres,den,mach)


# ================================================================================================================
# krislars/AA_Tau_Covey: utils/getMag.py (the two scipy imports replaced by stand-ins: see the header)


class _interp:  # stand-in for scipy.interpolate (interp1d, linear, inside the table)
    @staticmethod
    def interp1d(x, y):
        order = np.argsort(x)
        xs, ys = np.asarray(x)[order], np.asarray(y)[order]
        return lambda v: np.interp(v, xs, ys)


class _integrate:  # stand-in for scipy.integrate (trapz, removed in SciPy 1.14)
    @staticmethod
    def trapz(y, x=None):
        return np.trapezoid(y, x=x)


def getMag(band,wavelength,flux):
    
    import numpy as np
    interp = _interp  # stand-in for: import scipy.interpolate as interp
    integrate = _integrate  # stand-in for: import scipy.integrate as integrate
    
    
    # Convert filter files (except 2MASS) from nm to microns
    # Optical filter curves from http://www.aip.de/en/research/facilities/stella/instruments/data
    # SDSS centers/widths/F0 from http://www.astronomy.ohio-state.edu/~martini/usefuldata.html
    # NOTE: ugriz filters are on the AB magnitude system, UBVRIJHKs are on the Vega system
    
    if band=='Ks':
        bandwav,bandpass=np.loadtxt('utils/filters/Ks_2MASS.txt',unpack=True)
        center=2.159        # micron
        F0=4.283E-10        # W m^-2 micron^-1
        dlambda=0.262

    elif band=='H':
        bandwav,bandpass=np.loadtxt('utils/filters/H_2MASS.txt',unpack=True)
        center=1.662
        F0=1.133E-9
        dlambda=0.251

    elif band=='J':
        bandwav,bandpass=np.loadtxt('utils/filters/J_2MASS.txt',unpack=True)
        center=1.235
        F0=3.129E-9
        dlambda=0.162

    elif band=='U':
        bandwav_A,bandpass_100=np.loadtxt('utils/filters/Bessel_U.txt',unpack=True)
        bandwav=bandwav_A/1.0E3
        bandpass=bandpass_100/100.0
        center=0.365
        F0=4.18E-8
        dlambda=0.066

    elif band=='B':
        bandwav_A,bandpass_100=np.loadtxt('utils/filters/Bessel_B.txt',unpack=True)
        bandwav=bandwav_A/1.0E3
        bandpass=bandpass_100/100.0
        center=0.445
        F0=6.32E-8
        dlambda=0.094

    elif band=='V':
        bandwav_A,bandpass_100=np.loadtxt('utils/filters/Bessel_V.txt',unpack=True)
        bandwav=bandwav_A/1.0E3
        bandpass=bandpass_100/100.0
        center=0.551
        F0=3.63E-8
        dlambda=0.088

    elif band=='R':
        bandwav_A,bandpass_100=np.loadtxt('utils/filters/Bessel_R.txt',unpack=True)
        bandwav=bandwav_A/1.0E3
        bandpass=bandpass_100/100.0
        center=0.658
        F0=2.18E-8
        dlambda=0.138

    elif band=='I':
        bandwav_A,bandpass_100=np.loadtxt('utils/filters/Bessel_I.txt',unpack=True)
        bandwav=bandwav_A/1.0E3
        bandpass=bandpass_100/100.0
        center=0.806
        F0=1.13E-8
        dlambda=0.149
                                      
        

    filterband=np.zeros(wavelength.size)
        
    bandinterp=interp.interp1d(bandwav,bandpass)
            # 1D function between x=bandwav and y=bandpass, y=f(x)
        
    if bandwav[0]<bandwav[-1]: # increasing wavelength
        inband=np.logical_and(wavelength>bandwav[0],wavelength<bandwav[-1] )
    else: # decreasing wavelength
        inband=np.logical_and(wavelength<bandwav[0],wavelength>bandwav[-1] )
             #Array of Trues whereever wavelength is in range of bandwav... basically just an index of bandwav in wavelength array
        
    filterband[inband]=bandinterp(wavelength[inband])
            # Now filterband is the same shape as wavelength and flux, zeros and bandpass
    
    
    mag=2.5*np.log10(F0*dlambda/integrate.trapz(flux*filterband, x=wavelength))


    return mag


# ================================================================================================================
# martinholub/sicm: sicm/utils/utils.py (load_dict), sicm/mathops/conversion.py


def load_dict(fname):
    with open(fname, "r") as rd:
        d = json.load(rd)
    return d


class utils:  # the module sicm.utils.utils, for load_dict
    load_dict = staticmethod(load_dict)


def get_polyfun():
    def polyfun(x, params):
        """Evaluate relationship y = c_i * x ** i

        Limit values to positive only!
        """
        y = sum((p*x**i for i, p in enumerate(params[::-1])))  # upstream: np.sum(...), see the header
        y[y<0] = 0
        return y
    return polyfun

def convert_measurements(data, fun = None, params = None):
    # Params should be a tuple, if not, load from file
    if params is None:
        try:
            pwd = os.getcwd().replace("\\notebooks", "")
            # s12r003.json includes Soret effect
            # use s9r004.json for other cases.
            pth = os.path.join(pwd, "data/s12r003.json")
            # pth = os.path.join(pwd, "data/s9r004.json")
            d = utils.load_dict(pth)
            params = d["fit"]["coeff (mean)"]
        except Exception as e:
            print("You must supply parameters for the conversion!")
            raise e
    # Function is a simple polynomial
    if fun is None:
        fun = get_polyfun()
        # fun = get_tm_fun()
    # Apply function on flattened array and reshape back
    in_shape = data.shape
    val = fun(data.flatten(), params)
    val = np.reshape(val, in_shape)

    return val


# ================================================================================================================
# arko-14/neural-networks: neural_network.py, streamlit.py (load_model)


def relu(Z):
    return np.maximum(0, Z)

def softmax(Z):
    expZ = np.exp(Z - np.max(Z, axis=0, keepdims=True))
    return expZ / np.sum(expZ, axis=0, keepdims=True)

def forward_propagation(X, parameters):
    W1, b1, W2, b2 = parameters["W1"], parameters["b1"], parameters["W2"], parameters["b2"]
    Z1 = W1.dot(X) + b1
    A1 = relu(Z1)
    Z2 = W2.dot(A1) + b2
    A2 = softmax(Z2)
    return A2, {"A1": A1, "A2": A2}

def predict(X, parameters):
    A2, _ = forward_propagation(X, parameters)
    return np.argmax(A2, axis=0)

def load_parameters(filename='model_parameters.npz'):
    data = np.load(filename)
    return { key: data[key] for key in data }


# Load the Neural Network model parameters
def load_model():
    parameters = load_parameters('model_parameters.npz')
    return parameters


# ================================================================================================================
# sebasanper/WINDOW_openMDAO: example/Input/turbine_parameters.py (the constants input_params imports)

turbine_rated_power = 10000000.0  # [W]
cutin_wind_speed = 4.0 # [m/s]
cutout_wind_speed = 25.0 # [m/s]
rotor_radius = 95.4  # [m]
wind_speed_at_max_thrust = 11.4  # [m/s]
cutin, cutout = cutin_wind_speed, cutout_wind_speed  # Curves.py: from input_params import ... as cutin, ... as cutout
rated_wind, rated_power = wind_speed_at_max_thrust, turbine_rated_power  # aero_models.py's import aliases


# ================================================================================================================
# sebasanper/WINDOW_openMDAO: WINDOW_openMDAO/Turbine/aero_models.py


def interpolate(minx, miny, maxx, maxy, valx):
    return miny + (maxy - miny) * ((valx - minx) / (maxx - minx))

class AeroLookup:

    def __init__(self, file_in):

        with open(file_in, "r") as data:
            self.x = []
            self.y = []
            for line in data:
                col = line.split()
                self.x.append(float(col[0]))
                self.y.append(float(col[1]))

    def interpolation(self, value):
        ii = 0
        lower = []
        upper = []
        if value <= self.x[0]:
            result = self.y[0]
        elif value < self.x[-1]:
            for x in self.x:
                if x <= value:
                    lower = [x, self.y[ii]]
                else:
                    upper = [x, self.y[ii]]
                    break
                ii += 1
            result = interpolate(float(lower[0]), float(lower[1]), float(upper[0]), float(upper[1]), value)
        else:
            result = self.y[-1]
        return result


def power(wind_speed, power_lookup_file, cutin=cutin_wind_speed, cutout=cutout_wind_speed, rated=rated_wind, r=rotor_radius):
    table_power = AeroLookup(power_lookup_file)
    if power_lookup_file == "farm_energy/wake_model_mean_new/aero_power_ct_models/nrel_cp.dat":
        if wind_speed < cutin:
            return 0.0
        elif wind_speed <= rated:
            cp = table_power.interpolation(wind_speed)
            return 0.5 * 1.225 * pi * r ** 2.0 * wind_speed ** 3.0 * cp
        elif wind_speed <= cutout:
            return rated_power
        else:
            return 0.0

    if wind_speed < cutin:
        return 0.0
    elif wind_speed <= cutout:
        p = table_power.interpolation(wind_speed)
        return p
    else:
        return 0.0


# ================================================================================================================
# sebasanper/WINDOW_openMDAO: WINDOW_openMDAO/Turbine/Curves.py


class AbsTurbine:  # stand-in for src.api.AbsTurbine (an openMDAO ExplicitComponent)
    pass


class Curves(AbsTurbine):

    def turbine_model(self, u):

        table = AeroLookup("Input/power_dtu10.dat")
        if u < cutin:
            power = 0.0
        elif u <= cutout:
            p = table.interpolation(u)
            power = p
        else:
            power = 0.0

        table = AeroLookup("Input/ct_dtu10.dat")
        if u < cutin:
            ct = 0.0000001
        elif u <= cutout:
            ct = table.interpolation(u)
        else:
            ct = 0.0000001

        return ct, power


# ================================================================================================================
# sebasanper/WINDOW_openMDAO: WINDOW_openMDAO/WaterDepth/water_depth_models.py (RoughClosestNode)


class AbstractWaterDepth:  # stand-in for src.api.AbstractWaterDepth (an openMDAO ExplicitComponent)
    pass


class RoughClosestNode(AbstractWaterDepth):

    def depth_model(self, layout):

        pick_file = open("Input/bathymetry.pkl", "rb")
        bathymetry = pickle.load(pick_file)
        pick_file.close()


        def closest_node(node, nodes):
            nodes = np.asarray(nodes)
            dist_2 = np.sum((nodes - node)**2, axis=1)
            return np.argmin(dist_2)

        def depth(x, y):
            return bathymetry[closest_node([x, y], bathymetry[:,[0, 1]])][2]

        water_depths = []
        if len(layout[0]) == 3:
            layout = [[i[1], i[2]] for i in layout]
        for coordinate in layout:
            water_depths.append(depth(coordinate[0], coordinate[1]))  # Minimum water depth 6 m.
        return water_depths


# ================================================================================================================
# b96young/ballisticsolver: csvhandler.py


def dragCoefficient(model,velocity,mach_conversion):
    if model == "G7":
        with open("G7 Drag Function.csv") as G7DragFile:
            G7Drag = list(csv.reader(G7DragFile))
            #Used for interpolation y = (y1-y0)/(x1-x0)*(x-x0)+y0
            x_values = []
            y_values = []
            bottom_index = 0
            for row in G7Drag:
                velocity_table = float(row[0])*mach_conversion
                if velocity - velocity_table == 0:
                    return row[1]
                elif velocity - velocity_table > 0:
                    bottom_index += 1
                elif velocity - velocity_table < 0:
                    top_index = bottom_index
                    x_values.append(float(G7Drag[bottom_index-1][0]) * mach_conversion)
                    x_values.append(float(G7Drag[top_index][0]) * mach_conversion)
                    y_values.append(float(G7Drag[bottom_index-1][1]))
                    y_values.append(float(G7Drag[top_index][1]))
                    # print(bottom_index)
                    # print(top_index)
                    # print (x_values)
                    # print (y_values)
                    # print (velocity)
                    cd = (y_values[1]-y_values[0]) / (x_values[1]-x_values[0]) * (velocity-x_values[0]) + y_values[0]
                    return cd

    else:
        with open("G1 Drag Function.csv") as G1DragFile:
            G1Drag = list(csv.reader(G1DragFile))
            #Used for interpolation y = (y1-y0)/(x1-x0)*(x-x0)+y0
            x_values = []
            y_values = []
            bottom_index = 0

            for row in G1Drag:
                velocity_table = float(row[0])*mach_conversion
                if velocity - velocity_table == 0:
                    return row[1]
                elif velocity - velocity_table > 0:
                    bottom_index += 1
                elif velocity - velocity_table < 0:
                    top_index = bottom_index
                    x_values.append(float(G1Drag[bottom_index-1][0]) * mach_conversion)
                    x_values.append(float(G1Drag[top_index][0]) * mach_conversion)
                    y_values.append(float(G1Drag[bottom_index-1][1]))
                    y_values.append(float(G1Drag[top_index][1]))
                    # print(bottom_index)
                    # print(top_index)
                    # print (x_values)
                    # print (y_values)
                    # print (velocity)
                    cd = (y_values[1]-y_values[0]) / (x_values[1]-x_values[0]) * (velocity-x_values[0]) + y_values[0]
                    return cd


# ================================================================================================================
# The cases: the calling convention, and what each case writes (this file's, not upstream's)

CASES: list = []  # none for the harness (see the module docstring)


def _makedirs(path):
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    return path


def _savetxt(path, table, **kwargs):
    np.savetxt(_makedirs(path), np.asarray(table, dtype=float), **kwargs)
    return path


def _write_text(path, text):
    with open(_makedirs(path), "w") as f:
        f.write(text)
    return path


# --- trevors_toolbox: the InGaAs responsivity table and a power meter calibration ---

def _ingaas_table(version):
    wavelengths = np.arange(900.0, 1700.0, 60.0 if version == 0 else 55.0)  # 14 rows, then 15
    return np.column_stack([wavelengths, 0.2 + 0.5 * np.sin(wavelengths / (700.0 + 90.0 * version))])


def _write_ingaas(version):
    return _savetxt(InGaAs_calibration_file, _ingaas_table(version), fmt="%.6f")


def _write_power_calibration(version):
    # measured power (mW), meter reading, background; one file dated before the run numbers used below
    reading = np.linspace(0.1, 2.0, 6 + version)
    table = np.column_stack([(2.5 + version) * reading + 0.3, reading, np.full(reading.shape, 0.01 + 0.02 * version)])
    return _savetxt(os.path.join(Power_calibration_dir, "2017_01_01_power.txt"), table, fmt="%.6f")


def write_ingaas(version):
    return [_write_ingaas(version)]


def write_power_meter(version):
    """Version 0 writes both files, version 1 rewrites the power meter's calibration only."""
    paths = [_write_power_calibration(version)]
    if version == 0:
        paths.append(_write_ingaas(0))
    return paths


def write_ingaas_nested(version):
    """Version 0 writes both files, version 1 rewrites the responsivity table only (read by the nested
    calib_responsivity, through its default argument)."""
    paths = [_write_ingaas(version)]
    if version == 0:
        paths.append(_write_power_calibration(0))
    return paths


# --- Aircraft_performance_python: the standard atmosphere tables ---

def _atmosphere(version, top, step):
    h = np.arange(0.0, top + step, step + version * step / 4.0)
    temp = 288.15 - 0.0065 * h * (1.0 + 0.05 * version)
    pres = 101325.0 * (temp / 288.15) ** 5.256
    return np.column_stack([h, h * (1 - 1.5e-4), temp, pres, pres / (287.05 * temp), np.sqrt(1.4 * 287.05 * temp)])


def write_atmosphere_si(version):
    table = _atmosphere(version, 10000.0, 2000.0)
    header = "Geometric Altitude (m),Geopotential Altitude (m),Temperature (K),Pressure (N/m^2),Density (kg/m^3),Sound of Speed (m/sec)"
    return [_savetxt("Standard_Atmosphere_SI_table.csv", table, delimiter=",", fmt="%.6g", header=header, comments="")]


def write_atmosphere_si_table(version):
    table = _atmosphere(version, 12000.0, 1500.0)
    header = "Geometric Altitude (m),Geopotential Altitude (m),Temperature (K),Pressure (N/m^2),Density (kg/m^3),Sound of Speed (m/sec)"
    return [_savetxt("Standard_Atmosphere/Standard_Atmosphere_SI_table.csv", table, delimiter=",", fmt="%.6g",
                     header=header, comments="")]


def write_atmosphere_english(version):
    table = _atmosphere(version, 30000.0, 5000.0)
    header = "Geometric Altitude (ft),Geopotential Altitude (ft),Temperature (Rankine),Pressure (lbf/ft^2),Density (slugs/ft^3),Speed of Sound (ft/sec)"
    return [_savetxt("Standard_Atmosphere/Standard_Atmosphere_English_table.csv", table, delimiter=",", fmt="%.6g",
                     header=header, comments="")]


# --- AA_Tau_Covey: the 2MASS Ks (microns) and Bessel V (nm, percent) filter curves ---

def write_filters(version):
    ks = np.linspace(1.95, 2.36, 9 + version)
    ks_pass = np.exp(-((ks - (2.15 + 0.03 * version)) / 0.12) ** 2)
    v = np.linspace(470.0, 700.0, 12 + 2 * version)
    v_pass = 100.0 * np.exp(-((v - (550.0 - 15.0 * version)) / 60.0) ** 2)
    return [_savetxt("utils/filters/Ks_2MASS.txt", np.column_stack([ks, ks_pass]), fmt="%.6f"),
            _savetxt("utils/filters/Bessel_V.txt", np.column_stack([v, v_pass]), fmt="%.5f")]


# --- sicm: the JSON file of the conversion's polynomial coefficients ---

def write_sicm_fit(version):
    coefficients = [0.8, -0.5, 2.0, 0.1] if version == 0 else [1.25, -0.75, 1.5, 0.2, 0.05]
    return [_write_text(os.path.join("data", "s12r003.json"),
                        json.dumps({"fit": {"coeff (mean)": coefficients, "r2": 0.99}}, indent=4))]


# --- neural-networks: the weights (a checkpoint with another hidden size at version 1) ---

def write_nn_weights(version):
    rng = np.random.default_rng(40 + version)
    hidden = 5 + version
    np.savez("model_parameters.npz", W1=rng.normal(size=(hidden, 6)), b1=rng.normal(size=(hidden, 1)),
             W2=rng.normal(size=(3, hidden)), b2=rng.normal(size=(3, 1)))
    return ["model_parameters.npz"]


def nn_predict(X):
    return predict(X, load_model())


def nn_probabilities(X):
    probs, _ = forward_propagation(X, load_model())
    return probs


# --- WINDOW_openMDAO: the power and thrust curves, the bathymetry grid ---

def _curve(version, low, high):
    speeds = np.arange(4.0, 26.0, 1.0 if version == 0 else 0.5)
    return np.column_stack([speeds, low + (high - low) * np.clip((speeds - 4.0) / (7.0 + 2.0 * version), 0.0, 1.0)])


def write_power_curve(version):
    return [_savetxt(os.path.join("Input", "power_dtu10.dat"), _curve(version, 0.0, 10000.0), fmt="%.4f")]


def write_turbine_curves(version):
    """Version 0 writes both curves, version 1 rewrites the thrust curve only (read second)."""
    paths = [_savetxt(os.path.join("Input", "ct_dtu10.dat"), _curve(version, 0.92, 0.3), fmt="%.4f")]
    if version == 0:
        paths.append(write_power_curve(0)[0])
    return paths


def write_bathymetry(version):
    rng = np.random.default_rng(60 + version)
    grid = np.column_stack([rng.uniform(0.0, 10.0, size=(20 + 5 * version, 2)),
                            rng.uniform(15.0, 40.0, size=20 + 5 * version)])
    with open(_makedirs(os.path.join("Input", "bathymetry.pkl")), "wb") as f:
        pickle.dump(grid, f)
    return [os.path.join("Input", "bathymetry.pkl")]


def window_turbine_model(u):
    return Curves().turbine_model(u)


def window_depth_model(layout):
    return RoughClosestNode().depth_model(layout)


# --- ballisticsolver: the G7 drag function (Mach, Cd, an empty column, a fourth) ---

def write_g7(version):
    mach = np.arange(0.0, 2.05, 0.05 if version == 0 else 0.1)
    cd = 0.12 + 0.25 * np.exp(-((mach - (1.05 + 0.1 * version)) / 0.25) ** 2)
    text = "".join(f"{m:.2f},{c:.4f},,{330 * m:.1f}\n" for m, c in zip(mach, cd))
    return [_write_text("G7 Drag Function.csv", text)]


# --- inputs ---

_RNG = np.random.default_rng(86)
_DETECTOR = _RNG.uniform(0.5, 2.0, size=(4, 5))
_POWER_CUBE = _RNG.uniform(0.2, 1.8, size=(3, 4, 2))
_POWER_IMAGE = _RNG.uniform(0.2, 1.8, size=(3, 4))
_HEIGHTS_M = np.array([0.0, 1250.0, 3999.0, 7600.0, 9800.0])
_HEIGHTS_FT = np.array([500.0, 12000.0, 27500.0])
_KS_WAVELENGTH = np.linspace(1.9, 2.4, 41)
_V_WAVELENGTH = np.linspace(0.45, 0.72, 55)
_KS_FLUX = 1e-13 * (1.0 + 0.3 * np.cos(7.0 * _KS_WAVELENGTH))
_V_FLUX = 1e-12 * (1.0 + 0.2 * np.sin(11.0 * _V_WAVELENGTH))
_MEASUREMENTS = _RNG.uniform(-0.5, 2.5, size=(3, 4))
_NN_X = _RNG.normal(size=(6, 4))
_LAYOUT_2 = _RNG.uniform(0.0, 10.0, size=(4, 2))
_LAYOUT_3 = np.column_stack([np.arange(3.0), _RNG.uniform(0.0, 10.0, size=(3, 2))])


FILE_CASES = [
    # --- trevors_toolbox: np.loadtxt of a path given as an argument, and of paths found by os.listdir ---
    ("trevors_calib_response", calib_response, [
        (_DETECTOR, 1310.0, "InGaAs_responsivity.txt"),
        (_DETECTOR, 1000.0, "InGaAs_responsivity.txt"),
    ], write_ingaas),
    ("trevors_calibrate_power", calibrate_power, [
        ("2017_05_04_12", _POWER_CUBE, 1550.0, 0.35, False),
        ("2017_05_04_12", _POWER_IMAGE, 1550.0, 0.35, False),
    ], write_power_meter),
    ("trevors_calibrate_power_all", calibrate_power_all, [
        ("2017_05_04_12", _POWER_IMAGE, 1480.0, 0.35, False),
    ], write_ingaas_nested),
    # --- Aircraft_performance_python: csv.reader and np.genfromtxt of a standard atmosphere ---
    ("aircraft_interp_si", interp_si, [
        (_HEIGHTS_M,),
    ], write_atmosphere_si),
    ("aircraft_interp_si_table", interp_si_table, [
        (_HEIGHTS_M,),
    ], write_atmosphere_si_table),
    ("aircraft_interp_eng", interp_eng, [
        (_HEIGHTS_FT,),
    ], write_atmosphere_english),
    # --- AA_Tau_Covey: a filter curve chosen by the band ---
    ("aatau_getmag", getMag, [
        ("Ks", _KS_WAVELENGTH, _KS_FLUX),
        ("V", _V_WAVELENGTH, _V_FLUX),
    ], write_filters),
    # --- sicm: JSON coefficients of a polynomial, negative values clipped ---
    ("sicm_convert_measurements", convert_measurements, [
        (_MEASUREMENTS,),
    ], write_sicm_fit),
    # --- neural-networks: an .npz checkpoint ---
    ("nn_predict", nn_predict, [
        (_NN_X,),
    ], write_nn_weights),
    ("nn_probabilities", nn_probabilities, [
        (_NN_X,),
    ], write_nn_weights),
    # --- WINDOW_openMDAO: text curves read line by line, a pickled grid ---
    ("window_power", power, [
        (np.array(9.3), "Input/power_dtu10.dat"),
        (np.array(12.2), "Input/power_dtu10.dat"),
    ], write_power_curve),
    ("window_turbine_model", window_turbine_model, [
        (np.array(9.3),),
    ], write_turbine_curves),
    ("window_depth_model", window_depth_model, [
        (_LAYOUT_2,),
        (_LAYOUT_3,),
    ], write_bathymetry),
    # --- ballisticsolver: csv.reader of a drag table, a loop over its rows ---
    ("ballistic_drag_coefficient", dragCoefficient, [
        ("G7", np.array(400.0), 343),
    ], write_g7),
]
