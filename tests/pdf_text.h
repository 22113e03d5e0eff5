#pragma once

// A PDF's text page by page, as a reader's tool extracts it (pdftotext, from poppler-utils):
// what the PDF report says, checked in words.
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStringList>

namespace kvl::test {

inline bool havePdfToText()
{
    return !QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty();
}

// One entry per page, each run of white space one space (lines break where the layout wraps).
// Empty when pdftotext fails.
inline QStringList pdfPageTexts(const QString &path)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"),
            {QStringLiteral("-enc"), QStringLiteral("UTF-8"), path, QStringLiteral("-")});
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {};
    QStringList pages = QString::fromUtf8(p.readAllStandardOutput()).split(u'\f');
    if (!pages.isEmpty() && pages.last().trimmed().isEmpty())
        pages.removeLast(); // after the last page's form feed
    static const QRegularExpression space(QStringLiteral("\\s+"));
    for (QString &page : pages) {
        // The font's ligatures come out as one character each ("ﬁ"): spelt out, as typed.
        for (char16_t ligature = 0xFB00; ligature <= 0xFB06; ++ligature)
            page.replace(QChar(ligature),
                         QString(QChar(ligature)).normalized(QString::NormalizationForm_KC));
        page = page.replace(space, QStringLiteral(" ")).trimmed();
    }
    return pages;
}

} // namespace kvl::test
