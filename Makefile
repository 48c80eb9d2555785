# sgit: GNU make, gcc, C11. See README.md; `make check` runs every test.
ifeq ($(origin CC),default)
CC      := gcc
endif
BUILD   ?= build
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra -Wshadow -Wno-unused-parameter -Wmissing-prototypes -Wstrict-prototypes
ifdef CI
WARN    += -Werror
endif
ifeq ($(SANITIZE),1)
override BUILD := $(BUILD)/san
CFLAGS  := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
endif
CPPFLAGS += -D_GNU_SOURCE -Iinclude -I.
ALL_CFLAGS = -std=c11 $(WARN) $(CFLAGS) $(CPPFLAGS) -MMD -MP
# libcrypto and zlib are linked statically: loading and relocating the shared
# libcrypto doubled the start-up time of every sgit process (measured 2.8 ms
# against 1.4 ms), and sgit is run thousands of times by scripts.
LIBS    := -Wl,-Bstatic -lcrypto -lz -Wl,-Bdynamic -ldl -lpthread

LIB_SRC  := $(sort $(wildcard util/*.c objects/*.c refs/*.c gpg/*.c) \
		$(filter-out porcelain/cli/%,$(wildcard porcelain/*/*.c)))
CLI_SRC  := $(sort $(wildcard porcelain/cli/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/*/test_*.c tests/unit/*/*/test_*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
UNIT_BIN := $(UNIT_SRC:%.c=$(BUILD)/%)
UNIT_MAIN_OBJ := $(BUILD)/tests/unit/runner.o
LIBA     := $(BUILD)/libsgit.a
SGIT_BIN := $(BUILD)/sgit

.PHONY: all check unit e2e interop bench demo clean deps lint-lib
all: deps $(SGIT_BIN) $(LIBA)
ifeq ($(BUILD),build)
all: sgit libsgit.a
sgit: $(SGIT_BIN)
	cp $< $@
libsgit.a: $(LIBA)
	cp $< $@
endif

# scripts/bootstrap installs what is missing; the stamp keeps it from running on every build.
deps: $(BUILD)/.deps-ok
$(BUILD)/.deps-ok: scripts/bootstrap
	@sh scripts/bootstrap
	@mkdir -p $(@D) && touch $@

$(BUILD)/%.o: %.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(LIBA): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(SGIT_BIN): $(CLI_OBJ) $(LIBA)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIBA) $(LIBS)

$(BUILD)/tests/unit/%: tests/unit/%.c $(UNIT_MAIN_OBJ) $(LIBA) | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests/unit $(LDFLAGS) -o $@ $< $(UNIT_MAIN_OBJ) $(LIBA) $(LIBS) -lcunit

$(UNIT_MAIN_OBJ): tests/unit/runner.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests/unit -c -o $@ $<

# The library never prints or exits: check the archive's undefined symbols;
# and its folders depend on each other one way only (scripts/check-layers).
lint-lib: $(LIBA)
	@sh scripts/check-lib-symbols $(LIBA)
	@sh scripts/check-layers $(BUILD)

check: all $(UNIT_BIN) lint-lib
	@BUILD=$(BUILD) SGIT_BIN=$(abspath $(SGIT_BIN)) sh tests/run.sh

unit: all $(UNIT_BIN)
	@BUILD=$(BUILD) SGIT_BIN=$(abspath $(SGIT_BIN)) sh tests/run.sh unit
e2e: all
	@BUILD=$(BUILD) SGIT_BIN=$(abspath $(SGIT_BIN)) sh tests/run.sh e2e
interop: all
	@BUILD=$(BUILD) SGIT_BIN=$(abspath $(SGIT_BIN)) sh tests/run.sh interop

bench: all
	@SGIT_BIN=$(abspath $(SGIT_BIN)) sh bench/run.sh

# The signed pull request end to end, in a temporary directory: scripts/demo.
demo: all
	@SGIT_BIN=$(abspath $(SGIT_BIN)) sh scripts/demo

clean:
	rm -rf build sgit libsgit.a

# ---- fuzz: libFuzzer targets, one per parser (fuzz/README.md) ----
# Built by clang with ASan and UBSan in their own folder, whatever SANITIZE
# says; `make fuzz` runs each for FUZZ_SECONDS on a scratch copy of its seed
# corpus, `make check` runs each briefly (tests/fuzz/). Without clang the
# targets are not built and the fuzz tests say they skipped.
FUZZ_CC      ?= clang
FUZZ_BUILD   ?= $(patsubst %/san,%,$(BUILD))/fuzz
FUZZ_SECONDS ?= 60
FUZZ_HAVE    := $(shell command -v $(FUZZ_CC) >/dev/null 2>&1 && echo yes)
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS  := -std=c11 $(WARN) -O1 -g -fno-omit-frame-pointer $(FUZZ_SAN) $(CPPFLAGS) -MMD -MP
FUZZ_SRC     := $(sort $(wildcard fuzz/fuzz_*.c))
FUZZ_BIN     := $(FUZZ_SRC:fuzz/%.c=$(FUZZ_BUILD)/%)
FUZZ_COMMON  := $(FUZZ_BUILD)/common.o $(FUZZ_BUILD)/fixture.o
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)
FUZZ_LIBA    := $(FUZZ_BUILD)/libsgit.a
export FUZZ_BUILD

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_BIN)

$(FUZZ_BUILD)/obj/%.o: %.c | deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_LIBA): $(FUZZ_LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(FUZZ_BUILD)/%.o: fuzz/%.c | deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c $(FUZZ_COMMON) $(FUZZ_LIBA) | deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_COMMON) $(FUZZ_LIBA) $(LIBS)

fuzz: fuzz-build
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh fuzz/run.sh $(FUZZ_TARGETS)

ifeq ($(FUZZ_HAVE),yes)
check: fuzz-build
endif

-include $(FUZZ_LIB_OBJ:.o=.d) $(FUZZ_COMMON:.o=.d) $(FUZZ_BIN:=.d)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(UNIT_MAIN_OBJ:.o=.d)
