# bench/workloads/objects.sh: the object store (hash-object -w, cat-file --batch).
#
# How a workload is written (sourced by bench/run.sh; every function runs in a
# subshell whose current folder is $BENCH_DIR/<area>, here .../objects):
#   workload <name> "<label>" <target>   register; target = highest median sgit/git
#   <name>_setup     build the data, idempotent: wrap slow steps in bench_once
#   <name>_reset     optional, untimed before every run: restore the starting state
#   <name>_run BIN   run `measure "$1" <args>` exactly once, stdout to "$BENCH_STDOUT"
#   <name>_verify F  optional, after sgit's warm-up (F holds its stdout): exit 0 if
#                    what sgit did is right; git is the judge
# $BENCH_GEN holds the data generators (awk, deterministic).

workload hash_random "hash-object -w, 64 MiB random" 0.90
workload hash_text "hash-object -w, 64 MiB text" 0.75
workload hash_paths "hash-object -w --stdin-paths, 10k files" 0.90
workload catfile_batch "cat-file --batch, 158k packed objects" 1.00

# One empty bare repository receives the writes; each run starts it empty.
hash_repo_setup() {
	[ -d hash.git ] || git init -q --bare hash.git
}
hash_repo_reset() {
	rm -rf hash.git/objects/[0-9a-f][0-9a-f] hash.git/objects/pack/*
}
hash_verify_blob() { # <file of ids> <content>: git reads back what sgit wrote
	id=$(cat "$1")
	git --git-dir=hash.git cat-file blob "$id" | cmp -s - "$2" ||
		{ echo "git reads back something else for '$2' ($id)"; return 1; }
}

make_random() { head -c 64M /dev/urandom >random.tmp && mv random.tmp random.bin; }
hash_random_setup() { hash_repo_setup && bench_once objects-random-v1 make_random; }
hash_random_reset() { hash_repo_reset; }
hash_random_run() { cd hash.git && measure "$1" hash-object -w ../random.bin >"$BENCH_STDOUT"; }
hash_random_verify() { hash_verify_blob "$1" random.bin; }

make_text() {
	awk -v seed=1 -v bytes=67108864 -f "$BENCH_GEN/code.awk" -f "$BENCH_GEN/text.awk" >text.tmp &&
		mv text.tmp text.txt
}
hash_text_setup() { hash_repo_setup && bench_once objects-text-v1 make_text; }
hash_text_reset() { hash_repo_reset; }
hash_text_run() { cd hash.git && measure "$1" hash-object -w ../text.txt >"$BENCH_STDOUT"; }
hash_text_verify() { hash_verify_blob "$1" text.txt; }

make_small() {
	rm -rf small small.list &&
	awk -v seed=2 -v count=10000 -v dir="$PWD/small" -f "$BENCH_GEN/code.awk" \
		-f "$BENCH_GEN/files.awk" >small.tmp && mv small.tmp small.list
}
hash_paths_setup() { hash_repo_setup && bench_once objects-small-v1 make_small; }
hash_paths_reset() { hash_repo_reset; }
hash_paths_run() { cd hash.git && measure "$1" hash-object -w --stdin-paths <../small.list >"$BENCH_STDOUT"; }
hash_paths_verify() {
	n=$(git --git-dir=hash.git cat-file --batch-check <"$1" | grep -cv ' blob ')
	[ "$n" = 0 ] || { echo "$n of the ids sgit printed are not blobs git can read"; return 1; }
	git --git-dir=hash.git fsck --strict --no-dangling
}

# About 158,000 objects: 20,000 commits editing one to four of 300 files each.
make_packed() {
	rm -rf packed.git packed.list &&
	git init -q --bare packed.git &&
	awk -v seed=3 -v files=300 -v commits=20000 -f "$BENCH_GEN/code.awk" -f "$BENCH_GEN/fastimport.awk" |
		git --git-dir=packed.git fast-import --quiet &&
	git --git-dir=packed.git gc --quiet &&
	git --git-dir=packed.git cat-file --batch-all-objects --batch-check='%(objectname)' >packed.list
}
catfile_batch_setup() { bench_once objects-packed-v1 make_packed; }
catfile_batch_run() { cd packed.git && measure "$1" cat-file --batch <../packed.list >"$BENCH_STDOUT"; }
