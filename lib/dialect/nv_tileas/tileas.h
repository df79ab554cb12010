/* tileas.h — former name of nv_tileas.h, the nv_tileas dialect's public
 * header; kept for the files that include it under this name. */
#ifndef CTILE_NV_TILEAS_TILEAS_H
#define CTILE_NV_TILEAS_TILEAS_H

#include "dialect/nv_tileas/nv_tileas.h"

#endif
