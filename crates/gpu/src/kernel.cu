// polyboggle's batch scorer: words and points of many boards, one thread a board.
//
// Compiled two ways from this one file:
// - by NVRTC at run time (crates/gpu/src/compile.rs, device.rs), as CUDA;
// - by the system C++ compiler in the tests (crates/gpu/src/host.rs), as plain C++ with the
//   harness below, so the kernel's logic is checked against the CPU solver on
//   machines without a GPU.
// Keep it to the common subset: no headers, no templates the harness lacks.
//
// The walk is the CPU solver's (crates/core/src/solve.rs) over the same automaton records
// (crates/core/src/automaton.rs): a record is four u32, the target state's 64-bit class mask,
// its first outgoing record (top bit: final) and the transition's output; the record
// of byte b from record r is first(r) + popcount(mask(r) below bit class(b)), checked
// against the record's byte when the automaton is not exact. A word's rank is the sum
// of the outputs along its path.
//
// Each thread takes boards from a shared counter, one after the other, inside one
// loop: a turn of the loop is one push (enter a cell) or one pop (leave one), or the
// start of the next board when the stack is empty, so a thread never waits for its
// warp to finish a board. Words are counted once per board in a per-thread
// open-addressing table of (tag << 32 | word): the tag is the board's number plus a
// base that grows from launch to launch, so the tables are never cleared between
// boards (the host clears them when the tags would wrap). A board with more distinct
// words than `word_limit` stops early and is marked; the host scores it exactly.

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define PB_KERNEL extern "C" __global__
#define PB_DEVICE __device__ __forceinline__
#define PB_THREAD (blockIdx.x * blockDim.x + threadIdx.x)
#define PB_THREADS (gridDim.x * blockDim.x)
#define PB_POPCOUNT(x) __popcll(x)
#define PB_CTZ(x) (__ffsll((long long)(x)) - 1)
#define PB_TAKE(counter) atomicAdd((counter), 1u)
#define PB_RESTRICT __restrict__
#else
// Plain C++: the host harness runs "threads" one after the other.
#define PB_KERNEL extern "C"
#define PB_DEVICE static inline
static unsigned pb_thread, pb_threads;
#define PB_THREAD pb_thread
#define PB_THREADS pb_threads
#define PB_POPCOUNT(x) __builtin_popcountll(x)
#define PB_CTZ(x) __builtin_ctzll(x)
#define PB_TAKE(counter) ((*(counter))++)
#define PB_RESTRICT __restrict__
#endif

typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long long u64;

// The bit of a record's `first` word that marks its state final.
#define PB_FINAL 0x80000000u
// The bit of a record's `first` word that marks the last record of a state's block,
// where bytes share classes (format version 5); the index is below it.
#define PB_LAST 0x40000000u
#define PB_FIRST 0x3FFFFFFFu
// Boards of up to this many cells (a cell set is one u64).
#define PB_MAX_CELLS 64
// The words count of a board that overflowed its table.
#define PB_OVERFLOW 0xFFFFFFFFu

// One state on the search stack: the cells still to try from it, its transitions,
// the output so far and the cell that led to it.
struct PbFrame {
    u64 live;
    u64 mask;
    u32 first;
    u32 out;
    u32 cell;
};

// The transition from a state (mask, first) on byte `b` of class `cls`; false when
// there is none. `*state` is the record of the transition.
PB_DEVICE bool pb_step(const u32 *PB_RESTRICT records, const u8 *PB_RESTRICT bytes, const u8 *PB_RESTRICT classes,
                       u32 count, u32 exact, u64 mask, u32 first, u32 cls, u32 b,
                       u32 *state) {
    if (cls >= 64) return false;
    u64 bit = 1ull << cls;
    if ((mask & bit) == 0) return false;
    u32 i = first + (u32)PB_POPCOUNT(mask & (bit - 1));
    if (!exact) {
        // Several bytes share a class: `i` is a lower bound in a block sorted by
        // (class, byte).
        for (;;) {
            if (i >= count) return false;
            u32 got = bytes[i];
            u32 got_class = classes[got];
            if (got_class == cls && got == b) break;
            if (got_class > cls || (got_class == cls && got > b)) return false;
            // Never past the state's last record.
            if (records[4 * (u64)i + 2] & PB_LAST) return false;
            i++;
        }
    }
    if (i >= count) return false;
    *state = i;
    return true;
}

