"""How does ``check_gradients`` fare on the real-world corpus? A report, not a test.

    python tests/realworld_check_report.py              # every case, seeds 0-4, fast and full mode
    python tests/realworld_check_report.py attention    # only cases whose name contains "attention"
    python tests/realworld_check_report.py --helpers-from /tmp/head   # helpers/ unpacked elsewhere

For every case of ``realworld_gradients.CASES`` it runs
``check_gradients(f, *inputs, raise_on_failure=False, seed=s, mode=m, **case.check_kwargs)``
for seeds 0-4 in mode "fast" and, where the inputs are small enough, "full";
every exception is caught. One line per case gives the verdict: ok, failed
(with the report's mistake and first note, and in how many runs), or raised
(the exception). Options in ``check_kwargs`` that this checker does not
accept (``expect``, ``order``, ``graph`` before the rewrite) make the line say
"unsupported option"; the case is then also run without them, shown in
brackets and summarised separately, never counted as a false alarm or a miss.

The summary counts correct cases with a false alarm, broken cases missed,
surrogates called plain mistakes, how kinks are handled, and crashes.
"""

from __future__ import annotations

import argparse
import inspect
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

HERE = os.path.dirname(os.path.abspath(__file__))
SEEDS = range(5)
MODES = ("fast", "full")
# mode="full" costs two forward passes per input entry and one backward pass
# per output entry, for every seed; above this many input entries only "fast" runs.
FULL_MODE_MAX_INPUT_ENTRIES = 75
NOTE_WIDTH = 110


@dataclass
class Run:
    status: str                 # "ok" | "failed" | "raised" | "unsupported"
    mistake: str | None = None
    note: str | None = None


def _first_line(text: str) -> str:
    line = next((l for l in str(text).splitlines() if l.strip()), "")
    return line if len(line) <= NOTE_WIDTH else line[:NOTE_WIDTH - 1] + "…"


def _report_mistake(report) -> str | None:
    mistake = getattr(report, "mistake", None)
    if mistake:
        return mistake
    for r in getattr(report, "inputs", []) or []:
        if not getattr(r, "ok", True) and getattr(r, "mistake", None):
            return r.mistake
    return None


def _report_note(report) -> str:
    notes = [line[2:] for line in str(report).splitlines() if line.startswith("- ")]
    return _first_line(notes[0]) if notes else ""


def _input_entries(inputs) -> int:
    import numpy as np
    import tensorflow as tf
    total = 0
    for x in inputs:
        if tf.is_tensor(x) or isinstance(x, (tf.Variable, np.ndarray)):
            total += int(np.prod(x.shape))
    return total


def run_once(check_gradients, case, mode: str, seed: int, drop=()) -> Run:
    kwargs = {k: v for k, v in case.check_kwargs.items() if k not in drop}
    try:
        f, inputs = case.make()
        report = check_gradients(f, *inputs, raise_on_failure=False, seed=seed, mode=mode, **kwargs)
    except Exception as e:  # noqa: BLE001 - the point is to see what the checker raises
        if isinstance(e, TypeError) and "unexpected keyword argument" in str(e):
            return Run("unsupported", None, _first_line(str(e)))
        return Run("raised", type(e).__name__, _first_line(f"{type(e).__name__}: {e}"))
    if getattr(report, "ok", False):
        return Run("ok", _report_mistake(report), _report_note(report))
    return Run("failed", _report_mistake(report), _report_note(report))


def run_case(check_gradients, case, modes, drop=()) -> list[tuple[str, Run]]:
    _, inputs = case.make()
    use = [m for m in modes if m != "full" or _input_entries(inputs) <= FULL_MODE_MAX_INPUT_ENTRIES]
    return [(m, run_once(check_gradients, case, m, s, drop)) for m in use for s in SEEDS]


def describe(runs: list[tuple[str, Run]]) -> str:
    """One verdict for all runs of a case."""
    n = len(runs)
    unsupported = [r for _, r in runs if r.status == "unsupported"]
    if unsupported:
        return f"unsupported option ({unsupported[0].note})"
    raised = [r for _, r in runs if r.status == "raised"]
    failed = [(m, r) for m, r in runs if r.status == "failed"]
    if raised:
        return f"raised {raised[0].note} ({len(raised)}/{n} runs)"
    if failed:
        mistakes = sorted({str(r.mistake) for _, r in failed})
        modes = sorted({m for m, _ in failed})
        where = f"{len(failed)}/{n} runs" + ("" if len(modes) == 2 or len(failed) == n else f", {modes[0]} mode")
        return f"failed [{'/'.join(mistakes)}] ({where}): {failed[0][1].note}"
    return f"ok ({n} runs)"


_NOT_DIFFERENTIABLE = ("differentiab", "kink", "subgradient")


def outcome(case, runs: list[tuple[str, Run]]) -> str:
    """What the runs mean for this kind of case."""
    rs = [r for _, r in runs]
    if any(r.status == "unsupported" for r in rs):
        return "unsupported"
    if any(r.status == "raised" for r in rs):
        return "crash"
    failed = [r for r in rs if r.status == "failed"]
    if case.kind == "correct":
        return "false alarm" if failed else "pass"
    if case.kind == "broken":
        if len(failed) < len(rs):
            return "missed" if not failed else "missed sometimes"
        named = {r.mistake for r in failed}
        return "caught" if named == {case.mistake} else "caught, named otherwise"
    if case.kind == "surrogate":
        plain = [r for r in failed if r.mistake not in ("surrogate", "deliberate")]
        return "called a mistake" if plain else "accepted"
    # kink
    if not failed:
        return "passed silently"
    said = all(any(w in f"{r.mistake} {r.note}".lower() for w in _NOT_DIFFERENTIABLE) for r in failed)
    return "said not differentiable" if said else "called wrong"


