"""Exercise 08.block_size: The block size that minimises memory under recomputation, for 36 layers."""

from .. import Exercise
from ..judges import number_judge


EXERCISE = Exercise(
    key="08.block_size",
    title="The block size that minimises memory under recomputation, for 36 layers",
    judge=number_judge(
        6, "6 layers per block: 6 block inputs kept plus 6 activations recomputed at a time, 12 instead of 36. "
           "In general, for N layers, √N blocks of √N layers.",
        mistakes=[(36, "one_block", "one block of all 36 layers keeps 1 input but recomputes all 36 activations "
                                    "at once: memory for 37, no better than storing them."),
                  (1, "every_layer", "blocks of 1 layer keep all 36 block inputs, plus 1 activation while a block is "
                                     "recomputed: memory for 37, no saving. The least memory balances the two parts."),
                  (12, "minimum_value", "that is the smallest memory itself; the question asks for the block size k "
                                        "that gives it."),
                  (18, "half", "18 layers per block needs memory for 2 + 18 = 20. Try a k where the two parts "
                               "balance."),
                  (4, "near", "4 layers per block needs memory for 9 + 4 = 13; one block size does better. (If your 4 is a "
                               "position in the list of divisors 1, 2, 3, 4, 6, …, from argmin: argmin returns where "
                               "the smallest memory is, an index, not the block size at that index.)"),
                  (9, "near", "9 layers per block needs memory for 4 + 9 = 13; one block size does better."),
                  *[(k, "not_a_divisor", f"{k} does not divide 36: the blocks must split the 36 layers exactly, so k "
                                         "is one of 1, 2, 3, 4, 6, 9, 12, 18, 36.") for k in (5, 7, 8, 10)]],
        fallback="write the memory for block size k as (block inputs kept) + (activations of one block), and try "
                 "each k that divides 36."),
    answer_name="block_size",
    mistakes=("one_block", "every_layer", "wrong_sign", "minimum_value", "half", "near", "not_a_divisor",
              "approximate"),
)
