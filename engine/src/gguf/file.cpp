#include "strata/gguf/file.hpp"

#include "gguf/mapped_file.hpp"
#include "gguf/part_parser.hpp"
#include "strata/core/error.hpp"

#include <cstdio>

namespace strata::gguf {

struct File::Part {
    std::string path;
    std::unique_ptr<detail::MappedFile> mapping;  // null for File::fromBytes
    uint64_t size = 0;
    detail::ParsedPart parsed;
};

namespace {

// llama.cpp's split naming: "<prefix>-<no, 5 digits, 1-based>-of-<count, 5 digits>.gguf".
struct SplitName {
    std::string prefix;
    uint32_t number = 0;
    uint32_t count = 0;
};

std::optional<SplitName> parseSplitName(const std::string& file)
{
    constexpr std::string_view kSuffix = ".gguf";
    // "-NNNNN-of-NNNNN.gguf" is 20 characters.
    if (file.size() < 20 + 1 || !file.ends_with(kSuffix))
        return std::nullopt;
    const std::string_view tail = std::string_view(file).substr(file.size() - 20);
    const auto digits = [](std::string_view s) {
        uint32_t v = 0;
        for (char c : s) {
            if (c < '0' || c > '9')
                return std::optional<uint32_t>();
            v = v * 10 + static_cast<uint32_t>(c - '0');
        }
        return std::optional<uint32_t>(v);
    };
    if (tail[0] != '-' || tail.substr(6, 4) != "-of-")
        return std::nullopt;
    const auto no = digits(tail.substr(1, 5));
    const auto count = digits(tail.substr(10, 5));
    if (!no || !count)
        return std::nullopt;
    return SplitName{file.substr(0, file.size() - 20), *no, *count};
}

std::string fiveDigits(uint32_t v)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "%05u", v);
    return buf;
}

}  // namespace

std::filesystem::path splitPartPath(const std::filesystem::path& firstPart, uint32_t index, uint32_t count)
{
    const auto name = parseSplitName(firstPart.filename().string());
    if (!name)
        throw Error(firstPart.string() + ": metadata key 'split.count' says this file is split into "
                    + std::to_string(count) + " parts, but its name does not follow '<name>-00001-of-"
                    + fiveDigits(count) + ".gguf'");
    return firstPart.parent_path()
           / (name->prefix + "-" + fiveDigits(index + 1) + "-of-" + fiveDigits(count) + ".gguf");
}

File::File() = default;
File::File(File&&) noexcept = default;
File& File::operator=(File&&) noexcept = default;
File::~File() = default;

uint64_t File::fileBytes() const
{
    uint64_t total = 0;
    for (const auto& p : parts_)
        total += p->size;
    return total;
}

uint64_t File::dataOffset(uint32_t part) const
{
    return part < parts_.size() ? parts_[part]->parsed.dataStart : 0;
}

const TensorInfo* File::findTensor(std::string_view name) const
{
    const auto it = tensorIndex_.find(name);
    return it == tensorIndex_.end() ? nullptr : &tensors_[it->second];
}

void File::addPart(std::unique_ptr<Part> part)
{
    const auto index = static_cast<uint32_t>(parts_.size());
    for (TensorInfo t : part->parsed.tensors) {
        t.part = index;
        if (!tensorIndex_.emplace(t.name, tensors_.size()).second)
            throw Error(part->path + ": tensor '" + std::string(t.name) + "' in split part " + std::to_string(index + 1)
                        + " is also in an earlier part");
        tensors_.push_back(t);
    }
    if (index == 0) {
        version_ = part->parsed.version;
        alignment_ = part->parsed.alignment;
        metadata_ = part->parsed.metadata;
    }
    parts_.push_back(std::move(part));
}

namespace {

std::unique_ptr<File::Part> openPart(const std::filesystem::path& path)
{
    auto part = std::make_unique<File::Part>();
    part->path = path.string();
    part->mapping = std::make_unique<detail::MappedFile>(path);
    part->size = part->mapping->bytes().size();
    part->parsed = detail::parsePart(part->mapping->bytes(), part->path);
    return part;
}

// split.count / split.no as a part states them; 1 / 0 for unsplit files.
std::pair<uint32_t, uint32_t> splitOf(const File::Part& part)
{
    const Metadata& m = part.parsed.metadata;
    const auto bad = [&](const char* key) {
        return Error(part.path + ": metadata key '" + key + "' must be a small non-negative integer");
    };
    uint32_t count = 1, no = 0;
    if (m.contains("split.count")) {
        const auto c = m.getU32("split.count");
        if (!c || *c == 0 || *c > 99999)
            throw bad("split.count");
        count = *c;
    }
    if (m.contains("split.no")) {
        const auto n = m.getU32("split.no");
        if (!n)
            throw bad("split.no");
        no = *n;
    }
    if (no >= count)
        throw Error(part.path + ": metadata key 'split.no' is " + std::to_string(no) + " but 'split.count' is "
                    + std::to_string(count));
    return {count, no};
}

}  // namespace

File File::open(const std::filesystem::path& path)
{
    File file;
    file.name_ = path.string();
    file.addPart(openPart(path));
    const auto [count, no] = splitOf(*file.parts_[0]);
    if (no != 0)
        throw Error(file.name_ + ": this is split part " + std::to_string(no + 1) + " of " + std::to_string(count)
                    + "; open the first part (" + splitPartPath(path, 0, count).filename().string() + ")");
    for (uint32_t i = 1; i < count; ++i) {
        const auto partPath = splitPartPath(path, i, count);
        std::error_code ec;
        if (!std::filesystem::exists(partPath, ec))
            throw Error(file.name_ + ": split part " + std::to_string(i + 1) + " of " + std::to_string(count)
                        + " is missing: " + partPath.string());
        auto part = openPart(partPath);
        const auto [partCount, partNo] = splitOf(*part);
        if (partCount != count || partNo != i)
            throw Error(part->path + ": metadata keys 'split.no'/'split.count' say part " + std::to_string(partNo + 1)
                        + " of " + std::to_string(partCount) + ", expected part " + std::to_string(i + 1) + " of "
                        + std::to_string(count));
        file.addPart(std::move(part));
    }
    if (const Value* v = file.metadata_.find("split.tensors.count")) {
        const auto n = v->asU64();
        if (!n || *n != file.tensors_.size())
            throw Error(file.name_ + ": metadata key 'split.tensors.count' is " + v->toDisplayString() + " but the "
                        + std::to_string(count) + " parts hold " + std::to_string(file.tensors_.size()) + " tensors");
    }
    return file;
}

File File::fromBytes(std::span<const std::byte> bytes, std::string name)
{
    File file;
    file.name_ = std::move(name);
    auto part = std::make_unique<Part>();
    part->path = file.name_;
    part->size = bytes.size();
    part->parsed = detail::parsePart(bytes, part->path);
    file.addPart(std::move(part));
    const auto [count, no] = splitOf(*file.parts_[0]);
    if (count != 1)
        throw Error(file.name_ + ": split part " + std::to_string(no + 1) + " of " + std::to_string(count)
                    + " cannot be opened from memory; open the first part from disk");
    return file;
}

}  // namespace strata::gguf
