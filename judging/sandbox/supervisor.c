/*
 * juiz-supervisor: the in-box half of the bubblewrap sandbox (see docs/sandbox.md).
 *
 *   juiz-supervisor launch [options] -- PROGRAM ARGS...
 *       Runs on the host, as root, just before bwrap: joins the session's cgroups (once per
 *       session, because moving a task is slow), protects itself from the OOM killer, makes
 *       host paths visible to the unprivileged bwrap through binds in a private mount namespace,
 *       drops to the box uid and execs PROGRAM (bwrap).
 *
 *   juiz-supervisor serve SOCKFD WORKDIR [WIPEDIR...]
 *       PID 1 of the box's PID namespace. Receives run requests (with the stdin/stdout/stderr
 *       file descriptors) from the host over a SOCK_SEQPACKET socket, forks the program, enforces
 *       the wall and CPU limits, turns seccomp notifications into "forbidden call" results, kills
 *       every other process of the namespace after each run and wipes the writable directories.
 *
 * The wire structs below are mirrored by judging/sandbox/protocol.py; keep them in sync.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MSG_CONFIG 1u
#define MSG_RUN 2u
#define MSG_READY 3u
#define MSG_RESULT 4u

#define CONFIG_CPUACCT 1u /* an fd of cpuacct.usage is attached */
#define CONFIG_KEEP_FILES 2u /* files persist between runs (multi-step compile sessions) */
#define CONFIG_MEMORY 4u /* fds: memory.max_usage_in_bytes, usage_in_bytes, an OOM eventfd */
/* cgroup v2: the CPU fd is cpu.stat (usage_usec), the memory fds are memory.peak,
 * memory.current and memory.events (polled for POLLPRI: the kernel notifies every change). */
#define CONFIG_CGROUP2 8u
#define CONFIG_PEAK_RESETS 16u /* v2: writing memory.peak resets it (Linux 6.12+) */
#define CONFIG_NO_PEAK 32u /* v2 without memory.peak (Linux < 5.19): memory.current is sampled */
#define PEAK_SAMPLE_MS 10
#define RUN_AS_LIMIT 1u

#define KIND_EXITED 0u
#define KIND_SIGNALED 1u
#define KIND_SETUP_FAILED 2u

#define HIT_WALL 1u
#define HIT_CPU 2u
#define HIT_FORBIDDEN 4u
#define HIT_OOM 8u /* the memory cgroup ran out during the run */

#define MAX_MSG (1 << 20)
#define MAX_BPF 4096 /* instructions */
#define MAX_WIPE 8
#define MAX_KEEP 256
#define WIPE_DEPTH 48

struct __attribute__((packed)) config_hdr {
    uint32_t type, flags, bpf_len, reserved;
};

struct __attribute__((packed)) run_hdr {
    uint32_t type, flags;
    uint64_t cpu_ms, wall_ms, as_bytes, stack_bytes, fsize_bytes;
    uint32_t nproc, nofile, argc, envc;
};

struct __attribute__((packed)) result {
    uint32_t type, kind;
    int32_t code;
    uint32_t hits;
    int32_t forbidden_nr;
    uint32_t forbidden_arch;
    uint64_t cpu_us, wall_us, maxrss_kib, cleanup_us, mem_peak_bytes;
    char stage[32];
};

struct wipe_root {
    const char *path;
    int fd;
    mode_t mode;
    dev_t dev;
};

static int cpuacct_fd = -1;
/* The host disables the cgroup's OOM killer (it might pick this process) and registers an
 * eventfd for OOM events instead: a program at the limit waits in its page fault until we see
 * the event and kill the box's processes. */
static int mem_max_fd = -1, mem_usage_fd = -1, oom_event_fd = -1;
/* cgroup v2 (no OOM eventfd there): the OOM killer stays on, this process is out of its reach
 * (oom_score_adj -1000), and an oom/oom_kill count that grows in memory.events means the box
 * reached its limit. memory.peak cannot be reset before Linux 6.12: then a run's peak is known
 * only when it rose above every earlier run's (else ru_maxrss stands), or, without memory.peak,
 * by sampling memory.current. */
