#pragma once

// A minimal check macro for the standalone tests: no Qt and no test framework on the GPU machine.

#include <cstdio>

namespace kvl_test {

inline int &failures()
{
    static int count = 0;
    return count;
}

inline bool expect(bool ok, const char *what, const char *file, int line)
{
    if (!ok) {
        ++failures();
        std::fprintf(stderr, "FAIL %s:%d: %s\n", file, line, what);
    }
    return ok;
}

inline int finish(const char *name)
{
    if (failures() == 0)
        std::printf("%s: all checks passed\n", name);
    else
        std::printf("%s: %d check(s) failed\n", name, failures());
    return failures() == 0 ? 0 : 1;
}

} // namespace kvl_test

#define KVL_EXPECT(condition)                                                                      \
    ::kvl_test::expect(static_cast<bool>(condition), #condition, __FILE__, __LINE__)
