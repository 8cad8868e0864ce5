import type { PopulateMap } from './ast';
import { errorOf, invalidKey, query, queryObject, specs } from './__fixtures__/helpers';
import { AUTHOR, CATEGORY, FILE, PRIVATE_NOTE, canRead } from './__fixtures__/schema';

const populateOf = (qs: string, type?: string, canRead?: (uid: string) => boolean) => query(qs, type, canRead ? { canRead: (target) => canRead(target.uid) } : {}).populate;
const populateError = (qs: string, type?: string) => errorOf(() => query(qs, type));

/** `populate=*` on article for the test caller: every relation it can read, media, components, the zone. */
const ARTICLE_STAR = { cover: {}, gallery: {}, author: {}, categories: {}, seo_page: {}, seo: {}, blocks_list: {}, sections: {} };

describe('populate: string notations', () => {
  it('absent → nothing', () => {
    expect(populateOf('')).toEqual({});
    expect(populateOf('populate=')).toEqual({});
  });

  it('* → every populatable attribute one level, skipping private ones and unreadable types (observation 20)', () => {
    const star = populateOf('populate=*');
    expect(star).toEqual(ARTICLE_STAR);
    expect(Object.keys(star)).toEqual(Object.keys(ARTICLE_STAR));
    expect(populateOf('populate=*', undefined, () => true)).toEqual({ ...ARTICLE_STAR, notes: {} });
  });

  it('* on a localized type includes localizations', () => {
    expect(populateOf('populate=*', CATEGORY)).toEqual({ articles: {}, localizations: {} });
  });

  it('the booleans true → like *, false → nothing; the text "true" is an unknown key, as in Strapi', () => {
    expect(queryObject({ populate: true }).populate).toEqual(ARTICLE_STAR);
    expect(queryObject({ populate: false }).populate).toEqual({});
    for (const [qs, key] of [['populate=true', 'true'], ['populate=false', 'false'], ['populate=1', '1'], ['populate[0]=true', 'true'], ['populate[author][populate]=true', 'true']]) {
      expect(errorOf(() => query(qs))).toEqual({ status: 400, name: 'ValidationError', message: `Invalid key ${key}`, details: { key, path: key, source: 'query', param: 'populate' } });
    }
  });

  it('one name, comma lists, indexed lists (observation 24)', () => {
    expect(populateOf('populate=author')).toEqual({ author: {} });
    expect(populateOf('populate=author,categories')).toEqual({ author: {}, categories: {} });
    expect(populateOf('populate[0]=author&populate[1]=categories')).toEqual({ author: {}, categories: {} });
  });

  it('dotted paths: each dot is one nested level, merged with the parent', () => {
    expect(populateOf('populate[0]=seo&populate[1]=seo.meta_social')).toEqual({ seo: { populate: { meta_social: {} } } });
    expect(populateOf('populate=seo.meta_social')).toEqual({ seo: { populate: { meta_social: {} } } });
    expect(populateOf('populate=author.articles,author.avatar')).toEqual({ author: { populate: { articles: {}, avatar: {} } } });
    expect(populateOf('populate=seo.share_image,seo.meta_social')).toEqual({ seo: { populate: { share_image: {}, meta_social: {} } } });
  });

  it('a dotted path through a dynamic zone populates that attribute in the components that have it', () => {
    expect(populateOf('populate=sections.image')).toEqual({ sections: { on: { 'sections.hero': { populate: { image: {} } } } } });
    expect(populateOf('populate=sections.category.articles')).toEqual({
      sections: { on: { 'sections.cta': { populate: { category: { populate: { articles: {} } } } } } },
    });
  });

  it('* can be combined with other list items', () => {
    expect(populateOf('populate[0]=*&populate[1]=seo.meta_social')).toEqual({ ...ARTICLE_STAR, seo: { populate: { meta_social: {} } } });
  });

  it('localizations on a localized type', () => {
    expect(populateOf('populate=localizations', CATEGORY)).toEqual({ localizations: {} });
    expect(populateError('populate=localizations')).toEqual(invalidKey('localizations', 'localizations', 'populate'));
  });
});

