"""The inputs and outputs of the checked function: what may be checked, given a tensor identity of its own,
named, and what the function returned.
"""

from __future__ import annotations

import inspect
import numbers
from typing import Callable

import numpy as np
import tensorflow as tf

from ..boundary import describe_return, gradients_problem
from .report import _Problem


def _float_dtype_of(inputs) -> tf.DType:
    for x in inputs:
        dtype = getattr(x, "dtype", None)
        try:
            dtype = tf.as_dtype(dtype) if dtype is not None else None
        except TypeError:
            dtype = None
        if dtype is not None and dtype.is_floating:
            return dtype
    return tf.float32


def _is_setting(x) -> bool:
    """A plain Python number passed next to tensors: a setting of the function, not an input to differentiate."""
    return isinstance(x, (bool, int, float)) and not isinstance(x, np.generic)


def _is_float(x) -> bool:
    return tf.is_tensor(x) and x.dtype.is_floating


def _as_tensor(x, name: str, float_dtype: tf.DType) -> tf.Tensor:
    if x is None:
        raise TypeError(f"input {name!r} is None; pass the value to check at, e.g. tf.constant([1.0, 2.0])")
    if isinstance(x, (tf.RaggedTensor, tf.SparseTensor)):
        raise TypeError(f"input {name!r} is a {type(x).__name__}; check_gradients needs dense tensors: "
                        "pass x.to_tensor() (ragged) or tf.sparse.to_dense(x) (sparse)")
    if isinstance(x, str) or (isinstance(x, (list, tuple)) and any(isinstance(v, str) for v in x)):
        raise TypeError(f"input {name!r} is text, not numbers. A setting such as a mode name is not an input: "
                        "bind it first, check_gradients(lambda x: f(x, 'mode'), x) or functools.partial")
    if isinstance(x, (np.ndarray, np.generic)) and np.asarray(x).dtype == np.longdouble \
            and np.longdouble != np.float64:
        raise TypeError(f"input {name!r} is np.longdouble, which TensorFlow has no dtype for: pass it as float64, "
                        "x.astype(np.float64)")
    if isinstance(x, np.generic):
        return tf.constant(np.asarray(x))          # a NumPy scalar keeps its dtype, like an array
    if isinstance(x, tf.Variable) or (not tf.is_tensor(x) and hasattr(x, "__tf_tensor__")):
        x = tf.convert_to_tensor(x)
    if not tf.is_tensor(x):
        try:
            arr = np.asarray(x)
        except Exception:  # noqa: BLE001 - any failure means "not array-like"
            arr = None
        if isinstance(x, (list, tuple)) and (arr is None or arr.dtype == object):
            raise TypeError(f"input {name!r} is a list whose rows have different lengths (or hold something other "
                            "than numbers): a tensor needs every row the same length, e.g. [[1.0, 2.0], [3.0, 4.0]]")
        if arr is None or arr.dtype == object or arr.dtype.kind not in "biufc":
            raise TypeError(f"input {name!r} must be a tf.Tensor, tf.Variable, NumPy array or number, "
                            f"got {type(x).__name__}")
        x = tf.constant(arr)
    if x.dtype.is_complex:
        raise TypeError(f"input {name!r} is complex ({x.dtype.name}); check_gradients checks real-valued "
                        "gradients: split it into real and imaginary parts")
    if x.dtype.is_floating and x.shape.num_elements() and tf.executing_eagerly() and \
            not np.all(np.isfinite(x.numpy())):
        raise ValueError(f"input {name!r} holds inf or NaN; check the gradient at a point where every entry "
                         "is finite")
    return x


def _copy(x: tf.Tensor, dtype=None) -> tf.Tensor:
    """A new tensor holding ``x``'s values (in ``dtype``, a NumPy dtype, if given): its own identity for the tape.

    Eagerly it is made from NumPy, cheaper than a TensorFlow op on a small input."""
    if not tf.executing_eagerly():
        return tf.identity(x) if dtype is None else tf.cast(x, tf.as_dtype(dtype))
    values = x.numpy()
    return tf.constant(values if dtype is None else np.asarray(values, dtype=dtype))


