#include "tour.h"

#include "decode_step_view.h"
#include "mass_panel.h"
#include "scaled_font.h"
#include "scenario_controller.h"
#include "strategy_panel.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTextDocument>
#include <QTextEdit>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace kvl {

TourPanel::TourPanel(ScenarioController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_steps(seedTourSteps()),
      m_counter(new QLabel(this)), m_title(new QLabel(this)), m_text(new QLabel(this)),
      m_picture(new DecodeStepView(this)), m_back(new QPushButton(this)),
      m_next(new QPushButton(this)), m_close(new QPushButton(this))
{
    setObjectName(QStringLiteral("tour"));
    auto *layout = new QVBoxLayout(this);
    // One row for the title and the buttons: the text gets the height a small screen can spare.
    auto *head = new QHBoxLayout;
    head->addWidget(m_title, 1);
    head->addWidget(m_counter);
    head->addSpacing(12);
    head->addWidget(m_back);
    head->addWidget(m_next);
    head->addWidget(m_close);
    layout->addLayout(head);
    auto *body = new QHBoxLayout;
    body->addWidget(m_text, 1);
    body->addWidget(m_picture, 0, Qt::AlignTop);
    layout->addLayout(body, 1);
    m_title->setObjectName(QStringLiteral("tourTitle"));
    m_title->setWordWrap(true); // a long title takes two lines, not the buttons' room
    m_text->setObjectName(QStringLiteral("tourText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_picture->setStep(exampleDecodeStep());
    m_picture->hide();
    applyFonts();
    // Buttons take no focus: Space must move the tour, not press the last clicked button.
    for (QPushButton *b : {m_back, m_next, m_close})
        b->setFocusPolicy(Qt::NoFocus);

    connect(m_back, &QPushButton::clicked, this, &TourPanel::back);
    connect(m_next, &QPushButton::clicked, this, &TourPanel::forward);
    connect(m_close, &QPushButton::clicked, this, &TourPanel::stop);
    connect(m_controller, &ScenarioController::changed, this, &TourPanel::recompose);
    retranslate();
}

void TourPanel::setViews(StrategyPanel *strategies, MassPanel *mass)
{
    m_strategies = strategies;
    m_mass = mass;
}

QString TourPanel::text() const
{
    return m_text->text();
}

void TourPanel::start()
{
    begin();
    goTo(0);
}

void TourPanel::resume()
{
    if (m_running && m_step >= 0)
        return;
    begin();
    goTo(std::clamp(m_lastStep, 0, stepCount() - 1));
}

void TourPanel::begin()
{
    if (m_running)
        return;
    m_running = true;
    if (m_strategies) {
        m_savedChecks.clear();
        for (int i = 0; i < m_strategies->strategyCount(); ++i)
            m_savedChecks << m_strategies->isChecked(i);
        m_savedRow = m_strategies->currentRow();
    }
    m_savedMass.reset();
    emit started(); // the window keeps the user's scenario, tab and units
    // Clickers send PageDown/PageUp to whatever has focus: listen application-wide, only while
    // the tour runs.
    qApp->installEventFilter(this);
}

void TourPanel::stop()
{
    if (!m_running)
        return;
    qApp->removeEventFilter(this);
    m_running = false;
    m_step = -1;
    m_picture->hide();
    restoreViews();
    emit finished();
}

void TourPanel::forward()
{
    if (m_step + 1 >= stepCount())
        stop();
    else
        next();
}

void TourPanel::goTo(int step)
{
    if (step < 0 || step >= stepCount())
        return;
    begin();
    m_step = m_lastStep = step;
    const TourStep &t = m_steps.at(step);
    showViews(t);
    Scenario s = Scenario::seed();
    t.apply(s);
    m_controller->preview(s); // the tour's copy: no undo entry, the document stays clean
    show(step);
}

// The strategies the step names, checked, the first of them in the editor (none where the step
// shows the full cache alone); the mass panel on
// the step's source, at the analysis defaults the step's figures assume.
void TourPanel::showViews(const TourStep &t)
{
    if (m_strategies && (t.fullCacheOnly || !t.strategies.isEmpty())) {
        QList<int> rows;
        for (const QString &id : t.strategies)
            rows << m_strategies->rowOf(id);
        for (int i = 0; i < m_strategies->strategyCount(); ++i)
            m_strategies->setChecked(i, rows.contains(i));
        if (!rows.isEmpty())
            m_strategies->setCurrentRow(rows.first());
    }
    if (m_mass && t.mass) {
        const MassOptions defaults;
        const MassOptions now = m_mass->options();
        const bool same = m_mass->filePath().isEmpty() &&
                          m_mass->synthetic().spec() == t.mass->spec() &&
                          now.topFraction == defaults.topFraction;
        if (!same) {
            if (!m_savedMass)
                m_savedMass = SavedMass{m_mass->filePath(), m_mass->synthetic(), now};
            m_mass->setTopFraction(defaults.topFraction);
            m_mass->setSynthetic(*t.mass);
        }
    }
}

void TourPanel::restoreViews()
{
    if (m_strategies) {
        for (int i = 0; i < m_savedChecks.size() && i < m_strategies->strategyCount(); ++i)
            m_strategies->setChecked(i, m_savedChecks.at(i));
        m_strategies->setCurrentRow(m_savedRow);
    }
    if (m_mass && m_savedMass) {
        m_mass->setBlockSize(m_savedMass->options.blockSize);
        m_mass->setTopFraction(m_savedMass->options.topFraction);
        if (m_savedMass->file.isEmpty())
            m_mass->setSynthetic(m_savedMass->synthetic);
        else
            m_mass->openFile(m_savedMass->file);
    }
    m_savedMass.reset();
}

void TourPanel::show(int step)
{
    const TourStep &t = m_steps.at(step);
    m_title->setText(t.title);
    m_picture->setVisible(t.decodePicture);
    m_counter->setText(tr("Step %1 of %2").arg(step + 1).arg(stepCount()));
    m_back->setEnabled(step > 0);
    m_next->setText(step + 1 < stepCount() ? tr("Next ›") : tr("Finish"));
    emit stepShown(step);
    emit highlightRequested(t.ledgerKey, t.chartId);
    recompose();
}

void TourPanel::recompose()
{
    if (!isRunning() || m_step < 0)
        return;
    const TourStep &t = m_steps.at(m_step);
    const TourText text = t.compose(m_controller->scenario(), m_controller->ledger());
    m_figure = text.figure;
    m_headlines = text.headlines;
    m_text->setText(text.text);
    fitText();
    emit composed();
}

void TourPanel::retranslate()
{
    m_steps = seedTourSteps();
    m_back->setText(tr("‹ Back"));
    m_back->setToolTip(tr("Previous step (PageUp, Left)"));
    m_next->setToolTip(tr("Next step (PageDown, Space, Right)"));
    m_close->setText(tr("Close"));
    m_close->setToolTip(tr("End the tour (Esc)"));
    if (m_step >= 0)
        show(m_step);
}

// The title a size above the panel's type, so it grows with it.
void TourPanel::applyFonts()
{
    QFont big = scaledFont(font(), 1.3);
    big.setBold(true);
    m_title->setFont(big);
    fitText();
}

namespace {
// A wrapped label's height at `width`, laid out as the label lays it out: its own
// heightForWidth() never answers less than its minimum height, which fitText() sets.
int wrappedHeight(const QLabel *label, int width)
{
    if (label->text().isEmpty())
        return 0;
    QTextDocument doc;
    doc.setDefaultFont(label->font());
    doc.setDocumentMargin(0);
    doc.setPlainText(label->text());
    const QMargins m = label->contentsMargins();
    doc.setTextWidth(std::max(1, width - 2 * label->margin() - m.left() - m.right()));
    return int(std::ceil(doc.size().height())) + 2 * label->margin() + m.top() + m.bottom();
}
} // namespace

// A dock ignores a wrapped label's height for its width: the title and the text ask for every
// line they need at the width they will have once placed (the text two at least, so the dock
// does not jump between short and long steps). The picture beside the text keeps its
// proportions, at most 45% of the panel's width and a quarter of the window's height, more when
// its labels need it to be legible.
void TourPanel::fitText()
{
    const QMargins m = layout()->contentsMargins();
    int width = std::max(this->width() - m.left() - m.right(), 1);
    if (!isVisible())
        return;
    int beside = 12; // the title shares its row with the counter and the buttons
    for (QWidget *w : std::initializer_list<QWidget *>{m_counter, m_back, m_next, m_close})
        beside += w->sizeHint().width() + layout()->spacing();
    const int title = wrappedHeight(m_title, width - beside);
    if (m_title->minimumHeight() != title)
        m_title->setMinimumHeight(title);
    if (!m_picture->isHidden()) {
        const QSizeF want = m_picture->sizeHint();
        const double scale =
            std::min({1.0, 0.45 * width / want.width(), 0.25 * window()->height() / want.height()});
        // Larger where the type is (presentation mode), while the chart above keeps half the
        // window: the headlines, tabs and this panel's title row take about 180 px of the rest.
        const double most = std::max(0.25, 0.5 - 180.0 / window()->height());
        const QSize legible = m_picture->minimumSizeHint().boundedTo(
            (want * most * window()->height() / want.height()).toSize());
        const QSize size = (want * scale).toSize().expandedTo(legible);
        if (m_picture->size() != size)
            m_picture->setFixedSize(size);
        width = std::max(width - size.width() - layout()->spacing(), 1);
    }
    const int height =
        std::max(2 * m_text->fontMetrics().lineSpacing(), wrappedHeight(m_text, width));
    if (m_text->minimumHeight() != height)
        m_text->setMinimumHeight(height);
}

void TourPanel::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    fitText();
}

void TourPanel::showEvent(QShowEvent *e)
{
    QWidget::showEvent(e);
    fitText();
}

void TourPanel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    if (e->type() == QEvent::FontChange) // presentation mode's larger type
        applyFonts();
    QWidget::changeEvent(e);
}

bool focusUsesArrowKeys(const QWidget *focus)
{
    return focus &&
           (qobject_cast<const QAbstractSpinBox *>(focus) ||
            qobject_cast<const QAbstractButton *>(focus) ||
            qobject_cast<const QAbstractSlider *>(focus) ||
            qobject_cast<const QLineEdit *>(focus) || qobject_cast<const QComboBox *>(focus) ||
            qobject_cast<const QTextEdit *>(focus) ||
            qobject_cast<const QAbstractItemView *>(focus));
}

// Keys reach the tour whatever has focus in its window. Left, Right and Space stay with a
// focused widget that uses them (a spin box, a slider, a text field, a list, a button), so the
// user can still edit; PageUp/PageDown (what clickers send) and Esc always drive the tour.
bool TourPanel::eventFilter(QObject *watched, QEvent *e)
{
    if (e->type() != QEvent::KeyPress || !isRunning())
        return QWidget::eventFilter(watched, e);
    auto *w = qobject_cast<QWidget *>(watched);
    if (!w || w->window() != window())
        return QWidget::eventFilter(watched, e);
    const auto *k = static_cast<QKeyEvent *>(e);
    const bool editing = focusUsesArrowKeys(QApplication::focusWidget());
    const Qt::KeyboardModifiers mods = k->modifiers() & ~(Qt::KeypadModifier | Qt::AltModifier);
    if (mods != Qt::NoModifier)
        return QWidget::eventFilter(watched, e);
    const bool alt = k->modifiers().testFlag(Qt::AltModifier);
    switch (k->key()) {
    case Qt::Key_PageDown:
        forward();
        return true;
    case Qt::Key_PageUp:
        back();
        return true;
    case Qt::Key_Escape:
        stop();
        return true;
    case Qt::Key_Right:
    case Qt::Key_Space:
        if (editing && !alt)
            break;
        forward();
        return true;
    case Qt::Key_Left:
        if (editing && !alt)
            break;
        back();
        return true;
    default:
        break;
    }
    return QWidget::eventFilter(watched, e);
}

} // namespace kvl
