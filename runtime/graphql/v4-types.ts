// The built-in types of Strapi 4's shape (`v4CompatibilityMode`) that this package defines: they
// have Strapi 5's names, so the package exports them as its `v4` namespace (`rt.v4.I18NLocale`).
// Their filters and inputs are the same in both shapes and exported once.
import { localeV4 } from './locale-types';
import { fileV4 } from './upload-types';

export const I18NLocale = localeV4.object;
export const I18NLocaleEntity = localeV4.entity;
export const I18NLocaleEntityResponse = localeV4.response;
export const I18NLocaleEntityResponseCollection = localeV4.collection;
export const I18NLocaleRelationResponseCollection = localeV4.relationCollection;
export const I18NLocaleRootResolver = localeV4.resolver;

export const UploadFile = fileV4.object;
export const UploadFileEntity = fileV4.entity;
export const UploadFileEntityResponse = fileV4.response;
export const UploadFileEntityResponseCollection = fileV4.collection;
export const UploadFileRelationResponseCollection = fileV4.relationCollection;
export const UploadFileRootResolver = fileV4.resolver;
