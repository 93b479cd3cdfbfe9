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


# ---- the caption printed under a figure (plotting.brief_caption) ---------------------------------
import textwrap  # noqa: E402

import pytest  # noqa: E402

READINGS = (
    "Readings: relational.cross_rule=mean; relational.handicap_selection=bernoulli; "
    "network_tests.nbc_estimation=laplace; relational.handicap_stage=after; "
    "network_tests.handicap_magnitude=uniform; network_tests.autocorrelation_measure=contingency."
)
LONG = (
    "Type I error vs proportion labeled, wvRN vs nBC on 4 networks of 300 nodes (Fig. 1(c) as in Sec. 5; "
    "e.g. RS-C, NCV and PR-BEP are acronyms, Tables II-III too). "
    + 4
    * "Generated networks: label autocorrelation 0.29 (phi), 0.28 (C), P(+) 0.76 (paper: 0.40, 0.70). "
    + "DEVIATION, accepted: autocorrelation under the paper's 0.40; with the published parameters no link rule "
    "gives it; we use the mean (docs/relational.md). "
    "STAND-IN cora: 6 disjoint networks of Cora, 326-471 nodes; each 8 of 48 "
    "blocks (deal 8; 326 within). Bars: 95% Wilson intervals. "
    + plotting.profile_note("quick", 40, 400)
    + " "
    + READINGS
)
POINTER = "Full caption: results/neville2009/fig1c.md"


def test_a_caption_is_cut_into_sentences_outside_brackets_and_after_abbreviations():
    text = "As Fig. 1(d) (e.g. at c = 0.3. Or not). Second; with a clause. Third"
    assert plotting.sentences(text) == ["As Fig. 1(d) (e.g. at c = 0.3. Or not).", "Second; with a clause.", "Third"]
    assert plotting.first_clause("Second (a; b); with a clause.") == "Second (a; b)."


@pytest.mark.parametrize(
    "sentence, marked",
    [
        ("QUICK PROFILE: 40 trials per point.", True),
        ("DEVIATION: the axis spans 0.2-0.7.", True),
        ("STAND-IN cora: 6 networks.", True),
        ("FEWER SCORED FOLDS THAN THE PAPER.", True),
        ("14 OF THE PAPER'S 20 DATASETS: five are not public.", True),
        ("RS-C: Wang's corrected t on the RS samples, NCV folds, IMDB, PR-BEP, Tables II-III, AUC under H0.", False),
        ("J48 = Weka J48 -A; SMO -M; NB, 1-NN (IB1), UCI and LINQS files.", False),
    ],
)
def test_a_deviation_is_marked_in_capitals_and_an_acronym_is_not(sentence, marked):
    assert plotting.marks_deviation(sentence) is marked


def test_a_sentence_is_cut_at_a_words_end_but_never_inside_its_deviations_name():
    sentence = "STAND-IN cora (reading realnet.selection=similar): 6 disjoint networks of Cora."
    assert plotting.cut(sentence, 200) == sentence
    assert plotting.cut(sentence, 40) == "STAND-IN cora (reading…"
    assert plotting.cut(sentence, 0) == "STAND-IN cora…"
    assert plotting.cut("FEWER SCORED FOLDS THAN THE PAPER: 2 of 10.", 0) == "FEWER SCORED FOLDS THAN THE PAPER…"


def test_a_caption_that_fits_is_printed_whole():
    short = "A rate against x. QUICK PROFILE: 4 trials per point. Readings: a.b=c."
    assert plotting.brief_caption(short, profile="quick", pointer=POINTER, width=88) == short


def test_a_long_caption_is_printed_as_its_brief_the_scale_the_deviations_the_readings_and_a_pointer():
    printed = plotting.brief_caption(LONG, profile="quick", pointer=POINTER, width=88)
    assert len(textwrap.wrap(LONG, 88)) > 8 and len(textwrap.wrap(printed, 88)) <= plotting.PRINTED_LINES
    # each deviation by its name and first words (cut to one length, "…" where cut), in the caption's order
    assert printed.startswith("DEVIATION, accepted: autocorrelation")
    assert "… STAND-IN cora: 6 disjoint networks" in printed and "QUICK PROFILE: 40 trials per point" in printed
    # the readings, compactly: their names without the study, every one with its value
    assert "Readings: cross_rule=mean; handicap_selection=bernoulli;" in printed and "relational." not in printed
    assert "autocorrelation_measure=contingency" in printed
    assert printed.endswith(POINTER) and "Generated networks" not in printed
    assert plotting.brief_caption(LONG, profile="quick", pointer=POINTER, width=88) == printed  # deterministic


def test_the_brief_names_the_scale_when_no_deviation_does():
    text = ("A sentence of what the figure shows, long enough to need many lines. " * 8) + "Readings: a.b=c."
    paper = plotting.brief_caption(text, profile="paper", pointer=POINTER, width=88)
    assert paper == f"Paper scale. Readings: b=c. {POINTER}"
    own = text.replace("Readings:", "Paper scale: 400 trials per point; more. Readings:")
    assert plotting.brief_caption(own, profile="paper", pointer=POINTER, width=88).startswith(
        "Paper scale: 400 trials per point; more. Readings: b=c."
    )
    assert plotting.brief_caption(text, profile="smoke", pointer=POINTER, width=88).startswith("SMOKE PROFILE.")


@pytest.mark.parametrize("width", [50, 70, 88, 120, 162])
@pytest.mark.parametrize("deviations", [1, 4, 12])
def test_the_printed_caption_never_exceeds_four_lines_and_keeps_each_deviations_name(width, deviations):
    marked = " ".join(
        f"DEVIATION {chr(65 + i)}{chr(65 + i)}: "
        + "a long account of what differs from the paper and why, with its numbers 0.1, 0.2, 0.3 " * 2
        + "; and more."
        for i in range(deviations)
    )
    caption = f"{LONG} {marked} {READINGS * 3}"
    printed = plotting.brief_caption(caption, profile="quick", pointer=POINTER, width=width)
    assert len(textwrap.wrap(printed, width)) <= plotting.PRINTED_LINES
    if len(textwrap.wrap(printed, width)) and width * plotting.PRINTED_LINES >= 24 * (deviations + 5):
        # room for every name: each deviation is named, cut after its mark at the least
        assert all(f"DEVIATION {chr(65 + i)}{chr(65 + i)}" in printed for i in range(deviations))
    assert printed.endswith(POINTER)