// Scores boards[0..board_count), each `cells` face indices (row-major) into the
// face table. face_info[f] = start | len << 16 | head class << 24 of face f's key in
// face_bytes/face_classes (len 0: no word can use the face). neighbours[c] is cell
// c's neighbours as a mask. Writes words_out[i] (PB_OVERFLOW when the table
// overflowed) and points_out[i].
PB_KERNEL void pb_score(
    const u32 *PB_RESTRICT records, const u8 *PB_RESTRICT record_bytes,
    const u8 *PB_RESTRICT classes, u32 record_count, u32 exact,
    const u8 *PB_RESTRICT lengths, u32 word_count, const u32 *PB_RESTRICT points,
    u32 min_len,
    const u32 *PB_RESTRICT face_info, const u8 *PB_RESTRICT face_bytes,
    const u8 *PB_RESTRICT face_classes,
    const u64 *PB_RESTRICT neighbours, u32 cells,
    const u8 *PB_RESTRICT boards, u32 board_count,
    u64 *PB_RESTRICT tables, u32 slot_bits, u32 word_limit, u32 tag_base,
    u32 *PB_RESTRICT next_board, u32 *PB_RESTRICT words_out,
    u64 *PB_RESTRICT points_out) {
    const u64 thread = PB_THREAD;
    u64 *PB_RESTRICT table = tables + (thread << slot_bits);
    const u32 slot_mask = (1u << slot_bits) - 1;
    const u64 root_mask = (u64)records[0] | (u64)records[1] << 32;
    const u32 root_first = records[2] & PB_FIRST;

    PbFrame stack[PB_MAX_CELLS + 1];
    u64 head[PB_MAX_CELLS];  // bit of each cell's first class (0: dead cell)
    u8 face[PB_MAX_CELLS];
    int depth = 0;
    u64 used = 0;
    u32 board = 0xFFFFFFFFu;
    u32 tag = 0, found = 0, words = 0;
    u64 total = 0;
    bool overflow = false;

    for (;;) {
        if (depth == 0) {
            // The stack is empty: the board is done; take the next one.
            if (board != 0xFFFFFFFFu) {
                words_out[board] = overflow ? PB_OVERFLOW : words;
                points_out[board] = overflow ? 0 : total;
            }
            board = PB_TAKE(next_board);
            if (board >= board_count) break;
            const u8 *b = boards + (u64)board * cells;
            u64 all = 0;
            for (u32 i = 0; i < cells; i++) {
                u32 f = b[i];
                u32 info = face_info[f];
                u64 bit = ((info >> 16) & 0xFF) ? 1ull << (info >> 24) : 0;
                head[i] = bit;
                face[i] = (u8)f;
                if (bit & root_mask) all |= 1ull << i;
            }
            tag = tag_base + board;
            found = words = 0;
            total = 0;
            overflow = false;
            used = 0;
            stack[0].live = all;
            stack[0].mask = root_mask;
            stack[0].first = root_first;
            stack[0].out = 0;
            stack[0].cell = PB_MAX_CELLS;
            depth = 1;
            continue;
        }
        PbFrame *top = &stack[depth - 1];
        if (top->live == 0) {
            // Every cell from this state is tried: leave it.
            depth--;
            if (top->cell < PB_MAX_CELLS) used &= ~(1ull << top->cell);
            continue;
        }
        const u32 cell = (u32)PB_CTZ(top->live);
        top->live &= top->live - 1;

        // Enter the cell's face from the state on top.
        const u32 info = face_info[face[cell]];
        const u32 start = info & 0xFFFF, len = (info >> 16) & 0xFF;
        u32 state;
        u32 out = top->out;
        if (len == 1 && exact) {
            const u32 cls = info >> 24;
            state = top->first + (u32)PB_POPCOUNT(top->mask & ((1ull << cls) - 1));
            out += records[4 * (u64)state + 3];
        } else {
            if (!pb_step(records, record_bytes, classes, record_count, exact, top->mask, top->first,
                         face_classes[start], face_bytes[start], &state))
                continue;
            out += records[4 * (u64)state + 3];
            bool alive = true;
            for (u32 k = 1; k < len; k++) {
                const u32 *r = records + 4 * (u64)state;
                u64 mask = (u64)r[0] | (u64)r[1] << 32;
                u32 next;
                if (!pb_step(records, record_bytes, classes, record_count, exact, mask,
                             r[2] & PB_FIRST, face_classes[start + k],
                             face_bytes[start + k], &next)) {
                    alive = false;
                    break;
                }
                state = next;
                out += records[4 * (u64)state + 3];
            }
            if (!alive) continue;
        }
        const u32 *r = records + 4 * (u64)state;
        const u64 mask = (u64)r[0] | (u64)r[1] << 32;
        const u32 first = r[2];

        if (first & PB_FINAL) {
            // A word ends here: count it unless the board has it already.
            const u64 entry = (u64)tag << 32 | out;
            u32 h = (u32)(((u64)out * 0x9E3779B97F4A7C15ull) >> (64 - slot_bits));
            for (;;) {
                const u64 slot = table[h];
                if (slot == entry) break;
                if ((u32)(slot >> 32) != tag) {
                    table[h] = entry;
                    found++;
                    const u32 n = out < word_count ? lengths[out] : 0;
                    if (n >= min_len) {
                        words++;
                        total += points[n];
                    }
                    break;
                }
                h = (h + 1) & slot_mask;
            }
            if (found > word_limit) {
                overflow = true;
                depth = 0;
                continue;
            }
        }
        if (mask != 0) {
            // Push the state with the free neighbours that continue a word.
            const u64 now_used = used | 1ull << cell;
            u64 near = neighbours[cell] & ~now_used;
            u64 live = 0;
            while (near) {
                const u32 k = (u32)PB_CTZ(near);
                near &= near - 1;
                if (mask & head[k]) live |= 1ull << k;
            }
            if (live) {
                PbFrame *next = &stack[depth++];
                next->live = live;
                next->mask = mask;
                next->first = first & PB_FIRST;
                next->out = out;
                next->cell = cell;
                used = now_used;
            }
        }
    }
}
