// Runs the relation matrix against real Strapi 5.54 (started on test/relation-kit, see README.md)
// and, when given, against a generated app; prints the steps whose answers differ, and with --write
// records Strapi's answers into answers.json, which test/e2e/relation-matrix.test.ts replays.
//   tsx test/relation-matrix/record.ts http://127.0.0.1:1341 [http://127.0.0.1:<app>] [--write] [--show]
import { join } from 'node:path';
import { compareWithStrapi, runMain } from '../kitchen/compare';
import { matrixSteps } from './steps';

runMain(() => compareWithStrapi(matrixSteps(), join(__dirname, 'answers.json'), 'http://127.0.0.1:1341', process.argv.slice(2), { oneLine: true }));
