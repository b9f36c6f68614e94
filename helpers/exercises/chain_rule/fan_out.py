"""Exercise 01.fan_out: dy/dx at x = 2 for y = a³ + 2a with a = x², where a is used twice."""

from .. import Exercise
from ..judges import number_judge

# a = 4. The use a³ sends 3a² = 48 back to a, the use 2a sends 2: a's gradient is 48 + 2 = 50.
# The link from x to a has local derivative 2x = 4: dy/dx = 50 · 4 = 200 (= 6x⁵ + 4x at x = 2).
_TWO_USES = ("Work from the two uses of a: what does each send back to a, how do they combine, and what does the "
             "link from x to a add on the way to x?")

EXERCISE = Exercise(
    key="01.fan_out",
    title="dy/dx at x = 2 for y = a³ + 2a with a = x² (a used twice)",
    judge=number_judge(
        200.0,
        "a = 4; its two uses send back 3a² = 48 and 2, which add to 50; the link from x to a multiplies by its "
        "local derivative 2x = 4: dy/dx = 200, as 6x⁵ + 4x gives at x = 2.",
        mistakes=[
            (192.0, "one_use", "that is what the use a³ alone sends to x (48 · 4): the use 2a sends something back "
                               "to a as well, and a's gradient is the sum of what both uses send."),
            (8.0, "one_use", "that is what the use 2a alone sends to x (2 · 4): the use a³ sends something back to a "
                             "as well, and a's gradient is the sum of what both uses send."),
            (50.0, "link_forgotten", "50 is dy/da, the sum of what a's two uses send back. x reaches a through the "
                                     "link a = x², whose local derivative multiplies it on the way to x."),
            (48.0 * 2 * 4, "multiplied", "you multiplied what the two uses send back to a. A value used twice gets "
                                         "the sum of their downstreams, not the product."),
            (72.0, "forward_value", "72 = 4³ + 2 · 4 is y itself, the forward value, not its derivative. (If you "
                                    "got it from derivatives: the use a³ sends back 3a², not a².)"),
            ((3 * 4.0 + 2) * 4, "x_for_a", "56 has two likely causes: 48 + 2 · 4, where only the use 2a went through "
                                           "the link x → a (what the use a³ sends back, 48, needs the link's factor "
                                           "4 too); or 3a² taken at x = 2 instead of at a = 4, the value that use "
                                           "sees."),
            (48.0, "one_use", "48 = 3a² is what the use a³ alone sends back to a: add what the use 2a sends, then "
                              "pass the sum through the link x → a."),
            ((3 * 4.0 + 2) * 2, "x_for_a", "each use's local derivative is taken at the value it sees: the uses of "
                                           "a see a = 4, and the link a = x² sees x = 2 (local 2x = 4)."),
            ((48.0 + 2) * 2, "local_at_a", "the link a = x² has local derivative 2x at x = 2, which is 4: the factor "
                                           "2 alone leaves out x."),
            (3 * 16.0 * 4 + 2, "one_use", "the link from x to a is on both paths: what the use 2a sends back to a "
                                          "(2) also passes through it on the way to x, and is multiplied by its local "
                                          "derivative too."),
            ((3 * 8.0 + 2) * 4, "power_rule", "the use a³ sends back 3a², and at a = 4, a² is 16, not 2a = 8."),
            (3 * 16.0 * 4 + 2 * 2, "one_use", "the link from x to a is on both paths: what the use 2a sends back to "
                                              "a (2) also passes through it on the way to x."),
        ],
        fallback=_TWO_USES),
    answer_name="answer",
    mistakes=("wrong_sign", "one_use", "link_forgotten", "multiplied", "forward_value", "x_for_a", "local_at_a",
              "power_rule", "approximate"),
)
