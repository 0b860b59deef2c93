"""Property tests are judged on the rules they check, never on the clock."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def test_the_house_profile_sets_no_deadline():
    assert settings.default.deadline is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check


@given(st.integers(0, 13))
def test_an_example_may_take_longer_than_hypothesis_default(tricks):
    # Hypothesis' own default would fail a slow example after 200 ms.
    assert settings().deadline is None
    assert 0 <= tricks <= 13
