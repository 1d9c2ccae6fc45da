"""The seccomp policy for submissions, compiled to BPF with libseccomp (via pyseccomp).

Default allow, with a deny list: everything a contest program has no business doing. A denied
call is not answered with an error: it raises a user notification (SECCOMP_RET_USER_NOTIF) that
the supervisor receives; it records the call's name and kills the box's processes, so the result
says which call was forbidden (Invalid Function). The network is also unshared, so even without
seccomp an AF_INET socket could only reach the box's own empty loopback.
"""

from __future__ import annotations

import errno
import functools
import tempfile
from typing import Any

from judging.sandbox.base import SandboxError

AF_UNIX = 1

# Namespace-creating clone(2) flags (CLONE_NEWNS ... CLONE_NEWNET).
CLONE_NAMESPACE_FLAGS = (
    0x00020000,
    0x02000000,
    0x04000000,
    0x08000000,
    0x10000000,
    0x20000000,
    0x40000000,
)

FORBIDDEN_CALLS: tuple[str, ...] = (
    # debugging / reading other processes
    "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "kcmp",
    # namespaces and mounts
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "mount_setattr",
    "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount", "fspick",
    # the machine itself
    "reboot", "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
    "swapon", "swapoff", "acct", "quotactl", "quotactl_fd", "settimeofday", "clock_settime",
    "clock_adjtime", "adjtimex", "sethostname", "setdomainname", "iopl", "ioperm", "syslog",
    "vhangup", "lookup_dcookie",
    # kernel attack surface no contest program needs
    "bpf", "perf_event_open", "userfaultfd", "keyctl", "add_key", "request_key",
    "io_uring_enter", "io_uring_register", "open_by_handle_at",
    "name_to_handle_at", "fanotify_init",
    # POSIX message queues would outlive a run inside the session's IPC namespace
    "mq_open", "mq_unlink",
)  # fmt: skip


def _build(s: Any) -> bytes:
    filt = s.SyscallFilter(s.ALLOW)
    filt.set_attr(s.Attr.ACT_BADARCH, s.KILL_PROCESS)
    for name in FORBIDDEN_CALLS:
        try:
            filt.add_rule(s.NOTIFY, name)
        except (OSError, ValueError):
            continue  # a call this architecture does not have
    # Sockets for anything but AF_UNIX (runtimes use socketpair and AF_UNIX sockets).
    filt.add_rule(s.NOTIFY, "socket", s.Arg(0, s.NE, AF_UNIX))
    for flag in CLONE_NAMESPACE_FLAGS:
        filt.add_rule(s.NOTIFY, "clone", s.Arg(0, s.MASKED_EQ, flag, flag))
    # Node 22's libuv sets up an io_uring at start and falls back to epoll when the kernel has
    # none: answered as such a kernel would. Without a ring, io_uring_enter stays forbidden.
    filt.add_rule(s.ERRNO(errno.ENOSYS), "io_uring_setup")
    # clone3 passes its flags in memory, out of seccomp's sight: glibc falls back to clone.
    filt.add_rule(s.ERRNO(errno.ENOSYS), "clone3")
    with tempfile.TemporaryFile() as out:
        filt.export_bpf(out)
        out.seek(0)
        return out.read()


@functools.cache
def policy_bpf() -> bytes:
    """The BPF program (struct sock_filter[]) for the supervisor to install before execve."""
    try:
        import pyseccomp
    except (ImportError, RuntimeError) as exc:  # RuntimeError: libseccomp itself is missing
        raise SandboxError(f"seccomp policy unavailable (pyseccomp/libseccomp): {exc}") from exc
    return _build(pyseccomp)


def syscall_name(arch: int, number: int) -> str:
    """The name of a system call as the notification reported it (number if unknown)."""
    try:
        import pyseccomp

        name = pyseccomp.resolve_syscall(arch, number)
    except Exception:
        return f"syscall {number}"
    return name.decode() if isinstance(name, bytes) else str(name)
