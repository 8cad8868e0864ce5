// Every set of recorded Strapi answers: its steps, the rules its answers were normalized with, the
// file they are kept in, and where its real Strapi listens when recording (each set's README says
// how to start it). record.ts records any of them; replay.ts replays them in the e2e suites.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buchananSteps } from '../buchanan/steps';
import { conditionsSteps } from '../conditions/steps';
import { easyfestSteps } from '../easyfest/steps';
import { foodadvisorSteps } from '../foodadvisor/steps';
import { gmbskSteps } from '../gmbsk/steps';
import { kitchenSteps } from '../kitchen/requests';
import { looseSteps } from '../loose/steps';
import { keyOrderCompared, paritySteps } from '../parity/steps';
import { matrixSteps } from '../relation-matrix/steps';
import { plutoSteps } from '../pluto/steps';
import { parityASteps } from '../strapi-answers/parity-a';
import { skytruthSteps } from '../skytruth/steps';
import { uniqueSteps } from '../unique/steps';
import { userSteps } from '../users-ext/requests';
import { FOODADVISOR_RULES, PARITY_A_RULES, PARITY_RULES, STEP_RULES, USERS_RULES } from './normalize';
import type { Recorded, RunOptions, Steps } from './run';

export interface AnswerSet {
  name: string;
  /** The answers file, under test/. */
  file: string;
  /** The real Strapi started on the set's project, by default. */
  strapi: string;
  steps: Steps;
  run: RunOptions;
  /** One answer per line in the file (large sets). */
  oneLine?: boolean;
  /** Steps whose answers' key order is compared too. */
  keyOrder?: (name: string) => boolean;
  /** What the set covers, for the recorder's usage line. */
  about: string;
}

/** Digits only: the kitchen kit's `code` attribute must match ^[A-Z]{2}-[0-9]+$. */
const digits = () => String(Date.now()).slice(-9);

