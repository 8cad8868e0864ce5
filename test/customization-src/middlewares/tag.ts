// Sets a response header (as a global middleware, from config/middlewares.json) and tags the request.
import type { MiddlewareFactory } from '@cms-gen/runtime';

const tag: MiddlewareFactory = (config) => async (ctx, next) => {
  const { value } = (config ?? {}) as { value?: string };
  ctx.state.tag = value ?? 'route';
  ctx.set('X-Tag', value ?? 'route');
  await next();
};

export default tag;