def _size(x) -> int:
    """The number of entries of tensor ``x``, from its static shape when known (no TensorFlow op)."""
    n = x.shape.num_elements()
    return int(n) if n is not None else int(tf.size(x))


def _values(out):
    """An expect= function's output as a tensor: NumPy arrays and numbers are converted, the rest kept."""
    if isinstance(out, (np.ndarray, np.generic, float, int)) and not isinstance(out, bool):
        return tf.constant(np.asarray(out))
    return out


def _shapes_text(outs) -> str:
    shapes = [tuple(o.shape) if hasattr(o, "shape") else type(o).__name__ for o in outs]
    return ", ".join(map(str, shapes)) if len(shapes) != 1 else f"shape {shapes[0]}"


def _input_names(f: Callable, count: int) -> list[str]:
    try:
        params = [p for p in inspect.signature(f).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params[:count]]
    names += [f"input {i}" for i in range(len(names), count)]
    seen = {}
    for i, n in enumerate(names):           # two inputs never share a name in the report
        if n in seen:
            names[i] = f"{n} ({i})"
        seen[n] = i
    return names


def _function_name(f: Callable) -> str:
    return getattr(f, "__name__", None) or type(f).__name__


def _raw_pair_function(f: Callable):
    """The undecorated function behind a ``tf.custom_gradient`` (or strict) function, if there is one."""
    raw = getattr(f, "__wrapped__", None)
    return raw if callable(raw) else None


def _is_pair(out) -> bool:
    return isinstance(out, (tuple, list)) and len(out) == 2 and callable(out[1]) and not tf.is_tensor(out[1])


def _outputs(f_name: str, y) -> tuple[list[tf.Tensor], bool]:
    """The outputs as a list of tensors, and whether there was just one."""
    if isinstance(y, (tf.RaggedTensor, tf.SparseTensor)):
        raise _Problem("not_a_tensor", f"{f_name} returned a {type(y).__name__}; check_gradients needs a dense "
                                       "tensor (y.to_tensor() for a ragged one)")
    if describe_return(y) is None:
        outputs, single = [y], True
    elif isinstance(y, (tuple, list)) and y and all(describe_return(v) is None for v in y):
        outputs, single = list(y), False
    else:
        raise _Problem("not_a_tensor", f"{f_name} returned {describe_return(y)[1]}")
    for v in outputs:
        if not v.dtype.is_floating:
            raise _Problem("not_float", f"{f_name} returned a {v.dtype.name} tensor; only floating-point outputs "
                                        "have gradients (compute in float32 or float64)")
    return outputs, single


def _refuse_container(f_name: str, grads, count: int) -> None:
    """What grad returned cannot be its gradients (None for several inputs, a dict, a generator)."""
    problem = gradients_problem(grads, count)
    if problem is not None:
        raise _Problem(problem[0], f"{f_name}'s {problem[1]}")


def _dense(grads: list, like: list | None = None) -> list:
    """``grads`` with sparse gradients (tf.IndexedSlices, from tf.gather or an embedding) made dense.

    A tf.IndexedSlices without dense_shape takes the shape of its tensor in ``like``."""
    out = []
    for k, g in enumerate(grads):
        if isinstance(g, tf.IndexedSlices):
            if g.dense_shape is None and like is not None and k < len(like) and like[k] is not None:
                rows = int(like[k].shape[0])
                g = tf.math.unsorted_segment_sum(g.values, g.indices, rows)
            else:
                g = tf.convert_to_tensor(g)
        out.append(g)
    return out


_MAX_INPUT_ENTRIES = 1_000_000
"""Inputs larger than this (all together) are refused: a wrong gradient's diagnosis at 4 million entries peaked at
2.2 GB, more than a Binder session has."""


_FULL_MODE_MAX_ENTRIES = 250_000
"""The largest Jacobian (outputs × input entries) mode="full" builds: 500 × 500 takes about 1.5 s."""
_FULL_MODE_MAX_OUTPUTS = 2_000
"""The most output entries mode="full" takes: one backward pass each, and each pass grows with the output, so
2,000 outputs of one scalar input take about 6 s, 5,000 about 25 s and 200,000 far longer. The notebooks use 3."""


