# bench/workloads/history.sh: walking a long history (log, rev-list).
#
# Written as bench/workloads/objects.sh describes. The data: 100,000 commits
# on main (bench/gen/history.awk: 400 files in 48 folders, one to three files
# edited per commit, a merge of a side branch every hundred commits, eight
# authors), made by git fast-import, in three bare copies:
#   hist-packed.git  after git gc: one pack, packed refs, no commit-graph
#                    file; git runs with -c core.commitGraph=false (so does
#                    sgit: the same command line for both)
#   hist-graph.git   the same with the file `git commit-graph write
#                    --reachable` makes, which git then reads: the gap to
#                    that git is reported, it has no target (sgit does not
#                    read the file yet)
#   hist-loose.git   every object loose (git unpack-objects of the pack)
# The walks: the whole history with one line per commit, rev-list --count,
# the first 1,000 commits in the default format, and the commits that touched
# one file (path limiting: a tree comparison per commit).

hist_path=src/m03/f018.c
hist_fmt='--format=%H %an %s'

workload hist_log_packed "log --format='%H %an %s', 100k commits, packed" 1.00
workload hist_count_packed "rev-list --count HEAD, 100k commits, packed" 1.00
workload hist_log1000_packed "log -n 1000, packed" 1.00
workload hist_path_packed "log --format=%H -- <file>, 100k commits, packed" 1.00
workload hist_log_graph "log --format='%H %an %s', git with commit-graph" 100
workload hist_count_graph "rev-list --count HEAD, git with commit-graph" 100
workload hist_log1000_graph "log -n 1000, git with commit-graph" 100
workload hist_path_graph "log --format=%H -- <file>, git with commit-graph" 100
workload hist_log_loose "log --format='%H %an %s', 100k commits, loose" 0.60
workload hist_count_loose "rev-list --count HEAD, 100k commits, loose" 0.60
workload hist_log1000_loose "log -n 1000, loose" 0.60
workload hist_path_loose "log --format=%H -- <file>, 100k commits, loose" 0.60

make_history() {
	rm -rf hist-packed.git hist-graph.git hist-loose.git &&
	git init -q --bare -b main hist-packed.git &&
	awk -v seed=7 -v files=400 -v commits=100000 -f "$BENCH_GEN/code.awk" -f "$BENCH_GEN/history.awk" |
		git --git-dir=hist-packed.git fast-import --quiet &&
	git --git-dir=hist-packed.git -c gc.writeCommitGraph=false gc --quiet --prune=now &&
	[ "$(git --git-dir=hist-packed.git rev-list --count main)" = 100000 ] &&
	[ ! -e hist-packed.git/objects/info/commit-graph ] &&
	cp -R hist-packed.git hist-graph.git &&
	git --git-dir=hist-graph.git commit-graph write --reachable &&
	git init -q --bare -b main hist-loose.git &&
	cat hist-packed.git/objects/pack/*.pack | git --git-dir=hist-loose.git unpack-objects -q &&
	cp hist-packed.git/packed-refs hist-loose.git/packed-refs &&
	[ -z "$(ls hist-loose.git/objects/pack)" ]
}
history_setup() { bench_once history-100k-v1 make_history; }

# hist_walk <bin> <repo> <args...>: one timed run in that repository.
hist_walk() {
	bin=$1 repo=$2; shift 2
	cd "$repo" && measure "$bin" -c core.commitGraph=false "$@" >"$BENCH_STDOUT"
}
hist_walk_graph() {
	bin=$1; shift
	cd hist-graph.git && measure "$bin" "$@" >"$BENCH_STDOUT"
}

hist_log_packed_setup() { history_setup; }
hist_log_packed_run() { hist_walk "$1" hist-packed.git log "$hist_fmt"; }
hist_count_packed_setup() { history_setup; }
hist_count_packed_run() { hist_walk "$1" hist-packed.git rev-list --count HEAD; }
hist_log1000_packed_setup() { history_setup; }
hist_log1000_packed_run() { hist_walk "$1" hist-packed.git log -n 1000; }
hist_path_packed_setup() { history_setup; }
hist_path_packed_run() { hist_walk "$1" hist-packed.git log --format=%H -- "$hist_path"; }

hist_log_graph_setup() { history_setup; }
hist_log_graph_run() { hist_walk_graph "$1" log "$hist_fmt"; }
hist_count_graph_setup() { history_setup; }
hist_count_graph_run() { hist_walk_graph "$1" rev-list --count HEAD; }
hist_log1000_graph_setup() { history_setup; }
hist_log1000_graph_run() { hist_walk_graph "$1" log -n 1000; }
hist_path_graph_setup() { history_setup; }
hist_path_graph_run() { hist_walk_graph "$1" log --format=%H -- "$hist_path"; }

hist_log_loose_setup() { history_setup; }
hist_log_loose_run() { hist_walk "$1" hist-loose.git log "$hist_fmt"; }
hist_count_loose_setup() { history_setup; }
hist_count_loose_run() { hist_walk "$1" hist-loose.git rev-list --count HEAD; }
hist_log1000_loose_setup() { history_setup; }
hist_log1000_loose_run() { hist_walk "$1" hist-loose.git log -n 1000; }
hist_path_loose_setup() { history_setup; }
hist_path_loose_run() { hist_walk "$1" hist-loose.git log --format=%H -- "$hist_path"; }
