// A run's error list as stored (import_runs.errors) and answered: the first RUN_ERRORS_KEPT
// errors, then, when there were more, one last entry counting the rest. A feed of 300,000 bad rows
// must not put 300,000 reasons in every Importers page and every job's output.
import { groupedDigits } from '../../contract/digits.ts';
import { RUN_ERRORS_KEPT } from '../../contract/team-importers.ts';
import type { ItemFailure } from './types.ts';

/**
 * What import_runs.errors holds: failures, and perhaps a last entry counting those not kept; while
 * the run runs, one entry naming the process that runs it (its owner).
 */
export interface StoredRunError {
  itemKey?: string;
  title?: string;
  reason: string;
  more?: number;
  owner?: RunOwner;
}

/** The process running a run: this machine's name and process id, an id of the process's own life, and its pg-boss job. */
export interface RunOwner {
  host: string;
  pid: number;
  life: string;
  jobId?: string;
}

/** An unfinished run's errors: its owner, told in words for whoever reads the row. */
export const runningErrors = (owner: RunOwner): StoredRunError[] => [
  { itemKey: '', reason: `Running in process ${owner.pid} on ${owner.host}.`, owner },
];

/** The owner an unfinished run's row names, if any (rows written before owners were kept name none). */
export const ownerOf = (stored: StoredRunError[]): RunOwner | undefined => stored.find((entry) => entry.owner)?.owner;

/** Collects a run's errors, keeping the first RUN_ERRORS_KEPT and counting the rest. */
export class RunErrors {
  readonly kept: ItemFailure[] = [];
  more = 0;

  add(failure: ItemFailure) {
    if (this.kept.length < RUN_ERRORS_KEPT) this.kept.push(failure);
    else this.more++;
  }

  /** The column's value: the kept errors, and the count of the rest as its own entry. */
  stored(): StoredRunError[] {
    return storedRunErrors(this.kept, this.more);
  }
}

export const storedRunErrors = (kept: ItemFailure[], more: number): StoredRunError[] =>
  more > 0 ? [...kept, { itemKey: '', reason: `… and ${groupedDigits(more)} more.`, more }] : kept;

/**
 * The errors to answer, and how many more there were, from the column's first entries and its
 * length. Runs stored before the cap may hold any number: those past the first are counted.
 */
export function answeredRunErrors(
  stored: StoredRunError[],
  storedLength: number,
): { errors: StoredRunError[]; moreErrors: number } {
  const counted = stored.find((entry) => typeof entry.more === 'number');
  const failures = stored.filter((entry) => entry !== counted && !entry.owner);
  const errors = failures.slice(0, RUN_ERRORS_KEPT);
  const notRead = storedLength - stored.length;
  return { errors, moreErrors: (counted?.more ?? 0) + (failures.length - errors.length) + Math.max(0, notRead) };
}
