def test_an_assay_result_is_shown_not_grown():
    """A C. difficile PCR "grew" nothing: answers say an assay showed its finding."""
    from physassist_env.vocab.microbiology import not_grown

    assert not_grown("C. difficile PCR", "Positive for toxigenic C. difficile by PCR")
    assert not_grown("Legionella Urinary Antigen", "LEGIONELLA PNEUMOPHILA")
    assert not not_grown("URINE CULTURE", "ESCHERICHIA COLI")
    assert not not_grown("BLOOD CULTURE", "STAPHYLOCOCCUS, COAGULASE NEGATIVE")