export const SETS = {
  parity: {
    name: 'parity',
    about: 'GET cases on the parity seed of the blog fixture (test/parity)',
    file: 'parity/answers.json',
    strapi: 'http://127.0.0.1:1338',
    steps: paritySteps,
    run: { rules: PARITY_RULES },
    keyOrder: keyOrderCompared,
  },
  'parity-a': {
    name: 'parity-a',
    about: 'dynamic-zone `on`, accepted and refused writes, validation messages, nested GraphQL on the blog fixture (test/strapi-answers)',
    file: 'strapi-answers/parity-a.json',
    strapi: 'http://127.0.0.1:1338',
    steps: parityASteps,
    run: { rules: PARITY_A_RULES, stamp: () => `pa${Date.now().toString(36)}`, keepAllow: true },
  },
  kitchen: {
    name: 'kitchen',
    about: 'the kitchen kit (test/kitchen)',
    file: 'kitchen/answers.json',
    strapi: 'http://127.0.0.1:1340',
    steps: kitchenSteps,
    run: { rules: STEP_RULES, stamp: digits },
  },
  'relation-matrix': {
    name: 'relation-matrix',
    about: 'the relation matrix on the relation kit (test/relation-matrix)',
    file: 'relation-matrix/answers.json',
    strapi: 'http://127.0.0.1:1341',
    steps: matrixSteps(),
    run: { rules: STEP_RULES, stamp: digits },
    oneLine: true,
  },
  users: {
    name: 'users',
    about: 'the users kit (test/users-ext)',
    file: 'users-ext/answers.json',
    strapi: 'http://127.0.0.1:1343',
    steps: userSteps,
    // Lowercase letters and digits: it goes into usernames and emails (stored lower-cased).
    run: { rules: USERS_RULES, stamp: () => `u${String(Date.now()).slice(-8)}` },
  },
  loose: {
    name: 'loose',
    about: 'the loose kit (test/loose)',
    file: 'loose/answers.json',
    strapi: 'http://127.0.0.1:1344',
    steps: looseSteps,
    run: { rules: STEP_RULES, stamp: digits },
  },
  foodadvisor: {
    name: 'foodadvisor',
    about: "FoodAdvisor's schemas as committed (test/foodadvisor)",
    file: 'foodadvisor/answers.json',
    strapi: 'http://127.0.0.1:1346',
    steps: foodadvisorSteps,
    // Digits only: it goes into slugs (uid) and usernames.
    run: { rules: FOODADVISOR_RULES, stamp: digits },
  },
  gmbsk: {
    name: 'gmbsk',
    about: "gmb.sk's schemas as committed (test/gmbsk)",
    file: 'gmbsk/answers.json',
    strapi: 'http://127.0.0.1:1347',
    steps: gmbskSteps,
    // Digits only: it goes into slugs (uid) and emails.
    run: { rules: FOODADVISOR_RULES, stamp: digits },
  },
  skytruth: {
    name: 'skytruth',
    about: "SkyTruth 30x30's schemas as committed (test/skytruth)",
    file: 'skytruth/answers.json',
    strapi: 'http://127.0.0.1:1348',
    steps: skytruthSteps,
    // Digits only: it goes into location codes and slugs.
    run: { rules: FOODADVISOR_RULES, stamp: digits },
  },
  buchanan: {
    name: 'buchanan',
    about: "the buchanan-solutions site template's schemas as committed (test/buchanan)",
    file: 'buchanan/answers.json',
    strapi: 'http://127.0.0.1:1349',
    steps: buchananSteps,
    // Digits only: it goes into uids, slugs and emails.
    run: { rules: FOODADVISOR_RULES, stamp: digits },
  },
  pluto: {
    name: 'pluto',
    about: "PLUTO's schemas as committed (test/pluto)",
    file: 'pluto/answers.json',
    strapi: 'http://127.0.0.1:1350',
    steps: plutoSteps,
    // Digits only: it goes into uids.
    run: { rules: FOODADVISOR_RULES, stamp: digits },
  },
  easyfest: {
    name: 'easyfest',
    about: "easyfest's schemas as committed (test/easyfest)",
    file: 'easyfest/answers.json',
    strapi: 'http://127.0.0.1:1351',
    steps: easyfestSteps,
    // Digits only: it goes into usernames and emails.
    run: { rules: FOODADVISOR_RULES, stamp: digits },
  },
  conditions: {
    name: 'conditions',
    about: 'conditional fields (test/conditions)',
    file: 'conditions/answers.json',
    strapi: 'http://127.0.0.1:1352',
    steps: conditionsSteps,
    run: { rules: STEP_RULES, stamp: digits },
  },
  unique: {
    name: 'unique',
    about: 'unique attributes, in components too (test/unique)',
    file: 'unique/answers.json',
    strapi: 'http://127.0.0.1:1353',
    steps: uniqueSteps,
    run: { rules: STEP_RULES, stamp: digits },
  },
} satisfies Record<string, AnswerSet>;

export type SetName = keyof typeof SETS;

const TEST_DIR = join(__dirname, '..');

/** Strapi's recorded answers of a set. */
export function loadAnswers(set: AnswerSet): Recorded {
  return (JSON.parse(readFileSync(join(TEST_DIR, set.file), 'utf8')) as { recorded: Recorded }).recorded;
}

/** Writes Strapi's answers into the set's file: indented JSON, or one answer per line. */
export function writeAnswers(set: AnswerSet, recorded: Recorded): void {
  let text: string;
  if (set.oneLine) {
    const lines = Object.entries(recorded).map(([name, answer]) => `    ${JSON.stringify(name)}: ${JSON.stringify(answer)}`);
    text = `{\n  "strapi": "5.54.0",\n  "recorded": {\n${lines.join(',\n')}\n  }\n}\n`;
  } else text = `${JSON.stringify({ strapi: '5.54.0', recorded }, null, 2)}\n`;
  writeFileSync(join(TEST_DIR, set.file), text);
}
