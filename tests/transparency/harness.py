"""``make transparency``: other people's code and test suites, run unconverted and converted, side by side.

    .venv/bin/python -m tests.transparency                    # every suite; writes .transparency-cache/fidelity.md
    AUTOGRAPH_UPDATE_DOCS=1 .venv/bin/python -m tests.transparency   # docs/fidelity.md instead
    .venv/bin/python -m tests.transparency textwrap attrs     # some suites; no report written
    .venv/bin/python -m tests.transparency --list

Each suite runs three times, each time in a fresh process (``runner.py``): once as it is (the oracle),
and twice with every function and method of the code under test replaced in place by
``autograph.convert(f)``: called outside any trace (each converted function runs as written, after
the per-call choice), and inside a trace that stages nothing (``--general``: each converted function
runs its converted form on the suite's plain values, autograph/forms.py). A test that passes
unconverted and not converted is a converter bug (or a difference to document).

The suites: CPython's own tests of pure-Python standard library modules (the ``test`` package that
ships with the interpreter), and the pytest suites of pure-Python PyPI libraries, fetched by pip as
sdists at pinned versions (checked against the sha256 below) and unpacked into ``.transparency-cache/``.
Importing this module runs nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import hashlib
import json
import math
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).resolve().parent / "runner.py"
CACHE = ROOT / ".transparency-cache"
DRAFT = CACHE / "fidelity.md"  # a full run's report unless AUTOGRAPH_UPDATE_DOCS=1 (then DOC)
DOC = ROOT / "docs" / "fidelity.md"
OUTCOME_ORDER = ("skipped", "passed", "failed", "error")  # the worst last (as in runner.py)
DEFAULT_TIMEOUT = 900.0  # seconds, per run of a suite


@dataclasses.dataclass(frozen=True)
class Sdist:
    """A PyPI sdist that a suite's code imports but that the venv lacks (glom's face): fetched as a suite's own sdist
    is, pinned and checked the same way, and put on the suite's import path, not converted."""

    dist: str
    version: str
    sha256: str
    src: str = "."  # where its packages import from, inside the unpacked sdist


@dataclasses.dataclass(frozen=True)
class Suite:
    name: str
    kind: str  # "stdlib" (test.test_<module> under unittest) or "pytest" (a PyPI sdist's own suite)
    module: str = ""  # stdlib: the module converted (language: the X of test.test_X, which is converted instead)
    test: str = ""  # stdlib: the test module test.<test>, where CPython's is not test_<module> (test_urlparse)
    deny: tuple[str, ...] = ()  # stdlib: test.support resources denied (network: tests that reach the internet)
    dist: str = ""  # pytest: the PyPI distribution, its pinned version and the sdist's sha256
    version: str = ""
    sha256: str = ""
    packages: tuple[str, ...] = ()  # pytest: the packages converted (every submodule, tests excepted)
    src: str = "."  # pytest: where the packages import from, inside the unpacked sdist
    pytest_args: tuple[str, ...] = ()  # pytest: test paths and options, run from the unpacked sdist
    note: str = ""
    language: bool = False  # stdlib: the code converted is the test module test.test_<module> itself
    needs: tuple[Sdist, ...] = ()  # pytest: sdists of dependencies the venv lacks, importable but not converted
    chdir: str = ""  # pytest: where pytest runs, inside the unpacked sdist (bitstring 3 opens test files by name)

    @property
    def source(self) -> str:
        if self.kind == "stdlib" and self.language:
            return f"CPython {platform.python_version()} `test.test_{self.module}`, itself converted"
        if self.kind == "stdlib" and self.test:
            return f"CPython {platform.python_version()} `test.{self.test}` of `{self.module}`"
        if self.kind == "stdlib":
            return f"CPython {platform.python_version()} `test.test_{self.module}`"
        needs = "".join(f", with `{n.dist}=={n.version}`" for n in self.needs)
        return f"PyPI sdist `{self.dist}=={self.version}`{needs}"


def _stdlib(module: str, note: str = "", *, name: str = "", test: str = "", deny: tuple[str, ...] = ()) -> Suite:
    """CPython's ``test.test_<module>`` with ``module`` converted; where the test module is named otherwise (a module
    of a package: urllib.parse's is test_urlparse), ``test`` names it and ``name`` the suite (a dotted name is no
    suite name on the command line). ``deny``: test.support resources whose tests skip in every run (outside regrtest
    all are enabled, so a test that requires 'network' tries a host on the internet)."""
    return Suite(name=name or module, kind="stdlib", module=module, test=test, deny=deny, note=note)


def _stdlib_language(module: str, note: str = "") -> Suite:
    """CPython's test of a part of the language, ``test.test_<module>``, whose code under test is the test module
    itself (nested functions, closures, comprehensions, ``match``, class bodies): that module is converted (every
    function and method it defines, TestCase methods included, as runner.py converts a library module: ``runner.py
    stdlib <module> --language``), not a module ``<module>``. Named ``test_<module>``: ``python -m tests.transparency
    test_scope``."""
    return Suite(name=f"test_{module}", kind="stdlib", module=module, note=note, language=True)


# Pure-Python modules whose CPython tests run in seconds. bisect, heapq and statistics test their pure-Python
# version through import_fresh_module (blocking the C accelerator): the import hook converts that copy too.
STDLIB_SUITES = (
    _stdlib("bisect"), _stdlib("calendar"), _stdlib("colorsys"), _stdlib("configparser"), _stdlib("dataclasses"),
    _stdlib("difflib"), _stdlib("fractions"), _stdlib("heapq"), _stdlib("ipaddress"), _stdlib("pprint"),
    _stdlib("shlex"), _stdlib("statistics"), _stdlib("string"), _stdlib("textwrap"),
    _stdlib("argparse"), _stdlib("tokenize"), _stdlib("json"),
    # Added in stop 26: 17 more (3,504 tests), from a TOML parser to the email package and typing.
    _stdlib("tomllib"), _stdlib("graphlib"), _stdlib("getopt"), _stdlib("optparse"), _stdlib("plistlib"),
    _stdlib("random"), _stdlib("base64"), _stdlib("fnmatch"), _stdlib("html"), _stdlib("gettext"),
    _stdlib("quopri"), _stdlib("uuid"), _stdlib("email"), _stdlib("enum"), _stdlib("copy"),
    _stdlib("contextlib"), _stdlib("typing"),
    # Then four more: path handling (posixpath and ntpath are frozen into the interpreter: their source is read
    # from their __file__; posixpath is os.path here, so the runner's own path calls run converted too), pathlib
    # (pure Python in 3.11) and mimetypes.
    _stdlib("posixpath"), _stdlib("ntpath"), _stdlib("pathlib"), _stdlib("mimetypes"),
    # And 16 the same helper ran without registering them (0 / 0 broken there): the language's own machinery
    # (operator, collections, types, inspect, traceback, warnings, linecache, code, timeit) and files and text
    # (shutil, tempfile, glob, fileinput, reprlib, sched, netrc).
    _stdlib("operator"), _stdlib("collections"), _stdlib("types"), _stdlib("inspect"), _stdlib("traceback"),
    _stdlib("warnings"), _stdlib("linecache"), _stdlib("code"), _stdlib("timeit"), _stdlib("shutil"),
    _stdlib("tempfile"), _stdlib("glob"), _stdlib("fileinput"), _stdlib("reprlib"), _stdlib("sched"),
    _stdlib("netrc"),
    # Eight more (each 0 / 0 broken, 2.5 to 125 s for its three runs): weak references, functools, thread-safe
    # queues, syntax trees (ast), archives (zipfile), serialization (pickle), dates and decimal arithmetic.
    # functools and queue test their pure-Python version through import_fresh_module as well as the C one; pickle
    # tests its pure-Python _Pickler / _Unpickler (defined in pickle.py, converted with it) beside _pickle's.
    _stdlib("weakref"), _stdlib("functools"), _stdlib("queue"), _stdlib("ast"), _stdlib("zipfile"), _stdlib("pickle"),
    # datetime: test_datetime runs datetimetester twice, _Fast (the _datetime C types: nothing of it is converted)
    # and _Pure (datetime.py imported afresh with _datetime blocked: the import hook converts that copy, 182
    # functions); the slowest of these eight (about 125 s for its three runs, 80 of them in the converted form).
    _stdlib("datetime", note="only its _Pure half (datetime.py, _datetime blocked) runs converted code; "
                             "the _Fast half tests the C types"),
    # decimal: test_decimal runs each test on C (_decimal, built-in types, not converted) and on P, decimal imported
    # afresh with _decimal blocked: it re-exports _pydecimal, whose classes and functions say __module__ 'decimal',
    # so the import hook converts them (209 functions; _pydecimal's private helpers on first call).
    _stdlib("decimal", note="only its P half (_pydecimal, _decimal blocked) runs converted code; the C half "
                            "tests _decimal"),
    # Twelve more (each 0 / 0 broken, a few seconds for its three runs but tarfile's 25 s): line-oriented
    # interpreters (cmd), files and archives (filecmp, stat, zipapp, wave, gzip, tarfile), csv, secrets, pstats, abc
    # (abc.py's ABCMeta over the _abc C functions; test_abc's _py_abc half is not converted) and zoneinfo (its
    # pure-Python half too: zoneinfo._zoneinfo imported afresh with _zoneinfo blocked, converted by the import hook;
    # test_folds_and_gaps, test_folds_from_utc and test_unambiguous of CTZDataTests and TZDataTests fail unconverted
    # too, their expectations older than the tzdata installed here).
    _stdlib("cmd"), _stdlib("filecmp"), _stdlib("secrets"), _stdlib("stat"), _stdlib("pstats"), _stdlib("zipapp"),
    _stdlib("wave"), _stdlib("gzip"), _stdlib("csv"), _stdlib("tarfile"), _stdlib("zoneinfo"), _stdlib("abc"),
    # Two whose converted runs break tests, in classes docs/limitations.md names: bdb (a debugger that starts its
    # own tracer: Bdb.runcall calls sys.settrace and then the function, so in the converted form it stops first in
    # ag__.call's frames) and dis (test_dis disassembles dis.code_info itself: a converted function's code object
    # has the names, constants, flags and stack size of both forms).
    _stdlib("bdb", note="29 tests break in the converted form: Bdb.runcall's tracer sees ag__.call's frames (and, "
                        "at a function's first call, its conversion) before the function's own"),
    _stdlib("dis", note="3 tests break on both paths: test_code_info, test_show_code and test_info read "
                        "dis.code_info's own code object, which converted is not the original's"),
    # Fourteen more (each 0 / 0 broken, 2 to 75 s for its three runs, logging the slowest): logging (the package:
    # its handlers and config too), mailboxes (mailbox), shelve, copyreg, getpass, uu (removed in Python 3.13), the
    # WSGI reference server (wsgiref), tools that read source (tabnanny, pyclbr, symtable, modulefinder), pickletools,
    # zipimport and doctest (its DocTestRunner, converted, runs the test module's doctests). keyword is left out: it
    # defines no function (iskeyword is a frozenset's __contains__). The suites of xml.etree.ElementTree,
    # xml.dom.minidom, html.parser, urllib.parse, urllib.robotparser, http.cookies, http.cookiejar and numbers are
    # named otherwise (test_xml_etree, test_minidom, test_htmlparser, test_urlparse, test_robotparser,
    # test_http_cookies, test_http_cookiejar, test_abstract_numbers), which runner.py's stdlib mode could not say: run
    # ad hoc with its Converter, all passed converted on both paths as they do unconverted (stop 50 gave the runner
    # --test, and added five of them below).
    _stdlib("logging"), _stdlib("mailbox"), _stdlib("shelve"), _stdlib("copyreg"), _stdlib("getpass"), _stdlib("uu"),
    _stdlib("wsgiref"), _stdlib("tabnanny"), _stdlib("pyclbr"), _stdlib("symtable"), _stdlib("modulefinder"),
    _stdlib("pickletools"), _stdlib("zipimport"), _stdlib("doctest"),
    # And two larger ones (0 / 0 broken, 7 and 17 s): re (its pure-Python parser and compiler, re._parser and
    # re._compiler, converted; the matching engine is _sre's) and unittest (the package that runs these suites,
    # converted; test_unittest runs it on its own tests: NonCallableMock.__class__, a property, converts but cannot be
    # set back on the class).
    _stdlib("re"), _stdlib("unittest"),
    # trace breaks tests in the converted form, in the class bdb does (docs/limitations.md names test_trace): the
    # converted Trace.runfunc calls sys.settrace and then the function through ag__.call, whose frames (and, at a
    # function's first call, its conversion) the tracer counts.
    _stdlib("trace", note="13 tests break in the converted form: Trace.runfunc's tracer sees ag__.call's frames "
                          "(and, at a function's first call, its conversion) before the function's own"),
    # Thirty-two more (each 0 / 0 broken, 1 to 60 s for its three runs: selectors 46 s, threading 60 s, compileall
    # 34 s, ftplib 38 s, poplib 26 s, the rest under 12 s): hashing and running code (hmac, runpy, pkgutil, codeop,
    # py_compile, compileall: 2 HardlinkDedup tests fail unconverted too, under the harness's
    # PYTHONDONTWRITEBYTECODE), the interpreter's surroundings (platform, sysconfig: its 2 venv-scheme tests fail
    # unconverted too, run from this venv; locale, rlcompleter, pydoc), paths and files (genericpath, mailcap, pipes,
    # imghdr, sndhdr), data formats (xdrlib, aifc, sunau, codecs, bz2, lzma: their Python file objects over the C
    # compressors), the web's old helpers (cgi, cgitb, urllib: the package, urllib.request over fake sockets), and
    # clients and servers that talk to a server the test starts in a thread on the loopback interface (socketserver,
    # smtplib, ftplib, poplib, telnetlib), selectors (over socket pairs) and threading. Not added: imaplib and
    # nntplib (0 / 0 broken too, but their Remote* and Networked* classes try hosts on the internet), lib2to3
    # (runner.py imports every module of the package, and lib2to3.pgen2.conv's `from pgen2 import ...` fails in
    # every run), opcode and chunk (no test_opcode or test_chunk in 3.11).
    _stdlib("hmac"), _stdlib("runpy"), _stdlib("pkgutil"), _stdlib("platform"), _stdlib("py_compile"),
    _stdlib("compileall"), _stdlib("rlcompleter"), _stdlib("genericpath"), _stdlib("xdrlib"), _stdlib("mailcap"),
    _stdlib("aifc"), _stdlib("sunau"), _stdlib("selectors"), _stdlib("codeop"), _stdlib("pydoc"),
    _stdlib("sysconfig"), _stdlib("locale"), _stdlib("imghdr"), _stdlib("sndhdr"), _stdlib("pipes"),
    _stdlib("smtplib"), _stdlib("ftplib"), _stdlib("poplib"), _stdlib("socketserver"), _stdlib("telnetlib"),
    _stdlib("cgi"), _stdlib("cgitb"), _stdlib("bz2"), _stdlib("lzma"), _stdlib("codecs"), _stdlib("threading"),
    _stdlib("urllib"),
    # Added in stop 50: five modules inside packages, whose CPython test modules are not test_<module> (test= names
    # each, runner.py's --test; the suite is named by an identifier, not the dotted module): cookies and cookie jars
    # (http.cookies, http.cookiejar), the minimal DOM (xml.dom.minidom alone: the expat builder and xml.dom's other
    # modules that it parses with are not converted), robots.txt (urllib.robotparser: its NetworkTestCase reads
    # www.pythontest.net, so the 'network' resource is denied and it skips; the other tests read a server the test
    # starts on the loopback interface) and URL parsing (urllib.parse). 0 / 0 broken, 3 to 5 s for the three runs.
    _stdlib("http.cookies", name="http_cookies", test="test_http_cookies"),
    _stdlib("http.cookiejar", name="http_cookiejar", test="test_http_cookiejar"),
    _stdlib("xml.dom.minidom", name="xml_dom_minidom", test="test_minidom"),
    _stdlib("urllib.robotparser", name="robotparser", test="test_robotparser", deny=("network",),
            note="its NetworkTestCase (www.pythontest.net) skips: the 'network' resource is denied"),
    _stdlib("urllib.parse", name="urlparse", test="test_urlparse"),
    # Seven more whose test modules are named otherwise (0 / 0 broken; 3 to 11 s for the three runs but xmlrpc's 86 s,
    # whose walltime tests wait on its servers): ElementTree (the xml.etree package: test_xml_etree's setUpModule
    # imports xml.etree.ElementTree afresh with _elementtree blocked, the import hook converts that pure-Python copy,
    # and its tests run on it), OrderedDict (test_ordered_dict's pure-Python half, collections imported afresh with
    # _collections blocked; its C half tests the C type), UserString (test_userstring, over test.string_tests), XML-RPC
    # (the xmlrpc package: test_xmlrpc and test_docxmlrpc talk to servers they start on the loopback interface),
    # html.parser (its base class, _markupbase.ParserBase, is another module: not converted) and SAX (the xml.sax
    # package, over pyexpat). test_userdict and test_userlist are here already, as language suites. (Found here: the
    # import hook converted test_ordered_dict's fresh collections while that copy, which has no deque, was
    # sys.modules['collections'], and the converter's parsing calls ast.walk, which imports deque from it: 13 of
    # OrderedDict's functions were recorded "crashed" and left unconverted; runner.py now puts the copy it converted
    # before back in sys.modules while it converts the new one, Converter.earlier_copy_in_place.)
    _stdlib("xml.etree", name="xml_etree", test="test_xml_etree"),
    _stdlib("collections", name="ordered_dict", test="test_ordered_dict"),
    _stdlib("collections", name="userstring", test="test_userstring"),
    _stdlib("xmlrpc"),
    _stdlib("xmlrpc", name="docxmlrpc", test="test_docxmlrpc"),
    _stdlib("html.parser", name="htmlparser", test="test_htmlparser"),
    _stdlib("xml.sax", name="sax", test="test_sax"),
    # Five more pure-Python modules whose CPython test modules are named otherwise (0 / 0 broken; 2 to 7 s for the three
    # runs): time.strptime's parser (_strptime, test_strptime), HTTP's client (http.client, test_httplib: fake sockets
    # and servers it starts on the loopback interface; its HTTPSTest.test_networked* read hosts on the internet, so the
    # 'network' resource is denied and they skip) and server (http.server, test_httpservers: its 14 CGI tests skip when
    # run as root), in-memory streams (_pyio, whose BytesIO and StringIO test_memoryio tests beside io's C ones: only
    # its Py* classes run converted code) and weak sets (_weakrefset, test_weakset). Run the same way and not added,
    # 0 / 0 broken: xml.dom.pulldom, xml.dom.minicompat, stringprep, _threading_local, dbm.dumb, webbrowser, asyncore,
    # asynchat, smtpd, imp, pty, tty and profile (test_profile profiles test.profilee, which is not converted);
    # _osx_support's 16 tests (test__osx_support) skip off macOS. Not added: asyncio (runner.py's stdlib mode imports
    # every module of the package, and asyncio.windows_events raises ImportError off Windows: every run dies).
    _stdlib("_strptime", name="strptime", test="test_strptime"),
    _stdlib("http.client", name="httplib", test="test_httplib", deny=("network",),
            note="its HTTPSTest.test_networked* (self-signed.pythontest.net, www.python.org) skip: the 'network' "
                 "resource is denied"),
    _stdlib("http.server", name="httpservers", test="test_httpservers",
            note="its 14 CGIHTTPServerTestCase tests skip when run as root"),
    _stdlib("_pyio", name="memoryio", test="test_memoryio",
            note="only its Py* half (_pyio's BytesIO and StringIO) runs converted code; the C half tests io's"),
    _stdlib("_weakrefset", name="weakset", test="test_weakset"),
    # Added in stop 80: four more. The pure-Python ABCMeta (_py_abc, test_abc: its C half, abc.py over _abc, is the
    # abc suite's; here the _py_abc half's ABCMeta.__new__, register, __instancecheck__ and __subclasscheck__ with
    # their caches and registries run converted), the collections ABCs' mixin methods (_collections_abc,
    # test_collections: Set's operators and comparisons, Mapping's get / keys / items / __eq__, MutableMapping's pop /
    # popitem / update / setdefault, Sequence's index and count loops, MutableSequence's insert / extend / reverse, the
    # views; the class objects are collections.abc's, shared by the whole process, so every Mapping or Set subclass in
    # it runs them converted), hashlib (its constructors' lookups and fallbacks and file_digest's read loop) and
    # subprocess (Popen: argument handling, _execute_child's fork and exec, communicate over selectors, timeouts, run,
    # check_output, list2cmdline; Popen.__exit__ is refused, a `return` in its `finally`). 0 / 0 broken; 1 to 3 s for
    # the three runs but subprocess's 82 s. test_abc's two halves share their test ids (classes made inside
    # test_factory), so py_abc counts 36 tests for the 72 it runs, the worse outcome of each pair counting.
    _stdlib("_py_abc", name="py_abc", test="test_abc"),
    _stdlib("_collections_abc", name="collections_abc", test="test_collections"),
    _stdlib("hashlib"), _stdlib("subprocess"),
    # Added in stop 98: eight more (0 / 0 broken; 6 to 21 s for the three runs but imaplib's 163 s, about 52 s a run).
    # os (its Python half: makedirs, removedirs, renames, get_exec_path, the _Environ mapping that os.environ is, so
    # every environment read in the process runs it converted, popen's and fdopen's wrappers; walk and fwalk are
    # generators), tracemalloc (Snapshot's filtering, grouping and comparison, Traceback and Filter), pdb (the
    # debugger's commands, argument parsing and breakpoints, driven by test_pdb's doctests in this process; its
    # PdbTestCase, 35 tests, runs `python -m pdb` in a child process, unconverted. Unlike bdb's suite, these tests start
    # the tracer from Bdb's own methods, set_trace and run, not converted, and the converted methods that run while it
    # traces are called by the trace function, which is not traced: 0 broken), IMAP and NNTP clients (imaplib's response
    # parsing against servers the test starts on the loopback interface; nntplib's over fake sockets and a loopback
    # server), the base of html.parser's parser (_markupbase, test_htmlparser: parse_declaration, parse_marked_section
    # and the scanners the htmlparser suite leaves unconverted) and two codecs that test_codecs tests among all the
    # others: punycode (encodings.punycode, RFC 3492's samples) and IDNA (encodings.idna: nameprep, ToASCII, ToUnicode,
    # the incremental codecs; named idna_codec, idna is the PyPI library's suite). The encodings package as a whole
    # cannot be a suite here: runner.py imports each of its modules, and encodings.mbcs and encodings.oem import only on
    # Windows. Inside a graph trace and a JAX trace (--trace) 89 of imaplib's tests are refused: IMAP4._connect draws
    # its tag prefix with random.randint, the documented refusal of Python's random module in a trace. The refusal
    # passes IMAP4.__init__'s `except Exception:` that shuts the client's socket, as every except clause of converted
    # code re-raises a limitation (docs/graphs.md), so each refused client's socket stays open and its test's server
    # thread waits for it: those runs took 8.6 (graph) and 9.4 (JAX) times as long as unconverted, and in a JAX trace
    # one more test breaks, test_certfile_arg_warn, whose check_warnings catches the ResourceWarning of such a socket
    # when the collector frees it. Run the same way and not added: ctypes (0 / 0 broken on all four paths, 414 tests;
    # pdb has more control flow), site and sqlite3 (run unconverted only, 27 and 430 tests; sqlite3's code is its C
    # module's but for two small modules, and its _iterdump is a generator); socket (its unconverted run had not
    # finished at the harness's 900 s timeout, 667 tests in) and dbm (dbm.gnu imports _gdbm, not built into this Python:
    # every run dies importing the package).
    _stdlib("os"),
    _stdlib("tracemalloc", note="TestTracemallocEnabled.test_snapshot fails by chance in any run, unconverted too: it "
                                "asserts that the second trace of a snapshot, whichever allocation that is, was made "
                                "more than 10 frames deep ('This can vary', says its comment); under this runner's "
                                "stack, shallower than regrtest's, it often was 10 (3 of 11 unconverted runs here "
                                "passed it)"),
    _stdlib("pdb", note="its PdbTestCase (35 tests) runs python -m pdb in a child process, not converted"),
    _stdlib("imaplib", deny=("network",),
            note="its RemoteIMAPTest and RemoteIMAP_*Test (cyrus.andrew.cmu.edu) skip: CPython skips them, and the "
                 "'network' resource is denied"),
    _stdlib("nntplib", deny=("network",),
            note="its NetworkedNNTPTests and NetworkedNNTP_SSLTests (news.trigofacile.com) skip: the 'network' "
                 "resource is denied"),
    _stdlib("_markupbase", name="markupbase", test="test_htmlparser"),
    _stdlib("encodings.punycode", name="punycode", test="test_codecs"),
    _stdlib("encodings.idna", name="idna_codec", test="test_codecs"),
)

