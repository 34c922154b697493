"""A seccomp filter for the bubblewrap sandbox (classic BPF, built here: no libseccomp needed).

bubblewrap installs it (`--seccomp FD`) just before it executes the program, so it binds the
program and everything the program starts; it cannot be removed or loosened from inside.
Blocked system calls fail with EPERM (the program sees an ordinary error and goes on):

- memory the per-execution cap does not see: SysV shared memory, semaphores and message
  queues (`shmget` & co.; segments outlive the process and count in no one's RSS) and
  `memfd_create` / `memfd_secret` (anonymous files filled with `write()`);
- channels between executions: the kernel keyrings (`add_key`, `request_key`, `keyctl`; a key
  in the user keyring survives into the next execution under the same uid);
- socket families: only AF_UNIX, AF_INET and AF_INET6 sockets can be made (`socket`,
  `socketpair`; an allow-list, so families added to future kernels are refused too). Others
  fail with EAFNOSUPPORT: the network namespace isolates IP only, and e.g. AF_VSOCK reaches
  the hypervisor and other VMs whatever the namespace; AF_NETLINK, AF_PACKET, AF_ALG,
  AF_BLUETOOTH and the rest are kernel attack surface (and, for netlink, a view of the host);
- kernel attack surface no test program needs: `ptrace`, `bpf`, `perf_event_open`,
  `userfaultfd`, io_uring, module and kexec loading, mount and namespace calls (`mount`,
  `unshare`, `setns`, `clone` with namespace flags; `clone3` answers ENOSYS so that the C
  library falls back to `clone`), `swapon`, `reboot`, `acct`,
  `quotactl`, handle-based opens, `process_vm_readv/writev`, `fanotify_init`, `personality`.

Only x86_64 and aarch64 are known; on x86_64 the x32 ABI (syscall numbers with bit 30 set) is
refused as a whole. A program running under another architecture's ABI is killed.
Not covered: everything else an unprivileged process may do (the host kernel is shared).
"""

from __future__ import annotations

import errno
import platform
import struct

# BPF opcodes (linux/filter.h) and seccomp return values (linux/seccomp.h)
_LD_ABS_W, _JEQ_K, _JGE_K, _JSET_K, _RET_K = 0x20, 0x15, 0x35, 0x45, 0x06
_RET_ALLOW, _RET_ERRNO, _RET_KILL_PROCESS = 0x7FFF0000, 0x00050000, 0x80000000
_NR, _ARCH, _ARG0 = 0, 4, 16  # offsets in struct seccomp_data (little-endian low word of arg0)
_X32_BIT = 0x40000000
ALLOWED_FAMILIES = (1, 2, 10)  # AF_UNIX, AF_INET, AF_INET6 (linux/socket.h)
# CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET | NEWTIME
_CLONE_NEW_FLAGS = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 \
    | 0x20000000 | 0x40000000 | 0x00000080

BLOCKED = (
    "shmget", "shmat", "shmctl", "shmdt", "semget", "semop", "semctl", "semtimedop", "msgget",
    "msgsnd", "msgrcv", "msgctl", "memfd_create", "memfd_secret", "add_key", "request_key",
    "keyctl", "ptrace", "mount", "umount2", "pivot_root", "swapon", "swapoff", "reboot",
    "sethostname", "setdomainname", "init_module", "delete_module", "finit_module", "kexec_load",
    "kexec_file_load", "userfaultfd", "perf_event_open", "bpf", "unshare", "setns", "acct",
    "quotactl", "open_by_handle_at", "name_to_handle_at", "process_vm_readv",
    "process_vm_writev", "fanotify_init", "io_uring_setup", "io_uring_enter",
    "io_uring_register", "fsopen", "fsconfig", "fsmount", "fspick", "move_mount", "open_tree",
    "mount_setattr", "personality")

# (audit architecture, system call numbers) from the kernel's unistd tables
_X86_64 = (0xC000003E, {
    "shmget": 29, "shmat": 30, "shmctl": 31, "shmdt": 67, "semget": 64, "semop": 65,
    "semctl": 66, "semtimedop": 220, "msgget": 68, "msgsnd": 69, "msgrcv": 70, "msgctl": 71,
    "memfd_create": 319, "memfd_secret": 447, "add_key": 248, "request_key": 249, "keyctl": 250,
    "ptrace": 101, "mount": 165, "umount2": 166, "pivot_root": 155, "swapon": 167,
    "swapoff": 168, "reboot": 169, "sethostname": 170, "setdomainname": 171,
    "init_module": 175, "delete_module": 176, "finit_module": 313, "kexec_load": 246,
    "kexec_file_load": 320, "userfaultfd": 323, "perf_event_open": 298, "bpf": 321,
    "unshare": 272, "setns": 308, "acct": 163, "quotactl": 179, "open_by_handle_at": 304,
    "name_to_handle_at": 303, "process_vm_readv": 310, "process_vm_writev": 311,
    "fanotify_init": 300, "io_uring_setup": 425, "io_uring_enter": 426,
    "io_uring_register": 427, "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433,
    "move_mount": 429, "open_tree": 428, "mount_setattr": 442, "personality": 135,
    "clone3": 435, "clone": 56, "socket": 41, "socketpair": 53})
