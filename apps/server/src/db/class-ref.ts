import { classes } from './schema.js';

/** A class as the contract's `ClassRef` names it (id, master class, name, section): spread into a select over `classes`. */
export const classRefColumns = { assignClassId: classes.id, masterClass: classes.masterClass, className: classes.name, section: classes.section };
