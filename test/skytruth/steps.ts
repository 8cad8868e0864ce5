// Side-by-side steps on SkyTruth 30x30 (test/skytruth-kit: the schemas of its cms/ folder as
// committed, a marine-protection data portal). Unlike gmb.sk and FoodAdvisor: localized types whose
// attributes are partly not localized (a slug, an enumeration, JSON configs shared by every
// locale), non-localized types relating to localized ones, a self many-to-many (location groups and
// members), a two-sided one-to-one (a location and its stat), one-way one-to-many (a data info's
// sources, a protected area's children), biginteger values beyond 2^53 and decimals. Per type:
// documents created, locale versions, reads (populate, filters on relation paths, sort,
// pagination), updates, refused requests and GraphQL. The same steps run against real Strapi 5.54
// (`tsx test/answers/record.ts skytruth` writes answers.json) and the generated app
// (test/e2e/skytruth-answers.test.ts). Every document carries the run's stamp and every list is
// filtered down to it, so a reused Strapi database does not change the answers.
import type { Context } from '../answers/run';
import { docId, gql, type Json } from '../answers/step-helpers';

export async function skytruthSteps(context: Context): Promise<void> {
  const { record, send, stamp: s } = context;
  const get = (name: string, path: string) => record(name, { method: 'GET', path });
  const post = (name: string, path: string, data: unknown) => record(name, { method: 'POST', path, body: { data } });
  const put = (name: string, path: string, data: unknown) => record(name, { method: 'PUT', path, body: { data } });
  const named = `filters[name][$startsWith]=${s}`;

  // Localized taxonomies: a slug shared by every locale, a name per locale.
  const marine = docId(await post('environment.create', '/api/environments', { name: `${s} Marine`, slug: `marine-${s}` }));
  const land = docId(await post('environment.create-2', '/api/environments', { name: `${s} Terrestrial`, slug: `terrestrial-${s}` }));
  await post('environment.slug-missing', '/api/environments', { name: `${s} Nowhere` });
  await put('environment.create-es', `/api/environments/${marine}?locale=es`, { name: `${s} Marino` });
  await put('environment.create-fr', `/api/environments/${marine}?locale=fr`, { name: `${s} Marin`, slug: `marin-${s}` });
  await get('environment.find-en', `/api/environments/${marine}?fields[0]=name&fields[1]=slug&fields[2]=locale`);
  await get('environment.list-es', `/api/environments?locale=es&${named}&fields[0]=name&fields[1]=slug&fields[2]=locale&populate[localizations][fields][0]=name&populate[localizations][fields][1]=slug&populate[localizations][sort]=locale`);
  await get('environment.list-all-locales', `/api/environments?locale=*&${named}&sort[0]=name&fields[0]=name&fields[1]=locale`);
  const level = docId(await post('mpaa-protection-level.create', '/api/mpaa-protection-levels', { slug: `full-${s}`, name: `${s} Fully protected`, info: 'No extraction' }));
  const level2 = docId(await post('mpaa-protection-level.create-2', '/api/mpaa-protection-levels', { slug: `light-${s}`, name: `${s} Lightly protected` }));
  await put('mpaa-protection-level.create-es', `/api/mpaa-protection-levels/${level}?locale=es`, { name: `${s} Totalmente protegida`, info: 'Sin extracción' });
  const status = docId(await post('protection-status.create', '/api/protection-statuses', { slug: `designated-${s}`, name: `${s} Designated` }));
  const habitat = docId(await post('habitat.create', '/api/habitats', { slug: `reef-${s}`, name: `${s} Coral reef`, info: 'Warm water' }));
  await put('habitat.create-fr', `/api/habitats/${habitat}?locale=fr`, { name: `${s} Récif corallien` });
  const fishing = docId(await post('fishing-protection-level.create', '/api/fishing-protection-levels', { slug: `highly-${s}`, name: `${s} Highly` }));
  const iucn = docId(await post('mpa-iucn-category.create', '/api/mpa-iucn-categories', { slug: `ia-${s}`, name: `${s} Ia` }));
  const stage = docId(await post('mpaa-establishment-stage.create', '/api/mpaa-establishment-stages', { slug: `implemented-${s}`, name: `${s} Implemented` }));

  // Locations (not localized): a self many-to-many, bigintegers beyond 2^53, JSON bounds.
  const location = (code: string, name: string, extra: Json = {}): Json => ({
    code: `${code}${s}`,
    name: `${s} ${name}`,
    name_es: `${name} es`,
    name_fr: `${name} fr`,
    name_pt: `${name} pt`,
    type: 'country',
    total_marine_area: '9007199254740991',
    total_terrestrial_area: '12',
    ...extra,
  });
  const world = docId(await post('location.create', '/api/locations', location('GLOB', 'World', { type: 'worldwide', marine_bounds: [-180, -90, 180, 90], marine_target: 30, marine_target_year: 2030 })));
  const spain = docId(await post('location.create-member', '/api/locations?populate[groups][fields][0]=code', location('ESP', 'Spain', { groups: [world], total_marine_area: '1000000', has_shared_marine_area: true })));
  const france = docId(await post('location.create-member-2', '/api/locations', location('FRA', 'France', { groups: [world], total_marine_area: '345678901234' })));
  // Past 2^53: Strapi on SQLite rounds it (…992), the app keeps it (docs/rest.md, "Differences").
  await post('location.biginteger-beyond-double', '/api/locations', location('BIG', 'Big', { name: `Big ${s}`, total_marine_area: '9007199254740993' }));
  await post('location.biginteger-invalid', '/api/locations', location('BAD', 'Bad', { total_marine_area: 'lots' }));
  await post('location.required-missing', '/api/locations', { code: `X${s}`, name: `${s} Incomplete` });
  await get('location.find-members', `/api/locations/${world}?fields[0]=code&fields[1]=total_marine_area&fields[2]=marine_bounds&populate[members][fields][0]=code&populate[members][sort]=code:desc&populate[groups]=true`);
  await get('location.filter-groups', `/api/locations?${named}&filters[groups][code][$eq]=GLOB${s}&sort=code&fields[0]=code`);
  await get('location.filter-members-empty', `/api/locations?${named}&filters[members][id][$null]=true&sort=code&fields[0]=code`);
  await get('location.filter-bigint', `/api/locations?${named}&filters[total_marine_area][$gt]=2000000&sort=total_marine_area:desc&fields[0]=code&fields[1]=total_marine_area`);
  await get('location.filter-in', `/api/locations?${named}&filters[code][$in][0]=ESP${s}&filters[code][$in][1]=FRA${s}&sort=name:desc&fields[0]=name`);
  await get('location.page', `/api/locations?${named}&sort=code&fields[0]=code&pagination[page]=2&pagination[pageSize]=2`);

  // A two-sided one-to-one (a location and its stat), one-way relations to localized types.
  const stat = docId(
    await post('mpaa-protection-level-stat.create', '/api/mpaa-protection-level-stats?populate[location][fields][0]=code&populate[mpaa_protection_level][fields][0]=name', {
      mpaa_protection_level: level,
      area: 12.5,
      percentage: 3.25,
      location: world,
      total_area: '9007199254740991',
    }),
  );
  await get('location.find-one-to-one', `/api/locations/${world}?fields[0]=code&populate[mpaa_protection_level_stats][fields][0]=area&populate[mpaa_protection_level_stats][fields][1]=total_area`);
  const stat2 = docId(await post('mpaa-protection-level-stat.create-2', '/api/mpaa-protection-level-stats', { mpaa_protection_level: level2, area: 7, location: world }));
  await get('mpaa-protection-level-stat.after-steal', `/api/mpaa-protection-level-stats/${stat}?fields[0]=area&populate[location][fields][0]=code`);
  await get('mpaa-protection-level-stat.list', `/api/mpaa-protection-level-stats?filters[documentId][$in][0]=${stat}&filters[documentId][$in][1]=${stat2}&sort=area&fields[0]=area&fields[1]=percentage&populate[location][fields][0]=code&populate[mpaa_protection_level][fields][0]=name`);
  await get('mpaa-protection-level-stat.populate-es', `/api/mpaa-protection-level-stats/${stat}?fields[0]=area&populate[mpaa_protection_level][fields][0]=name&populate[mpaa_protection_level][fields][1]=locale&locale=es`);
  await post('fishing-protection-level-stat.create', '/api/fishing-protection-level-stats', { location: spain, fishing_protection_level: fishing, area: 10.25, pct: 0.5, total_area: '77' });
  await post('fishing-protection-level-stat.create-2', '/api/fishing-protection-level-stats', { location: spain, fishing_protection_level: fishing, area: 3, pct: 0.125 });
  await post('fishing-protection-level-stat.area-missing', '/api/fishing-protection-level-stats', { location: spain, pct: 1 });
  await get('location.find-many-to-one', `/api/locations/${spain}?fields[0]=code&populate[fishing_protection_level_stats][fields][0]=area&populate[fishing_protection_level_stats][fields][1]=pct&populate[fishing_protection_level_stats][sort]=area:desc&populate[fishing_protection_level_stats][populate][fishing_protection_level][fields][0]=slug`);
  await get('fishing-protection-level-stat.filter-location', `/api/fishing-protection-level-stats?filters[location][code][$eq]=ESP${s}&sort=area&fields[0]=area&fields[1]=total_area`);
  const habitatStat = docId(
    await post('habitat-stat.create', '/api/habitat-stats', { location: france, habitat, year: 2024, protected_area: 1.5, total_area: 22.75, environment: marine }),
  );
  await get('habitat-stat.find', `/api/habitat-stats/${habitatStat}?populate=*`);
  await get('habitat-stat.find-es', `/api/habitat-stats/${habitatStat}?locale=fr&populate[habitat][fields][0]=name&populate[habitat][fields][1]=locale`);
  await post('protection-coverage-stat.create', '/api/protection-coverage-stats', { location: france, year: 2024, protected_area: 5.5, protected_areas_count: 3, environment: marine, coverage: 12.345, is_last_year: true, total_area: '1' });
  await post('protection-coverage-stat.create-2', '/api/protection-coverage-stats', { location: france, year: 2023, protected_areas_count: 2, environment: land, coverage: 11 });
  await get('protection-coverage-stat.filter', `/api/protection-coverage-stats?filters[location][code][$eq]=FRA${s}&filters[environment][slug][$eq]=marine-${s}&fields[0]=year&fields[1]=coverage&fields[2]=is_last_year`);
  await get('protection-coverage-stat.sort', `/api/protection-coverage-stats?filters[location][code][$eq]=FRA${s}&sort=year:desc&fields[0]=year&populate[environment][fields][0]=slug`);

  // Protected areas: one-way one-to-many children, a one-way one-to-one parent, many relations.
  const pa = (name: string, extra: Json = {}): Json => ({ name: `${s} ${name}`, area: 100.5, bbox: [1, 2, 3, 4], coverage: 10, ...extra });
  const reserve = docId(
    await post('pa.create', '/api/pas', pa('Reserve', { location: spain, protection_status: status, environment: marine, mpaa_protection_level: level, iucn_category: iucn, mpaa_establishment_stage: stage, wdpaid: '555555555555', year: 2001, designation: 'Marine reserve', zone_id: '1' })),
  );
  const zoneA = docId(await post('pa.create-zone', '/api/pas', pa('Zone A', { parent: reserve, location: spain, area: 20.25, coverage: 2, year: 2010 })));
  const zoneB = docId(await post('pa.create-zone-2', '/api/pas', pa('Zone B', { parent: reserve, location: spain, area: 30, coverage: 3 })));
  const other = docId(await post('pa.create-other', '/api/pas', pa('Other', { location: france, area: 5, coverage: 1 })));
  await post('pa.bbox-missing', '/api/pas', { name: `${s} No bbox`, area: 1, coverage: 1 });
  await post('pa.decimal-invalid', '/api/pas', pa('Bad', { area: 'big' }));
  await put('pa.connect-children', `/api/pas/${reserve}?fields[0]=name&populate[children][fields][0]=name&populate[children][sort]=name`, { children: { connect: [zoneA, zoneB] } });
  await put('pa.steal-child', `/api/pas/${other}?fields[0]=name&populate[children][fields][0]=name`, { children: { connect: [zoneB] } });
  await get('pa.after-steal', `/api/pas/${reserve}?fields[0]=name&populate[children][fields][0]=name`);
  await get('pa.find-populate-star', `/api/pas/${reserve}?populate=*`);
  await get('pa.filter-parent', `/api/pas?${named}&filters[parent][name][$eq]=${s}%20Reserve&sort=name&fields[0]=name&fields[1]=area`);
  await get('pa.filter-status', `/api/pas?${named}&filters[protection_status][slug][$eq]=designated-${s}&fields[0]=name&fields[1]=wdpaid`);
  await get('pa.filter-location-group', `/api/pas?${named}&filters[location][groups][code][$eq]=GLOB${s}&sort=area:desc&fields[0]=name`);
  await get('pa.filter-decimal', `/api/pas?${named}&filters[area][$between][0]=20&filters[area][$between][1]=50&sort=area&fields[0]=name&fields[1]=area&fields[2]=coverage`);
  await get('pa.filter-children', `/api/pas?${named}&filters[children][name][$containsi]=zone&sort=name&fields[0]=name`);
  await get('pa.sort-coverage', `/api/pas?${named}&sort[0]=coverage:desc&sort[1]=name&fields[0]=name&fields[1]=coverage&pagination[start]=1&pagination[limit]=2`);
  await get('location.find-pas', `/api/locations/${spain}?fields[0]=code&populate[pas][fields][0]=name&populate[pas][sort]=name&populate[pas][filters][area][$lt]=50`);

  // Datasets and layers: a localized type whose enumeration, JSON and slug are shared by every
  // locale, a localized component, a one-way one-to-many from the dataset.
  const dataset = docId(await post('dataset.create', '/api/datasets', { name: `${s} Protected areas`, slug: `pas-${s}` }));
  const layerData = (title: string, extra: Json = {}): Json => ({
    title: `${s} ${title}`,
    type: 'mapbox',
    config: { source: { type: 'vector', url: 'mapbox://x' }, styles: [{ id: 'fill' }] },
    params_config: [{ key: 'opacity', default: 1 }],
    interaction_config: null,
    metadata: { description: `About **${title}**`, citation: 'Cite', resolution: '1 km', content_date: '2024-01-01', license: 'CC BY' },
    legend_config: { type: 'basic', items: [{ value: 'Protected', color: '#00ff00' }, { value: 'Other', icon: 'dot' }] },
    default: true,
    slug: `${title.toLowerCase().replace(/ /g, '-')}-${s}`,
    ...extra,
  });
  const layer = docId(await post('layer.create', '/api/layers?populate=*', layerData('Marine PAs', { dataset, environment: marine })));
  await post('layer.create-2', '/api/layers', layerData('Land PAs', { type: 'carto', default: false, environment: land }));
  await post('layer.enum-invalid', '/api/layers', layerData('Bad', { type: 'svg' }));
  await post('layer.config-missing', '/api/layers', { title: `${s} No config`, params_config: [], slug: `noconfig-${s}` });
  await post('layer.errors', '/api/layers', { title: `${s} Errors`, metadata: { citation: 'c' }, legend_config: { items: [{ color: 'x' }] } });
  await post('pa.errors', '/api/pas', { wdpaid: 'x', zone_id: 'y', bbox: [1] });
  await post('layer.component-required-missing', '/api/layers', layerData('No description', { metadata: { citation: 'x' } }));
  await put('layer.create-es', `/api/layers/${layer}?locale=es&populate=*`, { title: `${s} AMP marinas`, metadata: { description: 'Sobre las AMP' } });
  await put('layer.update-shared', `/api/layers/${layer}?fields[0]=title&fields[1]=type&fields[2]=params_config`, { type: 'pmtiles', params_config: [] });
  await get('layer.es-after-shared-update', `/api/layers/${layer}?locale=es&fields[0]=title&fields[1]=type&fields[2]=params_config&fields[3]=slug&populate[metadata]=true`);
  await get('layer.list', `/api/layers?filters[title][$startsWith]=${s}&sort=title&fields[0]=title&fields[1]=type&fields[2]=default&populate[legend_config][populate][items]=true&populate[environment][fields][0]=slug`);
  await get('layer.filter-component', `/api/layers?filters[title][$startsWith]=${s}&filters[metadata][resolution][$eq]=1%20km&filters[legend_config][items][value][$eq]=Protected&sort=title&fields[0]=title`);
  await get('layer.filter-json-null', `/api/layers?filters[title][$startsWith]=${s}&filters[interaction_config][$null]=true&sort=title&fields[0]=title`);
  await get('dataset.find-layers', `/api/datasets/${dataset}?fields[0]=name&populate[layers][fields][0]=title&populate[layers][fields][1]=locale`);
  await put('dataset.connect-layers', `/api/datasets/${dataset}?fields[0]=name&populate[layers][fields][0]=title&populate[layers][sort]=title`, { layers: [layer] });
  await get('dataset.list-es', `/api/datasets?locale=es&${named}&populate[layers][fields][0]=title`);

  // Data sources and infos, data tools and their languages (a two-sided one-to-many).
  const source = docId(await post('data-source.create', '/api/data-sources', { slug: `wdpa-${s}`, title: `${s} WDPA`, url: 'https://www.protectedplanet.net' }));
  const source2 = docId(await post('data-source.create-2', '/api/data-sources', { slug: `mpatlas-${s}`, title: `${s} MPAtlas` }));
  const info = docId(await post('data-info.create', '/api/data-infos?populate[data_sources][fields][0]=title', { slug: `coverage-${s}`, content: 'How coverage is computed', data_sources: [source, source2] }));
  await put('data-info.create-fr', `/api/data-infos/${info}?locale=fr&populate[data_sources][fields][0]=title`, { content: 'Comment la couverture est calculée' });
  await get('data-info.filter-source', `/api/data-infos?filters[slug][$eq]=coverage-${s}&filters[data_sources][title][$containsi]=wdpa&fields[0]=slug&fields[1]=content`);
  const tool = docId(await post('data-tool.create', '/api/data-tools', { name: `${s} Global Fishing Watch`, description: 'Vessel tracking', site: 'https://globalfishingwatch.org', geography: 'Global' }));
  await post('data-tool-language.create', '/api/data-tool-languages', { name: `${s} English`, slug: 'en', data_tool: tool });
  await post('data-tool-language.create-2', '/api/data-tool-languages', { name: `${s} Spanish`, slug: 'es', data_tool: tool });
  await get('data-tool.find-languages', `/api/data-tools/${tool}?fields[0]=name&populate[languages][fields][0]=name&populate[languages][sort]=name:desc&populate[data_tool_ecosystems]=true`);
  await get('data-tool-language.filter-tool', `/api/data-tool-languages?filters[data_tool][name][$eq]=${s}%20Global%20Fishing%20Watch&sort=slug&fields[0]=name&fields[1]=slug`);
  await post('data-tool.name-missing', '/api/data-tools', { description: 'Nameless' });

  // Feature flags: draft & publish, a unique feature, JSON payload.
  await post('feature-flag.create', '/api/feature-flags', { feature: `${s}-map`, description: 'New map', payload: { zoom: 3, layers: ['a'] }, active_on: '2026-01-01T00:00:00.000Z', archived: false });
  await post('feature-flag.create-draft', '/api/feature-flags?status=draft', { feature: `${s}-charts`, payload: null });
  await post('feature-flag.unique', '/api/feature-flags', { feature: `${s}-map` });
  await get('feature-flag.list', `/api/feature-flags?filters[feature][$startsWith]=${s}&sort=feature&fields[0]=feature&fields[1]=payload&fields[2]=active_on&fields[3]=archived`);
  await get('feature-flag.drafts', `/api/feature-flags?filters[feature][$startsWith]=${s}&status=draft&sort=feature&fields[0]=feature&fields[1]=publishedAt`);
  await get('feature-flag.filter-date', `/api/feature-flags?filters[feature][$startsWith]=${s}&filters[active_on][$lte]=2026-06-01T00:00:00.000Z&fields[0]=feature`);

  // Static indicators and the localized single type (shared between runs: deleted first, every locale, unrecorded).
  await post('static-indicator.create', '/api/static-indicators', { slug: `total-${s}`, source: 'protected-planet', value: '8.4%', description: 'Global ocean protected' });
  await get('static-indicator.filter', `/api/static-indicators?filters[slug][$eq]=total-${s}&fields[0]=slug&fields[1]=value&fields[2]=source`);
  for (const locale of ['fr', 'es', 'en']) await send({ method: 'DELETE', path: `/api/contact-detail?locale=${locale}` });
  await put('contact-detail.update', '/api/contact-detail', { name: `${s} SkyTruth`, address: 'Shepherdstown, WV', phone: '+1 304', email: 'info@example.com', registration: '501(c)(3)' });
  await put('contact-detail.update-es', '/api/contact-detail?locale=es', { address: 'Shepherdstown, Virginia Occidental' });
  await get('contact-detail.find-es', '/api/contact-detail?locale=es&populate[localizations][fields][0]=name');
  await put('contact-detail.update-shared', '/api/contact-detail?locale=es', { name: `${s} SkyTruth Inc.` });
  await get('contact-detail.find-en', '/api/contact-detail?fields[0]=name&fields[1]=address&fields[2]=email');

  // Refused reads, deletes.
  await get('error.filter-unknown', `/api/pas?filters[size][$gt]=1`);
  await get('error.populate-unknown', `/api/locations?${named}&populate=neighbours`);
  await get('error.sort-unknown', `/api/layers?sort=weight`);
  await get('error.locale-unknown', `/api/environments?locale=de&${named}&fields[0]=name`);
  await get('pa.find-missing', '/api/pas/nosuchdocumentid');
  await record('location.delete', { method: 'DELETE', path: `/api/locations/${france}` });
  await get('location.after-delete', `/api/locations/${world}?fields[0]=code&populate[members][fields][0]=code`);
  await record('environment.delete-es', { method: 'DELETE', path: `/api/environments/${marine}?locale=es` });
  await get('environment.after-delete-es', `/api/environments/${marine}?fields[0]=name&populate[localizations][fields][0]=locale`);
  await record('pa.delete-parent', { method: 'DELETE', path: `/api/pas/${reserve}` });
  await get('pa.after-parent-delete', `/api/pas/${zoneA}?fields[0]=name&populate[parent]=true`);

  // GraphQL.
  await record('graphql.locations', gql(`{ locations(filters: { name: { startsWith: "${s}" } }, sort: "code") { code name total_marine_area marine_bounds has_shared_marine_area groups { code } members(sort: "code") { code } pas(sort: "name") { name area } } }`));
  await record('graphql.pas', gql(`{ pas(filters: { name: { startsWith: "${s}" } }, sort: "name") { name area coverage wdpaid bbox parent { name } children { name } protection_status { slug name } environment { slug } } }`));
  await record('graphql.layers-es', gql(`{ layers(locale: "es", filters: { title: { startsWith: "${s}" } }) { title type slug locale metadata { description } legend_config { type items { value color } } dataset { name } } }`));
  await record('graphql.environments', gql(`{ environments(filters: { name: { startsWith: "${s}" } }, sort: "name") { name slug locale localizations(sort: "locale") { name locale } } }`));
  await record('graphql.stats', gql(`query($id: ID!) { mpaaProtectionLevelStat(documentId: $id) { area percentage total_area location { code } mpaa_protection_level { name } } }`, { id: stat }));
  await record('graphql.contact-detail', gql('{ contactDetail(locale: "es") { name address email locale } }'));
  await record('graphql.create-flag', gql(`mutation { createFeatureFlag(data: { feature: "${s}-gql", payload: { on: true } }) { feature payload publishedAt } }`));
}
