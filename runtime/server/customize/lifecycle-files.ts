// Per-type lifecycle files, `src/api/<api>/content-types/<name>/lifecycles.ts`, as in Strapi:
// an object of hooks (`beforeCreate(event)`, `afterUpdate(event)`, ...) for that one content type.
// They are checked when the files load (an unknown hook name or a folder naming no content type
// fails start-up, naming the file) and subscribed on the engine's hooks, the same list
// `strapi.db.lifecycles.subscribe` adds to, so they fire for REST, GraphQL and the Document Service.
import { LIFECYCLE_NAMES, type LifecycleHook, type LifecycleName, type LifecycleSubscriber } from '@cms-gen/core/documents/types';
import { CustomizationError } from './errors';
import type { UserFiles } from './user-files';

export interface LifecycleFile {
  uid: string;
  label: string;
  subscriber: LifecycleSubscriber;
}

/** Checks every lifecycle file against the app's content type uids. */
export function parseLifecycleFiles(files: UserFiles, contentTypeUids: ReadonlySet<string>): LifecycleFile[] {
  const out: LifecycleFile[] = [];
  for (const api of files.apis) {
    for (const module of api.lifecycles) {
      const uid = `api::${api.api}.${module.name}`;
      if (!contentTypeUids.has(uid)) throw new CustomizationError(`${module.label}: no content type ${uid} (the folder must be named after the content type's singular name)`);
      const value = module.value;
      if (typeof value !== 'object' || value === null) throw new CustomizationError(`${module.label}: must export an object of lifecycle hooks ({ beforeCreate(event) { … }, … })`);
      const subscriber: LifecycleSubscriber = { models: [uid] };
      for (const [key, hook] of Object.entries(value)) {
        if (!(LIFECYCLE_NAMES as readonly string[]).includes(key)) throw new CustomizationError(`${module.label}: unknown lifecycle "${key}" (known: ${LIFECYCLE_NAMES.join(', ')})`);
        if (typeof hook !== 'function') throw new CustomizationError(`${module.label}: ${key} must be a function (event) => …`);
        subscriber[key as LifecycleName] = hook as LifecycleHook;
      }
      out.push({ uid, label: module.label, subscriber });
    }
  }
  return out;
}
