// Runs the kitchen steps against real Strapi 5.54 (started on test/kitchen-kit's schemas, see
// test/kitchen/README.md) and, when given, against a generated app; prints the steps whose
// normalized answers differ (key order aside), and with --write records Strapi's answers into
// answers.json, which test/e2e/kitchen-answers.test.ts replays.
//   tsx test/kitchen/record.ts http://127.0.0.1:1340 [http://127.0.0.1:<app>] [--write] [--show]
import { join } from 'node:path';
import { compareWithStrapi, runMain } from './compare';
import { kitchenSteps } from './requests';

runMain(() => compareWithStrapi(kitchenSteps, join(__dirname, 'answers.json'), 'http://127.0.0.1:1340', process.argv.slice(2)));