describe('populate: object notation', () => {
  it('flags: true/t/1 populate, false/f/0 skip (Strapi populate[third]=t|f), * is the attribute itself', () => {
    expect(populateOf('populate[author]=true&populate[categories]=t&populate[cover]=1&populate[gallery]=false&populate[seo]=f&populate[seo_page]=0')).toEqual({
      author: {},
      categories: {},
      cover: {},
    });
    expect(populateOf('populate[author]=*')).toEqual({ author: {} });
  });

  it('fields, nested populate of relations, media and components (observation 21)', () => {
    const qs =
      'populate[author][fields][0]=name&populate[author][populate][avatar][fields][0]=url&populate[categories][fields][0]=name&populate[seo][populate][meta_social]=true&populate[seo][populate][share_image][fields][0]=name';
    expect(populateOf(qs)).toEqual({
      author: { fields: ['name'], populate: { avatar: { fields: ['url'] } } },
      categories: { fields: ['name'] },
      seo: { populate: { meta_social: {}, share_image: { fields: ['name'] } } },
    });
  });

  it('nested populate in every notation', () => {
    expect(populateOf('populate[author][populate][0]=articles')).toEqual({ author: { populate: { articles: {} } } });
    expect(populateOf('populate[author][populate]=articles,avatar')).toEqual({ author: { populate: { articles: {}, avatar: {} } } });
    expect(populateOf('populate[author][populate]=*')).toEqual({ author: { populate: { avatar: {}, articles: {} } } });
    expect(populateOf('populate[seo][populate]=*')).toEqual({ seo: { populate: { share_image: {}, meta_social: {} } } });
  });

  it('filters and sort inside a relation populate are validated against the target', () => {
    expect(populateOf('populate[categories][filters][name][$eq]=Food&populate[categories][sort][0]=name:desc')).toEqual({
      categories: {
        filters: { kind: 'compare', field: { name: 'name', column: 'name', type: 'string' }, op: '$eq', value: 'Food' },
        sort: [{ path: ['name'], order: 'desc' }],
      },
    });
    expect(populateOf('populate[articles][populate][0]=categories&populate[articles][sort]=views:asc', AUTHOR)).toEqual({
      articles: { populate: { categories: {} }, sort: [{ path: ['views'], order: 'asc' }] },
    });
  });

  it('filters and sort inside a component populate are allowed (Strapi filters components per populate)', () => {
    expect(populateOf('populate[blocks_list][filters][position][$lt]=15&populate[blocks_list][sort]=position:desc')).toEqual({
      blocks_list: {
        filters: { kind: 'compare', field: { name: 'position', column: 'position', type: 'integer' }, op: '$lt', value: 15 },
        sort: [{ path: ['position'], order: 'desc' }],
      },
    });
  });

  it('errors inside populate filters / sort / fields report param populate and paths relative to the target', () => {
    expect(populateError('populate[author][filters][nope]=1')).toEqual(invalidKey('nope', null, 'populate'));
    expect(populateError('populate[author][filters][name][$foo]=1')).toEqual(invalidKey('$foo', 'name', 'populate'));
    expect(populateError('populate[author][sort]=nope')).toEqual(invalidKey('nope', null, 'populate'));
    expect(populateError('populate[author][fields][0]=nope')).toEqual(invalidKey('nope', null, 'populate'));
    expect(populateError('populate[author][fields][0]=articles')).toEqual(invalidKey('articles', 'articles', 'populate'));
    expect(populateError('populate[author][filters][articles][secret_code]=x')).toEqual(invalidKey('secret_code', 'articles.secret_code', 'populate'));
    expect(populateError('populate[categories][filters][position]=abc').message).toBe('Invalid value for position: expected integer');
  });

  it('filters and sort are refused inside media and dynamic zone populates (spec rule 6)', () => {
    expect(populateError('populate[cover][filters][name]=x')).toEqual(invalidKey('filters', 'cover', 'populate'));
    expect(populateError('populate[cover][sort]=name')).toEqual(invalidKey('sort', 'cover', 'populate'));
    expect(populateError('populate[sections][filters][title]=x')).toEqual(invalidKey('filters', 'sections', 'populate'));
    expect(populateError('populate[sections][sort]=title')).toEqual(invalidKey('sort', 'sections', 'populate'));
    expect(populateError('populate[sections][fields][0]=title')).toEqual(invalidKey('fields', 'sections', 'populate'));
    expect(populateOf('populate[cover][fields][0]=url')).toEqual({ cover: { fields: ['url'] } });
  });

  it('count: on relations and components, ignored on media and dynamic zones', () => {
    expect(populateOf('populate[categories][count]=true')).toEqual({ categories: { count: true } });
    expect(populateOf('populate[categories][count]=false')).toEqual({ categories: {} });
    expect(populateOf('populate[author][count]=true')).toEqual({ author: { count: true } });
    expect(populateOf('populate[seo][count]=true')).toEqual({ seo: { count: true } });
    expect(populateOf('populate[seo][populate][meta_social][count]=true')).toEqual({ seo: { populate: { meta_social: { count: true } } } });
    // Strapi ignores a boolean count on media (the files are returned) and refuses any other value.
    expect(populateOf('populate[gallery][count]=true')).toEqual({ gallery: {} });
    expect(populateOf('populate[cover][count]=false')).toEqual({ cover: {} });
    expect(populateError('populate[gallery][count]=maybe')).toEqual(invalidKey('count', 'gallery', 'populate'));
    expect(populateError('populate[categories][count]=many')).toEqual(invalidKey('count', 'categories', 'populate'));
    // Likewise on a dynamic zone: Strapi 5.54 returns every entry (recorded side by side).
    expect(populateOf('populate[sections][count]=true')).toEqual({ sections: {} });
    expect(populateError('populate[sections][count]=maybe')).toEqual(invalidKey('count', 'sections', 'populate'));
  });

  it('pagination inside populate → Invalid key pagination at <relation> (observation 26)', () => {
    expect(populateError('populate[articles][fields][0]=title&populate[articles][pagination][limit]=2', AUTHOR)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid key pagination at articles',
      details: { key: 'pagination', path: 'articles', source: 'query', param: 'populate' },
    });
    expect(populateError('populate[author][populate][articles][pagination][page]=1')).toEqual(invalidKey('pagination', 'author.articles', 'populate'));
  });

  it('root-only params inside populate carry Strapi\'s reason', () => {
    expect(populateError('populate[author][status]=draft').message).toBe(
      'Invalid key status at author: status is only accepted at the root of the query, and it also applies to populated relations',
    );
    expect(populateError('populate[author][locale]=fr')).toEqual(invalidKey('locale', 'author', 'populate'));
  });

  it('value that is neither a flag, * nor an object', () => {
    expect(populateError('populate[author]=name')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: "Invalid populate value for author: expected true, false, '*' or an object",
      details: { source: 'query', param: 'populate', path: 'author' },
    });
    expect(populateError('populate[author][0]=name').message).toBe("Invalid populate value for author: expected true, false, '*' or an object");
  });
});

