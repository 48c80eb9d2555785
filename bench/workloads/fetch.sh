# bench/workloads/fetch.sh: fetch and clone of a long packed history from a path.
#
# Written as bench/workloads/objects.sh describes. The data is history.sh's
# hist-packed.git (100,000 commits, one pack of about 775,000 objects, built
# once in $BENCH_DIR/history). Each run starts from an empty repository or
# no folder at all:
#   fetch_packed    git init; fetch <path> main:refs/heads/main (git: upload-pack,
#                   pack-objects, index-pack; sgit: one walk, one pack written,
#                   every object read back and hashed)
#   clone_local     clone <path>: both link the objects folder, then check out
#   clone_nolocal   clone --no-local <path>: the objects go through a pack
# The size on disk of what each made is the same pack (see RESULTS.md).

workload fetch_packed "fetch 100k commits, packed, into an empty repo" 1.00
workload clone_local "clone <path>, 100k commits (hardlinks)" 1.50
workload clone_nolocal "clone --no-local <path>, 100k commits" 1.00

fetch_source() {
	mkdir -p ../history && (cd ../history && history_setup)
}
fetch_src=../history/hist-packed.git

fetch_packed_setup() { fetch_source; }
fetch_packed_reset() { rm -rf into && git init -q into; }
fetch_packed_run() { cd into && measure "$1" fetch -q "../$fetch_src" main:refs/heads/main >"$BENCH_STDOUT"; }
fetch_packed_verify() {
	git -C into fsck --strict --no-dangling &&
	[ "$(git -C into rev-list --count main)" = 100000 ]
}

clone_local_setup() { fetch_source; }
clone_local_reset() { rm -rf cloned; }
clone_local_run() { measure "$1" clone -q "$fetch_src" cloned >"$BENCH_STDOUT"; }
clone_local_verify() {
	[ -z "$(git -C cloned status --porcelain)" ] && git -C cloned fsck --no-dangling --connectivity-only
}

clone_nolocal_setup() { fetch_source; }
clone_nolocal_reset() { rm -rf cloned; }
clone_nolocal_run() { measure "$1" clone -q --no-local "$fetch_src" cloned >"$BENCH_STDOUT"; }
clone_nolocal_verify() {
	[ -z "$(git -C cloned status --porcelain)" ] && git -C cloned fsck --strict --no-dangling
}
