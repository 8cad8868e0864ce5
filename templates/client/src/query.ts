// Query strings as Strapi reads them: qs's bracket notation with the values encoded and the
// brackets left readable (`filters[title][$eq]=Hello%20world`), the way @strapi/client writes them.
import qs from 'qs';

/** `?…` for the parameters, or '' when there are none. */
export function queryString(params: object | undefined): string {
  if (params === undefined) return '';
  const text = qs.stringify(params, { encodeValuesOnly: true });
  return text === '' ? '' : `?${text}`;
}
