#pragma once

class QString;
class QWidget;

namespace kvl {

// Names for screen readers where no visible label names a control: the slider beside a field's
// labelled spin box, the tables and lists named by what they hold. Labelled fields get theirs
// from their label (Qt reads the buddy). Call again after a language change.
void nameUnlabelledControls(QWidget *window);
// A label's text as a control's name: no mnemonic marker, no trailing colon.
QString accessibleText(QString labelText);

} // namespace kvl
