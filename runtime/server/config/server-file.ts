// `config/server.{json,js}` after its rule checked each value: the cron tasks are read the way the
// scheduler will read them, so a task in a form the app does not run stops start-up naming the
// file, the task and the key (Strapi logs such a task and goes on without it).
import { parseCronTasks } from '@cms-gen/cron/task-forms';
import { TaskFormError } from '@cms-gen/cron/task-error';
import { ConfigError } from '@cms-gen/core/config-error';

export function completeServerFile(checked: Record<string, unknown>, label: string): Record<string, unknown> {
  const tasks = (checked.cron as { tasks?: unknown } | undefined)?.tasks;
  if (tasks === undefined) return checked;
  try {
    parseCronTasks(tasks);
  } catch (err) {
    if (err instanceof TaskFormError) throw new ConfigError(`${label}: cron.tasks${err.message}`);
    throw err;
  }
  return checked;
}
