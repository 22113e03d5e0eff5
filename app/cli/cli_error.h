#pragma once

#include <QString>

namespace kvl::cli {

// Bad input: the command prints "kvledger-cli: <message>" on stderr and exits with status 2.
struct UsageError
{
    QString message;
};

inline constexpr int kExitUsage = 2;
// The output could not be written whole (a full disk, a file-size limit, a closed standard
// output, a reader gone): one line on stderr names the problem.
inline constexpr int kExitOutput = 1;

} // namespace kvl::cli