describe('populate: dynamic zones', () => {
  it('bare zone → default node (scalar fields of each component)', () => {
    expect(populateOf('populate=sections')).toEqual({ sections: {} });
  });

  it('on: per-component populate (observation 22)', () => {
    const qs =
      'populate[sections][on][sections.hero][populate][image][fields][0]=url&populate[sections][on][sections.cta][populate][category][fields][0]=name&populate[sections][on][sections.rich-text]=true';
    expect(populateOf(qs)).toEqual({
      sections: {
        on: {
          'sections.hero': { populate: { image: { fields: ['url'] } } },
          'sections.cta': { populate: { category: { fields: ['name'] } } },
          'sections.rich-text': {},
        },
        onlyNamed: true,
      },
    });
  });

  it('on: per-component fields and populate=*', () => {
    expect(populateOf('populate[sections][on][sections.cta][populate]=*&populate[sections][on][sections.hero][fields][0]=title')).toEqual({
      sections: { on: { 'sections.cta': { populate: { category: {} } }, 'sections.hero': { fields: ['title'] } }, onlyNamed: true },
    });
  });

  it('populate=* on the zone: every component, its populatable attributes one level (observation 23)', () => {
    expect(populateOf('populate[sections][populate]=*')).toEqual({
      sections: { on: { 'sections.hero': { populate: { image: {} } }, 'sections.cta': { populate: { category: {} } } } },
    });
  });

  it('on names the only components returned, false included (unpopulated), as Strapi 5.54 answers', () => {
    expect(populateOf('populate[sections][on][sections.cta]=true&populate[sections][on][sections.hero]=false')).toEqual({ sections: { on: { 'sections.cta': {}, 'sections.hero': {} }, onlyNamed: true } });
  });

  it('populate=* beside on is ignored (Strapi 5.54 populates only what on asks), in either order', () => {
    const expected = { sections: { on: { 'sections.cta': { populate: { category: { fields: ['name'] } } } }, onlyNamed: true } };
    expect(populateOf('populate[sections][populate]=*&populate[sections][on][sections.cta][populate][category][fields][0]=name')).toEqual(expected);
    expect(populateOf('populate[sections][on][sections.cta][populate][category][fields][0]=name&populate[sections][populate]=*')).toEqual(expected);
  });

  it('on only names components of that zone', () => {
    expect(populateError('populate[sections][on][shared.seo]=true')).toEqual(invalidKey('shared.seo', 'sections.on.shared.seo', 'populate'));
    expect(populateError('populate[sections][on][sections.nope]=true')).toEqual(invalidKey('sections.nope', 'sections.on.sections.nope', 'populate'));
    expect(populateError('populate[sections][on]=x')).toEqual(invalidKey('on', 'sections.on', 'populate'));
  });

  it('on only on a dynamic zone', () => {
    expect(populateError('populate[author][on][sections.hero]=true')).toEqual(invalidKey('on', 'author', 'populate'));
    expect(populateError('populate[seo][on][shared.seo]=true')).toEqual(invalidKey('on', 'seo', 'populate'));
  });

  it('a zone\'s nested populate can only be * (details go through on)', () => {
    expect(populateError('populate[sections][populate][image]=true')).toEqual(invalidKey('populate', 'sections', 'populate'));
  });

  it('errors inside an on fragment', () => {
    expect(populateError('populate[sections][on][sections.hero][populate][title]=true')).toEqual(
      invalidKey('title', 'sections.on[sections.hero].populate.title', 'populate'),
    );
    expect(populateError('populate[sections][on][sections.cta][populate][category][fields][0]=nope')).toEqual(invalidKey('nope', null, 'populate'));
    expect(populateError('populate[sections][on][sections.hero][pagination]=1')).toEqual(invalidKey('pagination', 'sections', 'populate'));
  });

  it('a dotted path through the zone must fit some component', () => {
    expect(populateError('populate=sections.nope')).toEqual(invalidKey('nope', 'sections.nope', 'populate'));
    expect(populateError('populate=sections.title')).toEqual(invalidKey('title', 'sections.title', 'populate'));
  });
});