PYPI_SUITES = (
    Suite(name="attrs", kind="pytest", dist="attrs", version="24.2.0",
          sha256="5cfb1b9148b5b086569baec03f20d7b6bf3bcacc9a42bebf87ffaaca362f6346",
          packages=("attr", "attrs"), src="src", pytest_args=("tests",),
          note="tests/test_packaging.py needs attrs installed (its metadata): those fail unconverted too"),
    Suite(name="boltons", kind="pytest", dist="boltons", version="25.0.0",
          sha256="e110fbdc30b7b9868cb604e3f71d4722dd8f4dcb4a5ddd06028ba8f1ab0b5ace",
          packages=("boltons",), pytest_args=("tests", "--noconftest"),
          note="its tests/conftest.py (which only skips Python 2 files; there are none) uses a hook signature "
               "pytest 8 refuses: run with --noconftest"),
    Suite(name="cachetools", kind="pytest", dist="cachetools", version="5.5.0",
          sha256="2cc24fb4cbe39633fb7badd9db9ca6295d766d9c2995f245725a46715d050f2a",
          packages=("cachetools",), src="src", pytest_args=("tests",)),
    Suite(name="click", kind="pytest", dist="click", version="8.1.7",
          sha256="ca9853ad459e787e2192211578cc907e7594e294c7ccc834310722b41b9ca6de",
          packages=("click",), src="src",
          pytest_args=("tests", "-W", "ignore::pytest.PytestRemovedIn10Warning",
                       "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="its setup.cfg makes every warning an error: pytest 9's about a parametrize over an iterator "
               "(tests/test_basic.py) and about hypothesis imported before pytest (by the runner) are ignored"),
    # A library of wording for numbers, sizes and lists (new here), with the doctests of its modules.
    Suite(name="humanize", kind="pytest", dist="humanize", version="4.17.0",
          sha256="1d6a36c453dbfbb3f0b34601d2e0b4ce5d48d780305cd45714843f0068fde6ac",
          packages=("humanize",), src="src",
          pytest_args=("src", "tests", "--ignore=tests/test_benchmarks.py", "--ignore=tests/test_i18n.py",
                       "--ignore=tests/test_time.py", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="tests/test_time.py and tests/test_i18n.py import freezegun and tests/test_benchmarks.py needs "
               "pytest-benchmark (none installed): not run (time.py is tested by its doctests alone); its "
               "pyproject.toml makes every warning an error: pytest's about hypothesis imported before pytest "
               "(by the runner) is ignored"),
    Suite(name="idna", kind="pytest", dist="idna", version="3.10",
          sha256="12f65c9b470abda6dc35cf8e63cc574b1c52b11df2c86030af0ac09b01b13ea9",
          packages=("idna",), pytest_args=("tests",)),
    Suite(name="inflection", kind="pytest", dist="inflection", version="0.5.1",
          sha256="1a29730d366e996aaacffb2f1f1cb9593dc38e2ddd30c91250c6dde09ea9b417",
          packages=("inflection",), pytest_args=("test_inflection.py",)),
    Suite(name="jmespath", kind="pytest", dist="jmespath", version="1.0.1",
          sha256="90261b206d6defd58fdd5e85f478bf633a2901798906be2ad389150c5c60edbe",
          packages=("jmespath",), pytest_args=("tests",)),
    # A parser generator: grammars compiled to LALR and Earley parsers, lexers, tree transformers.
    Suite(name="lark", kind="pytest", dist="lark", version="1.2.2",
          sha256="ca807d0162cd16cef15a8feecb862d7319e7a09bdb13aef927968e45040fed80",
          packages=("lark",), pytest_args=("tests",),
          note="its pyproject.toml collects tests/__main__.py, which gathers the unittest suites; the Nearley "
               "tests need js2py (not installed) and are not collected; lark/__pyinstaller's hook needs "
               "PyInstaller: not imported, so not converted"),
    # Markdown to HTML: block and inline processors, extensions, a legacy test corpus.
    Suite(name="markdown", kind="pytest", dist="markdown", version="3.11.3",
          sha256="81eb91631dc97ad1efbc76019ef0f80fe90ca49ddf81546752d79989c3bfff3e",
          packages=("markdown",),
          pytest_args=("tests/test_syntax", "tests/test_extensions.py", "tests/test_meta.py", "tests/test_legacy.py"),
          note="tests/test_apis.py needs PyYAML (not installed): not run; test_legacy.py makes warnings errors for "
               "the whole process, so it runs last. One test breaks in the converted form, a class "
               "docs/limitations.md names: test_nesting_limit stops nesting within 100 frames of the recursion "
               "limit, which it measures by walking the stack, where each converted `if` and loop body is a frame"),
    Suite(name="more-itertools", kind="pytest", dist="more-itertools", version="10.5.0",
          sha256="5482bfef7849c25dc3c6dd53a6173ae4795da2a41a80faea6700d9f5846c5da6",
          packages=("more_itertools",), pytest_args=("tests",)),
    # format() in reverse: one module of regular-expression building and type conversion.
    Suite(name="parse", kind="pytest", dist="parse", version="1.20.2",
          sha256="b41d604d16503c79d81af5165155c0b20f6c8d6c559efa66b4b695c3e5a0a0ce",
          packages=("parse",), pytest_args=("tests",)),
    # A lodash port: several hundred small functions over collections, strings and objects, and their
    # doctests.
    Suite(name="pydash", kind="pytest", dist="pydash", version="8.0.4",
          sha256="a33fb17b4b06c617da5c57c711605d2dc8723311ee5388c8371f87cd44bf4112",
          packages=("pydash",), src="src",
          pytest_args=("src/pydash", "tests", "--ignore=tests/pytest_mypy_testing", "-o", "addopts=--doctest-modules"),
          note="its pyproject.toml's addopts ask for pytest-cov (not installed): replaced by --doctest-modules "
               "alone; tests/pytest_mypy_testing (reveal_type cases for pytest-mypy-testing) is not run"),
    Suite(name="pyparsing", kind="pytest", dist="pyparsing", version="3.2.0",
          sha256="cbf74e27246d595d9a74b186b810f6fbb86726dbf3b9532efb343f6d7294fe9c",
          packages=("pyparsing",),
          pytest_args=("tests", "--ignore=tests/test_diagram.py", "--ignore=tests/test_matplotlib_cases.py",
                       "-k", "not Test06_WithBoundedPackrat and not Test08_WithUnboundedPackrat"
                             " and not Test10_WithLeftRecursionParsingBoundedMemo"),
          note="test_diagram.py and test_matplotlib_cases.py need railroad-diagrams and matplotlib: not run; "
               "test_unit.py's Test06, Test08 and Test10 (the same tests again under other packrat cache "
               "settings) are deselected to keep the converted run within minutes"),
    # Persistent data structures: a vector trie, hash maps and sets, records and type-checked classes.
    Suite(name="pyrsistent", kind="pytest", dist="pyrsistent", version="0.20.0",
          sha256="4c48f78f62ab596c679086084d0dd13254ae4f3d6c72a83ffdf5ebdef8f265a4",
          packages=("pyrsistent",), pytest_args=("tests",),
          note="the unpacked sdist does not build its pvectorc C extension: the pure-Python vector is the one "
               "tested, and tests/vector_test.py's pvectorc half (102 tests) skips"),
    Suite(name="semver", kind="pytest", dist="semver", version="3.0.2",
          sha256="6253adb39c70f6e51afed2fa7152bcd414c411286088fb4b9effb133885ab4cc",
          packages=("semver",), src="src", pytest_args=("tests", "-o", "addopts=--import-mode=importlib"),
          note="its setup.cfg's addopts ask for pytest-cov (not installed) and doctests of docs/: replaced by "
               "--import-mode=importlib alone"),
    Suite(name="sqlparse", kind="pytest", dist="sqlparse", version="0.5.1",
          sha256="bb6b4df465655ef332548e24f08e205afc81b9ab86cb1c45657a7ff173a3a00e",
          packages=("sqlparse",), pytest_args=("tests",)),
    Suite(name="tabulate", kind="pytest", dist="tabulate", version="0.9.0",
          sha256="0095b12bf5966de529c0feb1fa08671671b3368eec77d7ef7ab114be2c068b3c",
          packages=("tabulate",), pytest_args=("test",)),
    Suite(name="toolz", kind="pytest", dist="toolz", version="1.0.0",
          sha256="2c86e3d9a04798ac556793bced838816296a2f085017664e4995cb40a1047a02",
          packages=("toolz",), pytest_args=("toolz/tests",)),
    # Seven more pure-Python libraries (each 0 / 0 broken, 2 to 25 s for its three runs): natural sorting, a
    # style-preserving TOML parser and writer, ISO 8601 dates and durations, a Markdown parser, the older toml
    # library, version and requirement parsing (packaging: the venv's own packaging is a newer one; the runner
    # imports this one from the unpacked sdist) and HTML / CSS colour names.
    Suite(name="natsort", kind="pytest", dist="natsort", version="8.4.0",
          sha256="45312c4a0e5507593da193dedd04abb1469253b601ecaf63445ad80f0a1ea581",
          packages=("natsort",),
          pytest_args=("tests", "--ignore=tests/test_main.py", "--ignore=tests/test_natsort_keygen.py"),
          note="tests/test_main.py and tests/test_natsort_keygen.py import pytest_mock (not installed): not run; "
               "the tests that set the en_US.UTF-8 locale (not installed here) error unconverted too"),
    Suite(name="tomlkit", kind="pytest", dist="tomlkit", version="0.13.2",
          sha256="fff5fe59a87295b278abd31bec92c15d9bc4a06885ab12bcea52c71119392e79",
          packages=("tomlkit",), pytest_args=("tests", "--ignore=tests/test_toml_spec_tests.py"),
          note="tests/test_toml_spec_tests.py imports PyYAML (not installed): not run"),
    Suite(name="isodate", kind="pytest", dist="isodate", version="0.7.2",
          sha256="4cd1aa0f43ca76f4a6c6c0292a85f40b35ec2e43e315b59f06e6d32171a953e6",
          packages=("isodate",), src="src",
          pytest_args=("tests", "--ignore=tests/test_date.py", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="tests/test_date.py parametrizes over a set of tuples of strings and None (hashed by its address in "
               "Python 3.11), so its test ids change from process to process, whatever PYTHONHASHSEED: not run (its "
               "tests pass in all three runs, 280 of 280 with it, compared by count)"),
    Suite(name="mistune", kind="pytest", dist="mistune", version="3.0.2",
          sha256="fc7f93ded930c92394ef2cb6f04a8aabab4117a91449e72dcc8dfa646a508be8",
          packages=("mistune",), src="src",
          pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning")),
    Suite(name="toml", kind="pytest", dist="toml", version="0.10.2",
          sha256="b3bda1d108d5dd99f4a20d24d9c348e91c4db7ab1b749200bded2f839ccbe68f",
          packages=("toml",), pytest_args=("tests",),
          note="test_valid_tests and test_invalid_tests read the toml-test corpus, not in the sdist: they fail "
               "unconverted too"),
    Suite(name="packaging", kind="pytest", dist="packaging", version="24.2",
          sha256="c228a6dc5e932d346bc5739379109d49e8853dd8223571c7c5b55260edc0b97f",
          packages=("packaging",), src="src",
          pytest_args=("tests", "--ignore=tests/test_version.py", "--ignore=tests/test_tags.py",
                       "--ignore=tests/test_manylinux.py", "--ignore=tests/test_musllinux.py",
                       "--ignore=tests/test_specifiers.py"),
          note="tests/test_version.py, test_tags.py, test_manylinux.py and test_musllinux.py import pretend "
               "(not installed), and test_specifiers.py imports test_version: not run"),
    Suite(name="webcolors", kind="pytest", dist="webcolors", version="24.8.0",
          sha256="08b07af286a01bcd30d583a7acadf629583d1f79bfef27dd2c2c5c263817277d",
          packages=("webcolors",), src="src", pytest_args=("tests",)),
    # Six more pure-Python libraries: functional helpers (funcy), intervals and interval dicts (portion), interval
    # trees (intervaltree, over sortedcontainers), time zones (pytz, with its zoneinfo database), terminal column widths
    # (wcwidth) and dates (python-dateutil). 0 / 0 broken but dateutil's (4 / 4, from the runner's import hook, see its
    # note); 4 to 170 s for its three runs (intervaltree's converted form takes 4 to 6 times as long as unconverted,
    # dateutil's 2 to 4 times). The newest sdists of bidict and sortedcontainers ship no tests, glom needs face and
    # boltons installed and parsimonious needs regex (none installed): not added.
    Suite(name="funcy", kind="pytest", dist="funcy", version="2.1",
          sha256="8979feb3de7120afd1d00e5a8eae810c1942e4bfbc91697151e9ee1e49f79284",
          packages=("funcy",),
          pytest_args=("tests", "--ignore=tests/test_colls.py", "--ignore=tests/test_funcolls.py",
                       "--ignore=tests/test_funcs.py", "--ignore=tests/test_seqs.py", "--ignore=tests/test_tree.py"),
          note="tests/test_colls.py, test_funcolls.py, test_funcs.py, test_seqs.py and test_tree.py import whatever "
               "(not installed): not run"),
    Suite(name="portion", kind="pytest", dist="portion", version="2.4.2",
          sha256="5289b40d98959b16b3f6927781678935d3df1b7c14947f5d7778e5e04dd9a065",
          packages=("portion",), pytest_args=("tests",),
          note="2.4.2, not the newest: from 2.5 portion/__init__.py reads its version from the installed "
               "distribution's metadata, which an unpacked sdist does not have"),
    Suite(name="pytz", kind="pytest", dist="pytz", version="2026.6",
          sha256="3b0fc2727707663d6e517936f444fd8a8b240f1fc32f4bf7ee03274245945284",
          packages=("pytz",), pytest_args=("pytz/tests",)),
    Suite(name="intervaltree", kind="pytest", dist="intervaltree", version="3.2.1",
          sha256="f3f7e8baeb7dd75b9f7a6d33cf3ec10025984a8e66e3016d537e52130c73cfe2",
          packages=("intervaltree",), pytest_args=("test", "intervaltree"),
          note="its pyproject.toml adds --doctest-modules: the doctests of intervaltree's modules run too"),
    Suite(name="wcwidth", kind="pytest", dist="wcwidth", version="0.2.13",
          sha256="72ea0c06399eb286d978fdedb6923a9eb47e1c486ce63e9b4e64fc18303972b5",
          packages=("wcwidth",),
          pytest_args=("tests", "-o", "addopts=", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="0.2.13, the last pure-Python release (0.9's tests demand its C extension unless WCWIDTH_PYTHON is "
               "set); its tox.ini's addopts ask for pytest-cov (not installed): dropped. wcwidth and its two "
               "helpers are lru_cache objects, not converted: 3 functions are"),
    Suite(name="python-dateutil", kind="pytest", dist="python-dateutil", version="4.0.0",
          sha256="d7295ff14fdc0f92f662100bfb6c551d160ca090f2939f1ec5b9794265c03f06",
          packages=("dateutil",), src="src",
          pytest_args=("tests", "--ignore=tests/test_rrule.py", "--ignore=tests/test_utils.py",
                       "-W", "ignore::pytest.PytestAssertRewriteWarning",
                       "-W", "ignore::pytest.PytestUnknownMarkWarning"),
          note="tests/test_rrule.py and test_utils.py import freezegun (not installed): not run; its conftest.py "
               "marks no_cover (pytest-cov's, not installed) under filterwarnings error: that warning is ignored; "
               "3 tests fail unconverted too, on this machine's /usr/share/zoneinfo. "
               "4 tests break converted, on both paths, from the runner, not the converter: dateutil.zoneinfo warns "
               "at import with a stacklevel that skips the import system's frames, and the runner's import hook "
               "(ConvertOnImport's exec_module, in runner.py) is one more, so the warning names runner.py"),
    # Ten more pure-Python libraries, none with a dependency (0 / 0 broken, mpmath's 0 / 1 fixed: see its note;
    # 2 to 11 s for its three runs but mpmath's 150 s): XML to dicts and back (xmltodict), JSON pointers
    # (jsonpointer), URI parsing and
    # templates (rfc3986, uritemplate), Python 2 and 3 compatibility (six: raise_from, defined by exec, has no
    # source), data validation (schema, voluptuous), transliteration (text-unidecode), ASN.1 types and codecs
    # (pyasn1) and arbitrary-precision arithmetic (mpmath). Not added: those that need a library not installed
    # (jsonpatch: jsonpointer; python-slugify: text-unidecode; rsa: pyasn1; ecdsa: six; hyperlink: idna; num2words:
    # docopt; marshmallow's tests: simplejson), and cerberus 1.3.7, docopt 0.6.2 and construct 2.10.70, whose
    # sdists ship no tests (construct's lack tests/declarativeunittest.py).
    Suite(name="xmltodict", kind="pytest", dist="xmltodict", version="0.14.2",
          sha256="201e7c28bb210e374999d1dde6382923ab0ed1a8a5faeece48ab525b7810a553",
          packages=("xmltodict",), pytest_args=("tests",)),
    Suite(name="jsonpointer", kind="pytest", dist="jsonpointer", version="3.0.0",
          sha256="2b2d729f2091522d61c3b31f82e11870f60b68f43fbc705cb76bf4b832af59ef",
          packages=("jsonpointer",), pytest_args=("tests.py",)),
    Suite(name="rfc3986", kind="pytest", dist="rfc3986", version="2.0.0",
          sha256="97aacf9dbd4bfd829baad6e6309fa6573aaf1be3f6fa735c8ab05e46cecb261c",
          packages=("rfc3986",), src="src", pytest_args=("tests",)),
    Suite(name="uritemplate", kind="pytest", dist="uritemplate", version="4.1.1",
          sha256="4346edfc5c3b79f694bccd6d6099a322bbeb628dbf2cd86eea55a456ce5124f0",
          packages=("uritemplate",), pytest_args=("tests",)),
    Suite(name="six", kind="pytest", dist="six", version="1.17.0",
          sha256="ff70335d468e7eb6ec65b95b99d3a2836546063f63acc5171de367e834932a81",
          packages=("six",), pytest_args=("test_six.py",)),
    Suite(name="schema", kind="pytest", dist="schema", version="0.7.7",
          sha256="7da553abd2958a19dc2547c388cde53398b39196175a9be59ea1caf5ab0a1807",
          packages=("schema",), pytest_args=("test_schema.py",)),
    Suite(name="text-unidecode", kind="pytest", dist="text-unidecode", version="1.3",
          sha256="bad6603bb14d279193107714b288be206cac565dfa49aa5b105294dd5c4aab93",
          packages=("text_unidecode",), src="src", pytest_args=("test_unidecode.py",)),
    Suite(name="voluptuous", kind="pytest", dist="voluptuous", version="0.15.2",
          sha256="6ffcab32c4d3230b4d2af3a577c87e1908a714a11f6f95570456b1849b0279aa",
          packages=("voluptuous",), pytest_args=("voluptuous/tests",)),
    Suite(name="pyasn1", kind="pytest", dist="pyasn1", version="0.6.1",
          sha256="6f580d2bdd84365380830acf45550f2511469f673cb4a5ae3857a3170128b034",
          packages=("pyasn1",), pytest_args=("tests",)),
    Suite(name="mpmath", kind="pytest", dist="mpmath", version="1.3.0",
          sha256="7a28eb2a9774d00c7bc92411c19a89209d5da7c4c9a9e227be8330a23a25b91f",
          packages=("mpmath",),
          pytest_args=("mpmath/tests", "-o", "addopts=",
                       "-k", "not test_bessel_zeros_extra and not test_polyroots_legendre"
                             " and not test_elliptic_integrals"),
          note="its setup.cfg's addopts ask for the doctests of every module and of doc/: dropped; "
               "test_bessel_zeros_extra, test_polyroots_legendre(_init) and test_elliptic_integrals (48 of its 68 s "
               "unconverted) are deselected: the converted form runs mpmath about 8 times slower; "
               "test_convert.py's test_compatibility fails unconverted too (NumPy 2's float16). The 7 arithmetic "
               "methods of ctx_mp_python's mpf, built by exec from templates, have no source: not converted. "
               "(Its test_pickle found that a class MPContext's __init__ makes with type('mpf', bases, {}) said "
               "runtime.builtin_calls as its module in the converted form: type() reads __module__ from its "
               "caller's globals; runtime/builtin_calls.py calls it with the converted code's now)"),
    # Four more pure-Python libraries with much control flow, none with a dependency: a checker of Python source
    # (pyflakes: an AST walker with scopes and bindings), a C parser (pycparser 3: a hand-written lexer and
    # recursive-descent parser, an AST and a C generator), an interpreter of Python expressions and statements
    # (asteval: its Interpreter walks the ast node by node) and a Python parser with error recovery (parso: a
    # tokenizer, an LL parser built from the grammar, a syntax-error normalizer and a diff parser; the venv's jedi
    # installs parso 0.8.7 too, and the runner imports the unpacked sdist's). Run the same way and not added, 0 / 0
    # broken: simplejson 4.3.0 (its pure-Python scanner and encoder: the unpacked sdist builds no _speedups), PyYAML
    # 6.0.3, num2words 0.5.14 (but tests/test_cli.py), docopt-ng 0.9.0 (--noconftest), boolean.py 5.0, yapf 0.43.0
    # (its yapf/__main__.py runs yapf's main at import, and runner.py imports every module: run from a tree of links
    # without it, yapf_third_party beside) and ply 3.11 (its test scripts call unittest.main() at import: loaded by a
    # wrapper). Not added either: fastjsonschema 2.22.3 (1 test breaks in the converted form, a class
    # docs/limitations.md names: test_deeply_nested_schema_raises_definition_exception, whose recursive walk stops at
    # 500 levels, one frame each unconverted and about two converted, reaches the recursion limit first), decorator
    # 5.3.1 (1 test breaks in the converted form, a class docs/limitations.md names: its doctest of
    # f_dec.__code__.co_varnames) and wrapt 2.5.2 (8 tests break on both paths, from runner.py, not the converter:
    # Converter._class's setattr(cls, "__module__", property) on a class whose metaclass has a __module__ property
    # with a setter stores the property as the class's module).
    Suite(name="pyflakes", kind="pytest", dist="pyflakes", version="4.1.0",
          sha256="592beb57058eb82eb190fb7514f2081c555c51000b029ff71286a681e6cf2f83",
          packages=("pyflakes",), pytest_args=("pyflakes/test",)),
    Suite(name="pycparser", kind="pytest", dist="pycparser", version="3.12",
          sha256="f03387877eab82ce01bbdfd0ba7252ee55a90b1c708d5129e2ce915475cf1db6",
          packages=("pycparser",), pytest_args=("tests",)),
    Suite(name="asteval", kind="pytest", dist="asteval", version="1.0.10",
          sha256="46a4ed13cc2e4a29a21418f89dedd57db70d98eb96db0fb4c441d4edb2f5afed",
          packages=("asteval",), pytest_args=("tests", "-o", "addopts="),
          note="its pyproject.toml's addopts ask for pytest-cov (not installed): dropped"),
    Suite(name="parso", kind="pytest", dist="parso", version="0.8.7",
          sha256="eaaac4c9fdd5e9e8852dc778d2d7405897ec510f2a298071453e5e3a07914bb1",
          packages=("parso",), pytest_args=("parso", "test", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="its pytest.ini adds --doctest-modules (parso's doctests run too) and makes every warning an error: "
               "pytest's about hypothesis imported before pytest (by the runner) is ignored. 2 tests break in the "
               "converted form, a class docs/limitations.md names: test_too_many_levels_of_indentation and "
               "test_python_exception_matches[code162] nest 100 blocks, and the error normalizer's recursion, "
               "about 1.3 times as many frames converted, reaches the recursion limit (RecursionError). (Found here: "
               "while the converted form's `with ag__.tidying:` stood at no line, its __exit__ raising the "
               "RecursionError again left a traceback entry whose tb_lineno was None, on which pytest's report "
               "crashed (INTERNALERROR), 493 tests unrun: test_form_fidelity.py)"),
    # Six more pure-Python libraries, none with a dependency the venv lacks: gitignore-style path matching (pathspec),
    # a JSON document database (tinydb), a CommonMark parser and renderer (commonmark), reStructuredText, its parser,
    # transforms and writers (docutils, 2,281 functions), a character-encoding detector (chardet 7: byte-level
    # pipeline stages and statistical models) and graphs (networkx: eleven of its test folders, 3,235 tests). 0 / 0
    # broken but networkx's (see its note); 3 to 280 s for its three runs (over two runs, the converted form took 2.5
    # to 4.7 times as long as unconverted for chardet, 2.3 to 3.3 for networkx, 2.1 to 3.9 for commonmark, under 2 for
    # the others; as written 0.9 to 1.5 times). Not added: Unidecode 1.4.0 (its unidecode/__main__.py calls the
    # command line's main() at import, and runner.py imports every module of the package: argparse exits on the
    # runner's own arguments).
    Suite(name="pathspec", kind="pytest", dist="pathspec", version="1.1.1",
          sha256="17db5ecd524104a120e173814c90367a96a98d07c45b2e10c2f3919fff91bf5a",
          packages=("pathspec",), pytest_args=("tests",),
          note="the subtests of its hyperscan and re2 backends skip (neither installed); the dataclass-made methods "
               "of CheckResult, RegexMatchResult and the backends' records have no source: not converted"),
    Suite(name="commonmark", kind="pytest", dist="commonmark", version="0.9.2",
          sha256="194d693e0c1ac49e83c26455bdeeb2483235e6280313c58b11d0b71c19f58ed1",
          packages=("commonmark",),
          pytest_args=("commonmark/tests/unit_tests.py", "commonmark/tests/rst_tests.py"),
          note="its spec examples (commonmark/tests/run_spec_tests.py, a script over spec.txt) are no pytest "
               "tests: not run; unit_tests.py's hypothesis tests render random text"),
    Suite(name="tinydb", kind="pytest", dist="tinydb", version="4.9.0",
          sha256="6928b1fa785186bda7952a0ba05aaeedc883ede565ca9c7d608de44e5e75de70",
          packages=("tinydb",), pytest_args=("tests",),
          note="tinydb/mypy_plugin.py needs mypy (not installed): not imported, so not converted; test_yaml "
               "skips (PyYAML not installed)"),
    Suite(name="chardet", kind="pytest", dist="chardet", version="7.7.0",
          sha256="0ba38a05201b0abf7570c12d8af45c30b2af835bd5cc52bfc7105082eda82c1e",
          packages=("chardet",), src="src",
          pytest_args=("tests", "--ignore=tests/test_accuracy.py",
                       "-k", "not test_none_none_files_have_correct_mime_types"
                             " and not test_all_test_data_pairs_have_models"
                             " and not test_demote_niche_latin_stands_down_on_sparse_evidence"),
          note="tests/test_accuracy.py (at collection) and 8 more tests (deselected) git-clone chardet's test-data "
               "repository: not run; test_universaldetector_compat_import fails unconverted too (the "
               "DeprecationWarning it counts fires at first import, which the runner's import of every module "
               "takes first); the unpacked sdist builds no Cython kernel: the pure-Python one runs"),
    # networkx broke 3,033 tests as written before stop 40's fix: a function nested in a method was converted outside
    # its class, so its private names were not mangled (autograph/loading.py's _owning_class stopped at the first
    # <locals>). networkx's argmap.__call__ (a method) makes each decorated function as
    # `def func(*args, __wrapper=None, **kwargs)`, whose keyword is _argmap__wrapper; converted, its keyword was
    # __wrapper, with no default (`missing 1 required keyword-only argument: '__wrapper'`; 8 test modules failed to
    # import). Now 1 as written, test_pickle: the converted argmap function's __wrapped__ is the original function
    # (docs/limitations.md, "Code objects"), not the _dispatchable that the original's __wrapped__ names, so
    # pickle.dumps(func.__wrapped__) pickles the original by name and finds the module's converted function there
    # (the runner installs converted functions in the module). The converted form's 17: NumPy random draws are staged
    # in any graph trace, plain arguments or not (docs/limitations.md, "Random draws inside a trace"), so rng.random()
    # returns a graph tensor that the tests' `assert rv == ...` asks the truth of (5 tests),
    # seed.permutation(n - 1).tolist() in expanders.py gives tensors that a set of edges hashes (10;
    # UnknownDimension) or more than 256 of them (1), and rng.bytes is refused (1).
    Suite(name="networkx", kind="pytest", dist="networkx", version="3.6.1",
          sha256="26b7c357accc0c8cde558ad486283728b65b6a95d85ee1cd66bafab4c8168509",
          packages=("networkx",),
          pytest_args=("networkx/classes", "networkx/generators", "networkx/utils",
                       "networkx/algorithms/shortest_paths", "networkx/algorithms/flow",
                       "networkx/algorithms/traversal", "networkx/algorithms/components",
                       "networkx/algorithms/isomorphism", "networkx/algorithms/tree",
                       "networkx/algorithms/coloring", "networkx/algorithms/connectivity",
                       "--continue-on-collection-errors"),
          note="eleven of its test folders (about a fifth of its tests; the whole suite takes minutes unconverted); "
               "--continue-on-collection-errors, so that a test module that fails to import converted does not "
               "stop the run. 1 test breaks as written (test_pickle: the converted function's __wrapped__ is the "
               "original, which the runner's module no longer holds), 17 in the converted form (NumPy random draws "
               "are staged inside a trace, docs/limitations.md)"),
    Suite(name="docutils", kind="pytest", dist="docutils", version="0.23",
          sha256="746f5060322511280a1e50eb76846ed6bf2342984b2ac04dc42caa1a8d78799e",
          packages=("docutils",), pytest_args=("test",),
          note="its whole test/ (pytest collects its unittest suites; 1,868 subtests); the CommonMark and "
               "recommonmark parser wrappers need packages not installed: not imported, so not converted"),
    # Six more pure-Python libraries with much control flow in classes (none with a dependency the venv lacks): signed
    # tokens (itsdangerous: serializers, signers and key derivation configured by class attributes), JSON Web Tokens
    # (pyjwt, its HMAC half), mojibake repair (ftfy: codecs, heuristics and their doctests), run-time type checking
    # (typeguard: a checker per typing construct, recursive over nested types, an AST transformer that instruments
    # decorated functions and an import hook), structuring attrs classes and dataclasses (cattrs: dispatch tables of
    # hook factories, closures made per type, hypothesis-driven tests) and locale data with number, date, list, unit and
    # plural formatting (babel: a plural-rule parser, number patterns, message catalogs, PO files and extractors). 0 / 0
    # broken but typeguard's (0 / 2, see its note); 2 to 370 s for its three runs (cattrs the slowest, its hypothesis
    # tests; over two or three runs, the converted form took 1.2 to 1.6 times as long as unconverted for cattrs, 1.3 to
    # 1.5 for babel and 1.0 to 1.3 for the others; as written 0.9 to 1.4 times). Not added: marshmallow 4.4.0
    # (tests/base.py imports simplejson, not installed), tomli 2.5.0 (its sdist ships no tests), python-slugify,
    # html5lib and Jinja2 (text-unidecode, six and webencodings, MarkupSafe: not installed).
    Suite(name="itsdangerous", kind="pytest", dist="itsdangerous", version="2.2.0",
          sha256="e0050c0b7da1eea53ffaf149c0cfbb5c6e2e2b69c4bef22c81fa6eb73e5f6173",
          packages=("itsdangerous",), src="src",
          pytest_args=("tests", "--ignore=tests/test_itsdangerous/test_timed.py",
                       "--ignore=tests/test_itsdangerous/test_url_safe.py",
                       "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="tests/test_itsdangerous/test_timed.py imports freezegun (not installed), and test_url_safe.py "
               "imports test_timed: not run; its pyproject.toml makes every warning an error: pytest's about "
               "hypothesis imported before pytest (by the runner) is ignored"),
    Suite(name="pyjwt", kind="pytest", dist="pyjwt", version="2.15.1",
          sha256="4f259e80cdfb6b3fc18a7de51fd1ef9ec79652f25019bae68975ca2468a34df8",
          packages=("jwt",), pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="its tests of RSA, EC, EdDSA and other key types need cryptography (not installed): 189 skip; its "
               "pyproject.toml makes every warning an error: pytest's about hypothesis imported before pytest "
               "(by the runner) is ignored"),
    Suite(name="ftfy", kind="pytest", dist="ftfy", version="6.3.1",
          sha256="9b3c3d90f84fb267fe64d375a07b7f8912d817cf86009ae134aa03e1819506ec",
          packages=("ftfy",), pytest_args=("tests", "ftfy"),
          note="its pytest.ini adds --doctest-modules: the doctests of ftfy's modules run too; tests/test_cli.py "
               "runs the ftfy command (not installed) and the doctest of formatting.monospaced_width expects the "
               "soft hyphen to have no width (the venv's wcwidth 0.9.4 gives it one): they fail unconverted too"),
    # typeguard's 2 in the converted form, a class docs/limitations.md names (code that walks the stack itself):
    # tests/test_warn_on_error.py's test_check_type and test_typechecked. warn_on_error calls
    # warnings.warn(..., stacklevel=get_stacklevel()), and get_stacklevel() walks f_back while the frame's module is
    # typeguard's: converted, that walk also counts the frames of the blocks around check_type's (or
    # check_return_type's) call of the callback (the `if` that guards it and the rest of the function after an early
    # `return`: closures, each with its function's name and globals), and the converter
    # rewrites the stacklevel into ag__.stacklevel(k), which takes k in the original's frames and skips the block
    # frames a second time: the warning names a frame above the test (pluggy's _execution.py), not the test's line.
    Suite(name="typeguard", kind="pytest", dist="typeguard", version="4.6.1",
          sha256="d94fd3552c5feb6bada6e8bb1167d9916c08d7442141aeb041b847ba9bd1afb1",
          packages=("typeguard",), src="src", pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="2 tests break in the converted form (test_warn_on_error.py: typeguard's get_stacklevel counts the "
               "frames of converted blocks, docs/limitations.md); test_pytest_plugin's 2 mypy tests fail unconverted "
               "too (mypy not installed); the dataclass-made __init__ and __eq__ of TypeCheckConfiguration and "
               "TransformMemo have no source: not converted; its pyproject.toml makes every warning an error: "
               "pytest's about hypothesis imported before pytest (by the runner) is ignored"),
    Suite(name="cattrs", kind="pytest", dist="cattrs", version="26.2.1",
          sha256="679132bfdc225c5ee40c024fc42519954767c387f950dc6751946c586bccdc6d",
          packages=("cattrs", "cattr"), src="src",
          pytest_args=("tests", "-o", "addopts=", "--ignore=tests/preconf", "--ignore=tests/test_preconf.py",
                       "--ignore=tests/test_cols.py", "--ignore=tests/test_unstructure_collections.py"),
          note="its pyproject.toml's addopts ask for pytest-benchmark (not installed): dropped; tests/preconf and "
               "test_preconf.py (msgspec, PyYAML, bson and other serializers) and test_cols.py and "
               "test_unstructure_collections.py (immutables) need packages not installed: not run, and the "
               "preconf modules of those serializers are not imported, so not converted; the structuring and "
               "unstructuring functions cattrs generates (by compile and exec, at run time) are not converted"),
    Suite(name="babel", kind="pytest", dist="babel", version="2.19.0",
          sha256="fddd2cbbbac7c299af3c2880be23609c331bd94f0912baca6cb0abfe054dfc27",
          packages=("babel",),
          pytest_args=("babel", "tests", "--noconftest", "--doctest-modules", "--ignore=tests/conftest.py",
                       "--ignore=tests/test_dates.py", "--ignore=tests/messages/frontend/test_concat.py",
                       "--ignore=tests/messages/frontend/test_merge.py", "--ignore=tests/messages/data",
                       "--ignore=babel/messages/setuptools_frontend.py"),
          note="tests/conftest.py imports freezegun (not installed): --noconftest, and the doctests of babel's "
               "modules collected by --doctest-modules (its own conftest.py's collector; its os.environ isolation "
               "of doctests is lost); tests/test_dates.py and test_concat.py and test_merge.py import freezegun: "
               "not run; the 44 tests that use its conftest's fixtures (frozen_time, timezone_getter, pot_file, the "
               "all_locales parametrization's locale) error unconverted too, and test_setuptools_commands (setup.py "
               "in a subprocess) fails unconverted too"),
    # Ten more pure-Python libraries, none with a dependency the venv lacks: diffs, matches and patches of text
    # (diff-match-patch: Myers' diff with its speedups, Bitap matching), an HTTP/1.1 protocol state machine (h11),
    # short ids from numbers (hashids), a JavaScript minifier (jsmin: a character-by-character state machine), a safe
    # evaluator of Python expressions (simpleeval: an ast walker), retrying (tenacity: strategies composed of stop,
    # wait and retry objects; its asyncio half is coroutines, not converted), numbers with uncertainties and their
    # derivatives (uncertainties: operator overloading, formatting and parsing; unumpy over NumPy), the Linux
    # distribution's name and version (distro: os-release, lsb_release and distro-release files, read from the
    # tests' resource trees), in-process job scheduling (schedule) and identifiers and their check digits
    # (python-stdnum: about 200 modules, tested by doctests). 0 / 0 broken, 3 to 47 s for its three runs (the converted
    # form took 2.4 times as long as unconverted for diff-match-patch, 2.9 for python-stdnum and 3.1 for uncertainties,
    # under 1.6 for the others). Run the same way and not added, 0 / 0 broken: pyotp 2.12.1, textdistance 4.6.3
    # (without tests/test_external.py) and json5 0.17.3. Not added either: nameparser 2.6.0 (437 s for its three runs;
    # its addopts ask for pytest-xdist's -n auto; 3 tests break as written and 30 in the converted form, in classes
    # docs/limitations.md names: its benchmark tests count the calls and frames a parse costs with sys.setprofile, and
    # its dead-entry warning walks sys._getframe out of its own module to compute a stacklevel, which ag__.stacklevel
    # counts again), prettytable 3.18.0 (pytest-lazy-fixtures), pycodestyle 2.15.0 (its sdist lacks testing/) and hjson
    # 3.1.0 (its sdist lacks the test assets).
    Suite(name="diff-match-patch", kind="pytest", dist="diff-match-patch", version="20241021",
          sha256="beae57a99fa48084532935ee2968b8661db861862ec82c6f21f4acdd6d835073",
          packages=("diff_match_patch",), pytest_args=("diff_match_patch/tests",)),
    Suite(name="h11", kind="pytest", dist="h11", version="0.16.0",
          sha256="4e35b956cf45792e4caa5885e69fba00bdbc6ffafbfa020300e549b208ee5ff1",
          packages=("h11",), pytest_args=("h11/tests",)),
    Suite(name="hashids", kind="pytest", dist="hashids", version="1.3.1",
          sha256="6c3dc775e65efc2ce2c157a65acb776d634cb814598f406469abef00ae3f635c",
          packages=("hashids",), pytest_args=("test",)),
    Suite(name="jsmin", kind="pytest", dist="jsmin", version="3.0.1",
          sha256="c0959a121ef94542e807a674142606f7e90214a2b3d1eb17300244bbb5cc2bfc",
          packages=("jsmin",), pytest_args=("jsmin/test.py",),
          note="jsmin/__main__.py minifies the files named by sys.argv at import: the runner's own arguments are no "
               "files, so it does not import (in every run) and is not converted"),
    Suite(name="simpleeval", kind="pytest", dist="simpleeval", version="1.0.8",
          sha256="b417f869c11f2de034eb919820a825f35d12ce99f63a43971947ce73679eb9ba",
          packages=("simpleeval",), pytest_args=("tests",)),
    Suite(name="tenacity", kind="pytest", dist="tenacity", version="9.2.1",
          sha256="a606b5c808d0cded4a359d5b9932d867ff2a6a6b64d37350260fd01bbdf83839",
          packages=("tenacity",), pytest_args=("tests",),
          note="its tornado tests use the venv's tornado"),
    Suite(name="uncertainties", kind="pytest", dist="uncertainties", version="3.2.3",
          sha256="76a5653e686f617a42922d546a239e9efce72e6b35411b7750a1d12dcba03031",
          packages=("uncertainties",), pytest_args=("tests",)),
    Suite(name="distro", kind="pytest", dist="distro", version="1.9.0",
          sha256="2fa77c6fd8940f116ee1d6b94a2f90b13b5ea8d019b98bc8bafdcabcdd9bdbed",
          packages=("distro",), src="src", pytest_args=("tests",)),
    Suite(name="schedule", kind="pytest", dist="schedule", version="1.2.2",
          sha256="15fe9c75fe5fd9b9627f3f19cc0ef1420508f9f9a46f45cd0769ef75ede5f0b7",
          packages=("schedule",), pytest_args=("test_schedule.py",),
          note="its time-zone tests need pytz (not installed in the venv: the pytz suite imports its own sdist): "
               "41 skip"),
    Suite(name="python-stdnum", kind="pytest", dist="python-stdnum", version="2.2",
          sha256="e95fcfa858a703d4a40130cb3eaac133c60d8808a7f3c98efeedac968c2479b9",
          packages=("stdnum",),
          pytest_args=("stdnum", "tests", "-o", "addopts=", "--doctest-modules", "--doctest-glob=*.doctest",
                       "--ignore=stdnum/iso9362.py"),
          note="its setup.cfg's addopts ask for pytest-cov (not installed): replaced by the rest of them (the "
               "doctests of its modules and of tests/*.doctest, stdnum/iso9362.py, deprecated, ignored)"),
    # Ten more pure-Python libraries, none with a dependency the venv lacks: dates and times (arrow, over
    # python-dateutil), XPath 1 to 3.1 (elementpath: a Pratt parser of tokens, its XSD datatypes and 136 generators),
    # CBOR (cbor2 5.6.5, the last with a pure-Python encoder and decoder; its C half, _cbor2, is not built in the
    # unpacked sdist), JSON references and their registries (referencing, over the venv's rpds-py), typed attributes
    # and configuration (traitlets), a terminal line editor and its layout engine (prompt_toolkit, 1,522 functions),
    # LaTeX text codecs (latexcodec), a Markdown parser and renderers (mistletoe), attribute-access dicts (munch) and
    # safe evaluation of AST nodes from frames (pure_eval). 0 / 0 broken; 5 to 150 s for its three runs (the converted
    # form took 3.2 times as long as unconverted for elementpath, 2.7 for prompt_toolkit, 2.1 for pure_eval, at most
    # 1.3 for the others). Run the same way and not added, 0 / 0 broken: addict 2.4.0, ordered-set 4.1.0, pyhumps
    # 3.8.0, roman 5.2, u-msgpack-python 2.8.0, iniconfig 2.3.1, emoji 2.16.0 (100 s for its three runs) and
    # asttokens 3.0.2 (14 tests: the rest import astroid). Not added either: toposort 1.10 (its test module calls
    # unittest.main() at import), mccabe 0.7.0 (test_mccabe.py's @settings is unbound without hypothesmith: NameError
    # at collection), jsonschema 4.26.0 (jsonschema/__main__.py runs its command line at import, and runner.py imports
    # every module), cron-descriptor 2.2.1 (its sdist lacks the conftest of the `options` fixture: 135 of 159 error
    # unconverted), executing and stack_data (littleutils), cbor2 6 (Rust) and loguru, iso8601, dictdiffer,
    # docstring_parser, tokenize-rt, tomli-w, mdurl, pyfiglet and bencode.py (their sdists ship no tests).
    Suite(name="arrow", kind="pytest", dist="arrow", version="1.4.0",
          sha256="ed0cc050e98001b8779e84d461b0098c4ac597e88704a655582b21d116e526d7",
          packages=("arrow",), pytest_args=("tests", "-o", "addopts=", "--ignore=tests/test_arrow.py"),
          note="its tox.ini's addopts ask for pytest-cov (not installed): dropped; tests/test_arrow.py imports "
               "pytz and simplejson (not installed): not run; 13 tests that use pytest-mock's mocker fixture (not "
               "installed) error unconverted too"),
    Suite(name="elementpath", kind="pytest", dist="elementpath", version="5.1.4",
          sha256="3c912a9c41311ac5244c038867670d7c0b0fec0e444813608e5b846dbb3428ac",
          packages=("elementpath",), pytest_args=("tests",),
          note="1,154 tests skip (lxml and xmlschema not installed); 12 collation tests fail unconverted too (no "
               "en_US.UTF-8 locale here); the dataclass-made methods of TokenRegistry have no source: not "
               "converted. (Found here: the one-line methods of protocols.XsdSchemaProtocol, `def validity(self) "
               "-> str: ...`, crashed the converter's source lookup, autograph/parsing.py; they convert now)"),
    Suite(name="cbor2", kind="pytest", dist="cbor2", version="5.6.5",
          sha256="b682820677ee1dbba45f7da11898d2720f92e06be36acec290867d5ebf3d7e09",
          packages=("cbor2",), pytest_args=("tests",),
          note="its C module _cbor2 is not built in the unpacked sdist: the 323 tests of the C half skip"),
    Suite(name="referencing", kind="pytest", dist="referencing", version="0.37.0",
          sha256="44aefc3142c5b842538163acb373e24cce6632bd54bdb01b21ad5863489f50d8",
          packages=("referencing",), pytest_args=("referencing/tests",)),
    Suite(name="traitlets", kind="pytest", dist="traitlets", version="5.16.1",
          sha256="ed900c2b631aa3a112811139fa97b8d2c3bad5e989656bba4b7e52c7852c18c1",
          packages=("traitlets",), pytest_args=("tests", "--ignore=tests/test_typing.py"),
          note="tests/test_typing.py uses pytest-mypy-testing's marker (not installed; its pyproject.toml adds "
               "--strict-markers): not run; its argcomplete tests skip; the venv's traitlets (ipykernel's) is the "
               "same version, and the runner imports the unpacked sdist's"),
    Suite(name="prompt_toolkit", kind="pytest", dist="prompt_toolkit", version="3.0.53",
          sha256="9ec8a0ad96d5c56148b3f914aa79c1564c3fde5d2e6b876e7bc327e353cf8fa6",
          packages=("prompt_toolkit",), src="src", pytest_args=("tests",),
          note="its Windows modules (win32, conemu, windows10) and those of asyncssh and pyperclip (not installed) "
               "do not import: not converted"),
    Suite(name="latexcodec", kind="pytest", dist="latexcodec", version="3.0.1",
          sha256="e78a6911cd72f9dec35031c6ec23584de6842bfbc4610a9678868d14cdfb0357",
          packages=("latexcodec",), pytest_args=("test",),
          note="the dataclass-made __init__ and __eq__ of UnicodeLatexTranslation have no source: not converted"),
    Suite(name="mistletoe", kind="pytest", dist="mistletoe", version="1.6.0",
          sha256="92f066c4720a25fa24bf260e6413702bbff3a5b8a93af314cb6cd8589726a8e1",
          packages=("mistletoe",),
          pytest_args=("test", "--ignore=test/test_block_token.py", "--ignore=test/test_latex_renderer.py",
                       "--ignore=test/test_html_renderer.py", "--ignore=test/test_contrib/test_github_wiki.py",
                       "--ignore=test/test_contrib/test_pygments_renderer.py"),
          note="test_block_token.py, test_latex_renderer.py, test_html_renderer.py and two of test_contrib import "
               "parameterized (not installed): not run"),
    Suite(name="munch", kind="pytest", dist="munch", version="4.0.0",
          sha256="542cb151461263216a4e37c3fd9afc425feeaf38aaa3025cd2a981fadb422235",
          packages=("munch",), pytest_args=("tests",),
          note="its 12 YAML tests skip (PyYAML not installed)"),
    Suite(name="pure_eval", kind="pytest", dist="pure_eval", version="0.2.4",
          sha256="260c2774686e651b79f8b8e7fc9d80b3599ea6a66334b47d5f4abb69fc2c0ea1",
          packages=("pure_eval",), pytest_args=("tests",)),
    # Ten more pure-Python libraries, none with a dependency the venv lacks: a PEG parser interpreter (Arpeggio: parsing
    # expressions as objects, memoization, its PEG and clean-PEG grammar parsers), trees of nodes with their walkers,
    # resolvers, renderers, importers and exporters (anytree, with the doctests of its modules), Python source from ASTs
    # (astor: a code generator with operator precedence and a re-parser of source), INI-style configuration files and
    # their validation (configobj: a line parser with nested sections and interpolation; validate's checks and its
    # parser of check arguments), object graphs to JSON and back (jsonpickle: its pickler, unpickler, handlers and NumPy
    # extension), dates and times in English and other locales' words (parsedatetime: regular expressions per locale and
    # much date arithmetic), semantic versions and their range specifications (semantic_version), plain-text tables
    # (texttable: wrapping, alignment, column widths), validators of domains, e-mail addresses, URLs, IPs, card numbers,
    # IBANs, hashes and more (validators) and iCalendar files (icalendar: a content-line parser, property value types,
    # time zones, recurrence; 12,416 tests). 0 / 0 broken; 8 to 285 s for its three runs (in CPU time of the tests, the
    # converted form took 4.5 times as long as unconverted for Arpeggio, 2.7 for astor, 2.2 for icalendar, at most 1.4
    # for the others; as written 1.0 to 1.4 times). Run the same way and not added: sqlglot 30.30.0 (0 / 0 broken, 1,216
    # tests and 16,293 subtests without test_executor.py, test_optimizer.py and dialects/test_bigquery.py, which import
    # duckdb, pandas or pytz; the converted form took 7 times as long as unconverted, 530 s: too long for the whole
    # run), from a copy without sqlglot/__main__.py, which parses sys.argv at import (argparse exited on the runner's
    # own arguments; runner.py now skips __main__ modules and records a SystemExit at import). Not added either:
    # python-dotenv 1.2.4 (dotenv/cli.py calls sys.exit(1) at import without
    # click, not installed in the venv, and its conftest.py imports click too), dacite 1.9.2 (its sdist lacks
    # tests/common.py, which test_types.py imports: 8 tests left), dpath 2.2.0 (5 of its test modules import nose2),
    # markdown2 2.5.5 (test/test_markdown2.py's tests are yield tests, which pytest refuses; test/test.py is a runner of
    # its own), python-constraint 1.4.0 (its sdist is a .tar.bz2, which fetch() does not look for), and asn1crypto
    # 1.5.1, bashlex 0.18, pyluach 2.3.0 and PyPika 0.51.1 (their sdists ship no tests).
    Suite(name="arpeggio", kind="pytest", dist="Arpeggio", version="2.0.3",
          sha256="9e85ad35cfc6c938676817c7ae9a1000a7c72a34c71db0c687136c460d12b85e",
          packages=("arpeggio",), pytest_args=("arpeggio/tests",)),
    Suite(name="anytree", kind="pytest", dist="anytree", version="2.13.0",
          sha256="c9d3aa6825fdd06af7ebb05b4ef291d2db63e62bb1f9b7d9b71354be9d362714",
          packages=("anytree",), src="src",
          pytest_args=("tests", "src/anytree", "-o", "addopts=", "--doctest-modules",
                       "--ignore-glob=tests/testdata/*", "--ignore=tests/test_dotexport.py",
                       "--ignore=tests/test_dotexporter.py", "--ignore=tests/test_mermaidexporter.py",
                       "--ignore=tests/test_uniquedotexporter.py"),
          note="its pyproject.toml's addopts ask for pytest-cov (not installed): replaced by --doctest-modules "
               "(the doctests of anytree's modules run too); tests/test_dotexport.py, test_dotexporter.py and "
               "test_mermaidexporter.py import test2ref (not installed) and test_uniquedotexporter.py imports "
               "tests.common (not in the sdist): not run"),
    Suite(name="astor", kind="pytest", dist="astor", version="0.8.1",
          sha256="6a6effda93f4e1ce9f618779b2dd1d9d84f1e32812c23a29b3fff6fd7f63fa5e",
          packages=("astor",), pytest_args=("tests",),
          note="3 tests fail unconverted too: test_huge_int (Python 3.11's limit on the digits of int to str), "
               "test_convert_stdlib (astor 0.8.1 has no handler for match statements) and "
               "test_codegen_as_submodule (the DeprecationWarning it expects fires at astor.codegen's first import, "
               "which the runner's import of every module takes first)"),
    Suite(name="configobj", kind="pytest", dist="configobj", version="5.0.9",
          sha256="03c881bbf23aa07bccf1b837005975993c4ab4427ba57f959afdd9d1a2386848",
          packages=("configobj", "validate"), src="src", pytest_args=("src/tests",)),
    Suite(name="jsonpickle", kind="pytest", dist="jsonpickle", version="4.1.4",
          sha256="8adf24cca611809b55ff5ed2ace850e1a3e4370dad5d363df71569b8f46c9645",
          packages=("jsonpickle",), pytest_args=("tests",),
          note="its pytest.ini adds --doctest-modules (the doctests of its test modules); jsonpickle.ext.pandas and "
               "jsonpickle.tags_pd need pandas (not installed): not imported, so not converted, and its pandas tests "
               "skip; 6 tests fail unconverted too: test_load_backend (simplejson not installed), and test_warnings "
               "and numpy_test.py's test_weird_arrays, test_transpose, test_buffer and test_as_strided, which count "
               "the warnings caught around a call and find more than they expect (2 for 1, 3 for 1)"),
    Suite(name="parsedatetime", kind="pytest", dist="parsedatetime", version="2.6",
          sha256="4cb368fbb18a0b7231f4d76119165451c8d2e35951455dfee97c62a87b04d455",
          packages=("parsedatetime",), pytest_args=("tests", "-o", "python_files=Test*.py"),
          note="its test modules are named tests/Test*.py: collected with -o python_files=Test*.py"),
    Suite(name="semantic_version", kind="pytest", dist="semantic_version", version="2.10.0",
          sha256="bdabb6d336998cbb378d4b9db3a4b56a1e3235701dc05ea2690d9a997ed5041c",
          packages=("semantic_version",), pytest_args=("tests",),
          note="its 16 Django tests skip, and semantic_version.django_fields needs Django (not installed): not "
               "imported, so not converted"),
    Suite(name="texttable", kind="pytest", dist="texttable", version="1.7.2",
          sha256="dc16ea6b35fbf5291ba6ef79d79e37d9b3ca6acd7bae3ca3450488d7c2e19c99",
          packages=("texttable",), pytest_args=("tests.py",)),
    Suite(name="validators", kind="pytest", dist="validators", version="0.36.0",
          sha256="92ad9ed00bbed320b784cec0ea90b213cf08904cf605b3d0852cfa4108e32a2c",
          packages=("validators",), src="src", pytest_args=("tests",),
          note="its 18 eth_address tests fail unconverted too (eth-hash, its crypto-eth-addresses extra, not "
               "installed)"),
    Suite(name="icalendar", kind="pytest", dist="icalendar", version="7.3.2",
          sha256="f15380927aed4318860e001c03b543c48578c73aec46e2d384c5d0802082b808",
          packages=("icalendar",), src="src", pytest_args=("src/icalendar/tests",),
          note="icalendar.timezone.pytz and equivalent_timezone_ids need pytz (not installed): not imported, so not "
               "converted, and its pytz tests skip; the dataclass-made __init__ and __eq__ of Conference and "
               "_ComponentEqFrame have no source: not converted; 4 tests fail unconverted too: the 2 of "
               "test_generate_windows_to_olson_mapping.py (the script they run is not in the sdist) and 2 "
               "test_timezone_id_resolves cases (zoneinfo, GloballyUniqueTZIDGuessed not warned)"),
    # Eleven more pure-Python libraries, none with a dependency the venv lacks (patsy's is NumPy): terminal colours
    # (colorama: ANSI sequences parsed and turned into Windows console calls, mocked), HTML-safe strings (markupsafe,
    # its pure-Python _native escape: the _speedups C extension is not built in the unpacked sdist), the mock library
    # (mock 5.2.0, the backport of unittest.mock: Mock, MagicMock, patch, autospec, call matching), gettext PO and MO
    # files (polib), WSGI requests and responses (webob: header parsing, Accept-* negotiation, cookies, multidicts;
    # 2,498 tests), YAML (pyyaml's pure-Python scanner, parser, composer, constructor, emitter and representer; 1,285
    # tests over its data files), signature-preserving decorators (decorator), JSON Schema validators generated as
    # Python source (fastjsonschema; the code it generates and exec's is not converted), HTML to Markdown (html2text),
    # boolean algebra (boolean.py: expression parsing, simplification, normal forms) and statistical formulas to design
    # matrices (patsy: a formula parser, categorical codings, splines, over NumPy; its tests are test_ functions in its
    # own modules, converted with them). 0 / 0 broken but decorator's and fastjsonschema's (0 / 1 each, documented
    # classes: see their notes); 3.5 to 45 s for its three runs but fastjsonschema's (67 to 100 s) and patsy's (85 to
    # 130 s); over two runs, the converted form took 4.5 to 5.4 times as long as unconverted for pyyaml, 2.4 to 3.3 for
    # patsy, 1.7 to 2.2 for markupsafe and boolean.py, 1.4 to 2.0 for polib and fastjsonschema, at most 1.8 for the
    # others; as written 0.8 to 1.5 times. wrapt 2.5.2 (its pure-Python half: 1,369 tests) is added too, after a fix of
    # runner.py: its 8 tests of tests/core/test_type_module_attribute.py broke on both paths, because _class put each
    # converted property back with setattr(cls, name, new), and on wrapt's proxy classes, whose metaclass
    # _ObjectProxyMetaType has __module__ and __doc__ properties of its own, that setattr ran the metaclass's setter,
    # which stored the new property as the class's real module or docstring (_cls_real_module, _cls_real_doc); an
    # attribute the metaclass defines as a data descriptor is now left alone (0 / 0 broken). Not added:
    # dill 0.4.1 (6 of its test modules error at collection unconverted: they import each other by bare
    # name, for its own runner dill/tests/__main__.py), bidict (pip could not build its sdist's build dependencies from
    # source), cloudpickle 3.1.3, multipledispatch 1.0.0, sortedcontainers 2.4.0 and sortedcollections 2.1.0 (their
    # sdists ship no tests) and Whoosh 2.7.4 (its sdist is a .zip, which fetch() does not look for).
    Suite(name="colorama", kind="pytest", dist="colorama", version="0.4.6",
          sha256="08695f5cb7ed6e0531a20572697297273c47b8cae5a63ffc6d6ed5c201be6e44",
          packages=("colorama",), pytest_args=("colorama/tests",)),
    Suite(name="markupsafe", kind="pytest", dist="markupsafe", version="3.0.4",
          sha256="2e9ad7dd851bf45fab9f75cbff4cb493fee9979e8d8c7c9c3ee119022518edd6",
          packages=("markupsafe",), src="src",
          pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="its _speedups C extension is not built in the unpacked sdist: the 41 tests of the speedups skip and "
               "the pure-Python _native runs; its filterwarnings = error would turn pytest's warning that hypothesis "
               "(which the runner imports) cannot be assert-rewritten into a crash: ignored with -W"),
    Suite(name="mock", kind="pytest", dist="mock", version="5.2.0",
          sha256="4e460e818629b4b173f32d08bf30d3af8123afbb8e04bb5707a1fd4799e503f0",
          packages=("mock",), pytest_args=("mock/tests",)),
    Suite(name="polib", kind="pytest", dist="polib", version="1.2.0",
          sha256="f3ef94aefed6e183e342a8a269ae1fc4742ba193186ad76f175938621dbfc26b",
          packages=("polib",), pytest_args=("tests/tests.py",),
          note="its tests are tests/tests.py, named; test_is_file fails unconverted too (os.path.exists(True) is "
               "True, file descriptor 1, where it expects _is_file(True) false)"),
    Suite(name="webob", kind="pytest", dist="webob", version="1.8.11",
          sha256="aa8c27231070b135c025e567a9cd7eda03f4df71352ffaac740cb6a75f0f81a5",
          packages=("webob",), src="src", pytest_args=("tests",)),
    Suite(name="pyyaml", kind="pytest", dist="pyyaml", version="6.0.4",
          sha256="e24bf71af8a432d7808fabff134d38dfe16d3cbb41f2873bb4b1e42422de0a1a",
          packages=("yaml",), src="lib",
          pytest_args=("tests", "--ignore=tests/test_libyaml_recursion_control.py"),
          note="its _yaml C extension (libyaml) is not built in the unpacked sdist: yaml.cyaml does not import, so "
               "it is not converted, and tests/test_libyaml_recursion_control.py (libyaml's alone) is not run"),
    Suite(name="decorator", kind="pytest", dist="decorator", version="5.3.1",
          sha256="4cbcdd55a6efadb9dbea26b858f4fb3264567b52d69ca0d25b721b553f60ea82",
          packages=("decorator",), src="src", pytest_args=("tests/test.py",),
          note="1 test breaks in the converted form, a class docs/limitations.md names: DocumentationTestCase runs "
               "tests/documentation.py's doctests, one of which reads f_dec.__code__.co_varnames of a function that "
               "decorate() defines; defined by the converted form it has the block closures among its local names "
               "(('args', 'kw', 'if_body'), not ('args', 'kw'))"),
    Suite(name="fastjsonschema", kind="pytest", dist="fastjsonschema", version="2.22.3",
          sha256="8330c91b027dcf941efcb7b1f0998515ff95d177ea15bbabdfe8671965620901",
          packages=("fastjsonschema",), pytest_args=("tests", "--ignore=tests/benchmarks"),
          note="tests/benchmarks needs pytest-benchmark (not installed): not run; 1 test breaks in the converted "
               "form, a class docs/limitations.md names: test_deeply_nested_schema_raises_definition_exception "
               "expects RefResolver.walk's own depth check (min(500, recursion limit // 2) levels) to fire first, "
               "but the converted form's recursion through walk's loop and if costs three frames a level: "
               "RecursionError first"),
    Suite(name="html2text", kind="pytest", dist="html2text", version="2025.4.15",
          sha256="948a645f8f0bc3abe7fd587019a2197a12436cd73d0d4908af95bfc8da337588",
          packages=("html2text",), pytest_args=("test",)),
    Suite(name="boolean.py", kind="pytest", dist="boolean_py", version="5.0",
          sha256="60cbc4bad079753721d32649545505362c754e121570ada4658b852a3a318d95",
          packages=("boolean",), pytest_args=("boolean",)),
    Suite(name="patsy", kind="pytest", dist="patsy", version="1.0.3",
          sha256="79ebf4c93ff4d296e58a9d5be2b2ee31bd49d737cf11d70ffbd8a44b2de42e65",
          packages=("patsy",), pytest_args=("patsy",)),
    Suite(name="wrapt", kind="pytest", dist="wrapt", version="2.5.2",
          sha256="551cb49e88b3722faad780303833bc4fa70685fb1773270fb98b40d39d9fddbf",
          packages=("wrapt",), src="src", pytest_args=("tests/core",),
          note="its C extension is not built in the unpacked sdist: its pure-Python proxies and wrappers run; "
               "tests/mypy needs mypy (not installed) and tests/stress is not run. (Found here: runner.py put each "
               "converted property back with setattr, which on wrapt's proxy classes ran their metaclass's "
               "__module__ and __doc__ setters; it now leaves an attribute the metaclass defines alone)"),
    # Ten more pure-Python libraries, none with a dependency the venv lacks: ISO 8601 dates, times, durations and
    # intervals (aniso8601: a parser per form and a builder that checks ranges), a portable AST for Python's
    # versions (gast: node-by-node conversion to and from ast, and an unparser), HTTP/2 header compression (hpack:
    # Huffman coding, integer encoding, a dynamic table with eviction) and HTTP/2 frames (hyperframe: parsing and
    # serializing each frame type and its flags), tries (pygtrie: a node walk per operation, prefix and traversal
    # queries), hyphenation (pyphen: LibreOffice pattern files parsed and applied), barcodes (python-barcode: EAN,
    # UPC, ISBN, Code 39 and 128, GS1-128 with their check digits, SVG output), SQL statements built from Python
    # objects (python-sql: expressions, joins, flavors and their parameters), time expressions in words
    # (pytimeparse) and QR codes (qrcode: Reed-Solomon error correction, data-mode choice, mask patterns, its SVG
    # images). 0 / 0 broken over two runs; 5 to 50 s for its three runs (the converted form took 3.0 to 3.8 times as
    # long as unconverted for pyphen, 3.0 to 3.2 for pygtrie, 1.3 to 3.4 for qrcode, 1.7 to 1.9 for gast, at most
    # 1.8 for the others; as written 0.3 to 1.9 times: hpack's unconverted run, 3.9 and 7.5 s, was the slowest of
    # its three both times, not looked into).
    # Not added: funcparserlib 1.0.1, htmlmin 0.1.12, reedsolo 1.7.0 and svg.path 7.1 (their sdists ship no tests)
    # and svgwrite 1.4.3 (its sdist is a .zip, which fetch() does not look for).
    Suite(name="aniso8601", kind="pytest", dist="aniso8601", version="10.0.1",
          sha256="25488f8663dd1528ae1f54f94ac1ea51ae25b4d531539b8bc707fed184d16845",
          packages=("aniso8601",), pytest_args=("aniso8601",),
          note="its tests are in the package (aniso8601/tests, aniso8601/builders/tests): not converted"),
    Suite(name="gast", kind="pytest", dist="gast", version="0.7.0",
          sha256="0bb14cd1b806722e91ddbab6fb86bba148c22b40e7ff11e248974e04c8adfdae",
          packages=("gast",), pytest_args=("tests",),
          note="gast/ast2.py (Python 2's) imports astn (not installed): not imported, so not converted"),
    Suite(name="hpack", kind="pytest", dist="hpack", version="4.2.0",
          sha256="0895cfa3b5531fc65fe439c05eb65144f123bf7a394fcaa56aa423548d8e45c0",
          packages=("hpack",), src="src", pytest_args=("tests",),
          note="its integration tests' stories (tests/test_fixtures) are not in the sdist: its conftest.py makes "
               "none of them"),
    Suite(name="hyperframe", kind="pytest", dist="hyperframe", version="6.1.0",
          sha256="f630908a00854a7adeabd6382b43923a4c4cd4b821fcb527e6ab9e15382a3b08",
          packages=("hyperframe",), src="src", pytest_args=("tests",),
          note="tests/test_external_collection.py reads the http2-frame-test-case corpus (not in the sdist): its "
               "one case skips"),
    Suite(name="pygtrie", kind="pytest", dist="pygtrie", version="2.6.2",
          sha256="879264597743ef52bf80f2dff085364088c0848ae22544db95dad2bf52e06471",
          packages=("pygtrie",), pytest_args=("test.py",),
          note="one module, pygtrie.py, tested by test.py"),
    Suite(name="pyphen", kind="pytest", dist="pyphen", version="0.18.1",
          sha256="dbae6fbbe4f01cb206108b43573d857c67107be9d0e38eb1b08d6fa2210634a7",
          packages=("pyphen",), pytest_args=("tests",)),
    Suite(name="python-barcode", kind="pytest", dist="python-barcode", version="0.16.1",
          sha256="665ed09516b0088b5593061c5ac8662caa0b08d56bdad328388b1cab39939ac5",
          packages=("barcode",), pytest_args=("tests", "-o", "addopts="),
          note="its setup.cfg's addopts ask for pytest-cov (not installed): dropped; Pillow is not installed: its "
               "ImageWriter is None and its tests (test_writers.py) are not defined"),
    Suite(name="python-sql", kind="pytest", dist="python-sql", version="1.8.1",
          sha256="9cdf51e802276fe5bc981f5b222dbc612b952c0e3f91c95ede7efdffe75770b0",
          packages=("sql",), pytest_args=("sql/tests",),
          note="its tests are in the package (sql/tests): not converted"),
    Suite(name="pytimeparse", kind="pytest", dist="pytimeparse", version="1.1.10",
          sha256="ecf0ee613a72cb0b1d3d5404bd398a64266576fc36ccf3149178af6f2ec6f736",
          packages=("pytimeparse",), pytest_args=("pytimeparse/tests", "-o", "python_files=test*.py"),
          note="its test modules are named pytimeparse/tests/test*.py: collected with -o python_files=test*.py"),
    Suite(name="qrcode", kind="pytest", dist="qrcode", version="8.2",
          sha256="35c3f2a4172b33136ab9f6b3ef1c00260dd2f66f858f24d88418a015f446506c",
          packages=("qrcode",), pytest_args=("qrcode/tests",),
          note="its tests are in the package (qrcode/tests): not converted; Pillow and pypng are not installed: "
               "test_qrcode_pil.py and test_qrcode_pypng.py skip at import, 5 tests of test_script.py skip, and "
               "qrcode.image.pil and the styled-image modules do not import (not converted); 7 tests of "
               "test_script.py fail unconverted too (the console script reads qrcode's version from the installed "
               "distribution's metadata, which an unpacked sdist does not have)"),
    # Six more pure-Python libraries, none with a dependency the venv lacks: insertion-ordered sets (ordered-set),
    # numbers in words in about 50 languages (num2words: a converter class per language, with much integer and
    # Decimal arithmetic), matcher objects and their descriptions (pyhamcrest), emoji names and aliases to
    # characters and back (emoji: its tokenizer is two generators, so not converted), signals and their weakly held
    # receivers (blinker) and parser combinators (parsy: parsers built from closures and methods that return new
    # parsers). 0 / 0 broken; 5 to 150 s for its three runs (emoji the slowest, about 60 s in the converted form;
    # the converted form took 2.7 times as long as unconverted for num2words, at most 1.3 for the others). Run the
    # same way and not added, 0 / 0 broken: termcolor 2.5.0 (66 tests, 4 functions). Not added: isort 5.13.2 and
    # 6.0.1 (isort/_version.py reads its version from the installed distribution's metadata: every test module
    # fails to import from the unpacked sdist), marshmallow 3.26.1 (tests/base.py imports simplejson, not
    # installed), Jinja2 (MarkupSafe is not installed in the venv: the markupsafe suite imports its own sdist),
    # glom (face), deepdiff (orderly-set), python-slugify (text-unidecode), rsa (pyasn1) and ecdsa (six), none
    # installed; yapf 0.43.0 (yapf_third_party sits in third_party/, a second import root); cssselect 1.2.0 (its
    # tests import lxml); pycodestyle 2.11.1 and 2.14.0 (their sdists lack testing/, which 8 of its 11 test modules
    # import) and bidict 0.23.1 and sortedcontainers 2.4.0 (their sdists ship no tests).
    Suite(name="ordered-set", kind="pytest", dist="ordered-set", version="4.1.0",
          sha256="694a8e44c87657c59292ede72891eb91d34131f6531463aab3009191c77364a8",
          packages=("ordered_set",), pytest_args=("test", "ordered_set", "README.md"),
          note="its pytest.ini adds --doctest-modules and --doctest-glob=README.md: ordered_set and README.md are "
               "named beside test/, so the doctests of the module and of the README run too (its tox.ini runs a "
               "bare pytest from the sdist's root)"),
    Suite(name="num2words", kind="pytest", dist="num2words", version="0.5.14",
          sha256="b066ec18e56b6616a3b38086b5747daafbaa8868b226a36127e0451c0cf379c6",
          packages=("num2words",), pytest_args=("tests", "--ignore=tests/test_cli.py"),
          note="tests/test_cli.py imports delegator and runs the bin/num2words script, which needs docopt (neither "
               "installed): not run"),
    Suite(name="pyhamcrest", kind="pytest", dist="pyhamcrest", version="2.1.0",
          sha256="c6acbec0923d0cb7e72c22af1926f3e7c97b8e8d69fc7498eabacaf7c975bd9c",
          packages=("hamcrest",), src="src", pytest_args=("tests",),
          note="2 tests fail unconverted too: iscloseto_test.py's test_numpy_numeric_type_complex and _float use "
               "np.complex_ and np.float_, removed in NumPy 2"),
    Suite(name="emoji", kind="pytest", dist="emoji", version="2.16.0",
          sha256="ff9e9b1c48389ef78ed1787e7693c555e84e6bb9bac16be1fd65e1616dbf80c8",
          packages=("emoji",), pytest_args=("tests",),
          note="emoji.tokenizer's tokenize and filter_tokens are generators (not converted), and "
               "unicode_codes.get_emoji_by_name is an lru_cache object (not converted; its tests/conftest.py "
               "re-wraps its __wrapped__ anyway): the converted functions are the ones around them"),
    Suite(name="blinker", kind="pytest", dist="blinker", version="1.9.0",
          sha256="b4ce2265a7abece45e7cc896e98dbebe6cead56bcf805a3d23136d145f5445bf",
          packages=("blinker",), src="src",
          pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning",
                       "-W", "ignore::pytest.PytestConfigWarning"),
          note="its pyproject.toml makes every warning an error: pytest's about hypothesis imported before pytest "
               "(by the runner) and about its asyncio_mode option (pytest-asyncio's, not installed) are ignored; "
               "test_async_receiver fails unconverted too (no async plugin)"),
    Suite(name="parsy", kind="pytest", dist="parsy", version="2.1",
          sha256="fd5dd18d7b0b61f8275ee88665f430a20c02cf5a82d88557f35330530186d7ac",
          packages=("parsy",), src="src", pytest_args=("tests", "examples"),
          note="its pytest.ini collects examples/*.py too (2 items there skip: parsy's test_item, imported by "
               "name, which the examples mark skip); the dataclass-made __init__ and __eq__ of Result have no "
               "source: not converted"),
    # Six pure-Python libraries built on NumPy (their code does arithmetic, indexing and `if` / `for` / `while` on
    # NumPy arrays and scalars), none with a dependency the venv lacks (NumPy; SciPy for numdifftools): 3-D rotations,
    # quaternions and affines (transforms3d), affine-invariant ensemble MCMC (emcee), numerical derivatives by
    # Richardson extrapolation (numdifftools), CMA-ES and its variants (cmaes), satellite orbits (sgp4, its pure-Python
    # propagator: the unpacked sdist builds no C++ accelerator) and reverse-mode automatic differentiation of NumPy
    # code (autograd: NumPy's functions wrapped as primitives, their vector-Jacobian products). 0 broken as written;
    # in the converted form 0 for numdifftools and sgp4, and the rest almost all in a class docs/limitations.md names
    # (NumPy random draws are staged inside a trace, "Random draws inside a trace", and np.random.get_state and
    # np.random.shuffle of a NumPy array are refused there, docs/errors.md and docs/graphs.md): transforms3d 3, emcee
    # 33, cmaes 2, autograd 549 (see their notes). 9 to 210 s for its three runs (autograd's converted form took 5.9
    # times as long as unconverted, the others' 1.2 to 1.7 times; as written 0.8 to 1.7 times).
    # Not added: pyquaternion 0.9.9 (its sdist lacks the VERSION.txt its setup.py reads: pip cannot download it) and
    # 0.9.5 (its sdist ships no tests), colorspacious 1.1.2 and opensimplex 0.4.5.1 (their setup.py imports NumPy,
    # which pip's isolated build of the sdist does not have) and scikit-spatial 10.0.0 (skspatial/__init__.py reads its
    # version from the installed distribution's metadata: every test module fails to import from the unpacked sdist).
    Suite(name="transforms3d", kind="pytest", dist="transforms3d", version="0.4.2",
          sha256="e8b5df30eaedbee556e81c6938e55aab5365894e47d0a17615d7db7fd2393680",
          packages=("transforms3d",), pytest_args=("transforms3d/tests",),
          note="its tests are in the package (transforms3d/tests): not converted; transforms3d.derivations needs "
               "sympy (not installed): not imported, so not converted. 3 tests break in the converted form, a class "
               "docs/limitations.md names: utils.random_unit_vector's draw is staged inside the trace, and the test "
               "asks the truth of a graph tensor (test_random_unit_vector, test_inverse_outer) or np.asarray's of one "
               "(test_aff2sadn)"),
    Suite(name="emcee", kind="pytest", dist="emcee", version="3.1.6",
          sha256="11af4daf6ab8f9ca69681e3c29054665db7bbd87fd4eb8e437d2c3a1248c637d",
          packages=("emcee",), src="src", pytest_args=("src/emcee/tests/unit",),
          note="its unit tests alone (src/emcee/tests/unit): the integration tests (src/emcee/tests/integration, "
               "sampling until convergence) take 340 s unconverted: not run; its tests are in the package: not "
               "converted; its HDF5 backend's tests skip (h5py not installed). 33 tests break in the converted "
               "form, refusals docs/errors.md and docs/graphs.md name: EnsembleSampler.__init__ calls "
               "np.random.get_state() (NotStageable, 31 tests; test_thin's pytest.warns reports DID NOT WARN over "
               "it) and RedBlueMove.propose shuffles a NumPy array it made itself with the sampler's RandomState "
               "(test_live_dangerously)"),
    Suite(name="numdifftools", kind="pytest", dist="numdifftools", version="0.11.2",
          sha256="0508bbcea72f4706d8f4d518812bec11949d75bd0656047777d4e36357322344",
          packages=("numdifftools",), src="src",
          pytest_args=("src/numdifftools/tests", "--ignore=src/numdifftools/tests/test_scripts.py"),
          note="its tests are in the package: not converted; tests/test_scripts.py runs numdifftools.run_benchmark, "
               "which imports matplotlib (not installed): not run, and run_benchmark, profile_numdifftools and "
               "_find_default_scale do not import (not converted); its algopy and statsmodels tests skip (neither "
               "installed)"),
    Suite(name="cmaes", kind="pytest", dist="cmaes", version="0.13.1",
          sha256="5f56a9e8dd769ffd23ac2ad651979bdb6ca8846de60d97d03fe5ad8456c56c79",
          packages=("cmaes",), pytest_args=("tests",),
          note="cmaes.safe_cma imports gpytorch (not installed): not imported, so not converted; the dataclass-made "
               "methods of CatCMAwM.Solution and COMOCatCMAwM.Solution have no source: not converted. 2 tests break in "
               "the converted form, a class docs/limitations.md names: CMA.ask's draws (its RandomState's randn) are "
               "staged inside the trace, and get_warm_start_mgd writes them into a NumPy array (test_dimension) or "
               "the test's assert_almost_equal takes np.asarray of one (test_no_discrete_spaces)"),
    Suite(name="sgp4", kind="pytest", dist="sgp4", version="2.27",
          sha256="06d37247c6985739b707b8b39b6b83e06e8af783b2531e31965501ba983985f9",
          packages=("sgp4",), pytest_args=("sgp4/tests.py",),
          note="its C++ accelerator (sgp4.vallado_cpp) is not built in the unpacked sdist: sgp4.api's Satrec is the "
               "pure-Python sgp4.model.Satrec; its tests are sgp4/tests.py, in the package: not converted"),
    Suite(name="autograd", kind="pytest", dist="autograd", version="1.9.1",
          sha256="7818c5c69ddf9efb7da74097bd741a4c7920133f41966f68537223a15ef798bc",
          packages=("autograd",),
          pytest_args=("tests", "-o", "addopts=", "-o", "required_plugins=", "--continue-on-collection-errors"),
          note="its pyproject.toml's addopts and required_plugins ask for pytest-cov and pytest-xdist's -n auto: "
               "dropped; --continue-on-collection-errors, so that a test module that fails to import converted does "
               "not stop the run. 549 of 618 tests break in the converted form: its tests draw their inputs with "
               "autograd.numpy.random (npr.randn, converted wrappers of NumPy's), staged inside the trace "
               "(docs/limitations.md), so the code under test meets graph tensors where the suite has arrays: "
               "refusals of in-place writes into NumPy arrays (x += y, np.add.at), ndarray.view, type() of a tensor, "
               "bool() and np.asarray of one (test_scipy.py's module-level draw, 89 tests unrun). Not such a "
               "refusal: 11 (test_tensordot_1 to _8 but _5, and test_make_jvp, test_make_ggnvp, "
               "test_make_ggnvp_nondefault_g and test_grad_and_aux), np.tensordot on a graph tensor with axes given "
               "as NumPy integer arrays or ranges raises TypeError where NumPy takes any sequence of ints"),
    # Added in stop 50: object serialization and validation (marshmallow: schemas, fields, validators and their error
    # stores) and nested-data access and restructuring (glom: specs interpreted over targets, matching, mutation,
    # grouping and reduction). Each test suite imports a library the venv lacks, put on its import path from a pinned
    # sdist of its own (Suite.needs, not converted): marshmallow's tests/base.py imports simplejson (its pure-Python
    # half: the unpacked sdist builds no _speedups), and glom needs face and boltons (the boltons suite's sdist).
    # 0 / 0 broken, 21 and 10 s for the three runs. glom first broke 188 of its 260 tests on both paths, from runner.py:
    # its scope, the ChainMap _DEFAULT_SCOPE, maps the function glom to _glom and glom's code looks up scope[glom], but
    # rebind swapped originals held as dict values only, so the converted glom (another object, of another hash) was
    # no key (KeyError); rebind now swaps them as keys too, in ChainMaps too (autograd, the one other suite with such
    # keys, is unchanged: 0 / 549). Not added: sortedcontainers (no sdist of 2.x, 2.4.0 the newest, ships its tests;
    # 1.5.10's setup.py imports the package, which imports collections.Sequence, gone since Python 3.10, so pip cannot
    # download it; and hypothesis imports the venv's copy before the runner could import another). Run ad hoc instead,
    # through run_suite, with the venv's sortedcontainers 2.4.0 (the same files as the tag's package) and the tests/
    # and docs/ doctests of https://github.com/grantjenks/python-sortedcontainers at tag v2.4.0 (commit
    # a1f52d6713dd2c2713a881d4f4d86ed68ff71cab, Apache-2.0): 298 tests, 0 / 0 broken, 130 functions converted; the
    # converted form took 8 times as long as unconverted (80 s against 10).
    Suite(name="marshmallow", kind="pytest", dist="marshmallow", version="4.4.0",
          sha256="9e6ffa8511012ca89732324c1c253efd7b4d35632dcbdf80aa793fe01804af3e",
          packages=("marshmallow",), src="src",
          pytest_args=("tests", "-k", "not (test_invalid_datetime_deserialization and :)"),
          needs=(Sdist("simplejson", "4.3.0", "ffe34ab51a0d37e6d1c661a5672df00d2d5e18804e38eac07abffb83fa5ec3d7"),),
          note="tests/base.py imports simplejson (not installed): simplejson 4.3.0's sdist is on its path; 2 cases "
               "of test_invalid_datetime_deserialization are deselected (the ones whose id has a ':'): their "
               "parameters, and so their ids, are datetime.now() formatted at collection, different in each run"),
    Suite(name="glom", kind="pytest", dist="glom", version="25.12.0",
          sha256="1ae7da88be3693df40ad27bdf57a765a55c075c86c971bcddd67927403eb0069",
          packages=("glom",), pytest_args=("glom", "--doctest-modules"),
          needs=(Sdist("face", "26.0.1", "8183d94bc248baaea855a9f8445f97a22a9988908e60abddccc6e251da77c4c6"),
                 Sdist("boltons", "25.0.0", "e110fbdc30b7b9868cb604e3f71d4722dd8f4dcb4a5ddd06028ba8f1ab0b5ace")),
          note="glom needs face and boltons (neither installed): their sdists are on its path; its tox.ini runs "
               "pytest --doctest-modules over the package: so here (glom/test and the doctests of glom's modules); "
               "its tests are in the package (glom/test): not converted; 4 tests fail unconverted too: "
               "test_cli.py's test_usage_errors and test_main_yaml_target (PyYAML not installed) and test_main (the "
               "glom console script, not installed), and glom/tutorial.py's doctest (it expects Email id 5, but "
               "test_tutorial.py, run first, made an Email already)"),
    # Six more pure-Python libraries, the dependencies the venv lacks on their path from pinned sdists (Suite.needs, not
    # converted): templates compiled to Python (Jinja2: its lexer, parser, compiler, runtime, filters and loaders; the
    # template code it generates and exec's is not converted; over MarkupSafe's pure-Python half), elliptic-curve
    # signatures (ecdsa: point arithmetic in Jacobian and Edwards coordinates, number theory, DER, RFC 6979, ECDH,
    # EdDSA; over six), slugs (python-slugify, over text-unidecode), a CommonMark parser (markdown-it-py: its block,
    # inline and core rules and renderer; over mdurl), bit strings (bitstring 3.1.9: one module of 4,000 lines) and
    # diffs, searches and deltas of nested objects (deepdiff 8.6.1, over orderly-set, and pytz for its datetime tests).
    # 0 / 0 broken but jinja2's 1 / 1 and ecdsa's 0 / 2 (see their notes); 9 to 22 s for its three runs but ecdsa's 85
    # to 130 s (the converted form took 1.9 times as long as unconverted for ecdsa, 3.5 for markdown-it-py, 2.1 for
    # bitstring, at most 1.5 for the others; as written 0.8 to 1.2 times). Not added: rsa 4.9.1 (its sdist ships no
    # tests), deepdiff 9 (it needs cachebox, a Rust extension), bitstring 4 and 5 (bitarray, a C extension, and tibs,
    # whose sdist pip could not build here), docopt 0.6.2 and construct 2.10.70 (their sdists ship no tests) and
    # pycodestyle (its sdists lack testing/): see above.
    Suite(name="jinja2", kind="pytest", dist="jinja2", version="3.1.6",
          sha256="0137fb05990d35f1275a587e9aee6d56da821fc83491a0fb838183be43f66d6d",
          packages=("jinja2",), src="src",
          pytest_args=("tests", "--ignore=tests/test_async.py", "--ignore=tests/test_async_filters.py",
                       "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          needs=(Sdist("markupsafe", "3.0.4", "2e9ad7dd851bf45fab9f75cbff4cb493fee9979e8d8c7c9c3ee119022518edd6",
                       src="src"),),
          note="MarkupSafe is not installed: markupsafe 3.0.4's sdist is on its path; tests/test_async.py and "
               "test_async_filters.py import trio (not installed): not run; its pyproject.toml makes every warning an "
               "error: pytest's about hypothesis imported before pytest (by the runner) is ignored. 1 test breaks on "
               "both paths, a class docs/limitations.md names (\"Code objects\"): test_debug.py's test_runtime_error "
               "expects a template's traceback without jinja2's own frames, which debug.rewrite_traceback_stack drops "
               "by their code objects, registered by @internalcode when defined; the converted Context.call runs "
               "another code object, so its frame stays between the template's and the callee's"),
    Suite(name="ecdsa", kind="pytest", dist="ecdsa", version="0.19.2",
          sha256="62635b0ac1ca2e027f82122b5b81cb706edc38cd91c63dda28e4f3455a2bf930",
          packages=("ecdsa",), src="src", pytest_args=("src/ecdsa",),
          needs=(Sdist("six", "1.17.0", "ff70335d468e7eb6ec65b95b99d3a2836546063f63acc5171de367e834932a81"),),
          note="six is not installed: six 1.17.0's sdist is on its path; its tests are in the package "
               "(src/ecdsa/test_*.py): not converted; gmpy2 is not installed: its pure-Python integers run. 2 tests "
               "break in the converted form (the NIST224p cases of test_curve_params_encode_decode_explicit_compressed "
               "and test_VerifyingKey_encode_decode): numbertheory.square_root_mod_prime loops `for b in xrange(2, p)` "
               "over a range longer than sys.maxsize, and the converted form's for_stmt asks len() of it "
               "(OverflowError). (Found here: test_ed25519_pickle broke on both paths, from runner.py: curve_ed25519, "
               "made at import, held the original _sha512, which pickle finds by name, and the runner had put the "
               "converted one in the module; rebind now swaps the originals in the attributes of instances of the "
               "converted modules' classes too)"),
    Suite(name="python-slugify", kind="pytest", dist="python-slugify", version="9.2.0",
          sha256="cee32948083476013804de1667724fb1362dacb71e47b1d5d92adf8db6ee3298",
          packages=("slugify",), pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          needs=(Sdist("text-unidecode", "1.3", "bad6603bb14d279193107714b288be206cac565dfa49aa5b105294dd5c4aab93",
                       src="src"),),
          note="text-unidecode is not installed: its 1.3 sdist is on its path (the text-unidecode suite's); the "
               "subtests of its Unidecode and anyascii backends skip (neither installed); its pyproject.toml makes "
               "every warning an error: pytest's about hypothesis imported before pytest (by the runner) is ignored"),
    Suite(name="markdown-it-py", kind="pytest", dist="markdown-it-py", version="4.3.0",
          sha256="91a58fa5b72c71a40cf7177250fd767480d7a2bb3ac426ccfb76fb90305fdaaa",
          packages=("markdown_it",), pytest_args=("tests", "--ignore=tests/test_packaging"),
          needs=(Sdist("mdurl", "0.1.2", "bb413d29f5eea38f31dd4754dd7377d4465116fb207585f97bf925588687c1ba",
                       src="src"),),
          note="mdurl is not installed: its 0.1.2 sdist is on its path; tests/test_packaging builds an sdist with "
               "flit: not run; 7 tests use pytest-regressions' data_regression and file_regression fixtures (not "
               "installed): they error unconverted too; 31 linkify tests skip (linkify-it-py not installed); the "
               "dataclass-made __init__ and __eq__ of Token, Rule and Delimiter have no source: not converted"),
    Suite(name="bitstring", kind="pytest", dist="bitstring", version="3.1.9",
          sha256="a5848a3f63111785224dca8bb4c0a75b62ecdef56a042c8d6be74b16f7e860e7",
          packages=("bitstring",), chdir="test", pytest_args=(".",),
          note="3.1.9, the last release without a dependency (4.x needs bitarray, a C extension; 5.x tibs); its "
               "unittest suites open their data files (smalltestfile, test.m1v) by bare name: pytest runs from test/"),
    Suite(name="deepdiff", kind="pytest", dist="deepdiff", version="8.6.1",
          sha256="ec56d7a769ca80891b5200ec7bd41eec300ced91ebcc7797b41eb2b3f3ff643a",
          packages=("deepdiff",),
          pytest_args=("tests", "-o", "addopts=", "--ignore=tests/test_command.py", "--ignore=tests/test_hash.py",
                       "--ignore=tests/test_serialization.py"),
          needs=(Sdist("orderly-set", "5.5.0", "e87185c8e4d8afa64e7f8160ee2c542a475b738bc891dc3f58102e654125e6ce"),
                 Sdist("pytz", "2026.6", "3b0fc2727707663d6e517936f444fd8a8b240f1fc32f4bf7ee03274245945284")),
          note="orderly-set and pytz are not installed: their sdists are on its path; its pyproject.toml's addopts "
               "ask for IPython's debugger: dropped; tests/test_command.py (click), test_hash.py (uuid6) and "
               "test_serialization.py (pydantic) import packages not installed: not run, and deepdiff.commands "
               "(click) does not import (not converted); 12 tests fail unconverted too: 3 need pytest-benchmark's "
               "fixture, 2 pydantic, 6 expect orjson's JSON spacing (orjson not installed) and "
               "test_list_of_alphabet_and_its_delta builds an Opcode from a list"),
    # Seven more pure-Python libraries, the dependencies the venv lacks on their path from pinned sdists (Suite.needs,
    # not converted): English plurals, articles and numbers in words (inflect, whose engine methods typeguard's
    # @typechecked instruments; over jaraco.functools, more-itertools and typeguard), physical quantities and units
    # (pint: a definition-file parser, unit registries built from facets, NumPy functions over quantities; 2,338 tests;
    # over flexcache and flexparser), run-time type checking that generates its wrappers' code (beartype: its unit
    # tests; 996 functions converted), a fake file system that patches os, io, pathlib and shutil while the tests run
    # (pyfakefs), HTML and XML trees (beautifulsoup4, over soupsieve), variable names read back from the caller's frame
    # and source (varname, over the venv's executing) and HTML sanitizing and linkifying (bleach, over the html5lib it
    # vendors and webencodings). 0 / 0 broken as written; in the converted form pyfakefs 7, beautifulsoup4 3 and
    # varname 6 (see their notes; inflect's 5 on both paths were a converter bug, fixed); 9 to 23 s for its three
    # runs but pyfakefs's 60 to 75 s,
    # beartype's 135 to 230 s and pint's 355 to 490 s (over two runs, the converted form took 3.1 to 4.8 times as long
    # as unconverted for bleach, 2.4 to 3.2 for pyfakefs, 2.2 to 2.4 for pint, 1.8 for beartype, at most 1.9 for the
    # others; as written 0.6 to 1.5 times). Run the same way and not added, 0 / 0 broken: python-box 8.0.0 (228 tests,
    # without the 4 test modules that import ruamel.yaml or msgpack), humanfriendly 10.0 (with capturer, coloredlogs,
    # mock and docutils), pypng 0.20220715.0 (src code/), freezegun 1.5.5, feedparser 6.0.14 (with feedparser-sgmllib),
    # shortuuid 1.0.13, isoweek 1.3.3, multimethod 2.1 and overrides 7.7.0 (without test_final.py, test_enforce__py38.py
    # and test_somefinalpackage.py: runner.py's import of every module binds the submodule overrides.final over the
    # package's `final`, typing.final from Python 3.11, and they fail unconverted too). Not added either: retrying 1.4.2
    # and icecream 2.2.0 (their sdists ship no tests), dnspython (pip could not build its newest sdist's build backend,
    # uv_build, here), and, not fetched, cssutils (LGPL, not a permissive licence) and thefuzz (it needs rapidfuzz, a
    # compiled extension).
    Suite(name="inflect", kind="pytest", dist="inflect", version="7.6.0",
          sha256="b46875b50534a7cd5fcfb5a7c971bb93fe68948c43ca53e9833bd1e1a69221bd",
          packages=("inflect",), pytest_args=("tests", "inflect"),
          needs=(Sdist("jaraco_functools", "4.6.0", "880c577ec9720b3a052d5bc611fb9f2269b3d87902ef42440df443b88e443280"),
                 Sdist("more-itertools", "10.5.0", "5482bfef7849c25dc3c6dd53a6173ae4795da2a41a80faea6700d9f5846c5da6"),
                 Sdist("typeguard", "4.6.1", "d94fd3552c5feb6bada6e8bb1167d9916c08d7442141aeb041b847ba9bd1afb1",
                       src="src")),
          note="jaraco.functools, more-itertools and typeguard are not installed: their sdists are on its path; its "
               "pytest.ini adds --doctest-modules, so inflect is named beside tests/ (the doctests of "
               "inflect/__init__.py run too); 16 tests xfail. Its 23 methods that typeguard's "
               "@typechecked instruments are refused (SourceMismatchError) and run as they are: the instrumented "
               "copy typeguard compiles at the same file and lines imports typeguard._functions, which the text does "
               "not. (Found here: a dotted name among the code's names made autograph/parsing.py's _check_source "
               "skip its name and number checks, taking it for pytest's assertion rewriting, and convert the plain "
               "text without the type checks: 5 tests broke on both paths, test_pwd.py's test_pl, "
               "test__pl_special_verb and test_a_alt, test_typing.py's test_word_annotation_keeps_runtime_validation "
               "and the doctest of engine.compare, which expect a TypeCheckError)"),
    Suite(name="pint", kind="pytest", dist="pint", version="0.25.3",
          sha256="f8f5df6cf65314d74da1ade1bf96f8e3e4d0c41b51577ac53c49e7d44ca5acee",
          packages=("pint",), pytest_args=("pint/testsuite", "--ignore=pint/testsuite/benchmarks"),
          needs=(Sdist("flexcache", "0.3", "18743bd5a0621bfe2cf8d519e4c3bfdf57a269c15d1ced3fb4b64e0ff4600656"),
                 Sdist("flexparser", "0.4", "266d98905595be2ccc5da964fe0a2c3526fbbffdc45b65b3146d75db992ef6b2")),
          note="flexcache and flexparser are not installed: their sdists are on its path; its tests are in the "
               "package (pint/testsuite): not converted, but for pint.testsuite and pint.testsuite.helpers (15 "
               "functions: runner.py's rule for test modules does not match 'testsuite'); pint/testsuite/benchmarks "
               "needs pytest-benchmark (not installed): not run; 144 tests skip or xfail (babel, uncertainties, dask, "
               "xarray and other optional packages not installed); pint.matplotlib does not import (matplotlib): not "
               "converted; the dataclass-made methods of its frozen definition classes (215) have no source: not "
               "converted. 6 to 8 minutes for its three runs, 180 to 250 s of them in the converted form"),
    Suite(name="beartype", kind="pytest", dist="beartype", version="0.23.1",
          sha256="8b805f246b32931c74f2b321ea0939fe5bb2ff43c12a3eff19cc4c854b832e1d",
          packages=("beartype",),
          pytest_args=("beartype_test/a00_unit", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="its unit tests alone (beartype_test/a00_unit): beartype_test/a90_func runs mypy, pyright, sphinx and "
               "other tools (not installed); its pytest.ini makes every warning an error: pytest's about hypothesis "
               "imported before pytest (by the runner) is ignored; test_api_meta fails unconverted too "
               "(beartype.meta.PYTHON_VERSION_MIN comes from the installed distribution's metadata, which an "
               "unpacked sdist does not have); the 11 property getters its @property_cached builds with exec have "
               "no source: not converted"),
    Suite(name="pyfakefs", kind="pytest", dist="pyfakefs", version="6.3.2",
          sha256="7c67bdf4c11b42903c7cb6c74fa63432485afc697ad6f89ecce6fb0a4e4f24ed",
          packages=("pyfakefs",), pytest_args=("pyfakefs/tests",),
          note="its tests are in the package (pyfakefs/tests): not converted (pyfakefs/pytest_tests, not run, is "
               "imported and converted: runner.py's rule for test modules does not match 'pytest_tests'); 897 "
               "tests skip (the real-file-system half of its comparisons, 'Only tests fake FS') and 161 more (Windows, "
               "newer Pythons, non-root users); the dataclass-made __init__ and __eq__ of FSProperties have no source: "
               "not converted. 7 tests break in the converted form, a class docs/limitations.md names "
               "(code that walks the stack itself): helpers.is_called_from_skipped_module looks for the caller's "
               "module in traceback.extract_stack(limit=6), whose six frames the converted form's block frames "
               "fill, so a module the test marks skipped is not found and its open() meets the fake file system "
               "(FileNotFoundError; SkipPathlibTest.test_exists: False)"),
    Suite(name="beautifulsoup4", kind="pytest", dist="beautifulsoup4", version="4.15.0",
          sha256="288e3ca7d54b06f2ac191970bc275c1939cb46d450b255bf6718b04aa37ab4f7",
          packages=("bs4",), pytest_args=("bs4/tests",),
          needs=(Sdist("soupsieve", "4.1.3", "13f70186c8f40bf8d0ff7bbab09a18fb149600b465269207b5e5b588f55fda08"),),
          note="soupsieve is not installed: its sdist is on its path; its tests are in the package (bs4/tests): not "
               "converted; 225 tests skip (lxml and html5lib, its other tree builders, not installed: bs4.builder's "
               "modules for them do not import, not converted). 3 tests break in the converted form, warnings of "
               "test_tree.py that must name the test's line: 2 in the class docs/limitations.md names, "
               "PageElement._warning_stack_level walks inspect.stack() while the frame's module is bs4.element, block "
               "frames among them, and ag__.stacklevel counts the blocks again (the warning names pytest's python.py);"
               " and 1 in a class it does not name as such, "
               "test_find_all_with_self_referential_data_structure_does_not_cause_infinite_recursion: "
               "ElementFilter._make_match_rules, a generator (not converted), warns with stacklevel=5 while converted "
               "callers consume it inside their blocks, whose frames its stacklevel counts, as in any callee left as "
               "Python (the warning names bs4/element.py)"),
    Suite(name="varname", kind="pytest", dist="varname", version="1.0.0",
          sha256="7156d6a3447b4232e2d804e9df6a4201587e769fa05eee2c465f76e9fbb4ec57",
          packages=("varname",),
          pytest_args=("tests", "-o", "addopts=", "-W", "error::UserWarning",
                       "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="its pyproject.toml's addopts ask for pytest-cov (not installed): replaced by its -W error::UserWarning "
               "alone, with pytest's warning about hypothesis imported before pytest (by the runner) ignored. 6 tests "
               "break in the converted form, a class docs/limitations.md names (code that walks the stack itself): "
               "IgnoreList.get_frame counts frames in inspect.getouterframes(sys._getframe(2)), where the rest of "
               "nameof after its early `if not node:` return runs in a block frame named nameof, so argname's "
               "frame=2 finds nameof, not its caller (test_bytecode_nameof.py's test_nameof, test_nameof_expr, "
               "test_nameof_statements and test_original_nameof; test_nameof.py's test_nameof_full and "
               "test_nameof_wrapper)"),
    Suite(name="bleach", kind="pytest", dist="bleach", version="6.4.0",
          sha256="4202482733d85cedd04e59fcb2f89f4e4c7c385a78d3c3c23c30446843a37452",
          packages=("bleach",), pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          needs=(Sdist("webencodings", "0.6.1", "565f9ad031c702dae404e27a099e3e09186a3ab1b9520f06d215502b651fd910"),),
          note="webencodings is not installed: its sdist is on its path; bleach._vendor.html5lib (its tokenizer, "
               "tree builders and serializer) is converted with it, but for its lxml and genshi modules (not "
               "installed: not imported); bleach.css_sanitizer needs tinycss2 (not installed): not imported, and its "
               "CSS tests skip; its setup.cfg makes every warning an error: "
               "pytest's about hypothesis imported before pytest (by the runner) is ignored"),
    # Added in stop 55: ten more pure-Python libraries with much plain control flow, the dependencies the venv lacks on
    # their path from pinned sdists (Suite.needs, not converted): finite-state machines, hierarchical and concurrent
    # (transitions: triggers, conditions and callbacks resolved by name, nested states entered and exited recursively;
    # over six), graphs (altgraph: a Graph of node and edge tables, its searches, iterators and ObjectGraph), dead-code
    # detection (vulture: an ast.NodeVisitor of definitions and uses, reachability of branches, noqa comments and
    # whitelists), cron expressions and their schedules (croniter: expansion of fields, then iteration forwards and
    # backwards over dates with DST and its hash and random forms; over the venv's python-dateutil, and pytz), a
    # Markdown parser and renderers (marko: block and inline parsers, a GFM extension, HTML, Markdown, LaTeX and AST
    # renderers), ELF and DWARF files (pyelftools: its own construct library, DWARF expression, line-program, call-frame
    # and location-list decoders, over the binaries in its test/), SPDX license expressions (license-expression: an
    # Aho-Corasick tokenizer and a parser over boolean.py's algebra; over boolean.py), immutable dicts (frozendict: its
    # pure-Python class of dunder methods, the C extension not built in the unpacked sdist), a JavaScript and CSS
    # beautifier (jsbeautifier: a tokenizer and an output state machine; over editorconfig) and network packets (dpkt: a
    # Packet metaclass of __hdr__ fields, protocol parsers for Ethernet to TLS, pcap and pcapng files; its tests are
    # test_ functions in its own modules, converted with them). 0 / 0 broken, and 0 inside a JAX trace (--trace jax); 6
    # to 105 s for its three runs but jsbeautifier's 90 to 165 s (the converted form took 6.0 to 6.9 times as long as
    # unconverted for jsbeautifier, 4.4 for croniter, 3.5 for pyelftools, at most 1.8 for the others; as written 0.8 to
    # 1.7 times). One function was refused that should not be, and is converted now (see dpkt's note). Not added: lizard
    # 1.24.3 (its test/ has no __init__.py and imports test.helper_stream, which finds CPython's test package: 16
    # modules fail to collect unconverted), bigtree 1.5.3 (its tests/conftest.py implements a pytest-benchmark hook, not
    # installed: pytest refuses the plugin), pqdict 1.5.1 (pqdict/__init__.py reads its version from the installed
    # distribution's metadata) and rply 0.7.8, xlrd 2.0.2 and treelib 1.8.0 (their sdists ship no tests).
    Suite(name="transitions", kind="pytest", dist="transitions", version="0.9.3",
          sha256="881fb75bb1654ed55d86060bb067f2c716f8e155f57bb73fd444e53713aafec8",
          packages=("transitions",),
          pytest_args=("tests", "--ignore=tests/test_codestyle.py", "-o", "addopts=-rf",
                       "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          needs=(Sdist("six", "1.17.0", "ff70335d468e7eb6ec65b95b99d3a2836546063f63acc5171de367e834932a81"),),
          note="six is not installed: its sdist is on its path; its pytest.ini's addopts stop at the first failure "
               "(-x): replaced by -rf alone, and its filterwarnings makes every warning an error: pytest's about "
               "hypothesis imported before pytest (by the runner) is ignored; tests/test_codestyle.py imports "
               "pycodestyle (not installed): not run; 1,758 tests skip, the diagram tests and the diagram variants "
               "of the other test classes (graphviz and pygraphviz not installed); "
               "transitions.extensions.asyncio's coroutines are not converted"),
    Suite(name="altgraph", kind="pytest", dist="altgraph", version="0.17.5",
          sha256="c87b395dd12fabde9c99573a9749d67da8d29ef9de0125c7f536699b4a9bc9e7",
          packages=("altgraph",), pytest_args=("altgraph_tests",)),
    Suite(name="vulture", kind="pytest", dist="vulture", version="2.16",
          sha256="f8d9f6e2af03011664a3c6c240c9765b3f392917d3135fddca6d6a68d359f717",
          packages=("vulture",), pytest_args=("tests", "-o", "addopts="),
          note="its pyproject.toml's addopts ask for pytest-cov (not installed): replaced by none; "
               "tests/test_script.py's test_whitelists_with_python fails unconverted too (it runs each of "
               "vulture/whitelists/*.py with Python, and pint_whitelist.py imports pint, not installed)"),
    Suite(name="croniter", kind="pytest", dist="croniter", version="7.0.0",
          sha256="a0b2568303c774f6a4ea2d4ce2e72b1ee911029c7070d64a1befe05cdb107f5a",
          packages=("croniter",), src="src", pytest_args=("src/croniter/tests",),
          needs=(Sdist("pytz", "2026.6", "3b0fc2727707663d6e517936f444fd8a8b240f1fc32f4bf7ee03274245945284"),),
          note="pytz is not installed: its sdist is on its path; its tests are in the package "
               "(croniter/tests): not converted"),
    Suite(name="marko", kind="pytest", dist="marko", version="2.2.4",
          sha256="c042c66f835425673123d7536b39b4660de3b68e30078c70fd26245b31170683",
          packages=("marko",), pytest_args=("tests",)),
    Suite(name="pyelftools", kind="pytest", dist="pyelftools", version="0.33",
          sha256="660d82dcbeb8e83d1702bd97f223f761625da06111c0cc988eac6b8ab0c1b61f",
          packages=("elftools",), pytest_args=("test", "-o", "python_files=test_*.py"),
          note="its test/run_*.py scripts (readelf and llvm-dwarfdump comparisons against the binaries in "
               "test/external_tools, examples, a parser benchmark) are not pytest tests: only test/test_*.py is "
               "collected (pytest's default *_test.py would take run_examples_test.py and run_parser_perf_test.py, "
               "which import their utils by bare name, and fail to import unconverted too)"),
    Suite(name="license-expression", kind="pytest", dist="license-expression", version="30.4.4",
          sha256="73448f0aacd8d0808895bdc4b2c8e01a8d67646e4188f887375398c761f340fd",
          packages=("license_expression",), src="src", pytest_args=("tests",),
          needs=(Sdist("boolean_py", "5.0", "60cbc4bad079753721d32649545505362c754e121570ada4658b852a3a318d95"),),
          note="boolean.py is not installed: its sdist (the boolean.py suite's) is on its path"),
    Suite(name="frozendict", kind="pytest", dist="frozendict", version="2.5.1",
          sha256="b79b0c133220c5976ff05b8bfe3c1215119caa6255f477a309151fd5e2c2c0c3",
          packages=("frozendict",), src="src", pytest_args=("test",),
          note="the unpacked sdist does not build its C extension: the pure-Python frozendict "
               "(frozendict._frozendict_py) is the one tested"),
    Suite(name="jsbeautifier", kind="pytest", dist="jsbeautifier", version="2.0.3",
          sha256="9579d4e9dbaa00383f3efdff4c98c8140bb85ba319398e8b97cdaba27abd6ba3",
          packages=("jsbeautifier",),
          pytest_args=("jsbeautifier/tests/generated/tests.py", "jsbeautifier/tests/testindentation.py",
                       "jsbeautifier/unpackers/tests/testjavascriptobfuscator.py",
                       "jsbeautifier/unpackers/tests/testpacker.py", "jsbeautifier/unpackers/tests/testurlencode.py"),
          needs=(Sdist("editorconfig", "0.17.1", "23c08b00e8e08cc3adcddb825251c497478df1dada6aefeb01e626ad37303745"),),
          note="editorconfig is not installed: its sdist is on its path; its tests are in the package "
               "(jsbeautifier/tests, jsbeautifier/unpackers/tests): not converted, and named file by file (test*.py "
               "is no pytest pattern); unpackers/tests/testmyobfuscate.py reads test-myobfuscate-input.js, not in the "
               "sdist: not run; the generated tests.py holds thousands of beautifier cases in 3 test methods, so a "
               "test here is coarse"),
    Suite(name="dpkt", kind="pytest", dist="dpkt", version="1.9.8",
          sha256="43f8686e455da5052835fd1eda2689d51de3670aac9799b1b00cfd203927ee45",
          packages=("dpkt",), pytest_args=("dpkt", "-o", "addopts="),
          note="its tests are test functions in its own modules (setup.cfg: python_files *.py), converted with "
               "them; its setup.cfg's addopts ask for pytest-cov's --cov-report: replaced by none. (Found here: "
               "test_vrrp was refused, SourceMismatchError 'it holds the number 50, which the text does not': its "
               "`b'\\x32'[0]` is a subscript of constants, which CPython folds into 50, and the check of the source "
               "allowed for folded unary and binary operations and tuples but not subscripts; fixed)"),
    # Stop 58 added: eight more pure-Python libraries, the dependencies the venv lacks on their path from pinned sdists
    # (Suite.needs, not converted): geodesics on the ellipsoid (geographiclib: Karney's series, iterative inverse
    # solution with early exits), the HTTP/2 protocol (h2: a connection and a stream state machine, flow
    # control, settings; over hpack and hyperframe), multipart/form-data and urlencoded parsers (python-multipart: a
    # byte-by-byte state machine with callbacks; its tests' YAML cases over PyYAML), shell-style globbing (wcmatch:
    # glob, fnmatch and pathlib patterns translated to regular expressions, extended glob, brace expansion over bracex),
    # character-encoding detection (charset-normalizer: its pure-Python mess detector and coherence scoring, heavy loops
    # over characters), templates compiled to Python (mako: a lexer, a parse tree, a code generator and the runtime that
    # calls the generated modules), MessagePack (msgpack: its pure-Python Packer and Unpacker) and Intel HEX files
    # (intelhex: a parser, a sparse byte map and its writers). 0 / 0 broken, and 0 inside a JAX trace (--trace jax),
    # since mako's 31 (30 inside a JAX trace) were fixed: the source check compares compiled code now, see its note;
    # 6 to 80 s for its three runs
    # (the converted form took 7.8 to 9.4 times as long as unconverted for msgpack, about 3 for charset-normalizer, 2.1
    # to 2.2 for mako, at most 2.1 for the others; as written 0.3 to 2.6 times, msgpack's 2.6: its Unpacker calls small
    # methods per byte). Run the same way and not added, 0 / 0 broken and 0 inside a JAX trace: wsproto 1.3.2 (over
    # h11), bitstruct 8.24.0 (without tests/test_c.py, its C extension) and bracex 2.6. Not added: w3lib 2.5.0 (without
    # tests/test_util.py, whose import-time pytest.warns fails once runner.py has imported w3lib.util: 0 broken on both
    # paths, but the parametrized ids of test_safe_url_string_url depend on the hash seed, output188 in one process and
    # output189 in another, so one test is "not run" converted), einops 0.8.2 (its tests need EINOPS_TEST_BACKENDS set
    # in the environment, which a Suite cannot give), crcmod 1.7 (its test/ imports crcmod from the installed
    # distribution, whose package sits in python3/ of the sdist), segno 1.6.6 (its PNG tests import pypng, and test_eps
    # imports a sibling module by bare name), charset-normalizer 3.5.3 and python-multipart 0.0.34 (released after
    # 2026-10: 3.5.2 and 0.0.33 pinned instead), numpy-financial 1.0.0 and pymap3d 3.2.0 (0 / 0 broken and 0 inside a
    # JAX trace, but their repositories are in the graph coverage corpus already: docs/coverage.md).
    Suite(name="geographiclib", kind="pytest", dist="geographiclib", version="2.1",
          sha256="6a6545e6262d0ed3522e13c515713718797e37ed8c672c31ad7b249f372ef108",
          packages=("geographiclib",), pytest_args=("geographiclib/test",),
          note="its tests are in the package (geographiclib/test): not converted"),
    Suite(name="h2", kind="pytest", dist="h2", version="4.4.1",
          sha256="4e866ffb1a869ae14dd9b5e6beb5c24a13da0495ad72b65925ded182521c1516",
          packages=("h2",), src="src", pytest_args=("tests", "--hypothesis-profile=ci"),
          needs=(Sdist("hpack", "4.2.0", "0895cfa3b5531fc65fe439c05eb65144f123bf7a394fcaa56aa423548d8e45c0",
                       src="src"),
                 Sdist("hyperframe", "6.1.0", "f630908a00854a7adeabd6382b43923a4c4cd4b821fcb527e6ab9e15382a3b08",
                       src="src")),
          note="hpack and hyperframe are not installed: their sdists (the hpack and hyperframe suites') are on its "
               "path; hypothesis's ci profile (no deadline): under the default 200 ms deadline "
               "test_changing_max_frame_size fails unconverted too, its first example slow"),
    Suite(name="python-multipart", kind="pytest", dist="python-multipart", version="0.0.33",
          sha256="b8112424a6abd162ec08d390565dd113ad699f2fe6fef3c987b8bbcbfe9e390d",
          packages=("python_multipart",), pytest_args=("tests",),
          needs=(Sdist("pyyaml", "6.0.4", "e24bf71af8a432d7808fabff134d38dfe16d3cbb41f2873bb4b1e42422de0a1a",
                       src="lib"),),
          note="PyYAML is not installed: its sdist's pure-Python half (the pyyaml suite's) is on its path, for the "
               "tests' YAML cases; the deprecated `multipart` alias package is not converted"),
    Suite(name="wcmatch", kind="pytest", dist="wcmatch", version="10.1",
          sha256="f11f94208c8c8484a16f4f48638a85d771d9513f4ab3f37595978801cb9465af",
          packages=("wcmatch",), pytest_args=("tests",),
          needs=(Sdist("bracex", "2.6", "98f1347cd77e22ee8d967a30ad4e310b233f7754dbf31ff3fceb76145ba47dc7"),),
          note="bracex is not installed: its sdist is on its path"),
    Suite(name="charset-normalizer", kind="pytest", dist="charset-normalizer", version="3.5.2",
          sha256="39de2a259fc954455c57274dc94c79d5842774e1247a016aff30bc0efed0f4ef",
          packages=("charset_normalizer",), src="src",
          pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="the unpacked sdist builds no mypyc or Cython extension: its pure-Python md.py and cd.py are the "
               "ones tested; its pyproject.toml makes every warning an error: pytest's about hypothesis imported "
               "before pytest (by the runner) is ignored; CliDetectionResult defines a method named __dict__, "
               "converted but not put back (setattr of a class's __dict__ is refused)"),
    Suite(name="mako", kind="pytest", dist="mako", version="1.4.3",
          sha256="cd6537fe88d5fec315c55c2f8529bc4ce7a9a352ad7db3eeaa6a66e2dd4ec37a",
          packages=("mako",), pytest_args=("test",),
          needs=(Sdist("markupsafe", "3.0.4", "2e9ad7dd851bf45fab9f75cbff4cb493fee9979e8d8c7c9c3ee119022518edd6",
                       src="src"),),
          note="MarkupSafe is not installed: its sdist's pure-Python half (the markupsafe suite's) is on its path; "
               "mako.testing (fixtures and assertions) is not converted; 53 tests skip (Babel, lingua, Beaker, dogpile "
               "not installed). (Found here: 31 tests broke in the converted form, 30 inside a JAX trace, silently "
               "first: Mako compiles every template of a uri under one module name ('_index_html', or 'memory:0x...' "
               "from a reused id()) and serves its source through the module's __loader__, so linecache kept the first "
               "template's lines under that name; converted mako code calls a template's render function through "
               "ag__.call, which converted a later template from the earlier one's text, and the source check passed "
               "it (the same names, lines and numbers: only strings or a call's arguments differed): the other "
               "template rendered. The check now compiles the text again and compares it with the code "
               "(autograph/compiled_text.py): the stale text is refused, and the render function runs unconverted)"),
    Suite(name="msgpack", kind="pytest", dist="msgpack", version="1.2.4",
          sha256="475c44e12f2a5de766a8448783f149c9b33f3f49b88953c6cd739a77d93c732c",
          packages=("msgpack",), pytest_args=("test",),
          note="the unpacked sdist builds no _cmsgpack: its pure-Python Packer and Unpacker (msgpack.fallback) are "
               "the ones tested"),
    Suite(name="intelhex", kind="pytest", dist="intelhex", version="2.3.0",
          sha256="892b7361a719f4945237da8ccf754e9513db32f5628852785aea108dcd250093",
          packages=("intelhex",), pytest_args=("intelhex/test.py",),
          note="its tests are one module in the package (intelhex/test.py): not converted"),
    # Five more pure-Python libraries, the dependencies the venv lacks on their path from pinned sdists (Suite.needs,
    # not converted): JSONPath expressions (jsonpath-ng: a ply lexer and LALR parser whose p_* rules are its converted
    # methods, an expression tree that finds, updates and filters), random strings matching a regular expression (rstr:
    # its xeger walks sre_parse's tree), every string a regular expression matches, as a lazy sequence (sre-yield:
    # sre_parse's tree again, big-integer slicing and divmod), progress bars (tqdm: its pure-Python core, the monitor
    # thread, the CLI, contrib's itertools, logging and concurrent helpers) and zipfile.Path (zipp). 0 / 0 broken, and 0
    # inside a JAX trace (--trace jax); 4 to 16 s for the three runs of each but jsonpath-ng (42 s, and 245 s for its
    # run inside a JAX trace: the converted form took 3.8 to 4.4 times as long as unconverted, 42 to 46 times inside a
    # JAX trace, and at most 1.9 times for the others). jsonpath-ng's JAX-trace time is not its own code's: its parse()
    # builds ply's LALR tables at every call, and ply's yacc, called through ag__.call, runs converted too; inside a JAX
    # trace each while loop that starts (and each for over a range) looks through its body's closure cells for tracers,
    # three levels into lists, tuples and dicts and through jax.tree_util.tree_leaves for any other object
    # (runtime/operators.py's _staged_closure, docs/jax.md), and yacc's loops close over the grammar's lists of
    # productions and LR items: about 15,000 loop starts walked 2.7 million values per 6 parses (a while loop whose body
    # reads a list of 100 lists of 200 plain objects: 0.1 ms a call converted with no trace, 28 ms inside a JAX trace).
    # jsonpath-ng 1.8.0, the newest before 2026-10, vendors ply as jsonpath_ng._ply, converted with it: 0 / 0 broken and
    # 0 inside a JAX trace, but 351 tests in 60 s and then 217 to 367 s inside a JAX trace, the same walk: 1.7.0 is
    # pinned, over ply 3.11. Not added: pyRFC3339 (no sdist of it, 2.1.0, 2.0.1 or 1.1, ships its tests).
    Suite(name="jsonpath-ng", kind="pytest", dist="jsonpath-ng", version="1.7.0",
          sha256="f6f5f7fd4e5ff79c785f1573b394043b39849fb2bb47bcead935d12b00beab3c",
          packages=("jsonpath_ng",),
          needs=(Sdist("ply", "3.11", "00c7c1aaa88358b9c765b6d3000c6eec0ba42abca5351b095321aef446081da3"),),
          pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="ply is not installed: its sdist is on its path (ply's yacc runs converted in the converted form all "
               "the same: converted jsonpath-ng calls it through ag__.call); its pyproject.toml makes every warning "
               "an error: pytest's about hypothesis imported before pytest (by the runner) is ignored; 42 to 46 "
               "times as long inside a JAX trace (see above)"),
    Suite(name="rstr", kind="pytest", dist="rstr", version="3.2.2",
          sha256="c4a564d4dfb4472d931d145c43d1cf1ad78c24592142e7755b8866179eeac012",
          packages=("rstr",), pytest_args=("tests",)),
    Suite(name="sre-yield", kind="pytest", dist="sre_yield", version="1.2",
          sha256="e94f1a2a3cbafffe1dcd15c1d54e401a1517e052aa64c7d3164f88dc761d7b8a",
          packages=("sre_yield",),
          pytest_args=("sre_yield/tests/test_anchors.py", "sre_yield/tests/test_cachingseq.py",
                       "sre_yield/tests/test_sre_yield.py", "sre_yield/tests/test_sre_yield_slow.py"),
          note="its tests are in the package (sre_yield/tests): not converted; test_bigrange.py, test_fastdivmod.py "
               "and test_slicing.py hold nose-style yield tests, which pytest refuses at collection (the whole "
               "module, unconverted too): not run, the 4 other modules named"),
    Suite(name="tqdm", kind="pytest", dist="tqdm", version="4.70.1",
          sha256="cefd0eca11b2a37a3aee776544d4f4ae913f02688135b5556b8788dfa474afc4",
          packages=("tqdm",),
          pytest_args=("tests/tests_synchronisation.py", "tests/tests_tqdm.py", "tests/tests_utils.py",
                       "tests/tests_itertools.py", "tests/tests_contrib.py", "tests/tests_contrib_logging.py",
                       "tests/tests_concurrent.py", "tests/tests_main.py", "tests/tests_version.py",
                       "tests/tests_rlock.py", "-o", "addopts="),
          note="its pure-Python core: tests_asyncio (pytest-asyncio), tests_dask, tests_gui, tests_keras, "
               "tests_notebook, tests_pandas, tests_rich and tests_tk (their extras, not installed) and tests_perf "
               "(timings) are not run, and its tqdm.dask, tqdm.keras, tqdm.rich and contrib's bells, discord, slack "
               "and telegram do not import (tqdm._utils neither, unconverted too); its pyproject.toml's addopts "
               "(-W=error, --asyncio-mode for pytest-asyncio, its timeout for pytest-timeout) replaced by none; "
               "tests_synchronisation.py runs first: after tests_tqdm.py its test_monitoring_and_cleanup hangs "
               "unconverted too (the monitor thread waits for the class's lock forever); 4 tests skip "
               "(itertools.batched and interpreter_map: Python 3.12 and 3.14)"),
    Suite(name="zipp", kind="pytest", dist="zipp", version="4.1.0",
          sha256="4cb57381f544315db7688e976e922a2b18cdb513d21cc194eb42232ba2a3e602",
          packages=("zipp",), pytest_args=("tests", "zipp"),
          needs=(Sdist("more-itertools", "10.5.0", "5482bfef7849c25dc3c6dd53a6173ae4795da2a41a80faea6700d9f5846c5da6"),
                 Sdist("jaraco_functools", "4.6.0",
                       "880c577ec9720b3a052d5bc611fb9f2269b3d87902ef42440df443b88e443280"),
                 Sdist("jaraco_itertools", "6.4.3",
                       "06c8727afcad659e29ce78773870428500f4daf6f13b9c2f5154ddb21cbca90d"),
                 Sdist("inflect", "7.6.0", "b46875b50534a7cd5fcfb5a7c971bb93fe68948c43ca53e9833bd1e1a69221bd"),
                 Sdist("typeguard", "4.6.1", "d94fd3552c5feb6bada6e8bb1167d9916c08d7442141aeb041b847ba9bd1afb1",
                       src="src"),
                 Sdist("jaraco_test", "5.7.0", "dd4e17584be825986d6938518346b23bbb984b81f0bbb84e5c656fba61a63054"),
                 Sdist("jaraco_collections", "5.2.1",
                       "dab81970bad6f0ab53b20745f1b01da37926e4c0fcd425046aa45e0d8efa18ed"),
                 Sdist("jaraco_text", "4.3.0", "ddd5eb6259d0701e08cb642c8d6b63bcc73947d03df9239ea67bbef911b3e4e1"),
                 Sdist("jaraco_context", "6.1.2", "f1a6c9d391e661cc5b8d39861ff077a7dc24dc23833ccee564b234b81c82dfe3"),
                 Sdist("backports_tarfile", "1.2.0",
                       "d75e02c268746e1b8144c278978b6e98e85de6ad16f8e4b0844a154557eca991")),
          note="its tests' dependencies are not installed: jaraco.itertools (over inflect and typeguard), "
               "jaraco.functools, more-itertools and jaraco.test (over jaraco.collections, jaraco.text, jaraco.context "
               "and backports.tarfile) from their sdists on its path; its pytest.ini adds --doctest-modules, so zipp "
               "is named beside tests/ (the doctests of its modules run too); tests/test_complexity.py skips whole "
               "(big-O not installed), and test_encoding_warnings skips"),
    # Eight more pure-Python libraries, the dependencies the venv lacks on their path from pinned sdists (Suite.needs,
    # not converted): declarative parameters (param: descriptors set through a metaclass, watchers and dependencies,
    # reactive expressions; numbergen's streams), physical quantities over NumPy (quantities: an ndarray subclass whose
    # units ride along through ufuncs), group-by aggregation over NumPy (numpy-groupies: its pure-Python and NumPy
    # backends, and the numba kernels that its multithreaded paths build from factories), a CSS tokenizer and parser
    # (tinycss2: the css-parsing-tests JSON cases, colors, An+B, nth selectors), URL building and parsing (furl, over
    # orderedmultidict), crontab files (python-crontab: its line parser, slices and specials), a lexer and LALR parser
    # generator (sly: rules given as decorated methods of a class body whose metaclass collects them) and short ids from
    # numbers (sqids). 0 / 0 broken but param's (0 / 1) and numpy-groupies' (43 / 55), see their notes; 6 to 110 s for
    # its three runs but numpy-groupies' (280 s, 580 s the first time, see its note). Run the same way and not added,
    # 0 / 0 broken: jsonpatch 1.48 (over jsonpointer), hyperlink 21.0.0 (over idna; its 7 hypothesis strategies made by
    # @composite are refused, their source not available) and pipe 2.2 (6 tests). Not added either: filterpy 2.0.0 (17
    # of its 21 test modules import matplotlib, not installed: 12 tests, 0 / 0 broken) and properscoring 0.1
    # (properscoring.thresholds does not import, guvectorize unbound, and 4 of its 29 tests fail unconverted: NumPy's
    # AxisError).
    Suite(name="param", kind="pytest", dist="param", version="2.4.2",
          sha256="40ca94b72c97bf1998325738e002d589ce31a7cfb4cc56549f05daa6ccf98043",
          packages=("param", "numbergen"),
          pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning",
                       "-W", "ignore::pytest.PytestConfigWarning"),
          note="its pyproject.toml makes every warning an error: pytest's about hypothesis imported before pytest (by "
               "the runner) and about its asyncio options (pytest-asyncio not installed) are ignored; the 93 async "
               "tests of testreactive, testparamdepends and testrefs fail unconverted too (no pytest-asyncio), and "
               "testsignatures' test_signature_parameters_constructors_updated too; 68 tests skip (pandas, "
               "cloudpickle, ... not installed); param.mypy_plugin does not import (mypy not installed). 1 breaks in "
               "the converted form: test_deprecate_setting_parameter_before_init (param's _find_stack_level walks "
               "the stack, block frames among it, and ag__.stacklevel counts them again: the warning names a line "
               "outside the test module, whose filter alone makes it an error; docs/limitations.md). Its 2 "
               "test_crop_to_bounds (Number, Integer) broke until stop 72: the code after an if whose then-branch "
               "ends in two ifs that return, and whose else returns, was lowered unguarded "
               "(tests/autograph/test_jump_placement.py)"),
    Suite(name="quantities", kind="pytest", dist="quantities", version="0.16.4",
          sha256="f5b6deb74f6ed814ec56b204dcf7b5d3c526456157de48e5a78681064f98bf36",
          packages=("quantities",), pytest_args=("quantities/tests",),
          note="its tests are in the package (quantities/tests): not converted; 3 tests are expected failures "
               "(unittest.expectedFailure: reported as skipped)"),
    Suite(name="numpy-groupies", kind="pytest", dist="numpy_groupies", version="0.16.0",
          sha256="eb2a3c33697dee6b5c27e5c132b1c8b67d27ef7cf02355a7a9c2671b6badca59",
          packages=("numpy_groupies",),
          pytest_args=("numpy_groupies/tests", "-o", "addopts=", "-k", "not numba",
                       "--ignore=numpy_groupies/tests/test_numba.py",
                       "--ignore=numpy_groupies/tests/test_numba_kernels.py",
                       "--ignore=numpy_groupies/tests/test_benchmarks.py"),
          note="its tests are in the package (numpy_groupies/tests): not converted; its pyproject.toml's addopts ask "
               "for pytest-xdist's -n auto: replaced by none; the numba backend's tests (-k 'not numba', "
               "test_numba.py, test_numba_kernels.py: 1,583 more, about 25 minutes unconverted, numba compiling each "
               "kernel per dtype) and test_benchmarks.py (timings) are not run; test_mt_kernels.py's numba kernels "
               "still compile, into numba's cache in the unpacked sdist: the first unconverted run took 314 s, later "
               "ones 12 s (as written 225 s each time: numba refuses the converted functions, see below); 349 tests "
               "skip (pandas, polars, numbagg not installed). Broken: 43 as written and 55 in the converted form, all "
               "one class: numba compiles a converted module function (collect.py's njit_stable(group_count), "
               "the function runner.py swapped in), whose code holds the per-call choice: NotImplementedError "
               "'Unsupported use of cell variable encountered' (docs/limitations.md: give numba the function "
               "itself). Stop 72 fixed the rest (125 / 198 before): runner.py swaps the values and keys of a dict "
               "subclass (its Registry), and a nested def handed to numba (@nb.njit, its own @njit_stable, "
               "njit_stable(driver)) stays as written in the converted form"),
    Suite(name="tinycss2", kind="pytest", dist="tinycss2", version="1.5.1",
          sha256="d339d2b616ba90ccce58da8495a78f46e55d4d25f9fd71dfd526f07e7d53f957",
          packages=("tinycss2",), pytest_args=("tests",),
          needs=(Sdist("webencodings", "0.6.1", "565f9ad031c702dae404e27a099e3e09186a3ab1b9520f06d215502b651fd910"),),
          note="webencodings is not installed: its sdist (bleach's) is on its path"),
    Suite(name="furl", kind="pytest", dist="furl", version="2.1.4",
          sha256="877657501266c929269739fb5f5980534a41abd6bbabcb367c136d1d3b2a6015",
          packages=("furl",), pytest_args=("tests",),
          needs=(Sdist("orderedmultidict", "1.0.2", "16a7ae8432e02cc987d2d6d5af2df5938258f87c870675c73ee77a0920e6f4a6"),
                 Sdist("six", "1.17.0", "ff70335d468e7eb6ec65b95b99d3a2836546063f63acc5171de367e834932a81")),
          note="orderedmultidict and six are not installed: their sdists are on its path; test_hosts and test_netloc "
               "fail unconverted too (Python 3.11's urllib.parse refuses a bracketed host that is no IPv6 address: "
               "ValueError)"),
    Suite(name="python-crontab", kind="pytest", dist="python_crontab", version="3.4.0",
          sha256="d2b5ad91f7a641d774661b7f3ba52258fd68273862c88713f4cc092ba614e707",
          packages=("crontab", "crontabs", "cronlog"), pytest_args=("tests",),
          note="test_compatibility's test_07_non_posix_shell fails unconverted too (no Windows shell); 12 tests skip "
               "(croniter and cron_descriptor not installed)"),
    Suite(name="sly", kind="pytest", dist="sly", version="0.5",
          sha256="251d42015e8507158aec2164f06035df4a82b0314ce6450f457d7125e7649024",
          packages=("sly",), src="src", pytest_args=("tests",)),
    Suite(name="sqids", kind="pytest", dist="sqids", version="0.5.2",
          sha256="5ac08f0c5c9b6814bc2e7c79ee5931e0849d25d95c50e415771b022a44f58af9",
          packages=("sqids",), pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="its pyproject.toml makes every warning an error: pytest's about hypothesis imported before pytest (by "
               "the runner) is ignored"),
    # Eight more pure-Python libraries heavy on control flow, the dependencies the venv lacks on their path from pinned
    # sdists: a JSON5 parser and serializer (json5), brace expansion (bracex), string distances (textdistance: edit,
    # token, sequence and compression distances), unified diffs (unidiff), marking an AST's tokens (asttokens, over
    # astroid), a Hjson parser and encoder (hjson: simplejson's decoder and scanner), patch parsing and applying
    # (whatthepatch) and a SQL tokenizer, parser and generator for 30 dialects (sqlglot, 564 tests and 8,852 subtests).
    # 0 / 0 broken but textdistance's (0 / 1: a hypothesis deadline, see its note); 10 to 150 s for the three runs.
    # Run the same way and not added, 0 / 0 broken: treelib 1.7.0 (over six; 55 tests), PyMeeus 0.5.12 (244 tests)
    # and dictdiffer 0.9.0 (88 tests, its pytest.ini's addopts, for plugins not installed, replaced by none). Not added
    # either: pycodestyle 2.12.1 (its sdist lacks the testing/ package its tests import), parsimonious 0.8.1 (imports
    # inspect.getargspec, gone in Python 3.11; 0.9 and later need regex, not installed), markdown2 2.5.1 (its cases are
    # made by its own runner, test.py, not by pytest) and prettytable 3.12.0 (pytest-lazy-fixtures, not installed). The
    # stop that added them found one class none of these suites shows (a generator expression in a for loop's body
    # reads the loop's target late: the converted form gave each one its own iteration's item).
    Suite(name="json5", kind="pytest", dist="json5", version="0.9.25",
          sha256="548e41b9be043f9426776f05df8635a00fe06104ea51ed24b67f908856e151ae",
          packages=("json5",), pytest_args=("tests",),
          note="70 tests, 0 / 0 broken; 213 functions, all converted"),
    Suite(name="bracex", kind="pytest", dist="bracex", version="2.5.post1",
          sha256="12c50952415bfa773d2d9ccb8e79651b8cdb1f31a42f6091b804f6ba2b4a66b6",
          packages=("bracex",), pytest_args=("tests",),
          note="219 tests, 0 / 0 broken; 30 of its 34 functions converted, 4 generators"),
    Suite(name="textdistance", kind="pytest", dist="textdistance", version="4.6.3",
          sha256="d6dabc50b4ea832cdcf0e1e6021bd0c7fcd9ade155888d79bb6a3c31fce2dc6f",
          packages=("textdistance",), pytest_args=("tests", "-m", "not external"),
          note="168 tests; its 30 tests marked external (comparing with other libraries, not installed) are not run; "
               "textdistance.benchmark does not import (tabulate not installed, unconverted too). Broken: 0 as "
               "written, 1 in the converted form, a timing: test_normalization_range[alg16] (hypothesis's 200 ms "
               "deadline, its example took 225 ms)"),
    Suite(name="unidiff", kind="pytest", dist="unidiff", version="0.7.5",
          sha256="2e5f0162052248946b9f0970a40e9e124236bf86c82b70821143a6fc1dea2574",
          packages=("unidiff",), pytest_args=("tests",),
          note="44 tests, 0 / 0 broken; 46 functions, all converted"),
    Suite(name="asttokens", kind="pytest", dist="asttokens", version="3.0.0",
          sha256="0dcd8baa8d62b0c1d118b399b2ddba3c4aff271d0d7a9e0d4c1681c79035bbc7",
          packages=("asttokens",), pytest_args=("tests",),
          needs=(Sdist("astroid", "3.3.8", "a88c7994f914a4ea8572fac479459f4955eeccc877be3f2d959a33273b0cf40b"),),
          note="astroid is not installed: its sdist is on its path; 116 tests, 0 / 0 broken; its setup.cfg's -m 'not "
               "slow' deselects 2, and 1 skips"),
    Suite(name="hjson", kind="pytest", dist="hjson", version="3.1.0",
          sha256="55af475a27cf83a7969c808399d7bccdec8fb836a07ddbd574587593b9cdcf75",
          packages=("hjson",), pytest_args=("hjson/tests", "--ignore=hjson/tests/test_hjson.py"),
          note="its tests are in the package (hjson/tests): not converted; test_hjson.py is not run (its assets "
               "directory is not in the sdist: collecting it fails unconverted too); 109 tests, 0 / 0 broken"),
    Suite(name="whatthepatch", kind="pytest", dist="whatthepatch", version="1.0.6",
          sha256="b274b3294784f78b1e759b35b49b7ef2e8473a580aabf39e5b94a9f901e5de61",
          packages=("whatthepatch",), src="src", pytest_args=("tests",),
          note="52 tests, 0 / 0 broken; 26 of its 27 functions converted, 1 generator"),
    Suite(name="sqlglot", kind="pytest", dist="sqlglot", version="25.34.1",
          sha256="6952c083c4a8b8de3c09c10b262a03c6853071bd397f05759c08f1e2f3c683cb",
          packages=("sqlglot",),
          pytest_args=("tests", "--ignore=tests/test_executor.py", "--ignore=tests/test_optimizer.py"),
          needs=(Sdist("pytz", "2026.6", "3b0fc2727707663d6e517936f444fd8a8b240f1fc32f4bf7ee03274245945284"),),
          note="pytz is not installed: its sdist is on its path; test_executor.py and test_optimizer.py are not run "
               "(duckdb and pandas, not installed); 564 tests (8,852 subtests), 0 / 0 broken; 2,103 of its 2,157 "
               "functions converted, 30 refused (the methods dataclasses generate for its frozen dataclasses in "
               "sqlglot.diff and sqlglot.lineage: no source), 24 generators; 7.8 times slower in the converted form"),
    # Five more pure-Python libraries heavy on plain control flow, none with a dependency the venv lacks: IPv4 / IPv6
    # addresses and networks (IPy: parsing, prefix arithmetic, the comparisons and set operations of IP ranges), a
    # VT100 terminal emulator (pyte: the screen's cursor, margins, tab stops, erase and insert modes and its history
    # pages), a LaTeX parser and LaTeX-to-text / Unicode-to-LaTeX converters (pylatexenc: a hand-written tokenizer and
    # recursive-descent walker, macro specs), a title-casing formatter (titlecase: a word loop of regex cases) and
    # network addresses (netaddr: EUI / MAC and IP parsing, strategies per format, IPSet, IP globs and ranges).
    # Not added: convertdate 2.5.1 and 2.4.0 (2.5.1's tests import their package's CalTestCase from tests/__init__.py,
    # which the sdist lacks; 2.4.0 ships no tests) and munkres 3.0.0 (its suite takes 260 s unconverted).
    Suite(name="ipy", kind="pytest", dist="ipy", version="1.2",
          sha256="c145e664e84642fac875a043fab1a0b50bd65297385dc438dbfe25f24e65ac61",
          packages=("IPy",), pytest_args=("test",)),
    Suite(name="pyte", kind="pytest", dist="pyte", version="0.8.2",
          sha256="5af970e843fa96a97149d64e170c984721f20e52227a2f57f0a54207f08f083f",
          packages=("pyte",), pytest_args=("tests",)),
    Suite(name="pylatexenc", kind="pytest", dist="pylatexenc", version="2.11",
          sha256="305a072a99ce736246049c9da05841b9d718c0f7ea8888f5f596cf15cb621053",
          packages=("pylatexenc",), pytest_args=("test",)),
    Suite(name="titlecase", kind="pytest", dist="titlecase", version="2.4.1",
          sha256="7d83a277ccbbda11a2944e78a63e5ccaf3d32f828c594312e4862f9a07f635f5",
          packages=("titlecase",), pytest_args=("titlecase/tests.py",),
          note="its tests are in the package (titlecase/tests.py): not converted"),
    Suite(name="netaddr", kind="pytest", dist="netaddr", version="1.3.0",
          sha256="5c3c3d9895b551b763779ba7db7a03487dc1f8e3b385af819af341ae9ef6e48a",
          packages=("netaddr",), pytest_args=("netaddr/tests",),
          note="its tests are in the package (netaddr/tests): not converted"),
    # Three more: audio metadata (mutagen: binary parsers of ID3 frames, MP4 atoms, Ogg pages, FLAC, APEv2, ASF and
    # a dozen more formats, bit readers, 4,050 tests), a BibTeX parser and writer (bibtexparser 2: a character-level
    # splitter, middleware that transforms entries, over pylatexenc) and URI parsing and composing (uritools).
    Suite(name="mutagen", kind="pytest", dist="mutagen", version="1.48.1",
          sha256="8f95637ab9f6f305cec6bd1294e197debe207998e3e068596563c74f86b0a173",
          packages=("mutagen",), pytest_args=("tests",),
          note="the instances of mutagen._util.enum's classes carry the '__dict__' descriptor of the class they "
               "were copied from, whose read raises TypeError: runner.py's Converter._deep reads it through "
               "_instance_dict, which takes that for no __dict__ (its converted runs died before pytest started); "
               "4,050 tests, 0 / 0 broken"),
    Suite(name="bibtexparser", kind="pytest", dist="bibtexparser", version="2.1.0",
          sha256="9f48851eef4693cb7ef6897f7628966c5d0ef49b6403b13a862679a4c313d176",
          packages=("bibtexparser",), pytest_args=("tests",),
          needs=(Sdist("pylatexenc", "2.11", "305a072a99ce736246049c9da05841b9d718c0f7ea8888f5f596cf15cb621053"),),
          note="pylatexenc is not installed: its sdist (the pylatexenc suite's) is on its path"),
    Suite(name="uritools", kind="pytest", dist="uritools", version="7.0.1",
          sha256="abf09f899b925fad05407d7f39061318c6be62cce065db727a024daadf96eebf",
          packages=("uritools",), src="src", pytest_args=("tests",)),
    # A HOCON configuration parser (pyhocon: pyparsing grammar actions, substitution resolution over a config tree,
    # merging, and converters to JSON, YAML, .properties and HOCON).
    Suite(name="pyhocon", kind="pytest", dist="pyhocon", version="0.3.63",
          sha256="7c98db21453c0390c6cedc376576fee4e0a153da5f2201bc681cf886820f4a7c",
          packages=("pyhocon",), pytest_args=("tests",),
          needs=(Sdist("pyparsing", "3.2.0", "cbf74e27246d595d9a74b186b810f6fbb86726dbf3b9532efb343f6d7294fe9c"),
                 Sdist("mock", "5.2.0", "4e460e818629b4b173f32d08bf30d3af8123afbb8e04bb5707a1fd4799e503f0")),
          note="pyparsing and mock are not installed: their sdists (those suites') are on its path, unconverted"),
    # Code metrics (radon: AST visitors for cyclomatic complexity and Halstead metrics, a tokenize-driven raw-metrics
    # counter for lines, comments and docstrings, the maintainability index, and its command line's harvesters).
    Suite(name="radon", kind="pytest", dist="radon", version="6.0.1",
          sha256="d1ac0053943a893878940fedc8b19ace70386fc9c9bf0a09229a44125ebf45b5",
          packages=("radon",), pytest_args=("radon/tests",),
          needs=(Sdist("mando", "0.8.2", "539659d9a2fdc6c9a188211c58f381e0dafe9597085174c5472eb1ed0224b6b5"),
                 Sdist("colorama", "0.4.6", "08695f5cb7ed6e0531a20572697297273c47b8cae5a63ffc6d6ed5c201be6e44")),
          note="its tests are in the package (radon/tests): not converted; mando and colorama are not installed: "
               "their sdists are on its path; 27 tests use pytest-mock's mocker fixture (not installed) and error "
               "unconverted too"),
    # String distances written as index loops (strsimpy: Levenshtein, Damerau, Jaro-Winkler, SIFT4, n-gram, q-gram
    # and shingle-based measures), whose test modules sit beside the code as <name>_test.py.
    Suite(name="strsimpy", kind="pytest", dist="strsimpy", version="0.2.1",
          sha256="0842eb57f7af86c882a59a1bc8721ec2580a267e563fd0503ced2972040372c9",
          packages=("strsimpy",), pytest_args=("strsimpy",),
          note="its tests are modules of the package named <name>_test.py, which runner.py does not take for tests: "
               "they are converted too (their TestCase methods, run converted)"),
    # Dependency injection (injector: @inject reads the type hints and signatures of the functions it wraps,
    # providers, scopes, multibinders, child injectors and the resolution of forward references).
    Suite(name="injector", kind="pytest", dist="injector", version="0.24.0",
          sha256="e85a75d1516cff2f03170f3fd1219f56acb25c9a05e307819ae0dcde3dad3d3f",
          packages=("injector",), pytest_args=("injector_test.py", "-o", "addopts="),
          note="its pytest.ini's addopts ask for pytest-cov (not installed) and doctests of README.md and docs/: "
               "replaced by none"),
    # Def-use chains over a gast AST (beniget: a NodeVisitor per statement kind with scopes, loops, comprehensions,
    # globals and nonlocals, and its own ordered set) and Excel .xls writing (xlwt: BIFF records, the compound
    # document, styles from easyxf strings, and an ANTLR-generated formula lexer and parser).
    Suite(name="beniget", kind="pytest", dist="beniget", version="0.5.0",
          sha256="e7af11fa8ec7de3d3eb3d98b1e722d15d44017d8b35d8aa11d54f6719b312f22",
          packages=("beniget",), pytest_args=("tests",),
          needs=(Sdist("gast", "0.6.0", "88fc5300d32c7ac6ca7b515310862f71e6fdf2c029bbec7c66c0f5dd47b6b1fb"),),
          note="gast is not installed: its 0.6.0 sdist is on its path (beniget 0.5.0's tests do not import with the "
               "gast suite's 0.7.0)"),
    Suite(name="xlwt", kind="pytest", dist="xlwt", version="1.3.0",
          sha256="c59912717a9b28f1a3c2a98fd60741014b06b043936dcecbc113eaaada156c88",
          packages=("xlwt",), pytest_args=("tests",)),
    # Structured logging (structlog: processor chains, bound loggers made by a proxy on first use, renderers, and
    # frame walking that finds the first frame outside structlog and logging for the call site).
    Suite(name="structlog", kind="pytest", dist="structlog", version="26.1.0",
          sha256="f63a716cbd1b1291cf7661de7794b455acfa4c43c5bcf1630e6ad5ddc1adb3b7",
          packages=("structlog",), src="src",
          pytest_args=("tests", "-o", "addopts=--import-mode=importlib", "--ignore=tests/test_stdlib.py",
                       "--ignore=tests/processors/test_renderers.py", "--ignore=tests/test_generic.py"),
          note="its pyproject.toml's addopts (--strict-config, for pytest-asyncio's option) replaced by "
               "--import-mode=importlib alone; test_stdlib.py (pytest-asyncio), processors/test_renderers.py and "
               "test_generic.py (time-machine) are not run, none installed; its async tests skip and "
               "test_packaging.py fails unconverted too (no installed distribution's metadata)"),
    # Added in stop 79: libraries built on Python's object model (multiple dispatch on types and annotations;
    # pattern matching by hand over values, types and dataclasses), then a second batch below (bidict, prettytable,
    # lazy-object-proxy, addict, dotmap, python-box, pluggy, python-constraint2). Tried and not added, their sdists'
    # suites not running here unconverted: toposort 1.4 to 1.10 (its test module calls unittest.main() at import),
    # dacite 1.9.1 and 1.9.2 (tests/common.py is not in the sdist), overrides 7.7.0 (3 modules fail to collect),
    # python-box 7.3.2 (test/common is not in the sdist; 8.0.0 is below); no tests in their sdists: sortedcontainers
    # 2.4.0, bidict 0.22.1 and 0.23.1 (0.21.4 is below), docopt, multipledispatch, sortedcollections, dacite 1.6-1.8.
    Suite(name="multimethod", kind="pytest", dist="multimethod", version="2.0",
          sha256="c628b6d2e7d61fbe58484dd884d990901e8314faf58af062e72b65e3423cb109",
          packages=("multimethod",), pytest_args=("tests",)),
    Suite(name="pampy", kind="pytest", dist="pampy", version="0.3.0",
          sha256="82054212e4478fc22163c55321a3583eda9918aff4440eed6c197e872a2a667b",
          packages=("pampy",), pytest_args=("tests", "--ignore=tests/test_iterable.py"),
          note="tests/test_iterable.py is not run: it imports collections.Iterable, gone since Python 3.10"),
    # Added in stop 79 (a second batch): more of Python's object model. Bidirectional dicts (bidict: inverse views
    # that share state, __eq__ and __hash__ across them, weak references, pickling; hypothesis property tests),
    # dicts read and written as attributes (addict, dotmap, python-box: __getattr__, __setattr__, __missing__, frozen
    # boxes' __hash__), lazy proxies (lazy-object-proxy: every dunder forwarded, __class__, __module__ and __doc__
    # properties a metaclass copies into each class), the plugin manager pytest itself runs on (pluggy), text tables
    # (prettytable) and a constraint solver (python-constraint2). 0 / 0 broken but lazy-object-proxy's 0 / 2 (see its
    # note); 2 to 39 s for the three runs. Tried and not added: toposort 1.4 to 1.10 (each test module calls
    # unittest.main() at import; run ad hoc without that line: 11 tests, 0 / 0 broken), multipledispatch 0.6.0 (its
    # setup.py imports six: pip cannot download it; 0.5.0 and 1.0.0 ship no tests), sortedcollections 1.1.2, 1.2.3 and
    # 2.1.0, docopt 0.6.0 and 0.6.1, dacite 1.6.0 to 1.8.0 (their sdists ship no tests), dacite 1.9.1 (no
    # tests/common.py, as 1.9.2 above) and python-constraint 1.3.1 (a .tar.bz2, as 1.4.0 above).
    Suite(name="bidict", kind="pytest", dist="bidict", version="0.21.4",
          sha256="42c84ffbe6f8de898af6073b4be9ea7ccedcd78d3474aa844c54e49d5a079f6f",
          packages=("bidict",),
          pytest_args=("bidict", "tests", "docs/extending.rst", "--ignore=tests/test_benchmark.py",
                       "-o", "addopts=--doctest-modules --doctest-glob=tests/*.txt --doctest-glob=docs/extending.rst",
                       "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          needs=(Sdist("sortedcollections", "2.1.0",
                       "d8e9609d6c580a16a1224a3dc8965789e03ebc4c3e5ffd05ada54a2fed5dcacd"),),
          note="0.21.4: the sdists of 0.22.1 and 0.23.1 ship no tests; its pytest.ini's addopts ask "
               "for pytest-benchmark (not installed): replaced by its doctest options alone, and "
               "tests/test_benchmark.py is not run; docs/extending.rst's doctests import sortedcollections (not "
               "installed): its sdist is on its path; its pytest.ini makes every warning an error: pytest's about "
               "hypothesis imported before pytest (by the runner) is ignored"),
    # Added in stop 79 (a second batch).
    Suite(name="prettytable", kind="pytest", dist="prettytable", version="3.19.0",
          sha256="0ecedd6d9a560b330503bef15791b77954fa46b7123203d91e463330b61959ba",
          packages=("prettytable",), src="src",
          pytest_args=("tests", "-p", "pytest_lazy_fixtures.plugin",
                       "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          needs=(Sdist("pytest-lazy-fixtures", "1.4.1",
                       "8684abfd4914ea01f1e2f7b24524739344421d8f3f12286fb3100fb5681e1181"),),
          note="pytest-lazy-fixtures is not installed: its sdist is on its path and its plugin is loaded by -p "
               "(installed, an entry point would load it); its pyproject.toml makes every warning an error: "
               "pytest's about hypothesis imported before pytest (by the runner) is ignored"),
    # Added in stop 79 (a second batch).
    Suite(name="lazy-object-proxy", kind="pytest", dist="lazy-object-proxy", version="1.13.0",
          sha256="ce34046cb021d69c72d05ddb83821ecfd4d2d0a5d43a93c5cd01c9e34779cf14",
          packages=("lazy_object_proxy",), src="src",
          pytest_args=("tests", "--ignore=tests/test_perf.py", "-k", "not cext", "-o", "addopts=--strict-markers",
                       "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="the unpacked sdist builds no C extension: the cext tests are deselected (they error unconverted "
               "too) and the slots and simple Proxy classes are tested; tests/test_perf.py needs pytest-benchmark "
               "(not installed): not run; its pytest.ini's addopts (doctests of *.rst, -ra) replaced by "
               "--strict-markers alone. 2 tests break in the converted form, a converter bug (stop 79): "
               "test_garbage_collection[normal-simple] and [subclassed-simple], whose lambda (the Proxy's factory, "
               "leaky.leak = proxy) is never freed: runtime/calls.py's _targets keeps the converted form of each "
               "function converted code calls while the function lives, and that form has a copy of the "
               "function's __dict__, here a way back to the function. Its two Proxy classes (171 methods) are not "
               "converted: _ProxyMetaType copies a __module__ property into each, so runner.py's test "
               "value.__module__ == module skips them (12 functions are converted); run ad hoc with them converted "
               "(154 functions), the same bug breaks the slots Proxy's 2 test_garbage_collection too, and nothing "
               "else"),
    # Added in stop 79 (a second batch).
    Suite(name="addict", kind="pytest", dist="addict", version="2.4.0",
          sha256="b3b2210e0e067a281f5646c8c5db92e99b7231ea8b0eb5f74dbdf9e259d4e494",
          packages=("addict",), pytest_args=("test_addict.py",),
          note="its tests are test_addict.py, at the sdist's root"),
    # Added in stop 79 (a second batch).
    Suite(name="dotmap", kind="pytest", dist="dotmap", version="1.3.30",
          sha256="5821a7933f075fb47563417c0e92e0b7c031158b4c9a6a7e56163479b658b368",
          packages=("dotmap",), pytest_args=("dotmap/test.py",),
          note="its tests are dotmap/test.py (unittest), named explicitly; as a test module, it is not converted"),
    # Added in stop 79 (a second batch).
    Suite(name="python-box", kind="pytest", dist="python-box", version="8.0.0",
          sha256="13b103ba7a4a1f2f6bcf8ee7eb2580ddebdc73ab728850965f578fc4b9e890bf",
          packages=("box",),
          pytest_args=("test", "--ignore=test/test_box.py", "--ignore=test/test_box_list.py",
                       "--ignore=test/test_converters.py", "--ignore=test/test_sbox.py"),
          needs=(Sdist("pyyaml", "6.0.4", "e24bf71af8a432d7808fabff134d38dfe16d3cbb41f2873bb4b1e42422de0a1a",
                       src="lib"),
                 Sdist("toml", "0.10.2", "b3bda1d108d5dd99f4a20d24d9c348e91c4db7ab1b749200bded2f839ccbe68f"),
                 Sdist("msgpack", "1.2.4", "475c44e12f2a5de766a8448783f149c9b33f3f49b88953c6cd739a77d93c732c")),
          note="test/test_box.py, test_box_list.py, test_converters.py and test_sbox.py import ruamel.yaml, whose "
               "sdist unpacks flat (no ruamel/yaml/ to import): not run; PyYAML, toml and msgpack are not "
               "installed: their sdists are on its path (PyYAML's and msgpack's pure-Python halves); 4 tests fail "
               "unconverted too (they want ruamel.yaml's tags, tomli-w or toon_format), and test_comments.py skips "
               "(ruamel.yaml)"),
    # Added in stop 79 (a second batch).
    Suite(name="pluggy", kind="pytest", dist="pluggy", version="1.7.0",
          sha256="d1eaa46ebb595891b860ab086b4d09c8588af65ebd4361b8e8f4bb8920b90ba8",
          packages=("pluggy",), src="src",
          pytest_args=("testing", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="pytest itself runs on this pluggy (1.7.0, as the venv's): the sdist's src is first on the path, so "
               "pytest imports pluggy from it, and the converted runs convert it in place before the tests start, "
               "so pytest's own hook calls run converted code too; its tox.ini makes every warning an error: "
               "pytest's about hypothesis imported before pytest (by the runner) is ignored"),
    # Added in stop 79 (a second batch).
    Suite(name="python-constraint2", kind="pytest", dist="python-constraint2", version="2.9.0",
          sha256="f8c349fb5a6a6aed60ccc72c01d2208a3ffff1e60ade54eb91b6ab93260f8c79",
          packages=("constraint",),
          pytest_args=("tests", "--ignore=tests/test_constraint.py", "--ignore=tests/test_examples.py",
                       "-o", "addopts="),
          note="the unpacked sdist compiles none of its Cython modules: the pure-Python ones are tested (and "
               "test_util_benchmark.py skips); tests/test_constraint.py and test_examples.py import examples/, not "
               "in the sdist: not run; its pyproject.toml's addopts ask for pytest-cov (not installed): dropped; "
               "test_if_compiled (nothing compiled) and test_versioning (pep440, not installed) fail unconverted "
               "too"),
    # Added in stop 80: seven pure-Python libraries new here. BibTeX (pybtex: a hand-written scanner and parsers of .bib
    # and .bst files, a stack machine that interprets BibTeX styles, name parsing, rich text and its renderers to LaTeX,
    # HTML, Markdown and plain text, and its modules' doctests), a left-right parser built from combinators (pyleri:
    # choice, sequence, repeat, prio, regex and keyword elements, the node tree and the expecting sets of a failed
    # parse), discrete-event simulation (simpy: an event queue, processes written as generators, conditions, interrupts,
    # resources, containers and stores), a web framework in one module (bottle: routing by rules and filters, request
    # and response objects over WSGI environs, multipart forms, its SimpleTemplate engine, signed cookies, plugins), an
    # iterative JSON parser (ijson: the pure-Python lexer and parser, prefixes and items, its generator, coroutine and
    # async interfaces), ESRI shapefiles (pyshp: binary .shp, .shx and .dbf readers and writers, record and shape types,
    # zipped shapefiles; hypothesis round trips) and GeoJSON objects (geojson: geometry classes, validation, coordinate
    # utilities). 0 / 0 broken (simpy's 0 / 1 until the fix its note names); 2 to 12 s for the three runs but pyshp's 60
    # s. Tried and not added: pybtex 0.26.1 (see pybtex's note), aenum 3.1.15 and 3.1.17 (aenum/test.py imports
    # aenum.test_v37, not in their sdists), textx 4.4.0, assertpy 1.1, chevron 0.14.0, exrex 0.12.0, tinytag 2.3.2,
    # expiringdict 1.2.2 and python-statemachine 2.1.2 (their sdists ship no tests), python-statemachine 3.2.2 (its
    # addopts ask for pytest-benchmark, pytest-asyncio, pytest-mock and pytest-django, none installed), defusedxml 0.7.1
    # (22 of its 91 tests need lxml, not installed: they fail unconverted too); deepmerge 4.0.0 (45 tests, little
    # control flow) was run unconverted only.
    Suite(name="pybtex", kind="pytest", dist="pybtex", version="0.25.1",
          sha256="9eaf90267c7e83e225af89fea65c370afbf65f458220d3946a9e3049e1eca491",
          packages=("pybtex",), pytest_args=("pybtex", "tests"),
          needs=(Sdist("latexcodec", "3.0.1", "e78a6911cd72f9dec35031c6ec23584de6842bfbc4610a9678868d14cdfb0357"),
                 Sdist("pyyaml", "6.0.4", "e24bf71af8a432d7808fabff134d38dfe16d3cbb41f2873bb4b1e42422de0a1a",
                       src="lib")),
          note="0.25.1: 0.26.1 reads its version from its installed metadata at import (none: the sdist is not "
               "installed); latexcodec and PyYAML are not installed: their sdists are on its path (PyYAML's "
               "pure-Python half)"),
    Suite(name="pyleri", kind="pytest", dist="pyleri", version="1.5.1",
          sha256="998d5b0cc453940e1753fc1acf83912568786e6dc6fe45f3c25a6f4ea72a3826",
          packages=("pyleri",),
          pytest_args=("test", "--ignore=test/test_compile.py", "--ignore=test/test_json_lang.py"),
          note="test/test_compile.py and test_json_lang.py import examples/, not in the sdist: not run"),
    Suite(name="simpy", kind="pytest", dist="simpy", version="4.1.2",
          sha256="76ef36b71e0436ba94e55febc001c78879e493a323f045bbcfbb0b216e9b1fbc",
          packages=("simpy",), src="src", pytest_args=("tests",),
          note="its pyproject.toml deselects the benchmark tests (-m 'not benchmark'); tests/test_rt.py's tests "
               "measure the wall clock to 20 ms (test_rt_multiple_call failed unconverted once, on a machine busy "
               "with another run). test_exception_chaining broke in the converted form until stop 80: "
               "Process._resume catches a generator's exception raised inside its `if event._ok:` block and drops "
               "its own entry (e.__traceback__ = e.__traceback__.tb_next), which left the block's entry (events.py, "
               "_resume) at the head of the traceback the test matches; converted except clauses fold those now"),
    Suite(name="bottle", kind="pytest", dist="bottle", version="0.13.4",
          sha256="787e78327e12b227938de02248333d788cfe45987edca735f8f88e03472c3f47",
          packages=("bottle",), pytest_args=("test",)),
    Suite(name="ijson", kind="pytest", dist="ijson", version="3.6.0",
          sha256="ec8f9265524e724905ecf00bdd061c374baaa8d5045ef50425695fb06efb45f5",
          packages=("ijson",), src="src", pytest_args=("tests",),
          note="the unpacked sdist builds no yajl2_c extension and yajl is not installed: the pure-Python backend "
               "is the one tested (the yajl backends' tests skip)"),
    Suite(name="pyshp", kind="pytest", dist="pyshp", version="3.1.6",
          sha256="4c4b5a4138815c93defd6ebe50bae885b7e58984f431cdb7bb5d00718ac71daf",
          packages=("shapefile",), src="src", pytest_args=("tests", "-m", "not network"),
          note="its 2 tests marked network (shapefiles read from URLs) are deselected"),
    Suite(name="geojson", kind="pytest", dist="geojson", version="3.3.0",
          sha256="92e83b9cb378a450b42f1207bb9b2a031f9fc89185f335153c44369b8b8b71fd",
          packages=("geojson",), pytest_args=("tests",)),
    # Added in stop 81: eight pure-Python libraries new here, none with a dependency the venv lacks but for a test
    # helper (freezegun, pytz: pinned sdists on their path, not converted). Chess (python-chess: bitboard move
    # generation, legality and check detection, SAN and FEN parsing and writing, PGN reading with its visitors,
    # variants, Polyglot opening books, Syzygy and Gaviota probing, the UCI and XBoard engine protocols, SVG), MIDI
    # (mido: messages parsed from and encoded to bytes, a byte-stream parser, MIDI files and their tracks and tempo
    # arithmetic, sysex and meta messages), page templates (Chameleon: a lexer and parser of XML / HTML templates, TAL,
    # METAL and i18n attributes, expression compilers, a code generator over ast; the template code it generates and
    # exec's is not converted), cron expressions (cronsim: field parsing, next and previous matches across DST, and
    # English explanations), the sun and the moon (astral: dawn, sunrise, noon, sunset, dusk, golden and blue hours,
    # elevation and azimuth, moon phases and rise and set times, a geocoder of its city database), Mustache templates
    # (pystache: a parser, a render engine over context stacks, partials, loaders and locators), Python literals
    # as a serialization format (serpent: a serializer dispatching on types, with ast.literal_eval for the way back) and
    # XML / text templates and markup streams (genshi: an XPath subset, stream filters and transforms, HTML sanitizing
    # and form filling, i18n extraction, its markup and text template engines; its stream functions are generators, so
    # not converted). 0 / 0 broken over three runs; 2 to 19 s for the three runs (the converted form took 3.1 to 3.5
    # times as long as unconverted for chess, 2.3 to 2.5 for mido, 1.6 to 2.1 for cronsim and genshi, 1.1 to 1.7 for
    # the others; as written 0.9 to 1.3 times). Run the same way and not added, 0 / 0 broken: jsondiff 2.2.1 (26 tests,
    # 58 functions, PyYAML's sdist on its path: jsondiff imports yaml; 32 s for its three runs, its hypothesis tests).
    # Not added either: TatSu 5.15.1 and esprima 4.0.1 (their sdists ship no tests).
    Suite(name="chess", kind="pytest", dist="chess", version="1.11.2",
          sha256="a8b43e5678fdb3000695bdaa573117ad683761e5ca38e591c4826eba6d25bb39",
          packages=("chess",), pytest_args=("test.py",),
          note="its tests are test.py, at the sdist's root (run from there: it opens data/ by relative path); 22 skip "
               "in every run: its engine tests need Stockfish, Fairy-Stockfish or Crafty, its native Gaviota tests "
               "libgtb, and some Syzygy and Gaviota tests table files the sdist does not ship (none here); the "
               "dataclass-made methods of Move, Piece, Outcome, engine.Limit, Option, Wdl and others have no source: "
               "not converted"),
    Suite(name="mido", kind="pytest", dist="mido", version="1.3.3",
          sha256="1aecb30b7f282404f17e43768cbf74a6a31bf22b3b783bdd117a1ce9d22cb74c",
          packages=("mido",), pytest_args=("tests",),
          note="its port backends (amidi, portmidi, pygame, rtmidi, rtmidi_python) need libraries not installed: "
               "not imported, so not converted; mido/version.py falls back to 0.0.0.dev0 without the installed "
               "distribution's metadata"),
    Suite(name="chameleon", kind="pytest", dist="Chameleon", version="4.6.0",
          sha256="910cd729f6f7f38adad132ee51faa4f3ccc8344a6721aac31aa51a31f5781c1b",
          packages=("chameleon",), src="src", pytest_args=("src/chameleon/tests",),
          note="its tests are in the package (src/chameleon/tests): not converted; utils.ImportableMarker's "
               "__name__ property converts, but setattr(cls, '__name__', ...) sets the class's own name, not that "
               "entry of its __dict__: the runner leaves it as it is"),
    Suite(name="cronsim", kind="pytest", dist="cronsim", version="2.6",
          sha256="5aab98716ef90ab5ac6be294b2c3965dbf76dc869f048846a0af74ebb506c10d",
          packages=("cronsim",), pytest_args=("tests",),
          note="the dataclass-made methods of explain.Sequence have no source: not converted"),
    Suite(name="astral", kind="pytest", dist="astral", version="3.2",
          sha256="9b7c3b412e9e69d172cfb24be0e6addcc9f1bd01a28db8bebe66d75ccc533d88",
          packages=("astral",), src="src", pytest_args=("src/test",),
          needs=(Sdist("freezegun", "1.5.5", "ac7742a6cc6c25a2c35e9292dfd554b897b517d2dec26891a2e8debf205cb94a"),),
          note="six of its test modules import freezegun (not installed; over the venv's python-dateutil): its sdist "
               "is on its path; the dataclass-made methods of LocationInfo, Observer, AstralBodyPosition and "
               "moon's TransitEvent and NoTransit have no source: not converted"),
    Suite(name="pystache", kind="pytest", dist="pystache", version="0.6.8",
          sha256="3707518e6a4d26dd189b07c10c669b1fc17df72684617c327bd3550e7075c72c",
          packages=("pystache",), pytest_args=("pystache/tests",),
          note="its tests are pystache/tests (its pyproject.toml's testpaths), in the package: not converted"),
    Suite(name="serpent", kind="pytest", dist="serpent", version="1.43",
          sha256="62dc242fd4ea2a50339f4f5aaaf6ecc55605ee74770d7eb2031e760d90a0d114",
          packages=("serpent",), pytest_args=("tests",),
          needs=(Sdist("pytz", "2026.6", "3b0fc2727707663d6e517936f444fd8a8b240f1fc32f4bf7ee03274245945284"),),
          note="test_timezone imports pytz (not installed): its sdist (the pytz suite's) is on its path; TestSpeed's "
               "2 timing tests are marked skip"),
    Suite(name="genshi", kind="pytest", dist="genshi", version="0.7.12",
          sha256="4bca21a5a2515dabf985176be897a5b3b624626b4a9fcb648720b7c5fab71627",
          packages=("genshi",),
          pytest_args=("genshi", "--doctest-modules", "-o", "doctest_optionflags=NORMALIZE_WHITESPACE"),
          note="its tests are in the package (genshi/tests and its subpackages'): not converted; their suite() "
               "functions add the doctests of genshi's modules, which pytest does not call: collected by "
               "--doctest-modules, with NORMALIZE_WHITESPACE, as test_transform.py's suite() asks for "
               "genshi.filters.transform's (15 of them fail without it); the unpacked sdist builds no _speedups: "
               "genshi.core's pure-Python Markup runs; 62 functions are generators (its streams and filters): not "
               "converted"),
    # Added in stop 82: eight pure-Python libraries new here, with PyYAML, pathspec, toml and PyJWT (their suites'
    # sdists) on the path of those that import them, not converted. Wikitext (mwparserfromhell: its pure-Python
    # tokenizer, a recursive descent over MediaWiki markup with its own depth guard and backtracking routes, the token
    # builder, the node tree and Wikicode's filters and edits), NMEA 0183 GPS sentences (pynmea2: checksums, a
    # sentence-type registry by talker and proprietary manufacturer, field parsing to dates, times and coordinates, a
    # stream reader), GPX tracks (gpxpy: an XML parser and serializer driven by field descriptions, geodesic distances,
    # speeds, elevation smoothing, splitting, merging and reduction of points), OAuth 1 and 2 (oauthlib: request
    # signing, signature verification, the endpoints and grant types of RFC 5849, 6749 and 8628, OpenID Connect), a
    # YAML linter (yamllint: its configuration's extends and rule options, 23 rules over PyYAML's tokens, comments and
    # lines, directives), a config-file-aware argparse (configargparse: config files, environment variables and the
    # command line merged into one namespace; its tests run CPython's test_argparse against its parser), CRCs and
    # checksums (crccheck: a catalogue of parametrised CRC algorithms, bit reflection, 8- to 64-bit checksums) and a
    # text parser built from a tokenizer and grammar combinators (textparser). 0 / 0 broken but for mwparserfromhell
    # (0 / 2, a class docs/limitations.md names: see its note); 1.4 to 11 s for the three runs but yamllint's 50 s (the
    # converted form took 10 times as long as unconverted for yamllint, see its note, 4.4 for gpxpy, 1.7 to 2.0 for
    # mwparserfromhell, oauthlib and crccheck, 0.9 to 1.3 for the others; as written 0.9 to 1.5 times). Inside a graph
    # trace and a JAX trace (--trace) the same, but oauthlib's 182 (see its note). Run the same way and not added, 0 /
    # 0 broken: utm 0.9.0 (165 tests, 12 functions). Not added either: jdatetime 6.1.1 and 5.2.0 (their sdists leave
    # out tests/__init__.py, whose load_pickle and TehranTime its test modules import: none collected), holidays
    # 0.109, mingus 0.6.1 and markdownify 1.2.3 (their sdists ship no tests), pathvalidate 3.3.1 (its tests need
    # faker, allpairspy, click and tcolorpy, none installed).
    Suite(name="mwparserfromhell", kind="pytest", dist="mwparserfromhell", version="0.7.2",
          sha256="f4193072e9ea93b9e88f772f60a02125c0602d32890d0bbdcb275ed58c8b3763",
          packages=("mwparserfromhell",), src="src",
          pytest_args=("tests", "--deselect", "tests/test_docs.py::test_readme_5"),
          note="the unpacked sdist builds no _tokenizer extension: the pure-Python Tokenizer is the one tested (the "
               "CTokenizer test skips); test_docs.py's test_readme_5 reads en.wikipedia.org: deselected. 2 tests "
               "break in the converted form, a class docs/limitations.md names: test_tokenizer's "
               "integration:nested_templates_and_style_tags and tables:incomplete_nested_open_and_row (PyTokenizer) "
               "nest near the Tokenizer's own MAX_DEPTH (100 of its levels), and its recursion through _parse's "
               "while loop and if chain costs the loop body's and the if block's frames too: RecursionError "
               "before its own guard fires (in a graph trace and a JAX trace too)"),
    Suite(name="pynmea2", kind="pytest", dist="pynmea2", version="1.19.0",
          sha256="1daa79b93279f887d1c235e5cc5c79e32644564138ce46989ab0f4a2fc970d7c",
          packages=("pynmea2",), pytest_args=("test",)),
    Suite(name="gpxpy", kind="pytest", dist="gpxpy", version="1.6.2",
          sha256="a72c484b97ec42b80834353b029cc8ee1b79f0ffca1179b2210bb3baf26c01ae",
          packages=("gpxpy",), pytest_args=("test.py",),
          note="its tests are test.py, at the sdist's root (run from there: it opens test_files/ by relative path); "
               "its lxml parser's test skips (lxml not installed)"),
    Suite(name="oauthlib", kind="pytest", dist="oauthlib", version="4.0.1",
          sha256="3d73febdb6faa00f277c81fb04be7b7586fb96fc3b7f0b9c772dada69a25ede7",
          packages=("oauthlib",), pytest_args=("tests",),
          needs=(Sdist("pyjwt", "2.15.1", "4f259e80cdfb6b3fc18a7de51fd1ef9ec79652f25019bae68975ca2468a34df8"),),
          note="its tests import jwt (PyJWT, not installed): its sdist (the pyjwt suite's) is on its path; its 22 "
               "tests of RSA signatures need cryptography (not installed): they fail unconverted too. Inside a graph "
               "trace or a JAX trace (--trace) 182 tests break, a refusal docs/graphs.md names: common.generate_token "
               "draws SystemRandom().choice and generate_nonce secrets.randbits (NotStageable); 0 / 0 without one"),
    Suite(name="yamllint", kind="pytest", dist="yamllint", version="1.38.0",
          sha256="09e5f29531daab93366bb061e76019d5e91691ef0a40328f04c927387d1d364d",
          packages=("yamllint",), pytest_args=("tests",),
          needs=(Sdist("pyyaml", "6.0.4", "e24bf71af8a432d7808fabff134d38dfe16d3cbb41f2873bb4b1e42422de0a1a",
                       src="lib"),
                 Sdist("pathspec", "1.1.1", "17db5ecd524104a120e173814c90367a96a98d07c45b2e10c2f3919fff91bf5a")),
          note="PyYAML and pathspec are not installed: their sdists are on its path (PyYAML's pure-Python half); 3 "
               "tests skip (the en_US.UTF-8 locale is not available); 33 functions are generators (its rules' check "
               "functions): not converted. Its converted form takes 10 to 12 times as long as unconverted: each test "
               "builds a YamlLintConfig, whose yaml.safe_load (PyYAML's pure-Python loader, reached through ag__.call "
               "from converted code, converted on its first call) runs its converted form"),
    Suite(name="configargparse", kind="pytest", dist="configargparse", version="1.9.0",
          sha256="48d9c22affe4ac419b4dd0691fa929d759e1f99574be41826785f2dbf3da63a5",
          packages=("configargparse",), pytest_args=("tests",),
          needs=(Sdist("pyyaml", "6.0.4", "e24bf71af8a432d7808fabff134d38dfe16d3cbb41f2873bb4b1e42422de0a1a",
                       src="lib"),
                 Sdist("toml", "0.10.2", "b3bda1d108d5dd99f4a20d24d9c348e91c4db7ab1b749200bded2f839ccbe68f")),
          note="tests/test_configargparse.py exec's the source of CPython's test.test_argparse with argparse's "
               "ArgumentParser replaced by configargparse's (most of its tests); PyYAML and toml are not installed: "
               "their sdists are on its path (its YAML and TOML config-file tests); 53 of test_argparse's tests skip "
               "when run as root (incompatible with CAP_DAC_OVERRIDE)"),
    Suite(name="crccheck", kind="pytest", dist="crccheck", version="1.3.1",
          sha256="1544c0110bf0a697d875d4f29dc40d7079f9d4d402a9317383f55f90ca72563a",
          packages=("crccheck",), pytest_args=("tests",),
          note="its tests loop over its catalogue of CRC and checksum classes in subTests"),
    Suite(name="textparser", kind="pytest", dist="textparser", version="0.26.2",
          sha256="859825876a9c38f7c313ee1cf991a59d6b56232a9f67be6dcc0a758d84654fba",
          packages=("textparser",), pytest_args=("tests",),
          note="the dataclass-made methods of Token have no source: not converted"),
    # Added in stop 83: eight pure-Python libraries new here, with tinycss2, webencodings, beautifulsoup4 (their suites'
    # sdists) and pytest-mock on the path of those that import them, not converted. A persistent hash array mapped trie
    # (immutables: the pure-Python Map, its bitmap, array and collision nodes, mutations and their in-place counts),
    # Python bytecode (bytecode: abstract, concrete and control-flow-graph forms of code objects, jump resolution,
    # stack-depth computation, exception tables of 3.11), CSS selectors over ElementTree (cssselect2: a selector parser
    # over tinycss2's tokens, a compiler to Python source, its matcher; the W3C selector tests) and over Beautiful Soup
    # (soupsieve: a CSS level 1 to 4 parser, a matcher of pseudo-classes, namespaces, :has and :nth-*), telephone
    # numbers (phonenumbers: Google's libphonenumber, parsing, formatting, validation, an as-you-type formatter and a
    # matcher in text), full-text search (lunr: a tokenizer, the Porter stemmer, token sets as automata, a query lexer
    # and parser, vectors and scoring), a restricted Python compiler (RestrictedPython: an ast.NodeTransformer that
    # rewrites or refuses each construct, its guards and print collector) and a Python minifier (python-minifier: name
    # binding and renaming, constant folding, dead-branch removal and other transforms over ast, and its printer).
    # 2,768 tests pass unconverted; 0 / 0 broken but for python-minifier (0 / 2, a class docs/limitations.md names:
    # see its note), and the same inside a graph trace and a JAX trace (--trace). 5 to 108 s for the three runs
    # (soupsieve the slowest); the converted form took 5 to 7 times as long as unconverted for immutables and bytecode,
    # 3 to 5 for phonenumbers and soupsieve, 0.9 to 1.9 for the others; as written 0.9 to 1.8 times. Run the same way
    # and not added, 0 / 0 broken on every path: multipart 2.0.1 (134 tests; its parser, PushMultipartParser.parse,
    # is a generator, so not converted). Not added either: node-semver 0.9.1, python-liquid 2.3.6, mdformat 1.0.0,
    # XlsxWriter 3.3.1 and airspeed 0.7.1 (their sdists ship no tests), peewee 4.5.3 (its sdist ships
    # tests/test_utils.py alone), html5lib 1.1 and vobject 0.9.9 (pip cannot build their sdists' metadata here:
    # html5lib's setup.py imports pkg_resources, vobject's reads vobject.VERSION), rarfile 4.5 (56 of its 148 tests
    # fail unconverted: they need unrar, unar, 7z or bsdtar, none installed), olefile 0.47 (its sdist is a .zip, which
    # fetch() does not look for) and langdetect 1.0.9 (its tests import six; not pursued).
    Suite(name="immutables", kind="pytest", dist="immutables", version="0.21",
          sha256="b55ffaf0449790242feb4c56ab799ea7af92801a0a43f9e2f4f8af2ab24dfc4a",
          packages=("immutables",), pytest_args=("tests", "--noconftest", "--ignore=tests/test_mypy.py"),
          note="its tests/conftest.py only imports mypy's test plugin (mypy is not installed) for test_mypy.py's "
               "type-checking cases: run with --noconftest, test_mypy.py not run; the unpacked sdist builds no _map "
               "extension: immutables.map's pure-Python Map is the one tested (the 80 tests of the C Map skip)"),
    Suite(name="bytecode", kind="pytest", dist="bytecode", version="0.19.1",
          sha256="f59a6a51a980037f64196448504d12fb04937ae8dcb980943265e799af2943ae",
          packages=("bytecode",), src="src", pytest_args=("tests",),
          note="the dataclass-made methods of instr.InstrLocation and cfg._StackSizeComputationStorage have no "
               "source: not converted"),
    Suite(name="cssselect2", kind="pytest", dist="cssselect2", version="0.10.1",
          sha256="83b0d820ef589dabaf693289b647c2f5b410f76d285f56deba911ffa75a7b9d1",
          packages=("cssselect2",), pytest_args=("tests",),
          needs=(Sdist("tinycss2", "1.5.1", "d339d2b616ba90ccce58da8495a78f46e55d4d25f9fd71dfd526f07e7d53f957"),
                 Sdist("webencodings", "0.6.1", "565f9ad031c702dae404e27a099e3e09186a3ab1b9520f06d215502b651fd910")),
          note="tinycss2 and webencodings are not installed: their sdists (the tinycss2 suite's and its need) are on "
               "its path; 9 tests are marked xfail; the matchers it compiles (eval of a lambda built from source "
               "text) are not converted"),
    Suite(name="soupsieve", kind="pytest", dist="soupsieve", version="4.1.4",
          sha256="9f12cb9fabef3bbde8eea07539412512960fe2320d67834b3c5be71d9aea522f",
          packages=("soupsieve",), pytest_args=("tests",),
          needs=(Sdist("beautifulsoup4", "4.15.0",
                       "288e3ca7d54b06f2ac191970bc275c1939cb46d450b255bf6718b04aa37ab4f7"),),
          note="beautifulsoup4 is not installed: its sdist (the beautifulsoup4 suite's) is on its path; 158 tests "
               "skip (lxml and html5lib, bs4's other parsers, not installed); the dataclass-made methods of "
               "css_parser.CSSPattern have no source: not converted; css_types.Immutable's __base__ classmethod "
               "converts, but setattr(cls, '__base__', ...) puts no entry in the class's __dict__ (type's own "
               "__base__ is read-only): the runner leaves it as it is"),
    Suite(name="phonenumbers", kind="pytest", dist="phonenumbers", version="9.0.43",
          sha256="d4e508ab800c3e5ce219b14be339deb3d55a0ab81af82fea44749fcabd01e908",
          packages=tuple(f"phonenumbers.{m}" for m in (
              "phonenumberutil", "asyoutypeformatter", "phonenumbermatcher", "shortnumberinfo", "phonemetadata",
              "phonenumber", "geocoder", "carrier", "timezone", "prefix", "util", "re_util", "unicode_util")),
          pytest_args=("testwrapper.py",),
          note="its tests are testwrapper.py (its pyproject.toml's testpaths), which imports the sdist's tests "
               "package and runs the doctests of seven modules; its 13 modules of code are named one by one: its "
               "data packages (data, shortdata, geodata, carrierdata, tzdata: 580 modules of metadata tables, "
               "loaded lazily; data's and shortdata's _load_region too) are not converted. With the whole package "
               "named, the converted run had not reached its first test after 8 minutes: runner.py's rebind, after "
               "each converted module's import, walks the tables of every module converted before it"),
    Suite(name="lunr", kind="pytest", dist="lunr", version="0.8.0",
          sha256="b46cf5059578d277a14bfc901bb3d5666d013bf73c035331ac0222fdac358228",
          packages=("lunr",), pytest_args=("tests", "--ignore=tests/acceptance_tests"),
          note="tests/acceptance_tests compare its results with lunr.js's, run by node, whose npm packages are not "
               "installed: not run (they fail unconverted); test_language_support.py's 7 tests need nltk (not "
               "installed): they fail unconverted too"),
    Suite(name="restrictedpython", kind="pytest", dist="restrictedpython", version="9.0",
          sha256="9e809cc073b9398f41084f1b801cf9a8c2a126feb0003b6af52fedeb2a3408e1",
          packages=("RestrictedPython",), src="src", pytest_args=("tests", "-p", "pytest_mock"),
          needs=(Sdist("pytest-mock", "3.17.0", "e36576e0985e01027e999891e7a966c67822d40c89ef1b4c8b6e22737e3590b4",
                       src="src"),),
          note="37 of its tests use pytest-mock's mocker fixture (not installed): its sdist is on its path and its "
               "plugin is loaded by -p; 10 tests skip (t-strings, lazy imports and comprehension unpacking of Python "
               "3.14 and 3.15, a warning given only off CPython)"),
    Suite(name="python-minifier", kind="pytest", dist="python_minifier", version="3.4.0",
          sha256="ead3a340c31efee62851ba33cfd998b16816132be794adf3d192ce0bdf5fbca7",
          packages=("python_minifier",), src="src", pytest_args=("test",),
          note="253 tests skip (syntax of other Python versions). 2 tests break in the converted form (in a graph "
               "trace and a JAX trace too), a class docs/limitations.md names: test_remove_dead_branches's "
               "test_deep_elif_chain and test_deep_constant_elif_chain transform a 150-level elif chain, the first "
               "with a budget of 700 frames above its own depth, the second under the default recursion limit. "
               "RemoveDeadBranches recurses through visit, visit_If, suite and remove_false_branches (4 frames a "
               "level unconverted), and remove_false_branches' for loop and its `if ...: continue` blocks are "
               "closures in the converted form (8 frames a level: 1,222 for the chain against 616); "
               "get_namespace_properties' explore_namespace walks the dead chain through its loops and ifs "
               "(4 frames an AST level against 1): RecursionError"),
    # Eight more pure-Python libraries new here, with MarkupSafe (the markupsafe suite's sdist), pytest-describe and
    # pytest-asyncio on the path of those that import them, not converted. GraphQL (graphql-core 3.2.6: pip could not
    # build the build backend of the newest sdist, 3.3.2's uv_build, here, nor of pytest-describe 3.2.0's; a lexer and
    # recursive-descent parser, the schema's type system, 30 validation rules as AST visitors, the executor with its
    # sync and async paths, introspection, schema printing and building), web forms (WTForms: fields, widgets rendered
    # through MarkupSafe, validators, CSRF), Dockerfiles (dockerfile-parse: line continuations, instructions, ARG and
    # ENV substitution, multi-stage builds), typed loading and dumping of data into dataclasses, attrs classes,
    # NamedTuples, TypedDicts, enums, unions and literals (typedload: a dispatch table of handlers, recursive), a JSON
    # parser and encoder with strictness options (demjson3: a character-level decoder, number and string syntaxes of
    # JSON and JavaScript, its statistics), HTTP/2 stream priorities (priority: a tree of streams with weights and
    # dependencies, a round-robin scheduler by virtual finishing time; hypothesis tests), numbers written in words
    # (number-parser: CLDR-derived tables of 80-odd languages, a tokenizer and an accumulator of scales, ordinals and
    # decimals) and Chinese characters to pinyin (pypinyin: phrase segmentation, tone styles and their conversion,
    # heteronyms). 5,661 tests pass unconverted; 0 / 0 broken with no trace. Inside a graph trace and a JAX trace
    # (--trace graph, --trace jax) 3 break, in the class docs/graphs.md names ("The clock": a read of os.urandom or
    # uuid.uuid4 in converted code is refused while a backend traces): wtforms 2 and typedload 1 (see their notes). 8 to
    # 72 s for the three runs but pypinyin's 212 s (see its note); the converted form took 3.1 times as long as
    # unconverted for graphql-core, 2.2 to 2.6 for demjson3 and priority, 1.1 to 1.9 for the others but pypinyin; as
    # written 0.85 to 1.33 times. Not added: jpholiday 1.0.3 and pyspellchecker 0.9.1 (their sdists ship no tests),
    # texsoup 0.3.3 (its sdist lacks tests/config.py: 2 of its 4 test modules fail to collect), imapclient 4.1.0 (its
    # sdist lacks tests/__init__.py and imapclient_test.py: 9 modules fail to collect), python-mimeparse 2.0.0 (4
    # tests), dnslib 0.9.26 (37 doctests: its test_decode.py makes its tests only when run as a script). Run unconverted
    # only, not yet converted: price-parser 0.5.1 (1,059 tests) and ansi2html 1.9.5 (39 tests; 2 more run its ansi2html
    # command, not installed).
    Suite(name="graphql-core", kind="pytest", dist="graphql-core", version="3.2.6",
          sha256="c08eec22f9e40f0bd61d805907e3b3b1b9a320bc606e23dc145eebca07c8fbab",
          packages=("graphql",), src="src", pytest_args=("tests", "--ignore=tests/benchmarks", "-o", "addopts="),
          needs=(Sdist("pytest-describe", "2.2.0", "39bb05eb90f2497d9ca342ef9a0b7fa5bada7e58505aec33f66d661d631955b7"),
                 Sdist("pytest-asyncio", "1.5.0", "92c8fa83ca419fd0d4bd6a34df6520dae435841d3733c319343249492adf37f7")),
          note="its tests are pytest-describe's describe_* functions, and its async tests need pytest-asyncio "
               "(asyncio_mode = auto in its setup.cfg): neither is installed, their sdists are on its path and "
               "their plugins load from their egg-info's entry points (pytest-describe 2.2.0 asks for pytest < 9, "
               "and runs under the venv's 9.2); its setup.cfg's addopts (--benchmark-disable, "
               "for pytest-benchmark, not installed) are cleared by -o addopts=, and tests/benchmarks is not run"),
    Suite(name="wtforms", kind="pytest", dist="wtforms", version="3.3.2",
          sha256="49bb51d10b7832d497e758736da4d56f7d129a015db24756f36f28992f175404",
          packages=("wtforms",), src="src",
          pytest_args=("tests", "--ignore=tests/validators/test_email.py",
                       "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          needs=(Sdist("markupsafe", "3.0.4", "2e9ad7dd851bf45fab9f75cbff4cb493fee9979e8d8c7c9c3ee119022518edd6",
                       src="src"),),
          note="MarkupSafe is not installed: its sdist (the markupsafe suite's) is on its path; its pyproject.toml "
               "makes every warning an error: pytest's about hypothesis imported before pytest (by the runner) is "
               "ignored; "
               "tests/validators/test_email.py imports email_validator (not installed): not run; "
               "test_locale_babel.py's 3 tests need babel (not installed): they fail unconverted too; the "
               "dataclass-made methods of datalist.DataListChoice and choices.SelectChoice have no source: not "
               "converted. 2 tests break inside a graph trace and a JAX trace (--trace), a class docs/graphs.md names "
               "(\"The clock\"): tests/test_csrf.py's test_session_csrf_no_time_limit and "
               "test_session_csrf_with_time_limit, whose SessionCSRF.generate_csrf_token reads os.urandom(64) for a "
               "new session's secret: NotStageable in the converted form while a backend traces"),
    Suite(name="dockerfile-parse", kind="pytest", dist="dockerfile-parse", version="2.0.1",
          sha256="3184ccdc513221983e503ac00e1aa504a2aa8f84e5de673c46b0b6eee99ec7bc",
          packages=("dockerfile_parse",), pytest_args=("tests",),
          note="test_all_versions_match reads python-dockerfile-parse.spec, which the sdist lacks: it fails "
               "unconverted too"),
    Suite(name="typedload", kind="pytest", dist="typedload", version="2.41",
          sha256="85ed3911b465781acc4ea2d124e2fc0a99148566a2db5d6e906b210b69782267",
          packages=("typedload",), pytest_args=("tests", "--ignore=tests/test_typealias.py"),
          note="tests/test_typealias.py uses the type statement of Python 3.12 (a SyntaxError here): not run. 1 test "
               "breaks inside a graph trace and a JAX trace (--trace), a class docs/graphs.md names (\"The clock\"): "
               "tests/test_attrload.py's test_uuid loads into an attrs class of its own whose __attrs_post_init__ "
               "calls uuid.uuid4(); the converted loader's call of the class converts the __init__ attrs made (attrs "
               "puts its source in linecache) and, from it, __attrs_post_init__, whose uuid.uuid4() is then refused "
               "(NotStageable) while a backend traces. A dataclass's __post_init__ is not reached so: its __init__ "
               "has no source"),
    Suite(name="demjson3", kind="pytest", dist="demjson3", version="3.0.6",
          sha256="37c83b0c6eb08d25defc88df0a2a4875d58a7809a9650bd6eee7afd8053cdbac",
          packages=("demjson3",), pytest_args=("test",),
          note="one module, demjson3.py (jsonlint.py beside it is its command line, not converted)"),
    Suite(name="priority", kind="pytest", dist="priority", version="2.0.0",
          sha256="c965d54f1b8d0d0b19479db3924c7c36cf672dbf2aec92d43fbdaf4492ba18c0",
          packages=("priority",), src="src", pytest_args=("test",)),
    Suite(name="number-parser", kind="pytest", dist="number-parser", version="0.3.2",
          sha256="7650e91afd46dec2f40396f62c2babc84645679a1ca8ecdb5292bdd252685d6a",
          packages=("number_parser",), pytest_args=("tests",)),
    Suite(name="pypinyin", kind="pytest", dist="pypinyin", version="0.55.0",
          sha256="b5711b3a0c6f76e67408ec6b2e3c4987a3a806b7c528076e7c7b86fcf0eaa66b",
          packages=("pypinyin",), pytest_args=("tests",),
          note="tests/test_cmd.py's 10 tests fail unconverted too (they read stdin, which pytest captures); "
               "pypinyin.__pyinstaller's hook imports PyInstaller (not installed): not converted. tests/test_env.py's "
               "test_env and test_no_copy drop every pypinyin module from sys.modules and import them again, which "
               "the runner's import hook converts again inside the tests' clock (about 47 s of the converted runs' "
               "60 to 80 s, against 3.6 s unconverted for the whole suite)"),
    # Eight more pure-Python libraries new here, from domains no suite had drawn on: SVG documents (svgelements: a
    # path-data and transform parser, shapes, matrices, arc and Bezier lengths and points, colors, the SVG tree),
    # NURBS curves and surfaces (geomdl: knot vectors, de Boor evaluation, derivatives, knot insertion and removal,
    # fitting, tessellation, exchange formats), color science (coloraide: 80-odd color spaces, conversions through
    # chromatic adaptation, gamut mapping by ray tracing and MINDE, interpolation, Delta E distances, contrast,
    # harmonies), a poker engine (pokerkit: game states as a state machine of dealing, betting and showdown, hand
    # lookups and evaluators, hand histories and their notations), geometries with WKT parsing and the
    # __geo_interface__ (pygeoif), the Hijri calendar (hijridate: Umm al-Qura month tables, bisection), chords
    # (pychord: chord names parsed, transposed, analysed from notes) and file types by magic numbers (puremagic).
    # 12,326 tests pass unconverted; 0 / 0 broken with no trace. Inside a graph trace and a JAX trace (--trace graph,
    # --trace jax) 147 break, the same on both, all in classes docs/graphs.md names (Python's random module; "The
    # clock"): pokerkit 138, geomdl 5, coloraide 3 and hijridate 1 (see their notes). 7 to 27 s for the three runs
    # but pokerkit's 84, svgelements' 127 and coloraide's 177 (on a loaded machine); the converted form took 7.1 times
    # as long as unconverted for svgelements, 5.6 for coloraide, 3.1 for geomdl, 2.1 for pokerkit, 1.1 to 1.6 for the
    # others; as written 0.9 to 2.6 times. Not added: pyupgrade 3.22.0, add-trailing-comma 4.0.0, arabic-reshaper
    # 3.1.0, iapws 1.5.5, sexpdata 1.0.2, d20 1.1.2, httpagentparser 1.9.9, pycuber 0.2.2, treys 0.1.8 and pykalman
    # 0.11.2 (their sdists ship no tests), pyprobables 0.7.0 (its sdist ships tests/test_utilities.py alone), avro
    # 1.12.2 (its unittest cases take parameters in __init__, made by load_tests, which pytest does not call: 8
    # collection errors), seqfold, textile and jproperties (pip could not build their build dependencies here),
    # python-bidi 0.4.2 (6 tests) and pyrr 0.10.3 (its 25 test modules import multipledispatch, not installed). Run
    # unconverted only, not yet converted: csscompressor 0.9.5 (72 tests), filetype 1.2.0 (34 tests, without
    # tests/test_benchmark.py, which needs pytest-benchmark) and periodictable 1.7.1 (19 tests, over pyparsing).
    Suite(name="svgelements", kind="pytest", dist="svgelements", version="1.9.6",
          sha256="7c02ad6404cd3d1771fd50e40fbfc0550b0893933466f86a6eb815f3ba3f37f7",
          packages=("svgelements",),
          pytest_args=("test",
                       "--deselect", "test/test_arc_length.py::TestElementArcPoint::"
                                     "test_arc_point_implementations_match",
                       "--deselect", "test/test_arc_length.py::TestElementArcLength::test_arc_len_r0_lines",
                       "--deselect", "test/test_arc_length.py::TestElementArcLength::test_arc_len_random_lines",
                       "--deselect", "test/test_cubic_bezier.py::TestElementCubicBezierPoint::"
                                     "test_cubic_bezier_point_implementations_match",
                       "--deselect", "test/test_quadratic_bezier.py::TestElementQuadraticBezierPoint::"
                                     "test_quadratic_bezier_point_implementations_match"),
          note="test_image.py's test_image_preserveaspectratio and test_image_preserveaspectratio_default read the "
               "image's size through Pillow (not installed): they fail unconverted too; the 5 slowest tests (28 of "
               "the suite's 39 s unconverted, and most of its 395 s in the converted form: each compares the NumPy "
               "and the pure-Python ways of computing thousands of points or arc lengths) are deselected"),
    Suite(name="geomdl", kind="pytest", dist="geomdl", version="5.3.1",
          sha256="e81a31b4d5f111267b16045ba1d9539235a98b2cff5e4bad18f7ddcd4cb804c8",
          packages=("geomdl",), pytest_args=("tests", "--ignore=tests/test_visualization.py"),
          note="tests/test_visualization.py imports matplotlib (not installed): not run, and geomdl.visualization's "
               "modules (matplotlib, plotly, vtk) do not import: not converted. 5 tests break inside a graph trace and "
               "a JAX trace (--trace), a class docs/graphs.md names (Python's random module): test_surfgen.py's "
               "test_bumps1, test_bumps1_all_positive_heights, test_bumps2 and test_bumps5 (CPGen.Grid.bumps draws "
               "its bumps' places with random.randint) and test_utils.py's test_color_generator (random.seed)"),
    Suite(name="coloraide", kind="pytest", dist="coloraide", version="8.13.1",
          sha256="16e0341a6cd477bcd40e58e6af65cfb7a86614c215baa69132ae1847f6f2d34c",
          packages=("coloraide",), pytest_args=("tests",),
          note="tests/test_hsluv/test_snapshot.py reads a snapshot file the sdist lacks: it fails unconverted too. 3 "
               "tests break inside a graph trace and a JAX trace (--trace), a class docs/graphs.md names (Python's "
               "random module): test_api.py's TestMisc.test_random_limits, test_random_range and test_random_space, "
               "whose Color.random draws each channel with random.uniform"),
    Suite(name="pokerkit", kind="pytest", dist="pokerkit", version="0.7.7",
          sha256="5df50e9e500467f7335192debbfc4bfc038ab25f5ffdd3fbbdee1771b5814bdb",
          packages=("pokerkit",),
          pytest_args=("pokerkit/tests",
                       "--deselect", "pokerkit/tests/test_analysis.py::HandHistoryTestCase::test_calculate_equities",
                       "--deselect", "pokerkit/tests/test_lookups.py::StandardLookupTestCase::test_get_entry",
                       "--deselect", "pokerkit/tests/test_lookups.py::RegularLookupTestCase::test_get_entry",
                       "--deselect", "pokerkit/tests/test_lookups.py::Standard2LookupTestCase::test_get_entry",
                       "--deselect", "pokerkit/tests/test_lookups.py::EightOrBetterLookupTestCase::test_get_entry"),
          note="its tests are in the package (pokerkit/tests, not converted); the 5 slowest (130 of the suite's 150 s "
               "unconverted: a Monte Carlo equity calculation and 4 walks of every hand of a lookup) are deselected; "
               "the methods dataclasses made (163: __init__, __eq__, __hash__, ...) have no source: not converted. 138 "
               "tests break inside a graph trace and a JAX trace (--trace), a class docs/graphs.md names (Python's "
               "random module): State._setup shuffles the deck with random.shuffle for every state made (137), and "
               "test_scoops' calculate_equities samples with random.choices. Run ad hoc with that shuffle replaced by "
               "a deterministic one (a conftest.py of the run's own), 154 of the 155 pass in both traces, all but "
               "test_scoops"),
    Suite(name="pygeoif", kind="pytest", dist="pygeoif", version="1.6.0",
          sha256="eb0efa59c6573ea2cadce69a7ea9d2d10394b895ed47831c00d44752219c01be",
          packages=("pygeoif",), pytest_args=("tests",),
          note="pygeoif.hypothesis.strategies' 12 @composite strategies and the dataclass-made methods of its Srs "
               "have no source: not converted"),
    Suite(name="hijridate", kind="pytest", dist="hijridate", version="2.6.0",
          sha256="afe4644c4d1fe3cfd2aa3c28bfa660405c12e5ba53249ba942ec68c7bb216e00",
          packages=("hijridate",), src="src", pytest_args=("tests",),
          note="1 test breaks inside a graph trace and a JAX trace (--trace), a class docs/graphs.md names (\"The "
               "clock\"): tests/unit/test_convert.py's TestHijri.test_today, whose Hijri.today() reads "
               "Gregorian.today() (a datetime.date subclass's today): NotStageable in the converted form while a "
               "backend traces"),
    Suite(name="pychord", kind="pytest", dist="pychord", version="1.4.1",
          sha256="b5fd9f5722b4a612e7ac6ab2e5d497e36220962523009cfd22b8190f22ce8314",
          packages=("pychord",), pytest_args=("test",)),
    Suite(name="puremagic", kind="pytest", dist="puremagic", version="1.30",
          sha256="f9ff7ac157d54e9cf3bff1addfd97233548e75e685282d84ae11e7ffee1614c9",
          packages=("puremagic",), pytest_args=("test",)),
    # Three more pure-Python libraries, none with a dependency the venv lacks: phonetic encoding (Metaphone: Double
    # Metaphone, a process_<letter> method per letter, each a long chain of conditions on the letters around it), path
    # finding on grids and graphs (pathfinding: A*, Dijkstra, best-first, IDA* and their bidirectional forms over a
    # heap of open nodes) and JSON Schema from examples (genson: a SchemaBuilder whose strategies, one per JSON type,
    # match, merge and emit schemas). 0 / 0 broken with no trace and inside a graph trace; inside a JAX trace 9 break,
    # pathfinding's, a class docs/graphs.md names (see its note). 6 to 31 s for the three runs (the converted form took
    # 7.1 times as long as unconverted for pathfinding, 28 times inside a graph trace, and 1.0 for the others; as
    # written 0.9 to 1.6 times). Not added: fuzzysearch 0.8.1 (its sdist lacks tests/compat.py, which each of its 9
    # test modules imports: every one fails to import unconverted) and 0.7.3 (its sdist ships no tests), zxcvbn 4.5.0
    # (its one test file, tests/test_compatibility.py, is a script over a data file, no pytest test) and nestedtext 3.8
    # (its sdist ships no tests).
    Suite(name="metaphone", kind="pytest", dist="Metaphone", version="0.6",
          sha256="ad0beadca66cb7ec6ede71ef72bb02da097c493ddf159930d6340bc83f53da27",
          packages=("metaphone",), pytest_args=("metaphone/tests",),
          note="test_word.py's test_init_unicode expects Python 2's UTF-8 bytes of a str: it fails unconverted too"),
    Suite(name="pathfinding", kind="pytest", dist="pathfinding", version="1.0.23",
          sha256="4cc36eb0a58bf0ae42b7806d846c99e44cdb3ad696906d0585edab2da3f33470",
          packages=("pathfinding",),
          pytest_args=("test", "--ignore=test/test_path.py", "--ignore=test/test_csv_pandas.py"),
          note="test/test_path.py reads path_test_scenarios.json, which the sdist lacks, and test_csv_pandas.py "
               "imports pandas (not installed): not run; the dataclass-made __init__ and __eq__ of Node and GridNode "
               "have no source: not converted. 9 tests break inside a JAX trace (--trace jax), a class "
               "docs/graphs.md names (\"The clock\"): Finder.find_path stamps time.time() for its time limit, "
               "NotStageable while JAX traces (inside a graph trace of ours the clock is read at run time: 0 broken)"),
    Suite(name="genson", kind="pytest", dist="genson", version="1.4.0",
          sha256="bc7f1c1bae87a21ca44d81149aec95a3f4468d676de9b8b08caa064f3c50b3da",
          packages=("genson",), pytest_args=("test",),
          note="test/test_bin.py runs the genson command line in a subprocess (python -m genson): not converted"),
    # Added in stop 97: eight more pure-Python libraries, each with its own pytest suite: parsing expression grammars
    # (pe: a grammar compiled to a machine of instructions, run by _py_machine's loop; its Cython machine is not
    # built from the sdist), parser combinators (parsec), a CSS 2.1 / 3 tokenizer and parser (tinycss), finite-state
    # machines declared on classes (automat), an AST unparser (astunparse: a visit method per node type), a math
    # expression parser and evaluator (py_expression_eval), Japanese kana / width conversion (jaconv: a loop over the
    # characters of a string with tables) and typographic punctuation (smartypants: a tokenizer and a chain of
    # regular-expression passes). 0 / 0 broken with no trace; inside a graph trace and a JAX trace (--trace) 0 but
    # py_expression_eval's 1, a class docs/limitations.md names (see its note). 4.5 to 9 s for the three runs of each
    # (the converted form took 1.0 to 2.1 times as long as unconverted, at most 3.0 times inside a trace). Not added:
    # tempita 0.6.0 (test_templating reads tests/tests.txt, which its sdist lacks: 1 of its 2 tests passes
    # unconverted), rjsmin 1.3.0 (each of its test modules imports _rjsmin, the C extension an unpacked sdist lacks),
    # case-converter 1.2.0 (its *_test.py modules sit in the package beside the code, and the runner would convert
    # them too), pyphonetics 0.5.3 (imports unidecode, GPL), hdate 1.2.2 (snapshot tests: syrupy), ahocorapy 1.8.0,
    # grapheme 0.6.0, pyuca 1.2, s2sphere 0.2.5, trafaret 2.1.1 and pyjsparser 2.7.1 (their sdists ship no tests),
    # latex2mathml 3.81.1, terminaltables 3.1.10 and schematics 2.1.1 (pip could not build their build dependencies
    # here) and bintrees 2.2.0 and word2number 1.1 (zip sdists).
    Suite(name="pe", kind="pytest", dist="pe", version="0.6.0",
          sha256="dabec4ba7bd5fe2ab11a39a4343feaa453f002082918586a64b9216d550787e6",
          packages=("pe",), pytest_args=("test",),
          note="the unpacked sdist builds no pe._cy_machine (Cython): the pure-Python machine runs and the tests of "
               "the Cython one skip"),
    Suite(name="parsec", kind="pytest", dist="parsec", version="3.17",
          sha256="9748d64af43184c2e5887b88f9fca45065df2bf00a18e42df185ebb2c92aea53",
          packages=("parsec",), src="src", pytest_args=("src/parsec/tests",),
          note="its tests are in the package (src/parsec/tests): not converted"),
    Suite(name="tinycss", kind="pytest", dist="tinycss", version="0.4",
          sha256="12306fb50e5e9e7eaeef84b802ed877488ba80e35c672867f548c0924a76716e",
          packages=("tinycss",), pytest_args=("tinycss/tests", "-o", "addopts="),
          note="its setup.cfg's addopts ask for pytest-flake8, pytest-isort and pytest-cov (not installed): emptied; "
               "its tests are in the package (tinycss/tests): not converted; the unpacked sdist builds no "
               "tinycss.speedups (Cython): test_tokenizer.py's test_speedups fails unconverted too"),
    Suite(name="automat", kind="pytest", dist="automat", version="25.4.16",
          sha256="0017591a5477066e90d26b0e696ddc143baafd87b588cfac8100bc6be9634de0",
          packages=("automat",), src="src", pytest_args=("src/automat/_test",),
          note="its tests are in the package (src/automat/_test); test_discover's tests of Twisted skip (not "
               "installed), and automat._discover and automat._visualize import twisted and graphviz: not "
               "converted; the methods dataclasses made (48: __init__, __eq__, __hash__, __setattr__, ...) have no "
               "source: not converted"),
    Suite(name="astunparse", kind="pytest", dist="astunparse", version="1.6.3",
          sha256="5ad93a8456f0d084c3456d059fd9a92cce667963232cbf763eac3bc5b7940872",
          packages=("astunparse",), src="lib", pytest_args=("tests",),
          needs=(Sdist("six", "1.17.0", "ff70335d468e7eb6ec65b95b99d3a2836546063f63acc5171de367e834932a81"),),
          note="six is not installed: six 1.17.0's sdist is on its path; written for Python up to 3.8, 37 of its "
               "tests fail unconverted too (test_dump's expected dumps lack the fields ast gained since, and "
               "test_unparse's cases the 3.11 ast spells otherwise)"),
    Suite(name="py_expression_eval", kind="pytest", dist="py_expression_eval", version="0.3.14",
          sha256="ea60f9404a18346d5a63854db21c50666dfb4274ae111000165b31c6f8ab93f1",
          packages=("py_expression_eval",), pytest_args=("py_expression_eval/tests.py",),
          note="its tests are the package's tests.py: not converted. 1 test breaks inside a graph trace and a JAX "
               "trace (--trace), a class docs/limitations.md names (\"Random draws inside a trace\"): "
               "tests.py's test_parser evaluates 'if(random(1)>1,1,0)', whose Parser.random calls random.random(): "
               "NotStageable in the converted form while a backend traces"),
    Suite(name="jaconv", kind="pytest", dist="jaconv", version="0.5.0",
          sha256="53f6f968276846716f0f37100a6d5c7308cfa1e0c714eb41287d5bb09345c40f",
          packages=("jaconv",), pytest_args=("test_jaconv.py",)),
    Suite(name="smartypants", kind="pytest", dist="smartypants", version="2.0.2",
          sha256="39d64ce1d7cc6964b698297bdf391bc12c3251b7f608e6e55d857cd7c5f800c6",
          packages=("smartypants",), pytest_args=("tests", "--ignore=tests/test_setup.py"),
          note="tests/test_setup.py imports docutils (not installed): not run"),
    # stop 97 (second batch): eight more pure-Python libraries, each with its own pytest suite, for the object model:
    # async generators made of coroutines driven by send() and throw() (async_generator: ANextIter's send, throw and
    # _invoke, which catch StopIteration, are converted; its @types.coroutine generators are not), context managers
    # (contextlib2: ExitStack and AsyncExitStack, their callback stacks unwound in __exit__), a lazy-attribute
    # descriptor (lazy), events made on demand by __getattr__ (Events), a publish / subscribe bus of weak references to
    # listeners (pypubsub: topic trees, listener signatures checked by introspection), signal dispatch over weak
    # references and robust calls (PyDispatcher), interfaces checked by a metaclass (python-interface) and effects
    # performed by dispatchers, with generator-based do-notation (effect). 0 / 0 broken with no trace, and 0 inside a
    # graph trace and a JAX trace (--trace). 3.7 to 15.9 s for the three runs of each, 2.1 to 8.4 s for the two inside a
    # trace (the converted form took 0.7 to 1.3 times as long as unconverted, 0.7 to 1.6 times inside a graph trace and
    # 1.4 to 2.3 inside a JAX trace; as written 0.7 to 1.5 times). Not added: PyMonad 2.4.0 (its sdist lacks
    # test/common_tests.py, which 15 of its 17 test modules import), icontract 2.7.3 (its sdist lacks tests/error.py,
    # which 12 of its 19 test modules import), cached-property 2.0.1 (each of its test modules imports freezegun, not
    # installed), HeapDict 1.0.1 (one test module of 10 tests, one of which calls test.support.run_unittest, gone in
    # 3.11), pyee 13.0.1 (its conftest.py imports pytest_asyncio, not installed), and jsonref 1.1.0, mergedeep 1.3.4,
    # pipetools 1.1.0, promise 2.3, Rx 3.2.0, reactivex 4.0.4 and 6.1.1, snowballstemmer 3.1.1, unification 0.3.1 and
    # binarytree 6.5.1 (their sdists ship no tests).
    Suite(name="async_generator", kind="pytest", dist="async_generator", version="1.10",
          sha256="6ebb3d106c12920aaae42ccb6f787ef5eefdcdd166ea3d628fa8476abe712144",
          packages=("async_generator",), pytest_args=("async_generator/_tests",)),
    Suite(name="contextlib2", kind="pytest", dist="contextlib2", version="21.6.0",
          sha256="ab1e2bfe1d01d968e1b7e8d9023bc51ef3509bba217bb730cee3827e1ee82869",
          packages=("contextlib2",), pytest_args=("test",),
          note="its tests are CPython 3.10's test_contextlib and test_contextlib_async; 46 fail unconverted too: "
               "pytest collects the mixins TestBaseExitStack and TestRedirectStream on their own (their exit_stack "
               "and redirect_stream are None: 44), and test_typo_enter and test_typo_exit expect the AttributeError "
               "that a with statement raised before 3.11 (TypeError since)"),
    Suite(name="lazy", kind="pytest", dist="lazy", version="2.0",
          sha256="f92ec0d32dd6bd115ddec4e3323473ebc0b682ad58c6aca78ebfd9e6d1aa5777",
          packages=("lazy",), pytest_args=("lazy/tests",)),
    Suite(name="events", kind="pytest", dist="Events", version="0.4",
          sha256="01d9dd2a061f908d74a89fa5c8f07baa694f02a2a5974983663faaf7a97180f5",
          packages=("events",), pytest_args=("events/tests/tests.py",)),
    Suite(name="pypubsub", kind="pytest", dist="pypubsub", version="4.0.7",
          sha256="ec8b5cb147624958320e992602380cc5d0e4b36b1c59844d05e425a3003c09dc",
          packages=("pubsub",), src="src", chdir="tests/suite",
          pytest_args=(".", "-o", "python_files=test*.py"),
          note="its tests (tests/suite/test1_*.py to test5_*.py) open files beside them by name: run from there, "
               "with tests/pytest.ini's python_files"),
    Suite(name="pydispatcher", kind="pytest", dist="PyDispatcher", version="2.0.7",
          sha256="b777c6ad080dc1bad74a4c29d6a46914fa6701ac70f94b0d66fbcfde62f5be31",
          packages=("pydispatch",), pytest_args=("tests",)),
    Suite(name="python_interface", kind="pytest", dist="python-interface", version="1.6.1",
          sha256="10e710f7e38826db0e9b5719e6c4260f68376c1d0fd9a1f9800708644bc63828",
          packages=("interface",), pytest_args=("interface/tests",),
          needs=(Sdist("six", "1.17.0", "ff70335d468e7eb6ec65b95b99d3a2836546063f63acc5171de367e834932a81"),),
          note="six is not installed: six 1.17.0's sdist is on its path; its tests are in the package "
               "(interface/tests): not converted"),
    Suite(name="effect", kind="pytest", dist="effect", version="1.1.0",
          sha256="7affb603707c648b07b11781ebb793a4b9aee8acf1ac5764c3ed2112adf0c9ea",
          packages=("effect",), pytest_args=("effect", "--ignore=effect/test_do.py"),
          needs=(Sdist("testtools", "2.9.1", "39ad9eb9e1b935d6838f4b3aee4d6e72db65df5602f6feda998dbb4fe8de0b19"),),
          note="testtools is not installed: testtools 2.9.1's sdist is on its path; its tests are in the package "
               "(effect/test_*.py): not converted; effect/test_do.py imports py.test (no package under pytest 9): "
               "not run (test_testing.py runs effect.do's generators, driven by send(), through perform_sequence)"),
    # Added in stop 98: eight more pure-Python libraries, each with its own pytest suite: subtitle formats (pysubs2:
    # SubStation Alpha, SubRip, MicroDVD, TMP, WebVTT and more, a parser and a writer per format; srt: SubRip's
    # parser and composer, tested with hypothesis; webvtt-py: WebVTT, SBV and SRT readers, writers and a segmenter for
    # HLS), robots.txt (protego: Google's specification, rules matched against URL patterns with wildcards), INI
    # files edited in place (configupdater: a parser into a tree of blocks that keeps comments and layout), units of
    # information (bitmath: a class per unit, their arithmetic, comparisons, best-prefix choice and parsing), the
    # Jalali calendar (persiantools: date and datetime arithmetic, strftime / strptime, Persian digits and characters)
    # and ranges and range sets (Spans: PostgreSQL-like range types, their set algebra). 0 / 0 broken with no trace;
    # inside a graph trace and a JAX trace (--trace) 0 but persiantools' 11, a class docs/graphs.md names (see its
    # note). 8 to 213 s for the three runs of each (srt's hypothesis tests the longest); the converted form took 0.7
    # to 1.3 times as long as unconverted but for protego (about 2 times) and persiantools (about 5 times), on a
    # machine shared with another run. Not added: flashtext 2.7 (its sdist lacks the test/*.json cases and keyword
    # files that 11 of its 23 tests read: they fail unconverted too), kdl-py 1.2.0 (its tests/run.py is a script over
    # tests/test_cases, which its sdist lacks: pytest collects nothing), borax (no sdist on PyPI, wheels only) and
    # cxxheaderparser 2.2.0, pcpp 1.30, wordsegment 1.3.1, lzstring 1.0.4, korean-lunar-calendar 0.4.0, docformatter
    # 1.7.8 and pydocstyle 6.3.0 (their sdists ship no tests).
    Suite(name="pysubs2", kind="pytest", dist="pysubs2", version="1.8.1",
          sha256="af3a288643da87db6bb13dbde70e94c9570765cc8f6423b1c21de11f16d734da",
          packages=("pysubs2",), pytest_args=("tests",),
          note="its @pytest.mark.timeout marks ask for pytest-timeout (not installed): no time limit; the methods "
               "dataclasses made (6: __init__ and __eq__ of SSAEvent, SSAStyle, Color and SyncElement) have no "
               "source: not converted"),
    Suite(name="srt", kind="pytest", dist="srt", version="3.5.3",
          sha256="4884315043a4f0740fd1f878ed6caa376ac06d70e135f306a6dc44632eed0cc0",
          packages=("srt",), pytest_args=("tests",),
          note="srt_tools/tests runs the srt command-line tools in subprocesses: not run"),
    Suite(name="webvtt", kind="pytest", dist="webvtt-py", version="0.6.0",
          sha256="2f4ba359ab7e6bac98aa086fa7fc0ba1320ca7495f7d67f565baceac37f40aff",
          packages=("webvtt",), pytest_args=("tests",),
          note="the dataclass-made __init__ and __eq__ of webvtt.vtt's ParserOutput have no source: not converted"),
    Suite(name="protego", kind="pytest", dist="protego", version="0.7.0",
          sha256="2c032d9736a1f4f0c4318f3558353ae34da5cd038f1a5e064ded7548df315e5a",
          packages=("protego",), src="src", pytest_args=("tests",),
          note="test_on_fetched_robotstxt.py runs on the robots.txt files its sdist ships (tests/test_data); its "
               "@pytest.mark.timeout marks ask for pytest-timeout (not installed): no time limit"),
    Suite(name="configupdater", kind="pytest", dist="configupdater", version="4.1.1",
          sha256="5e56383fd05367f4204a9d46bf20b1bbb88b45257cb933938ff6f87bc17057e7",
          packages=("configupdater",), src="src",
          pytest_args=("tests", "-W", "ignore::pytest.PytestAssertRewriteWarning"),
          note="its pyproject.toml makes every warning an error: pytest's about hypothesis imported before pytest "
               "(by the runner) is ignored"),
    Suite(name="bitmath", kind="pytest", dist="bitmath", version="2.1.1",
          sha256="56f2cda86b1f0aa6470f4aaa90f82ef029f0e16c31b66f0fdd9d67613bc5e9f0",
          packages=("bitmath",), pytest_args=("tests",),
          note="test_query_capacity.py's 2 Windows tests skip"),
    Suite(name="persiantools", kind="pytest", dist="persiantools", version="6.2.0",
          sha256="21ae1ed27292d8a153946f6b16a660cb84a2d829e0a3a0afefee3e9f83ad41b8",
          packages=("persiantools",), pytest_args=("tests",),
          note="tests/test_performance.py (timings) skips unless PERSIANTOOLS_PERF_TESTS is set, and the 2 tests of "
               "copy.replace need Python 3.13: skipped. 11 tests break inside a graph trace and a JAX trace "
               "(--trace), a class docs/graphs.md names (\"The clock\"): they call JalaliDate.today() "
               "(cls(date.today())) or JalaliDateTime.now(), today() or utcnow() (cls(datetime.now(tz))): "
               "NotStageable in the converted form while a backend traces"),
    Suite(name="spans", kind="pytest", dist="Spans", version="1.1.1",
          sha256="7f3e94492ba131d5ff062a5d631424e613fbeb38bb7ea613d8fd11f6e755fd79",
          packages=("spans",),
          pytest_args=("spans", "tests", "doc", "README.rst", "-o", "addopts=", "--doctest-modules",
                       "--doctest-glob=*.rst"),
          note="its setup.cfg's addopts ask for pytest-cov (not installed): emptied, its doctest options given "
               "instead (the docstrings of spans' modules, doc/*.rst and README.rst run as doctests)"),
)

# CPython's tests of the language, whose code under test is the test module itself (_stdlib_language: every function
# and method of test.test_<name>, its TestCase methods and the closures, class bodies and comprehensions in them,
# converted in place). 58 suites, 1 to 10 s each for their three runs. Not added: test_listcomps, test_setcomps,
# test_genexps, test_unpack, test_unpack_ex and test_pep646_syntax (doctests alone: their code is in docstrings,
# which the conversion does not reach; only load_tests is converted) and test_sys_settrace (its tracers see the
# per-call check's call as written, 40 tests, and the converted form's other line events, which also leave
# JumpTestCase's infinite loops unbroken: the converted run times out; docs/limitations.md names the class).
# Run the same way and not added (the stop that ran them added library suites instead), 0 / 0 broken:
# test_subclassinit, test_genericclass, test_call, test_typechecks, test_range, test_enumerate, test_generator_stop,
# test_unicode_identifiers, test_format, test_int, test_complex, test_structseq, test_type_annotations, test_dynamic,
# test_genericalias, test_defaultdict, test_deque, test_itertools, test_math, test_exception_hierarchy, test_hash,
# test_opcache, test_code, test_eof, test_longexp, test_keyword, test_bytes, test_unicode and test_memoryview. Not
# added, broken in classes docs/limitations.md names: test_sys_setprofile (22 tests on both paths: the profiler sees
# the per-call check's call and return), test_compile (1 on both paths, test_32_63_bit_values, which reads its own
# co_consts; 5 more in the converted form, which read the code objects and line numbers of functions it defines) and
# test_peepholer (4 in the converted form: the bytecode of functions it defines).
LANGUAGE_SUITES = (
    # Scopes, syntax, statements and expressions.
    _stdlib_language("scope"), _stdlib_language("grammar"), _stdlib_language("patma"),
    _stdlib_language("named_expressions"), _stdlib_language("with"), _stdlib_language("dictcomps"),
    _stdlib_language("keywordonlyarg"), _stdlib_language("positional_only_arg"), _stdlib_language("augassign"),
    _stdlib_language("global"), _stdlib_language("opcodes"), _stdlib_language("contains"), _stdlib_language("bool"),
    _stdlib_language("int_literal"), _stdlib_language("string_literals"), _stdlib_language("fstring"),
    _stdlib_language("syntax"), _stdlib_language("compare"), _stdlib_language("unary"), _stdlib_language("binop"),
    _stdlib_language("richcmp"), _stdlib_language("index"), _stdlib_language("pow"), _stdlib_language("slice"),
    _stdlib_language("print"), _stdlib_language("frame"),
    # Exceptions: raise, try / except / finally, except*, exception groups.
    _stdlib_language("exceptions", note="PEP626Tests.test_missing_lineno_shows_as_none strips a nested function's "
                                        "line table (f.__code__ = f.__code__.replace(co_linetable=...)), and "
                                        "ag__.call converted the function from its source, with the lines back, "
                                        "until stop 66: code with no line is refused now, so it runs as it is"),
    _stdlib_language("raise"), _stdlib_language("except_star"), _stdlib_language("exception_group"),
    _stdlib_language("exception_variations"), _stdlib_language("baseexception"),
    # Functions, classes, descriptors and the object model.
    _stdlib_language("funcattrs", note="CellTest.test_comparison compares a closure's empty cell, which the "
                                       "converted form held as ag__.Undefined('a') until stop 66 (a variable only a "
                                       "nested function reads, assigned under an if): 0 broken since"),
    _stdlib_language("super", note="test_obscure_super_errors empties the __class__ cell before a zero-argument "
                                   "super(), which the converted form spells super(__class__, x): it raised NameError, "
                                   "not super's RuntimeError, until stop 66 (ag__.zero_argument_super): 0 broken "
                                   "since"),
    _stdlib_language("descr", note="1 test breaks in the converted form: test_slots counts gc.get_objects() around "
                                   "a loop, whose body the converted form makes a closure (2 objects more)"),
    _stdlib_language("class"), _stdlib_language("decorators"), _stdlib_language("property"),
    _stdlib_language("isinstance"), _stdlib_language("dynamicclassattribute"), _stdlib_language("types"),
    # Iteration, generators, coroutines and context managers.
    _stdlib_language("iter"), _stdlib_language("iterlen"), _stdlib_language("yield_from"),
    _stdlib_language("generators"), _stdlib_language("coroutines"), _stdlib_language("contextlib"),
    # The built-in types and functions, through the language (their tests' loops, comprehensions and classes).
    _stdlib_language("builtin"), _stdlib_language("dict"), _stdlib_language("dictviews"), _stdlib_language("list"),
    _stdlib_language("set"), _stdlib_language("tuple"), _stdlib_language("float"), _stdlib_language("long"),
    _stdlib_language("sort"), _stdlib_language("userdict"), _stdlib_language("userlist"),
)

SUITES = STDLIB_SUITES + LANGUAGE_SUITES + PYPI_SUITES


# ---------------------------------------------------------------------------------------------------
# Fetching a PyPI sdist


def fetch(suite: Suite | Sdist, cache: Path = CACHE) -> Path:
    """The unpacked sdist of a pytest suite (or of a dependency it needs): downloaded by pip once, checked against its
    sha256, then reused."""
    target = cache / "src" / f"{suite.dist}-{suite.version}"
    marker = target / ".transparency-unpacked"
    if marker.exists():
        return target
    sdists = cache / "sdists"
    sdists.mkdir(parents=True, exist_ok=True)
    archive = _find_sdist(sdists, suite)
    if archive is None:
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                   f"{suite.dist}=={suite.version}", "-d", str(sdists)]
        subprocess.run(command, check=True)
        archive = _find_sdist(sdists, suite)
        if archive is None:
            raise RuntimeError(f"pip downloaded no sdist of {suite.dist}=={suite.version} into {sdists}")
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    if digest != suite.sha256:
        raise RuntimeError(f"{archive.name}: sha256 {digest}, expected {suite.sha256} (the pin in harness.py)")
    if target.exists():
        shutil.rmtree(target)
    staging = cache / "src" / f".{target.name}.partial"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(staging, filter="data")
        else:  # Python < 3.10.12 / 3.11.4: no filters; the sdist's sha256 was checked above
            tar.extractall(staging)  # noqa: S202
    (top,) = [p for p in staging.iterdir() if p.is_dir()]
    top.rename(target)
    shutil.rmtree(staging)
    marker.write_text(f"{archive.name} sha256 {digest}\n")
    return target


def _find_sdist(directory: Path, suite: Suite | Sdist) -> Path | None:
    stems = {f"{suite.dist}-{suite.version}", f"{suite.dist.replace('-', '_')}-{suite.version}"}
    for path in sorted(directory.iterdir()):
        for ext in (".tar.gz", ".tgz"):
            if path.name.endswith(ext) and path.name[: -len(ext)] in stems:
                return path
    return None


def pytest_config(directory: Path) -> Path | None:
    """The file in ``directory`` that pytest would take its configuration from, if there is one."""
    sections = {"pytest.ini": None, ".pytest.ini": None,
                "pyproject.toml": ("[tool.pytest.ini_options]", "[tool.pytest]"),
                "tox.ini": ("[pytest]",), "setup.cfg": ("[tool:pytest]",)}
    for name, headers in sections.items():
        path = directory / name
        if not path.is_file():
            continue
        if headers is None:
            return path
        lines = {line.strip() for line in path.read_text(encoding="utf-8", errors="replace").splitlines()}
        if lines & set(headers):
            return path
    return None


def _empty_config(cache: Path) -> Path:
    path = cache / "empty-pytest.ini"
    if not path.exists():
        cache.mkdir(parents=True, exist_ok=True)
        path.write_text("[pytest]\n")
    return path


# ---------------------------------------------------------------------------------------------------
# One run of one suite


@dataclasses.dataclass
class Run:
    """What one process reported: per test its worst outcome (outcome, message, where)."""

    tests: dict[str, tuple[str, str, str]]
    collect_errors: dict[str, str]
    records: list[dict]
    seconds: float | None  # the tests' wall time, conversion excluded; None if the run did not finish
    conversion_seconds: float
    timed_out: bool
    returncode: int | None
    log: Path
    last_reported: str = ""
    problem: str = ""  # why the run could not start (an sdist that could not be fetched)

    def passed(self) -> set[str]:
        return {test for test, (outcome, _, _) in self.tests.items() if outcome == "passed"}

    def kinds(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for record in self.records:
            counts[record["kind"]] += 1
        return counts


def run_suite(suite: Suite, converted: bool, workdir: Path, timeout: float = DEFAULT_TIMEOUT,
              cache: Path = CACHE, project: Path = ROOT, general: bool = False, trace: str = "none") -> Run:
    """Run one suite in a fresh process, converted or not (``general``: in the converted form, with no trace,
    ``trace="none"``, or inside ``trace``'s: a graph trace of ours or a JAX trace); its output goes to workdir."""
    workdir.mkdir(parents=True, exist_ok=True)
    tag = f"{suite.name}-{('general' if general else 'converted') if converted else 'unconverted'}"
    if general and trace != "none":
        tag += f"-{trace}"
    out, log = workdir / f"{tag}.jsonl", workdir / f"{tag}.log"
    command = [sys.executable, str(RUNNER), suite.kind]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHONPATH", None)
    if suite.kind == "stdlib":
        command.append(suite.module)
        if suite.language:
            command.append("--language")
        if suite.test:
            command += ["--test", suite.test]
        for resource in suite.deny:
            command += ["--deny-resource", resource]
        cwd = workdir
    else:
        root = fetch(suite, cache)
        cwd = root / suite.chdir
        src = str((root / suite.src).resolve())
        command += ["--src", src]
        for package in suite.packages:
            command += ["--package", package]
        # src for the subprocesses that some tests start; after it, the dependencies the venv lacks, on the path the
        # runner starts with, so that they import (unconverted: the runner converts only the --package ones).
        needs = [str((fetch(need, cache) / need.src).resolve()) for need in suite.needs]
        env["PYTHONPATH"] = os.pathsep.join([src, *needs])
    command += ["--out", str(out), "--project", str(project)]
    if converted:
        command.append("--convert")
        if general:
            command += ["--general", "--trace", trace]
    if suite.kind == "pytest":
        # The sdist's own pytest configuration, or an empty one: never this project's pyproject.toml above it.
        config = pytest_config(root) or _empty_config(cache)
        command += ["--", *suite.pytest_args, "-c", str(config), "--rootdir", str(root), "--confcutdir", str(root),
                    "-p", "no:cacheprovider", "-q", "--color=no"]
    timed_out = False
    with open(log, "w") as log_file:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=log_file, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            returncode = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            returncode = None
    return _read(out, log, timed_out, returncode)


def _read(out: Path, log: Path, timed_out: bool, returncode: int | None) -> Run:
    run = Run(tests={}, collect_errors={}, records=[], seconds=None, conversion_seconds=0.0, timed_out=timed_out,
              returncode=returncode, log=log)
    if not out.exists():
        return run
    for line in out.read_text(encoding="utf-8").splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:  # the last line of a killed run
            continue
        kind = event["event"]
        if kind == "test":
            new = (event["outcome"], event.get("message", ""), event.get("where", ""))
            old = run.tests.get(event["id"])
            if old is None or OUTCOME_ORDER.index(new[0]) > OUTCOME_ORDER.index(old[0]):
                run.tests[event["id"]] = new
            run.last_reported = event["id"]
        elif kind == "collect_error":
            run.collect_errors[event["id"]] = event.get("message", "")
        elif kind == "conversion":
            run.records = event["records"]
            run.conversion_seconds = event["seconds"]
        elif kind == "done":
            run.seconds = event["seconds"]
    return run


@dataclasses.dataclass
class Result:
    suite: Suite
    unconverted: Run
    converted: Run  # converted, called outside any trace: each function runs as written
    general: Run | None = None  # the general conversion, on its general path (runner.py --general)

    def converted_runs(self) -> list[tuple[str, Run]]:
        """(tier, run) of each converted run."""
        return [("as written", self.converted)] + ([("converted form", self.general)] if self.general else [])

    def regressions(self, run: Run | None = None) -> list[tuple[str, str, str]]:
        """(test, outcome converted, message) for every test that passes unconverted and not in ``run``
        (by default the plain tier's)."""
        run = self.converted if run is None else run
        found = []
        for test in sorted(self.unconverted.passed()):
            outcome, message, where = run.tests.get(test, ("not run", "", ""))
            if outcome == "passed":
                continue
            if outcome == "not run":
                message = ("the converted run timed out before reaching it" if run.timed_out
                           else "not run converted (its module failed to import, or the run crashed)")
            elif where:
                message = f"{message}  [at {_short_path(where)}]"
            found.append((test, outcome, message))
        return found

    def fixed(self, run: Run | None = None) -> list[str]:
        """Tests that pass converted only (flaky tests, or an oracle run that broke)."""
        return sorted((self.converted if run is None else run).passed() - self.unconverted.passed())

    def ratio(self, run: Run | None = None) -> float | None:
        u, c = self.unconverted.seconds, (self.converted if run is None else run).seconds
        if u is None or c is None or u <= 0:
            return None
        return c / u


def _short_path(where: str) -> str:
    for prefix in (str(CACHE / "src") + os.sep, os.path.dirname(os.__file__) + os.sep):
        if where.startswith(prefix):
            return where[len(prefix):]
    return where


def run_all(suites, workdir: Path, timeout: float, cache: Path = CACHE, project: Path = ROOT,
            echo=print, trace: str = "none") -> list[Result]:
    """Each suite unconverted, converted (as written), and converted in the converted form (with no trace, or
    inside ``trace``'s). Inside a trace the as-written run is skipped (it is the same run whatever the trace):
    the report's as-written columns then repeat the converted form's."""
    results = []
    for suite in suites:
        start = time.perf_counter()
        try:
            if suite.kind == "pytest":
                for sdist in (suite, *suite.needs):
                    fetch(sdist, cache)
        except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
            echo(f"  {suite.name:16} could not be fetched: {exc}")
            empty = _read(workdir / "-", workdir / "-", False, None)
            empty.problem = f"could not be fetched: {exc}"
            results.append(Result(suite, empty, empty))
            continue
        unconverted = run_suite(suite, False, workdir, timeout, cache, project)
        general = run_suite(suite, True, workdir, timeout, cache, project, general=True, trace=trace)
        converted = run_suite(suite, True, workdir, timeout, cache, project) if trace == "none" else general
        result = Result(suite, unconverted, converted, general)
        results.append(result)
        as_written = f"{len(converted.passed()):5} converted (as written), " if trace == "none" else ""
        where = "no trace" if trace == "none" else f"{trace} trace"
        echo(f"  {suite.name:16} {len(unconverted.passed()):5} passed unconverted, {as_written}"
             f"{len(general.passed()):5} (converted form, {where}); "
             f"{len(result.regressions())} / {len(result.regressions(general))} broken  "
             f"[{time.perf_counter() - start:.1f} s]")
    return results


# ---------------------------------------------------------------------------------------------------
# The report


def _seconds(value: float | None, run: Run) -> str:
    if run.problem:
        return "not run"
    if run.timed_out:
        return "timeout"
    return "crashed" if value is None else f"{value:.2f}"


def table(results: list[Result]) -> str:
    header = ("suite", "tests", "passed unconverted", "passed as written / converted form", "broken by conversion",
              "functions", "converted", "refused", "crashed", "generators", "s unconverted",
              "s as written / converted form", "time × as written", "time × converted form")
    rows = []
    totals = defaultdict(float)
    for r in results:
        u, c, g = r.unconverted, r.converted, r.general or r.converted
        kinds = defaultdict(int)
        for record in _records(r):
            kinds[record["kind"]] += 1
        functions = sum(kinds[k] for k in ("converted", "refused", "crashed", "generator"))
        values = {"tests": len(u.tests), "pu": len(u.passed()), "pc": len(c.passed()), "pg": len(g.passed()),
                  "broken": len(r.regressions()), "broken_general": len(r.regressions(g)), "functions": functions,
                  "converted": kinds["converted"], "refused": kinds["refused"], "crashed": kinds["crashed"],
                  "generators": kinds["generator"]}
        for key, value in values.items():
            totals[key] += value
        ratios = []
        for tier, run in (("c", c), ("g", g)):
            ratio = r.ratio(run)
            ratios.append("—" if ratio is None else f"{ratio:.2f}")
            if ratio is not None:
                totals["s" + tier] += run.seconds
                totals["log" + tier] += math.log(ratio)
                totals["n" + tier] += 1
        if r.ratio(c) is not None:
            totals["su"] += u.seconds
        rows.append((r.suite.name, str(values["tests"]), str(values["pu"]), f"{values['pc']} / {values['pg']}",
                     f"{values['broken']} / {values['broken_general']}",
                     *(str(values[k]) for k in ("functions", "converted", "refused", "crashed", "generators")),
                     _seconds(u.seconds, u), f"{_seconds(c.seconds, c)} / {_seconds(g.seconds, g)}", *ratios))
    geomeans = [f"{math.exp(totals['log' + t] / totals['n' + t]):.2f} (geomean)" if totals["n" + t] else "—"
                for t in ("c", "g")]
    rows.append(("**all**", *(str(int(totals[k])) for k in ("tests", "pu")),
                 f"{int(totals['pc'])} / {int(totals['pg'])}",
                 f"{int(totals['broken'])} / {int(totals['broken_general'])}",
                 *(str(int(totals[k])) for k in ("functions", "converted", "refused", "crashed", "generators")),
                 f"{totals['su']:.2f}", f"{totals['sc']:.2f} / {totals['sg']:.2f}", *geomeans))
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" if i == 0 else "---:" for i in range(len(header)))
             + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _records(result: Result) -> list[dict]:
    """What happened to each function, over both converted runs (a function counts once: the general
    run's record where the two differ, since only there does the whole converter run)."""
    records = {(rec["module"], rec["qualname"]): rec for rec in result.converted.records}
    for rec in (result.general.records if result.general else []):
        records[(rec["module"], rec["qualname"])] = rec
    return list(records.values())


def refusals(results: list[Result]) -> str:
    """Functions not converted (generators aside), grouped by the shape of the reason, most frequent first."""
    groups: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for r in results:
        for record in _records(r):
            if record["kind"] in ("refused", "crashed", "unimported", "unpatchable"):
                name = f"{record['module']}:{record['qualname']}"
                groups[(record["kind"], _shape(record["reason"]))].append((name, record["reason"]))
    if not groups:
        return "None: every function that is not a generator converted."
    label = {"refused": "refused (ConversionError)", "crashed": "**converter crashed** (not a ConversionError)",
             "unimported": "module did not import (not converted; not counted as functions)",
             "unpatchable": "harness could not install the converted function (not counted as functions)"}
    lines = []
    for (kind, shape), members in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])):
        reasons = sorted({reason for _, reason in members})
        lines.append(f"- {len(members)} × {label[kind]}: `{_cell(reasons[0] if len(reasons) == 1 else shape)}`")
        if len(reasons) > 1:
            lines.append(f"  - e.g. {', '.join(f'`{_cell(reason)}`' for reason in reasons[:3])}"
                         + (f" and {len(reasons) - 3} more" if len(reasons) > 3 else ""))
        lines.append(f"  - {', '.join(f'`{name}`' for name, _ in members)}")
    return "\n".join(lines)


def _shape(message: str) -> str:
    """A failure message with its particulars blanked, so that failures of one kind group together."""
    message = re.sub(r"\s+\[at [^\]]*\]$", "", message)
    message = re.sub(r"0x[0-9a-fA-F]+", "0x…", message)
    message = re.sub(r"'[^']*'", "'…'", message)
    message = re.sub(r"[\w.<>]+\(\)", "f()", message)
    return re.sub(r"\b\d+\b", "N", message)


def failure_classes(results: list[Result]) -> str:
    """The converted-only failures of all suites, grouped by the shape of their message, most frequent first."""
    groups: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for r in results:
        for tier, run in r.converted_runs():
            for test, _, message in r.regressions(run):
                groups[f"({tier}) {_shape(message)}"].append((r.suite.name, test, message))
    if not groups:
        return "None."
    lines = ["| tests | suites | shape of the message | one of them |", "|---:|---|---|---|"]
    for shape, members in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])):
        suites = ", ".join(sorted({suite for suite, _, _ in members}))
        suite, test, message = members[0]
        lines.append(f"| {len(members)} | {suites} | `{_cell(shape)}` | {suite} `{_cell(test)}`: `{_cell(message)}` |")
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("`", "'")


def broken(results: list[Result], limit: int | None = None) -> str:
    lines = []
    for r in results:
        for tier, run in r.converted_runs():
            lines += _broken_in(r, tier, run, limit)
    if not lines:
        return "None: every test that passes unconverted passes converted, on both paths."
    return "\n".join(lines).lstrip("\n")


def _broken_in(r: Result, tier: str, run: Run, limit: int | None) -> list[str]:
    lines = []
    regressions = r.regressions(run)
    for test, error in sorted(run.collect_errors.items()):
        if test not in r.unconverted.collect_errors:
            lines.append(f"- {r.suite.name} ({tier}): test module `{test}` failed to import converted: "
                         f"`{_cell(error)}`")
    if regressions:
        by_message: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for test, outcome, message in regressions:
            by_message[message].append((test, outcome))
        lines.append(f"\n**{r.suite.name}**, {tier} ({len(regressions)} tests)\n")
        for message, tests in sorted(by_message.items(), key=lambda item: (-len(item[1]), item[0])):
            lines.append(f"- `{_cell(message)}` ({len(tests)} × {', '.join(sorted({o for _, o in tests}))})")
            shown = tests if limit is None else tests[:limit]
            lines += [f"  - `{test}`" for test, _ in shown]
            if len(shown) < len(tests):
                lines.append(f"  - … and {len(tests) - len(shown)} more (docs/fidelity.md lists them all)")
    return lines


def oddities(results: list[Result]) -> str:
    lines = []
    for r in results:
        if r.unconverted.problem:
            lines.append(f"- {r.suite.name}: not run: {r.unconverted.problem}")
            continue
        for which, run in (("unconverted", r.unconverted), *((f"converted ({t})", x) for t, x in r.converted_runs())):
            if run.timed_out:
                lines.append(f"- {r.suite.name} {which}: timed out (last test reported: `{run.last_reported}`)")
            elif run.seconds is None:
                lines.append(f"- {r.suite.name} {which}: the process died (exit {run.returncode}); see {run.log}")
        for tier, run in r.converted_runs():
            fixed = r.fixed(run)
            if fixed:
                lines.append(f"- {r.suite.name}: {len(fixed)} tests pass converted ({tier}) but not unconverted: "
                             + ", ".join(f"`{t}`" for t in fixed[:10]))
    return "\n".join(lines)


def _project_state(project: Path = ROOT) -> str:
    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=project, capture_output=True, text=True,
                                  check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return ""

    where = "" if project == ROOT else f"{project}: "
    commit = git("rev-parse", "--short", "HEAD")
    if not commit:
        return f"{where}autograph outside git"
    dirty = git("status", "--porcelain", "--", "autograph", "runtime")
    return f"{where}commit {commit}" + (" with uncommitted changes in autograph/ or runtime/" if dirty else "")


INTRO = """\
# Fidelity on other people's code

`make transparency` (`.venv/bin/python -m tests.transparency`; {suites} suites; stop 66's run of the 356 it had then
took 135 minutes on 2 cores, beside other work) takes code nobody on this team wrote, converts **every function and
method** of it with `autograph.convert`, and runs that code's **own test suite** three times in the same run, each
time in a fresh process: once as it is (the oracle), once converted and called outside any trace (**as written**:
each converted function chooses, per call, to run the function as written, docs/generated_code.md), and once
converted and run in the **converted form** (the runner wraps the suite in
`autograph.testing.converted_form(trace=False)`, so every converted function runs the code `to_code` shows, on the
suite's own values, with no backend tracing and nothing staged). A test that passes unconverted but fails converted
is a place where converted code does not behave like the original: a converter bug, or a difference to document in
docs/limitations.md. The corpus and the random programs test what we thought of; this tests what we did not.
`python -m tests.transparency NAME ...` runs some suites (and leaves this file alone), `--list` names them,
`--project DIR` measures another checkout's `autograph`. A full run with `make transparency UPDATE_DOCS=1`
rewrites this page (without it, the report goes to `.transparency-cache/fidelity.md`, git-ignored) and keeps the
sections written by hand (`KEPT_SECTIONS` in harness.py: "The converted form inside a JAX trace",
"Suite time: where it goes").

`--trace graph` and `--trace jax` run the converted form inside a trace instead: a **graph trace** of ours
(`autograph.testing.converted_form()`: plain values stage nothing, but what a trace stages whatever the values
is staged, NumPy's random draws above all) or a **JAX trace** (the runner runs the whole suite inside
`jax.make_jaxpr`, so converted functions choose their converted form by JAX's probe, runtime/choice.py): each
suite unconverted and in that form only, the report printed or written to `--doc`, never to this page. They are
the third path as a user meets it inside a trace (library code called on plain values while `autograph.function`
or `jax.jit` traces); where they differ from the converted form with no trace, the difference is the backends'
(our trace stages NumPy's random draws, JAX's refuses them), not the converted form's. Until stop 57 the
converted-form column of this page came from our graph trace (its random draws broke about 640 tests of
autograd, emcee, networkx, transforms3d, cmaes and patsy, which hid what those tests would have found after them).
Its latest whole run is under "The converted form inside a JAX trace" below.

How a module is converted (`tests/transparency/runner.py`), before any test module is imported:
every plain function defined in it is replaced in place by `autograph.convert(f)`: module-level
functions (whose `__module__` is the module), and in every class defined there (nested classes too)
plain methods, `staticmethod` / `classmethod` functions (re-wrapped), `property` accessors (a new
property) and `functools.cached_property` functions. Then the originals that the converted modules
still hold are swapped for the converted functions: other names bound to them (re-exports), module
and class attributes that hold them in dicts, lists, tuples and partials (dispatch tables), the
attributes of instances of the library's own classes held there, and the converted functions' defaults.
A library is converted module by module as each module finishes executing (an import hook), so the
modules that import it bind converted names; references captured anywhere else at import time
(inside other instances, closures) keep the original. Generators, coroutines
and async generators stay as they are ("generators" below; converted code calls them unconverted
too). A module that a test imports afresh (`import_fresh_module`: the bisect, heapq and statistics
tests do, for the pure-Python versions) is converted again. Functions that converted code calls
through `ag__.call` are converted on first call, as always.

- Standard library: CPython's own `test.test_<module>` (the `test` package that ships with the
  interpreter), loaded with unittest's loader; only the module itself is converted.
- The language: CPython's tests of the language itself (the suites named `test_<name>`: test_scope,
  test_patma, ...), whose code under test is in the test module (nested functions, closures,
  comprehensions, `match`, class bodies): the test module itself is converted, every function and method
  it defines (its TestCase methods too), as it finishes executing, before its tests are loaded from it.
- PyPI: the library's sdist, fetched by `pip download --no-binary :all: --no-deps NAME==VERSION`,
  checked against the sha256 pinned in `tests/transparency/harness.py`, unpacked into
  `.transparency-cache/` (git-ignored); its own tests run by pytest from the unpacked sdist (with the
  sdist's own pytest configuration, or none), the library importable from the unpacked source; every
  module of the library's packages (found with `pkgutil`, its own tests excepted) is imported, and
  converted, before pytest starts. Hypothesis runs derandomized and without its example database, so
  both runs draw the same examples.

Columns: *tests* run unconverted; *passed* unconverted and converted (as written / converted form); *broken
by conversion*: tests that pass unconverted and do not pass converted (as written / converted form; listed
below); *functions* found in the converted modules, of which *converted*, *refused*
(`ConversionError`), *crashed* (the converter raised something else: a bug of its own) and
*generators* (not converted); *s*: wall time of the tests alone, import and conversion excluded;
*time ×*: converted ÷ unconverted (noisy below a second).

`make test` runs a smoke subset (`tests/transparency/test_smoke.py`: textwrap, colorsys and shlex,
converted, as written, in the converted form with no trace and inside our graph trace and a JAX trace, must pass
as they do unconverted). `make transparency` exits non-zero only
when an unconverted run did not finish or a suite could not be fetched: broken tests are its report.
"""


# Sections of docs/fidelity.md written by hand (analyses, dated measurements): a full run regenerates the rest
# of the page and keeps these, after the "Latest run" table.
KEPT_SECTIONS = ("## Suite time: where it goes", "## The converted form inside a JAX trace")


def kept_sections(text: str) -> str:
    """The hand-written sections of a page (``KEPT_SECTIONS``), each up to the next ``## `` heading, as they stand."""
    kept = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.strip() in KEPT_SECTIONS:
            end = next((j for j in range(index + 1, len(lines)) if lines[j].startswith("## ")), len(lines))
            kept.append("\n".join(lines[index:end]).rstrip())
    return "\n\n".join(kept)


def markdown(results: list[Result], elapsed: float, project: Path = ROOT, kept: str = "") -> str:
    sources = ["| suite | source | pinned | sha256 / note |", "|---|---|---|---|"]
    for r in results:
        s = r.suite
        pin = f"`{s.version}`" if s.kind == "pytest" else f"Python {platform.python_version()}"
        detail = f"`{s.sha256}`" if s.sha256 else ""
        detail += "".join(f"; {n.dist} `{n.sha256}`" for n in s.needs)
        if s.note:
            detail = f"{detail} {s.note}".strip()
        sources.append(f"| {s.name} | {s.source} | {pin} | {detail} |")
    today = datetime.date.today().isoformat()
    parts = [
        INTRO.replace("{suites}", str(len(SUITES))),
        f"## Latest run\n\n{today}, {_project_state(project)}; Python {platform.python_version()} on "
        f"{platform.machine()}, {os.cpu_count()} CPUs; {elapsed:.0f} s in all.\n",
        table(results),
        *([f"\n{kept}"] if kept else []),
        "\n## Tests that pass unconverted and fail converted\n",
        "First by kind (the message with names, quoted values and numbers blanked), then every test, per suite,",
        "grouped by the first line of the converted run's exception (and where it was raised).\n",
        failure_classes(results),
        "",
        broken(results),
        "\n## Functions not converted\n",
        refusals(results),
    ]
    odd = oddities(results)
    if odd:
        parts += ["\n## Runs to look at\n", odd]
    parts += ["\n## Suites and where they come from\n", "\n".join(sources)]
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.transparency", description=__doc__.splitlines()[0])
    parser.add_argument("suites", nargs="*", help="suite names (default: all); a subset leaves docs/fidelity.md")
    parser.add_argument("--list", action="store_true", help="list the suites and exit")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds per run of a suite")
    parser.add_argument("--project", type=Path, default=ROOT,
                        help="measure the autograph and runtime of another checkout (default: this one)")
    parser.add_argument("--doc", type=Path, default=None,
                        help=f"write the markdown report here (default for a full run: "
                             f"{DRAFT.relative_to(ROOT)}, or {DOC.relative_to(ROOT)} with AUTOGRAPH_UPDATE_DOCS=1)")
    parser.add_argument("--trace", choices=["none", "graph", "jax"], default="none",
                        help="where the converted form runs: with no trace (the default: nothing staged), inside a "
                             "graph trace of ours in which plain values stage nothing (NumPy's random draws are "
                             "staged), or inside a JAX trace (JAX refuses random draws). Inside a trace each suite "
                             "runs unconverted and in the converted form only; the report goes to --doc or is "
                             "printed, never to docs/fidelity.md")
    options = parser.parse_args(argv)
    by_name = {s.name: s for s in SUITES}
    if options.list:
        for s in SUITES:
            print(f"{s.name:16} {s.source}")
        return 0
    unknown = [name for name in options.suites if name not in by_name]
    if unknown:
        parser.error(f"unknown suite(s) {', '.join(unknown)}; --list shows them")
    suites = [by_name[name] for name in options.suites] or list(SUITES)
    project = options.project.resolve()
    # A full run leaves the tracked page alone unless asked (make transparency UPDATE_DOCS=1): checking
    # must not dirty the tree. The report goes to the git-ignored cache instead, kept sections included.
    full = not options.suites and project == ROOT and options.trace == "none"
    doc = options.doc or ((DOC if os.environ.get("AUTOGRAPH_UPDATE_DOCS") == "1" else DRAFT) if full else None)
    start = time.perf_counter()
    if options.trace == "none":
        print(f"transparency: {len(suites)} suites, each unconverted, then converted and run as written and in the "
              f"converted form ({_project_state(project)})")
    else:
        print(f"transparency: {len(suites)} suites, each unconverted, then converted and run inside a {options.trace} "
              f"trace (the converted form) ({_project_state(project)})")
    results = run_all(suites, CACHE / "runs", options.timeout, project=project, trace=options.trace)
    elapsed = time.perf_counter() - start
    print()
    print(table(results))
    print("\nTests that pass unconverted and fail converted, by kind:\n")
    print(failure_classes(results))
    print("\nTests that pass unconverted and fail converted:\n")
    print(broken(results, limit=10))
    print("\nFunctions not converted:\n")
    print(refusals(results))
    odd = oddities(results)
    if odd:
        print("\nRuns to look at:\n")
        print(odd)
    if doc is not None:
        kept = kept_sections(DOC.read_text(encoding="utf-8")) if DOC.exists() else ""
        doc.parent.mkdir(parents=True, exist_ok=True)
        doc.write_text(markdown(results, elapsed, project, kept), encoding="utf-8")
        print(f"\nwrote {doc.relative_to(ROOT) if doc.is_relative_to(ROOT) else doc}")
    print(f"total {elapsed:.0f} s")
    # Broken tests are the report, not a failure of it; an oracle run that did not finish is.
    return 1 if any(r.unconverted.problem or r.unconverted.seconds is None for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
