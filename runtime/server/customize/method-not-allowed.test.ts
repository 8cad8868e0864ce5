// Which methods a path allows, from the content routes mounted for it (Strapi's Allow header).
import { AllowedMethods } from './method-not-allowed';

function routes(): AllowedMethods {
  const allowed = new AllowedMethods();
  allowed.add('GET', '/articles/featured');
  for (const [method, path] of [['GET', '/articles'], ['GET', '/articles/:documentId'], ['POST', '/articles'], ['PUT', '/articles/:documentId'], ['DELETE', '/articles/:documentId'], ['GET', '/homepage'], ['PUT', '/homepage'], ['DELETE', '/homepage']]) allowed.add(method, path);
  allowed.add('GET', '/files/(.*)');
  return allowed;
}

describe('AllowedMethods', () => {
  it("lists the matching routes' methods in mounting order, HEAD before GET, as Strapi's router", () => {
    const allowed = routes();
    expect(allowed.of('/homepage')).toEqual(['HEAD', 'GET', 'PUT', 'DELETE']);
    expect(allowed.of('/articles')).toEqual(['HEAD', 'GET', 'POST']);
    expect(allowed.of('/articles/abc')).toEqual(['HEAD', 'GET', 'PUT', 'DELETE']);
    // A custom route and the core route both match.
    expect(allowed.of('/articles/featured')).toEqual(['HEAD', 'GET', 'PUT', 'DELETE']);
    expect(allowed.of('/ARTICLES')).toEqual(['HEAD', 'GET', 'POST']);
  });

  it('matches nothing else: other paths, and patterns with regular-expression syntax', () => {
    const allowed = routes();
    expect(allowed.of('/articles/abc/def')).toEqual([]);
    expect(allowed.of('/nothing')).toEqual([]);
    expect(allowed.of('/files/a')).toEqual([]);
  });
});
