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

CataloguePage::CataloguePage(models::ModelServices& services, QWidget* parent) : QWidget(parent), services_(services)
{
    list_ = new QTreeWidget(this);
    list_->setObjectName(QStringLiteral("catalogueList"));
    list_->setRootIsDecorated(false);
    list_->setHeaderLabels({tr("Model"), tr("Parameters"), tr("Quantization"), tr("Size (approx.)"), tr("File"),
                            tr("License")});
    const models::Catalogue& catalogue = services_.catalogue();
    for (int i = 0; i < catalogue.entries.size(); ++i) {
        const models::CatalogueEntry& e = catalogue.entries[i];
        auto* item = new QTreeWidgetItem(list_, {e.name, e.parameters, e.quantization,
                                                 e.approxSizeBytes > 0 ? QStringLiteral("~%1").arg(models::formatBytes(e.approxSizeBytes)) : QString(),
                                                 e.fileName, e.license});
        item->setData(0, Qt::UserRole, i);
        item->setToolTip(0, e.url.toString());
    }
    list_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    if (list_->topLevelItemCount() > 0)
        list_->setCurrentItem(list_->topLevelItem(0));

    auto* download = new QPushButton(tr("&Download selected"), this);
    download->setObjectName(QStringLiteral("downloadCatalogueButton"));
    download->setAutoDefault(false);

    url_ = new QLineEdit(this);
    url_->setObjectName(QStringLiteral("downloadUrl"));
    url_->setPlaceholderText(QStringLiteral("https://huggingface.co/<user>/<repo>/resolve/main/<file>.gguf"));
    auto* downloadUrlButton = new QPushButton(tr("Download &URL"), this);
    downloadUrlButton->setObjectName(QStringLiteral("downloadUrlButton"));
    downloadUrlButton->setAutoDefault(false);

    folder_ = new QComboBox(this);
    folder_->setObjectName(QStringLiteral("downloadFolder"));
    folder_->addItems(services_.library().folders());

    status_ = new QLabel(catalogue.error, this);
    status_->setObjectName(QStringLiteral("catalogueStatus"));
    status_->setWordWrap(true);

    auto* urlRow = new QHBoxLayout;
    urlRow->addWidget(url_, 1);
    urlRow->addWidget(downloadUrlButton);
    // A row that is a layout gets no buddy from QFormLayout, and a label without one shows its "&".
    auto* urlLabel = new QLabel(tr("Any &HTTPS URL:"), this);
    urlLabel->setBuddy(url_);
    auto* form = new QFormLayout;
    form->addRow(urlLabel, urlRow);
    form->addRow(tr("Save &to:"), folder_);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Popular models (sizes are approximate; downloads are checked against the "
                                    "server's size and SHA-256):"), this));
    layout->addWidget(list_, 1);
    layout->addWidget(download, 0, Qt::AlignLeft);
    layout->addLayout(form);
    layout->addWidget(status_);

    connect(download, &QPushButton::clicked, this, &CataloguePage::downloadSelected);
    connect(list_, &QTreeWidget::itemActivated, this, &CataloguePage::downloadSelected);
    connect(downloadUrlButton, &QPushButton::clicked, this, &CataloguePage::downloadUrl);
    connect(url_, &QLineEdit::returnPressed, this, &CataloguePage::downloadUrl);
    setFocusProxy(list_);
}

QString CataloguePage::targetFolder() const
{
    return folder_->currentText().isEmpty() ? services_.library().folders().first() : folder_->currentText();
}

void CataloguePage::downloadSelected()
{
    const QTreeWidgetItem* item = list_->currentItem();
    if (!item)
        return;
    const models::CatalogueEntry& e = services_.catalogue().entries[item->data(0, Qt::UserRole).toInt()];
    models::DownloadRequest request;
    request.url = e.url;
    request.directory = targetFolder();
    request.fileName = e.fileName;
    request.approxSize = e.approxSizeBytes;
    request.expectedSha256 = e.sha256;
    const QString id = services_.downloads().start(request);
    status_->setText(tr("Downloading %1 to %2").arg(e.fileName, request.directory));
    emit downloadStarted(id);
}

void CataloguePage::downloadUrl()
{
    const QUrl url = QUrl::fromUserInput(url_->text().trimmed());
    const QString why = models::checkDownloadUrl(url, services_.downloads().settings().allowHttpToLoopback);
    const QString fileName = QFileInfo(url.path()).fileName();
    if (!why.isEmpty() || fileName.isEmpty()) {
        status_->setText(why.isEmpty() ? tr("The URL does not name a file") : why);
        return;
    }
    models::DownloadRequest request;
    request.url = url;
    request.directory = targetFolder();
    request.fileName = fileName;
    const QString id = services_.downloads().start(request);
    status_->setText(tr("Downloading %1 to %2").arg(fileName, request.directory));
    emit downloadStarted(id);
}

}  // namespace strata::ui
