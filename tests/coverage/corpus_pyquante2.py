"""PyQuante 2's quantum chemistry in Python (rpmuller/pyquante2): ``utils.py``'s Boys function ``Fgamma`` and the
incomplete gamma function (``max(x, SMALL)``, an ``assert`` on its arguments, ``if x < (a+1.0)`` choosing Numerical
Recipes' series (``_gser``: a ``for`` loop with a convergence ``break`` and a ``for``-``else`` warning) or continued
fraction (``_gcf``: ``if abs(d) < FPMIN: d=FPMIN`` clamps and a ``break``)), density matrices (``if nopen > 0``),
symmetric, canonical and Cholesky orthogonalisation (loops writing ``Shalf[i,i] /=`` and ``U[:,i] =``) and the
generalised eigenproblem; the Gaussian basis functions (``pgbf`` and the contracted ``cgbf``, which iterates over
itself through ``__getitem__`` and keeps its coefficients in ``array.array('d')``); the one-electron integrals of
``ints/one.py`` (overlap, kinetic energy, nuclear attraction by Taketa-Huzinaga-O-ohata: nested ``for`` loops over
angular momenta, ``if s-ia <= t <= ib`` chained comparisons, ``Fgamma`` of traced arguments); the electron repulsion
integrals three ways: ``ints/two.py`` (five nested loops building ``B[I]``), ``ints/hgp.py``'s Head-Gordon-Pople
recursions (``hrr`` recursing on an ``if lb > 0`` / ``elif`` chain of angular momenta, ``vrr`` filling a dict keyed by
7-tuples under ``if i:`` guards) and ``ints/rys.py``'s Rys quadrature (``Roots`` picking ``Root123`` / ``Root4`` /
``Root5``, each an ``if X < ...`` / ``elif`` chain of a dozen intervals of the traced argument returning lists of
polynomial fits; ``Recur`` with ``if m==0 or n==0: return G``); ``ints/integrals.py``'s integral tables (``einsum``
contractions); ``dft/functionals.py``'s exchange-correlation functionals (Slater, Becke 88 by a loop with ``if na >
tol``, PBE exchange and correlation, VWN5, LYP with ``assert rhoa >= 0.0``, nested ``if rhoa > tol`` and a list
appended to itself, ``fcnas.append(fcnbs)``) and ``zero_low_density``'s masked write into its argument (``xb88_array``
is copied but has no case: eager NumPy fails on it, as its comment "Still doesn't work" says); ``grid/becke.py``'s Becke
partition polynomials and ``grid/atomic_grid.py``'s radial grids (``ang_mesh``'s ``if frac > 0.4: nang = ...``
cascade, ``SG1Angs``' ``if Z in range(1,3)`` and ``if r < alphas[0]*R: return 6`` / ``elif`` chain); ``pt/mp2.py``'s
MP2 energy (loops over ``itertools.product`` of orbital indices); and the self-consistent field: ``scf/
hamiltonians.py``'s ``hamiltonian.converge`` (a ``for en in converger`` over ``scf/iterators.py``'s
``SCFIterator``, whose ``__next__`` raises ``StopIteration`` when ``abs(E-self.Eold) < self.tol``) and ``rhf.update``
(rpmuller/pyquante2, BSD-3-Clause).

Copied from rpmuller/pyquante2 at 83b9c5ec0c117bcdba0f6066d4998e5dcf9a4f05 (its ``LICENSE`` is the 3-clause BSD
licence, "Copyright (c) 2013 PyQuante Development Team"), from ``src/pyquante2/``: ``utils.py`` (all but
``parseline`` and ``colorscale``); ``basis/pgbf.py``'s ``pgbf``; ``basis/cgbf.py``'s ``cgbf``; ``ints/one.py`` (all);
``ints/two.py`` (all but ``ERI``); ``ints/hgp.py`` (all); ``ints/rys.py`` (all but ``ERI``, ``contr_coulomb`` and the
two test functions); ``ints/integrals.py`` (all); ``dft/functionals.py`` (all); ``grid/becke.py``'s ``fbecke``,
``pbecke`` and ``sbecke``; ``grid/atomic_grid.py``'s ``EulerMaclaurinGrid``, ``BeckeRadMap``, ``ang_mesh``,
``EulerMaclaurinRadialGrid`` and ``SG1Angs``; ``pt/mp2.py``'s ``mp2``; ``scf/iterators.py``'s ``SCFIterator`` and
``AveragingIterator``; ``scf/hamiltonians.py``'s ``hamiltonian`` and ``rhf``. In the files' order; docstrings
dropped, comments and the prints kept (none of them runs on these inputs).

Adapted, beyond that:

* the files share this module's names: ``one.py``'s, ``two.py``'s and ``hgp.py``'s ``from numpy import pi, exp,
  floor, sqrt`` are the module's; ``rys.py``'s ``from math import exp,sqrt,pi,pow`` is not taken (its functions use
  NumPy's ``exp``, ``sqrt`` and ``pi`` and Python's ``pow`` on the same scalars); ``one.py``'s ``from numpy import
  array`` (used only in its doctests) gives way to ``cgbf.py``'s ``import array``; ``rys.py``'s ``coulomb_repulsion``
  is renamed ``rys_coulomb_repulsion`` (``two.py`` has one of the same name); ``hgp.py``'s ``ERI`` is the one
  ``ints/integrals.py`` imports (its pure-Python fallback);
* the imports inside functions of names copied here (``cgbf``'s ``pgbf`` and ``S``, ``atomic_grid.py``'s
  ``PopleRadii``) are comments; ``PopleRadii`` is ``grid/data.py``'s list, a module constant here; ``utils.py``'s
  ``logger`` is ``logging.getLogger("pyquante2.utils")``;
* a keyword setting, or a basis function or integral table made from the arrays a case gives, is a short wrapper named
  after the case: the SCF and MP2 wrappers make ``rhf`` and ``twoe_integrals`` instances with ``__new__`` and set
  the attributes their ``__init__`` would compute from a basis set (the integrals are given as arrays: HeH+ in
  STO-3G, computed by the functions copied here), with a stand-in molecule giving ``nuclear_repulsion()``,
  ``nclosed()`` and ``nopen()``.

The inputs, in atomic units: Gaussian exponents 0.2-2 bohr⁻² at centres within 1.5 bohr of the origin with s, p and
d angular momenta (``(l, m, n)`` tuples); Boys-function arguments below and above ``a+1`` (each branch of
``gamm_inc``); Rys arguments ``X`` in the intervals (0.2, 0.9), (5.5, 9.5), (35, 50) (``Root123``), (1.5, 4.5)
(``Root4``) and (11, 14) (``Root5``); overlap matrices and Fock-like symmetric matrices of 6 basis functions,
orbital coefficients of 6 orbitals; electron densities on 40 grid points from 1e-12 (below the functionals'
``tol``) to 10, with squared gradients; radial grid fractions and radii; HeH+ at 1.4-1.5 bohr in STO-3G (S, T, V,
the 2x2x2x2 repulsion integrals and the nuclear repulsion) for the SCF, and its converged orbitals for MP2; grid
points around a hydrogen atom for the basis functions.
"""

# ruff: noqa: E501, E701, E741, UP004, UP031, W291, W293
from __future__ import annotations

import array
import logging
import types
from functools import reduce
from itertools import combinations, combinations_with_replacement, product
from math import factorial, lgamma

import numpy as np
from numpy import exp, floor, pi, sqrt

from tests.coverage.cases import PYQUANTE2, Source, case


def PQ(path: str, original: str, note: str = "") -> Source:
    return Source(PYQUANTE2, "src/pyquante2/" + path, original, note)


logger = logging.getLogger("pyquante2.utils")

# grid/data.py: Pople atomic radii (bohr) for the SG-1 grid
PopleRadii = [None,
              1.0000, 0.5882, 3.0769, 2.0513, 1.5385, 1.2308,
              1.0256, 0.8791, 0.7692, 0.6839, 4.0909, 3.1579,
              2.5714, 2.1687, 1.8750, 1.6514, 1.4754, 1.3333]


# --- pyquante2/utils.py ---

def pairs(it): return combinations_with_replacement(it,2)


def upairs(it): return combinations(it,2)


def fact2(n):
    return reduce(int.__mul__,range(n,0,-2),1)


def norm2(a): return np.dot(a,a)


def binomial(n,k):
    if n==k: return 1
    assert n>k, "Attempting to call binomial(%d,%d)" % (n,k)
    return factorial(n)//(factorial(k)*factorial(n-k))


def Fgamma(m,x):
    SMALL=1e-12
    x = max(x,SMALL)
    return 0.5*pow(x,-m-0.5)*gamm_inc(m+0.5,x)


def gamm_inc(a,x):
    assert (x > 0 and a >= 0), "Invalid arguments in routine gamm_inc: %s,%s" % (x,a)

    if x < (a+1.0): #Use the series representation
        gam,gln = _gser(a,x)
    else: #Use continued fractions
        gamc,gln = _gcf(a,x)
        gam = 1-gamc
    return np.exp(gln)*gam


def _gser(a,x):
    ITMAX=100
    EPS=3.e-7

    gln=lgamma(a)
    assert(x>=0),'x < 0 in gser'
    if x == 0 : return 0,gln

    ap = a
    delt = sum = 1./a
    for i in range(ITMAX):
        ap=ap+1.
        delt=delt*x/ap
        sum=sum+delt
        if abs(delt) < abs(sum)*EPS: break
    else:
        logger.warning('a too large, ITMAX too small in gser')
    gamser=sum*np.exp(-x+a*np.log(x)-gln)
    return gamser,gln


def _gcf(a,x):
    ITMAX=100
    EPS=3.e-7
    FPMIN=1.e-30

    gln=lgamma(a)
    b=x+1.-a
    c=1./FPMIN
    d=1./b
    h=d
    for i in range(1,ITMAX+1):
        an=-i*(i-a)
        b=b+2.
        d=an*d+b
        if abs(d) < FPMIN: d=FPMIN
        c=b+an/c
        if abs(c) < FPMIN: c=FPMIN
        d=1./d
        delt=d*c
        h=h*delt
        if abs(delt-1.) < EPS: break
    else:
        logger.warning('a too large, ITMAX too small in gcf')
    gammcf=np.exp(-x+a*np.log(x)-gln)*h
    return gammcf,gln


def trace2(A,B):
    return np.sum(A*B)


def dmat(c,nclosed,nopen=0):
    d = np.dot(c[:,:nclosed],c[:,:nclosed].T)
    if nopen > 0:
        d += 0.5*np.dot(c[:,nclosed:(nclosed+nopen)],c[:,nclosed:(nclosed+nopen)].T)
    return d


def symorth(S):
    E,U = np.linalg.eigh(S)
    n = len(E)
    Shalf = np.identity(n,'d')
    for i in range(n):
        Shalf[i,i] /= np.sqrt(E[i])
    return simx(Shalf,U,True)


def canorth(S):
    E,U = np.linalg.eigh(S)
    for i in range(len(E)):
        U[:,i] = U[:,i] / np.sqrt(E[i])
    return U


def cholorth(S):
    return np.linalg.inv(np.linalg.cholesky(S)).T


def simx(A,B,transpose=False):
    if transpose:
        return np.dot(B,np.dot(A,B.T))
    return np.dot(B.T,np.dot(A,B))


def ao2mo(H,C): return simx(H,C)


def mo2ao(H,C,S): return simx(H,np.dot(S,C),transpose=True)


def geigh(H,S):
    A = cholorth(S)
    E,U = np.linalg.eigh(simx(H,A))
    return E,np.dot(A,U)


# --- pyquante2/basis/pgbf.py ---

class pgbf(object):
    contracted = False
    def __init__(self,exponent,origin=(0,0,0),powers=(0,0,0)):
        self.norm = 1
        assert len(origin) == 3
        assert len(powers) == 3
        self.exponent = float(exponent)
        self.origin = np.array(origin,'d')
        self.powers = powers
        self._normalize()

    def __repr__(self): return "pgbf(%f,%s,%s)" % (self.exponent,tuple(self.origin),self.powers)

    def __call__(self,x,y,z):
        I,J,K = self.powers
        dx,dy,dz = x-self.origin[0],y-self.origin[1],z-self.origin[2]
        d2 = dx**2 + dy**2 + dz**2
        return self.norm*dx**I*dy**J*dz**K*np.exp(-self.exponent*d2)

    def mesh(self,xyzs):
        I,J,K = self.powers
        d = np.asarray(xyzs,'d')-self.origin
        # Got help from stackoverflow user @unutbu with this.
        # See: http://stackoverflow.com/questions/17391052/compute-square-distances-from-numpy-array
        d2 = np.einsum('ij,ij -> i',d,d)
        return self.norm*d[:,0]**I*d[:,1]**J*d[:,2]**K*np.exp(-self.exponent*d2)

    def _normalize(self):
        l,m,n = self.powers
        self.norm = np.sqrt(pow(2,2*(l+m+n)+1.5)*
                            pow(self.exponent,l+m+n+1.5)/
                            fact2(2*l-1)/fact2(2*m-1)/
                            fact2(2*n-1)/pow(np.pi,1.5))
        return


# --- pyquante2/basis/cgbf.py ---

class cgbf(object):
    contracted = True
    def __init__(self,origin=(0,0,0),powers=(0,0,0),exps=None,coefs=None):
        assert len(origin)==3
        assert len(powers)==3

        self.origin = np.asarray(origin,'d')
        self.powers = powers

        self.pgbfs = []
        self.coefs = array.array('d')
        self.pnorms = array.array('d')
        self.pexps = array.array('d')

        if exps is None:
            exps = []
        if coefs is None:
            coefs = []

        for expn,coef in zip(exps,coefs):
            self.add_pgbf(expn,coef,False)

        if self.pgbfs:
            self.normalize()

    def __getitem__(self,item): return list(zip(self.coefs,self.pgbfs)).__getitem__(item)
    def __call__(self,*args,**kwargs): return sum(c*p(*args,**kwargs) for c,p in self)
    def __repr__(self): return "cgbf(%s,%s,%s,%s)" % (tuple(self.origin),self.powers,list(self.pexps),list(self.coefs))

    def mesh(self,xyzs):
        return sum(c*p.mesh(xyzs) for c,p in self)

    def cne_list(self):
        return self.coefs,self.pnorms,self.pexps

    def add_pgbf(self,expn,coef,renormalize=True):
        # adapted: from pyquante2.basis.pgbf import pgbf (copied above)

        self.pgbfs.append(pgbf(expn,self.origin,self.powers))
        self.coefs.append(coef)
        
        if renormalize:
            self.normalize()

        p = self.pgbfs[-1]
        self.pnorms.append(p.norm)
        self.pexps.append(p.exponent)
        return

    def normalize(self):
        # adapted: from pyquante2.ints.one import S (copied below)
        from numpy import sqrt
        Saa = S(self,self)
        Saa_sqrt = sqrt(Saa)
        for i in range(len(self.coefs)):
            self.coefs[i] /= Saa_sqrt
        # Is this the right way to do this, or should I have a separate normalization constant?
        return

    def symbol(self):
        from pyquante2.basis.tools import pow2fullsym
        return pow2fullsym[self.powers]

    def atom_symbol(self,geo):
        atomtag = geo.get_tag(self.origin)
        return "%s %s" % (atomtag,self.symbol())


# --- pyquante2/ints/one.py ---

def S(a,b):
    if b.contracted:
        return sum(cb*S(pb,a) for (cb,pb) in b)
    elif a.contracted:
        return sum(ca*S(b,pa) for (ca,pa) in a)
    return a.norm*b.norm*overlap(a.exponent,a.powers,
                                 a.origin,b.exponent,b.powers,b.origin)


def T(a,b):
    if b.contracted:
        return sum(cb*T(pb,a) for (cb,pb) in b)
    elif a.contracted:
        return sum(ca*T(b,pa) for (ca,pa) in a)
    return a.norm*b.norm*kinetic(a.exponent,a.powers,a.origin,
                                 b.exponent,b.powers,b.origin)


def V(a,b,C):
    if b.contracted:
        return sum(cb*V(pb,a,C) for (cb,pb) in b)
    elif a.contracted:
        return sum(ca*V(b,pa,C) for (ca,pa) in a)
    return a.norm*b.norm*nuclear_attraction(a.exponent,a.powers,a.origin,
                                            b.exponent,b.powers,b.origin,C)


def overlap(alpha1,lmn1,A,alpha2,lmn2,B):
    l1,m1,n1 = lmn1
    l2,m2,n2 = lmn2
    rab2 = norm2(A-B)
    gamma = alpha1+alpha2
    P = gaussian_product_center(alpha1,A,alpha2,B)

    pre = pow(pi/gamma,1.5)*exp(-alpha1*alpha2*rab2/gamma)

    wx = overlap1d(l1,l2,P[0]-A[0],P[0]-B[0],gamma)
    wy = overlap1d(m1,m2,P[1]-A[1],P[1]-B[1],gamma)
    wz = overlap1d(n1,n2,P[2]-A[2],P[2]-B[2],gamma)
    return pre*wx*wy*wz


def overlap1d(l1,l2,PAx,PBx,gamma):
    total = 0
    for i in range(1+int(floor(0.5*(l1+l2)))):
        total += binomial_prefactor(2*i,l1,l2,PAx,PBx)* \
                 fact2(2*i-1)/pow(2*gamma,i)
    return total


def gaussian_product_center(alpha1,A,alpha2,B):
    return (alpha1*A+alpha2*B)/(alpha1+alpha2)


def binomial_prefactor(s,ia,ib,xpa,xpb):
    total= 0
    for t in range(s+1):
        if s-ia <= t <= ib:
            total +=  binomial(ia,s-t)*binomial(ib,t)* \
                     pow(xpa,ia-s+t)*pow(xpb,ib-t)
    return total


def kinetic(alpha1,lmn1,A,alpha2,lmn2,B):
    l1,m1,n1 = lmn1
    l2,m2,n2 = lmn2
    term0 = alpha2*(2*(l2+m2+n2)+3)*\
            overlap(alpha1,(l1,m1,n1),A,\
                           alpha2,(l2,m2,n2),B)
    term1 = -2*pow(alpha2,2)*\
            (overlap(alpha1,(l1,m1,n1),A,
                            alpha2,(l2+2,m2,n2),B)
             + overlap(alpha1,(l1,m1,n1),A,
                              alpha2,(l2,m2+2,n2),B)
             + overlap(alpha1,(l1,m1,n1),A,
                              alpha2,(l2,m2,n2+2),B))
    term2 = -0.5*(l2*(l2-1)*overlap(alpha1,(l1,m1,n1),A,
                                           alpha2,(l2-2,m2,n2),B) +
                  m2*(m2-1)*overlap(alpha1,(l1,m1,n1),A,
                                           alpha2,(l2,m2-2,n2),B) +
                  n2*(n2-1)*overlap(alpha1,(l1,m1,n1),A,
                                           alpha2,(l2,m2,n2-2),B))
    return term0+term1+term2


def nuclear_attraction(alpha1,lmn1,A,alpha2,lmn2,B,C):
    l1,m1,n1 = lmn1
    l2,m2,n2 = lmn2
    gamma = alpha1+alpha2

    P = gaussian_product_center(alpha1,A,alpha2,B)
    rab2 = norm2(A-B)
    rcp2 = norm2(C-P)

    dPA = P-A
    dPB = P-B
    dPC = P-C

    Ax = A_array(l1,l2,dPA[0],dPB[0],dPC[0],gamma)
    Ay = A_array(m1,m2,dPA[1],dPB[1],dPC[1],gamma)
    Az = A_array(n1,n2,dPA[2],dPB[2],dPC[2],gamma)

    total = 0.
    for I in range(l1+l2+1):
        for J in range(m1+m2+1):
            for K in range(n1+n2+1):
                total += Ax[I]*Ay[J]*Az[K]*Fgamma(I+J+K,rcp2*gamma)
                
    val= -2*pi/gamma*exp(-alpha1*alpha2*rab2/gamma)*total
    return val


def A_term(i,r,u,l1,l2,PAx,PBx,CPx,gamma):
    return pow(-1,i)*binomial_prefactor(i,l1,l2,PAx,PBx)*\
           pow(-1,u)*factorial(i)*pow(CPx,i-2*r-2*u)*\
           pow(0.25/gamma,r+u)/factorial(r)/factorial(u)/factorial(i-2*r-2*u)


def A_array(l1,l2,PA,PB,CP,g):
    Imax = l1+l2+1
    A = [0]*Imax
    for i in range(Imax):
        for r in range(int(floor(i/2)+1)):
            for u in range(int(floor((i-2*r)/2)+1)):
                I = i-2*r-u
                A[I] = A[I] + A_term(i,r,u,l1,l2,PA,PB,CP,g)
    return A


# --- pyquante2/ints/two.py ---

def coulomb_repulsion(xyza,norma,lmna,alphaa,
                      xyzb,normb,lmnb,alphab,
                      xyzc,normc,lmnc,alphac,
                      xyzd,normd,lmnd,alphad):
    la,ma,na = lmna
    lb,mb,nb = lmnb
    lc,mc,nc = lmnc
    ld,md,nd = lmnd
    xa,ya,za = xyza
    xb,yb,zb = xyzb
    xc,yc,zc = xyzc
    xd,yd,zd = xyzd

    rab2 = norm2(xyza-xyzb)
    rcd2 = norm2(xyzc-xyzd)
    xyzp = gaussian_product_center(alphaa,xyza,alphab,xyzb)
    xp,yp,zp = xyzp
    xyzq = gaussian_product_center(alphac,xyzc,alphad,xyzd)
    xq,yq,zq = xyzq
    rpq2 = norm2(xyzp-xyzq)
    gamma1 = alphaa+alphab
    gamma2 = alphac+alphad
    delta = 0.25*(1/gamma1+1/gamma2)

    Bx = B_array(la,lb,lc,ld,xp,xa,xb,xq,xc,xd,gamma1,gamma2,delta)
    By = B_array(ma,mb,mc,md,yp,ya,yb,yq,yc,yd,gamma1,gamma2,delta)
    Bz = B_array(na,nb,nc,nd,zp,za,zb,zq,zc,zd,gamma1,gamma2,delta)

    sum = 0.
    for I in range(la+lb+lc+ld+1):
        for J in range(ma+mb+mc+md+1):
            for K in range(na+nb+nc+nd+1):
                sum = sum + Bx[I]*By[J]*Bz[K]*Fgamma(I+J+K,0.25*rpq2/delta)

    return 2*pow(pi,2.5)/(gamma1*gamma2*sqrt(gamma1+gamma2)) \
           *exp(-alphaa*alphab*rab2/gamma1) \
           *exp(-alphac*alphad*rcd2/gamma2)*sum*norma*normb*normc*normd


