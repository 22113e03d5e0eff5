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
} // namespace language

} // namespace kvl
