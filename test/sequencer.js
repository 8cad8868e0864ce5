// Jest's test order: longest suite first, so that no long suite starts last and leaves the other
// workers idle at the end. Jest does this itself from the durations of the previous run in its cache;
// on a machine without that cache (CI, a fresh checkout) it orders by file size instead, which put
// the newcomer path, the longest suite, near the end. test/suite-seconds.json holds each suite's
// measured wall time (docs/testing.md), used when the cache has none; a suite in neither counts as short.
'use strict';

const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const seconds = require('./suite-seconds.json');

class LongestFirst extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const known = seconds[relative(test.context.config.rootDir, test.path).split('\\').join('/')];
    return known === undefined ? 0 : known * 1000;
  }
}

module.exports = LongestFirst;
