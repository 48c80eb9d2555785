#!/usr/bin/env python3
# tests/hostile/mktree.py: write a commit whose tree holds names git's own tools refuse.
# Usage: mktree.py <git-dir> <ref> <parent-or-""> < spec
# spec lines: "<mode> <path> <content>" (content: blob text, or a link target);
# path parts are split on "/", and any other byte (".", "..", ".git") is kept;
# backslash escapes in the path (\040 a space, \xe2 a byte, \\ a backslash) are decoded.
# Prints the commit id and points <ref> at it.
import hashlib, os, sys, zlib

def store(gitdir, kind, data):
    raw = b"%s %d\0" % (kind, len(data)) + data
    oid = hashlib.sha1(raw).hexdigest()
    path = os.path.join(gitdir, "objects", oid[:2], oid[2:])
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(zlib.compress(raw))
    return oid

def write_tree(gitdir, node):
    # node: {(name, is_dir): value}; a file and a folder may share a name
    out = b""
    # git's order: a folder sorts as if its name ended in "/"
    for (name, is_dir), val in sorted(node.items(), key=lambda kv: kv[0][0] + (b"/" if kv[0][1] else b"")):
        if is_dir:
            mode, oid = b"40000", write_tree(gitdir, val)
        else:
            mode, oid = val
        out += mode + b" " + name + b"\0" + bytes.fromhex(oid)
    return store(gitdir, b"tree", out)

def main():
    gitdir, ref, parent = sys.argv[1], sys.argv[2], sys.argv[3]
    root = {}
    for line in sys.stdin.buffer.read().split(b"\n"):
        if not line.strip():
            continue
        mode, path, content = (line.split(b" ", 2) + [b""])[:3]
        content = content.replace(b"\\n", b"\n")
        path = path.decode("unicode_escape").encode("latin-1")
        parts = path.split(b"/")
        node = root
        for p in parts[:-1]:
            node = node.setdefault((p, True), {})
        node[(parts[-1], False)] = (mode, store(gitdir, b"blob", content))
    tree = write_tree(gitdir, root)
    body = b"tree " + tree.encode() + b"\n"
    if parent:
        body += b"parent " + parent.encode() + b"\n"
    who = b"A U Thor <author@example.com> 1112911993 -0700"
    body += b"author " + who + b"\ncommitter " + who + b"\n\nhostile\n"
    oid = store(gitdir, b"commit", body)
    refpath = os.path.join(gitdir, ref)
    os.makedirs(os.path.dirname(refpath), exist_ok=True)
    with open(refpath, "w") as f:
        f.write(oid + "\n")
    print(oid)

main()
