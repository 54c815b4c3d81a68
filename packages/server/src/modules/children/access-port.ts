import { eq } from 'drizzle-orm';
import { hasRight } from '@hortus/contract';
import { childrenRights } from '@hortus/contract/modules/children';
import type { Db } from '../../platform/db/database';
import type { AccessPort, Viewer, VisibleIds } from '../../platform/modules/server-module';
import { allowedChildIds } from './children/child-records';
import { classesFor } from './children/classes';
import { children } from './schema';

/** Children: all of them when every class is seen (deleted children too), else the children seen now. */
async function visibleChildren(db: Db, viewer: Viewer): Promise<VisibleIds> {
  const classes = await classesFor(db, viewer);
  if (classes.every((entry) => entry.sehen) && classes.length > 0) return 'all';
  return [...(await allowedChildIds(db, viewer))].map(String);
}

/** Classes: the settings right manages every class; otherwise the classes seen. */
async function visibleClasses(db: Db, viewer: Viewer): Promise<VisibleIds> {
  if (hasRight(viewer.rechte, childrenRights.settings)) return 'all';
  const classes = await classesFor(db, viewer);
  return classes.filter((entry) => entry.sehen).map((entry) => String(entry.row.id));
}

/**
 * Module 200's access port (platform/modules/server-module.ts): the Datenauskunft of a parent account needs
 * every one of its children seen (`classesFor`, the rule of ./children/access.ts); the Protokoll's entries about a child
 * or a class are read by whoever sees it.
 */
export const childrenAccessPort: AccessPort = {
  async personalData(db, viewer, userId) {
    const own = await db.select({ classId: children.classId }).from(children).where(eq(children.parentUserId, userId));
    if (own.length === 0) return true;
    const classes = await classesFor(db, viewer);
    return own.every((child) => classes.some((entry) => entry.row.id === child.classId && entry.sehen));
  },
  protokoll: { Kind: visibleChildren, Klasse: visibleClasses },
};
