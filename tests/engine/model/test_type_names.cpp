// The KV cache type and the finish reason have one spelling each: toString and its inverse.
#include "strata/model/generation.hpp"
#include "strata/model/kv_type_names.hpp"

#include <QTest>

using namespace strata;

class TestTypeNames : public QObject {
    Q_OBJECT
private slots:
    void kvTypesRoundTrip()
    {
        QCOMPARE(QByteArray(model::toString(model::KvType::F16)), QByteArray("f16"));
        QCOMPARE(QByteArray(model::toString(model::KvType::Q8_0)), QByteArray("q8_0"));
        for (model::KvType kv : {model::KvType::F16, model::KvType::Q8_0})
            QCOMPARE(model::kvTypeFromString(model::toString(kv)), std::optional(kv));
        // Only the one spelling: no case folding, no other names.
        for (const char* other : {"", "F16", "q8", "q8-0", "f32", " f16"})
            QVERIFY2(!model::kvTypeFromString(other), other);
    }

    void finishReasonsRoundTrip()
    {
        using model::FinishReason;
        for (FinishReason reason : {FinishReason::EndOfGeneration, FinishReason::StopString, FinishReason::Length,
                                    FinishReason::ContextFull, FinishReason::Cancelled})
            QCOMPARE(model::finishReasonFromString(model::toString(reason)), std::optional(reason));
        QCOMPARE(QByteArray(model::toString(FinishReason::ContextFull)), QByteArray("context-full"));
        for (const char* other : {"", "context_full", "error", "Stop"})
            QVERIFY2(!model::finishReasonFromString(other), other);
    }
};

QTEST_MAIN(TestTypeNames)
#include "test_type_names.moc"
