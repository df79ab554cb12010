"""ctile -- Python bindings for libctile (CUDA Tile IR: parse, verify, pass
pipelines, Tile IR bytecode, and the CPU reference interpreter).

Pure Python over libctile.so through ctypes; NumPy is needed only to run
kernels on arrays.

    import numpy as np, ctile
    m = ctile.Module.load("examples/softmax.mlir")       # MLIR text or .tileirbc
    x = np.random.default_rng(0).standard_normal((1024, 128), dtype=np.float32)
    y = np.zeros_like(x)
    m.run("softmax_rows", 128, x, y)                      # y is written in place
    data = m.to_bytecode(version="13.3")

Every failure the library reports raises ctile.Error, whose `diagnostics` are
the library's diagnostics (file, line, column, severity, message) and whose
str() reads as the tools print them ("FILE:LINE:COL: error: ...").
"""

import ctypes as _ct
import warnings as _warnings

from . import _lib

__all__ = ["Module", "Error", "Diagnostic", "Param", "version", "library_path"]

#: Path of the libctile shared library in use.
library_path = _lib.path


def version():
    """The library's version, "MAJOR.MINOR.PATCH"."""
    return _lib.lib.ctileGetVersion().decode()


__version__ = version()


class Diagnostic(object):
    """One diagnostic: `file`, `line`, `column` (None, 0, 0 without a file
    location), `severity` ("error", "warning", "remark", "note"),
    `message`, and `location` (the location as the library gave it)."""

    __slots__ = ("file", "line", "column", "severity", "message", "location")

    def __init__(self, file, line, column, severity, message, location=None):
        self.file, self.line, self.column = file, line, column
        self.severity, self.message = severity, message
        self.location = location if location is not None else \
            "%s:%d:%d" % (file, line, column)

    @classmethod
    def _from_c(cls, severity, location, message):
        parts = location.rsplit(":", 2)
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            return cls(parts[0], int(parts[1]), int(parts[2]), severity, message, location)
        return cls(None, 0, 0, severity, message, location)

    def __str__(self):
        # As the tools print it (lib/tool/diag_render.c), minus the source line.
        if self.file is not None:
            return "%s:%d:%d: %s: %s" % (self.file, self.line, self.column, self.severity,
                                        self.message)
        where = "" if self.location in ("loc(unknown)", "") else self.location + ": "
        return "<unknown>:0: %s: %s%s" % (self.severity, where, self.message)

    def __repr__(self):
        return "Diagnostic(%r, %d, %d, %r, %r)" % (self.file, self.line, self.column,
                                                    self.severity, self.message)


class Error(Exception):
    """A failure reported by libctile.  `diagnostics` lists what the library
    reported (errors, each followed by its notes); str(e) is one line per
    diagnostic, as the tools print them."""

    def __init__(self, diagnostics):
        if isinstance(diagnostics, str):
            diagnostics = [Diagnostic(None, 0, 0, "error", diagnostics, "")]
        self.diagnostics = list(diagnostics)
        Exception.__init__(self, "\n".join(str(d) for d in self.diagnostics))

    @property
    def errors(self):
        """Just the error diagnostics (no notes or warnings)."""
        return [d for d in self.diagnostics if d.severity == "error"]


class Param(object):
    """One parameter of an entry: `index`, `kind` ("buffer" for
    tile<ptr<T>>, "scalar" for tile<T>), `element_type` (T as MLIR prints
    it: "f32", "bf16", "i1", ...), `element_bytes` (per element in a buffer;
    0 for f4E2M1FN, two per byte) and `is_float`."""

    __slots__ = ("index", "kind", "element_type", "element_bytes", "is_float")

    def __init__(self, index, kind, element_type, element_bytes, is_float):
        self.index, self.kind, self.element_type = index, kind, element_type
        self.element_bytes, self.is_float = element_bytes, is_float

    def __repr__(self):
        return "Param(%d, %s)" % (self.index, str(self))

    def __str__(self):
        return ("ptr<%s>" if self.kind == "buffer" else "%s") % self.element_type


