// kernels::streamingCopy: every byte arrives, whatever the alignment of either side and the length
// (the head before the first whole line, the streamed lines, the tail), and nothing past the end is
// written.
#include <QtTest>

#include <cstdint>
#include <numeric>
#include <vector>

#include "kernels/streaming_copy.hpp"

class TestStreamingCopy : public QObject {
    Q_OBJECT

private slots:
    void copiesEveryByteAtAnyAlignment()
    {
        std::vector<uint8_t> source(4096 + 128);
        std::iota(source.begin(), source.end(), uint8_t(7));
        std::vector<uint8_t> target(source.size() + 128);
        for (size_t to = 0; to < 64; to += 5)
            for (size_t from = 0; from < 64; from += 7)
                for (size_t bytes : {size_t(0), size_t(1), size_t(15), size_t(63), size_t(64), size_t(65), size_t(200),
                                     size_t(1000), size_t(4096)}) {
                    std::fill(target.begin(), target.end(), uint8_t(0xA5));
                    strata::kernels::streamingCopy(target.data() + to, source.data() + from, bytes);
                    for (size_t i = 0; i < target.size(); ++i) {
                        const bool inside = i >= to && i < to + bytes;
                        const uint8_t want = inside ? source[from + i - to] : uint8_t(0xA5);
                        if (target[i] != want)
                            QFAIL(qPrintable(QString("to +%1, from +%2, %3 bytes: byte %4 is %5, not %6")
                                                 .arg(to)
                                                 .arg(from)
                                                 .arg(bytes)
                                                 .arg(i)
                                                 .arg(target[i])
                                                 .arg(want)));
                    }
                }
    }

    // A piece of an expert's size: a megabyte and an odd tail.
    void copiesAnExpertsPiece()
    {
        std::vector<uint32_t> source((1 << 20) / 4 + 3);
        std::iota(source.begin(), source.end(), 11u);
        std::vector<uint32_t> target(source.size());
        strata::kernels::streamingCopy(target.data(), source.data(), source.size() * sizeof(uint32_t) - 2);
        QVERIFY(std::equal(source.begin(), source.end() - 1, target.begin()));
        QCOMPARE(target.back(), source.back() & 0xFFFFu);  // little-endian: the last two bytes copied
    }
};

QTEST_GUILESS_MAIN(TestStreamingCopy)
#include "test_streaming_copy.moc"
