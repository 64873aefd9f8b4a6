#include "domain/settings/preferences_store.hpp"

#include "domain/settings/kv_type_text.hpp"
#include "domain/settings/number_list_text.hpp"

#include <QJsonDocument>
#include <QSettings>
#include <QStringList>
#include <optional>

namespace strata::domain {

namespace {

const QString kThreads = QStringLiteral("engine/threads");
const QString kPinThreads = QStringLiteral("engine/pinThreads");
const QString kContextLength = QStringLiteral("engine/contextLength");
const QString kKvCacheType = QStringLiteral("engine/kvCacheType");
const QString kBatchSize = QStringLiteral("engine/batchSize");
const QString kDevice = QStringLiteral("engine/device");
const QString kGpuBudgetsMiB = QStringLiteral("engine/gpuBudgetsMiB");
const QString kVramBudgetMiB = QStringLiteral("engine/vramBudgetMiB");
const QString kGpuWait = QStringLiteral("engine/gpuWait");
const QString kExperts = QStringLiteral("engine/experts");
const QString kExpertBudgetMiB = QStringLiteral("engine/expertBudgetMiB");
const QString kCpuExpertLayers = QStringLiteral("engine/cpuExpertLayers");
const QString kExpertWakeAhead = QStringLiteral("engine/expertWakeAhead");
const QString kSamplingDefaults = QStringLiteral("sampling/defaults");
const QString kTheme = QStringLiteral("appearance/theme");
const QString kLanguage = QStringLiteral("appearance/language");

// How the settings file spells a list of GPUs or budgets: "0,1".
const QString kListSeparator = QStringLiteral(",");

int intIn(const QSettings& s, const QString& key, int min, int max, int fallback)
{
    bool ok = false;
    const int v = s.value(key, fallback).toInt(&ok);
    return ok && v >= min && v <= max ? v : fallback;
}

// "cpu" -> {-1}, "cuda:N" -> {N}, "cuda:N,M,..." -> a layer split over those GPUs; else nullopt.
std::optional<QList<int>> devicesFromText(const QString& text)
{
    if (text == QLatin1String("cpu"))
        return QList<int>{-1};
    if (!text.startsWith(QLatin1String("cuda:")))
        return std::nullopt;
    return numberListFromText(text.mid(5), 1023);
}

QString devicesText(int gpu, const QList<int>& splitGpus)
{
    return gpu < 0 ? QStringLiteral("cpu")
                   : QStringLiteral("cuda:") + numberListText(QList<int>{gpu} + splitGpus, kListSeparator);
}

// The stored words for model::CudaHostWait, in its order.
const QStringList kGpuWaitTexts{QStringLiteral("blocking"), QStringLiteral("spin"), QStringLiteral("yield"),
                                QStringLiteral("adaptive")};

// The stored words for model::ExpertPlacement, in its order.
const QStringList kExpertsTexts{QStringLiteral("gpu"), QStringLiteral("cache"), QStringLiteral("cpu-layers")};

QString wakeAheadText(model::ExpertWakeAhead mode)
{
    const std::string_view text = model::toString(mode);
    return QString::fromLatin1(text.data(), qsizetype(text.size()));
}

// "off", "on" or "auto"; before there was auto the key held a bool: true stays on, and false (the
// old default, written by every Apply, so rarely a choice) becomes the new default.
model::ExpertWakeAhead wakeAheadFromText(const QString& text, model::ExpertWakeAhead fallback)
{
    if (text == QLatin1String("true"))
        return model::ExpertWakeAhead::On;
    return model::parseExpertWakeAhead(text.toStdString()).value_or(fallback);
}

QString oneOf(const QSettings& s, const QString& key, const QStringList& allowed)
{
    const QString v = s.value(key, allowed.front()).toString();
    return allowed.contains(v) ? v : allowed.front();
}

}  // namespace

Preferences PreferencesStore::load() const
{
    const Preferences defaults;
    Preferences p;
    p.engine.threads = intIn(m_settings, kThreads, 0, 1024, defaults.engine.threads);
    p.engine.pinThreads = m_settings.value(kPinThreads, defaults.engine.pinThreads).toBool();
    p.engine.contextLength = intIn(m_settings, kContextLength, 0, 1 << 20, defaults.engine.contextLength);
    p.engine.kvCacheType =
        kvTypeFromText(m_settings.value(kKvCacheType).toString()).value_or(defaults.engine.kvCacheType);
    p.engine.batchSize = intIn(m_settings, kBatchSize, 0, 8192, defaults.engine.batchSize);
    if (const auto devices = devicesFromText(m_settings.value(kDevice).toString())) {
        p.engine.gpu = devices->front();
        p.engine.splitGpus = devices->mid(1);
    }
    const QString budgets = m_settings.value(kGpuBudgetsMiB).toString();
    if (!budgets.isEmpty())
        p.engine.gpuBudgetsMiB = numberListFromText(budgets, 1 << 24).value_or(QList<int>{});
    p.engine.vramBudgetMiB = intIn(m_settings, kVramBudgetMiB, 0, 1 << 24, defaults.engine.vramBudgetMiB);
    p.engine.gpuWait = model::CudaHostWait(kGpuWaitTexts.indexOf(oneOf(m_settings, kGpuWait, kGpuWaitTexts)));
    p.engine.experts = model::ExpertPlacement(kExpertsTexts.indexOf(oneOf(m_settings, kExperts, kExpertsTexts)));
    p.engine.expertBudgetMiB = intIn(m_settings, kExpertBudgetMiB, 0, 1 << 24, defaults.engine.expertBudgetMiB);
    p.engine.cpuExpertLayers = intIn(m_settings, kCpuExpertLayers, 0, 4096, defaults.engine.cpuExpertLayers);
    p.engine.expertWakeAhead =
        wakeAheadFromText(m_settings.value(kExpertWakeAhead).toString(), defaults.engine.expertWakeAhead);
    p.sampling = SamplingSettings::fromJson(
        QJsonDocument::fromJson(m_settings.value(kSamplingDefaults).toString().toUtf8()).object());
    p.theme = oneOf(m_settings, kTheme, {QStringLiteral("system"), QStringLiteral("light"), QStringLiteral("dark")});
    p.language = oneOf(m_settings, kLanguage,
                       {QStringLiteral("system"), QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN")});
    return p;
}

void PreferencesStore::save(const Preferences& p)
{
    m_settings.setValue(kThreads, p.engine.threads);
    m_settings.setValue(kPinThreads, p.engine.pinThreads);
    m_settings.setValue(kContextLength, p.engine.contextLength);
    m_settings.setValue(kKvCacheType, kvTypeText(p.engine.kvCacheType));
    m_settings.setValue(kBatchSize, p.engine.batchSize);
    m_settings.setValue(kDevice, devicesText(p.engine.gpu, p.engine.splitGpus));
    m_settings.setValue(kGpuBudgetsMiB, numberListText(p.engine.gpuBudgetsMiB, kListSeparator));
    m_settings.setValue(kVramBudgetMiB, p.engine.vramBudgetMiB);
    m_settings.setValue(kGpuWait, kGpuWaitTexts.value(int(p.engine.gpuWait)));
    m_settings.setValue(kExperts, kExpertsTexts.value(int(p.engine.experts)));
    m_settings.setValue(kExpertBudgetMiB, p.engine.expertBudgetMiB);
    m_settings.setValue(kCpuExpertLayers, p.engine.cpuExpertLayers);
    m_settings.setValue(kExpertWakeAhead, wakeAheadText(p.engine.expertWakeAhead));
    m_settings.setValue(kSamplingDefaults,
                        QString::fromUtf8(QJsonDocument(p.sampling.toJson()).toJson(QJsonDocument::Compact)));
    m_settings.setValue(kTheme, p.theme);
    m_settings.setValue(kLanguage, p.language);
    m_settings.sync();  // a crash right after Apply keeps what the user chose
}

}  // namespace strata::domain
