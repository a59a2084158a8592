"""Test generation: inputs read from the statement and drawn within its constraints, answered
by the references (augment), and the step counting their runs use (cost).  Verify calls it;
it imports nothing of Verify."""