class _Context(object):
    """A libctile context plus the diagnostics collected from it."""

    def __init__(self, allow_unregistered=False):
        self.handle = _lib.lib.ctileContextCreate()
        if not self.handle.ptr:
            raise MemoryError("ctileContextCreate failed")
        self.diags = []
        # The ctypes callback must live as long as the context.
        self._cb = _lib.DiagnosticHandler(self._on_diag)
        _lib.lib.ctileContextSetDiagnosticHandler(self.handle, self._cb, None)
        if allow_unregistered:
            _lib.lib.ctileContextSetAllowUnregisteredDialects(self.handle, True)

    def _on_diag(self, severity, location, message, user):
        sev = _lib.SEVERITIES[severity] if 0 <= severity < 4 else "error"
        self.diags.append(Diagnostic._from_c(sev, location.decode("utf-8", "replace"),
                                             message.decode("utf-8", "replace")))

    def take(self):
        d, self.diags = self.diags, []
        return d

    def check(self, ok, what):
        """Raises Error with the diagnostics collected since the last call
        when `ok` is false; warnings and remarks of a success are issued as
        Python warnings."""
        diags = self.take()
        if not ok:
            raise Error(diags or [Diagnostic(None, 0, 0, "error", what + " failed", "")])
        for d in diags:
            if d.severity != "note":
                _warnings.warn(str(d), RuntimeWarning, stacklevel=3)

    def close(self):
        if self.handle is not None and self.handle.ptr:
            _lib.lib.ctileContextDestroy(self.handle)
        self.handle = None


def _collect(call):
    """Calls call(callback) and returns the bytes handed to the callback."""
    pieces = []
    cb = _lib.StringCallback(lambda s, user: pieces.append(s.bytes()))
    result = call(cb)
    return result, b"".join(pieces)


def _parse_version(version):
    if version is None:
        return 0, 0
    if isinstance(version, (tuple, list)) and len(version) == 2:
        return int(version[0]), int(version[1])
    text = str(version)
    parts = text.split(".")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError("bytecode version must be 'MAJOR.MINOR' (e.g. '13.3'), got %r"
                         % (version,))
    return int(parts[0]), int(parts[1])


# NumPy dtypes accepted for a buffer of each element type.  NumPy has no
# bf16, tf32, fp8 or fp4: those buffers are passed as raw bits (as ctile-run
# exchanges them), or as ml_dtypes' types of the same name and size.
_FLOAT_DTYPES = {"f16": ("float16",), "f32": ("float32",), "f64": ("float64",),
                 "bf16": ("uint16", "bfloat16"), "tf32": ("uint32",),
                 "f8E4M3FN": ("uint8", "float8_e4m3fn"), "f8E5M2": ("uint8", "float8_e5m2"),
                 "f8E8M0FNU": ("uint8", "float8_e8m0fnu"), "f4E2M1FN": ("uint8",)}


def _buffer_dtypes(p):
    t = p.element_type
    if t in _FLOAT_DTYPES:
        return _FLOAT_DTYPES[t]
    if t == "i1":
        return ("bool",)
    bits = 8 * p.element_bytes
    return ("int%d" % bits, "uint%d" % bits)


def _grid(grid):
    dims = (grid,) if not isinstance(grid, (tuple, list)) else tuple(grid)
    if not 1 <= len(dims) <= 3:
        raise ValueError("grid must be an int or a tuple of 1 to 3 ints, got %r" % (grid,))
    out = []
    for d in dims:
        if isinstance(d, bool) or not hasattr(d, "__index__"):
            raise TypeError("grid dimensions must be ints, got %r" % (grid,))
        d = d.__index__()
        if d < 1:
            raise ValueError("grid dimensions must be >= 1, got %r" % (grid,))
        out.append(d)
    return out + [1] * (3 - len(out))