static int cgroup2, peak_resets, no_peak;
static uint64_t oom_seen, peak_before, sampled_peak;
static int reset_oom_adj; /* whether the launcher lowered our oom_score_adj */
static int keep_files;
/* The seccomp filter is installed once, on ourselves, with a user-notification listener:
 * every program inherits it, and the kernel's per-filter preparation is not paid per run. */
static int listener = -1;
static const char *workdir;
static struct wipe_root roots[MAX_WIPE];
static int nroots;
static char *keep[MAX_KEEP]; /* workdir entries present at start: the seeds */
static int nkeep;
static unsigned long wipe_serial;

static void die(const char *what)
{
    fprintf(stderr, "juiz-supervisor: %s: %s\n", what, strerror(errno));
    exit(125);
}

static uint64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static int write_file(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = write(fd, text, strlen(text));
    close(fd);
    return n < 0 ? -1 : 0;
}

/* ------------------------------------------------------------------------------------------ */
/* launch                                                                                      */
/* ------------------------------------------------------------------------------------------ */

static void stage_bind(const char *stage, const char *src, const char *name)
{
    char dst[4096];
    struct stat st;
    if (snprintf(dst, sizeof dst, "%s/%s", stage, name) >= (int)sizeof dst || stat(src, &st) < 0)
        die(src);
    if (S_ISDIR(st.st_mode) ? mkdir(dst, 0755) : close(open(dst, O_CREAT | O_WRONLY, 0644)))
        die(dst);
    if (mount(src, dst, NULL, MS_BIND | MS_REC, NULL) < 0)
        die(src);
}

