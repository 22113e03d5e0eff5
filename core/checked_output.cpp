#include "checked_output.h"

#include "input_text.h"

#include <cerrno>
#include <cstring>
#include <utility>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <unistd.h>
#endif

namespace kvl {

namespace {

// Length of the UTF-8 sequence at `at` that escaped() writes as \uXXXX (a character
// isInvisible() names, but newline and tab), and its code point; 0 when it passes as it is.
std::pair<int, uint> controlAt(const char *data, qint64 size, qint64 at)
{
    const auto b = [&](qint64 i) { return i < size ? uchar(data[i]) : 0u; };
    const auto continuation = [&](qint64 i) { return (b(i) & 0xc0) == 0x80; };
    const uint c = b(at);
    int length = 0;
    uint cp = 0;
    if (c < 0x80)
        length = 1, cp = c;
    else if (c >= 0xc2 && c <= 0xdf && continuation(at + 1))
        length = 2, cp = ((c & 0x1f) << 6) | (b(at + 1) & 0x3f);
    else if (c >= 0xe0 && c <= 0xef && continuation(at + 1) && continuation(at + 2))
        length = 3, cp = ((c & 0x0f) << 12) | ((b(at + 1) & 0x3f) << 6) | (b(at + 2) & 0x3f);
    if (length == 0 || cp == u'\n' || cp == u'\t' || !isInvisible(cp))
        return {0, 0};
    return {length, cp};
}

QByteArray escaped(const char *data, qint64 size)
{
    QByteArray out;
    out.reserve(size);
    for (qint64 i = 0; i < size;) {
        const auto [length, cp] = controlAt(data, size, i);
        if (length == 0) {
            out += data[i++];
            continue;
        }
        out += QByteArrayLiteral("\\u") + QByteArray::number(cp, 16).rightJustified(4, '0');
        i += length;
    }
    return out;
}

} // namespace

CheckedOutput::CheckedOutput(int fd, QString name, bool escapeControls)
    : m_fd(fd), m_name(std::move(name)), m_escape(escapeControls)
{
    QIODevice::open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

CheckedOutput::~CheckedOutput()
{
    finish();
}

void CheckedOutput::holdClosedStandardStreams()
{
#ifdef Q_OS_UNIX
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
            // open() takes the lowest free number: this one.
            const int held = ::open("/dev/null", O_RDONLY);
            if (held >= 0 && held != fd)
                ::close(held);
        }
    }
#endif
}

void CheckedOutput::failed(int error)
{
    if (m_problem.isEmpty())
        m_problem =
            QStringLiteral("%1: %2").arg(m_name, QString::fromLocal8Bit(std::strerror(error)));
    setErrorString(m_problem);
}

qint64 CheckedOutput::readData(char *, qint64)
{
    return -1;
}

qint64 CheckedOutput::writeData(const char *data, qint64 size)
{
    if (!m_problem.isEmpty() || m_finished)
        return -1;
#ifdef Q_OS_UNIX
    const QByteArray safe = m_escape ? escaped(data, size) : QByteArray();
    const char *bytes = m_escape ? safe.constData() : data;
    const qint64 count = m_escape ? safe.size() : size;
    qint64 done = 0;
    while (done < count) {
        const ssize_t n = ::write(m_fd, bytes + done, size_t(count - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            // 0 bytes for a non-empty write says nothing; the limits that cause it are by name.
            failed(n < 0 ? errno : ENOSPC);
            return -1;
        }
        done += n;
    }
    return size;
#else
    Q_UNUSED(data);
    return size;
#endif
}

bool CheckedOutput::finish()
{
    if (m_finished)
        return m_problem.isEmpty();
    m_finished = true;
#ifdef Q_OS_UNIX
    if (::close(m_fd) != 0 && errno != EINTR && m_problem.isEmpty())
        failed(errno);
#endif
    return m_problem.isEmpty();
}

} // namespace kvl
