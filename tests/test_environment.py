import numpy as np
import pytest
import tensorflow as tf

import helpers


def test_setup_seeds_and_reports_versions():
    info = helpers.setup()
    a = tf.random.uniform([3]).numpy()
    helpers.setup()
    b = tf.random.uniform([3]).numpy()
    assert np.array_equal(a, b)
    assert info.tensorflow == tf.__version__ and info.seed == helpers.SEED
    assert str(info).startswith("Python 3.") and "TensorFlow 2." in str(info)


def test_setup_rounds_printing():
    helpers.setup()
    assert str(tf.constant([1 / 3])) .startswith("tf.Tensor([0.3333]")
    assert np.array2string(np.array([1e-9])) == "[0.]"


def test_setup_keeps_tensorflow_quiet_in_python():
    helpers.setup()
    assert tf.get_logger().level >= 40


@pytest.mark.parametrize("kwargs,error", [({"seed": "0"}, TypeError), ({"seed": True}, TypeError),
                                          ({"precision": 40}, ValueError)])
def test_setup_rejects_bad_arguments(kwargs, error):
    with pytest.raises(error):
        helpers.setup(**kwargs)


def test_importing_tensorflow_is_silent(tmp_path):
    """The C++ start-up lines must not reach stderr, where nbval would compare them."""
    import subprocess
    import sys
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith("TF_")}
    code = "import helpers, tensorflow as tf; print(float(tf.constant(2.0) * 3))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert result.stdout.strip() == "6.0"
    assert result.stderr == ""
