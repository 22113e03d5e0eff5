#pragma once

// A stand-in for kvledger-probe: a shell script that does what a test needs (prints progress and
// JSON, crashes, hangs, prints garbage).
#include <QFile>
#include <QTemporaryDir>

namespace kvl::test {

inline QString writeFakeProbe(const QTemporaryDir &dir, const QByteArray &body,
                              bool executable = true)
{
    const QString path = dir.filePath(QStringLiteral("kvledger-probe"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    file.write("#!/bin/sh\n" + body + "\n");
    file.close();
    if (executable)
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
    return path;
}

} // namespace kvl::test
