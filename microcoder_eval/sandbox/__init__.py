"""The sandbox: warm worker processes that run untrusted code in real child processes.

Process tree, per worker (judge holds the expected outputs; nothing below ever does):

    judge ──pipe── worker (fresh interpreter; user/mount/net/ipc namespaces; warm imports;
                     │     PID 1 of its own PID namespace; runs a Supervisor per candidate)
                     └─ child, forked per candidate (own IPC namespace): runs its tests
"""
