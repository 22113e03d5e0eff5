#pragma once

// What kvledger-probe writes on stdout: JSON documents, or lines for a terminal.

#include "bandwidth_probe.h"

#include <string>
#include <vector>

namespace kvl::gpu::cli {

// name: what the measured devices are called, as devicesName() gives it.
std::string measurementJson(const Measurement &m, const std::string &name);
// An array of the points, one to a line.
std::string sweepJson(const std::vector<Measurement> &points, const std::string &name);

// --list: every CUDA device, then the host; why there is no CUDA device, if so.
void printDeviceList(const DeviceList &cuda, bool json);
void printMeasurement(const Measurement &m);
void printSweep(const std::vector<Measurement> &points);

// The one device's name that a --device value names, or "N CUDA devices".
std::string devicesName(const std::string &id, const DeviceList &cuda);
// The devices a --device value names, described as --list describes them.
void printDevices(const std::string &id, const DeviceList &cuda);

} // namespace kvl::gpu::cli