class Module(object):
    """A parsed, verified Tile IR module (cuda_tile.module inside a
    builtin.module, as ctile-opt holds it).  Each Module has its own
    libctile context."""

    def __init__(self, _ctx, _handle, _source):
        self._ctx = _ctx
        self._handle = _handle
        self.source = _source  #: file name or "<string>" / "<bytecode>"

    # ---- construction -----------------------------------------------------

    @classmethod
    def parse(cls, text, filename="<string>", allow_unregistered=False):
        """Parses and verifies MLIR text (str or bytes).  `filename` names
        the text in diagnostics."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        ctx = _Context(allow_unregistered)
        if _lib.lib.ctileIsBytecode(data, len(data)):
            ctx.close()
            raise Error([Diagnostic(filename, 0, 0, "error",
                                    "input is Tile IR bytecode, not MLIR text; use "
                                    "Module.from_bytecode() or Module.load()",
                                    filename)])
        filename = str(filename)
        return cls._finish(ctx, _lib.lib.ctileModuleParse(
            ctx.handle, data, len(data), filename.encode()), "parse", filename)

    @classmethod
    def from_bytecode(cls, data):
        """Reads Tile IR bytecode (bytes, e.g. a .tileirbc file's contents)."""
        data = bytes(data)
        ctx = _Context()
        return cls._finish(ctx, _lib.lib.ctileModuleReadBytecode(ctx.handle, data, len(data)),
                           "reading bytecode", "<bytecode>")

    @classmethod
    def load(cls, path, allow_unregistered=False):
        """Reads a file: Tile IR bytecode when it starts with the bytecode
        magic, MLIR text otherwise."""
        with open(path, "rb") as f:
            data = f.read()
        if _lib.lib.ctileIsBytecode(data, len(data)):
            m = cls.from_bytecode(data)
            m.source = str(path)
            return m
        return cls.parse(data, filename=str(path), allow_unregistered=allow_unregistered)

    @classmethod
    def _finish(cls, ctx, handle, what, source):
        try:
            ctx.check(bool(handle.ptr), what)
        except Error:
            ctx.close()
            raise
        return cls(ctx, handle, source)

    # ---- lifetime -----------------------------------------------------------

    def close(self):
        """Frees the module and its context (also done when it is collected)."""
        if getattr(self, "_handle", None) is not None:
            _lib.lib.ctileModuleDestroy(self._handle)
            self._handle = None
        if getattr(self, "_ctx", None) is not None:
            self._ctx.close()
            self._ctx = None

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown: ctypes may already be gone
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _h(self):
        if self._handle is None:
            raise ValueError("the module has been closed")
        return self._handle

    # ---- queries and transformations ----------------------------------------

    def verify(self):
        """Runs the verifier; returns True or raises Error."""
        ok = _lib.lib.ctileModuleVerify(self._h())
        self._ctx.check(ok, "verification")
        return True

    def run_pass_pipeline(self, pipeline):
        """Runs a textual pass pipeline in place and returns the module.
        An anchored pipeline names the top-level op: "builtin.module(...)"
        for parsed text, "cuda_tile.module(...)" for a module read from
        bytecode; "canonicalize,cse" (unanchored) runs on either."""
        ok = _lib.lib.ctileModuleRunPipeline(self._h(), pipeline.encode())
        self._ctx.check(ok, "pass pipeline")
        return self

    def print(self, generic=False, debuginfo=False, local_scope=False):
        """The module as ctile-opt prints it (custom form unless `generic`)."""
        flags = ((_lib.PRINT_GENERIC if generic else 0) |
                 (_lib.PRINT_DEBUGINFO if debuginfo else 0) |
                 (_lib.PRINT_LOCAL_SCOPE if local_scope else 0))
        h = self._h()
        _, text = _collect(lambda cb: _lib.lib.ctileModulePrint(h, flags, cb, None))
        self._ctx.check(True, "printing")
        return text.decode("utf-8")

    def __str__(self):
        return self.print()

    def __repr__(self):
        return "<ctile.Module from %s, entries %s>" % (self.source, self.entries)

    def to_bytecode(self, version="13.3"):
        """Serializes to Tile IR bytecode ("13.1", "13.2", "13.3" or a
        (major, minor) tuple; None: the newest); returns bytes."""
        major, minor = _parse_version(version)
        h = self._h()
        ok, data = _collect(lambda cb: _lib.lib.ctileModuleWriteBytecode(h, major, minor,
                                                                          cb, None))
        self._ctx.check(ok, "writing bytecode")
        return data

    @property
    def entries(self):
        """Names of the module's cuda_tile.entry ops, in order."""
        h = self._h()
        return [_lib.lib.ctileEntryGetName(_lib.lib.ctileModuleGetEntry(h, i)).str()
                for i in range(_lib.lib.ctileModuleGetNumEntries(h))]

    def _entry(self, name):
        op = _lib.lib.ctileModuleLookupEntry(self._h(), _strref(name.encode()))
        if not op.ptr:
            raise Error([self._module_diag(
                "no cuda_tile.entry named '%s' (entries: %s)"
                % (name, ", ".join(self.entries) or "none"))])
        return op

    def _module_diag(self, message):
        op = _lib.lib.ctileModuleGetOperation(self._h())
        f, line, col = _lib.StringRef(), _ct.c_uint(), _ct.c_uint()
        if _lib.lib.ctileLocationGetFileLineCol(_lib.lib.ctileOperationGetLocation(op),
                                                _ct.byref(f), _ct.byref(line),
                                                _ct.byref(col)):
            return Diagnostic(f.str(), line.value, col.value, "error", message)
        return Diagnostic(None, 0, 0, "error", message, "")

    def signature(self, entry):
        """The parameters of entry `entry`, as a list of Param."""
        op = self._entry(entry)
        out = []
        for i in range(_lib.lib.ctileEntryGetNumParams(op)):
            p = _lib.EntryParam()
            _lib.lib.ctileEntryGetParam(op, i, _ct.byref(p))
            out.append(Param(i, "buffer" if p.kind == _lib.RUN_ARG_BUFFER else "scalar",
                             p.elementTypeName.str(), p.elementBytes, bool(p.isFloat)))
        return out

    # ---- running ---------------------------------------------------------------

    def run(self, entry, grid, *args, threads=1, max_steps=None, shape_args=False,
            check=None):
        """Runs entry `entry` over `grid` tile blocks (an int or a tuple of
        up to three ints) in the CPU reference interpreter.

        One argument per parameter: a C-contiguous, writeable NumPy array
        for a pointer parameter (its dtype must match the element type;
        bf16, tf32, fp8 and fp4 buffers are raw-bit uint16/uint32/uint8
        views), written in place; a Python or NumPy scalar for a scalar
        parameter.  With shape_args=True every array stands for itself
        followed by its shape and then its strides (in elements), as cuTile
        Python passes an array to a kernel (ctile-run's --shape-args).

        Runtime checks (bounds, alignment, division by zero, assert/assume,
        flagged overflow) are always on; a failure raises Error with the
        op's location and the tile block id.  Returns the print_tko output
        (a str, "" when the kernel prints nothing).  `max_steps` bounds the
        ops one tile block may execute (None: ctile-run's default, 0:
        unlimited).

        `check` turns on ctile-run's --check: a string or a list of
        "order", "races", "uninit", "order-shuffle=SEED" or "all" (see
        docs/ctile-run.md); a memory-ordering bug or race then raises Error
        with both ops' locations.  Checked runs use one thread."""
        checks, seed = _parse_checks(check)
        params = self.signature(entry)  # raises Error for an unknown entry
        if shape_args:
            args = _expand_shape_args(args)
        if len(args) != len(params):
            raise TypeError("entry '%s' takes %d argument(s) (%s), %d given"
                            % (entry, len(params), ", ".join(str(p) for p in params),
                               len(args)))
        cargs = (_lib.RunArg * max(1, len(args)))()
        for p, a, c in zip(params, args, cargs):
            _convert_arg(entry, p, a, c)
        opts = _lib.RunOptions()
        opts.grid[:] = _grid(grid)
        opts.threads = int(threads)
        opts.maxSteps = 100000000 if max_steps is None else int(max_steps)
        opts.checks = checks
        opts.checkSeed = seed
        printed = []
        cb = _lib.StringCallback(lambda s, user: printed.append(s.bytes()))
        opts.print = cb
        name = entry.encode()
        ok = _lib.lib.ctileRunEntry(self._h(), _strref(name), cargs, len(args),
                                    _ct.byref(opts))
        self._ctx.check(ok, "running '%s'" % entry)
        return b"".join(printed).decode("utf-8", "replace")


def _parse_checks(check):
    """check= of Module.run -> (CTILE_RUN_CHECK_* bits, shuffle seed)."""
    if check is None or check is False:
        return 0, 1
    items = check.split(",") if isinstance(check, str) else list(check)
    bits, seed = 0, 1
    for item in items:
        if not isinstance(item, str):
            raise TypeError("check= takes a string or a list of strings, not %r" % (item,))
        if item in _lib.RUN_CHECKS:
            bits |= _lib.RUN_CHECKS[item]
        elif item.startswith("order-shuffle=") and item[14:].isdigit():
            bits |= _lib.RUN_CHECK_SHUFFLE
            seed = int(item[14:])
            if seed >= 1 << 64:
                raise ValueError("check=: seed %d does not fit in 64 bits" % seed)
        else:
            raise ValueError("check=: unknown check %r (expected order, races, uninit, "
                             "order-shuffle=SEED or all)" % item)
    return bits, seed


def _strref(b):
    r = _lib.StringRef()
    r.data = _ct.cast(_ct.c_char_p(b), _ct.c_void_p)
    r.length = len(b)
    r._keep = b
    return r


def _is_array(a):
    return hasattr(a, "__array_interface__") and hasattr(a, "ctypes") and hasattr(a, "flags")


def _expand_shape_args(args):
    out = []
    for a in args:
        out.append(a)
        if _is_array(a):
            out.extend(int(d) for d in a.shape)
            size = a.itemsize
            out.extend(int(s) // size for s in a.strides)
    return out


def _convert_arg(entry, p, a, c):
    where = "argument %d of '%s' (%s)" % (p.index, entry, p)
    if p.kind == "buffer":
        if not _is_array(a):
            raise TypeError("%s takes a NumPy array, got %s" % (where, type(a).__name__))
        allowed = _buffer_dtypes(p)
        if a.dtype.name not in allowed:
            raise TypeError("%s takes a %s array, got dtype %s"
                            % (where, " or ".join(allowed), a.dtype.name))
        if not a.flags.c_contiguous:
            raise ValueError("%s must be C-contiguous (use numpy.ascontiguousarray)" % where)
        if not a.flags.writeable:
            raise ValueError("%s must be writeable (the kernel may store to it)" % where)
        c.kind = _lib.RUN_ARG_BUFFER
        c.data = a.ctypes.data if a.nbytes else None
        c.bytes = a.nbytes
        return
    if _is_array(a) and a.ndim == 0:
        a = a[()]
    c.kind = _lib.RUN_ARG_SCALAR
    if hasattr(a, "item") and not isinstance(a, (int, float, bool)):
        a = a.item()  # NumPy scalar -> Python scalar
    if p.is_float:
        if not isinstance(a, (int, float)):
            raise TypeError("%s takes a number, got %s" % (where, type(a).__name__))
        c.f = float(a)
        return
    if isinstance(a, float) or not isinstance(a, int):
        raise TypeError("%s takes an integer, got %s" % (where, type(a).__name__))
    bits = 1 if p.element_type == "i1" else 8 * p.element_bytes
    if not -(1 << (bits - 1)) <= a < (1 << bits):
        raise OverflowError("%s: %d does not fit in %s" % (where, a, p.element_type))
    if a >= 1 << 63:
        a -= 1 << 64  # the unsigned spelling of an i64 bit pattern
    c.i = int(a)
