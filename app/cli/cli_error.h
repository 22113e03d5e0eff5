#pragma once

#include <QString>

namespace kvl::cli {

// Bad input: the command prints "kvledger-cli: <message>" on stderr and exits with status 2.
struct UsageError
{
    QString message;
};

inline constexpr int kExitUsage = 2;

} // namespace kvl::cli