describe('populate: invalid keys', () => {
  it('unknown attribute (observation 25): path is the dotted path', () => {
    expect(populateError('populate=nope')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid key nope',
      details: { key: 'nope', path: 'nope', source: 'query', param: 'populate' },
    });
    expect(populateError('populate=author.nope')).toEqual(invalidKey('nope', 'author.nope', 'populate'));
    expect(populateError('populate[0]=author&populate[1]=nope')).toEqual(invalidKey('nope', 'nope', 'populate'));
  });

  it('unknown attribute in the object notation: path is the attribute above it', () => {
    expect(populateError('populate[nope]=true')).toEqual(invalidKey('nope', null, 'populate'));
    expect(populateError('populate[author][populate][nope]=true')).toEqual(invalidKey('nope', 'author', 'populate'));
    expect(populateError('populate[author][nope]=true')).toEqual(invalidKey('nope', 'author', 'populate'));
  });

  it('scalars cannot be populated', () => {
    expect(populateError('populate=title')).toEqual(invalidKey('title', 'title', 'populate'));
    expect(populateError('populate[title]=true')).toEqual(invalidKey('title', 'title', 'populate'));
    expect(populateError('populate[author][populate][name]=true')).toEqual(invalidKey('name', 'author.populate.name', 'populate'));
    expect(populateError('populate=seo.meta_title')).toEqual(invalidKey('meta_title', 'seo.meta_title', 'populate'));
  });

  it('private relations and attributes', () => {
    expect(populateError('populate=reviewer')).toEqual(invalidKey('reviewer', 'reviewer', 'populate'));
    expect(populateError('populate[reviewer]=true')).toEqual(invalidKey('reviewer', 'reviewer', 'populate'));
    expect(populateError('populate=secret_code')).toEqual(invalidKey('secret_code', 'secret_code', 'populate'));
    expect(populateError('populate[author][populate][articles][populate][reviewer]=true')).toEqual(invalidKey('reviewer', 'author.articles.reviewer', 'populate'));
  });

  it('nothing can be populated inside media with the dotted notation (Strapi)', () => {
    expect(populateError('populate=cover.name')).toEqual(invalidKey('cover', 'cover', 'populate'));
  });

  it("a file's related: the content types the caller may read, from every notation Strapi answers", () => {
    const readable = Object.values(specs).filter((spec) => spec.kind === 'contentType' && spec.uid !== FILE && canRead(spec)).map((spec) => spec.uid);
    expect(readable).not.toContain(PRIVATE_NOTE);
    for (const qs of ['populate[cover][populate]=*', 'populate[cover][populate][related]=true', 'populate[cover][populate]=related']) {
      expect(populateOf(qs)).toEqual({ cover: { populate: { related: { relatedTypes: readable } } } });
    }
    // Strapi leaves related out when it carries options, and for false.
    expect(populateOf('populate[cover][populate][related][fields][0]=name')).toEqual({ cover: {} });
    expect(populateOf('populate[cover][populate][related]=false')).toEqual({ cover: {} });
    expect(populateError('populate[cover][populate]=related.name')).toEqual(invalidKey('related', 'related', 'populate'));
  });

  it('hostile keys', () => {
    expect(populateError('populate=constructor')).toEqual(invalidKey('constructor', 'constructor', 'populate'));
    expect(populateError('populate[constructor][prototype]=true')).toEqual(invalidKey('constructor', null, 'populate'));
    expect(populateError('populate=__proto__')).toEqual(invalidKey('__proto__', '__proto__', 'populate'));
    expect(populateError('populate=author;drop table')).toEqual(invalidKey('author;drop table', 'author;drop table', 'populate'));
    // Strapi 5.54's answer, details included.
    const notATree = { status: 400, name: 'ValidationError', message: 'Invalid populate parameter. Expected a string, an array of strings, a populate object', details: {} };
    expect(errorOf(() => queryObject({ populate: 5 }))).toEqual(notATree);
    expect(populateError('populate[0][0]=author')).toEqual(notATree);
  });
});