static int launch_main(int argc, char **argv)
{
    const char *stage = NULL;
    long uid = -1, gid = -1;
    int i = 0;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (!strcmp(argv[i], "--cgroup") && i + 1 < argc) {
            if (write_file(argv[++i], "0") < 0) /* v1 and v2 take "0" as "the writer" */
                die(argv[i]);
        } else if (!strcmp(argv[i], "--oom-adj") && i + 1 < argc) {
            /* Best effort: lowering it needs CAP_SYS_RESOURCE, which containers often lack. */
            write_file("/proc/self/oom_score_adj", argv[++i]);
        } else if (!strcmp(argv[i], "--stage") && i + 1 < argc) {
            stage = argv[++i];
            /* A private mount namespace: the binds below never show on the host. */
            if (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
                die("private mount namespace");
            if (mount("juiz-stage", stage, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=1m"))
                die(stage);
        } else if (!strcmp(argv[i], "--bind") && i + 2 < argc && stage) {
            stage_bind(stage, argv[i + 1], argv[i + 2]);
            i += 2;
        } else if (!strcmp(argv[i], "--uid") && i + 1 < argc) {
            uid = strtol(argv[++i], NULL, 10);
        } else if (!strcmp(argv[i], "--gid") && i + 1 < argc) {
            gid = strtol(argv[++i], NULL, 10);
        } else {
            fprintf(stderr, "juiz-supervisor launch: bad argument %s\n", argv[i]);
            return 125;
        }
    }
    if (i + 1 >= argc)
        return 125;
    if (gid >= 0 && (setgroups(0, NULL) < 0 || setresgid(gid, gid, gid) < 0))
        die("setgid");
    if (uid >= 0 && setresuid(uid, uid, uid) < 0)
        die("setuid");
    execv(argv[i + 1], argv + i + 1);
    die(argv[i + 1]);
    return 125;
}

/* ------------------------------------------------------------------------------------------ */
/* cleaning between runs                                                                       */
/* ------------------------------------------------------------------------------------------ */

static int is_kept(const struct wipe_root *root, const char *name)
{
    if (root->path != workdir)
        return 0;
    for (int i = 0; i < nkeep; i++)
        if (!strcmp(keep[i], name))
            return 1;
    return 0;
}

/* Removes everything under dirfd. Directories deeper than WIPE_DEPTH are moved up to the root
 * (and removed by a later pass), so a hostile million-level tree needs no deep recursion. */
static int wipe_tree(int dirfd, const struct wipe_root *root, int depth)
{
    int removed = 0, fd = dup(dirfd);
    DIR *dir = fd < 0 ? NULL : fdopendir(fd);
    if (!dir)
        return fd < 0 ? 0 : (close(fd), 0);
    rewinddir(dir); /* the dup shares its offset with dirfd, left at the end by the last pass */
    struct dirent *e;
    while ((e = readdir(dir))) {
        struct stat st;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if ((depth == 0 && is_kept(root, e->d_name)) ||
            fstatat(dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || st.st_dev != root->dev)
            continue;
        if (S_ISDIR(st.st_mode)) {
            if (depth >= WIPE_DEPTH) {
                char name[64];
                snprintf(name, sizeof name, ".juiz-wipe-%lu", ++wipe_serial);
                removed += renameat(dirfd, e->d_name, root->fd, name) == 0;
                continue;
            }
            fchmodat(dirfd, e->d_name, 0700, 0);
            int sub = openat(dirfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub >= 0) {
                while (wipe_tree(sub, root, depth + 1) > 0)
                    ;
                close(sub);
            }
            removed += unlinkat(dirfd, e->d_name, AT_REMOVEDIR) == 0;
        } else {
            removed += unlinkat(dirfd, e->d_name, 0) == 0;
        }
    }
    closedir(dir);
    return removed;
}

static void wipe_ipc(void)
{
    struct shm_info shm;
    struct shmid_ds sds;
    int max = shmctl(0, SHM_INFO, (struct shmid_ds *)&shm);
    for (int i = 0; i <= max; i++) {
        int id = shmctl(i, SHM_STAT_ANY, &sds);
        if (id >= 0)
            shmctl(id, IPC_RMID, NULL);
    }
    struct seminfo si;
    struct semid_ds sem;
    max = semctl(0, 0, SEM_INFO, &si);
    for (int i = 0; i <= max; i++) {
        int id = semctl(i, 0, SEM_STAT_ANY, &sem);
        if (id >= 0)
            semctl(id, 0, IPC_RMID);
    }
    struct msginfo mi;
    struct msqid_ds mds;
    max = msgctl(0, MSG_INFO, (struct msqid_ds *)&mi);
    for (int i = 0; i <= max; i++) {
        int id = msgctl(i, MSG_STAT_ANY, &mds);
        if (id >= 0)
            msgctl(id, IPC_RMID, NULL);
    }
}

static void wipe_all(void)
{
    for (int i = 0; i < nroots && !keep_files; i++) {
        struct stat st;
        /* The box user owns these directories and may have chmod-ed them. */
        int changed = fstat(roots[i].fd, &st) < 0 || (st.st_mode & 07777) != roots[i].mode;
        if (changed)
            fchmod(roots[i].fd, 0700);
        for (int pass = 0; pass < 1000 && wipe_tree(roots[i].fd, &roots[i], 0) > 0; pass++)
            ;
        if (changed)
            fchmod(roots[i].fd, roots[i].mode);
    }
    wipe_ipc();
}

static void open_roots(int n, char **paths)
{
    for (int i = 0; i < n && nroots < MAX_WIPE; i++) {
        struct stat st;
        int fd = open(paths[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0 || fstat(fd, &st) < 0)
            die(paths[i]);
        roots[nroots++] = (struct wipe_root){paths[i], fd, st.st_mode & 07777, st.st_dev};
    }
    DIR *dir = opendir(workdir);
    struct dirent *e;
    while (dir && (e = readdir(dir)) && nkeep < MAX_KEEP)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            keep[nkeep++] = strdup(e->d_name);
    if (dir)
        closedir(dir);
}

/* ------------------------------------------------------------------------------------------ */
/* the program's side of fork                                                                  */
/* ------------------------------------------------------------------------------------------ */

struct request {
    struct run_hdr h;
    char **argv, **envp;
    int fds[3];
};

static void child_fail(int status_fd, const char *stage)
{
    char msg[64];
    int err = errno;
    int n = snprintf(msg, sizeof msg, "%d %s", err, stage);
    if (write(status_fd, msg, (size_t)n) < 0)
        _exit(126);
    _exit(127);
}

static void set_limit(int resource, uint64_t soft, uint64_t hard, int status_fd)
{
    struct rlimit r = {(rlim_t)soft, (rlim_t)hard};
    if (setrlimit(resource, &r) < 0)
        child_fail(status_fd, "setrlimit");
}

static void apply_limits(const struct run_hdr *h, int status_fd)
{
    uint64_t cpu_s = (h->cpu_ms + 999) / 1000 + (cpuacct_fd >= 0); /* the watchdog comes first */
    set_limit(RLIMIT_CPU, cpu_s, cpu_s + 1, status_fd);
    if (h->flags & RUN_AS_LIMIT)
        set_limit(RLIMIT_AS, h->as_bytes, h->as_bytes, status_fd);
    set_limit(RLIMIT_STACK, h->stack_bytes, h->stack_bytes, status_fd);
    set_limit(RLIMIT_FSIZE, h->fsize_bytes, h->fsize_bytes, status_fd);
    set_limit(RLIMIT_NPROC, h->nproc, h->nproc, status_fd);
    set_limit(RLIMIT_NOFILE, h->nofile, h->nofile, status_fd);
    set_limit(RLIMIT_CORE, 0, 0, status_fd);
    set_limit(RLIMIT_MEMLOCK, 0, 0, status_fd);
    set_limit(RLIMIT_MSGQUEUE, 0, 0, status_fd);
}

static void exec_program(char **argv, char **envp, int status_fd)
{
    if (strchr(argv[0], '/')) {
        execve(argv[0], argv, envp);
        child_fail(status_fd, "execve");
    }
    const char *path = "/usr/local/bin:/usr/bin:/bin";
    for (char **e = envp; *e; e++)
        if (!strncmp(*e, "PATH=", 5))
            path = *e + 5;
    char buf[4096];
    int err = ENOENT;
    for (const char *p = path; *p;) {
        size_t len = strcspn(p, ":");
        if (len && snprintf(buf, sizeof buf, "%.*s/%s", (int)len, p, argv[0]) < (int)sizeof buf) {
            execve(buf, argv, envp);
            if (errno != ENOENT)
                err = errno;
        }
        p += len + (p[len] == ':');
    }
    errno = err;
    child_fail(status_fd, "execve");
}

static void child_main(struct request *rq, int status_fd)
{
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL); /* ignored dispositions survive execve */
    /* Output past RLIMIT_FSIZE is cut off, not fatal: the write fails (EFBIG) and the program
     * goes on, so that one which floods its output and never stops runs into the time limit,
     * as on DOMjudge, which truncates output and lets the program run. */
    signal(SIGXFSZ, SIG_IGN);
    setsid();
    if (reset_oom_adj)
        write_file("/proc/self/oom_score_adj", "0"); /* the supervisor runs at -1000 */
    for (int i = 0; i < 3; i++)
        if (dup2(rq->fds[i], i) < 0)
            child_fail(status_fd, "dup2");
    if (chdir(workdir) < 0)
        child_fail(status_fd, "chdir");
    close_range(3, (unsigned)status_fd - 1, 0);
    close_range((unsigned)status_fd + 1, ~0u, 0);
    apply_limits(&rq->h, status_fd);
    exec_program(rq->argv, rq->envp, status_fd);
}

/* ------------------------------------------------------------------------------------------ */
/* the supervisor's side of a run                                                              */
/* ------------------------------------------------------------------------------------------ */

struct run_state {
    pid_t pid;
    int main_done, main_status, status_fd;
    uint64_t t0, t_end, wall_limit_us, cpu_limit_ns, cpu_start_ns;
    struct result res;
};

static void account(struct run_state *rs, pid_t p, int status, const struct rusage *ru)
{
    rs->res.cpu_us += (uint64_t)ru->ru_utime.tv_sec * 1000000u + (uint64_t)ru->ru_utime.tv_usec +
                      (uint64_t)ru->ru_stime.tv_sec * 1000000u + (uint64_t)ru->ru_stime.tv_usec;
    if ((uint64_t)ru->ru_maxrss > rs->res.maxrss_kib)
        rs->res.maxrss_kib = (uint64_t)ru->ru_maxrss;
    if (p == rs->pid) {
        rs->main_done = 1;
        rs->main_status = status;
        rs->t_end = now_us();
    }
}

static void reap_nohang(struct run_state *rs)
{
    struct rusage ru;
    int status;
    pid_t p;
    while ((p = wait4(-1, &status, WNOHANG, &ru)) > 0)
        account(rs, p, status, &ru);
}

/* Kills every process of the namespace but us (PID 1 cannot be signalled from inside) and
 * reaps them all; orphans are re-parented to us, so ECHILD means nothing is left. */
static void kill_and_reap_all(struct run_state *rs)
{
    struct rusage ru;
    int status;
    for (;;) {
        kill(-1, SIGKILL);
        pid_t p = wait4(-1, &status, 0, &ru);
        if (p > 0)
            account(rs, p, status, &ru);
        else if (errno != EINTR)
            break;
    }
}

/* A cgroup counter; `fallback` when it cannot be read (e.g. ENOMEM while the box is at its
 * memory limit: reading a cgroup file allocates). */
static uint64_t read_counter(int fd, uint64_t fallback)
{
    char buf[32] = {0};
    if (fd < 0 || pread(fd, buf, sizeof buf - 1, 0) <= 0)
        return fallback;
    return strtoull(buf, NULL, 10);
}

/* The value of the `key` line of a flat-keyed cgroup v2 file (cpu.stat, memory.events). */
static int read_keyed(int fd, const char *key, uint64_t *value)
{
    char buf[1024] = {0};
    size_t klen = strlen(key);
    if (fd < 0 || pread(fd, buf, sizeof buf - 1, 0) <= 0)
        return -1;
    for (char *line = buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (!strncmp(line, key, klen) && line[klen] == ' ') {
            *value = strtoull(line + klen + 1, NULL, 10);
            return 0;
        }
    return -1;
}

static uint64_t last_cpuacct;

static uint64_t cpuacct_ns(void)
{
    uint64_t usec;
    if (!cgroup2)
        last_cpuacct = read_counter(cpuacct_fd, last_cpuacct);
    else if (read_keyed(cpuacct_fd, "usage_usec", &usec) == 0)
        last_cpuacct = usec * 1000u;
    return last_cpuacct;
}

/* v2: the number of times the box hit its limit (oom) or lost a process to it (oom_kill). */
static uint64_t oom_count(void)
{
    uint64_t oom = 0, kills = 0;
    read_keyed(oom_event_fd, "oom", &oom);
    read_keyed(oom_event_fd, "oom_kill", &kills);
    return oom + kills;
}

static int take_oom_event(void)
{
    uint64_t count = 0;
    if (cgroup2) {
        count = oom_count();
        int grew = count > oom_seen;
        oom_seen = count > oom_seen ? count : oom_seen;
        return grew;
    }
    return oom_event_fd >= 0 && read(oom_event_fd, &count, sizeof count) == sizeof count;
}

/* Resets the cgroup's peak to the current usage, which is returned as the run's baseline. */
static uint64_t memory_baseline(void)
{
    take_oom_event(); /* an event of a previous run's last moments */
    if (cgroup2 && !peak_resets) {
        peak_before = no_peak ? 0 : read_counter(mem_max_fd, 0);
        sampled_peak = 0;
        return read_counter(mem_usage_fd, 0);
    }
    if (mem_max_fd < 0 || pwrite(mem_max_fd, "0", 1, 0) < 0)
        return 0;
    return read_counter(mem_usage_fd, 0);
}

static void sample_memory(void)
{
    uint64_t current = read_counter(mem_usage_fd, 0);
    if (current > sampled_peak)
        sampled_peak = current;
}

/* The box's peak during this run, when it can be known (0: ru_maxrss stands alone). */
static uint64_t run_peak(void)
{
    if (!cgroup2 || peak_resets)
        return read_counter(mem_max_fd, 0);
    if (no_peak)
        return sampled_peak;
    uint64_t peak = read_counter(mem_max_fd, 0);
    return peak > peak_before ? peak : 0; /* not above an earlier run's: not this run's */
}

static void memory_result(uint64_t baseline, struct result *res)
{
    if (mem_max_fd < 0)
        return;
    uint64_t peak = run_peak();
    res->mem_peak_bytes = peak > baseline ? peak - baseline : 0;
    if (take_oom_event())
        res->hits |= HIT_OOM;
}

static ssize_t recv_fds(int sock, void *buf, size_t len, int *fds, int maxfds, int *nfds)
{
    char cbuf[CMSG_SPACE(sizeof(int) * 4)];
    struct iovec iov = {buf, len};
    struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
                       .msg_controllen = sizeof cbuf};
    ssize_t n = recvmsg(sock, &m, MSG_CMSG_CLOEXEC);
    *nfds = 0;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); n >= 0 && c; c = CMSG_NXTHDR(&m, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
            continue;
        int k = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        for (int i = 0; i < k; i++) {
            int fd;
            memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
            if (*nfds < maxfds)
                fds[(*nfds)++] = fd;
            else
                close(fd);
        }
    }
    return n;
}

static void on_notification(struct run_state *rs)
{
    struct seccomp_notif n;
    memset(&n, 0, sizeof n);
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &n) < 0)
        return;
    if (!(rs->res.hits & HIT_FORBIDDEN)) {
        rs->res.hits |= HIT_FORBIDDEN;
        rs->res.forbidden_nr = n.data.nr;
        rs->res.forbidden_arch = n.data.arch;
    }
    kill(-1, SIGKILL); /* the caller stays blocked in the call until SIGKILL ends it */
}

