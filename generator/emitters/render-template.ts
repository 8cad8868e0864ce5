// Renders a handlebars template from templates/. Templates hold file shapes only; every value is
// computed by the emitter, so templates need no helpers beyond loops and conditions.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';

// templates/ sits at the package root: two levels up from the sources, three from dist/.
const TEMPLATES_DIR = [join(__dirname, '..', '..', 'templates'), join(__dirname, '..', '..', '..', 'templates')].find((dir) => existsSync(dir)) ?? join(__dirname, '..', '..', 'templates');
const cache = new Map<string, HandlebarsTemplateDelegate>();

export function renderTemplate(name: string, data: object): string {
  let template = cache.get(name);
  if (!template) {
    // noEscape: the output is source code, not HTML.
    template = Handlebars.compile(readFileSync(join(TEMPLATES_DIR, name), 'utf8'), { noEscape: true, strict: true });
    cache.set(name, template);
  }
  return template(data);
}
