// The custom fields of public Strapi plugins, with the type each registers on the server (read
// from the packages' server code: `strapi.customFields.register({ name, plugin, type })`). A
// project using one builds with no code of its own. What the plugin does besides storing the value
// (its admin input, a server lifecycle such as generating a uuid) does not run in cms-gen.
import type { ScalarType } from '../../runtime/core/model/types';
import type { CustomFieldRegistration } from './types';

const KNOWN: ReadonlyArray<readonly [uid: string, type: ScalarType, pkg: string]> = [
  ['plugin::ckeditor.CKEditor', 'richtext', '@ckeditor/strapi-plugin-ckeditor'],
  ['plugin::ckeditor5.CKEditor', 'richtext', '@_sh/strapi-plugin-ckeditor'],
  ['plugin::color-picker.color', 'string', '@strapi/plugin-color-picker'],
  ['plugin::multi-select.multi-select', 'json', 'strapi-plugin-multi-select'],
  ['plugin::multiselect-field.multiselect-field', 'string', 'strapi-plugin-multiselect-field'],
  ['plugin::country-select.country', 'string', 'strapi-plugin-country-select'],
  ['plugin::strapi-country-select.country-select', 'string', 'strapi-country-select'],
  ['plugin::address-selection.country', 'string', 'strapi-plugin-address-selection'],
  ['plugin::address-selection.address', 'string', 'strapi-plugin-address-selection'],
  ['plugin::timezone-select.timezone', 'string', 'strapi-plugin-timezone-select'],
  ['plugin::google-maps.location-picker', 'json', '@amicaldo/strapi-google-maps'],
  ['plugin::strapi-location-picker.location-picker', 'json', 'strapi-location-picker'],
  ['plugin::geodata.geojson', 'json', 'strapi-geodata'],
  ['plugin::tinymce.tinymce', 'richtext', '@sklinet/strapi-plugin-tinymce'],
  ['plugin::video-field.video', 'json', '@sklinet/strapi-plugin-video-field'],
  ['plugin::oembed.oembed', 'json', 'strapi-plugin-oembed'],
  ['plugin::tagsinput.tags', 'json', 'strapi-plugin-tagsinput'],
  ['plugin::table-field.table', 'json', '@sensinum/strapi-table-field'],
  ['plugin::strapi-code-editor-custom-field.code-editor-json', 'json', 'strapi-code-editor-custom-field'],
  ['plugin::strapi-code-editor-custom-field.code-editor-text', 'text', 'strapi-code-editor-custom-field'],
  ['plugin::remote-select.remote-select', 'string', 'strapi-plugin-remote-select'],
  ['plugin::remote-select.searchable-remote-select', 'string', 'strapi-plugin-remote-select'],
  ['plugin::strapi-advanced-uuid.uuid', 'uid', 'strapi-advanced-uuid'],
  ['plugin::icon-picker.icon-picker', 'string', 'strapi-icon-picker-x'],
  ['plugin::lucide-icon-picker.lucide-icon', 'string', '@samuel-erb/strapi-plugin-lucide-icon-picker'],
  ['plugin::strapi-lucide-icons.icon', 'string', 'strapi-lucide-icons'],
  ['plugin::strapi-plugin-iconhub.iconhub', 'json', '@arshiash80/strapi-plugin-iconhub'],
  ['plugin::react-icons.icon', 'string', 'strapi-plugin-react-icons'],
  ['plugin::cloudinary-media-library.cloudinary', 'string', '@strapi-community/cloudinary-media-library'],
  ['plugin::tiptap-editor.RichText', 'text', '@notum-cz/strapi-plugin-tiptap-editor'],
  ['plugin::better-blocks.better-blocks', 'json', '@qkix/strapi-plugin-better-blocks'],
  ['plugin::chartkit.chart', 'json', '@qkix/strapi-plugin-chartkit'],
  ['plugin::checkbox-list.checkbox-list', 'json', 'strapi-plugin-checkbox-list'],
  // Frameless's plugins (github.com/frameless/strapi-v5-sandbox, packages/*/server/register.ts).
  ['plugin::language.language', 'string', '@frameless/strapi-plugin-language'],
  ['plugin::open-forms-embed.open-forms-embed', 'string', '@frameless/strapi-plugin-open-forms-embed'],
  ['plugin::flo-legal-embed.flo-legal-embed', 'string', '@frameless/strapi-plugin-flo-legal-embed'],
  ['plugin::env-label.env-label', 'string', '@frameless/strapi-plugin-env-label'],
  ['plugin::strapi-tiptap-editor.strapi-tiptap-editor', 'richtext', '@frameless/strapi-tiptap-editor'],
  ['plugin::strapi-tiptap-editor.richtext-preview', 'string', '@frameless/strapi-tiptap-editor'],
];

export function knownCustomFields(): CustomFieldRegistration[] {
  return KNOWN.map(([uid, type, pkg]) => ({ uid, type, source: `the package ${pkg}` }));
}