static void on_status(struct run_state *rs)
{
    char msg[64] = {0};
    ssize_t n = read(rs->status_fd, msg, sizeof msg - 1);
    if (n < 0 && errno == EINTR)
        return;
    if (n > 0) {
        rs->res.kind = KIND_SETUP_FAILED;
        sscanf(msg, "%d %31s", &rs->res.code, rs->res.stage);
    }
    close(rs->status_fd);
    rs->status_fd = -1;
}

/* How long poll() may sleep; 0 when a limit is already reached. The CPU of the whole box is
 * read from the cgroup and re-checked no later than when all CPUs could have used it up. */
static int next_timeout_ms(struct run_state *rs, long ncpu)
{
    uint64_t now = now_us(), deadline = rs->t0 + rs->wall_limit_us;
    if (now >= deadline) {
        rs->res.hits |= HIT_WALL;
        return 0;
    }
    uint64_t wait_us = deadline - now;
    if (cpuacct_fd >= 0) {
        uint64_t used = cpuacct_ns() - rs->cpu_start_ns;
        if (used >= rs->cpu_limit_ns) {
            rs->res.hits |= HIT_CPU;
            return 0;
        }
        uint64_t cpu_wait = (rs->cpu_limit_ns - used) / 1000u / (uint64_t)ncpu;
        if (cpu_wait < wait_us)
            wait_us = cpu_wait;
    }
    if (no_peak) {
        sample_memory();
        if (wait_us > PEAK_SAMPLE_MS * 1000u)
            wait_us = PEAK_SAMPLE_MS * 1000u;
    }
    return (int)(wait_us / 1000u) + 1;
}

