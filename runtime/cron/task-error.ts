// A cron task given in a form the app does not run. The path names the task and the key inside it
// (`myJob.options.tz`); the caller puts its own origin in front (`config/server.js: cron.tasks.`
// or `strapi.cron.add: `), so the same check reads right in both places.
export class TaskFormError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path} ${problem}`);
  }
}

/** `.name` for a plain identifier, `["*\/5 * * * *"]` for any other key (rules are keys too). */
export function keyPath(key: string): string {
  return /^[A-Za-z_$][\w$-]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
