// Single-core tokenizer throughput on English text (not a test: run it from a Release build, see
// docs/BENCHMARKS.md). Peer figure: tools/dev/tokenizer_speed.mjs runs the JS tokenizer on the same text.
//   tokenizer_bench [package] [text files...]   (default: llama3, Debian's /usr/share/common-licenses)
#include "tests/engine/tokenizer/vocab_fixtures.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cstdio>
#include <ctime>

using namespace strata::tokenizer;
using namespace strata::tokenizer::test;

namespace {

// CPU time of this thread: the machines are shared, so wall time says more about the neighbours
// than about the tokenizer; the encoder is single-threaded, so this is "one core".
double threadSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

}  // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    const QString package = args.isEmpty() ? QStringLiteral("llama3") : args.takeFirst();
    if (args.isEmpty()) {
        const QDir dir(QStringLiteral("/usr/share/common-licenses"));
        for (const QFileInfo& f : dir.entryInfoList(QDir::Files, QDir::Name)) {
            if (!f.isSymLink())
                args << f.absoluteFilePath();
        }
    }
    std::vector<std::string> texts;
    std::size_t bytes = 0;
    for (const QString& path : args) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "cannot read %s\n", qPrintable(path));
            return 1;
        }
        texts.push_back(f.readAll().toStdString());
        bytes += texts.back().size();
    }
    const VocabModel* model = nullptr;
    for (const auto& m : vocabModels()) {
        if (package == QLatin1String(m.name))
            model = &m;
    }
    if (model == nullptr) {
        std::fprintf(stderr, "unknown package %s\n", qPrintable(package));
        return 1;
    }
    QElapsedTimer timer;
    timer.start();
    const Tokenizer tok(importVocabulary(*model));
    const double loadS = static_cast<double>(timer.nsecsElapsed()) / 1e9;

    // Encode the whole text repeatedly for at least 2 s of CPU; the first pass is reported on its own.
    std::size_t tokens = 0;
    std::size_t passes = 0;
    double firstS = 0;
    std::vector<std::vector<TokenId>> ids(texts.size());
    timer.restart();
    const double encodeStart = threadSeconds();
    do {
        tokens = 0;
        for (std::size_t i = 0; i < texts.size(); ++i) {
            ids[i] = tok.encode(texts[i], EncodeOptions{.addSpecial = false});
            tokens += ids[i].size();
        }
        if (++passes == 1)
            firstS = threadSeconds() - encodeStart;
    } while (threadSeconds() - encodeStart < 2.0);
    const double encodeS = threadSeconds() - encodeStart;
    const double encodeWallS = static_cast<double>(timer.nsecsElapsed()) / 1e9;

    std::size_t decoded = 0;
    std::size_t decodePasses = 0;
    const double decodeStart = threadSeconds();
    do {
        for (const auto& v : ids)
            decoded += tok.decode(v).size();
        ++decodePasses;
    } while (threadSeconds() - decodeStart < 1.0);
    const double decodeS = threadSeconds() - decodeStart;

    const double mb = static_cast<double>(bytes) / 1e6;
    std::printf("model %s: %zu files, %.3f MB, %zu tokens (%.2f bytes/token), vocabulary loaded in %.2f s\n",
                model->package, texts.size(), mb, tokens, static_cast<double>(bytes) / static_cast<double>(tokens),
                loadS);
    std::printf("encode: %.1f MB/s of CPU time over %zu passes (first pass %.1f MB/s), %.2f M tokens/s; "
                "wall %.1f MB/s\n",
                mb * static_cast<double>(passes) / encodeS, passes, mb / firstS,
                static_cast<double>(tokens * passes) / encodeS / 1e6, mb * static_cast<double>(passes) / encodeWallS);
    std::printf("decode: %.1f MB/s of CPU time over %zu passes\n", static_cast<double>(decoded) / 1e6 / decodeS,
                decodePasses);
    return 0;
}
