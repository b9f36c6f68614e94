"""The graded kernel: ``python -m instructor.gradebook.kernel -f CONNECTION_FILE``, inside the sandbox.

It keeps the gradebook's pipe (file descriptor 1 when it starts) as the guard's channel and sends
the process's own standard output to /dev/null, installs the guard (``guard.py``) before any cell
runs, then starts an ordinary IPython kernel.
"""

import os
import sys


def main() -> None:
    os.environ.pop("JPY_PARENT_PID", None)       # the gradebook is outside this PID namespace: do not poll it
    channel = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    from instructor.gradebook.guard import install

    install(channel, course=os.environ.get("COURSE_GRADER_COURSE", "/course"),
            grader=os.environ.get("COURSE_GRADER_HOME", "/grader"))
    from ipykernel import kernelapp

    sys.argv = [sys.argv[0], *sys.argv[1:]]
    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()