static void watch(struct run_state *rs, int sfd)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    while (!rs->main_done) {
        int t = next_timeout_ms(rs, ncpu > 0 ? ncpu : 1);
        if (t == 0) {
            kill(-1, SIGKILL);
            return;
        }
        /* The exec status pipe is read after the child is gone: one wake-up less per run. */
        /* A cgroup v2 file signals a change with POLLPRI (it is always "readable"). */
        short oom_events = cgroup2 ? POLLPRI : POLLIN;
        struct pollfd p[3] = {
            {sfd, POLLIN, 0}, {oom_event_fd, oom_events, 0}, {listener, POLLIN, 0}};
        if (poll(p, 3, t) < 0 && errno != EINTR)
            die("poll");
        if ((p[1].revents & (oom_events | POLLERR)) && take_oom_event()) {
            rs->res.hits |= HIT_OOM;
            kill(-1, SIGKILL);
        }
        if (p[2].revents & POLLIN)
            on_notification(rs);
        if (p[0].revents & POLLIN) {
            struct signalfd_siginfo si;
            while (read(sfd, &si, sizeof si) > 0)
                ;
            reap_nohang(rs);
        }
    }
}

static void finish(struct run_state *rs, uint64_t t_kill, struct result *out)
{
    *out = rs->res;
    out->type = MSG_RESULT;
    out->wall_us = (rs->t_end ? rs->t_end : t_kill) - rs->t0;
    out->cleanup_us = now_us() - t_kill;
    if (out->kind != KIND_SETUP_FAILED) {
        int st = rs->main_status;
        out->kind = WIFSIGNALED(st) ? KIND_SIGNALED : KIND_EXITED;
        out->code = WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st);
    }
}

