// kvledger-probe as a parent process runs it: exit statuses, messages naming the option and its
// range, the --json --progress protocol, and cancel by SIGTERM or SIGINT.
// Usage: kvl_gpu_cli_tests PATH-TO-kvledger-probe

#include "check.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using Clock = std::chrono::steady_clock;

struct Run
{
    int exit = -1; // -1: ended by a signal
    std::string out;
    std::string err;
    double stopMs = -1; // from the stop signal to the exit
};

std::vector<double> progressValues(const std::string &err, bool &onlyProgress)
{
    std::vector<double> values;
    onlyProgress = true;
    size_t start = 0;
    for (size_t end; (end = err.find('\n', start)) != std::string::npos; start = end + 1) {
        const std::string line = err.substr(start, end - start);
        if (line.rfind("progress ", 0) == 0)
            values.push_back(std::atof(line.c_str() + 9));
        else
            onlyProgress = false;
    }
    return values;
}

// Runs the probe; with stopSignal, sends it once a progress line past 0 shows the measurement
// under way.
Run runProbe(const std::string &probe, const std::vector<std::string> &args, int stopSignal = 0)
{
    int outPipe[2];
    int errPipe[2];
    if (pipe(outPipe) != 0 || pipe(errPipe) != 0)
        return {};
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(outPipe[1], STDOUT_FILENO);
        dup2(errPipe[1], STDERR_FILENO);
        close(outPipe[0]);
        close(errPipe[0]);
        std::vector<char *> argv{const_cast<char *>(probe.c_str())};
        for (const std::string &arg : args)
            argv.push_back(const_cast<char *>(arg.c_str()));
        argv.push_back(nullptr);
        execv(probe.c_str(), argv.data());
        _exit(127);
    }
    close(outPipe[1]);
    close(errPipe[1]);
    Run run;
    Clock::time_point stopped;
    bool signalled = false;
    pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
    for (int open = 2; open > 0;) {
        if (poll(fds, 2, 30000) <= 0)
            break;
        for (int i = 0; i < 2; ++i) {
            if (!(fds[i].revents & (POLLIN | POLLHUP)))
                continue;
            char buf[4096];
            const ssize_t n = read(fds[i].fd, buf, sizeof buf);
            if (n <= 0) {
                fds[i].fd = -1;
                --open;
                continue;
            }
            (i == 0 ? run.out : run.err).append(buf, size_t(n));
        }
        bool onlyProgress = false;
        const std::vector<double> values = stopSignal && !signalled
                                               ? progressValues(run.err, onlyProgress)
                                               : std::vector<double>{};
        if (!values.empty() && values.back() > 0) {
            stopped = Clock::now();
            kill(pid, stopSignal);
            signalled = true;
        }
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (signalled)
        run.stopMs = std::chrono::duration<double, std::milli>(Clock::now() - stopped).count();
    close(outPipe[0]);
    close(errPipe[0]);
    run.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

const std::vector<std::string> kTiny = {"--device",  "host", "--bytes",     "8Mi", "--samples", "3",
                                        "--warmups", "1",    "--sample-ms", "5"};

std::vector<std::string> tiny(std::vector<std::string> extra)
{
    std::vector<std::string> args = kTiny;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// Every numeric option out of range, negative, not a number or overflowing: status 2 and a
// message that names the option and what it allows. Later options win, so each case comes last.
void badNumbers(const std::string &probe)
{
    struct Case
    {
        std::vector<std::string> args;
        std::string message;
    };
    const Case cases[] = {
        {{"--threads", "5000"},
         "--threads: '5000' is out of range; allowed: a whole number from 1 to 4096"},
        {{"--threads", "0"}, "--threads: '0' is out of range"},
        {{"--threads", "-3"}, "--threads: '-3' is out of range"},
        {{"--threads", "many"}, "--threads: 'many' is not a valid value; allowed: a whole number"},
        {{"--threads", "99999999999999999999"},
         "--threads: '99999999999999999999' is out of range"},
        {{"--threads=2.5"}, "--threads: '2.5' is not a valid value"},
        {{"--samples", "0"},
         "--samples: '0' is out of range; allowed: a whole number from 1 to 100000"},
        {{"--samples", "100001"}, "--samples: '100001' is out of range"},
        {{"--warmups", "-1"},
         "--warmups: '-1' is out of range; allowed: a whole number from 0 to 100000"},
        {{"--sweep", "--points", "1001"},
         "--points: '1001' is out of range; allowed: a whole number from 1 to 1000"},
        {{"--sample-ms", "0"},
         "--sample-ms: '0' is out of range; allowed: milliseconds above 0, up to 600000"},
        {{"--sample-ms", "1e400"}, "--sample-ms: '1e400' is out of range"},
        {{"--sample-ms", "nan"}, "--sample-ms: 'nan' is not a valid value"},
        {{"--bytes", "100"},
         "--bytes: '100' is out of range; allowed: a size of at least 4096 bytes"},
        {{"--bytes", "-8Mi"}, "--bytes: '-8Mi' is out of range"},
        {{"--bytes", "99999999999Gi"}, "--bytes: '99999999999Gi' is out of range"},
        {{"--bytes", "8Qi"}, "--bytes: '8Qi' is not a valid value"},
        {{"--max-bytes", "18446744073709551616"},
         "--max-bytes: '18446744073709551616' is out of range"},
        {{"--threads"}, "--threads needs a value"},
        {{"--device", "tpu:0"}, "--device: 'tpu:0' is not a valid value; allowed: host, all"},
        // Control bytes and long values are quoted, not passed to the terminal.
        {{"--device", "\x1b[31mred"}, "--device: '\\x1b[31mred' is not a valid value"},
        {{"--bogus\x07"}, "unknown argument '--bogus\\x07'"},
        {{"--device", std::string(5000, 'x')},
         "--device: '" + std::string(60, 'x') + "... (5000 bytes)' is not a valid value"},
    };
    for (const Case &c : cases) {
        const Run run = runProbe(probe, tiny(c.args));
        if (!KVL_EXPECT(run.exit == 2 && contains(run.err, c.message)))
            std::fprintf(stderr, "  %s %s: status %d, %s", c.args.front().c_str(),
                         c.args.back().c_str(), run.exit, run.err.c_str());
    }
    KVL_EXPECT(runProbe(probe, tiny({"--threads", "4096", "--help"})).exit == 0);
}

// A buffer larger than this process may use: refused with the budget, status 1 (a valid request
// this machine cannot serve now), not the OOM killer's SIGKILL.
void tooLarge(const std::string &probe)
{
    const Run run = runProbe(probe, tiny({"--bytes", "64000Gi", "--json", "--progress"}));
    KVL_EXPECT(run.exit == 1);
    KVL_EXPECT(contains(run.err, "kvledger-probe: a 62.5 TiB buffer (68719476736000 bytes) does "
                                 "not fit in the memory this process may use: "));
    KVL_EXPECT(run.out.empty());
}

// --json --progress: progress lines on stderr from 0 to 1, never back; one JSON document on
// stdout, an object for one measurement and an array for a sweep.
void machineReadable(const std::string &probe)
{
    for (const bool sweep : {false, true}) {
        const Run run =
            runProbe(probe, tiny(sweep ? std::vector<std::string>{"--json", "--progress", "--sweep",
                                                                  "--points", "3"}
                                       : std::vector<std::string>{"--json", "--progress"}));
        KVL_EXPECT(run.exit == 0);
        bool onlyProgress = false;
        const std::vector<double> values = progressValues(run.err, onlyProgress);
        KVL_EXPECT(onlyProgress);
        KVL_EXPECT(values.size() >= 3 && values.front() == 0 && values.back() == 1);
        for (size_t i = 1; i < values.size(); ++i)
            KVL_EXPECT(values[i] > values[i - 1]);
        KVL_EXPECT(run.out.front() == (sweep ? '[' : '{'));
        KVL_EXPECT(run.out.find('\n') == run.out.size() - 1 || sweep);
        KVL_EXPECT(contains(run.out, "\"checksum_ok\":true"));
    }
}

// Without --json and --progress the output is for a person, as before; a pipe gets no percent.
void humanOutput(const std::string &probe)
{
    const Run run = runProbe(probe, kTiny);
    KVL_EXPECT(run.exit == 0);
    KVL_EXPECT(run.out.rfind("host ", 0) == 0);
    KVL_EXPECT(contains(run.out, "\nmedian   ") && contains(run.out, "checksum ok"));
    KVL_EXPECT(run.err.empty());
    KVL_EXPECT(contains(runProbe(probe, {"--help"}).out, "3 cancelled"));
}

// SIGTERM (what QProcess::terminate sends) and SIGINT cancel within milliseconds, status 3.
void cancelBySignal(const std::string &probe)
{
    for (const int sig : {SIGTERM, SIGINT}) {
        const Run run = runProbe(probe,
                                 {"--device", "host", "--bytes", "64Mi", "--samples", "10000",
                                  "--sample-ms", "500", "--json", "--progress"},
                                 sig);
        std::printf("%s: cancelled after %.1f ms\n", sig == SIGTERM ? "SIGTERM" : "SIGINT",
                    run.stopMs);
        KVL_EXPECT(run.exit == 3);
        KVL_EXPECT(contains(run.err, "kvledger-probe: cancelled"));
        KVL_EXPECT(run.out.empty());
        // The latency is printed; the bound only catches a cancel not honoured (a sample takes
        // 0.5 s here), with room for a loaded two-core machine.
        KVL_EXPECT(run.stopMs >= 0 && run.stopMs < 2000);
    }
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: kvl_gpu_cli_tests PATH-TO-kvledger-probe\n");
        return 2;
    }
    const std::string probe = argv[1];
    badNumbers(probe);
    tooLarge(probe);
    machineReadable(probe);
    humanOutput(probe);
    cancelBySignal(probe);
    return kvl_test::finish("kvledger-probe CLI tests");
}
