// Query strings as Strapi reads them: qs's bracket notation with the values encoded and the
// brackets left readable (`filters[title][$eq]=Hello%20world`), as Strapi's REST docs write them.
// @strapi/client encodes the brackets as well; the server decodes both to the same query.
import qs from 'qs';

/** `?…` for the parameters, or '' when there are none. */
export function queryString(params: object | undefined): string {
  if (params === undefined) return '';
  const text = qs.stringify(params, { encodeValuesOnly: true });
  return text === '' ? '' : `?${text}`;
}
