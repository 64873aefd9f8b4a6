#include "ui/settings/settings_dialog.hpp"

#include "ui/settings/appearance_page.hpp"
#include "ui/settings/engine_settings_page.hpp"
#include "ui/settings/sampling_settings_form.hpp"

#include <QDialogButtonBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace strata::ui {

SettingsDialog::SettingsDialog(const domain::Preferences& preferences, int physicalCores,
                               const std::vector<CudaDeviceInfo>& gpus, QWidget* parent)
    : QDialog(parent), m_tabs(new QTabWidget(this)), m_engine(new EngineSettingsPage(physicalCores, gpus, this)),
      m_sampling(new SamplingSettingsForm), m_appearance(new AppearancePage(this)), m_reloadNotice(new QFrame(this)),
      m_reloadText(new QLabel(m_reloadNotice)), m_reloadButton(new QPushButton(tr("&Reload model now"), m_reloadNotice))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    m_engine->setValues(preferences.engine);
    m_sampling->setValues(preferences.sampling);
    m_appearance->setValues(preferences.theme, preferences.language);
    m_tabs->addTab(m_engine, tr("&Engine"));
    // New chats start with these; each chat changes its own in Chat settings.
    auto* newChats = new QWidget(this);
    auto* newChatsLayout = new QVBoxLayout(newChats);
    auto* newChatsNote =
        new QLabel(tr("New chats start with these values; change one chat's own in Chat settings."), newChats);
    newChatsNote->setWordWrap(true);
    newChatsLayout->addWidget(newChatsNote);
    newChatsLayout->addWidget(m_sampling);
    newChatsLayout->addStretch(1);
    m_tabs->addTab(newChats, tr("&New chats"));
    m_tabs->addTab(m_appearance, tr("&Appearance"));

    m_reloadNotice->setObjectName(QStringLiteral("reloadNotice"));
    m_reloadNotice->setFrameShape(QFrame::StyledPanel);
    m_reloadText->setObjectName(QStringLiteral("reloadNoticeText"));
    m_reloadText->setWordWrap(true);
    m_reloadText->setText(tr("The loaded model runs with other engine settings. Threads, affinity, context "
                             "length, KV cache type, batch size, device and VRAM budget take effect when the "
                             "model is reloaded."));
    m_reloadButton->setObjectName(QStringLiteral("reloadModelButton"));
    auto* noticeLayout = new QHBoxLayout(m_reloadNotice);
    noticeLayout->addWidget(m_reloadText, 1);
    noticeLayout->addWidget(m_reloadButton);
    m_reloadNotice->hide();

    auto* buttons =
        new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &SettingsDialog::apply);
    connect(m_reloadButton, &QPushButton::clicked, this, [this] {
        apply();  // the reload uses what the dialog shows, so it is saved first
        emit reloadRequested();
    });
    connect(m_engine, &EngineSettingsPage::changed, this, &SettingsDialog::updateReloadNotice);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);
    layout->addWidget(m_reloadNotice);
    layout->addWidget(buttons);
}

domain::Preferences SettingsDialog::preferences() const
{
    domain::Preferences p;
    p.engine = m_engine->values();
    p.sampling = m_sampling->values();
    p.theme = m_appearance->theme();
    p.language = m_appearance->language();
    return p;
}

bool SettingsDialog::reloadNeeded() const
{
    return m_loadedWith && *m_loadedWith != m_engine->values();
}

void SettingsDialog::setLoadedEngine(const std::optional<domain::EnginePreferences>& loadedWith)
{
    m_loadedWith = loadedWith;
    updateReloadNotice();
}

void SettingsDialog::apply()
{
    emit applied(preferences());
}

void SettingsDialog::updateReloadNotice()
{
    m_reloadNotice->setVisible(reloadNeeded());
}

}  // namespace strata::ui
