"""Clinical knowledge shared by the synthetic hospital, the session generator and graders."""
