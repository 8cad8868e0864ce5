// Prints one plain closing line, `N passed, N failed`, after Jest's own summary, so CI logs
// state the outcome in a form any reader (human or tool) parses the same way.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + (results.numRuntimeErrorTestSuites > 0 ? results.numRuntimeErrorTestSuites : 0);
    process.stdout.write(`\n${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
module.exports = SummaryReporter;
