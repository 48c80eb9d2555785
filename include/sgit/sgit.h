/* include/sgit/sgit.h: the whole public interface of libsgit */
#ifndef SGIT_H
#define SGIT_H

#include "errors.h"
#include "buf.h"
#include "oid.h"
#include "object.h"
#include "odb.h"
#include "config.h"
#include "repo.h"

#endif
