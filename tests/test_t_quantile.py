"""Student's t quantiles at every degree of freedom (``play/stats.py``), against published values.

The review's intervals at 47 deals of freedom take 2.0117, not the normal's 1.96 (2.6 % wider);
the values below are those of the usual printed tables (four decimals).
"""

from __future__ import annotations

import pytest

from bhabho_widget.play.stats import Z95, t95, t_quantile

KNOWN = [  # (p, degrees of freedom, quantile)
    (0.975, 1, 12.7062), (0.975, 2, 4.3027), (0.975, 3, 3.1824), (0.975, 4, 2.7764), (0.975, 5, 2.5706),
    (0.975, 10, 2.2281), (0.975, 20, 2.0860), (0.975, 30, 2.0423), (0.975, 31, 2.0395), (0.975, 40, 2.0211),
    (0.975, 47, 2.0117), (0.975, 60, 2.0003), (0.975, 100, 1.9840), (0.975, 120, 1.9799), (0.975, 1000, 1.9623),
    (0.95, 1, 6.3138), (0.95, 7, 1.8946), (0.95, 20, 1.7247), (0.99, 9, 2.8214), (0.995, 5, 4.0321),
    (0.995, 25, 2.7874), (0.9995, 10, 4.5869), (0.75, 3, 0.7649), (0.9, 15, 1.3406),
]


@pytest.mark.parametrize(("p", "df", "quantile"), KNOWN)
def test_the_quantile_agrees_with_the_printed_tables_to_four_decimals(p, df, quantile):
    assert t_quantile(p, df) == pytest.approx(quantile, abs=6e-5)


def test_the_interval_multiplier_is_the_975_quantile_and_tends_to_the_normal():
    assert t95(47) == pytest.approx(2.0117, abs=6e-5)
    assert [t95(df) > t95(df + 1) for df in range(1, 200)] == [True] * 199  # narrower with every deal
    assert t95(10**6) == pytest.approx(Z95, abs=1e-5) and t95(10**6) > Z95
    assert t95(0) == Z95  # no spread to measure: the normal's, as paired_differences uses it


@pytest.mark.parametrize("df", [0, -3, 2.5, True, "5"])
def test_degrees_of_freedom_are_a_positive_whole_number(df):
    with pytest.raises(ValueError, match="degrees of freedom"):
        t_quantile(0.975, df)


@pytest.mark.parametrize("p", [0.4, 1.0, 1.5])
def test_p_is_from_one_half_to_one(p):
    with pytest.raises(ValueError, match="probability"):
        t_quantile(p, 5)
