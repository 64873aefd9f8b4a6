#include "ui/settings/appearance_page.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>

namespace strata::ui {

AppearancePage::AppearancePage(QWidget* parent)
    : QWidget(parent), m_theme(new QComboBox(this)), m_language(new QComboBox(this))
{
    setObjectName(QStringLiteral("appearancePage"));
    m_theme->setObjectName(QStringLiteral("themeBox"));
    m_theme->setAccessibleName(tr("Theme"));
    m_theme->addItem(tr("Follow the system"), QStringLiteral("system"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));

    m_language->setObjectName(QStringLiteral("languageBox"));
    m_language->setAccessibleName(tr("Language"));
    m_language->addItem(tr("Follow the system"), QStringLiteral("system"));
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));  // each language in its own words
    m_language->addItem(QStringLiteral("Deutsch"), QStringLiteral("de"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    auto* restartNote = new QLabel(tr("A new language takes effect when Strata starts next."), this);
    restartNote->setWordWrap(true);

    auto* form = new QFormLayout(this);
    form->addRow(tr("T&heme:"), m_theme);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(QString(), restartNote);
    connect(m_theme, &QComboBox::currentIndexChanged, this, &AppearancePage::changed);
    connect(m_language, &QComboBox::currentIndexChanged, this, &AppearancePage::changed);
}

void AppearancePage::setValues(const QString& theme, const QString& language)
{
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(theme)));
    m_language->setCurrentIndex(std::max(0, m_language->findData(language)));
}

QString AppearancePage::theme() const
{
    return m_theme->currentData().toString();
}

QString AppearancePage::language() const
{
    return m_language->currentData().toString();
}

}  // namespace strata::ui
