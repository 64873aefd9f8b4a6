// `strata-gguf info FILE [--json]`
#include "commands.hpp"
#include "strata/core/error.hpp"
#include "strata/gguf/file.hpp"
#include "strata/gguf/model_summary.hpp"

#include <cstdio>
#include <string>

namespace strata::tools {

namespace {

using namespace strata::gguf;

std::string jsonString(std::string_view s)
{
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

template <typename T>
std::string jsonOptional(const std::optional<T>& v)
{
    return v ? std::to_string(*v) : "null";
}

std::string shapeText(const TensorInfo& t, const char* open, const char* close)
{
    std::string s = open;
    for (uint32_t d = 0; d < t.dimCount; ++d)
        s += (d ? ", " : "") + std::to_string(t.shape[d]);
    return s + close;
}

std::string typeName(GgmlType t)
{
    return std::string(ggmlTypeTraits(static_cast<uint32_t>(t))->name);
}

void printJson(const File& f, const ModelSummary& s)
{
    std::string out = "{\n";
    out += "  \"file\": " + jsonString(f.name()) + ",\n";
    out += "  \"version\": " + std::to_string(f.version()) + ",\n";
    out += "  \"parts\": " + std::to_string(f.partCount()) + ",\n";
    out += "  \"file_bytes\": " + std::to_string(f.fileBytes()) + ",\n";
    out += "  \"alignment\": " + std::to_string(f.alignment()) + ",\n";
    out += "  \"architecture\": " + jsonString(s.architecture) + ",\n";
    out += "  \"name\": " + jsonString(s.name) + ",\n";
    out += "  \"file_type\": " + jsonOptional(s.fileType) + ",\n";
    out += "  \"file_type_name\": " + jsonString(s.fileTypeName) + ",\n";
    out += "  \"parameters\": " + std::to_string(s.parameters) + ",\n";
    out += "  \"tensor_bytes\": " + std::to_string(s.tensorBytes) + ",\n";
    out += "  \"context_length\": " + jsonOptional(s.contextLength) + ",\n";
    out += "  \"embedding_length\": " + jsonOptional(s.embeddingLength) + ",\n";
    out += "  \"block_count\": " + jsonOptional(s.blockCount) + ",\n";
    out += "  \"head_count\": " + jsonOptional(s.headCount) + ",\n";
    out += "  \"head_count_kv\": " + jsonOptional(s.headCountKv) + ",\n";
    out += "  \"expert_count\": " + jsonOptional(s.expertCount) + ",\n";
    out += "  \"expert_used_count\": " + jsonOptional(s.expertUsedCount) + ",\n";
    out += "  \"tokenizer\": {\"model\": " + jsonString(s.tokenizer.model) + ", \"pre\": " + jsonString(s.tokenizer.pre)
           + ", \"vocab_size\": " + std::to_string(s.tokenizer.vocabSize) + ", \"bos_token_id\": "
           + jsonOptional(s.tokenizer.bos) + ", \"eos_token_id\": " + jsonOptional(s.tokenizer.eos) + "},\n";
    out += "  \"chat_template\": " + std::string(s.hasChatTemplate ? "true" : "false") + ",\n";
    out += "  \"metadata\": {";
    bool first = true;
    for (const auto& e : f.metadata().entries()) {
        out += (first ? "\n    " : ",\n    ") + jsonString(e.key) + ": " + jsonString(e.value.toDisplayString());
        first = false;
    }
    out += "\n  },\n  \"tensors\": [";
    first = true;
    for (const TensorInfo& t : f.tensors()) {
        out += (first ? "\n    " : ",\n    ") + std::string("{\"name\": ") + jsonString(t.name)
               + ", \"type\": " + jsonString(typeName(t.type)) + ", \"shape\": " + shapeText(t, "[", "]")
               + ", \"bytes\": " + std::to_string(t.bytes()) + "}";
        first = false;
    }
    out += "\n  ]\n}\n";
    std::fputs(out.c_str(), stdout);
}

std::string humanCount(uint64_t n)
{
    char buf[32];
    if (n >= 1'000'000'000)
        std::snprintf(buf, sizeof buf, "%.2f B", double(n) / 1e9);
    else if (n >= 1'000'000)
        std::snprintf(buf, sizeof buf, "%.2f M", double(n) / 1e6);
    else if (n >= 1'000)
        std::snprintf(buf, sizeof buf, "%.2f K", double(n) / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(n));
    return buf;
}

template <typename T>
std::string orDash(const std::optional<T>& v)
{
    return v ? std::to_string(*v) : "-";
}

void printText(const File& f, const ModelSummary& s)
{
    std::printf("file:          %s (GGUF v%u, %u part%s, %llu bytes, alignment %u)\n", f.name().c_str(), f.version(),
                f.partCount(), f.partCount() == 1 ? "" : "s", static_cast<unsigned long long>(f.fileBytes()),
                f.alignment());
    std::printf("architecture:  %s\n", s.architecture.empty() ? "-" : s.architecture.c_str());
    std::printf("name:          %s\n", s.name.empty() ? "-" : s.name.c_str());
    std::printf("file type:     %s\n",
                s.fileType ? (s.fileTypeName + " (" + std::to_string(*s.fileType) + ")").c_str() : "-");
    std::printf("parameters:    %llu (%s)\n", static_cast<unsigned long long>(s.parameters),
                humanCount(s.parameters).c_str());
    std::printf("context:       %s\n", orDash(s.contextLength).c_str());
    std::printf("shape:         %s blocks, embedding %s, %s heads (%s kv)\n", orDash(s.blockCount).c_str(),
                orDash(s.embeddingLength).c_str(), orDash(s.headCount).c_str(), orDash(s.headCountKv).c_str());
    if (s.expertCount)
        std::printf("experts:       %llu (%s used per token)\n", static_cast<unsigned long long>(*s.expertCount),
                    orDash(s.expertUsedCount).c_str());
    else
        std::printf("experts:       none\n");
    if (s.tokenizer.model.empty())
        std::printf("tokenizer:     none\n");
    else
        std::printf("tokenizer:     %s (pre %s), %llu tokens, bos %s, eos %s\n", s.tokenizer.model.c_str(),
                    s.tokenizer.pre.empty() ? "-" : s.tokenizer.pre.c_str(),
                    static_cast<unsigned long long>(s.tokenizer.vocabSize), orDash(s.tokenizer.bos).c_str(),
                    orDash(s.tokenizer.eos).c_str());
    std::printf("chat template: %s\n", s.hasChatTemplate ? "yes" : "no");
    std::printf("metadata (%zu keys):\n", f.metadata().size());
    for (const auto& e : f.metadata().entries())
        std::printf("  %-44.*s %s\n", static_cast<int>(e.key.size()), e.key.data(), e.value.toDisplayString().c_str());
    std::printf("tensors (%zu):\n", f.tensors().size());
    for (const TensorInfo& t : f.tensors())
        std::printf("  %-40.*s %-6s %-26s %12llu bytes\n", static_cast<int>(t.name.size()), t.name.data(),
                    typeName(t.type).c_str(), shapeText(t, "[", "]").c_str(),
                    static_cast<unsigned long long>(t.bytes()));
}

}  // namespace

int runInfo(Arguments& args)
{
    const bool json = args.flag("json");
    args.finish();
    if (args.positional().size() != 1)
        throw Error("info takes one FILE");
    const File f = File::open(args.positional()[0]);
    const ModelSummary s = summarize(f);
    if (json)
        printJson(f, s);
    else
        printText(f, s);
    return 0;
}

}  // namespace strata::tools