/* The child shares our memory until it execs (CLONE_VM | CLONE_VFORK, as posix_spawn does):
 * no page tables to copy, no copy-on-write faults. It runs on a stack of its own, calls only
 * system calls, and leaves by execve or _exit. */
static char child_stack[256 * 1024] __attribute__((aligned(64)));

struct child_args {
    struct request *rq;
    int status_fd;
};

static int child_entry(void *arg)
{
    struct child_args *a = arg;
    child_main(a->rq, a->status_fd);
    return 127;
}

static void run_one(struct request *rq, int sfd, struct result *out)
{
    struct run_state rs;
    int st[2];
    memset(&rs, 0, sizeof rs);
    rs.wall_limit_us = rq->h.wall_ms * 1000u;
    rs.cpu_limit_ns = rq->h.cpu_ms * 1000000u;
    rs.cpu_start_ns = cpuacct_ns();
    uint64_t baseline = memory_baseline();
    if (pipe2(st, O_CLOEXEC) < 0)
        die("pipe");
    struct child_args args = {rq, st[1]};
    rs.t0 = now_us();
    rs.pid = clone(child_entry, child_stack + sizeof child_stack, CLONE_VM | CLONE_VFORK | SIGCHLD,
                   &args);
    if (rs.pid < 0)
        die("clone");
    close(st[1]);
    rs.status_fd = st[0];
    for (int i = 0; i < 3; i++)
        close(rq->fds[i]);
    watch(&rs, sfd);
    uint64_t t_kill = now_us();
    kill_and_reap_all(&rs);
    if (rs.status_fd >= 0)
        on_status(&rs);
    memory_result(baseline, &rs.res);
    wipe_all();
    finish(&rs, t_kill, out);
}

