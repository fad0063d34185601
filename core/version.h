/* The toolchain's version and the name of its installed data folder: the one place gen,
 * solver, player, `make install` and the manual pages take them from. */
#ifndef VERSION_H
#define VERSION_H

#define TOOLCHAIN_VERSION "0.7.0"
/* Installed run-time data live in PREFIX/share/TOOLCHAIN_DATA_NAME (levels/, reports/,
 * schemas/), found from the program's own folder as ../share/TOOLCHAIN_DATA_NAME. */
#define TOOLCHAIN_DATA_NAME "cozy-craft"

#endif