def _refuse_a_large_full_mode(output_size: int, input_size: int) -> None:
    """Refuse, before any Jacobian is built, a mode="full" check too slow to wait for."""
    entries = output_size * max(1, input_size)
    if output_size <= _FULL_MODE_MAX_OUTPUTS and entries <= _FULL_MODE_MAX_ENTRIES:
        return
    inputs = f"{input_size:,} input entr{'y' if input_size == 1 else 'ies'}"
    raise ValueError(f"mode='full' would compute Jacobians of {output_size:,} output entries × {inputs} "
                     f"({entries:,} entries, one backward pass per output entry): too slow for a notebook cell. Full "
                     f"mode takes up to {_FULL_MODE_MAX_OUTPUTS:,} output entries and {_FULL_MODE_MAX_ENTRIES:,} "
                     "Jacobian entries. Use mode='fast' (the default: a few passes at any size), or check the "
                     "function on a smaller output.")


def _check_arguments(f, inputs, mode, rtol, atol, seed, raise_on_failure, expect, order, graph) -> None:
    """Refuse, with a sentence, arguments check_gradients cannot use (before anything runs)."""
    if not callable(f):
        raise TypeError(f"check_gradients(f, *inputs) needs a function first, got {type(f).__name__}")
    if mode not in ("fast", "full"):
        raise ValueError(f"mode must be 'fast' or 'full', got {mode!r}")
    if not inputs:
        raise ValueError("give the inputs to check at: check_gradients(f, x) or check_gradients(f, x, A)")
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise TypeError(f"seed must be a whole number, got {seed!r}")
    if seed < 0:
        raise ValueError(f"seed must be a whole number ≥ 0, got {seed}")
    for name, value in (("raise_on_failure", raise_on_failure), ("graph", graph)):
        if not isinstance(value, (bool, np.bool_)):
            raise TypeError(f"{name} must be True or False, got {value!r}")
    if order not in (1, 2) or isinstance(order, bool):
        raise ValueError(f"order must be 1 (the gradient) or 2 (also the gradient of the gradient), got {order!r}")
    if not (expect is None or expect == "surrogate" or callable(expect)):
        raise ValueError(f"expect must be None, 'surrogate' or a function whose derivative grad should equal, "
                         f"got {expect!r}")
    for name, value in (("rtol", rtol), ("atol", atol)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, numbers.Real)
                                  or not np.isfinite(value) or value < 0):
            raise ValueError(f"{name} must be a finite number ≥ 0, got {value!r}")


def _prepare_inputs(inputs: tuple, names: list[str], mode: str) -> list:
    """The point to check at: each tensor a copy with an identity of its own, settings as they are.

    Each tensor gets an identity of its own (f(x, x) has two inputs, and f may also read the tensor passed as a
    constant, which the tape must not differentiate). Python numbers next to tensors are settings, passed to f
    as they are; numbers alone, as in check_gradients(f, 2.0), are the point itself.
    """
    float_dtype = _float_dtype_of(inputs)
    alone = all(_is_setting(x) for x in inputs)
    xs = []
    for x, n in zip(inputs, names):
        if _is_setting(x) and not alone:
            xs.append(x)
        elif _is_setting(x):
            xs.append(tf.constant(x))
        else:
            xs.append(_copy(_as_tensor(x, n, float_dtype)))
    for x, n in zip(xs, names):
        if tf.is_tensor(x) and x.dtype.is_floating and x.shape.num_elements() == 0:
            raise ValueError(f"input {n!r} is empty (shape {tuple(x.shape)}): there is nothing to check; give it "
                             "at least one entry")
    size = sum(_size(x) for x in xs if tf.is_tensor(x))
    if size > _MAX_INPUT_ENTRIES:
        raise ValueError(f"the inputs hold {size:,} entries; check_gradients takes up to "
                         f"{_MAX_INPUT_ENTRIES:,} (its finite differences keep float64 copies of them, and a wrong "
                         "gradient's diagnosis needs several: more could exhaust a notebook's memory). Check the "
                         "function on a smaller input of the same kind: a gradient right there is right at any size.")
    if mode == "full" and size * max(1, size) > _FULL_MODE_MAX_ENTRIES:
        raise ValueError(f"mode='full' builds Jacobians entry by entry, too slow for {size} input "
                         "entries; use mode='fast' (the default) for inputs this large")
    return xs
