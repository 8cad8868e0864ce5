// The parity set's steps (test/answers/sets.ts): the parity seed, written through the REST API
// (idempotent), then every case of cases.ts as a GET, recorded as `<group>/<case>`.
import type { Steps } from '../answers/run';
import { PARITY_GROUPS } from './cases';
import { seedParity } from './seed';

export const paritySteps: Steps = async ({ base, record }) => {
  await seedParity(base);
  for (const group of PARITY_GROUPS) {
    for (const c of group.cases) await record(`${group.group}/${c.name}`, { method: 'GET', path: c.path });
  }
};

/** The steps of the groups that compare key order too. */
export const keyOrderCompared = (name: string): boolean => PARITY_GROUPS.some((group) => group.keyOrder === true && name.startsWith(`${group.group}/`));
