import type { ContentTypeMeta } from '../model/types';
import { EngineHooks } from './hooks';
import type { DocumentParams, LifecycleEvent } from './types';

const META = { uid: 'api::article.article', singularName: 'article', pluralName: 'articles', kind: 'collectionType' } as ContentTypeMeta;

function event(uid = META.uid): LifecycleEvent {
  return { action: 'beforeCreate', documentAction: 'create', model: { uid, singularName: 'x', pluralName: 'xs', kind: 'collectionType' }, params: { data: {}, query: {} }, state: {} };
}

describe('Document Service middlewares', () => {
  it('run in registration order, the first one outermost, around the action', async () => {
    const hooks = new EngineHooks();
    const trace: string[] = [];
    hooks.use(async (ctx, next) => {
      trace.push(`a:${ctx.action}`);
      const result = await next();
      trace.push('a:after');
      return result;
    });
    hooks.use(async (_ctx, next) => {
      trace.push('b');
      const result = await next();
      trace.push('b:after');
      return result;
    });
    const out = await hooks.run(META.uid, META, 'findMany', {}, async () => {
      trace.push('action');
      return ['doc'];
    });
    expect(out).toEqual(['doc']);
    expect(trace).toEqual(['a:findMany', 'b', 'action', 'b:after', 'a:after']);
  });

  it('lets a middleware change the params the action receives, or the result it returns', async () => {
    const hooks = new EngineHooks();
    hooks.use(async (ctx, next) => {
      ctx.params = { ...ctx.params, filters: { title: 'changed' } };
      const result = (await next()) as DocumentParams;
      return { ...result, wrapped: true };
    });
    const out = await hooks.run(META.uid, META, 'findMany', { filters: { title: 'given' } }, async (params) => params);
    expect(out).toEqual({ filters: { title: 'changed' }, wrapped: true });
  });

  it('can answer without running the action, or abort it by throwing', async () => {
    const hooks = new EngineHooks();
    const action = jest.fn(async () => 'ran');
    const remove = hooks.use(async (ctx, next) => (ctx.action === 'count' ? 42 : next()));
    expect(await hooks.run(META.uid, META, 'count', {}, action)).toBe(42);
    expect(action).not.toHaveBeenCalled();
    remove();
    hooks.use(async () => {
      throw new Error('refused');
    });
    await expect(hooks.run(META.uid, META, 'create', {}, action)).rejects.toThrow('refused');
    expect(action).not.toHaveBeenCalled();
  });

  it('refuses a second next() call instead of running the action twice', async () => {
    const hooks = new EngineHooks();
    hooks.use(async (_ctx, next) => {
      await next();
      return next();
    });
    const action = jest.fn(async () => 'ran');
    await expect(hooks.run(META.uid, META, 'create', {}, action)).rejects.toThrow('called next() twice');
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('refuses what is not a middleware', () => {
    expect(() => new EngineHooks().use('nope' as never)).toThrow(TypeError);
  });
});

describe('lifecycle subscribers', () => {
  it('fire in subscription order, only for their models, sharing the event', async () => {
    const hooks = new EngineHooks();
    const seen: string[] = [];
    hooks.subscribe({
      beforeCreate: (e) => {
        seen.push(`all:${e.action}`);
        e.params.data = { title: 'from hook' };
        e.state.marked = true;
      },
    });
    hooks.subscribe({ models: ['api::author.author'], beforeCreate: () => void seen.push('authors only') });
    hooks.subscribe({ models: [META.uid], beforeCreate: (e) => void seen.push(`articles:${String(e.state.marked)}`) });
    const e = event();
    await hooks.fire('beforeCreate', e);
    expect(seen).toEqual(['all:beforeCreate', 'articles:true']);
    expect(e.params.data).toEqual({ title: 'from hook' });
    expect(hooks.has('beforeCreate', META.uid)).toBe(true);
    expect(hooks.has('afterCreate', META.uid)).toBe(false);
    expect(hooks.has('beforeCreate', 'api::category.category')).toBe(true);
  });

  it('stop at the first hook that throws and pass its error on', async () => {
    const hooks = new EngineHooks();
    const later = jest.fn();
    hooks.subscribe({ beforeDelete: () => Promise.reject(new Error('no deleting')) });
    hooks.subscribe({ beforeDelete: later });
    await expect(hooks.fire('beforeDelete', event())).rejects.toThrow('no deleting');
    expect(later).not.toHaveBeenCalled();
  });

  it('can be removed, and refuse unknown lifecycle names', async () => {
    const hooks = new EngineHooks();
    const hook = jest.fn();
    const remove = hooks.subscribe({ afterUpdate: hook });
    remove();
    await hooks.fire('afterUpdate', event());
    expect(hook).not.toHaveBeenCalled();
    expect(() => hooks.subscribe({ beforeSave: () => undefined } as never)).toThrow('unknown lifecycle "beforeSave"');
    expect(() => hooks.subscribe({ models: 'api::article.article' } as never)).toThrow('models');
  });
});
