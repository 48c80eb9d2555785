/* include/sgit/sgit.h: the whole public interface of libsgit */
#ifndef SGIT_H
#define SGIT_H

#include "errors.h"
#include "buf.h"
#include "oid.h"
#include "object.h"
#include "odb.h"
#include "header.h"
#include "ident.h"
#include "commit.h"
#include "tree.h"
#include "tag.h"
#include "config.h"
#include "repo.h"
#include "person.h"
#include "programs.h"
#include "refs.h"
#include "revparse.h"
#include "ref_format.h"
#include "tag_create.h"
#include "commit_create.h"
#include "branch.h"
#include "ignore.h"
#include "pathspec.h"
#include "changes.h"
#include "status.h"
#include "pack_write.h"
#include "refspec.h"
#include "remote.h"

#endif
