#!/usr/bin/env python3
"""Writes the small seed files in tests/fuzz/corpus/gguf_reader/ (GGUF v2/v3, every metadata
value type, nested arrays, tensors of plain and block types, a 64-byte alignment).
Run from the repository root: python3 tools/dev/make_gguf_fuzz_seeds.py"""
import os
import struct

OUT = "tests/fuzz/corpus/gguf_reader"

def s(text):
    b = text.encode()
    return struct.pack("<Q", len(b)) + b

def kv(key, type_id, payload):
    return s(key) + struct.pack("<I", type_id) + payload

def arr(elem_type, items):
    return struct.pack("<IQ", elem_type, len(items)) + b"".join(items)

def gguf(version, kvs, tensors, alignment=32):
    """tensors: list of (name, dims, type id, data bytes)."""
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(kvs)) + b"".join(kvs)
    offset, blobs = 0, []
    for name, dims, type_id, data in tensors:
        out += s(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        out += struct.pack("<IQ", type_id, offset)
        blobs.append((offset, data))
        offset += (len(data) + alignment - 1) // alignment * alignment
    out += b"\0" * (-len(out) % alignment)
    base = len(out)
    for off, data in blobs:
        out += b"\0" * (base + off - len(out)) + data
    return out + b"\0" * (-len(out) % alignment)

scalars = [
    kv("general.architecture", 8, s("llama")),
    kv("t.u8", 0, b"\x07"), kv("t.i8", 1, b"\xfe"), kv("t.u16", 2, struct.pack("<H", 9)),
    kv("t.i16", 3, struct.pack("<h", -9)), kv("t.u32", 4, struct.pack("<I", 4096)),
    kv("t.i32", 5, struct.pack("<i", -1)), kv("t.f32", 6, struct.pack("<f", 1e-5)),
    kv("t.bool", 7, b"\x01"), kv("t.u64", 10, struct.pack("<Q", 1 << 40)),
    kv("t.i64", 11, struct.pack("<q", -5)), kv("t.f64", 12, struct.pack("<d", 0.5)),
]
arrays = [
    kv("tokenizer.ggml.tokens", 9, arr(8, [s("a"), s("b"), s("ab"), s("<s>")])),
    kv("tokenizer.ggml.token_type", 9, arr(5, [struct.pack("<i", t) for t in (1, 1, 1, 3)])),
    kv("tokenizer.ggml.scores", 9, arr(6, [struct.pack("<f", -i) for i in range(4)])),
    kv("t.nested", 9, arr(9, [arr(4, [struct.pack("<I", 1)]), arr(8, [s("x")])])),
]
f32 = lambda n: struct.pack("<%df" % n, *[i * 0.25 for i in range(n)])

os.makedirs(OUT, exist_ok=True)
seeds = {
    "empty_v3.gguf": gguf(3, [], []),
    "scalars_v2.gguf": gguf(2, scalars, [("w", [4], 0, f32(4))]),
    "arrays_v3.gguf": gguf(3, scalars[:1] + arrays, [("token_embd.weight", [8, 4], 0, f32(32)),
                                                     ("blk.0.attn_q.weight", [32, 2], 8, bytes(68)),
                                                     ("blk.0.ffn_up.weight", [256, 1, 1, 1], 12, bytes(144))]),
    "align64_v3.gguf": gguf(3, [kv("general.alignment", 4, struct.pack("<I", 64))],
                            [("a", [16], 1, bytes(32)), ("b", [2, 2], 30, bytes(8))], alignment=64),
}
for name, data in seeds.items():
    with open(os.path.join(OUT, name), "wb") as fh:
        fh.write(data)
    print(name, len(data))
