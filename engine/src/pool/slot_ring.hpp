// A ring of `slots` buffers shared by several threads that fill them in turn (issue 21's stagers:
// pinned host slots that one thread fills from the model file and the DMA engine then reads).
// Pieces of work are numbered 0, 1, 2, ...; piece i uses slot i % slots and may start only once
// piece i - slots, the slot's previous user, has been *published* (its reader is set up, e.g. its
// copy queued behind an event the next user waits for). Threads claim pieces in order, so every
// thread waits only for lower-numbered pieces and the ring cannot deadlock. Waits sleep on the
// slot's own atomic (std::atomic::wait, a futex on Linux): no spinning, no yield loop.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

namespace strata::pool {

class SlotRing {
public:
    explicit SlotRing(uint32_t slots) : slots_(slots ? slots : 1), published_(new std::atomic<uint64_t>[slots_])
    {
        for (uint32_t s = 0; s < slots_; ++s)
            published_[s].store(0, std::memory_order_relaxed);
    }

    uint32_t slots() const { return slots_; }

    // The next piece below `end` and its slot, or false when every piece below `end` is taken.
    bool claim(uint64_t end, uint64_t& piece, uint32_t& slot)
    {
        uint64_t next = next_.load(std::memory_order_relaxed);
        do {
            if (next >= end)
                return false;
        } while (!next_.compare_exchange_weak(next, next + 1, std::memory_order_relaxed));
        piece = next;
        slot = uint32_t(next % slots_);
        return true;
    }

    // Sleeps until the slot's previous piece (piece - slots) has been published. Returns whether
    // the slot had a previous user (whose reader the caller may then have to wait for).
    bool awaitTurn(uint64_t piece)
    {
        if (piece < slots_)
            return false;
        std::atomic<uint64_t>& p = published_[piece % slots_];
        const uint64_t turn = piece / slots_;  // the number of earlier pieces of this slot
        for (uint64_t seen = p.load(std::memory_order_acquire); seen < turn; seen = p.load(std::memory_order_acquire))
            p.wait(seen, std::memory_order_acquire);
        return true;
    }

    // The piece is done with its slot's setup: the slot's next user may go on.
    void publish(uint64_t piece)
    {
        std::atomic<uint64_t>& p = published_[piece % slots_];
        p.store(piece / slots_ + 1, std::memory_order_release);
        p.notify_all();
    }

    // Pieces claimed so far (the next batch's first piece, once every claimed piece is published).
    uint64_t claimed() const { return next_.load(std::memory_order_relaxed); }

private:
    uint32_t slots_;
    std::unique_ptr<std::atomic<uint64_t>[]> published_;  // per slot: how many of its pieces were published
    std::atomic<uint64_t> next_{0};
};

}  // namespace strata::pool
