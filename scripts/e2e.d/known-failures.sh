# Known product bugs: tests that expose them run and print KNOWN-FAIL without failing the run.
# KNOWN_FAIL[test_name]="what is wrong (keys, see the report)"
