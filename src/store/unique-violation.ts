/**
 * Whether a write was refused by a unique index, on any of the three dialects (a concurrent writer
 * got there between our check and our insert).
 */
export function isUniqueViolation(err: unknown): boolean {
  const { code, errno } = (err ?? {}) as { code?: unknown; errno?: unknown };
  return code === '23505' || code === 'ER_DUP_ENTRY' || errno === 1062 || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * For `.catch(onUniqueViolation(nameTaken))`: a write that a unique index refused (a concurrent
 * writer got there first) becomes the feature's declared conflict; any other error passes.
 */
export function onUniqueViolation(conflict: () => Error) {
  return (err: unknown): never => {
    throw isUniqueViolation(err) ? conflict() : err;
  };
}
