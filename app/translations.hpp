#pragma once

#include <QLocale>
#include <QString>

class QCoreApplication;

namespace strata::app {

// The locale whose catalogue serves `language` ("de", "zh_CN"); "system" or anything else: the
// system's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG on Linux).
QLocale translationLocale(const QString& language);

// Installs Strata's translation for `language` ("en", "de", "zh_CN", "system") plus Qt's own for the
// same locale where the system has it, and makes that locale the default QLocale, which formats the
// numbers, sizes and dates the app shows. English needs none: it is the source language, and numbers
// keep the system's format. Returns whether a Strata catalogue was installed (false for English or a
// language Strata lacks).
bool installTranslations(QCoreApplication& app, const QString& language = QStringLiteral("system"));

}  // namespace strata::app
