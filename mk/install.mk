# make install / make uninstall, the GNU way: PREFIX (default /usr/local) and DESTDIR.
# Installs the four programs, their manual pages and the data they read at run time
# (levels/ and the Compass Shift evidence the player plays from, the Memory5D rules config
# and tutorial lessons, schemas/) into PREFIX/share/<data name> from core/version.h, where an
# installed program finds them from its own folder (../share/<data name>), so any PREFIX
# works without rebuilding. The font is Debian's fonts-quicksand (mk/deps.sh), not copied.
PREFIX    ?= /usr/local
DESTDIR   ?=
DATA_NAME := $(shell sed -n 's/^\#define TOOLCHAIN_DATA_NAME "\(.*\)"/\1/p' core/version.h)
bindir    := $(DESTDIR)$(PREFIX)/bin
man1dir   := $(DESTDIR)$(PREFIX)/share/man/man1
man6dir   := $(DESTDIR)$(PREFIX)/share/man/man6
datadir   := $(DESTDIR)$(PREFIX)/share/$(DATA_NAME)

INSTALL_PROGRAMS := gen solver player server
INSTALL_MAN1     := docs/man/gen.1 docs/man/solver.1 docs/man/server.1
INSTALL_MAN6     := docs/man/player.6
# Run-time data, by path under the data folder (the same path as in the source tree).
INSTALL_DATA     := levels/oddshape/l1.json $(wildcard levels/compass/*.json) \
                    $(wildcard reports/compass/*.json) levels/memory5d/rules.json \
                    $(wildcard levels/memory5d/tutorial/*.json) $(wildcard schemas/*.json)
INSTALL_DATA_DIRS := $(sort $(patsubst %/,%,$(dir $(INSTALL_DATA))))

.PHONY: install uninstall
install: $(addprefix $(BIN)/,$(INSTALL_PROGRAMS))
	@[ -n "$(DATA_NAME)" ] || { echo "install: no TOOLCHAIN_DATA_NAME in core/version.h" >&2; exit 2; }
	install -d "$(bindir)" "$(man1dir)" "$(man6dir)"
	install -m 755 $(addprefix $(BIN)/,$(INSTALL_PROGRAMS)) "$(bindir)/"
	install -m 644 $(INSTALL_MAN1) "$(man1dir)/"
	install -m 644 $(INSTALL_MAN6) "$(man6dir)/"
	@for d in $(INSTALL_DATA_DIRS); do install -d "$(datadir)/$$d" || exit 1; done
	@for f in $(INSTALL_DATA); do install -m 644 "$$f" "$(datadir)/$$f" || exit 1; done
	@echo "install: $(words $(INSTALL_PROGRAMS)) programs, $(words $(INSTALL_MAN1) $(INSTALL_MAN6)) manual pages and $(words $(INSTALL_DATA)) data files under $(DESTDIR)$(PREFIX)"

# Removes exactly what install wrote, then the data folder's own (now empty) folders; the
# shared bin/ and man/ folders stay, as other packages use them.
uninstall:
	@[ -n "$(DATA_NAME)" ] || { echo "uninstall: no TOOLCHAIN_DATA_NAME in core/version.h" >&2; exit 2; }
	rm -f $(addprefix "$(bindir)"/,$(INSTALL_PROGRAMS)) \
	  $(addprefix "$(man1dir)"/,$(notdir $(INSTALL_MAN1))) $(addprefix "$(man6dir)"/,$(notdir $(INSTALL_MAN6)))
	@for f in $(INSTALL_DATA); do rm -f "$(datadir)/$$f"; done
	@for d in $(sort $(INSTALL_DATA_DIRS) levels reports); do \
	  while [ "$$d" != . ] && [ -d "$(datadir)/$$d" ]; do rmdir "$(datadir)/$$d" 2>/dev/null || break; d=$$(dirname "$$d"); done; done
	@rmdir "$(datadir)" 2>/dev/null || true
	@[ ! -e "$(datadir)" ] || echo "uninstall: $(datadir) still holds files install did not write; left alone" >&2
