"""The sandbox: warm worker processes that run untrusted code in real child processes.

Process tree, per worker (judge holds the expected outputs; nothing below ever does):

    judge ──pipe── worker (fresh interpreter; user/mount/net/ipc namespaces; warm imports)
                     └─ supervisor, one per candidate (new PID namespace; enforces limits)
                          └─ child = PID 1 of that namespace: runs the candidate's tests
"""
