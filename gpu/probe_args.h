#pragma once

// kvledger-probe's command line: its options, their usage text and their parser.

#include "bandwidth_probe.h"

#include <cstdint>
#include <optional>
#include <string>

namespace kvl::gpu::cli {

extern const char *const kUsage;

struct Options
{
    MeasureRequest request;
    bool deviceGiven = false;
    bool sweep = false;
    bool json = false;
    bool progress = false;
    bool list = false;
    bool help = false;
    uint64_t minBytes = 0;
    uint64_t maxBytes = 0;
    int points = 0;
};

struct ArgError
{
    std::string message;
};

// Fills options from argv; the first refusal names the option and what it allows.
std::optional<ArgError> parseArgs(int argc, char **argv, Options &options);

} // namespace kvl::gpu::cli