/* ------------------------------------------------------------------------------------------ */
/* serve                                                                                       */
/* ------------------------------------------------------------------------------------------ */

static char **split_strings(char **p, char *end, uint32_t count)
{
    char **v = calloc(count + 1, sizeof(char *));
    for (uint32_t i = 0; v && i < count; i++) {
        char *nul = memchr(*p, 0, (size_t)(end - *p));
        if (!nul)
            return free(v), NULL;
        v[i] = *p;
        *p = nul + 1;
    }
    return v;
}

static int parse_run(char *buf, ssize_t n, struct request *rq)
{
    if (n < (ssize_t)sizeof rq->h)
        return -1;
    memcpy(&rq->h, buf, sizeof rq->h);
    if (rq->h.argc < 1 || rq->h.argc > 65536 || rq->h.envc > 65536)
        return -1;
    char *p = buf + sizeof rq->h, *end = buf + n;
    rq->argv = split_strings(&p, end, rq->h.argc);
    rq->envp = rq->argv ? split_strings(&p, end, rq->h.envc) : NULL;
    return rq->envp ? 0 : -1;
}

/* Installs the policy on ourselves (programs inherit it), keeping its notification listener. */
static void install_filter(const char *code, uint32_t len)
{
    static struct sock_filter filter[MAX_BPF];
    if (len % sizeof(struct sock_filter) || len > sizeof filter)
        die("filter size");
    memcpy(filter, code, len);
    struct sock_fprog prog = {(unsigned short)(len / sizeof(struct sock_filter)), filter};
    /* No program may gain privileges (setuid files), filtered or not. */
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
        die("no_new_privs");
    if (!len)
        return;
    /* We make none of the forbidden calls ourselves. */
    listener = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                            SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
    if (listener < 0)
        die("seccomp");
}

