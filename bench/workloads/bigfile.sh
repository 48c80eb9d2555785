# bench/workloads/bigfile.sh: blobs above core.bigFileThreshold (1 GiB), streamed, never held whole.
# (How workloads are written: the comment at the top of bench/workloads/objects.sh.)

workload big_catfile_packed "cat-file --batch, 1 GiB blob, packed" 1.00
workload big_catfile_loose "cat-file --batch, 1 GiB blob, loose" 1.00
workload big_cat_p "cat-file -p, 1 GiB blob, packed" 1.00
workload big_diffstat "diff --stat between commits changing a 1 GiB blob" 1.50

# Commits need an identity; the bench's HOME has no config.
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.com \
	GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.com

# Two commits of one 1 GiB random file (the second appends a line), as git
# add stores them: straight into packs, undeltified. A second repository
# holds the first version as a loose object (written by sgit, which streams
# it; git 2.39 failed to write a 1 GiB loose object here).
make_big() {
	rm -rf big big-loose.git big.bin &&
	head -c 1073741824 /dev/urandom >big.bin &&
	git init -q big && cp big.bin big/blob &&
	git -C big add blob && git -C big commit -q -m one &&
	echo more >>big/blob && git -C big commit -q -a -m two &&
	git -C big rev-parse HEAD~:blob >big.id &&
	git init -q --bare big-loose.git &&
	"$SGIT_BIN" --git-dir=big-loose.git hash-object -w big.bin >/dev/null &&
	git --git-dir=big-loose.git cat-file -e "$(cat big.id)" &&
	echo changed >>big/blob
}
big_setup() { bench_once bigfile-v1 make_big; }

big_catfile_packed_setup() { big_setup; }
big_catfile_packed_run() { cd big && measure "$1" cat-file --batch <../big.id >"$BENCH_STDOUT"; }
big_catfile_loose_setup() { big_setup; }
big_catfile_loose_run() { cd big-loose.git && measure "$1" cat-file --batch <../big.id >"$BENCH_STDOUT"; }
big_cat_p_setup() { big_setup; }
big_cat_p_run() { cd big && measure "$1" cat-file -p "$(cat ../big.id)" >"$BENCH_STDOUT"; }
big_diffstat_setup() { big_setup; }
big_diffstat_run() { cd big && measure "$1" diff --stat HEAD~ HEAD >"$BENCH_STDOUT"; }

workload big_message_log "log -1, a 100 MB commit message" 1.50
workload big_message_show "show -s, a 100 MB commit message" 1.50

make_big_message() {
	rm -rf bigmsg && git init -q bigmsg &&
	awk 'BEGIN { for (i = 0; i < 2500000; i++) printf "line %d of a long commit message body\n", i }' \
		>bigmsg.txt &&
	git -C bigmsg update-ref HEAD "$(git -C bigmsg commit-tree -F ../bigmsg.txt "$(git -C bigmsg write-tree)")"
}
big_message_setup() { bench_once bigmsg-v1 make_big_message; }
big_message_log_setup() { big_message_setup; }
big_message_log_run() { cd bigmsg && measure "$1" log -1 >"$BENCH_STDOUT"; }
big_message_show_setup() { big_message_setup; }
big_message_show_run() { cd bigmsg && measure "$1" show -s >"$BENCH_STDOUT"; }