def B_term(i1,i2,r1,r2,u,l1,l2,l3,l4,Px,Ax,Bx,Qx,Cx,Dx,gamma1,gamma2,delta):
    val= fB(i1,l1,l2,Px,Ax,Bx,r1,gamma1) \
           *pow(-1,i2)*fB(i2,l3,l4,Qx,Cx,Dx,r2,gamma2) \
           *pow(-1,u)*fact_ratio2(i1+i2-2*(r1+r2),u) \
           *pow(Qx-Px,i1+i2-2*(r1+r2)-2*u) \
           /pow(delta,i1+i2-2*(r1+r2)-u)
    return val


def B_array(l1,l2,l3,l4,p,a,b,q,c,d,g1,g2,delta):
    Imax = l1+l2+l3+l4+1
    B = [0]*Imax
    for i1 in range(l1+l2+1):
        for i2 in range(l3+l4+1):
            for r1 in range(i1//2+1):
                for r2 in range(i2//2+1):
                    for u in range((i1+i2)//2-r1-r2+1):
                        I = i1+i2-2*(r1+r2)-u
                        B[I] = B[I] + B_term(i1,i2,r1,r2,u,l1,l2,l3,l4,
                                             p,a,b,q,c,d,g1,g2,delta)
    return B


def fB(i,l1,l2,P,A,B,r,g): return binomial_prefactor(i,l1,l2,P-A,P-B)*B0(i,r,g)


def B0(i,r,g): return fact_ratio2(i,r)*pow(4*g,r-i)


def fact_ratio2(a,b): return factorial(a)/factorial(b)/factorial(a-2*b)


# --- pyquante2/ints/hgp.py ---

def ERI(a,b,c,d):
    # This should be faster if I can get it to work, but having trouble passing
    # in to double *anorms, etc. 
    if a.contracted and b.contracted and c.contracted and d.contracted:
        acoefs,anorms,aexps = a.cne_list()
        bcoefs,bnorms,bexps = b.cne_list()
        ccoefs,cnorms,cexps = c.cne_list()
        dcoefs,dnorms,dexps = d.cne_list()
        return contr_hrr(
            a.origin,anorms,a.powers,aexps,acoefs,
            b.origin,bnorms,b.powers,bexps,bcoefs,
            c.origin,cnorms,c.powers,cexps,ccoefs,
            d.origin,dnorms,d.powers,dexps,dcoefs)
    if d.contracted:
        return sum(cd*ERI(pd,c,a,b) for (cd,pd) in d)
    return hrr(a.origin,a.norm,a.powers,a.exponent,
               b.origin,b.norm,b.powers,b.exponent,
               c.origin,c.norm,c.powers,c.exponent,
               d.origin,d.norm,d.powers,d.exponent)


def contr_hrr(xyza,norma,lmna,aexps,acoefs,
              xyzb,normb,lmnb,bexps,bcoefs,
              xyzc,normc,lmnc,cexps,ccoefs,
              xyzd,normd,lmnd,dexps,dcoefs):
    la,ma,na = lmna
    lb,mb,nb = lmnb
    lc,mc,nc = lmnc
    ld,md,nd = lmnd
    xa,ya,za = xyza
    xb,yb,zb = xyzb
    xc,yc,zc = xyzc
    xd,yd,zd = xyzd
    if lb > 0:
        return (contr_hrr(xyza,norma,(la+1,ma,na),aexps,acoefs,
                    xyzb,normb,(lb-1,mb,nb),bexps,bcoefs,
                    xyzc,normc,(lc,mc,nc),cexps,ccoefs,
                    xyzd,normd,(ld,md,nd),dexps,dcoefs)
                + (xa-xb)*contr_hrr(xyza,norma,(la,ma,na),aexps,acoefs,
                              xyzb,normb,(lb-1,mb,nb),bexps,bcoefs,
                              xyzc,normc,(lc,mc,nc),cexps,ccoefs,
                              xyzd,normd,(ld,md,nd),dexps,dcoefs)
                )
    elif mb > 0:
        return (contr_hrr(xyza,norma,(la,ma+1,na),aexps,acoefs,
                    xyzb,normb,(lb,mb-1,nb),bexps,bcoefs,
                    xyzc,normc,(lc,mc,nc),cexps,ccoefs,
                    xyzd,normd,(ld,md,nd),dexps,dcoefs)
                + (ya-yb)*contr_hrr(xyza,norma,(la,ma,na),aexps,acoefs,
                              xyzb,normb,(lb,mb-1,nb),bexps,bcoefs,
                              xyzc,normc,(lc,mc,nc),cexps,ccoefs,
                              xyzd,normd,(ld,md,nd),dexps,dcoefs)
                )
    elif nb > 0:
        return (contr_hrr(xyza,norma,(la,ma,na+1),aexps,acoefs,
                    xyzb,normb,(lb,mb,nb-1),bexps,bcoefs,
                    xyzc,normc,(lc,mc,nc),cexps,ccoefs,
                    xyzd,normd,(ld,md,nd),dexps,dcoefs)
                + (za-zb)*contr_hrr(xyza,norma,(la,ma,na),aexps,acoefs,
                              xyzb,normb,(lb,mb,nb-1),bexps,bcoefs,
                              xyzc,normc,(lc,mc,nc),cexps,ccoefs,
                              xyzd,normd,(ld,md,nd),dexps,dcoefs)
                )
    elif ld > 0:
        return (contr_hrr(xyza,norma,(la,ma,na),aexps,acoefs,
                    xyzb,normb,(lb,mb,nb),bexps,bcoefs,
                    xyzc,normc,(lc+1,mc,nc),cexps,ccoefs,
                    xyzd,normd,(ld-1,md,nd),dexps,dcoefs)
                + (xc-xd)*contr_hrr(xyza,norma,(la,ma,na),aexps,acoefs,
                              xyzb,normb,(lb,mb,nb),bexps,bcoefs,
                              xyzc,normc,(lc,mc,nc),cexps,ccoefs,
                              xyzd,normd,(ld-1,md,nd),dexps,dcoefs)
                )
    elif md > 0:
        return (contr_hrr(xyza,norma,(la,ma,na),aexps,acoefs,
                    xyzb,normb,(lb,mb,nb),bexps,bcoefs,
                    xyzc,normc,(lc,mc+1,nc),cexps,ccoefs,
                    xyzd,normd,(ld,md-1,nd),dexps,dcoefs)
                + (yc-yd)*contr_hrr(xyza,norma,(la,ma,na),aexps,acoefs,
                              xyzb,normb,(lb,mb,nb),bexps,bcoefs,
                              xyzc,normc,(lc,mc,nc),cexps,ccoefs,
                              xyzd,normd,(ld,md-1,nd),dexps,dcoefs)
                )
    elif nd > 0:
        return (contr_hrr(xyza,norma,(la,ma,na),aexps,acoefs,
                    xyzb,normb,(lb,mb,nb),bexps,bcoefs,
                    xyzc,normc,(lc,mc,nc+1),cexps,ccoefs,
                    xyzd,normd,(ld,md,nd-1),dexps,dcoefs)
                + (zc-zd)*contr_hrr(xyza,norma,(la,ma,na),aexps,acoefs,
                              xyzb,normb,(lb,mb,nb),bexps,bcoefs,
                              xyzc,normc,(lc,mc,nc),cexps,ccoefs,
                              xyzd,normd,(ld,md,nd-1),dexps,dcoefs)
                )
    return contr_vrr(xyza,norma,(la,ma,na),aexps,acoefs,
                     xyzb,normb,bexps,bcoefs,
                     xyzc,normc,(lc,mc,nc),cexps,ccoefs,
                     xyzd,normd,dexps,dcoefs)


def contr_vrr(xyza,norma,lmna,aexps,acoefs,
              xyzb,normb,bexps,bcoefs,
              xyzc,normc,lmnc,cexps,ccoefs,
              xyzd,normd,dexps,dcoefs):
    la,ma,na = lmna
    lc,mc,nc = lmnc
    val = 0.
    for i in range(len(aexps)):
        for j in range(len(bexps)):
            for k in range(len(cexps)):
                for l in range(len(dexps)):
                    val = val + acoefs[i]*bcoefs[j]*ccoefs[k]*dcoefs[l]\
                          *vrr(xyza,norma[i],(la,ma,na),aexps[i],
                               xyzb,normb[j],bexps[j],
                               xyzc,normc[k],(lc,mc,nc),cexps[k],
                               xyzd,normd[l],dexps[l],0)
    return val


def hrr(xyza,norma,lmna,alphaa,
        xyzb,normb,lmnb,alphab,
        xyzc,normc,lmnc,alphac,
        xyzd,normd,lmnd,alphad):

    la,ma,na = lmna
    lb,mb,nb = lmnb
    lc,mc,nc = lmnc
    ld,md,nd = lmnd
    xa,ya,za = xyza
    xb,yb,zb = xyzb
    xc,yc,zc = xyzc
    xd,yd,zd = xyzd
    if lb > 0:
        return (hrr(xyza,norma,(la+1,ma,na),alphaa,
                    xyzb,normb,(lb-1,mb,nb),alphab,
                    xyzc,normc,(lc,mc,nc),alphac,
                    xyzd,normd,(ld,md,nd),alphad)
                + (xa-xb)*hrr(xyza,norma,(la,ma,na),alphaa,
                              xyzb,normb,(lb-1,mb,nb),alphab,
                              xyzc,normc,(lc,mc,nc),alphac,
                              xyzd,normd,(ld,md,nd),alphad)
                )
    elif mb > 0:
        return (hrr(xyza,norma,(la,ma+1,na),alphaa,
                    xyzb,normb,(lb,mb-1,nb),alphab,
                    xyzc,normc,(lc,mc,nc),alphac,
                    xyzd,normd,(ld,md,nd),alphad)
                + (ya-yb)*hrr(xyza,norma,(la,ma,na),alphaa,
                              xyzb,normb,(lb,mb-1,nb),alphab,
                              xyzc,normc,(lc,mc,nc),alphac,
                              xyzd,normd,(ld,md,nd),alphad)
                )
    elif nb > 0:
        return (hrr(xyza,norma,(la,ma,na+1),alphaa,
                    xyzb,normb,(lb,mb,nb-1),alphab,
                    xyzc,normc,(lc,mc,nc),alphac,
                    xyzd,normd,(ld,md,nd),alphad)
                + (za-zb)*hrr(xyza,norma,(la,ma,na),alphaa,
                              xyzb,normb,(lb,mb,nb-1),alphab,
                              xyzc,normc,(lc,mc,nc),alphac,
                              xyzd,normd,(ld,md,nd),alphad)
                )
    elif ld > 0:
        return (hrr(xyza,norma,(la,ma,na),alphaa,
                    xyzb,normb,(lb,mb,nb),alphab,
                    xyzc,normc,(lc+1,mc,nc),alphac,
                    xyzd,normd,(ld-1,md,nd),alphad)
                + (xc-xd)*hrr(xyza,norma,(la,ma,na),alphaa,
                              xyzb,normb,(lb,mb,nb),alphab,
                              xyzc,normc,(lc,mc,nc),alphac,
                              xyzd,normd,(ld-1,md,nd),alphad)
                )
    elif md > 0:
        return (hrr(xyza,norma,(la,ma,na),alphaa,
                    xyzb,normb,(lb,mb,nb),alphab,
                    xyzc,normc,(lc,mc+1,nc),alphac,
                    xyzd,normd,(ld,md-1,nd),alphad)
                + (yc-yd)*hrr(xyza,norma,(la,ma,na),alphaa,
                              xyzb,normb,(lb,mb,nb),alphab,
                              xyzc,normc,(lc,mc,nc),alphac,
                              xyzd,normd,(ld,md-1,nd),alphad)
                )
    elif nd > 0:
        return (hrr(xyza,norma,(la,ma,na),alphaa,
                    xyzb,normb,(lb,mb,nb),alphab,
                    xyzc,normc,(lc,mc,nc+1),alphac,
                    xyzd,normd,(ld,md,nd-1),alphad)
                + (zc-zd)*hrr(xyza,norma,(la,ma,na),alphaa,
                              xyzb,normb,(lb,mb,nb),alphab,
                              xyzc,normc,(lc,mc,nc),alphac,
                              xyzd,normd,(ld,md,nd-1),alphad)
                )
    return vrr(xyza,norma,(la,ma,na),alphaa,
               xyzb,normb,alphab,
               xyzc,normc,(lc,mc,nc),alphac,
               xyzd,normd,alphad,0)


def vrr(xyza,norma,lmna,alphaa,
        xyzb,normb,alphab,
        xyzc,normc,lmnc,alphac,
        xyzd,normd,alphad,M):

    la,ma,na = lmna
    lc,mc,nc = lmnc
    xa,ya,za = xyza
    xb,yb,zb = xyzb
    xc,yc,zc = xyzc
    xd,yd,zd = xyzd

    px,py,pz = xyzp = gaussian_product_center(alphaa,xyza,alphab,xyzb)
    qx,qy,qz = xyzq = gaussian_product_center(alphac,xyzc,alphad,xyzd)
    zeta,eta = float(alphaa+alphab),float(alphac+alphad)
    wx,wy,wz = xyzw = gaussian_product_center(zeta,xyzp,eta,xyzq)

    rab2 = pow(xa-xb,2) + pow(ya-yb,2) + pow(za-zb,2)
    Kab = sqrt(2)*pow(pi,1.25)/(alphaa+alphab)\
          *exp(-alphaa*alphab/(alphaa+alphab)*rab2)
    rcd2 = pow(xc-xd,2) + pow(yc-yd,2) + pow(zc-zd,2)
    Kcd = sqrt(2)*pow(pi,1.25)/(alphac+alphad)\
          *exp(-alphac*alphad/(alphac+alphad)*rcd2)
    rpq2 = pow(px-qx,2) + pow(py-qy,2) + pow(pz-qz,2)
    T = zeta*eta/(zeta+eta)*rpq2

    mtot = la+ma+na+lc+mc+nc+M

    Fgterms = [0]*(mtot+1)
    Fgterms[mtot] = Fgamma(mtot,T)
    for im in range(mtot-1,-1,-1):
        Fgterms[im]=(2.*T*Fgterms[im+1]+exp(-T))/(2.*im+1)

    # Todo: setup this as a regular array

    # Store the vrr values as a 7 dimensional array
    # vrr_terms[la,ma,na,lc,mc,nc,m]
    vrr_terms = {}
    for im in range(mtot+1):
        vrr_terms[0,0,0,0,0,0,im] = (
            norma*normb*normc*normd*Kab*Kcd/sqrt(zeta+eta)*Fgterms[im]
            )

    # Todo: use itertools.product() for the nested for loops
    for i in range(la):
        for im in range(mtot-i):
            vrr_terms[i+1,0,0, 0,0,0, im] = (
                (px-xa)*vrr_terms[i,0,0, 0,0,0, im]
                + (wx-px)*vrr_terms[i,0,0, 0,0,0, im+1]
                )
            if i:
                vrr_terms[i+1,0,0, 0,0,0, im] += (
                    i/2./zeta*( vrr_terms[i-1,0,0, 0,0,0, im]
                               - eta/(zeta+eta)*vrr_terms[i-1,0,0, 0,0,0, im+1]
                               ))

    for j in range(ma):
        for i in range(la+1):
            for im in range(mtot-i-j):
                vrr_terms[i,j+1,0, 0,0,0, im] = (
                    (py-ya)*vrr_terms[i,j,0, 0,0,0, im]
                    + (wy-py)*vrr_terms[i,j,0, 0,0,0, im+1]
                    )
                if j:
                    vrr_terms[i,j+1,0, 0,0,0, im] += (
                        j/2./zeta*(vrr_terms[i,j-1,0, 0,0,0, im]
                                  - eta/(zeta+eta)
                                  *vrr_terms[i,j-1,0, 0,0,0, im+1]
                                  ))


    for k in range(na):
        for j in range(ma+1):
            for i in range(la+1):
                for im in range(mtot-i-j-k):
                    vrr_terms[i,j,k+1, 0,0,0, im] = (
                        (pz-za)*vrr_terms[i,j,k, 0,0,0, im]
                        + (wz-pz)*vrr_terms[i,j,k, 0,0,0, im+1]
                        )
                    if k:
                        vrr_terms[i,j,k+1, 0,0,0, im] += (
                            k/2./zeta*(vrr_terms[i,j,k-1, 0,0,0, im]
                                      - eta/(zeta+eta)
                                      *vrr_terms[i,j,k-1, 0,0,0, im+1]
                                      ))

    for q in range(lc):
        for k in range(na+1):
            for j in range(ma+1):
                for i in range(la+1):
                    for im in range(mtot-i-j-k-q):
                        vrr_terms[i,j,k, q+1,0,0, im] = (
                            (qx-xc)*vrr_terms[i,j,k, q,0,0, im]
                            + (wx-qx)*vrr_terms[i,j,k, q,0,0, im+1]
                            )
                        if q:
                            vrr_terms[i,j,k, q+1,0,0, im] += (
                                q/2./eta*(vrr_terms[i,j,k, q-1,0,0, im]
                                         - zeta/(zeta+eta)
                                         *vrr_terms[i,j,k, q-1,0,0, im+1]
                                         ))
                        if i:
                            vrr_terms[i,j,k, q+1,0,0, im] += (
                                i/2./(zeta+eta)*vrr_terms[i-1,j,k, q,0,0, im+1]
                                )

    for r in range(mc):
        for q in range(lc+1):
            for k in range(na+1):
                for j in range(ma+1):
                    for i in range(la+1):
                        for im in range(mtot-i-j-k-q-r):
                            vrr_terms[i,j,k, q,r+1,0, im] = (
                                (qy-yc)*vrr_terms[i,j,k, q,r,0, im]
                                + (wy-qy)*vrr_terms[i,j,k, q,r,0, im+1]
                                )
                            if r:
                                vrr_terms[i,j,k, q,r+1,0, im] += (
                                    r/2./eta*(vrr_terms[i,j,k, q,r-1,0, im]
                                             - zeta/(zeta+eta)
                                             *vrr_terms[i,j,k, q,r-1,0, im+1]
                                             ))
                            if j:
                                vrr_terms[i,j,k, q,r+1,0, im] += (
                                    j/2./(zeta+eta)*vrr_terms[i,j-1,k,q,r,0,im+1]
                                    )

    for s in range(nc):
        for r in range(mc+1):
            for q in range(lc+1):
                for k in range(na+1):
                    for j in range(ma+1):
                        for i in range(la+1):
                            for im in range(mtot-i-j-k-q-r-s):
                                vrr_terms[i,j,k,q,r,s+1,im] = (
                                    (qz-zc)*vrr_terms[i,j,k,q,r,s,im]
                                    + (wz-qz)*vrr_terms[i,j,k,q,r,s,im+1]
                                    )
                                if s:
                                    vrr_terms[i,j,k,q,r,s+1,im] += (
                                        s/2./eta*(vrr_terms[i,j,k,q,r,s-1,im]
                                                 - zeta/(zeta+eta)
                                                 *vrr_terms[i,j,k,q,r,s-1,im+1]
                                                 ))
                                if k:
                                    vrr_terms[i,j,k,q,r,s+1,im] += (
                                        k/2./(zeta+eta)*vrr_terms[i,j,k-1,q,r,s,im+1]
                                        )
    return vrr_terms[la,ma,na,lc,mc,nc,M]


# --- pyquante2/ints/rys.py ---

def dist2(xyz1,xyz2):
    dxyz = np.asarray(xyz1)-np.asarray(xyz2)
    return np.dot(dxyz,dxyz)


def rys_coulomb_repulsion(xyza,norma,lmna,alphaa,
                      xyzb,normb,lmnb,alphab,
                      xyzc,normc,lmnc,alphac,
                      xyzd,normd,lmnd,alphad):
    xa,ya,za = xyza
    xb,yb,zb = xyzb
    xc,yc,zc = xyzc
    xd,yd,zd = xyzd

    la,ma,na = lmna
    lb,mb,nb = lmnb
    lc,mc,nc = lmnc
    ld,md,nd = lmnd
    
    norder = (la+ma+na+lb+nb+mb+lc+mc+nc+ld+md+nd)//2 + 1  
    A = alphaa+alphab 
    B = alphac+alphad
    rho = A*B/(A+B)
    xyzp = gaussian_product_center(alphaa,np.asarray(xyza),alphab,np.asarray(xyzb))
    xyzq = gaussian_product_center(alphac,np.asarray(xyzc),alphad,np.asarray(xyzd))
    rpq2 = dist2(xyzp,xyzq)
    X = rpq2*rho

    roots,weights = Roots(norder,X)

    sum = 0.
    for i in range(len(roots)):
        t = roots[i]
        Ix = Int1d(t,la,lb,lc,ld,xa,xb,xc,xd,
                   alphaa,alphab,alphac,alphad)
        Iy = Int1d(t,ma,mb,mc,md,ya,yb,yc,yd,
                   alphaa,alphab,alphac,alphad)
        Iz = Int1d(t,na,nb,nc,nd,za,zb,zc,zd,
                   alphaa,alphab,alphac,alphad)
        sum = sum + Ix*Iy*Iz*weights[i] # ABD eq 5 & 9
    return 2*sqrt(rho/pi)*norma*normb*normc*normd*sum # ABD eq 5 & 9


def Roots(n,X):
    if n<1:
        raise Exception("rys: Roots: incorrect number of roots %d" % n)
    elif n <= 3:
        return Root123(n,X)
    elif n==4:
        return Root4(X)
    elif n==5:
        return Root5(X)
    else:
        return Root6(n,X)
    raise Exception("rys: Roots called with incorrect parameters %d" % n)


def Root123(n,X):
    R12,PIE4 = 2.75255128608411E-01, 7.85398163397448E-01
    R22,W22 =  2.72474487139158E+00, 9.17517095361369E-02
    R13 = 1.90163509193487E-01
    R23,W23 = 1.78449274854325E+00, 1.77231492083829E-01
    R33,W33 = 5.52534374226326E+00, 5.11156880411248E-03
    
    if X < 3.e-7:
        if n == 1:
            return ([0.5E+00 -X/5.0E+00], [1.0E+00 -X/3.0E+00])
        elif n == 2:
            return ([1.30693606237085E-01 -2.90430236082028E-02 *X,
                     2.86930639376291E+00 -6.37623643058102E-01 *X],
                    [6.52145154862545E-01 -1.22713621927067E-01 *X,
                    3.47854845137453E-01 -2.10619711404725E-01 *X])
        elif n == 3:
            return ([6.03769246832797E-02 -9.28875764357368E-03 *X,
                     7.76823355931043E-01 -1.19511285527878E-01 *X,
                     6.66279971938567E+00 -1.02504611068957E+00 *X],
                    [4.67913934572691E-01 -5.64876917232519E-02 *X,
                     3.60761573048137E-01 -1.49077186455208E-01 *X,
                     1.71324492379169E-01 -1.27768455150979E-01 *X])
        else:
            raise Exception("Incorrect number of roots %s in Roots" % n)
    elif X < 1.:
        if n == 1:
            F1 = ((((((((-8.36313918003957E-08*X+1.21222603512827E-06 )*X-
                        1.15662609053481E-05 )*X+9.25197374512647E-05 )*X-
                      6.40994113129432E-04 )*X+3.78787044215009E-03 )*X-
                    1.85185172458485E-02 )*X+7.14285713298222E-02 )*X-
                  1.99999999997023E-01 )*X+3.33333333333318E-01
            WW1 = (X+X)*F1+exp(-X)
            RT1 = F1/(WW1-F1)
            return [RT1],[WW1]
        elif n == 2:
            F1 = ((((((((-8.36313918003957E-08*X+1.21222603512827E-06 )*X-
                        1.15662609053481E-05 )*X+9.25197374512647E-05 )*X-
                      6.40994113129432E-04 )*X+3.78787044215009E-03 )*X-
                    1.85185172458485E-02 )*X+7.14285713298222E-02 )*X-
                  1.99999999997023E-01 )*X+3.33333333333318E-01
            WW1 = (X+X)*F1+exp(-X)
            RT1 = (((((((-2.35234358048491E-09*X+2.49173650389842E-08)*X-
                        4.558315364581E-08)*X-2.447252174587E-06)*X+
                      4.743292959463E-05)*X-5.33184749432408E-04 )*X+
                    4.44654947116579E-03 )*X-2.90430236084697E-02 )*X+\
                    1.30693606237085E-01
            RT2 = (((((((-2.47404902329170E-08*X+2.36809910635906E-07)*X+
                        1.835367736310E-06)*X-2.066168802076E-05)*X-
                      1.345693393936E-04)*X-5.88154362858038E-05 )*X+
                    5.32735082098139E-02 )*X-6.37623643056745E-01 )*X+\
                    2.86930639376289E+00
            WW2 = ((F1-WW1)*RT1+F1)*(1.0E+00+RT2)/(RT2-RT1)
            WW1 = WW1-WW2
            return [RT1,RT2],[WW1,WW2]
        elif n == 3:
            RT1 = ((((((-5.10186691538870E-10*X+2.40134415703450E-08)*X-
                 5.01081057744427E-07 )*X+7.58291285499256E-06 )*X-
               9.55085533670919E-05 )*X+1.02893039315878E-03 )*X-
             9.28875764374337E-03 )*X+6.03769246832810E-02
            RT2 = ((((((-1.29646524960555E-08*X+7.74602292865683E-08)*X+
                       1.56022811158727E-06 )*X-1.58051990661661E-05 )*X-
                     3.30447806384059E-04 )*X+9.74266885190267E-03 )*X-
                   1.19511285526388E-01 )*X+7.76823355931033E-01
            RT3 = ((((((-9.28536484109606E-09*X-3.02786290067014E-07)*X-
                       2.50734477064200E-06 )*X-7.32728109752881E-06 )*X+
                     2.44217481700129E-04 )*X+4.94758452357327E-02 )*X-
                   1.02504611065774E+00 )*X+6.66279971938553E+00
            F2 = ((((((((-7.60911486098850E-08*X+1.09552870123182E-06 )*X-
                        1.03463270693454E-05 )*X+8.16324851790106E-05 )*X-
                      5.55526624875562E-04 )*X+3.20512054753924E-03 )*X-
                    1.51515139838540E-02 )*X+5.55555554649585E-02 )*X-
                  1.42857142854412E-01 )*X+1.99999999999986E-01
            E = exp(-X)
            F1 = ((X+X)*F2+E)/3.0E+00
            WW1 = (X+X)*F1+E
            T1 = RT1/(RT1+1.0E+00)
            T2 = RT2/(RT2+1.0E+00)
            T3 = RT3/(RT3+1.0E+00)
            A2 = F2-T1*F1
            A1 = F1-T1*WW1
            WW3 = (A2-T2*A1)/((T3-T2)*(T3-T1))
            WW2 = (T3*A1-A2)/((T3-T2)*(T2-T1))
            WW1 = WW1-WW2-WW3
            return [RT1,RT2,RT3],[WW1,WW2,WW3]
    elif X < 3.:
        Y = X-2.0E+00
        if n == 1:
            F1 = ((((((((((-1.61702782425558E-10*Y+1.96215250865776E-09 )*Y-
                          2.14234468198419E-08 )*Y+2.17216556336318E-07 )*Y-
                        1.98850171329371E-06 )*Y+1.62429321438911E-05 )*Y-
                      1.16740298039895E-04 )*Y+7.24888732052332E-04 )*Y-
                    3.79490003707156E-03 )*Y+1.61723488664661E-02 )*Y-
                  5.29428148329736E-02 )*Y+1.15702180856167E-01
            WW1 = (X+X)*F1+exp(-X)
            RT1 = F1/(WW1-F1)
            return [RT1],[WW1]
        elif n == 2:
            F1 = ((((((((((-1.61702782425558E-10*Y+1.96215250865776E-09 )*Y-
                          2.14234468198419E-08 )*Y+2.17216556336318E-07 )*Y-
                        1.98850171329371E-06 )*Y+1.62429321438911E-05 )*Y-
                      1.16740298039895E-04 )*Y+7.24888732052332E-04 )*Y-
                    3.79490003707156E-03 )*Y+1.61723488664661E-02 )*Y-
                  5.29428148329736E-02 )*Y+1.15702180856167E-01
            WW1 = (X+X)*F1+exp(-X)
            RT1 = (((((((((-6.36859636616415E-12*Y+8.47417064776270E-11)*Y-
                          5.152207846962E-10)*Y-3.846389873308E-10)*Y+
                        8.472253388380E-08)*Y-1.85306035634293E-06 )*Y+
                      2.47191693238413E-05 )*Y-2.49018321709815E-04 )*Y+
                    2.19173220020161E-03 )*Y-1.63329339286794E-02 )*Y+\
                    8.68085688285261E-02
            RT2 = ((((((((( 1.45331350488343E-10*Y+2.07111465297976E-09)*Y-
                          1.878920917404E-08)*Y-1.725838516261E-07)*Y+
                        2.247389642339E-06)*Y+9.76783813082564E-06 )*Y-
                      1.93160765581969E-04 )*Y-1.58064140671893E-03 )*Y+
                    4.85928174507904E-02 )*Y-4.30761584997596E-01 )*Y+\
                    1.80400974537950E+00
            WW2 = ((F1-WW1)*RT1+F1)*(1.0E+00+RT2)/(RT2-RT1)
            WW1 = WW1-WW2
            return [RT1,RT2],[WW1,WW2]
        elif n == 3:
            RT1 = (((((((( 1.44687969563318E-12*Y+4.85300143926755E-12)*Y-
                         6.55098264095516E-10 )*Y+1.56592951656828E-08 )*Y-
                       2.60122498274734E-07 )*Y+3.86118485517386E-06 )*Y-
                     5.13430986707889E-05 )*Y+6.03194524398109E-04 )*Y-
                   6.11219349825090E-03 )*Y+4.52578254679079E-02
            RT2 = ((((((( 6.95964248788138E-10*Y-5.35281831445517E-09)*Y-
                        6.745205954533E-08)*Y+1.502366784525E-06)*Y+
                      9.923326947376E-07)*Y-3.89147469249594E-04 )*Y+
                    7.51549330892401E-03 )*Y-8.48778120363400E-02 )*Y+\
                    5.73928229597613E-01
            RT3 = ((((((((-2.81496588401439E-10*Y+3.61058041895031E-09)*Y+
                         4.53631789436255E-08 )*Y-1.40971837780847E-07 )*Y-
                       6.05865557561067E-06 )*Y-5.15964042227127E-05 )*Y+
                     3.34761560498171E-05 )*Y+5.04871005319119E-02 )*Y-
                   8.24708946991557E-01 )*Y+4.81234667357205E+00
            F2 = ((((((((((-1.48044231072140E-10*Y+1.78157031325097E-09 )*Y-
                          1.92514145088973E-08 )*Y+1.92804632038796E-07 )*Y-
                        1.73806555021045E-06 )*Y+1.39195169625425E-05 )*Y-
                      9.74574633246452E-05 )*Y+5.83701488646511E-04 )*Y-
                    2.89955494844975E-03 )*Y+1.13847001113810E-02 )*Y-
                  3.23446977320647E-02 )*Y+5.29428148329709E-02
            E = exp(-X)
            F1 = ((X+X)*F2+E)/3.0E+00
            WW1 = (X+X)*F1+E
            T1 = RT1/(RT1+1.0E+00)
            T2 = RT2/(RT2+1.0E+00)
            T3 = RT3/(RT3+1.0E+00)
            A2 = F2-T1*F1
            A1 = F1-T1*WW1
            WW3 = (A2-T2*A1)/((T3-T2)*(T3-T1))
            WW2 = (T3*A1-A2)/((T3-T2)*(T2-T1))
            WW1 = WW1-WW2-WW3
            return [RT1,RT2,RT3],[WW1,WW2,WW3]
    elif X < 5.:
        Y = X-4.0E+00
        if n == 1:
            F1 = ((((((((((-2.62453564772299E-11*Y+3.24031041623823E-10 )*Y-
                          3.614965656163E-09)*Y+3.760256799971E-08)*Y-
                        3.553558319675E-07)*Y+3.022556449731E-06)*Y-
                      2.290098979647E-05)*Y+1.526537461148E-04)*Y-
                    8.81947375894379E-04 )*Y+4.33207949514611E-03 )*Y-
                  1.75257821619926E-02 )*Y+5.28406320615584E-02
            WW1 = (X+X)*F1+exp(-X)
            RT1 = F1/(WW1-F1)
            return [RT1],[WW1]
        elif n == 2:
            F1 = ((((((((((-2.62453564772299E-11*Y+3.24031041623823E-10 )*Y-
                          3.614965656163E-09)*Y+3.760256799971E-08)*Y-
                        3.553558319675E-07)*Y+3.022556449731E-06)*Y-
                      2.290098979647E-05)*Y+1.526537461148E-04)*Y-
                    8.81947375894379E-04 )*Y+4.33207949514611E-03 )*Y-
                  1.75257821619926E-02 )*Y+5.28406320615584E-02
            WW1 = (X+X)*F1+exp(-X)
            RT1 = ((((((((-4.11560117487296E-12*Y+7.10910223886747E-11)*Y-
                         1.73508862390291E-09 )*Y+5.93066856324744E-08 )*Y-
                       9.76085576741771E-07 )*Y+1.08484384385679E-05 )*Y-
                     1.12608004981982E-04 )*Y+1.16210907653515E-03 )*Y-
                   9.89572595720351E-03 )*Y+6.12589701086408E-02
            RT2 = (((((((((-1.80555625241001E-10*Y+5.44072475994123E-10)*Y+
                          1.603498045240E-08)*Y-1.497986283037E-07)*Y-
                        7.017002532106E-07)*Y+1.85882653064034E-05 )*Y-
                      2.04685420150802E-05 )*Y-2.49327728643089E-03 )*Y+
                    3.56550690684281E-02 )*Y-2.60417417692375E-01 )*Y+\
                    1.12155283108289E+00
            WW2 = ((F1-WW1)*RT1+F1)*(1.0E+00+RT2)/(RT2-RT1)
            WW1 = WW1-WW2
            return [RT1,RT2],[WW1,WW2]
        elif n == 3:
            RT1 = ((((((( 1.44265709189601E-11*Y-4.66622033006074E-10)*Y+
                        7.649155832025E-09)*Y-1.229940017368E-07)*Y+
                      2.026002142457E-06)*Y-2.87048671521677E-05 )*Y+
                    3.70326938096287E-04 )*Y-4.21006346373634E-03 )*Y+\
                    3.50898470729044E-02
            RT2 = ((((((((-2.65526039155651E-11*Y+1.97549041402552E-10)*Y+
                         2.15971131403034E-09 )*Y-7.95045680685193E-08 )*Y+
                       5.15021914287057E-07 )*Y+1.11788717230514E-05 )*Y-
                     3.33739312603632E-04 )*Y+5.30601428208358E-03 )*Y-
                   5.93483267268959E-02 )*Y+4.31180523260239E-01
            RT3 = ((((((((-3.92833750584041E-10*Y-4.16423229782280E-09)*Y+
                         4.42413039572867E-08 )*Y+6.40574545989551E-07 )*Y-
                       3.05512456576552E-06 )*Y-1.05296443527943E-04 )*Y-
                     6.14120969315617E-04 )*Y+4.89665802767005E-02 )*Y-
                   6.24498381002855E-01 )*Y+3.36412312243724E+00
            F2 = ((((((((((-2.36788772599074E-11*Y+2.89147476459092E-10 )*Y-
                          3.18111322308846E-09 )*Y+3.25336816562485E-08 )*Y-
                        3.00873821471489E-07 )*Y+2.48749160874431E-06 )*Y-
                      1.81353179793672E-05 )*Y+1.14504948737066E-04 )*Y-
                    6.10614987696677E-04 )*Y+2.64584212770942E-03 )*Y-
                  8.66415899015349E-03 )*Y+1.75257821619922E-02
            E = exp(-X)
            F1 = ((X+X)*F2+E)/3.0E+00
            WW1 = (X+X)*F1+E
            T1 = RT1/(RT1+1.0E+00)
            T2 = RT2/(RT2+1.0E+00)
            T3 = RT3/(RT3+1.0E+00)
            A2 = F2-T1*F1
            A1 = F1-T1*WW1
            WW3 = (A2-T2*A1)/((T3-T2)*(T3-T1))
            WW2 = (T3*A1-A2)/((T3-T2)*(T2-T1))
            WW1 = WW1-WW2-WW3
            return [RT1,RT2,RT3],[WW1,WW2,WW3]
    elif X < 10:
        E = exp(-X)
        WW1 = (((((( 4.6897511375022E-01/X-6.9955602298985E-01)/X +
                   5.3689283271887E-01)/X-3.2883030418398E-01)/X +
                 2.4645596956002E-01)/X-4.9984072848436E-01)/X -
               3.1501078774085E-06)*E + sqrt(PIE4/X)
        F1 = (WW1-E)/(X+X)
        if n == 1:
            RT1 = F1/(WW1-F1)
            return [RT1],[WW1]
        elif n == 2:
            Y = X-7.5E+00
            RT1 = (((((((((((((-1.43632730148572E-16*Y+2.38198922570405E-16)*
                              Y+1.358319618800E-14)*Y-7.064522786879E-14)*Y-
                            7.719300212748E-13)*Y+7.802544789997E-12)*Y+
                          6.628721099436E-11)*Y-1.775564159743E-09)*Y+
                        1.713828823990E-08)*Y-1.497500187053E-07)*Y+
                      2.283485114279E-06)*Y-3.76953869614706E-05 )*Y+
                    4.74791204651451E-04 )*Y-4.60448960876139E-03 )*Y+\
                    3.72458587837249E-02
            RT2 = (((((((((((( 2.48791622798900E-14*Y-1.36113510175724E-13)*Y-
                             2.224334349799E-12)*Y+4.190559455515E-11)*Y-
                           2.222722579924E-10)*Y-2.624183464275E-09)*Y+
                         6.128153450169E-08)*Y-4.383376014528E-07)*Y-
                       2.49952200232910E-06 )*Y+1.03236647888320E-04 )*Y-
                     1.44614664924989E-03 )*Y+1.35094294917224E-02 )*Y-
                   9.53478510453887E-02 )*Y+5.44765245686790E-01
            WW2 = ((F1-WW1)*RT1+F1)*(1.0E+00+RT2)/(RT2-RT1)
            WW1 = WW1-WW2
            return [RT1,RT2],[WW1,WW2]
        elif n == 3:
            F2 = (F1+F1+F1-E)/(X+X)
            Y = X-7.5E+00
            RT1 = ((((((((((( 5.74429401360115E-16*Y+7.11884203790984E-16)*Y-
                            6.736701449826E-14)*Y-6.264613873998E-13)*Y+
                          1.315418927040E-11)*Y-4.23879635610964E-11 )*Y+
                        1.39032379769474E-09 )*Y-4.65449552856856E-08 )*Y+
                      7.34609900170759E-07 )*Y-1.08656008854077E-05 )*Y+
                    1.77930381549953E-04 )*Y-2.39864911618015E-03 )*Y+\
                    2.39112249488821E-02
            RT2 = ((((((((((( 1.13464096209120E-14*Y+6.99375313934242E-15)*Y-
                            8.595618132088E-13)*Y-5.293620408757E-12)*Y-
                          2.492175211635E-11)*Y+2.73681574882729E-09 )*Y-
                        1.06656985608482E-08 )*Y-4.40252529648056E-07 )*Y+
                      9.68100917793911E-06 )*Y-1.68211091755327E-04 )*Y+
                    2.69443611274173E-03 )*Y-3.23845035189063E-02 )*Y+\
                    2.75969447451882E-01
            RT3 = (((((((((((( 6.66339416996191E-15*Y+1.84955640200794E-13)*Y-
                             1.985141104444E-12)*Y-2.309293727603E-11)*Y+
                           3.917984522103E-10)*Y+1.663165279876E-09)*Y-
                         6.205591993923E-08)*Y+8.769581622041E-09)*Y+
                       8.97224398620038E-06 )*Y-3.14232666170796E-05 )*Y-
                     1.83917335649633E-03 )*Y+3.51246831672571E-02 )*Y-
                   3.22335051270860E-01 )*Y+1.73582831755430E+00
            T1 = RT1/(RT1+1.0E+00)
            T2 = RT2/(RT2+1.0E+00)
            T3 = RT3/(RT3+1.0E+00)
            A2 = F2-T1*F1
            A1 = F1-T1*WW1
            WW3 = (A2-T2*A1)/((T3-T2)*(T3-T1))
            WW2 = (T3*A1-A2)/((T3-T2)*(T2-T1))
            WW1 = WW1-WW2-WW3
            return [RT1,RT2,RT3],[WW1,WW2,WW3]
    elif X < 15:
        E = exp(-X)
        WW1 = (((-1.8784686463512E-01/X+2.2991849164985E-01)/X -
                4.9893752514047E-01)/X-2.1916512131607E-05)*E \
                + sqrt(PIE4/X)
        F1 = (WW1-E)/(X+X)
        if n == 1:
            RT1 = F1/(WW1-F1)
            return [RT1],[WW1]
        elif n == 2:
            RT1 = ((((-1.01041157064226E-05*X+1.19483054115173E-03)*X -
                     6.73760231824074E-02)*X+1.25705571069895E+00)*X +
                   (((-8.57609422987199E+03/X+5.91005939591842E+03)/X -
                     1.70807677109425E+03)/X+2.64536689959503E+02)/X -
                   2.38570496490846E+01)*E + R12/(X-R12)
            RT2 = ((( 3.39024225137123E-04*X-9.34976436343509E-02)*X -
                    4.22216483306320E+00)*X +
                   (((-2.08457050986847E+03/X -
                      1.04999071905664E+03)/X+3.39891508992661E+02)/X -
                    1.56184800325063E+02)/X+8.00839033297501E+00)*E + R22/(X-R22)
            WW2 = ((F1-WW1)*RT1+F1)*(1.0E+00+RT2)/(RT2-RT1)
            WW1 = WW1-WW2
            return [RT1,RT2],[WW1,WW2]
        elif n == 3:
            F2 = (F1+F1+F1-E)/(X+X)
            Y = X-12.5E+00
            RT1 = ((((((((((( 4.42133001283090E-16*Y-2.77189767070441E-15)*Y-
                            4.084026087887E-14)*Y+5.379885121517E-13)*Y+
                          1.882093066702E-12)*Y-8.67286219861085E-11 )*Y+
                        7.11372337079797E-10 )*Y-3.55578027040563E-09 )*Y+
                      1.29454702851936E-07 )*Y-4.14222202791434E-06 )*Y+
                    8.04427643593792E-05 )*Y-1.18587782909876E-03 )*Y+\
                    1.53435577063174E-02
            RT2 = ((((((((((( 6.85146742119357E-15*Y-1.08257654410279E-14)*Y-
                            8.579165965128E-13)*Y+6.642452485783E-12)*Y+
                          4.798806828724E-11)*Y-1.13413908163831E-09 )*Y+
                        7.08558457182751E-09 )*Y-5.59678576054633E-08 )*Y+
                      2.51020389884249E-06 )*Y-6.63678914608681E-05 )*Y+
                    1.11888323089714E-03 )*Y-1.45361636398178E-02 )*Y+\
                    1.65077877454402E-01
            RT3 = (((((((((((( 3.20622388697743E-15*Y-2.73458804864628E-14)*Y-
                             3.157134329361E-13)*Y+8.654129268056E-12)*Y-
                           5.625235879301E-11)*Y-7.718080513708E-10)*Y+
                         2.064664199164E-08)*Y-1.567725007761E-07)*Y-
                       1.57938204115055E-06 )*Y+6.27436306915967E-05 )*Y-
                     1.01308723606946E-03 )*Y+1.13901881430697E-02 )*Y-
                   1.01449652899450E-01 )*Y+7.77203937334739E-01
            T1 = RT1/(RT1+1.0E+00)
            T2 = RT2/(RT2+1.0E+00)
            T3 = RT3/(RT3+1.0E+00)
            A2 = F2-T1*F1
            A1 = F1-T1*WW1
            WW3 = (A2-T2*A1)/((T3-T2)*(T3-T1))
            WW2 = (T3*A1-A2)/((T3-T2)*(T2-T1))
            WW1 = WW1-WW2-WW3
            return [RT1,RT2,RT3],[WW1,WW2,WW3]
    elif X < 33:
        E = exp(-X)
        WW1 = (( 1.9623264149430E-01/X-4.9695241464490E-01)/X -
               6.0156581186481E-05)*E + sqrt(PIE4/X)
        F1 = (WW1-E)/(X+X)
        if n == 1:
            RT1 = F1/(WW1-F1)
            return [RT1],[WW1]
        elif n == 2:
            RT1 = ((((-1.14906395546354E-06*X+1.76003409708332E-04)*X -
                     1.71984023644904E-02)*X-1.37292644149838E-01)*X +
                   (-4.75742064274859E+01/X+9.21005186542857E+00)/X -
                   2.31080873898939E-02)*E + R12/(X-R12)
            RT2 = ((( 3.64921633404158E-04*X-9.71850973831558E-02)*X -
                    4.02886174850252E+00)*X +
                   (-1.35831002139173E+02/X -
                    8.66891724287962E+01)/X+2.98011277766958E+00)*E + R22/(X-R22)
            WW2 = ((F1-WW1)*RT1+F1)*(1.0E+00+RT2)/(RT2-RT1)
            WW1 = WW1-WW2
            return [RT1,RT2],[WW1,WW2]
        elif n == 3:
            F2 = (F1+F1+F1-E)/(X+X)
            if X < 20:
                RT1 = ((((((-2.43270989903742E-06*X+3.57901398988359E-04)*X -
                           2.34112415981143E-02)*X+7.81425144913975E-01)*X -
                         1.73209218219175E+01)*X+2.43517435690398E+02)*X +
                       (-1.97611541576986E+04/X+9.82441363463929E+03)/X -
                       2.07970687843258E+03)*E + R13/(X-R13)
                RT2 = (((((-2.62627010965435E-04*X+3.49187925428138E-02)*X -
                          3.09337618731880E+00)*X+1.07037141010778E+02)*X -
                        2.36659637247087E+03)*X +
                       ((-2.91669113681020E+06/X +
                         1.41129505262758E+06)/X-2.91532335433779E+05)/X +
                       3.35202872835409E+04)*E + R23/(X-R23)
                RT3 = ((((( 9.31856404738601E-05*X-2.87029400759565E-02)*X -
                          7.83503697918455E-01)*X-1.84338896480695E+01)*X +
                        4.04996712650414E+02)*X +
                       (-1.89829509315154E+05/X +
                        5.11498390849158E+04)/X-6.88145821789955E+03)*E \
                        + R33/(X-R33)
            else:
                RT1 = ((((-4.97561537069643E-04*X-5.00929599665316E-02)*X +
                         1.31099142238996E+00)*X-1.88336409225481E+01)*X -
                       6.60344754467191E+02 /X+1.64931462413877E+02)*E \
                       + R13/(X-R13)
                RT2 = ((((-4.48218898474906E-03*X-5.17373211334924E-01)*X +
                         1.13691058739678E+01)*X-1.65426392885291E+02)*X -
                       6.30909125686731E+03 /X+1.52231757709236E+03)*E \
                       + R23/(X-R23)
                RT3 = ((((-1.38368602394293E-02*X-1.77293428863008E+00)*X +
                         1.73639054044562E+01)*X-3.57615122086961E+02)*X -
                       1.45734701095912E+04 /X+2.69831813951849E+03)*E \
                       + R33/(X-R33)
            T1 = RT1/(RT1+1.0E+00)
            T2 = RT2/(RT2+1.0E+00)
            T3 = RT3/(RT3+1.0E+00)
            A2 = F2-T1*F1
            A1 = F1-T1*WW1
            WW3 = (A2-T2*A1)/((T3-T2)*(T3-T1))
            WW2 = (T3*A1-A2)/((T3-T2)*(T2-T1))
            WW1 = WW1-WW2-WW3
            return [RT1,RT2,RT3],[WW1,WW2,WW3]
    else:  # X > 33
        WW1 = sqrt(PIE4/X)
        if n == 1:
            RT1 = 0.5E+00/(X-0.5E+00)
            return [RT1],[WW1]
        elif n == 2:
            if X < 40:
                E = exp(-X)
                RT1 = (-8.78947307498880E-01*X+1.09243702330261E+01)*E \
                      + R12/(X-R12)
                RT2 = (-9.28903924275977E+00*X+8.10642367843811E+01)*E \
                      + R22/(X-R22)
                WW2 = ( 4.46857389308400E+00*X-7.79250653461045E+01)*E + W22*WW1
                WW1 = WW1-WW2
            else:
                RT1 = R12/(X-R12)
                RT2 = R22/(X-R22)
                WW2 = W22*WW1
                WW1 = WW1-WW2
            return [RT1,RT2],[WW1,WW2]                
        elif n == 3:
            if X < 47:
                E = exp(-X)
                RT1 = ((-7.39058467995275E+00*X+3.21318352526305E+02)*X -
                       3.99433696473658E+03)*E + R13/(X-R13)
                RT2 = ((-7.38726243906513E+01*X+3.13569966333873E+03)*X -
                       3.86862867311321E+04)*E + R23/(X-R23)
                RT3 = ((-2.63750565461336E+02*X+1.04412168692352E+04)*X -
                       1.28094577915394E+05)*E + R33/(X-R33)
                WW3 = ((( 1.52258947224714E-01*X-8.30661900042651E+00)*X +
                        1.92977367967984E+02)*X-1.67787926005344E+03)*E \
                        + W33*WW1
                WW2 = (( 6.15072615497811E+01*X-2.91980647450269E+03)*X +
                       3.80794303087338E+04)*E + W23*WW1
                WW1 = WW1-WW2-WW3
            else:
                RT1 = R13/(X-R13)
                RT2 = R23/(X-R23)
                RT3 = R33/(X-R33)
                WW2 = W23*WW1
                WW3 = W33*WW1
                WW1 = WW1-WW2-WW3
            return [RT1,RT2,RT3],[WW1,WW2,WW3]
    return None


def Root4(X):
    R14,PIE4 = 1.45303521503316E-01, 7.85398163397448E-01
    R24,W24 = 1.33909728812636E+00, 2.34479815323517E-01
    R34,W34 = 3.92696350135829E+00, 1.92704402415764E-02
    R44,W44 = 8.58863568901199E+00, 2.25229076750736E-04

    if X <= 3.0E-7:
        RT1 = 3.48198973061471E-02 -4.09645850660395E-03 *X
        RT2 = 3.81567185080042E-01 -4.48902570656719E-02 *X
        RT3 = 1.73730726945891E+00 -2.04389090547327E-01 *X
        RT4 = 1.18463056481549E+01 -1.39368301742312E+00 *X
        WW1 = 3.62683783378362E-01 -3.13844305713928E-02 *X
        WW2 = 3.13706645877886E-01 -8.98046242557724E-02 *X
        WW3 = 2.22381034453372E-01 -1.29314370958973E-01 *X
        WW4 = 1.01228536290376E-01 -8.28299075414321E-02 *X
    elif X <= 1.0:
        RT1 = ((((((-1.95309614628539E-10*X+5.19765728707592E-09)*X-
                   1.01756452250573E-07 )*X+1.72365935872131E-06 )*X-
                 2.61203523522184E-05 )*X+3.52921308769880E-04 )*X-
               4.09645850658433E-03 )*X+3.48198973061469E-02
        RT2 = (((((-1.89554881382342E-08*X+3.07583114342365E-07)*X+
                  1.270981734393E-06)*X-1.417298563884E-04)*X+
                3.226979163176E-03)*X-4.48902570678178E-02 )*X+\
                3.81567185080039E-01
        RT3 = (((((( 1.77280535300416E-09*X+3.36524958870615E-08)*X-
                   2.58341529013893E-07 )*X-1.13644895662320E-05 )*X-
                 7.91549618884063E-05 )*X+1.03825827346828E-02 )*X-
               2.04389090525137E-01 )*X+1.73730726945889E+00
        RT4 = (((((-5.61188882415248E-08*X-2.49480733072460E-07)*X+
                  3.428685057114E-06)*X+1.679007454539E-04)*X+
                4.722855585715E-02)*X-1.39368301737828E+00 )*X+\
                1.18463056481543E+01
        WW1 = ((((((-1.14649303201279E-08*X+1.88015570196787E-07)*X-
                   2.33305875372323E-06 )*X+2.68880044371597E-05 )*X-
                 2.94268428977387E-04 )*X+3.06548909776613E-03 )*X-
               3.13844305680096E-02 )*X+3.62683783378335E-01
        WW2 = ((((((((-4.11720483772634E-09*X+6.54963481852134E-08)*X-
                     7.20045285129626E-07 )*X+6.93779646721723E-06 )*X-
                   6.05367572016373E-05 )*X+4.74241566251899E-04 )*X-
                 3.26956188125316E-03 )*X+1.91883866626681E-02 )*X-
               8.98046242565811E-02 )*X+3.13706645877886E-01
        WW3 = ((((((((-3.41688436990215E-08*X+5.07238960340773E-07)*X-
                     5.01675628408220E-06 )*X+4.20363420922845E-05 )*X-
                   3.08040221166823E-04 )*X+1.94431864731239E-03 )*X-
                 1.02477820460278E-02 )*X+4.28670143840073E-02 )*X-
               1.29314370962569E-01 )*X+2.22381034453369E-01
        WW4 = ((((((((( 4.99660550769508E-09*X-7.94585963310120E-08)*X+
                      8.359072409485E-07)*X-7.422369210610E-06)*X+
                    5.763374308160E-05)*X-3.86645606718233E-04 )*X+
                  2.18417516259781E-03 )*X-9.99791027771119E-03 )*X+
                3.48791097377370E-02 )*X-8.28299075413889E-02 )*X+\
                1.01228536290376E-01
    elif X <= 5:
        Y = X-3.0E+00
        RT1 = (((((((((-1.48570633747284E-15*Y-1.33273068108777E-13)*Y+
                      4.068543696670E-12)*Y-9.163164161821E-11)*Y+
                    2.046819017845E-09)*Y-4.03076426299031E-08 )*Y+
                  7.29407420660149E-07 )*Y-1.23118059980833E-05 )*Y+
                1.88796581246938E-04 )*Y-2.53262912046853E-03 )*Y+\
                2.51198234505021E-02
        RT2 = ((((((((( 1.35830583483312E-13*Y-2.29772605964836E-12)*Y-
                      3.821500128045E-12)*Y+6.844424214735E-10)*Y-
                    1.048063352259E-08)*Y+1.50083186233363E-08 )*Y+
                  3.48848942324454E-06 )*Y-1.08694174399193E-04 )*Y+
                2.08048885251999E-03 )*Y-2.91205805373793E-02 )*Y+\
                2.72276489515713E-01
        RT3 = ((((((((( 5.02799392850289E-13*Y+1.07461812944084E-11)*Y-
                      1.482277886411E-10)*Y-2.153585661215E-09)*Y+
                    3.654087802817E-08)*Y+5.15929575830120E-07 )*Y-
                  9.52388379435709E-06 )*Y-2.16552440036426E-04 )*Y+
                9.03551469568320E-03 )*Y-1.45505469175613E-01 )*Y+\
                1.21449092319186E+00
        RT4 = (((((((((-1.08510370291979E-12*Y+6.41492397277798E-11)*Y+
                      7.542387436125E-10)*Y-2.213111836647E-09)*Y-
                    1.448228963549E-07)*Y-1.95670833237101E-06 )*Y-
                  1.07481314670844E-05 )*Y+1.49335941252765E-04 )*Y+
                4.87791531990593E-02 )*Y-1.10559909038653E+00 )*Y+\
                8.09502028611780E+00
        WW1 = ((((((((((-4.65801912689961E-14*Y+7.58669507106800E-13)*Y-
                       1.186387548048E-11)*Y+1.862334710665E-10)*Y-
                     2.799399389539E-09)*Y+4.148972684255E-08)*Y-
                   5.933568079600E-07)*Y+8.168349266115E-06)*Y-
                 1.08989176177409E-04 )*Y+1.41357961729531E-03 )*Y-
               1.87588361833659E-02 )*Y+2.89898651436026E-01
        WW2 = ((((((((((((-1.46345073267549E-14*Y+2.25644205432182E-13)*Y-
                         3.116258693847E-12)*Y+4.321908756610E-11)*Y-
                       5.673270062669E-10)*Y+7.006295962960E-09)*Y-
                     8.120186517000E-08)*Y+8.775294645770E-07)*Y-
                   8.77829235749024E-06 )*Y+8.04372147732379E-05 )*Y-
                 6.64149238804153E-04 )*Y+4.81181506827225E-03 )*Y-
               2.88982669486183E-02 )*Y+1.56247249979288E-01
        WW3 = ((((((((((((( 9.06812118895365E-15*Y-1.40541322766087E-13)*
                          Y+1.919270015269E-12)*Y-2.605135739010E-11)*Y+
                        3.299685839012E-10)*Y-3.86354139348735E-09 )*Y+
                      4.16265847927498E-08 )*Y-4.09462835471470E-07 )*Y+
                    3.64018881086111E-06 )*Y-2.88665153269386E-05 )*Y+
                  2.00515819789028E-04 )*Y-1.18791896897934E-03 )*Y+
                5.75223633388589E-03 )*Y-2.09400418772687E-02 )*Y+\
                4.85368861938873E-02
        WW4 = ((((((((((((((-9.74835552342257E-16*Y+1.57857099317175E-14)*
                           Y-2.249993780112E-13)*Y+3.173422008953E-12)*Y-
                         4.161159459680E-11)*Y+5.021343560166E-10)*Y-
                       5.545047534808E-09)*Y+5.554146993491E-08)*Y-
                     4.99048696190133E-07 )*Y+3.96650392371311E-06 )*Y-
                   2.73816413291214E-05 )*Y+1.60106988333186E-04 )*Y-
                 7.64560567879592E-04 )*Y+2.81330044426892E-03 )*Y-
               7.16227030134947E-03 )*Y+9.66077262223353E-03
    elif X <= 10.0:
        Y = X-7.5E+00
        RT1 = ((((((((( 4.64217329776215E-15*Y-6.27892383644164E-15)*Y+
                      3.462236347446E-13)*Y-2.927229355350E-11)*Y+
                    5.090355371676E-10)*Y-9.97272656345253E-09 )*Y+
                  2.37835295639281E-07 )*Y-4.60301761310921E-06 )*Y+
                8.42824204233222E-05 )*Y-1.37983082233081E-03 )*Y+\
                1.66630865869375E-02
        RT2 = ((((((((( 2.93981127919047E-14*Y+8.47635639065744E-13)*Y-
                      1.446314544774E-11)*Y-6.149155555753E-12)*Y+
                    8.484275604612E-10)*Y-6.10898827887652E-08 )*Y+
                  2.39156093611106E-06 )*Y-5.35837089462592E-05 )*Y+
                1.00967602595557E-03 )*Y-1.57769317127372E-02 )*Y+\
                1.74853819464285E-01
        RT3 = (((((((((( 2.93523563363000E-14*Y-6.40041776667020E-14)*Y-
                       2.695740446312E-12)*Y+1.027082960169E-10)*Y-
                     5.822038656780E-10)*Y-3.159991002539E-08)*Y+
                   4.327249251331E-07)*Y+4.856768455119E-06)*Y-
                 2.54617989427762E-04 )*Y+5.54843378106589E-03 )*Y-
               7.95013029486684E-02 )*Y+7.20206142703162E-01
        RT4 = (((((((((((-1.62212382394553E-14*Y+7.68943641360593E-13)*Y+
                        5.764015756615E-12)*Y-1.380635298784E-10)*Y-
                      1.476849808675E-09)*Y+1.84347052385605E-08 )*Y+
                    3.34382940759405E-07 )*Y-1.39428366421645E-06 )*Y-
                  7.50249313713996E-05 )*Y-6.26495899187507E-04 )*Y+
                4.69716410901162E-02 )*Y-6.66871297428209E-01 )*Y+\
                4.11207530217806E+00
        WW1 = ((((((((((-1.65995045235997E-15*Y+6.91838935879598E-14)*Y-
                       9.131223418888E-13)*Y+1.403341829454E-11)*Y-
                     3.672235069444E-10)*Y+6.366962546990E-09)*Y-
                   1.039220021671E-07)*Y+1.959098751715E-06)*Y-
                 3.33474893152939E-05 )*Y+5.72164211151013E-04 )*Y-
               1.05583210553392E-02 )*Y+2.26696066029591E-01
        WW2 = ((((((((((((-3.57248951192047E-16*Y+6.25708409149331E-15)*Y-
                         9.657033089714E-14)*Y+1.507864898748E-12)*Y-
                       2.332522256110E-11)*Y+3.428545616603E-10)*Y-
                     4.698730937661E-09)*Y+6.219977635130E-08)*Y-
                   7.83008889613661E-07 )*Y+9.08621687041567E-06 )*Y-
                 9.86368311253873E-05 )*Y+9.69632496710088E-04 )*Y-
               8.14594214284187E-03 )*Y+8.50218447733457E-02
        WW3 = ((((((((((((( 1.64742458534277E-16*Y-2.68512265928410E-15)*
                          Y+3.788890667676E-14)*Y-5.508918529823E-13)*Y+
                        7.555896810069E-12)*Y-9.69039768312637E-11 )*Y+
                      1.16034263529672E-09 )*Y-1.28771698573873E-08 )*Y+
                    1.31949431805798E-07 )*Y-1.23673915616005E-06 )*Y+
                  1.04189803544936E-05 )*Y-7.79566003744742E-05 )*Y+
                5.03162624754434E-04 )*Y-2.55138844587555E-03 )*Y+\
                1.13250730954014E-02
        WW4 = ((((((((((((((-1.55714130075679E-17*Y+2.57193722698891E-16)*
                           Y-3.626606654097E-15)*Y+5.234734676175E-14)*Y-
                         7.067105402134E-13)*Y+8.793512664890E-12)*Y-
                       1.006088923498E-10)*Y+1.050565098393E-09)*Y-
                     9.91517881772662E-09 )*Y+8.35835975882941E-08 )*Y-
                   6.19785782240693E-07 )*Y+3.95841149373135E-06 )*Y-
                 2.11366761402403E-05 )*Y+9.00474771229507E-05 )*Y-
               2.78777909813289E-04 )*Y+5.26543779837487E-04
    elif X <= 15:
        Y = X-12.5E+00
        RT1 = ((((((((((( 4.94869622744119E-17*Y+8.03568805739160E-16)*Y-
                        5.599125915431E-15)*Y-1.378685560217E-13)*Y+
                      7.006511663249E-13)*Y+1.30391406991118E-11 )*Y+
                    8.06987313467541E-11 )*Y-5.20644072732933E-09 )*Y+
                  7.72794187755457E-08 )*Y-1.61512612564194E-06 )*Y+
                4.15083811185831E-05 )*Y-7.87855975560199E-04 )*Y+\
                1.14189319050009E-02
        RT2 = ((((((((((( 4.89224285522336E-16*Y+1.06390248099712E-14)*Y-
                        5.446260182933E-14)*Y-1.613630106295E-12)*Y+
                      3.910179118937E-12)*Y+1.90712434258806E-10 )*Y+
                    8.78470199094761E-10 )*Y-5.97332993206797E-08 )*Y+
                  9.25750831481589E-07 )*Y-2.02362185197088E-05 )*Y+
                4.92341968336776E-04 )*Y-8.68438439874703E-03 )*Y+\
                1.15825965127958E-01
        RT3 = (((((((((( 6.12419396208408E-14*Y+1.12328861406073E-13)*Y-
                       9.051094103059E-12)*Y-4.781797525341E-11)*Y+
                     1.660828868694E-09)*Y+4.499058798868E-10)*Y-
                   2.519549641933E-07)*Y+4.977444040180E-06)*Y-
                 1.25858350034589E-04 )*Y+2.70279176970044E-03 )*Y-
               3.99327850801083E-02 )*Y+4.33467200855434E-01
        RT4 = ((((((((((( 4.63414725924048E-14*Y-4.72757262693062E-14)*Y-
                        1.001926833832E-11)*Y+6.074107718414E-11)*Y+
                      1.576976911942E-09)*Y-2.01186401974027E-08 )*Y-
                    1.84530195217118E-07 )*Y+5.02333087806827E-06 )*Y+
                  9.66961790843006E-06 )*Y-1.58522208889528E-03 )*Y+
                2.80539673938339E-02 )*Y-2.78953904330072E-01 )*Y+\
                1.82835655238235E+00
        WW4 = ((((((((((((( 2.90401781000996E-18*Y-4.63389683098251E-17)*
                          Y+6.274018198326E-16)*Y-8.936002188168E-15)*Y+
                        1.194719074934E-13)*Y-1.45501321259466E-12 )*Y+
                      1.64090830181013E-11 )*Y-1.71987745310181E-10 )*Y+
                    1.63738403295718E-09 )*Y-1.39237504892842E-08 )*Y+
                  1.06527318142151E-07 )*Y-7.27634957230524E-07 )*Y+
                4.12159381310339E-06 )*Y-1.74648169719173E-05 )*Y+\
                8.50290130067818E-05
        WW3 = ((((((((((((-4.19569145459480E-17*Y+5.94344180261644E-16)*Y-
                         1.148797566469E-14)*Y+1.881303962576E-13)*Y-
                       2.413554618391E-12)*Y+3.372127423047E-11)*Y-
                     4.933988617784E-10)*Y+6.116545396281E-09)*Y-
                   6.69965691739299E-08 )*Y+7.52380085447161E-07 )*Y-
                 8.08708393262321E-06 )*Y+6.88603417296672E-05 )*Y-
               4.67067112993427E-04 )*Y+5.42313365864597E-03
        WW2 = ((((((((((-6.22272689880615E-15*Y+1.04126809657554E-13)*Y-
                       6.842418230913E-13)*Y+1.576841731919E-11)*Y-
                     4.203948834175E-10)*Y+6.287255934781E-09)*Y-
                   8.307159819228E-08)*Y+1.356478091922E-06)*Y-
                 2.08065576105639E-05 )*Y+2.52396730332340E-04 )*Y-
               2.94484050194539E-03 )*Y+6.01396183129168E-02
        WW1 = (((-1.8784686463512E-01/X+2.2991849164985E-01)/X -
                4.9893752514047E-01)/X-2.1916512131607E-05)*exp(-X) +\
                sqrt(PIE4/X)-WW4-WW3-WW2
    elif X <= 20:
        WW1 = sqrt(PIE4/X)
        Y = X-17.5E+00
        RT1 = ((((((((((( 4.36701759531398E-17*Y-1.12860600219889E-16)*Y-
                        6.149849164164E-15)*Y+5.820231579541E-14)*Y+
                      4.396602872143E-13)*Y-1.24330365320172E-11 )*Y+
                    6.71083474044549E-11 )*Y+2.43865205376067E-10 )*Y+
                  1.67559587099969E-08 )*Y-9.32738632357572E-07 )*Y+
                2.39030487004977E-05 )*Y-4.68648206591515E-04 )*Y+\
                8.34977776583956E-03
        RT2 = ((((((((((( 4.98913142288158E-16*Y-2.60732537093612E-16)*Y-
                        7.775156445127E-14)*Y+5.766105220086E-13)*Y+
                      6.432696729600E-12)*Y-1.39571683725792E-10 )*Y+
                    5.95451479522191E-10 )*Y+2.42471442836205E-09 )*Y+
                  2.47485710143120E-07 )*Y-1.14710398652091E-05 )*Y+
                2.71252453754519E-04 )*Y-4.96812745851408E-03 )*Y+\
                8.26020602026780E-02
        RT3 = ((((((((((( 1.91498302509009E-15*Y+1.48840394311115E-14)*Y-
                        4.316925145767E-13)*Y+1.186495793471E-12)*Y+
                      4.615806713055E-11)*Y-5.54336148667141E-10 )*Y+
                    3.48789978951367E-10 )*Y-2.79188977451042E-09 )*Y+
                  2.09563208958551E-06 )*Y-6.76512715080324E-05 )*Y+
                1.32129867629062E-03 )*Y-2.05062147771513E-02 )*Y+\
                2.88068671894324E-01
        RT4 = (((((((((((-5.43697691672942E-15*Y-1.12483395714468E-13)*Y+
                        2.826607936174E-12)*Y-1.266734493280E-11)*Y-
                      4.258722866437E-10)*Y+9.45486578503261E-09 )*Y-
                    5.86635622821309E-08 )*Y-1.28835028104639E-06 )*Y+
                  4.41413815691885E-05 )*Y-7.61738385590776E-04 )*Y+
                9.66090902985550E-03 )*Y-1.01410568057649E-01 )*Y+\
                9.54714798156712E-01
        WW4 = ((((((((((((-7.56882223582704E-19*Y+7.53541779268175E-18)*Y-
                         1.157318032236E-16)*Y+2.411195002314E-15)*Y-
                       3.601794386996E-14)*Y+4.082150659615E-13)*Y-
                     4.289542980767E-12)*Y+5.086829642731E-11)*Y-
                   6.35435561050807E-10 )*Y+6.82309323251123E-09 )*Y-
                 5.63374555753167E-08 )*Y+3.57005361100431E-07 )*Y-
               2.40050045173721E-06 )*Y+4.94171300536397E-05
        WW3 = (((((((((((-5.54451040921657E-17*Y+2.68748367250999E-16)*Y+
                        1.349020069254E-14)*Y-2.507452792892E-13)*Y+
                      1.944339743818E-12)*Y-1.29816917658823E-11 )*Y+
                    3.49977768819641E-10 )*Y-8.67270669346398E-09 )*Y+
                  1.31381116840118E-07 )*Y-1.36790720600822E-06 )*Y+
                1.19210697673160E-05 )*Y-1.42181943986587E-04 )*Y+\
                4.12615396191829E-03
        WW2 = (((((((((((-1.86506057729700E-16*Y+1.16661114435809E-15)*Y+
                        2.563712856363E-14)*Y-4.498350984631E-13)*Y+
                      1.765194089338E-12)*Y+9.04483676345625E-12 )*Y+
                    4.98930345609785E-10 )*Y-2.11964170928181E-08 )*Y+
                  3.98295476005614E-07 )*Y-5.49390160829409E-06 )*Y+
                7.74065155353262E-05 )*Y-1.48201933009105E-03 )*Y+\
                4.97836392625268E-02
        WW1 = (( 1.9623264149430E-01/X-4.9695241464490E-01)/X -
               6.0156581186481E-05)*exp(-X)+WW1-WW2-WW3-WW4
    elif X <= 35:
        WW1 = sqrt(PIE4/X)
        E = exp(-X)
        RT1 = ((((((-4.45711399441838E-05*X+1.27267770241379E-03)*X -
                   2.36954961381262E-01)*X+1.54330657903756E+01)*X -
                 5.22799159267808E+02)*X+1.05951216669313E+04)*X +
               (-2.51177235556236E+06/X+8.72975373557709E+05)/X -
               1.29194382386499E+05)*E + R14/(X-R14)
        RT2 = (((((-7.85617372254488E-02*X+6.35653573484868E+00)*X -
                  3.38296938763990E+02)*X+1.25120495802096E+04)*X -
                3.16847570511637E+05)*X +
               ((-1.02427466127427E+09/X +
                 3.70104713293016E+08)/X-5.87119005093822E+07)/X +
               5.38614211391604E+06)*E + R24/(X-R24)
        RT3 = (((((-2.37900485051067E-01*X+1.84122184400896E+01)*X -
                  1.00200731304146E+03)*X+3.75151841595736E+04)*X -
                9.50626663390130E+05)*X +
               ((-2.88139014651985E+09/X +
                 1.06625915044526E+09)/X-1.72465289687396E+08)/X +
               1.60419390230055E+07)*E + R34/(X-R34)
        RT4 = ((((((-6.00691586407385E-04*X-3.64479545338439E-01)*X +
                   1.57496131755179E+01)*X-6.54944248734901E+02)*X +
                 1.70830039597097E+04)*X-2.90517939780207E+05)*X +
               (3.49059698304732E+07/X-1.64944522586065E+07)/X +
               2.96817940164703E+06)*E + R44/(X-R44)
        if X <= 25:
            WW4 = ((((((( 2.33766206773151E-07*X-
                          3.81542906607063E-05)*X +3.51416601267000E-03)*X-
                       1.66538571864728E-01)*X +4.80006136831847E+00)*X-
                     8.73165934223603E+01)*X +9.77683627474638E+02)*X +
                   1.66000945117640E+04/X -6.14479071209961E+03)*E + W44*WW1
        else:
            WW4 = (((((( 5.74245945342286E-06*X-
                         7.58735928102351E-05)*X +2.35072857922892E-04)*X-
                      3.78812134013125E-03)*X +3.09871652785805E-01)*X-
                    7.11108633061306E+00)*X +5.55297573149528E+01)*E + W44*WW1
        WW3 = (((((( 2.36392855180768E-04*X-9.16785337967013E-03)*X +
                   4.62186525041313E-01)*X-1.96943786006540E+01)*X +
                 4.99169195295559E+02)*X-6.21419845845090E+03)*X +
               ((+5.21445053212414E+07/X-1.34113464389309E+07)/X +
                1.13673298305631E+06)/X-2.81501182042707E+03)*E + W34*WW1
        WW2 = (((((( 7.29841848989391E-04*X-3.53899555749875E-02)*X +
                   2.07797425718513E+00)*X-1.00464709786287E+02)*X +
                 3.15206108877819E+03)*X-6.27054715090012E+04)*X +
               (+1.54721246264919E+07/X-5.26074391316381E+06)/X +
               7.67135400969617E+05)*E + W24*WW1
        WW1 = (( 1.9623264149430E-01/X-4.9695241464490E-01)/X -
               6.0156581186481E-05)*E + WW1-WW2-WW3-WW4
    elif X <= 53:
        WW1 = sqrt(PIE4/X)
        E = exp(-X)*(X*X)**2
        RT4 = ((-2.19135070169653E-03*X-1.19108256987623E-01)*X -
               7.50238795695573E-01)*E + R44/(X-R44)
        RT3 = ((-9.65842534508637E-04*X-4.49822013469279E-02)*X +
               6.08784033347757E-01)*E + R34/(X-R34)
        RT2 = ((-3.62569791162153E-04*X-9.09231717268466E-03)*X +
               1.84336760556262E-01)*E + R24/(X-R24)
        RT1 = ((-4.07557525914600E-05*X-6.88846864931685E-04)*X +
               1.74725309199384E-02)*E + R14/(X-R14)
        WW4 = (( 5.76631982000990E-06*X-7.89187283804890E-05)*X +
               3.28297971853126E-04)*E + W44*WW1
        WW3 = (( 2.08294969857230E-04*X-3.77489954837361E-03)*X +
               2.09857151617436E-02)*E + W34*WW1
        WW2 = (( 6.16374517326469E-04*X-1.26711744680092E-02)*X +
               8.14504890732155E-02)*E + W24*WW1
        WW1 = WW1-WW2-WW3-WW4
    else:
        WW1 = sqrt(PIE4/X)
        RT1 = R14/(X-R14)
        RT2 = R24/(X-R24)
        RT3 = R34/(X-R34)
        RT4 = R44/(X-R44)
        WW4 = W44*WW1
        WW3 = W34*WW1
        WW2 = W24*WW1
        WW1 = WW1-WW2-WW3-WW4
    return [RT1,RT2,RT3,RT4],[WW1,WW2,WW3,WW4]


def Root5(X):
    R15,PIE4 = 1.17581320211778E-01, 7.85398163397448E-01
    R25,W25 = 1.07456201243690E+00, 2.70967405960535E-01
    R35,W35 = 3.08593744371754E+00, 3.82231610015404E-02
    R45,W45 = 6.41472973366203E+00, 1.51614186862443E-03
    R55,W55 = 1.18071894899717E+01, 8.62130526143657E-06


    if X < 3.e-7:
        RT1 = 2.26659266316985E-02 -2.15865967920897E-03 *X
        RT2 = 2.31271692140903E-01 -2.20258754389745E-02 *X
        RT3 = 8.57346024118836E-01 -8.16520023025515E-02 *X
        RT4 = 2.97353038120346E+00 -2.83193369647137E-01 *X
        RT5 = 1.84151859759051E+01 -1.75382723579439E+00 *X
        WW1 = 2.95524224714752E-01 -1.96867576909777E-02 *X
        WW2 = 2.69266719309995E-01 -5.61737590184721E-02 *X
        WW3 = 2.19086362515981E-01 -9.71152726793658E-02 *X
        WW4 = 1.49451349150580E-01 -1.02979262193565E-01 *X
        WW5 = 6.66713443086877E-02 -5.73782817488315E-02 *X
    elif X < 1.0:
        RT1 = ((((((-4.46679165328413E-11*X+1.21879111988031E-09)*X-
                   2.62975022612104E-08 )*X+5.15106194905897E-07 )*X-
                 9.27933625824749E-06 )*X+1.51794097682482E-04 )*X-
               2.15865967920301E-03 )*X+2.26659266316985E-02
        RT2 = (((((( 1.93117331714174E-10*X-4.57267589660699E-09)*X+
                   2.48339908218932E-08 )*X+1.50716729438474E-06 )*X-
                 6.07268757707381E-05 )*X+1.37506939145643E-03 )*X-
               2.20258754419939E-02 )*X+2.31271692140905E-01
        RT3 = ((((( 4.84989776180094E-09*X+1.31538893944284E-07)*X-
                  2.766753852879E-06)*X-7.651163510626E-05)*X+
                4.033058545972E-03)*X-8.16520022916145E-02 )*X+\
                8.57346024118779E-01
        RT4 = ((((-2.48581772214623E-07*X-4.34482635782585E-06)*X-
                 7.46018257987630E-07 )*X+1.01210776517279E-02 )*X-
               2.83193369640005E-01 )*X+2.97353038120345E+00
        RT5 = (((((-8.92432153868554E-09*X+1.77288899268988E-08)*X+
                  3.040754680666E-06)*X+1.058229325071E-04)*X+
                4.596379534985E-02)*X-1.75382723579114E+00 )*X+\
                1.84151859759049E+01
        WW1 = ((((((-2.03822632771791E-09*X+3.89110229133810E-08)*X-
                   5.84914787904823E-07 )*X+8.30316168666696E-06 )*X-
                 1.13218402310546E-04 )*X+1.49128888586790E-03 )*X-
               1.96867576904816E-02 )*X+2.95524224714749E-01
        WW2 = ((((((( 8.62848118397570E-09*X-1.38975551148989E-07)*X+
                    1.602894068228E-06)*X-1.646364300836E-05)*X+
                  1.538445806778E-04)*X-1.28848868034502E-03 )*X+
                9.38866933338584E-03 )*X-5.61737590178812E-02 )*X+\
                2.69266719309991E-01
        WW3 = ((((((((-9.41953204205665E-09*X+1.47452251067755E-07)*X-
                     1.57456991199322E-06 )*X+1.45098401798393E-05 )*X-
                   1.18858834181513E-04 )*X+8.53697675984210E-04 )*X-
                 5.22877807397165E-03 )*X+2.60854524809786E-02 )*X-
               9.71152726809059E-02 )*X+2.19086362515979E-01
        WW4 = ((((((((-3.84961617022042E-08*X+5.66595396544470E-07)*X-
                     5.52351805403748E-06 )*X+4.53160377546073E-05 )*X-
                   3.22542784865557E-04 )*X+1.95682017370967E-03 )*X-
                 9.77232537679229E-03 )*X+3.79455945268632E-02 )*X-
               1.02979262192227E-01 )*X+1.49451349150573E-01
        WW5 = ((((((((( 4.09594812521430E-09*X-6.47097874264417E-08)*X+
                      6.743541482689E-07)*X-5.917993920224E-06)*X+
                    4.531969237381E-05)*X-2.99102856679638E-04 )*X+
                  1.65695765202643E-03 )*X-7.40671222520653E-03 )*X+
                2.50889946832192E-02 )*X-5.73782817487958E-02 )*X+\
                6.66713443086877E-02
    elif X < 5.0:
        Y = X-3.0E+00
        RT1 = ((((((((-2.58163897135138E-14*Y+8.14127461488273E-13)*Y-
                     2.11414838976129E-11 )*Y+5.09822003260014E-10 )*Y-
                   1.16002134438663E-08 )*Y+2.46810694414540E-07 )*Y-
                 4.92556826124502E-06 )*Y+9.02580687971053E-05 )*Y-
               1.45190025120726E-03 )*Y+1.73416786387475E-02
        RT2 = ((((((((( 1.04525287289788E-14*Y+5.44611782010773E-14)*Y-
                      4.831059411392E-12)*Y+1.136643908832E-10)*Y-
                    1.104373076913E-09)*Y-2.35346740649916E-08 )*Y+
                  1.43772622028764E-06 )*Y-4.23405023015273E-05 )*Y+
                9.12034574793379E-04 )*Y-1.52479441718739E-02 )*Y+\
                1.76055265928744E-01
        RT3 = (((((((((-6.89693150857911E-14*Y+5.92064260918861E-13)*Y+
                      1.847170956043E-11)*Y-3.390752744265E-10)*Y-
                    2.995532064116E-09)*Y+1.57456141058535E-07 )*Y-
                  3.95859409711346E-07 )*Y-9.58924580919747E-05 )*Y+
                3.23551502557785E-03 )*Y-5.97587007636479E-02 )*Y+\
                6.46432853383057E-01
        RT4 = ((((((((-3.61293809667763E-12*Y-2.70803518291085E-11)*Y+
                     8.83758848468769E-10 )*Y+1.59166632851267E-08 )*Y-
                   1.32581997983422E-07 )*Y-7.60223407443995E-06 )*Y-
                 7.41019244900952E-05 )*Y+9.81432631743423E-03 )*Y-
               2.23055570487771E-01 )*Y+2.21460798080643E+00
        RT5 = ((((((((( 7.12332088345321E-13*Y+3.16578501501894E-12)*Y-
                      8.776668218053E-11)*Y-2.342817613343E-09)*Y-
                    3.496962018025E-08)*Y-3.03172870136802E-07 )*Y+
                  1.50511293969805E-06 )*Y+1.37704919387696E-04 )*Y+
                4.70723869619745E-02 )*Y-1.47486623003693E+00 )*Y+\
                1.35704792175847E+01
        WW1 = ((((((((( 1.04348658616398E-13*Y-1.94147461891055E-12)*Y+
                      3.485512360993E-11)*Y-6.277497362235E-10)*Y+
                    1.100758247388E-08)*Y-1.88329804969573E-07 )*Y+
                  3.12338120839468E-06 )*Y-5.04404167403568E-05 )*Y+
                8.00338056610995E-04 )*Y-1.30892406559521E-02 )*Y+\
                2.47383140241103E-01
        WW2 = ((((((((((( 3.23496149760478E-14*Y-5.24314473469311E-13)*Y+
                        7.743219385056E-12)*Y-1.146022750992E-10)*Y+
                      1.615238462197E-09)*Y-2.15479017572233E-08 )*Y+
                    2.70933462557631E-07 )*Y-3.18750295288531E-06 )*Y+
                  3.47425221210099E-05 )*Y-3.45558237388223E-04 )*Y+
                3.05779768191621E-03 )*Y-2.29118251223003E-02 )*Y+\
                1.59834227924213E-01
        WW3 = ((((((((((((-3.42790561802876E-14*Y+5.26475736681542E-13)*Y-
                         7.184330797139E-12)*Y+9.763932908544E-11)*Y-
                       1.244014559219E-09)*Y+1.472744068942E-08)*Y-
                     1.611749975234E-07)*Y+1.616487851917E-06)*Y-
                   1.46852359124154E-05 )*Y+1.18900349101069E-04 )*Y-
                 8.37562373221756E-04 )*Y+4.93752683045845E-03 )*Y-
               2.25514728915673E-02 )*Y+6.95211812453929E-02
        WW4 = ((((((((((((( 1.04072340345039E-14*Y-1.60808044529211E-13)*
                          Y+2.183534866798E-12)*Y-2.939403008391E-11)*Y+
                        3.679254029085E-10)*Y-4.23775673047899E-09 )*Y+
                      4.46559231067006E-08 )*Y-4.26488836563267E-07 )*Y+
                    3.64721335274973E-06 )*Y-2.74868382777722E-05 )*Y+
                  1.78586118867488E-04 )*Y-9.68428981886534E-04 )*Y+
                4.16002324339929E-03 )*Y-1.28290192663141E-02 )*Y+\
                2.22353727685016E-02
        WW5 = ((((((((((((((-8.16770412525963E-16*Y+1.31376515047977E-14)*
                           Y-1.856950818865E-13)*Y+2.596836515749E-12)*Y-
                         3.372639523006E-11)*Y+4.025371849467E-10)*Y-
                       4.389453269417E-09)*Y+4.332753856271E-08)*Y-
                     3.82673275931962E-07 )*Y+2.98006900751543E-06 )*Y-
                   2.00718990300052E-05 )*Y+1.13876001386361E-04 )*Y-
                 5.23627942443563E-04 )*Y+1.83524565118203E-03 )*Y-
               4.37785737450783E-03 )*Y+5.36963805223095E-03
    elif X < 10.0:
        Y = X-7.5E+00
        RT1 = ((((((((-1.13825201010775E-14*Y+1.89737681670375E-13)*Y-
                     4.81561201185876E-12 )*Y+1.56666512163407E-10 )*Y-
                   3.73782213255083E-09 )*Y+9.15858355075147E-08 )*Y-
                 2.13775073585629E-06 )*Y+4.56547356365536E-05 )*Y-
               8.68003909323740E-04 )*Y+1.22703754069176E-02
        RT2 = (((((((((-3.67160504428358E-15*Y+1.27876280158297E-14)*Y-
                      1.296476623788E-12)*Y+1.477175434354E-11)*Y+
                    5.464102147892E-10)*Y-2.42538340602723E-08 )*Y+
                  8.20460740637617E-07 )*Y-2.20379304598661E-05 )*Y+
                4.90295372978785E-04 )*Y-9.14294111576119E-03 )*Y+\
                1.22590403403690E-01
        RT3 = ((((((((( 1.39017367502123E-14*Y-6.96391385426890E-13)*Y+
                      1.176946020731E-12)*Y+1.725627235645E-10)*Y-
                    3.686383856300E-09)*Y+2.87495324207095E-08 )*Y+
                  1.71307311000282E-06 )*Y-7.94273603184629E-05 )*Y+
                2.00938064965897E-03 )*Y-3.63329491677178E-02 )*Y+\
                4.34393683888443E-01
        RT4 = ((((((((((-1.27815158195209E-14*Y+1.99910415869821E-14)*Y+
                       3.753542914426E-12)*Y-2.708018219579E-11)*Y-
                     1.190574776587E-09)*Y+1.106696436509E-08)*Y+
                   3.954955671326E-07)*Y-4.398596059588E-06)*Y-
                 2.01087998907735E-04 )*Y+7.89092425542937E-03 )*Y-
               1.42056749162695E-01 )*Y+1.39964149420683E+00
        RT5 = ((((((((((-1.19442341030461E-13*Y-2.34074833275956E-12)*Y+
                       6.861649627426E-12)*Y+6.082671496226E-10)*Y+
                     5.381160105420E-09)*Y-6.253297138700E-08)*Y-
                   2.135966835050E-06)*Y-2.373394341886E-05)*Y+
                 2.88711171412814E-06 )*Y+4.85221195290753E-02 )*Y-
               1.04346091985269E+00 )*Y+7.89901551676692E+00
        WW1 = ((((((((( 7.95526040108997E-15*Y-2.48593096128045E-13)*Y+
                      4.761246208720E-12)*Y-9.535763686605E-11)*Y+
                    2.225273630974E-09)*Y-4.49796778054865E-08 )*Y+
                  9.17812870287386E-07 )*Y-1.86764236490502E-05 )*Y+
                3.76807779068053E-04 )*Y-8.10456360143408E-03 )*Y+\
                2.01097936411496E-01
        WW2 = ((((((((((( 1.25678686624734E-15*Y-2.34266248891173E-14)*Y+
                        3.973252415832E-13)*Y-6.830539401049E-12)*Y+
                      1.140771033372E-10)*Y-1.82546185762009E-09 )*Y+
                    2.77209637550134E-08 )*Y-4.01726946190383E-07 )*Y+
                  5.48227244014763E-06 )*Y-6.95676245982121E-05 )*Y+
                8.05193921815776E-04 )*Y-8.15528438784469E-03 )*Y+\
                9.71769901268114E-02
        WW3 = ((((((((((((-8.20929494859896E-16*Y+1.37356038393016E-14)*Y-
                         2.022863065220E-13)*Y+3.058055403795E-12)*Y-
                       4.387890955243E-11)*Y+5.923946274445E-10)*Y-
                     7.503659964159E-09)*Y+8.851599803902E-08)*Y-
                   9.65561998415038E-07 )*Y+9.60884622778092E-06 )*Y-
                 8.56551787594404E-05 )*Y+6.66057194311179E-04 )*Y-
               4.17753183902198E-03 )*Y+2.25443826852447E-02
        WW4 = ((((((((((((((-1.08764612488790E-17*Y+1.85299909689937E-16)*
                           Y-2.730195628655E-15)*Y+4.127368817265E-14)*Y-
                         5.881379088074E-13)*Y+7.805245193391E-12)*Y-
                       9.632707991704E-11)*Y+1.099047050624E-09)*Y-
                     1.15042731790748E-08 )*Y+1.09415155268932E-07 )*Y-
                   9.33687124875935E-07 )*Y+7.02338477986218E-06 )*Y-
                 4.53759748787756E-05 )*Y+2.41722511389146E-04 )*Y-
               9.75935943447037E-04 )*Y+2.57520532789644E-03
        WW5 = ((((((((((((((( 7.28996979748849E-19*Y-1.26518146195173E-17)
                            *Y+1.886145834486E-16)*Y-2.876728287383E-15)*Y+
                          4.114588668138E-14)*Y-5.44436631413933E-13 )*Y+
                        6.64976446790959E-12 )*Y-7.44560069974940E-11 )*Y+
                      7.57553198166848E-10 )*Y-6.92956101109829E-09 )*Y+
                    5.62222859033624E-08 )*Y-3.97500114084351E-07 )*Y+
                  2.39039126138140E-06 )*Y-1.18023950002105E-05 )*Y+
                4.52254031046244E-05 )*Y-1.21113782150370E-04 )*Y+\
                1.75013126731224E-04
    elif X < 15.0:
        Y = X-12.5E+00
        RT1 = ((((((((((-4.16387977337393E-17*Y+7.20872997373860E-16)*Y+
                       1.395993802064E-14)*Y+3.660484641252E-14)*Y-
                     4.154857548139E-12)*Y+2.301379846544E-11)*Y-
                   1.033307012866E-09)*Y+3.997777641049E-08)*Y-
                 9.35118186333939E-07 )*Y+2.38589932752937E-05 )*Y-
               5.35185183652937E-04 )*Y+8.85218988709735E-03
        RT2 = ((((((((((-4.56279214732217E-16*Y+6.24941647247927E-15)*Y+
                       1.737896339191E-13)*Y+8.964205979517E-14)*Y-
                     3.538906780633E-11)*Y+9.561341254948E-11)*Y-
                   9.772831891310E-09)*Y+4.240340194620E-07)*Y-
                 1.02384302866534E-05 )*Y+2.57987709704822E-04 )*Y-
               5.54735977651677E-03 )*Y+8.68245143991948E-02
        RT3 = ((((((((((-2.52879337929239E-15*Y+2.13925810087833E-14)*Y+
                       7.884307667104E-13)*Y-9.023398159510E-13)*Y-
                     5.814101544957E-11)*Y-1.333480437968E-09)*Y-
                   2.217064940373E-08)*Y+1.643290788086E-06)*Y-
                 4.39602147345028E-05 )*Y+1.08648982748911E-03 )*Y-
               2.13014521653498E-02 )*Y+2.94150684465425E-01
        RT4 = ((((((((((-6.42391438038888E-15*Y+5.37848223438815E-15)*Y+
                       8.960828117859E-13)*Y+5.214153461337E-11)*Y-
                     1.106601744067E-10)*Y-2.007890743962E-08)*Y+
                   1.543764346501E-07)*Y+4.520749076914E-06)*Y-
                 1.88893338587047E-04 )*Y+4.73264487389288E-03 )*Y-
               7.91197893350253E-02 )*Y+8.60057928514554E-01
        RT5 = (((((((((((-2.24366166957225E-14*Y+4.87224967526081E-14)*Y+
                        5.587369053655E-12)*Y-3.045253104617E-12)*Y-
                      1.223983883080E-09)*Y-2.05603889396319E-09 )*Y+
                    2.58604071603561E-07 )*Y+1.34240904266268E-06 )*Y-
                  5.72877569731162E-05 )*Y-9.56275105032191E-04 )*Y+
                4.23367010370921E-02 )*Y-5.76800927133412E-01 )*Y+\
                3.87328263873381E+00
        WW1 = ((((((((( 8.98007931950169E-15*Y+7.25673623859497E-14)*Y+
                      5.851494250405E-14)*Y-4.234204823846E-11)*Y+
                    3.911507312679E-10)*Y-9.65094802088511E-09 )*Y+
                  3.42197444235714E-07 )*Y-7.51821178144509E-06 )*Y+
                1.94218051498662E-04 )*Y-5.38533819142287E-03 )*Y+\
                1.68122596736809E-01
        WW2 = ((((((((((-1.05490525395105E-15*Y+1.96855386549388E-14)*Y-
                       5.500330153548E-13)*Y+1.003849567976E-11)*Y-
                     1.720997242621E-10)*Y+3.533277061402E-09)*Y-
                   6.389171736029E-08)*Y+1.046236652393E-06)*Y-
                 1.73148206795827E-05 )*Y+2.57820531617185E-04 )*Y-
               3.46188265338350E-03 )*Y+7.03302497508176E-02
        WW3 = ((((((((((( 3.60020423754545E-16*Y-6.24245825017148E-15)*Y+
                        9.945311467434E-14)*Y-1.749051512721E-12)*Y+
                      2.768503957853E-11)*Y-4.08688551136506E-10 )*Y+
                    6.04189063303610E-09 )*Y-8.23540111024147E-08 )*Y+
                  1.01503783870262E-06 )*Y-1.20490761741576E-05 )*Y+
                1.26928442448148E-04 )*Y-1.05539461930597E-03 )*Y+\
                1.15543698537013E-02
        WW4 = ((((((((((((( 2.51163533058925E-18*Y-4.31723745510697E-17)*
                          Y+6.557620865832E-16)*Y-1.016528519495E-14)*Y+
                        1.491302084832E-13)*Y-2.06638666222265E-12 )*Y+
                      2.67958697789258E-11 )*Y-3.23322654638336E-10 )*Y+
                    3.63722952167779E-09 )*Y-3.75484943783021E-08 )*Y+
                  3.49164261987184E-07 )*Y-2.92658670674908E-06 )*Y+
                2.12937256719543E-05 )*Y-1.19434130620929E-04 )*Y+\
                6.45524336158384E-04
        WW5 = ((((((((((((((-1.29043630202811E-19*Y+2.16234952241296E-18)*
                           Y-3.107631557965E-17)*Y+4.570804313173E-16)*Y-
                         6.301348858104E-15)*Y+8.031304476153E-14)*Y-
                       9.446196472547E-13)*Y+1.018245804339E-11)*Y-
                     9.96995451348129E-11 )*Y+8.77489010276305E-10 )*Y-
                   6.84655877575364E-09 )*Y+4.64460857084983E-08 )*Y-
                 2.66924538268397E-07 )*Y+1.24621276265907E-06 )*Y-
               4.30868944351523E-06 )*Y+9.94307982432868E-06
    elif X < 20.0:
        Y = X-17.5E+00
        RT1 = (((((((((( 1.91875764545740E-16*Y+7.8357401095707E-16)*Y-
                       3.260875931644E-14)*Y-1.186752035569E-13)*Y+
                     4.275180095653E-12)*Y+3.357056136731E-11)*Y-
                   1.123776903884E-09)*Y+1.231203269887E-08)*Y-
                 3.99851421361031E-07 )*Y+1.45418822817771E-05 )*Y-
               3.49912254976317E-04 )*Y+6.67768703938812E-03
        RT2 = (((((((((( 2.02778478673555E-15*Y+1.01640716785099E-14)*Y-
                       3.385363492036E-13)*Y-1.615655871159E-12)*Y+
                     4.527419140333E-11)*Y+3.853670706486E-10)*Y-
                   1.184607130107E-08)*Y+1.347873288827E-07)*Y-
                 4.47788241748377E-06 )*Y+1.54942754358273E-04 )*Y-
               3.55524254280266E-03 )*Y+6.44912219301603E-02
        RT3 = (((((((((( 7.79850771456444E-15*Y+6.00464406395001E-14)*Y-
                       1.249779730869E-12)*Y-1.020720636353E-11)*Y+
                     1.814709816693E-10)*Y+1.766397336977E-09)*Y-
                   4.603559449010E-08)*Y+5.863956443581E-07)*Y-
                 2.03797212506691E-05 )*Y+6.31405161185185E-04 )*Y-
               1.30102750145071E-02 )*Y+2.10244289044705E-01
        RT4 = (((((((((((-2.92397030777912E-15*Y+1.94152129078465E-14)*Y+
                        4.859447665850E-13)*Y-3.217227223463E-12)*Y-
                      7.484522135512E-11)*Y+7.19101516047753E-10 )*Y+
                    6.88409355245582E-09 )*Y-1.44374545515769E-07 )*Y+
                  2.74941013315834E-06 )*Y-1.02790452049013E-04 )*Y+
                2.59924221372643E-03 )*Y-4.35712368303551E-02 )*Y+\
                5.62170709585029E-01
        RT5 = ((((((((((( 1.17976126840060E-14*Y+1.24156229350669E-13)*Y-
                        3.892741622280E-12)*Y-7.755793199043E-12)*Y+
                      9.492190032313E-10)*Y-4.98680128123353E-09 )*Y-
                    1.81502268782664E-07 )*Y+2.69463269394888E-06 )*Y+
                  2.50032154421640E-05 )*Y-1.33684303917681E-03 )*Y+
                2.29121951862538E-02 )*Y-2.45653725061323E-01 )*Y+\
                1.89999883453047E+00
        WW1 = (((((((((( 1.74841995087592E-15*Y-6.95671892641256E-16)*Y-
                       3.000659497257E-13)*Y+2.021279817961E-13)*Y+
                     3.853596935400E-11)*Y+1.461418533652E-10)*Y-
                   1.014517563435E-08)*Y+1.132736008979E-07)*Y-
                 2.86605475073259E-06 )*Y+1.21958354908768E-04 )*Y-
               3.86293751153466E-03 )*Y+1.45298342081522E-01
        WW2 = ((((((((((-1.11199320525573E-15*Y+1.85007587796671E-15)*Y+
                       1.220613939709E-13)*Y+1.275068098526E-12)*Y-
                     5.341838883262E-11)*Y+6.161037256669E-10)*Y-
                   1.009147879750E-08)*Y+2.907862965346E-07)*Y-
                 6.12300038720919E-06 )*Y+1.00104454489518E-04 )*Y-
               1.80677298502757E-03 )*Y+5.78009914536630E-02
        WW3 = ((((((((((-9.49816486853687E-16*Y+6.67922080354234E-15)*Y+
                       2.606163540537E-15)*Y+1.983799950150E-12)*Y-
                     5.400548574357E-11)*Y+6.638043374114E-10)*Y-
                   8.799518866802E-09)*Y+1.791418482685E-07)*Y-
                 2.96075397351101E-06 )*Y+3.38028206156144E-05 )*Y-
               3.58426847857878E-04 )*Y+8.39213709428516E-03
        WW4 = ((((((((((( 1.33829971060180E-17*Y-3.44841877844140E-16)*Y+
                        4.745009557656E-15)*Y-6.033814209875E-14)*Y+
                      1.049256040808E-12)*Y-1.70859789556117E-11 )*Y+
                    2.15219425727959E-10 )*Y-2.52746574206884E-09 )*Y+
                  3.27761714422960E-08 )*Y-3.90387662925193E-07 )*Y+
                3.46340204593870E-06 )*Y-2.43236345136782E-05 )*Y+\
                3.54846978585226E-04
        WW5 = ((((((((((((( 2.69412277020887E-20*Y-4.24837886165685E-19)*
                          Y+6.030500065438E-18)*Y-9.069722758289E-17)*Y+
                        1.246599177672E-15)*Y-1.56872999797549E-14 )*Y+
                      1.87305099552692E-13 )*Y-2.09498886675861E-12 )*Y+
                    2.11630022068394E-11 )*Y-1.92566242323525E-10 )*Y+
                  1.62012436344069E-09 )*Y-1.23621614171556E-08 )*Y+
                7.72165684563049E-08 )*Y-3.59858901591047E-07 )*Y+\
                2.43682618601000E-06
    elif X < 25.0:
        Y = X-22.5E+00
        RT1 = (((((((((-1.13927848238726E-15*Y+7.39404133595713E-15)*Y+
                      1.445982921243E-13)*Y-2.676703245252E-12)*Y+
                    5.823521627177E-12)*Y+2.17264723874381E-10 )*Y+
                  3.56242145897468E-09 )*Y-3.03763737404491E-07 )*Y+
                9.46859114120901E-06 )*Y-2.30896753853196E-04 )*Y+\
                5.24663913001114E-03
        RT2 = (((((((((( 2.89872355524581E-16*Y-1.22296292045864E-14)*Y+
                       6.184065097200E-14)*Y+1.649846591230E-12)*Y-
                     2.729713905266E-11)*Y+3.709913790650E-11)*Y+
                   2.216486288382E-09)*Y+4.616160236414E-08)*Y-
                 3.32380270861364E-06 )*Y+9.84635072633776E-05 )*Y-
               2.30092118015697E-03 )*Y+5.00845183695073E-02
        RT3 = (((((((((( 1.97068646590923E-15*Y-4.89419270626800E-14)*Y+
                       1.136466605916E-13)*Y+7.546203883874E-12)*Y-
                     9.635646767455E-11)*Y-8.295965491209E-11)*Y+
                   7.534109114453E-09)*Y+2.699970652707E-07)*Y-
                 1.42982334217081E-05 )*Y+3.78290946669264E-04 )*Y-
               8.03133015084373E-03 )*Y+1.58689469640791E-01
        RT4 = (((((((((( 1.33642069941389E-14*Y-1.55850612605745E-13)*Y-
                       7.522712577474E-13)*Y+3.209520801187E-11)*Y-
                     2.075594313618E-10)*Y-2.070575894402E-09)*Y+
                   7.323046997451E-09)*Y+1.851491550417E-06)*Y-
                 6.37524802411383E-05 )*Y+1.36795464918785E-03 )*Y-
               2.42051126993146E-02 )*Y+3.97847167557815E-01
        RT5 = ((((((((((-6.07053986130526E-14*Y+1.04447493138843E-12)*Y-
                       4.286617818951E-13)*Y-2.632066100073E-10)*Y+
                     4.804518986559E-09)*Y-1.835675889421E-08)*Y-
                   1.068175391334E-06)*Y+3.292234974141E-05)*Y-
                 5.94805357558251E-04 )*Y+8.29382168612791E-03 )*Y-
               9.93122509049447E-02 )*Y+1.09857804755042E+00
        WW1 = (((((((((-9.10338640266542E-15*Y+1.00438927627833E-13)*Y+
                      7.817349237071E-13)*Y-2.547619474232E-11)*Y+
                    1.479321506529E-10)*Y+1.52314028857627E-09 )*Y+
                  9.20072040917242E-09 )*Y-2.19427111221848E-06 )*Y+
                8.65797782880311E-05 )*Y-2.82718629312875E-03 )*Y+\
                1.28718310443295E-01
        WW2 = ((((((((( 5.52380927618760E-15*Y-6.43424400204124E-14)*Y-
                      2.358734508092E-13)*Y+8.261326648131E-12)*Y+
                    9.229645304956E-11)*Y-5.68108973828949E-09 )*Y+
                  1.22477891136278E-07 )*Y-2.11919643127927E-06 )*Y+
                4.23605032368922E-05 )*Y-1.14423444576221E-03 )*Y+\
                5.06607252890186E-02
        WW3 = ((((((((( 3.99457454087556E-15*Y-5.11826702824182E-14)*Y-
                      4.157593182747E-14)*Y+4.214670817758E-12)*Y+
                    6.705582751532E-11)*Y-3.36086411698418E-09 )*Y+
                  6.07453633298986E-08 )*Y-7.40736211041247E-07 )*Y+
                8.84176371665149E-06 )*Y-1.72559275066834E-04 )*Y+\
                7.16639814253567E-03
        WW4 = (((((((((((-2.14649508112234E-18*Y-2.45525846412281E-18)*Y+
                        6.126212599772E-16)*Y-8.526651626939E-15)*Y+
                      4.826636065733E-14)*Y-3.39554163649740E-13 )*Y+
                    1.67070784862985E-11 )*Y-4.42671979311163E-10 )*Y+
                  6.77368055908400E-09 )*Y-7.03520999708859E-08 )*Y+
                6.04993294708874E-07 )*Y-7.80555094280483E-06 )*Y+\
                2.85954806605017E-04
        WW5 = ((((((((((((-5.63938733073804E-21*Y+6.92182516324628E-20)*Y-
                         1.586937691507E-18)*Y+3.357639744582E-17)*Y-
                       4.810285046442E-16)*Y+5.386312669975E-15)*Y-
                     6.117895297439E-14)*Y+8.441808227634E-13)*Y-
                   1.18527596836592E-11 )*Y+1.36296870441445E-10 )*Y-
                 1.17842611094141E-09 )*Y+7.80430641995926E-09 )*Y-
               5.97767417400540E-08 )*Y+1.65186146094969E-06
    elif X < 40:
        WW1 = sqrt(PIE4/X)
        E = exp(-X)
        RT1 = ((((((((-1.73363958895356E-06*X+1.19921331441483E-04)*X -
                     1.59437614121125E-02)*X+1.13467897349442E+00)*X -
                   4.47216460864586E+01)*X+1.06251216612604E+03)*X -
                 1.52073917378512E+04)*X+1.20662887111273E+05)*X -
               4.07186366852475E+05)*E + R15/(X-R15)
        RT2 = ((((((((-1.60102542621710E-05*X+1.10331262112395E-03)*X -
                     1.50043662589017E-01)*X+1.05563640866077E+01)*X -
                   4.10468817024806E+02)*X+9.62604416506819E+03)*X -
                 1.35888069838270E+05)*X+1.06107577038340E+06)*X -
               3.51190792816119E+06)*E + R25/(X-R25)
        RT3 = ((((((((-4.48880032128422E-05*X+2.69025112122177E-03)*X -
                     4.01048115525954E-01)*X+2.78360021977405E+01)*X -
                   1.04891729356965E+03)*X+2.36985942687423E+04)*X -
                 3.19504627257548E+05)*X+2.34879693563358E+06)*X -
               7.16341568174085E+06)*E + R35/(X-R35)
        RT4 = ((((((((-6.38526371092582E-05*X-2.29263585792626E-03)*X -
                     7.65735935499627E-02)*X+9.12692349152792E+00)*X -
                   2.32077034386717E+02)*X+2.81839578728845E+02)*X +
                 9.59529683876419E+04)*X-1.77638956809518E+06)*X +
               1.02489759645410E+07)*E + R45/(X-R45)
        RT5 = ((((((((-3.59049364231569E-05*X-2.25963977930044E-02)*X +
                     1.12594870794668E+00)*X-4.56752462103909E+01)*X +
                   1.05804526830637E+03)*X-1.16003199605875E+04)*X -
                 4.07297627297272E+04)*X+2.22215528319857E+06)*X -
               1.61196455032613E+07)*E + R55/(X-R55)
        WW5 = (((((((((-4.61100906133970E-10*X+1.43069932644286E-07)*X -
                      1.63960915431080E-05)*X+1.15791154612838E-03)*X -
                    5.30573476742071E-02)*X+1.61156533367153E+00)*X -
                  3.23248143316007E+01)*X+4.12007318109157E+02)*X -
                3.02260070158372E+03)*X+9.71575094154768E+03)*E + W55*WW1
        WW4 = (((((((((-2.40799435809950E-08*X+8.12621667601546E-06)*X -
                      9.04491430884113E-04)*X+6.37686375770059E-02)*X -
                    2.96135703135647E+00)*X+9.15142356996330E+01)*X -
                  1.86971865249111E+03)*X+2.42945528916947E+04)*X -
                1.81852473229081E+05)*X+5.96854758661427E+05)*E + W45*WW1
        WW3 = (((((((( 1.83574464457207E-05*X-1.54837969489927E-03)*X +
                     1.18520453711586E-01)*X-6.69649981309161E+00)*X +
                   2.44789386487321E+02)*X-5.68832664556359E+03)*X +
                 8.14507604229357E+04)*X-6.55181056671474E+05)*X +
               2.26410896607237E+06)*E + W35*WW1
        WW2 = (((((((( 2.77778345870650E-05*X-2.22835017655890E-03)*X +
                     1.61077633475573E-01)*X-8.96743743396132E+00)*X +
                   3.28062687293374E+02)*X-7.65722701219557E+03)*X +
                 1.10255055017664E+05)*X-8.92528122219324E+05)*X +
               3.10638627744347E+06)*E + W25*WW1
        WW1 = WW1-0.01962E+00*E-WW2-WW3-WW4-WW5
    elif X < 59.0:
        WW1 = sqrt(PIE4/X)
        XXX = X**3
        E = XXX*exp(-X)
        RT1 = (((-2.43758528330205E-02*X+2.07301567989771E+00)*X -
                6.45964225381113E+01)*X+7.14160088655470E+02)*E + R15/(X-R15)
        RT2 = (((-2.28861955413636E-01*X+1.93190784733691E+01)*X -
                5.99774730340912E+02)*X+6.61844165304871E+03)*E + R25/(X-R25)
        RT3 = (((-6.95053039285586E-01*X+5.76874090316016E+01)*X -
                1.77704143225520E+03)*X+1.95366082947811E+04)*E + R35/(X-R35)
        RT4 = (((-1.58072809087018E+00*X+1.27050801091948E+02)*X -
                3.86687350914280E+03)*X+4.23024828121420E+04)*E + R45/(X-R45)
        RT5 = (((-3.33963830405396E+00*X+2.51830424600204E+02)*X -
                7.57728527654961E+03)*X+8.21966816595690E+04)*E + R55/(X-R55)
        E = XXX*E
        WW5 = (( 1.35482430510942E-08*X-3.27722199212781E-07)*X +
               2.41522703684296E-06)*E + W55*WW1
        WW4 = (( 1.23464092261605E-06*X-3.55224564275590E-05)*X +
               3.03274662192286E-04)*E + W45*WW1
        WW3 = (( 1.34547929260279E-05*X-4.19389884772726E-04)*X +
               3.87706687610809E-03)*E + W35*WW1
        WW2 = (( 2.09539509123135E-05*X-6.87646614786982E-04)*X +
               6.68743788585688E-03)*E + W25*WW1
        WW1 = WW1-WW2-WW3-WW4-WW5
    else:
        WW1 = sqrt(PIE4/X)
        RT1 = R15/(X-R15)
        RT2 = R25/(X-R25)
        RT3 = R35/(X-R35)
        RT4 = R45/(X-R45)
        RT5 = R55/(X-R55)
        WW2 = W25*WW1
        WW3 = W35*WW1
        WW4 = W45*WW1
        WW5 = W55*WW1
        WW1 = WW1-WW2-WW3-WW4-WW5
    return  [RT1,RT2,RT3,RT4,RT5],[WW1,WW2,WW3,WW4,WW5]


def Root6(n,X):
    raise Exception("Root6: not yet implemented")
    return None


def Int1d(t,ix,jx,kx,lx,xi,xj,xk,xl,alphai,alphaj,alphak,alphal):
    G = Recur(t,ix,jx,kx,lx,xi,xj,xk,xl,
                  alphai,alphaj,alphak,alphal)
    Ix = Shift(G,ix,kx,xi-xj,xk-xl)
    return Ix


def RecurFactors(t,A,B,Px,Qx,xi,xk):
    # ABD eqs 12-14
    fact = t/(A+B)                
    B0 = 0.5*fact                 
    B1 = (1-B*fact)/(2*A)         
    B1p = (1-A*fact)/(2*B)        
    C = (Px-xi) + B*(Qx-Px)*fact  
    Cp = (Qx-xk) + A*(Px-Qx)*fact
    return C,Cp,B0,B1,B1p


def RecurFactorsGamess(t,A,B,Px,Qx,xi,xk):
    # Analogous versions taken from Gamess source code
    fact = t/(A+B)/(1+t)
    B0 = 0.5*fact
    B1 = 1/(2*A*(1+t)) + 0.5*fact
    B1p = 1/(2*B*(1+t)) + 0.5*fact
    C = (Px-xi)/(1+t) + (B*(Qx-xi)+A*(Px-xi))*fact
    Cp = (Qx-xk)/(1+t) + (B*(Qx-xk)+A*(Px-xk))*fact
    return C,Cp,B0,B1,B1p


def Recur(t,i,j,k,l,xi,xj,xk,xl,alphai,alphaj,alphak,alphal):
    n = i+j
    m = k+l        
    A = alphai+alphaj 
    B = alphak+alphal 
    Px = (alphai*xi+alphaj*xj)/A
    Qx = (alphak*xk+alphal*xl)/B

    G = np.zeros((n+1,m+1),'d')

    C,Cp,B0,B1,B1p = RecurFactorsGamess(t,A,B,Px,Qx,xi,xk)

    # ABD eq 11.
    G[0,0] = pi*exp(-alphai*alphaj*pow(xi-xj,2)/(alphai+alphaj)
                    -alphak*alphal*pow(xk-xl,2)/(alphak+alphal))/sqrt(A*B)

    if n > 0: G[1,0] = C*G[0,0]  # ABD eq 15
    if m > 0: G[0,1] = Cp*G[0,0] # ABD eq 16

    for a in range(2,n+1):      
        G[a,0] = B1*(a-1)*G[a-2,0] + C*G[a-1,0]
    for b in range(2,m+1):     
        G[0,b] = B1p*(b-1)*G[0,b-2] + Cp*G[0,b-1]

    if m==0 or n==0: return G

    for a in range(1,n+1):
        G[a,1] = a*B0*G[a-1,0] + Cp*G[a,0]
        for b in range(2,m+1):
            G[a,b] = B1p*(b-1)*G[a,b-2] + a*B0*G[a-1,b-1] + Cp*G[a,b-1]

    return G


def Shift(G,i,k,xij,xkl):
    # xij = xi-xj, xkl = xk-xl
    # ndim = i+j+1, mdim = k+l+1
    ndim,mdim = G.shape
    j = ndim-i-1
    l = mdim-k-1

    ijkl = 0.
    for m in range(l+1):
        ijm0 = 0
        for n in range(j+1): # I(i,j,m,0)<-I(n,0,m,0)
            ijm0 += binomial(j,n)*pow(xij,j-n)*G[n+i,m+k]
        ijkl += binomial(l,m)*pow(xkl,l-m)*ijm0 # I(i,j,k,l)<-I(i,j,m,0)
    return ijkl


# --- pyquante2/ints/integrals.py ---

class twoe_integrals(object):
    def __init__(self,bfs):
        nbf = self.nbf = len(bfs)
        self._2e_ints = np.empty((nbf,nbf,nbf,nbf),'d')
        ints = self._2e_ints
        
        for i,j,k,l in iiterator(nbf):
            ints[i,j,k,l] = ints[j,i,k,l] = ints[i,j,l,k] = ints[j,i,l,k] = \
                            ints[k,l,i,j] = ints[l,k,i,j] = ints[k,l,j,i] = \
                            ints[l,k,j,i] = ERI(bfs[i],bfs[j],bfs[k],bfs[l])
        return
    def __getitem__(self,*args): return self._2e_ints.__getitem__(*args)
    def __repr__(self): return repr(self._2e_ints.ravel())

    def transform(self,c): return np.einsum('aI,bJ,cK,dL,abcd->IJKL',c,c,c,c,self._2e_ints)
    def transform_mp2(self,c,nocc):
        return np.einsum('aI,bJ,cK,dL,abcd->IJKL',c[:,:nocc],c,c[:,:nocc],c,self._2e_ints)


    # This turns out to be slower:
    #def get_j(self,D): return np.einsum('ij,ijkl->kl',D,self._2e_ints)
    def get_j(self,D): return np.einsum('kl,ijkl->ij',D,self._2e_ints)
    def get_k(self,D): return np.einsum('ij,ikjl->kl',D,self._2e_ints)
    def get_2jk(self,D): return 2*self.get_j(D)-self.get_k(D)


class onee_integrals(object):
    def __init__(self,bfs,geo):
        nbf = self.nbf = len(bfs)
        self.S = np.empty((nbf,nbf),'d')
        self.T = np.empty((nbf,nbf),'d')
        self.V = np.empty((nbf,nbf),'d')
        for i,j in pairs(range(nbf)):
            ibf,jbf = bfs[i],bfs[j]
            self.S[i,j] = self.S[j,i] = S(ibf,jbf)
            self.T[i,j] = self.T[j,i] = T(ibf,jbf)
            self.V[i,j] = self.V[j,i] = sum(at.Z*V(ibf,jbf,at.r) for at in geo)
        return


def iiterator(nbf):
    for i,j in pairs(range(nbf)):
        ij = i*(i+1)/2+j
        for k,l in pairs(range(nbf)):
            kl = k*(k+1)/2+l
            if ij <= kl:
                yield i,j,k,l
    return


def iindex(i,j,k,l):
    if i<j: i,j = j,i
    if k<l: k,l = l,k
    ij = (i*(i+1))//2+j
    kl = (k*(k+1))//2+l
    if ij < kl: ij,kl = kl,ij
    return (ij*(ij+1))//2+kl


# --- pyquante2/dft/functionals.py ---

def zero_low_density(rho,cut=1e-10):
    rho[rho<cut]=0
    return rho


def xs(rho,alpha=2/3.):
    fac=-2.25*alpha*np.power(0.75/np.pi,1./3.)
    rho3 = np.power(rho,1./3.)
    fx = fac*rho*rho3
    dfxdna = (4./3.)*fac*rho3
    return fx,dfxdna


def xb88_array(rho,gam,tol=1e-6):
    # Still doesn't work
    rho = zero_low_density(rho)
    rho13 = np.power(rho,1./3.)
    x = np.zeros(rho.shape,dtype=float)
    g = np.zeros(rho.shape,dtype=float)
    dg = np.zeros(rho.shape,dtype=float)
    x[rho>tol] = np.sqrt(gam)/rho13/rho
    g[rho>tol] = b88_g(x[rho>tol])
    dg[rho>tol] = b88_dg(x[rho>tol])
    dfxdrho = (4./3.)*rho13*(g-x*dg)
    dfxdgam = 0.5*dg/np.sqrt(gam)
    fx = rho*rho13*g
    return fx,dfxdrho,dfxdgam


def xb88(rho,gam,tol=1e-10):
    rho = zero_low_density(rho)
    fxs = []
    dfxdrhos = []
    dfxdgams = []

    for na,gama in zip(rho,gam):
        fx = dfxdrho = dfxdgam = 0
        if na > tol:
            rho13 = np.power(na,1./3.)
            x = np.sqrt(gama)/rho13/na
            g = b88_g(x)
            dg = b88_dg(x)
            dfxdrho = (4./3.)*rho13*(g-x*dg)
            dfxdgam = 0.5*dg/np.sqrt(gama)
            fx = na*rho13*g
        fxs.append(fx)
        dfxdrhos.append(dfxdrho)
        dfxdgams.append(dfxdgam)
    return np.array(fxs),np.array(dfxdrhos),np.array(dfxdgams)


def xpbe(rho,gam,tol=1e-10):
    rho = zero_low_density(rho)
    fxs = []
    dfxdrhos = []
    dfxdgams = []

    for na,gama in zip(rho,gam):
        fx = dfxdrho = dfxdgam = 0
        if na > tol:
            kap = 0.804
            mu = 0.449276922095889E-2
            fx0,vx0 = xs(na)
            rho13 = na**(1.0/3.0)
            rho43 = rho13*na
            den = 1+mu*gama/rho43/rho43
            F = 1+kap-kap/den
            fx = fx0*F
            dFdr = -(8./3.)*kap*mu*gama/den/den*na**(-11./3.)
            dfxdrho = vx0*F+fx0*dFdr
            dFdg = -kap*mu/rho43/rho43/den/den
            dfxdgam = fx0*dFdg
        fxs.append(fx)
        dfxdrhos.append(dfxdrho)
        dfxdgams.append(dfxdgam)
    return np.array(fxs),np.array(dfxdrhos),np.array(dfxdgams)


def cvwn5(rhoa,rhob,tol=1e-10):
    rhoa = zero_low_density(rhoa)
    rhob = zero_low_density(rhob)

    ecs = []
    vcrhoas = []
    vcrhobs = []
    for na,nb in zip(rhoa,rhob):
        rho = na+nb
        ec = vcrhoa = vcrhob = 0
        if rho>tol:
            zeta=(na-nb)/rho
            x = pow(3./4./np.pi/rho,1/6.)
            epsp = vwn_epsp(x)
            epsf = vwn_epsf(x)
            g = vwn_g(zeta)
            eps = epsp + g*(epsf-epsp)
            ec = eps*rho

            depsp = vwn_depsp(x)
            depsf = vwn_depsf(x)
            dg = vwn_dg(zeta)
            deps_dx = depsp + g*(depsf-depsp)
            deps_dg = (epsf-epsp)*dg
            vcrhoa = eps - (x/6.)*deps_dx + deps_dg*(1-zeta)
            vcrhob = eps - (x/6.)*deps_dx - deps_dg*(1+zeta)
        ecs.append(ec)
        vcrhoas.append(vcrhoa)
        vcrhobs.append(vcrhob)
    return np.array(ecs),np.array(vcrhoas),np.array(vcrhobs)


def clyp(rhoas,rhobs,gaas,gabs,gbbs,tol=1e-10):
    fcs = []
    fcnas = []
    fcnbs = []
    fcgaas = []
    fcgabs = []
    fcgbbs = []
    for na,nb,gaa,gab,gbb in zip(rhoas,rhobs,gaas,gabs,gbbs):
        fc,fcna,fcnb,fcgaa,fcgab,fcgbb = clyp_point(na,nb,gaa,gab,gbb,tol)
        fcs.append(fc)
        fcnas.append(fcnbs)
        fcnbs.append(fcnb)
        fcgaas.append(fcgaa)
        fcgabs.append(fcgab)
        fcgbbs.append(fcgbb)
    return np.array(fcs),np.array(fcnas),np.array(fcnbs),np.array(fcgaas),np.array(fcgabs),np.array(fcgbbs)


def clyp_point(rhoa,rhob,gamaa,gamab,gambb,tol=1e-10):
    # Modified and corrected by AEM in June 2006.
    a = 0.04918  # Parameters from the LYP papers
    b = 0.132
    c = 0.2533
    d = 0.349
    rho = rhoa+rhob
    fc=fcrhoa=fcrhob=fcgamaa=fcgamab=fcgambb=0
    assert rhoa >= 0.0
    assert rhob >= 0.0
    if rho > tol:
        rhom3 = np.power(rho,-1./3.)
        w = np.exp(-c*rhom3)/(1+d*rhom3)*np.power(rho,-11./3.)
        dl = c*rhom3+d*rhom3/(1+d*rhom3)

        fcgamaa = -a*b*w*((1./9.)*rhoa*rhob*(1-3*dl-(dl-11)*rhoa/rho)-rhob*rhob)
        fcgamab = -a*b*w*((1./9.)*rhoa*rhob*(47-7*dl)-(4./3.)*rho*rho)
        fcgambb = -a*b*w*((1./9.)*rhoa*rhob*(1-3*dl-(dl-11)*rhob/rho)-rhoa*rhoa)

        fc = -4*a/(1+d*rhom3)*rhoa*rhob/rho \
             -np.power(2,11./3.)*0.3*np.power(3*np.pi*np.pi,2./3.)*a*b*w \
             *rhoa*rhob*(np.power(rhoa,8./3.)+np.power(rhob,8./3.)) \
             + fcgamaa*gamaa + fcgamab*gamab + fcgambb*gambb

        dw = -(1./3.)*np.power(rho,-4./3.)*w*(11*np.power(rho,1./3.)-c-d/(1+d*rhom3))
        ddl = (1./3.)*(d*d*np.power(rho,-5./3.)/np.power(1+d*rhom3,2)-dl/rho)

        d2f_dradgaa = dw/w*fcgamaa - a*b*w*(
            (1./9.)*rhob*(1-3*dl-(dl-11)*rhoa/rho)
            -(1./9.)*rhoa*rhob*((3+rhoa/rho)*ddl+(dl-11)*rhob/rho/rho))
        d2f_dradgbb = dw/w*fcgambb - a*b*w*(
            (1./9.)*rhob*(1-3*dl-(dl-11)*rhob/rho)
            -(1./9.)*rhoa*rhob*((3+rhob/rho)*ddl-(dl-11)*rhob/rho/rho)
            -2*rhoa)
        d2f_dradgab = dw/w*fcgamab-a*b*w*(
            (1./9)*rhob*(47-7*dl)-(7./9.)*rhoa*rhob*ddl-(8./3.)*rho)

        d2f_drbdgaa = dw/w*fcgamaa - a*b*w*(
            (1./9.)*rhoa*(1-3*dl-(dl-11)*rhoa/rho)
            -(1./9.)*rhoa*rhob*((3+rhoa/rho)*ddl-(dl-11)*rhoa/rho/rho)
            -2*rhob)
        d2f_drbdgbb = dw/w*fcgambb - a*b*w*(
            (1./9.)*rhoa*(1-3*dl-(dl-11)*rhob/rho)
            -(1./9.)*rhoa*rhob*((3+rhob/rho)*ddl+(dl-11)*rhoa/rho/rho))
        d2f_drbdgab = dw/w*fcgamab-a*b*w*(
            (1./9)*rhoa*(47-7*dl)-(7./9.)*rhoa*rhob*ddl-(8./3.)*rho)

        fcrhoa = fcrhob = 0
        if rhoa > tol:
            fcrhoa = -4*a/(1+d*rhom3)*rhoa*rhob/rho*(
                (1./3.)*d*np.power(rho,-4./3.)/(1+d*rhom3)+1/rhoa-1/rho)\
                -np.power(2,11./3.)*0.3*np.power(3*np.pi*np.pi,2./3.)*a*b*(
                dw*rhoa*rhob*(np.power(rhoa,8./3.)+np.power(rhob,8./3.))
                +w*rhob*((11./3.)*np.power(rhoa,8./3.)+np.power(rhob,8./3.))) \
                +d2f_dradgaa*gamaa + d2f_dradgbb*gambb + d2f_dradgab*gamab

        if rhob > tol:
            fcrhob = -4*a/(1+d*rhom3)*rhoa*rhob/rho*(
                (1./3.)*d*np.power(rho,-4./3.)/(1+d*rhom3)+1/rhob-1/rho)\
                -np.power(2,11./3.)*0.3*np.power(3*np.pi*np.pi,2./3.)*a*b*(
                dw*rhoa*rhob*(np.power(rhob,8./3.)+np.power(rhoa,8./3.))
                +w*rhoa*((11./3.)*np.power(rhob,8./3.)+np.power(rhoa,8./3.))) \
                +d2f_drbdgaa*gamaa + d2f_drbdgbb*gambb + d2f_drbdgab*gamab
    return fc,fcrhoa,fcrhob,fcgamaa,fcgamab,fcgambb


def cpbe(na,nb,ga,gab,gb):
    npts = len(na)
    ec = np.zeros(npts,'d')
    vca = np.zeros(npts,'d')
    vcb = np.zeros(npts,'d')
    vcga = np.zeros(npts,'d')
    vcgab = np.zeros(npts,'d')
    vcgb = np.zeros(npts,'d')
    for i in range(npts):
        ec[i],vca[i],vcb[i],vcga[i],vcgab[i],vcgb[i] = \
                            cpbe_point(na[i],nb[i],ga[i],gab[i],gb[i])
    return ec,vca,vcb,vcga,vcgab,vcgb


def cpbe_point(rhoa,rhob,gama,gamb,gamab,tol=1e-10):
    rho = rhoa+rhob
    ec = vca = vcb = vcgama = vcgamb = vcgamab = 0
    gam = 0.031091
    ohm = 0.046644
    bet = 0.066725
    if rho > tol:
        Rs = np.power(3./(4.*np.pi*rho),1./3.)
        Zeta = (rhoa-rhob)/rho
        Kf = np.power(3*np.pi*np.pi*rho,1./3.)
        Ks = np.sqrt(4*Kf/np.pi)
        Phi = 0.5*(np.power(1+Zeta,2./3.) + np.power(1-Zeta,2./3.))
        Phi3 = Phi*Phi*Phi
        gradrho = np.sqrt(gama+gamb+2.*gamab)
        T = gradrho/(2*Phi*Ks*rho)
        T2 = T*T
        T4 = T2*T2

        eps,vc0a,vc0b = cpbe_lsd(rhoa,rhob)

        expo = (np.exp(-eps/(gam*Phi3))-1.)
        A = bet/gam/expo
        N = T2+A*T4
        D = 1.+A*T2+A*A*T4
        H = gam*Phi3*np.log(1.+(bet/gam)*N/D)
        ec = rho*(eps+H)

        # Derivative stuff
        dZ_drhoa = (1.-Zeta)/rho
        dZ_drhob = -(1.+Zeta)/rho

        dPhi_dZ = np.power(1.+Zeta,-1./3.)/3.-np.power(1.-Zeta,-1./3.)/3.
        dPhi_drhoa = dPhi_dZ*dZ_drhoa
        dPhi_drhob = dPhi_dZ*dZ_drhob
        
        dKs_drho = Ks/(6*rho)
        
        dT_dPhi = -T/Phi
        dT_dKs = -T/Ks
        dT_drhoa = -T/rho + dT_dPhi*dPhi_drhoa + dT_dKs*dKs_drho
        dT_drhob = -T/rho + dT_dPhi*dPhi_drhob + dT_dKs*dKs_drho

        dA_dPhi = -A/expo*np.exp(-eps/(gam*Phi3))*(3*eps/(gam*Phi3*Phi))
        dA_deps = -A/expo*np.exp(-eps/(gam*Phi3))*(-1/(gam*Phi3))
        deps_drhoa = (vc0a-eps)/rho
        deps_drhob = (vc0b-eps)/rho
        dA_drhoa = dA_dPhi*dPhi_drhoa + dA_deps*deps_drhoa
        dA_drhob = dA_dPhi*dPhi_drhob + dA_deps*deps_drhoa

        dN_dT = 2*T+4*A*T2*T
        dD_dT = 2*A*T + 4*A*A*T*T2
        dN_dA = T4
        dD_dA = T2+2*A*T4

        dH_dPhi = 3*H/Phi
        dH_dT = bet*Phi3/(1.+bet/gam*N/D)*(D*dN_dT-N*dD_dT)/D/D
            
        dH_dA = bet*Phi3/(1.+bet/gam*N/D)*(D*dN_dA-N*dD_dA)/D/D
        
        dH_drhoa = dH_dPhi*dPhi_drhoa + dH_dT*dT_drhoa + dH_dA*dA_drhoa
        dH_drhob = dH_dPhi*dPhi_drhob + dH_dT*dT_drhob + dH_dA*dA_drhob
        
        vca = vc0a + H + rho*dH_drhoa
        vcb = vc0b + H + rho*dH_drhob
    # Havent done the dE_dgamma derives yet
    return ec,vca,vcb,vcgama,vcgamab,vcgamb


def vwn_xx(x,b,c): return x*x+b*x+c


def vwn_epsp(x): return vwn_eps(x,0.0310907,-0.10498,3.72744,12.9352)


def vwn_epsf(x): return vwn_eps(x,0.01554535,-0.32500,7.06042,18.0578)


def vwn_eps(x,a,x0,b,c):
    Q = np.sqrt(4*c-b*b)
    eps = a*(np.log(x*x/vwn_xx(x,b,c))
             - b*(x0/vwn_xx(x0,b,c))*np.log(np.power(x-x0,2)/vwn_xx(x,b,c))
             + (2*b/Q)*(1-(x0*(2*x0+b)/vwn_xx(x0,b,c))) * np.arctan(Q/(2*x+b)))
    #eps = a*(np.log(x*x/vwn_xx(x,b,c)) + (2*b/Q)*np.arctan(Q/(2*x+b))
    #         - (b*x0/vwn_xx(x0,b,c))*np.log(np.power(x-x0,2)/vwn_xx(x,b,c))
    #         + (2*(b+2*x0)/Q)*np.arctan(Q/(2*x+b)))
    return eps


def vwn_eps0(x,a,x0,b,c):
    def X(x): return x*x+b*x+c
    Q = np.sqrt(4*c-b*b)
    eps = a*(np.log(x*x/X(x)) + (2*b/Q)*np.arctan(Q/(2*x+b))
             - (b*x0/X(x0))*np.log(np.power(x-x0,2)/X(x))
             + (2*(b+2*x0)/Q)*np.arctan(Q/(2*x+b)))
    return eps


def vwn_depsp(x): return vwn_deps(x,0.0310907,-0.10498,3.72744,12.9352)


def vwn_depsf(x): return vwn_deps(x,0.01554535,-0.32500,7.06042,18.0578)


def vwn_deps(x,a,x0,b,c):
    q = np.sqrt(4*c-b*b)
    deps = a*(2/x - (2*x+b)/vwn_xx(x,b,c)
              - 4*b/(np.power(2*x+b,2)+q*q) - (b*x0/vwn_xx(x0,b,c))
              * (2/(x-x0)-(2*x+b)/vwn_xx(x,b,c)-4*(2*x0+b)/(np.power(2*x+b,2)+q*q)))
    return deps


def vwn_g(z): return 1.125*(np.power(1+z,4./3.)+np.power(1-z,4./3.)-2)


def vwn_dg(z): return 1.5*(np.power(1+z,1./3.)-np.power(1-z,1./3.))


def b88_g(x,b=0.0042):
    return -1.5*np.power(3./4./np.pi,1./3.)-b*x*x/(1.+6.*b*x*np.arcsinh(x))


def b88_dg(x,b=0.0042):
    num = 6*b*b*x*x*(x/np.sqrt(x*x+1)-np.arcsinh(x))-2*b*x
    denom = np.power(1+6*b*x*np.arcsinh(x),2)
    return num/denom


def cpbe_lsd(rhoa,rhob):
    # Not quite VWN. AEM: It's usually called PW correlation
    # LSD terms
    # Note that this routine gives out ec, not fc.
    # If you rather have fc, use pw instead
    rho = rhoa+rhob
    Rs = np.power(3./(4.*np.pi*rho),1./3.)
    Zeta = (rhoa-rhob)/rho
    thrd = 1./3.     # thrd*=various multiples of 1/3
    thrd4 = 4*thrd
    ggam=0.5198420997897463295344212145565 # gam= 2^(4/3)-2
    fzz=8./(9.*ggam) # fzz=f''(0)= 8/(9*gam)
    rtrs = np.sqrt(Rs)
    eu,eurs = pbe_gcor(0.0310907,0.21370,7.5957,
                       3.5876,1.6382,0.49294,rtrs)
    ep,eprs = pbe_gcor(0.01554535,0.20548,14.1189,
                       6.1977,3.3662,0.62517,rtrs)
    alfm,alfrsm = pbe_gcor(0.0168869,0.11125,10.357,
                           3.6231,0.88026,0.49671,rtrs)
    alfc = -alfm
    z4 = Zeta**4
    f=(np.power(1.+Zeta,thrd4)+np.power(1.-Zeta,thrd4)-2.)/ggam
    eps = eu*(1.-f*z4)+ep*f*z4-alfm*f*(1.-z4)/fzz

    ecrs = eurs*(1.-f*z4)+eprs*f*z4-alfrsm*f*(1.-z4)/fzz
    fz = thrd4*(np.power(1.+Zeta,thrd)-np.power(1.-Zeta,thrd))/ggam
    eczet = 4.*(Zeta**3)*f*(ep-eu+alfm/fzz)+fz*(z4*ep-z4*eu-(1.-z4)*alfm/fzz)
    comm = eps -Rs*ecrs/3.-Zeta*eczet
    vca = comm + eczet
    vcb = comm - eczet
    return eps,vca,vcb


def pbe_gcor(a,a1,b1,b2,b3,b4,rtrs):
#      subroutine gcor2(a,a1,b1,b2,b3,b4,rtrs,gg,ggrs)
# slimmed down version of gcor used in pw91 routines, to interpolate
# lsd correlation energy, as given by (10) of
# j. p. perdew and y. wang, phys. rev. b {\bf 45}, 13244 (1992).
# k. burke, may 11, 1996.
#      implicit real*8 (a-h,o-z)
      q0 = -2.*a*(1.+a1*rtrs*rtrs)
      q1 = 2.*a*rtrs*(b1+rtrs*(b2+rtrs*(b3+b4*rtrs)))
      q2 = np.log(1.+1./q1)
      gg = q0*q2
      q3 = a*(b1/rtrs+2.*b2+rtrs*(3.*b3+4.*b4*rtrs))
      ggrs = -2.*a*a1*q2-q0*q3/(q1*(1.+q1))
      return gg,ggrs


# --- pyquante2/grid/becke.py ---

def fbecke(x,n=3):
    for i in range(n): x = pbecke(x)
    return x


def pbecke(x): return 1.5*x-0.5*pow(x,3)


def sbecke(x,n=3): return 0.5*(1-fbecke(x,n))


# --- pyquante2/grid/atomic_grid.py ---

def EulerMaclaurinGrid(Z,**opts):
    nrad = opts.get('nrad',32)
    do_sg1 = opts.get('do_sg1',True)
    nang = opts.get('nang',194)
    radial = EulerMaclaurinRadialGrid(nrad,Z)
    if do_sg1:
        grid = [(r,w,SG1Angs(r,Z)) for r,w in radial]
    else:
        grid = [(r,w,nang) for r,w in radial]
    return grid


def BeckeRadMap(x,Rmax):
    return Rmax*(1.0+x)/(1.0-x)


def ang_mesh(frac,fineness,alevs = None):
    if not alevs:
        ang_levels = [
            [ 6, 14, 26, 26, 14], # Coarse
            [ 50, 50,110, 50, 26], # Medium
            [ 50,110,194,110, 50], # Fine
            [194,194,194,194,194]  # ultrafine
            ]
        alevs = ang_levels[fineness]
    nang = alevs[0]
    if frac > 0.4: nang = alevs[1]
    if frac > 0.5: nang = alevs[2]
    if frac > 0.7: nang = alevs[3]
    if frac > 0.8: nang = alevs[4]
    return nang


def EulerMaclaurinRadialGrid(nrad,Z):
    # adapted: from pyquante2.grid.data import PopleRadii (the module constant above)
    # Radial part of the Gill, Johnson, Pople SG-1 grid
    R = PopleRadii[Z]
    grid = []
    for i in range(1,nrad+1):
        # Changed to include a factor of 4pi
        #w = 2.*pow(R,3)*(nrad+1.)*pow(i,5)*pow(nrad+1-i,-7)
        w = 8.*np.pi*pow(R,3)*(nrad+1.)*pow(i,5)*pow(nrad+1-i,-7)
        r = R*i*i*pow(nrad+1-i,-2)
        grid.append((r,w))
    return grid


def SG1Angs(r,Z):
    # adapted: from pyquante2.grid.data import PopleRadii (the module constant above)
    # Gill, Johnson, Pople rules for SG-1 angular densities
    R = PopleRadii[Z]
    if Z in range(1,3): # H-He
        alphas = [0.25,0.5,1.0,4.5]
    elif Z in range(3,11): # Li-Ne
        alphas = [0.1667, 0.500, 0.900, 3.5]
    else: # only fit for Na-Ar
        alphas = [0.1,0.4,0.8,2.5]

    if r < alphas[0]*R: return 6
    elif r < alphas[1]*R: return 38
    elif r < alphas[2]*R: return 86
    elif r < alphas[3]*R: return 194
    return 86


# --- pyquante2/pt/mp2.py ---

def mp2(ints,orbs,orbe,nocc,nvirt,verbose=False):
    moints = ints.transform_mp2(orbs,nocc)
    Emp2 = 0
    for a,b in product(range(nocc),repeat=2):
        Eab = 0
        for r,s in product(range(nocc,nocc+nvirt),repeat=2):
            arbs,asbr = moints[a,r,b,s],moints[a,s,b,r]
            Eab += arbs*(2*arbs-asbr)/ \
                   (orbe[a]+orbe[b]-orbe[r]-orbe[s])
        if verbose: print("MP2 pair energy for %d,%d: %f" % (a,b,Eab))
        Emp2 += Eab
    if verbose: print("MP2 energy: %f" % Eab)
    return Emp2


# --- pyquante2/scf/iterators.py ---

class SCFIterator(object):
    def __init__(self,H,c=None,tol=1e-5,maxiters=100):
        self.H = H
        self.Eold = 0
        if c is None:
            orbe,self.c = geigh(H.i1.T+H.i1.V,H.i1.S)
        else:
            self.c = c
        self.maxiters = maxiters
        self.tol = tol
        
        self.converged = False
        self.iterations = 0
        return

    def __iter__(self): return self

    def next(self): return self.__next__()
    def __next__(self):
        self.iterations += 1
        if self.iterations > self.maxiters:
            raise StopIteration
        nc,no = self.H.geo.nclosed(),self.H.geo.nopen()
        if no != 0:
            print ("Warning: nopen != 0 in SCF Iterator: %d" % no )
        D = dmat(self.c,nc,no)
        self.c = self.H.update(D)
        E = self.H.energy
        if abs(E-self.Eold) < self.tol:
            self.converged = True
            raise StopIteration
        self.Eold = E
        return E


class AveragingIterator(SCFIterator):
    def __init__(self,H,c=None,fraction=0.5,tol=1e-5,maxiters=100):
        SCFIterator.__init__(self,H,c,tol,maxiters)
        self.fraction = fraction
        self.Dold = dmat(self.c,self.H.geo.nocc())
        return

    def __next__(self):
        D = (1-self.fraction)*self.Dold + self.fraction*dmat(self.c,self.H.geo.nocc())
        self.Dold = D
        self.c = self.H.update(D)
        E = self.H.energy
        if abs(E-self.Eold) < self.tol:
            self.converged = True
            raise StopIteration
        self.Eold = E
        return E


# --- pyquante2/scf/hamiltonians.py ---

class hamiltonian(object):
    name = 'abstract'
    def __init__(self,geo,bfs):
        self.geo = geo
        self.bfs = bfs
        self.i1 = onee_integrals(bfs,geo)
        self.i2 = twoe_integrals(bfs)
        self.energies = []
        self.energy = 0
        self.converged = False

    def __repr__(self):
        lines = ["%s Hamiltonian" % self.name]
        lines.append(str(self.geo))
        lines.append("Basis set: %s, Nbf: %d" %  (self.bfs.name,len(self.bfs)))
        lines.append("Status: Converged = %s" % self.converged)
        for i,E in enumerate(self.energies):
            lines.append("%d  %.5f" % (i,E))
        return "\n".join(lines)

    def _repr_html_(self):
        import xml.etree.ElementTree as ET
        top = ET.Element("html")
        h2 = ET.SubElement(top,"h2")
        h2.text = "%s Hamiltonian" % self.name
        top.append(self.geo.html())
        p = ET.SubElement(top,"p")
        p.text = "Basis set: %s, Nbf: %d" % (self.bfs.name,len(self.bfs))
        p = ET.SubElement(top,"p")
        p.text = "Status: Converged=%s" % self.converged
        if self.energies:
            table = ET.SubElement(top,"table")
            tr = ET.SubElement(table,"tr")
            for heading in ["#","Energy"]:
                td = ET.SubElement(tr,"th")
                td.text = heading
            for i,energy in enumerate(self.energies):
                tr = ET.SubElement(table,"tr")
                td = ET.SubElement(table,"td")
                td.text = str(i)
                td = ET.SubElement(table,"td")
                td.text = "%.5f" % energy
        return ET.tostring(top)

    def converge(self,iterator=SCFIterator,**kwargs):
        converger = iterator(self,**kwargs)
        self.energies = []
        for en in converger:
            self.energies.append(en)
        self.converged = converger.converged
        return self.energies

    def update(self,*args,**kwargs): raise Exception("Unimplemented")


class rhf(hamiltonian):
    name = 'RHF'

    def update(self,D):
        self.energy = self.geo.nuclear_repulsion()
        H = self.i1.T + self.i1.V
        self.energy += trace2(H,D)
        JK = self.i2.get_2jk(D)
        H = H + JK
        self.energy += trace2(H,D)
        E,c = geigh(H,self.i1.S)
        self.orbe = E
        self.orbs = c
        return c


# --- wrappers: basis functions, keyword settings, the SCF ---

def pgbf_mesh(points):
    return pgbf(0.8, (0.0, 0.0, 0.7), (1, 0, 0)).mesh(points)


def cgbf_mesh(points):
    return cgbf((0.0, 0.0, -0.7), (0, 0, 0), [3.42525091, 0.62391373, 0.1688554],
                [0.15432897, 0.53532814, 0.44463454]).mesh(points)


class _Molecule:  # a stand-in for pyquante2's molecule: what rhf and SCFIterator ask of HeH+
    def __init__(self, enuc):
        self.enuc = enuc

    def nuclear_repulsion(self): return self.enuc
    def nclosed(self): return 1
    def nopen(self): return 0
    def nocc(self): return 1


def _twoe(ERI):
    ints = twoe_integrals.__new__(twoe_integrals)  # __init__ computes the table from a basis set: here it is given
    ints.nbf = ERI.shape[0]
    ints._2e_ints = ERI
    return ints


def _rhf(S, T, V, ERI, enuc):
    H = rhf.__new__(rhf)  # hamiltonian.__init__'s attributes, with the integrals given
    H.geo = _Molecule(enuc)
    H.bfs = None
    H.i1 = types.SimpleNamespace(S=S, T=T, V=V)
    H.i2 = _twoe(ERI)
    H.energies = []
    H.energy = 0
    H.converged = False
    return H


def rhf_converge(S, T, V, ERI, enuc):
    H = _rhf(S, T, V, ERI, enuc)
    H.converge(SCFIterator)
    return H.energy, H.orbe, H.converged


def rhf_converge_averaging(S, T, V, ERI, enuc):
    H = _rhf(S, T, V, ERI, enuc)
    H.converge(AveragingIterator)
    return H.energy, H.orbe


def mp2_heh(ERI, orbs, orbe):
    return mp2(_twoe(ERI), orbs, orbe, 1, 1)


# --- inputs ---

def _f(rng, lo, hi):
    return np.float64(rng.uniform(lo, hi))


def _centre(rng):
    return rng.uniform(-1.5, 1.5, 3)


def _primitive(rng, lmn):
    return _centre(rng), _f(rng, 0.5, 1.5), lmn, _f(rng, 0.2, 2.0)  # origin, norm, powers, exponent


def _four(rng, lmns):
    return sum((_primitive(rng, lmn) for lmn in lmns), ())


def _vrr_args(rng):
    a, b, c, d = (_primitive(rng, lmn) for lmn in ((1, 1, 0), (0, 0, 0), (0, 0, 1), (0, 0, 0)))
    return a + b[:2] + b[3:] + c + d[:2] + d[3:] + (0,)


def _overlap(rng, lmn1=(0, 0, 0), lmn2=(0, 0, 0)):
    return _f(rng, 0.2, 2.0), lmn1, _centre(rng), _f(rng, 0.2, 2.0), lmn2, _centre(rng)


def _orthonormal(rng, n=6):
    q, _ = np.linalg.qr(rng.normal(size=(n, n)))
    return q


def _overlap_matrix(rng, n=6):
    a = rng.normal(scale=0.3, size=(n, n))
    s = a @ a.T + np.eye(n)
    d = 1 / np.sqrt(np.diag(s))
    return s * d[:, None] * d[None, :]


def _fock(rng, n=6):
    a = rng.normal(size=(n, n))
    return (a + a.T) / 2 - np.diag(np.arange(n, 0, -1.0))


def _rho(rng, n=40):
    rho = 10 ** rng.uniform(-3, 1, n)
    rho[:2] = [1e-12, 5e-11]  # below the functionals' tol
    return rho


def _gam(rng, rho):
    return (rho ** (4 / 3) * rng.uniform(0.1, 2.0, rho.size)) ** 2


def _clyp(rng):
    ra, rb = _rho(rng), _rho(rng)
    gaa, gbb = _gam(rng, ra), _gam(rng, rb)
    return ra, rb, gaa, np.sqrt(gaa * gbb) * rng.uniform(-1, 1, ra.size), gbb


def _cpbe(rng):
    na, nb, ga, gab, gb = _clyp(rng)
    return na, nb, ga, gab, gb


_H_EXPS = [3.42525091, 0.62391373, 0.1688554]  # basis/data.py's sto3g for H and He
_HE_EXPS = [6.36242139, 1.158923, 0.31364979]
_STO3G_COEFS = [0.15432897, 0.53532814, 0.44463454]


def _heh(rng):
    """HeH+ in STO-3G at 1.4-1.5 bohr: S, T, V, the repulsion integrals and the nuclear repulsion."""
    R = rng.uniform(1.4, 1.5)
    atoms = [types.SimpleNamespace(Z=2, r=np.zeros(3)), types.SimpleNamespace(Z=1, r=np.array([0.0, 0.0, R]))]
    bfs = [cgbf(atoms[0].r, (0, 0, 0), _HE_EXPS, _STO3G_COEFS), cgbf(atoms[1].r, (0, 0, 0), _H_EXPS, _STO3G_COEFS)]
    i1 = onee_integrals(bfs, atoms)
    return i1.S, i1.T, i1.V, twoe_integrals(bfs)._2e_ints, 2 / R


def _heh_orbitals(rng):
    S, T, V, ERI, enuc = _heh(rng)
    H = _rhf(S, T, V, ERI, enuc)
    H.converge(SCFIterator)
    return ERI, H.orbs, H.orbe


CASES = [
    # utils.py
    case(Fgamma, lambda rng: (2, _f(rng, 0.3, 2.0)), PQ("utils.py", "Fgamma", "x < m+1.5: the series")),
    case(Fgamma, lambda rng: (1, _f(rng, 8.0, 15.0)), PQ("utils.py", "Fgamma", "x > m+1.5: the continued fraction"),
         name="pyquante2.Fgamma_large"),
    case(gamm_inc, lambda rng: (1.5, _f(rng, 0.5, 2.0)), PQ("utils.py", "gamm_inc")),
    case(_gser, lambda rng: (0.5, _f(rng, 0.1, 1.2)), PQ("utils.py", "_gser")),
    case(_gcf, lambda rng: (0.5, _f(rng, 3.0, 8.0)), PQ("utils.py", "_gcf")),
    case(dmat, lambda rng: (_orthonormal(rng), 3), PQ("utils.py", "dmat")),
    case(dmat, lambda rng: (_orthonormal(rng), 2, 1), PQ("utils.py", "dmat", "nopen=1"), name="pyquante2.dmat_open"),
    case(symorth, lambda rng: (_overlap_matrix(rng),), PQ("utils.py", "symorth")),
    case(canorth, lambda rng: (_overlap_matrix(rng),), PQ("utils.py", "canorth")),
    case(cholorth, lambda rng: (_overlap_matrix(rng),), PQ("utils.py", "cholorth")),
    case(geigh, lambda rng: (_fock(rng), _overlap_matrix(rng)), PQ("utils.py", "geigh")),
    # basis/pgbf.py, basis/cgbf.py
    case(pgbf_mesh, lambda rng: (rng.normal(scale=1.5, size=(50, 3)),), PQ("basis/pgbf.py", "pgbf.mesh", "a p function")),
    case(cgbf_mesh, lambda rng: (rng.normal(scale=1.5, size=(50, 3)),), PQ("basis/cgbf.py", "cgbf.mesh", "H 1s in STO-3G")),
    # ints/one.py
    case(overlap, lambda rng: _overlap(rng), PQ("ints/one.py", "overlap", "s, s")),
    case(overlap, lambda rng: _overlap(rng, (1, 0, 0), (0, 1, 1)), PQ("ints/one.py", "overlap", "p, d"), name="pyquante2.overlap_pd"),
    case(binomial_prefactor, lambda rng: (2, 1, 2, _f(rng, -1, 1), _f(rng, -1, 1)), PQ("ints/one.py", "binomial_prefactor")),
    case(kinetic, lambda rng: _overlap(rng, (1, 0, 0), (1, 0, 0)), PQ("ints/one.py", "kinetic", "p, p")),
    case(nuclear_attraction, lambda rng: _overlap(rng) + (_centre(rng),), PQ("ints/one.py", "nuclear_attraction", "s, s")),
    case(nuclear_attraction, lambda rng: _overlap(rng, (0, 1, 0), (1, 0, 1)) + (_centre(rng),),
         PQ("ints/one.py", "nuclear_attraction", "p, d"), name="pyquante2.nuclear_attraction_pd"),
    case(A_array, lambda rng: (1, 2, _f(rng, -1, 1), _f(rng, -1, 1), _f(rng, -1, 1), _f(rng, 0.5, 3.0)), PQ("ints/one.py", "A_array")),
    # ints/two.py, ints/hgp.py
    case(coulomb_repulsion, lambda rng: _four(rng, [(0, 0, 0)] * 4), PQ("ints/two.py", "coulomb_repulsion", "s, s, s, s")),
    case(coulomb_repulsion, lambda rng: _four(rng, [(1, 0, 0), (0, 0, 0), (0, 1, 0), (0, 0, 0)]),
         PQ("ints/two.py", "coulomb_repulsion", "p, s, p, s"), name="pyquante2.coulomb_repulsion_psps"),
    case(hrr, lambda rng: _four(rng, [(0, 0, 0), (0, 1, 0), (0, 0, 0), (1, 0, 0)]), PQ("ints/hgp.py", "hrr", "p on b and d")),
    case(vrr, lambda rng: _vrr_args(rng), PQ("ints/hgp.py", "vrr", "a d on a, a p on c, M=0")),
    # ints/rys.py
    case(Roots, lambda rng: (2, _f(rng, 0.2, 0.9)), PQ("ints/rys.py", "Roots", "n=2, X < 1")),
    case(Roots, lambda rng: (3, _f(rng, 5.5, 9.5)), PQ("ints/rys.py", "Roots", "n=3, 5 < X < 10"), name="pyquante2.Roots_3"),
    case(Roots, lambda rng: (1, _f(rng, 35.0, 50.0)), PQ("ints/rys.py", "Roots", "n=1, X > 33"), name="pyquante2.Roots_1_large"),
    case(Root4, lambda rng: (_f(rng, 1.5, 4.5),), PQ("ints/rys.py", "Root4", "1 < X <= 5")),
    case(Root5, lambda rng: (_f(rng, 11.0, 14.0),), PQ("ints/rys.py", "Root5", "10 < X < 15")),
    case(Recur, lambda rng: (_f(rng, 0.05, 0.95), 1, 1, 1, 0) + tuple(_f(rng, -1, 1) for _ in range(4)) + tuple(_f(rng, 0.2, 2) for _ in range(4)),
         PQ("ints/rys.py", "Recur")),
    case(Shift, lambda rng: (rng.normal(size=(3, 2)), 1, 0, _f(rng, -1, 1), _f(rng, -1, 1)), PQ("ints/rys.py", "Shift")),
    case(rys_coulomb_repulsion, lambda rng: _four(rng, [(1, 0, 0), (0, 0, 0), (0, 1, 0), (0, 0, 0)]),
         PQ("ints/rys.py", "coulomb_repulsion", "renamed rys_coulomb_repulsion; p, s, p, s")),
    # dft/functionals.py
    case(xs, lambda rng: (_rho(rng),), PQ("dft/functionals.py", "xs")),
    case(xb88, lambda rng: (lambda r: (r, _gam(rng, r)))(_rho(rng)), PQ("dft/functionals.py", "xb88")),
    case(zero_low_density, lambda rng: (_rho(rng),), PQ("dft/functionals.py", "zero_low_density")),
    case(xpbe, lambda rng: (lambda r: (r, _gam(rng, r)))(_rho(rng)), PQ("dft/functionals.py", "xpbe")),
    case(cvwn5, lambda rng: (_rho(rng), _rho(rng)), PQ("dft/functionals.py", "cvwn5")),
    case(clyp, lambda rng: _clyp(rng), PQ("dft/functionals.py", "clyp")),
    case(cpbe, lambda rng: _cpbe(rng), PQ("dft/functionals.py", "cpbe")),
    # grid/becke.py, grid/atomic_grid.py
    case(sbecke, lambda rng: (rng.uniform(-1, 1, 30),), PQ("grid/becke.py", "sbecke")),
    case(ang_mesh, lambda rng: (_f(rng, 0.05, 0.95), 2), PQ("grid/atomic_grid.py", "ang_mesh")),
    case(SG1Angs, lambda rng: (_f(rng, 0.1, 3.0), 8), PQ("grid/atomic_grid.py", "SG1Angs", "oxygen")),
    # pt/mp2.py, scf/hamiltonians.py, scf/iterators.py
    case(mp2_heh, lambda rng: _heh_orbitals(rng), PQ("pt/mp2.py", "mp2", "HeH+ in STO-3G, nocc=1, nvirt=1")),
    case(rhf_converge, lambda rng: _heh(rng), PQ("scf/hamiltonians.py", "hamiltonian.converge", "rhf, SCFIterator, HeH+ in STO-3G")),
    case(rhf_converge_averaging, lambda rng: _heh(rng),
         PQ("scf/hamiltonians.py", "hamiltonian.converge", "rhf, AveragingIterator, HeH+ in STO-3G")),
]