describe('populate: permissions', () => {
  it('relations to types the caller cannot read are dropped silently, in every notation', () => {
    expect(populateOf('populate=notes')).toEqual({});
    expect(populateOf('populate[notes][fields][0]=title')).toEqual({});
    expect(populateOf('populate=author,notes')).toEqual({ author: {} });
    expect(populateOf('populate=notes', undefined, () => true)).toEqual({ notes: {} });
  });

  it('but they are still validated', () => {
    expect(populateError('populate[notes][fields][0]=nope')).toEqual(invalidKey('nope', null, 'populate'));
    expect(populateError('populate=notes.nope')).toEqual(invalidKey('nope', 'notes.nope', 'populate'));
  });

  it('dropping applies at any depth, including relations inside components and zones', () => {
    const noCategories = (uid: string) => uid !== CATEGORY;
    expect(populateOf('populate[author][populate]=articles', undefined, (uid) => uid !== 'api::article.article')).toEqual({ author: {} });
    expect(populateOf('populate[sections][on][sections.cta][populate][category]=true', undefined, noCategories)).toEqual({
      sections: { on: { 'sections.cta': {} }, onlyNamed: true },
    });
    expect(populateOf('populate=*', undefined, noCategories)).toEqual({ cover: {}, gallery: {}, author: {}, seo_page: {}, notes: {}, seo: {}, blocks_list: {}, sections: {} });
    expect(populateOf('populate=localizations', CATEGORY, noCategories)).toEqual({});
  });
});

describe('populate: depth and loops', () => {
  it('relation loops are fine up to 10 levels', () => {
    const path = Array.from({ length: 10 }, (_, i) => (i % 2 ? 'articles' : 'author')).join('.');
    const populate = populateOf(`populate=${path}`);
    let depth = 0;
    let level: PopulateMap | undefined = populate;
    while (level && Object.keys(level).length > 0) {
      depth += 1;
      level = Object.values(level)[0].populate;
    }
    expect(depth).toBe(10);
  });

  it('deeper populate is refused (dotted, object and * notations)', () => {
    const message = 'Populate is nested too deeply: at most 10 levels are allowed';
    const path = Array.from({ length: 11 }, (_, i) => (i % 2 ? 'articles' : 'author')).join('.');
    expect(populateError(`populate=${path}`)).toEqual({
      status: 400,
      name: 'ValidationError',
      message,
      details: { source: 'query', param: 'populate', limit: 10 },
    });
    let object: Record<string, unknown> = { populate: '*' };
    for (let i = 0; i < 12; i++) object = { populate: { [i % 2 ? 'articles' : 'author']: object } };
    expect(errorOf(() => queryObject({ populate: (object as { populate: unknown }).populate }, AUTHOR)).message).toBe(message);
  });

  it('a 100-level dotted loop in one string (no qs depth involved) is refused', () => {
    const path = Array.from({ length: 100 }, (_, i) => (i % 2 ? 'articles' : 'author')).join('.');
    expect(populateError(`populate=${path}`).message).toBe('Populate is nested too deeply: at most 10 levels are allowed');
  });
});
