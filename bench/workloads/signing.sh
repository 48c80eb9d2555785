# bench/workloads/signing.sh: checking commit signatures in log (%G?, --show-signature).
#
# Written as bench/workloads/objects.sh describes. The data: 200 commits on
# main, each signed by git commit-tree -S with the test suite's ed25519 key
# (tests/fixtures/gpg, ownertrust ultimate), in a private GNUPGHOME
# (sig-gnupg, next to the repository sig.git) that every run uses too. Both
# tools run gpg once per signed commit, so these workloads measure mostly
# gpg: the cost per signature is (the %G? time - the %H time) / 200.

sig_count=200

workload sig_log_plain "log --format=%H, 200 signed commits (no gpg)" 1.00
workload sig_log_letter "log --format=%G?, 200 signed commits" 1.05
workload sig_log_show "log --show-signature, 200 signed commits" 1.05

make_signed() {
	fixtures=$BENCH_GEN/../../tests/fixtures/gpg
	rm -rf sig.git sig-gnupg && mkdir -m 700 sig-gnupg &&
	export GNUPGHOME="$PWD/sig-gnupg" &&
	gpg --batch --quiet --import "$fixtures/public.asc" "$fixtures/secret.asc" 2>/dev/null &&
	gpg --batch --quiet --import-ownertrust "$fixtures/ownertrust.txt" 2>/dev/null &&
	gpg --batch --quiet --check-trustdb 2>/dev/null &&
	git init -q --bare -b main sig.git &&
	tree=$(git --git-dir=sig.git hash-object -w -t tree /dev/null) &&
	export GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL=author@example.com \
		GIT_COMMITTER_NAME="C O Mitter" GIT_COMMITTER_EMAIL=committer@example.com &&
	i=0 parent="" &&
	while [ $i -lt $sig_count ]; do
		i=$((i + 1))
		export GIT_AUTHOR_DATE="$((1112911993 + i * 60)) -0700" GIT_COMMITTER_DATE="$((1112911993 + i * 60)) -0700"
		parent=$(git --git-dir=sig.git commit-tree -S ${parent:+-p "$parent"} -m "signed commit $i" "$tree") ||
			return 1
	done &&
	git --git-dir=sig.git update-ref refs/heads/main "$parent" &&
	# the agent was only needed to sign
	gpgconf --homedir "$GNUPGHOME" --kill gpg-agent 2>/dev/null
	[ "$(git --git-dir=sig.git log --format=%G? | grep -c '^G$')" = $sig_count ]
}
signing_setup() { bench_once signing-200-v1 make_signed; }

# sig_log <bin> <args...>: one timed log over the signed history.
sig_log() {
	bin=$1; shift
	export GNUPGHOME="$PWD/sig-gnupg"
	cd sig.git && measure "$bin" log "$@" >"$BENCH_STDOUT"
}

sig_log_plain_setup() { signing_setup; }
sig_log_plain_run() { sig_log "$1" --format=%H; }
sig_log_letter_setup() { signing_setup; }
sig_log_letter_run() { sig_log "$1" --format=%G?; }
sig_log_letter_verify() { [ "$(grep -c '^G$' "$1")" = $sig_count ] || { echo "not $sig_count G lines"; return 1; }; }
sig_log_show_setup() { signing_setup; }
sig_log_show_run() { sig_log "$1" --show-signature; }
sig_log_show_verify() {
	[ "$(grep -c '^gpg: Good signature from "C O Mitter <committer@example.com>" \[ultimate\]$' "$1")" = $sig_count ] ||
		{ echo "not $sig_count good signatures shown"; return 1; }
}
