// Relations a caller may not read, in a write's data: REST refuses them with Strapi's `Invalid key`
// (its path at any depth of components and zones), GraphQL leaves them out; trusted code (no
// caller) writes them. The side-by-side run that found it: test/easyfest.
import { InvalidKeyError } from '../errors';
import type { AuthContext } from '../engine/types';
import { contentTypeShape } from '../model/schema-index';
import { ARTICLE, CATEGORY, PRIVATE_NOTE, schema } from '../query/__fixtures__/schema';
import { readableRelationsInput } from './readable-relations';

const callerWithout = (...uids: string[]): AuthContext => ({ kind: 'public', can: (action) => !uids.some((uid) => action === `${uid}.find`) });
const article = contentTypeShape(schema, ARTICLE);

function refusal(data: Record<string, unknown>, auth: AuthContext): { message: string; details: unknown } | undefined {
  try {
    readableRelationsInput(schema, article, data, auth, 'refuse');
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidKeyError);
    return { message: (err as InvalidKeyError).message, details: (err as InvalidKeyError).details };
  }
}

describe('REST: a relation to an unreadable type is refused', () => {
  it('at the top, named by its key alone', () => {
    expect(refusal({ title: 'x', notes: [1] }, callerWithout(PRIVATE_NOTE))).toEqual({
      message: 'Invalid key notes',
      details: { key: 'notes', path: 'notes', source: 'body' },
    });
  });

  it('inside a dynamic zone entry, at its attribute path without list positions', () => {
    const data = { title: 'x', sections: [{ __component: 'sections.rich-text', body: 'b' }, { __component: 'sections.cta', label: 'go', category: 3 }] };
    expect(refusal(data, callerWithout(CATEGORY))).toEqual({
      message: 'Invalid key category at sections.category',
      details: { key: 'category', path: 'sections.category', source: 'body' },
    });
  });

  it('whatever the value (null, connect, an empty list)', () => {
    for (const notes of [null, { connect: [] }, []]) expect(refusal({ notes }, callerWithout(PRIVATE_NOTE))?.message).toBe('Invalid key notes');
  });

  it('not when the caller may read the target, nor for trusted code', () => {
    expect(refusal({ notes: [1], author: 2 }, callerWithout(CATEGORY))).toBeUndefined();
    expect(readableRelationsInput(schema, article, { notes: [1] }, undefined, 'refuse')).toEqual({ notes: [1] });
  });

  it('after an unknown key, which the write plan refuses first (as Strapi checks unknown keys first)', () => {
    expect(refusal({ notes: [1], nonsense: true }, callerWithout(PRIVATE_NOTE))).toBeUndefined();
    expect(refusal({ sections: [{ __component: 'sections.cta', category: 3, stray: 1 }] }, callerWithout(CATEGORY))).toBeUndefined();
  });
});

describe('GraphQL: a relation to an unreadable type is left out', () => {
  it('at the top and in zone entries; the rest is written as sent', () => {
    const data = { title: 'x', notes: [1], author: 2, sections: [{ __component: 'sections.cta', label: 'go', category: 3 }] };
    const kept = readableRelationsInput(schema, article, data, callerWithout(PRIVATE_NOTE, CATEGORY), 'drop');
    expect(kept).toEqual({ title: 'x', author: 2, sections: [{ __component: 'sections.cta', label: 'go' }] });
    // The caller's object is not changed.
    expect(data.notes).toEqual([1]);
    expect(data.sections[0]).toHaveProperty('category', 3);
  });

  it('hands back the data itself when nothing is left out', () => {
    const data = { title: 'x', author: 2 };
    expect(readableRelationsInput(schema, article, data, callerWithout(PRIVATE_NOTE), 'drop')).toBe(data);
  });
});
