// A progress line on stderr: the stage, records done (of the total when known), the rate. On a
// terminal one line is rewritten in place (at most ten times a second); otherwise (logs, CI) a line
// is printed every few seconds and at the end of each stage.
export interface ProgressSink {
  write(text: string): void;
  isTTY?: boolean;
}

export interface Progress {
  stage(name: string, total?: number): void;
  tick(count?: number): void;
  /** Ends the current stage with its final line. */
  done(): void;
  /** Records done per stage so far (the reports use them). */
  readonly counts: Record<string, number>;
}

const TTY_INTERVAL_MS = 100;
const LOG_INTERVAL_MS = 5000;

function rate(count: number, ms: number): string {
  const perSecond = ms > 0 ? (count * 1000) / ms : 0;
  return perSecond >= 100 ? `${Math.round(perSecond)}/s` : `${perSecond.toFixed(1)}/s`;
}

export function createProgress(sink: ProgressSink | undefined, now: () => number = Date.now): Progress {
  const counts: Record<string, number> = {};
  let name = '';
  let total: number | undefined;
  let started = 0;
  let lastPrint = 0;
  const line = (): string => {
    const count = counts[name] ?? 0;
    const of = total !== undefined ? `/${total}` : '';
    const percent = total ? ` ${Math.min(100, Math.floor((count * 100) / total))}%` : '';
    return `${name}: ${count}${of}${percent}, ${rate(count, now() - started)}, ${((now() - started) / 1000).toFixed(1)}s`;
  };
  const print = (final: boolean): void => {
    if (!sink) return;
    if (sink.isTTY) sink.write(`\r\x1b[2K${line()}${final ? '\n' : ''}`);
    else sink.write(`${line()}\n`);
    lastPrint = now();
  };
  return {
    counts,
    stage(next, nextTotal) {
      if (name) print(true);
      name = next;
      total = nextTotal;
      counts[name] ??= 0;
      started = now();
      lastPrint = started;
    },
    tick(count = 1) {
      counts[name] = (counts[name] ?? 0) + count;
      const since = now() - lastPrint;
      if (since >= (sink?.isTTY ? TTY_INTERVAL_MS : LOG_INTERVAL_MS)) print(false);
    },
    done() {
      if (name) print(true);
      name = '';
    },
  };
}
