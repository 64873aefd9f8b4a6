// The Catalogue tab: the built-in list of popular models, and a field for any HTTPS URL.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTreeWidget;

namespace strata::domain::models {
class ModelServices;
}

namespace strata::ui {

class CataloguePage : public QWidget {
    Q_OBJECT
public:
    explicit CataloguePage(domain::models::ModelServices& services, QWidget* parent = nullptr);

public slots:
    void downloadSelected();
    void downloadUrl();

signals:
    void downloadStarted(const QString& id);

private:
    QString targetFolder() const;

    domain::models::ModelServices& m_services;
    QTreeWidget* m_list;
    QLineEdit* m_url;
    QComboBox* m_folder;
    QLabel* m_status;
};

}  // namespace strata::ui
