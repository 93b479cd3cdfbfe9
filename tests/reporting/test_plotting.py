"""The captions' statement of scale (lib.reporting.plotting.profile_note): a reduced profile is named
loudly, with what the paper ran."""

from lib.reporting import plotting


def test_profile_note_names_the_profile_and_the_papers_scale():
    assert plotting.profile_note("paper", 1000) == "Paper scale: 1000 trials per point."
    assert plotting.profile_note("quick", 400, 1000) == (
        "QUICK PROFILE: 400 trials per point (the paper uses 1000); intervals are wide."
    )
    smoke = plotting.profile_note("smoke", 50, 1000, unit="randomizations")
    assert smoke == "SMOKE PROFILE: 50 randomizations per point (the paper uses 1000); intervals are wide."
