#include "ui/models/catalogue_page.hpp"

#include "domain/models/model_services.hpp"
#include "domain/models/url_policy.hpp"

#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace strata::ui {

CataloguePage::CataloguePage(domain::models::ModelServices& services, QWidget* parent)
    : QWidget(parent), m_services(services)
{
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("catalogueList"));
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels(
        {tr("Model"), tr("Parameters"), tr("Quantization"), tr("Size (approx.)"), tr("File"), tr("License")});
    const domain::models::Catalogue& catalogue = m_services.catalogue();
    for (int i = 0; i < catalogue.entries.size(); ++i) {
        const domain::models::CatalogueEntry& e = catalogue.entries[i];
        auto* item = new QTreeWidgetItem(
            m_list, {e.name, e.parameters, e.quantization,
                     e.approxSizeBytes > 0 ? QStringLiteral("~%1").arg(domain::models::formatBytes(e.approxSizeBytes))
                                           : QString(),
                     e.fileName, e.license});
        item->setData(0, Qt::UserRole, i);
        item->setToolTip(0, e.url.toString());
    }
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    if (m_list->topLevelItemCount() > 0)
        m_list->setCurrentItem(m_list->topLevelItem(0));

    auto* download = new QPushButton(tr("&Download selected"), this);
    download->setObjectName(QStringLiteral("downloadCatalogueButton"));
    download->setAutoDefault(false);

    m_url = new QLineEdit(this);
    m_url->setObjectName(QStringLiteral("downloadUrl"));
    m_url->setPlaceholderText(QStringLiteral("https://huggingface.co/<user>/<repo>/resolve/main/<file>.gguf"));
    auto* downloadUrlButton = new QPushButton(tr("Download &URL"), this);
    downloadUrlButton->setObjectName(QStringLiteral("downloadUrlButton"));
    downloadUrlButton->setAutoDefault(false);

    m_folder = new QComboBox(this);
    m_folder->setObjectName(QStringLiteral("downloadFolder"));
    m_folder->addItems(m_services.library().folders());

    m_status = new QLabel(catalogue.error, this);
    m_status->setObjectName(QStringLiteral("catalogueStatus"));
    m_status->setWordWrap(true);

    auto* urlRow = new QHBoxLayout;
    urlRow->addWidget(m_url, 1);
    urlRow->addWidget(downloadUrlButton);
    // A row that is a layout gets no buddy from QFormLayout, and a label without one shows its "&".
    auto* urlLabel = new QLabel(tr("Any &HTTPS URL:"), this);
    urlLabel->setBuddy(m_url);
    auto* form = new QFormLayout;
    form->addRow(urlLabel, urlRow);
    form->addRow(tr("Save &to:"), m_folder);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Popular models (sizes are approximate; downloads are checked against the "
                                    "server's size and SHA-256):"),
                                 this));
    layout->addWidget(m_list, 1);
    layout->addWidget(download, 0, Qt::AlignLeft);
    layout->addLayout(form);
    layout->addWidget(m_status);

    connect(download, &QPushButton::clicked, this, &CataloguePage::downloadSelected);
    connect(m_list, &QTreeWidget::itemActivated, this, &CataloguePage::downloadSelected);
    connect(downloadUrlButton, &QPushButton::clicked, this, &CataloguePage::downloadUrl);
    connect(m_url, &QLineEdit::returnPressed, this, &CataloguePage::downloadUrl);
    setFocusProxy(m_list);
}

QString CataloguePage::targetFolder() const
{
    return m_folder->currentText().isEmpty() ? m_services.library().folders().first() : m_folder->currentText();
}

void CataloguePage::downloadSelected()
{
    const QTreeWidgetItem* item = m_list->currentItem();
    if (!item)
        return;
    const domain::models::CatalogueEntry& e = m_services.catalogue().entries[item->data(0, Qt::UserRole).toInt()];
    domain::models::DownloadRequest request;
    request.url = e.url;
    request.directory = targetFolder();
    request.fileName = e.fileName;
    request.approxSize = e.approxSizeBytes;
    request.expectedSha256 = e.sha256;
    const QString id = m_services.downloads().start(request);
    m_status->setText(tr("Downloading %1 to %2").arg(e.fileName, request.directory));
    emit downloadStarted(id);
}

void CataloguePage::downloadUrl()
{
    const QUrl url = QUrl::fromUserInput(m_url->text().trimmed());
    const QString why = domain::models::checkDownloadUrl(url, m_services.downloads().settings().allowHttpToLoopback);
    const QString fileName = QFileInfo(url.path()).fileName();
    if (!why.isEmpty() || fileName.isEmpty()) {
        m_status->setText(why.isEmpty() ? tr("The URL does not name a file") : why);
        return;
    }
    domain::models::DownloadRequest request;
    request.url = url;
    request.directory = targetFolder();
    request.fileName = fileName;
    const QString id = m_services.downloads().start(request);
    m_status->setText(tr("Downloading %1 to %2").arg(fileName, request.directory));
    emit downloadStarted(id);
}

}  // namespace strata::ui