_AARCH64 = (0xC00000B7, {
    "shmget": 194, "shmat": 196, "shmctl": 195, "shmdt": 197, "semget": 190, "semop": 193,
    "semctl": 191, "semtimedop": 192, "msgget": 186, "msgsnd": 189, "msgrcv": 188,
    "msgctl": 187, "memfd_create": 279, "memfd_secret": 447, "add_key": 217,
    "request_key": 218, "keyctl": 219, "ptrace": 117, "mount": 40, "umount2": 39,
    "pivot_root": 41, "swapon": 224, "swapoff": 225, "reboot": 142, "sethostname": 161,
    "setdomainname": 162, "init_module": 105, "delete_module": 106, "finit_module": 273,
    "kexec_load": 104, "kexec_file_load": 294, "userfaultfd": 282, "perf_event_open": 241,
    "bpf": 280, "unshare": 97, "setns": 268, "acct": 89, "quotactl": 60,
    "open_by_handle_at": 265, "name_to_handle_at": 264, "process_vm_readv": 270,
    "process_vm_writev": 271, "fanotify_init": 262, "io_uring_setup": 425,
    "io_uring_enter": 426, "io_uring_register": 427, "fsopen": 430, "fsconfig": 431,
    "fsmount": 432, "fspick": 433, "move_mount": 429, "open_tree": 428, "mount_setattr": 442,
    "personality": 92, "clone3": 435, "clone": 220, "socket": 198, "socketpair": 199})
ARCHES = {"x86_64": _X86_64, "amd64": _X86_64, "aarch64": _AARCH64, "arm64": _AARCH64}


def _insn(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("<HBBI", code, jt, jf, k)


def supported(machine: str | None = None) -> bool:
    return (machine or platform.machine()).lower() in ARCHES


def filter_program(machine: str | None = None) -> bytes:
    """The filter as `struct sock_filter[]` bytes, for `bwrap --seccomp FD`."""
    machine = (machine or platform.machine()).lower()
    if machine not in ARCHES:
        raise ValueError(f"no seccomp table for {machine!r}; known: {', '.join(sorted(ARCHES))}")
    audit_arch, numbers = ARCHES[machine]
    deny = _RET_ERRNO | errno.EPERM
    blocked = sorted({numbers[name] for name in BLOCKED})
    # layout: arch check, load nr, [x32 check], one jeq per blocked call, socket families,
    # clone check, allow
    prog = [_insn(_LD_ABS_W, 0, 0, _ARCH), _insn(_JEQ_K, 1, 0, audit_arch),
            _insn(_RET_K, 0, 0, _RET_KILL_PROCESS), _insn(_LD_ABS_W, 0, 0, _NR)]
    if audit_arch == _X86_64[0]:
        prog += [_insn(_JGE_K, 0, 1, _X32_BIT), _insn(_RET_K, 0, 0, deny)]
    for nr in blocked:
        prog += [_insn(_JEQ_K, 0, 1, nr), _insn(_RET_K, 0, 0, deny)]
    # the family is arg0 (an int: the kernel reads the low word this loads)
    n = len(ALLOWED_FAMILIES)
    for name in ("socket", "socketpair"):
        prog += [_insn(_JEQ_K, 0, n + 3, numbers[name]), _insn(_LD_ABS_W, 0, 0, _ARG0)]
        prog += [_insn(_JEQ_K, n - i, 0, family) for i, family in enumerate(ALLOWED_FAMILIES)]
        prog += [_insn(_RET_K, 0, 0, _RET_ERRNO | errno.EAFNOSUPPORT),
                 _insn(_RET_K, 0, 0, _RET_ALLOW)]
    # clone3 passes its flags in memory a filter cannot read: ENOSYS makes the C library fall
    # back to clone, whose flags (arg0) are checked for namespace creation
    prog += [_insn(_JEQ_K, 0, 1, numbers["clone3"]),
             _insn(_RET_K, 0, 0, _RET_ERRNO | errno.ENOSYS)]
    prog += [_insn(_JEQ_K, 0, 3, numbers["clone"]), _insn(_LD_ABS_W, 0, 0, _ARG0),
             _insn(_JSET_K, 0, 1, _CLONE_NEW_FLAGS), _insn(_RET_K, 0, 0, deny),
             _insn(_RET_K, 0, 0, _RET_ALLOW)]
    return b"".join(prog)
