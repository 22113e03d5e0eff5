#!/usr/bin/env python3
"""Writes the .npy/.csv seeds for fuzz_npy (tests/fuzz/corpus/npy) and the analyzer's
fixtures (tests/data/mass). Standard library only: no numpy needed. Rerun after editing;
the files are committed."""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus", "npy")
FIXTURES = os.path.join(HERE, "..", "data", "mass")


def npy(descr, shape, values, version=(1, 0), fortran=False, header=None):
    """A .npy file as NumPy writes it: magic, version, header length, dict padded to 64."""
    if header is None:
        dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
        header = "{'descr': '%s', 'fortran_order': %s, 'shape': (%s), }" % (
            descr, "True" if fortran else "False", dims)
    size_field = 2 if version[0] == 1 else 4
    prefix = 6 + 2 + size_field
    text = header.encode("latin1")
    pad = 64 - (prefix + len(text) + 1) % 64
    text += b" " * (pad % 64) + b"\n"
    head = b"\x93NUMPY" + bytes(version) + struct.pack("<H" if size_field == 2 else "<I", len(text))
    fmt = {"<f2": "e", "<f4": "f", "<f8": "d", ">f4": "f"}.get(descr, "f")
    order = ">" if descr.startswith(">") else "<"
    data = struct.pack(order + fmt * len(values), *values) if values else b""
    return head + text + data


def write(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def one_hot(n, at):
    return [1.0 if i == at else 0.0 for i in range(n)]


seeds = {
    # valid
    "uniform-f32-2x64.npy": npy("<f4", (2, 64), [1.0] * 128),
    "onehot-f16-2x1x64.npy": npy("<f2", (2, 1, 64), one_hot(64, 3) * 2),
    "heads-f32-v2.npy": npy("<f4", (1, 2, 2, 32), [0.5] * 128, version=(2, 0)),
    "recency-f16-v3.npy": npy("<f2", (1, 48), [1.0 / (48 - i) for i in range(48)], version=(3, 0)),
    "mass.csv": b"layer,block,mass\n0,0,0.5\n0,1,0.25\n0,3,0.25\n1,0,1\n",
    # broken
    "empty.npy": b"",
    "bad-magic.npy": b"\x93NUMPZ" + npy("<f4", (1, 4), [1.0] * 4)[6:],
    "bad-version.npy": npy("<f4", (1, 4), [1.0] * 4, version=(4, 0)),
    "bad-dtype-f8.npy": npy("<f8", (1, 4), [1.0] * 4),
    "big-endian.npy": npy(">f4", (1, 4), [1.0] * 4),
    "fortran.npy": npy("<f4", (2, 2), [1.0] * 4, fortran=True),
    "truncated.npy": npy("<f4", (2, 64), [1.0] * 100),
    "shape-mismatch.npy": npy("<f4", (2, 8), [1.0] * 20),
    "nan.npy": npy("<f4", (1, 4), [1.0, float("nan"), 1.0, 1.0]),
    "negative.npy": npy("<f2", (1, 4), [1.0, -0.5, 1.0, 1.0]),
    "header-garbage.npy": npy("<f4", (1, 4), [1.0] * 4, header="{'descr': '<f4' 'shape': (1, 4)}"),
    "structured.npy": npy("<f4", (1, 4), [1.0] * 4,
                          header="{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4,), }"),
    "rank1.npy": npy("<f4", (4,), [1.0] * 4),
    "huge-shape.npy": npy("<f4", (4294967296, 4294967296), []),
    "bad.csv": b"layer,block,mass\n0,zero,1\n",
}
for name, data in seeds.items():
    write(CORPUS, name, data)

fixtures = {
    # 1,600 keys of equal weight: 100 blocks of 16, the top 1% holds 1%.
    "uniform-f16-1x1600.npy": npy("<f2", (1, 1600), [1.0] * 1600),
    # Two layers, two heads, two queries, 32 keys: head 0 looks at key 0, head 1 everywhere.
    "heads-f32-2x2x2x32.npy": npy("<f4", (2, 2, 2, 32), (one_hot(32, 0) * 2 + [1.0] * 64) * 2),
    "mass.csv": b"# accumulated attention mass per 16-token block\nlayer,block,mass\n"
                + b"".join(b"%d,%d,%s\n" % (l, b, b"1" if l == 0 or b == 7 else b"0")
                           for l in range(2) for b in range(100)),
}
for name, data in fixtures.items():
    write(FIXTURES, name, data)
