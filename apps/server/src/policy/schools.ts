import { API } from '@shala/contract';
import type { Caller, Deps } from '../context.js';
import { PLATFORM, type Db, type Tx } from '../db/client.js';
import { allows } from './index.js';
import { asPlatform, inTenant } from '../db/scope.js';

/**
 * Who may manage schools: the platform owner alone (111, the contract's routes), across every
 * school: it is the one area that works outside a school's scope, so its reads and writes go
 * through the platform path here (`asPlatform`), never a tenant's. A school's own users see their
 * school through their scope (`scopeOf`), not through this module.
 */
export const schoolsPolicy = {
  /** May the caller manage schools? */
  canManage(caller: Caller): boolean {
    return allows(API.schoolList.roles, caller.roleId);
  },

  /** A handle across schools, for school management's single statements. */
  db(deps: Pick<Deps, 'data'>): Db {
    return asPlatform(deps);
  },

  /** A transaction across schools, for school management's writes. */
  transaction<T>(deps: Pick<Deps, 'data'>, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return inTenant(deps, PLATFORM, fn);
  },
};