static void take_descriptors(uint32_t flags, const int *fds, int nfds)
{
    int wanted = ((flags & CONFIG_CPUACCT) ? 1 : 0) + ((flags & CONFIG_MEMORY) ? 3 : 0);
    if (nfds != wanted)
        die("config descriptors");
    if (flags & CONFIG_CPUACCT)
        cpuacct_fd = *fds++;
    if (flags & CONFIG_MEMORY) {
        mem_max_fd = fds[0];
        mem_usage_fd = fds[1];
        oom_event_fd = fds[2];
        fcntl(oom_event_fd, F_SETFL, O_NONBLOCK);
    }
    cgroup2 = (flags & CONFIG_CGROUP2) != 0;
    peak_resets = (flags & CONFIG_PEAK_RESETS) != 0;
    no_peak = (flags & CONFIG_NO_PEAK) != 0;
    if (cgroup2)
        oom_seen = oom_count();
}

static int oom_adj_lowered(void)
{
    char adj[16] = {0};
    int fd = open("/proc/self/oom_score_adj", O_RDONLY | O_CLOEXEC);
    int lowered = fd >= 0 && read(fd, adj, sizeof adj - 1) > 0 && atoi(adj) < 0;
    if (fd >= 0)
        close(fd);
    return lowered;
}

static void configure(int sock, char *buf)
{
    int fds[4], nfds = 0;
    ssize_t n = recv_fds(sock, buf, MAX_MSG, fds, 4, &nfds);
    struct config_hdr h;
    if (n < (ssize_t)sizeof h)
        die("config");
    memcpy(&h, buf, sizeof h);
    if (h.type != MSG_CONFIG || (size_t)n < sizeof h + h.bpf_len)
        die("config message");
    keep_files = (h.flags & CONFIG_KEEP_FILES) != 0;
    take_descriptors(h.flags, fds, nfds);
    reset_oom_adj = oom_adj_lowered();
    install_filter(buf + sizeof h, h.bpf_len);
    uint32_t ready[2] = {MSG_READY, 0};
    if (send(sock, ready, sizeof ready, 0) < 0)
        die("send ready");
}

static void serve_loop(int sock, int sfd, char *buf)
{
    for (;;) {
        struct request rq;
        int nfds = 0;
        ssize_t n = recv_fds(sock, buf, MAX_MSG - 1, rq.fds, 3, &nfds);
        if (n <= 0)
            return; /* the host closed the session */
        buf[n] = 0;
        if (nfds != 3 || parse_run(buf, n, &rq) < 0 || rq.h.type != MSG_RUN) {
            fprintf(stderr, "juiz-supervisor: malformed run request\n");
            return;
        }
        struct result res;
        run_one(&rq, sfd, &res);
        free(rq.argv);
        free(rq.envp);
        if (send(sock, &res, sizeof res, 0) < 0)
            return;
    }
}

static int serve_main(int argc, char **argv)
{
    if (argc < 2)
        return 125;
    int sock = atoi(argv[0]);
    workdir = argv[1];
    /* Nothing of the host may leak to the programs: keep only 0-2 (/dev/null) and the socket. */
    close_range(3, (unsigned)sock - 1, 0);
    close_range((unsigned)sock + 1, ~0u, 0);
    fcntl(sock, F_SETFD, FD_CLOEXEC);
    /* Programs run as our uid: without this they could open /proc/1/mem, /proc/1/fd/... and
     * take us over (execve makes each program dumpable again; we stay out of reach). */
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    signal(SIGPIPE, SIG_IGN);
    sigset_t chld;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigprocmask(SIG_BLOCK, &chld, NULL);
    int sfd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
    if (sfd < 0)
        die("setup");
    open_roots(argc - 1, argv + 1);
    char *buf = malloc(MAX_MSG);
    if (!buf)
        die("malloc");
    configure(sock, buf);
    serve_loop(sock, sfd, buf);
    struct run_state rs;
    memset(&rs, 0, sizeof rs);
    kill_and_reap_all(&rs);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "launch"))
        return launch_main(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "serve"))
        return serve_main(argc - 2, argv + 2);
    fprintf(stderr, "usage: juiz-supervisor launch|serve ...\n");
    return 2;
}
