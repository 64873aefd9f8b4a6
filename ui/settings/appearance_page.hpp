// Theme (system, light, dark: applied at once) and language (system, English, German: takes
// effect when Strata starts next, because widgets built before the switch keep their texts).
#pragma once

#include <QWidget>

class QComboBox;

namespace strata::ui {

class AppearancePage : public QWidget {
    Q_OBJECT
public:
    explicit AppearancePage(QWidget* parent = nullptr);

    void setValues(const QString& theme, const QString& language);
    QString theme() const;
    QString language() const;

signals:
    void changed();

private:
    QComboBox* m_theme;
    QComboBox* m_language;
};

}  // namespace strata::ui
