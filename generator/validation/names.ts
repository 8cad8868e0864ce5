// singularName and pluralName become REST paths and type names, so no two content types (the
// built-in plugin types included) may share one, and none may take a plugin's route segment.
import { RESERVED_ROUTE_NAMES } from '../builtins';
import { holders, type CheckContext } from './check-context';

export function checkApiNames(ctx: CheckContext): void {
  const owners = new Map<string, { uid: string; role: string }>();
  for (const { role, definition } of holders(ctx)) {
    if (role !== 'contentType') continue;
    const report = ctx.problems.at(definition.file);
    for (const key of ['singularName', 'pluralName'] as const) {
      const name = definition[key];
      if (!name) continue;
      const path = `info.${key}`;
      if (definition.origin === 'schema' && (RESERVED_ROUTE_NAMES as readonly string[]).includes(name)) {
        report(path, `"${name}" is reserved: the built-in plugins use /api/${name}`);
        continue;
      }
      const owner = owners.get(name);
      if (!owner) owners.set(name, { uid: definition.uid, role: key });
      else if (owner.uid !== definition.uid) report(path, `"${name}" is already the ${owner.role} of ${owner.uid}`);
    }
  }
}
