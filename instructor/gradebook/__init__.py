"""A gradebook for instructors: each notebook runs in a sandbox, and only the course's own check gives a pass.

    python -m instructor.gradebook SUBMISSIONS [--out DIR] [--jobs N] [--roster FILE] [--config FILE]

See ``cli.py`` for the options and ``docs/instructor-guide.md`` for the whole story: what runs where,
what the outputs hold, and what a determined student could still do.

The modules: ``submissions`` finds students and notebooks; ``sandbox`` builds the bubblewrap command;
``kernel`` and ``guard`` run inside the sandbox; ``scan`` reads the cells before anything runs;
``runner`` runs one notebook; ``grading`` turns a run into a status per exercise; ``outputs`` writes
the gradebook, the LMS files, the feedback and the class report; ``cli`` ties them together.
"""
