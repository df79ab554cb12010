"""ctile._lib -- finds and loads libctile.so and declares the C API (ctile.h)
that the package uses, through ctypes.

Where the library is looked for, first hit wins:
  1. $CTILE_LIBRARY (a path to the shared library; an error if it cannot be
     loaded, so a wrong setting is never silently replaced by another copy);
  2. the path recorded by `cmake --install` in ctile/_install.py;
  3. next to the package: ctile/libctile.so, then the lib directory of the
     prefix the package was installed into (PREFIX/lib*/python3*/.../ctile
     -> PREFIX/lib*);
  4. the build tree of a source checkout: <repo>/build/lib (python/ctile is
     two levels below the repository root);
  5. the dynamic linker's search path (ctypes.util.find_library).
"""

import ctypes
import ctypes.util
import os

_PKG_DIR = os.path.dirname(os.path.abspath(__file__))
_NAMES = ("libctile.so", "libctile.so.0", "libctile.dylib")


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def bytes(self):
        return ctypes.string_at(self.data, self.length) if self.length else b""

    def str(self):
        return self.bytes().decode("utf-8", "replace")


def _handle(name):
    return type(name, (ctypes.Structure,), {"_fields_": [("ptr", ctypes.c_void_p)]})


Context = _handle("CtileContext")
Module = _handle("CtileModule")
Operation = _handle("CtileOperation")
Type = _handle("CtileType")
Location = _handle("CtileLocation")

RUN_ARG_SCALAR = 0
RUN_ARG_BUFFER = 1

PRINT_GENERIC = 1 << 0
PRINT_DEBUGINFO = 1 << 1
PRINT_LOCAL_SCOPE = 1 << 2

SEVERITIES = ("error", "warning", "remark", "note")

DiagnosticHandler = ctypes.CFUNCTYPE(None, ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p,
                                     ctypes.c_void_p)
StringCallback = ctypes.CFUNCTYPE(None, StringRef, ctypes.c_void_p)


class RunArg(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("i", ctypes.c_int64), ("f", ctypes.c_double),
                ("data", ctypes.c_void_p), ("bytes", ctypes.c_size_t)]


class RunOptions(ctypes.Structure):
    _fields_ = [("grid", ctypes.c_int64 * 3), ("threads", ctypes.c_int),
                ("print", StringCallback), ("printUserData", ctypes.c_void_p),
                ("maxSteps", ctypes.c_uint64),
                ("checks", ctypes.c_uint), ("checkSeed", ctypes.c_uint64)]


# CTILE_RUN_CHECK_* (ctile.h): the checks of ctile-run --check=LIST.
RUN_CHECKS = {"order": 1, "races": 2, "uninit": 4, "all": 31}
RUN_CHECK_SHUFFLE = 8


class EntryParam(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("elementType", Type),
                ("elementTypeName", StringRef), ("elementBytes", ctypes.c_size_t),
                ("isFloat", ctypes.c_bool)]


def _candidates():
    try:
        from . import _install  # written by `cmake --install`
        yield _install.LIBRARY
    except ImportError:
        pass
    for name in _NAMES:
        yield os.path.join(_PKG_DIR, name)
    # PREFIX/lib/python3/dist-packages/ctile -> PREFIX/lib (any depth up to 4)
    up = _PKG_DIR
    for _ in range(4):
        up = os.path.dirname(up)
        if os.path.basename(up).startswith("lib"):
            for name in _NAMES:
                yield os.path.join(up, name)
    root = os.path.dirname(os.path.dirname(_PKG_DIR))
    for name in _NAMES:
        yield os.path.join(root, "build", "lib", name)
    found = ctypes.util.find_library("ctile")
    if found:
        yield found


def _load():
    env = os.environ.get("CTILE_LIBRARY")
    if env:
        try:
            return ctypes.CDLL(env), env
        except OSError as e:
            raise ImportError("ctile: cannot load CTILE_LIBRARY=%s: %s" % (env, e)) from e
    tried = []
    for path in _candidates():
        if path in tried:
            continue
        tried.append(path)
        if os.sep in path and not os.path.exists(path):
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError:
            continue
    raise ImportError("ctile: libctile.so not found (looked at %s); build ctile "
                      "(cmake -S . -B build && cmake --build build) or set CTILE_LIBRARY"
                      % ", ".join(tried))


lib, path = _load()


def _fn(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


_c = ctypes
_fn("ctileGetVersion", _c.c_char_p)
_fn("ctileContextCreate", Context)
_fn("ctileContextDestroy", None, Context)
_fn("ctileContextSetAllowUnregisteredDialects", None, Context, _c.c_bool)
_fn("ctileContextSetDiagnosticHandler", None, Context, DiagnosticHandler, _c.c_void_p)
_fn("ctileModuleParse", Module, Context, _c.c_char_p, _c.c_size_t, _c.c_char_p)
_fn("ctileModuleReadBytecode", Module, Context, _c.c_char_p, _c.c_size_t)
_fn("ctileModuleDestroy", None, Module)
_fn("ctileModuleGetOperation", Operation, Module)
_fn("ctileModuleVerify", _c.c_bool, Module)
_fn("ctileModuleRunPipeline", _c.c_bool, Module, _c.c_char_p)
_fn("ctileModulePrint", None, Module, _c.c_uint, StringCallback, _c.c_void_p)
_fn("ctileModuleWriteBytecode", _c.c_bool, Module, _c.c_uint, _c.c_uint, StringCallback,
    _c.c_void_p)
_fn("ctileOperationGetLocation", Location, Operation)
_fn("ctileLocationGetFileLineCol", _c.c_bool, Location, _c.POINTER(StringRef),
    _c.POINTER(_c.c_uint), _c.POINTER(_c.c_uint))
_fn("ctileModuleGetNumEntries", _c.c_ssize_t, Module)
_fn("ctileModuleGetEntry", Operation, Module, _c.c_ssize_t)
_fn("ctileModuleLookupEntry", Operation, Module, StringRef)
_fn("ctileEntryGetName", StringRef, Operation)
_fn("ctileEntryGetNumParams", _c.c_ssize_t, Operation)
_fn("ctileEntryGetParam", _c.c_bool, Operation, _c.c_ssize_t, _c.POINTER(EntryParam))
_fn("ctileIsBytecode", _c.c_bool, _c.c_char_p, _c.c_size_t)
_fn("ctileRunEntry", _c.c_bool, Module, StringRef, _c.POINTER(RunArg), _c.c_size_t,
    _c.POINTER(RunOptions))