def summarise(title: str, rows) -> None:
    """rows: (case, outcome, verdict)."""
    by_kind = {k: [(c, o, v) for c, o, v in rows if c.kind == k] for k in ("correct", "broken", "surrogate", "kink")}
    if not rows:
        return
    print(f"\n{title}")

    def listing(items, show_verdict=True):
        for c, o, v in items:
            extra = f"  (expected {c.mistake})" if c.kind == "broken" else ""
            print(f"      {c.name}{extra}" + (f": {v}" if show_verdict else ""))

    correct = by_kind["correct"]
    alarms = [r for r in correct if r[1] == "false alarm"]
    print(f"  correct cases with a false alarm:  {len(alarms)}/{len(correct)}")
    listing(alarms)
    broken = by_kind["broken"]
    missed = [r for r in broken if r[1] in ("missed", "missed sometimes")]
    print(f"  broken cases missed:               {len(missed)}/{len(broken)}"
          f"  ({sum(r[1] == 'missed' for r in missed)} in every run)")
    listing(missed)
    renamed = [r for r in broken if r[1] == "caught, named otherwise"]
    print(f"  broken cases caught, another name: {len(renamed)}/{len(broken)}")
    listing(renamed)
    surrogates = by_kind["surrogate"]
    called = [r for r in surrogates if r[1] == "called a mistake"]
    print(f"  surrogates called plain mistakes:  {len(called)}/{len(surrogates)}")
    listing(called)
    kinks = by_kind["kink"]
    if kinks:
        counts = Counter(o for _, o, _ in kinks)
        print(f"  kink cases ({len(kinks)}): " + ", ".join(f"{o} {n}" for o, n in sorted(counts.items())))
    crashes = [r for r in rows if r[1] == "crash"]
    print(f"  crashes (check_gradients raised): {len(crashes)}/{len(rows)}")
    for exc, n in Counter(v.split()[1].rstrip(":") for _, _, v in crashes).most_common():
        print(f"      {exc}: {n}")
    listing(crashes)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="only cases whose name contains one of these")
    parser.add_argument("--fast-only", action="store_true", help="skip mode='full'")
    parser.add_argument("--helpers-from", metavar="DIR", default=os.path.dirname(HERE),
                        help="import helpers from DIR/helpers (default: this checkout), e.g. from "
                             "`git archive HEAD helpers | tar -x -C DIR` to report on the committed checker")
    args = parser.parse_args(argv)

    sys.path[:0] = [os.path.abspath(args.helpers_from), HERE]
    from helpers import check_gradients
    import helpers
    from realworld_gradients import CASES

    params = inspect.signature(check_gradients).parameters
    open_kwargs = any(p.kind is p.VAR_KEYWORD for p in params.values())
    modes = ("fast",) if args.fast_only else MODES
    cases = [c for c in CASES if not args.names or any(n in c.name for n in args.names)]

    start = time.perf_counter()
    checked, fallback, unsupported_by_option = [], [], Counter()
    runs_total = 0
    for case in cases:
        unknown = [] if open_kwargs else [k for k in case.check_kwargs if k not in params]
        if unknown:
            unsupported_by_option.update(unknown)
            runs = run_case(check_gradients, case, modes, drop=unknown)
            runs_total += len(runs)
            verdict = describe(runs)
            fallback.append((case, outcome(case, runs), verdict))
            line = f"unsupported option: {', '.join(unknown)}  [without it: {verdict}]"
            label = "unsupported"
        else:
            runs = run_case(check_gradients, case, modes)
            runs_total += len(runs)
            verdict = describe(runs)
            label = outcome(case, runs)
            checked.append((case, label, verdict))
            line = verdict
        expected = f" (expect {case.mistake})" if case.kind == "broken" else ""
        print(f"{label:24s} {case.kind:9s} {case.name}{expected}: {line}", flush=True)

    elapsed = time.perf_counter() - start
    kinds = Counter(c.kind for c in cases)
    print(f"\nchecker: {os.path.dirname(os.path.abspath(helpers.__file__))}")
    print(f"=== summary: {len(cases)} cases ({', '.join(f'{k} {n}' for k, n in kinds.items())}), "
          f"{runs_total} check runs, seeds {SEEDS.start}-{SEEDS.stop - 1}, modes {'/'.join(modes)}, "
          f"{elapsed:.0f} s ===")
    summarise(f"checked as written ({len(checked)} cases):", checked)
    if fallback:
        print(f"\nnot checked, unsupported option ({len(fallback)} cases: "
              + ", ".join(f"{k} {n}" for k, n in unsupported_by_option.most_common()) + ")")
        summarise("  the same cases run without the unsupported options (for information; "
                  "a surrogate failing here is expected without expect=):", fallback)
    return 0


if __name__ == "__main__":
    sys.exit(main())
