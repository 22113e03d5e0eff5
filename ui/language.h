#pragma once

#include <QString>
#include <QStringList>

namespace kvl {

// Run-time language switching: installs the app's and Qt's translators; widgets retranslate on
// QEvent::LanguageChange.
namespace language {
QStringList available(); // "en", "pt_BR"
QString nativeName(const QString &code);
// "" follows the system language. Returns the code in effect.
QString apply(const QString &code);
QString current();
// What the last apply() was asked for: "" while the system language is followed.
QString requested();

// Another language for a while (a report in Portuguese from an English window): applies `code`
// when it is not the one in effect and delivers the LanguageChange events at once, so every
// widget and chart has retranslated before the caller draws. The destructor gives back what was
// requested before the same way.
class Scoped
{
public:
    explicit Scoped(const QString &code);
    ~Scoped();
    Scoped(const Scoped &) = delete;
    Scoped &operator=(const Scoped &) = delete;

private:
    QString m_previous;
    bool m_switched = false;
};
} // namespace language

} // namespace kvl
