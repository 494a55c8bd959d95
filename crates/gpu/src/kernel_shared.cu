// polyboggle's batch scorer, second design ("new"): the search state out of
// local memory. Same inputs, same outputs and the same generality as kernel.cu (any
// automaton the CPU solver walks, multi-byte faces, blanks, boards of up to 64 cells,
// boards it cannot finish handed back to the host), laid out for the GPU's memories:
//
// - the top frame of a thread's search lives in registers; the frames below it are
//   saved in shared memory at [depth * blockDim + thread] (consecutive threads in
//   consecutive words: no bank conflicts), 8 bytes each: the state's record, the
//   cell, the output so far. A frame's remaining candidate cells are not saved: on a
//   pop they are recomputed (the neighbours after the cell just left);
// - the board is held bit-parallel in registers: for each group of four cells a
//   byte-permute selector (the byte of a state's 64-bit class mask each cell's first
//   byte falls in) and a byte mask (its bit in that byte), so the cells whose face
//   continues a word are found for all cells at once, without a loop or a branch.
//   Cells are numbered in a transposed order (position W * (c % 4) + c / 4, W = 8
//   for up to 32 cells in a u32 set, 16 for up to 64 in a u64) so the groups'
//   results combine with shifts; each cell's face entry sits in shared memory;
// - every turn of the one loop is one push or one pop, sharing their tail (one
//   16-byte record read, the next candidate set), or the start of the thread's next
//   board, taken from a shared counter, so lanes stay busy (persistent threads);
// - words are counted once per board in a small per-thread hash set of u32 entries
//   (epoch << word_bits | word), the epoch counting the thread's boards: nothing is
//   cleared between boards or launches (epochs persist in `epochs`); a thread wipes
//   its own table when its epoch would wrap. A board with more distinct words than
//   `word_limit`, or deeper than `frame_cap` frames, is marked and scored on the host.
//   Two ways to probe it: at once, where the word is found (pb_search*), or deferred
//   to the thread's next turn (pb_deferred*): the word's slot and length are read when
//   it is found and looked at a turn later, after that turn's record read is under
//   way, so the two reads' latencies overlap instead of adding up, and a warp does not
//   wait at every found word for one lane's hash-set read. The deferred probe also
//   leaves words shorter than the rules count (15% of the words found on dice boards)
//   out of the set.
//   A third design (pb_chained*) defers probes too, and marks each saved frame whose
//   state has candidates left: a pop passes the frames that have none (12% of a dice
//   board's turns) in one turn, reading no record for them.
//
// Compiled two ways, as kernel.cu: by NVRTC as CUDA (device.rs), and by the system
// C++ compiler in the tests (host.rs), where a "block" is several OS threads sharing
// one buffer as their shared memory. Keep it to that common subset: no headers.

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#if defined(PB_MAXREG)
// Registers a thread may use (POLYBOGGLE_GPU_MAXREG, for measuring): fewer let more
// blocks share a multiprocessor.
#define PB_KERNEL extern "C" __global__ __maxnreg__(PB_MAXREG)
#else
#define PB_KERNEL extern "C" __global__
#endif
#define PB_DEVICE __device__ __forceinline__
#define PB_MEMBER __device__ __forceinline__
#define PB_THREAD (blockIdx.x * blockDim.x + threadIdx.x)
#define PB_LANE threadIdx.x
#define PB_BLOCK_DIM blockDim.x
#define PB_UNROLL _Pragma("unroll")
#define PB_POPCOUNT(x) __popcll(x)
#define PB_CTZ32(x) (__ffs((int)(x)) - 1)
#define PB_CTZ64(x) (__ffsll((long long)(x)) - 1)
#define PB_PRMT(a, b, s) __byte_perm((a), (b), (s))
#define PB_TAKE(counter) atomicAdd((counter), 1u)
#define PB_SYNC() __syncthreads()
// Small tables every thread of a block reads: in shared memory, filled together.
#define PB_BLOCK_SHARED __shared__
#define PB_COOPERATIVE(i, n) for (unsigned i = threadIdx.x; i < (n); i += blockDim.x)
#define PB_RESTRICT __restrict__
extern __shared__ unsigned long long pb_dynamic[];
#define PB_SHARED pb_dynamic
#else
// Plain C++: a "thread" is an OS thread of the harness (host.rs), which says where
// it stands and hands it its block's shared memory.
#define PB_KERNEL extern "C"
#define PB_DEVICE static inline
#define PB_MEMBER inline
static thread_local unsigned pb_thread, pb_lane, pb_block_dim;
static thread_local unsigned long long *pb_shared;
#define PB_THREAD pb_thread
#define PB_LANE pb_lane
#define PB_BLOCK_DIM pb_block_dim
#define PB_UNROLL
#define PB_POPCOUNT(x) __builtin_popcountll(x)
#define PB_CTZ32(x) __builtin_ctz(x)
#define PB_CTZ64(x) __builtin_ctzll(x)
#define PB_TAKE(counter) __atomic_fetch_add((counter), 1u, __ATOMIC_RELAXED)
#define PB_SYNC() ((void)0)
// Each harness thread fills its own copy.
#define PB_BLOCK_SHARED
#define PB_COOPERATIVE(i, n) for (unsigned i = 0; i < (n); i++)
#define PB_RESTRICT __restrict__
#define PB_SHARED pb_shared
// __byte_perm: byte i of the result is byte (selector nibble i & 7) of b:a.
static inline unsigned pb_prmt(unsigned a, unsigned b, unsigned s) {
    const unsigned long long v = (unsigned long long)b << 32 | a;
    unsigned r = 0;
    for (int i = 0; i < 4; i++)
        r |= (unsigned)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xFF) << (8 * i);
    return r;
}
#define PB_PRMT(a, b, s) pb_prmt((a), (b), (s))
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
// The words count of a board handed back to the host.
#define PB_OVERFLOW 0xFFFFFFFFu
// A saved frame's record index has 26 bits (the host checks the automaton fits).
#define PB_STATE_BITS 26
#define PB_STATE_MASK ((1u << PB_STATE_BITS) - 1)
// A saved frame's top bit (chained pops): its state has candidate cells left. (Its
// output, a word's rank, stays under 2^24.)
#define PB_MORE (1ull << 63)

