#!/usr/bin/env python3
# tests/hostile/mkindex.py: write an index file (version 2) holding paths git refuses.
# Usage: mkindex.py <index-file> < spec; spec lines "<mode> <blob-id> <path>".
import hashlib, struct, sys

entries = []
for line in sys.stdin.buffer.read().split(b"\n"):
    if line.strip():
        mode, oid, path = line.split(b" ", 2)
        entries.append((path, int(mode, 8), bytes.fromhex(oid.decode())))
entries.sort()
out = b"DIRC" + struct.pack(">II", 2, len(entries))
for path, mode, oid in entries:
    # stat data all zero: every entry looks changed, so it is checked again
    e = struct.pack(">10I", 0, 0, 0, 0, 0, 0, mode, 0, 0, 0) + oid + struct.pack(">H", min(len(path), 0xfff)) + path
    e += b"\0" * (8 - len(e) % 8)
    out += e
out += hashlib.sha1(out).digest()
open(sys.argv[1], "wb").write(out)
