#include "language.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace kvl::language {

namespace {
QTranslator *appTranslator()
{
    static auto *t = new QTranslator(qApp);
    return t;
}
QTranslator *qtTranslator()
{
    static auto *t = new QTranslator(qApp);
    return t;
}
QString g_current = QStringLiteral("en");
QString g_requested = QStringLiteral("en");
} // namespace

QStringList available()
{
    return {QStringLiteral("en"), QStringLiteral("pt_BR")};
}

QString nativeName(const QString &code)
{
    if (code == u"pt_BR")
        return QStringLiteral("Português (Brasil)");
    return QStringLiteral("English");
}

QString apply(const QString &requested)
{
    g_requested = requested;
    QString code = requested;
    if (code.isEmpty())
        code = QLocale::system().language() == QLocale::Portuguese ? QStringLiteral("pt_BR")
                                                                   : QStringLiteral("en");
    QCoreApplication::removeTranslator(appTranslator());
    QCoreApplication::removeTranslator(qtTranslator());
    // Compiled in from resources/translations by qt_add_lrelease; English's holds only the
    // plural forms ("1 thread", "2 threads"). A language without a file gets English.
    const auto load = [](const QString &c) {
        return appTranslator()->load(QStringLiteral(":/i18n/kvledger_%1.qm").arg(c));
    };
    if (!load(code)) {
        code = QStringLiteral("en");
        load(code);
    }
    QCoreApplication::installTranslator(appTranslator());
    if (code != u"en") {
        if (qtTranslator()->load(QStringLiteral("qtbase_%1").arg(code),
                                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(qtTranslator());
    }
    QLocale::setDefault(QLocale(code));
    g_current = code;
    // Widgets took the default locale when they were made; spin boxes and charts follow this.
    if (qApp) {
        QEvent localeChange(QEvent::LocaleChange);
        QCoreApplication::sendEvent(qApp, &localeChange);
    }
    return code;
}

QString current()
{
    return g_current;
}

QString requested()
{
    return g_requested;
}

namespace {
// installTranslator() posts LanguageChange to every window; handled now, not by the event loop.
void deliverLanguageChange()
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
}
} // namespace

Scoped::Scoped(const QString &code) : m_previous(g_requested)
{
    if (code == g_current)
        return;
    apply(code);
    deliverLanguageChange();
    m_switched = true;
}

Scoped::~Scoped()
{
    if (!m_switched)
        return;
    apply(m_previous);
    deliverLanguageChange();
}

} // namespace kvl::language
