/** @jest-config-loader-options {"transpileOnly": true} */
// Jest loads this file with ts-node; transpileOnly spares every jest run a type check of it (a
// TypeScript program built before the first suite starts: about 2 CPU-s, 3 s of wall time).
// `npm run typecheck` checks this file instead (tsconfig.json includes it).
import type { Config } from 'jest';

// swc transpiles TypeScript without type-checking (tsc does that in `npm run typecheck`);
// decorator metadata is on because the GraphQL layer uses TypeGraphQL classes.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const config: Config = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc as never },
  // The runtime's packages (runtime/<name>/, an npm workspace) are used from their sources.
  // The generator's builds in the suites format through a cache kept on disk (test/helpers/format-cache.ts).
  moduleNameMapper: {
    '^@cms-gen/([a-z-]+)$': '<rootDir>/runtime/$1/index.ts',
    '^@cms-gen/([a-z-]+)/(.*)$': '<rootDir>/runtime/$1/$2',
    '^\\./emitters/format-typescript$': '<rootDir>/test/helpers/format-cache.ts',
  },
  resolver: '<rootDir>/test/client-resolver.js',
  testMatch: ['<rootDir>/{generator,runtime,test}/**/*.test.ts'],
  testTimeout: 60_000,
  // Most e2e suites wait on child processes (npm, tsc, app servers) and on PostgreSQL and MariaDB, so
  // four workers overlap that waiting on a 2-core machine (jest would run one there): at three, the
  // suites' own CPU filled about one of the two cores. Suites cannot collide: databases are named
  // per process (cmsgen_t_<pid>_<random>), apps listen on port 0, and scratch folders are mkdtemp'd.
  // docs/testing.md has the times.
  maxWorkers: 4,
  // Longest suite first, also without jest's cache of the last run's durations (CI): test/sequencer.js.
  testSequencer: '<rootDir>/test/sequencer.js',
  globalSetup: '<rootDir>/test/global-setup.ts',
  // Records each suite's CPU time when CMSGEN_SUITE_CPU names a folder (docs/testing.md).
  setupFilesAfterEnv: ['<rootDir>/test/suite-cpu.js'],
  // The benchmark's compiled copies and seeded data (bench/.data), the packing stage of cms-gen's own
  // packages (.cms-gen-cache) and the real-world corpus's projects (test/realworld/<project>) hold
  // package.json files of their own.
  modulePathIgnorePatterns: ['<rootDir>/bench/.data/', '<rootDir>/.cms-gen-cache/', '<rootDir>/test/realworld/[^/]+/'],
  reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};

export default config;
