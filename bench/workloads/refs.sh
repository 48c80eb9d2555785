# bench/workloads/refs.sh: the ref store (rev-parse, for-each-ref) with 10,000 refs, loose and packed.
#
# Written as bench/workloads/objects.sh describes. The data: 500 commits, and
# over them 5,000 branches, 3,000 lightweight tags and 2,000 annotated tags
# (10,001 refs with main), in two bare copies: refs-loose.git (every ref a
# file) and refs-packed.git (after git pack-refs --all).
#
# rev-parse answers in about a millisecond, less than starting a process
# takes: one timed invocation would measure mostly exec and the noise around
# it. So its workloads time a loop of 200 invocations (a shell loop, the same
# for both tools); the peak memory reported is the largest of the loop's
# processes. for-each-ref over every ref is timed once per round.

workload revparse_loose "rev-parse <branch> x200, 10k loose refs" 1.00
workload revparse_packed "rev-parse <branch> x200, 10k packed refs" 1.00
workload fer_loose "for-each-ref, 10k loose refs" 1.00
workload fer_packed "for-each-ref, 10k packed refs" 1.00
workload fer_short_loose "for-each-ref %(refname:short) %(objectname:short), loose" 1.00
workload fer_short_packed "for-each-ref %(refname:short) %(objectname:short), packed" 1.00

make_refs() {
	rm -rf refs-loose.git refs-packed.git refs.commits &&
	git init -q --bare refs-loose.git &&
	awk -v seed=4 -v files=50 -v commits=500 -f "$BENCH_GEN/code.awk" -f "$BENCH_GEN/fastimport.awk" |
		git --git-dir=refs-loose.git fast-import --quiet &&
	git --git-dir=refs-loose.git rev-list main >refs.commits &&
	awk '{ c[NR] = $1 } END {
		for (i = 0; i < 2000; i++)
			printf "tag a%05d\nfrom %s\ntagger T <t@example.com> %d +0000\ndata <<EOT\nrelease %d\nEOT\n\n",
				i, c[(i * 7) % NR + 1], 1112912053 + i * 60, i
	}' refs.commits | git --git-dir=refs-loose.git fast-import --quiet &&
	awk '{ c[NR] = $1 } END {
		for (i = 0; i < 5000; i++)
			printf "create refs/heads/b%05d %s\n", i, c[(i * 13) % NR + 1]
		for (i = 0; i < 3000; i++)
			printf "create refs/tags/t%05d %s\n", i, c[(i * 17) % NR + 1]
	}' refs.commits | git --git-dir=refs-loose.git update-ref --stdin &&
	git --git-dir=refs-loose.git repack -adq &&
	cp -R refs-loose.git refs-packed.git &&
	git --git-dir=refs-packed.git pack-refs --all &&
	[ "$(git --git-dir=refs-loose.git for-each-ref | wc -l)" -ge 10000 ] &&
	[ ! -f refs-loose.git/packed-refs ]
}
refs_setup() { bench_once refs-10k-v1 make_refs; }

# 200 invocations; each prints one line, so both tools' outputs can be compared.
revparse_loop() { # <bin> <git dir>
	cd "$2" && measure sh -c 'i=0; while [ $i -lt 200 ]; do "$0" rev-parse b02500 || exit 1; i=$((i + 1)); done' "$1" \
		>"$BENCH_STDOUT"
}

revparse_loose_setup() { refs_setup; }
revparse_loose_run() { revparse_loop "$1" refs-loose.git; }
revparse_packed_setup() { refs_setup; }
revparse_packed_run() { revparse_loop "$1" refs-packed.git; }

fer_loose_setup() { refs_setup; }
fer_loose_run() { cd refs-loose.git && measure "$1" for-each-ref >"$BENCH_STDOUT"; }
fer_packed_setup() { refs_setup; }
fer_packed_run() { cd refs-packed.git && measure "$1" for-each-ref >"$BENCH_STDOUT"; }

short_format='--format=%(refname:short) %(objectname:short)'
fer_short_loose_setup() { refs_setup; }
fer_short_loose_run() { cd refs-loose.git && measure "$1" for-each-ref "$short_format" >"$BENCH_STDOUT"; }
fer_short_packed_setup() { refs_setup; }
fer_short_packed_run() { cd refs-packed.git && measure "$1" for-each-ref "$short_format" >"$BENCH_STDOUT"; }
