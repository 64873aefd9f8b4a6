// Dev tool (built outside the repository by llama_selfcheck.py against a llama.cpp build): the
// float32 logits of the last position of a token sequence, evaluated by llama.cpp as the
// reference script does (one batch, context 512, flash attention off, f16 KV cache, 2 threads).
// Usage: llama_logits MODEL.gguf IDS_CSV OUT.f32
#include "llama.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: llama_logits MODEL IDS_CSV OUT.f32\n");
        return 2;
    }
    std::vector<llama_token> ids;
    std::stringstream csv(argv[2]);
    for (std::string item; std::getline(csv, item, ',');)
        ids.push_back(llama_token(std::stol(item)));
    llama_backend_init();
    llama_log_set([](ggml_log_level, const char*, void*) {}, nullptr);
    llama_model_params mp = llama_model_default_params();
    mp.n_gpu_layers = 0;
    llama_model* model = llama_model_load_from_file(argv[1], mp);
    if (!model) {
        std::fprintf(stderr, "llama_logits: cannot load %s\n", argv[1]);
        return 1;
    }
    llama_context_params cp = llama_context_default_params();
    cp.n_ctx = 512;
    cp.n_batch = 512;
    cp.n_ubatch = 512;
    cp.n_threads = 2;
    cp.n_threads_batch = 2;
    cp.flash_attn_type = LLAMA_FLASH_ATTN_TYPE_DISABLED;
    cp.type_k = GGML_TYPE_F16;
    cp.type_v = GGML_TYPE_F16;
    llama_context* ctx = llama_init_from_model(model, cp);
    if (!ctx || llama_decode(ctx, llama_batch_get_one(ids.data(), int32_t(ids.size()))) != 0) {
        std::fprintf(stderr, "llama_logits: evaluation failed\n");
        return 1;
    }
    const int n = llama_vocab_n_tokens(llama_model_get_vocab(model));
    const float* logits = llama_get_logits_ith(ctx, -1);
    FILE* f = std::fopen(argv[3], "wb");
    if (!f || std::fwrite(logits, sizeof(float), size_t(n), f) != size_t(n)) {
        std::fprintf(stderr, "llama_logits: cannot write %s\n", argv[3]);
        return 1;
    }
    std::fclose(f);
    llama_free(ctx);
    llama_model_free(model);
    llama_backend_free();
    return 0;
}