// A record: the target state's class mask and first outgoing record (with the final
// bit), and the transition's output.
struct PbRecord {
    u64 mask;
    u32 first;
    u32 out;
};

PB_DEVICE PbRecord pb_record(const u32 *PB_RESTRICT records, u32 i) {
    PbRecord r;
#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
    const uint4 v = __ldg(reinterpret_cast<const uint4 *>(records) + i);
    r.mask = (u64)v.x | (u64)v.y << 32;
    r.first = v.z;
    r.out = v.w;
#else
    const u32 *v = records + 4 * (u64)i;
    r.mask = (u64)v[0] | (u64)v[1] << 32;
    r.first = v[2];
    r.out = v[3];
#endif
    return r;
}

// The transition from a state (mask, first) on byte `b` of class `cls`; false when
// there is none. `*state` is the record of the transition. (As in kernel.cu.)
PB_DEVICE bool pb_step(const u32 *PB_RESTRICT records, const u8 *PB_RESTRICT bytes, const u8 *PB_RESTRICT classes,
                       u32 count, u32 exact, u64 mask, u32 first, u32 cls, u32 b,
                       u32 *state) {
    if (cls >= 64) return false;
    const u64 bit = 1ull << cls;
    if ((mask & bit) == 0) return false;
    u32 i = first + (u32)PB_POPCOUNT(mask & (bit - 1));
    if (!exact) {
        // Several bytes share a class: `i` is a lower bound in a block sorted by
        // (class, byte).
        for (;;) {
            if (i >= count) return false;
            const u32 got = bytes[i];
            const u32 got_class = classes[got];
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

// Enters a face the fast path does not take (several bytes, or an inexact
// automaton) from the state (mask, first): the record of its last byte in `*state`
// and the outputs of the records before it in `*partial`; false when some byte has
// no transition.
PB_DEVICE bool pb_enter(const u32 *PB_RESTRICT records, const u8 *PB_RESTRICT record_bytes,
                        const u8 *PB_RESTRICT classes, u32 record_count, u32 exact,
                        const u8 *PB_RESTRICT face_bytes, const u8 *PB_RESTRICT face_classes,
                        u64 mask, u32 first, u32 info, u32 *state, u32 *partial) {
    const u32 start = info & 0xFFFF, len = (info >> 16) & 0xFF;
    u32 s, out = 0;
    if (!pb_step(records, record_bytes, classes, record_count, exact, mask, first, face_classes[start],
                 face_bytes[start], &s))
        return false;
    for (u32 k = 1; k < len; k++) {
        const PbRecord r = pb_record(records, s);
        out += r.out;
        if (!pb_step(records, record_bytes, classes, record_count, exact, r.mask, r.first & PB_FIRST,
                     face_classes[start + k], face_bytes[start + k], &s))
            return false;
    }
    *state = s;
    *partial = out;
    return true;
}

// A set of cells by position: u32 for boards of up to 32 cells, u64 up to 64.
template <typename Set> struct PbLayout;
template <> struct PbLayout<u32> {
    enum { W = 8, SHIFT = 3 };
    // Group results (bit 8j + 7 for cell j of the group) to positions 8j + g.
    static PB_MEMBER u32 spread(u32 t, int g) { return (t >> 7) << g; }
};
template <> struct PbLayout<u64> {
    enum { W = 16, SHIFT = 4 };
    // Group results to positions 16j + g: bytes j = 0..3 to 16-bit lanes.
    static PB_MEMBER u64 spread(u32 t, int g) {
        const u32 x = t >> 7;
        const u32 lo = PB_PRMT(x, 0u, 0x4140u), hi = PB_PRMT(x, 0u, 0x4342u);
        return ((u64)hi << 32 | lo) << g;
    }
};

// The board, bit-parallel, for G groups of four cells: for group g, `sel` (16 bits,
// two groups a word) picks for each cell the byte of a class mask holding its first
// byte's class, `bits[g]` has that class's bit in the cell's byte (0 for a cell no
// word can use).
template <typename Set, int G> struct PbBoard {
    u32 sel[(G + 1) / 2];
    u32 bits[G];

    // The cells (positions) whose face's first byte has a transition in `mask`.
    PB_MEMBER Set match(u64 mask) const {
        const u32 lo = (u32)mask, hi = (u32)(mask >> 32);
        Set out = 0;
        PB_UNROLL
        for (int g = 0; g < G; g++) {
            const u32 s = (g & 1) ? sel[g / 2] >> 16 : sel[g / 2];
            const u32 t = ((PB_PRMT(lo, hi, s) & bits[g]) + 0x7F7F7F7Fu) & 0x80808080u;
            out |= PbLayout<Set>::spread(t, g);
        }
        return out;
    }
};

// The row-major cell of position p.
template <typename Set> PB_DEVICE u32 pb_cell(u32 p) {
    return (p & (PbLayout<Set>::W - 1)) << 2 | p >> PbLayout<Set>::SHIFT;
}

// Scores boards[0..board_count), each `cells` face indices (row-major) into the face
// table; face_info[f] = start | len << 16 | head class << 24 of face f's key in
// face_bytes/face_classes (len 0: no word can use the face). neighbours[p] is the set
// of position p's neighbours, neighbours[4 W] the set of all cells. Each thread's
// table is tables[thread << stride_bits ..], of which it hashes 2^slot_bits slots;
// epochs[thread] its last board's epoch. Shared memory: frame_cap frames of 8 bytes
// then `cells` face entries of 4, each [index * blockDim + thread]. Writes
// words_out[i] (PB_OVERFLOW: handed back) and points_out[i]. `Deferred`: how words
// are probed; `Chain`: pops pass the frames with no candidates left (above).
template <typename Set, int G, bool Deferred, bool Chain>
PB_DEVICE void pb_search(
    const u32 *PB_RESTRICT records, const u8 *PB_RESTRICT record_bytes,
    const u8 *PB_RESTRICT classes, u32 record_count, u32 exact,
    const u8 *PB_RESTRICT lengths, u32 word_count, const u32 *PB_RESTRICT points,
    u32 min_len, const u32 *PB_RESTRICT face_info, const u8 *PB_RESTRICT face_bytes,
    const u8 *PB_RESTRICT face_classes, const u64 *PB_RESTRICT neighbours, u32 cells,
    const u8 *PB_RESTRICT boards, u32 board_count, u32 *PB_RESTRICT tables, u32 stride_bits,
    u32 slot_bits, u32 word_limit, u32 word_bits, u32 *PB_RESTRICT epochs, u32 frame_cap,
    u32 *PB_RESTRICT next_board, u32 *PB_RESTRICT words_out, u64 *PB_RESTRICT points_out) {
    typedef PbLayout<Set> L;
    const u32 root_cell = 4 * L::W;
    PB_BLOCK_SHARED Set near[4 * L::W + 1];
    PB_COOPERATIVE(i, 4 * L::W + 1) near[i] = (Set)neighbours[i];
    PB_SYNC();

    const u32 lane = PB_LANE, block_dim = PB_BLOCK_DIM;
    const u64 thread = PB_THREAD;
    u64 *PB_RESTRICT frames = PB_SHARED;
    u32 *PB_RESTRICT cell_info = (u32 *)(PB_SHARED + (u64)frame_cap * block_dim);
    u32 *PB_RESTRICT table = tables + (thread << stride_bits);
    const u32 slot_mask = (1u << slot_bits) - 1;
    const u32 epoch_end = 1u << (32 - word_bits);
    const PbRecord root = pb_record(records, 0);
    u32 epoch = epochs[thread];

    PbBoard<Set, G> board;
    // The top frame: its record, class mask, first outgoing record, output, cell;
    // its candidate cells; the cells on the path; the frames saved below it.
    u32 state = 0, first = 0, out = 0, cell = root_cell, depth = 0;
    u64 mask = 0;
    Set cand = 0, used = 0;
    u32 number = 0xFFFFFFFFu, found = 0, words = 0;
    u64 total = 0;
    bool overflow = false;
    // Deferred: the word waiting for its probe (its hash-set entry, 0 for none), the
    // slot read for it, what that slot held, and the word's length.
    u32 pending = 0, slot = 0, seen = 0, length = 0;
    // Deferred: looks at the slot read for the pending word (a turn ago): the word is
    // counted, or was already, or is too short to count; or the next slot is read.
    auto resolve = [&]() {
        if (length < min_len || seen == pending) {
            pending = 0;
        } else if (seen >> word_bits != epoch) {
            if (found == word_limit) {
                overflow = true;
            } else {
                table[slot] = pending;
                found++;
                words++;
                total += points[length];
            }
            pending = 0;
        } else {
            slot = (slot + 1) & slot_mask;
            seen = table[slot];
        }
    };

    for (;;) {
        if (cand == 0 && depth == 0) {
            if (Deferred && pending != 0 && !overflow) {
                // The board's last word still waits for its probe: a turn for it.
                resolve();
                continue;
            }
            // The board is done: take the next one.
            if (number != 0xFFFFFFFFu) {
                words_out[number] = overflow ? PB_OVERFLOW : words;
                points_out[number] = overflow ? 0 : total;
            }
            number = PB_TAKE(next_board);
            if (number >= board_count) break;
            if (++epoch == epoch_end) {
                // The epoch would wrap: empty the whole table (a larger launch's
                // slots too) and start again.
                for (u32 i = 0; i < 1u << stride_bits; i++) table[i] = 0;
                epoch = 1;
            }
            const u8 *b = boards + (u64)number * cells;
            PB_UNROLL
            for (int g = 0; g < G; g++) {
                u32 sel = 0, bits = 0;
                PB_UNROLL
                for (int j = 0; j < 4; j++) {
                    const u32 c = 4 * g + j;
                    if (c < cells) {
                        const u32 info = face_info[b[c]];
                        cell_info[c * block_dim + lane] = info;
                        const u32 cls = info >> 24;
                        sel |= (cls >> 3) << (4 * j);
                        bits |= (info & 0xFF0000u) ? (1u << (cls & 7)) << (8 * j) : 0;
                    }
                }
                if (g & 1)
                    board.sel[g / 2] |= sel << 16;
                else
                    board.sel[g / 2] = sel;
                board.bits[g] = bits;
            }
            found = words = 0;
            total = 0;
            overflow = false;
            pending = 0;
            state = 0;
            mask = root.mask;
            first = root.first & PB_FIRST;
            out = 0;
            cell = root_cell;
            used = 0;
            cand = near[root_cell] & board.match(mask);
            continue;
        }

        // One push (enter the lowest candidate cell) or one pop (back to the frame
        // below); both then read one record and find the next candidate set.
        const bool push = cand != 0;
        u32 next, next_cell, next_out;
        Set next_used, above;
        if (push) {
            const u32 p = (u32)(sizeof(Set) == 4 ? PB_CTZ32((u32)cand) : PB_CTZ64(cand));
            cand &= cand - 1;
            const u32 info = cell_info[pb_cell<Set>(p) * block_dim + lane];
            u32 partial = 0;
            if (exact && (info & 0xFF0000u) == 0x10000u) {
                // One byte of its own class, which `mask` has (the cell matched).
                next = first + (u32)PB_POPCOUNT(mask & ((1ull << (info >> 24)) - 1));
            } else if (!pb_enter(records, record_bytes, classes, record_count, exact, face_bytes,
                                 face_classes, mask, first, info, &next, &partial)) {
                continue;
            }
            next_cell = p;
            next_out = out + partial;
            next_used = used | (Set)1 << p;
            above = ~(Set)0;
        } else {
            u32 left = cell;
            Set freed = (Set)1 << cell;
            depth--;
            u64 frame = frames[depth * block_dim + lane];
            if (Chain) {
                // A frame whose state has no candidate left is left too, its record
                // unread; past the root's, the board is done.
                while ((frame & PB_MORE) == 0 && depth > 0) {
                    left = (u32)frame >> PB_STATE_BITS;
                    freed |= (Set)1 << left;
                    depth--;
                    frame = frames[depth * block_dim + lane];
                }
                if ((frame & PB_MORE) == 0) {
                    cand = 0;
                    continue;
                }
            }
            next = (u32)frame & PB_STATE_MASK;
            next_cell = depth == 0 ? root_cell : (u32)frame >> PB_STATE_BITS;
            next_out = (u32)((Chain ? frame & ~PB_MORE : frame) >> 32);
            next_used = used & ~freed;
            // Candidates are taken lowest first: those left are above the cell left.
            above = ~(((Set)2 << left) - 1);
        }
        const PbRecord r = pb_record(records, next);
        if (Deferred && pending != 0) {
            // While that record is read, the last word's slot is looked at.
            resolve();
            if (overflow) {
                cand = 0;
                depth = 0;
                continue;
            }
        }
        if (push) {
            next_out += r.out;
            if (Deferred && (r.first & PB_FINAL)) {
                // A word ends here: read its slot and length now, look next turn. A
                // word still probing (its slot was taken) finishes first.
                while (pending != 0 && !overflow) resolve();
                if (overflow) {
                    cand = 0;
                    depth = 0;
                    continue;
                }
                pending = epoch << word_bits | next_out;
                slot = (next_out * 0x9E3779B1u) >> (32 - slot_bits);
                seen = table[slot];
                length = next_out < word_count ? lengths[next_out] : 0;
            } else if (r.first & PB_FINAL) {
                // A word ends here: count it unless the board has it already.
                const u32 entry = epoch << word_bits | next_out;
                u32 h = (next_out * 0x9E3779B1u) >> (32 - slot_bits);
                for (;;) {
                    const u32 slot = table[h];
                    if (slot == entry) break;
                    if (slot >> word_bits != epoch) {
                        if (found == word_limit) {
                            overflow = true;
                            break;
                        }
                        table[h] = entry;
                        found++;
                        const u32 n = next_out < word_count ? lengths[next_out] : 0;
                        if (n >= min_len) {
                            words++;
                            total += points[n];
                        }
                        break;
                    }
                    h = (h + 1) & slot_mask;
                }
                if (overflow) {
                    cand = 0;
                    depth = 0;
                    continue;
                }
            }
        }
        const Set next_cand = near[next_cell] & ~next_used & above & board.match(r.mask);
        if (push) {
            if (next_cand == 0) continue;  // a leaf: nothing to search from it
            if (depth == frame_cap) {
                // Deeper than the frames the launch has room for: the host scores it.
                overflow = true;
                cand = 0;
                depth = 0;
                continue;
            }
            frames[depth * block_dim + lane] = (u64)out << 32 | (Chain && cand != 0 ? PB_MORE : 0) |
                                               (u64)((cell & 63) << PB_STATE_BITS | state);
            depth++;
        }
        state = next;
        mask = r.mask;
        first = r.first & PB_FIRST;
        out = next_out;
        cell = next_cell;
        used = next_used;
        cand = next_cand;
    }
    epochs[thread] = epoch;
}

#define PB_PARAMS                                                                          \
    const u32 *PB_RESTRICT records, const u8 *PB_RESTRICT record_bytes,                   \
        const u8 *PB_RESTRICT classes, u32 record_count, u32 exact,                        \
        const u8 *PB_RESTRICT lengths, u32 word_count, const u32 *PB_RESTRICT points,      \
        u32 min_len, const u32 *PB_RESTRICT face_info, const u8 *PB_RESTRICT face_bytes,   \
        const u8 *PB_RESTRICT face_classes, const u64 *PB_RESTRICT neighbours, u32 cells,  \
        const u8 *PB_RESTRICT boards, u32 board_count, u32 *PB_RESTRICT tables,            \
        u32 stride_bits, u32 slot_bits, u32 word_limit, u32 word_bits,                     \
        u32 *PB_RESTRICT epochs, u32 frame_cap, u32 *PB_RESTRICT next_board,               \
        u32 *PB_RESTRICT words_out, u64 *PB_RESTRICT points_out
#define PB_ARGS                                                                            \
    records, record_bytes, classes, record_count, exact, lengths, word_count, points,      \
        min_len, face_info, face_bytes, face_classes, neighbours, cells, boards,           \
        board_count, tables, stride_bits, slot_bits, word_limit, word_bits, epochs,        \
        frame_cap, next_board, words_out, points_out

// Boards of up to 16, 32 and 64 cells, in each design: probing at once (pb_search*),
// deferred (pb_deferred*), deferred with chained pops (pb_chained*). The device
// compiles one at a time (-DPB_CELLS=16, 32 or 64 and -DPB_DESIGN=0, 1 or 2), when a
// batch first needs it: all nine together take seconds to compile, the 16-cell one
// alone a fifth of one.
#define PB_DEFINE(name, set, groups, deferred, chain) \
    PB_KERNEL void name(PB_PARAMS) { pb_search<set, groups, deferred, chain>(PB_ARGS); }
#if !defined(PB_DESIGN) || PB_DESIGN == 0
#define PB_NEW(name, set, groups) PB_DEFINE(name, set, groups, false, false)
#else
#define PB_NEW(name, set, groups)
#endif
#if !defined(PB_DESIGN) || PB_DESIGN == 1
#define PB_DEFERRED(name, set, groups) PB_DEFINE(name, set, groups, true, false)
#else
#define PB_DEFERRED(name, set, groups)
#endif
#if !defined(PB_DESIGN) || PB_DESIGN == 2
#define PB_CHAINED(name, set, groups) PB_DEFINE(name, set, groups, true, true)
#else
#define PB_CHAINED(name, set, groups)
#endif
#if !defined(PB_CELLS) || PB_CELLS == 16
PB_NEW(pb_search16, u32, 4)
PB_DEFERRED(pb_deferred16, u32, 4)
PB_CHAINED(pb_chained16, u32, 4)
#endif
#if !defined(PB_CELLS) || PB_CELLS == 32
PB_NEW(pb_search32, u32, 8)
PB_DEFERRED(pb_deferred32, u32, 8)
PB_CHAINED(pb_chained32, u32, 8)
#endif
#if !defined(PB_CELLS) || PB_CELLS == 64
PB_NEW(pb_search64, u64, 16)
PB_DEFERRED(pb_deferred64, u64, 16)
PB_CHAINED(pb_chained64, u64, 16)
#endif
