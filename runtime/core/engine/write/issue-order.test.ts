import type { ValidationIssue } from '../../errors';
import { strapiIssueOrder } from './issue-order';

const issue = (...path: (string | number)[]): ValidationIssue => ({ path, message: `${path.join('.')} is wrong`, name: 'ValidationError' });
const paths = (issues: ValidationIssue[]) => issues.map((i) => i.path.join('.'));

describe("Strapi 5.54's order of a write's validation errors", () => {
  it('keeps schema order when no attribute name is part of another error path', () => {
    const keys = ['name', 'area', 'year', 'wdpaid', 'coverage', 'zone_id'];
    expect(paths(strapiIssueOrder([issue('name'), issue('area'), issue('wdpaid'), issue('coverage'), issue('zone_id')], keys))).toEqual(['name', 'area', 'wdpaid', 'coverage', 'zone_id']);
  });

  it("sorts an error at the first attribute whose name occurs in its path, ties in reverse schema order (SkyTruth's locations)", () => {
    const keys = ['code', 'name', 'total_marine_area', 'type', 'groups', 'total_terrestrial_area', 'name_es', 'name_fr', 'marine_target', 'name_pt'];
    const found = ['total_marine_area', 'type', 'total_terrestrial_area', 'name_es', 'name_fr', 'name_pt'].map((k) => issue(k));
    expect(paths(strapiIssueOrder(found, keys))).toEqual(['name_pt', 'name_fr', 'name_es', 'total_marine_area', 'type', 'total_terrestrial_area']);
  });

  it("puts errors found inside components after the attributes' own ones before sorting (SkyTruth's layers)", () => {
    const keys = ['title', 'type', 'config', 'params_config', 'interaction_config', 'metadata', 'dataset', 'legend_config', 'default', 'environment', 'slug'];
    const found = [issue('config'), issue('params_config'), issue('metadata', 'description'), issue('legend_config', 'items', '0', 'value'), issue('slug')];
    expect(paths(strapiIssueOrder(found, keys))).toEqual(['params_config', 'config', 'legend_config.items.0.value', 'metadata.description', 'slug']);
  });

  it("matches only the erring attribute's own name, not the paths inside its components (the blog's publish check, as Strapi answered)", () => {
    const keys = ['title', 'slug', 'seo', 'sections'];
    const found = [issue('seo', 'meta_title'), issue('sections', '0', 'label'), issue('sections', '1', 'title')];
    expect(paths(strapiIssueOrder(found, keys))).toEqual(['seo.meta_title', 'sections.0.label', 'sections.1.title']);
  });

  it('leaves an error without a path last', () => {
    const keys = ['zone', 'variants'];
    expect(paths(strapiIssueOrder([issue(), issue('zone', 0, '__component')], keys))).toEqual(['zone.0.__component', '']);
  });
});
